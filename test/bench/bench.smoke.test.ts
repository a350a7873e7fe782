// The benchmark modules run end to end with tiny counts and report in the shape docs/performance.md reads.
// No timing is asserted: these only prove `npm run bench` still works.
import { describe, expect, it } from 'vitest';
import { benchBundles } from '../../bench/bundles';
import { benchClassify } from '../../bench/classify';
import { benchCost, storedItemSizes } from '../../bench/cost';
import { benchPipeline } from '../../bench/pipeline';

describe('npm run bench, with tiny counts', () => {
  it('measures the classifier beside the regex-list baseline, and adversarial texts in fresh processes', async () => {
    const result = await benchClassify({
      rounds: 1,
      sliceMs: 5,
      processes: 1,
      runs: 2,
      warmRounds: 1,
      adversarialSize: 4096,
      adversarial: ['digits', 'jsonEscapes'],
    });
    expect(result.corpusTexts).toBeGreaterThan(0);
    expect(result.classifier.textsPerSecond).toBeGreaterThan(0);
    expect(result.regexListBaseline.textsPerSecond).toBeGreaterThan(0);
    expect(result.automatonPassAlone.textsPerSecond).toBeGreaterThan(0);
    expect(Object.keys(result.adversarial256KiB.byText)).toEqual(['digits', 'jsonEscapes']);
    expect(result.adversarial256KiB.worstFirst.text).not.toBe('');
  });

  it('prices a failure event from the price list, itemised, with the item sizes the store writes', async () => {
    const sizes = await storedItemSizes();
    expect(sizes.failures).toBeGreaterThan(50);
    expect(sizes.rowBytes).toBeGreaterThan(200);
    expect(sizes.eventBytes).toBeGreaterThan(200);
    const result = benchCost(sizes, { perFailure: 2000, lines: { resume: 2 } });
    expect(result.assumptions.logBytes).toBe(2000 + 2 * 26);
    const totals = [
      result.thisDesign.sparse,
      result.thisDesign.busy,
      result.floor,
      result.stepFunctionsStandard,
    ];
    for (const total of totals) {
      expect(total.lines.length).toBeGreaterThan(0);
      expect(total.usdPerMillionFailures).toBeGreaterThan(0);
      for (const line of total.lines) expect(line.arithmetic).toContain(' × $');
    }
  });

  it('builds a Lambda as the stack does and imports it against a local Secrets Manager', async () => {
    const result = await benchBundles({ initRuns: 1, only: ['ingest'] });
    const ingest = result.bundles.ingest as {
      minifiedBytes: number;
      importMs: { medianMs?: number; error?: string };
    };
    expect(ingest.minifiedBytes).toBeGreaterThan(0);
    expect(ingest.importMs.error).toBeUndefined();
    expect(result.secretRequestsServed).toBeGreaterThan(0);
  }, 60_000);

  it('carries signed webhooks through the local server to armed wake-ups and resumes', async () => {
    const result = await benchPipeline({ webhooks: 5, levels: [2], paced: [], delays: '1s' });
    expect(result.bySenders['2']).toMatchObject({ refused: 0, allArmed: true, allResumed: true });
  }, 90_000);
});
