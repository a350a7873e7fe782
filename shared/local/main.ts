import { parseArgs } from 'node:util';
import type { CliIo } from '../cli/io';
import { println } from '../cli/io';
import { type ConfigByRole, readConfig } from '../config';
import { formatDuration } from '../core/duration';
import type { Clock, Log } from '../ports';
import { consoleLog } from './console-log';
import { DataDirBusyError, DataFile, ensureDataDir, type ResolvedSecret, resolveSecret } from './data-dir';
import { DEMO_DELAYS, type DemoAgent, type PostEvent, runDemo, startDemoAgent } from './demo';
import { ListenError, type LocalResumer, startLocalResumer } from './local-resumer';
import { postSignedWebhook } from './webhook-client';

type Env = Readonly<Record<string, string | undefined>>;

/** What ends the run: by default the first SIGINT or SIGTERM. */
export type RunOptions = { until?: Promise<unknown> };

/**
 * `resumer start [--demo]`: reads and checks the configuration, starts the embedded resumer, prints where it is,
 * and runs until SIGINT or SIGTERM, then shuts down gracefully.
 */
export async function runLocalMode(io: CliIo, args: string[], options: RunOptions = {}): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { demo: { type: 'boolean', default: false } },
    strict: true,
  });
  const demo = values.demo === true;
  const env: Env = demo ? demoEnv(io.env) : io.env;
  const config = readConfig('local', env);
  const clock: Clock = { now: () => Date.now() };
  const log = consoleLog(io.stderr, clock);
  const warn = (lines: string[]) => println(io.stderr, lines.map((line) => `WARNING: ${line}`).join('\n'));
  if (!isLoopback(config.host)) {
    warn([
      `RESUMER_HOST=${config.host} is not a loopback address.`,
      'The read and control API has no authentication in local mode: anyone who can reach this port can list',
      'sessions and stop retries. Bind to 127.0.0.1 unless this network is yours alone.',
    ]);
  }
  const started = await start(config, demo, clock, log);
  if (started.kind === 'refused') {
    println(io.stderr, `resumer start: ${started.problem}`);
    // The secret was generated and kept before the start failed; the next start calls it kept and won't print it,
    // so this is its one print, as the banner of a start that worked would have been.
    const secret = started.webhookSecret;
    if (secret?.source === 'generated')
      println(io.stdout, `webhook secret  ${describeSecret(secret, 'RESUMER_WEBHOOK_SECRET')}`);
    return 2;
  }
  const { app, demoAgent, agentUrl, webhookSecret, agentSecret, post } = started;

  const { policy } = config;
  println(
    io.stdout,
    [
      `turn resumer — embedded local mode${demo ? ' (demo)' : ''}`,
      `  url             ${app.url}`,
      `  dashboard       ${app.url}/`,
      `  webhooks        POST ${app.url}/webhooks/agent`,
      `  webhook secret  ${describeSecret(webhookSecret, 'RESUMER_WEBHOOK_SECRET')}`,
      `  agent           ${agentUrl ? `${agentUrl}${demo ? ' (the built-in demo agent)' : ''}` : '(none: RESUMER_AGENT_URL is not set)'}`,
      `  agent secret    ${agentSecret.source === 'env' ? 'from RESUMER_AGENT_SECRET' : `kept in ${agentSecret.path}`}`,
      `  data            ${config.dataDir}/ (${count(app.store.sessionIds().length, 'session')}, ${count(app.rearmed, 'retry', 'retries')} re-armed, ${count(app.replayed, 'message')} replayed)`,
      `  policy          delays ${policy.delaysMs.map(formatDuration).join(', ')}; jitter ${policy.jitter}; max wait ${formatDuration(policy.maxWaitMs)}`,
      ...(demo
        ? [
            // The CLI posts to 127.0.0.1:8787 unless told: a demo elsewhere (its port was taken) names its URL.
            `  send your own   RESUMER_DATA_DIR=${config.dataDir} npx resumer send${app.url === DEFAULT_CLI_URL ? '' : ` --url ${app.url}`} --session mine --error "503 overloaded"`,
          ]
        : []),
      'Ctrl-C stops it; waiting retries are re-armed at the next start.',
    ].join('\n'),
  );
  if (!agentUrl) {
    warn([
      'RESUMER_AGENT_URL is not set: retries are scheduled and shown, but no resume can be sent.',
      `A due attempt is tried ${policy.maxResumeTries} times (RESUMER_MAX_RESUME_TRIES), then recorded as auto_resume_failed.`,
    ]);
  }
  if (demo) {
    runDemo({ post, clock, say: (line) => println(io.stdout, line) }).catch((error: unknown) =>
      log.error('demo: could not post its events', { error: String(error) }),
    );
  }

  const failure = await Promise.race([(options.until ?? untilSignal()).then(() => undefined), app.failed]);
  if (failure) {
    println(
      io.stderr,
      `resumer: ${failure.message}. Stopping: start it again once that is fixed; nothing accepted is lost (what was unfinished is replayed from the journals).`,
    );
  }
  println(io.stdout, 'stopping: finishing work in progress…');
  await app.close();
  await demoAgent?.close();
  println(io.stdout, 'stopped');
  return failure ? 1 : 0;
}

/** A start that can't go on for a reason the user can fix: the problem in words, and the secret if resolved. */
type Refused = { kind: 'refused'; problem: string; webhookSecret?: ResolvedSecret };

/** A running resumer and what the banner, the demo and the shutdown need. */
type Started = {
  kind: 'started';
  app: LocalResumer;
  demoAgent: DemoAgent | undefined;
  agentUrl: string | undefined;
  webhookSecret: ResolvedSecret;
  agentSecret: ResolvedSecret;
  post: PostEvent;
};

/**
 * The data folder, its secrets, the demo agent and the resumer. A taken port or address, or a busy or unusable
 * data folder, is `refused`; anything else is a fault and keeps its stack.
 */
async function start(
  config: ConfigByRole['local'],
  demo: boolean,
  clock: Clock,
  log: Log,
): Promise<Started | Refused> {
  const secrets = await secretsIn(config);
  if (secrets.kind === 'refused') return secrets;
  const { webhook, agent } = secrets;
  const target = { url: '' };
  const post: PostEvent = async (body) => {
    const answer = await postSignedWebhook({
      url: `${target.url}/webhooks/agent`,
      secret: webhook.secret,
      body: JSON.stringify(body),
      nowSeconds: Math.floor(clock.now() / 1000),
    });
    if (answer.status !== 202)
      throw new Error(`webhook answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  };
  const demoAgent = demo ? await startDemoAgent({ secret: agent.secret, post, clock, log }) : undefined;
  const agentUrl = demoAgent?.url ?? config.agentUrl;
  try {
    const app = await startLocalResumer({
      config: { ...config, agentUrl },
      webhookSecret: webhook.secret,
      agentSecret: agent.secret,
      log,
    });
    target.url = app.url;
    return {
      kind: 'started',
      app,
      demoAgent,
      agentUrl,
      webhookSecret: webhook,
      agentSecret: agent,
      post,
    };
  } catch (error) {
    await demoAgent?.close();
    if (!(error instanceof ListenError || error instanceof DataDirBusyError)) throw error;
    return { kind: 'refused', problem: error.message, webhookSecret: webhook };
  }
}

/** The data folder and the two secrets; a folder that can't be made, read or written is `refused`. */
async function secretsIn(
  config: ConfigByRole['local'],
): Promise<{ kind: 'resolved'; webhook: ResolvedSecret; agent: ResolvedSecret } | Refused> {
  const dir = config.dataDir;
  let webhook: ResolvedSecret | undefined;
  try {
    await ensureDataDir(dir);
    webhook = await resolveSecret(dir, DataFile.webhookSecret, config.webhookSecret);
    const agent = await resolveSecret(dir, DataFile.agentSecret, config.agentSecret);
    return { kind: 'resolved', webhook, agent };
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    // Without a code it is data-dir's own message, which already names the file and what to do.
    const problem =
      code === undefined ? message : `RESUMER_DATA_DIR=${dir}: cannot use the folder: ${message}`;
    return { kind: 'refused', problem, ...(webhook ? { webhookSecret: webhook } : {}) };
  }
}

/** The demo's environment: short delays and its own data folder unless they are set. */
function demoEnv(env: Env): Env {
  return {
    ...env,
    RESUMER_DELAYS: env.RESUMER_DELAYS ?? DEMO_DELAYS,
    RESUMER_DATA_DIR: env.RESUMER_DATA_DIR ?? '.resumer/demo',
  };
}

function describeSecret(secret: ResolvedSecret, envName: string): string {
  if (secret.source === 'env') return `from ${envName}`;
  if (secret.source === 'generated') return `${secret.secret}  (new; kept in ${secret.path})`;
  return `kept in ${secret.path}`;
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

/** Resolves on the first SIGINT or SIGTERM; a second one ends the process at once. */
function untilSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const first = (signal: NodeJS.Signals) => {
      process.off('SIGINT', first);
      process.off('SIGTERM', first);
      const force = () => process.exit(130);
      process.once('SIGINT', force);
      process.once('SIGTERM', force);
      resolve(signal);
    };
    process.on('SIGINT', first);
    process.on('SIGTERM', first);
  });
}

const DEFAULT_CLI_URL = 'http://127.0.0.1:8787';

/** `1 session`, `2 sessions`. */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
