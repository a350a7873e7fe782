import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DataDirBusyError, DataFile, lockDataDir } from '../../shared/local/data-dir';
import { tempDir } from './temp-dir';

// One start may stall (a busy machine, a slow disk): between finding the pid file stale and taking its turn to
// remove it (`next`), or while writing its pid (`write`).
const stall = { next: 0, write: 0 };
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof import('node:fs/promises')>();
  return {
    ...real,
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

/** A pid no process has (above Linux's pid_max of 2^22). */
const DEAD_PID = 4_999_999;

describe('lockDataDir', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(() => dir.remove());

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
});
