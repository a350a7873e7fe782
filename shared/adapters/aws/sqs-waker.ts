import { SQS_MAX_DELAY_MS, type WakeMessage } from '../../core/types';
import { encodeWake } from '../../messages';
import type { ArmResult, Waker } from '../../ports';
import { SendMessageCommand, type SQSClient } from './sdk/client-sqs';

export type SqsWakerOptions = {
  client: SQSClient;
  /** The wake queue; must be a standard queue. */
  queueUrl: string;
};

/** Arms a wake-up as a wake-queue message with a per-message `DelaySeconds` (waits up to 900 s). */
export class SqsWaker implements Waker {
  readonly #client: SQSClient;
  readonly #queueUrl: string;

  constructor({ client, queueUrl }: SqsWakerOptions) {
    // FIFO queues reject a per-message DelaySeconds (only a queue-wide delay exists there).
    if (queueUrl.endsWith('.fifo')) {
      throw new Error(
        `SqsWaker: the wake queue must be a standard queue, got a FIFO queue (${queueUrl}): ` +
          'FIFO queues do not support per-message DelaySeconds',
      );
    }
    this.#client = client;
    this.#queueUrl = queueUrl;
  }

  async arm(wake: WakeMessage, delayMs: number): Promise<ArmResult> {
    if (Number.isNaN(delayMs) || delayMs > SQS_MAX_DELAY_MS) {
      throw new RangeError(
        `SqsWaker: delayMs must be at most ${SQS_MAX_DELAY_MS} (SQS caps DelaySeconds at 900), got ${delayMs}`,
      );
    }
    // Round up: a wake-up that lands a little late is fine, an early one makes the resume handler re-arm.
    const delaySeconds = Math.min(900, Math.max(0, Math.ceil(delayMs / 1000)));
    await this.#client.send(
      new SendMessageCommand({
        QueueUrl: this.#queueUrl,
        MessageBody: encodeWake(wake),
        DelaySeconds: delaySeconds,
      }),
    );
    return { kind: 'armed', via: 'queue' };
  }

  /**
   * Does nothing: a message already sent to SQS can't be recalled. When it arrives, the resume handler finds
   * that the attempt is no longer armed and records a skip.
   */
  async disarm(_wake: WakeMessage): Promise<void> {}
}
