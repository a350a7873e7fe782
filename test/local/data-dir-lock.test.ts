import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataDirBusyError, DataFile, lockDataDir } from '../../shared/local/data-dir';
import { tempDir } from './temp-dir';

// One start may stall (a busy machine, a slow disk): between finding the pid file stale and taking its turn to
// remove it (`next`), or while writing its pid (`write`).
const stall = { next: 0, write: 0 };
// Hooks that hold a call until the test lets it go: `link` gets the pid's file being linked into place, `readFile`
// runs around each read of the pid file and gets the real read.
const hook: {
  link?: (from: string) => Promise<void>;
  readPid?: (read: () => Promise<string>) => Promise<string>;
} = {};
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  return {
    ...real,
    link: async (...args: Parameters<typeof real.link>) => {
      await hook.link?.(String(args[0]));
      return real.link(...args);
    },
    readFile: async (...args: Parameters<typeof real.readFile>) => {
      const read = () => real.readFile(...args) as Promise<string>;
      return String(args[0]).endsWith(DataFile.lock) && hook.readPid ? hook.readPid(read) : read();
    },
    writeFile: async (...args: Parameters<typeof real.writeFile>) => {
      const ms = stall.write;
      stall.write = 0;
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      return real.writeFile(...args);
    },
    mkdir: async (...args: Parameters<typeof real.mkdir>) => {
      const ms = stall.next;
      stall.next = 0;
      if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
      return real.mkdir(...args);
    },
  };
});

/** A promise with its resolve (Node 20 has no Promise.withResolvers). */
function opened(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A pid no process has (above Linux's pid_max of 2^22). */
const DEAD_PID = 4_999_999;

describe('lockDataDir', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => {
    hook.link = undefined;
    hook.readPid = undefined;
    return dir.remove();
  });

  it('takes over a pid file left by a process that is gone, and refuses a live holder', async () => {
    await writeFile(join(dir.path, DataFile.lock), `${DEAD_PID}\n`);
    const release = await lockDataDir(dir.path, process.pid);
    expect(await readFile(join(dir.path, DataFile.lock), 'utf8')).toBe(`${process.pid}\n`);
    await expect(lockDataDir(dir.path, process.ppid)).rejects.toThrow(DataDirBusyError);
    await release();
  });

  it('gives a stale folder to exactly one of two starts at the same moment, every time', async () => {
    // Two live pids stand for two processes starting together after a crash left the pid file behind.
    for (let trial = 0; trial < 100; trial++) {
      await writeFile(join(dir.path, DataFile.lock), `${DEAD_PID}\n`);
      const outcomes = await Promise.allSettled([
        lockDataDir(dir.path, process.pid),
        lockDataDir(dir.path, process.ppid),
      ]);
      const held = outcomes.filter((o) => o.status === 'fulfilled');
      expect(held, `trial ${trial}`).toHaveLength(1);
      const refused = outcomes.find((o) => o.status === 'rejected');
      expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(DataDirBusyError);
      await (held[0] as PromiseFulfilledResult<() => Promise<void>>).value();
    }
  });

  it('gives it to one of them even when the slower one stalls before taking the stale file over', async () => {
    await writeFile(join(dir.path, DataFile.lock), `${DEAD_PID}\n`);
    stall.next = 60; // the first start to take the stale file over stalls there, while the other takes the folder
    const slow = lockDataDir(dir.path, process.ppid);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fast = lockDataDir(dir.path, process.pid);
    const outcomes = await Promise.allSettled([fast, slow]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(await readFile(join(dir.path, DataFile.lock), 'utf8')).toBe(`${process.pid}\n`);
    await (outcomes[0] as PromiseFulfilledResult<() => Promise<void>>).value();
  });

  it('gives an empty folder to one of two starts even when the first is slow to write its pid', async () => {
    stall.write = 50;
    const slow = lockDataDir(dir.path, process.ppid);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const fast = lockDataDir(dir.path, process.pid);
    const outcomes = await Promise.allSettled([slow, fast]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'fulfilled']);
    expect(await readFile(join(dir.path, DataFile.lock), 'utf8')).toBe(`${process.pid}\n`);
    expect(await readdir(dir.path)).toEqual([DataFile.lock]);
    await (outcomes[1] as PromiseFulfilledResult<() => Promise<void>>).value();
  });

  it('never removes a pid file another start links into place after it read the file as missing', async () => {
    // B finds the stale file, then reads it once A has removed it and before A links its own; B must not remove
    // what A links next. Old order: B took its turn, read "missing", A linked, and B removed A's file.
    await writeFile(join(dir.path, DataFile.lock), `${DEAD_PID}\n`);
    const aLinkWaiting = opened();
    const letALink = opened();
    const bFirstRead = opened();
    const aPid = process.pid;
    const bPid = process.ppid;
    let reads = 0;
    let aLinks = 0;
    let bLinks = 0;
    hook.link = async (from) => {
      if (from.includes(`.${aPid}.`) && ++aLinks === 2) {
        aLinkWaiting.resolve();
        await letALink.promise;
      } else if (from.includes(`.${bPid}.`) && ++bLinks === 2) letALink.resolve(); // B links again: A's goes too
    };
    hook.readPid = async (read) => {
      const n = ++reads;
      if (n === 1) await bFirstRead.promise; // B's read after its link met the stale file
      if (n === 4) {
        // B's read in its turn: A links right after it
        const text = read();
        await text.catch(() => undefined);
        letALink.resolve();
        await new Promise((resolve) => setTimeout(resolve, 20));
        return text;
      }
      return read();
    };
    const b = lockDataDir(dir.path, bPid);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const a = lockDataDir(dir.path, aPid);
    await aLinkWaiting.promise; // A removed the stale file and is about to link its own
    bFirstRead.resolve();
    const outcomes = await Promise.allSettled([a, b]);
    hook.readPid = undefined;
    hook.link = undefined;
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const holder = outcomes[0].status === 'fulfilled' ? aPid : bPid;
    expect(await readFile(join(dir.path, DataFile.lock), 'utf8')).toBe(`${holder}\n`);
    for (const o of outcomes) if (o.status === 'fulfilled') await o.value();
  });

  // Found by a review: a pid file linked to a file gone since (a pid file in `/run`, after a reboot) read as
  // missing, so every try to create it met the link and the start gave up; 0 and -1 "live" as a process group.
  it.each([
    [
      'a link to a file that is gone',
      () => symlink(join(dir.path, 'gone.pid'), join(dir.path, DataFile.lock)),
    ],
    ['the pid 0', () => writeFile(join(dir.path, DataFile.lock), '0\n')],
    ['the pid -1', () => writeFile(join(dir.path, DataFile.lock), '-1\n')],
  ])('takes a folder whose pid file is %s', async (_, leave) => {
    await leave();
    const release = await lockDataDir(dir.path, process.pid);
    expect(await readFile(join(dir.path, DataFile.lock), 'utf8')).toBe(`${process.pid}\n`);
    await release();
  });

  // …and a start that died in its turn left the turn behind: the next start gave up after 200 tries of 20 ms,
  // before the turn was old enough (10 s) to be taken.
  it('waits out a turn left by a start that died in it, and takes the folder', async () => {
    await writeFile(join(dir.path, DataFile.lock), `${DEAD_PID}\n`);
    await mkdir(join(dir.path, `${DataFile.lock}.takeover`));
    const release = await lockDataDir(dir.path, process.pid, { staleTurnMs: 300 });
    expect(await readFile(join(dir.path, DataFile.lock), 'utf8')).toBe(`${process.pid}\n`);
    await release();
  });
});
