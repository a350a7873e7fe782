import { readFileSync } from 'node:fs';
import { classify } from '../shared/core/classify';
import type { FailureClass } from '../shared/core/types';

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

function corpus(): Case[] {
  const dir = new URL('../../shared/corpus/', import.meta.url);
  return ['errors.jsonl', 'seed-cases.jsonl'].flatMap((name) =>
    readFileSync(new URL(name, dir), 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as Case),
  );
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function textsPerSecond(texts: readonly string[], run: (text: string) => unknown, rounds = 7): number {
  const rates: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = process.hrtime.bigint();
    let n = 0;
    while (process.hrtime.bigint() - started < 200_000_000n) {
      for (const text of texts) run(text);
      n += texts.length;
    }
    rates.push(n / (Number(process.hrtime.bigint() - started) / 1e9));
  }
  return Math.round(median(rates));
}

function worstMs(text: string, rounds = 5): number {
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const started = process.hrtime.bigint();
    classify({ message: text });
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  return Number(Math.max(...times.slice(1)).toFixed(2));
}

/** Classifier throughput beside the regex-list baseline, their accuracy, and the worst 256 KiB input. */
export function benchClassify() {
  const cases = corpus();
  const texts = cases.map((c) => c.text);
  const wantRetry = (label: FailureClass) =>
    label === 'capacity' || label === 'server' || label === 'transport';
  const size = 262_144;
  const adversarial = {
    digits: '9'.repeat(size),
    retryAfter: 'retry after '.repeat(Math.floor(size / 12)),
    nestedJson: '['.repeat(size / 2) + ']'.repeat(size / 2),
    statusLike: 'API Error: 5'.repeat(Math.floor(size / 12)),
    plain: 'a'.repeat(size),
  };
  return {
    corpusTexts: texts.length,
    classifier: {
      textsPerSecond: textsPerSecond(texts, (message) => classify({ message })),
      retryDecisionsRight: cases.filter(
        (c) => (classify({ message: c.text }).retry !== null) === wantRetry(c.label),
      ).length,
      classesRight: cases.filter((c) => classify({ message: c.text }).class === c.label).length,
    },
    regexListBaseline: {
      textsPerSecond: textsPerSecond(texts, baselineRetries),
      retryDecisionsRight: cases.filter((c) => baselineRetries(c.text) === wantRetry(c.label)).length,
    },
    adversarial256KiBWorstMs: Object.fromEntries(
      Object.entries(adversarial).map(([k, v]) => [k, worstMs(v)]),
    ),
  };
}
