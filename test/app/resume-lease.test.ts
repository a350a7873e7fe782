import { describe, expect, it } from 'vitest';
import { handleTurnEvent, stopSession } from '../../shared/app/handle-turn-event';
import { resumeTurn } from '../../shared/app/resume-turn';
import type { ResumeCall } from '../../shared/core/resume-call';
import type { RetryStore } from '../../shared/ports';
import { turnFailed, wakeFor } from '../support/events';
import { memoryDeps } from '../support/fakes';

// A delivery whose claim outlasted the resume lease (a stalled invocation) must not POST beside the delivery
// that claimed the attempt again after the lease ran out: the claim is ours only while its try count is ours.
describe('a claim that outlasted its lease', () => {
  it('holds its POST back when another delivery has claimed the attempt since', async () => {
    const { deps, clock } = memoryDeps();
    const armed = await handleTurnEvent(deps, turnFailed());
    const nextAt = armed.state.pending?.nextAt ?? 0;
    clock.at = nextAt;
    const wake = wakeFor(1, { nextAt });
    const posted: string[] = [];
    let releaseSecond = () => {};
    let secondSending = () => {};
    const secondIsSending = new Promise<void>((resolve) => {
      secondSending = resolve;
    });
    const second = {
      resume: async (_call: ResumeCall) => {
        posted.push('second');
        secondSending();
        await new Promise<void>((resolve) => {
          releaseSecond = resolve;
        });
        return { kind: 'ok' as const };
      },
    };
    const first = {
      resume: async (_call: ResumeCall) => {
        posted.push('first');
        return { kind: 'ok' as const };
      },
    };
    // The first delivery stalls between its claim and its last look at the row; meanwhile the lease runs out, and
    // a second delivery of the same wake-up claims the attempt and is sending it when the first looks.
    const store = deps.store;
    let loads = 0;
    let secondRun: Promise<unknown> = Promise.resolve();
    const stalling: RetryStore = {
      load: async (sessionId) => {
        loads += 1;
        if (loads === 2) {
          clock.at += deps.policy.resumeLeaseMs + 1_000;
          secondRun = resumeTurn({ ...deps, agent: second }, wake);
          await secondIsSending;
        }
        return store.load(sessionId);
      },
      commit: (next, events) => store.commit(next, events),
      events: (sessionId, page) => store.events(sessionId, page),
      waiting: (page) => store.waiting(page),
    };
    await resumeTurn({ ...deps, store: stalling, agent: first }, wake);
    // The first delivery leaves the second's claim as it is while the second's POST is going out, so a stop now
    // can only mark the attempt (the POST can't be recalled), not log a skip for a resume that is landing.
    const during = await store.load('s-42');
    expect(during.inFlight).toMatchObject({ tries: 2, claimedAt: expect.any(Number) });
    const stop = await stopSession(deps, 's-42');
    expect(stop.decision.outcome).toBe('cancel_requested');
    releaseSecond();
    await secondRun;
    expect(posted).toEqual(['second']);
    const { lastEvent } = await store.load('s-42');
    expect(lastEvent).toMatchObject({ kind: 'auto_resume_fired', promptId: 'p-cap~resume-1' });
  });
});
