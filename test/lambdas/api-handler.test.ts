import { describe, expect, it } from 'vitest';
import { createApiHandler } from '../../lambdas/api/handler';
import { staticSecret } from '../../shared/adapters/local/static-secret';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import type { Secret } from '../../shared/ports';
import { turnFailed } from '../support/events';
import { memoryDeps, recordingObservability } from '../support/fakes';
import { functionUrlEvent } from '../support/lambda-events';
import { expectOneReadPerInterval, REFRESH_INTERVAL_MS, readsOf, storedSecret } from '../support/secrets';

const TOKEN = 'token-of-forty-characters-0123456789abcd';

async function api(token: Secret = staticSecret(TOKEN)) {
  const m = memoryDeps();
  await handleTurnEvent(m.deps, turnFailed());
  await handleTurnEvent(m.deps, turnFailed({ sessionId: 's-41', occurredAt: m.clock.at - 5000 }));
  const o = recordingObservability();
  const handler = createApiHandler({ resumer: m.deps, token, telemetry: o.telemetry });
  const call = async (
    method: string,
    path: string,
    query?: Record<string, string>,
    /** `null` sends no authorization header. */
    presented: string | null = TOKEN,
  ) => {
    const headers = presented === null ? {} : { authorization: `Bearer ${presented}` };
    const out = await handler(functionUrlEvent({ method, path, query, headers }));
    if (typeof out === 'string') throw new Error('bare string result');
    return { status: out.statusCode ?? 0, body: JSON.parse(out.body ?? 'null') };
  };
  return { ...m, call, metrics: o.metrics };
}

describe('the API handler', () => {
  it('refuses a request without the bearer token', async () => {
    const { call } = await api();
    expect(await call('GET', '/sessions/s-42', undefined, 'wrong')).toMatchObject({
      status: 401,
      body: { error: { code: 'unauthorized' } },
    });
  });

  it('shows a session with its retry row', async () => {
    const { call } = await api();
    const { status, body } = await call('GET', '/sessions/s-42');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      sessionId: 's-42',
      retry: { attempt: 1, promptId: 'p-cap~resume-1' },
      lastEvent: { kind: 'auto_resume_scheduled' },
    });
  });

  it('lists waiting sessions soonest first, a page at a time', async () => {
    const { call } = await api();
    const first = await call('GET', '/sessions', { waiting: 'true', limit: '1' });
    expect(first.body.items.map((s: { sessionId: string }) => s.sessionId)).toEqual(['s-41']);
    const second = await call('GET', '/sessions', { waiting: 'true', limit: '1', cursor: first.body.cursor });
    expect(second.body.items.map((s: { sessionId: string }) => s.sessionId)).toEqual(['s-42']);
  });

  // A Function URL joins a repeated parameter's values with commas; the last one counts, as on the local server.
  it('takes the last value of a repeated query parameter', async () => {
    const { call } = await api();
    const listed = await call('GET', '/sessions', { waiting: 'true,true', limit: '5,1' });
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((s: { sessionId: string }) => s.sessionId)).toEqual(['s-41']);
  });

  it('returns the log and stops a waiting retry', async () => {
    const { call, waker } = await api();
    expect((await call('POST', '/sessions/s-42/stop')).body).toMatchObject({
      outcome: 'skipped',
      retry: null,
    });
    expect(waker.disarmed.map((w) => w.promptId)).toEqual(['p-cap~resume-1']);
    const log = await call('GET', '/sessions/s-42/events');
    expect(log.body.items.map((e: { kind: string }) => e.kind)).toEqual([
      'auto_resume_scheduled',
      'auto_resume_skipped',
    ]);
  });

  it('names the problem of a bad request', async () => {
    const { call } = await api();
    expect(await call('GET', '/sessions')).toMatchObject({
      status: 400,
      body: { error: { field: 'waiting' } },
    });
    expect(await call('GET', '/sessions/s-42/events', { limit: '0' })).toMatchObject({
      status: 400,
      body: { error: { field: 'limit' } },
    });
    expect(await call('GET', '/sessions/s-42/events', { cursor: 'garbage' })).toMatchObject({
      status: 400,
      body: { error: { field: 'cursor' } },
    });
    expect(await call('GET', '/sessions/bad%20id')).toMatchObject({
      status: 400,
      body: { error: { field: 'sessionId' } },
    });
    expect(await call('GET', '/sessions/nobody')).toMatchObject({ status: 404 });
    expect(await call('DELETE', '/sessions/s-42')).toMatchObject({ status: 405 });
  });

  it.each([
    ['GET', '/sessions/%E0%A4%A'],
    ['GET', '/sessions/abc%ZZ/events'],
    ['POST', '/sessions/%E0%A4%A/stop'],
  ])('answers %s %s, a bad escape in the id, 400 invalid_session_id', async (method, path) => {
    const { call } = await api();
    expect(await call(method, path)).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_session_id', field: 'sessionId' } },
    });
  });

  it('answers a bad escape elsewhere in the path 404', async () => {
    const { call } = await api();
    expect(await call('GET', '/sessions/s-42/%ZZ')).toMatchObject({ status: 404 });
    expect(await call('GET', '/%ZZ/s-42')).toMatchObject({ status: 404 });
  });
});

describe('the API handler with a token that is rotated', () => {
  const ROTATED = 'rotated-token-of-forty-characters-012345';

  // The handler as index.ts composes it: the token read at cold start, then handed over as a Secret.
  async function rotatingApi() {
    const stored = storedSecret(TOKEN);
    await stored.secret.value();
    const { call } = await api(stored.secret);
    return { call, clock: stored.clock, rotate: stored.rotate, reads: stored.reads };
  }

  it('accepts the rotated token after one refresh, then without reading', async () => {
    const { call, clock, rotate, reads } = await rotatingApi();
    rotate(ROTATED);
    clock.at += REFRESH_INTERVAL_MS;
    expect((await call('GET', '/sessions/s-42', undefined, ROTATED)).status).toBe(200);
    expect((await call('GET', '/sessions/s-42', undefined, ROTATED)).status).toBe(200);
    expect(reads()).toEqual(readsOf(2));
  });

  it('refuses the old token once the rotated one is read', async () => {
    const { call, clock, rotate } = await rotatingApi();
    rotate(ROTATED);
    clock.at += REFRESH_INTERVAL_MS;
    await call('GET', '/sessions/s-42', undefined, ROTATED);
    expect((await call('GET', '/sessions/s-42', undefined, TOKEN)).status).toBe(401);
  });

  it('answers 401 to many wrong tokens with at most one read per interval', async () => {
    const { call, clock, reads } = await rotatingApi();
    let i = 0;
    const wrong = async () => (await call('GET', '/sessions/s-42', undefined, `wrong-${i++}`)).status;
    await expectOneReadPerInterval(wrong, clock, reads);
  });

  it('answers 401 to a request without a bearer token without reading the token again', async () => {
    const { call, clock, reads } = await rotatingApi();
    clock.at += REFRESH_INTERVAL_MS;
    expect((await call('GET', '/sessions/s-42', undefined, null)).status).toBe(401);
    expect(reads()).toEqual(readsOf(1));
  });
});
