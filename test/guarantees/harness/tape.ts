/**
 * The random choices of one simulated history (which message goes next, how many copies, how late), read in
 * order from a list fast-check generated. A used-up tape answers 0: the first message, one copy, no delay, so
 * shrinking the tape shrinks a counterexample towards plain in-order delivery.
 */
export class Tape {
  #at = 0;
  constructor(readonly values: readonly number[]) {}

  /** An index below `n`. */
  pick(n: number): number {
    if (n <= 1) return 0;
    return this.#next() % n;
  }

  /** True with probability `p`; never on a used-up tape. */
  chance(p: number): boolean {
    return this.#next() % 1000 >= 1000 - Math.round(p * 1000);
  }

  /** One of `options`, the first on a used-up tape. */
  oneOf<T>(options: readonly [T, ...T[]]): T {
    return options[this.pick(options.length)] ?? options[0];
  }

  #next(): number {
    const value = this.values[this.#at];
    this.#at++;
    return value ?? 0;
  }
}
