// Found by a review of the state machine's last fixes (bug 66): resumed prompts that report in late, through the real
// `decide`.
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

describe("F1: re-run (same prompt id, new turn): the old turn's late resume that fails", () => {
  it("keeps the re-run's retry when t-7's queued resume fails after t-8 failed", () => {
    const s = firedOnce();
    // The hub queued p-cap~resume-1 (t-7) behind the user's re-run of p-cap as t-8, which fails first.
    s.now = T0 + 20_300;
    s.apply(
      ev(
        turnEvent('turn.started', {
          turnId: 't-8',
          promptId: 'p-cap',
          occurredAt: T0 + 19_000,
          receivedAt: T0 + 19_100,
        }),
      ),
    );
    s.apply(
      ev(turnFailed({ turnId: 't-8', promptId: 'p-cap', occurredAt: T0 + 20_000, receivedAt: T0 + 20_200 })),
    );
    expect(s.retry).toMatchObject({ turnId: 't-8', promptId: 'p-cap~resume-1' });
    // Then the hub runs t-7's queued resume: its start is stale (bug 65/66) ...
    s.now = T0 + 30_300;
    const st = s.apply(
      ev(
        turnEvent('turn.started', {
          turnId: 't-7',
          promptId: 'p-cap~resume-1',
          occurredAt: T0 + 25_000,
          receivedAt: T0 + 25_100,
        }),
      ),
    );
    expect(st.outcome).toBe('stale');
    // ... and its failure should be too (as for another prompt id, bug 66), leaving t-8's retry.
    const late = s.apply(
      ev(
        turnFailed({
          turnId: 't-7',
          promptId: 'p-cap~resume-1',
          occurredAt: T0 + 30_000,
          receivedAt: T0 + 30_200,
        }),
      ),
    );
    expect(late.outcome).toBe('stale');
    expect(s.retry).toMatchObject({ turnId: 't-8', promptId: 'p-cap~resume-1' });
  });

  it("control: the same history with another prompt id (p-2) keeps p-2's retry", () => {
    const s = firedOnce();
    s.now = T0 + 20_300;
    s.apply(
      ev(
        turnEvent('turn.started', {
          turnId: 't-8',
          promptId: 'p-2',
          occurredAt: T0 + 19_000,
          receivedAt: T0 + 19_100,
        }),
      ),
    );
    s.apply(
      ev(turnFailed({ turnId: 't-8', promptId: 'p-2', occurredAt: T0 + 20_000, receivedAt: T0 + 20_200 })),
    );
    s.now = T0 + 30_300;
    const late = s.apply(
      ev(
        turnFailed({
          turnId: 't-7',
          promptId: 'p-cap~resume-1',
          occurredAt: T0 + 30_000,
          receivedAt: T0 + 30_200,
        }),
      ),
    );
    expect(late.outcome).toBe('stale');
    expect(s.retry).toMatchObject({ turnId: 't-8', promptId: 'p-2~resume-1' });
  });
});

describe("F2: 'a resumed prompt's failure while another prompt's chain is OPEN is stale' — but the code does not look at open", () => {
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

describe("F3: a landed resume whose turn's failure is dropped by the new rule ends skipped, not fired", () => {
  function claimedThenSuperseded() {
    const s = new SessionDriver();
    s.now = T0 + 100;
    s.apply(ev(turnFailed({ occurredAt: T0, receivedAt: T0 + 100 })));
    const { wake } = s.claimArmed(); // POST under way (claim held)
    const claimAt = s.now;
    // The hub queued the resume behind the user's p-2 (a hub that sends no turn.started), which fails.
    s.now = claimAt + 3000;
    const sup = s.apply(
      ev(
        turnFailed({
          turnId: 't-2',
          promptId: 'p-2',
          occurredAt: claimAt + 2000,
          receivedAt: claimAt + 2100,
        }),
      ),
    );
    expect(sup.events.map((e) => e.kind)).toEqual(['auto_resume_scheduled']); // p-cap attempt 1 only marked
    return { s, wake, claimAt };
  }

  it('the resumed turn ran (its failure proves the POST landed), the POST answer timed out → should be fired', () => {
    const { s, wake, claimAt } = claimedThenSuperseded();
    s.now = claimAt + 6000;
    s.apply(
      ev(turnFailed({ promptId: 'p-cap~resume-1', occurredAt: claimAt + 5000, receivedAt: claimAt + 5100 })),
    );
    s.now = claimAt + 10_500;
    s.apply({
      kind: 'resume_result',
      wake,
      result: { kind: 'retryable', detail: 'no answer within 10000 ms' },
    });
    const outcomes = s.log
      .filter((e) => e.turnId === 't-7' && e.kind !== 'auto_resume_scheduled')
      .map((e) => `${e.kind}${'why' in e ? `(${e.why})` : ''}`);
    expect(outcomes).toEqual(['auto_resume_fired']);
  });

  it("control: the same with the resumed turn's start instead of its failure → fired", () => {
    const { s, wake, claimAt } = claimedThenSuperseded();
    s.now = claimAt + 6000;
    s.apply(
      ev(
        turnEvent('turn.started', {
          promptId: 'p-cap~resume-1',
          occurredAt: claimAt + 5000,
          receivedAt: claimAt + 5100,
        }),
      ),
    );
    s.now = claimAt + 10_500;
    s.apply({
      kind: 'resume_result',
      wake,
      result: { kind: 'retryable', detail: 'no answer within 10000 ms' },
    });
    const outcomes = s.log
      .filter((e) => e.turnId === 't-7' && e.kind !== 'auto_resume_scheduled')
      .map((e) => e.kind);
    expect(outcomes).toEqual(['auto_resume_fired']);
  });
});

describe('a stop during the POST, then the resumed turn fails (it ran)', () => {
  it('settles a landed resume as fired when a stop during its POST is followed by the resumed turn failing', () => {
    const s = new SessionDriver();
    s.now = T0 + 100;
    s.apply(ev(turnFailed({ occurredAt: T0, receivedAt: T0 + 100 })));
    const { wake } = s.claimArmed();
    const claimAt = s.now;
    s.now = claimAt + 2000;
    expect(s.apply(ev(turnEvent('session.stopped', { occurredAt: claimAt + 1500 }))).outcome).toBe(
      'cancel_requested',
    );
    s.now = claimAt + 6000;
    s.apply(
      ev(turnFailed({ promptId: 'p-cap~resume-1', occurredAt: claimAt + 5000, receivedAt: claimAt + 5100 })),
    );
    s.now = claimAt + 10_500;
    s.apply({
      kind: 'resume_result',
      wake,
      result: { kind: 'retryable', detail: 'no answer within 10000 ms' },
    });
    const outcomes = s.log
      .filter((e) => e.kind !== 'auto_resume_scheduled')
      .map((e) => `${e.kind}${'why' in e ? `(${e.why})` : ''}`);
    expect(outcomes).toEqual(['auto_resume_fired']);
  });
});
