import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryRetryStore } from '../../shared/adapters/local/memory-retry-store';
import { rearmWaiting, TimerWaker } from '../../shared/adapters/local/timer-waker';
import { logEntries, PendingPhase } from '../../shared/core/session-state';
import type { WakeMessage } from '../../shared/core/types';
import type { Log, RetryStore } from '../../shared/ports';
import { T0, wakeFor } from '../support/events';
import { pending, scheduledEvent, sessionState } from '../support/factories';
import { FakeTimers } from './fake-timers';

const quiet: Log = { info: () => {}, warn: () => {}, error: () => {} };

describe('TimerWaker', () => {
  let timers: FakeTimers;
  let delivered: WakeMessage[];
  let waker: TimerWaker;
  beforeEach(() => {
    timers = new FakeTimers();
    delivered = [];
    waker = new TimerWaker({ deliver: async (wake) => void delivered.push(wake), log: quiet, timers });
  });

  it('delivers a wake-up at its time and not before', async () => {
    await waker.arm(wakeFor(1), 10_000);
    await timers.advance(9_999);
    expect(delivered).toEqual([]);
    await timers.advance(1);
    expect(delivered).toEqual([wakeFor(1)]);
    expect(waker.size).toBe(0);
  });

  it('replaces the timer when the same attempt is armed again', async () => {
    await waker.arm(wakeFor(1), 10_000);
    await waker.arm(wakeFor(1), 3_000);
    await timers.advance(60_000);
    expect(delivered).toEqual([wakeFor(1)]);
  });

  it('delivers nothing for a disarmed wake-up', async () => {
    await waker.arm(wakeFor(1), 10_000);
    await waker.disarm(wakeFor(1));
    await timers.advance(60_000);
    expect(delivered).toEqual([]);
  });

  it('tries a due wake-up again with backoff while it cannot be queued (a full disk), then delivers it', async () => {
    let failures = 3;
    const flaky = new TimerWaker({
      deliver: async (wake) => {
        if (failures-- > 0) throw new Error('ENOSPC: no space left on device, write');
        delivered.push(wake);
      },
      log: quiet,
      timers,
    });
    await flaky.arm(wakeFor(1), 10_000);
    await timers.advance(10_000); // fails; again after 1 s
    await timers.advance(1_000); // fails; again after 2 s
    await timers.advance(2_000); // fails; again after 4 s
    await timers.advance(3_999);
    expect(delivered).toEqual([]);
    await timers.advance(1);
    expect(delivered).toEqual([wakeFor(1)]);
    await timers.advance(600_000);
    expect(delivered).toEqual([wakeFor(1)]);
  });

  it('does not try a failed wake-up again once the attempt was disarmed or armed anew', async () => {
    const failing = new TimerWaker({
      deliver: async (wake) => {
        delivered.push(wake);
        throw new Error('ENOSPC');
      },
      log: quiet,
      timers,
    });
    await failing.arm(wakeFor(1), 1_000);
    await timers.advance(1_000);
    await failing.disarm(wakeFor(1));
    await timers.advance(600_000);
    expect(delivered).toHaveLength(1);
  });

  it('cancels every timer and ignores later arms once stopped', async () => {
    await waker.arm(wakeFor(1), 10_000);
    waker.stop();
    await waker.arm(wakeFor(2), 0);
    await timers.advance(60_000);
    expect(delivered).toEqual([]);
    expect(timers.pending).toBe(0);
  });
});

describe('rearmWaiting', () => {
  /** A store whose waiting list comes two at a time, so that paging is exercised. */
  function pagedByTwo(store: MemoryRetryStore): RetryStore {
    return {
      load: (id) => store.load(id),
      commit: (next, events) => store.commit(next, events),
      events: (id, page) => store.events(id, page),
      waiting: (page) => store.waiting({ ...page, limit: 2 }),
    };
  }

  async function armedSession(store: MemoryRetryStore, sessionId: string, nextAt: number) {
    const p = pending({ nextAt });
    const state = sessionState({ sessionId, version: 1, pending: p });
    await store.commit(state, logEntries(state, [scheduledEvent(p)]));
  }

  it('arms every waiting session across pages; one already due fires at once, the rest at their time', async () => {
    const memory = new MemoryRetryStore();
    const timers = new FakeTimers(T0 + 20_000);
    await armedSession(memory, 's-past', T0 + 10_000);
    await armedSession(memory, 's-soon', T0 + 25_000);
    await armedSession(memory, 's-later', T0 + 80_000);
    await memory.commit(sessionState({ sessionId: 's-idle' }), []);
    const delivered: string[] = [];
    const waker = new TimerWaker({
      deliver: async (wake) => void delivered.push(wake.sessionId),
      log: quiet,
      timers,
    });

    expect(await rearmWaiting(pagedByTwo(memory), waker, timers.now())).toBe(3);
    await timers.advance(0);
    expect(delivered).toEqual(['s-past']);
    await timers.advance(5_000);
    expect(delivered).toEqual(['s-past', 's-soon']);
    await timers.advance(55_000);
    expect(delivered).toEqual(['s-past', 's-soon', 's-later']);
  });

  it('leaves an attempt being sent to the wake-up its journal replays: a second one halved its backoff', async () => {
    const memory = new MemoryRetryStore();
    const timers = new FakeTimers(T0 + 20_000);
    const p = pending({ nextAt: T0 + 10_000 });
    const sending = sessionState({
      sessionId: 's-sending',
      version: 1,
      pending: null,
      inFlight: { ...p, phase: PendingPhase.firing, tries: 1, claimedAt: T0 + 10_000 },
    });
    await memory.commit(sending, []);
    await armedSession(memory, 's-armed', T0 + 30_000);
    expect((await memory.waiting()).items.map((item) => item.sessionId)).toEqual(['s-sending', 's-armed']);
    const delivered: string[] = [];
    const waker = new TimerWaker({
      deliver: async (wake) => void delivered.push(wake.sessionId),
      log: quiet,
      timers,
    });
    expect(await rearmWaiting(memory, waker, timers.now())).toBe(1);
    await timers.advance(60_000);
    expect(delivered).toEqual(['s-armed']);
  });

  it('arms the wake-up the resume handler expects: the waiting attempt with its nextAt', async () => {
    const memory = new MemoryRetryStore();
    const timers = new FakeTimers(T0);
    await armedSession(memory, 's-42', T0 + 10_000);
    const delivered: WakeMessage[] = [];
    const waker = new TimerWaker({ deliver: async (wake) => void delivered.push(wake), log: quiet, timers });
    await rearmWaiting(memory, waker, timers.now());
    await timers.advance(10_000);
    expect(delivered).toEqual([
      { sessionId: 's-42', turnId: 't-7', attempt: 1, promptId: 'p-cap~resume-1', nextAt: T0 + 10_000 },
    ]);
  });
});
