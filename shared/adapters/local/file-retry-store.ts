import type { SessionState } from '../../core/session-state';
import type { LoggedEvent } from '../../core/types';
import type { CommitResult, Page, RetryStore, SessionView } from '../../ports';
import { AppendLog } from './append-log';
import { MemoryRetryStore } from './memory-retry-store';

/** One line of the store's file: a commit as it landed, or (after compaction) a session's whole state and log. */
type StoreLine =
  | { kind: 'commit'; state: SessionState; events: LoggedEvent[] }
  | { kind: 'snapshot'; state: SessionState; events: LoggedEvent[] };

export type FileRetryStoreOptions = {
  /** The JSON Lines file. */
  path: string;
  /**
   * A file longer than this (and than twice the session count) is rewritten as one line per session: at open,
   * and while running, after the commit that makes it so. @default 10000
   */
  compactAfterLines?: number;
  /** Called once if the store stops working (a write or a compaction failed): it refuses everything after. */
  onBroken?: (error: Error) => void;
};

/**
 * The RetryStore on one append-only file: MemoryRetryStore answers every read and decides every fenced write;
 * a commit that lands there is appended as one line and fsynced before `committed` is returned, so a commit
 * (row and events together) is on disk whole or not at all. Opening replays the file.
 */
export class FileRetryStore implements RetryStore {
  readonly #memory: MemoryRetryStore;
  readonly #log: AppendLog;
  readonly #sessionIds: Set<string>;
  readonly #compactAfterLines: number;
  readonly #onBroken: ((error: Error) => void) | undefined;
  #serial: Promise<unknown> = Promise.resolve();
  #compacting = false;
  /** The line count at the last compaction that failed: the next try waits until the file has doubled. */
  #compactionFailedAt = 0;
  #broken: Error | undefined;

  private constructor(
    memory: MemoryRetryStore,
    log: AppendLog,
    sessionIds: Set<string>,
    options: FileRetryStoreOptions,
  ) {
    this.#memory = memory;
    this.#log = log;
    this.#sessionIds = sessionIds;
    this.#compactAfterLines = options.compactAfterLines ?? 10_000;
    this.#onBroken = options.onBroken;
  }

  /** Opens the file (creating it if missing), replays it line by line and compacts it when it has grown long. */
  static async open(options: FileRetryStoreOptions): Promise<FileRetryStore> {
    const memory = new MemoryRetryStore();
    const ids = new Set<string>();
    let lineNo = 0;
    const { log } = await AppendLog.open(options.path, {
      onRecord: async (record) => {
        lineNo++;
        const line = record as StoreLine;
        if (line.kind === 'snapshot') memory.restore(line.state, line.events);
        else if ((await memory.commit(line.state, line.events)).kind !== 'committed')
          throw new Error(`${options.path}: line ${lineNo} does not follow the state before it`);
        ids.add(line.state.sessionId);
      },
    });
    const store = new FileRetryStore(memory, log, ids, options);
    // A compaction that fails (a full disk) leaves the file as it was: start anyway, and try again later.
    if (store.#longEnoughToCompact()) await store.compact().catch(() => {});
    return store;
  }

  async load(sessionId: string): Promise<SessionState> {
    this.#check();
    return this.#memory.load(sessionId);
  }

  async commit(next: SessionState, events: readonly LoggedEvent[]): Promise<CommitResult> {
    this.#check();
    // Deciding and queueing the line happen under one lock, so the file holds commits in the order they landed.
    const step = this.#serial.then(async () => {
      const result = await this.#memory.commit(next, events);
      if (result.kind !== 'committed') return { result, written: Promise.resolve() };
      this.#sessionIds.add(next.sessionId);
      const line: StoreLine = { kind: 'commit', state: next, events: [...events] };
      return { result, written: this.#log.append(line) };
    });
    this.#serial = step.catch(() => {});
    const { result, written } = await step;
    try {
      await written;
    } catch (error) {
      // Memory is now ahead of the file: refuse everything from here on rather than serve what would not survive.
      throw this.#break(`failed to write: ${(error as Error).message}`);
    }
    // The file only grows between starts otherwise: a server that runs for months would make a file too long to
    // read back. The compaction queues behind the commits already waiting and before the ones after it.
    // One that fails leaves the file as it was (the copy failed, not the log); the next commit tries again.
    if (!this.#compacting && this.#longEnoughToCompact()) {
      this.#compacting = true;
      this.#tryCompact().finally(() => {
        this.#compacting = false;
      });
    }
    return result;
  }

  /** Whether the file holds more lines than the limit and than twice the sessions it holds. */
  #longEnoughToCompact(): boolean {
    const lines = this.#log.lineCount;
    return (
      lines > this.#compactAfterLines &&
      lines > 2 * this.#sessionIds.size &&
      lines > 2 * this.#compactionFailedAt
    );
  }

  /** Compacts; a failure leaves the file as it was, and the next try waits until it has doubled. */
  async #tryCompact(): Promise<void> {
    try {
      await this.compact();
    } catch {
      this.#compactionFailedAt = this.#log.lineCount;
    }
  }

  events(sessionId: string, page?: { limit?: number; cursor?: string }): Promise<Page<LoggedEvent>> {
    this.#check();
    return this.#memory.events(sessionId, page);
  }

  waiting(page?: { limit?: number; cursor?: string }): Promise<Page<SessionView>> {
    this.#check();
    return this.#memory.waiting(page);
  }

  /** Every session id the store holds. */
  sessionIds(): string[] {
    return [...this.#sessionIds];
  }

  /**
   * Rewrites the file as one snapshot line per session, while commits go on: the sessions are taken at one moment
   * between two commits (without copies: a commit replaces a session's values), then written beside the file while
   * later commits are appended as usual and added to the copy before it takes the file's place.
   */
  async compact(): Promise<void> {
    const taking = this.#serial.then(() => {
      const lines: StoreLine[] = this.#memory
        .storedSessions()
        .map(({ state, events }) => ({ kind: 'snapshot', state, events: [...events] }));
      // Taken and started with no commit in between: a commit appends under the same lock.
      return { rewritten: this.#log.rewriteLive(lines) };
    });
    this.#serial = taking.catch(() => {});
    await (await taking).rewritten;
  }

  /** Waits for pending writes and closes the file. */
  async close(): Promise<void> {
    await this.#serial;
    await this.#log.close();
  }

  #check(): void {
    if (this.#broken) throw this.#broken;
  }

  /** Marks the store broken (once) and says so; returns the error every call gets from now on. */
  #break(what: string): Error {
    if (!this.#broken) {
      this.#broken = new Error(`session store ${this.#log.path} ${what}`);
      this.#onBroken?.(this.#broken);
    }
    return this.#broken;
  }
}
