import { mkdirSync, writeFileSync } from 'node:fs';
import { benchClassify } from './classify';

// Every benchmark prints into one JSON document, also kept as bench/results/latest.json.
const results = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  classify: benchClassify(),
};
const json = JSON.stringify(results, null, 2);
mkdirSync(new URL('./results/', import.meta.url), { recursive: true });
writeFileSync(new URL('./results/latest.json', import.meta.url), `${json}\n`);
console.log(json);
