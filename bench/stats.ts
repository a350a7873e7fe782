// Small statistics for the benchmarks: medians of repeated runs and how much they spread.

/** The value below which `p` (0–1) of the values lie, by the nearest rank; 0 for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** A median with its spread: the quartiles, the extremes, and the interquartile range over the median. */
export type Spread = { median: number; p25: number; p75: number; min: number; max: number; iqrPct: number };

export function spread(values: readonly number[], digits = 2): Spread {
  const m = median(values);
  const p25 = percentile(values, 0.25);
  const p75 = percentile(values, 0.75);
  return {
    median: round(m, digits),
    p25: round(p25, digits),
    p75: round(p75, digits),
    min: round(Math.min(...values), digits),
    max: round(Math.max(...values), digits),
    iqrPct: m === 0 ? 0 : round(((p75 - p25) / m) * 100, 1),
  };
}

export function round(value: number, digits = 2): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** Milliseconds since `started` (a `process.hrtime.bigint()` reading). */
export function msSince(started: bigint): number {
  return Number(process.hrtime.bigint() - started) / 1e6;
}
