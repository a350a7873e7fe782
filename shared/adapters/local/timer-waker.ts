import type { WakeMessage } from '../../core/types';
import type { ArmResult, Log, RetryStore, Waker } from '../../ports';
import { systemTimers, type Timers } from './timers';

export type TimerWakerOptions = {
  /** Hands a due wake-up on (to the local wake queue). */
  deliver: (wake: WakeMessage) => Promise<void>;
  log: Log;
  /** @default systemTimers */
  timers?: Timers;
};

/**
 * Arms wake-ups as in-process timers. Nothing is written: the store's waiting rows are the durable record, and
 * `rearmWaiting` arms them all again at start. Arming the same attempt again replaces its timer.
 */
export class TimerWaker implements Waker {
  readonly #deliver: (wake: WakeMessage) => Promise<void>;
  readonly #log: Log;
  readonly #timers: Timers;
  readonly #armed = new Map<string, () => void>();
  /** Per armed attempt, the number of its latest arm: a failed delivery is tried again only if still the latest. */
  readonly #changes = new Map<string, number>();
  #arms = 0;
  #stopped = false;

  constructor({ deliver, log, timers = systemTimers }: TimerWakerOptions) {
    this.#deliver = deliver;
    this.#log = log;
    this.#timers = timers;
  }

  /** Wake-ups waiting on a timer. */
  get size(): number {
    return this.#armed.size;
  }

  async arm(wake: WakeMessage, delayMs: number): Promise<ArmResult> {
    this.#changed(wake);
    this.#set(wake, delayMs, 0);
    return { kind: 'armed', via: 'queue' };
  }

  /**
   * Sets the timer. A wake-up that could not be queued when due (its journal write failed: a full disk) is tried
   * again with backoff, up to a minute apart, for as long as the process runs; the next start re-arms it anyway.
   */
  #set(wake: WakeMessage, delayMs: number, failures: number): void {
    // After stop the process is going down; the next start re-arms from the store.
    if (this.#stopped) return;
    const key = keyOf(wake);
    this.#armed.get(key)?.();
    const cancel = this.#timers.after(Math.max(0, delayMs), () => {
      this.#armed.delete(key);
      const change = this.#changes.get(key);
      this.#deliver(wake).then(
        () => {
          if (this.#changes.get(key) === change) this.#changes.delete(key);
        },
        (error: unknown) => {
          const retryMs = Math.min(REDELIVER_MAX_MS, REDELIVER_FIRST_MS * 2 ** failures);
          this.#log.error('could not queue a due wake-up; trying again', {
            sessionId: wake.sessionId,
            promptId: wake.promptId,
            retryInMs: retryMs,
            error: (error as Error).message,
          });
          // Unless the attempt was armed again or disarmed meanwhile: then that is what counts now.
          if (this.#changes.get(key) === change) this.#set(wake, retryMs, failures + 1);
        },
      );
    });
    this.#armed.set(key, cancel);
  }

  #changed(wake: WakeMessage): void {
    this.#changes.set(keyOf(wake), ++this.#arms);
  }

  async disarm(wake: WakeMessage): Promise<void> {
    const key = keyOf(wake);
    this.#changes.delete(key);
    this.#armed.get(key)?.();
    this.#armed.delete(key);
  }

  /** Cancels every timer and ignores later arms. */
  stop(): void {
    this.#stopped = true;
    for (const cancel of this.#armed.values()) cancel();
    this.#armed.clear();
  }
}

/** Arms a wake-up for every session the store has waiting (all pages); one already due fires at once. */
export async function rearmWaiting(store: RetryStore, waker: Waker, now: number): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  do {
    const page = await store.waiting({ limit: 500, ...(cursor ? { cursor } : {}) });
    for (const { sessionId, retry, sending } of page.items) {
      // An attempt being sent has its wake-up in the journal already: a second one would halve its backoff.
      if (!retry || sending?.promptId === retry.promptId) continue;
      const { turnId, attempt, promptId, nextAt } = retry;
      await waker.arm({ sessionId, turnId, attempt, promptId, nextAt }, Math.max(0, nextAt - now));
      count++;
    }
    cursor = page.cursor;
  } while (cursor);
  return count;
}

/** The first wait before a due wake-up that could not be queued is tried again, and the longest. */
const REDELIVER_FIRST_MS = 1_000;
const REDELIVER_MAX_MS = 60_000;

function keyOf(wake: WakeMessage): string {
  return `${wake.sessionId}\u0000${wake.promptId}`;
}
