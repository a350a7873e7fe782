/** The time and one-shot timers; tests pass a fake that they advance by hand. */
export interface Timers {
  /** Epoch ms. */
  now(): number;
  /** Runs `run` after `delayMs`; the returned function cancels it. */
  after(delayMs: number, run: () => void): () => void;
}

/** Node's timers can't wait longer than this (about 24.8 days); a longer wait is cut to it. */
export const MAX_TIMER_MS = 2_147_483_647;

/** The system clock and `setTimeout`. */
export const systemTimers: Timers = {
  now: () => Date.now(),
  after: (delayMs, run) => {
    const handle = setTimeout(run, Math.min(Math.max(0, delayMs), MAX_TIMER_MS));
    return () => clearTimeout(handle);
  },
};
