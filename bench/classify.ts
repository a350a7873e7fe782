import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { automatonPass, classify, primeClassifier } from '../shared/core/classify';
import type { FailureClass } from '../shared/core/types';
import { ADVERSARIAL_SIZE, adversarialTexts } from './adversarial';
import { lambdaBuildOptions, ROOT } from './lambda-build';
import { median, round, spread } from './stats';

const run = promisify(execFile);

type Case = { text: string; label: FailureClass };

/** The seed's table (../shared/seeds/000_*.txt): a plain list of retry regular expressions. */
const BASELINE_RETRY = [
  /rate.?limit/i,
  /too many requests/i,
  /429/,
  /overloaded/i,
  /500/,
  /502/,
  /503/,
  /504/,
  /server.?error/i,
  /internal.?error/i,
  /network.?error/i,
  /connection.?error/i,
  /fetch failed/i,
  /socket hang up/i,
  /timed? out/i,
  /timeout/i,
  /request ended without/i,
  /websocket.?closed/i,
  /other side closed/i,
];
const BASELINE_NEVER = [/context.?overflow/i, /too many tokens/i];

function baselineRetries(text: string): boolean {
  return !BASELINE_NEVER.some((r) => r.test(text)) && BASELINE_RETRY.some((r) => r.test(text));
}

/** The public corpus (`../shared/corpus/*.jsonl`, beside the repository). */
export function corpus(): Case[] {
  const dir = new URL('../../shared/corpus/', import.meta.url);
  return ['errors.jsonl', 'seed-cases.jsonl'].flatMap((name) =>
    readFileSync(new URL(name, dir), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Case),
  );
}

/** Texts per second of `fn` over `texts`, measured for about `ms`. */
function rate(texts: readonly string[], fn: (text: string) => unknown, ms: number): number {
  const started = process.hrtime.bigint();
  const budget = BigInt(Math.round(ms * 1e6));
  let n = 0;
  let elapsed = 0n;
  do {
    for (const text of texts) fn(text);
    n += texts.length;
    elapsed = process.hrtime.bigint() - started;
  } while (elapsed < budget);
  return n / (Number(elapsed) / 1e9);
}

export type ClassifyBenchOptions = {
  /** Alternating slices of classifier and baseline. @default 25 */
  rounds?: number;
  /** @default 100 */
  sliceMs?: number;
  /** Fresh processes per adversarial text. @default 3 */
  processes?: number;
  /** Calls per process on the adversarial text. @default 10 */
  runs?: number;
  /** Corpus rounds before the adversarial text. @default 200 */
  warmRounds?: number;
  /** @default 262144 */
  adversarialSize?: number;
  /** Only these adversarial texts. @default all */
  adversarial?: readonly string[];
};

/**
 * Classifier throughput over the corpus beside the regex-list baseline, in the same process and in alternating
 * slices (so both see the same machine load), their accuracy, and the time for one 256 KiB adversarial text.
 */
export async function benchClassify(options: ClassifyBenchOptions = {}) {
  const cases = corpus();
  const texts = cases.map((c) => c.text);
  const wantRetry = (label: FailureClass) =>
    label === 'capacity' || label === 'server' || label === 'transport';
  const classifier = (message: string) => classify({ message });
  const rounds = options.rounds ?? 25;
  const sliceMs = options.sliceMs ?? 100;
  // As the classifier function does when it starts (lambdas/classifier/index.ts). Without it, about one process in
  // twelve compiles the scan before it has seen every path and runs 20–25 % slower throughout (docs/performance.md).
  primeClassifier();
  rate(texts, classifier, sliceMs * 5);
  rate(texts, baselineRetries, sliceMs * 5);
  const ours: number[] = [];
  const theirs: number[] = [];
  const ratios: number[] = [];
  const passes: number[] = [];
  const passRatios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const a = rate(texts, classifier, sliceMs);
    const b = rate(texts, baselineRetries, sliceMs);
    // The automaton alone, nothing judged: the floor of any classifier built on it (about 2.7 ns a character).
    const c = rate(texts, automatonPass, sliceMs);
    ours.push(a);
    theirs.push(b);
    ratios.push(a / b);
    passes.push(c);
    passRatios.push(c / b);
  }
  const meanLength = texts.reduce((sum, t) => sum + t.length, 0) / texts.length;
  return {
    corpusTexts: texts.length,
    meanTextChars: round(meanLength, 1),
    method: `${rounds} alternating ${sliceMs} ms slices of each, one thread, after a warm-up; medians, with quartiles and extremes as the noise`,
    classifier: {
      textsPerSecond: Math.round(median(ours)),
      spread: spread(ours, 0),
      retryDecisionsRight: cases.filter(
        (c) => (classify({ message: c.text }).retry !== null) === wantRetry(c.label),
      ).length,
      classesRight: cases.filter((c) => classify({ message: c.text }).class === c.label).length,
    },
    regexListBaseline: {
      textsPerSecond: Math.round(median(theirs)),
      spread: spread(theirs, 0),
      retryDecisionsRight: cases.filter((c) => baselineRetries(c.text) === wantRetry(c.label)).length,
    },
    classifierOverBaseline: spread(ratios, 3),
    automatonPassAlone: {
      what: "the text lowercased and read through the classifier's automaton, one table step a character, nothing folded or judged",
      textsPerSecond: Math.round(median(passes)),
      overBaseline: spread(passRatios, 3),
    },
    adversarial256KiB: await benchAdversarial(texts, options),
  };
}

/**
 * Each adversarial text in fresh processes running the classifier bundled as a Lambda is: warmed on the corpus,
 * then the text `runs` times. `firstMs` is the first call on the text (median over processes): the optimising
 * compiler has not seen its shape yet. `steadyMs` is the median of the calls after it.
 */
async function benchAdversarial(texts: readonly string[], options: ClassifyBenchOptions) {
  const dir = mkdtempSync(join(tmpdir(), 'resumer-bench-classify-'));
  try {
    const child = join(dir, 'classify-child.mjs');
    await build({
      ...lambdaBuildOptions(),
      sourcemap: false,
      entryPoints: [join(ROOT, 'bench', 'classify-child.ts')],
      outfile: child,
    });
    const corpusFile = join(dir, 'corpus.json');
    writeFileSync(corpusFile, JSON.stringify(texts));
    const size = options.adversarialSize ?? ADVERSARIAL_SIZE;
    const names = options.adversarial ?? Object.keys(adversarialTexts(16));
    const processes = options.processes ?? 3;
    const byText: Record<string, { firstMs: number; steadyMs: number; maxMs: number }> = {};
    for (const name of names) {
      const firsts: number[] = [];
      const rest: number[] = [];
      for (let p = 0; p < processes; p++) {
        const { stdout } = await run(process.execPath, [
          child,
          name,
          corpusFile,
          String(options.warmRounds ?? 200),
          String(options.runs ?? 10),
          String(size),
        ]);
        const { times } = JSON.parse(stdout) as { times: number[] };
        firsts.push(times[0] ?? 0);
        rest.push(...times.slice(1));
      }
      byText[name] = {
        firstMs: round(median(firsts), 2),
        steadyMs: round(median(rest.length > 0 ? rest : firsts), 2),
        maxMs: round(Math.max(...firsts, ...rest), 2),
      };
    }
    const worst = (key: 'firstMs' | 'steadyMs') =>
      Object.entries(byText).reduce((w, [name, t]) => (t[key] > w.ms ? { text: name, ms: t[key] } : w), {
        text: '',
        ms: 0,
      });
    return {
      chars: size,
      method: `${processes} fresh processes per text (the classifier bundled as for Lambda, warmed on the corpus); first call and the median of the next ${(options.runs ?? 10) - 1}`,
      worstFirst: worst('firstMs'),
      worstSteady: worst('steadyMs'),
      byText,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
