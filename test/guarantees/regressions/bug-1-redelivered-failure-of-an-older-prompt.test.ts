import { describe, expect, it } from 'vitest';
import { handleTurnEvent } from '../../../shared/app/handle-turn-event';
import { resumeTurn } from '../../../shared/app/resume-turn';
import { authFailed, T0, turnEvent, turnFailed } from '../../support/events';
import { memoryDeps } from '../../support/fakes';

// Bug 1: a redelivered failure of a prompt that is no longer the session's latest is decided again as if new
// when its occurredAt is not older than the latest prompt's: it supersedes the newer prompt's retry and logs
// or schedules a second time. The machine dedupes failures only against the latest chain (session-machine.ts
// onFailed: `sameChain && chain.lastAttempt > attempt`), and the stale check is a strict `latest.at > occurredAt`.

async function kindsOf(deps: ReturnType<typeof memoryDeps>['deps']) {
  const { items } = await deps.store.events('s-1');
  return items.map(
    (e) =>
      `${e.kind}:${'promptId' in e ? e.promptId : ''}${e.kind === 'auto_resume_skipped' ? `(${e.why})` : ''}`,
  );
}

// Fixed: the session remembers the failures it decided (`failures`), and a prompt's newest failure time counts
// as its latest sign of life, so an older prompt's failure redelivered later is a duplicate or stale.
describe('bug 1: a redelivered failure of an older prompt is a duplicate', () => {
  it('two prompts failing in the same instant (webhooks carry whole seconds): the repeat is a duplicate', async () => {
    const { deps } = memoryDeps();
    const p2 = authFailed({ sessionId: 's-1', turnId: 't-2', promptId: 'p-2', occurredAt: T0 + 9_000 });
    const p3 = turnFailed({ sessionId: 's-1', turnId: 't-3', promptId: 'p-3', occurredAt: T0 + 9_000 });
    await handleTurnEvent(deps, p2);
    await handleTurnEvent(deps, p3);
    // Before the fix: outcome not_retried, logging auto_resume_skipped(superseded) of p-3~resume-1 and a second
    // turn_failure_not_retried of p-2; p-3's retry is lost.
    expect((await handleTurnEvent(deps, p2)).decision.outcome).toBe('duplicate');
    expect(await kindsOf(deps)).toEqual([
      'turn_failure_not_retried:p-2',
      'auto_resume_scheduled:p-3~resume-1',
    ]);
  });

  it('both transient: the repeat schedules nothing again and sends nothing', async () => {
    const { deps, clock } = memoryDeps();
    const p2 = turnFailed({ sessionId: 's-1', turnId: 't-2', promptId: 'p-2', occurredAt: T0 + 9_000 });
    const p3 = turnFailed({ sessionId: 's-1', turnId: 't-3', promptId: 'p-3', occurredAt: T0 + 9_000 });
    await handleTurnEvent(deps, p2);
    await handleTurnEvent(deps, p3);
    await handleTurnEvent(deps, p2);
    const pending = (await deps.store.load('s-1')).pending;
    clock.at = pending?.nextAt ?? 0;
    if (pending)
      await resumeTurn(deps, {
        sessionId: 's-1',
        turnId: pending.turnId,
        attempt: 1,
        promptId: pending.promptId,
        nextAt: pending.nextAt,
      });
    // Before the fix: the log ends auto_resume_skipped(superseded) of p-3~resume-1, auto_resume_scheduled of
    // p-2~resume-1 a second time, then auto_resume_fired of p-2~resume-1 (POSTed after its recorded skip).
    expect(await kindsOf(deps)).toEqual([
      'auto_resume_scheduled:p-2~resume-1',
      'auto_resume_skipped:p-2~resume-1(superseded)',
      'auto_resume_scheduled:p-3~resume-1',
      'auto_resume_fired:p-3~resume-1',
    ]);
  });

  it('overlapping turns: the older prompt failed after the newer one did; its repeat is a duplicate', async () => {
    const { deps } = memoryDeps();
    await handleTurnEvent(
      deps,
      turnEvent('turn.started', { sessionId: 's-1', turnId: 't-1', promptId: 'p-1', occurredAt: T0 + 1 }),
    );
    const p1 = turnFailed({ sessionId: 's-1', turnId: 't-1', promptId: 'p-1', occurredAt: T0 + 5 });
    await handleTurnEvent(deps, p1);
    await handleTurnEvent(
      deps,
      turnFailed({ sessionId: 's-1', turnId: 't-2', promptId: 'p-2', occurredAt: T0 + 2 }),
    );
    // Before the fix: scheduled — p-2~resume-1 is skipped as superseded and p-1~resume-1 is scheduled a second time.
    expect((await handleTurnEvent(deps, p1)).decision.outcome).toBe('already_scheduled');
  });
});
