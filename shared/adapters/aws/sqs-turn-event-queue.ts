import { createHash } from 'node:crypto';
import type { TurnEvent } from '../../core/types';
import { encodeTurnEvent } from '../../messages';
import type { TurnEventQueue } from '../../ports';
import { SendMessageCommand, type SQSClient } from './sdk/client-sqs';

export type SqsTurnEventQueueOptions = {
  client: SQSClient;
  /** The turn-events queue; a `.fifo` url gets per-session ordering and dedupe by webhook id. */
  queueUrl: string;
};

/** SQS allows 1–128 characters of printable ASCII in a MessageDeduplicationId. */
const DEDUPE_ID = /^[\x21-\x7e]{1,128}$/;

/** The webhook id as a MessageDeduplicationId: as is when SQS allows it, else its SHA-256. */
export function deduplicationId(dedupeId: string): string {
  return DEDUPE_ID.test(dedupeId) ? dedupeId : createHash('sha256').update(dedupeId).digest('hex');
}

/** Carries accepted webhooks to the classifier over an SQS queue. */
export class SqsTurnEventQueue implements TurnEventQueue {
  readonly #client: SQSClient;
  readonly #queueUrl: string;
  readonly #fifo: boolean;

  constructor({ client, queueUrl }: SqsTurnEventQueueOptions) {
    this.#client = client;
    this.#queueUrl = queueUrl;
    this.#fifo = queueUrl.endsWith('.fifo');
  }

  async send(event: TurnEvent, dedupeId: string): Promise<void> {
    // FIFO dedupes only within 5 minutes and a standard queue never does: the classifier's own
    // idempotency covers the rest; this just saves it work.
    const fifo = this.#fifo
      ? { MessageGroupId: event.sessionId, MessageDeduplicationId: deduplicationId(dedupeId) }
      : {};
    await this.#client.send(
      new SendMessageCommand({ QueueUrl: this.#queueUrl, MessageBody: encodeTurnEvent(event), ...fifo }),
    );
  }
}
