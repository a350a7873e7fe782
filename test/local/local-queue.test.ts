import { join } from 'node:path';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DeadLetter, LocalQueue, type LocalQueueOptions } from '../../shared/adapters/local/local-queue';
import { MessageJournal } from '../../shared/adapters/local/message-journal';
import type { Timers } from '../../shared/adapters/local/timers';
import type { Log } from '../../shared/ports';
import { T0 } from '../support/events';
import { fcParams, runSeed } from '../support/fc-params';
import { FakeTimers, settle } from './fake-timers';
import { memoryJournal } from './memory-journal';
import { tempDir } from './temp-dir';

function recordingLog(): Log & { lines: Array<[string, string]> } {
  const lines: Array<[string, string]> = [];
  return {
    lines,
    info: (m) => lines.push(['info', m]),
    warn: (m) => lines.push(['warn', m]),
    error: (m) => lines.push(['error', m]),
  };
}

/** A handler that fails the bodies in `failing` and records every batch it was given. */
function handler(failing: Set<string> = new Set()) {
  const batches: SQSEvent[] = [];
  const fn = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    batches.push(event);
    return {
      batchItemFailures: event.Records.filter((r) => failing.has(r.body)).map((r) => ({
        itemIdentifier: r.messageId,
      })),
    };
  };
  return { fn, batches, bodies: () => batches.map((b) => b.Records.map((r) => r.body)) };
}

/** A handler that records each record's body, receive count and when it was handed over (ms after T0). */
function timedHandler(timers: Timers, fails: (record: SQSEvent['Records'][number]) => boolean = () => false) {
  const seen: Array<{ body: string; atMs: number; receive: number }> = [];
  const sizes: number[] = [];
  const fn = async (event: SQSEvent): Promise<SQSBatchResponse> => {
    sizes.push(event.Records.length);
    for (const r of event.Records) {
      seen.push({
        body: r.body,
        atMs: timers.now() - T0,
        receive: Number(r.attributes.ApproximateReceiveCount),
      });
    }
    return { batchItemFailures: event.Records.filter(fails).map((r) => ({ itemIdentifier: r.messageId })) };
  };
  return { fn, seen, sizes };
}

/** `values` in an order that `seed` fixes (Fisher–Yates on mulberry32). */
function shuffled<T>(values: readonly T[], seed: number): T[] {
  let a = seed >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const out = [...values];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Message `i` was sent with `delays[i]`: the order of delivery, soonest first, ties in send order. */
function visibleOrder(delays: readonly number[]): Array<{ body: string; atMs: number }> {
  return delays
    .map((delayMs, i) => ({ body: `m-${i}`, atMs: delayMs, i }))
    .sort((a, b) => a.atMs - b.atMs || a.i - b.i)
    .map(({ body, atMs }) => ({ body, atMs }));
}

/** A queue named `wake` on fake timers (3 receives, backoff 1 s a receive), started unless `start` is false. */
function startedQueue(
  timers: FakeTimers,
  fn: (event: SQSEvent) => Promise<SQSBatchResponse>,
  { start = true, ...overrides }: { start?: boolean } & Partial<LocalQueueOptions> = {},
): LocalQueue {
  const q = new LocalQueue({
    name: 'wake',
    handler: fn,
    journal: memoryJournal(),
    deadLetter: async () => {},
    log: recordingLog(),
    maxReceiveCount: 3,
    backoffMs: (n) => 1000 * n,
    timers,
    ...overrides,
  });
  if (start) q.start();
  return q;
}

describe('LocalQueue', () => {
  let timers: FakeTimers;
  let journal: ReturnType<typeof memoryJournal>;
  let log: ReturnType<typeof recordingLog>;
  let letters: DeadLetter[];
  beforeEach(() => {
    timers = new FakeTimers();
    journal = memoryJournal();
    log = recordingLog();
    letters = [];
  });

  function queue(
    fn: (event: SQSEvent) => Promise<SQSBatchResponse>,
    options: { start?: boolean } & Partial<LocalQueueOptions> = {},
  ) {
    return startedQueue(timers, fn, {
      journal,
      deadLetter: async (letter) => {
        letters.push(letter);
      },
      log,
      ...options,
    });
  }

  it('hands messages to the handler as an SQS batch and marks them done', async () => {
    const h = handler();
    const q = queue(h.fn);
    await q.send('one', { id: 'm-1' });
    await q.idle();

    const record = h.batches[0]?.Records[0];
    expect(record).toMatchObject({
      messageId: 'm-1',
      body: 'one',
      eventSource: 'aws:sqs',
      eventSourceARN: 'arn:aws:sqs:local:000000000000:wake',
      attributes: { ApproximateReceiveCount: '1' },
    });
    expect(journal.doneIds).toEqual(['m-1']);
    expect(q.depth).toBe(0);
  });

  it('retries only the failed record of a batch, after its backoff', async () => {
    const failing = new Set(['bad']);
    const h = handler(failing);
    const q = queue(h.fn, { start: false });
    await q.send('good', { id: 'g' });
    await q.send('bad', { id: 'b' });
    q.start();
    await q.idle();
    expect(h.bodies()).toEqual([['good', 'bad']]);
    expect(journal.doneIds).toEqual(['g']);

    await timers.advance(999);
    expect(h.batches).toHaveLength(1);
    failing.clear();
    await timers.advance(1);
    await q.idle();
    expect(h.bodies()).toEqual([['good', 'bad'], ['bad']]);
    expect(h.batches[1]?.Records[0]?.attributes.ApproximateReceiveCount).toBe('2');
    expect(journal.doneIds).toEqual(['g', 'b']);
  });

  it('dead-letters a message that fails maxReceiveCount times, then marks it done and logs an error', async () => {
    const h = handler(new Set(['poison']));
    const q = queue(h.fn);
    await q.send('poison', { id: 'p' });
    await q.idle();
    await timers.advance(1000);
    await timers.advance(2000);
    await q.idle();

    expect(h.batches).toHaveLength(3);
    expect(letters).toEqual([
      expect.objectContaining({ queue: 'wake', messageId: 'p', body: 'poison', receiveCount: 3 }),
    ]);
    expect(journal.doneIds).toEqual(['p']);
    expect(log.lines).toContainEqual(['error', 'message dead-lettered']);
    await timers.advance(60_000);
    expect(h.batches).toHaveLength(3);
  });

  it('fails the whole batch when the handler throws', async () => {
    let calls = 0;
    const q = queue(
      async (_event: SQSEvent) => {
        calls++;
        if (calls === 1) throw new Error('boom');
        return { batchItemFailures: [] };
      },
      { start: false },
    );
    await q.send('x', { id: 'x' });
    await q.send('y', { id: 'y' });
    q.start();
    await q.idle();
    expect(calls).toBe(1);
    expect(journal.doneIds).toEqual([]);
    await timers.advance(1000);
    await q.idle();
    expect(journal.doneIds.sort()).toEqual(['x', 'y']);
  });

  it('gives a repeated id no second effect', async () => {
    const h = handler();
    const q = queue(h.fn);
    expect(await q.send('a', { id: 'same' })).toBe(true);
    await q.idle();
    expect(await q.send('a', { id: 'same' })).toBe(false);
    await q.idle();
    expect(h.batches).toHaveLength(1);
  });

  it('holds a delayed message until its time', async () => {
    const h = handler();
    const q = queue(h.fn);
    await q.send('later', { id: 'l', delayMs: 5000 });
    await timers.advance(4999);
    expect(h.batches).toHaveLength(0);
    await timers.advance(1);
    await q.idle();
    expect(h.bodies()).toEqual([['later']]);
  });

  it('refuses a NaN delay before journaling the message', async () => {
    const q = queue(handler().fn);
    await expect(q.send('x', { id: 'x', delayMs: Number.NaN })).rejects.toThrow(RangeError);
    expect(journal.held.size).toBe(0);
    expect(q.depth).toBe(0);
    expect(timers.pending).toBe(0);
  });

  it('stops after the batch in progress and leaves the rest undone', async () => {
    let release: () => void = () => {};
    const h = handler();
    const q = queue(async (event: SQSEvent) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return h.fn(event);
    });
    await q.send('first', { id: 'f' });
    await settle();
    const stopped = q.stop();
    await q.send('second', { id: 's' });
    release();
    await stopped;
    await timers.advance(10_000);
    expect(h.bodies()).toEqual([['first']]);
    expect(journal.doneIds).toEqual(['f']);
    expect([...journal.held.keys()]).toEqual(['s']);
  });
});

describe('LocalQueue under a backlog', () => {
  let timers: FakeTimers;
  beforeEach(() => {
    timers = new FakeTimers();
  });

  function queue(
    fn: (event: SQSEvent) => Promise<SQSBatchResponse>,
    options: { start?: boolean } & Partial<LocalQueueOptions> = {},
  ) {
    return startedQueue(timers, fn, options);
  }

  async function sendAll(q: LocalQueue, delays: readonly number[]): Promise<void> {
    for (const [i, delayMs] of delays.entries()) await q.send(`m-${i}`, { id: `m-${i}`, delayMs });
  }

  it('delivers messages with shuffled delays in visibleAt order, each at its time, ties in send order', async () => {
    const delays = shuffled(
      Array.from({ length: 500 }, (_, i) => ((i % 125) + 1) * 100),
      7,
    );
    const h = timedHandler(timers);
    const q = queue(h.fn);
    await sendAll(q, delays);
    await timers.advance(12_500);
    await q.idle();

    expect(h.seen.map(({ body, atMs }) => ({ body, atMs }))).toEqual(visibleOrder(delays));
    expect(q.depth).toBe(0);
  });

  it('delivers any delays and once-failing messages in visibleAt order, in batches ≤ batchSize', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ delayMs: fc.nat({ max: 20 }), failsOnce: fc.boolean() }), { maxLength: 80 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 3 }),
        async (messages, batchSize, concurrency) => {
          timers = new FakeTimers();
          const failsOnce = new Set(messages.flatMap((m, i) => (m.failsOnce ? [`m-${i}`] : [])));
          const h = timedHandler(
            timers,
            (r) => failsOnce.has(r.body) && r.attributes.ApproximateReceiveCount === '1',
          );
          const q = queue(h.fn, { batchSize, concurrency, backoffMs: () => 5 });
          await sendAll(
            q,
            messages.map((m) => m.delayMs),
          );
          await timers.advance(25);
          await q.idle();

          // Each receive at its visibleAt; receives due at once go in send order, a retry keeping its place.
          const expected = messages
            .flatMap((m, i) => [
              { body: `m-${i}`, atMs: m.delayMs, receive: 1, i },
              ...(m.failsOnce ? [{ body: `m-${i}`, atMs: m.delayMs + 5, receive: 2, i }] : []),
            ])
            .sort((a, b) => a.atMs - b.atMs || a.i - b.i)
            .map(({ i: _, ...seen }) => seen);
          expect(h.seen).toEqual(expected);
          expect(Math.max(0, ...h.sizes)).toBeLessThanOrEqual(batchSize);
          expect(timers.pending).toBe(0);
          expect(q.depth).toBe(0);
        },
      ),
      fcParams(runSeed(), 100),
    );
  });

  it('runs at most concurrency batches at once and refills a slot as soon as a batch ends', async () => {
    const releases: Array<() => void> = [];
    const sizes: number[] = [];
    const q = queue(
      async (event) => {
        sizes.push(event.Records.length);
        await new Promise<void>((resolve) => releases.push(resolve));
        return { batchItemFailures: [] };
      },
      { batchSize: 10, concurrency: 2, start: false },
    );
    await sendAll(
      q,
      Array.from({ length: 35 }, () => 0),
    );
    q.start();
    await settle();
    expect(sizes).toEqual([10, 10]);

    releases.shift()?.();
    await settle();
    expect(sizes).toEqual([10, 10, 10]);
    while (releases.length > 0) {
      releases.shift()?.();
      await settle();
    }
    await q.idle();
    expect(sizes).toEqual([10, 10, 10, 5]);
    expect(q.depth).toBe(0);
  });

  it('keeps a retried message back for its backoff while later messages flow past it', async () => {
    const h = timedHandler(timers, (r) => r.body === 'bad' && r.attributes.ApproximateReceiveCount === '1');
    const q = queue(h.fn);
    await q.send('bad', { id: 'bad' });
    for (const delayMs of [250, 500, 750, 1000, 1250]) {
      await q.send(`d${delayMs}`, { id: `d${delayMs}`, delayMs });
    }
    await timers.advance(2000);
    await q.idle();

    expect(h.seen).toEqual([
      { body: 'bad', atMs: 0, receive: 1 },
      { body: 'd250', atMs: 250, receive: 1 },
      { body: 'd500', atMs: 500, receive: 1 },
      { body: 'd750', atMs: 750, receive: 1 },
      // Visible again at 1000 beside d1000; sent first, so it goes first.
      { body: 'bad', atMs: 1000, receive: 2 },
      { body: 'd1000', atMs: 1000, receive: 1 },
      { body: 'd1250', atMs: 1250, receive: 1 },
    ]);
    expect(q.depth).toBe(0);
  });

  it('delivers 5,000 restored messages at once, all of them, in the order they were kept', async () => {
    const entries = Array.from({ length: 5000 }, (_, i) => ({
      id: `m-${i}`,
      body: `m-${i}`,
      sentAt: T0 - 1000,
    }));
    const h = timedHandler(timers);
    const q = queue(h.fn, { start: false });
    q.restore(entries);
    q.restore(entries.slice(0, 100));
    q.start();
    await q.idle();

    expect(h.seen.map((seen) => seen.body)).toEqual(entries.map((e) => e.body));
    expect(h.sizes.every((size) => size === 10)).toBe(true);
    expect(q.depth).toBe(0);
  });

  it('drains a backlog of 20,000 delayed messages, with the timer armed only for the soonest', async () => {
    const delays = shuffled(
      Array.from({ length: 20_000 }, (_, i) => ((i % 1000) + 1) * 1000),
      2026,
    );
    const armedAtMs: number[] = [];
    const clock: Timers = {
      now: () => timers.now(),
      after: (delayMs, run) => {
        armedAtMs.push(timers.now() - T0 + delayMs);
        return timers.after(delayMs, run);
      },
    };
    const h = timedHandler(timers);
    const q = queue(h.fn, { timers: clock });
    await sendAll(q, delays);

    expect(q.depth).toBe(20_000);
    expect(h.seen).toEqual([]);
    expect(timers.pending).toBe(1);
    expect(armedAtMs.at(-1)).toBe(1000);
    const armedWhileSending = armedAtMs.length;

    await timers.advance(1_000_000);
    await q.idle();

    expect(h.seen.map(({ body, atMs }) => ({ body, atMs }))).toEqual(visibleOrder(delays));
    expect(h.sizes.every((size) => size <= 10)).toBe(true);
    // Once per distinct time, each for the next one due: never a timer for a later message first.
    expect(armedAtMs.slice(armedWhileSending)).toEqual(Array.from({ length: 999 }, (_, i) => (i + 2) * 1000));
    expect(timers.pending).toBe(0);
    expect(q.depth).toBe(0);
  });
});

describe('LocalQueue on a MessageJournal', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => dir.remove());

  it('delivers, after a restart, a message accepted before a crash and never handled', async () => {
    const path = join(dir.path, 'turn-events.journal.jsonl');
    const log = recordingLog();
    const before = await MessageJournal.open({ path });
    const crashed = new LocalQueue({
      name: 'turn-events',
      handler: () => new Promise<SQSBatchResponse>(() => {}),
      journal: before,
      deadLetter: async () => {},
      log,
      maxReceiveCount: 5,
      backoffMs: () => 1000,
    });
    crashed.start();
    expect(await crashed.send('{"accepted":1}', { id: 'msg_1' })).toBe(true);
    // The process dies here: the handler never answered and nothing was marked done.

    const after = await MessageJournal.open({ path });
    const h = handler();
    const restarted = new LocalQueue({
      name: 'turn-events',
      handler: h.fn,
      journal: after,
      deadLetter: async () => {},
      log,
      maxReceiveCount: 5,
      backoffMs: () => 1000,
    });
    restarted.restore(after.pending());
    restarted.start();
    await restarted.idle();
    await settle();
    expect(h.bodies()).toEqual([['{"accepted":1}']]);
    await after.close();

    expect((await MessageJournal.open({ path })).pending()).toEqual([]);
  });
});
