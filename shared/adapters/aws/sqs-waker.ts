import { SQS_MAX_DELAY_MS, type WakeMessage } from '../../core/types';
import { encodeWake } from '../../messages';
import type { ArmResult, Waker } from '../../ports';
import { SendMessageBatchCommand, SendMessageCommand, type SQSClient } from './sdk/client-sqs';

export type SqsWakerOptions = {
  client: SQSClient;
  /** The wake queue; must be a standard queue. */
  queueUrl: string;
  /**
   * How long an arm waits for others to share one `SendMessageBatch` (at most 10 messages a call): a classifier
   * batch's records are handled side by side and arm within a few ms of each other, so one call can carry them
   * all. 0 sends each wake-up alone, at once.
   * @default 0
   */
  batchWindowMs?: number;
};

/** The most messages one `SendMessageBatch` takes. */
const SQS_BATCH_MAX = 10;
/** The most one `SendMessageBatch` may carry in all (SQS's limit is 1 MiB; wake messages are under 1 KB). */
const SQS_BATCH_MAX_BYTES = 262_144;

type PendingWake = {
  body: string;
  delaySeconds: number;
  resolve: () => void;
  reject: (error: Error) => void;
};

/** Arms a wake-up as a wake-queue message with a per-message `DelaySeconds` (waits up to 900 s). */
export class SqsWaker implements Waker {
  readonly #client: SQSClient;
  readonly #queueUrl: string;
  readonly #batchWindowMs: number;
  #pending: PendingWake[] = [];
  #pendingBytes = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor({ client, queueUrl, batchWindowMs = 0 }: SqsWakerOptions) {
    // FIFO queues reject a per-message DelaySeconds (only a queue-wide delay exists there).
    if (queueUrl.endsWith('.fifo')) {
      throw new Error(
        `SqsWaker: the wake queue must be a standard queue, got a FIFO queue (${queueUrl}): ` +
          'FIFO queues do not support per-message DelaySeconds',
      );
    }
    if (!(Number.isFinite(batchWindowMs) && batchWindowMs >= 0)) {
      throw new RangeError(`SqsWaker: batchWindowMs must be a number of ms ≥ 0, got ${batchWindowMs}`);
    }
    this.#client = client;
    this.#queueUrl = queueUrl;
    this.#batchWindowMs = batchWindowMs;
  }

  async arm(wake: WakeMessage, delayMs: number): Promise<ArmResult> {
    if (Number.isNaN(delayMs) || delayMs > SQS_MAX_DELAY_MS) {
      throw new RangeError(
        `SqsWaker: delayMs must be at most ${SQS_MAX_DELAY_MS} (SQS caps DelaySeconds at 900), got ${delayMs}`,
      );
    }
    // Round up: a wake-up that lands a little late is fine, an early one makes the resume handler re-arm.
    const delaySeconds = Math.min(900, Math.max(0, Math.ceil(delayMs / 1000)));
    const body = encodeWake(wake);
    if (this.#batchWindowMs === 0) {
      await this.#client.send(
        new SendMessageCommand({ QueueUrl: this.#queueUrl, MessageBody: body, DelaySeconds: delaySeconds }),
      );
    } else {
      await new Promise<void>((resolve, reject) => this.#gather({ body, delaySeconds, resolve, reject }));
    }
    return { kind: 'armed', via: 'queue' };
  }

  /**
   * Does nothing: a message already sent to SQS can't be recalled. When it arrives, the resume handler finds
   * that the attempt is no longer armed and records a skip.
   */
  async disarm(_wake: WakeMessage): Promise<void> {}

  /** Adds a wake-up to the batch being gathered; sends the batch when it is full or its window ends. */
  #gather(wake: PendingWake): void {
    const bytes = Buffer.byteLength(wake.body);
    if (this.#pendingBytes + bytes > SQS_BATCH_MAX_BYTES) this.#flush();
    this.#pending.push(wake);
    this.#pendingBytes += bytes;
    if (this.#pending.length >= SQS_BATCH_MAX) this.#flush();
    else this.#timer ??= setTimeout(() => this.#flush(), this.#batchWindowMs);
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    this.#pendingBytes = 0;
    if (batch.length > 0) void this.#send(batch);
  }

  /** Sends one batch; each arm in it resolves or fails by its own entry's answer. */
  async #send(batch: readonly PendingWake[]): Promise<void> {
    try {
      const out = await this.#client.send(
        new SendMessageBatchCommand({
          QueueUrl: this.#queueUrl,
          Entries: batch.map((wake, i) => ({
            Id: `w${i}`,
            MessageBody: wake.body,
            DelaySeconds: wake.delaySeconds,
          })),
        }),
      );
      const failed = new Map((out.Failed ?? []).map((entry) => [entry.Id, entry]));
      const sent = new Set((out.Successful ?? []).map((entry) => entry.Id));
      batch.forEach((wake, i) => {
        const id = `w${i}`;
        const refused = failed.get(id);
        if (sent.has(id) && !refused) wake.resolve();
        else
          wake.reject(
            new Error(
              refused
                ? `SqsWaker: SQS did not take the wake message (${refused.Code ?? 'no code'}${refused.SenderFault ? ', sender fault' : ''}): ${refused.Message ?? 'no message'}`
                : 'SqsWaker: SQS answered the batch without a word on this wake message',
            ),
          );
      });
    } catch (error) {
      for (const wake of batch) wake.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
