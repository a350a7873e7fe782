import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import { parseDuration } from '../shared/core/duration';
import type { CapacityRange, TableCapacityProps } from './resumer-table';
import type { TurnResumerStackProps } from './turn-resumer-stack';

/** The CDK context keys the app reads (`npx cdk deploy -c agentUrl=https://hub.example.com -c jitter=0.1`). */
export const ContextKey = {
  agentUrl: 'agentUrl',
  agentTimeout: 'agentTimeout',
  delays: 'delays',
  jitter: 'jitter',
  maxWait: 'maxWait',
  retryClasses: 'retryClasses',
  retryAgentExited: 'retryAgentExited',
  maxResumeTries: 'maxResumeTries',
  alarmEmail: 'alarmEmail',
  logRetentionDays: 'logRetentionDays',
  removalPolicy: 'removalPolicy',
  deletionProtection: 'deletionProtection',
  exhaustedPerHour: 'exhaustedPerHour',
  resumeMaxConcurrency: 'resumeMaxConcurrency',
  pace: 'pace',
  paceRate: 'paceRate',
  paceBurst: 'paceBurst',
  probeAfter: 'probeAfter',
  tableCapacity: 'tableCapacity',
  tableWriteUnits: 'tableWriteUnits',
  tableReadUnits: 'tableReadUnits',
  tableTargetUtilization: 'tableTargetUtilization',
} as const;
export type ContextKey = (typeof ContextKey)[keyof typeof ContextKey];

/** Raised once with every bad context value named by its key. */
export class ContextError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid CDK context:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ContextError';
  }
}

/** The construct prop each context key sets, as `TurnResumer`'s messages name it. */
const PROP_OF_KEY: Partial<Record<ContextKey, string>> = {
  agentUrl: 'agentUrl',
  agentTimeout: 'agentTimeout',
  delays: 'retryPolicy.delays',
  jitter: 'retryPolicy.jitter',
  maxWait: 'retryPolicy.maxWait',
  retryClasses: 'retryPolicy.retryClasses',
  retryAgentExited: 'retryPolicy.retryAgentExited',
  maxResumeTries: 'retryPolicy.maxResumeTries',
  resumeMaxConcurrency: 'resumeMaxConcurrency',
  paceRate: 'pacing.ratePerSecond',
  paceBurst: 'pacing.burst',
  probeAfter: 'pacing.probeAfterFailures',
  tableWriteUnits: 'tableCapacity.writeUnits',
  tableReadUnits: 'tableCapacity.readUnits',
  tableTargetUtilization: 'tableCapacity.targetUtilizationPercent',
};

/**
 * A problem the construct found with a prop (a value that reads but is out of range: `-c maxResumeTries=99`),
 * named by the context key that set it: `-c maxResumeTries: retryPolicy.maxResumeTries must be … got 99`. A
 * problem between two props (`retryPolicy.delays holds a wait … beyond retryPolicy.maxWait`) is named by the keys
 * of `setKeys` among them, or else by the prop it starts with.
 */
export function contextProblem(problem: string, setKeys: ReadonlySet<string> = new Set()): string {
  const named = Object.entries(PROP_OF_KEY).filter(([, prop]) => prop && mentions(problem, prop));
  const set = named.filter(([key]) => setKeys.has(key)).map(([key]) => key);
  const first = named
    .filter(([, prop]) => prop && problem.startsWith(prop))
    .sort((a, b) => (b[1]?.length ?? 0) - (a[1]?.length ?? 0))[0]?.[0];
  const keys = set.length > 0 ? set : first ? [first] : [];
  return keys.length > 0 ? `${keys.map((key) => `-c ${key}`).join(', ')}: ${problem}` : problem;
}

/** Whether `problem` names `prop` as a whole (`retryPolicy.delays`, not inside `retryPolicy.delaysMs`). */
function mentions(problem: string, prop: string): boolean {
  let at = problem.indexOf(prop);
  while (at >= 0) {
    const after = problem.charCodeAt(at + prop.length);
    if (Number.isNaN(after) || !/[A-Za-z0-9]/.test(String.fromCharCode(after))) return true;
    at = problem.indexOf(prop, at + 1);
  }
  return false;
}

type Lookup = (key: string) => unknown;

const REMOVAL_POLICIES: Record<string, RemovalPolicy> = {
  retain: RemovalPolicy.RETAIN,
  destroy: RemovalPolicy.DESTROY,
  snapshot: RemovalPolicy.SNAPSHOT,
};

/**
 * Reads the stack's settings from CDK context (`-c key=value` arrives as a string, cdk.json may hold typed
 * values). An absent key keeps the construct default; `agentUrl` may be absent (see `TurnResumerStack`).
 */
export function stackPropsFromContext(lookup: Lookup): TurnResumerStackProps {
  const problems: string[] = [];
  const read = <T>(key: ContextKey, parse: (value: string) => T, expected: string): T | undefined => {
    const raw = lookup(key);
    if (raw === undefined || raw === null || String(raw).trim() === '') return undefined;
    const text = Array.isArray(raw) ? raw.join(',') : String(raw).trim();
    try {
      return parse(text);
    } catch {
      problems.push(`-c ${key}=${JSON.stringify(text)}: expected ${expected}`);
      return undefined;
    }
  };
  const props: TurnResumerStackProps = {
    agentUrl: read(ContextKey.agentUrl, httpUrl, 'an http(s) URL such as https://hub.example.com'),
    agentTimeout: read(ContextKey.agentTimeout, duration, 'a duration such as 10s'),
    retryPolicy: {
      delays: read(ContextKey.delays, (v) => v.split(',').map(duration), 'durations such as 10s,1m,5m,20m'),
      jitter: read(ContextKey.jitter, number, 'a number from 0 to 1'),
      maxWait: read(ContextKey.maxWait, duration, 'a duration such as 60m'),
      retryClasses: read(
        ContextKey.retryClasses,
        (v) => (v.toLowerCase() === 'none' ? [] : v.split(',').map((s) => s.trim())),
        'a list, or none',
      ),
      retryAgentExited: read(ContextKey.retryAgentExited, onOff, 'true or false (or on, off)'),
      maxResumeTries: read(ContextKey.maxResumeTries, integer, 'a whole number'),
    },
    alarmEmail: read(ContextKey.alarmEmail, email, 'an e-mail address'),
    logRetention: read(
      ContextKey.logRetentionDays,
      retentionDays,
      'a CloudWatch Logs retention such as 30 or 365',
    ),
    removalPolicy: read(ContextKey.removalPolicy, removalPolicy, 'retain, destroy or snapshot'),
    deletionProtection: read(ContextKey.deletionProtection, onOff, 'true or false (or on, off)'),
    exhaustedPerHourThreshold: read(ContextKey.exhaustedPerHour, integer, 'a whole number'),
    resumeMaxConcurrency: read(ContextKey.resumeMaxConcurrency, integer, 'a whole number from 2 to 1000'),
    pacing: {
      enabled: read(ContextKey.pace, onOff, 'on or off'),
      ratePerSecond: read(ContextKey.paceRate, number, 'resumes per second per upstream, such as 10'),
      burst: read(ContextKey.paceBurst, integer, 'a whole number'),
      probeAfterFailures: read(ContextKey.probeAfter, integer, 'a whole number'),
    },
    tableCapacity: tableCapacityFromContext(read, problems),
  };
  if (problems.length > 0) throw new ContextError(problems);
  return props;
}

type Read = <T>(key: ContextKey, parse: (value: string) => T, expected: string) => T | undefined;

/** `-c tableCapacity=provisioned -c tableWriteUnits=5-1000 -c tableReadUnits=5-500 -c tableTargetUtilization=70`. */
function tableCapacityFromContext(read: Read, problems: string[]): TableCapacityProps | undefined {
  const mode = read(ContextKey.tableCapacity, capacityMode, 'on-demand or provisioned');
  const writeUnits = read(ContextKey.tableWriteUnits, unitRange, 'a range of units such as 5-1000');
  const readUnits = read(ContextKey.tableReadUnits, unitRange, 'a range of units such as 5-500');
  const targetUtilizationPercent = read(
    ContextKey.tableTargetUtilization,
    number,
    'a percentage from 20 to 90',
  );
  if (mode === 'provisioned') {
    return {
      mode,
      ...(writeUnits ? { writeUnits } : {}),
      ...(readUnits ? { readUnits } : {}),
      ...(targetUtilizationPercent !== undefined ? { targetUtilizationPercent } : {}),
    };
  }
  const unitKeys = [
    [ContextKey.tableWriteUnits, writeUnits],
    [ContextKey.tableReadUnits, readUnits],
    [ContextKey.tableTargetUtilization, targetUtilizationPercent],
  ] as const;
  for (const [key, value] of unitKeys) {
    if (value !== undefined) problems.push(`-c ${key} applies only with -c tableCapacity=provisioned`);
  }
  return mode === undefined ? undefined : { mode };
}

function fail(): never {
  throw new Error('invalid');
}
function httpUrl(value: string): string {
  const url = new URL(value);
  return url.protocol === 'https:' || url.protocol === 'http:' ? value.replace(/\/+$/, '') : fail();
}
function duration(value: string): Duration {
  const ms = parseDuration(value);
  return ms === null ? fail() : Duration.millis(ms);
}
function number(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : fail();
}
function integer(value: string): number {
  const n = Number(value);
  return Number.isInteger(n) ? n : fail();
}
function onOff(value: string): boolean {
  if (/^(on|true|yes|1)$/i.test(value)) return true;
  return /^(off|false|no|0)$/i.test(value) ? false : fail();
}
function email(value: string): string {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value) ? value : fail();
}
function retentionDays(value: string): logs.RetentionDays {
  const days = Number(value);
  return (Object.values(logs.RetentionDays) as number[]).includes(days)
    ? (days as logs.RetentionDays)
    : fail();
}
function capacityMode(value: string): TableCapacityProps['mode'] {
  if (/^on-?demand$/i.test(value)) return 'onDemand';
  return /^provisioned$/i.test(value) ? 'provisioned' : fail();
}
function unitRange(value: string): CapacityRange {
  const match = /^(\d+)\s*-\s*(\d+)$/.exec(value);
  return match ? { min: Number(match[1]), max: Number(match[2]) } : fail();
}
function removalPolicy(value: string): RemovalPolicy {
  return REMOVAL_POLICIES[value.toLowerCase()] ?? fail();
}
