import { retrySummary } from '../../../shared/core/session-state';
import type { Pacer, RetryStore } from '../../../shared/ports';
import {
  checkArmedHasWake,
  checkEveryLoggedEventPublished,
  checkLog,
  checkPublished,
  checkQuiescent,
  checkResumePosts,
  describeTrace,
  fullLog,
} from './invariants';
import { type SimStats, Simulation, SimulationError } from './simulation';
import type { History } from './world';

/** What one played history came to. */
export type Played = { sim: Simulation; violations: string[] };

/**
 * Plays `history` on `store` to quiescence and checks every guarantee: the armed row has its wake-up after
 * each delivery, then POSTs, log, publication (only what the log holds, and all of it) and the final rows.
 */
export async function playAndCheck(
  history: History,
  store: RetryStore,
  sessionPrefix = '',
  pacer?: Pacer,
): Promise<Played> {
  const sim = new Simulation(history, store, sessionPrefix, pacer);
  const violations: string[] = [];
  try {
    await sim.run(async () => {
      for (const session of sim.sessions)
        violations.push(...checkArmedHasWake(sim, await store.load(session.id)));
    });
  } catch (error) {
    if (!(error instanceof SimulationError)) throw error;
    violations.push(error.message);
  }
  const ids = sim.sessions.map((s) => s.id);
  const states = await Promise.all(ids.map((id) => store.load(id)));
  const logs = new Map(await Promise.all(ids.map(async (id) => [id, await fullLog(sim, id)] as const)));
  violations.push(...checkResumePosts(sim));
  for (const [id, log] of logs) violations.push(...checkLog(id, log));
  violations.push(
    ...checkQuiescent(sim, states),
    ...checkPublished(sim, logs),
    ...checkEveryLoggedEventPublished(sim, logs),
  );
  const waiting = (await store.waiting({ limit: 500 })).items.filter((view) => ids.includes(view.sessionId));
  for (const view of waiting) violations.push(`${view.sessionId}: still listed as waiting after quiescence`);
  tally(sim, [...logs.values()].flat(), states.map(retrySummary));
  return { sim, violations };
}

/** Throws with the violations and the trace, so that fast-check reports them with the shrunk history. */
export function assertNoViolations({ sim, violations }: Played): void {
  if (violations.length === 0) return;
  throw new Error(
    `${violations.length} violation(s):\n${violations.join('\n')}\n--- effects ---\n${describeTrace(sim.trace)}`,
  );
}

/** How many crashes a run's totals hold, over every named crash point. */
export function crashCount(total: SimStats): number {
  return Object.entries(total)
    .filter(([name]) => name.startsWith('crash point: '))
    .reduce((sum, [, n]) => sum + n, 0);
}

/** Adds one history's figures to a run's totals. */
export function addStats(total: SimStats, sim: Simulation): void {
  for (const [name, value] of Object.entries(sim.stats)) total[name] = (total[name] ?? 0) + value;
}

function tally(
  sim: Simulation,
  events: ReadonlyArray<{ kind: string; why?: string }>,
  _rows: unknown[],
): void {
  for (const event of events)
    sim.count(event.kind === 'auto_resume_skipped' ? `skipped ${event.why}` : event.kind);
  sim.count('resume POSTs', sim.trace.filter((e) => e.kind === 'post').length);
  sim.count('deliveries', sim.trace.filter((e) => e.kind === 'deliver').length);
  sim.count('events published', sim.published.length);
}
