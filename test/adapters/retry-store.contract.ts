// One spec for every RetryStore: the memory stand-in and DynamoDB must behave the same.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  emptySession,
  logEntries,
  PendingPhase,
  retrySummary,
  type SessionState,
} from '../../shared/core/session-state';
import type { LoggedEvent, SessionEvent } from '../../shared/core/types';
import type { Page, RetryStore } from '../../shared/ports';
import { T0 } from '../support/events';
import { firedEvent, pending, scheduledEvent, sessionState } from '../support/factories';

export type StoreFixture = { store: RetryStore; cleanup: () => Promise<void> };

/** Registers the RetryStore contract suite for one implementation; `makeStore` gives each test a fresh, empty store. */
export function describeRetryStoreContract(name: string, makeStore: () => Promise<StoreFixture>): void {
  describe(`${name} (RetryStore contract)`, () => {
    let store: RetryStore;
    let cleanup: (() => Promise<void>) | undefined;

    beforeEach(async () => {
      ({ store, cleanup } = await makeStore());
    });
    afterEach(async () => {
      await cleanup?.();
      cleanup = undefined;
    });

    /** Commits `state` with its events logged the way the use cases log them. */
    async function commit(state: SessionState, events: SessionEvent[] = []) {
      const logged = logEntries(state, events);
      return { result: await store.commit(state, logged), logged };
    }

    it('loads an empty session for an unknown id', async () => {
      expect(await store.load('s-unknown')).toStrictEqual(emptySession('s-unknown'));
    });

    it('a first commit at version 1 lands and a second first-commit conflicts', async () => {
      const first = sessionState({ version: 1, updatedAt: T0 });
      const rival = sessionState({ version: 1, updatedAt: T0 + 1, closed: true });

      expect((await commit(first, [firedEvent()])).result).toEqual({ kind: 'committed' });
      expect(await store.commit(rival, [])).toEqual({ kind: 'conflict' });
      expect(await store.load(first.sessionId)).toEqual(first);
    });

    it('a commit with a stale version returns conflict and leaves the stored state and log untouched', async () => {
      const v1 = sessionState({ version: 1 });
      const v2 = sessionState({ version: 2, pending: pending(), updatedAt: T0 + 5 });
      await commit(v1, [firedEvent()]);
      const { logged } = await commit(v2, [scheduledEvent()]);
      const before = await store.events(v2.sessionId);

      // Events at fresh seqs, so only the row's fence can stop them: the write must be all or nothing.
      const fresh = (state: SessionState, seq: number): LoggedEvent[] =>
        logEntries(state, [firedEvent()]).map((e) => ({ ...e, seq }));
      const staleV2 = sessionState({ version: 2, closed: true, updatedAt: T0 + 9 });
      const skipAhead = sessionState({ version: 5, closed: true, updatedAt: T0 + 9 });
      expect(await store.commit(staleV2, fresh(staleV2, 250))).toEqual({ kind: 'conflict' });
      expect(await store.commit(skipAhead, fresh(skipAhead, 550))).toEqual({ kind: 'conflict' });
      expect(await store.commit(staleV2, [])).toEqual({ kind: 'conflict' });

      expect(await store.load(v2.sessionId)).toEqual(v2);
      expect(await store.events(v2.sessionId)).toEqual(before);
      expect(before.items.map((e) => e.seq)).toEqual([100, logged[0]?.seq]);
    });

    it('events come back in seq order with pagination', async () => {
      const expected: LoggedEvent[] = [];
      for (let version = 1; version <= 5; version++) {
        const state = sessionState({ version, updatedAt: T0 + version });
        const events = Array.from({ length: 1 + (version % 3) }, (_, i) =>
          firedEvent(pending({ attempt: i + 1 })),
        );
        expected.push(...(await commit(state, events)).logged);
      }
      await commit(sessionState({ sessionId: 's-other' }), [firedEvent()]);

      const first = await store.events('s-42', { limit: 4 });
      expect(first.items).toHaveLength(4);
      expect(first.cursor).toEqual(expect.any(String));
      const pages = await collect((cursor) => store.events('s-42', { limit: 4, cursor }));
      expect(pages.every((p) => p.items.length <= 4)).toBe(true);
      expect(pages.flatMap((p) => p.items)).toEqual(expected);
      expect(await store.events('s-42')).toEqual({ items: expected, cursor: undefined });
      expect(await store.events('s-never')).toEqual({ items: [], cursor: undefined });
    });

    it('rejects a cursor it did not issue', async () => {
      await commit(sessionState({ version: 1 }), [firedEvent(), firedEvent()]);
      await commit(sessionState({ version: 1, sessionId: 's-other' }), [firedEvent(), firedEvent()]);
      const foreign = (await store.events('s-other', { limit: 1 })).cursor;
      expect(foreign).toEqual(expect.any(String));

      const encoded = (text: string) => Buffer.from(text).toString('base64url');
      const bad = [
        '',
        'not a cursor!',
        encoded('{}'),
        encoded('[1]'),
        encoded('null'),
        encoded('{"seq'),
        String(foreign),
      ];
      for (const cursor of bad) {
        await expect(store.events('s-42', { cursor })).rejects.toThrow('invalid cursor');
      }
      await expect(store.waiting({ cursor: 'e30' })).rejects.toThrow('invalid cursor');
    });

    it('the waiting listing holds only sessions with a retry row, soonest first, paginated, and a session leaves it when its row clears', async () => {
      const armed = (sessionId: string, nextAt: number) =>
        sessionState({
          sessionId,
          pending: pending({ nextAt }),
          lastEvent: scheduledEvent(pending({ nextAt })),
        });
      const late = armed('s-late', T0 + 300_000);
      const soon = armed('s-soon', T0 + 10_000);
      const mid = armed('s-mid', T0 + 60_000);
      const firing = sessionState({
        sessionId: 's-firing',
        pending: pending({ phase: PendingPhase.firing }),
      });
      const idle = sessionState({ sessionId: 's-idle' });
      for (const state of [late, soon, firing, mid, idle]) await commit(state);

      const pages = await collect((cursor) => store.waiting({ limit: 2, cursor }));
      expect(pages[0]?.items).toHaveLength(2);
      expect(pages.flatMap((p) => p.items)).toEqual(
        [soon, mid, late].map((s) => ({
          sessionId: s.sessionId,
          retry: retrySummary(s),
          lastEvent: s.lastEvent,
          updatedAt: s.updatedAt,
        })),
      );

      const cleared = {
        ...soon,
        version: 2,
        pending: null,
        lastEvent: firedEvent(),
        updatedAt: T0 + 10_001,
      };
      expect((await commit(cleared, [firedEvent()])).result).toEqual({ kind: 'committed' });
      await expect.poll(async () => ids(await store.waiting())).toEqual(['s-mid', 's-late']);
    });

    it('lists a session while its attempt is being sent, with the row GET shows, and drops it when the attempt ends', async () => {
      // The row stays the attempt's until it fires; a page loaded while the POST was retried against a failing hub
      // (up to 15 minutes on AWS) said no retry waited.
      const attempt = pending({ nextAt: T0 + 10_000 });
      const armed = sessionState({
        sessionId: 's-sending',
        pending: attempt,
        lastEvent: scheduledEvent(attempt),
      });
      await commit(armed);
      const claimed = {
        ...armed,
        version: 2,
        pending: null,
        inFlight: { ...attempt, phase: PendingPhase.firing, tries: 1, claimedAt: T0 + 10_000 },
        updatedAt: T0 + 10_000,
      };
      expect((await commit(claimed)).result).toEqual({ kind: 'committed' });
      await expect
        .poll(async () => (await store.waiting()).items)
        .toEqual([
          {
            sessionId: 's-sending',
            retry: retrySummary(claimed),
            lastEvent: armed.lastEvent,
            updatedAt: T0 + 10_000,
            // What is being sent, as GET shows it: a page loaded after a stop during the POST says so.
            sending: { attempt: 1, of: 4, promptId: attempt.promptId, turnId: attempt.turnId, tries: 1 },
          },
        ]);
      expect(retrySummary(claimed)).toEqual(retrySummary(armed));
      const fired = {
        ...claimed,
        version: 3,
        inFlight: null,
        lastEvent: firedEvent(),
        updatedAt: T0 + 11_000,
      };
      expect((await commit(fired, [firedEvent()])).result).toEqual({ kind: 'committed' });
      await expect.poll(async () => ids(await store.waiting())).toEqual([]);
    });

    // Webhooks refuse the session ids `.` and `..` (no URL path holds them), but one stored before that rule must
    // not break a start's replay, the waiting list's cursors or the log (a review of the change found all three).
    it('keeps a session stored with the id .. readable, listed, and paged past', async () => {
      const dots = sessionState({ sessionId: '..', version: 1, pending: pending({ nextAt: T0 + 1_000 }) });
      const after = sessionState({
        sessionId: 's-after',
        version: 1,
        pending: pending({ nextAt: T0 + 2_000 }),
      });
      await commit(dots, [firedEvent(), firedEvent()]);
      await commit(after);
      expect(await store.load('..')).toStrictEqual(dots);
      const pages = await collect((cursor) => store.waiting({ limit: 1, cursor }));
      expect(pages.flatMap((p) => p.items).map((s) => s.sessionId)).toEqual(['..', 's-after']);
      const events = await collect((cursor) => store.events('..', { limit: 1, cursor }));
      expect(events.flatMap((p) => p.items)).toHaveLength(2);
    });

    it('state round-trips exactly, null fields and nested pending included', async () => {
      const p = pending({
        attempt: 2,
        promptId: 'p-cap~resume-2',
        claimedAt: null,
        tries: 1,
        error: 'überlastet: 529',
      });
      const full = sessionState({
        version: 1,
        agentSessionId: 'a-9',
        pending: p,
        chain: { turnId: 't-7', base: 'p-cap', lastAttempt: 2, ended: false },
        latestPrompt: { base: 'p-cap', turnId: 't-7', at: T0 - 1 },
        stoppedAt: null,
        settled: ['t-7|p-cap|1'],
        lastEvent: scheduledEvent(p),
      });
      await commit(full, [scheduledEvent(p)]);
      expect(await store.load(full.sessionId)).toStrictEqual(full);

      const claimed = {
        ...full,
        version: 2,
        pending: { ...p, phase: PendingPhase.firing, claimedAt: T0 },
      };
      await commit(claimed);
      expect(await store.load(full.sessionId)).toStrictEqual(claimed);
    });

    it('a caller mutating what it committed or loaded does not change the stored state', async () => {
      const state = sessionState({ pending: pending(), settled: ['a'] });
      await commit(state);
      const snapshot = structuredClone(state);
      state.settled.push('b');
      const loaded = await store.load(state.sessionId);
      loaded.settled.push('c');
      if (loaded.pending) loaded.pending.tries = 99;
      expect(await store.load(state.sessionId)).toStrictEqual(snapshot);
    });

    it('two concurrent commits from the same version: exactly one lands', async () => {
      const sessions = ['s-race-1', 's-race-2', 's-race-3', 's-race-4'];
      await Promise.all(sessions.map((sessionId) => commit(sessionState({ sessionId, version: 1 }))));
      await Promise.all(
        sessions.map(async (sessionId) => {
          const a = sessionState({ sessionId, version: 2, pending: pending(), updatedAt: T0 + 1 });
          const b = sessionState({ sessionId, version: 2, closed: true, updatedAt: T0 + 2 });
          const [ra, rb] = await Promise.all([commit(a, [scheduledEvent()]), commit(b, [firedEvent()])]);
          const kinds = [ra.result.kind, rb.result.kind];
          expect(kinds.sort()).toEqual(['committed', 'conflict']);
          const winner = ra.result.kind === 'committed' ? ra : rb;
          expect(await store.load(sessionId)).toEqual(ra.result.kind === 'committed' ? a : b);
          expect((await store.events(sessionId)).items).toEqual(winner.logged);
        }),
      );
    });

    it('rejects a session id that could escape its key prefix', async () => {
      const bad = ['', 'a#E#000000000000001', 's/../x', 's 42', 'ß', 'x'.repeat(129), 'ROW\n'];
      for (const sessionId of bad) {
        await expect(store.load(sessionId)).rejects.toThrow(/invalid session id/);
        await expect(store.events(sessionId)).rejects.toThrow(/invalid session id/);
        await expect(store.commit(sessionState({ sessionId }), [])).rejects.toThrow(/invalid session id/);
      }
      expect(await store.load('x'.repeat(128))).toStrictEqual(emptySession('x'.repeat(128)));
      expect(await store.load('A-z_0.9:x')).toStrictEqual(emptySession('A-z_0.9:x'));
    });

    it('rejects an event that belongs to another session', async () => {
      const state = sessionState({ version: 1 });
      const foreign = logEntries(sessionState({ sessionId: 's-other' }), [firedEvent()]);
      await expect(store.commit(state, foreign)).rejects.toThrow(/belongs to session s-other/);
      expect(await store.load(state.sessionId)).toStrictEqual(emptySession(state.sessionId));
    });
  });
}

/** Follows cursors from the first page to the last. */
async function collect<T>(next: (cursor: string | undefined) => Promise<Page<T>>): Promise<Page<T>[]> {
  const pages: Page<T>[] = [];
  let cursor: string | undefined;
  do {
    const page = await next(cursor);
    pages.push(page);
    cursor = page.cursor;
    if (pages.length > 100) throw new Error('pagination does not end');
  } while (cursor !== undefined);
  return pages;
}

function ids(page: Page<{ sessionId: string }>): string[] {
  return page.items.map((item) => item.sessionId);
}
