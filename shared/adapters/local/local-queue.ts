import { randomUUID } from 'node:crypto';
import type { SQSRecord } from 'aws-lambda';
import type { Log } from '../../ports';
import type { JournalEntry } from './message-journal';
import { VisibleFifo, WaitingHeap } from './message-order';
import type { SqsBatchHandler } from './sqs-event-source';
import { systemTimers, type Timers } from './timers';

/** Where a local queue keeps its messages until they are handled (a MessageJournal, or a fake in tests). */
export interface QueueJournal {
  put(entry: JournalEntry): Promise<boolean>;
  done(id: string): Promise<void>;
}

/** A message that failed `maxReceiveCount` times, as the dead-letter file records it. */
export type DeadLetter = {
  queue: string;
  messageId: string;
  body: string;
  receiveCount: number;
  sentAt: number;
  deadAt: number;
};

export type LocalQueueOptions = {
  /** Names the queue in records (`eventSourceARN`), logs and dead letters. */
  name: string;
  /** A Lambda SQS handler with partial batch responses. */
  handler: SqsBatchHandler;
  journal: QueueJournal;
  /** Keeps a message that failed too often; the message is marked done only once this resolves. */
  deadLetter: (letter: DeadLetter) => Promise<void>;
  log: Log;
  /** Receives after which a message that still fails is dead-lettered. */
  maxReceiveCount: number;
  /** How long a failed message stays invisible after its `receiveCount`-th receive (the visibility timeout). */
  backoffMs: (receiveCount: number) => number;
  /** @default 10 */
  batchSize?: number;
  /** Batches handled at once. @default 1 */
  concurrency?: number;
  /** @default systemTimers */
  timers?: Timers;
};

// `seq` is the enqueue order: messages that become visible at the same time go in the order they were sent.
type Message = JournalEntry & { receiveCount: number; visibleAt: number; seq: number };

/**
 * An in-process stand-in for an SQS queue and its Lambda event source mapping: durable `send` (the journal is
 * fsynced first), batches handed to the same SQS handler the Lambda runs, failed records alone made visible
 * again after a backoff, and after `maxReceiveCount` receives a dead letter.
 */
export class LocalQueue {
  readonly #o: Required<Omit<LocalQueueOptions, 'timers'>> & { timers: Timers };
  /** Every message not yet handled or dead-lettered: waiting, visible or in a batch. */
  readonly #messages = new Map<string, Message>();
  /** Messages waiting for their `visibleAt` (sent, delayed or backing off), soonest on top. */
  readonly #waiting = new WaitingHeap<Message>();
  /** Visible messages not yet in a batch, in the order they became visible. */
  readonly #visible = new VisibleFifo<Message>();
  readonly #runs = new Set<Promise<void>>();
  #seq = 0;
  #running = false;
  #cancelTimer: (() => void) | undefined;
  #timerAt = Number.POSITIVE_INFINITY;

  constructor(options: LocalQueueOptions) {
    this.#o = { batchSize: 10, concurrency: 1, timers: systemTimers, ...options };
  }

  /** Messages not yet handled or dead-lettered. */
  get depth(): number {
    return this.#messages.size;
  }

  /** Whether a message with this id is queued and not yet handled or dead-lettered. */
  has(id: string): boolean {
    return this.#messages.has(id);
  }

  /** Stores the message durably, then queues it; `false` when its id was already sent (no second effect). */
  async send(body: string, options: { id?: string; delayMs?: number } = {}): Promise<boolean> {
    const delayMs = Math.max(0, options.delayMs ?? 0);
    // A NaN visibleAt would sit in the heap unordered; on top, it would arm a timer firing at once, forever.
    if (Number.isNaN(delayMs)) throw new RangeError('delayMs must be a number of milliseconds, got NaN');
    const entry = { id: options.id ?? randomUUID(), body, sentAt: this.#o.timers.now() };
    if (!(await this.#o.journal.put(entry))) return false;
    this.#enqueue(entry, entry.sentAt + delayMs);
    return true;
  }

  /** Queues messages that a journal kept across a restart; they are delivered at once. */
  restore(entries: readonly JournalEntry[]): void {
    const now = this.#o.timers.now();
    for (const entry of entries) this.#enqueue(entry, now);
  }

  /** Starts delivering. */
  start(): void {
    this.#running = true;
    this.#pump();
  }

  /** Stops delivering and waits for the batches in progress; undelivered messages stay in the journal. */
  async stop(): Promise<void> {
    this.#running = false;
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    this.#timerAt = Number.POSITIVE_INFINITY;
    while (this.#runs.size > 0) await Promise.allSettled([...this.#runs]);
  }

  /** Resolves once no batch is in progress (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.#runs.size > 0) await Promise.allSettled([...this.#runs]);
  }

  #enqueue(entry: JournalEntry, visibleAt: number): void {
    if (this.#messages.has(entry.id)) return;
    const message = { ...entry, receiveCount: 0, visibleAt, seq: this.#seq++ };
    this.#messages.set(entry.id, message);
    this.#waiting.push(message);
    this.#pump();
  }

  #pump(): void {
    if (!this.#running) return;
    const now = this.#o.timers.now();
    for (let next = this.#waiting.peek(); next && next.visibleAt <= now; next = this.#waiting.peek()) {
      this.#visible.push(this.#waiting.pop() as Message);
    }
    while (this.#runs.size < this.#o.concurrency && this.#visible.size > 0) {
      const batch = this.#visible.take(this.#o.batchSize);
      for (const message of batch) message.receiveCount++;
      const run: Promise<void> = this.#deliver(batch).finally(() => {
        this.#runs.delete(run);
        this.#pump();
      });
      this.#runs.add(run);
    }
    this.#armTimer(now);
  }

  #armTimer(now: number): void {
    const next = this.#waiting.peek()?.visibleAt ?? Number.POSITIVE_INFINITY;
    if (next === this.#timerAt) return;
    this.#cancelTimer?.();
    this.#cancelTimer = undefined;
    this.#timerAt = next;
    if (next === Number.POSITIVE_INFINITY) return;
    this.#cancelTimer = this.#o.timers.after(next - now, () => {
      this.#cancelTimer = undefined;
      this.#timerAt = Number.POSITIVE_INFINITY;
      this.#pump();
    });
  }

  /** Makes a failed message invisible for its backoff; the pump that ends its batch re-arms the timer. */
  #retryLater(message: Message, now: number): void {
    message.visibleAt = now + this.#o.backoffMs(message.receiveCount);
    this.#waiting.push(message);
  }

  async #deliver(batch: Message[]): Promise<void> {
    let failed: Set<string>;
    try {
      const response = await this.#o.handler({ Records: batch.map((m) => this.#record(m)) });
      failed = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
    } catch (error) {
      // A handler that throws fails the whole batch, as on Lambda.
      this.#o.log.warn('batch failed', { queue: this.#o.name, error: (error as Error).message });
      failed = new Set(batch.map((m) => m.id));
    }
    const now = this.#o.timers.now();
    await Promise.all(
      batch.map(async (message) => {
        if (!failed.has(message.id)) return this.#finish(message);
        if (message.receiveCount >= this.#o.maxReceiveCount) return this.#bury(message, now);
        this.#retryLater(message, now);
      }),
    );
  }

  async #finish(message: Message): Promise<void> {
    this.#messages.delete(message.id);
    try {
      await this.#o.journal.done(message.id);
    } catch (error) {
      this.#o.log.warn('could not mark a message done; it will be handled again after a restart', {
        queue: this.#o.name,
        messageId: message.id,
        error: (error as Error).message,
      });
    }
  }

  async #bury(message: Message, now: number): Promise<void> {
    const letter: DeadLetter = {
      queue: this.#o.name,
      messageId: message.id,
      body: message.body,
      receiveCount: message.receiveCount,
      sentAt: message.sentAt,
      deadAt: now,
    };
    try {
      await this.#o.deadLetter(letter);
    } catch (error) {
      this.#o.log.error('could not write a dead letter; the message stays queued', {
        queue: this.#o.name,
        messageId: message.id,
        error: (error as Error).message,
      });
      this.#retryLater(message, now);
      return;
    }
    this.#o.log.error('message dead-lettered', {
      queue: this.#o.name,
      messageId: message.id,
      receiveCount: message.receiveCount,
    });
    await this.#finish(message);
  }

  #record(message: Message): SQSRecord {
    return {
      messageId: message.id,
      receiptHandle: `${message.id}#${message.receiveCount}`,
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: 'local',
        ApproximateFirstReceiveTimestamp: String(message.sentAt),
      },
      messageAttributes: {},
      md5OfBody: '',
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:local:000000000000:${this.#o.name}`,
      awsRegion: 'local',
    };
  }
}
