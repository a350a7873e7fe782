import { type Decision, decide, type MachineInput } from '../core/session-machine';
import { logEntries, retrySummary, type SessionState } from '../core/session-state';
import type { LoggedEvent } from '../core/types';
import { ContentionError, type ResumerDeps } from './deps';

/** What one decision did once stored. */
export type Applied = { decision: Decision; state: SessionState; logged: LoggedEvent[] };

const MAX_CONFLICTS = 8;

/** Loads, decides and stores with the version fence, deciding again on the newer state whenever the write loses. */
export async function decideAndCommit(
  deps: Pick<ResumerDeps, 'store' | 'clock' | 'policy' | 'sink'>,
  sessionId: string,
  input: MachineInput,
): Promise<Applied> {
  for (let i = 0; i < MAX_CONFLICTS; i++) {
    const state = await deps.store.load(sessionId);
    const decision = decide(state, input, { now: deps.clock.now(), policy: deps.policy });
    if (!decision.next) return { decision, state, logged: [] };
    const logged = logEntries(decision.next, decision.events);
    const result = await deps.store.commit(decision.next, logged);
    if (result.kind === 'committed') {
      if (logged.length > 0) {
        const retry = retrySummary(decision.next);
        await deps.sink.publish(logged.map((event) => ({ sessionId, retry, event })));
      }
      return { decision, state: decision.next, logged };
    }
  }
  throw new ContentionError(sessionId, MAX_CONFLICTS);
}
