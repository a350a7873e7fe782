import type { RetryPolicy } from '../core/policy';
import type { AgentClient, Clock, EventSink, Pacer, RetryStore, Waker } from '../ports';

/** The ports the use cases run on; the composition roots build them. */
export type ResumerDeps = {
  store: RetryStore;
  waker: Waker;
  agent: AgentClient;
  sink: EventSink;
  clock: Clock;
  policy: RetryPolicy;
  /** Paces due resumes per upstream and holds them while a down upstream is probed; absent: no pacing. */
  pacer?: Pacer | undefined;
};

/** A message whose work is not done yet: let the queue deliver it again later. */
export class RetryLaterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RetryLaterError';
  }
}

/** Raised when a session's writes keep losing to others; the message is retried by its queue. */
export class ContentionError extends Error {
  constructor(sessionId: string, tries: number) {
    super(`session ${sessionId}: ${tries} conditional writes in a row lost to concurrent writers`);
    this.name = 'ContentionError';
  }
}
