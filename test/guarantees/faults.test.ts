import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type DynamoDBClient,
  InternalServerError,
  ProvisionedThroughputExceededException,
  RequestLimitExceeded,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  InternalServerException,
  SchedulerClient,
  ThrottlingException,
} from '@aws-sdk/client-scheduler';
import {
  RequestThrottled,
  SendMessageBatchCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { type AwsClientStub, mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DynamoRetryStore } from '../../shared/adapters/aws/dynamo-retry-store';
import { tableSchema } from '../../shared/adapters/aws/dynamo-table';
import { SchedulerWaker } from '../../shared/adapters/aws/scheduler-waker';
import { SqsWaker } from '../../shared/adapters/aws/sqs-waker';
import { DelayRoutingWaker } from '../../shared/adapters/delay-routing-waker';
import { HttpAgentClient } from '../../shared/adapters/http-agent-client';
import { compileRetryPolicy } from '../../shared/core/policy';
import { encodeTurnEvent, encodeWake } from '../../shared/messages';
import type { RetryStore } from '../../shared/ports';
import { type AgentStub, startAgentStub } from '../support/agent-stub';
import { createTestTable, dynamoClient, type TestTable } from '../support/dynamo';
import { T0, turnEvent, turnFailed } from '../support/events';
import { memoryDeps } from '../support/fakes';
import { instrument, PortCall } from '../support/instrumented-ports';
import { sqsEvent, sqsRecord } from '../support/sqs-records';
import { conveyor, DeadLettered } from './harness/conveyor';

const AGENT_SECRET = `whsec_${Buffer.alloc(32, 0x17).toString('base64')}`;
const metadata = (httpStatusCode: number) => ({ $metadata: { httpStatusCode } });

/** The log of `sessionId` as kinds, with the why of a skip. */
async function kinds(store: RetryStore, sessionId = 's-42'): Promise<string[]> {
  const { items } = await store.events(sessionId);
  return items.map((e) => (e.kind === 'auto_resume_skipped' ? `${e.kind}(${e.why})` : e.kind));
}

describe('DynamoDB throttling and internal errors', () => {
  let table: TestTable;
  beforeAll(async () => {
    table = await createTestTable(tableSchema, 'faults');
  });
  afterAll(() => table.drop());

  type Op = 'GetItemCommand' | 'PutItemCommand' | 'TransactWriteItemsCommand';
  type Fault = { op: Op; nth: number; when: 'before' | 'after'; error: () => Error };

  /** A client for DynamoDB Local that throws `fault` on the nth call of its operation, before or after it lands. */
  function faultyClient(fault: Fault): DynamoDBClient {
    const client = dynamoClient();
    let seen = 0;
    // At the initialize step, above the SDK's own retries: the error reaches the store as if they ran out.
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const hit = context.commandName === fault.op && seen++ === fault.nth;
        if (hit && fault.when === 'before') throw fault.error();
        const out = await next(args);
        if (hit && fault.when === 'after') throw fault.error();
        return out;
      },
      { step: 'initialize', name: 'injectFault' },
    );
    return client;
  }

  const throttled = () =>
    new ProvisionedThroughputExceededException({ message: 'throughput exceeded', ...metadata(400) });
  const internal = () => new InternalServerError({ message: 'Internal server error', ...metadata(500) });
  const limit = () => new RequestLimitExceeded({ message: 'account limit', ...metadata(400) });
  const cancelledByThrottling = () =>
    new TransactionCanceledException({
      message: 'Transaction cancelled',
      CancellationReasons: [{ Code: 'ThrottlingError' }, { Code: 'None' }],
      ...metadata(400),
    });

  // The failure's commit writes the row and its event (a transaction); the claim is a plain Put; the answer's
  // commit is a transaction again. Each fault hits one of them, or a read, before or after it lands. A lost
  // answer to a POST costs one more POST of the same prompt id, which the agent drops by that id.
  const cases: Array<{ name: string; fault: Fault; posts: number }> = [
    {
      name: 'the failure’s read is throttled',
      fault: { op: 'GetItemCommand', nth: 0, when: 'before', error: throttled },
      posts: 1,
    },
    {
      name: 'the failure’s write is throttled',
      fault: { op: 'TransactWriteItemsCommand', nth: 0, when: 'before', error: throttled },
      posts: 1,
    },
    {
      name: 'the failure’s write lands, then a 500',
      fault: { op: 'TransactWriteItemsCommand', nth: 0, when: 'after', error: internal },
      posts: 1,
    },
    {
      name: 'the failure’s write is cancelled by throttling',
      fault: { op: 'TransactWriteItemsCommand', nth: 0, when: 'before', error: cancelledByThrottling },
      posts: 1,
    },
    {
      name: 'the wake-up’s read hits the account limit',
      fault: { op: 'GetItemCommand', nth: 1, when: 'before', error: limit },
      posts: 1,
    },
    {
      name: 'the claim is throttled',
      fault: { op: 'PutItemCommand', nth: 0, when: 'before', error: throttled },
      posts: 1,
    },
    {
      name: 'the claim lands, then a 500 (before the POST)',
      fault: { op: 'PutItemCommand', nth: 0, when: 'after', error: internal },
      posts: 1,
    },
    {
      name: 'the answer’s write is throttled (after the POST)',
      fault: { op: 'TransactWriteItemsCommand', nth: 1, when: 'before', error: throttled },
      posts: 2,
    },
    {
      name: 'the answer’s write lands, then a 500',
      fault: { op: 'TransactWriteItemsCommand', nth: 1, when: 'after', error: internal },
      posts: 1,
    },
  ];

  it.each(cases)(
    '$name: the message comes back; $posts POST(s), one prompt id, one outcome',
    async ({ fault, posts }) => {
      const sessionId = `s-${fault.op}-${fault.nth}-${fault.when}-${fault.error().name}`.slice(0, 120);
      const client = faultyClient(fault);
      const store = new DynamoRetryStore({ client, tableName: table.tableName });
      const { deps, clock, waker, agent } = memoryDeps({ store });
      const belt = conveyor(deps, clock);

      const eventReceives = await belt.event(turnFailed({ sessionId }));
      const armed = waker.armed.at(-1)?.wake;
      if (!armed) throw new Error('nothing was armed');
      const wakeReceives = await belt.wake(armed);

      expect(eventReceives + wakeReceives).toBe(3);
      expect(agent.calls.map((c) => c.promptId)).toEqual(Array(posts).fill('p-cap~resume-1'));
      expect(await kinds(store, sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
      expect((await store.load(sessionId)).pending).toBeNull();
      client.destroy();
    },
  );
});

describe('SQS send failures when arming', () => {
  const sqs = mockClient(SQSClient);
  afterEach(() => sqs.reset());
  afterAll(() => sqs.restore());

  function sqsDeps() {
    const waker = new SqsWaker({
      client: new SQSClient({ region: 'us-east-1' }),
      queueUrl: 'https://sqs/wake',
    });
    return memoryDeps({ waker });
  }
  const sentWakes = () =>
    sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input.MessageBody ?? '');

  it('a refused SendMessage fails the record; the redelivery arms the same attempt and it fires once', async () => {
    sqs
      .on(SendMessageCommand)
      .rejectsOnce(new RequestThrottled({ message: 'throttled', ...metadata(400) }))
      .resolves({});
    const { deps, clock, agent } = sqsDeps();
    const belt = conveyor(deps, clock);
    expect(await belt.event(turnFailed())).toBe(2);
    const [refused, sent] = sentWakes();
    expect(sent).toBe(refused);
    await belt.wake(sent ?? '');
    expect(agent.calls).toHaveLength(1);
    expect(await kinds(deps.store)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });

  it('a SendMessage that lands but whose answer is lost leaves two wake-ups; they resume once', async () => {
    let sends = 0;
    sqs.on(SendMessageCommand).callsFake(() => {
      if (++sends === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      return {};
    });
    const { deps, clock, agent } = sqsDeps();
    const belt = conveyor(deps, clock);
    expect(await belt.event(turnFailed())).toBe(2);
    const wakes = sentWakes();
    expect(wakes).toHaveLength(2);
    for (const body of wakes) await belt.wake(body);
    expect(agent.calls).toHaveLength(1);
    expect(await kinds(deps.store)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });
});

describe("SQS batch send failures when arming (the Lambdas' batch window: one SendMessageBatch per classifier batch)", () => {
  // Mocked here, not when the file loads: the describe above restores the client's send when it ends.
  let sqs: AwsClientStub<SQSClient>;
  beforeAll(() => {
    sqs = mockClient(SQSClient);
  });
  afterEach(() => sqs.reset());
  afterAll(() => sqs.restore());

  type Entry = { Id?: string; MessageBody?: string };
  const sessionOf = (body: string) => (JSON.parse(body) as { sessionId: string }).sessionId;
  /** Every wake body SQS took, in order (a refused entry is not among them). */
  const taken: string[] = [];

  function batchedDeps() {
    taken.length = 0;
    const waker = new SqsWaker({
      client: new SQSClient({ region: 'us-east-1' }),
      queueUrl: 'https://sqs/wake',
      batchWindowMs: 20,
    });
    return memoryDeps({ waker });
  }
  /** SQS's answer to one batch: `refuse(entry)` names the entries it fails, with their code and fault. */
  function answer(
    entries: Entry[],
    refuse: (e: Entry) => { Code: string; SenderFault: boolean } | undefined,
  ) {
    const failed = entries.flatMap((e) => {
      const r = refuse(e);
      return r ? [{ Id: e.Id ?? '', ...r }] : [];
    });
    const ok = entries.filter((e) => !failed.some((f) => f.Id === e.Id));
    taken.push(...ok.map((e) => e.MessageBody ?? ''));
    return {
      Successful: ok.map((e) => ({ Id: e.Id ?? '', MessageId: `m-${e.Id}`, MD5OfMessageBody: '' })),
      Failed: failed,
    };
  }
  const records = (...sessionIds: string[]) =>
    sessionIds.map((sessionId) => sqsRecord({ body: encodeTurnEvent(turnFailed({ sessionId })) }));
  const failedIds = (out: { batchItemFailures: { itemIdentifier: string }[] }) =>
    out.batchItemFailures.map((f) => f.itemIdentifier).sort();

  it('three records arm in one SendMessageBatch; each turn resumes once', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .callsFake((input: { Entries: Entry[] }) => answer(input.Entries, () => undefined));
    const { deps, clock, agent } = batchedDeps();
    const belt = conveyor(deps, clock);
    expect(failedIds(await belt.classifier(sqsEvent(...records('s-1', 's-2', 's-3'))))).toEqual([]);
    expect(sqs.commandCalls(SendMessageBatchCommand)).toHaveLength(1);
    expect(taken.map(sessionOf).sort()).toEqual(['s-1', 's-2', 's-3']);
    for (const body of taken.slice()) await belt.wake(body);
    expect(agent.calls.map((c) => c.sessionId).sort()).toEqual(['s-1', 's-2', 's-3']);
  });

  it('an entry SQS refuses (sender fault) fails only its record; redelivered, it arms the same attempt; one resume each', async () => {
    let calls = 0;
    sqs.on(SendMessageBatchCommand).callsFake((input: { Entries: Entry[] }) => {
      const first = ++calls === 1;
      return answer(input.Entries, (e) =>
        first && sessionOf(e.MessageBody ?? '') === 's-2'
          ? { Code: 'InvalidParameterValue', SenderFault: true }
          : undefined,
      );
    });
    const { deps, clock, agent } = batchedDeps();
    const belt = conveyor(deps, clock);
    const batch = records('s-1', 's-2');
    expect(failedIds(await belt.classifier(sqsEvent(...batch)))).toEqual([batch[1]?.messageId]);
    expect(taken.map(sessionOf)).toEqual(['s-1']);
    expect(await kinds(deps.store, 's-1')).toEqual(['auto_resume_scheduled']);

    // SQS redelivers the failed record alone; its arm is the same attempt, not a second one.
    expect(failedIds(await belt.classifier(sqsEvent(batch[1] as (typeof batch)[number])))).toEqual([]);
    expect(taken.map(sessionOf)).toEqual(['s-1', 's-2']);
    for (const body of taken.slice()) await belt.wake(body);
    expect(agent.calls.map((c) => [c.sessionId, c.attempt])).toEqual([
      ['s-1', 1],
      ['s-2', 1],
    ]);
    expect(await kinds(deps.store, 's-2')).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });

  it('entries SQS failed on its side are sent again at once; no record fails', async () => {
    let calls = 0;
    sqs.on(SendMessageBatchCommand).callsFake((input: { Entries: Entry[] }) => {
      calls++;
      return answer(input.Entries, () =>
        calls === 1 ? { Code: 'InternalError', SenderFault: false } : undefined,
      );
    });
    const { deps, clock, agent } = batchedDeps();
    const belt = conveyor(deps, clock);
    expect(failedIds(await belt.classifier(sqsEvent(...records('s-1', 's-2'))))).toEqual([]);
    expect(calls).toBe(2);
    for (const body of taken.slice()) await belt.wake(body);
    expect(agent.calls.map((c) => c.sessionId).sort()).toEqual(['s-1', 's-2']);
  });

  it('a throttled batch call fails every record in it; their redelivery arms the same attempts; one resume each', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .rejectsOnce(new RequestThrottled({ message: 'throttled', ...metadata(400) }))
      .callsFake((input: { Entries: Entry[] }) => answer(input.Entries, () => undefined));
    const { deps, clock, agent } = batchedDeps();
    const belt = conveyor(deps, clock);
    const batch = records('s-1', 's-2');
    expect(failedIds(await belt.classifier(sqsEvent(...batch)))).toEqual(
      batch.map((r) => r.messageId).sort(),
    );
    expect(taken).toEqual([]);
    expect(failedIds(await belt.classifier(sqsEvent(...batch)))).toEqual([]);
    for (const body of taken.slice()) await belt.wake(body);
    expect(agent.calls.map((c) => [c.sessionId, c.attempt]).sort()).toEqual([
      ['s-1', 1],
      ['s-2', 1],
    ]);
  });

  it('a batch that lands but whose answer is lost leaves two wake-ups per turn; each turn resumes once', async () => {
    let calls = 0;
    sqs.on(SendMessageBatchCommand).callsFake((input: { Entries: Entry[] }) => {
      const out = answer(input.Entries, () => undefined);
      if (++calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
      return out;
    });
    const { deps, clock, agent } = batchedDeps();
    const belt = conveyor(deps, clock);
    const batch = records('s-1', 's-2');
    expect(failedIds(await belt.classifier(sqsEvent(...batch)))).toEqual(
      batch.map((r) => r.messageId).sort(),
    );
    expect(failedIds(await belt.classifier(sqsEvent(...batch)))).toEqual([]);
    expect(taken.map(sessionOf).sort()).toEqual(['s-1', 's-1', 's-2', 's-2']);
    for (const body of taken.slice()) await belt.wake(body);
    expect(agent.calls.map((c) => c.sessionId).sort()).toEqual(['s-1', 's-2']);
    for (const sessionId of ['s-1', 's-2'])
      expect(await kinds(deps.store, sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });
});

describe('EventBridge Scheduler throttling and 5xx (SchedulerWaker, mocked client)', () => {
  const scheduler = mockClient(SchedulerClient);
  afterEach(() => scheduler.reset());
  afterAll(() => scheduler.restore());
  const failure = (Exception: typeof ThrottlingException | typeof InternalServerException, status: number) =>
    new Exception({ message: 'try later', Message: 'try later', ...metadata(status) });

  function schedulerDeps() {
    const waker = new DelayRoutingWaker({
      queue: new SqsWaker({ client: new SQSClient({ region: 'us-east-1' }), queueUrl: 'https://sqs/wake' }),
      schedule: new SchedulerWaker({
        client: new SchedulerClient({ region: 'us-east-1' }),
        groupName: 'g',
        targetQueueArn: 'arn:aws:sqs:us-east-1:1:wake',
        roleArn: 'arn:aws:iam::1:role/r',
      }),
    });
    return memoryDeps({ waker });
  }
  // A server hint of 30 min: a wait longer than SQS delays go, so it takes the Scheduler path.
  const longWait = turnFailed({
    error: { message: 'API Error: 503 overloaded', status: 503, retryAfterSeconds: 1800 },
  });
  const creates = () => scheduler.commandCalls(CreateScheduleCommand).map((c) => c.args[0].input);

  it('throttled, then a 500, then created: the same schedule name each time, and one resume', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejectsOnce(failure(ThrottlingException, 429))
      .rejectsOnce(failure(InternalServerException, 500))
      .resolves({ ScheduleArn: 'arn:s' });
    const { deps, clock, agent } = schedulerDeps();
    const belt = conveyor(deps, clock);
    expect(await belt.event(longWait)).toBe(3);
    const names = new Set(creates().map((input) => input.Name));
    expect(names.size).toBe(1);
    await belt.wake(creates().at(-1)?.Target?.Input ?? '');
    expect(agent.calls).toHaveLength(1);
    expect(await kinds(deps.store)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });

  it('created but the answer lost: the redelivery meets ConflictException and counts it as armed', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejectsOnce(failure(InternalServerException, 500))
      .rejects(new ConflictException({ message: 'exists', Message: 'exists', ...metadata(409) }));
    const { deps, clock } = schedulerDeps();
    const belt = conveyor(deps, clock);
    expect(await belt.event(longWait)).toBe(2);
    expect(creates()).toHaveLength(2);
    expect((await deps.store.load('s-42')).pending?.phase).toBe('armed');
  });

  it('a throttled DeleteSchedule on stop: the skip stands, and the schedule that still fires sends nothing', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:s' });
    scheduler.on(DeleteScheduleCommand).rejects(failure(ThrottlingException, 429));
    const { deps, clock, agent } = schedulerDeps();
    const belt = conveyor(deps, clock);
    await belt.event(longWait);
    clock.at = T0 + 60_000;
    // The stop's record fails on the throttled delete; its redelivery finds the skip stored and is done.
    expect(await belt.event(turnEvent('session.stopped', { occurredAt: T0 + 60_000 }))).toBe(2);
    await belt.wake(creates()[0]?.Target?.Input ?? '');
    expect(agent.calls).toEqual([]);
    expect(await kinds(deps.store)).toEqual(['auto_resume_scheduled', 'auto_resume_skipped(stopped)']);
  });
});

describe('the agent times out, fails, refuses the connection or rejects the resume (HttpAgentClient)', () => {
  const policy = compileRetryPolicy({ maxResumeTries: 3 });
  let stub: AgentStub;
  const servers: Server[] = [];
  beforeAll(async () => {
    stub = await startAgentStub();
  });
  afterAll(async () => {
    await stub.close();
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  /** An agent that takes every request and never answers. */
  async function silentAgent(): Promise<{ url: string; received: () => number }> {
    let received = 0;
    const server = createServer(() => void received++);
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received: () => received };
  }

  /** A port nothing listens on. */
  async function closedPort(): Promise<string> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return `http://127.0.0.1:${port}`;
  }

  async function resumeWith(baseUrl: string) {
    const agent = new HttpAgentClient({ baseUrl, secret: AGENT_SECRET, timeoutMs: 150 });
    const { deps, clock, waker } = memoryDeps({ agent, policy });
    const belt = conveyor(deps, clock);
    await belt.event(turnFailed());
    const armed = waker.armed[0]?.wake;
    if (!armed) throw new Error('nothing armed');
    const receives = await belt.wake(armed);
    return { receives, log: await kinds(deps.store), state: await deps.store.load('s-42'), deps };
  }

  it('no answer: tried maxResumeTries times, then auto_resume_failed, and the wake-up is acked', async () => {
    const agent = await silentAgent();
    const { receives, log, state } = await resumeWith(agent.url);
    expect(agent.received()).toBe(3);
    expect(receives).toBe(4);
    expect(log).toEqual(['auto_resume_scheduled', 'auto_resume_failed']);
    expect(state.pending).toBeNull();
  });

  it('connection refused: the same bound, never a loop', async () => {
    const { receives, log } = await resumeWith(await closedPort());
    expect(receives).toBe(4);
    expect(log).toEqual(['auto_resume_scheduled', 'auto_resume_failed']);
  });

  it('503 every time: three POSTs of one prompt id with one webhook-id, then auto_resume_failed', async () => {
    const before = stub.requests.length;
    stub.answerWith(503, 503, 503);
    const { receives, log, deps } = await resumeWith(stub.url);
    const posts = stub.requests.slice(before);
    expect(posts.map((p) => (p.body as { promptId: string }).promptId)).toEqual(
      Array(3).fill('p-cap~resume-1'),
    );
    expect(new Set(posts.map((p) => p.headers['webhook-id'])).size).toBe(1);
    expect(receives).toBe(4);
    expect(log).toEqual(['auto_resume_scheduled', 'auto_resume_failed']);
    const { items } = await deps.store.events('s-42');
    expect(items.at(-1)).toMatchObject({
      status: 503,
      detail: expect.stringMatching(/^3 tries, the last: HTTP 503/),
    });
  });

  it('503 then 200: fired on the second POST', async () => {
    const before = stub.requests.length;
    stub.answerWith(503, 200);
    const { receives, log } = await resumeWith(stub.url);
    expect(stub.requests.length - before).toBe(2);
    expect(receives).toBe(2);
    expect(log).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });

  it.each([400, 401, 404, 422])(
    '%i: one POST, recorded as auto_resume_failed with the status',
    async (status) => {
      const before = stub.requests.length;
      stub.answerWith(status);
      const { receives, deps } = await resumeWith(stub.url);
      expect(stub.requests.length - before).toBe(1);
      expect(receives).toBe(1);
      const { items } = await deps.store.events('s-42');
      expect(items.at(-1)).toMatchObject({ kind: 'auto_resume_failed', status });
    },
  );

  it('409 (the agent holds the prompt id already): fired, not failed', async () => {
    stub.answerWith(409);
    const { log } = await resumeWith(stub.url);
    expect(log).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });
});

describe('a batch mixing good, poison and failing records', () => {
  it('the classifier reports exactly the poison and the failing records, and applies the rest', async () => {
    const { deps, clock } = memoryDeps();
    // s-3's store calls are throttled; everyone else's go through.
    const throttledForS3 = instrument(deps, async (info, call) => {
      const sessionId =
        info.port === PortCall.load
          ? info.sessionId
          : info.port === PortCall.commit
            ? info.next.sessionId
            : '';
      if (sessionId === 's-3')
        throw new ProvisionedThroughputExceededException({ message: 'slow down', ...metadata(400) });
      return call();
    });
    const belt = conveyor(throttledForS3, clock);
    const records = {
      good: sqsRecord({ body: encodeTurnEvent(turnFailed({ sessionId: 's-1' })) }),
      notJson: sqsRecord({ body: '{"type":"turn.failed",' }),
      wrongShape: sqsRecord({ body: JSON.stringify({ type: 'turn.failed', sessionId: '../S#x' }) }),
      failing: sqsRecord({ body: encodeTurnEvent(turnFailed({ sessionId: 's-3' })) }),
      alsoGood: sqsRecord({ body: encodeTurnEvent(turnEvent('session.stopped', { sessionId: 's-4' })) }),
    };
    const out = await belt.classifier(sqsEvent(...Object.values(records)));
    expect(out.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(
      [records.notJson, records.wrongShape, records.failing].map((r) => r.messageId).sort(),
    );
    expect(await kinds(deps.store, 's-1')).toEqual(['auto_resume_scheduled']);
    expect((await deps.store.load('s-4')).stoppedAt).toBe(T0);
  });

  it('the resume handler reports exactly the poison and the retry-later records', async () => {
    const agent = {
      resume: async (call: { sessionId: string }) =>
        call.sessionId === 's-2'
          ? { kind: 'retryable' as const, detail: 'HTTP 503' }
          : { kind: 'ok' as const },
    };
    const { deps, clock, waker } = memoryDeps({ agent });
    const belt = conveyor(deps, clock);
    await belt.event(turnFailed({ sessionId: 's-1' }));
    await belt.event(turnFailed({ sessionId: 's-2' }));
    const [w1, w2] = waker.armed.map((a) => a.wake);
    if (!w1 || !w2) throw new Error('nothing armed');
    clock.at = Math.max(w1.nextAt, w2.nextAt);
    const records = {
      fires: sqsRecord({ body: encodeWake(w1) }),
      poison: sqsRecord({ body: '{"sessionId":"s-9","attempt":0}' }),
      retryLater: sqsRecord({ body: encodeWake(w2) }),
      stale: sqsRecord({ body: encodeWake({ ...w1, sessionId: 's-5' }) }),
    };
    const out = await belt.resume(sqsEvent(...Object.values(records)));
    expect(out.batchItemFailures.map((f) => f.itemIdentifier).sort()).toEqual(
      [records.poison, records.retryLater].map((r) => r.messageId).sort(),
    );
    expect(await kinds(deps.store, 's-1')).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
    expect(await kinds(deps.store, 's-5')).toEqual(['auto_resume_skipped(row_cleared)']);
  });

  it('a message that keeps failing ends in the dead-letter queue, not in a loop', async () => {
    const { deps, clock } = memoryDeps();
    const broken = instrument(deps, async () => {
      throw new InternalServerError({ message: 'down', ...metadata(500) });
    });
    await expect(conveyor(broken, clock).event(turnFailed())).rejects.toBeInstanceOf(DeadLettered);
  });
});
