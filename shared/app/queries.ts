import { sessionView } from '../core/session-state';
import type { LoggedEvent } from '../core/types';
import type { Page, RetryStore, SessionView } from '../ports';

/** A session as the read API shows it; `null` for a session never seen. */
export async function getSession(store: RetryStore, sessionId: string): Promise<SessionView | null> {
  const state = await store.load(sessionId);
  if (state.version === 0) return null;
  return sessionView(state);
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
