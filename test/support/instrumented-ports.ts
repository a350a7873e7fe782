// Wraps the use cases' ports so that a test can pause, fail or observe every call at the boundary.
import type { ResumerDeps } from '../../shared/app/deps';
import type { AgentClient, EventSink, RetryStore, Waker } from '../../shared/ports';

/** The side-effect boundaries of the use cases: every call they make outside their own memory. */
export const PortCall = {
  load: 'store.load',
  commit: 'store.commit',
  publish: 'sink.publish',
  arm: 'waker.arm',
  disarm: 'waker.disarm',
  resume: 'agent.resume',
} as const;
export type PortCall = (typeof PortCall)[keyof typeof PortCall];

/** The arguments of the call, for hooks that decide by them (which session, which events). */
export type CallInfo =
  | { port: typeof PortCall.load; sessionId: string }
  | {
      port: typeof PortCall.commit;
      next: Parameters<RetryStore['commit']>[0];
      events: Parameters<RetryStore['commit']>[1];
    }
  | { port: typeof PortCall.publish; changes: Parameters<EventSink['publish']>[0] }
  | { port: typeof PortCall.arm; wake: Parameters<Waker['arm']>[0]; delayMs: number }
  | { port: typeof PortCall.disarm; wake: Parameters<Waker['disarm']>[0] }
  | { port: typeof PortCall.resume; call: Parameters<AgentClient['resume']>[0] };

/** Runs one port call: `call()` does it; the hook may wait before it, throw before or after it, or record it. */
export type Around = <R>(info: CallInfo, call: () => Promise<R>) => Promise<R>;

/** The same ports with every call passed through `around`; the clock and policy are shared as they are. */
export function instrument(deps: ResumerDeps, around: Around): ResumerDeps {
  const { store, waker, agent, sink } = deps;
  return {
    ...deps,
    store: {
      load: (sessionId) => around({ port: PortCall.load, sessionId }, () => store.load(sessionId)),
      commit: (next, events) =>
        around({ port: PortCall.commit, next, events }, () => store.commit(next, events)),
      events: (sessionId, page) => store.events(sessionId, page),
      waiting: (page) => store.waiting(page),
    },
    waker: {
      arm: (wake, delayMs) => around({ port: PortCall.arm, wake, delayMs }, () => waker.arm(wake, delayMs)),
      disarm: (wake) => around({ port: PortCall.disarm, wake }, () => waker.disarm(wake)),
    },
    agent: { resume: (call) => around({ port: PortCall.resume, call }, () => agent.resume(call)) },
    sink: { publish: (changes) => around({ port: PortCall.publish, changes }, () => sink.publish(changes)) },
  };
}

/** A fault a test injected: the invocation dies here, as a Lambda that times out or is killed would. */
export class InjectedCrash extends Error {
  constructor(readonly point: string) {
    super(`injected crash ${point}`);
    this.name = 'InjectedCrash';
  }
}
