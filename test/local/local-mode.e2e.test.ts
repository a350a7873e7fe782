// Black box: the embedded local mode as `npm start` runs it (a child process), a stub agent, signed webhooks
// over HTTP, and the read API. Waits poll with deadlines; nothing sleeps a fixed time.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../shared/webhook/standard-webhooks';
import { type AgentStub, startAgentStub } from '../support/agent-stub';
import { signedRequest, turnEventBody } from '../support/webhooks';
import { api, type LocalServer, logKinds, postWebhook, startServer, until } from './local-server';
import { tempDir } from './temp-dir';

const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 0x2a).toString('base64')}`;
const AGENT_SECRET = `whsec_${Buffer.alloc(32, 0x17).toString('base64')}`;
const AUTH_ERROR =
  'API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}';

let seq = 0;
const newSession = () => `s-local-${process.pid}-${++seq}`;
const newId = () => `msg_e2e_${process.pid}_${++seq}`;
const now = () => new Date().toISOString();

/**
 * Fails a new session on a 503 whose server hint holds the retry 4 s out (time enough to stop and start the
 * server before it is due) and waits until its retry row is armed.
 */
async function armRetryFourSecondsOut(url: string): Promise<{ sessionId: string; nextAt: number }> {
  const sessionId = newSession();
  const body = turnEventBody({
    sessionId,
    occurredAt: now(),
    error: {
      message: 'API Error: 503 no non-exhausted claude accounts available',
      status: 503,
      retryAfterSeconds: 4,
    },
  });
  expect(await postWebhook(url, body, { id: newId() })).toMatchObject({ status: 202 });
  const retry = await until(async () => (await api(url, `/sessions/${sessionId}`)).body.retry, {
    what: 'the retry row',
  });
  return { sessionId, nextAt: (retry as { nextAt: number }).nextAt };
}

function serverEnv(dataDir: string, agentUrl: string): Record<string, string> {
  return {
    RESUMER_DATA_DIR: dataDir,
    RESUMER_DELAYS: '1s,2s,3s,4s',
    RESUMER_JITTER: '0',
    RESUMER_AGENT_URL: agentUrl,
    RESUMER_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RESUMER_AGENT_SECRET: AGENT_SECRET,
    // These tests fail one upstream a dozen times a minute and time each chain in seconds; to the pacer that is
    // an outage (one probe, the rest held for 30 s and more). Pacing stays on; test/local/pacing.e2e.test.ts
    // covers the outage.
    RESUMER_PROBE_AFTER: '100',
  };
}

describe('local mode, end to end', () => {
  let agent: AgentStub;
  let server: LocalServer;
  let dir: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    agent = await startAgentStub();
    dir = await tempDir();
    server = await startServer(serverEnv(dir.path, agent.url));
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await agent?.close();
    await dir?.remove();
  });

  const post = (body: Record<string, unknown>) => postWebhook(server.url, body, { id: newId() });
  const postsFor = (sessionId: string) =>
    agent.requests.filter((r) => r.path === `/sessions/${sessionId}/prompts`);
  const retryOf = async (sessionId: string) =>
    (await api(server.url, `/sessions/${sessionId}`)).body.retry as { nextAt: number } | null;

  it('resumes the same session and turn once after a 503', async () => {
    const sessionId = newSession();
    expect(await post(turnEventBody({ sessionId, occurredAt: now() }))).toMatchObject({ status: 202 });

    const [resume] = await until(() => postsFor(sessionId).length > 0 && postsFor(sessionId), {
      what: 'the resume POST',
    });
    expect(resume?.body).toMatchObject({
      sessionId,
      agentSessionId: 'a-9',
      turnId: 't-7',
      promptId: 'p-cap~resume-1',
      attempt: 1,
      of: 4,
      reason: 'capacity',
    });
    const signature = verify({
      headers: resume?.headers as Record<string, string>,
      body: Buffer.from(resume?.raw ?? ''),
      secret: AGENT_SECRET,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    expect(signature.ok).toBe(true);
    await until(async () => (await logKinds(server.url, sessionId)).includes('auto_resume_fired'), {
      what: 'auto_resume_fired',
    });
    expect(await logKinds(server.url, sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
    expect(await retryOf(sessionId)).toBeNull();
    expect(postsFor(sessionId)).toHaveLength(1);
  });

  it('sends nothing for a session stopped while its retry waits', async () => {
    const sessionId = newSession();
    await post(turnEventBody({ sessionId, occurredAt: now() }));
    const retry = await until(() => retryOf(sessionId), { what: 'the retry row' });

    const stopped = await api(server.url, `/sessions/${sessionId}/stop`, 'POST');
    expect(stopped).toMatchObject({ status: 200, body: { outcome: 'skipped', retry: null } });
    await until(() => Date.now() > retry.nextAt + 1500, { what: 'the stopped retry’s time to pass' });
    expect(postsFor(sessionId)).toEqual([]);
    expect(await logKinds(server.url, sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_skipped']);
  });

  it('skips as superseded when a newer prompt starts while the retry waits', async () => {
    const sessionId = newSession();
    const failedAt = Date.now();
    await post(turnEventBody({ sessionId, occurredAt: new Date(failedAt).toISOString() }));
    const retry = await until(() => retryOf(sessionId), { what: 'the retry row' });
    await post({
      type: 'turn.started',
      sessionId,
      turnId: 't-8',
      promptId: 'p-new',
      occurredAt: new Date(failedAt + 1000).toISOString(),
    });

    await until(async () => (await logKinds(server.url, sessionId)).includes('auto_resume_skipped'), {
      what: 'the skip',
    });
    const { body } = await api(server.url, `/sessions/${sessionId}/events`);
    expect((body.items as Array<Record<string, unknown>>).at(-1)).toMatchObject({
      kind: 'auto_resume_skipped',
      why: 'superseded',
    });
    await until(() => Date.now() > retry.nextAt + 1500, { what: 'the skipped retry’s time to pass' });
    expect(postsFor(sessionId)).toEqual([]);
  });

  it('exhausts after the fourth resumed attempt fails too', { timeout: 60_000 }, async () => {
    const sessionId = newSession();
    await post(turnEventBody({ sessionId, occurredAt: now() }));
    for (let attempt = 1; attempt <= 4; attempt++) {
      await until(() => postsFor(sessionId).length >= attempt, {
        what: `resume ${attempt}`,
        timeoutMs: 20_000,
      });
      expect(postsFor(sessionId).at(-1)?.body).toMatchObject({
        promptId: `p-cap~resume-${attempt}`,
        attempt,
      });
      await post(turnEventBody({ sessionId, promptId: `p-cap~resume-${attempt}`, occurredAt: now() }));
    }
    await until(async () => (await logKinds(server.url, sessionId)).includes('auto_resume_exhausted'), {
      what: 'auto_resume_exhausted',
    });
    const kinds = await logKinds(server.url, sessionId);
    expect(kinds.filter((k) => k === 'auto_resume_scheduled')).toHaveLength(4);
    expect(kinds.at(-1)).toBe('auto_resume_exhausted');
    expect(await retryOf(sessionId)).toBeNull();
    expect(postsFor(sessionId)).toHaveLength(4);
  });

  it('does not retry an authentication failure', async () => {
    const sessionId = newSession();
    await post(turnEventBody({ sessionId, occurredAt: now(), error: { message: AUTH_ERROR, status: 401 } }));
    await until(async () => (await logKinds(server.url, sessionId)).length > 0, { what: 'the log entry' });
    const { body } = await api(server.url, `/sessions/${sessionId}/events`);
    expect(body.items).toEqual([
      expect.objectContaining({ kind: 'turn_failure_not_retried', class: 'auth' }),
    ]);
    expect(await retryOf(sessionId)).toBeNull();
    expect(postsFor(sessionId)).toEqual([]);
  });

  it('answers webhooks as SPEC says: 401 bad signature, 415 not JSON, 400 naming the field, 413 too large', async () => {
    const bad = signedRequest({
      body: turnEventBody(),
      id: newId(),
      timestamp: Math.floor(Date.now() / 1000),
    });
    const send = (headers: Record<string, string | undefined>, body: Buffer | string) =>
      fetch(`${server.url}/webhooks/agent`, {
        method: 'POST',
        headers: headers as Record<string, string>,
        body,
      });

    const forged = await send({ ...bad.headers, 'webhook-signature': 'v1,AAAA' }, bad.body);
    expect(forged.status).toBe(401);
    const text = signedRequest({
      body: 'hi',
      id: newId(),
      timestamp: Math.floor(Date.now() / 1000),
      contentType: 'text/plain',
      secret: WEBHOOK_SECRET,
    });
    expect((await send(text.headers, text.body)).status).toBe(415);
    const invalid = await postWebhook(server.url, turnEventBody({ sessionId: 'bad id!' }), { id: newId() });
    expect(invalid).toMatchObject({ status: 400, body: { error: { field: 'sessionId' } } });
    const huge = await send({ 'content-type': 'application/json' }, Buffer.alloc(300 * 1024, 0x20));
    expect(huge.status).toBe(413);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });

  it('streams session_changed on /events, after a hello', async () => {
    const sessionId = newSession();
    const controller = new AbortController();
    const response = await fetch(`${server.url}/events`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    let text = '';
    const read = async (pattern: RegExp) =>
      until(
        async () => {
          if (pattern.test(text)) return true;
          const { value } = await reader.read();
          text += Buffer.from(value ?? new Uint8Array()).toString('utf8');
          return pattern.test(text);
        },
        { what: String(pattern) },
      );
    await read(/event: hello\ndata: \{"now":\d+\}\n\n/);
    await post(turnEventBody({ sessionId, occurredAt: now() }));
    await read(new RegExp(`event: session_changed\\ndata: \\{"sessionId":"${sessionId}"[^\\n]*\\n\\n`));
    const line = text.split('\n').find((l) => l.startsWith('data: ') && l.includes(sessionId)) ?? '';
    expect(JSON.parse(line.slice('data: '.length))).toMatchObject({
      sessionId,
      retry: { attempt: 1, promptId: 'p-cap~resume-1' },
      event: { kind: 'auto_resume_scheduled', sessionId },
    });
    controller.abort();
  });
});

describe('local mode across a restart', () => {
  let agent: AgentStub;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  const servers: LocalServer[] = [];

  beforeAll(async () => {
    agent = await startAgentStub();
    dir = await tempDir();
  });
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop('SIGKILL');
  });
  afterAll(async () => {
    await agent?.close();
    await dir?.remove();
  });

  it('fires a retry that was waiting when the server stopped, once, after the restart', {
    timeout: 60_000,
  }, async () => {
    const env = serverEnv(dir.path, agent.url);
    const first = await startServer(env);
    servers.push(first);
    const { sessionId, nextAt } = await armRetryFourSecondsOut(first.url);

    expect(await first.stop('SIGTERM')).toBe(0);
    expect(agent.requests).toEqual([]);
    expect(first.output()).toMatch(/stopped/);

    const second = await startServer(env);
    servers.push(second);
    expect(second.output()).toMatch(/1 retry re-armed/);
    await until(() => agent.requests.length > 0, { what: 'the resume after the restart', timeoutMs: 20_000 });
    const arrivedAt = Date.now();
    expect(arrivedAt).toBeGreaterThanOrEqual(nextAt - 1000);
    await until(async () => (await logKinds(second.url, sessionId)).includes('auto_resume_fired'), {
      what: 'auto_resume_fired',
    });
    expect(await logKinds(second.url, sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
    expect(agent.requests.map((r) => (r.body as { promptId: string }).promptId)).toEqual(['p-cap~resume-1']);
  });
  it('loses nothing to a hard kill: the waiting retry fires once after the restart', {
    timeout: 60_000,
  }, async () => {
    const env = serverEnv(dir.path, agent.url);
    const first = await startServer(env);
    servers.push(first);
    const before = agent.requests.length;
    const { sessionId } = await armRetryFourSecondsOut(first.url);
    await first.stop('SIGKILL');

    const second = await startServer(env);
    servers.push(second);
    await until(async () => (await logKinds(second.url, sessionId)).includes('auto_resume_fired'), {
      what: 'auto_resume_fired after the kill',
      timeoutMs: 20_000,
    });
    expect(agent.requests.slice(before).map((r) => r.path)).toEqual([`/sessions/${sessionId}/prompts`]);
  });
});
