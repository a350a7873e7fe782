import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SchedulerClient } from '@aws-sdk/client-scheduler';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoRetryStore } from '../../shared/adapters/aws/dynamo-retry-store';
import { EventBridgeSink } from '../../shared/adapters/aws/eventbridge-sink';
import { PowertoolsTelemetry } from '../../shared/adapters/aws/powertools-telemetry';
import { SchedulerWaker } from '../../shared/adapters/aws/scheduler-waker';
import { SqsWaker } from '../../shared/adapters/aws/sqs-waker';
import { DelayRoutingWaker } from '../../shared/adapters/delay-routing-waker';
import type { ResumerDeps } from '../../shared/app/deps';
import type { AwsConfig } from '../../shared/config';
import type { RetryPolicy } from '../../shared/core/policy';
import type { AgentClient, Log } from '../../shared/ports';

/** The metrics namespace of every resumer metric. */
export const METRICS_NAMESPACE = 'TurnResumer';

/** An agent client for Lambdas that never send resumes (the classifier and the API). */
const NO_AGENT: AgentClient = {
  resume: () => Promise.reject(new Error('this function does not send resumes')),
};

/** The use cases' ports on AWS: DynamoDB, the wake queue or Scheduler, EventBridge. */
export function awsResumerDeps(
  config: { policy: RetryPolicy; aws: AwsConfig },
  agent: AgentClient = NO_AGENT,
): ResumerDeps {
  const { aws } = config;
  const sqs = new SQSClient({});
  return {
    store: new DynamoRetryStore({ client: new DynamoDBClient({}), tableName: aws.tableName }),
    waker: new DelayRoutingWaker({
      queue: new SqsWaker({ client: sqs, queueUrl: aws.wakeQueueUrl }),
      schedule: new SchedulerWaker({
        client: new SchedulerClient({}),
        groupName: aws.scheduleGroup,
        targetQueueArn: aws.wakeQueueArn,
        roleArn: aws.schedulerRoleArn,
      }),
    }),
    agent,
    sink: new EventBridgeSink({ client: new EventBridgeClient({}), busName: aws.eventBusName }),
    clock: { now: () => Date.now() },
    policy: config.policy,
  };
}

/** Powertools logger and metrics for one function, with telemetry over them. */
export function observability(serviceName: string) {
  const logger = new Logger({ serviceName });
  const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName });
  type Attributes = Parameters<Logger['appendKeys']>[0];
  const log: Log = {
    info: (message, extra) => logger.info(message, (extra ?? {}) as Attributes),
    warn: (message, extra) => logger.warn(message, (extra ?? {}) as Attributes),
    error: (message, extra) => logger.error(message, (extra ?? {}) as Attributes),
  };
  return { log, metrics, telemetry: new PowertoolsTelemetry(metrics) };
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
      metrics.publishStoredMetrics();
    }
  };
}
