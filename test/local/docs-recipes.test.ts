// The shell recipes the docs give users run as written: a signed webhook from curl and openssl
// (docs/local-mode.md, "Without the CLI") is accepted and schedules a retry.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalResumer } from '../../shared/local/local-resumer';
import { TEST_SECRET } from '../support/webhooks';
import { api, startInProcess } from './local-server';
import { tempDir } from './temp-dir';

const run = promisify(execFile);

/** The first ```sh block after `heading` in a doc. */
function shellBlock(doc: string, heading: string): string {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'docs', doc), 'utf8');
  const from = text.indexOf(heading);
  if (from < 0) throw new Error(`${doc}: no heading ${heading}`);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(from));
  if (!block?.[1]) throw new Error(`${doc}: no sh block after ${heading}`);
  return block[1];
}

describe('docs/local-mode.md, a signed webhook without the CLI', () => {
  let app: LocalResumer | undefined;
  let removeDir: (() => Promise<void>) | undefined;

  afterEach(async () => {
    await app?.close();
    await removeDir?.();
  });

  it('is accepted (202) and schedules attempt 1, as the CLI would', async () => {
    const dir = await tempDir();
    removeDir = dir.remove;
    app = await startInProcess({ RESUMER_DATA_DIR: dir.path });
    // The recipe's own first line reads the kept secret and names the default port; the test gives both.
    const [first, ...rest] = shellBlock('local-mode.md', '### Without the CLI').split('\n');
    expect(first).toMatch(/^SECRET=.*URL=http:\/\/127\.0\.0\.1:8787$/);
    const script = [`SECRET='${TEST_SECRET}'; URL='${app.url}'`, ...rest].join('\n');
    const { stdout } = await run('bash', ['-euo', 'pipefail', '-c', script]);
    expect(JSON.parse(stdout)).toMatchObject({ accepted: true });
    const { body } = await api(app.url, '/sessions/s-42');
    expect(body.retry).toMatchObject({ attempt: 1, promptId: 'p-cap~resume-1', reason: 'capacity' });
  });
});
