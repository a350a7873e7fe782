// An operator's redrive (docs/deploy.md): dead-lettered messages moved back hours later, in any order, on the real
// ingest, classifier and resume handlers, DynamoDB Local and fauxqs, after a DynamoDB outage dead-lettered them.
// Found by an operator's review: a failure redriven before the stop that followed it was resumed at once.
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SendMessageCommand,
} from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClassifierHandler } from '../../lambdas/classifier/handler';
import { createResumeHandler } from '../../lambdas/resume/handler';
import { pollOnce } from '../../shared/adapters/local/sqs-event-source';
import { compileRetryPolicy, DEFAULT_POLICY } from '../../shared/core/policy';
import type { RetryStore } from '../../shared/ports';
import { type Pipeline, startPipeline } from './aws-harness';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const at = (ms: number) => new Date(ms).toISOString();
const HOURS = 3_600_000;

/** The store during a DynamoDB outage: every read throws as the SDK does once its retries are spent. */
function outage(store: RetryStore): RetryStore {
  return new Proxy(store, {
    get(target, key) {
      if (key === 'load' || key === 'commit') {
        return async () => {
          throw Object.assign(new Error('Throughput exceeds the current capacity of your table'), {
            name: 'ProvisionedThroughputExceededException',
          });
        };
      }
      const value = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function depth(p: Pipeline, url: string): Promise<number> {
  const out = await p.sqs.client.send(
    new GetQueueAttributesCommand({
      QueueUrl: url,
      AttributeNames: ['ApproximateNumberOfMessages', 'ApproximateNumberOfMessagesNotVisible'],
    }),
  );
  return Number(out.Attributes?.ApproximateNumberOfMessages ?? 0);
}

/** Lets the classifier fail on every receive until everything queued is in the dead-letter queue. */
async function deadLetterAll(p: Pipeline, expected: number) {
  const broken = createClassifierHandler({
    resumer: { ...p.deps, store: outage(p.deps.store) },
    telemetry: { record: () => {} },
    log: quiet,
  });
  for (let i = 0; i < 20 && (await depth(p, p.queues.turnEvents.dlqUrl)) < expected; i++) {
    await pollOnce({
      client: p.sqs.client,
      queueUrl: p.queues.turnEvents.url,
      handler: broken,
      waitSeconds: 1,
    });
  }
  expect(await depth(p, p.queues.turnEvents.dlqUrl)).toBe(expected);
}

/** What start-message-move-task does: every message of the DLQ back to its source queue (in the order read). */
async function redrive(p: Pipeline): Promise<string[]> {
  const bodies: string[] = [];
  for (;;) {
    const out = await p.sqs.client.send(
      new ReceiveMessageCommand({
        QueueUrl: p.queues.turnEvents.dlqUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
      }),
    );
    const messages = out.Messages ?? [];
    if (messages.length === 0) break;
    for (const m of messages) {
      bodies.push(m.Body ?? '');
      await p.sqs.client.send(
        new DeleteMessageCommand({
          QueueUrl: p.queues.turnEvents.dlqUrl,
          ReceiptHandle: m.ReceiptHandle ?? '',
        }),
      );
    }
  }
  // SQS standard queues keep no order, and a redrive of a large DLQ is consumed by many concurrent classifier
  // batches: here the failure simply comes first, each in its own batch.
  bodies.sort(
    (a, b) =>
      (JSON.parse(a).type === 'turn.failed' ? -1 : 0) - (JSON.parse(b).type === 'turn.failed' ? -1 : 0),
  );
  for (const body of bodies) {
    await p.sqs.client.send(new SendMessageCommand({ QueueUrl: p.queues.turnEvents.url, MessageBody: body }));
  }
  return bodies.map((b) => JSON.parse(b).type);
}

const classifyOne = (p: Pipeline) =>
  pollOnce({
    client: p.sqs.client,
    queueUrl: p.queues.turnEvents.url,
    handler: createClassifierHandler({ resumer: p.deps, telemetry: { record: () => {} }, log: quiet }),
    batchSize: 1,
    waitSeconds: 1,
  });

/** The resume POSTs the agent got for `sessionId` since it had `before` requests. */
const sentTo = (p: Pipeline, sessionId: string, before: number) =>
  p.agentStub.requests.slice(before).filter((r) => r.path.includes(sessionId));

describe('a redrive of the turn-events dead-letter queue hours later', () => {
  let p: Pipeline;
  beforeAll(async () => {
    p = await startPipeline(DEFAULT_POLICY);
  });
  afterAll(() => p.stop());

  it('does not resume a turn the user stopped before its retry was due, when both events were dead-lettered', async () => {
    const sessionId = 's-redrive-stop';
    p.clock.offsetMs = 0;
    const t0 = p.clock.now();
    const before = p.agentStub.requests.length;
    // 12:00:00 the turn fails on a 503; 12:00:03 the user presses Stop in the hub (the retry was due at ~12:00:10).
    expect(await p.post({ sessionId, occurredAt: at(t0) })).toMatchObject({ statusCode: 202 });
    p.clock.offsetMs = 3_000;
    expect(
      await p.post({ type: 'session.stopped', sessionId, occurredAt: at(t0 + 3_000), error: undefined }),
    ).toMatchObject({ statusCode: 202 });
    // DynamoDB is down: both are dead-lettered after their receives.
    await deadLetterAll(p, 2);

    // Six hours later the operator fixes the cause and redrives the DLQ.
    p.clock.offsetMs = 6 * HOURS;
    expect(await redrive(p)).toEqual(['turn.failed', 'session.stopped']);
    await classifyOne(p); // the failure: its 10 s wait is long over, armed with DelaySeconds 0
    await p.wake(1); // the resume function picks the wake-up at once
    await classifyOne(p); // the stop, in a later batch

    const posts = sentTo(p, sessionId, before);
    // The user stopped the session 7 s before the retry was due: nothing may be sent.
    expect(posts).toEqual([]);
    expect(await p.log(sessionId)).toEqual(['auto_resume_exhausted']);
  });
});

describe('redriving the wake dead-letter queue with the turn-events one (docs/deploy.md runbook)', () => {
  let p: Pipeline;
  beforeAll(async () => {
    p = await startPipeline(compileRetryPolicy({ delaysMs: [2_000, 60_000, 300_000, 1_200_000] }));
  });
  afterAll(() => p.stop());

  it('does not resume from a redriven wake-up a turn the user stopped before its retry was due', async () => {
    const sessionId = 's-redrive-wake';
    p.clock.offsetMs = 0;
    const t0 = p.clock.now();
    const before = p.agentStub.requests.length;
    await p.post({ sessionId, occurredAt: at(t0) });
    await classifyOne(p); // applied live: attempt 1 armed for ~2 s later
    // DynamoDB goes down; the user stops a second after the failure; the stop and the wake-up are dead-lettered.
    p.clock.offsetMs = 1_000;
    await p.post({ type: 'session.stopped', sessionId, occurredAt: at(t0 + 1_000), error: undefined });
    await deadLetterAll(p, 1);
    const brokenResume = createResumeHandler({
      resumer: { ...p.deps, store: outage(p.deps.store) },
      telemetry: { record: () => {} },
      log: quiet,
    });
    for (let i = 0; i < 30 && (await depth(p, p.queues.wake.dlqUrl)) < 1; i++) {
      await pollOnce({
        client: p.sqs.client,
        queueUrl: p.queues.wake.url,
        handler: brokenResume,
        waitSeconds: 1,
      });
    }
    expect(await depth(p, p.queues.wake.dlqUrl)).toBe(1);

    // Hours later both DLQs are redriven (docs/deploy.md: "a message in either dead-letter queue … move it back").
    p.clock.offsetMs = 6 * HOURS;
    const dead = await p.sqs.client.send(
      new ReceiveMessageCommand({
        QueueUrl: p.queues.wake.dlqUrl,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 2,
      }),
    );
    expect(dead.Messages).toHaveLength(1);
    for (const m of dead.Messages ?? []) {
      await p.sqs.client.send(
        new SendMessageCommand({ QueueUrl: p.queues.wake.url, MessageBody: m.Body ?? '' }),
      );
      await p.sqs.client.send(
        new DeleteMessageCommand({ QueueUrl: p.queues.wake.dlqUrl, ReceiptHandle: m.ReceiptHandle ?? '' }),
      );
    }
    await redrive(p);
    // The resume function reads the wake queue concurrently with the classifier: it drains what is visible.
    for (let i = 0; i < 3; i++) await p.wake(1);
    await classifyOne(p);
    const posts = sentTo(p, sessionId, before);
    expect(posts).toEqual([]);
    expect(await p.log(sessionId)).toEqual(['auto_resume_scheduled', 'auto_resume_failed']);
  });
});
