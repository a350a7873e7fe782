import { describe, expect, it } from 'vitest';
import { ConfigError, envNamesFor, readConfig } from '../shared/config';
import { DEFAULT_PACER_SETTINGS } from '../shared/core/pacer-state';

const PACING_NAMES = ['RESUMER_PACE', 'RESUMER_PACE_BURST', 'RESUMER_PACE_RATE', 'RESUMER_PROBE_AFTER'];

describe('pacing configuration', () => {
  it('paces by default: 10 per second, a burst of 20, a probe after 5 failures', () => {
    expect(readConfig('local', {}).pacing).toEqual(DEFAULT_PACER_SETTINGS);
  });

  it('reads the rate, the burst and the failures before probing', () => {
    const { pacing } = readConfig('local', {
      RESUMER_PACE: 'on',
      RESUMER_PACE_RATE: '2.5',
      RESUMER_PACE_BURST: '4',
      RESUMER_PROBE_AFTER: '3',
    });
    expect(pacing).toMatchObject({ ratePerSecond: 2.5, burst: 4, probeAfterFailures: 3 });
  });

  it('switches pacing off with RESUMER_PACE=off', () => {
    expect(readConfig('local', { RESUMER_PACE: 'off' }).pacing).toBeNull();
    expect(readConfig('local', { RESUMER_PACE: 'OFF', RESUMER_PACE_RATE: '3' }).pacing).toBeNull();
  });

  it('names every bad pacing variable, even when pacing is off', () => {
    const read = () =>
      readConfig('local', {
        RESUMER_PACE: 'maybe',
        RESUMER_PACE_RATE: '0',
        RESUMER_PACE_BURST: '2.5',
        RESUMER_PROBE_AFTER: 'many',
      });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/RESUMER_PACE="maybe": expected on or off/);
    expect(read).toThrow(/RESUMER_PACE_RATE must be a rate from 0.001 to 1000 per second, got 0/);
    expect(read).toThrow(/RESUMER_PACE_BURST must be a whole number from 1 to 10000, got 2.5/);
    expect(read).toThrow(/RESUMER_PROBE_AFTER="many": expected a number/);
    expect(() => readConfig('local', { RESUMER_PACE: 'off', RESUMER_PACE_BURST: '0' })).toThrow(
      /RESUMER_PACE_BURST must be a whole number/,
    );
  });

  it('is read by the roles that pace or report — classifier, resume and local — and no other', () => {
    for (const role of ['classifier', 'resume', 'local'] as const) {
      expect(envNamesFor(role)).toEqual(expect.arrayContaining(PACING_NAMES));
    }
    for (const role of ['ingest', 'api', 'publisher'] as const) {
      expect(envNamesFor(role).filter((name) => PACING_NAMES.includes(name))).toEqual([]);
    }
  });
});
