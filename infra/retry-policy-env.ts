import type { Duration } from 'aws-cdk-lib';
import { formatDuration } from '../shared/core/duration';
import { compileRetryPolicy, type RetryPolicy } from '../shared/core/policy';

/** The retry policy as a construct user sets it; every field falls back to the SPEC default. */
export type RetryPolicyProps = {
  /** Delay before each attempt; the count is the number of attempts. @default 10s, 1m, 5m, 20m */
  delays?: Duration[];
  /** Each delay is stretched by up to this fraction (0–1). @default 0.2 */
  jitter?: number;
  /** A server hint beyond this ends the chain. @default 60 minutes */
  maxWait?: Duration;
  /** Failure classes retried in place (capacity, server, transport, rate_limit). @default capacity, server, transport */
  retryClasses?: string[];
  /** Whether a turn whose agent process died is resumed. @default true */
  retryAgentExited?: boolean;
  /** How many times one attempt's resume POST is tried before it is given up (1–50). @default 5 */
  maxResumeTries?: number;
};

/** Property names used in messages, so a bad setting is named as the user wrote it. */
const NAMES = {
  delaysMs: 'retryPolicy.delays',
  jitter: 'retryPolicy.jitter',
  maxWaitMs: 'retryPolicy.maxWait',
  retryClasses: 'retryPolicy.retryClasses',
  retryAgentExited: 'retryPolicy.retryAgentExited',
  maxResumeTries: 'retryPolicy.maxResumeTries',
};

/** Validates `props` over the defaults at synth time; throws a `PolicyError` naming every bad property. */
export function compilePolicyProps(props: RetryPolicyProps = {}): RetryPolicy {
  return compileRetryPolicy(
    {
      delaysMs: props.delays?.map((d) => d.toMilliseconds()),
      jitter: props.jitter,
      maxWaitMs: props.maxWait?.toMilliseconds(),
      retryClasses: props.retryClasses,
      retryAgentExited: props.retryAgentExited,
      maxResumeTries: props.maxResumeTries,
    },
    NAMES,
  );
}

/** A duration as `shared/config.ts` parses it: `1h`, `20m`, `10s`, or `1500ms` when it is not whole seconds. */
export function durationText(ms: number): string {
  return ms % 1000 === 0 ? formatDuration(ms) : `${ms}ms`;
}

/** Every policy variable the resumer functions read, with the resolved value (defaults filled in). */
export function policyEnvironment(policy: RetryPolicy): Record<string, string> {
  return {
    RESUMER_DELAYS: policy.delaysMs.map(durationText).join(','),
    RESUMER_JITTER: String(policy.jitter),
    RESUMER_MAX_WAIT: durationText(policy.maxWaitMs),
    // An empty variable reads as unset (the default classes), so no class is written as `none`.
    RESUMER_RETRY_CLASSES: [...policy.retryClasses].join(',') || 'none',
    RESUMER_RETRY_AGENT_EXITED: String(policy.retryAgentExited),
    RESUMER_MAX_RESUME_TRIES: String(policy.maxResumeTries),
  };
}
