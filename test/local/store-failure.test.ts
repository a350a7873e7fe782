// The session store's file fails a write (a full disk): the store refuses everything after, so the resumer says
// it can no longer work, and a restart replays from the journal what was unfinished. Nothing answered 202 is lost.
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalResumer } from '../../shared/local/local-resumer';
import { turnEventBody } from '../support/webhooks';
import { api, postWebhook, startInProcess, until } from './local-server';
import { tempDir } from './temp-dir';

/** Makes the next write of a session-store line (`{"kind":"commit"…`) fail as on a full disk; other files write. */
async function failNextStoreCommit(dir: string): Promise<void> {
  const probe = await open(join(dir, 'probe'), 'w');
  const prototype = Object.getPrototypeOf(probe) as { appendFile: (data: string) => Promise<void> };
  await probe.close();
  const real = prototype.appendFile;
  let failed = false;
  vi.spyOn(prototype, 'appendFile').mockImplementation(async function (this: unknown, data: string) {
    if (!failed && data.startsWith('{"kind":"commit"')) {
      failed = true;
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    }
    return real.call(this, data);
  });
}

describe('a session store that fails to write', () => {
  const apps: LocalResumer[] = [];
  let removeDir: (() => Promise<void>) | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    for (const app of apps.splice(0)) await app.close();
    await removeDir?.();
  });

  it('stops the resumer (failed resolves), and the accepted webhook is applied after a restart', async () => {
    const dir = await tempDir();
    removeDir = dir.remove;
    const first = await startInProcess({ RESUMER_DATA_DIR: dir.path, RESUMER_DELAYS: '1m' });
    apps.push(first);
    await failNextStoreCommit(dir.path);
    const body = turnEventBody({ sessionId: 's-disk', occurredAt: new Date().toISOString() });
    expect((await postWebhook(first.url, body, { id: 'm-disk' })).status).toBe(202);
    const failure = await first.failed;
    expect(failure.message).toMatch(/sessions\.jsonl failed to write: ENOSPC/);
    await first.close();
    apps.length = 0;
    vi.restoreAllMocks();

    const second = await startInProcess({ RESUMER_DATA_DIR: dir.path, RESUMER_DELAYS: '1m' });
    apps.push(second);
    expect(second.replayed).toBe(1);
    const session = await until(
      async () => {
        const { status, body: view } = await api(second.url, '/sessions/s-disk');
        return status === 200 && view;
      },
      { what: 's-disk applied after the restart' },
    );
    expect(session.retry).toMatchObject({ attempt: 1, promptId: 'p-cap~resume-1' });
  });
});
