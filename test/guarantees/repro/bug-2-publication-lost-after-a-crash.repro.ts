import { describe, expect, it } from 'vitest';
import { handleTurnEvent } from '../../../shared/app/handle-turn-event';
import { resumeTurn } from '../../../shared/app/resume-turn';
import type { SessionChanged } from '../../../shared/ports';
import { turnFailed } from '../../support/events';
import { memoryDeps } from '../../support/fakes';

// Bug 2: publication to watchers is at most once. decideAndCommit publishes only after a commit it made; when
// the publish fails (EventBridge PutEvents throttled or a failed entry) or the invocation dies between the
// commit and the publish, the redelivery finds the change stored, decides `already_scheduled` / `duplicate`,
// and publishes nothing: watchers (the dashboard) never hear of it. SPEC: "every change of it is an event that
// watchers hear".

/** A sink whose first `failures` publishes throw after nothing was delivered. */
function flakySink(failures: number) {
  const published: SessionChanged[] = [];
  let left = failures;
  return {
    published,
    publish: async (changes: readonly SessionChanged[]) => {
      if (left-- > 0) throw new Error('EventBridge PutEvents: 1 entries failed: ThrottlingException');
      published.push(...changes);
    },
  };
}

describe('bug 2: an event whose publish failed is never published', () => {
  it('auto_resume_scheduled: the redelivered failure re-arms but publishes nothing', async () => {
    const sink = flakySink(1);
    const { deps } = memoryDeps({ sink });
    await expect(handleTurnEvent(deps, turnFailed())).rejects.toThrow(/PutEvents/);
    await handleTurnEvent(deps, turnFailed());
    expect((await deps.store.events('s-42')).items.map((e) => e.kind)).toEqual(['auto_resume_scheduled']);
    // Today: [] — the dashboard never shows the retry.
    expect(sink.published.map((c) => c.event.kind)).toEqual(['auto_resume_scheduled']);
  });

  it('auto_resume_fired: the redelivered wake-up is a duplicate and the row never clears for watchers', async () => {
    const sink = flakySink(0);
    const { deps, clock } = memoryDeps({ sink });
    const armed = await handleTurnEvent(deps, turnFailed());
    const pending = armed.state.pending;
    if (!pending) throw new Error('not armed');
    clock.at = pending.nextAt;
    const wake = {
      sessionId: 's-42',
      turnId: 't-7',
      attempt: 1,
      promptId: pending.promptId,
      nextAt: pending.nextAt,
    };
    let failNext = true;
    deps.sink = {
      publish: async (changes) => {
        if (failNext) {
          failNext = false;
          throw new Error('EventBridge PutEvents: 1 entries failed: InternalFailure');
        }
        await sink.publish(changes);
      },
    };
    await expect(resumeTurn(deps, wake)).rejects.toThrow(/PutEvents/);
    await resumeTurn(deps, wake);
    // Today: only auto_resume_scheduled; watchers keep showing "retrying 1/4".
    expect(sink.published.map((c) => c.event.kind)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });
});
