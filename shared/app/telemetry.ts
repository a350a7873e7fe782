import type { LoggedEvent } from '../core/types';
import type { Metric, Telemetry } from '../ports';
import type { ResumeOutcome } from './resume-turn';

/** The metrics that a batch of logged events stands for. */
export function metricsFor(events: readonly LoggedEvent[]): Metric[] {
  const out: Metric[] = [];
  for (const event of events) {
    switch (event.kind) {
      case 'auto_resume_scheduled':
        out.push({ name: 'RetryScheduled', value: 1, unit: 'Count', dimensions: { reason: event.reason } });
        break;
      case 'auto_resume_fired':
        out.push({ name: 'ResumeFired', value: 1, unit: 'Count' });
        break;
      case 'auto_resume_skipped':
        out.push({ name: 'ResumeSkipped', value: 1, unit: 'Count', dimensions: { why: event.why } });
        break;
      case 'auto_resume_exhausted':
        // A failure handled too late to retry is no run of failures: it does not count towards that alarm.
        out.push({ name: event.late ? 'ResumeLate' : 'RetryExhausted', value: 1, unit: 'Count' });
        break;
      case 'auto_resume_failed':
        // One ended for coming too late was the resumer's choice, not a hub's refusal: it does not alarm.
        out.push({ name: event.late ? 'ResumeLate' : 'ResumeFailed', value: 1, unit: 'Count' });
        break;
      case 'turn_failure_not_retried':
        out.push({ name: 'FailureNotRetried', value: 1, unit: 'Count', dimensions: { class: event.class } });
        break;
    }
  }
  return out;
}

/** The pacing metrics of one wake-up: `ResumeHeld` by why for a hold, `PacerProbe` for a probe sent alone. */
export function pacingMetricsFor({ claim, admission }: ResumeOutcome): Metric[] {
  if (admission?.kind === 'hold' && claim.decision.outcome === 'held') {
    return [{ name: 'ResumeHeld', value: 1, unit: 'Count', dimensions: { why: admission.why } }];
  }
  if (admission?.kind === 'go' && admission.probe && claim.decision.outcome === 'fire') {
    return [{ name: 'PacerProbe', value: 1, unit: 'Count' }];
  }
  return [];
}

/** Telemetry that drops everything. */
export const noTelemetry: Telemetry = { record: () => {} };
