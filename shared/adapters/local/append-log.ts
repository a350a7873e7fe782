import { type FileHandle, open, readFile, rename, truncate } from 'node:fs/promises';
import { dirname } from 'node:path';

/** What an append-only log held when it was opened. */
export type LogContents = {
  /** Every whole record, oldest first. */
  records: unknown[];
  /** A last line without its newline was found and cut off: a write that a crash interrupted. */
  tornTail: boolean;
};

/** A line in the middle of a log that does not parse: the file was damaged, not just cut short. */
export class CorruptLogError extends Error {
  constructor(path: string, line: number, cause: unknown) {
    super(
      `${path}: line ${line} is not a JSON record (${(cause as Error).message}); move the file away to start afresh`,
    );
    this.name = 'CorruptLogError';
  }
}

type Waiter = { line: string; resolve: () => void; reject: (error: unknown) => void };

/**
 * An append-only JSON Lines file. An append resolves once its line is written and fsynced; appends made while a
 * write is in progress are written together with one fsync (group commit). Lines are written in call order.
 */
export class AppendLog {
  readonly path: string;
  #handle: FileHandle;
  #lineCount: number;
  #chain: Promise<void> = Promise.resolve();
  #batch: Waiter[] | null = null;
  #closed = false;

  private constructor(path: string, handle: FileHandle, lineCount: number) {
    this.path = path;
    this.#handle = handle;
    this.#lineCount = lineCount;
  }

  /** Opens (or creates) the log, reads its records and cuts off a torn last line. */
  static async open(path: string): Promise<{ log: AppendLog; contents: LogContents }> {
    let text = '';
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const end = text.lastIndexOf('\n') + 1;
    const tornTail = end < text.length;
    const records = text
      .slice(0, end)
      .split('\n')
      .slice(0, -1)
      .map((line, i) => {
        try {
          return JSON.parse(line) as unknown;
        } catch (error) {
          throw new CorruptLogError(path, i + 1, error);
        }
      });
    if (tornTail) await truncate(path, Buffer.byteLength(text.slice(0, end)));
    const handle = await open(path, 'a', 0o600);
    if (text === '') await syncDir(path);
    return { log: new AppendLog(path, handle, records.length), contents: { records, tornTail } };
  }

  /** Lines in the file, counting those written but not yet synced. */
  get lineCount(): number {
    return this.#lineCount;
  }

  /** Appends one record; resolves once it is on disk. */
  append(record: unknown): Promise<void> {
    if (this.#closed) return Promise.reject(new Error(`${this.path} is closed`));
    const line = `${JSON.stringify(record)}\n`;
    return new Promise<void>((resolve, reject) => {
      if (this.#batch === null) {
        const batch: Waiter[] = [];
        this.#batch = batch;
        this.#chain = this.#chain.then(() => this.#flush(batch));
      }
      this.#batch.push({ line, resolve, reject });
    });
  }

  /**
   * Replaces the whole file with `records`, atomically (a temporary file, fsync, rename, fsync of the folder).
   * It runs after every append made before it and before every append made after it.
   */
  rewrite(records: readonly unknown[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error(`${this.path} is closed`));
    this.#batch = null;
    const text = records.map((record) => `${JSON.stringify(record)}\n`).join('');
    const run = this.#chain.then(async () => {
      const temporary = `${this.path}.tmp`;
      const out = await open(temporary, 'w', 0o600);
      try {
        await out.writeFile(text);
        await out.sync();
      } finally {
        await out.close();
      }
      await rename(temporary, this.path);
      await syncDir(this.path);
      await this.#handle.close();
      this.#handle = await open(this.path, 'a', 0o600);
      this.#lineCount = records.length;
    });
    this.#chain = run.catch(() => {});
    return run;
  }

  /** Waits for every pending write, then closes the file. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#batch = null;
    await this.#chain;
    await this.#handle.close();
  }

  async #flush(batch: Waiter[]): Promise<void> {
    if (this.#batch === batch) this.#batch = null;
    try {
      await this.#handle.appendFile(batch.map((w) => w.line).join(''));
      this.#lineCount += batch.length;
      await this.#handle.sync();
      for (const waiter of batch) waiter.resolve();
    } catch (error) {
      for (const waiter of batch) waiter.reject(error);
    }
  }
}

/** Makes a created or renamed file's directory entry durable too. */
async function syncDir(path: string): Promise<void> {
  const dir = await open(dirname(path), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
