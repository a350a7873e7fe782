import type { LoggedEvent } from '../core/types';
import type { EventSink, RetryStore, SessionChanged } from '../ports';

/** Counts of what happened, by event kind (the dashboard's tiles). */
export type ActivityCounters = {
  scheduled: number;
  fired: number;
  skipped: number;
  exhausted: number;
  notRetried: number;
  failed: number;
  /** Chains or attempts ended because a failure or a wake-up came over the late bound (a machine asleep). */
  late: number;
};

/** What `GET /activity` answers: the newest events across sessions, newest first, and the counters. */
export type Activity = { events: LoggedEvent[]; counters: ActivityCounters };

const COUNTER_OF: Partial<Record<LoggedEvent['kind'], keyof ActivityCounters>> = {
  auto_resume_scheduled: 'scheduled',
  auto_resume_fired: 'fired',
  auto_resume_skipped: 'skipped',
  auto_resume_exhausted: 'exhausted',
  turn_failure_not_retried: 'notRetried',
  auto_resume_failed: 'failed',
};

/** Events kept for `GET /activity`. */
export const ACTIVITY_SIZE = 100;

/**
 * The local EventSink: every `session_changed` goes to the subscribers (the server-sent event streams) and into
 * a ring of the newest events with running counters.
 */
export class SessionFeed implements EventSink {
  readonly #subscribers = new Set<(change: SessionChanged) => void>();
  readonly #counters: ActivityCounters = {
    scheduled: 0,
    fired: 0,
    skipped: 0,
    exhausted: 0,
    notRetried: 0,
    failed: 0,
    late: 0,
  };
  #recent: LoggedEvent[] = [];

  async publish(changes: readonly SessionChanged[]): Promise<void> {
    this.#record(changes.map((change) => change.event));
    for (const change of changes) {
      for (const subscriber of this.#subscribers) subscriber(change);
    }
  }

  /** Calls `listener` with every change from now on; returns the unsubscribe. */
  subscribe(listener: (change: SessionChanged) => void): () => void {
    this.#subscribers.add(listener);
    return () => this.#subscribers.delete(listener);
  }

  /** The newest events, newest first, and the counters. */
  activity(): Activity {
    return { events: this.#recent.map((event) => ({ ...event })), counters: { ...this.#counters } };
  }

  /** Rebuilds the ring and counters from every event the store holds, so a restart shows the same history. */
  async rebuild(store: RetryStore, sessionIds: readonly string[]): Promise<void> {
    for (const sessionId of sessionIds) {
      let cursor: string | undefined;
      do {
        const page = await store.events(sessionId, { limit: 500, ...(cursor ? { cursor } : {}) });
        this.#record(page.items);
        cursor = page.cursor;
      } while (cursor);
    }
  }

  #record(events: readonly LoggedEvent[]): void {
    for (const event of events) {
      // Ended for coming too late (`late`), not refused by the agent or run out: a tile of its own.
      const counter = 'late' in event && event.late ? 'late' : COUNTER_OF[event.kind];
      if (counter) this.#counters[counter]++;
    }
    this.#recent = [...events, ...this.#recent].sort(newestFirst).slice(0, ACTIVITY_SIZE);
  }
}

function newestFirst(a: LoggedEvent, b: LoggedEvent): number {
  return b.at - a.at || b.seq - a.seq || (a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0);
}
