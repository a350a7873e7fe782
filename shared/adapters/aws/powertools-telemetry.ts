import { type Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Metric, Telemetry } from '../../ports';

/** Telemetry as CloudWatch embedded metrics through Powertools; each dimensioned point is its own metric set. */
export class PowertoolsTelemetry implements Telemetry {
  constructor(private readonly metrics: Metrics) {}

  record(points: readonly Metric[]): void {
    for (const point of points) {
      const unit = point.unit === 'Count' ? MetricUnit.Count : MetricUnit.Milliseconds;
      if (!point.dimensions) {
        this.metrics.addMetric(point.name, unit, point.value);
        continue;
      }
      const single = this.metrics.singleMetric();
      for (const [name, value] of Object.entries(point.dimensions)) single.addDimension(name, value);
      single.addMetric(point.name, unit, point.value);
    }
  }
}
