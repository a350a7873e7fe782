import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MemoryRetryStore } from '../../shared/adapters/local/memory-retry-store';
import { fcParams, report, runSeed } from '../support/fc-params';
import { addStats, assertNoViolations, crashCount, playAndCheck } from './harness/play';
import type { SimStats } from './harness/simulation';
import { CRASH_POINTS, historyArbitrary } from './harness/world';

// Thousands of generated histories through the real handlers on MemoryRetryStore: every message delivered
// 1–3 times, in any order SQS and Scheduler allow, with crashes at every side-effect boundary and then
// redelivery. Each named crash point (world.ts CRASH_POINTS) must have been hit, so the run cannot pass vacuously.

describe('exactly-once effect per attempt on MemoryRetryStore', () => {
  it('holds every guarantee over duplicated, reordered and crashing histories', async () => {
    const seed = runSeed();
    const stats: SimStats = {};
    let histories = 0;
    await fc.assert(
      fc.asyncProperty(
        historyArbitrary({ maxSessions: 2, maxCrashes: 4, tapeLength: 300 }),
        async (history) => {
          histories++;
          const played = await playAndCheck(history, new MemoryRetryStore());
          addStats(stats, played.sim);
          assertNoViolations(played);
        },
      ),
      fcParams(seed, 2500),
    );
    report('memory', { seed, histories, crashes: crashCount(stats), violations: 0, ...stats });
    for (const point of CRASH_POINTS) expect(stats[`crash point: ${point}`], point).toBeGreaterThan(0);
    for (const outcome of ['auto_resume_fired', 'skipped stopped', 'skipped closed', 'skipped superseded']) {
      expect(stats[outcome], outcome).toBeGreaterThan(0);
    }
    for (const seen of ['auto_resume_failed', 'auto_resume_exhausted', 'turn_failure_not_retried']) {
      expect(stats[seen], seen).toBeGreaterThan(0);
    }
    for (const path of [
      'armed via Scheduler',
      'Scheduler fires early',
      'concurrent deliveries',
      'duplicate copies',
    ]) {
      expect(stats[path], path).toBeGreaterThan(0);
    }
  });
});
