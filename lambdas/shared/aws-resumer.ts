import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { DynamoPacer } from '../../shared/adapters/aws/dynamo-pacer';
import { DynamoRetryStore } from '../../shared/adapters/aws/dynamo-retry-store';
import { PowertoolsTelemetry } from '../../shared/adapters/aws/powertools-telemetry';
import { SchedulerWaker } from '../../shared/adapters/aws/scheduler-waker';
import { DynamoDBClient } from '../../shared/adapters/aws/sdk/client-dynamodb';
import { SchedulerClient } from '../../shared/adapters/aws/sdk/client-scheduler';
import { SQSClient } from '../../shared/adapters/aws/sdk/client-sqs';
import { SqsWaker } from '../../shared/adapters/aws/sqs-waker';
import { DelayRoutingWaker } from '../../shared/adapters/delay-routing-waker';
import type { ResumerDeps } from '../../shared/app/deps';
import type { AwsConfig } from '../../shared/config';
import type { PacerSettings } from '../../shared/core/pacer-state';
import type { RetryPolicy } from '../../shared/core/policy';
import type { AgentClient, EventSink, Log } from '../../shared/ports';

/** The metrics namespace of every resumer metric. */
export const METRICS_NAMESPACE = 'TurnResumer';

/** An agent client for Lambdas that never send resumes (the classifier and the API). */
const NO_AGENT: AgentClient = {
  resume: () => Promise.reject(new Error('this function does not send resumes')),
};

/**
 * The sink of the deciding functions on AWS: it publishes nothing. Every event they log is an item written in
 * the same transaction as the row, the table's stream carries each such item, and the publisher function
 * (lambdas/publisher) sends it to the bus, handed the record again while its PutEvents fails: a publish can no
 * longer be lost between the commit and a crash, and a redelivered message that finds its change stored has
 * nothing left to publish.
 */
export const PUBLISHED_FROM_THE_STREAM: EventSink = { publish: async () => {} };

/**
 * How long an SQS wake-up waits for others to share its `SendMessageBatch`. A batch's records are handled side by
 * side (Powertools' parallel processing), so their wake-ups are armed within a few ms of each other; the shortest
 * wait armed is a second, so 20 ms more costs nothing a user sees, and a batch of 10 failures sends one message
 * call instead of ten (docs/performance.md, section 4).
 */
export const WAKE_BATCH_WINDOW_MS = 20;

/**
 * A DynamoDB try that stalls (a socket that never answers) fails after 2 s instead of holding the function until
 * its timeout; DynamoDB answers in milliseconds, and the SDK still tries again as it does on a throttle. Without
 * `throwOnRequestTimeout` the SDK only warns and keeps waiting. (A review: a stalled read while the resume recorded
 * its POST's answer outlasted the 4 s kept of the claim's lease, and a stop then logged a landed resume skipped.)
 */
export const DYNAMO_CLIENT_CONFIG = {
  requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
};

/**
 * The use cases' ports on AWS: DynamoDB, the wake queue or Scheduler; events reach the bus through the stream.
 * With `pacing`, the pacer's items live in the same table.
 */
export function awsResumerDeps(
  config: { policy: RetryPolicy; aws: AwsConfig; pacing?: PacerSettings | null },
  agent: AgentClient = NO_AGENT,
): ResumerDeps {
  const { aws, pacing } = config;
  const sqs = new SQSClient({});
  const dynamo = new DynamoDBClient(DYNAMO_CLIENT_CONFIG);
  return {
    store: new DynamoRetryStore({ client: dynamo, tableName: aws.tableName }),
    ...(pacing
      ? { pacer: new DynamoPacer({ client: dynamo, tableName: aws.tableName, settings: pacing }) }
      : {}),
    waker: new DelayRoutingWaker({
      queue: new SqsWaker({ client: sqs, queueUrl: aws.wakeQueueUrl, batchWindowMs: WAKE_BATCH_WINDOW_MS }),
      schedule: new SchedulerWaker({
        client: new SchedulerClient({}),
        groupName: aws.scheduleGroup,
        targetQueueArn: aws.wakeQueueArn,
        roleArn: aws.schedulerRoleArn,
        deadLetterArn: aws.scheduleDeadLetterArn,
      }),
    }),
    agent,
    sink: PUBLISHED_FROM_THE_STREAM,
    clock: { now: () => Date.now() },
    policy: config.policy,
  };
}

/** The Log port over a Powertools logger of one function, for a function that records no resumer metrics. */
export function functionLog(serviceName: string): Log {
  return logOf(new Logger({ serviceName }));
}

/** Powertools logger and metrics for one function, with telemetry over them. */
export function observability(serviceName: string) {
  const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName });
  return { log: functionLog(serviceName), metrics, telemetry: new PowertoolsTelemetry(metrics) };
}

function logOf(logger: Logger): Log {
  type Attributes = Parameters<Logger['appendKeys']>[0];
  return {
    info: (message, extra) => logger.info(message, (extra ?? {}) as Attributes),
    warn: (message, extra) => logger.warn(message, (extra ?? {}) as Attributes),
    error: (message, extra) => logger.error(message, (extra ?? {}) as Attributes),
  };
}

/** Wraps a handler so that the metrics it stored are flushed after every invocation, even a failed one. */
export function flushingMetrics<A extends unknown[], R>(
  metrics: Metrics,
  handler: (...args: A) => Promise<R>,
) {
  return async (...args: A): Promise<R> => {
    try {
      return await handler(...args);
    } finally {
      // Publishing nothing would log Powertools' "No application metrics to publish" warning on every such
      // invocation: 169 bytes of CloudWatch Logs each time, for nothing.
      if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
    }
  };
}
