// Factories for domain fixtures: sensible defaults, with whatever a test cares about passed as overrides.
import {
  emptySession,
  type Pending,
  PendingPhase,
  retrySummary,
  type SessionState,
} from '../../shared/core/session-state';
import type { SessionEvent } from '../../shared/core/types';
import { CAPACITY_503, T0 } from './events';

/** An armed attempt 1 of 4 for turn `t-7` of prompt `p-cap`, due 10 s after T0. */
export function pending(overrides: Partial<Pending> = {}): Pending {
  const base = overrides.base ?? 'p-cap';
  const attempt = overrides.attempt ?? 1;
  return {
    turnId: 't-7',
    base,
    attempt,
    of: 4,
    reason: 'capacity',
    class: 'capacity',
    nextAt: T0 + 10_000,
    promptId: `${base}~resume-${attempt}`,
    phase: PendingPhase.armed,
    failedAt: T0,
    error: CAPACITY_503,
    tries: 0,
    claimedAt: null,
    ...overrides,
  };
}

/** A stored session at version 1 with nothing waiting; arm it with `{ pending: pending({...}) }`. */
export function sessionState(overrides: Partial<SessionState> = {}): SessionState {
  return { ...emptySession(overrides.sessionId ?? 's-42'), version: 1, updatedAt: T0, ...overrides };
}

/** The `auto_resume_scheduled` event that arming `p` logs. */
export function scheduledEvent(p: Pending = pending()): SessionEvent {
  return {
    kind: 'auto_resume_scheduled',
    attempt: p.attempt,
    of: p.of,
    reason: p.reason,
    nextAt: p.nextAt,
    promptId: p.promptId,
    turnId: p.turnId,
    retry: retrySummary({ pending: p, inFlight: null }),
    class: p.class,
    error: p.error,
  };
}

/** The `auto_resume_fired` event of attempt `p`. */
export function firedEvent(p: Pending = pending()): SessionEvent {
  return {
    kind: 'auto_resume_fired',
    attempt: p.attempt,
    promptId: p.promptId,
    turnId: p.turnId,
    retry: null,
  };
}
