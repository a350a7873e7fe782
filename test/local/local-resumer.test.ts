import { readFile, stat } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MessageJournal } from '../../shared/adapters/local/message-journal';
import { DataDirBusyError, DataFile, resolveSecret } from '../../shared/local/data-dir';
import type { LocalResumer } from '../../shared/local/local-resumer';
import { signedRequest, TEST_SECRET, turnEventBody } from '../support/webhooks';
import { FakeTimers } from './fake-timers';
import { api, logKinds, postWebhook, startInProcess, until } from './local-server';
import { tempDir } from './temp-dir';

const AGENT_SECRET = `whsec_${Buffer.alloc(32, 0x17).toString('base64')}`;

/** The local resumer on a free port over `dataDir`, on fake timers, with these settings over the defaults. */
function startOnFakeTimers(
  dataDir: string,
  timers: FakeTimers,
  env: Record<string, string>,
): Promise<LocalResumer> {
  return startInProcess({ RESUMER_DATA_DIR: dataDir, ...env }, { agentSecret: AGENT_SECRET, timers });
}

describe('the local resumer in process', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  const running: LocalResumer[] = [];
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
    await dir.remove();
  });

  async function start(overrides: { dashboardPath?: string } = {}): Promise<LocalResumer> {
    const app = await startInProcess(
      { RESUMER_DATA_DIR: dir.path },
      { agentSecret: AGENT_SECRET, ...overrides },
    );
    running.push(app);
    return app;
  }

  it('refuses a body past 256 KiB while reading it, and keeps serving', async () => {
    const app = await start();
    const status = await new Promise<number>((resolve, reject) => {
      // Chunked, no content-length: only counting while reading can stop it.
      const req = request(`${app.url}/webhooks/agent`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let i = 0; i < 5; i++) req.write(chunk);
      req.end();
    });
    expect(status).toBe(413);
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it('applies a stop whatever body it carries, as on AWS, and answers 404 off the routes whatever the method', async () => {
    const app = await start();
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${app.url}/sessions/s-big/stop`, { method: 'POST' });
      req.on('response', async (res) => {
        const chunks: Buffer[] = [];
        for await (const chunk of res) chunks.push(chunk as Buffer);
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() });
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      for (let i = 0; i < 5; i++) req.write(chunk);
      req.end();
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ sessionId: 's-big', outcome: 'recorded', retry: null });
    expect((await fetch(`${app.url}/foo`, { method: 'POST' })).status).toBe(404);
    const healthz = await fetch(`${app.url}/healthz`, { method: 'POST' });
    expect(healthz.status).toBe(405);
    expect(healthz.headers.get('allow')).toBe('GET, HEAD');
    expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
  });

  it('serves the dashboard at / as HTML, and a placeholder while the page is missing', async () => {
    const app = await start({ dashboardPath: join(dir.path, 'missing.html') });
    const response = await fetch(`${app.url}/`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/\/sessions\?waiting=true/);
  });

  it('keeps the activity (newest first) and its counters across a restart', async () => {
    const first = await start();
    await postWebhook(first.url, turnEventBody({ sessionId: 's-a', occurredAt: new Date().toISOString() }), {
      id: 'm-1',
    });
    await postWebhook(
      first.url,
      turnEventBody({
        sessionId: 's-b',
        occurredAt: new Date().toISOString(),
        error: { message: 'API Error: 401 invalid x-api-key', status: 401 },
      }),
      { id: 'm-2' },
    );
    // The feed hears an event once its commit is on disk, a moment after the API can show it: poll the feed.
    const before = await until(
      async () => {
        const { body } = await api(first.url, '/activity');
        return (body.events as unknown[]).length === 2 && body;
      },
      { what: 'both events in /activity' },
    );
    expect(before.counters).toEqual({
      scheduled: 1,
      fired: 0,
      skipped: 0,
      exhausted: 0,
      notRetried: 1,
      failed: 0,
      late: 0,
    });
    expect((before.events as Array<{ sessionId: string }>).map((e) => e.sessionId)).toEqual(['s-b', 's-a']);
    await first.close();
    running.splice(0);

    const second = await start();
    expect((await api(second.url, '/activity')).body).toEqual(before);
    expect(second.rearmed).toBe(1);
  });

  it('answers a repeated webhook id 202 and applies it once', async () => {
    const app = await start();
    const body = turnEventBody({ sessionId: 's-dup', occurredAt: new Date().toISOString() });
    expect((await postWebhook(app.url, body, { id: 'same' })).status).toBe(202);
    expect((await postWebhook(app.url, body, { id: 'same' })).status).toBe(202);
    await until(async () => (await logKinds(app.url, 's-dup')).length > 0, { what: 's-dup logged' });
    expect(await logKinds(app.url, 's-dup')).toEqual(['auto_resume_scheduled']);
  });

  it('will not share its data folder with a second server', async () => {
    await start();
    await expect(start()).rejects.toThrow(DataDirBusyError);
  });

  it('keeps a generated secret owner-only and uses it again at the next start', async () => {
    const made = await resolveSecret(dir.path, DataFile.webhookSecret, undefined);
    expect(made.source).toBe('generated');
    expect((await stat(made.path)).mode & 0o777).toBe(0o600);
    const kept = await resolveSecret(dir.path, DataFile.webhookSecret, undefined);
    expect(kept).toEqual({ ...made, source: 'kept' });
    expect(await resolveSecret(dir.path, DataFile.webhookSecret, TEST_SECRET)).toMatchObject({
      secret: TEST_SECRET,
      source: 'env',
    });
  });
});

describe('the local resumer without an agent URL', () => {
  it('tries a due attempt maxResumeTries times, then records auto_resume_failed', async () => {
    const dir = await tempDir();
    const timers = new FakeTimers(Date.now());
    const app = await startOnFakeTimers(dir.path, timers, { RESUMER_JITTER: '0' });
    try {
      const occurredAt = new Date(timers.now()).toISOString();
      await postWebhook(app.url, turnEventBody({ sessionId: 's-noagent', occurredAt }), { id: 'm-noagent' });
      await until(async () => (await logKinds(app.url, 's-noagent')).length > 0, { what: 'the retry row' });
      // Fake time runs a second per poll: the 10 s wait, then the wake queue's backoff between tries. Between
      // the claim and the outcome the row stays (it clears when the attempt fires or fails), and the view says
      // what is being sent.
      const sending = await until(
        async () => {
          await timers.advance(1000);
          const { body } = await api(app.url, '/sessions/s-noagent');
          return body.sending !== undefined && body;
        },
        { what: 'the attempt being sent', timeoutMs: 20_000 },
      );
      expect(sending).toMatchObject({
        retry: { attempt: 1, of: 4, promptId: 'p-cap~resume-1' },
        lastEvent: { kind: 'auto_resume_scheduled' },
        sending: {
          attempt: 1,
          of: 4,
          promptId: 'p-cap~resume-1',
          lastAnswer: { status: 0, detail: 'no agent URL is configured (set RESUMER_AGENT_URL)' },
        },
      });
      await until(
        async () => {
          await timers.advance(1000);
          return (await logKinds(app.url, 's-noagent')).includes('auto_resume_failed');
        },
        { what: 'auto_resume_failed', timeoutMs: 20_000 },
      );
      expect((await api(app.url, '/sessions/s-noagent')).body).toMatchObject({ retry: null });
      expect((await api(app.url, '/sessions/s-noagent')).body.sending).toBeUndefined();
      const { body } = await api(app.url, '/sessions/s-noagent/events');
      expect(body.items).toEqual([
        expect.objectContaining({ kind: 'auto_resume_scheduled' }),
        expect.objectContaining({
          kind: 'auto_resume_failed',
          status: 0,
          detail: '5 tries, the last: no agent URL is configured (set RESUMER_AGENT_URL)',
        }),
      ]);
      expect((await api(app.url, '/sessions/s-noagent')).body.retry).toBeNull();
    } finally {
      await app.close();
      await dir.remove();
    }
  });
});

describe('the local resumer with a full turn-events queue', () => {
  it('answers webhooks 503 while the queue holds RESUMER_MAX_QUEUED_EVENTS, and accepts the retry once it drains', async () => {
    const dir = await tempDir();
    // Two messages a previous run left that the classifier can't decode: they stay queued, backing off on the fake
    // clock, until they are dead-lettered after five receives (1 + 2 + 4 + 8 s).
    const left = await MessageJournal.open({ path: join(dir.path, DataFile.turnEvents) });
    for (const id of ['poison-1', 'poison-2'])
      await left.put({ id, body: 'not a turn event', sentAt: Date.now() });
    await left.close();
    const timers = new FakeTimers(Date.now());
    const app = await startOnFakeTimers(dir.path, timers, { RESUMER_MAX_QUEUED_EVENTS: '2' });
    try {
      expect(app.replayed).toBe(2);
      const body = turnEventBody({ sessionId: 's-full', occurredAt: new Date(timers.now()).toISOString() });
      const response = await fetchWebhook(app.url, body, 'm-full');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({
        error: expect.objectContaining({
          code: 'queue_full',
          message: expect.stringMatching(/2 events queued, limit 2/),
        }),
      });

      // Refused webhooks are not queued: the sender's retries keep being refused until the poison is gone.
      await until(
        async () => {
          await timers.advance(1000);
          return (await postWebhook(app.url, body, { id: 'm-full' })).status === 202;
        },
        { what: 'the retried webhook accepted', timeoutMs: 20_000 },
      );
      const letters = await readFile(join(dir.path, DataFile.deadLetter), 'utf8');
      expect(letters.trim().split('\n')).toHaveLength(2);
      await until(async () => (await logKinds(app.url, 's-full')).length > 0, { what: 's-full logged' });
      expect(await logKinds(app.url, 's-full')).toEqual(['auto_resume_scheduled']);
    } finally {
      await app.close();
      await dir.remove();
    }
  });
});

/** POSTs a signed webhook and hands back the raw response, headers included. */
function fetchWebhook(url: string, body: object, id: string): Promise<Response> {
  const request = signedRequest({ body, id, timestamp: Math.floor(Date.now() / 1000) });
  return fetch(`${url}/webhooks/agent`, {
    method: 'POST',
    headers: request.headers as Record<string, string>,
    body: request.body,
  });
}
