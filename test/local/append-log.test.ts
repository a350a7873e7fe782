import { mkdir, open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppendLog } from '../../shared/adapters/local/append-log';
import { tempDir } from './temp-dir';

/** Makes the next `appendFile` on any file handle write half its text and then fail, as a full disk does. */
async function failNextAppendHalfway(dir: string) {
  const probe = await open(join(dir, 'probe'), 'w');
  const prototype = Object.getPrototypeOf(probe) as { appendFile: (data: string) => Promise<void> };
  await probe.close();
  const real = prototype.appendFile;
  const spy = vi.spyOn(prototype, 'appendFile').mockImplementationOnce(async function (
    this: unknown,
    data: string,
  ) {
    await real.call(this, data.slice(0, Math.floor(data.length / 2)));
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  });
  return spy;
}

describe('AppendLog after a write that failed part-way', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await dir.remove();
  });

  it('cuts the partial line off, so the next append is a line of its own and the file opens again', async () => {
    const path = join(dir.path, 'journal.jsonl');
    const { log } = await AppendLog.open(path);
    await log.append({ n: 1 });
    await failNextAppendHalfway(dir.path);
    await expect(log.append({ n: 2, text: 'x'.repeat(40_000) })).rejects.toThrow(/ENOSPC/);
    await log.append({ n: 3 });
    await log.close();

    expect(await readFile(path, 'utf8')).toBe('{"n":1}\n{"n":3}\n');
    const { log: reopened, contents } = await AppendLog.open(path);
    expect(contents).toEqual({ records: [{ n: 1 }, { n: 3 }], tornTail: false });
    expect(reopened.lineCount).toBe(2);
    await reopened.close();
  });

  it('takes no more writes when the partial line cannot be cut off, rather than write after it', async () => {
    const path = join(dir.path, 'journal.jsonl');
    const { log } = await AppendLog.open(path);
    await log.append({ n: 1 });
    await failNextAppendHalfway(dir.path);
    const probe = await open(join(dir.path, 'probe2'), 'w');
    const prototype = Object.getPrototypeOf(probe) as { truncate: (length: number) => Promise<void> };
    await probe.close();
    vi.spyOn(prototype, 'truncate').mockRejectedValueOnce(new Error('EIO: i/o error, ftruncate'));
    await expect(log.append({ n: 2, text: 'x'.repeat(1_000) })).rejects.toThrow(/ENOSPC/);
    await expect(log.append({ n: 3 })).rejects.toThrow(
      /could not be cut back \(EIO.*no more writes are taken/,
    );
    await log.close();

    // What is there opens: the whole first line, and the partial one cut off as a torn tail.
    const { log: reopened, contents } = await AppendLog.open(path);
    expect(contents).toEqual({ records: [{ n: 1 }], tornTail: true });
    await reopened.close();
  });
});

describe('AppendLog.rewriteLive', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => dir.remove());

  it('keeps the appends made while the copy is written, in order, after the records it was given', async () => {
    const path = join(dir.path, 'store.jsonl');
    const { log } = await AppendLog.open(path);
    for (let n = 0; n < 5; n++) await log.append({ old: n });
    const records = Array.from({ length: 1_200 }, (_, n) => ({ kept: n }));
    const rewriting = log.rewriteLive(records);
    // Appends go on while the copy is written (1,200 records: three chunks); none waits for the swap.
    const during = Array.from({ length: 30 }, (_, n) => log.append({ during: n }));
    await Promise.all([rewriting, ...during]);
    await log.append({ after: 0 });
    expect(log.lineCount).toBe(1_200 + 30 + 1);
    await log.close();

    const { log: reopened, contents } = await AppendLog.open(path);
    expect(contents.records).toEqual([
      ...records,
      ...Array.from({ length: 30 }, (_, n) => ({ during: n })),
      { after: 0 },
    ]);
    expect(await readdir(dir.path)).toEqual(['store.jsonl']);
    await reopened.close();
  });

  it('leaves the file as it was when the copy cannot be written, and goes on appending', async () => {
    const path = join(dir.path, 'store.jsonl');
    const { log } = await AppendLog.open(path);
    await log.append({ old: 0 });
    await mkdir(`${path}.tmp`); // the copy can't be opened (EISDIR), as on a full disk
    await expect(log.rewriteLive([{ kept: 0 }])).rejects.toThrow(/EISDIR/);
    await log.append({ old: 1 });
    await log.close();
    expect(await readFile(path, 'utf8')).toBe('{"old":0}\n{"old":1}\n');
  });
});

describe('AppendLog.rewriteLive when something else happens meanwhile', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let prototype: Record<string, (...args: never[]) => Promise<unknown>>;
  beforeEach(async () => {
    dir = await tempDir();
    const probe = await open(join(dir.path, 'probe'), 'w');
    prototype = Object.getPrototypeOf(probe);
    await probe.close();
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await dir.remove();
  });

  /** Holds the copy's first write (only a rewrite uses `write`; appends use `appendFile`) until `release()`. */
  function holdTheCopy() {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = { now: false };
    const real = prototype.write as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(prototype, 'write').mockImplementationOnce(async function (this: unknown, ...args: unknown[]) {
      held.now = true;
      await gate;
      return real.apply(this, args);
    } as never);
    return { held, release };
  }

  it('is waited for by close, and abandoned: the file keeps every line, and nothing is left beside it', async () => {
    const path = join(dir.path, 'store.jsonl');
    const { log } = await AppendLog.open(path);
    await log.append({ old: 0 });
    const copy = holdTheCopy();
    const rewriting = log.rewriteLive([{ kept: 0 }]);
    await log.append({ during: 0 });
    let closed = false;
    const closing = log.close().then(() => {
      closed = true;
    });
    await vi.waitFor(() => expect(copy.held.now).toBe(true));
    expect(closed).toBe(false); // close waits for the rewrite (after it, the folder may be another start's)
    copy.release();
    await expect(rewriting).rejects.toThrow(/abandoned \(closed\)/);
    await closing;
    expect(await readFile(path, 'utf8')).toBe('{"old":0}\n{"during":0}\n');
    expect(await readdir(dir.path)).toEqual(['probe', 'store.jsonl']);
  });

  it('is abandoned when an append fails meanwhile, so the refused line does not come back in the copy', async () => {
    const path = join(dir.path, 'store.jsonl');
    const { log } = await AppendLog.open(path);
    await log.append({ old: 0 });
    const copy = holdTheCopy();
    const rewriting = log.rewriteLive([{ kept: 0 }]);
    vi.spyOn(prototype, 'appendFile').mockRejectedValueOnce(new Error('ENOSPC: no space left on device'));
    await expect(log.append({ refused: 0 })).rejects.toThrow(/ENOSPC/);
    copy.release();
    await expect(rewriting).rejects.toThrow(/abandoned \(a write failed\)/);
    await log.append({ old: 1 });
    await log.close();
    expect(await readFile(path, 'utf8')).toBe('{"old":0}\n{"old":1}\n');
  });

  it('takes no more writes when something fails after the copy took the file’s place', async () => {
    const path = join(dir.path, 'store.jsonl');
    const { log } = await AppendLog.open(path);
    await log.append({ old: 0 });
    const real = prototype.sync as (...args: unknown[]) => Promise<unknown>;
    vi.spyOn(prototype, 'sync').mockImplementation(async function (this: {
      stat(): Promise<{ isDirectory(): boolean }>;
    }) {
      if ((await this.stat()).isDirectory()) throw new Error('EIO: i/o error, fsync');
      return real.call(this);
    } as never);
    await expect(log.rewriteLive([{ kept: 0 }])).rejects.toThrow(/EIO/);
    await expect(log.append({ after: 0 })).rejects.toThrow(
      /replaced by its rewrite.*no more writes are taken/,
    );
    vi.restoreAllMocks();
    await log.close();
    expect(await readFile(path, 'utf8')).toBe('{"kept":0}\n');
  });
});
