// The log-bytes measurement runs end to end: the real handlers and Powertools write, the bench counts.
// No timing is asserted.
import { describe, expect, it } from 'vitest';
import { measureLogBytes } from '../../bench/log-bytes';

describe('measureLogBytes', () => {
  it('counts the lines each function writes for one failure and sums them', async () => {
    const envBefore = { ...process.env };
    const measured = await measureLogBytes();
    expect(Object.keys(measured.byFunction)).toEqual(['ingest', 'classifier', 'resume', 'publisher']);
    // Ingest has no logger and no metrics (lambdas/ingest/index.ts): it writes nothing, and the measurement
    // says so rather than inventing lines. The others log a line per record and flush their metrics.
    expect(measured.byFunction.ingest).toBe(0);
    for (const fn of ['classifier', 'resume', 'publisher']) {
      expect(measured.byFunction[fn], fn).toBeGreaterThan(0);
      expect(measured.lines[fn], fn).toBeGreaterThan(0);
    }
    const sum = Object.values(measured.byFunction).reduce((a, b) => a + b, 0);
    expect(measured.perFailure).toBe(sum);
    expect(process.env).toEqual(envBefore);
  });
});
