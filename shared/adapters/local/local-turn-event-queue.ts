import type { TurnEvent } from '../../core/types';
import { encodeTurnEvent } from '../../messages';
import type { TurnEventQueue } from '../../ports';
import type { LocalQueue } from './local-queue';

/** Carries accepted webhooks to the classifier over a durable local queue; the webhook id is the message id. */
export class LocalTurnEventQueue implements TurnEventQueue {
  readonly #queue: LocalQueue;

  constructor(queue: LocalQueue) {
    this.#queue = queue;
  }

  async send(event: TurnEvent, dedupeId: string): Promise<void> {
    // A webhook id seen before (still queued, or among the journal's recent done ids) is not queued again.
    await this.#queue.send(encodeTurnEvent(event), { id: dedupeId });
  }
}
