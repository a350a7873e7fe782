// What the outside world does in a simulated history: the user's prompts, stops and closes, how the agent
// answers resume POSTs and how resumed turns end. fast-check generates it; the simulation plays it.
import fc from 'fast-check';
import { compileRetryPolicy, type RetryPolicy } from '../../../shared/core/policy';
import type { Failure, FailureClass } from '../../../shared/core/types';
import { corpusByLabel } from '../../support/corpus';

const CORPUS = corpusByLabel();
/** Every label of the corpus, so that each failure class is generated. */
export const LABELS = [...CORPUS.keys()].sort() as [FailureClass, ...FailureClass[]];

/** How a turn ends: a failure (a corpus text of a class), a completion, or no word at all. */
export type TurnEnd =
  | { kind: 'fail'; label: FailureClass; pick: number; hintSeconds?: number; agentExited?: boolean }
  | { kind: 'complete' }
  | { kind: 'silent' };

/** A prompt the user sends in a new turn: when it starts (ms after the previous one) and how it ends. */
/** `rerun`: the prompt id of the one before it, run again as a new turn (a user's retry; the first prompt's is its own). */
export type PromptScript = {
  afterMs: number;
  announce: boolean;
  end: TurnEnd;
  endAfterMs: number;
  rerun: boolean;
};

/** How the agent answers one resume POST: accepted, 503, accepted but timed out, or a 4xx. */
export type AgentAnswer = 'ok' | '503' | 'timeout' | '4xx';

/** What the agent does with a resumed prompt it accepted: the turn's end and when. */
export type ResumedScript = { announce: boolean; end: TurnEnd; endAfterMs: number };

/** One session's world. */
export type SessionScript = {
  prompts: PromptScript[];
  /** ms after the first prompt. */
  stopAtMs?: number | undefined;
  closeAtMs?: number | undefined;
  answers: AgentAnswer[];
  resumed: ResumedScript[];
};

/** The side-effect boundaries a crash is injected at, named as the effects on either side of it. */
export const CRASH_POINTS = [
  'after the row write, before the wake-up is armed',
  'after arming, before the ack',
  'after the claim, before the POST',
  'after the POST, before its result is recorded',
  'after the result is recorded, before the ack',
  'after the skip is recorded, before the disarm',
  'after disarming, before the ack',
  'after another write',
  'after the work, before the ack',
  'store write fails, nothing written',
  'store read fails',
  'arming fails',
  'disarming fails',
  'publishing fails',
  'after publishing',
  // The stream publisher (the outbox relay): its PutEvents refused, or its invocation dying after it published.
  'stream publish fails',
  'stream publisher dies after publishing',
] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** The policy knobs a history varies: fewer resume tries reach `auto_resume_failed` more often. */
export type PolicyScript = { maxResumeTries: number; rateLimitRetried: boolean };

/** A whole history: the sessions, the policy, the faults and the tape of delivery choices. */
export type History = {
  sessions: SessionScript[];
  policy: PolicyScript;
  /** Where invocations crash: the `nth` time (from 0) the history passes the named boundary. */
  crashes: Array<{ point: CrashPoint; nth: number }>;
  /** The consumers' visibility timeout: the deployed 180 s, or 30 s (the resume lease) to crowd the lease. */
  visibilityMs: number;
  tape: number[];
};

/** The failure a `fail` end stands for, with its corpus text. */
export function failureOf(end: Extract<TurnEnd, { kind: 'fail' }>): Failure {
  const entries = CORPUS.get(end.label) ?? [];
  const entry = entries[end.pick % Math.max(1, entries.length)];
  const failure: Failure = { message: entry?.text ?? `an error of class ${end.label}` };
  const hint = end.hintSeconds ?? entry?.retryAfterSeconds;
  if (hint !== undefined) failure.retryAfterSeconds = hint;
  if (end.agentExited) failure.agentExited = true;
  return failure;
}

export function policyOf(script: PolicyScript): RetryPolicy {
  return compileRetryPolicy({
    maxResumeTries: script.maxResumeTries,
    retryClasses: script.rateLimitRetried
      ? ['capacity', 'server', 'transport', 'rate_limit']
      : ['capacity', 'server', 'transport'],
  });
}

// Offsets favour the interesting: near-simultaneous (reordering), around the 10 s and 1 min waits, and
// long enough to reach the 20 min Scheduler-path attempt.
const offsetMs = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 3_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 90_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2_700_000 }) },
);

const hintSeconds = fc.oneof(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 600, max: 4_000 }));

const fail: fc.Arbitrary<TurnEnd> = fc.record(
  {
    kind: fc.constant('fail' as const),
    label: fc.constantFrom(...LABELS),
    pick: fc.nat(),
    hintSeconds,
    agentExited: fc.constant(true),
  },
  { requiredKeys: ['kind', 'label', 'pick'] },
);

// Transient failures are what the resumer acts on, so they come up more often than their share of the corpus.
const transientFail: fc.Arbitrary<TurnEnd> = fc.record(
  {
    kind: fc.constant('fail' as const),
    label: fc.constantFrom<FailureClass>('capacity', 'server', 'transport'),
    pick: fc.nat(),
    hintSeconds,
  },
  { requiredKeys: ['kind', 'label', 'pick'] },
);

const turnEnd: fc.Arbitrary<TurnEnd> = fc.oneof(
  { weight: 4, arbitrary: transientFail },
  { weight: 3, arbitrary: fail },
  { weight: 2, arbitrary: fc.constant({ kind: 'complete' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'silent' as const }) },
);

const prompt: fc.Arbitrary<PromptScript> = fc.record({
  afterMs: offsetMs,
  announce: fc.boolean(),
  end: turnEnd,
  endAfterMs: offsetMs,
  rerun: fc.nat(3).map((n) => n === 0),
});

const answer = fc.constantFrom<AgentAnswer>('ok', 'ok', 'ok', '503', '503', 'timeout', '4xx');

const sessionScript: fc.Arbitrary<SessionScript> = fc.record(
  {
    prompts: fc.array(prompt, { minLength: 1, maxLength: 3 }),
    stopAtMs: offsetMs,
    closeAtMs: offsetMs,
    answers: fc.array(answer, { maxLength: 10 }),
    // A resumed turn fails again more often than a fresh one, so that chains reach attempt 4 and exhaustion.
    resumed: fc.array(
      fc.record({
        announce: fc.boolean(),
        end: fc.oneof({ weight: 2, arbitrary: transientFail }, { weight: 1, arbitrary: turnEnd }),
        endAfterMs: offsetMs,
      }),
      { maxLength: 5 },
    ),
  },
  { requiredKeys: ['prompts', 'answers', 'resumed'] },
);

/** Histories of 1–`maxSessions` sessions with up to `maxCrashes` crashes; `tapeLength` bounds the choices. */
export function historyArbitrary(options: {
  maxSessions: number;
  maxCrashes: number;
  tapeLength: number;
}): fc.Arbitrary<History> {
  return fc.record({
    sessions: fc.array(sessionScript, { minLength: 1, maxLength: options.maxSessions }),
    policy: fc.record({ maxResumeTries: fc.constantFrom(2, 5), rateLimitRetried: fc.boolean() }),
    crashes: fc.array(fc.record({ point: fc.constantFrom(...CRASH_POINTS), nth: fc.nat({ max: 3 }) }), {
      maxLength: options.maxCrashes,
    }),
    visibilityMs: fc.constantFrom(180_000, 30_000),
    // size 'max': fast-check's default sizes would leave the tape nearly empty, i.e. every history in order.
    tape: fc.array(fc.nat({ max: 0xffff }), { maxLength: options.tapeLength, size: 'max' }),
  });
}
