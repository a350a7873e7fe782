import { type FileHandle, open, rename, rm, truncate } from 'node:fs/promises';
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
  /** Bytes of whole lines in the file: where a failed write is cut back to. */
  #size: number;
  /** Set when a failed write could not be cut back: the file may end in a partial line, so nothing more goes on. */
  #broken: Error | undefined;
  /** While a live rewrite writes its copy: the lines appended since its records were taken, for the copy too. */
  #tee: string[] | null = null;
  /** The live rewrite under way, if any: `close` waits for it. */
  #live: Promise<void> | null = null;
  /** Set when a write fails while a live rewrite is under way: its copy holds lines that were refused. */
  #liveSpoiled = false;

  private constructor(path: string, handle: FileHandle, lineCount: number, size: number) {
    this.path = path;
    this.#handle = handle;
    this.#lineCount = lineCount;
    this.#size = size;
  }

  /**
   * Opens (or creates) the log, reads its records and cuts off a torn last line. The file is read in chunks, so
   * it may be larger than the longest string Node can make (512 MiB). With `onRecord`, each record is handed to it
   * in order as it is read and none is kept in `contents.records`.
   */
  static async open(
    path: string,
    options: { onRecord?: (record: unknown) => void | Promise<void> } = {},
  ): Promise<{ log: AppendLog; contents: LogContents }> {
    const records: unknown[] = [];
    const read = await readLines(path, async (line, lineNo) => {
      let record: unknown;
      try {
        record = JSON.parse(line);
      } catch (error) {
        throw new CorruptLogError(path, lineNo, error);
      }
      if (options.onRecord) await options.onRecord(record);
      else records.push(record);
    });
    if (read.tornTail) await truncate(path, read.bytes);
    const handle = await open(path, 'a', 0o600);
    if (!read.existed) await syncDir(path);
    const log = new AppendLog(path, handle, read.lines, read.bytes);
    return { log, contents: { records, tornTail: read.tornTail } };
  }

  /** Lines in the file. */
  get lineCount(): number {
    return this.#lineCount;
  }

  /** Appends one record; resolves once it is on disk. */
  append(record: unknown): Promise<void> {
    if (this.#closed) return Promise.reject(new Error(`${this.path} is closed`));
    if (this.#broken) return Promise.reject(this.#broken);
    const line = `${JSON.stringify(record)}\n`;
    this.#tee?.push(line);
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
    const run = this.#chain.then(() => this.#swapIn('w', text, records.length, Buffer.byteLength(text)));
    this.#chain = run.catch(() => {});
    return run;
  }

  /**
   * Replaces the file with `records` (what the log holds as of this call) without holding appends back while the
   * copy is written: appends made meanwhile go to the old file as usual and are added to the copy before it takes
   * the old file's place (fsync, rename, fsync of the folder). The caller takes `records` and calls this with no
   * append in between. A failure leaves the old file as it was.
   */
  rewriteLive(records: readonly unknown[]): Promise<void> {
    if (this.#closed) return Promise.reject(new Error(`${this.path} is closed`));
    if (this.#live) return Promise.reject(new Error(`${this.path}: a rewrite is already under way`));
    const live = this.#rewriteLive(records).finally(() => {
      this.#live = null;
    });
    this.#live = live;
    return live;
  }

  async #rewriteLive(records: readonly unknown[]): Promise<void> {
    const tee: string[] = [];
    this.#tee = tee;
    this.#liveSpoiled = false;
    const temporary = `${this.path}.tmp`;
    let bytes = 0;
    try {
      const out = await open(temporary, 'w', 0o600);
      try {
        for (let i = 0; i < records.length; i += REWRITE_CHUNK) {
          const text = records
            .slice(i, i + REWRITE_CHUNK)
            .map((record) => `${JSON.stringify(record)}\n`)
            .join('');
          await out.write(text);
          bytes += Buffer.byteLength(text);
        }
      } finally {
        await out.close();
      }
    } catch (error) {
      this.#tee = null;
      await rm(temporary, { force: true }).catch(() => {});
      throw error;
    }
    // From here appends wait behind the swap; those made since the records were taken are in `tee`, and their
    // batches come before the swap in the chain, so they are on disk in the old file when it runs.
    this.#tee = null;
    this.#batch = null;
    const run = this.#chain.then(async () => {
      // Closed meanwhile (the file may be someone else's now), or a write failed (its line is in `tee` though
      // it was refused): the copy is not used.
      if (this.#closed || this.#liveSpoiled) {
        await rm(temporary, { force: true }).catch(() => {});
        throw new Error(
          `${this.path}: the rewrite was abandoned (${this.#closed ? 'closed' : 'a write failed'})`,
        );
      }
      const rest = tee.join('');
      return this.#swapIn('a', rest, records.length + tee.length, bytes + Buffer.byteLength(rest));
    });
    this.#chain = run.catch(() => {});
    return run;
  }

  /**
   * Writes `text` to the copy beside the file (`w` starts it, `a` finishes one begun before), syncs it and puts it
   * in the file's place, which then holds `lines` lines in `bytes` bytes. A failure leaves the file as it was.
   */
  async #swapIn(flag: 'w' | 'a', text: string, lines: number, bytes: number): Promise<void> {
    const temporary = `${this.path}.tmp`;
    try {
      const out = await open(temporary, flag, 0o600);
      try {
        await out.write(text);
        await out.sync();
      } finally {
        await out.close();
      }
      await rename(temporary, this.path);
    } catch (error) {
      // Nothing changed: the log is still the file it was (a full disk fails the copy, not the log).
      await rm(temporary, { force: true }).catch(() => {});
      throw error;
    }
    // The file is the copy now: appends go to it from here, whatever fails next. If anything does, no more writes
    // are taken, rather than written where a crash could lose them (the old file, unlinked; an unsynced rename).
    try {
      const old = this.#handle;
      this.#handle = await open(this.path, 'a', 0o600);
      this.#lineCount = lines;
      this.#size = bytes;
      this.#broken = undefined;
      await old.close().catch(() => {});
      await syncDir(this.path);
    } catch (error) {
      this.#broken = new Error(
        `${this.path}: replaced by its rewrite, which then failed (${(error as Error).message}); no more writes are taken`,
      );
      throw error;
    }
  }

  /** Waits for every pending write, then closes the file. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#batch = null;
    await this.#live?.catch(() => {});
    await this.#chain;
    await this.#handle.close();
  }

  async #flush(batch: Waiter[]): Promise<void> {
    if (this.#batch === batch) this.#batch = null;
    if (this.#broken) {
      for (const waiter of batch) waiter.reject(this.#broken);
      return;
    }
    const text = batch.map((w) => w.line).join('');
    try {
      await this.#handle.appendFile(text);
      await this.#handle.sync();
      this.#lineCount += batch.length;
      this.#size += Buffer.byteLength(text);
      for (const waiter of batch) waiter.resolve();
    } catch (error) {
      if (this.#live) this.#liveSpoiled = true;
      // A write that failed part-way (a full disk) may have left part of a line: cut the file back to its last
      // whole line, so that the next append starts a line of its own and the file still opens.
      try {
        await this.#handle.truncate(this.#size);
        await this.#handle.sync();
      } catch (cutError) {
        this.#broken = new Error(
          `${this.path}: a failed write (${(error as Error).message}) could not be cut back (${(cutError as Error).message}); no more writes are taken`,
        );
      }
      for (const waiter of batch) waiter.reject(error);
    }
  }
}

/** Hands each whole line of the file (without its newline) to `onLine`, reading it in chunks. */
async function readLines(
  path: string,
  onLine: (line: string, lineNo: number) => Promise<void>,
): Promise<{ existed: boolean; lines: number; bytes: number; tornTail: boolean }> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return { existed: false, lines: 0, bytes: 0, tornTail: false };
  }
  let lines = 0;
  let bytes = 0;
  let carry: Buffer[] = [];
  try {
    for (let position = 0; ; ) {
      const chunk = Buffer.allocUnsafe(READ_CHUNK);
      const { bytesRead } = await handle.read(chunk, 0, READ_CHUNK, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      const data = chunk.subarray(0, bytesRead);
      let start = 0;
      for (let end = data.indexOf(NEWLINE); end !== -1; end = data.indexOf(NEWLINE, start)) {
        const line =
          carry.length > 0 ? Buffer.concat([...carry, data.subarray(start, end)]) : data.subarray(start, end);
        carry = [];
        lines++;
        bytes += line.length + 1;
        await onLine(line.toString('utf8'), lines);
        start = end + 1;
      }
      if (start < data.length) carry.push(data.subarray(start));
    }
  } finally {
    await handle.close();
  }
  return { existed: true, lines, bytes, tornTail: carry.length > 0 };
}

const READ_CHUNK = 1 << 20;
/** Records serialized and written at a time by a live rewrite, so that appends go on between the writes. */
const REWRITE_CHUNK = 500;
const NEWLINE = 0x0a;

/** Makes a created or renamed file's directory entry durable too. */
async function syncDir(path: string): Promise<void> {
  const dir = await open(dirname(path), 'r');
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}
