import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryPacer } from '../../shared/adapters/local/memory-pacer';
import { MemoryRetryStore } from '../../shared/adapters/local/memory-retry-store';
import { compilePacerSettings } from '../../shared/core/pacer-state';
import type { Pacer } from '../../shared/ports';
import { fcParams, report, runSeed } from '../support/fc-params';
import { addStats, assertNoViolations, crashCount, playAndCheck } from './harness/play';
import type { SimStats } from './harness/simulation';
import { historyArbitrary } from './harness/world';

// The exactly-once property again with a pacer in the loop, tuned so that it bites in histories of one or two
// sessions: every upstream shares one pacer, two transient failures mark it down, one resume per five minutes when up, long probe leases.
// Holds, probes and paced slots must keep every guarantee: one resume per attempt, one outcome per scheduled
// attempt, auto_resume_held at most once per attempt, the armed row always with its wake-up, and it ends.
const EAGER = compilePacerSettings({
  ratePerSecond: 1 / 300,
  burst: 1,
  probeAfterFailures: 2,
  probeLeaseMs: 120_000,
  probeIntervalMs: 90_000,
  maxProbingSpreadMs: 60_000,
});

/** The sessions of a history fail on texts of many upstreams: pace them all as one, so that they meet. */
function oneUpstream(pacer: Pacer, stats: SimStats): Pacer {
  const count = (name: string) => {
    stats[name] = (stats[name] ?? 0) + 1;
  };
  return {
    admit: async (_upstream, request, now) => {
      const admission = await pacer.admit('all', request, now);
      count(
        admission.kind === 'hold'
          ? `pacer held ${admission.why}`
          : admission.probe
            ? 'pacer probe'
            : 'pacer go',
      );
      return admission;
    },
    report: (_upstream, outcome, now) => pacer.report('all', outcome, now),
  };
}

describe('exactly-once effect per attempt with paced resumes', () => {
  it('holds every guarantee while the pacer holds, probes and paces', async () => {
    const seed = runSeed();
    const stats: SimStats = {};
    let histories = 0;
    await fc.assert(
      fc.asyncProperty(
        historyArbitrary({ maxSessions: 2, maxCrashes: 3, tapeLength: 300 }),
        async (history) => {
          histories++;
          const played = await playAndCheck(
            history,
            new MemoryRetryStore(),
            '',
            oneUpstream(new MemoryPacer(EAGER), stats),
          );
          addStats(stats, played.sim);
          assertNoViolations(played);
        },
      ),
      fcParams(seed, 1000),
    );
    report('memory+pacer', { seed, histories, crashes: crashCount(stats), violations: 0, ...stats });
    for (const seen of [
      'pacer probe',
      'pacer held probing',
      'pacer held paced',
      'auto_resume_held',
      'auto_resume_fired',
    ]) {
      expect(stats[seen], seen).toBeGreaterThan(0);
    }
  });
});
