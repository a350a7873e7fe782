import type { TurnEvent, WakeMessage } from '../../shared/core/types';

/** A fixed instant the tests count from: 2026-11-30T12:00:00Z. */
export const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);

/** The SR2 gateway's 503 when its account pool is empty. */
export const CAPACITY_503 = 'API Error: 503 no non-exhausted claude accounts available';

/** A turn.failed event with a capacity error unless overridden. */
export function turnFailed(overrides: Partial<TurnEvent> = {}): TurnEvent {
  return {
    type: 'turn.failed',
    sessionId: 's-42',
    turnId: 't-7',
    promptId: 'p-cap',
    agentSessionId: 'a-9',
    occurredAt: T0,
    error: { message: CAPACITY_503, status: 503 },
    ...overrides,
  };
}

/** A turn.failed event with a sign-in error. */
export function authFailed(overrides: Partial<TurnEvent> = {}): TurnEvent {
  return turnFailed({
    error: {
      message:
        'API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"Invalid bearer token"}}',
      status: 401,
    },
    ...overrides,
  });
}

/** Any other turn event of session s-42. */
export function turnEvent(type: TurnEvent['type'], overrides: Partial<TurnEvent> = {}): TurnEvent {
  return { type, sessionId: 's-42', turnId: 't-7', promptId: 'p-cap', occurredAt: T0, ...overrides };
}

/** A wake message for attempt `attempt` of p-cap in turn t-7. */
export function wakeFor(attempt: number, overrides: Partial<WakeMessage> = {}): WakeMessage {
  return {
    sessionId: 's-42',
    turnId: 't-7',
    attempt,
    promptId: `p-cap~resume-${attempt}`,
    nextAt: T0,
    ...overrides,
  };
}
