import { Duration, Stack, Validations } from 'aws-cdk-lib';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as scheduler from 'aws-cdk-lib/aws-scheduler';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { QueueWithDlq } from './queue-with-dlq';
import { resumerWidgets } from './resumer-dashboard';
import type { ResumerFunction } from './resumer-function';
import { totalMetric } from './resumer-metrics';

export type TurnResumerMonitoringProps = {
  functions: Record<string, ResumerFunction>;
  turnEvents: QueueWithDlq;
  wake: QueueWithDlq;
  /** The stream publisher (also among `functions`) and where its stream source parks what it gave up. */
  publisher: ResumerFunction;
  publishFailures: sqs.IQueue;
  scheduleGroup: scheduler.IScheduleGroup;
  /** The dead-letter queue of the schedules: wake-ups Scheduler could not send to the wake queue. */
  scheduleFailures: sqs.IQueue;
  alarmTopic?: sns.ITopic | undefined;
  alarmEmail?: string | undefined;
  exhaustedPerHourThreshold: number;
  maxTurnEventAge: Duration;
  /** The session table. */
  table: dynamodb.ITable;
};

const FIVE_MINUTES = Duration.minutes(5);
/** The publisher's iterator age alarm fires when the oldest event it has not published yet is older than this. */
export const MAX_PUBLISH_LAG = Duration.minutes(5);

/** Alarms on everything that loses or delays a resume, sent to one SNS topic, and the resumer's dashboard. */
export class TurnResumerMonitoring extends Construct {
  readonly alarmTopic: sns.ITopic;
  readonly alarms: cw.Alarm[] = [];
  readonly dashboard: cw.Dashboard;

  constructor(scope: Construct, id: string, props: TurnResumerMonitoringProps) {
    super(scope, id);
    this.alarmTopic = props.alarmTopic ?? this.#topic();
    if (props.alarmEmail) this.alarmTopic.addSubscription(new EmailSubscription(props.alarmEmail));
    const { turnEvents, wake, publisher, publishFailures, scheduleGroup, scheduleFailures } = props;

    for (const [name, queues] of [
      ['TurnEvents', turnEvents],
      ['Wake', wake],
    ] as const) {
      this.#alarm(`${name}DeadLetters`, {
        description: `A ${name} message was dead-lettered: a turn event or wake-up was not handled. Inspect, fix, redrive.`,
        metric: queues.deadLetterQueue.metricApproximateNumberOfMessagesVisible({
          period: Duration.minutes(1),
          statistic: cw.Stats.MAXIMUM,
        }),
        threshold: 0,
      });
    }
    this.#alarm('PublishFailures', {
      description:
        'The publisher gave up a batch of logged events after its retries: watchers missed them. The message names the stream shard and sequence numbers; the events are in the session logs (docs/deploy.md).',
      metric: publishFailures.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: cw.Stats.MAXIMUM,
      }),
      threshold: 0,
    });
    this.#alarm('PublishLag', {
      description: `The oldest logged event not yet published is older than ${MAX_PUBLISH_LAG.toHumanString()}: the publisher is failing or behind (EventBridge refusing?).`,
      metric: publisher.function.metric('IteratorAge', {
        period: Duration.minutes(1),
        statistic: cw.Stats.MAXIMUM,
      }),
      threshold: MAX_PUBLISH_LAG.toMilliseconds(),
    });
    this.#alarm('TurnEventsAge', {
      description: `The oldest turn event waits longer than ${props.maxTurnEventAge.toHumanString()}: the classifier is behind or failing.`,
      metric: turnEvents.queue.metricApproximateAgeOfOldestMessage({
        period: Duration.minutes(1),
        statistic: cw.Stats.MAXIMUM,
      }),
      threshold: props.maxTurnEventAge.toSeconds(),
      evaluationPeriods: 3,
    });
    for (const [name, fn] of Object.entries(props.functions)) {
      const label = name[0]?.toUpperCase() + name.slice(1);
      this.#alarm(`${label}Errors`, {
        description: `The ${name} function failed (an error or a whole failed batch).`,
        metric: fn.function.metricErrors({ period: FIVE_MINUTES, statistic: cw.Stats.SUM }),
        threshold: 0,
      });
      this.#alarm(`${label}Throttles`, {
        description: `The ${name} function was throttled.`,
        metric: fn.function.metricThrottles({ period: FIVE_MINUTES, statistic: cw.Stats.SUM }),
        threshold: 0,
      });
    }
    this.#alarm('TableThrottles', {
      description:
        'The session table throttled reads or writes in three 5-minute periods in a row: turn events and resumes are being retried and delayed. On provisioned capacity, raise the maximum units (tableCapacity); on demand, look for one very busy session.',
      metric: new cw.MathExpression({
        expression: 'FILL(reads, 0) + FILL(writes, 0)',
        usingMetrics: {
          reads: props.table.metric('ReadThrottleEvents', { period: FIVE_MINUTES, statistic: cw.Stats.SUM }),
          writes: props.table.metric('WriteThrottleEvents', {
            period: FIVE_MINUTES,
            statistic: cw.Stats.SUM,
          }),
        },
        period: FIVE_MINUTES,
      }),
      threshold: 0,
      evaluationPeriods: 3,
    });
    this.#alarm('ExhaustedChains', {
      description: `More than ${props.exhaustedPerHourThreshold} retry chains ran out of attempts in an hour: a long outage upstream?`,
      metric: totalMetric('RetryExhausted', Duration.hours(1)),
      threshold: props.exhaustedPerHourThreshold,
    });
    this.#alarm('ResumeFailures', {
      description:
        'A resume POST to the agent hub was rejected or given up: check the hub URL, its secret and its logs.',
      metric: totalMetric('ResumeFailed', FIVE_MINUTES),
      threshold: 0,
    });
    this.#alarm('SchedulerTargetErrors', {
      description: 'EventBridge Scheduler could not send a wake-up to the wake queue (it retries).',
      metric: scheduleGroup.metricTargetErrors({ period: FIVE_MINUTES }),
      threshold: 0,
    });
    this.#alarm('SchedulerDropped', {
      description:
        'EventBridge Scheduler dropped a wake-up after its retries: that retry row will not fire by itself.',
      metric: scheduleGroup.metricDropped({ period: FIVE_MINUTES }),
      threshold: 0,
    });
    this.#alarm('ScheduleDeadLetterFailed', {
      description:
        'EventBridge Scheduler could not even dead-letter a wake-up to the schedule-failures queue (its policy or key?): that retry row will not fire by itself, and nothing else records it.',
      metric: scheduleGroup.metricFailedToBeSentToDLQ(undefined, { period: FIVE_MINUTES }),
      threshold: 0,
    });
    this.#alarm('ScheduleFailures', {
      description:
        'EventBridge Scheduler could not send a wake-up to the wake queue after its retries and dead-lettered it to the schedule-failures queue: that retry row will not fire by itself (docs/deploy.md).',
      metric: scheduleFailures.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(1),
        statistic: cw.Stats.MAXIMUM,
      }),
      threshold: 0,
    });

    this.dashboard = new cw.Dashboard(this, 'Dashboard', { defaultInterval: Duration.days(1) });
    resumerWidgets(this.dashboard, { ...props, alarms: this.alarms, title: Stack.of(this).stackName });
  }

  #topic(): sns.Topic {
    const topic = new sns.Topic(this, 'AlarmTopic', { enforceSSL: true });
    Validations.of(topic).acknowledge({
      id: 'AwsSolutions-SNS2',
      reason:
        'Alarm notifications carry alarm names and states only; CloudWatch cannot publish to a topic under the AWS-managed aws/sns key.',
    });
    return topic;
  }

  #alarm(
    id: string,
    options: { description: string; metric: cw.IMetric; threshold: number; evaluationPeriods?: number },
  ): void {
    const alarm = new cw.Alarm(this, id, {
      alarmDescription: options.description,
      metric: options.metric,
      threshold: options.threshold,
      comparisonOperator: cw.ComparisonOperator.GREATER_THAN_THRESHOLD,
      evaluationPeriods: options.evaluationPeriods ?? 1,
      treatMissingData: cw.TreatMissingData.NOT_BREACHING,
    });
    alarm.addAlarmAction(new SnsAction(this.alarmTopic));
    this.alarms.push(alarm);
  }
}
