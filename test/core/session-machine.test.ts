import { describe, expect, it } from 'vitest';
import { compileRetryPolicy, DEFAULT_POLICY } from '../../shared/core/policy';
import type { Decision } from '../../shared/core/session-machine';
import { authFailed, T0, turnEvent, turnFailed, wakeFor } from '../support/events';
import { SessionDriver } from '../support/session-driver';

const Session = SessionDriver;

describe('a transient failure', () => {
  it('schedules attempt 1 of 4 with prompt id p-cap~resume-1 after 10–12 s', () => {
    const s = new Session();
    const d = s.fail(0);
    expect(d.outcome).toBe('scheduled');
    expect(s.retry).toMatchObject({
      attempt: 1,
      of: 4,
      reason: 'capacity',
      promptId: 'p-cap~resume-1',
      turnId: 't-7',
    });
    const nextAt = s.retry?.nextAt ?? 0;
    expect(nextAt).toBeGreaterThanOrEqual(T0 + 10_000);
    expect(nextAt).toBeLessThan(T0 + 12_000);
    expect(d.events).toEqual([
      expect.objectContaining({ kind: 'auto_resume_scheduled', attempt: 1, of: 4, nextAt, retry: s.retry }),
    ]);
    expect(d.effects).toEqual([{ kind: 'arm', wake: wakeFor(1, { nextAt }), delayMs: nextAt - T0 }]);
  });

  it('re-arms the same wake-up without a second scheduled event when the failure comes again', () => {
    const s = new Session();
    const first = s.fail(0);
    s.now += 3000;
    const again = s.fail(0, T0);
    expect(again.outcome).toBe('already_scheduled');
    expect(again.next).toBeNull();
    expect(again.events).toEqual([]);
    const armed = first.effects[0];
    expect(again.effects).toEqual([{ ...armed, delayMs: (s.retry?.nextAt ?? 0) - s.now }]);
  });

  it('moves nextAt to a later server hint', () => {
    const s = new Session();
    s.apply({
      kind: 'event',
      event: turnFailed({ error: { message: 'overloaded', status: 529, retryAfterSeconds: 429 } }),
    });
    expect(s.retry?.nextAt).toBe(T0 + 429_000);
  });

  it('waits until the moment an HTTP-date or epoch hint names, counted from when the failure happened', () => {
    const date = new Date(T0 + 90_000).toUTCString(); // `Wed, 21 Oct 2026 07:28:00 GMT`
    const s = new Session();
    s.now = T0 + 5000;
    s.apply({
      kind: 'event',
      event: turnFailed({ error: { message: `503 Service Unavailable\nRetry-After: ${date}` } }),
    });
    expect(s.retry?.nextAt).toBe(T0 + 90_000);
    const epoch = new Session();
    epoch.apply({
      kind: 'event',
      event: turnFailed({ error: { message: `529 {"retry_after": ${(T0 + 120_000) / 1000}}` } }),
    });
    expect(epoch.retry?.nextAt).toBe(T0 + 120_000);
  });

  it('exhausts at once when the hint is beyond the longest wait', () => {
    const s = new Session();
    const d = s.apply({
      kind: 'event',
      event: turnFailed({
        error: { message: 'API Error: 503 pool empty', status: 503, retryAfterSeconds: 7200 },
      }),
    });
    expect(d.outcome).toBe('exhausted');
    expect(s.retry).toBeNull();
    expect(d.events[0]).toMatchObject({
      kind: 'auto_resume_exhausted',
      reason: expect.stringMatching(/beyond the longest wait/),
    });
  });

  it('counts the wait from when the failure happened, not from a late delivery', () => {
    const s = new Session();
    s.now = T0 + 5000;
    s.fail(0, T0);
    expect(s.retry?.nextAt).toBeLessThan(T0 + 12_000);
  });

  it('resumes an agent that exited mid-turn as agent_exited', () => {
    const s = new Session();
    s.apply({
      kind: 'event',
      event: turnFailed({ error: { message: 'agent process exited with code 137', agentExited: true } }),
    });
    expect(s.retry?.reason).toBe('agent_exited');
  });
});

describe('a failure or a wake-up that comes later than the longest wait (a redrive, a backlog)', () => {
  const HOUR = 3_600_000;

  /** The decision ended the chain before any attempt was made: exhausted, nothing armed or sent, why said. */
  function expectEnded(s: SessionDriver, d: Decision, fields: Record<string, unknown>) {
    expect(d.outcome).toBe('exhausted');
    expect(d.effects).toEqual([]);
    expect(s.retry).toBeNull();
    expect(d.events).toEqual([
      expect.objectContaining({ kind: 'auto_resume_exhausted', attempts: 0, retry: null, ...fields }),
    ]);
  }

  it('ends the chain of a failure that reaches the resumer over an hour after it happened, naming why', () => {
    const s = new Session();
    s.now = T0 + 6 * HOUR;
    expectEnded(s, s.fail(0, T0), {
      reason: 'the failure was handled 6h after it happened, more than 1h late',
    });
  });

  it('measures how late a failure is from when its webhook was accepted, not by the sender clock', () => {
    const s = new Session();
    s.now = T0 + 6 * HOUR;
    const late = turnFailed({ occurredAt: T0, receivedAt: T0 + 60_000 });
    expectEnded(s, s.apply({ kind: 'event', event: late }), {
      reason: 'the failure was handled 5h59m after its webhook was accepted, more than 1h late',
    });
  });

  it.each([
    ['90 minutes', 90],
    ['30 minutes', 30],
  ])(
    'waits and resumes as usual for a sender whose clock is %s behind: the waits count from acceptance',
    (_, behind) => {
      const s = new Session();
      s.now = T0 + 6 * HOUR;
      const receivedAt = s.now - 50;
      const fresh = turnFailed({ occurredAt: s.now - behind * 60_000, receivedAt });
      expect(s.apply({ kind: 'event', event: fresh }).outcome).toBe('scheduled');
      expect(s.retry?.nextAt).toBeGreaterThanOrEqual(receivedAt + 10_000);
      expect(s.retry?.nextAt).toBeLessThan(receivedAt + 12_000);
      expect(s.wakeArmed().outcome).toBe('fire');
    },
  );

  it('still schedules a failure an hour late, from when it happened', () => {
    const s = new Session();
    s.now = T0 + HOUR;
    expect(s.fail(0, T0).outcome).toBe('scheduled');
    expect(s.retry?.nextAt).toBeLessThan(T0 + 12_000);
  });

  it('sends nothing for an armed attempt whose wake-up comes over an hour after its time, and says why', () => {
    const s = new Session();
    s.fail(0);
    const wake = s.dueWake();
    s.now += HOUR + 400;
    const d = s.apply({ kind: 'wake', wake });
    expect(d.outcome).toBe('gave_up');
    expect(d.effects).toEqual([]);
    expect(s.retry).toBeNull();
    // The attempt was scheduled: it gets an attempt's outcome. Its lateness is rounded up, never read as the limit.
    expect(d.events).toEqual([
      expect.objectContaining({
        kind: 'auto_resume_failed',
        promptId: 'p-cap~resume-1',
        status: 0,
        detail: 'not sent: the wake-up came 1h1m after its time, more than 1h late',
        retry: null,
      }),
    ]);
    // Another copy of the same wake-up changes nothing.
    expect(s.apply({ kind: 'wake', wake }).outcome).toBe('duplicate');
  });

  it('does not send again an attempt whose last try was over an hour before its wake-up came back', () => {
    const s = new Session();
    s.fail(0);
    const { wake } = s.claimArmed();
    s.apply({
      kind: 'resume_result',
      wake,
      result: { kind: 'retryable', detail: 'no answer within 25000 ms' },
    });
    s.now += 2 * HOUR;
    const d = s.apply({ kind: 'wake', wake });
    expect(d.outcome).toBe('gave_up');
    expect(d.effects).toEqual([]);
    expect(d.events).toEqual([
      expect.objectContaining({
        kind: 'auto_resume_failed',
        status: 0,
        detail: 'not sent again: the wake-up came 2h after its last try, more than 1h late',
      }),
    ]);
  });

  it('keeps trying an attempt for an hour whatever a shorter maxWait says (a queue delays a retry by minutes)', () => {
    const s = new Session(
      compileRetryPolicy({ delaysMs: [10_000, 30_000, 60_000, 90_000], maxWaitMs: 120_000 }),
    );
    s.fail(0);
    const { wake } = s.claimArmed();
    s.apply({ kind: 'resume_result', wake, result: { kind: 'retryable', detail: 'HTTP 503', status: 503 } });
    s.now += 180_000;
    expect(s.apply({ kind: 'wake', wake }).outcome).toBe('fire');
  });
});

describe("two clocks: the sender's and the resumer's (a review)", () => {
  /** The next prompt's failure, dated by the sender at `occurredAt` and accepted by the resumer at `receivedAt`. */
  const nextPromptFailed = (occurredAt: number, receivedAt: number) =>
    turnFailed({ turnId: 't-8', promptId: 'p-2', occurredAt, receivedAt });

  it("orders a sender's stop and failure by the sender's clock, whichever is handled first", () => {
    // The hub's clock is 3 s ahead: the user stops at T0 (hub T0 + 3 s), the next prompt fails at T0 + 1 s
    // (hub T0 + 4 s); the queue hands the failure over first.
    const s = new Session();
    s.now = T0 + 1_100;
    const failure = nextPromptFailed(T0 + 4_000, T0 + 1_000);
    expect(s.apply({ kind: 'event', event: failure }).outcome).toBe('scheduled');
    const stop = turnEvent('session.stopped', { occurredAt: T0 + 3_000, receivedAt: T0 });
    expect(s.apply({ kind: 'event', event: stop }).events).toEqual([]);
    expect(s.retry?.promptId).toBe('p-2~resume-1');
  });

  it("orders a stop through the API by the resumer's clock: a failure from before it is not resumed", () => {
    // The hub's clock is 10 s ahead. The turn fails at T0 (hub T0 + 10 s); the user presses Stop in the API at
    // T0 + 2 s; the failure is handled at T0 + 5 s.
    const s = new Session();
    s.now = T0 + 2_000;
    const stop = turnEvent('session.stopped', { occurredAt: s.now, viaApi: true });
    expect(s.apply({ kind: 'event', event: stop }).outcome).toBe('recorded');
    s.now = T0 + 5_000;
    const failure = turnFailed({ occurredAt: T0 + 10_000, receivedAt: T0 + 100 });
    expect(s.apply({ kind: 'event', event: failure }).outcome).toBe('stale');
    expect(s.retry).toBeNull();
    // One after the stop, on either clock, is retried.
    s.now = T0 + 9_000;
    const later = nextPromptFailed(T0 + 17_000, T0 + 8_000);
    expect(s.apply({ kind: 'event', event: later }).outcome).toBe('scheduled');
  });

  it("cancels a wait with an API stop by when its failure happened on the resumer's clock", () => {
    const s = new Session();
    s.now = T0 + 1_000;
    // The hub's clock is 10 s ahead: its failure says T0 + 10 s.
    s.apply({
      kind: 'event',
      event: turnFailed({ occurredAt: T0 + 10_000, receivedAt: T0 + 100 }),
    });
    s.now = T0 + 2_000;
    const stop = s.apply({
      kind: 'event',
      event: turnEvent('session.stopped', { occurredAt: s.now, viaApi: true }),
    });
    expect(stop.events).toEqual([expect.objectContaining({ kind: 'auto_resume_skipped', why: 'stopped' })]);
  });

  it('remembers a failure an API stop dropped, so a copy the hub sends again later is a duplicate (a review)', () => {
    const s = new Session();
    s.now = T0 + 10_000;
    s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: s.now, viaApi: true }) });
    s.now = T0 + 45_000;
    const first = turnFailed({ receivedAt: T0, eventId: 'msg_fail_1' });
    const again = turnFailed({ receivedAt: T0 + 40_000, eventId: 'msg_fail_1' });
    expect(s.apply({ kind: 'event', event: first }).outcome).toBe('stale');
    expect(s.apply({ kind: 'event', event: again }).outcome).toBe('duplicate');
    expect(s.retry).toBeNull();
    expect(s.log).toEqual([]);
  });

  it("takes nothing from the sender's clock: an agent clock 4 minutes behind neither drops a failure after an API stop nor ends one as late", () => {
    const s = new Session();
    s.now = T0;
    s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: s.now, viaApi: true }) });
    s.now = T0 + 60_100;
    const after = turnFailed({
      turnId: 't-8',
      promptId: 'p-2',
      occurredAt: T0 + 60_000 - 240_000,
      receivedAt: T0 + 60_000,
    });
    expect(s.apply({ kind: 'event', event: after }).outcome).toBe('scheduled');
    expect(s.retry?.nextAt).toBeGreaterThanOrEqual(T0 + 70_000);
  });
});

describe('a failure that is not transient', () => {
  it('records turn_failure_not_retried and arms nothing', () => {
    const s = new Session();
    const d = s.apply({ kind: 'event', event: authFailed() });
    expect(d.outcome).toBe('not_retried');
    expect(d.events).toEqual([expect.objectContaining({ kind: 'turn_failure_not_retried', class: 'auth' })]);
    expect(d.effects).toEqual([]);
    expect(s.retry).toBeNull();
  });

  it('stores the error text with secrets redacted', () => {
    const s = new Session();
    const d = s.apply({
      kind: 'event',
      event: authFailed({
        error: { message: 'API Error: 401 invalid x-api-key: sk-ant-api03-abcdefghijklmnopqrstuvwxyz012345' },
      }),
    });
    expect(JSON.stringify(d.events)).not.toContain('abcdefghijklmnopqrstuvwxyz');
  });
});

describe('the chain of attempts', () => {
  it('fires, fails again, and exhausts when p-cap~resume-4 fails', () => {
    const s = new Session();
    s.fail(0);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const { claim, answer } = s.fireArmed();
      expect(claim.outcome).toBe('fire');
      expect(claim.effects[0]).toMatchObject({
        kind: 'resume',
        call: { promptId: `p-cap~resume-${attempt}`, attempt },
      });
      expect(answer.outcome).toBe('fired');
      expect(s.retry).toBeNull();
      const d = s.fail(attempt);
      expect(d.outcome).toBe(attempt < 4 ? 'scheduled' : 'exhausted');
    }
    expect(s.kinds()).toEqual([
      ...Array.from({ length: 4 }, () => ['auto_resume_scheduled', 'auto_resume_fired']).flat(),
      'auto_resume_exhausted',
    ]);
    expect(s.log.at(-1)).toMatchObject({ reason: 'all 4 attempts failed', attempts: 4, retry: null });
  });

  it('uses the delays 10 s, 1 min, 5 min and 20 min', () => {
    const s = new Session(compileRetryPolicy({ jitter: 0 }));
    const delays: number[] = [];
    s.fail(0);
    for (let attempt = 1; attempt <= 4; attempt++) {
      delays.push((s.retry?.nextAt ?? 0) - s.now);
      s.fireArmed();
      s.fail(attempt);
    }
    expect(delays).toEqual([10_000, 60_000, 300_000, 1_200_000]);
  });

  it('sends the same session, agent session and a continuation that names the error', () => {
    const s = new Session();
    s.fail(0);
    const { claim } = s.fireArmed();
    expect(claim.effects[0]).toEqual({
      kind: 'resume',
      call: {
        sessionId: 's-42',
        agentSessionId: 'a-9',
        turnId: 't-7',
        promptId: 'p-cap~resume-1',
        attempt: 1,
        of: 4,
        reason: 'capacity',
        text: 'The previous attempt stopped on a temporary capacity error (API Error: 503 no non-exhausted claude accounts available). Continue the same task from where it stopped.',
      },
    });
  });

  it('ignores a late duplicate of a failure whose resume has fired', () => {
    const s = new Session();
    s.fail(0);
    s.fireArmed();
    const late = s.fail(0, T0);
    expect(late.outcome).toBe('duplicate');
    expect(late.effects).toEqual([]);
    expect(s.kinds()).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });

  it('records the fire first when the resumed turn fails before its answer is recorded', () => {
    const s = new Session();
    s.fail(0);
    const { wake } = s.claimArmed();
    s.fail(1);
    expect(s.kinds()).toEqual(['auto_resume_scheduled', 'auto_resume_fired', 'auto_resume_scheduled']);
    expect(s.apply({ kind: 'resume_result', wake, result: { kind: 'ok' } }).outcome).toBe('stale');
    expect(s.retry?.attempt).toBe(2);
  });
});

describe('redelivered failures', () => {
  it('ignores a failure of an older prompt delivered again after a newer prompt failed in the same second', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: authFailed({ turnId: 't-2', promptId: 'p-2' }) });
    s.apply({ kind: 'event', event: turnFailed({ turnId: 't-3', promptId: 'p-3' }) });
    const again = s.apply({ kind: 'event', event: authFailed({ turnId: 't-2', promptId: 'p-2' }) });
    expect(again.outcome).toBe('duplicate');
    expect(s.retry?.promptId).toBe('p-3~resume-1');
    expect(s.kinds()).toEqual(['turn_failure_not_retried', 'auto_resume_scheduled']);
  });

  it('does not schedule a superseded prompt again when its failure comes back', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed({ turnId: 't-2', promptId: 'p-2' }) });
    s.apply({ kind: 'event', event: turnFailed({ turnId: 't-3', promptId: 'p-3' }) });
    expect(s.apply({ kind: 'event', event: turnFailed({ turnId: 't-2', promptId: 'p-2' }) }).outcome).toBe(
      'duplicate',
    );
    expect(s.kinds()).toEqual(['auto_resume_scheduled', 'auto_resume_skipped', 'auto_resume_scheduled']);
  });
});

describe('cancelling a wait', () => {
  it('skips with why stopped at once when the session is stopped', () => {
    const s = new Session();
    s.fail(0);
    s.now += 2000;
    const d = s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: s.now }) });
    expect(d.outcome).toBe('skipped');
    expect(d.events).toEqual([
      expect.objectContaining({ kind: 'auto_resume_skipped', why: 'stopped', attempt: 1, retry: null }),
    ]);
    expect(d.effects).toEqual([{ kind: 'disarm', wake: wakeFor(1, { nextAt: expect.any(Number) }) }]);
    expect(s.retry).toBeNull();
  });

  it('sends nothing when the stopped wait wakes up later, and records no second skip', () => {
    const s = new Session();
    s.fail(0);
    const nextAt = s.retry?.nextAt ?? 0;
    s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: T0 + 1000 }) });
    s.now = nextAt;
    const d = s.apply({ kind: 'wake', wake: wakeFor(1, { nextAt }) });
    expect(d.outcome).toBe('duplicate');
    expect(d.effects).toEqual([]);
    expect(s.kinds()).toEqual(['auto_resume_scheduled', 'auto_resume_skipped']);
  });

  it('skips with why superseded when another prompt starts', () => {
    const s = new Session();
    s.fail(0);
    const d = s.apply({
      kind: 'event',
      event: turnEvent('turn.started', { turnId: 't-8', promptId: 'p-new', occurredAt: T0 + 1000 }),
    });
    expect(d.events).toEqual([expect.objectContaining({ kind: 'auto_resume_skipped', why: 'superseded' })]);
    expect(s.retry).toBeNull();
  });

  it('does not treat the start of the resumed prompt as a newer prompt', () => {
    const s = new Session();
    s.fail(0);
    s.apply({
      kind: 'event',
      event: turnEvent('turn.started', { promptId: 'p-cap~resume-1', occurredAt: T0 + 1000 }),
    });
    expect(s.retry?.attempt).toBe(1);
  });

  it('skips with why closed and ignores everything after a close', () => {
    const s = new Session();
    s.fail(0);
    s.apply({ kind: 'event', event: turnEvent('session.closed', { occurredAt: T0 + 1000 }) });
    expect(s.log.at(-1)).toMatchObject({ kind: 'auto_resume_skipped', why: 'closed' });
    const after = s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-9', promptId: 'p-9', occurredAt: T0 + 5000 }),
    });
    expect(after.outcome).toBe('stale');
    expect(s.retry).toBeNull();
  });

  it('skips with why row_cleared when the turn completes while it waits', () => {
    const s = new Session();
    s.fail(0);
    s.apply({ kind: 'event', event: turnEvent('turn.completed', { occurredAt: T0 + 1000 }) });
    expect(s.log.at(-1)).toMatchObject({ kind: 'auto_resume_skipped', why: 'row_cleared' });
    expect(s.retry).toBeNull();
  });

  it('keeps a wait that a stop older than its failure was not meant for', () => {
    const s = new Session();
    s.now = T0 + 5000;
    s.fail(0);
    s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: T0 }) });
    expect(s.retry?.attempt).toBe(1);
  });

  it('does not resume a failure that a newer prompt superseded', () => {
    const s = new Session();
    s.apply({
      kind: 'event',
      event: turnEvent('turn.started', { turnId: 't-8', promptId: 'p-new', occurredAt: T0 + 1000 }),
    });
    const d = s.fail(0, T0);
    expect(d.outcome).toBe('stale');
    expect(s.retry).toBeNull();
  });

  it('does not resume the failure of a turn the user stopped', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: T0 + 1000 }) });
    expect(s.fail(0, T0 + 500).outcome).toBe('stale');
  });

  it.each([false, true])(
    'does not resume a turn that was running when the session was stopped and fails after (through the API: %s)',
    (viaApi) => {
      // A hub that kills the agent on a stop reports its turn failed just after (a review).
      const s = new Session();
      s.now = T0 + 100;
      const p1 = { turnId: 't-1', promptId: 'p-1' };
      s.apply({
        kind: 'event',
        event: turnEvent('turn.started', { ...p1, occurredAt: T0, receivedAt: T0 + 100 }),
      });
      s.now = T0 + 5100;
      const stop = {
        occurredAt: T0 + 5000,
        ...(viaApi ? { viaApi: true as const } : { receivedAt: T0 + 5100 }),
      };
      s.apply({ kind: 'event', event: turnEvent('session.stopped', stop) });
      s.now = T0 + 6100;
      const killed = turnFailed({ ...p1, occurredAt: T0 + 6000, receivedAt: T0 + 6100 });
      expect(s.apply({ kind: 'event', event: killed }).outcome).toBe('stale');
      expect(s.retry).toBeNull();
    },
  );

  it('does not resume a resumed turn that was running when the session was stopped', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed({ occurredAt: T0, receivedAt: T0 + 100 }) });
    const wake = s.dueWake();
    s.apply({ kind: 'wake', wake });
    s.apply({ kind: 'resume_result', wake, result: { kind: 'ok' } });
    s.now += 5000;
    s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: s.now, receivedAt: s.now }) });
    s.now += 1000;
    const killed = turnFailed({ promptId: 'p-cap~resume-1', occurredAt: s.now, receivedAt: s.now });
    expect(s.apply({ kind: 'event', event: killed }).outcome).toBe('stale');
    expect(s.retry).toBeNull();
  });

  it.each([
    ['dated the same second as the stop', 5000],
    ['stamped a minute behind by its agent', -55_000],
  ])('resumes a new prompt started just after a stop, %s (a review)', (_name, startedMs) => {
    const s = new Session();
    s.now = T0 + 5100;
    s.apply({
      kind: 'event',
      event: turnEvent('session.stopped', { occurredAt: T0 + 5000, receivedAt: T0 + 5100 }),
    });
    const p2 = { turnId: 't-2', promptId: 'p-2' };
    s.now = T0 + 5300;
    const started = turnEvent('turn.started', { ...p2, occurredAt: T0 + startedMs, receivedAt: T0 + 5300 });
    s.apply({ kind: 'event', event: started });
    s.now = T0 + 600_000;
    const failed = turnFailed({ ...p2, occurredAt: T0 + 599_000, receivedAt: T0 + 600_000 });
    expect(s.apply({ kind: 'event', event: failed }).outcome).toBe('scheduled');
  });

  it('skips the wait of a turn stopped while running when its failure is handled before the stop (a review)', () => {
    const s = new Session();
    const p1 = { turnId: 't-1', promptId: 'p-1' };
    s.now = T0 + 6200;
    s.apply({
      kind: 'event',
      event: turnEvent('turn.started', { ...p1, occurredAt: T0, receivedAt: T0 + 100 }),
    });
    s.apply({ kind: 'event', event: turnFailed({ ...p1, occurredAt: T0 + 6000, receivedAt: T0 + 6100 }) });
    const stop = turnEvent('session.stopped', { occurredAt: T0 + 5000, receivedAt: T0 + 5100 });
    const d = s.apply({ kind: 'event', event: stop });
    expect(d.events).toEqual([expect.objectContaining({ kind: 'auto_resume_skipped', why: 'stopped' })]);
    expect(s.retry).toBeNull();
  });

  it('starts a new chain for a new prompt after a stop', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: T0 }) });
    const d = s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-8', promptId: 'p-next', occurredAt: T0 + 60_000 }),
    });
    expect(d.outcome).toBe('scheduled');
    expect(s.retry?.promptId).toBe('p-next~resume-1');
  });
});

describe('events of two prompts that SQS hands over out of order (a review)', () => {
  // Webhook times are often whole seconds: two signs dated the same are ordered by when ingest accepted them.
  it("drops an older prompt's failure handled after a newer prompt's start dated the same second", () => {
    const s = new Session();
    s.now = T0 + 1000;
    const started = turnEvent('turn.started', {
      turnId: 't-2',
      promptId: 'p-2',
      occurredAt: T0,
      receivedAt: T0 + 900,
    });
    s.apply({ kind: 'event', event: started });
    const d = s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-1', promptId: 'p-1', occurredAt: T0, receivedAt: T0 + 400 }),
    });
    expect(d.outcome).toBe('stale');
    expect(s.retry).toBeNull();
  });

  it('supersedes the older failure when the same two come in the order they were sent', () => {
    const s = new Session();
    s.now = T0 + 1000;
    s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-1', promptId: 'p-1', occurredAt: T0, receivedAt: T0 + 400 }),
    });
    s.apply({
      kind: 'event',
      event: turnEvent('turn.started', {
        turnId: 't-2',
        promptId: 'p-2',
        occurredAt: T0,
        receivedAt: T0 + 900,
      }),
    });
    expect(s.kinds()).toEqual(['auto_resume_scheduled', 'auto_resume_skipped']);
    expect(s.retry).toBeNull();
  });

  it("keeps the newest prompt's retry when an older prompt's failure of the same second is handled last", () => {
    const s = new Session();
    s.now = T0 + 1000;
    const p2 = { turnId: 't-2', promptId: 'p-2', occurredAt: T0 };
    s.apply({ kind: 'event', event: turnEvent('turn.started', { ...p2, receivedAt: T0 + 300 }) });
    s.apply({ kind: 'event', event: turnFailed({ ...p2, receivedAt: T0 + 600 }) });
    const d = s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-1', promptId: 'p-1', occurredAt: T0, receivedAt: T0 + 100 }),
    });
    expect(d.outcome).toBe('stale');
    expect(s.retry?.promptId).toBe('p-2~resume-1');
  });

  it("supersedes an older prompt's wait on a newer prompt's completion handled before its start", () => {
    const s = new Session();
    s.now = T0 + 100;
    s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-1', promptId: 'p-1', occurredAt: T0, receivedAt: T0 + 100 }),
    });
    s.now = T0 + 6100;
    const d = s.apply({
      kind: 'event',
      event: turnEvent('turn.completed', {
        turnId: 't-2',
        promptId: 'p-2',
        occurredAt: T0 + 6000,
        receivedAt: T0 + 6100,
      }),
    });
    expect(d.events).toEqual([expect.objectContaining({ kind: 'auto_resume_skipped', why: 'superseded' })]);
    expect(s.retry).toBeNull();
    // Its start, back after a throttled receive, changes nothing.
    s.now = T0 + 183_000;
    const late = turnEvent('turn.started', {
      turnId: 't-2',
      promptId: 'p-2',
      occurredAt: T0 + 3000,
      receivedAt: T0 + 3100,
    });
    expect(s.apply({ kind: 'event', event: late }).outcome).toBe('stale');
  });

  it('does not resume a failure handled after the completion of its own turn', () => {
    const s = new Session();
    s.now = T0 + 20_100;
    const p1 = { turnId: 't-1', promptId: 'p-1' };
    s.apply({
      kind: 'event',
      event: turnEvent('turn.completed', { ...p1, occurredAt: T0 + 20_000, receivedAt: T0 + 20_050 }),
    });
    expect(
      s.apply({ kind: 'event', event: turnFailed({ ...p1, occurredAt: T0, receivedAt: T0 + 100 }) }).outcome,
    ).toBe('stale');
    expect(s.retry).toBeNull();
  });

  it("keeps a newer prompt's retry when an older prompt's completion dated the same second comes last (a review)", () => {
    // p-1's completion was sent again by the hub (its first delivery timed out) and is accepted after p-2's failure.
    const s = new Session();
    const at = T0 + 1000;
    s.now = at + 300;
    s.apply({
      kind: 'event',
      event: turnEvent('turn.started', { turnId: 't-1', promptId: 'p-1', occurredAt: T0 }),
    });
    s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-2', promptId: 'p-2', occurredAt: at, receivedAt: at + 300 }),
    });
    s.now = at + 2500;
    const done = turnEvent('turn.completed', {
      turnId: 't-1',
      promptId: 'p-1',
      occurredAt: at,
      receivedAt: at + 2400,
    });
    expect(s.apply({ kind: 'event', event: done }).outcome).toBe('stale');
    expect(s.retry?.promptId).toBe('p-2~resume-1');
  });

  it.each(['turn.started', 'turn.completed', 'turn.failed'] as const)(
    "keeps a newer prompt's retry when an older prompt's late resume reports %s (queued behind it: reviews)",
    (type) => {
      const s = new Session();
      s.fail(0);
      const wake = s.dueWake();
      s.apply({ kind: 'wake', wake });
      s.apply({ kind: 'resume_result', wake, result: { kind: 'ok' } });
      s.now = T0 + 20_300;
      const p2 = { turnId: 't-2', promptId: 'p-2', occurredAt: T0 + 20_000, receivedAt: T0 + 20_200 };
      s.apply({ kind: 'event', event: turnFailed(p2) });
      s.now = T0 + 26_300;
      const late = { promptId: 'p-cap~resume-1', occurredAt: T0 + 26_000, receivedAt: T0 + 26_200 };
      const event = type === 'turn.failed' ? turnFailed(late) : turnEvent(type, late);
      expect(s.apply({ kind: 'event', event }).outcome).toBe('stale');
      expect(s.retry?.promptId).toBe('p-2~resume-1');
    },
  );

  it('supersedes a wait when the same prompt runs again as a new turn: its start, or its completion alone', () => {
    for (const type of ['turn.started', 'turn.completed'] as const) {
      const s = new Session();
      s.now = T0 + 100;
      s.apply({
        kind: 'event',
        event: turnFailed({ turnId: 't-7', promptId: 'p-cap', occurredAt: T0, receivedAt: T0 + 100 }),
      });
      s.now = T0 + 8100;
      const rerun = turnEvent(type, {
        turnId: 't-8',
        promptId: 'p-cap',
        occurredAt: T0 + 8000,
        receivedAt: T0 + 8100,
      });
      const d = s.apply({ kind: 'event', event: rerun });
      expect(d.events).toEqual([expect.objectContaining({ kind: 'auto_resume_skipped', why: 'superseded' })]);
      expect(s.retry).toBeNull();
    }
  });

  it("withdraws the old turn's attempt between tries when the same prompt, run again as a new turn, fails (a review)", () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed({ turnId: 't-7', promptId: 'p-cap', occurredAt: T0 }) });
    const wake7 = s.dueWake();
    s.apply({ kind: 'wake', wake: wake7 });
    s.apply({
      kind: 'resume_result',
      wake: wake7,
      result: { kind: 'retryable', detail: 'HTTP 503', status: 503 },
    });
    s.now += 2000;
    const rerun = turnFailed({ turnId: 't-8', promptId: 'p-cap', occurredAt: s.now });
    expect(s.apply({ kind: 'event', event: rerun }).events.map((e) => e.kind)).toEqual([
      'auto_resume_skipped',
      'auto_resume_scheduled',
    ]);
    s.now += 1000;
    const again = s.apply({ kind: 'wake', wake: wake7 });
    expect(again.effects.filter((e) => e.kind === 'resume')).toEqual([]);
    expect(s.retry).toMatchObject({ turnId: 't-8', promptId: 'p-cap~resume-1' });
  });

  it("waits for the old turn's POST before sending a re-run's attempt of the same prompt id (a review)", () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed({ turnId: 't-7', promptId: 'p-cap', occurredAt: T0 }) });
    const wake7 = s.dueWake();
    s.apply({ kind: 'wake', wake: wake7 });
    s.now += 1000;
    s.apply({
      kind: 'event',
      event: turnEvent('turn.started', { turnId: 't-8', promptId: 'p-cap', occurredAt: s.now }),
    });
    s.now += 1000;
    s.apply({ kind: 'event', event: turnFailed({ turnId: 't-8', promptId: 'p-cap', occurredAt: s.now }) });
    const wake8 = s.dueWake();
    // t-7's claim is still within its lease: t-8 is not sent beside it, and t-7's answer is its own.
    expect(s.apply({ kind: 'wake', wake: wake8 }).effects.filter((e) => e.kind === 'resume')).toEqual([]);
    const answer = s.apply({ kind: 'resume_result', wake: wake7, result: { kind: 'ok' } });
    expect(answer.events.map((e) => e.kind)).toEqual(['auto_resume_fired']);
    expect(s.retry).toMatchObject({ turnId: 't-8' });
  });

  it("drops the old turn's failure handled after the start of the same prompt run again (a review)", () => {
    const s = new Session();
    s.now = T0 + 3100;
    s.apply({
      kind: 'event',
      event: turnEvent('turn.started', { turnId: 't-8', promptId: 'p-cap', occurredAt: T0 + 3000 }),
    });
    const old = s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-7', promptId: 'p-cap', occurredAt: T0 }),
    });
    expect(old.outcome).toBe('stale');
    expect(s.retry).toBeNull();
  });

  it('writes nothing for the completion of a prompt whose start was handled', () => {
    const s = new Session();
    s.apply({
      kind: 'event',
      event: turnEvent('turn.started', { turnId: 't-1', promptId: 'p-1', occurredAt: T0 }),
    });
    const d = s.apply({
      kind: 'event',
      event: turnEvent('turn.completed', { turnId: 't-1', promptId: 'p-1', occurredAt: T0 + 5000 }),
    });
    expect(d.next).toBeNull();
  });
});

describe('wake-ups', () => {
  it('re-arms the rest of the wait when it wakes early', () => {
    const s = new Session();
    s.fail(0);
    const nextAt = s.retry?.nextAt ?? 0;
    s.now = nextAt - 40_000;
    const d = s.apply({ kind: 'wake', wake: wakeFor(1, { nextAt }) });
    expect(d.outcome).toBe('early');
    expect(d.next).toBeNull();
    expect(d.effects).toEqual([{ kind: 'arm', wake: wakeFor(1, { nextAt }), delayMs: 40_000 }]);
  });

  it('does nothing for a wake-up of attempt 2 while attempt 3 is armed', () => {
    const s = new Session();
    s.fail(0);
    s.fireArmed();
    s.fail(1);
    const stale = s.retry;
    s.fireArmed();
    s.fail(2);
    expect(s.retry?.attempt).toBe(3);
    const before = s.state;
    const d = s.apply({ kind: 'wake', wake: wakeFor(2, { nextAt: stale?.nextAt ?? 0 }) });
    expect(d).toEqual({ outcome: 'duplicate', next: null, events: [], effects: [] });
    expect(s.state).toBe(before);
  });

  it('claims the attempt once: a second wake-up at the same time finds it in flight', () => {
    const s = new Session();
    s.fail(0);
    const { wake, claim } = s.claimArmed();
    expect(claim.outcome).toBe('fire');
    expect(s.retry).toMatchObject({ attempt: 1 });
    expect(s.apply({ kind: 'wake', wake }).outcome).toBe('in_flight');
  });

  it('tries the same prompt id again after a retryable answer, then gives up after the bounded tries', () => {
    const s = new Session(compileRetryPolicy({ maxResumeTries: 3 }));
    s.fail(0);
    const wake = s.dueWake();
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const claim = s.apply({ kind: 'wake', wake });
      expect(claim.outcome).toBe('fire');
      const effect = claim.effects[0];
      if (effect?.kind === 'resume') sent.push(effect.call.promptId);
      const answer =
        i < 2
          ? { kind: 'retryable' as const, detail: 'no answer within 10000 ms' }
          : { kind: 'retryable' as const, detail: 'HTTP 503 {"error":"busy"}', status: 503 };
      s.apply({ kind: 'resume_result', wake, result: answer });
    }
    expect(sent).toEqual(['p-cap~resume-1', 'p-cap~resume-1', 'p-cap~resume-1']);
    const last = s.apply({ kind: 'wake', wake });
    expect(last.outcome).toBe('gave_up');
    // The last answer, not a bare 0: an agent that kept answering 503 says so.
    expect(s.log.at(-1)).toEqual(
      expect.objectContaining({
        kind: 'auto_resume_failed',
        attempt: 1,
        status: 503,
        detail: '3 tries, the last: HTTP 503 {"error":"busy"}',
        retry: null,
      }),
    );
    expect(s.apply({ kind: 'wake', wake }).outcome).toBe('duplicate');
  });

  it('keeps an agent answer it records redacted and cut to 160 characters', () => {
    const s = new Session(compileRetryPolicy({ maxResumeTries: 1 }));
    s.fail(0);
    const token = `sk-ant-api03-${'x'.repeat(40)}`;
    const { wake } = s.fireArmed({
      kind: 'retryable',
      detail: `HTTP 502 bad key ${token} ${'y'.repeat(400)}`,
      status: 502,
    });
    expect(s.apply({ kind: 'wake', wake }).outcome).toBe('gave_up');
    const failed = s.log.at(-1) as { kind: string; status: number; detail: string };
    expect(failed).toMatchObject({ kind: 'auto_resume_failed', status: 502 });
    expect(failed.detail).not.toContain(token);
    expect(failed.detail).toMatch(/^1 try, the last: HTTP 502 bad key \[REDACTED\]/);
    expect(failed.detail.length).toBeLessThan(220);
  });

  it('records a rejected resume once and ends the chain', () => {
    const s = new Session();
    s.fail(0);
    const { answer } = s.fireArmed({ kind: 'rejected', status: 404, detail: 'no such session' });
    expect(answer.outcome).toBe('resume_rejected');
    expect(s.log.at(-1)).toMatchObject({
      kind: 'auto_resume_failed',
      status: 404,
      detail: 'no such session',
    });
    expect(s.fail(1).outcome).toBe('stale');
  });

  it('records row_cleared once for a wake-up of an attempt the row no longer holds', () => {
    const s = new Session();
    const wake = wakeFor(2, { turnId: 't-old', promptId: 'p-old~resume-2' });
    expect(s.apply({ kind: 'wake', wake }).events).toEqual([
      expect.objectContaining({ kind: 'auto_resume_skipped', why: 'row_cleared' }),
    ]);
    expect(s.apply({ kind: 'wake', wake }).outcome).toBe('duplicate');
    expect(s.kinds()).toEqual(['auto_resume_skipped']);
  });

  it('stops further tries of an attempt in flight when the session is stopped, skipping it once', () => {
    const s = new Session();
    s.fail(0);
    const { wake } = s.claimArmed();
    const stop = s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: s.now + 1 }) });
    expect(stop.outcome).toBe('cancel_requested');
    expect(stop.events).toEqual([]);
    // Asked again (another tab, the CLI) while that POST is still under way: the same answer, not `recorded`.
    const again = s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: s.now + 2 }) });
    expect(again.outcome).toBe('cancel_requested');
    expect(again.events).toEqual([]);
    const answer = s.apply({ kind: 'resume_result', wake, result: { kind: 'retryable', detail: 'timeout' } });
    expect(answer.events).toEqual([expect.objectContaining({ kind: 'auto_resume_skipped', why: 'stopped' })]);
    s.now += 60_000;
    expect(s.apply({ kind: 'wake', wake }).outcome).toBe('duplicate');
    expect(s.kinds()).toEqual(['auto_resume_scheduled', 'auto_resume_skipped']);
  });

  it('records the fire, not a skip, when a stop comes after the POST went out and it lands', () => {
    const s = new Session();
    s.fail(0);
    const { wake } = s.claimArmed();
    s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: s.now + 1 }) });
    s.apply({ kind: 'resume_result', wake, result: { kind: 'ok' } });
    expect(s.kinds()).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
    expect(s.fail(1).outcome).toBe('stale');
  });

  it('skips a claimed attempt whose POST was held back by a stop', () => {
    const s = new Session();
    s.fail(0);
    const { wake } = s.claimArmed();
    s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: s.now + 1 }) });
    const held = s.apply({ kind: 'resume_result', wake, result: { kind: 'not_sent' } });
    expect(held.events).toEqual([expect.objectContaining({ kind: 'auto_resume_skipped', why: 'stopped' })]);
  });

  it('skips at once on a stop when a retryable answer has released the claim: nothing is under way', () => {
    const s = new Session();
    s.fail(0);
    const { wake } = s.fireArmed({ kind: 'retryable', detail: 'HTTP 503' });
    const stop = s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: s.now + 1 }) });
    expect(stop.outcome).toBe('skipped');
    expect(stop.events).toEqual([
      expect.objectContaining({ kind: 'auto_resume_skipped', why: 'stopped', attempt: 1, retry: null }),
    ]);
    s.now += 180_000;
    const again = s.apply({ kind: 'wake', wake });
    expect(again.outcome).toBe('duplicate');
    expect(again.effects).toEqual([]);
    expect(s.kinds()).toEqual(['auto_resume_scheduled', 'auto_resume_skipped']);
  });

  it.each([
    ['fails', () => turnFailed({ turnId: 't-8', promptId: 'p-new', occurredAt: T0 + 60_000 })],
    [
      'starts',
      () => turnEvent('turn.started', { turnId: 't-8', promptId: 'p-new', occurredAt: T0 + 60_000 }),
    ],
  ])('supersedes at once an older attempt waiting to be sent again when a newer prompt %s', (_, newer) => {
    const s = new Session();
    s.fail(0);
    const { wake } = s.fireArmed({ kind: 'retryable', detail: 'HTTP 503' });
    const d = s.apply({ kind: 'event', event: newer() });
    expect(d.events[0]).toMatchObject({
      kind: 'auto_resume_skipped',
      why: 'superseded',
      promptId: 'p-cap~resume-1',
    });
    s.now += 180_000;
    const again = s.apply({ kind: 'wake', wake });
    expect(again.effects).toEqual([]);
    expect(s.kinds().filter((k) => k === 'auto_resume_skipped')).toHaveLength(1);
  });

  it('skips an older attempt whose POST was under way when a newer prompt failed, unless that POST landed', () => {
    const s = new Session();
    s.fail(0);
    const { wake } = s.claimArmed();
    const newer = s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-8', promptId: 'p-new', occurredAt: s.now + 1 }),
    });
    expect(newer.events.map((e) => e.kind)).toEqual(['auto_resume_scheduled']);
    const answer = s.apply({ kind: 'resume_result', wake, result: { kind: 'retryable', detail: 'timeout' } });
    expect(answer.events).toEqual([
      expect.objectContaining({ kind: 'auto_resume_skipped', why: 'superseded', promptId: 'p-cap~resume-1' }),
    ]);
    s.now += 180_000;
    expect(s.apply({ kind: 'wake', wake }).effects).toEqual([]);
    expect(s.retry?.promptId).toBe('p-new~resume-1');
  });

  it('lets a newer chain wait while an older attempt is still in flight', () => {
    const s = new Session();
    s.fail(0);
    const { wake } = s.claimArmed();
    s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-8', promptId: 'p-new', occurredAt: s.now + 1 }),
    });
    expect(s.retry?.promptId).toBe('p-new~resume-1');
    s.apply({ kind: 'resume_result', wake, result: { kind: 'ok' } });
    expect(s.kinds()).toEqual(['auto_resume_scheduled', 'auto_resume_scheduled', 'auto_resume_fired']);
    expect(s.retry?.promptId).toBe('p-new~resume-1');
  });

  // A review (slow calls): the newer prompt's claim overwrote the older attempt in flight, which then never got an
  // outcome, though the agent took it.
  it('claims a newer prompt only once the older attempt in flight is settled: it waits out the older lease', () => {
    const s = new Session();
    s.fail(0);
    const { wake } = s.claimArmed();
    const claimedAt = s.now;
    s.apply({
      kind: 'event',
      event: turnFailed({ turnId: 't-8', promptId: 'p-new', occurredAt: s.now - 5_000 }),
    });
    const newer = s.retry;
    if (!newer) throw new Error('p-new should be armed');
    s.now = Math.max(s.now, newer.nextAt);
    const newerWake = wakeFor(1, { turnId: 't-8', promptId: 'p-new~resume-1', nextAt: newer.nextAt });
    const early = s.apply({ kind: 'wake', wake: newerWake });
    expect(early.outcome).toBe('early');
    expect(early.next).toBeNull();
    expect(early.effects).toEqual([
      { kind: 'arm', wake: newerWake, delayMs: claimedAt + DEFAULT_POLICY.resumeLeaseMs - s.now },
    ]);
    // The older POST lands: its own outcome. Then the newer one goes.
    s.apply({ kind: 'resume_result', wake, result: { kind: 'ok' } });
    s.now = claimedAt + DEFAULT_POLICY.resumeLeaseMs;
    expect(s.apply({ kind: 'wake', wake: newerWake }).outcome).toBe('fire');
    expect(s.log.map((e) => `${e.kind} ${'promptId' in e ? e.promptId : ''}`)).toEqual([
      'auto_resume_scheduled p-cap~resume-1',
      'auto_resume_scheduled p-new~resume-1',
      'auto_resume_fired p-cap~resume-1',
    ]);
  });

  it("settles an older attempt whose claim ran out unanswered as skipped, in the newer claim's own write", () => {
    const s = new Session();
    s.fail(0);
    s.claimArmed();
    s.apply({ kind: 'event', event: turnFailed({ turnId: 't-8', promptId: 'p-new', occurredAt: s.now }) });
    const newer = s.retry;
    if (!newer) throw new Error('p-new should be armed');
    s.now += DEFAULT_POLICY.resumeLeaseMs;
    const d = s.apply({
      kind: 'wake',
      wake: wakeFor(1, { turnId: 't-8', promptId: 'p-new~resume-1', nextAt: newer.nextAt }),
    });
    expect(d.outcome).toBe('fire');
    expect(d.events).toEqual([
      expect.objectContaining({ kind: 'auto_resume_skipped', why: 'superseded', promptId: 'p-cap~resume-1' }),
    ]);
    expect(d.next?.inFlight?.promptId).toBe('p-new~resume-1');
  });
});
