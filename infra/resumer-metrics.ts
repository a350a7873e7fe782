import { Duration } from 'aws-cdk-lib';
import * as cw from 'aws-cdk-lib/aws-cloudwatch';
import type { Metric } from '../shared/ports';

/** The namespace of the resumer's own metrics (`METRICS_NAMESPACE` in lambdas/shared/aws-resumer.ts). */
export const RESUMER_NAMESPACE = 'TurnResumer';

/**
 * The Powertools `service` dimension each metric carries: the `observability(name)` of the functions that
 * record metrics. CloudWatch keys a metric by all its dimensions, so a total is a sum over these.
 */
export const METRIC_SERVICES = ['api', 'classifier', 'resume'] as const;

type MetricName = Metric['name'];

/** One resumer metric of one service, e.g. `ResumeFired` of `resume`. */
export function serviceMetric(
  name: MetricName,
  service: (typeof METRIC_SERVICES)[number],
  options: cw.MetricOptions = {},
): cw.Metric {
  return new cw.Metric({
    namespace: RESUMER_NAMESPACE,
    metricName: name,
    dimensionsMap: { service },
    statistic: cw.Stats.SUM,
    ...options,
  });
}

/** A metric without its own dimensions summed over every service; alarms can use it (no SEARCH). */
export function totalMetric(name: MetricName, period: Duration, label = name): cw.MathExpression {
  // Ids are unique per metric, since one graph may hold several totals.
  const id = (service: string) => `${name[0]?.toLowerCase()}${name.slice(1)}_${service}`;
  const usingMetrics = Object.fromEntries(
    METRIC_SERVICES.map((service) => [id(service), serviceMetric(name, service, { period })]),
  );
  return new cw.MathExpression({
    expression: METRIC_SERVICES.map((service) => `FILL(${id(service)}, 0)`).join(' + '),
    usingMetrics,
    period,
    label,
  });
}

/** Every series of a metric split by `dimension` (and service), for graphs: one line per value. */
export function searchByDimension(name: MetricName, dimension: string, period = Duration.minutes(5)) {
  return new cw.MathExpression({
    expression: `SEARCH('{${RESUMER_NAMESPACE},service,${dimension}} MetricName="${name}"', 'Sum', ${period.toSeconds()})`,
    period,
    label: '',
  });
}
