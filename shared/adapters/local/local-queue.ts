import { randomUUID } from 'node:crypto';
import type { SQSRecord } from 'aws-lambda';
import type { Log } from '../../ports';
import type { JournalEntry } from './message-journal';
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

type Message = JournalEntry & { receiveCount: number; visibleAt: number; busy: boolean };

/**
 * An in-process stand-in for an SQS queue and its Lambda event source mapping: durable `send` (the journal is
 * fsynced first), batches handed to the same SQS handler the Lambda runs, failed records alone made visible
 * again after a backoff, and after `maxReceiveCount` receives a dead letter.
 */
export class LocalQueue {
  readonly #o: Required<Omit<LocalQueueOptions, 'timers'>> & { timers: Timers };
  readonly #messages = new Map<string, Message>();
  readonly #runs = new Set<Promise<void>>();
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

  /** Stores the message durably, then queues it; `false` when its id was already sent (no second effect). */
  async send(body: string, options: { id?: string; delayMs?: number } = {}): Promise<boolean> {
    const entry = { id: options.id ?? randomUUID(), body, sentAt: this.#o.timers.now() };
    if (!(await this.#o.journal.put(entry))) return false;
    this.#enqueue(entry, entry.sentAt + Math.max(0, options.delayMs ?? 0));
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
    this.#messages.set(entry.id, { ...entry, receiveCount: 0, visibleAt, busy: false });
    this.#pump();
  }

  #pump(): void {
    if (!this.#running) return;
    const now = this.#o.timers.now();
    while (this.#runs.size < this.#o.concurrency) {
      const batch: Message[] = [];
      for (const message of this.#messages.values()) {
        if (batch.length >= this.#o.batchSize) break;
        if (!message.busy && message.visibleAt <= now) batch.push(message);
      }
      if (batch.length === 0) break;
      for (const message of batch) {
        message.busy = true;
        message.receiveCount++;
      }
      const run: Promise<void> = this.#deliver(batch).finally(() => {
        this.#runs.delete(run);
        this.#pump();
      });
      this.#runs.add(run);
    }
    this.#armTimer(now);
  }

  #armTimer(now: number): void {
    let next = Number.POSITIVE_INFINITY;
    for (const message of this.#messages.values()) {
      if (!message.busy && message.visibleAt > now) next = Math.min(next, message.visibleAt);
    }
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
        message.visibleAt = now + this.#o.backoffMs(message.receiveCount);
        message.busy = false;
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
      message.visibleAt = now + this.#o.backoffMs(message.receiveCount);
      message.busy = false;
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
