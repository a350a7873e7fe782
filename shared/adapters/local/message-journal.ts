import { AppendLog } from './append-log';

/** A message the journal holds until it is marked done. */
export type JournalEntry = { id: string; body: string; sentAt: number };

type JournalLine = { op: 'put'; id: string; body: string; sentAt: number } | { op: 'done'; id: string };

export type MessageJournalOptions = {
  path: string;
  /** How many done ids are remembered, so that a message sent again under one of them has no second effect. @default 10000 */
  keepDoneIds?: number;
  /** A file with more lines than this (and than twice what it still needs) is rewritten. @default 10000 */
  compactAfterLines?: number;
};

/**
 * The durable part of a local queue: `put` returns once the message is fsynced, `done` records that it was
 * handled, and `pending()` after a restart lists every message put and never done. Ids are deduplicated.
 */
export class MessageJournal {
  readonly #log: AppendLog;
  readonly #pending = new Map<string, { entry: JournalEntry; written: Promise<void> }>();
  readonly #done = new Set<string>();
  readonly #keepDoneIds: number;
  readonly #compactAfterLines: number;
  #compacting = false;

  private constructor(log: AppendLog, options: MessageJournalOptions) {
    this.#log = log;
    this.#keepDoneIds = options.keepDoneIds ?? 10_000;
    this.#compactAfterLines = options.compactAfterLines ?? 10_000;
  }

  /** Opens (or creates) the journal and replays it. */
  static async open(options: MessageJournalOptions): Promise<MessageJournal> {
    const { log, contents } = await AppendLog.open(options.path);
    const journal = new MessageJournal(log, options);
    for (const record of contents.records) {
      const line = record as JournalLine;
      if (line.op === 'put' && !journal.#done.has(line.id)) {
        const entry = { id: line.id, body: line.body, sentAt: line.sentAt };
        journal.#pending.set(line.id, { entry, written: Promise.resolve() });
      }
      if (line.op === 'done') journal.#markDone(line.id);
    }
    await journal.#compactIfLong();
    return journal;
  }

  /** Messages put and not yet done, oldest first. */
  pending(): JournalEntry[] {
    return [...this.#pending.values()].map(({ entry }) => ({ ...entry }));
  }

  /** Stores a message; `false` when its id is already held or done (then nothing is written). */
  async put(entry: JournalEntry): Promise<boolean> {
    const held = this.#pending.get(entry.id);
    if (held) {
      // The same id while its first put is still being written: answer only once that one is durable.
      await held.written;
      return false;
    }
    if (this.#done.has(entry.id)) return false;
    const written = this.#log.append({ op: 'put', ...entry } satisfies JournalLine);
    this.#pending.set(entry.id, { entry: { ...entry }, written });
    try {
      await written;
    } catch (error) {
      this.#pending.delete(entry.id);
      throw error;
    }
    return true;
  }

  /**
   * Marks a message handled. Not awaited by callers on the hot path: a done mark lost to a crash only means the
   * message is handled once more after the restart, which the use cases absorb as a duplicate.
   */
  async done(id: string): Promise<void> {
    if (!this.#pending.delete(id)) return;
    this.#markDone(id);
    await this.#log.append({ op: 'done', id } satisfies JournalLine);
    await this.#compactIfLong();
  }

  /** Waits for pending writes and closes the file. */
  close(): Promise<void> {
    return this.#log.close();
  }

  #markDone(id: string): void {
    this.#pending.delete(id);
    this.#done.add(id);
    if (this.#done.size > this.#keepDoneIds) {
      const oldest = this.#done.values().next().value;
      if (oldest !== undefined) this.#done.delete(oldest);
    }
  }

  async #compactIfLong(): Promise<void> {
    const needed = this.#done.size + this.#pending.size;
    if (this.#compacting || this.#log.lineCount <= Math.max(this.#compactAfterLines, 2 * needed)) return;
    const lines: JournalLine[] = [
      ...[...this.#done].map((id): JournalLine => ({ op: 'done', id })),
      ...[...this.#pending.values()].map(({ entry }): JournalLine => ({ op: 'put', ...entry })),
    ];
    // The rewrite is taken at this instant and runs after the appends queued before it, so nothing is lost.
    this.#compacting = true;
    try {
      await this.#log.rewrite(lines);
    } finally {
      this.#compacting = false;
    }
  }
}
