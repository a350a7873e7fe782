import { assertSessionId, SESSION_ID_PATTERN } from '../../core/session-id';
import { emptySession, retrySummary, type SessionState, sessionView } from '../../core/session-state';
import type { LoggedEvent } from '../../core/types';
import type { CommitResult, Page, RetryStore, SessionView } from '../../ports';

/** Session ids as SPEC.md defines them; checked here too so the contract behaves the same as DynamoDB's keys. */
const EVENTS_LIMIT = { fallback: 100, max: 500 } as const;
const WAITING_LIMIT = { fallback: 50, max: 500 } as const;

type EventCursor = { sessionId: string; seq: number };
type WaitingCursor = { nextAt: number; sessionId: string };

/** The RetryStore in process memory, with DynamoRetryStore's semantics; values are copied in and out. */
export class MemoryRetryStore implements RetryStore {
  readonly #rows = new Map<string, SessionState>();
  /** Per session, ordered by `seq`. */
  readonly #logs = new Map<string, LoggedEvent[]>();

  async load(sessionId: string): Promise<SessionState> {
    assertSessionId(sessionId);
    const row = this.#rows.get(sessionId);
    return row ? structuredClone(row) : emptySession(sessionId);
  }

  async commit(next: SessionState, events: readonly LoggedEvent[]): Promise<CommitResult> {
    const { sessionId, version } = next;
    assertSessionId(sessionId);
    if (!Number.isSafeInteger(version) || version < 1) {
      throw new Error(`cannot commit version ${version}: expected a whole number >= 1`);
    }
    const log = this.#logs.get(sessionId) ?? [];
    const seen = new Set(log.map((e) => e.seq));
    const batch = new Set<number>();
    for (const event of events) {
      if (event.sessionId !== sessionId) {
        throw new Error(`event seq ${event.seq} belongs to session ${event.sessionId}, not ${sessionId}`);
      }
      if (!Number.isSafeInteger(event.seq) || event.seq < 0 || batch.has(event.seq)) {
        throw new Error(`invalid or repeated event seq ${event.seq}`);
      }
      batch.add(event.seq);
    }
    // Both checks before any write: a lost commit leaves neither the row nor the log changed.
    if ((this.#rows.get(sessionId)?.version ?? 0) !== version - 1) return { kind: 'conflict' };
    if ([...batch].some((seq) => seen.has(seq))) return { kind: 'conflict' };
    this.#rows.set(sessionId, structuredClone(next));
    this.#logs.set(
      sessionId,
      [...log, ...structuredClone(events)].sort((a, b) => a.seq - b.seq),
    );
    return { kind: 'committed' };
  }

  /**
   * Every session's state and whole log as stored, without copies: cheap to take, and a consistent picture of the
   * moment, since a commit replaces a session's values and never changes them. For reading only.
   */
  storedSessions(): Array<{ state: SessionState; events: readonly LoggedEvent[] }> {
    return [...this.#rows].map(([sessionId, state]) => ({ state, events: this.#logs.get(sessionId) ?? [] }));
  }

  /**
   * Puts a session back whole, as a compacted file holds it: its state at its version and its whole log, with no
   * fence (the file replaying it is the only writer).
   */
  restore(state: SessionState, events: readonly LoggedEvent[]): void {
    assertSessionId(state.sessionId);
    this.#rows.set(state.sessionId, structuredClone(state));
    this.#logs.set(
      state.sessionId,
      structuredClone([...events]).sort((a, b) => a.seq - b.seq),
    );
  }

  async events(
    sessionId: string,
    page: { limit?: number; cursor?: string } = {},
  ): Promise<Page<LoggedEvent>> {
    assertSessionId(sessionId);
    const limit = pageLimit(page.limit, EVENTS_LIMIT);
    const after = page.cursor === undefined ? -1 : decodeCursor(page.cursor, isEventCursor(sessionId)).seq;
    const rest = (this.#logs.get(sessionId) ?? []).filter((e) => e.seq > after);
    const items = structuredClone(rest.slice(0, limit));
    const last = items[items.length - 1];
    const cursor = rest.length > limit && last ? encodeCursor({ sessionId, seq: last.seq }) : undefined;
    return { items, cursor };
  }

  async waiting(page: { limit?: number; cursor?: string } = {}): Promise<Page<SessionView>> {
    const limit = pageLimit(page.limit, WAITING_LIMIT);
    const after = page.cursor === undefined ? undefined : decodeCursor(page.cursor, isWaitingCursor);
    const listed = [...this.#rows.values()]
      .flatMap((state) => {
        const retry = retrySummary(state);
        return retry ? [{ state, key: { nextAt: retry.nextAt, sessionId: state.sessionId } }] : [];
      })
      .sort((a, b) => compareWaiting(a.key, b.key))
      .filter((entry) => after === undefined || compareWaiting(entry.key, after) > 0);
    const kept = listed.slice(0, limit);
    const last = kept[kept.length - 1];
    const items = kept.map(({ state }) => structuredClone(sessionView(state)));
    return { items, cursor: listed.length > limit && last ? encodeCursor(last.key) : undefined };
  }
}

function compareWaiting(a: WaitingCursor, b: WaitingCursor): number {
  if (a.nextAt !== b.nextAt) return a.nextAt - b.nextAt;
  return a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0;
}

function pageLimit(limit: number | undefined, bounds: { fallback: number; max: number }): number {
  if (limit === undefined) return bounds.fallback;
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new Error(`invalid limit ${limit}: expected a whole number >= 1`);
  return Math.min(limit, bounds.max);
}

function encodeCursor(key: EventCursor | WaitingCursor): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

function decodeCursor<T extends Record<string, unknown>>(
  cursor: string,
  valid: (value: Record<string, unknown>) => value is T,
): T {
  let value: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,2048}$/.test(cursor)) throw new Error('not base64url');
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new Error('invalid cursor');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('invalid cursor');
  if (!valid(value as Record<string, unknown>)) throw new Error('invalid cursor');
  return value as T;
}

function isEventCursor(sessionId: string) {
  return (value: Record<string, unknown>): value is EventCursor =>
    Object.keys(value).length === 2 && value.sessionId === sessionId && Number.isSafeInteger(value.seq);
}

function isWaitingCursor(value: Record<string, unknown>): value is WaitingCursor {
  return (
    Object.keys(value).length === 2 &&
    Number.isFinite(value.nextAt) &&
    typeof value.sessionId === 'string' &&
    SESSION_ID_PATTERN.test(value.sessionId)
  );
}
