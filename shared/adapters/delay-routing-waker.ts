import { SQS_MAX_DELAY_MS, type WakeMessage } from '../core/types';
import type { ArmResult, Waker } from '../ports';

export type DelayRoutingWakerOptions = {
  /** Exact to the second, up to 900 s (SqsWaker). */
  queue: Waker;
  /** Minute precision, any length (SchedulerWaker). */
  schedule: Waker;
  /** The longest wait sent to `queue`. @default 900_000 */
  maxQueueDelayMs?: number | undefined;
};

/** Sends short waits to the queue waker and longer ones to the schedule waker (SPEC.md "Shape"). */
export class DelayRoutingWaker implements Waker {
  readonly #queue: Waker;
  readonly #schedule: Waker;
  readonly #maxQueueDelayMs: number;

  constructor({ queue, schedule, maxQueueDelayMs = SQS_MAX_DELAY_MS }: DelayRoutingWakerOptions) {
    if (!(maxQueueDelayMs >= 0 && maxQueueDelayMs <= SQS_MAX_DELAY_MS)) {
      throw new RangeError(
        `DelayRoutingWaker: maxQueueDelayMs must be 0–${SQS_MAX_DELAY_MS} (SQS delays stop at 900 s), got ${maxQueueDelayMs}`,
      );
    }
    this.#queue = queue;
    this.#schedule = schedule;
    this.#maxQueueDelayMs = maxQueueDelayMs;
  }

  arm(wake: WakeMessage, delayMs: number): Promise<ArmResult> {
    return delayMs <= this.#maxQueueDelayMs
      ? this.#queue.arm(wake, delayMs)
      : this.#schedule.arm(wake, delayMs);
  }

  /** Disarms on both paths: the caller doesn't know which one armed the wake-up. */
  async disarm(wake: WakeMessage): Promise<void> {
    await Promise.all([this.#queue.disarm(wake), this.#schedule.disarm(wake)]);
  }
}
