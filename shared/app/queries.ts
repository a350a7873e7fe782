import { retrySummary, sendingOf } from '../core/session-state';
import type { LoggedEvent } from '../core/types';
import type { Page, RetryStore, SessionView } from '../ports';

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
