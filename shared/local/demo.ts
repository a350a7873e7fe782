import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock, Log } from '../ports';
import { verify } from '../webhook/standard-webhooks';

/** Sends a turn event (a webhook body) to the resumer; the demo's one way in. */
export type PostEvent = (body: Record<string, unknown>) => Promise<void>;

/** The demo's delays when RESUMER_DELAYS is not set: the first retry fires within ten seconds. */
export const DEMO_DELAYS = '8s,20s,40s,1m';

/** A real capacity error of the Anthropic API, as Claude Code reports it. */
export const DEMO_CAPACITY_ERROR =
  'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}';
/** A real sign-in error: never retried. */
export const DEMO_AUTH_ERROR =
  'API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}';

/** A stand-in agent: takes signed resumes, then reports the resumed turn as started and completed. */
export type DemoAgent = { url: string; resumes: number; close(): Promise<void> };

/** Starts the demo agent on 127.0.0.1 and a free port; `post` carries its turn events back to the resumer. */
export async function startDemoAgent(options: {
  secret: string;
  post: PostEvent;
  clock: Clock;
  log: Log;
}): Promise<DemoAgent> {
  const { secret, post, clock, log } = options;
  const state = { resumes: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const signed = verify({ headers, body: raw, secret, nowSeconds: Math.floor(clock.now() / 1000) });
      const match = /^\/sessions\/([^/]+)\/prompts$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !match || !signed.ok) {
        res.writeHead(signed.ok ? 404 : 401).end();
        return;
      }
      state.resumes++;
      const call = JSON.parse(raw.toString('utf8')) as {
        sessionId: string;
        turnId: string;
        promptId: string;
      };
      log.info('demo agent: resume received, continuing the turn', {
        sessionId: call.sessionId,
        promptId: call.promptId,
      });
      res.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
      const turn = { sessionId: call.sessionId, turnId: call.turnId, promptId: call.promptId };
      const report = async () => {
        await post({ type: 'turn.started', ...turn, occurredAt: iso(clock) });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await post({ type: 'turn.completed', ...turn, occurredAt: iso(clock) });
      };
      report().catch((error: unknown) => log.warn('demo agent: could not report', { error: String(error) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get resumes() {
      return state.resumes;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Plays the demo's two sessions: a capacity failure that is resumed, and a sign-in failure that is not. */
export async function runDemo(options: { post: PostEvent; clock: Clock; say: (line: string) => void }) {
  const { post, clock, say } = options;
  const stamp = clock.now().toString(36);
  const capacity = { sessionId: `demo-capacity-${stamp}`, turnId: 't-1', promptId: 'p-demo' };
  const auth = { sessionId: `demo-auth-${stamp}`, turnId: 't-1', promptId: 'p-demo' };
  await post({ type: 'turn.started', ...capacity, occurredAt: iso(clock) });
  await post({
    type: 'turn.failed',
    ...capacity,
    occurredAt: iso(clock),
    error: { message: DEMO_CAPACITY_ERROR, status: 529, type: 'overloaded_error' },
  });
  say(
    `demo: ${capacity.sessionId} failed on "529 overloaded": a retry is scheduled; watch it count down and fire`,
  );
  await post({ type: 'turn.started', ...auth, occurredAt: iso(clock) });
  await post({
    type: 'turn.failed',
    ...auth,
    occurredAt: iso(clock),
    error: { message: DEMO_AUTH_ERROR, status: 401, type: 'authentication_error' },
  });
  say(
    `demo: ${auth.sessionId} failed on "401 authentication_error": not retried (a sign-in problem won't pass)`,
  );
}

function iso(clock: Clock): string {
  return new Date(clock.now()).toISOString();
}
