import type { HoldWhy } from './pacer-state';
import type { FailureClass, LoggedEvent, RetryReason, RetrySummary, SessionEvent, SkipWhy } from './types';

/** Where a pending attempt stands: waiting for its time, or claimed and being sent. */
export const PendingPhase = { armed: 'armed', firing: 'firing' } as const;
export type PendingPhase = (typeof PendingPhase)[keyof typeof PendingPhase];

/** An attempt of a session: waiting for its time (`pending`) or claimed and being sent (`inFlight`). */
export type Pending = {
  turnId: string;
  /** The prompt id the chain started from (`p-cap`). */
  base: string;
  attempt: number;
  of: number;
  reason: RetryReason;
  class: FailureClass;
  nextAt: number;
  /** The prompt id this attempt sends (`p-cap~resume-1`). */
  promptId: string;
  phase: PendingPhase;
  /** When the failure that armed it happened (epoch ms, the sender's clock); an older stop does not cancel it. */
  failedAt: number;
  /** The same moment on the resumer's clock, when known: what a stop through the API is ordered against. */
  failedAtHere?: number | undefined;
  /**
   * When ingest accepted the failing turn's newest sign before its failure (its start, or the failure its resume
   * continues), on the resumer's clock: a stop accepted after it came while the turn ran.
   */
  ranSinceHere?: number | undefined;
  /** The failure text, redacted and truncated, for the continuation prompt. */
  error: string;
  /** Resume POSTs tried for this attempt. */
  tries: number;
  /** When the current claim was taken (epoch ms); another claim waits until its lease runs out. */
  claimedAt: number | null;
  /** When its latest claim was taken (epoch ms), kept when the claim is released: when its POST last went out. */
  sentAt?: number | undefined;
  /** When its first claim was taken (epoch ms): the earliest its resume can have landed. */
  firstSentAt?: number | undefined;
  /** The latest retryable answer to its POST (0: none came), for the failure event when its tries run out. */
  lastAnswer?: { status: number; detail: string } | undefined;
  /** Set when a stop, close or newer prompt came while the attempt was in flight: send nothing more. */
  cancelled?: SkipWhy | null | undefined;
  /** The upstream the failure happened on (core/upstream.ts): the pacer it asks when due. */
  upstream?: string | undefined;
  /** Set while the pacer holds the due attempt; `nextAt` is then the time it asks again. */
  held?: HoldWhy | undefined;
  /** When the latest hold was given (epoch ms): a `paced` slot is void if its upstream went down since. */
  heldAt?: number | undefined;
};

/** The retry chain of the latest failing turn: how far it got and whether it is over. */
export type Chain = {
  turnId: string;
  base: string;
  lastAttempt: number;
  ended: boolean;
  /** The upstream of its latest failure: the pacer that hears when a resumed turn of the chain completes. */
  upstream?: string | undefined;
  /**
   * When its last resume that landed was first sent (epoch ms): its completion vouches for the upstream only
   * after. The first POST of a claim taken again may be the one that landed (its answer was lost).
   */
  sentAt?: number | undefined;
};

/** The newest sign of a prompt: a start, a failure, or a completion handled before its start. */
export type LatestPrompt = {
  base: string;
  turnId: string;
  /** When it happened, by the sender's clock. */
  at: number;
  /** When ingest accepted it, on the resumer's clock: which came first of two signs dated the same. */
  receivedAt?: number | undefined;
  /** The sign was the prompt's completion: a failure of it dated before is over too. */
  completed?: true | undefined;
};

/** Everything the resumer keeps per session; `version` fences every write. */
export type SessionState = {
  sessionId: string;
  /** 0 before the first write; each write stores `version + 1` on the condition that it is still `version`. */
  version: number;
  agentSessionId?: string | undefined;
  /** The attempt waiting for its time: what the retry row shows. */
  pending: Pending | null;
  /** The attempt claimed by a wake-up and being sent; a newer chain may be waiting beside it. */
  inFlight: Pending | null;
  chain: Chain | null;
  /** The newest prompt seen, so that older events of other prompts count as stale. */
  latestPrompt: LatestPrompt | null;
  stoppedAt: number | null;
  /**
   * When ingest accepted the latest stop from the sender, on the resumer's clock: whether a turn was already
   * running at that stop is told by acceptance times, which one clock orders (the sender's may be minutes off).
   */
  stoppedAtHere?: number | null | undefined;
  /**
   * The latest stop made through the resumer's API, on the resumer's clock (epoch ms): it is ordered against when
   * failures happened on that clock, never against a sender's (which may be minutes off).
   */
  apiStoppedAt?: number | null | undefined;
  closed: boolean;
  /** Attempts with a recorded outcome (`turnId|base|attempt`), newest last, bounded. */
  settled: string[];
  /** Failures already decided (`turnId|base|attempt`), newest last, bounded: a redelivery of any is a duplicate. */
  failures: string[];
  lastEvent: SessionEvent | null;
  updatedAt: number;
};

/** How many settled attempt keys a session remembers. */
export const SETTLED_LIMIT = 32;

/** A session nothing has happened to yet. */
export function emptySession(sessionId: string): SessionState {
  return {
    sessionId,
    version: 0,
    pending: null,
    inFlight: null,
    chain: null,
    latestPrompt: null,
    stoppedAt: null,
    closed: false,
    settled: [],
    failures: [],
    lastEvent: null,
    updatedAt: 0,
  };
}

/**
 * The retry row a UI draws: the attempt while it waits for its time, and on while it is being sent (claimed, or
 * released for another try), so the row clears when the attempt fires, is skipped or fails, as SPEC says, and
 * watchers (who hear only logged events), `GET /sessions/{id}` and the waiting list show the same row. `null`
 * when neither.
 */
export function retrySummary(state: Pick<SessionState, 'pending' | 'inFlight'>): RetrySummary {
  const armed = armedAttempt(state);
  // A hold the attempt had is over once it is being sent.
  return armed ? summaryOf(armed) : summaryOf(state.inFlight && { ...state.inFlight, held: undefined });
}

function armedAttempt(state: Pick<SessionState, 'pending'>): Pending | null {
  return state.pending?.phase === PendingPhase.armed ? state.pending : null;
}

function summaryOf(p: Pending | null): RetrySummary {
  if (!p) return null;
  return {
    attempt: p.attempt,
    of: p.of,
    reason: p.reason,
    nextAt: p.nextAt,
    promptId: p.promptId,
    turnId: p.turnId,
    ...(p.held ? { waiting: p.held } : {}),
  };
}

/** Whether two attempts are one: the same prompt id in the same turn (a prompt the hub runs again has its id in another). */
export function sameAttempt(
  a: { turnId: string; promptId: string },
  b: { turnId: string; promptId: string },
): boolean {
  return a.promptId === b.promptId && a.turnId === b.turnId;
}

/** The key under which an attempt's outcome is remembered. */
export function attemptKey(turnId: string, base: string, attempt: number): string {
  return `${turnId}|${base}|${attempt}`;
}

/** Events per write are few; this spacing keeps each one's `seq` unique and in log order. */
const SEQ_PER_VERSION = 100;

/** The log entries of `events` written with `next`: `seq` from the version, so a replay computes the same. */
export function logEntries(next: SessionState, events: readonly SessionEvent[]): LoggedEvent[] {
  return events.map((event, i) => ({
    ...event,
    seq: next.version * SEQ_PER_VERSION + i,
    at: next.updatedAt,
    sessionId: next.sessionId,
  }));
}

/** An attempt between its claim and its outcome. */
export type Sending = {
  attempt: number;
  of: number;
  promptId: string;
  turnId: string;
  /** POSTs tried so far. */
  tries: number;
  /** The latest retryable answer (`status` 0: none came), when a try has failed. */
  lastAnswer?: { status: number; detail: string };
  /**
   * A stop, close or newer prompt came while this POST was under way (the stop answered `cancel_requested`): no
   * further try is sent, but this one may land (`auto_resume_fired`) or not (`auto_resume_skipped`).
   */
  stopRequested?: true;
};

/**
 * The attempt in flight as a view shows it. One a stop (close, newer prompt) withdrew while its POST was under
 * way is still shown, `stopRequested`: the stop answered `cancel_requested`, and the resume may yet land.
 */
export function sendingOf(inFlight: Pending | null): Sending | undefined {
  if (!inFlight) return undefined;
  const { attempt, of, promptId, turnId, tries, lastAnswer, cancelled } = inFlight;
  return {
    attempt,
    of,
    promptId,
    turnId,
    tries,
    ...(lastAnswer ? { lastAnswer } : {}),
    ...(cancelled ? { stopRequested: true as const } : {}),
  };
}

/** What the read API shows of a session, in `GET /sessions/{id}` and each item of the waiting list. */
export type SessionView = {
  sessionId: string;
  retry: RetrySummary;
  lastEvent: SessionEvent | null;
  updatedAt: number;
  /**
   * The attempt being sent: claimed, its POST under way or to be tried again after a retryable answer, until it
   * ends as fired, failed or skipped (the row shows it until then).
   */
  sending?: Sending;
};

/** `state` as the read API shows it. */
export function sessionView(state: SessionState): SessionView {
  const view: SessionView = {
    sessionId: state.sessionId,
    retry: retrySummary(state),
    lastEvent: state.lastEvent,
    updatedAt: state.updatedAt,
  };
  const sending = sendingOf(state.inFlight);
  return sending ? { ...view, sending } : view;
}
