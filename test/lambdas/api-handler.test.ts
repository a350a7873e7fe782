import { describe, expect, it } from 'vitest';
import { createApiHandler } from '../../lambdas/api/handler';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import { turnFailed } from '../support/events';
import { memoryDeps, recordingObservability } from '../support/fakes';
import { functionUrlEvent } from '../support/lambda-events';

const TOKEN = 'token-of-forty-characters-0123456789abcd';

async function api() {
  const m = memoryDeps();
  await handleTurnEvent(m.deps, turnFailed());
  await handleTurnEvent(m.deps, turnFailed({ sessionId: 's-41', occurredAt: m.clock.at - 5000 }));
  const o = recordingObservability();
  const handler = createApiHandler({ resumer: m.deps, token: async () => TOKEN, telemetry: o.telemetry });
  const call = async (method: string, path: string, query?: Record<string, string>, token = TOKEN) => {
    const out = await handler(
      functionUrlEvent({ method, path, query, headers: { authorization: `Bearer ${token}` } }),
    );
    if (typeof out === 'string') throw new Error('bare string result');
    return { status: out.statusCode, body: JSON.parse(out.body ?? 'null') };
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
});
