import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptLogError } from '../../shared/adapters/local/append-log';
import { FileRetryStore } from '../../shared/adapters/local/file-retry-store';
import { logEntries, type SessionState } from '../../shared/core/session-state';
import type { SessionEvent } from '../../shared/core/types';
import { describeRetryStoreContract } from '../adapters/retry-store.contract';
import { T0 } from '../support/events';
import { firedEvent, pending, scheduledEvent, sessionState } from '../support/factories';
import { tempDir } from './temp-dir';

describeRetryStoreContract('FileRetryStore', async () => {
  const dir = await tempDir();
  const store = await FileRetryStore.open({ path: join(dir.path, 'sessions.jsonl') });
  return {
    store,
    cleanup: async () => {
      await store.close();
      await dir.remove();
    },
  };
});

describe('FileRetryStore on disk', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let path: string;
  beforeEach(async () => {
    dir = await tempDir();
    path = join(dir.path, 'sessions.jsonl');
  });
  afterEach(() => dir.remove());

  async function commit(store: FileRetryStore, state: SessionState, events: SessionEvent[] = []) {
    return store.commit(state, logEntries(state, events));
  }

  /** Two commits on s-42 (the second arms a retry) and one on s-43. */
  async function seed(store: FileRetryStore) {
    const armed = pending();
    await commit(store, sessionState({ version: 1 }), [firedEvent()]);
    await commit(store, sessionState({ version: 2, pending: armed, updatedAt: T0 + 5 }), [
      scheduledEvent(armed),
    ]);
    await commit(store, sessionState({ sessionId: 's-43', version: 1, closed: true }));
  }

  it('keeps every commit across a reopen, without a close (as after a crash)', async () => {
    const first = await FileRetryStore.open({ path });
    await seed(first);
    const before = {
      row: await first.load('s-42'),
      log: await first.events('s-42'),
      waiting: await first.waiting(),
    };

    const second = await FileRetryStore.open({ path });
    expect(await second.load('s-42')).toEqual(before.row);
    expect(await second.events('s-42')).toEqual(before.log);
    expect(await second.waiting()).toEqual(before.waiting);
    expect(second.sessionIds().sort()).toEqual(['s-42', 's-43']);
    await Promise.all([first.close(), second.close()]);
  });

  it('drops a torn last line, keeps the commits before it, and appends after them', async () => {
    const first = await FileRetryStore.open({ path });
    await seed(first);
    await first.close();
    await appendFile(path, '{"kind":"commit","state":{"sessionId":"s-44","vers');

    const second = await FileRetryStore.open({ path });
    expect((await second.load('s-44')).version).toBe(0);
    expect((await second.load('s-42')).version).toBe(2);
    await commit(second, sessionState({ sessionId: 's-44', version: 1 }));
    await second.close();

    const third = await FileRetryStore.open({ path });
    expect((await third.load('s-44')).version).toBe(1);
    await third.close();
  });

  it('refuses a file damaged in the middle and names the line', async () => {
    const first = await FileRetryStore.open({ path });
    await seed(first);
    await first.close();
    const lines = (await readFile(path, 'utf8')).split('\n');
    lines[1] = 'not json';
    await writeFile(path, lines.join('\n'));

    await expect(FileRetryStore.open({ path })).rejects.toThrow(CorruptLogError);
    await expect(FileRetryStore.open({ path })).rejects.toThrow(/line 2/);
  });

  it('compacts a long file to one line per session and reads back the same states, logs and waiting list', async () => {
    const first = await FileRetryStore.open({ path });
    await seed(first);
    for (let version = 2; version <= 12; version++) {
      await commit(first, sessionState({ sessionId: 's-43', version, updatedAt: T0 + version }));
    }
    const before = {
      rows: [await first.load('s-42'), await first.load('s-43')],
      log: await first.events('s-42'),
      waiting: await first.waiting(),
    };
    await first.close();

    const compacted = await FileRetryStore.open({ path, compactAfterLines: 5 });
    expect((await readFile(path, 'utf8')).trim().split('\n')).toHaveLength(2);
    expect([await compacted.load('s-42'), await compacted.load('s-43')]).toEqual(before.rows);
    expect(await compacted.events('s-42')).toEqual(before.log);
    expect(await compacted.waiting()).toEqual(before.waiting);
    expect(await commit(compacted, sessionState({ sessionId: 's-43', version: 13 }))).toEqual({
      kind: 'committed',
    });
    expect(await commit(compacted, sessionState({ sessionId: 's-43', version: 13 }))).toEqual({
      kind: 'conflict',
    });
    await compacted.close();

    const reopened = await FileRetryStore.open({ path });
    expect((await reopened.load('s-43')).version).toBe(13);
    await reopened.close();
  });

  it('writes nothing for a commit that loses its fence', async () => {
    const store = await FileRetryStore.open({ path });
    await seed(store);
    const size = (await readFile(path, 'utf8')).length;
    expect(await commit(store, sessionState({ version: 2, closed: true }))).toEqual({ kind: 'conflict' });
    expect((await readFile(path, 'utf8')).length).toBe(size);
    await store.close();
  });

  it('compacts while running once the file grows long, so a long run leaves a file that opens', async () => {
    const store = await FileRetryStore.open({ path, compactAfterLines: 10 });
    for (let version = 1; version <= 95; version++) {
      await commit(store, sessionState({ version, updatedAt: T0 + version }), [
        {
          kind: 'turn_failure_not_retried',
          class: 'auth',
          turnId: 't-7',
          promptId: `p-${version}`,
          error: 'x',
        },
      ]);
    }
    const before = { row: await store.load('s-42'), log: await allEvents(store) };
    await store.close();
    // At most the limit plus the commits since the last compaction: never the 95 commits.
    expect((await readFile(path, 'utf8')).trim().split('\n').length).toBeLessThanOrEqual(11);

    const reopened = await FileRetryStore.open({ path, compactAfterLines: 10 });
    expect(await reopened.load('s-42')).toEqual(before.row);
    expect(await allEvents(reopened)).toEqual(before.log);
    expect(before.log).toHaveLength(95);
    expect(await commit(reopened, sessionState({ version: 96 }))).toEqual({ kind: 'committed' });
    await reopened.close();
  });

  it('keeps working when a compaction fails (the copy can not be written), with the file as it was', async () => {
    await mkdir(`${path}.tmp`); // the compaction's copy can't be opened: EISDIR, as a full disk fails it
    const store = await FileRetryStore.open({ path, compactAfterLines: 5 });
    for (let version = 1; version <= 20; version++) {
      expect(await commit(store, sessionState({ version, updatedAt: T0 + version }))).toEqual({
        kind: 'committed',
      });
    }
    await store.close();
    expect((await readFile(path, 'utf8')).trim().split('\n')).toHaveLength(20);
    const reopened = await FileRetryStore.open({ path, compactAfterLines: 5 });
    expect((await reopened.load('s-42')).version).toBe(20);
    await reopened.close();
  });

  it('reads back a file whose records cross the 1 MiB chunks it is read in', async () => {
    const store = await FileRetryStore.open({ path });
    const long = 'y'.repeat(300_000);
    for (let version = 1; version <= 8; version++) {
      await commit(store, sessionState({ version }), [
        {
          kind: 'turn_failure_not_retried',
          class: 'auth',
          turnId: 't-7',
          promptId: `p-${version}`,
          error: long,
        },
      ]);
    }
    await store.close();
    await appendFile(path, '{"kind":"commit","state":{"sessionId":"s-44"');
    const reopened = await FileRetryStore.open({ path });
    expect((await reopened.load('s-42')).version).toBe(8);
    expect((await allEvents(reopened)).map((e) => e.kind === 'turn_failure_not_retried' && e.error)).toEqual(
      Array(8).fill(long),
    );
    await reopened.close();
  });
});

async function allEvents(store: FileRetryStore) {
  const { items } = await store.events('s-42', { limit: 500 });
  return items;
}
