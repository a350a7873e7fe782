// A hand-advanced clock and timer queue for the local adapters (shared/adapters/local/timers.ts).
import type { Timers } from '../../shared/adapters/local/timers';
import { T0 } from '../support/events';

type Task = { at: number; order: number; run: () => void; cancelled: boolean };

/** Timers whose time moves only when `advance` is called; due callbacks run in time order. */
export class FakeTimers implements Timers {
  #now: number;
  #order = 0;
  #tasks: Task[] = [];

  constructor(start = T0) {
    this.#now = start;
  }

  now(): number {
    return this.#now;
  }

  after(delayMs: number, run: () => void): () => void {
    const task = { at: this.#now + Math.max(0, delayMs), order: this.#order++, run, cancelled: false };
    this.#tasks.push(task);
    return () => {
      task.cancelled = true;
    };
  }

  /** Timers not yet run nor cancelled. */
  get pending(): number {
    return this.#tasks.filter((t) => !t.cancelled).length;
  }

  /** Moves time forward by `ms`, running every callback that falls due (and letting its promises settle). */
  async advance(ms: number): Promise<void> {
    const target = this.#now + ms;
    for (;;) {
      await settle();
      const due = this.#tasks
        .filter((t) => !t.cancelled && t.at <= target)
        .sort((a, b) => a.at - b.at || a.order - b.order)[0];
      if (!due) break;
      this.#tasks = this.#tasks.filter((t) => t !== due);
      this.#now = Math.max(this.#now, due.at);
      due.run();
    }
    this.#now = target;
    await settle();
  }
}

/** Lets queued promise callbacks and immediate I/O callbacks run. */
export async function settle(rounds = 10): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise((resolve) => setImmediate(resolve));
}
