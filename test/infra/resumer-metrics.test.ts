import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { METRIC_SERVICES, RESUMER_NAMESPACE } from '../../infra/resumer-metrics';
import { METRICS_NAMESPACE } from '../../lambdas/shared/aws-resumer';

const lambdas = join(import.meta.dirname, '..', '..', 'lambdas');

/** The Powertools service names the composition roots pass to `observability(...)`. */
function servicesRecordingMetrics(): string[] {
  return readdirSync(lambdas, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
    .flatMap((entry) => {
      const source = readFileSync(join(lambdas, entry.name, 'index.ts'), 'utf8');
      return [...source.matchAll(/observability\(\s*'([^']+)'\s*\)/g)].map((m) => m[1] ?? '');
    })
    .sort();
}

describe('the metrics the alarms and the dashboard read', () => {
  it('are in the namespace the functions publish to', () => {
    expect(RESUMER_NAMESPACE).toBe(METRICS_NAMESPACE);
  });

  it('sum over exactly the services that record metrics (the Powertools service dimension)', () => {
    expect([...METRIC_SERVICES].sort()).toEqual(servicesRecordingMetrics());
  });
});
