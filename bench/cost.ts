import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './lambda-build';
import { round } from './stats';

type PriceName =
  | 'lambdaArmGbSecond'
  | 'lambdaRequest'
  | 'sqsStandardRequest'
  | 'dynamoDbWriteRequestUnit'
  | 'dynamoDbReadRequestUnit'
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

/** Bytes a DynamoDB write of `bytes` is billed for, in 1 KB units. */
const kb = (bytes: number) => Math.max(1, Math.ceil(bytes / 1024));

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
    line(prices, 'Lambda', 'ingest invocation', 1, 'lambdaRequest'),
    line(
      prices,
      'Lambda',
      `ingest ${a.memoryMb} MB × ${a.ingestMs} ms`,
      gb * (a.ingestMs / 1000),
      'lambdaArmGbSecond',
    ),
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
    line(prices, 'SQS', 'wake SendMessage with DelaySeconds', 1, 'sqsStandardRequest'),
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
      `resume ${a.memoryMb} MB × ${a.resumeMsPerRecord} ms a record (mostly the agent's answer)`,
      gb * (a.resumeMsPerRecord / 1000),
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
    line(
      prices,
      'DynamoDB',
      `GSI "waiting": the row's copy leaves it (${indexWrite})`,
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
 * The same flow on Step Functions Standard, one execution per failure: ingest starts it; classify, wait for
 * `nextAt`, resume and record are states. The retry row and the session_changed events stay (the UI needs
 * them); the queues and the publisher go.
 */
function stepFunctions(prices: Prices, a: CostAssumptions): Line[] {
  const gb = a.memoryMb / 1024;
  const rowWrite = kb(a.rowBytes);
  return [
    line(prices, 'Lambda', 'ingest invocation (StartExecution)', 1, 'lambdaRequest'),
    line(
      prices,
      'Lambda',
      `ingest ${a.memoryMb} MB × ${a.ingestMs} ms`,
      gb * (a.ingestMs / 1000),
      'lambdaArmGbSecond',
    ),
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

/**
 * The AWS cost of a million failure events, itemised, for this design (with sparse and full batches) and for
 * Step Functions Standard. `measured` takes the row and event sizes the local store wrote.
 */
export function benchCost(measured?: { rowStateBytes: number; eventBytes: number }) {
  const prices = loadPrices();
  // Keys and top-level attributes around the stored state and event (pk, sk, version, waitPk, waitAt, expiresAt).
  const rowBytes = measured ? measured.rowStateBytes + 90 : 1100;
  const eventBytes = measured ? measured.eventBytes + 70 : 460;
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
    indexItemBytes: rowBytes,
    events: 2,
    logBytes: 3000,
    stateTransitions: 7,
  };
  const busy: CostAssumptions = { ...sparse, classifierBatch: 10, resumeBatch: 5, publisherBatch: 10 };
  // What the changes in docs/performance.md would bring: 128 MB functions (the work is waiting on I/O), a row
  // under 1 KB, a keys-only waiting index, one INFO line per function and failure.
  const lean: CostAssumptions = {
    ...busy,
    memoryMb: 128,
    ingestMs: 60,
    classifierMsPerRecord: 50,
    resumeMsPerRecord: 260,
    rowBytes: Math.min(rowBytes, 1000),
    indexItemBytes: 200,
    logBytes: 1200,
  };
  return {
    region: prices.region,
    pricesRetrieved: prices.retrieved,
    sizes: measured
      ? `row and event sizes from the local store's JSON (${measured.rowStateBytes} B, ${measured.eventBytes} B) plus keys`
      : 'row and event sizes assumed',
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
    ifChanged: {
      note: 'hypothetical: the changes proposed in docs/performance.md, full batches',
      assumptions: lean,
      ...total(thisDesign(prices, lean)),
    },
    stepFunctionsStandard: total(stepFunctions(prices, sparse)),
    notes: [
      'A wait longer than 900 s (attempt 4 by default) is an EventBridge Scheduler one-shot instead of an SQS delay: +1 invocation ($1 per million after 14 million free a month).',
      'Fixed monthly costs are left out: SQS long polling of idle queues by the event sources, custom metrics, alarms, the dashboard, secrets, storage.',
      'Free tiers are left out.',
    ],
  };
}
