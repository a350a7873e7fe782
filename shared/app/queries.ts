import { type Pending, retrySummary } from '../core/session-state';
import type { LoggedEvent } from '../core/types';
import type { Page, RetryStore, Sending, SessionView } from '../ports';

/** A session as the read API shows it; `null` for a session never seen. */
export async function getSession(store: RetryStore, sessionId: string): Promise<SessionView | null> {
  const state = await store.load(sessionId);
  if (state.version === 0) return null;
  const view: SessionView = {
    sessionId,
    retry: retrySummary(state),
    lastEvent: state.lastEvent,
    updatedAt: state.updatedAt,
  };
  const sending = sendingOf(state.inFlight);
  return sending ? { ...view, sending } : view;
}

/**
 * The attempt in flight as the view shows it. One a stop (close, newer prompt) withdrew while its POST was under
 * way is still shown, `stopRequested`: the stop answered `cancel_requested`, and the resume may yet land.
 */
function sendingOf(inFlight: Pending | null): Sending | undefined {
  if (!inFlight) return undefined;
  const { attempt, of, promptId, turnId, tries, lastAnswer, cancelled } = inFlight;
  return {
    attempt,
    of,
    promptId,
    turnId,
    tries,
    ...(lastAnswer ? { lastAnswer } : {}),
    ...(cancelled ? { stopRequested: true as const } : {}),
  };
}

/** Sessions with a retry waiting, soonest first. */
export function listWaiting(
  store: RetryStore,
  page?: { limit?: number; cursor?: string },
): Promise<Page<SessionView>> {
  return store.waiting(page);
}

/** A session's event log, oldest first. */
export function listEvents(
  store: RetryStore,
  sessionId: string,
  page?: { limit?: number; cursor?: string },
): Promise<Page<LoggedEvent>> {
  return store.events(sessionId, page);
}
