// Resumed prompts that report in late (bug 66 and a review of its fix), through the real `decide`.
import { describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../shared/core/types';
import { authFailed, T0, turnEvent, turnFailed } from '../support/events';
import { SessionDriver } from '../support/session-driver';

const ev = (event: TurnEvent) => ({ kind: 'event' as const, event });

/** t-7/p-cap fails at T0; its attempt 1 is claimed and answered ok (fired). */
function firedOnce() {
  const s = new SessionDriver();
  s.now = T0 + 100;
  s.apply(ev(turnFailed({ occurredAt: T0, receivedAt: T0 + 100 })));
  s.fireArmed({ kind: 'ok' });
  expect(s.kinds()).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  return s;
}

/** A turn event at `atMs` after T0, accepted 100 ms later. */
function at(type: 'turn.started' | 'turn.failed', turnId: string, promptId: string, atMs: number) {
  const times = { turnId, promptId, occurredAt: T0 + atMs, receivedAt: T0 + atMs + 100 };
  return ev(type === 'turn.failed' ? turnFailed(times) : turnEvent(type, times));
}

describe("an older turn's resume that the hub queued behind the user's next prompt, failing late", () => {
  // The next prompt is another prompt (p-2), or the same prompt run again as a new turn (t-8).
  it.each(['p-2', 'p-cap'])("keeps the next prompt's retry when it is %s", (next) => {
    const s = firedOnce();
    s.now = T0 + 20_300;
    s.apply(at('turn.started', 't-8', next, 19_000));
    s.apply(at('turn.failed', 't-8', next, 20_000));
    s.now = T0 + 30_300;
    expect(s.apply(at('turn.started', 't-7', 'p-cap~resume-1', 25_000)).outcome).toBe('stale');
    expect(s.apply(at('turn.failed', 't-7', 'p-cap~resume-1', 30_000)).outcome).toBe('stale');
    expect(s.retry).toMatchObject({ turnId: 't-8', promptId: `${next}~resume-1` });
  });
});

describe("an older prompt's resume failing late after the next prompt's chain ended", () => {
  it("resumes p-cap~resume-1's transient failure when p-2's chain is over (p-2 failed on sign-in, not retried)", () => {
    const s = firedOnce();
    // The hub ran the user's p-2 first: it failed on auth (not retried: p-2's chain ends at once).
    s.now = T0 + 20_300;
    s.apply(
      ev(authFailed({ turnId: 't-2', promptId: 'p-2', occurredAt: T0 + 20_000, receivedAt: T0 + 20_200 })),
    );
    expect(s.retry).toBeNull();
    // Then p-cap~resume-1 runs and dies on a 503. Nothing else waits or runs in the session.
    s.now = T0 + 30_300;
    const late = s.apply(
      ev(turnFailed({ promptId: 'p-cap~resume-1', occurredAt: T0 + 30_000, receivedAt: T0 + 30_200 })),
    );
    expect(late.outcome).toBe('scheduled');
    expect(s.retry).toMatchObject({ turnId: 't-7', promptId: 'p-cap~resume-2' });
  });

  it("resumes it when p-2's chain ended by its own resumed turn completing", () => {
    const s = firedOnce();
    s.now = T0 + 20_300;
    s.apply(
      ev(turnFailed({ turnId: 't-2', promptId: 'p-2', occurredAt: T0 + 20_000, receivedAt: T0 + 20_200 })),
    );
    const r = s.retry;
    if (!r) throw new Error('p-2 not armed');
    s.now = r.nextAt;
    const wake = { sessionId: 's-42', turnId: 't-2', attempt: 1, promptId: 'p-2~resume-1', nextAt: r.nextAt };
    s.apply({ kind: 'wake', wake });
    s.apply({ kind: 'resume_result', wake, result: { kind: 'ok' } });
    s.now += 10_000;
    const done = s.apply(
      ev(
        turnEvent('turn.completed', {
          turnId: 't-2',
          promptId: 'p-2~resume-1',
          occurredAt: s.now - 100,
          receivedAt: s.now - 50,
        }),
      ),
    );
    expect(done.report?.outcome).toBe('ok');
    // Now the hub runs p-cap~resume-1 (queued behind p-2): it fails on a 503.
    s.now += 10_000;
    const late = s.apply(
      ev(turnFailed({ promptId: 'p-cap~resume-1', occurredAt: s.now - 100, receivedAt: s.now - 50 })),
    );
    expect(late.outcome).toBe('scheduled');
  });

  it('control: when p-2 simply completed (never failed), the same late failure IS resumed', () => {
    const s = firedOnce();
    s.now = T0 + 20_300;
    s.apply(
      ev(
        turnEvent('turn.started', {
          turnId: 't-2',
          promptId: 'p-2',
          occurredAt: T0 + 15_000,
          receivedAt: T0 + 15_100,
        }),
      ),
    );
    s.apply(
      ev(
        turnEvent('turn.completed', {
          turnId: 't-2',
          promptId: 'p-2',
          occurredAt: T0 + 20_000,
          receivedAt: T0 + 20_200,
        }),
      ),
    );
    s.now = T0 + 30_300;
    const late = s.apply(
      ev(turnFailed({ promptId: 'p-cap~resume-1', occurredAt: T0 + 30_000, receivedAt: T0 + 30_200 })),
    );
    expect(late.outcome).toBe('scheduled');
  });
});

describe('a resume that landed while its POST timed out', () => {
  /**
   * p-cap's attempt 1 claimed, its POST under way; then a newer prompt fails (the hub queued the resume behind it)
   * or the session is stopped; then the resumed turn reports `type` (it ran), and the POST's answer times out.
   * Returns the outcomes logged for p-cap's attempt.
   */
  function landedWhileTimingOut(interrupt: 'newer prompt' | 'stop', type: 'turn.started' | 'turn.failed') {
    const s = new SessionDriver();
    s.now = T0 + 100;
    s.apply(ev(turnFailed({ occurredAt: T0, receivedAt: T0 + 100 })));
    const { wake } = s.claimArmed();
    const claimAt = s.now;
    s.now = claimAt + 3000;
    const times = { occurredAt: claimAt + 2000, receivedAt: claimAt + 2100 };
    s.apply(
      ev(
        interrupt === 'stop'
          ? turnEvent('session.stopped', times)
          : turnFailed({ turnId: 't-2', promptId: 'p-2', ...times }),
      ),
    );
    s.now = claimAt + 6000;
    const resumed = { promptId: 'p-cap~resume-1', occurredAt: claimAt + 5000, receivedAt: claimAt + 5100 };
    s.apply(ev(type === 'turn.failed' ? turnFailed(resumed) : turnEvent(type, resumed)));
    s.now = claimAt + 10_500;
    const timedOut = { kind: 'retryable' as const, detail: 'no answer within 10000 ms' };
    s.apply({ kind: 'resume_result', wake, result: timedOut });
    return s.log
      .filter((e) => e.turnId === 't-7' && e.kind !== 'auto_resume_scheduled')
      .map((e) => `${e.kind}${'why' in e ? `(${e.why})` : ''}`);
  }

  it.each([
    ['newer prompt', 'turn.failed'],
    ['newer prompt', 'turn.started'],
    ['stop', 'turn.failed'],
  ] as const)(
    'settles it as fired after a %s when the resumed turn reports %s (a review)',
    (interrupt, type) => {
      expect(landedWhileTimingOut(interrupt, type)).toEqual(['auto_resume_fired']);
    },
  );
});

describe("a newer prompt's start handled while a resume's POST is under way, the POST then landing (a review)", () => {
  /** p-cap's attempt 1 POSTed; p-2 starts (handled during the POST or after its answer) and completes; then the resumed turn reports `last`. */
  function history(handled: 'during the POST' | 'after the answer', last: 'turn.failed' | 'turn.completed') {
    const s = new SessionDriver();
    s.now = T0 + 100;
    s.apply(ev(turnFailed({ occurredAt: T0, receivedAt: T0 + 100 })));
    const { wake } = s.claimArmed();
    const claimAt = s.now;
    const p2 = { turnId: 't-2', promptId: 'p-2', occurredAt: claimAt + 1000, receivedAt: claimAt + 1100 };
    s.now = claimAt + (handled === 'during the POST' ? 1500 : 2500);
    if (handled === 'during the POST') s.apply(ev(turnEvent('turn.started', p2)));
    s.apply({ kind: 'resume_result', wake, result: { kind: 'ok' } });
    if (handled === 'after the answer') s.apply(ev(turnEvent('turn.started', p2)));
    s.now = claimAt + 20_300;
    const done = { ...p2, occurredAt: claimAt + 20_000, receivedAt: claimAt + 20_100 };
    s.apply(ev(turnEvent('turn.completed', done)));
    s.now = claimAt + 40_300;
    const times = { promptId: 'p-cap~resume-1', occurredAt: claimAt + 40_000, receivedAt: claimAt + 40_100 };
    return s.apply(ev(last === 'turn.failed' ? turnFailed(times) : turnEvent('turn.completed', times)));
  }

  it.each(['during the POST', 'after the answer'] as const)(
    'resumes the resumed turn again when it fails, the start handled %s',
    (handled) => {
      expect(history(handled, 'turn.failed').outcome).toBe('scheduled');
    },
  );

  it.each(['during the POST', 'after the answer'] as const)(
    'tells the pacer the resumed turn completed, the start handled %s',
    (handled) => {
      expect(history(handled, 'turn.completed').report?.outcome).toBe('ok');
    },
  );
});
