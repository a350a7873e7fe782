// The outage simulation with a tenth of the sessions: the pacing targets hold and the unpaced run shows why.
// No timing is asserted; the clock is virtual.
import { describe, expect, it } from 'vitest';
import { compareOutage } from '../../bench/outage-sim';

describe('the outage simulation', () => {
  it('paces 1,000 sessions failed on one pool: peak at the rate, under 1 % on the dead pool, all back soon', async () => {
    const { withPacing, withoutPacing } = await compareOutage({ sessions: 1_000 });
    expect(withPacing).toMatchObject({ resumed: 1_000, exhausted: 0, failedResumes: 0 });
    expect(withPacing.peakResumesPerSecond).toBeLessThanOrEqual(10);
    expect(withPacing.deadPoolShare).toBeLessThan(0.01);
    expect(withPacing.probes).toBeGreaterThan(0);
    // A small crowd drains as fast as its held resumes come back: within the probe lease and the largest spread
    // (60 s + 5 min) after the probe got through, well before the unpaced run's 20-minute fourth attempts.
    expect(withPacing.lastSuccessfulResumeAfterPoolBackS).toBeLessThan(100 + 60 + 300 + 60);
    expect(withPacing.lastSuccessfulResumeAfterPoolBackS).toBeLessThan(
      (withoutPacing.lastSuccessfulResumeAfterPoolBackS ?? 0) / 2,
    );

    expect(withoutPacing.resumed).toBe(1_000);
    expect(withoutPacing.peakResumesPerSecond).toBeGreaterThan(10);
    expect(withoutPacing.resumesOnDeadPool).toBeGreaterThanOrEqual(2_000);
  }, 60_000);
});
