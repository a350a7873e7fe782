import { isIP } from 'node:net';
import { parseDuration } from './core/duration';
import { compilePacerSettings, type PacerSettings } from './core/pacer-state';
import { compileRetryPolicy, type RetryPolicy, type RetryPolicyInput } from './core/policy';
import { agentUrlProblem, BAD_PORTS, shownUrl } from './core/resume-call';
import { parseSecret } from './webhook/standard-webhooks';

/** Raised once at start with every bad environment variable named. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;
type Reader<T> = (value: string) => T;

/** Variables whose value is never printed, even when it is wrong: a typo in a secret is still most of it. */
const SECRET_NAME = /(SECRET|TOKEN|PASSWORD)$/;

class Collector {
  readonly problems: string[] = [];
  readonly names = new Set<string>();
  readonly #refused = new Set<string>();
  constructor(private readonly env: Env) {}

  optional<T>(name: string, read: Reader<T>): T | undefined {
    this.names.add(name);
    const raw = this.env[name];
    if (raw === undefined || raw.trim() === '') return undefined;
    try {
      return read(raw.trim());
    } catch (error) {
      this.#refused.add(name);
      this.problems.push(`${shown(name, raw)}: ${(error as Error).message}`);
      return undefined;
    }
  }

  required<T>(name: string, read: Reader<T>): T {
    const value = this.optional(name, read);
    if (value === undefined && !this.#refused.has(name)) this.problems.push(`${name} is required`);
    return value as T;
  }
}

/**
 * `NAME="value"` for a problem; a secret is named without its value, and a URL without its user and password or
 * what follows a `?` or `#` (either may hold a key).
 */
function shown(name: string, raw: string): string {
  if (SECRET_NAME.test(name)) return `${name} (value not shown)`;
  return `${name}=${JSON.stringify(name.endsWith('_URL') ? shownUrl(raw) : raw.replace(/\/\/[^/?#@]*@/, '//'))}`;
}

const duration: Reader<number> = (value) => {
  const ms = parseDuration(value);
  if (ms === null) throw new Error('expected a duration such as 10s, 1m, 1h30m');
  return ms;
};
const durations: Reader<number[]> = (value) => value.split(',').map((part) => duration(part));
/**
 * A resume claim is leased for 30 s (the policy's resumeLeaseMs): a POST that outlasts it could be sent beside
 * the next delivery's. The CDK stack caps `agentTimeout` the same way.
 */
const agentTimeout: Reader<number> = (value) => {
  const ms = duration(value);
  if (ms < 1 || ms > 25_000)
    throw new Error('expected a duration from 1ms to 25s (under the 30 s resume lease)');
  return ms;
};
const number: Reader<number> = (value) => {
  const n = Number(value);
  if (!Number.isFinite(n)) throw new Error('expected a number');
  return n;
};
const integer = (min: number, max: number): Reader<number> => {
  return (value) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max)
      throw new Error(`expected a whole number from ${min} to ${max}`);
    return n;
  };
};
const list: Reader<string[]> = (value) => value.split(',').map((part) => part.trim());
/** `none` is no class (an empty variable is unset, so the default). */
const classList: Reader<string[]> = (value) => (value.trim().toLowerCase() === 'none' ? [] : list(value));
const text: Reader<string> = (value) => value;
const bool: Reader<boolean> = (value) => {
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new Error('expected true or false');
};
const onOff: Reader<boolean> = (value) => {
  if (/^(on|true|yes|1)$/i.test(value)) return true;
  if (/^(off|false|no|0)$/i.test(value)) return false;
  throw new Error('expected on or off');
};
const httpUrl: Reader<string> = (value) => {
  const url = new URL(value);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('expected an http(s) URL');
  return value.replace(/\/+$/, '');
};
const agentUrl: Reader<string> = (value) => {
  const problem = agentUrlProblem(value);
  if (problem) throw new Error(`expected an http(s) URL ${problem}`);
  return httpUrl(value);
};
// A port browsers and fetch refuse (6000, 5060, …) would serve a dashboard no browser opens and a CLI that can't call.
const localPort: Reader<number> = (value) => {
  const port = integer(0, 65535)(value);
  if (BAD_PORTS.includes(port))
    throw new Error('expected a port browsers and fetch allow (not 6000, 5060, 10080, …)');
  return port;
};
const arn: Reader<string> = (value) => {
  if (!/^arn:aws[a-z-]*:[a-z0-9-]+:[a-z0-9-]*:\d{12}:.+$/.test(value)) throw new Error('expected an ARN');
  return value;
};

function readPolicy(c: Collector): RetryPolicy | undefined {
  const input: RetryPolicyInput = {
    delaysMs: c.optional('RESUMER_DELAYS', durations),
    jitter: c.optional('RESUMER_JITTER', number),
    maxWaitMs: c.optional('RESUMER_MAX_WAIT', duration),
    retryClasses: c.optional('RESUMER_RETRY_CLASSES', classList),
    retryAgentExited: c.optional('RESUMER_RETRY_AGENT_EXITED', bool),
    maxResumeTries: c.optional('RESUMER_MAX_RESUME_TRIES', integer(1, 50)),
  };
  try {
    return compileRetryPolicy(input, {
      delaysMs: 'RESUMER_DELAYS',
      jitter: 'RESUMER_JITTER',
      maxWaitMs: 'RESUMER_MAX_WAIT',
      retryClasses: 'RESUMER_RETRY_CLASSES',
      retryAgentExited: 'RESUMER_RETRY_AGENT_EXITED',
      maxResumeTries: 'RESUMER_MAX_RESUME_TRIES',
    });
  } catch (error) {
    const problems = (error as { problems?: string[] }).problems;
    c.problems.push(...(problems ?? [(error as Error).message]));
    return undefined;
  }
}

/**
 * How resumes are paced per upstream after an outage (docs/pacing.md), or `null` with `RESUMER_PACE=off`. Read by
 * the functions that ask the pacer (resume) and report to it (classifier), and by local mode.
 */
function readPacing(c: Collector): PacerSettings | null {
  const on = c.optional('RESUMER_PACE', onOff) ?? true;
  const input = {
    ratePerSecond: c.optional('RESUMER_PACE_RATE', number),
    burst: c.optional('RESUMER_PACE_BURST', number),
    probeAfterFailures: c.optional('RESUMER_PROBE_AFTER', number),
  };
  try {
    const settings = compilePacerSettings(input, {
      ratePerSecond: 'RESUMER_PACE_RATE',
      burst: 'RESUMER_PACE_BURST',
      probeAfterFailures: 'RESUMER_PROBE_AFTER',
    });
    return on ? settings : null;
  } catch (error) {
    const problems = (error as { problems?: string[] }).problems;
    c.problems.push(...(problems ?? [(error as Error).message]));
    return null;
  }
}

/** The agent hub that receives resumes. */
export type AgentConfig = { url: string; timeoutMs: number };

function readAgent(c: Collector): AgentConfig {
  return {
    url: c.required('RESUMER_AGENT_URL', agentUrl),
    timeoutMs: c.optional('RESUMER_AGENT_TIMEOUT', agentTimeout) ?? 10_000,
  };
}

/**
 * Where the AWS resources of the deciding functions are; every name is set by the CDK stack. No event bus: on
 * AWS they publish nothing themselves, the publisher sends each event item the table's stream carries.
 */
export type AwsConfig = {
  tableName: string;
  wakeQueueUrl: string;
  wakeQueueArn: string;
  scheduleGroup: string;
  schedulerRoleArn: string;
  /** The schedules' dead-letter queue: where Scheduler puts a wake-up it could not send to the wake queue. */
  scheduleDeadLetterArn: string;
};

function readAws(c: Collector): AwsConfig {
  return {
    tableName: c.required('RESUMER_TABLE_NAME', text),
    wakeQueueUrl: c.required('RESUMER_WAKE_QUEUE_URL', httpUrl),
    wakeQueueArn: c.required('RESUMER_WAKE_QUEUE_ARN', arn),
    scheduleGroup: c.required('RESUMER_SCHEDULE_GROUP', text),
    schedulerRoleArn: c.required('RESUMER_SCHEDULER_ROLE_ARN', arn),
    scheduleDeadLetterArn: c.required('RESUMER_SCHEDULE_DLQ_ARN', arn),
  };
}

/** What each deployable reads; the CDK stack sets exactly these names. */
export type ConfigByRole = {
  ingest: { turnEventsQueueUrl: string; webhookSecretArn: string };
  classifier: { policy: RetryPolicy; aws: AwsConfig; pacing: PacerSettings | null };
  resume: {
    policy: RetryPolicy;
    aws: AwsConfig;
    pacing: PacerSettings | null;
    agent: AgentConfig;
    agentSecretArn: string;
  };
  api: { policy: RetryPolicy; aws: AwsConfig; apiTokenSecretArn: string };
  /** The stream publisher: the table's event items to `session_changed` on the resumer's bus. */
  publisher: { eventBusName: string };
  local: {
    policy: RetryPolicy;
    pacing: PacerSettings | null;
    port: number;
    host: string;
    dataDir: string;
    agentUrl: string | undefined;
    agentTimeoutMs: number;
    webhookSecret: string | undefined;
    agentSecret: string | undefined;
    /** Turn events queued and not yet classified past which webhooks are answered 503. */
    maxQueuedEvents: number;
  };
};
export type Role = keyof ConfigByRole;

const READERS: { [R in Role]: (c: Collector) => ConfigByRole[R] } = {
  ingest: (c) => ({
    turnEventsQueueUrl: c.required('RESUMER_TURN_EVENTS_QUEUE_URL', httpUrl),
    webhookSecretArn: c.required('RESUMER_WEBHOOK_SECRET_ARN', arn),
  }),
  classifier: (c) => ({ policy: readPolicy(c) as RetryPolicy, aws: readAws(c), pacing: readPacing(c) }),
  resume: (c) => ({
    policy: readPolicy(c) as RetryPolicy,
    aws: readAws(c),
    pacing: readPacing(c),
    agent: readAgent(c),
    agentSecretArn: c.required('RESUMER_AGENT_SECRET_ARN', arn),
  }),
  api: (c) => ({
    policy: readPolicy(c) as RetryPolicy,
    aws: readAws(c),
    apiTokenSecretArn: c.required('RESUMER_API_TOKEN_SECRET_ARN', arn),
  }),
  publisher: (c) => ({ eventBusName: c.required('RESUMER_EVENT_BUS_NAME', text) }),
  local: (c) => ({
    policy: readPolicy(c) as RetryPolicy,
    pacing: readPacing(c),
    port: c.optional('RESUMER_PORT', localPort) ?? 8787,
    host: c.optional('RESUMER_HOST', address) ?? '127.0.0.1',
    dataDir: c.optional('RESUMER_DATA_DIR', text) ?? '.resumer',
    agentUrl: c.optional('RESUMER_AGENT_URL', agentUrl),
    agentTimeoutMs: c.optional('RESUMER_AGENT_TIMEOUT', agentTimeout) ?? 10_000,
    webhookSecret: c.optional('RESUMER_WEBHOOK_SECRET', whsec),
    agentSecret: c.optional('RESUMER_AGENT_SECRET', whsec),
    maxQueuedEvents: c.optional('RESUMER_MAX_QUEUED_EVENTS', integer(1, 1_000_000)) ?? 10_000,
  }),
};

/** Checked with the parser the webhook code uses, so a secret it would refuse stops the start, not each webhook. */
function whsec(value: string): string {
  const problem =
    'expected whsec_ followed by a base64 key of at least 12 bytes (whsec_$(openssl rand -base64 32))';
  let key: Uint8Array;
  try {
    key = parseSecret(value);
  } catch {
    throw new Error(problem);
  }
  if (key.length < 12) throw new Error(problem);
  return value;
}

/** An address to bind: a name other than localhost would be looked up, and might not be this machine's. */
function address(value: string): string {
  if (value.toLowerCase() === 'localhost') return 'localhost';
  if (isIP(value) === 0) throw new Error('expected an IP address (such as 127.0.0.1 or ::1) or localhost');
  return value;
}

/** Reads and validates the configuration of `role` from `env`; throws one `ConfigError` naming every problem. */
export function readConfig<R extends Role>(role: R, env: Env): ConfigByRole[R] {
  const collector = new Collector(env);
  const config = READERS[role](collector);
  if (collector.problems.length > 0) throw new ConfigError(collector.problems);
  return config;
}

/** The environment variable names `role` reads (required and optional). */
export function envNamesFor(role: Role): string[] {
  const collector = new Collector({});
  READERS[role](collector);
  return [...collector.names].sort();
}
