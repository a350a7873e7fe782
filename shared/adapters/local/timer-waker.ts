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
    // After stop the process is going down; the next start re-arms from the store.
    if (this.#stopped) return { kind: 'armed', via: 'queue' };
    const key = keyOf(wake);
    this.#armed.get(key)?.();
    const cancel = this.#timers.after(Math.max(0, delayMs), () => {
      this.#armed.delete(key);
      this.#deliver(wake).catch((error: unknown) => {
        this.#log.error('could not queue a due wake-up; it is re-armed at the next start', {
          sessionId: wake.sessionId,
          promptId: wake.promptId,
          error: (error as Error).message,
        });
      });
    });
    this.#armed.set(key, cancel);
    return { kind: 'armed', via: 'queue' };
  }

  async disarm(wake: WakeMessage): Promise<void> {
    const key = keyOf(wake);
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
    for (const { sessionId, retry } of page.items) {
      if (!retry) continue;
      const { turnId, attempt, promptId, nextAt } = retry;
      await waker.arm({ sessionId, turnId, attempt, promptId, nextAt }, Math.max(0, nextAt - now));
      count++;
    }
    cursor = page.cursor;
  } while (cursor);
  return count;
}

function keyOf(wake: WakeMessage): string {
  return `${wake.sessionId}\u0000${wake.promptId}`;
}
