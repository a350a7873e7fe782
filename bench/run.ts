import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { benchBundles } from './bundles';
import { benchClassify } from './classify';
import { benchCost, storedItemSizes } from './cost';
import { measureLogBytes } from './log-bytes';
import { compareOutage } from './outage-sim';
import { benchPipeline } from './pipeline';
import { round } from './stats';

// `npm run bench`: every benchmark, one JSON document on stdout, also kept as bench/results/latest.json.
// `npm run bench -- --only classify,cost` runs some of them (classify, bundles, pipeline, cost, outage); `--quick` runs each with small counts.
const { values } = parseArgs({
  options: { only: { type: 'string' }, quick: { type: 'boolean', default: false } },
});
const only = new Set((values.only ?? 'classify,bundles,pipeline,cost,outage').split(','));
const quick = values.quick === true;

const started = performance.now();
const progress = (what: string) =>
  process.stderr.write(`bench: ${what} (${round((performance.now() - started) / 1000, 1)} s)\n`);

const results: Record<string, unknown> = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
};
if (only.has('classify')) {
  progress('classifier');
  results.classify = await benchClassify(quick ? { rounds: 5, processes: 1, runs: 3 } : {});
}
if (only.has('bundles')) {
  progress('bundles');
  results.bundles = await benchBundles(quick ? { initRuns: 2 } : {});
}
if (only.has('pipeline')) {
  progress('local pipeline');
  results.pipeline = await benchPipeline(quick ? { webhooks: 200 } : {});
}
if (only.has('cost')) results.cost = benchCost(await storedItemSizes(), await measureLogBytes());
if (only.has('outage')) {
  progress('outage simulation, with pacing and without');
  results.outage = await compareOutage(quick ? { sessions: 1000 } : {});
}
results.tookSeconds = round((performance.now() - started) / 1000, 1);
progress('done');

const json = JSON.stringify(results, null, 2);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/latest.json', import.meta.url), `${json}\n`);
console.log(json);
