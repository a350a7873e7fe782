import type { SQSBatchResponse } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { LocalQueue } from '../../shared/adapters/local/local-queue';
import { LocalTurnEventQueue } from '../../shared/adapters/local/local-turn-event-queue';
import { decodeTurnEvent } from '../../shared/messages';
import { TurnEventQueueFullError } from '../../shared/ports';
import { turnFailed } from '../support/events';
import { FakeTimers } from './fake-timers';
import { memoryJournal } from './memory-journal';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** A turn-events queue bounded at `maxDepth`, over a LocalQueue that is not started (nothing drains) until `start`. */
function bounded(maxDepth: number) {
  const journal = memoryJournal();
  const handled: string[] = [];
  const local = new LocalQueue({
    name: 'turn-events',
    handler: async (event): Promise<SQSBatchResponse> => {
      for (const record of event.Records) handled.push(decodeTurnEvent(record.body).sessionId);
      return { batchItemFailures: [] };
    },
    journal,
    deadLetter: async () => {},
    log: quiet,
    maxReceiveCount: 3,
    backoffMs: () => 1000,
    timers: new FakeTimers(),
  });
  const queue = new LocalTurnEventQueue(local, { maxDepth, retryAfterSeconds: 7 });
  const send = (n: number) => queue.send(turnFailed({ sessionId: `s-${n}` }), `w-${n}`);
  return { queue, local, journal, handled, send };
}

describe('LocalTurnEventQueue', () => {
  it('refuses an event past maxDepth with its depth, limit and retry delay, and writes nothing', async () => {
    const { local, journal, send } = bounded(2);
    await send(1);
    await send(2);
    const refused = await send(3).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TurnEventQueueFullError);
    expect(refused).toMatchObject({ depth: 2, limit: 2, retryAfterSeconds: 7 });
    expect([...journal.held.keys()]).toEqual(['w-1', 'w-2']);
    expect(local.depth).toBe(2);
  });

  it('lets a webhook id that is still queued through when full, with no second effect', async () => {
    const { local, journal, send } = bounded(2);
    await send(1);
    await send(2);
    await expect(send(1)).resolves.toBeUndefined();
    expect([...journal.held.keys()]).toEqual(['w-1', 'w-2']);
    expect(local.depth).toBe(2);
  });

  it('does not overshoot the limit when webhooks arrive side by side', async () => {
    const { local, send } = bounded(3);
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map(send));
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'rejected',
    ]);
    expect(local.depth).toBe(3);
  });

  it('accepts a refused event once the queue has drained, and delivers it', async () => {
    const { local, handled, send } = bounded(1);
    await send(1);
    await expect(send(2)).rejects.toBeInstanceOf(TurnEventQueueFullError);
    local.start();
    await local.idle();
    await send(2);
    await local.idle();
    expect(handled).toEqual(['s-1', 's-2']);
    expect(local.depth).toBe(0);
  });

  it.each([0, -1, 1.5, Number.NaN])('refuses a maxDepth of %s', (maxDepth) => {
    expect(() => bounded(maxDepth)).toThrow(/^maxDepth must be a whole number of at least 1/);
  });
});
