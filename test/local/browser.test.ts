// The dashboard in headless Chromium (the Debian `chromium` package, driven by playwright-core).
//
// 1. Against the real local server (`node bin/resumer.mjs start`) with a stub agent: a 503 failure shows a
//    waiting row with a countdown that goes away when the retry fires, Stop skips a wait and no resume is
//    sent, and error texts are shown as text, never as markup.
// 2. Against a scripted stand-in server (same routes, scripted answers): the server clock offset, a Stop
//    that fails, reconnecting, duplicate events and the 360 px layout.
//
// Waits are Playwright's (`waitFor`, `waitForFunction`) with timeouts; the only fixed point in time is the
// retry delay the server is configured with (RESUMER_DELAYS=3s).
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AgentStub, startAgentStub } from '../support/agent-stub';
import { signedRequest, TEST_SECRET, turnEventBody } from '../support/webhooks';

const ROOT = join(import.meta.dirname, '..', '..');
const PAGE_FILE = join(ROOT, 'shared', 'local', 'dashboard', 'index.html');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const UI_TIMEOUT = 10_000;
// Off CI a machine without Chromium skips these; on CI a missing browser is a failure, not a skip.
const runnable = existsSync(CHROMIUM) || Boolean(process.env.CI);

const row = (page: Page, sessionId: string) =>
  page.locator(`[data-testid="waiting-row"][data-session-id="${sessionId}"]`);
const eventItem = (page: Page, sessionId: string, kind: string) =>
  page.locator(`[data-testid="event"][data-session-id="${sessionId}"][data-kind="${kind}"]`);
const counter = async (page: Page, name: string) =>
  Number(await page.locator(`[data-testid="counter-${name}"]`).textContent());
const live = (page: Page) =>
  page.locator('[data-testid="connection"][data-state="live"]').waitFor({ timeout: UI_TIMEOUT });

/** Waits until the row of `sessionId` says a stop was taken while its attempt is being sent. */
async function stopShownRequested(page: Page, sessionId: string): Promise<void> {
  const countdown = row(page, sessionId).locator('[data-testid="countdown"]');
  await page.waitForFunction(
    (element) => element?.textContent === 'stop requested: the resume being sent may still land',
    await countdown.elementHandle(),
    { timeout: UI_TIMEOUT },
  );
}

// Page-side code is passed as strings: this project's TypeScript has no DOM types.
const focusedLabel = (page: Page) => page.evaluate("document.activeElement?.getAttribute('aria-label')");

async function textOf(locator: Locator): Promise<string> {
  return (await locator.textContent({ timeout: UI_TIMEOUT })) ?? '';
}

async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

describe.skipIf(!runnable)('dashboard in headless Chromium', () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launch();
  });

  afterAll(async () => {
    await browser?.close();
  });

  describe('against the real local server', () => {
    let agent: AgentStub;
    let server: ChildProcess;
    let serverOutput = '';
    let base: string;
    let dataDir: string;
    let page: Page;
    let pageErrors: string[];
    let webhookCount = 0;

    beforeAll(async () => {
      agent = await startAgentStub();
      dataDir = mkdtempSync(join(tmpdir(), 'resumer-dashboard-'));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = spawn(process.execPath, [join(ROOT, 'bin', 'resumer.mjs'), 'start'], {
        cwd: ROOT,
        env: {
          ...process.env,
          RESUMER_PORT: String(port),
          RESUMER_DATA_DIR: dataDir,
          RESUMER_DELAYS: '3s,3s,3s,3s',
          RESUMER_JITTER: '0',
          RESUMER_WEBHOOK_SECRET: TEST_SECRET,
          RESUMER_AGENT_URL: agent.url,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (chunk: Buffer) => {
        serverOutput += chunk.toString();
      });
      server.stderr?.on('data', (chunk: Buffer) => {
        serverOutput += chunk.toString();
      });
      await waitForHealth(base, server, () => serverOutput);
    });

    afterAll(async () => {
      if (server && server.exitCode === null) {
        const exited = once(server, 'exit');
        server.kill('SIGTERM');
        const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      }
      await agent?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    beforeEach(async () => {
      page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
      pageErrors = [];
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      await page.goto(`${base}/`);
      await live(page);
      // Set once; a reload would lose it.
      await page.evaluate('window.notReloaded = true');
    });

    afterEach(async () => {
      const stayed = await page.evaluate('window.notReloaded');
      await page.close();
      expect(stayed, 'the page was never reloaded').toBe(true);
      expect(pageErrors).toEqual([]);
    });

    async function postWebhook(overrides: Record<string, unknown>): Promise<void> {
      webhookCount += 1;
      const { headers, body } = signedRequest({
        body: turnEventBody({ occurredAt: new Date().toISOString(), ...overrides }),
        id: `msg_dashboard_${webhookCount}_${Date.now()}`,
        timestamp: Math.floor(Date.now() / 1000),
      });
      const response = await fetch(`${base}/webhooks/agent`, {
        method: 'POST',
        headers: headers as Record<string, string>,
        body: new Uint8Array(body),
      });
      expect(response.status, await response.text()).toBe(202);
    }

    const promptsFor = (sessionId: string) =>
      agent.requests.filter((request) => request.path === `/sessions/${sessionId}/prompts`);

    it('shows a waiting retry with its countdown, then the fired event live when it fires', async () => {
      await expect(textOf(page.locator('[data-testid="waiting-empty"]'))).resolves.toMatch(/No retries/);
      const scheduledBefore = await counter(page, 'scheduled');
      const firedBefore = await counter(page, 'fired');

      await postWebhook({ sessionId: 's-dash-1', turnId: 't-1', promptId: 'p-cap' });

      const waiting = row(page, 's-dash-1');
      await waiting.waitFor({ timeout: UI_TIMEOUT });
      // One read of the whole row: it only lives for the 3 s the retry waits.
      const [session, attempt, reason, countdown, prompt, turn] = await waiting
        .locator('th, td')
        .allTextContents();
      expect({ session, attempt, reason, prompt, turn }).toEqual({
        session: 's-dash-1',
        attempt: '1 of 4',
        reason: 'capacity',
        prompt: 'p-cap~resume-1',
        turn: 't-1',
      });
      expect(countdown).toMatch(/^(in [1-4] s|due now)$/);
      expect(await page.locator('[data-testid="waiting-empty"]').isVisible()).toBe(false);
      await eventItem(page, 's-dash-1', 'auto_resume_scheduled').waitFor({ timeout: UI_TIMEOUT });
      expect(await counter(page, 'scheduled')).toBe(scheduledBefore + 1);

      // It fires after 3 s: the row goes and a "fired" event arrives, without a reload.
      await waiting.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      const fired = eventItem(page, 's-dash-1', 'auto_resume_fired');
      await fired.waitFor({ timeout: UI_TIMEOUT });
      expect(await textOf(fired.locator('[data-testid="event-kind"]'))).toBe('fired');
      expect(await textOf(page.locator('[data-testid="event"]').first())).toContain('s-dash-1');
      expect(await counter(page, 'fired')).toBe(firedBefore + 1);
      await agent.waitFor(1);
      expect(promptsFor('s-dash-1')).toHaveLength(1);
      await page.locator('[data-testid="waiting-empty"]').waitFor({ timeout: UI_TIMEOUT });
    });

    it('Stop skips the wait at once and no resume is sent for that session', async () => {
      const skippedBefore = await counter(page, 'skipped');
      await postWebhook({ sessionId: 's-dash-2', turnId: 't-2', promptId: 'p-two' });
      const waiting = row(page, 's-dash-2');
      await waiting.waitFor({ timeout: UI_TIMEOUT });

      await page.getByRole('button', { name: 'Stop s-dash-2' }).click();
      await waiting.waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      const skipped = eventItem(page, 's-dash-2', 'auto_resume_skipped');
      await skipped.waitFor({ timeout: UI_TIMEOUT });
      expect(await textOf(skipped.locator('[data-testid="event-kind"]'))).toBe('skipped (stopped)');
      expect(await counter(page, 'skipped')).toBe(skippedBefore + 1);

      // A barrier instead of a sleep: a retry armed after the stopped one fires after the stopped one's time.
      await postWebhook({ sessionId: 's-dash-3', turnId: 't-3', promptId: 'p-three' });
      await eventItem(page, 's-dash-3', 'auto_resume_fired').waitFor({ timeout: 15_000 });
      expect(promptsFor('s-dash-3')).toHaveLength(1);
      expect(promptsFor('s-dash-2')).toEqual([]);
      expect(await eventItem(page, 's-dash-2', 'auto_resume_fired').count()).toBe(0);
    });

    it('shows error texts from webhooks as text, never as markup', async () => {
      const notRetriedBefore = await counter(page, 'notRetried');
      const payload = '<img src=x onerror="window.xss=1"><b id="injected">bold</b>';
      await postWebhook({
        sessionId: 's-dash-4',
        turnId: 't-4',
        promptId: 'p-four',
        error: { message: `API Error: 401 invalid x-api-key ${payload}`, status: 401 },
      });
      const item = eventItem(page, 's-dash-4', 'turn_failure_not_retried');
      await item.waitFor({ timeout: UI_TIMEOUT });
      expect(await textOf(item.locator('[data-testid="event-kind"]'))).toBe('not retried (auth)');
      expect(await textOf(item)).toContain(payload);
      expect(await page.locator('#injected, [data-testid="event-feed"] img').count()).toBe(0);
      expect(await page.evaluate('window.xss')).toBeUndefined();
      expect(await counter(page, 'notRetried')).toBe(notRetriedBefore + 1);
    });

    it('cannot be framed by another page, so its Stop buttons cannot be clicked through a frame', async () => {
      const framer = await browser.newPage();
      try {
        // setContent resolves after the load event, which waits for the frame.
        await framer.setContent(`<iframe src="${base}/" width="800" height="600"></iframe>`);
        expect(framer.frames()).toHaveLength(2);
        for (const frame of framer.frames()) {
          expect(await frame.locator('[data-testid="stop"], [data-testid="connection"]').count()).toBe(0);
        }
      } finally {
        await framer.close();
      }
    });

    it('loads what happened before the page opened: events, counters and waiting rows', async () => {
      await postWebhook({ sessionId: 's-dash-5', turnId: 't-5', promptId: 'p-five' });
      await row(page, 's-dash-5').waitFor({ timeout: UI_TIMEOUT });
      const fresh = await browser.newPage();
      try {
        await fresh.goto(`${base}/`);
        await live(fresh);
        await row(fresh, 's-dash-5').waitFor({ timeout: UI_TIMEOUT });
        await eventItem(fresh, 's-dash-1', 'auto_resume_fired').waitFor({ timeout: UI_TIMEOUT });
        await eventItem(fresh, 's-dash-2', 'auto_resume_skipped').waitFor({ timeout: UI_TIMEOUT });
        expect(await counter(fresh, 'fired')).toBeGreaterThanOrEqual(2);
        expect(await counter(fresh, 'skipped')).toBeGreaterThanOrEqual(1);
        expect(await counter(fresh, 'notRetried')).toBeGreaterThanOrEqual(1);
      } finally {
        await fresh.close();
      }
      await row(page, 's-dash-5').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    });
  });

  describe('against a scripted stand-in server', () => {
    let standIn: StandIn;
    let page: Page;

    beforeEach(async () => {
      standIn = await startStandIn();
      page = await browser.newPage({ viewport: { width: 1200, height: 800 }, locale: 'en-US' });
    });

    afterEach(async () => {
      await page.close();
      await standIn.close();
    });

    it('counts down by the server clock from hello.now, not the browser clock', async () => {
      standIn.skewMs = 10 * 60_000; // the server's clock is 10 minutes ahead
      standIn.waiting = [view('s-skew', standIn.now() + 45_000)];
      await page.goto(`${standIn.url}/`);
      await live(page);
      const countdown = row(page, 's-skew').locator('[data-testid="countdown"]');
      await page.waitForFunction(
        (element) => /^in 4[3-5] s$/.test(element?.textContent ?? ''),
        await countdown.elementHandle(),
        { timeout: UI_TIMEOUT },
      );
      // It ticks every second.
      const first = await textOf(countdown);
      await page.waitForFunction(
        ([element, before]) => element?.textContent !== before,
        [await countdown.elementHandle(), first] as const,
        { timeout: 3_000 },
      );
    });

    it('shows a failed Stop inline as text, keeps the row and the focus, and lets it be tried again', async () => {
      standIn.waiting = [view('s-fail', standIn.now() + 60_000)];
      standIn.stopAnswer = {
        status: 500,
        body: { error: { code: 'boom', message: '<i id="x">store down</i>' } },
      };
      await page.goto(`${standIn.url}/`);
      await live(page);
      const button = page.getByRole('button', { name: 'Stop s-fail' });
      await button.focus();
      await page.keyboard.press('Enter');
      const error = row(page, 's-fail').locator('[data-testid="stop-error"]');
      await error.waitFor({ state: 'visible', timeout: UI_TIMEOUT });
      expect(await textOf(error)).toBe('Could not stop: <i id="x">store down</i>');
      expect(await page.locator('#x').count()).toBe(0);
      expect(await button.getAttribute('aria-disabled')).toBeNull();
      expect(await focusedLabel(page)).toBe('Stop s-fail');
      expect(standIn.stops).toEqual(['s-fail']);

      standIn.stopAnswer = null;
      await page.keyboard.press('Enter');
      await row(page, 's-fail').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      expect(standIn.stops).toEqual(['s-fail', 's-fail']);
      await page.locator('[data-testid="waiting-empty"]').waitFor({ timeout: UI_TIMEOUT });
    });

    it('says a stop was taken while the attempt is being sent, until its answer clears the row', async () => {
      // The row stays the attempt's while its POST is under way; the stop answers cancel_requested with it. The row
      // used to stay drawn as a waiting retry with its Stop button, with no word that the stop was taken.
      const sending = view('s-sending', standIn.now() - 1_000);
      standIn.waiting = [sending];
      standIn.stopAnswer = {
        status: 200,
        body: { sessionId: 's-sending', outcome: 'cancel_requested', retry: sending.retry, events: [] },
      };
      await page.goto(`${standIn.url}/`);
      await live(page);
      await page.getByRole('button', { name: 'Stop s-sending' }).click();
      await stopShownRequested(page, 's-sending');
      expect(await page.getByRole('button', { name: 'Stop s-sending' }).isVisible()).toBe(false);
      standIn.broadcast({ sessionId: 's-sending', retry: null, event: firedEvent('s-sending', 300) });
      await row(page, 's-sending').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
    });

    it('shows a stop already taken while the attempt is sent when the page loads (a reload, another tab)', async () => {
      const sending = view('s-taken', standIn.now() - 1_000);
      standIn.waiting = [
        {
          ...sending,
          sending: {
            attempt: 1,
            of: 4,
            promptId: sending.retry.promptId,
            turnId: 't-1',
            tries: 1,
            stopRequested: true,
          },
        },
      ];
      await page.goto(`${standIn.url}/`);
      await live(page);
      await stopShownRequested(page, 's-taken');
      expect(await page.getByRole('button', { name: 'Stop s-taken' }).isVisible()).toBe(false);
    });

    it('marks the button busy while the stop is pending and ignores a second press', async () => {
      standIn.waiting = [view('s-slow', standIn.now() + 60_000), view('s-next', standIn.now() + 90_000)];
      standIn.stopDelayMs = 500;
      await page.goto(`${standIn.url}/`);
      await live(page);
      const button = page.getByRole('button', { name: 'Stop s-slow' });
      await button.focus();
      await page.keyboard.press('Enter');
      await page
        .locator('[data-session-id="s-slow"] button[aria-disabled="true"]')
        .waitFor({ timeout: 2_000 });
      await page.keyboard.press('Enter');
      await row(page, 's-slow').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      expect(standIn.stops).toEqual(['s-slow']);
      // The focus moves to the next row's Stop button rather than getting lost.
      expect(await focusedLabel(page)).toBe('Stop s-next');
    });

    it('shows reconnecting while the stream is down and reloads the list and activity when it is back', async () => {
      standIn.waiting = [view('s-old', standIn.now() + 60_000)];
      await page.goto(`${standIn.url}/`);
      await live(page);
      await row(page, 's-old').waitFor({ timeout: UI_TIMEOUT });

      standIn.holdStreams = true;
      standIn.dropStreams();
      await page
        .locator('[data-testid="connection"][data-state="reconnecting"]')
        .waitFor({ timeout: UI_TIMEOUT });
      expect(await textOf(page.locator('[data-testid="connection"]'))).toMatch(/reconnecting/i);

      // Meanwhile the old wait ended and a new one began; the page only learns it from the reload.
      standIn.waiting = [view('s-new', standIn.now() + 60_000)];
      standIn.activity = {
        events: [scheduledEvent('s-new', 1, standIn.now() + 60_000)],
        counters: { scheduled: 7, fired: 3, skipped: 2, exhausted: 1, notRetried: 4, failed: 0, late: 0 },
      };
      standIn.releaseStreams();
      await live(page);
      await row(page, 's-new').waitFor({ timeout: UI_TIMEOUT });
      await row(page, 's-old').waitFor({ state: 'detached', timeout: UI_TIMEOUT });
      expect(await counter(page, 'scheduled')).toBe(7);
      expect(await counter(page, 'notRetried')).toBe(4);
    });

    it('applies each event once, however often it is delivered, and keeps the feed newest first', async () => {
      await page.goto(`${standIn.url}/`);
      await live(page);
      const first = { sessionId: 's-dup', retry: null, event: firedEvent('s-dup', 1) };
      standIn.broadcast(first);
      standIn.broadcast(first);
      standIn.broadcast({ sessionId: 's-dup', retry: null, event: firedEvent('s-dup', 2) });
      await page.locator('[data-testid="event"][data-seq="2"]').waitFor({ timeout: UI_TIMEOUT });
      expect(await page.locator('[data-testid="event"]').count()).toBe(2);
      expect(await counter(page, 'fired')).toBe(2);
      expect(await page.locator('[data-testid="event"]').first().getAttribute('data-seq')).toBe('2');
    });

    it('shows a retry held by the pacer with its reason and moves its countdown to the new time', async () => {
      standIn.waiting = [view('s-held', standIn.now() + 2_000)];
      await page.goto(`${standIn.url}/`);
      await live(page);
      await row(page, 's-held').waitFor({ timeout: UI_TIMEOUT });
      const nextAt = standIn.now() + 5 * 60_000;
      const retry = { ...view('s-held', nextAt).retry, waiting: 'probing' };
      const held = {
        kind: 'auto_resume_held',
        why: 'probing',
        attempt: 1,
        promptId: 'p~resume-1',
        turnId: 't-1',
        nextAt,
        retry,
        seq: 7,
        at: standIn.now(),
        sessionId: 's-held',
      };
      standIn.broadcast({ sessionId: 's-held', retry, event: held });
      await eventItem(page, 's-held', 'auto_resume_held').waitFor({ timeout: UI_TIMEOUT });
      expect(await textOf(row(page, 's-held').locator('[data-testid="reason"]'))).toBe(
        'capacity — held: upstream being probed',
      );
      expect(await textOf(row(page, 's-held').locator('[data-testid="countdown"]'))).toMatch(/^in [45] min/);
      expect(await textOf(eventItem(page, 's-held', 'auto_resume_held'))).toMatch(/held \(probing\)/);
    });

    /** Opens the page and waits until its first load of the waiting list and the activity is done. */
    async function openLoaded(): Promise<void> {
      await page.goto(`${standIn.url}/`);
      await live(page);
      await page.locator('[data-testid="event-feed"]:not([aria-busy])').waitFor({ timeout: UI_TIMEOUT });
    }

    const manyWaiting = (count: number) =>
      Array.from({ length: count }, (_, i) => view(`s-many-${i}`, standIn.now() + 60_000 + i * 1_000));

    it('shows the soonest 2,000 of more waiting retries, in pages of 500, and says the list is cut', async () => {
      standIn.waiting = manyWaiting(2_100);
      await openLoaded();
      expect(await page.locator('[data-testid="waiting-row"]').count()).toBe(2_000);
      expect(await row(page, 's-many-1999').count()).toBe(1);
      expect(await row(page, 's-many-2000').count()).toBe(0);
      const more = page.locator('[data-testid="waiting-more"]');
      expect(await more.isVisible()).toBe(true);
      expect(await textOf(more)).toMatch(/^Showing 2,000 of more than 2,000 waiting, soonest first/);
      expect(standIn.waitingQueries).toEqual([
        '?waiting=true&limit=500',
        '?waiting=true&limit=500&cursor=500',
        '?waiting=true&limit=500&cursor=1000',
        '?waiting=true&limit=500&cursor=1500',
      ]);
    });

    it('shows every waiting retry, with no note, when they all fit', async () => {
      standIn.waiting = manyWaiting(1_200);
      await openLoaded();
      expect(await page.locator('[data-testid="waiting-row"]').count()).toBe(1_200);
      expect(await page.locator('[data-testid="waiting-more"]').isVisible()).toBe(false);
      expect(standIn.waitingQueries).toHaveLength(3);
    });

    it('fits a 360 px wide screen without sideways scrolling', async () => {
      await page.setViewportSize({ width: 360, height: 740 });
      const longId = `s-${'x'.repeat(120)}`;
      standIn.waiting = [view(longId, standIn.now() + 60_000), view('s-short', standIn.now() + 90_000)];
      standIn.activity = {
        events: [scheduledEvent(longId, 1, standIn.now() + 60_000)],
        counters: { scheduled: 1, fired: 0, skipped: 0, exhausted: 0, notRetried: 0, failed: 0, late: 0 },
      };
      await page.goto(`${standIn.url}/`);
      await live(page);
      await row(page, 's-short').waitFor({ timeout: UI_TIMEOUT });
      const width = await page.evaluate('document.documentElement.scrollWidth');
      expect(width).toBeLessThanOrEqual(360);
      expect(await page.getByRole('button', { name: 'Stop s-short' }).isVisible()).toBe(true);
    });
  });
});

// ---- helpers --------------------------------------------------------------------------------------------

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function waitForHealth(base: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${base}/healthz`);
      if (response.ok) return;
    } catch {}
    if (Date.now() > deadline) throw new Error(`no /healthz at ${base} within 30 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Retry = {
  attempt: number;
  of: number;
  reason: string;
  nextAt: number;
  promptId: string;
  turnId: string;
};

function view(sessionId: string, nextAt: number) {
  const retry: Retry = {
    attempt: 1,
    of: 4,
    reason: 'capacity',
    nextAt,
    promptId: 'p~resume-1',
    turnId: 't-1',
  };
  return { sessionId, retry, lastEvent: null, updatedAt: nextAt - 10_000 };
}

function scheduledEvent(sessionId: string, seq: number, nextAt: number) {
  const retry = view(sessionId, nextAt).retry;
  return {
    kind: 'auto_resume_scheduled',
    ...retry,
    retry,
    class: 'capacity',
    error: '503',
    seq,
    at: nextAt - 10_000,
    sessionId,
  };
}

function firedEvent(sessionId: string, seq: number) {
  return {
    kind: 'auto_resume_fired',
    attempt: 1,
    promptId: 'p~resume-1',
    turnId: 't-1',
    retry: null,
    seq,
    at: Date.now() + seq,
    sessionId,
  };
}

type StandIn = {
  url: string;
  skewMs: number;
  now(): number;
  waiting: Array<ReturnType<typeof view> & { sending?: Record<string, unknown> }>;
  /** The query of each `GET /sessions?waiting=true`, in order. */
  waitingQueries: string[];
  activity: { events: unknown[]; counters: Record<string, number> };
  stopAnswer: { status: number; body: unknown } | null;
  stopDelayMs: number;
  stops: string[];
  /** While true, new event streams are held open without an answer (the browser stays "reconnecting"). */
  holdStreams: boolean;
  dropStreams(): void;
  releaseStreams(): void;
  broadcast(change: unknown): void;
  close(): Promise<void>;
};

/** The local server's routes for the page, with answers the test sets. */
async function startStandIn(): Promise<StandIn> {
  const page = readFileSync(PAGE_FILE);
  const streams = new Set<ServerResponse>();
  const held: Array<() => void> = [];
  const openStream = (res: ServerResponse) => {
    // `retry: 200` makes the browser reconnect quickly after a drop.
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(`retry: 200\nevent: hello\ndata: ${JSON.stringify({ now: standIn.now() })}\n\n`);
    streams.add(res);
    res.on('close', () => streams.delete(res));
  };
  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    } else if (url.pathname === '/events') {
      if (standIn.holdStreams) held.push(() => openStream(res));
      else openStream(res);
    } else if (url.pathname === '/sessions' && url.searchParams.get('waiting') === 'true') {
      standIn.waitingQueries.push(url.search);
      // Pages as the read API does: `limit` 1 to 500 (default 50), and a cursor while any are left.
      const limit = Number(url.searchParams.get('limit') ?? 50);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) {
        json(res, 400, { error: { code: 'invalid_query', field: 'limit' } });
        return;
      }
      const from = Number(url.searchParams.get('cursor') ?? 0);
      const items = standIn.waiting.slice(from, from + limit);
      const left = from + limit < standIn.waiting.length;
      json(res, 200, left ? { items, cursor: String(from + limit) } : { items });
    } else if (url.pathname === '/activity') {
      json(res, 200, standIn.activity);
    } else if (req.method === 'POST' && /^\/sessions\/[^/]+\/stop$/.test(url.pathname)) {
      const sessionId = decodeURIComponent(url.pathname.split('/')[2] ?? '');
      standIn.stops.push(sessionId);
      setTimeout(() => {
        if (standIn.stopAnswer) {
          json(res, standIn.stopAnswer.status, standIn.stopAnswer.body);
          return;
        }
        standIn.waiting = standIn.waiting.filter((item) => item.sessionId !== sessionId);
        json(res, 200, { sessionId, outcome: 'skipped', retry: null, events: [] });
        standIn.broadcast({
          sessionId,
          retry: null,
          event: { ...firedEvent(sessionId, 99), kind: 'auto_resume_skipped', why: 'stopped' },
        });
      }, standIn.stopDelayMs);
    } else {
      json(res, 404, { error: { code: 'not_found', message: 'no route' } });
    }
  };
  const server: Server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn: StandIn = {
    url: `http://127.0.0.1:${port}`,
    skewMs: 0,
    now: () => Date.now() + standIn.skewMs,
    waiting: [],
    waitingQueries: [],
    activity: {
      events: [],
      counters: { scheduled: 0, fired: 0, skipped: 0, exhausted: 0, notRetried: 0, failed: 0, late: 0 },
    },
    stopAnswer: null,
    stopDelayMs: 0,
    stops: [],
    holdStreams: false,
    dropStreams: () => {
      for (const res of streams) res.destroy();
      streams.clear();
    },
    releaseStreams: () => {
      standIn.holdStreams = false;
      for (const open of held.splice(0)) open();
    },
    broadcast: (change) => {
      for (const res of streams) res.write(`event: session_changed\ndata: ${JSON.stringify(change)}\n\n`);
    },
    close: async () => {
      standIn.dropStreams();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
