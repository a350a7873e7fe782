import { request } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import {
  createLocalHttpServer,
  type LocalHttpServer,
  MAX_STREAM_BACKLOG_BYTES,
} from '../../shared/local/http-server';
import { SessionFeed } from '../../shared/local/session-feed';
import { turnFailed } from '../support/events';
import { memoryDeps } from '../support/fakes';
import { NOW_SECONDS, recordingQueue, signedRequest, TEST_SECRET, turnEventBody } from '../support/webhooks';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** One request on its own connection, with exactly these headers (Host included); resolves once the answer ends. */
function call(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
        agent: false,
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The `error.code` of a JSON answer. */
function codeOf(answer: Answer): unknown {
  return (JSON.parse(answer.body) as { error?: { code?: unknown } }).error?.code;
}

describe('the local HTTP server', () => {
  let http: LocalHttpServer;
  let port: number;
  let m: ReturnType<typeof memoryDeps>;
  let queue: ReturnType<typeof recordingQueue>;

  beforeEach(async () => {
    m = memoryDeps();
    queue = recordingQueue();
    http = createLocalHttpServer({
      ingest: { queue, secret: TEST_SECRET, nowSeconds: () => NOW_SECONDS },
      resumer: m.deps,
      feed: new SessionFeed(),
      dashboardPath: join(import.meta.dirname, 'missing.html'),
      log: quiet,
      clock: m.deps.clock,
      host: '127.0.0.1',
    });
    await new Promise<void>((resolve) => http.server.listen(0, '127.0.0.1', resolve));
    port = (http.server.address() as AddressInfo).port;
    await handleTurnEvent(m.deps, turnFailed());
  });

  afterEach(async () => {
    http.beginShutdown();
    http.server.closeAllConnections();
    await new Promise((resolve) => http.server.close(resolve));
  });

  it('answers under every loopback name with its own port', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      expect((await call(port, { path: '/sessions/s-42', headers: { host } })).status, host).toBe(200);
    }
  });

  it.each([
    ['a name of its own, as after DNS rebinding', (port: number) => `rebind.attacker.example:${port}`],
    ['another port', (port: number) => `127.0.0.1:${port + 1}`],
    ['no port (80)', () => 'localhost'],
    ['a LAN address', (port: number) => `192.168.1.20:${port}`],
  ])('refuses a Host with %s: 403 forbidden_host', async (_, host) => {
    const answer = await call(port, { path: '/sessions/s-42', headers: { host: host(port) } });
    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({
      error: {
        code: 'forbidden_host',
        message: `Host ${JSON.stringify(host(port))} is not this server; it answers to 127.0.0.1:${port}, localhost:${port}, [::1]:${port} only`,
      },
    });
  });

  it('refuses a stop posted by another web page, and the retry keeps waiting', async () => {
    const answer = await call(port, {
      method: 'POST',
      path: '/sessions/s-42/stop',
      headers: { origin: 'https://attacker.example', 'content-type': 'text/plain' },
    });
    expect(answer.status).toBe(403);
    expect(codeOf(answer)).toBe('forbidden_origin');
    expect(JSON.parse(answer.body).error.message).toContain(`http://127.0.0.1:${port}`);
    const session = await call(port, { path: '/sessions/s-42' });
    expect(JSON.parse(session.body)).toMatchObject({ retry: { attempt: 1 } });
    expect(m.waker.disarmed).toEqual([]);
  });

  it.each([
    ['null', 'null'],
    ['another port', 'http://127.0.0.1:1'],
    ['https on its port', 'https://127.0.0.1:PORT'],
    ['a name of its own', 'http://rebind.attacker.example:PORT'],
  ])('refuses an Origin of %s: 403 forbidden_origin', async (_, origin) => {
    const answer = await call(port, {
      path: '/sessions?waiting=true',
      headers: { origin: origin.replace('PORT', String(port)) },
    });
    expect([answer.status, codeOf(answer)]).toEqual([403, 'forbidden_origin']);
  });

  it('accepts a stop from its own dashboard page, which sends its own origin', async () => {
    const answer = await call(port, {
      method: 'POST',
      path: '/sessions/s-42/stop',
      headers: { origin: `http://localhost:${port}`, host: `localhost:${port}` },
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ sessionId: 's-42', outcome: 'skipped' });
  });

  it('accepts a webhook from a local agent that names it localhost', async () => {
    const signed = signedRequest({ body: turnEventBody({ sessionId: 's-local' }), id: 'w-local' });
    const answer = await call(port, {
      method: 'POST',
      path: '/webhooks/agent',
      headers: { ...(signed.headers as Record<string, string>), host: `localhost:${port}` },
      body: signed.body,
    });
    expect(answer.status).toBe(202);
    expect(queue.sent.map((sent) => sent.event.sessionId)).toEqual(['s-local']);
  });

  it.each(['/', '/index.html'])(
    'forbids any other page to frame the dashboard at %s, so a framed Stop button cannot be clicked',
    async (path) => {
      const answer = await call(port, { path });
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      // frame-ancestors alone: it combines with the page's own <meta> policy and leaves its hashes in charge.
      expect(answer.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    },
  );

  it('answers HEAD /events with the stream headers only, and ends', async () => {
    const answer = await call(port, { method: 'HEAD', path: '/events' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(answer.body).toBe('');
  });

  it('answers /events 503 while stopping, as it answers webhooks', async () => {
    http.beginShutdown();
    const answer = await call(port, { path: '/events' });
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(JSON.parse(answer.body)).toEqual({
      error: { code: 'shutting_down', message: 'the resumer is stopping' },
    });
  });

  it('answers a bad escape in a session id 400 invalid_session_id, not 500', async () => {
    for (const [method, path] of [
      ['GET', '/sessions/%E0%A4%A'],
      ['GET', '/sessions/abc%ZZ/events'],
      ['POST', '/sessions/%E0%A4%A/stop'],
    ] as const) {
      const answer = await call(port, { method, path });
      expect([answer.status, JSON.parse(answer.body).error.field], path).toEqual([400, 'sessionId']);
    }
  });
});

describe('GET /events and a watcher that stops reading', () => {
  it('cuts the watcher off once a megabyte waits for it, instead of buffering every change', async () => {
    // 30,000 ordinary changes held 73 MB in the server for one paused client, and it was never cut off.
    const m = memoryDeps();
    const feed = new SessionFeed();
    const http = createLocalHttpServer({
      ingest: { queue: recordingQueue(), secret: TEST_SECRET, nowSeconds: () => NOW_SECONDS },
      resumer: m.deps,
      feed,
      dashboardPath: join(import.meta.dirname, 'missing.html'),
      log: quiet,
      clock: m.deps.clock,
      host: '127.0.0.1',
    });
    const serverSockets: Socket[] = [];
    http.server.on('connection', (socket) => serverSockets.push(socket));
    await new Promise<void>((resolve) => http.server.listen(0, '127.0.0.1', resolve));
    const { port } = http.server.address() as AddressInfo;
    const client = connect(port, '127.0.0.1');
    try {
      await new Promise((resolve) => client.once('connect', resolve));
      client.write(`GET /events HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
      await new Promise((resolve) => client.once('data', resolve));
      client.pause();
      const applied = await handleTurnEvent(
        m.deps,
        turnFailed({ error: { message: `503 ${'x'.repeat(1990)}` } }),
      );
      const change = { sessionId: 's-42', retry: null, event: applied.logged[0] } as never;
      const server = serverSockets[0];
      let published = 0;
      while (published < 20_000 && !server?.destroyed) {
        await feed.publish([change]);
        published++;
        if (published % 200 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
      expect(server?.destroyed).toBe(true);
      // Cut off within a few megabytes of changes: the backlog, plus what the kernel's buffers took first.
      expect(published * 2000).toBeLessThan(MAX_STREAM_BACKLOG_BYTES * 16);
    } finally {
      client.destroy();
      http.beginShutdown();
      http.server.closeAllConnections();
      await new Promise((resolve) => http.server.close(resolve));
    }
  });
});
