import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../shared/config';
import { DataFile } from '../../shared/local/data-dir';
import { ListenError, type LocalResumer, startLocalResumer } from '../../shared/local/local-resumer';
import { runCli } from '../cli/cli-io';
import { TEST_SECRET, turnEventBody } from '../support/webhooks';
import { FakeTimers } from './fake-timers';
import { postWebhook, quiet, startInProcess, until } from './local-server';
import { tempDir } from './temp-dir';

/** Runs `resumer start` with `env`; its exit code and what it printed. */
const start = (env: Record<string, string>) => runCli(['start'], { env });

/** A TCP server holding a port on 127.0.0.1, as another program would. */
async function holdPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, server };
}

describe('resumer start, when it cannot start', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  const cleanup: Array<() => Promise<unknown>> = [];
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
    await dir.remove();
  });

  it('refuses a RESUMER_HOST that is not an address, naming it, with exit code 2', async () => {
    const started = await start({ RESUMER_HOST: 'no.such.host.invalid', RESUMER_DATA_DIR: dir.path });
    expect(started.code).toBe(2);
    expect(started.err).toContain('RESUMER_HOST="no.such.host.invalid": expected an IP address');
    expect(started.err).not.toMatch(/ENOTFOUND|\n\s+at /);
  });

  it('refuses a webhook secret it could not use, naming it without its value', async () => {
    const secret = 'whsec_MySuperSecretKeyValue123!';
    const started = await start({ RESUMER_WEBHOOK_SECRET: secret, RESUMER_DATA_DIR: dir.path });
    expect(started.code).toBe(2);
    expect(started.err).toContain('RESUMER_WEBHOOK_SECRET (value not shown): expected whsec_');
    expect(started.err).not.toContain('MySuperSecret');
  });

  it('says in words that the port is in use, exits 2, and prints the webhook secret it made for this start', async () => {
    const held = await holdPort();
    cleanup.push(() => new Promise((resolve) => held.server.close(resolve)));
    const started = await start({ RESUMER_PORT: String(held.port), RESUMER_DATA_DIR: dir.path });

    expect(started.code).toBe(2);
    expect(started.err).toBe(
      `resumer start: RESUMER_PORT=${held.port}: 127.0.0.1:${held.port} is in use by another program; ` +
        'stop it or set RESUMER_PORT to another port (0 picks a free one)\n',
    );
    const kept = (await readFile(join(dir.path, DataFile.webhookSecret), 'utf8')).trim();
    expect(started.out).toContain(
      `webhook secret  ${kept}  (new; kept in ${join(dir.path, DataFile.webhookSecret)})`,
    );
    // The folder is let go: the next start may take it.
    expect(existsSync(join(dir.path, DataFile.lock))).toBe(false);
  });

  it('says which folder is in use by another server and how to choose another, exit 2', async () => {
    const other = await startInProcess({ RESUMER_DATA_DIR: dir.path });
    cleanup.push(() => other.close());

    const started = await start({
      RESUMER_PORT: '0',
      RESUMER_DATA_DIR: dir.path,
      RESUMER_WEBHOOK_SECRET: TEST_SECRET,
    });
    expect(started.code).toBe(2);
    expect(started.err).toMatch(
      /^resumer start: .+ is in use by another resumer \(pid \d+\); stop it or set RESUMER_DATA_DIR to another folder\n$/,
    );
    expect(started.err).toContain(dir.path);
  });

  it('leaves no re-armed timer behind when the port is taken', async () => {
    const timers = new FakeTimers(Date.now());
    const settings = { RESUMER_DATA_DIR: dir.path, RESUMER_PORT: '0' };
    const options = { webhookSecret: TEST_SECRET, agentSecret: TEST_SECRET, log: quiet, timers };
    const first: LocalResumer = await startLocalResumer({
      config: readConfig('local', settings),
      ...options,
    });
    const occurredAt = new Date(timers.now()).toISOString();
    await postWebhook(first.url, turnEventBody({ sessionId: 's-wait', occurredAt }), { id: 'w-wait' });
    await until(async () => first.store.sessionIds().includes('s-wait'), { what: 's-wait stored' });
    await first.close();

    const held = await holdPort();
    cleanup.push(() => new Promise((resolve) => held.server.close(resolve)));
    const config = readConfig('local', { ...settings, RESUMER_PORT: String(held.port) });
    await expect(startLocalResumer({ config, ...options })).rejects.toThrow(ListenError);
    expect(timers.pending).toBe(0);
  });
});

describe('resumer start, the agent URL', () => {
  it('refuses one that holds a user or password, with exit 2, and never prints the password', async () => {
    const dir = await tempDir();
    try {
      const { code, out, err } = await start({
        RESUMER_PORT: '0',
        RESUMER_DATA_DIR: dir.path,
        RESUMER_AGENT_URL: 'https://agent:pa55word@hub.example/base/',
      });
      expect(code).toBe(2);
      expect(err).toMatch(/RESUMER_AGENT_URL=.*without a user or password/);
      expect(out + err).not.toContain('pa55word');
    } finally {
      await dir.remove();
    }
  });
});
