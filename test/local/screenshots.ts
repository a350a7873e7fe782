// Makes the dashboard screenshots in docs/ from the real local server: `npx tsx test/local/screenshots.ts`.
// Needs Chromium at /usr/bin/chromium (or CHROMIUM_PATH). Writes docs/dashboard-waiting.png while retries
// wait and docs/dashboard-fired.png after the first one fired.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startAgentStub } from '../support/agent-stub';
import { signedRequest, TEST_SECRET, turnEventBody } from '../support/webhooks';

const ROOT = join(import.meta.dirname, '..', '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function main(): Promise<void> {
  const agent = await startAgentStub();
  const dataDir = mkdtempSync(join(tmpdir(), 'resumer-screenshots-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [join(ROOT, 'bin', 'resumer.mjs'), 'start'], {
    cwd: ROOT,
    env: {
      ...process.env,
      RESUMER_PORT: String(port),
      RESUMER_DATA_DIR: dataDir,
      RESUMER_DELAYS: '8s,1m,5m,20m',
      RESUMER_JITTER: '0',
      RESUMER_WEBHOOK_SECRET: TEST_SECRET,
      RESUMER_AGENT_URL: agent.url,
    },
    stdio: 'ignore',
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const deadline = Date.now() + 30_000;
    while (
      !(await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error('the server did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    let n = 0;
    const post = async (overrides: Record<string, unknown>) => {
      n += 1;
      const { headers, body } = signedRequest({
        body: turnEventBody({ occurredAt: new Date().toISOString(), ...overrides }),
        id: `msg_screenshot_${n}`,
        timestamp: Math.floor(Date.now() / 1000),
      });
      const response = await fetch(`${base}/webhooks/agent`, {
        method: 'POST',
        headers: headers as Record<string, string>,
        body: new Uint8Array(body),
      });
      if (response.status !== 202) throw new Error(`webhook: ${response.status} ${await response.text()}`);
    };

    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    await page.goto(`${base}/`);
    await page.locator('[data-testid="connection"][data-state="live"]').waitFor({ timeout: 10_000 });

    await post({
      sessionId: 's-8',
      turnId: 't-2',
      promptId: 'p-auth',
      error: { message: 'API Error: 401 invalid x-api-key', status: 401 },
    });
    await post({ sessionId: 's-31', turnId: 't-4', promptId: 'p-docs' });
    await page.locator('[data-session-id="s-31"][data-testid="waiting-row"]').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Stop s-31' }).click();
    await page.locator('[data-testid="event"][data-kind="auto_resume_skipped"]').waitFor({ timeout: 10_000 });
    await post({
      sessionId: 's-23',
      turnId: 't-9',
      promptId: 'p-fix~resume-2',
      error: { message: 'agent process exited (signal SIGKILL)', agentExited: true },
    });
    await post({
      sessionId: 's-17',
      turnId: 't-3',
      promptId: 'p-build~resume-1',
      error: { message: 'read ECONNRESET' },
    });
    await post({ sessionId: 's-42', turnId: 't-7', promptId: 'p-cap' });
    for (const id of ['s-42', 's-17', 's-23']) {
      await page.locator(`[data-session-id="${id}"][data-testid="waiting-row"]`).waitFor({ timeout: 10_000 });
    }
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(ROOT, 'docs', 'dashboard-waiting.png') });

    await page.locator('[data-testid="event"][data-kind="auto_resume_fired"]').waitFor({ timeout: 20_000 });
    await page.locator('[data-session-id="s-42"][data-testid="waiting-row"]').waitFor({ state: 'detached' });
    await page.screenshot({ path: join(ROOT, 'docs', 'dashboard-fired.png') });
    console.log('wrote docs/dashboard-waiting.png and docs/dashboard-fired.png');
  } finally {
    await browser.close();
    if (server.exitCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await exited;
    }
    await agent.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
