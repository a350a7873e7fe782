import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { dynamoItemBytes, writeUnits } from '../shared/adapters/aws/dynamo-item-size';
import { eventItem, rowItem } from '../shared/adapters/aws/dynamo-retry-store';
import { MemoryRetryStore } from '../shared/adapters/local/memory-retry-store';
import type { ResumerDeps } from '../shared/app/deps';
import { handleTurnEvent } from '../shared/app/handle-turn-event';
import { resumeTurn } from '../shared/app/resume-turn';
import { DEFAULT_POLICY } from '../shared/core/policy';
import type { SessionState } from '../shared/core/session-state';
import type { LoggedEvent, WakeMessage } from '../shared/core/types';
import type { CommitResult } from '../shared/ports';
import { corpus } from './classify';
import { ROOT } from './lambda-build';
import type { LogBytes } from './log-bytes';
import { round } from './stats';

type PriceName =
  | 'lambdaArmGbSecond'
  | 'lambdaRequest'
  | 'sqsStandardRequest'
  | 'dynamoDbWriteRequestUnit'
  | 'dynamoDbReadRequestUnit'
  | 'dynamoDbWriteCapacityUnitHour'
  | 'dynamoDbReadCapacityUnitHour'
  | 'eventBridgeSchedulerInvocation'
  | 'eventBridgeCustomEvent'
  | 'stepFunctionsStandardTransition'
  | 'cloudWatchLogsIngestedGb';
type Prices = {
  region: string;
  retrieved: string;
  prices: Record<PriceName, { usd: number; unit: string; source: string }>;
};

export function loadPrices(): Prices {
  return JSON.parse(readFileSync(join(ROOT, 'bench', 'aws-prices.json'), 'utf8')) as Prices;
}

/** The memory every resumer function gets unless it says otherwise (infra/resumer-function.ts). */
function defaultMemoryMb(): number {
  const infra = readFileSync(join(ROOT, 'infra', 'resumer-function.ts'), 'utf8');
  return Number(/memorySize: props\.memorySize \?\? (\d+)/.exec(infra)?.[1] ?? 512);
}

/** What one failure event costs is counted from these; every one is printed with the result. */
export type CostAssumptions = {
  /** Lambda memory (MB) of every function. @default infra's default */
  memoryMb: number;
  /** Billed ms: ingest (verify, one SQS send), classifier per record (GetItem, TransactWriteItems, SQS send). */
  ingestMs: number;
  classifierMsPerRecord: number;
  /** Resume per record: two GetItems, two writes and the agent's answer to the POST (most of it). */
  resumeMsPerRecord: number;
  publisherMsPerBatch: number;
  /** Records per invocation (and per ReceiveMessage/DeleteMessageBatch) of each event source. */
  classifierBatch: number;
  resumeBatch: number;
  publisherBatch: number;
  /** DynamoDB item sizes (bytes): the session row, one logged event. */
  rowBytes: number;
  eventBytes: number;
  /** Bytes of the row's copy in the "waiting" index (projection ALL: the row). */
  indexItemBytes: number;
  /** Logged events per failure that is scheduled and fired (auto_resume_scheduled, auto_resume_fired). */
  events: number;
  /** Bytes of CloudWatch Logs per failure: the INFO lines and the metric (EMF) lines of each function. */
  logBytes: number;
  /** Step Functions: state transitions of one execution (start, classify, choice, wait, resume, record, end). */
  stateTransitions: number;
};

const kb = writeUnits;

type Line = {
  service: string;
  what: string;
  count: number;
  unit: PriceName;
  usdPerMillionFailures: number;
  arithmetic: string;
};

/** A price as a plain decimal (`0.0000002`, not `2e-7`). */
const usd = (value: number) => value.toFixed(12).replace(/\.?0+$/, '');

function line(prices: Prices, service: string, what: string, count: number, unit: PriceName): Line {
  const price = prices.prices[unit].usd;
  const perMillion = count * price * 1e6;
  return {
    service,
    what,
    count: round(count, 6),
    unit,
    usdPerMillionFailures: round(perMillion, 3),
    arithmetic: `${round(count, 6)} ${prices.prices[unit].unit.split(' (')[0]} × $${usd(price)} × 1,000,000 = $${round(perMillion, 3)}`,
  };
}

/** The webhook's Lambda call and time, the same in both designs. */
function ingestLines(prices: Prices, a: CostAssumptions, what: string): Line[] {
  return [
    line(prices, 'Lambda', what, 1, 'lambdaRequest'),
    line(
      prices,
      'Lambda',
      `ingest ${a.memoryMb} MB × ${a.ingestMs} ms`,
      (a.memoryMb / 1024) * (a.ingestMs / 1000),
      'lambdaArmGbSecond',
    ),
  ];
}

/** The session_changed events on the bus and the log lines, the same in both designs. */
function busAndLogLines(prices: Prices, a: CostAssumptions): Line[] {
  return [
    line(
      prices,
      'EventBridge',
      `PutEvents: ${a.events} session_changed events`,
      a.events,
      'eventBridgeCustomEvent',
    ),
    line(
      prices,
      'CloudWatch Logs',
      `${a.logBytes} B of log lines`,
      a.logBytes / 1e9,
      'cloudWatchLogsIngestedGb',
    ),
  ];
}

/**
 * This design: the webhook through ingest and the turn-events queue to the classifier (row written, wake-up
 * armed by an SQS delay), the wake queue to the resume function (claim, POST, record), the table's stream to
 * the publisher and EventBridge, and the logs of all of them. One failure event = one `turn.failed` that is
 * scheduled and fired once.
 */
function thisDesign(prices: Prices, a: CostAssumptions): Line[] {
  const gb = a.memoryMb / 1024;
  const rowWrite = kb(a.rowBytes);
  const eventWrite = kb(a.eventBytes);
  const indexWrite = kb(a.indexItemBytes);
  return [
    ...ingestLines(prices, a, 'ingest invocation'),
    line(prices, 'SQS', 'turn-events SendMessage (one 64 KB chunk)', 1, 'sqsStandardRequest'),
    line(
      prices,
      'SQS',
      `turn-events ReceiveMessage + DeleteMessageBatch, batches of ${a.classifierBatch}`,
      2 / a.classifierBatch,
      'sqsStandardRequest',
    ),
    line(
      prices,
      'Lambda',
      `classifier invocation, batches of ${a.classifierBatch}`,
      1 / a.classifierBatch,
      'lambdaRequest',
    ),
    line(
      prices,
      'Lambda',
      `classifier ${a.memoryMb} MB × ${a.classifierMsPerRecord} ms a record`,
      gb * (a.classifierMsPerRecord / 1000),
      'lambdaArmGbSecond',
    ),
    line(
      prices,
      'DynamoDB',
      'classifier GetItem, strongly consistent, row ≤ 4 KB',
      1,
      'dynamoDbReadRequestUnit',
    ),
    line(
      prices,
      'DynamoDB',
      `classifier TransactWriteItems: row ${a.rowBytes} B (2 × ${rowWrite}) + event ${a.eventBytes} B (2 × ${eventWrite})`,
      2 * rowWrite + 2 * eventWrite,
      'dynamoDbWriteRequestUnit',
    ),
    line(
      prices,
      'DynamoDB',
      `GSI "waiting": the row's copy (${a.indexItemBytes} B) enters it (${indexWrite})`,
      indexWrite,
      'dynamoDbWriteRequestUnit',
    ),
    line(
      prices,
      'SQS',
      `wake SendMessageBatch with DelaySeconds: a classifier batch's ${a.classifierBatch} wake-ups in one call (the 20 ms window)`,
      1 / a.classifierBatch,
      'sqsStandardRequest',
    ),
    line(
      prices,
      'SQS',
      `wake ReceiveMessage + DeleteMessageBatch, batches of ${a.resumeBatch}`,
      2 / a.resumeBatch,
      'sqsStandardRequest',
    ),
    line(
      prices,
      'Lambda',
      `resume invocation, batches of ${a.resumeBatch}`,
      1 / a.resumeBatch,
      'lambdaRequest',
    ),
    line(
      prices,
      'Lambda',
      `resume ${a.memoryMb} MB × ${a.resumeMsPerRecord} ms (mostly the agent's answer) ÷ ${a.resumeBatch}: a batch's records are resumed side by side`,
      gb * (a.resumeMsPerRecord / a.resumeBatch / 1000),
      'lambdaArmGbSecond',
    ),
    line(
      prices,
      'DynamoDB',
      'resume GetItem (claim) + GetItem (re-read before the POST)',
      2,
      'dynamoDbReadRequestUnit',
    ),
    line(prices, 'DynamoDB', `resume claim: row PutItem (${rowWrite})`, rowWrite, 'dynamoDbWriteRequestUnit'),
    // The session stays listed as waiting while its attempt is being sent (its row is the attempt's until it fires).
    line(
      prices,
      'DynamoDB',
      `GSI "waiting": the claim rewrites the row's copy (${indexWrite})`,
      indexWrite,
      'dynamoDbWriteRequestUnit',
    ),
    line(
      prices,
      'DynamoDB',
      `resume result TransactWriteItems: row (2 × ${rowWrite}) + event (2 × ${eventWrite})`,
      2 * rowWrite + 2 * eventWrite,
      'dynamoDbWriteRequestUnit',
    ),
    line(
      prices,
      'DynamoDB',
      `GSI "waiting": the row's copy leaves it (${indexWrite})`,
      indexWrite,
      'dynamoDbWriteRequestUnit',
    ),
    line(
      prices,
      'Lambda',
      `publisher invocations (stream reads are free), ${a.events} events, ${a.publisherBatch} a batch`,
      a.events / a.publisherBatch,
      'lambdaRequest',
    ),
    line(
      prices,
      'Lambda',
      `publisher ${a.memoryMb} MB × ${a.publisherMsPerBatch} ms a batch`,
      (a.events / a.publisherBatch) * gb * (a.publisherMsPerBatch / 1000),
      'lambdaArmGbSecond',
    ),
    ...busAndLogLines(prices, a),
  ];
}

/**
 * The same flow on Step Functions Standard, one execution per failure: ingest starts it; classify, wait for
 * `nextAt`, resume and record are states. The retry row and the session_changed events stay (the UI needs
 * them); the queues and the publisher go.
 */
function stepFunctions(prices: Prices, a: CostAssumptions): Line[] {
  const gb = a.memoryMb / 1024;
  const rowWrite = kb(a.rowBytes);
  return [
    ...ingestLines(prices, a, 'ingest invocation (StartExecution)'),
    line(
      prices,
      'Step Functions',
      `${a.stateTransitions} state transitions`,
      a.stateTransitions,
      'stepFunctionsStandardTransition',
    ),
    line(prices, 'Lambda', 'classify and resume task invocations', 2, 'lambdaRequest'),
    line(
      prices,
      'Lambda',
      `classify + resume ${a.memoryMb} MB × ${a.classifierMsPerRecord} + ${a.resumeMsPerRecord} ms`,
      gb * ((a.classifierMsPerRecord + a.resumeMsPerRecord) / 1000),
      'lambdaArmGbSecond',
    ),
    line(prices, 'DynamoDB', 'retry row reads (schedule, resume)', 2, 'dynamoDbReadRequestUnit'),
    line(
      prices,
      'DynamoDB',
      `retry row writes, no log items, no index (2 × ${rowWrite})`,
      2 * rowWrite,
      'dynamoDbWriteRequestUnit',
    ),
    ...busAndLogLines(prices, a),
  ];
}

/**
 * The least any implementation of SPEC.md's shape pays on on-demand prices, with free compute and no logs:
 * what the contract itself asks for per failure that is scheduled and fired once.
 */
function floor(prices: Prices): Line[] {
  return [
    line(
      prices,
      'EventBridge',
      'session_changed for auto_resume_scheduled and auto_resume_fired',
      2,
      'eventBridgeCustomEvent',
    ),
    line(prices, 'Lambda', 'ingest: one invocation per webhook (HTTP)', 1, 'lambdaRequest'),
    line(prices, 'Lambda', 'classifier and resume, batches of 10', 0.2, 'lambdaRequest'),
    line(prices, 'SQS', 'turn-events SendMessage, one per webhook', 1, 'sqsStandardRequest'),
    line(
      prices,
      'SQS',
      'wake SendMessageBatch of 10; Receive + Delete of both queues in 10s',
      0.1 + 0.4,
      'sqsStandardRequest',
    ),
    line(
      prices,
      'DynamoDB',
      'row writes ≤ 1 KB, no transactions: armed, claimed before the POST, outcome after it',
      3,
      'dynamoDbWriteRequestUnit',
    ),
    line(prices, 'DynamoDB', 'waiting index copy enters and leaves', 2, 'dynamoDbWriteRequestUnit'),
    line(prices, 'DynamoDB', 'two logged event items ≤ 1 KB', 2, 'dynamoDbWriteRequestUnit'),
    line(prices, 'DynamoDB', 'row reads: classifier, resume', 2, 'dynamoDbReadRequestUnit'),
  ];
}

/**
 * What the DynamoDB lines of `lines` would cost on a provisioned table kept at `utilization` of its capacity by
 * auto scaling: a unit-hour serves 3,600 requests at full use. Not the default: an outage's failures and the
 * resumes after it come in bursts faster than auto scaling adds capacity, and a throttled write delays a retry.
 */
function provisioned(prices: Prices, lines: readonly Line[], utilization: number) {
  const units = (unit: PriceName) =>
    lines.filter((l) => l.unit === unit).reduce((sum, l) => sum + l.count, 0);
  const perRequest = (unit: PriceName) => prices.prices[unit].usd / (3600 * utilization);
  const writes = units('dynamoDbWriteRequestUnit');
  const reads = units('dynamoDbReadRequestUnit');
  const usd =
    (writes * perRequest('dynamoDbWriteCapacityUnitHour') +
      reads * perRequest('dynamoDbReadCapacityUnitHour')) *
    1e6;
  const onDemand = lines
    .filter((l) => l.service === 'DynamoDB')
    .reduce((sum, l) => sum + l.usdPerMillionFailures, 0);
  return {
    utilization,
    writeUnits: round(writes, 3),
    readUnits: round(reads, 3),
    dynamoDbUsdPerMillionFailures: round(usd, 3),
    totalUsdPerMillionFailures: round(
      lines.reduce((sum, l) => sum + l.usdPerMillionFailures, 0) - onDemand + usd,
      2,
    ),
    arithmetic: `(${round(writes, 3)} WCU × $${prices.prices.dynamoDbWriteCapacityUnitHour.usd} + ${round(reads, 3)} RCU × $${prices.prices.dynamoDbReadCapacityUnitHour.usd}) ÷ (3,600 × ${utilization}) × 1,000,000 = $${round(usd, 3)}`,
  };
}

function total(lines: Line[]) {
  const sum = lines.reduce((acc, l) => acc + l.usdPerMillionFailures, 0);
  const byService: Record<string, number> = {};
  for (const l of lines)
    byService[l.service] = round((byService[l.service] ?? 0) + l.usdPerMillionFailures, 3);
  return {
    usdPerMillionFailures: round(sum, 2),
    sum: `${lines.map((l) => l.usdPerMillionFailures).join(' + ')} = $${round(sum, 2)}`,
    byService,
    lines,
  };
}

/** What the stored items weigh, from the corpus failures that are retried, run through the real use cases. */
export type StoredSizes = {
  failures: number;
  /** Median over failures of the largest session row any of its three writes stores (schedule, claim, result). */
  rowBytes: number;
  /** Median over failures of the largest logged event item (auto_resume_scheduled, auto_resume_fired). */
  eventBytes: number;
  largestRowBytes: number;
  largestEventBytes: number;
  /** Failures whose every row and event write is one write unit (≤ 1 KB). */
  oneUnitWrites: string;
};

/**
 * Runs every retried corpus failure through `handleTurnEvent` and `resumeTurn` on memory ports, and sizes each
 * row and event item the DynamoDB store would write for those commits (`rowItem`, `eventItem`) by DynamoDB's rules.
 */
export async function storedItemSizes(): Promise<StoredSizes> {
  const rows: number[] = [];
  const events: number[] = [];
  let oneUnit = 0;
  for (const [i, { text }] of corpus().entries()) {
    const sizes = { row: 0, event: 0 };
    const store = new (class extends MemoryRetryStore {
      override async commit(next: SessionState, logged: readonly LoggedEvent[]): Promise<CommitResult> {
        sizes.row = Math.max(sizes.row, dynamoItemBytes(rowItem(next)));
        for (const e of logged) sizes.event = Math.max(sizes.event, dynamoItemBytes(eventItem(next, e, 1)));
        return super.commit(next, logged);
      }
    })();
    const wakes: WakeMessage[] = [];
    const deps: ResumerDeps = {
      store,
      waker: {
        arm: async (wake) => {
          wakes.push(wake);
          return { kind: 'armed', via: 'queue' };
        },
        disarm: async () => {},
      },
      agent: { resume: async () => ({ kind: 'ok' as const }) },
      sink: { publish: async () => {} },
      clock: { now: () => 1_796_040_000_000 + 60_000 },
      policy: DEFAULT_POLICY,
    };
    const sessionId = `sess_01JC${String(i).padStart(22, '0')}`;
    await handleTurnEvent(deps, {
      type: 'turn.failed',
      sessionId,
      agentSessionId: 'agent-7f3c9a',
      turnId: 'turn_01JC9XK2M4',
      promptId: 'prompt_01JC9XK2M4',
      occurredAt: 1_796_040_000_000,
      error: { message: text },
    });
    const [wake] = wakes;
    if (!wake) continue; // not retried: nothing to resume
    await resumeTurn(deps, wake);
    rows.push(sizes.row);
    events.push(sizes.event);
    if (writeUnits(sizes.row) === 1 && writeUnits(sizes.event) === 1) oneUnit++;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return {
    failures: rows.length,
    rowBytes: median(rows),
    eventBytes: median(events),
    largestRowBytes: Math.max(...rows),
    largestEventBytes: Math.max(...events),
    oneUnitWrites: `${oneUnit} of ${rows.length}`,
  };
}

/**
 * The AWS cost of a million failure events, itemised, for this design (with sparse and full batches) and for
 * Step Functions Standard, with the row and event sizes the store writes for the corpus failures.
 */
export function benchCost(
  sizes: Pick<StoredSizes, 'rowBytes' | 'eventBytes'> & Partial<StoredSizes>,
  logs: Pick<LogBytes, 'perFailure' | 'lines'>,
) {
  const prices = loadPrices();
  const { rowBytes, eventBytes } = sizes;
  const logLines = Object.values(logs.lines).reduce((sum, n) => sum + n, 0);
  // CloudWatch Logs counts 26 bytes of metadata with every log event.
  const logBytes = logs.perFailure + 26 * logLines;
  const sparse: CostAssumptions = {
    memoryMb: defaultMemoryMb(),
    ingestMs: 40,
    classifierMsPerRecord: 35,
    resumeMsPerRecord: 250,
    publisherMsPerBatch: 30,
    classifierBatch: 1,
    resumeBatch: 1,
    publisherBatch: 1,
    rowBytes,
    eventBytes,
    // The index projects ALL: its copy is the row plus 100 bytes.
    indexItemBytes: rowBytes + 100,
    events: 2,
    logBytes,
    stateTransitions: 7,
  };
  const busy: CostAssumptions = { ...sparse, classifierBatch: 10, resumeBatch: 5, publisherBatch: 10 };
  return {
    region: prices.region,
    pricesRetrieved: prices.retrieved,
    sizes: { ...sizes, how: 'corpus failures through the real use cases, sized by DynamoDB rules' },
    logs: {
      ...logs,
      lines: logLines,
      billedBytes: logBytes,
      how: 'bench/log-bytes.ts, plus 26 bytes a line',
    },
    assumptions: sparse,
    thisDesign: {
      sparse: {
        note: 'every event source delivers one record at a time (low traffic)',
        ...total(thisDesign(prices, sparse)),
      },
      busy: {
        note: `full batches (${busy.classifierBatch}, ${busy.resumeBatch}, ${busy.publisherBatch}) under load`,
        ...total(thisDesign(prices, busy)),
      },
    },
    floor: total(floor(prices)),
    provisionedTable: {
      note: 'the busy figure with the table on provisioned capacity (-c tableCapacity=provisioned), auto scaled to 70 % use',
      ...provisioned(prices, thisDesign(prices, busy), 0.7),
    },
    stepFunctionsStandard: total(stepFunctions(prices, sparse)),
    notes: [
      'A wait longer than 900 s (attempt 4 by default) is an EventBridge Scheduler one-shot instead of an SQS delay: +1 invocation ($1 per million after 14 million free a month).',
      'Fixed monthly costs are left out: SQS long polling of idle queues by the event sources, custom metrics, alarms, the dashboard, secrets, storage.',
      'Free tiers are left out.',
    ],
  };
}
