// The resumed turn's own webhooks settle an attempt whose POST answer was lost (bug 24), without touching the
// chain of a newer prompt: an older prompt's resumed turn may report in after a newer prompt failed.
import { describe, expect, it } from 'vitest';
import type { TurnEvent } from '../../shared/core/types';
import { turnEvent, turnFailed, wakeFor } from '../support/events';
import { SessionDriver } from '../support/session-driver';

const CAP = { message: 'API Error: 503 no non-exhausted claude accounts available', status: 503 };

/** p-a fails and its attempt 1 is claimed (its POST under way); then p-b starts and fails, arming its attempt 1. */
function olderClaimedNewerArmed() {
  const s = new SessionDriver();
  const ev = (type: TurnEvent['type'], turnId: string, promptId: string, extra: Partial<TurnEvent> = {}) =>
    s.apply({ kind: 'event', event: turnEvent(type, { turnId, promptId, occurredAt: s.now, ...extra }) });
  s.apply({
    kind: 'event',
    event: turnFailed({ turnId: 't-a', promptId: 'p-a', error: CAP, occurredAt: s.now }),
  });
  const a = s.retry;
  if (!a) throw new Error('p-a not armed');
  s.now = a.nextAt;
  const wakeA = wakeFor(1, { turnId: 't-a', promptId: 'p-a~resume-1', nextAt: a.nextAt });
  expect(s.apply({ kind: 'wake', wake: wakeA }).outcome).toBe('fire');
  s.now += 1000;
  ev('turn.started', 't-b', 'p-b');
  s.now += 1000;
  expect(ev('turn.failed', 't-b', 'p-b', { error: CAP }).outcome).toBe('scheduled');
  s.now += 1000;
  return { s, ev };
}

describe("an older prompt's resumed turn reporting in after a newer prompt failed", () => {
  it("settles its attempt by its completion and leaves the newer prompt's chain and pacer alone", () => {
    const { s, ev } = olderClaimedNewerArmed();
    const done = ev('turn.completed', 't-a', 'p-a~resume-1');
    expect(done.events.map((e) => e.kind)).toEqual(['auto_resume_fired']);
    expect(done.report).toBeUndefined();
    expect(s.retry).toMatchObject({ promptId: 'p-b~resume-1' });
    // p-b's attempt 1 fires, and its resumed turn fails again: SPEC, attempt 2.
    const b = s.retry;
    if (!b) throw new Error('p-b not armed');
    s.now = b.nextAt;
    const wakeB = wakeFor(1, { turnId: 't-b', promptId: 'p-b~resume-1', nextAt: b.nextAt });
    expect(s.apply({ kind: 'wake', wake: wakeB }).outcome).toBe('fire');
    expect(s.apply({ kind: 'resume_result', wake: wakeB, result: { kind: 'ok' } }).outcome).toBe('fired');
    s.now += 5000;
    expect(ev('turn.failed', 't-b', 'p-b~resume-1', { error: CAP }).outcome).toBe('scheduled');
  });

  it("settles its attempt by its start and leaves the newer prompt's retry, as its completion does (a review)", () => {
    // The start is of the resumer's own resume of the older prompt, no newer prompt of the user's: it once
    // superseded p-b's retry, which was then never sent.
    const { s, ev } = olderClaimedNewerArmed();
    const started = ev('turn.started', 't-a', 'p-a~resume-1');
    expect(started.events.map((e) => e.kind)).toEqual(['auto_resume_fired']);
    expect(s.retry).toMatchObject({ promptId: 'p-b~resume-1' });
  });
});
