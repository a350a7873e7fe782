import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../shared/core/policy';
import { dueArmedAttempt } from '../../shared/core/session-machine';
import { authFailed, T0, turnEvent, turnFailed, wakeFor } from '../support/events';
import { SessionDriver } from '../support/session-driver';

const Session = SessionDriver;

const GATEWAY_503 =
  'API Error: 503 {"error":{"type":"service_unavailable","message":"no non-exhausted claude accounts available"}} (sr2-gateway at 127.0.0.1:4016)';

describe('a due attempt held by the pacer', () => {
  it('moves nextAt to the hold, shows why on the row and arms the wake-up for then, spending nothing', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed() });
    const dueAt = s.retry?.nextAt ?? 0;
    const d = s.wakeArmed({ untilMs: dueAt + 45_000, why: 'probing' });

    expect(d.outcome).toBe('held');
    expect(d.effects).toEqual([
      { kind: 'arm', wake: wakeFor(1, { nextAt: dueAt + 45_000 }), delayMs: 45_000 },
    ]);
    expect(s.retry).toEqual({
      attempt: 1,
      of: 4,
      reason: 'capacity',
      nextAt: dueAt + 45_000,
      promptId: 'p-cap~resume-1',
      turnId: 't-7',
      waiting: 'probing',
    });
    expect(s.state.inFlight).toBeNull();
    expect(s.state.pending?.tries).toBe(0);
    expect(s.state.pending).toMatchObject({ held: 'probing', heldAt: dueAt });
  });

  it('logs auto_resume_held once per attempt, however often it is held', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed() });
    const first = s.wakeArmed({ untilMs: T0 + 60_000, why: 'probing' });
    const second = s.wakeArmed({ untilMs: T0 + 120_000, why: 'paced' });

    expect(first.events).toEqual([
      {
        kind: 'auto_resume_held',
        why: 'probing',
        attempt: 1,
        promptId: 'p-cap~resume-1',
        turnId: 't-7',
        nextAt: T0 + 60_000,
        retry: expect.objectContaining({ nextAt: T0 + 60_000, waiting: 'probing' }),
      },
    ]);
    expect(second.outcome).toBe('held');
    expect(second.events).toEqual([]);
    expect(s.retry).toMatchObject({ attempt: 1, nextAt: T0 + 120_000, waiting: 'paced' });
    expect(s.state.lastEvent?.kind).toBe('auto_resume_held');
  });

  it('fires the same attempt when the wake-up at the new time is let through', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed() });
    s.wakeArmed({ untilMs: T0 + 60_000, why: 'paced' });
    const d = s.wakeArmed();
    expect(d.outcome).toBe('fire');
    expect(d.effects[0]).toMatchObject({ kind: 'resume', call: { promptId: 'p-cap~resume-1', attempt: 1 } });
    // Being sent, the attempt is still the row (without the hold), until its answer.
    expect(s.retry).toMatchObject({ attempt: 1, promptId: 'p-cap~resume-1' });
    expect(s.retry).not.toHaveProperty('waiting');
  });

  it('ignores the hold of an early wake-up: it re-arms for the attempt time as before', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed() });
    const nextAt = s.retry?.nextAt ?? 0;
    s.now = nextAt - 5_000;
    const d = s.apply({
      kind: 'wake',
      wake: wakeFor(1, { nextAt }),
      hold: { untilMs: nextAt + 1, why: 'paced' },
    });
    expect(d).toMatchObject({ outcome: 'early', next: null });
  });

  it('ignores a hold for a wake-up whose attempt is no longer armed', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed() });
    s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: T0 + 1 }) });
    s.now = T0 + 20_000;
    const d = s.apply({ kind: 'wake', wake: wakeFor(1), hold: { untilMs: T0 + 99_000, why: 'probing' } });
    expect(d.outcome).toBe('duplicate');
  });

  it('is skipped by a stop like any waiting attempt, and its wake-up disarmed', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed() });
    s.wakeArmed({ untilMs: T0 + 60_000, why: 'probing' });
    const d = s.apply({ kind: 'event', event: turnEvent('session.stopped', { occurredAt: s.now }) });
    expect(d.events).toEqual([expect.objectContaining({ kind: 'auto_resume_skipped', why: 'stopped' })]);
    expect(d.effects).toEqual([{ kind: 'disarm', wake: wakeFor(1, { nextAt: T0 + 60_000 }) }]);
  });
});

describe('what the pacer hears from the machine', () => {
  it('stores the upstream of the failure on the attempt and the chain, and reports the failure as transient', () => {
    const s = new Session();
    s.now = T0 + 2_000;
    const d = s.apply({
      kind: 'event',
      event: turnFailed({ occurredAt: T0, error: { message: GATEWAY_503, status: 503 } }),
    });
    // When it happened, not when it came: a late one (a backlog, a redrive) says nothing about the upstream now.
    expect(d.report).toEqual({ upstream: '127.0.0.1:4016', outcome: 'transient', failedAt: T0 });
    // With the time the webhook was accepted, that one: a sender's clock a minute behind is not a late failure.
    const stamped = new Session();
    stamped.now = T0 + 61_500;
    const event = turnFailed({
      occurredAt: T0,
      receivedAt: T0 + 61_000,
      error: { message: GATEWAY_503, status: 503 },
    });
    expect(stamped.apply({ kind: 'event', event }).report).toMatchObject({ failedAt: T0 + 61_000 });
    expect(s.state.pending?.upstream).toBe('127.0.0.1:4016');
    expect(s.state.chain?.upstream).toBe('127.0.0.1:4016');
  });

  it('paces by the upstream the sender names over the one the text names', () => {
    const s = new Session();
    const error = { message: GATEWAY_503, status: 503, upstream: 'Pool-EU-1' };
    const d = s.apply({ kind: 'event', event: turnFailed({ error }) });
    expect(d.report).toEqual({ upstream: 'pool-eu-1', outcome: 'transient', failedAt: T0 });
    expect(s.state.pending?.upstream).toBe('pool-eu-1');
    expect(s.state.chain?.upstream).toBe('pool-eu-1');
  });

  it('reports a resumed turn that completed as ok on its chain upstream', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed({ error: { message: GATEWAY_503, status: 503 } }) });
    s.wakeArmed();
    const sentAt = s.now;
    s.now += 5_000;
    const d = s.apply({ kind: 'event', event: turnEvent('turn.completed', { promptId: 'p-cap~resume-1' }) });
    expect(d.report).toEqual({ upstream: '127.0.0.1:4016', outcome: 'ok', sentAt });
  });

  it('reports when the resume went out once its answer is recorded, too', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed({ error: { message: GATEWAY_503, status: 503 } }) });
    const { claim } = s.fireArmed({ kind: 'ok' });
    const sentAt = claim.next?.inFlight?.claimedAt;
    s.now += 60_000;
    const d = s.apply({ kind: 'event', event: turnEvent('turn.completed', { promptId: 'p-cap~resume-1' }) });
    expect(sentAt).toBeDefined();
    expect(d.report).toEqual({ upstream: '127.0.0.1:4016', outcome: 'ok', sentAt });
  });

  it('reports nothing for a duplicate failure, a failure that is not transient, or a first prompt completing', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed() });
    expect(s.apply({ kind: 'event', event: turnFailed() }).report).toBeUndefined();
    const other = new Session();
    expect(other.apply({ kind: 'event', event: authFailed() }).report).toBeUndefined();
    const agentDied = new Session();
    const died = agentDied.apply({
      kind: 'event',
      event: turnFailed({ error: { message: 'agent process exited with code 137', agentExited: true } }),
    });
    expect(died.outcome).toBe('scheduled');
    expect(died.report).toBeUndefined();
    const s2 = new Session();
    s2.apply({ kind: 'event', event: turnFailed() });
    expect(s2.apply({ kind: 'event', event: turnEvent('turn.completed') }).report).toBeUndefined();
  });

  it('reports the failure that exhausts the chain as transient too', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed() });
    for (let attempt = 1; attempt <= 4; attempt++) {
      s.wakeArmed();
      const d = s.apply({
        kind: 'event',
        event: turnFailed({ promptId: `p-cap~resume-${attempt}`, occurredAt: s.now }),
      });
      expect(d.report).toEqual({ upstream: 'anthropic', outcome: 'transient', failedAt: s.now });
    }
    expect(s.log.at(-1)?.kind).toBe('auto_resume_exhausted');
  });

  it('finds the due armed attempt only for its own wake-up at its time', () => {
    const s = new Session();
    s.apply({ kind: 'event', event: turnFailed() });
    const nextAt = s.retry?.nextAt ?? 0;
    const ctx = (now: number) => ({ now, policy: DEFAULT_POLICY });
    expect(dueArmedAttempt(s.state, wakeFor(1, { nextAt }), ctx(nextAt))?.promptId).toBe('p-cap~resume-1');
    expect(dueArmedAttempt(s.state, wakeFor(1, { nextAt }), ctx(nextAt - 5_000))).toBeNull();
    expect(dueArmedAttempt(s.state, wakeFor(2, { nextAt }), ctx(nextAt))).toBeNull();
  });
});
