import { Outcome, type ResumeResult } from '../core/session-machine';
import type { WakeMessage } from '../core/types';
import { type Applied, decideAndCommit } from './decide-and-commit';
import { type ResumerDeps, RetryLaterError } from './deps';
import { runWakeEffects } from './handle-turn-event';

/** What a wake-up came to: the claim, and the recorded answer when a resume was sent. */
export type ResumeOutcome = { claim: Applied; result?: Applied };

/**
 * Handles one wake-up: claims the armed attempt, POSTs the resume, records the answer.
 * Throws `RetryLaterError` when the same attempt must be tried again on a later delivery.
 */
export async function resumeTurn(deps: ResumerDeps, wake: WakeMessage): Promise<ResumeOutcome> {
  const claim = await decideAndCommit(deps, wake.sessionId, { kind: 'wake', wake });
  const { outcome, effects } = claim.decision;
  if (outcome === Outcome.inFlight) {
    throw new RetryLaterError(
      `attempt ${wake.attempt} of ${wake.sessionId} is being sent by another delivery`,
    );
  }
  await runWakeEffects(deps.waker, effects);
  const send = effects.find((effect) => effect.kind === 'resume');
  if (!send) return { claim };
  // A stop, close or newer prompt stored since the claim cancels the POST if it has not gone out yet.
  const fresh = await deps.store.load(wake.sessionId);
  const stillOurs = fresh.inFlight?.promptId === send.call.promptId && !fresh.inFlight.cancelled;
  const answer: ResumeResult = stillOurs ? await deps.agent.resume(send.call) : { kind: 'not_sent' };
  const result = await decideAndCommit(deps, wake.sessionId, { kind: 'resume_result', wake, result: answer });
  if (answer.kind === 'retryable' && result.decision.outcome === Outcome.resumeRetryLater) {
    throw new RetryLaterError(`resume ${send.call.promptId} of ${wake.sessionId}: ${answer.detail}`);
  }
  return { claim, result };
}
