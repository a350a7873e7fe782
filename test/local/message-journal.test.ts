import { appendFile, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MessageJournal } from '../../shared/adapters/local/message-journal';
import { T0 } from '../support/events';
import { tempDir } from './temp-dir';

const entry = (id: string, body = `{"n":"${id}"}`) => ({ id, body, sentAt: T0 });

describe('MessageJournal', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let path: string;
  beforeEach(async () => {
    dir = await tempDir();
    path = join(dir.path, 'journal.jsonl');
  });
  afterEach(() => dir.remove());

  it('lists, after a crash, every message put and not done, oldest first', async () => {
    const before = await MessageJournal.open({ path });
    await before.put(entry('a'));
    await before.put(entry('b'));
    await before.put(entry('c'));
    await before.done('b');
    // No close: the process died here. A second open reads what the first left on disk.

    const after = await MessageJournal.open({ path });
    expect(after.pending()).toEqual([entry('a'), entry('c')]);
    await Promise.all([before.close(), after.close()]);
  });

  it('has a message on disk by the time put resolves', async () => {
    const journal = await MessageJournal.open({ path });
    await journal.put(entry('a'));
    expect(await readFile(path, 'utf8')).toContain('"id":"a"');
    await journal.close();
  });

  it('writes an id once: a second put while held or after done answers false', async () => {
    const journal = await MessageJournal.open({ path });
    const [first, concurrent] = await Promise.all([
      journal.put(entry('a')),
      journal.put(entry('a', '{"other":1}')),
    ]);
    expect([first, concurrent]).toEqual([true, false]);
    await journal.done('a');
    expect(await journal.put(entry('a'))).toBe(false);
    await journal.close();

    const reopened = await MessageJournal.open({ path });
    expect(await reopened.put(entry('a'))).toBe(false);
    expect((await readFile(path, 'utf8')).match(/"op":"put"/g)).toHaveLength(1);
    await reopened.close();
  });

  it('drops a torn last line', async () => {
    const journal = await MessageJournal.open({ path });
    await journal.put(entry('a'));
    await journal.close();
    await appendFile(path, '{"op":"put","id":"b","bo');

    const reopened = await MessageJournal.open({ path });
    expect(reopened.pending()).toEqual([entry('a')]);
    await reopened.put(entry('c'));
    await reopened.close();
    expect((await MessageJournal.open({ path })).pending().map((e) => e.id)).toEqual(['a', 'c']);
  });

  it('compacts to the pending messages and the recent done ids', async () => {
    const journal = await MessageJournal.open({ path, compactAfterLines: 6, keepDoneIds: 2 });
    for (const id of ['a', 'b', 'c', 'd']) await journal.put(entry(id));
    for (const id of ['a', 'b', 'c']) await journal.done(id);
    await journal.close();

    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines.length).toBeLessThan(7);
    const reopened = await MessageJournal.open({ path, compactAfterLines: 6, keepDoneIds: 2 });
    expect(reopened.pending()).toEqual([entry('d')]);
    expect(await reopened.put(entry('c'))).toBe(false);
    await reopened.close();
  });
});
