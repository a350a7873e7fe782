import { join } from 'node:path';
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DeadLetter, LocalQueue, type QueueJournal } from '../../shared/adapters/local/local-queue';
import type { JournalEntry } from '../../shared/adapters/local/message-journal';
import { MessageJournal } from '../../shared/adapters/local/message-journal';
import type { Log } from '../../shared/ports';
import { FakeTimers, settle } from './fake-timers';
import { tempDir } from './temp-dir';

/** A journal in memory that records what it was told. */
function memoryJournal(): QueueJournal & { held: Map<string, JournalEntry>; doneIds: string[] } {
  const held = new Map<string, JournalEntry>();
  const doneIds: string[] = [];
  return {
    held,
    doneIds,
    put: async (entry) => {
      if (held.has(entry.id) || doneIds.includes(entry.id)) return false;
      held.set(entry.id, entry);
      return true;
    },
    done: async (id) => {
      held.delete(id);
      doneIds.push(id);
    },
  };
}

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

  function queue(fn: (event: SQSEvent) => Promise<SQSBatchResponse>, { start = true } = {}) {
    const q = new LocalQueue({
      name: 'wake',
      handler: fn,
      journal,
      deadLetter: async (letter) => {
        letters.push(letter);
      },
      log,
      maxReceiveCount: 3,
      backoffMs: (n) => 1000 * n,
      timers,
    });
    if (start) q.start();
    return q;
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
