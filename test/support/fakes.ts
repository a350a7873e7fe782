import { MemoryRetryStore } from '../../shared/adapters/local/memory-retry-store';
import type { ResumerDeps } from '../../shared/app/deps';
import { DEFAULT_POLICY } from '../../shared/core/policy';
import type { ResumeCall } from '../../shared/core/resume-call';
import type { ResumeResult } from '../../shared/core/session-machine';
import type { WakeMessage } from '../../shared/core/types';
import type { AgentClient, Metric, SessionChanged, Waker } from '../../shared/ports';
import { T0 } from './events';

/** A waker that records what it was asked to arm and disarm. */
export function recordingWaker(): Waker & {
  armed: Array<{ wake: WakeMessage; delayMs: number }>;
  disarmed: WakeMessage[];
} {
  const armed: Array<{ wake: WakeMessage; delayMs: number }> = [];
  const disarmed: WakeMessage[] = [];
  return {
    armed,
    disarmed,
    arm: async (wake, delayMs) => {
      armed.push({ wake, delayMs });
      return { kind: 'armed', via: 'queue' };
    },
    disarm: async (wake) => void disarmed.push(wake),
  };
}

/** An agent that answers with `results` in order, then `ok`, and records every call. */
export function scriptedAgent(...results: ResumeResult[]): AgentClient & { calls: ResumeCall[] } {
  const calls: ResumeCall[] = [];
  return {
    calls,
    resume: async (call) => {
      calls.push(call);
      return results.shift() ?? { kind: 'ok' };
    },
  };
}

/** Use-case ports on the memory store with a settable clock, recording waker, agent and sink. */
export function memoryDeps(overrides: Partial<ResumerDeps> = {}) {
  const clock = { at: T0, now: () => clock.at };
  const waker = recordingWaker();
  const agent = scriptedAgent();
  const published: SessionChanged[] = [];
  const deps: ResumerDeps = {
    store: new MemoryRetryStore(),
    waker,
    agent,
    sink: { publish: async (changes) => void published.push(...changes) },
    clock,
    policy: DEFAULT_POLICY,
    ...overrides,
  };
  return { deps, clock, waker, agent, published };
}

/** Telemetry and a log that keep what they are given. */
export function recordingObservability() {
  const metrics: Metric[] = [];
  const lines: Array<{ level: string; message: string; extra?: Record<string, unknown> }> = [];
  const at = (level: string) => (message: string, extra?: Record<string, unknown>) =>
    void lines.push({ level, message, extra });
  return {
    metrics,
    lines,
    telemetry: { record: (points: readonly Metric[]) => void metrics.push(...points) },
    log: { info: at('info'), warn: at('warn'), error: at('error') },
  };
}
