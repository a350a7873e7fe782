import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { ResumerDeps } from '../app/deps';
import { type IngestDeps, ingestWebhook, MAX_BODY_BYTES } from '../app/ingest';
import { handleApiRequest } from '../app/read-api';
import type { Clock, Log, SessionChanged } from '../ports';
import type { SessionFeed } from './session-feed';

/** What may wait unsent for one `/events` watcher before it is cut off. */
export const MAX_STREAM_BACKLOG_BYTES = 1024 * 1024;

/** What the local HTTP server serves from. */
export type LocalHttpDeps = {
  ingest: IngestDeps;
  resumer: ResumerDeps;
  feed: SessionFeed;
  /** The dashboard page; a placeholder is served while it is missing. */
  dashboardPath: string;
  log: Log;
  clock: Clock;
  /** The address the server is bound to (RESUMER_HOST); requests may name it in Host and Origin. @default 127.0.0.1 */
  host?: string;
  /** Interval of the `: ping` comment on event streams. @default 15000 */
  pingMs?: number;
};

/** Requests may name the server by these (and by the address it is bound to), with the port it listens on. */
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** The server and what its shutdown needs besides `server.close()`. */
export type LocalHttpServer = {
  server: Server;
  /** Refuses new webhooks and event streams with 503 and ends every event stream. */
  beginShutdown(): void;
};

/**
 * The dashboard may not be framed: another site could frame it and trick a click on Stop, which passes the Origin
 * check since the framed page sends its own. frame-ancestors works only as a header (a <meta> CSP ignores it) and
 * combines with the page's <meta> policy, so the hashes of its inline script and style stay there.
 */
const NO_FRAMING = {
  'x-frame-options': 'DENY',
  'content-security-policy': "frame-ancestors 'none'",
} as const;

/** The paths that only read: anything else off the webhook and the API is 404, whatever the method (as on AWS). */
const GET_PATHS = new Set(['/healthz', '/activity', '/events', '/', '/index.html']);

const PLACEHOLDER = `<!doctype html><meta charset="utf-8"><title>turn resumer</title>
<h1>turn resumer</h1><p>The dashboard page is not built yet. The API is up:
<a href="/sessions?waiting=true">/sessions?waiting=true</a>, <a href="/activity">/activity</a>,
<a href="/events">/events</a>, <a href="/healthz">/healthz</a>.</p>`;

/**
 * The embedded mode's one HTTP server: `POST /webhooks/agent`, the read and control API, `GET /healthz`,
 * `GET /events` (server-sent `session_changed`), `GET /activity` and the dashboard at `/`.
 */
export function createLocalHttpServer(deps: LocalHttpDeps): LocalHttpServer {
  const streams = new Set<ServerResponse>();
  let shuttingDown = false;
  const names = new Set<string>([...LOOPBACK_NAMES, hostForUrl(deps.host ?? '127.0.0.1').toLowerCase()]);

  const route = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const refused = refusedOrigin(req, names);
    if (refused) return send(res, 403, { error: refused }, { connection: 'close' });
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path === '/webhooks/agent') {
      if (method !== 'POST')
        return send(res, 405, { error: { code: 'method_not_allowed' } }, { allow: 'POST' });
      if (shuttingDown) return stopping(res);
      const body = await readBody(req, MAX_BODY_BYTES);
      if (body === null) {
        const error = { code: 'payload_too_large', message: `body is larger than ${MAX_BODY_BYTES} bytes` };
        return send(res, 413, { error }, { connection: 'close' });
      }
      const answer = await ingestWebhook(deps.ingest, { headers: headersOf(req), body });
      if (answer.status === 503) {
        return send(res, 503, answer.body, { 'retry-after': String(answer.retryAfterSeconds) });
      }
      return send(res, answer.status, answer.body);
    }
    if (path === '/sessions' || path.startsWith('/sessions/')) {
      // The API takes no body: whatever was sent is discarded as it arrives, never buffered, and the request is
      // answered as on AWS (a Function URL hands the body to a handler that ignores it).
      req.resume();
      const query = Object.fromEntries(url.searchParams.entries());
      const answer = await handleApiRequest(deps.resumer, { method, path, query });
      return send(res, answer.status, answer.body);
    }
    if (!GET_PATHS.has(path)) {
      return send(res, 404, { error: { code: 'not_found', message: `no route for ${path}` } });
    }
    if (method !== 'GET' && method !== 'HEAD')
      return send(res, 405, { error: { code: 'method_not_allowed' } }, { allow: 'GET, HEAD' });
    if (path === '/healthz') return send(res, 200, { ok: true });
    if (path === '/activity') return send(res, 200, deps.feed.activity());
    if (path === '/events') {
      if (shuttingDown) return stopping(res);
      return openStream(req, res);
    }
    return dashboard(res);
  };

  const openStream = (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method === 'HEAD') {
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      res.end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    // A watcher that stops reading is cut off once this much waits for it, rather than buffered without bound; it
    // reconnects (EventSource does by itself) and reloads its snapshot on `hello`.
    const write = (text: string) => {
      if (res.writableLength > MAX_STREAM_BACKLOG_BYTES) res.destroy();
      else if (!res.destroyed) res.write(text);
    };
    write(`event: hello\ndata: ${JSON.stringify({ now: deps.clock.now() })}\n\n`);
    const unsubscribe = deps.feed.subscribe((change: SessionChanged) => {
      write(`event: session_changed\ndata: ${JSON.stringify(change)}\n\n`);
    });
    const ping = setInterval(() => write(': ping\n\n'), deps.pingMs ?? 15_000);
    streams.add(res);
    req.on('close', () => {
      unsubscribe();
      clearInterval(ping);
      streams.delete(res);
    });
  };

  const dashboard = async (res: ServerResponse): Promise<void> => {
    let page = PLACEHOLDER;
    try {
      page = await readFile(deps.dashboardPath, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    res
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-cache',
        ...NO_FRAMING,
      })
      .end(page);
  };

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      deps.log.error('request failed', { method: req.method, url: req.url, error: (error as Error).message });
      if (!res.headersSent) send(res, 500, { error: { code: 'internal', message: 'internal error' } });
      else res.destroy();
    });
  });
  return {
    server,
    beginShutdown: () => {
      shuttingDown = true;
      for (const res of streams) res.end();
      streams.clear();
    },
  };
}

/** The answer to a webhook or an event stream asked for while the resumer stops. */
function stopping(res: ServerResponse): void {
  const error = { code: 'shutting_down', message: 'the resumer is stopping' };
  send(res, 503, { error }, { 'retry-after': '5', connection: 'close' });
}

/**
 * Why a request is refused for where it comes from, or `undefined`. Binding to loopback is local mode's only
 * access control, and a web page can still reach loopback: by a cross-origin POST (which carries an `Origin`)
 * or, after DNS rebinding, under a name of its own (which shows in `Host`). Agents and curl send no `Origin`.
 */
function refusedOrigin(
  req: IncomingMessage,
  names: ReadonlySet<string>,
): { code: string; message: string } | undefined {
  const port = req.socket.localPort;
  const own = [...names].map((name) => `${name}:${port}`);
  const host = req.headers.host ?? '';
  if (!isOwnAuthority(host, names, port)) {
    return {
      code: 'forbidden_host',
      message: `Host ${JSON.stringify(host)} is not this server; it answers to ${own.join(', ')} only`,
    };
  }
  const origin = req.headers.origin;
  if (origin === undefined) return undefined;
  const authority = /^http:\/\/([^/]+)$/.exec(origin)?.[1];
  if (authority === undefined || !isOwnAuthority(authority, names, port)) {
    return {
      code: 'forbidden_origin',
      message: `Origin ${JSON.stringify(origin)} is refused; only pages from this server (${own.map((o) => `http://${o}`).join(', ')}) may call it`,
    };
  }
  return undefined;
}

/** Whether `authority` (`name[:port]`, as in Host) names this server on `port`; no port means 80. */
function isOwnAuthority(authority: string, names: ReadonlySet<string>, port: number | undefined): boolean {
  const match = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(authority);
  if (!match?.[1]) return false;
  return names.has(match[1].toLowerCase()) && Number(match[2] ?? 80) === port;
}

/** An address as it is written in a URL: IPv6 in brackets. */
export function hostForUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host;
}

/** Reads the body, refusing it (`null`) as soon as it passes `limit`: a huge body is never buffered whole. */
async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function headersOf(req: IncomingMessage): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}
