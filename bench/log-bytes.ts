// What one failure writes to CloudWatch Logs, measured: the real handlers, wired as their composition roots
// (lambdas/*/index.ts) wire them, with the real Powertools Logger and Metrics, on memory ports.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { Context, DynamoDBRecord, LambdaFunctionURLEvent, SQSRecord, StreamRecord } from 'aws-lambda';
import { createClassifierHandler } from '../lambdas/classifier/handler';
import { createIngestHandler } from '../lambdas/ingest/handler';
import { createPublisherHandler } from '../lambdas/publisher/handler';
import { createResumeHandler } from '../lambdas/resume/handler';
import {
  flushingMetrics,
  functionLog,
  observability,
  PUBLISHED_FROM_THE_STREAM,
} from '../lambdas/shared/aws-resumer';
import { eventItem } from '../shared/adapters/aws/dynamo-retry-store';
import { Attr } from '../shared/adapters/aws/dynamo-table';
import { MemoryPacer } from '../shared/adapters/local/memory-pacer';
import { MemoryRetryStore } from '../shared/adapters/local/memory-retry-store';
import type { ResumerDeps } from '../shared/app/deps';
import { DEFAULT_PACER_SETTINGS } from '../shared/core/pacer-state';
import { DEFAULT_POLICY } from '../shared/core/policy';
import type { SessionState } from '../shared/core/session-state';
import type { LoggedEvent, WakeMessage } from '../shared/core/types';
import { encodeTurnEvent, encodeWake } from '../shared/messages';
import type { CommitResult } from '../shared/ports';
import { signedHeaders } from '../shared/webhook/standard-webhooks';

/** The functions one failure passes through; the API serves reads and is no part of it. */
const FUNCTIONS = ['ingest', 'classifier', 'resume', 'publisher'] as const;
type FunctionName = (typeof FUNCTIONS)[number];

/** Bytes and lines written to stdout and stderr by the functions while they handled one failure. */
export type LogBytes = {
  /** Every function's bytes summed: what CloudWatch Logs ingests per failure. */
  perFailure: number;
  byFunction: Record<string, number>;
  lines: Record<string, number>;
};

const REGION = 'us-east-1';
const ACCOUNT = '123456789012';
/** infra/resumer-function.ts gives every function 512 MB unless it says otherwise; none does. */
const MEMORY_MB = '512';
/** The table's default retention of an event item (DynamoRetryStore's `eventRetentionDays`), in seconds. */
const RETENTION_SECONDS = 30 * 86_400;
/** 2026-11-30T12:00:00Z: the failure's time; the handlers read this clock, Powertools the real one. */
const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);
/** How late the wake-up lands: SQS rounds DelaySeconds up to a whole second, then a poll picks it up. */
const WAKE_LATENESS_MS = 640;
const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 0x2a).toString('base64')}`;

/** Ids shaped like the hub's (ULIDs behind a prefix), so that the lines carry ids of a realistic length. */
const FAILURE = {
  type: 'turn.failed',
  sessionId: 'sess_01JC9XK2M4ZQ8R7T6V5W3Y2X1A',
  turnId: 'turn_01JC9XK2M5B3C4D5E6F7G8H9J0',
  promptId: 'prompt_01JC9XK2M5B3C4D5E6F7G8H9J1',
  agentSessionId: 'agent_01JC9XK2M4ZQ8R7T6V5W3Y2X1B',
  occurredAt: new Date(T0).toISOString(),
  error: { message: 'API Error: 503 no non-exhausted claude accounts available', status: 503 },
} as const;

/**
 * The variables Lambda sets that change what Powertools writes or how: the log level of advanced logging
 * controls (applicationLogLevelV2 INFO), the JSON log format and UTC. The stack sets no POWERTOOLS_* and no
 * LOG_LEVEL (infra/turn-resumer.ts), so any the host has are removed while this runs.
 */
function lambdaEnvironment(fn: FunctionName): Record<string, string> {
  const functionName = deployedName(fn);
  return {
    AWS_REGION: REGION,
    AWS_DEFAULT_REGION: REGION,
    AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
    AWS_LAMBDA_FUNCTION_NAME: functionName,
    AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
    AWS_LAMBDA_FUNCTION_MEMORY_SIZE: MEMORY_MB,
    AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
    AWS_LAMBDA_LOG_FORMAT: 'JSON',
    AWS_LAMBDA_LOG_LEVEL: 'INFO',
    AWS_LAMBDA_LOG_GROUP_NAME: logGroupName(fn),
    TZ: ':UTC',
    _HANDLER: 'index.handler',
  };
}

/** A name as CloudFormation gives a function without a `functionName`: stack, logical id, suffix. */
function deployedName(fn: FunctionName): string {
  return `TurnResumer-${pascal(fn)}Function8B2D4F6A-Kq7Zr2Nw5Tx1`;
}

/** Each function logs to its own log group (infra/resumer-function.ts), named the same way. */
function logGroupName(fn: FunctionName): string {
  return `TurnResumer-${pascal(fn)}Logs4A7C1E2B-Xr3mQ9tLw2Vd`;
}

function pascal(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

/** Sets and removes variables, remembering each one's value before the first change for `restore`. */
function environment() {
  const before = new Map<string, string | undefined>();
  const set = (name: string, value: string | undefined) => {
    if (!before.has(name)) before.set(name, process.env[name]);
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  };
  return {
    apply(values: Record<string, string>) {
      for (const name of Object.keys(process.env)) {
        if (name.startsWith('POWERTOOLS_') || name === 'LOG_LEVEL') set(name, undefined);
      }
      for (const [name, value] of Object.entries(values)) set(name, value);
    },
    /** Lambda sets the trace header of each invocation; Powertools copies its Root into every line. */
    newTrace() {
      const epoch = Math.floor(Date.now() / 1000).toString(16);
      set(
        '_X_AMZN_TRACE_ID',
        `Root=1-${epoch}-${randomBytes(12).toString('hex')};Parent=${randomBytes(8).toString('hex')};Sampled=0;Lineage=1:8a4f2c1e:0`,
      );
    },
    restore() {
      for (const [name, value] of before) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}

type Write = typeof process.stdout.write;
type Tally = Record<FunctionName, number>;

/**
 * Counts what is written to stdout and stderr while `run` runs, as `fn`'s, and keeps it off the terminal.
 * Powertools writes through its own `Console` over `process.stdout`/`process.stderr`, which looks `write` up
 * on each call, so replacing it on the stream objects catches every logger line, EMF blob and warning.
 */
async function captured<T>(fn: FunctionName, tally: { bytes: Tally; lines: Tally }, run: () => Promise<T>) {
  const streams = [process.stdout, process.stderr];
  const originals = streams.map((stream) => stream.write);
  const tap = ((
    chunk: string | Uint8Array,
    encodingOrCallback?: BufferEncoding | ((error?: Error | null) => void),
    callback?: (error?: Error | null) => void,
  ): boolean => {
    const encoding = typeof encodingOrCallback === 'string' ? encodingOrCallback : 'utf8';
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, encoding) : Buffer.from(chunk);
    tally.bytes[fn] += bytes.length;
    tally.lines[fn] += bytes.reduce((n, byte) => n + (byte === 0x0a ? 1 : 0), 0);
    const done = typeof encodingOrCallback === 'function' ? encodingOrCallback : callback;
    if (done) process.nextTick(done);
    return true;
  }) as Write;
  for (const stream of streams) stream.write = tap;
  try {
    return await run();
  } finally {
    streams.forEach((stream, i) => {
      const original = originals[i];
      if (original) stream.write = original;
    });
  }
}

/** The context Lambda hands each invocation. */
function lambdaContext(fn: FunctionName): Context {
  const functionName = deployedName(fn);
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${functionName}`,
    memoryLimitInMB: MEMORY_MB,
    awsRequestId: randomUUID(),
    logGroupName: logGroupName(fn),
    logStreamName: `2026/11/30/[$LATEST]${randomBytes(16).toString('hex')}`,
    getRemainingTimeInMillis: () => 29_000,
    done: () => {},
    fail: () => {},
    succeed: () => {},
  };
}

/** The Function URL request (payload 2.0) that carries the signed `turn.failed` webhook. */
function webhookRequest(): LambdaFunctionURLEvent {
  const body = Buffer.from(JSON.stringify(FAILURE));
  const id = `msg_${randomBytes(12).toString('hex')}`;
  const headers = {
    'content-type': 'application/json',
    'content-length': String(body.length),
    host: 'abc123xyz.lambda-url.us-east-1.on.aws',
    'user-agent': 'hub/1.4.2',
    'x-amzn-trace-id': `Root=1-${Math.floor(T0 / 1000).toString(16)}-${randomBytes(12).toString('hex')}`,
    'x-forwarded-for': '198.51.100.7',
    'x-forwarded-proto': 'https',
    ...signedHeaders({ id, timestamp: Math.floor(T0 / 1000), body, secret: WEBHOOK_SECRET }),
  };
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: '/webhooks/agent',
    rawQueryString: '',
    headers,
    body: body.toString('utf8'),
    isBase64Encoded: false,
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abc123xyz',
      domainName: 'abc123xyz.lambda-url.us-east-1.on.aws',
      domainPrefix: 'abc123xyz',
      requestId: randomUUID(),
      routeKey: '$default',
      stage: '$default',
      time: '30/Nov/2026:12:00:00 +0000',
      timeEpoch: T0,
      http: {
        method: 'POST',
        path: '/webhooks/agent',
        protocol: 'HTTP/1.1',
        sourceIp: '198.51.100.7',
        userAgent: 'hub/1.4.2',
      },
    },
  };
}

/** An SQS record as Lambda hands it over: a message id like SQS's (a UUID), which the classifier logs. */
function sqsRecord(body: string, queue: string): SQSRecord {
  return {
    messageId: randomUUID(),
    receiptHandle: randomBytes(120).toString('base64'),
    body,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: String(T0),
      SenderId: 'AROAEXAMPLE123456789:ingest',
      ApproximateFirstReceiveTimestamp: String(T0),
    },
    messageAttributes: {},
    md5OfBody: createHash('md5').update(body).digest('hex'),
    eventSource: 'aws:sqs',
    eventSourceARN: `arn:aws:sqs:${REGION}:${ACCOUNT}:${queue}`,
    awsRegion: REGION,
  };
}

type Image = NonNullable<StreamRecord['NewImage']>;

/** The stream's INSERT of the event item DynamoRetryStore writes with `next` (NEW_IMAGE view). */
function eventInsert(next: SessionState, event: LoggedEvent): DynamoDBRecord {
  const image = marshall(eventItem(next, event, RETENTION_SECONDS), {
    removeUndefinedValues: true,
  }) as unknown as Image;
  const keys = { [Attr.pk]: image[Attr.pk], [Attr.sk]: image[Attr.sk] } as Image;
  return {
    eventID: randomBytes(16).toString('hex'),
    eventName: 'INSERT',
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: REGION,
    eventSourceARN: `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/TurnResumer-Table/stream/2026-11-01T00:00:00.000`,
    dynamodb: {
      ApproximateCreationDateTime: Math.floor(event.at / 1000),
      Keys: keys,
      NewImage: image,
      SequenceNumber: `${4_100_000_000_000_000_000n + BigInt(event.seq)}`,
      SizeBytes: JSON.stringify(image).length,
      StreamViewType: 'NEW_IMAGE',
    },
  };
}

/**
 * Runs one failure through ingest, the classifier, the resume function and the publisher as Lambda would: a
 * signed `turn.failed` webhook is accepted and queued, classified and scheduled, its wake-up fires and the
 * agent takes the resume, and each event item the commits wrote reaches the publisher in its own stream batch
 * (the sparse case: one record an invocation). Each function is built as its index.ts builds it, with the
 * same service names, the same `flushingMetrics` wrapping and the stack's Lambda environment; every byte
 * written to stdout and stderr during the invocations is counted as that function's, and the environment and
 * the streams are put back afterwards. Lambda's own START/END/REPORT lines are not counted: the stack's
 * system log level (WARN) drops them.
 */
export async function measureLogBytes(): Promise<LogBytes> {
  const tally = {
    bytes: Object.fromEntries(FUNCTIONS.map((fn) => [fn, 0])) as Tally,
    lines: Object.fromEntries(FUNCTIONS.map((fn) => [fn, 0])) as Tally,
  };
  const env = environment();
  try {
    const committed: Array<{ next: SessionState; event: LoggedEvent }> = [];
    const store = new (class extends MemoryRetryStore {
      override async commit(next: SessionState, logged: readonly LoggedEvent[]): Promise<CommitResult> {
        const result = await super.commit(next, logged);
        if (result.kind === 'committed') for (const event of logged) committed.push({ next, event });
        return result;
      }
    })();
    const queued: string[] = [];
    const wakes: WakeMessage[] = [];
    const clock = { at: T0 + 400, now: () => clock.at };
    let resumes = 0;
    // One table holds rows and pacer items for both the classifier and the resume function: one store, one pacer.
    const resumer: ResumerDeps = {
      store,
      pacer: new MemoryPacer(DEFAULT_PACER_SETTINGS),
      waker: {
        arm: async (wake) => {
          wakes.push(wake);
          return { kind: 'armed', via: 'queue' };
        },
        disarm: async () => {},
      },
      agent: {
        resume: async () => {
          resumes += 1;
          return { kind: 'ok' };
        },
      },
      sink: PUBLISHED_FROM_THE_STREAM,
      clock,
      policy: DEFAULT_POLICY,
    };

    // Cold starts: each function's module scope, as in lambdas/<name>/index.ts, under its own environment.
    env.apply(lambdaEnvironment('ingest'));
    const ingest = createIngestHandler({
      queue: { send: async (event) => void queued.push(encodeTurnEvent(event)) },
      secret: WEBHOOK_SECRET,
      nowSeconds: () => Math.floor(T0 / 1000),
    });
    env.apply(lambdaEnvironment('classifier'));
    const classifierObs = observability('classifier');
    const classifier = flushingMetrics(
      classifierObs.metrics,
      createClassifierHandler({ resumer, telemetry: classifierObs.telemetry, log: classifierObs.log }),
    );
    env.apply(lambdaEnvironment('resume'));
    const resumeObs = observability('resume');
    const resume = flushingMetrics(
      resumeObs.metrics,
      createResumeHandler({ resumer, telemetry: resumeObs.telemetry, log: resumeObs.log }),
    );
    env.apply(lambdaEnvironment('publisher'));
    const publisher = createPublisherHandler({
      sink: { publish: async () => {} },
      log: functionLog('publisher'),
    });

    /** One invocation of `fn`: its environment and a fresh trace, its output counted. */
    const invoke = <T>(fn: FunctionName, run: (context: Context) => Promise<T>): Promise<T> => {
      env.apply(lambdaEnvironment(fn));
      env.newTrace();
      return captured(fn, tally, () => run(lambdaContext(fn)));
    };

    const accepted = await invoke('ingest', () => ingest(webhookRequest()));
    const [turnEvent] = queued;
    if (accepted.statusCode !== 202 || !turnEvent) {
      throw new Error(`ingest answered ${accepted.statusCode}: ${accepted.body}`);
    }
    const classified = await invoke('classifier', (context) =>
      classifier({ Records: [sqsRecord(turnEvent, 'TurnResumer-TurnEvents')] }, context),
    );
    const [wake] = wakes;
    if (classified.batchItemFailures.length > 0 || !wake) throw new Error('the failure was not scheduled');
    clock.at = wake.nextAt + WAKE_LATENESS_MS;
    const resumed = await invoke('resume', (context) =>
      resume({ Records: [sqsRecord(encodeWake(wake), 'TurnResumer-Wake')] }, context),
    );
    if (resumed.batchItemFailures.length > 0 || resumes !== 1) {
      throw new Error('the resume was not sent once');
    }
    for (const { next, event } of committed) {
      const published = await invoke('publisher', (context) =>
        publisher({ Records: [eventInsert(next, event)] }, context),
      );
      if (published.batchItemFailures.length > 0) throw new Error(`event ${event.seq} was not published`);
    }
  } finally {
    env.restore();
  }
  const byFunction: Record<string, number> = { ...tally.bytes };
  return {
    perFailure: FUNCTIONS.reduce((sum, fn) => sum + tally.bytes[fn], 0),
    byFunction,
    lines: { ...tally.lines },
  };
}
