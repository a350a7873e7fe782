import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, type IncomingMessage, request, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signedHeaders } from '../shared/webhook/standard-webhooks';
import { ROOT } from './lambda-build';
import { percentile, round } from './stats';

const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 0x2a).toString('base64')}`;
const AGENT_SECRET = `whsec_${Buffer.alloc(32, 0x17).toString('base64')}`;
const FAILURE = 'API Error: 503 no non-exhausted claude accounts available';

/** What the bench saw of one session: when its webhook went out, was accepted, armed, and reached the agent. */
type Trace = {
  sent: number;
  accepted?: number;
  armed?: number;
  nextAt?: number;
  resumed?: number;
  status?: number;
};

/** Epoch milliseconds with sub-millisecond precision, comparable with the server's `nextAt`. */
const clock = (() => {
  const origin = Date.now() - performance.now();
  return () => origin + performance.now();
})();

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** An agent on 127.0.0.1 that notes when each session's resume arrives and answers 200. */
async function startAgent(onResume: (sessionId: string) => void): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    const sessionId = /^\/sessions\/([^/]+)\/prompts$/.exec(req.url ?? '')?.[1];
    if (sessionId) onResume(decodeURIComponent(sessionId));
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Follows `GET /events` and hands every `session_changed` to `onChange`, stamped with its arrival. */
async function followEvents(url: string, onChange: (change: SessionChange, at: number) => void) {
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    request(`${url}/events`, { headers: { accept: 'text/event-stream' } }, resolve)
      .on('error', reject)
      .end();
  });
  let buffer = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    const at = clock();
    buffer += chunk;
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (frame.startsWith('event: session_changed\n')) {
        const data = frame.slice(frame.indexOf('\ndata: ') + 7);
        onChange(JSON.parse(data) as SessionChange, at);
      }
      end = buffer.indexOf('\n\n');
    }
  });
  return () => res.destroy();
}

type SessionChange = { sessionId: string; retry: { nextAt: number } | null; event: { kind: string } };

/** POSTs a signed webhook over a keep-alive connection; resolves with the status. */
function postWebhook(agent: Agent, url: string, body: string, id: string): Promise<number> {
  const headers = signedHeaders({
    id,
    timestamp: Math.floor(Date.now() / 1000),
    body,
    secret: WEBHOOK_SECRET,
  });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/webhooks/agent`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...headers,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function until(what: string, done: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return what.length > 0;
}

export type PipelineBenchOptions = {
  /** Concurrent senders per level. @default [1, 10, 100] */
  levels?: readonly number[];
  /** Open-loop levels: webhooks sent at this rate whatever the answers. @default [500] */
  paced?: readonly number[];
  /** Webhooks per level. @default 2000 */
  webhooks?: number;
  /** RESUMER_DELAYS of the server. @default '1s,2s,3s,4s' */
  delays?: string;
  /** Give up on a level's rows or resumes after this long. @default 60000 */
  timeoutMs?: number;
  /** Node flags for the server, e.g. `['--cpu-prof', '--cpu-prof-dir=…']` to profile it. */
  serverNodeArgs?: readonly string[];
};

/**
 * The embedded local mode as `npm start` runs it (a child process, data in a temp folder) with an agent stub:
 * signed `turn.failed` webhooks over HTTP from 1, 10 and 100 concurrent senders, each on its own session. A
 * webhook is carried through when its `auto_resume_scheduled` arrives on `/events` (the row is on disk and the
 * wake-up armed); it is resumed when the agent receives its POST.
 */
export async function benchPipeline(options: PipelineBenchOptions = {}) {
  const levels = options.levels ?? [1, 10, 100];
  const paced = options.paced ?? [500];
  const count = options.webhooks ?? 2000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const dir = mkdtempSync(join(tmpdir(), 'resumer-bench-pipeline-'));
  const traces = new Map<string, Trace>();
  const agentStub = await startAgent((sessionId) => {
    const trace = traces.get(sessionId);
    if (trace && trace.resumed === undefined) trace.resumed = clock();
  });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const logFile = join(dir, 'server.log');
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.serverNodeArgs ?? []), join(ROOT, 'bin', 'resumer.mjs'), 'start'],
    {
      cwd: ROOT,
      env: {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('RESUMER_'))),
        RESUMER_PORT: String(port),
        RESUMER_DATA_DIR: join(dir, 'data'),
        RESUMER_DELAYS: options.delays ?? '1s,2s,3s,4s',
        RESUMER_AGENT_URL: agentStub.url,
        RESUMER_WEBHOOK_SECRET: WEBHOOK_SECRET,
        RESUMER_AGENT_SECRET: AGENT_SECRET,
        // Thousands of failures on one upstream within a minute are an outage to the pacer (docs/pacing.md):
        // one probe, the rest held. This measures the pipeline itself, so pacing is off.
        RESUMER_PACE: 'off',
      },
      stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
    },
  );
  const exited = once(child, 'exit');
  let stopEvents = () => {};
  try {
    const startedAt = Date.now();
    const healthy = async () => {
      try {
        const res = await fetch(`${url}/healthz`);
        return res.ok;
      } catch {
        return false;
      }
    };
    while (!(await healthy())) {
      if (child.exitCode !== null || Date.now() - startedAt > 30_000)
        throw new Error(`the local server did not start:\n${readFileSync(logFile, 'utf8').slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const startupMs = Date.now() - startedAt;
    stopEvents = await followEvents(url, (change, at) => {
      const trace = traces.get(change.sessionId);
      if (!trace) return;
      if (change.event.kind === 'auto_resume_scheduled' && trace.armed === undefined) {
        trace.armed = at;
        trace.nextAt = change.retry?.nextAt;
      }
    });
    const runLevel = async (label: string, load: { senders: number } | { perSecond: number }) => {
      const mine: Trace[] = [];
      // Bodies are written when sent: the retry's nextAt counts from the failure's occurredAt.
      const bodies = Array.from({ length: count }, (_, k) => ({
        sessionId: `bench-${label}-${k}-${process.pid}`,
        k,
      }));
      const bodyOf = ({ sessionId, k }: { sessionId: string; k: number }) =>
        JSON.stringify({
          type: 'turn.failed',
          sessionId,
          turnId: 't-1',
          promptId: 'p-1',
          agentSessionId: `a-${k}`,
          occurredAt: new Date().toISOString(),
          error: { message: FAILURE, status: 503 },
        });
      const agent = new Agent({ keepAlive: true, maxSockets: 'senders' in load ? load.senders : 100 });
      let refused = 0;
      const send = async (item: { sessionId: string; k: number }) => {
        const body = bodyOf(item);
        const trace: Trace = { sent: clock() };
        traces.set(item.sessionId, trace);
        mine.push(trace);
        trace.status = await postWebhook(agent, url, body, `msg_${item.sessionId}`);
        trace.accepted = clock();
        if (trace.status !== 202) refused++;
      };
      const firstSent = clock();
      if ('senders' in load) {
        // Closed loop: each sender posts its next webhook as soon as the last one is answered.
        let next = 0;
        await Promise.all(
          Array.from({ length: load.senders }, async () => {
            for (let item = bodies[next++]; item; item = bodies[next++]) await send(item);
          }),
        );
      } else {
        // Open loop: one webhook every 1/perSecond s, whatever the answers do.
        const inFlight: Array<Promise<void>> = [];
        for (let k = 0; k < bodies.length; k++) {
          const due = firstSent + (k * 1000) / load.perSecond;
          const wait = due - clock();
          if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
          const item = bodies[k];
          if (item) inFlight.push(send(item));
        }
        await Promise.all(inFlight);
      }
      const allAccepted = clock();
      const armedAll = await until('rows', () => mine.every((t) => t.armed !== undefined), timeoutMs);
      const armedTimes = mine.flatMap((t) => (t.armed === undefined ? [] : [t.armed]));
      const resumedAll = await until('resumes', () => mine.every((t) => t.resumed !== undefined), timeoutMs);
      const resumedTimes = mine.flatMap((t) => (t.resumed === undefined ? [] : [t.resumed]));
      agent.destroy();
      const ms = (values: number[]) => ({
        p50: round(percentile(values, 0.5), 1),
        p99: round(percentile(values, 0.99), 1),
        max: round(Math.max(...values), 1),
      });
      const perSecond = (n: number, from: number, to: number) => round(n / ((to - from) / 1000), 0);
      return {
        load: 'senders' in load ? `${load.senders} concurrent senders` : `${load.perSecond} webhooks/s`,
        webhooks: count,
        refused,
        accepted202PerSecond: perSecond(count, firstSent, allAccepted),
        carriedThroughPerSecond: perSecond(armedTimes.length, firstSent, Math.max(...armedTimes)),
        resumedPerSecond: perSecond(
          resumedTimes.length,
          Math.min(...resumedTimes),
          Math.max(...resumedTimes),
        ),
        allArmed: armedAll,
        allResumed: resumedAll,
        webhookTo202Ms: ms(mine.flatMap((t) => (t.accepted === undefined ? [] : [t.accepted - t.sent]))),
        webhookToRowMs: ms(mine.flatMap((t) => (t.armed === undefined ? [] : [t.armed - t.sent]))),
        wakeLatenessMs: ms(
          mine.flatMap((t) =>
            t.resumed === undefined || t.nextAt === undefined ? [] : [t.resumed - t.nextAt],
          ),
        ),
      };
    };
    const bySenders: Record<string, unknown> = {};
    for (const senders of levels) bySenders[`${senders}`] = await runLevel(`c${senders}`, { senders });
    const byRate: Record<string, unknown> = {};
    for (const perSecond of paced) byRate[`${perSecond}`] = await runLevel(`r${perSecond}`, { perSecond });
    return {
      method: `npm start's server as a child process (data in a temp folder, RESUMER_DELAYS ${options.delays ?? '1s,2s,3s,4s'}), an agent stub and the senders in this process, all on 127.0.0.1; ${count} signed turn.failed webhooks per level, one session each. Row = auto_resume_scheduled heard on /events; lateness = resume POST at the agent − nextAt`,
      serverStartupMs: startupMs,
      bySenders,
      byRate,
    };
  } finally {
    stopEvents();
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    agentStub.server.closeAllConnections();
    agentStub.server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
