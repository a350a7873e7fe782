import { formatDuration } from './duration';
import { unitFromParts } from './hash';
import { FailureClass, type RetryReason } from './types';

/** A validated retry policy; build it with `compileRetryPolicy`. */
export type RetryPolicy = Readonly<{
  /** Delay before each attempt; its length is the number of attempts (`of`). @default 10s, 1m, 5m, 20m */
  delaysMs: readonly number[];
  attempts: number;
  /** Each delay is stretched by up to this fraction. @default 0.2 */
  jitter: number;
  /** A server hint beyond this ends the chain. @default 60 min */
  maxWaitMs: number;
  /** Failure classes retried in place. @default capacity, server, transport */
  retryClasses: ReadonlySet<FailureClass>;
  /** Whether a turn whose agent process died is resumed. @default true */
  retryAgentExited: boolean;
  /** How many times one attempt's resume POST is tried before it is given up. @default 5 */
  maxResumeTries: number;
  /** A wake-up this close before `nextAt` counts as on time. @default 1000 */
  earlyToleranceMs: number;
  /** How long a claimed resume is left to its sender before another delivery may send it again. @default 30000 */
  resumeLeaseMs: number;
}>;

/** What a caller may set; every field is optional and named as in `RetryPolicy`. */
export type RetryPolicyInput = Partial<
  Omit<RetryPolicy, 'attempts' | 'retryClasses'> & { retryClasses: readonly string[] }
>;

/** The setting names used in messages; config passes environment variable names. */
export type PolicySettingNames = Record<keyof RetryPolicyInput, string>;

const DEFAULT_NAMES: PolicySettingNames = {
  delaysMs: 'delaysMs',
  jitter: 'jitter',
  maxWaitMs: 'maxWaitMs',
  retryClasses: 'retryClasses',
  retryAgentExited: 'retryAgentExited',
  maxResumeTries: 'maxResumeTries',
  earlyToleranceMs: 'earlyToleranceMs',
  resumeLeaseMs: 'resumeLeaseMs',
};

/** Raised once with every invalid setting named. */
export class PolicyError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid retry policy: ${problems.join('; ')}`);
    this.name = 'PolicyError';
  }
}

export const DEFAULT_POLICY_INPUT = {
  delaysMs: [10_000, 60_000, 300_000, 1_200_000],
  jitter: 0.2,
  maxWaitMs: 3_600_000,
  retryClasses: ['capacity', 'server', 'transport'],
  retryAgentExited: true,
  maxResumeTries: 5,
  earlyToleranceMs: 1000,
  resumeLeaseMs: 30_000,
} as const satisfies Required<RetryPolicyInput>;

const RETRYABLE = new Set<string>(['capacity', 'server', 'transport', 'rate_limit']);
const MAX_ATTEMPTS = 20;

/** Validates `input` over the defaults; throws one `PolicyError` naming every bad setting. */
export function compileRetryPolicy(
  input: RetryPolicyInput = {},
  names: Partial<PolicySettingNames> = {},
): RetryPolicy {
  const n = { ...DEFAULT_NAMES, ...names };
  const merged = { ...DEFAULT_POLICY_INPUT, ...stripUndefined(input) };
  const problems: string[] = [];
  const { delaysMs, jitter, maxWaitMs, maxResumeTries, earlyToleranceMs, resumeLeaseMs } = merged;
  if (delaysMs.length < 1 || delaysMs.length > MAX_ATTEMPTS) {
    problems.push(`${n.delaysMs} must list 1 to ${MAX_ATTEMPTS} delays, got ${delaysMs.length}`);
  }
  delaysMs.forEach((delay, i) => {
    if (!Number.isFinite(delay) || delay < 0)
      problems.push(`${n.delaysMs}[${i}] must be a duration ≥ 0, got ${delay}`);
  });
  const jitterFits = Number.isFinite(jitter) && jitter >= 0 && jitter <= 1;
  if (!jitterFits) problems.push(`${n.jitter} must be a number from 0 to 1, got ${jitter}`);
  if (!(Number.isFinite(maxWaitMs) && maxWaitMs > 0)) {
    problems.push(`${n.maxWaitMs} must be a positive duration, got ${maxWaitMs}`);
  } else {
    // A bad jitter is reported above; the waits are checked without it rather than blamed for it.
    const longest = Math.max(...delaysMs) * (1 + (jitterFits ? jitter : 0));
    if (longest > maxWaitMs) {
      problems.push(
        `${n.delaysMs} holds a wait of up to ${formatDuration(longest)} with jitter, beyond ${n.maxWaitMs} (${formatDuration(maxWaitMs)})`,
      );
    }
  }
  for (const name of merged.retryClasses) {
    if (!RETRYABLE.has(name)) {
      problems.push(
        `${n.retryClasses} may hold only ${[...RETRYABLE].join(', ')}; "${name}" is never retried`,
      );
    }
  }
  if (!(Number.isInteger(maxResumeTries) && maxResumeTries >= 1 && maxResumeTries <= 50)) {
    problems.push(`${n.maxResumeTries} must be an integer from 1 to 50, got ${maxResumeTries}`);
  }
  if (!(Number.isFinite(earlyToleranceMs) && earlyToleranceMs >= 0)) {
    problems.push(`${n.earlyToleranceMs} must be a duration ≥ 0, got ${earlyToleranceMs}`);
  }
  // A POST is sent only with at least a second of its claim's lease left beyond the room kept to record its answer
  // (app/resume-turn.ts: 4 s, or a sixth of a shorter lease).
  if (!(Number.isFinite(resumeLeaseMs) && resumeLeaseMs >= 5000)) {
    problems.push(`${n.resumeLeaseMs} must be a duration ≥ 5s, got ${resumeLeaseMs}`);
  }
  if (problems.length > 0) throw new PolicyError(problems);
  return Object.freeze({
    delaysMs: Object.freeze([...delaysMs]),
    attempts: delaysMs.length,
    jitter,
    maxWaitMs,
    retryClasses: new Set(merged.retryClasses as FailureClass[]),
    retryAgentExited: merged.retryAgentExited,
    maxResumeTries,
    earlyToleranceMs,
    resumeLeaseMs,
  });
}

/** The policy with every default. */
export const DEFAULT_POLICY: RetryPolicy = compileRetryPolicy();

/**
 * The reason to retry a classified failure in place under `policy`, or `null`. An agent that exited mid-turn on a
 * failure whose class the policy does not retry (`retryClasses: none`, or `transport` alone and a 503) is still
 * resumed for the exit when `retryAgentExited` is on, as one that exited on a failure of no class is.
 */
export function retryReasonUnder(
  policy: RetryPolicy,
  verdict: { class: FailureClass; retry: RetryReason | null },
  agentExited = false,
): RetryReason | null {
  if (verdict.retry === 'agent_exited') return policy.retryAgentExited ? 'agent_exited' : null;
  if (policy.retryClasses.has(verdict.class))
    return verdict.class === FailureClass.rateLimit ? 'capacity' : verdict.retry;
  return agentExited && verdict.retry !== null && policy.retryAgentExited ? 'agent_exited' : null;
}

/** The delay before `attempt` (1-based) with its deterministic jitter, in ms. */
export function attemptDelayMs(
  policy: RetryPolicy,
  key: { sessionId: string; turnId: string; attempt: number },
): number {
  const base = policy.delaysMs[Math.min(key.attempt, policy.attempts) - 1] ?? 0;
  const u = unitFromParts(key.sessionId, key.turnId, key.attempt);
  return Math.round(base * (1 + u * policy.jitter));
}

/** The plan for one attempt: when it fires, or why the chain ends instead. */
export type AttemptPlan =
  | { kind: 'scheduled'; nextAt: number; delayMs: number; hinted: boolean }
  | { kind: 'exhausted'; reason: string };

/** Plans `attempt` counted from `fromAt` (epoch ms), moved later by a server hint, never earlier. */
export function planAttempt(
  policy: RetryPolicy,
  key: { sessionId: string; turnId: string; attempt: number },
  fromAt: number,
  hintMs?: number,
): AttemptPlan {
  if (key.attempt > policy.attempts) {
    // More than the policy allows were made when it allowed more (a redeploy or restart that lowered it).
    const made = key.attempt - 1;
    const now = made === policy.attempts ? '' : ` (the policy now allows ${policy.attempts})`;
    return { kind: 'exhausted', reason: `all ${made} attempts failed${now}` };
  }
  if (hintMs !== undefined && hintMs > policy.maxWaitMs) {
    return {
      kind: 'exhausted',
      reason: `the server asks to wait ${formatDuration(hintMs)}, beyond the longest wait of ${formatDuration(policy.maxWaitMs)}`,
    };
  }
  const delayMs = attemptDelayMs(policy, key);
  const hinted = hintMs !== undefined && hintMs > delayMs;
  const waitMs = hinted ? hintMs : delayMs;
  return { kind: 'scheduled', nextAt: fromAt + waitMs, delayMs: waitMs, hinted };
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
