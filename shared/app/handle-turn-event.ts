import type { Effect } from '../core/session-machine';
import type { TurnEvent } from '../core/types';
import type { Waker } from '../ports';
import { type Applied, decideAndCommit } from './decide-and-commit';
import type { ResumerDeps } from './deps';

/** Applies one inbound turn event: stores the row and log, then arms or disarms wake-ups. */
export async function handleTurnEvent(deps: ResumerDeps, event: TurnEvent): Promise<Applied> {
  const applied = await decideAndCommit(deps, event.sessionId, { kind: 'event', event });
  await runWakeEffects(deps.waker, applied.decision.effects);
  // Only a decision that was stored reports, so a redelivered event is counted once (a crash here loses one).
  const report = applied.decision.report;
  if (deps.pacer && report)
    await deps.pacer.report(
      report.upstream,
      report.outcome,
      deps.clock.now(),
      report.sentAt ?? report.failedAt,
    );
  return applied;
}

/** Stops a session's waiting retry now, as a `session.stopped` event would. */
export function stopSession(deps: ResumerDeps, sessionId: string): Promise<Applied> {
  return handleTurnEvent(deps, {
    type: 'session.stopped',
    sessionId,
    occurredAt: deps.clock.now(),
    viaApi: true,
  });
}

/** Arms and disarms as decided; an armed wake-up that is delivered twice is harmless, a lost one is not. */
export async function runWakeEffects(waker: Waker, effects: readonly Effect[]): Promise<void> {
  for (const effect of effects) {
    if (effect.kind === 'disarm') await waker.disarm(effect.wake);
    if (effect.kind === 'arm') await waker.arm(effect.wake, effect.delayMs);
  }
}
