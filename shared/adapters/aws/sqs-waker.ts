import type { BatchResultErrorEntry, SendMessageBatchResult } from '@aws-sdk/client-sqs';
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
   * all. 0 sends each wake-up alone, at once. Every caller awaits its `arm`: the batch is sent from a timer.
   * @default 0
   */
  batchWindowMs?: number;
};

/** The most messages one `SendMessageBatch` takes (ten wake messages, under 1 KB each, are far from its size limit). */
const SQS_BATCH_MAX = 10;
/** The longest batch window: a wake-up that waits longer for company is late. */
const MAX_BATCH_WINDOW_MS = 1_000;
/**
 * How many times entries SQS failed on its side (`SenderFault: false`: throttled, an internal error) are sent:
 * a single `SendMessage` gets the SDK's own retries for those, a batch's entries do not.
 */
const ENTRY_SENDS = 3;

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
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor({ client, queueUrl, batchWindowMs = 0 }: SqsWakerOptions) {
    // FIFO queues reject a per-message DelaySeconds (only a queue-wide delay exists there).
    if (queueUrl.endsWith('.fifo')) {
      throw new Error(
        `SqsWaker: the wake queue must be a standard queue, got a FIFO queue (${queueUrl}): ` +
          'FIFO queues do not support per-message DelaySeconds',
      );
    }
    if (!(batchWindowMs >= 0 && batchWindowMs <= MAX_BATCH_WINDOW_MS)) {
      throw new RangeError(
        `SqsWaker: batchWindowMs must be 0–${MAX_BATCH_WINDOW_MS} ms, got ${batchWindowMs}`,
      );
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
    this.#pending.push(wake);
    if (this.#pending.length >= SQS_BATCH_MAX) this.#flush();
    else this.#timer ??= setTimeout(() => this.#flush(), this.#batchWindowMs);
  }

  #flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length > 0) void this.#send(batch);
  }

  /**
   * Sends one batch; each arm in it resolves or fails by its own entry's answer. Entries SQS failed on its side are
   * sent again, up to ENTRY_SENDS times in all; a refused entry (`SenderFault`) or a failed call fails at once.
   */
  async #send(batch: readonly PendingWake[]): Promise<void> {
    let left = batch.map((wake, i) => ({ wake, id: `w${i}` }));
    for (let sends = 1; left.length > 0; sends++) {
      let out: SendMessageBatchResult;
      try {
        out = await this.#client.send(
          new SendMessageBatchCommand({
            QueueUrl: this.#queueUrl,
            Entries: left.map(({ wake, id }) => ({
              Id: id,
              MessageBody: wake.body,
              DelaySeconds: wake.delaySeconds,
            })),
          }),
        );
      } catch (error) {
        for (const { wake } of left) wake.reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      const failed = new Map((out.Failed ?? []).map((entry) => [entry.Id, entry]));
      const sent = new Set((out.Successful ?? []).map((entry) => entry.Id));
      const again: typeof left = [];
      for (const entry of left) {
        const refused = failed.get(entry.id);
        if (sent.has(entry.id) && !refused) entry.wake.resolve();
        else if (refused && refused.SenderFault !== true && sends < ENTRY_SENDS) again.push(entry);
        else entry.wake.reject(batchError(refused));
      }
      left = again;
    }
  }
}

function batchError(refused: BatchResultErrorEntry | undefined): Error {
  return new Error(
    refused
      ? `SqsWaker: SQS did not take the wake message (${refused.Code ?? 'no code'}${refused.SenderFault ? ', sender fault' : ''}): ${refused.Message ?? 'no message'}`
      : 'SqsWaker: SQS answered the batch without a word on this wake message',
  );
}
