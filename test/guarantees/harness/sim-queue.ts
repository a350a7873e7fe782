/** One copy of a message on a simulated SQS standard queue. */
export type SimMessage = {
  id: string;
  /** Copies of one send share it: duplicates are the same message to the consumer. */
  key: string;
  body: string;
  visibleAt: number;
  receives: number;
  inFlight: boolean;
};

/**
 * An SQS standard queue on the simulated clock: at-least-once (a send may leave several copies), any order
 * among visible messages, a visibility timeout after a failed receive, and a redrive to a dead-letter list
 * on the receive after `maxReceives`.
 */
export class SimQueue {
  readonly #messages = new Map<string, SimMessage>();
  readonly deadLetters: SimMessage[] = [];
  #ids = 0;

  constructor(
    readonly name: string,
    readonly options: { visibilityMs: number; maxReceives: number },
  ) {}

  send(body: string, visibleAt: number, key: string): SimMessage {
    const message = { id: `${this.name}-${++this.#ids}`, key, body, visibleAt, receives: 0, inFlight: false };
    this.#messages.set(message.id, message);
    return message;
  }

  /** Messages a receive could return now, in the order they were sent. */
  visible(now: number): SimMessage[] {
    return [...this.#messages.values()].filter((m) => !m.inFlight && m.visibleAt <= now);
  }

  /** Every message not yet deleted, in flight or not. */
  all(): SimMessage[] {
    return [...this.#messages.values()];
  }

  nextVisibleAt(): number | undefined {
    let next: number | undefined;
    for (const m of this.#messages.values())
      if (!m.inFlight && (next === undefined || m.visibleAt < next)) next = m.visibleAt;
    return next;
  }

  /** Takes the message in flight; false when it was moved to the dead letters instead (too many receives). */
  receive(message: SimMessage): boolean {
    if (message.receives >= this.options.maxReceives) {
      this.#messages.delete(message.id);
      this.deadLetters.push(message);
      return false;
    }
    message.receives++;
    message.inFlight = true;
    return true;
  }

  /** The consumer deleted it. */
  ack(message: SimMessage): void {
    this.#messages.delete(message.id);
  }

  /** The consumer failed it: visible again once the visibility timeout has run out. */
  release(message: SimMessage, now: number): void {
    message.inFlight = false;
    message.visibleAt = now + this.options.visibilityMs;
  }
}
