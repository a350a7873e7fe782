import { describe, expect, it } from 'vitest';
import { handleTurnEvent, stopSession } from '../../../shared/app/handle-turn-event';
import { resumeTurn } from '../../../shared/app/resume-turn';
import type { ResumeCall } from '../../../shared/core/resume-call';
import { turnFailed, wakeFor } from '../../support/events';
import { memoryDeps } from '../../support/fakes';
import { everyInterleaving, postsAt, SESSION, storedAt, wakeUp } from '../harness/race';

// Bug 3: a stop stored between the wake-up's claim and its POST records `auto_resume_skipped (stopped)` (and
// answers the API caller with it), and the POST goes out afterwards. SPEC: "once Stop is recorded, no resume
// for that wait is sent". The machine treats a `firing` attempt like an armed one on stop (onStopped →
// skipPending); resumeTurn does not look again after its claim.

// Fixed: a claimed attempt moves to `inFlight`; a cancel marks it cancelled without logging a skip, and
// resumeTurn reads the row again just before the POST: a cancelled attempt is not sent and ends as skipped.
describe('bug 3: a stop stored after the claim, before the POST', () => {
  it('holds the POST back and records the skip', async () => {
    const { deps, clock } = memoryDeps();
    const armed = await handleTurnEvent(deps, turnFailed());
    clock.at = armed.state.pending?.nextAt ?? 0;
    let skipStored = false;
    let postedAfter = false;
    // The stop lands while the resume invocation is between its claim and its POST.
    const agent = {
      resume: async (_call: ResumeCall) => {
        const stopped = await stopSession({ ...deps, agent }, SESSION);
        skipStored = stopped.logged.some((e) => e.kind === 'auto_resume_skipped');
        postedAfter = true;
        return { kind: 'ok' as const };
      },
    };
    await resumeTurn({ ...deps, agent }, wakeFor(1, { nextAt: clock.at }));
    // Before the fix: both — the log says auto_resume_skipped (stopped), the agent got p-cap~resume-1 after it.
    expect(skipStored && postedAfter).toBe(false);
  });

  it('in every interleaving of POST /sessions/{id}/stop and the wake-up, no POST follows a stored skip', async () => {
    const late: string[] = [];
    await everyInterleaving(
      async (world) => {
        const applied = await handleTurnEvent(world.deps, turnFailed());
        world.clock.at = applied.state.pending?.nextAt ?? 0;
        return { stop: (d) => stopSession(d, SESSION), wake: wakeUp(wakeFor(1, { nextAt: world.clock.at })) };
      },
      (outcome) => {
        const skip = storedAt(outcome.effects, 'auto_resume_skipped');
        const post = postsAt(outcome.effects, 'p-cap~resume-1')[0] ?? -1;
        if (skip !== -1 && post > skip) late.push(outcome.steps.join(' → '));
      },
    );
    // Before the fix: 18 of 236 interleavings, e.g. stop:store.load → wake:store.load → wake:store.commit →
    // stop:store.commit → stop:store.load → stop:store.commit → stop:sink.publish → stop:waker.disarm →
    // wake:agent.resume → …
    expect(late).toEqual([]);
  });
});
