import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flushingMetrics } from '../../lambdas/shared/aws-resumer';

/** Everything written to stdout and stderr while `run` runs. */
async function written(run: () => Promise<unknown>): Promise<string> {
  const chunks: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(capture);
  vi.spyOn(process.stderr, 'write').mockImplementation(capture);
  try {
    await run().catch(() => {});
  } finally {
    vi.restoreAllMocks();
  }
  return chunks.join('');
}

describe('flushingMetrics', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('publishes what the handler stored, once, even when it throws', async () => {
    const metrics = new Metrics({ namespace: 'TurnResumer', serviceName: 'resume' });
    const handler = flushingMetrics(metrics, async () => {
      metrics.addMetric('ResumeFired', MetricUnit.Count, 1);
      throw new Error('agent down');
    });
    const out = await written(handler);
    const blobs = out.split('\n').filter((line) => line.includes('"_aws"'));
    expect(blobs).toHaveLength(1);
    expect(JSON.parse(blobs[0] ?? '{}')).toMatchObject({ ResumeFired: 1, service: 'resume' });
  });

  it('writes nothing when the handler stored no metric (no "No application metrics" warning)', async () => {
    const metrics = new Metrics({ namespace: 'TurnResumer', serviceName: 'classifier' });
    const out = await written(flushingMetrics(metrics, async () => 'ok'));
    expect(out).toBe('');
  });
});
