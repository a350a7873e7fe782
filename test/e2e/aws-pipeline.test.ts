import { CreateScheduleCommand, DeleteScheduleCommand } from '@aws-sdk/client-scheduler';
import { ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { compileRetryPolicy, DEFAULT_POLICY } from '../../shared/core/policy';
import { verify } from '../../shared/webhook/standard-webhooks';
import { type Pipeline, startPipeline } from './aws-harness';

const AGENT_SECRET = `whsec_${Buffer.alloc(32, 0x17).toString('base64')}`;
let sessionSeq = 0;
const newSession = () => `s-e2e-${++sessionSeq}`;
const at = (ms: number) => new Date(ms).toISOString();

/** Polls the wake queue until `until()` holds, long-polling so real SQS delays pass without sleeps. */
async function drainWakes(p: Pipeline, until: () => boolean, rounds = 12): Promise<void> {
  for (let i = 0; i < rounds && !until(); i++) await p.wake(1);
}

describe('the AWS pipeline on DynamoDB Local and an SQS emulator', () => {
  let p: Pipeline;

  beforeAll(async () => {
    // Short delays are configuration: 1 s before the first attempt, no jitter so the tests can count on it.
    p = await startPipeline(compileRetryPolicy({ delaysMs: [1000, 1000, 1000, 1000], jitter: 0 }));
  });
  afterAll(() => p.stop());
  beforeEach(() => {
    p.clock.offsetMs = 0;
    p.scheduler.resetHistory();
  });

  it('resumes the same session and turn once after a 503', async () => {
    const sessionId = newSession();
    const before = p.agentStub.requests.length;
    const sent = p.wakeDelays.length;
    const answer = await p.post({ sessionId, occurredAt: at(p.clock.now()) });
    expect(answer).toMatchObject({ statusCode: 202 });
    expect(await p.classify()).toEqual({ received: 1, failed: 0 });

    const waiting = await p.session(sessionId);
    expect(waiting?.retry).toMatchObject({
      attempt: 1,
      of: 4,
      reason: 'capacity',
      promptId: 'p-cap~resume-1',
    });
    // The wake-up went out delayed by the policy's first second (receiving at once would race that second).
    expect(p.wakeDelays.slice(sent)).toEqual([1]);

    await drainWakes(p, () => p.agentStub.requests.length > before);
    const posts = p.agentStub.requests.slice(before);
    expect(posts).toHaveLength(1);
    const post = posts[0];
    if (!post) throw new Error('no resume arrived');
    expect(post.path).toBe(`/sessions/${sessionId}/prompts`);
    expect(post.body).toMatchObject({
      sessionId,
      agentSessionId: 'a-9',
      turnId: 't-7',
      promptId: 'p-cap~resume-1',
      attempt: 1,
      of: 4,
    });
    expect((post.body as { text: string }).text).toMatch(/no non-exhausted claude accounts available/);
    const signature = verify({
      headers: post.headers as Record<string, string>,
      body: Buffer.from(post.raw ?? ''),
      secret: AGENT_SECRET,
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    expect(signature.ok).toBe(true);

    expect((await p.session(sessionId))?.retry).toBeNull();
    expect(await p.log(sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
    expect(
      p.published
        .filter((c) => c.sessionId === sessionId)
        .map((c) => [c.event.kind, c.retry?.attempt ?? null]),
    ).toEqual([
      ['auto_resume_scheduled', 1],
      ['auto_resume_fired', null],
    ]);
    expect(p.metrics.map((m) => m.name)).toEqual(
      expect.arrayContaining(['RetryScheduled', 'ResumeFired', 'WakeLatenessMs']),
    );
  });

  it('records the skip at once on Stop and never sends the resume', async () => {
    const sessionId = newSession();
    const before = p.agentStub.requests.length;
    await p.post({ sessionId, occurredAt: at(p.clock.now()) });
    await p.classify(1);
    await p.post({ type: 'session.stopped', sessionId, occurredAt: at(p.clock.now() + 1), error: undefined });
    await p.classify(1);
    expect(await p.log(sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_skipped']);
    expect((await p.session(sessionId))?.retry).toBeNull();

    await drainWakes(p, () => false, 3);
    expect(p.agentStub.requests.slice(before).filter((r) => r.path.includes(sessionId))).toEqual([]);
    expect(await p.log(sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_skipped']);
  });

  it('skips as superseded when a new prompt starts while the retry waits', async () => {
    const sessionId = newSession();
    await p.post({ sessionId, occurredAt: at(p.clock.now()) });
    expect(await p.classify(1)).toEqual({ received: 1, failed: 0 });
    await p.post({
      type: 'turn.started',
      sessionId,
      turnId: 't-8',
      promptId: 'p-new',
      occurredAt: at(p.clock.now() + 1000),
    });
    expect(await p.classify(1)).toEqual({ received: 1, failed: 0 });
    const log = await listEventsOf(p, sessionId);
    expect(log.at(-1)).toMatchObject({ kind: 'auto_resume_skipped', why: 'superseded' });
    await drainWakes(p, () => false, 3);
    expect(p.agentStub.requests.filter((r) => r.path.includes(sessionId))).toEqual([]);
  });

  it('exhausts on the failure of the fourth attempt', async () => {
    const sessionId = newSession();
    await p.post({ sessionId, promptId: 'p-cap~resume-4', occurredAt: at(p.clock.now()) });
    await p.classify(1);
    const log = await listEventsOf(p, sessionId);
    expect(log).toEqual([
      expect.objectContaining({ kind: 'auto_resume_exhausted', attempts: 4, retry: null }),
    ]);
    expect((await p.session(sessionId))?.retry).toBeNull();
  });

  it('does not retry a sign-in failure and arms nothing', async () => {
    const sessionId = newSession();
    await p.post({
      sessionId,
      occurredAt: at(p.clock.now()),
      error: {
        message:
          'API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}',
        status: 401,
      },
    });
    await p.classify(1);
    expect(await listEventsOf(p, sessionId)).toEqual([
      expect.objectContaining({ kind: 'turn_failure_not_retried', class: 'auth' }),
    ]);
    expect((await p.session(sessionId))?.retry).toBeNull();
    expect(await p.wake(0)).toEqual({ received: 0, failed: 0 });
  });

  it('has one effect for the same webhook twice and the same SQS message twice', async () => {
    const sessionId = newSession();
    const before = p.agentStub.requests.length;
    const body = { sessionId, occurredAt: at(p.clock.now()) };
    await p.post(body, 'msg_dup');
    await p.post(body, 'msg_dup');
    const message = await p.sqs.client.send(
      new ReceiveMessageCommand({
        QueueUrl: p.queues.turnEvents.url,
        MaxNumberOfMessages: 10,
        VisibilityTimeout: 0,
      }),
    );
    const copy = message.Messages?.[0]?.Body ?? '';
    await p.sqs.client.send(new SendMessageCommand({ QueueUrl: p.queues.turnEvents.url, MessageBody: copy }));
    for (let i = 0; i < 3; i++) await p.classify(1);
    expect(await p.log(sessionId)).toEqual(['auto_resume_scheduled']);

    await drainWakes(p, () => p.agentStub.requests.length > before);
    await drainWakes(p, () => false, 2);
    expect(p.agentStub.requests.slice(before).filter((r) => r.path.includes(sessionId))).toHaveLength(1);
    expect(await p.log(sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });

  it('resumes once with the same prompt id after the agent answers 503 then 200', async () => {
    const sessionId = newSession();
    const before = p.agentStub.requests.length;
    p.agentStub.answerWith(503);
    await p.post({ sessionId, occurredAt: at(p.clock.now()) });
    await p.classify(1);
    await drainWakes(p, () => p.agentStub.requests.length >= before + 2, 15);
    const posts = p.agentStub.requests.slice(before);
    expect(posts.map((r) => (r.body as { promptId: string }).promptId)).toEqual([
      'p-cap~resume-1',
      'p-cap~resume-1',
    ]);
    expect(await p.log(sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });

  it('fails a poison message alone, moves it to the dead-letter queue, and applies the rest of the batch', async () => {
    const sessionId = newSession();
    await p.sendRaw('{"type":"turn.failed","sessionId":"../../escape"}');
    await p.post({ sessionId, occurredAt: at(p.clock.now()) });
    const first = await p.classify(1);
    expect(first.failed).toBe(1);
    expect(await p.log(sessionId)).toEqual(['auto_resume_scheduled']);
    for (let i = 0; i < 4; i++) await p.classify(1);
    const dead = await p.sqs.client.send(
      new ReceiveMessageCommand({
        QueueUrl: p.queues.turnEvents.dlqUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
      }),
    );
    expect(dead.Messages?.map((m) => m.Body)).toEqual(['{"type":"turn.failed","sessionId":"../../escape"}']);
    await drainWakes(p, () => false, 2);
  });
});

describe('a 20-minute wait', () => {
  let p: Pipeline;
  beforeAll(async () => {
    p = await startPipeline(DEFAULT_POLICY);
  });
  afterAll(() => p.stop());

  it('takes the Scheduler path and resumes when its input reaches the wake queue', async () => {
    const sessionId = newSession();
    const before = p.agentStub.requests.length;
    await p.post({ sessionId, promptId: 'p-cap~resume-3', occurredAt: at(p.clock.now()) });
    await p.classify(1);
    const retry = (await p.session(sessionId))?.retry;
    expect(retry).toMatchObject({ attempt: 4, promptId: 'p-cap~resume-4' });
    expect(await p.wake(0)).toEqual({ received: 0, failed: 0 });

    const calls = p.scheduler.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    const input = calls[0]?.args[0].input;
    expect(input).toMatchObject({
      GroupName: 'turn-resumer',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: { Arn: p.queues.wake.arn, RoleArn: 'arn:aws:iam::123456789012:role/turn-resumer-scheduler' },
    });
    expect(input?.ScheduleExpression).toMatch(/^at\(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\)$/);

    // Scheduler delivers the target input to the wake queue when the time comes.
    p.clock.offsetMs = (retry?.nextAt ?? 0) - Date.now() + 500;
    await p.sqs.client.send(
      new SendMessageCommand({ QueueUrl: p.queues.wake.url, MessageBody: input?.Target?.Input }),
    );
    await drainWakes(p, () => p.agentStub.requests.length > before, 3);
    expect(p.agentStub.requests.slice(before).map((r) => (r.body as { promptId: string }).promptId)).toEqual([
      'p-cap~resume-4',
    ]);
    expect(await p.log(sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
  });

  it('deletes the schedule when the session is stopped', async () => {
    const sessionId = newSession();
    await p.post({ sessionId, promptId: 'p-cap~resume-3', occurredAt: at(p.clock.now()) });
    await p.classify(1);
    await p.post({ type: 'session.stopped', sessionId, occurredAt: at(p.clock.now() + 1) });
    await p.classify(1);
    expect(p.scheduler.commandCalls(DeleteScheduleCommand).map((c) => c.args[0].input.GroupName)).toEqual([
      'turn-resumer',
    ]);
    expect(await p.log(sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_skipped']);
  });
});

async function listEventsOf(p: Pipeline, sessionId: string) {
  const { listEvents } = await import('../../shared/app/queries');
  return (await listEvents(p.deps.store, sessionId)).items;
}
