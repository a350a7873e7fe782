// One adversarial text in a fresh process, bundled like a Lambda: warm the classifier on the corpus (as a live
// function would be), then time the first call on the text (the shape is new to the optimising compiler) and
// the calls after it. Prints one JSON line.
import { readFileSync } from 'node:fs';
import { classify, primeClassifier } from '../shared/core/classify';
import { adversarialTexts } from './adversarial';

const [name = '', corpusFile = '', warmRounds = '200', runs = '10', size = ''] = process.argv.slice(2);
const texts = JSON.parse(readFileSync(corpusFile, 'utf8')) as string[];
primeClassifier(); // as lambdas/classifier/index.ts does when it starts
for (let round = 0; round < Number(warmRounds); round++) {
  for (const message of texts) classify({ message });
}
const text = adversarialTexts(size ? Number(size) : undefined)[name];
if (text === undefined) throw new Error(`no adversarial text ${name}`);
const times: number[] = [];
for (let run = 0; run < Number(runs); run++) {
  const started = process.hrtime.bigint();
  classify({ message: text }, { now: Date.now() });
  times.push(Number(process.hrtime.bigint() - started) / 1e6);
}
process.stdout.write(`${JSON.stringify({ name, times })}\n`);
