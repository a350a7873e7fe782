// fast-check run parameters shared by the property tests: a printed seed that FC_SEED pins, bounded runs.
import type { Parameters } from 'fast-check';

/**
 * The seed of this run: `FC_SEED` when set (to replay a failure), otherwise a fresh one. Property tests print
 * it, and fast-check repeats it (with the shrink path) in every failure report.
 */
export function runSeed(): number {
  const pinned = process.env.FC_SEED;
  if (pinned !== undefined && pinned !== '') {
    const seed = Number(pinned);
    if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer, got ${pinned}`);
    return seed;
  }
  return (Date.now() ^ Math.floor(Math.random() * 0x7fffffff)) | 0;
}

/** `numRuns` unless `FC_NUM_RUNS` scales it (`FC_NUM_RUNS=10000` for a long soak). */
export function runCount(numRuns: number): number {
  const override = process.env.FC_NUM_RUNS;
  if (override === undefined || override === '') return numRuns;
  const runs = Number(override);
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`FC_NUM_RUNS must be ≥ 1, got ${override}`);
  return runs;
}

/** Parameters for `fc.assert`: the seed, bounded runs, and `FC_PATH` to replay one shrunk counterexample. */
export function fcParams<T>(seed: number, numRuns: number): Parameters<T> {
  const path = process.env.FC_PATH;
  return {
    seed,
    numRuns: runCount(numRuns),
    ...(path ? { path, endOnFailure: true } : {}),
  };
}

/** One line a run leaves behind: what was explored (and, for a property, under which seed). */
export function report(name: string, figures: Record<string, unknown>): void {
  const parts = Object.entries(figures).map(([key, value]) => `${key}=${format(value)}`);
  console.log(`[guarantees] ${name} ${parts.join(' ')}`);
}

function format(value: unknown): string {
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
