import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import type { LambdaFunctionURLResult } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { createClassifierHandler } from '../../lambdas/classifier/handler';
import { createIngestHandler } from '../../lambdas/ingest/handler';
import { createResumeHandler } from '../../lambdas/resume/handler';
import { WAKE_BATCH_WINDOW_MS } from '../../lambdas/shared/aws-resumer';
import { DynamoRetryStore } from '../../shared/adapters/aws/dynamo-retry-store';
import { tableSchema } from '../../shared/adapters/aws/dynamo-table';
import { SchedulerWaker } from '../../shared/adapters/aws/scheduler-waker';
import { SqsTurnEventQueue } from '../../shared/adapters/aws/sqs-turn-event-queue';
import { SqsWaker } from '../../shared/adapters/aws/sqs-waker';
import { DelayRoutingWaker } from '../../shared/adapters/delay-routing-waker';
import { HttpAgentClient } from '../../shared/adapters/http-agent-client';
import { pollOnce } from '../../shared/adapters/local/sqs-event-source';
import type { ResumerDeps } from '../../shared/app/deps';
import { getSession, listEvents } from '../../shared/app/queries';
import type { RetryPolicy } from '../../shared/core/policy';
import type { Metric, SessionChanged } from '../../shared/ports';
import { type AgentStub, startAgentStub } from '../support/agent-stub';
import { createTestTable, dynamoClient } from '../support/dynamo';
import { functionUrlEvent } from '../support/lambda-events';
import { type LocalSqs, startSqs } from '../support/sqs';
import { signedRequest, TEST_SECRET, turnEventBody } from '../support/webhooks';

const AGENT_SECRET = `whsec_${Buffer.alloc(32, 0x17).toString('base64')}`;
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The AWS pipeline with every part real except AWS itself: ingest → turn-events queue (fauxqs) → classifier
 * → DynamoDB Local → wake queue with DelaySeconds (or a mocked Scheduler) → resume → an HTTP agent stub.
 * The clock is the wall clock plus `clockOffsetMs`, so a test can stand 20 minutes later without waiting.
 */
export async function startPipeline(policy: RetryPolicy) {
  const sqs: LocalSqs = await startSqs();
  const table = await createTestTable(tableSchema);
  const agentStub: AgentStub = await startAgentStub();
  const queue = async (name: string, maxReceiveCount: number) => {
    const dlqUrl = await sqs.createQueue(`${name}-dlq`);
    const url = await sqs.createQueue(name, {
      VisibilityTimeout: '1',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: await sqs.queueArn(dlqUrl), maxReceiveCount }),
    });
    return { url, arn: await sqs.queueArn(url), dlqUrl };
  };
  const turnEvents = await queue('turn-events', 2);
  const wake = await queue('wake', 5);
  const wakeDelays = recordDelays(sqs, wake.url);
  const scheduler = mockClient(SchedulerClient);
  scheduler.onAnyCommand().resolves({});
  const clock = { offsetMs: 0, now: () => Date.now() + clock.offsetMs };
  const published: SessionChanged[] = [];
  const metrics: Metric[] = [];
  const deps: ResumerDeps = {
    store: new DynamoRetryStore({ client: dynamoClient(), tableName: table.tableName }),
    waker: new DelayRoutingWaker({
      // The Lambdas' batch window, so the end-to-end runs send their wake-ups as the classifier does on AWS.
      queue: new SqsWaker({ client: sqs.client, queueUrl: wake.url, batchWindowMs: WAKE_BATCH_WINDOW_MS }),
      schedule: new SchedulerWaker({
        client: new SchedulerClient({
          region: 'us-east-1',
          credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
        }),
        groupName: 'turn-resumer',
        targetQueueArn: wake.arn,
        roleArn: 'arn:aws:iam::123456789012:role/turn-resumer-scheduler',
      }),
    }),
    agent: new HttpAgentClient({ baseUrl: agentStub.url, secret: AGENT_SECRET, timeoutMs: 2000 }),
    sink: { publish: async (changes) => void published.push(...changes) },
    clock,
    policy,
  };
  const telemetry = { record: (points: readonly Metric[]) => void metrics.push(...points) };
  const ingest = createIngestHandler({
    queue: new SqsTurnEventQueue({ client: sqs.client, queueUrl: turnEvents.url }),
    secret: TEST_SECRET,
    nowSeconds: () => Math.floor(clock.now() / 1000),
    // As the ingest Lambda stamps `receivedAt`: to the millisecond. Whole seconds put the stamp up to 999 ms early,
    // and on a loaded machine the first wait (1–1.2 s) had then passed before the classifier armed it (DelaySeconds 0).
    nowMs: () => clock.now(),
  });
  const classifier = createClassifierHandler({ resumer: deps, telemetry, log: quiet });
  const resume = createResumeHandler({ resumer: deps, telemetry, log: quiet });
  let webhookSeq = 0;

  return {
    deps,
    sqs,
    agentStub,
    scheduler,
    clock,
    published,
    metrics,
    queues: { turnEvents, wake },
    /** DelaySeconds of every message sent to the wake queue, in send order. */
    wakeDelays,
    /** Posts a signed webhook to the ingest handler as the Function URL would. */
    async post(body: Record<string, unknown>, id = `msg_${++webhookSeq}`): Promise<LambdaFunctionURLResult> {
      const request = signedRequest({
        body: turnEventBody(body),
        id,
        timestamp: Math.floor(clock.now() / 1000),
      });
      return ingest(
        functionUrlEvent({
          method: 'POST',
          path: '/webhooks/agent',
          headers: request.headers,
          body: request.body,
        }),
      );
    },
    /** Sends a raw body to the turn-events queue, bypassing ingest. */
    async sendRaw(body: string) {
      await sqs.client.send(new SendMessageCommand({ QueueUrl: turnEvents.url, MessageBody: body }));
    },
    /** One poll of the turn-events queue into the classifier handler. */
    classify: (waitSeconds = 0) =>
      pollOnce({ client: sqs.client, queueUrl: turnEvents.url, handler: classifier, waitSeconds }),
    /** One poll of the wake queue into the resume handler, long-polling up to `waitSeconds`. */
    wake: (waitSeconds = 0) =>
      pollOnce({ client: sqs.client, queueUrl: wake.url, handler: resume, waitSeconds }),
    session: (sessionId: string) => getSession(deps.store, sessionId),
    log: async (sessionId: string) => (await listEvents(deps.store, sessionId)).items.map((e) => e.kind),
    async stop() {
      scheduler.restore();
      await agentStub.close();
      await sqs.stop();
      await table.drop();
    },
  };
}

/**
 * Records the DelaySeconds of each message the client sends to `queueUrl` (SendMessage and SendMessageBatch).
 * A test asserts the delay a wake-up carried from this rather than by receiving at once, which would race the
 * delay's real second on a loaded machine.
 */
function recordDelays(sqs: LocalSqs, queueUrl: string): number[] {
  const delays: number[] = [];
  type Send = { QueueUrl?: string; DelaySeconds?: number; Entries?: { DelaySeconds?: number }[] };
  sqs.client.middlewareStack.add(
    (next) => async (args) => {
      const input = args.input as Send;
      if (input.QueueUrl === queueUrl) {
        for (const entry of input.Entries ?? [input]) delays.push(entry.DelaySeconds ?? 0);
      }
      return next(args);
    },
    { step: 'initialize', name: 'recordWakeDelays' },
  );
  return delays;
}

export type Pipeline = Awaited<ReturnType<typeof startPipeline>>;
