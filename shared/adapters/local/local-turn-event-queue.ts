import type { TurnEvent } from '../../core/types';
import { encodeTurnEvent } from '../../messages';
import { type TurnEventQueue, TurnEventQueueFullError } from '../../ports';
import type { LocalQueue } from './local-queue';

export type LocalTurnEventQueueOptions = {
  /** Events queued and not yet handled past which a new one is refused. @default 10000 */
  maxDepth?: number;
  /** The wait a refused sender is told. @default 5 */
  retryAfterSeconds?: number;
};

/**
 * Carries accepted webhooks to the classifier over a durable local queue; the webhook id is the message id.
 * Bounded: at `maxDepth` a new event is refused with `TurnEventQueueFullError` and nothing is written, so a flood
 * becomes back-pressure on the senders instead of latency and memory here.
 */
export class LocalTurnEventQueue implements TurnEventQueue {
  readonly #queue: LocalQueue;
  readonly #maxDepth: number;
  readonly #retryAfterSeconds: number;
  /** Sends past the check and not yet in the queue: counted so that concurrent webhooks cannot overshoot. */
  #sending = 0;

  constructor(queue: LocalQueue, options: LocalTurnEventQueueOptions = {}) {
    const { maxDepth = 10_000, retryAfterSeconds = 5 } = options;
    if (!Number.isInteger(maxDepth) || maxDepth < 1)
      throw new RangeError(`maxDepth must be a whole number of at least 1, got ${maxDepth}`);
    if (!Number.isInteger(retryAfterSeconds) || retryAfterSeconds < 1)
      throw new RangeError(
        `retryAfterSeconds must be a whole number of at least 1, got ${retryAfterSeconds}`,
      );
    this.#queue = queue;
    this.#maxDepth = maxDepth;
    this.#retryAfterSeconds = retryAfterSeconds;
  }

  async send(event: TurnEvent, dedupeId: string): Promise<void> {
    // A webhook id still queued is let through even when full: the queue drops it as a duplicate. One already
    // handled is only in the journal's done ids, which this does not see: when full it is refused, and its retry
    // is accepted with no second effect.
    const depth = this.#queue.depth + this.#sending;
    if (depth >= this.#maxDepth && !this.#queue.has(dedupeId)) {
      throw new TurnEventQueueFullError(depth, this.#maxDepth, this.#retryAfterSeconds);
    }
    this.#sending++;
    try {
      // A webhook id seen before (still queued, or among the journal's recent done ids) is not queued again.
      await this.#queue.send(encodeTurnEvent(event), { id: dedupeId });
    } finally {
      this.#sending--;
    }
  }
}
