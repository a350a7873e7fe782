import { Duration } from 'aws-cdk-lib';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import type * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { QueueWithDlq } from './queue-with-dlq';
import type { ResumerFunction } from './resumer-function';
import { searchByDimension, serviceMetric, totalMetric } from './resumer-metrics';

export type ResumerWidgetsProps = {
  title: string;
  functions: Record<string, ResumerFunction>;
  turnEvents: QueueWithDlq;
  wake: QueueWithDlq;
  publisher: ResumerFunction;
  publishFailures: sqs.IQueue;
  scheduleGroup: scheduler.IScheduleGroup;
  scheduleFailures: sqs.IQueue;
  alarms: cw.IAlarm[];
};

const PERIOD = Duration.minutes(5);
const graph = (title: string, left: cw.IMetric[], width = 8) =>
  new cw.GraphWidget({ title, left, width, height: 6, period: PERIOD });
const max = (label: string) => ({ label, statistic: cw.Stats.MAXIMUM });

/**
 * The dashboard, top to bottom: what the resumer did (scheduled, fired, skipped by why, exhausted, failed, too
 * late, not retried by class, wake lateness, held by the pacer), then queue depth, dead letters and lags, then
 * function health, then Scheduler.
 */
export function resumerWidgets(dashboard: cw.Dashboard, props: ResumerWidgetsProps): void {
  const { functions, turnEvents, wake, publisher, publishFailures, scheduleGroup, scheduleFailures } = props;
  const fns = Object.entries(functions);
  dashboard.addWidgets(
    new cw.TextWidget({
      markdown: `## Turn resumer (${props.title})\nRetries and resumes first; then the queues, the functions and Scheduler.`,
      width: 24,
      height: 2,
    }),
  );
  dashboard.addWidgets(
    graph('Retries scheduled, by reason', [searchByDimension('RetryScheduled', 'reason')]),
    graph('Resumes fired, exhausted, failed, too late', [
      totalMetric('ResumeFired', PERIOD),
      totalMetric('RetryExhausted', PERIOD),
      totalMetric('ResumeFailed', PERIOD),
      totalMetric('ResumeLate', PERIOD),
    ]),
    graph('Resumes skipped, by why', [searchByDimension('ResumeSkipped', 'why')]),
  );
  dashboard.addWidgets(
    graph('Failures not retried, by class', [searchByDimension('FailureNotRetried', 'class')]),
    graph(
      'Wake lateness (ms)',
      ['p50', 'p99'].map((stat) =>
        serviceMetric('WakeLatenessMs', 'resume', { statistic: stat, label: stat }),
      ),
    ),
    // docs/pacing.md: resumes held while a down upstream is probed or in a paced release, and the probes sent.
    graph('Paced resumes: held by why, probes', [
      searchByDimension('ResumeHeld', 'why'),
      serviceMetric('PacerProbe', 'resume', { label: 'probes' }),
    ]),
  );
  dashboard.addWidgets(
    graph(
      'Queue depth',
      [
        turnEvents.queue.metricApproximateNumberOfMessagesVisible(max('turn events')),
        wake.queue.metricApproximateNumberOfMessagesVisible(max('wake-ups due')),
        wake.queue.metricApproximateNumberOfMessagesNotVisible(max('wake-ups in flight')),
      ],
      6,
    ),
    graph(
      'Dead letters',
      [
        turnEvents.deadLetterQueue.metricApproximateNumberOfMessagesVisible(max('turn events DLQ')),
        wake.deadLetterQueue.metricApproximateNumberOfMessagesVisible(max('wake DLQ')),
        publishFailures.metricApproximateNumberOfMessagesVisible(max('publish failures')),
        scheduleFailures.metricApproximateNumberOfMessagesVisible(max('schedule failures')),
      ],
      6,
    ),
    graph('Oldest turn event (s)', [turnEvents.queue.metricApproximateAgeOfOldestMessage(max('age'))], 6),
    graph('Publish lag, iterator age (ms)', [publisher.function.metric('IteratorAge', max('publisher'))], 6),
  );
  dashboard.addWidgets(
    graph(
      'Invocations',
      fns.map(([name, fn]) => fn.function.metricInvocations({ label: name })),
    ),
    graph(
      'Errors and throttles',
      fns.flatMap(([name, fn]) => [
        fn.function.metricErrors({ label: `${name} errors` }),
        fn.function.metricThrottles({ label: `${name} throttles` }),
      ]),
    ),
    graph(
      'Duration p99 (ms)',
      fns.map(([name, fn]) => fn.function.metricDuration({ label: name, statistic: 'p99' })),
    ),
  );
  dashboard.addWidgets(
    graph(
      'Scheduler',
      [
        scheduleGroup.metricAttempts({ label: 'attempts' }),
        scheduleGroup.metricTargetErrors({ label: 'target errors' }),
        scheduleGroup.metricDropped({ label: 'dropped' }),
      ],
      12,
    ),
    new cw.AlarmStatusWidget({ title: 'Alarms', alarms: props.alarms, width: 12, height: 6 }),
  );
}
