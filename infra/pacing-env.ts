import { compilePacerSettings, type PacerSettings } from '../shared/core/pacer-state';

/** How resumes are paced per upstream after an outage (docs/pacing.md); every field falls back to its default. */
export type PacingProps = {
  /** `false` switches pacing off: resumes go when due. @default true */
  enabled?: boolean;
  /** Resumes per second per upstream. @default 10 */
  ratePerSecond?: number;
  /** Resumes that may go at once on an idle upstream. @default 20 */
  burst?: number;
  /** Transient failures within a minute that mark an upstream down and start probing. @default 5 */
  probeAfterFailures?: number;
};

/** Validates `props` over the defaults at synth time; throws naming every bad property. */
export function compilePacingProps(props: PacingProps = {}): PacerSettings {
  return compilePacerSettings(
    { ratePerSecond: props.ratePerSecond, burst: props.burst, probeAfterFailures: props.probeAfterFailures },
    {
      ratePerSecond: 'pacing.ratePerSecond',
      burst: 'pacing.burst',
      probeAfterFailures: 'pacing.probeAfterFailures',
    },
  );
}

/** The pacing variables of the functions that pace or report (classifier, resume), defaults filled in. */
export function pacingEnvironment(props: PacingProps = {}): Record<string, string> {
  const settings = compilePacingProps(props);
  return {
    RESUMER_PACE: props.enabled === false ? 'off' : 'on',
    RESUMER_PACE_RATE: String(settings.ratePerSecond),
    RESUMER_PACE_BURST: String(settings.burst),
    RESUMER_PROBE_AFTER: String(settings.probeAfterFailures),
  };
}
