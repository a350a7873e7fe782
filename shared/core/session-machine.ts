import { classify } from './classify';
import { formatDuration } from './duration';
import { type HoldWhy, PaceOutcome } from './pacer-state';
import { planAttempt, type RetryPolicy, retryReasonUnder } from './policy';
import { resumePromptId, splitPromptId } from './prompt-id';
import { redactSecrets } from './redact';
import { type ResumeCall, resumeCallFor } from './resume-call';
import {
  attemptKey,
  type LatestPrompt,
  type Pending,
  PendingPhase,
  retrySummary,
  SETTLED_LIMIT,
  type SessionState,
  sameAttempt,
} from './session-state';
import {
  type Classification,
  type SessionEvent,
  type SkipWhy,
  type TurnEvent,
  TurnEventType,
  type WakeMessage,
} from './types';
import { upstreamOf } from './upstream';

/** What the machine is asked to decide on. */
export type MachineInput =
  | { kind: 'event'; event: TurnEvent }
  | { kind: 'wake'; wake: WakeMessage; hold?: WakeHold | undefined }
  /**
   * `tries`: the try count of the claim the answer belongs to. An answer recorded after its claim's lease ran out,
   * when another delivery has claimed the attempt again, is that other claim's to decide: it is stale here.
   */
  | { kind: 'resume_result'; wake: WakeMessage; result: ResumeResult; tries?: number | undefined };

/** The pacer's verdict on a due wake-up, asked before the claim: wait until `untilMs`, spending nothing. */
export type WakeHold = { untilMs: number; why: HoldWhy };

/**
 * What the pacer of an upstream should hear once the decision is stored; `sentAt`, for a resumed turn that
 * completed, is when its resume went out.
 */
export type PaceReport = { upstream: string; outcome: PaceOutcome; sentAt?: number; failedAt?: number };

/** How the agent answered a resume POST. */
export type ResumeResult =
  | { kind: 'ok' }
  /** `status` when the agent answered (a 503); none when it was not reached or did not answer in time. */
  | { kind: 'retryable'; detail: string; status?: number | undefined }
  | { kind: 'rejected'; status: number; detail: string }
  /** The claim was cancelled before the POST went out: nothing was sent. */
  | { kind: 'not_sent' };

/** A side effect the caller performs after the new state is stored. */
export type Effect =
  | { kind: 'arm'; wake: WakeMessage; delayMs: number }
  | { kind: 'disarm'; wake: WakeMessage }
  | { kind: 'resume'; call: ResumeCall };

/** Every way a decision can turn out; expected outcomes are values, not exceptions. */
export const Outcome = {
  scheduled: 'scheduled',
  alreadyScheduled: 'already_scheduled',
  exhausted: 'exhausted',
  notRetried: 'not_retried',
  skipped: 'skipped',
  fire: 'fire',
  early: 'early',
  held: 'held',
  fired: 'fired',
  resumeRejected: 'resume_rejected',
  resumeRetryLater: 'resume_retry_later',
  cancelRequested: 'cancel_requested',
  inFlight: 'in_flight',
  gaveUp: 'gave_up',
  recorded: 'recorded',
  duplicate: 'duplicate',
  stale: 'stale',
} as const;
export type Outcome = (typeof Outcome)[keyof typeof Outcome];

/** The machine's answer: the state to store (`null`: store nothing), the events to log, the effects to run. */
export type Decision = {
  outcome: Outcome;
  next: SessionState | null;
  events: SessionEvent[];
  effects: Effect[];
  /** Set on a stored transient failure or a resumed turn's completion: what its upstream's pacer hears. */
  report?: PaceReport;
};

/** What the machine needs besides the state: the time and the policy. */
export type MachineContext = { now: number; policy: RetryPolicy };

/** Decides the next session state, events and effects for one input; pure. */
export function decide(state: SessionState, input: MachineInput, ctx: MachineContext): Decision {
  switch (input.kind) {
    case 'event':
      return onEvent(state, input.event, ctx);
    case 'wake':
      return onWake(state, input.wake, input.hold, ctx);
    case 'resume_result':
      return onResumeResult(state, input.wake, input.result, input.tries, ctx);
  }
}

function onEvent(state: SessionState, event: TurnEvent, ctx: MachineContext): Decision {
  if (state.closed) return nothing(Outcome.stale);
  switch (event.type) {
    case TurnEventType.failed:
      return onFailed(state, event, ctx);
    case TurnEventType.started:
      return onStarted(state, event, ctx);
    case TurnEventType.completed:
      return onCompleted(state, event, ctx);
    case TurnEventType.stopped:
      return onStopped(state, event, ctx, 'stopped');
    case TurnEventType.closed:
      return onStopped(state, event, ctx, 'closed');
  }
}

function onFailed(state: SessionState, event: TurnEvent, ctx: MachineContext): Decision {
  const turnId = event.turnId ?? '';
  const { base, attempt } = splitPromptId(event.promptId ?? '');
  const failureKey = attemptKey(turnId, base, attempt);
  const chain = state.chain;
  const sameChain = chain !== null && chain.turnId === turnId && chain.base === base;
  if ((state.failures ?? []).includes(failureKey) || (sameChain && chain.lastAttempt > attempt)) {
    return duplicateFailure(state, turnId, base, attempt, ctx.now);
  }
  // A stale failure of a resumed turn still shows that its POST landed: the attempt in flight fired (a review).
  const staleButLanded = (): Decision => {
    if (!landedInFlight(state, turnId, base, attempt)) return nothing(Outcome.stale);
    const next = beginWrite(state, event, ctx);
    const events: SessionEvent[] = [];
    settleLanded(next, turnId, base, attempt, events);
    return finish(next, Outcome.fired, events, []);
  };
  if (sameChain && chain.ended) return staleButLanded();
  // A resumed prompt's failure while another prompt's (or turn's) chain is open: the resumer's own resume of an older
  // prompt, queued by the hub behind the user's next one, failing late. The newer chain stays (a review).
  if (attempt > 0 && chain !== null && !chain.ended && !sameChain) return staleButLanded();
  if (sameChain && state.pending?.base === base && state.pending.turnId === turnId)
    return nothing(Outcome.stale);
  // A stop at or after the failure was meant for it: a sender's stop by the sender's clock, an API stop by the
  // resumer's (a sender's clock minutes ahead must not put its failure after a stop pressed since).
  const hereAt = happenedHere(event, ctx);
  // So was a stop that came while the failing turn ran: its prompt's newest sign (its start, or the failure its
  // resume continues) was accepted before the stop, and nothing of another prompt since. A hub that kills the agent
  // on a stop reports the turn failed after it (`terminated`, an exited agent); the user stopped that turn (a
  // review). Acceptance times, on one clock, order them: a sender's stamps may tie within a second or run minutes
  // behind, and a prompt started just after a stop would then count as stopped for good (a further review).
  const latest = state.latestPrompt;
  const ranSince = ranAtStopSign(latest, base, turnId);
  const acceptedBefore = (stopAt: number | null | undefined) =>
    stopAt != null && ranSince !== undefined && ranSince < stopAt;
  const ranAtStop = acceptedBefore(state.stoppedAtHere) || acceptedBefore(state.apiStoppedAt);
  const stopped =
    (state.stoppedAt !== null && event.occurredAt <= state.stoppedAt) ||
    (state.apiStoppedAt != null && hereAt <= state.apiStoppedAt) ||
    ranAtStop;
  if (stopped) {
    // Remembered, not just dropped: a copy the hub sends again is accepted later, and by the resumer's clock would
    // then look newer than an API stop that came between the two (SQS does not dedupe by webhook id).
    const next = beginWrite(state, event, ctx);
    next.failures = [...next.failures, failureKey].slice(-SETTLED_LIMIT);
    return finish(next, Outcome.stale, [], []);
  }
  // Older than the newest sign of another prompt or turn, or than its own prompt's completion: that turn has
  // moved on (a prompt the hub ran again as a new turn counts as another).
  if (
    latest &&
    cameBefore(event, latest) &&
    (latest.base !== base || latest.turnId !== turnId || latest.completed)
  )
    return nothing(Outcome.stale);

  const next = beginWrite(state, event, ctx);
  next.failures = [...next.failures, failureKey].slice(-SETTLED_LIMIT);
  const events: SessionEvent[] = [];
  const effects: Effect[] = [];
  // A newer prompt's failure supersedes an older prompt's attempt, waiting or in flight, as its start would have:
  // the two can arrive in either order (one batch is handled in parallel), and its start may be taken for a duplicate.
  supersedeOthers(next, base, turnId, events, effects, ctx);
  // The resumed turn failed before its POST's answer was recorded: the POST evidently arrived.
  settleLanded(next, turnId, base, attempt, events);
  // The prompt's newest sign of life: a failure later than its start makes older events of others stale.
  next.latestPrompt = latest && cameBefore(event, latest) ? latest : signOf(base, turnId, event);
  const nextAttempt = attempt + 1;
  next.chain = { turnId, base, lastAttempt: nextAttempt, ended: true };

  const failure = event.error ?? { message: '' };
  // The waits count from when it came on the resumer's clock (`hereAt`), and how late it is handled is measured
  // from it, so a sender's clock that is off shifts neither. `failedAt` stays the sender's own time, which its
  // stops and prompts are ordered against.
  const verdict = classify(failure, { now: hereAt });
  const error = redactSecrets(failure.message);
  // From the redacted text: the key is stored and logged, so it must never carry a secret. A key the sender
  // names is its own choice of words (validated at the door: `[A-Za-z0-9.:_-]` only).
  const upstream = upstreamOf({ message: error, type: failure.type, upstream: failure.upstream });
  next.chain.upstream = upstream;
  const report = transientReport(verdict, upstream, hereAt);
  const reason = retryReasonUnder(ctx.policy, verdict, failure.agentExited === true);
  const promptId = event.promptId ?? base;
  if (reason === null) {
    events.push({ kind: 'turn_failure_not_retried', class: verdict.class, turnId, promptId, error });
    return finish(next, Outcome.notRetried, events, effects, report);
  }
  const key = { sessionId: state.sessionId, turnId, attempt: nextAttempt };
  const plan =
    lateFailure(ctx, hereAt, event.receivedAt !== undefined) ??
    planAttempt(ctx.policy, key, hereAt, verdict.retryAfterMs);
  if (plan.kind === 'exhausted') {
    events.push({
      kind: 'auto_resume_exhausted',
      reason: plan.reason,
      attempts: attempt,
      turnId,
      promptId,
      ...('late' in plan ? { late: true as const } : {}),
      retry: null,
    });
    return finish(next, Outcome.exhausted, events, effects, report);
  }
  const pending: Pending = {
    turnId,
    base,
    attempt: nextAttempt,
    of: ctx.policy.attempts,
    reason,
    class: verdict.class,
    nextAt: plan.nextAt,
    promptId: resumePromptId(base, nextAttempt),
    phase: PendingPhase.armed,
    failedAt: event.occurredAt,
    failedAtHere: hereAt,
    ...(ranSince === undefined ? {} : { ranSinceHere: ranSince }),
    error,
    tries: 0,
    claimedAt: null,
    upstream,
  };
  next.pending = pending;
  next.chain.ended = false;
  const retry = retrySummary(next);
  events.push({
    kind: 'auto_resume_scheduled',
    attempt: pending.attempt,
    of: pending.of,
    reason,
    nextAt: pending.nextAt,
    promptId: pending.promptId,
    turnId,
    retry,
    class: verdict.class,
    error,
  });
  effects.push(armEffect(state.sessionId, pending, ctx.now));
  return finish(next, Outcome.scheduled, events, effects, report);
}

/**
 * When a failure came, on the resumer's clock: when ingest accepted its webhook, else (queued before the stamp)
 * when the sender says it happened; never later than now. Nothing of the sender's clock goes into it: an agent
 * that stamps `occurredAt` and a hub that signs may keep two clocks, and their difference is no delay.
 */
function happenedHere(event: TurnEvent, ctx: MachineContext): number {
  return Math.min(event.receivedAt ?? event.occurredAt, ctx.now);
}

/**
 * A failure handled later after its webhook was accepted than the longest wait ends its chain: it sat in a
 * dead-letter queue or behind a failing function, and a stop or newer prompt sent after it may still be on its way (an
 * operator's redrive delivers them in any order). Resuming a turn hours after it failed is no retry.
 */
function lateFailure(
  ctx: MachineContext,
  cameAt: number,
  accepted: boolean,
): { kind: 'exhausted'; reason: string; late: true } | null {
  // Measured from when ingest accepted its webhook; from when the sender dated it only for one queued before.
  const late = lateness(ctx, cameAt, accepted ? 'its webhook was accepted' : 'it happened');
  return late ? { kind: 'exhausted', reason: `the failure was handled ${late}`, late: true } : null;
}

/** `<how late> after <what>, more than <limit> late` once `since` is past the late bound; else `null`. */
function lateness(ctx: MachineContext, since: number, what: string): string | null {
  const lateMs = ctx.now - since;
  const limitMs = lateLimitMs(ctx.policy);
  if (lateMs <= limitMs) return null;
  return `${formatLate(lateMs)} after ${what}, more than ${formatDuration(limitMs)} late`;
}

/**
 * How late an event or a wake-up may come and still be acted on: the longest wait, and never less than an hour,
 * so that a short `maxWait` does not end attempts that a queue's visibility timeout (3 minutes) merely delayed.
 */
function lateLimitMs(policy: RetryPolicy): number {
  return Math.max(policy.maxWaitMs, LATE_LIMIT_FLOOR_MS);
}

const LATE_LIMIT_FLOOR_MS = 3_600_000;

/** A lateness past the limit, rounded up to the minute so that it never reads as the limit itself. */
function formatLate(ms: number): string {
  return formatDuration(Math.ceil(ms / 60_000) * 60_000);
}

/**
 * A wake-up that comes later than the longest wait after `since` ends the attempt instead of sending it: it sat
 * in a dead-letter queue (an operator's redrive) or behind a failing function, and a stop or newer prompt from
 * that time may still be on its way. `null` for a wake-up about on time.
 */
function lateWake(ctx: MachineContext, since: number, what: string): string | null {
  const late = lateness(ctx, since, what);
  return late && `the wake-up came ${late}`;
}

/** The outcome of an attempt ended unsent because its wake-up came too late (`detail` says how late). */
function lateFailedEvent(p: Pending, detail: string): SessionEvent {
  return { kind: 'auto_resume_failed', ...attemptFields(p), status: 0, detail, late: true, retry: null };
}

/** Capacity and transport failures tell of the upstream's health; a sign-in error or a crashed agent do not. */
function transientReport(
  verdict: Classification,
  upstream: string,
  failedAt: number,
): PaceReport | undefined {
  const transient = verdict.retry === 'capacity' || verdict.retry === 'transport';
  return transient ? { upstream, outcome: PaceOutcome.transient, failedAt } : undefined;
}

/** A failure already decided: re-arm the same wake-up when it is the armed one (a crash may have lost it). */
function duplicateFailure(
  state: SessionState,
  turnId: string,
  base: string,
  attempt: number,
  now: number,
): Decision {
  const p = state.pending;
  if (p && p.turnId === turnId && p.base === base && p.attempt === attempt + 1) {
    return {
      outcome: Outcome.alreadyScheduled,
      next: null,
      events: [],
      effects: [armEffect(state.sessionId, p, now)],
    };
  }
  return nothing(Outcome.duplicate);
}

function onStarted(state: SessionState, event: TurnEvent, ctx: MachineContext): Decision {
  const { base, attempt } = splitPromptId(event.promptId ?? '');
  const turnId = event.turnId ?? '';
  // The resumed turn started before its POST's answer was recorded (a timeout, a crash): the POST arrived.
  const landed = landedInFlight(state, turnId, base, attempt);
  const latest = state.latestPrompt;
  const chain = state.chain;
  const chainHere = chain !== null && chain.turnId === turnId && chain.base === base && !chain.ended;
  // A resumed prompt's start (`p~resume-1`) with no chain of it open is the resumer's own resume of an older prompt
  // starting late (a hub that queued it behind the user's next one), no newer prompt (a review).
  const stale = (latest !== null && cameBefore(event, latest)) || (attempt > 0 && !chainHere);
  const again = latest !== null && latest.base === base && latest.turnId === turnId;
  if (!landed && stale) return nothing(Outcome.stale);
  if (!landed && again) return nothing(Outcome.duplicate);
  const next = beginWrite(state, event, ctx);
  const events: SessionEvent[] = [];
  const effects: Effect[] = [];
  settleLanded(next, turnId, base, attempt, events);
  if (!stale && !again) {
    next.latestPrompt = signOf(base, turnId, event);
    supersedeOthers(next, base, turnId, events, effects, ctx);
  }
  return finish(next, outcomeOf(events, landed), events, effects);
}

function onCompleted(state: SessionState, event: TurnEvent, ctx: MachineContext): Decision {
  const { base, attempt } = splitPromptId(event.promptId ?? '');
  const turnId = event.turnId ?? '';
  const chain = state.chain;
  const landed = landedInFlight(state, turnId, base, attempt);
  const chainHere = chain !== null && chain.turnId === turnId && chain.base === base && !chain.ended;
  // A resumed prompt's completion (`p~resume-1`) with no chain open is the resumer's own resume of an older prompt
  // landing late (a hub that queued it behind the user's next prompt), no newer prompt: stale (a review).
  if (!landed && !chainHere)
    return attempt > 0 ? nothing(Outcome.stale) : completedUnseen(state, event, base, turnId, ctx);
  const next = beginWrite(state, event, ctx);
  const events: SessionEvent[] = [];
  const effects: Effect[] = [];
  // The resumed turn completed before its POST's answer was recorded: the POST arrived.
  settleLanded(next, turnId, base, attempt, events);
  // An attempt of a chain that is over or no longer the latest: only the attempt itself is settled.
  if (!chainHere) return finish(next, Outcome.fired, events, effects);
  const armedHere = next.pending !== null && next.pending.turnId === turnId && next.pending.base === base;
  if (armedHere) skipPending(next, 'row_cleared', events, effects);
  // A resumed turn that completed is the upstream's sign of health: its pacer releases what it holds.
  const upstream = chain.upstream;
  // When its resume went out: recorded when the attempt fired, just now included.
  const sentAt = next.chain?.sentAt;
  if (next.chain) next.chain.ended = true;
  const report =
    attempt > 0 && upstream
      ? { upstream, outcome: PaceOutcome.ok, ...(sentAt == null ? {} : { sentAt }) }
      : undefined;
  return finish(next, outcomeOf(events, landed), events, effects, report);
}

/**
 * The completion of a prompt later than the newest sign seen, with no chain of it open: its start has not been handled
 * (SQS keeps no order, and a throttled receive comes back minutes later) or never comes. It is a sign of that prompt
 * as its start would be, so it supersedes an older prompt's attempt; and it is marked completed, so that the
 * prompt's own failure, sent before it and handled after it, is not resumed.
 */
function completedUnseen(
  state: SessionState,
  event: TurnEvent,
  base: string,
  turnId: string,
  ctx: MachineContext,
): Decision {
  const latest = state.latestPrompt;
  // Its start was seen (the common case, written then), or it is not later than the newest sign: nothing to write.
  // Later by the sender's clock only, never by a tie: a completion dated the same second as a newer prompt's
  // failure may be an older prompt's, sent again (a review), and would cancel that retry.
  if (
    latest !== null &&
    ((latest.base === base && latest.turnId === turnId) || event.occurredAt <= latest.at)
  )
    return nothing(Outcome.stale);
  const next = beginWrite(state, event, ctx);
  const events: SessionEvent[] = [];
  const effects: Effect[] = [];
  next.latestPrompt = { ...signOf(base, turnId, event), completed: true };
  supersedeOthers(next, base, turnId, events, effects, ctx);
  return finish(next, outcomeOf(events, false), events, effects);
}

/**
 * A sign of a newer prompt (its start, or its completion before its start) supersedes the attempt of any other:
 * another prompt, or the same prompt id in another turn (a hub that runs a prompt again, a user's retry).
 */
function supersedeOthers(
  next: SessionState,
  base: string,
  turnId: string,
  events: SessionEvent[],
  effects: Effect[],
  ctx: MachineContext,
): void {
  const other = (p: Pending) => p.base !== base || p.turnId !== turnId;
  if (next.pending !== null && other(next.pending)) skipPending(next, 'superseded', events, effects);
  if (next.inFlight !== null && other(next.inFlight)) withdrawInFlight(next, 'superseded', events, ctx);
}

/** When the newest sign of the failing turn (`base` in `turnId`) was accepted, if `latest` is one of it. */
function ranAtStopSign(latest: LatestPrompt | null, base: string, turnId: string): number | undefined {
  if (latest === null || latest.base !== base || latest.turnId !== turnId || latest.completed)
    return undefined;
  return latest.receivedAt;
}

/** The sign of a prompt that `event` is. */
function signOf(base: string, turnId: string, event: TurnEvent): LatestPrompt {
  return event.receivedAt === undefined
    ? { base, turnId, at: event.occurredAt }
    : { base, turnId, at: event.occurredAt, receivedAt: event.receivedAt };
}

/**
 * Whether `event` came before the sign `latest`: earlier by the sender's clock, or dated the same (webhook times
 * are often whole seconds) and accepted earlier. Dated the same with no acceptance time, it is not before.
 */
function cameBefore(event: TurnEvent, latest: LatestPrompt): boolean {
  if (event.occurredAt !== latest.at) return event.occurredAt < latest.at;
  return (
    latest.receivedAt !== undefined && event.receivedAt !== undefined && event.receivedAt < latest.receivedAt
  );
}

/** A decision that logged a skip is `skipped`; else one that settled an attempt as fired is `fired`. */
function outcomeOf(events: readonly SessionEvent[], landed: boolean): Outcome {
  if (events.some((e) => e.kind === 'auto_resume_skipped')) return Outcome.skipped;
  return landed ? Outcome.fired : Outcome.recorded;
}

function onStopped(
  state: SessionState,
  event: TurnEvent,
  ctx: MachineContext,
  why: 'stopped' | 'closed',
): Decision {
  const next = beginWrite(state, event, ctx);
  // A stop through the API is on the resumer's clock; one from the sender on the sender's. Each is ordered only
  // against times on its own clock.
  const viaApi = event.viaApi === true;
  if (viaApi) next.apiStoppedAt = Math.max(state.apiStoppedAt ?? 0, event.occurredAt);
  else {
    next.stoppedAt = Math.max(state.stoppedAt ?? 0, event.occurredAt);
    if (event.receivedAt !== undefined)
      next.stoppedAtHere = Math.max(state.stoppedAtHere ?? 0, event.receivedAt);
  }
  if (why === 'closed') next.closed = true;
  const events: SessionEvent[] = [];
  const effects: Effect[] = [];
  // A stop older than the failure that armed the wait was meant for an earlier turn.
  const failedBy = (p: Pending) => (viaApi ? (p.failedAtHere ?? p.failedAt) : p.failedAt);
  // So was one that came while the failing turn still ran, though its failure (a hub's report of the turn it killed
  // on the stop) was handled first: the turn's sign was accepted before the stop (bug 68's other order).
  const stopHere = viaApi ? event.occurredAt : event.receivedAt;
  const ranAtStop = (p: Pending) =>
    p.ranSinceHere !== undefined && stopHere !== undefined && p.ranSinceHere < stopHere;
  const meantFor = (p: Pending | null): p is Pending =>
    p !== null && (why === 'closed' || failedBy(p) <= event.occurredAt || ranAtStop(p));
  const cancels = meantFor(next.inFlight) && !next.inFlight.cancelled;
  if (cancels) withdrawInFlight(next, why, events, ctx);
  if (meantFor(next.pending)) skipPending(next, why, events, effects);
  if (events.length > 0) return finish(next, Outcome.skipped, events, effects);
  if (cancels) return finish(next, Outcome.cancelRequested, events, effects);
  const before = viaApi ? state.apiStoppedAt : state.stoppedAt;
  if (why === 'stopped' && before != null && before >= event.occurredAt) return nothing(Outcome.duplicate);
  // Asked again while the POST a first stop withdrew is still under way: still a stop waiting on that answer.
  if (meantFor(next.inFlight)) return finish(next, Outcome.cancelRequested, events, effects);
  return finish(next, Outcome.recorded, events, effects);
}

/** The armed attempt `wake` is for, when it is due (not early): the one a wake-up claims or the pacer holds. */
export function dueArmedAttempt(state: SessionState, wake: WakeMessage, ctx: MachineContext): Pending | null {
  const p = state.pending;
  if (!p || !sameAttempt(p, wake)) return null;
  return p.nextAt - ctx.now > ctx.policy.earlyToleranceMs ? null : p;
}

/** Whether a due attempt's wake-up comes too late to send it (its claim ends it unsent): no pacer need be asked. */
export function wakeTooLate(p: Pending, ctx: MachineContext): boolean {
  return lateWake(ctx, p.nextAt, 'its time') !== null;
}

function onWake(
  state: SessionState,
  wake: WakeMessage,
  hold: WakeHold | undefined,
  ctx: MachineContext,
): Decision {
  const p = state.pending;
  if (p && p.promptId === wake.promptId && p.turnId === wake.turnId) {
    if (!dueArmedAttempt(state, wake, ctx)) {
      return {
        outcome: Outcome.early,
        next: null,
        events: [],
        effects: [armEffect(state.sessionId, p, ctx.now)],
      };
    }
    const late = lateWake(ctx, p.nextAt, 'its time');
    if (late) {
      // The attempt was scheduled, so it ends with an attempt's outcome: failed, with nothing sent.
      const next = beginWrite(state, undefined, ctx);
      next.pending = null;
      endChainOf(next, p);
      remember(next, attemptKey(p.turnId, p.base, p.attempt));
      return finish(next, Outcome.gaveUp, [lateFailedEvent(p, `not sent: ${late}`)], []);
    }
    // An older attempt withdrawn by this prompt may still be in flight: the session sends one at a time, and the
    // older one must get its own outcome. While its claim holds, its POST may be under way: come back at the end
    // of its lease. After that it is settled as skipped in the claim's own write.
    const older = state.inFlight;
    if (older && !sameAttempt(older, p) && claimHeld(older, ctx)) {
      const untilMs = (older.claimedAt ?? ctx.now) + ctx.policy.resumeLeaseMs;
      return {
        outcome: Outcome.early,
        next: null,
        events: [],
        effects: [{ kind: 'arm', wake: wakeOf(state.sessionId, p), delayMs: Math.max(0, untilMs - ctx.now) }],
      };
    }
    if (hold) return holdArmed(state, p, hold, ctx);
    const next = beginWrite(state, undefined, ctx);
    next.pending = null;
    const events: SessionEvent[] = [];
    if (older && !sameAttempt(older, p))
      settleInFlight(next, events, skippedEvent(older, older.cancelled ?? 'superseded'));
    return claim(next, { ...p, phase: PendingPhase.firing }, ctx, events);
  }
  const sent = state.inFlight;
  if (sent && sent.promptId === wake.promptId && sent.turnId === wake.turnId) {
    // Another invocation holds the claim: come back when its lease has run out, never send beside it. A
    // cancelled claim waits too: its POST may be under way, and if it lands the attempt fired.
    if (claimHeld(sent, ctx)) return nothing(Outcome.inFlight);
    if (sent.cancelled) {
      const next = beginWrite(state, undefined, ctx);
      settleInFlight(next, [], undefined);
      const events: SessionEvent[] = [skippedEvent(sent, sent.cancelled)];
      return finish(next, Outcome.skipped, events, []);
    }
    const late = lateWake(ctx, sent.sentAt ?? sent.claimedAt ?? sent.nextAt, 'its last try');
    if (late) {
      const next = beginWrite(state, undefined, ctx);
      const events: SessionEvent[] = [];
      settleInFlight(next, events, lateFailedEvent(sent, `not sent again: ${late}`));
      return finish(next, Outcome.gaveUp, events, []);
    }
    return claim(beginWrite(state, undefined, ctx), sent, ctx);
  }
  const { base } = splitPromptId(wake.promptId);
  const key = attemptKey(wake.turnId, base, wake.attempt);
  if (state.settled.includes(key)) return nothing(Outcome.duplicate);
  const next = beginWrite(state, undefined, ctx);
  remember(next, key);
  const event: SessionEvent = {
    kind: 'auto_resume_skipped',
    why: 'row_cleared',
    attempt: wake.attempt,
    promptId: wake.promptId,
    turnId: wake.turnId,
    retry: null,
  };
  return finish(next, Outcome.skipped, [event], []);
}

/**
 * Holds the due attempt as the pacer says: the same attempt waits until `untilMs` (nothing spent, no new attempt
 * number), the row shows why, and the wake-up is armed for then, when it asks again. Logged once per attempt.
 */
function holdArmed(state: SessionState, p: Pending, hold: WakeHold, ctx: MachineContext): Decision {
  const next = beginWrite(state, undefined, ctx);
  const held: Pending = { ...p, nextAt: Math.max(hold.untilMs, ctx.now), held: hold.why, heldAt: ctx.now };
  next.pending = held;
  const events: SessionEvent[] = [];
  if (!p.held) {
    events.push({
      kind: 'auto_resume_held',
      why: hold.why,
      ...attemptFields(held),
      nextAt: held.nextAt,
      retry: retrySummary(next),
    });
  }
  return finish(next, Outcome.held, events, [armEffect(state.sessionId, held, ctx.now)]);
}

/** Takes (or takes again) the claim on an attempt and sends it, unless its tries are spent. */
function claim(
  next: SessionState,
  attempt: Pending,
  ctx: MachineContext,
  events: SessionEvent[] = [],
): Decision {
  if (attempt.tries >= ctx.policy.maxResumeTries) {
    next.inFlight = attempt;
    // The last answer recorded, so the log says why: `HTTP 503 …`, `no answer within 10000 ms`.
    const last = attempt.lastAnswer;
    settleInFlight(next, events, {
      kind: 'auto_resume_failed',
      ...attemptFields(attempt),
      status: last?.status ?? 0,
      detail: `${attempt.tries} ${attempt.tries === 1 ? 'try' : 'tries'}, the last: ${last?.detail ?? 'no answer recorded'}`,
      retry: null,
    });
    return finish(next, Outcome.gaveUp, events, []);
  }
  next.inFlight = {
    ...attempt,
    tries: attempt.tries + 1,
    claimedAt: ctx.now,
    sentAt: ctx.now,
    firstSentAt: attempt.firstSentAt ?? ctx.now,
  };
  const call = resumeCallFor(next.sessionId, next.agentSessionId, next.inFlight);
  return finish(next, Outcome.fire, events, [{ kind: 'resume', call }]);
}

function onResumeResult(
  state: SessionState,
  wake: WakeMessage,
  result: ResumeResult,
  tries: number | undefined,
  ctx: MachineContext,
): Decision {
  const sent = state.inFlight;
  if (!sent || sent.promptId !== wake.promptId || sent.turnId !== wake.turnId) return nothing(Outcome.stale);
  if (tries !== undefined && sent.tries !== tries) return nothing(Outcome.stale);
  const next = beginWrite(state, undefined, ctx);
  const events: SessionEvent[] = [];
  if (result.kind === 'ok') {
    settleInFlight(next, events, { kind: 'auto_resume_fired', ...attemptFields(sent), retry: null });
    return finish(next, Outcome.fired, events, []);
  }
  if (result.kind === 'rejected') {
    settleInFlight(next, events, {
      kind: 'auto_resume_failed',
      ...attemptFields(sent),
      status: result.status,
      detail: answerDetail(result.detail),
      retry: null,
    });
    return finish(next, Outcome.resumeRejected, events, []);
  }
  if (sent.cancelled) {
    settleInFlight(next, events, skippedEvent(sent, sent.cancelled));
    return finish(next, Outcome.skipped, events, []);
  }
  // Release the claim so that the next delivery of this wake-up tries again at once.
  const lastAnswer =
    result.kind === 'retryable'
      ? { status: result.status ?? 0, detail: answerDetail(result.detail) }
      : sent.lastAnswer;
  // An answer with a status (the agent said 503) means that POST did not land: only an unanswered one may have,
  // so only then does its send time still count as when the resume could have gone out.
  const answered = result.kind === 'retryable' && (result.status ?? 0) > 0;
  // An earlier try that went unanswered may still have landed: its time stays.
  const onlyThisTry = sent.firstSentAt === sent.sentAt;
  next.inFlight = {
    ...sent,
    claimedAt: null,
    lastAnswer,
    ...(answered && onlyThisTry ? { firstSentAt: undefined } : {}),
  };
  return finish(next, Outcome.resumeRetryLater, [], []);
}

/** Skips the waiting attempt at once: logs the skip and disarms its wake-up. */
function skipPending(next: SessionState, why: SkipWhy, events: SessionEvent[], effects: Effect[]): void {
  const p = next.pending;
  if (!p) return;
  events.push(skippedEvent(p, why));
  effects.push({ kind: 'disarm', wake: wakeOf(next.sessionId, p) });
  remember(next, attemptKey(p.turnId, p.base, p.attempt));
  next.pending = null;
  endChainOf(next, p);
}

/**
 * Withdraws the attempt in flight. While a claim is held its POST may be under way and cannot be recalled, so
 * it is only marked: nothing is logged yet, it ends as fired if that POST lands (its answer, or the resumed
 * turn's own webhook), else as skipped, and is never sent again. Once a retryable answer has released the claim
 * (`claimedAt: null`), or its lease has run out, nothing is under way: the skip is logged at once, and the
 * wake-up that comes back finds the attempt settled.
 */
function withdrawInFlight(
  next: SessionState,
  why: SkipWhy,
  events: SessionEvent[],
  ctx: MachineContext,
): void {
  const sent = next.inFlight;
  if (!sent || sent.cancelled) return;
  // A claim past its lease is as good as released: its holder died or is late, and the last look it takes before
  // the POST finds the attempt settled.
  if (!claimHeld(sent, ctx)) {
    settleInFlight(next, events, skippedEvent(sent, why));
    return;
  }
  next.inFlight = { ...sent, cancelled: why };
  // A newer prompt's sign leaves the chain to how the POST ends: a skip ends it, a landed (fired) one leaves it open,
  // as when the sign comes after the answer; so the resumed turn's failure or completion counts either way (a review).
  if (why !== 'superseded') endChainOf(next, sent);
}

/** Whether a delivery holds the claim on `sent` now: taken, not released, and within its lease. */
function claimHeld(sent: Pending, ctx: MachineContext): boolean {
  return sent.claimedAt !== null && ctx.now - sent.claimedAt < ctx.policy.resumeLeaseMs;
}

/** Whether the attempt in flight is the one `promptId` (turn, base, attempt) names: a sign its POST arrived. */
function landedInFlight(state: SessionState, turnId: string, base: string, attempt: number): boolean {
  const sent = state.inFlight;
  return (
    sent !== null && attempt > 0 && sent.turnId === turnId && sent.base === base && sent.attempt === attempt
  );
}

/** Settles the attempt in flight as fired when the resumed turn's own webhook shows its POST arrived. */
function settleLanded(
  next: SessionState,
  turnId: string,
  base: string,
  attempt: number,
  events: SessionEvent[],
): void {
  const sent = next.inFlight;
  if (!sent || !landedInFlight(next, turnId, base, attempt)) return;
  settleInFlight(next, events, { kind: 'auto_resume_fired', ...attemptFields(sent), retry: null });
}

/** Ends the attempt in flight with `event`; a fired attempt leaves its chain open for the resumed turn. */
function settleInFlight(next: SessionState, events: SessionEvent[], event: SessionEvent | undefined): void {
  const sent = next.inFlight;
  if (!sent) return;
  if (event) events.push(event);
  remember(next, attemptKey(sent.turnId, sent.base, sent.attempt));
  next.inFlight = null;
  const sentAt = sent.firstSentAt ?? sent.claimedAt ?? sent.sentAt;
  if (event?.kind !== 'auto_resume_fired') endChainOf(next, sent);
  else if (sentAt != null && next.chain?.turnId === sent.turnId && next.chain.base === sent.base)
    next.chain.sentAt = sentAt;
}

function endChainOf(next: SessionState, p: Pending): void {
  if (next.chain && next.chain.turnId === p.turnId && next.chain.base === p.base) next.chain.ended = true;
}

function skippedEvent(p: Pending, why: SkipWhy): SessionEvent {
  return { kind: 'auto_resume_skipped', why, ...attemptFields(p), retry: null };
}

/** The most of an agent's answer an event and the row keep: the row is written on every step. */
const ANSWER_DETAIL_CHARS = 160;

/** An agent's answer as kept: redacted (whatever client wrote it) and cut. */
function answerDetail(detail: string): string {
  return redactSecrets(detail, ANSWER_DETAIL_CHARS);
}

function attemptFields(p: Pending) {
  return { attempt: p.attempt, promptId: p.promptId, turnId: p.turnId };
}

function remember(next: SessionState, key: string): void {
  next.settled = [...next.settled.filter((k) => k !== key), key].slice(-SETTLED_LIMIT);
}

function wakeOf(sessionId: string, p: Pending): WakeMessage {
  return { sessionId, turnId: p.turnId, attempt: p.attempt, promptId: p.promptId, nextAt: p.nextAt };
}

function armEffect(sessionId: string, p: Pending, now: number): Effect {
  return { kind: 'arm', wake: wakeOf(sessionId, p), delayMs: Math.max(0, p.nextAt - now) };
}

function beginWrite(state: SessionState, event: TurnEvent | undefined, ctx: MachineContext): SessionState {
  return {
    ...state,
    pending: state.pending ? { ...state.pending } : null,
    inFlight: state.inFlight ? { ...state.inFlight } : null,
    chain: state.chain ? { ...state.chain } : null,
    failures: state.failures ?? [],
    agentSessionId: event?.agentSessionId ?? state.agentSessionId,
    version: state.version + 1,
    updatedAt: ctx.now,
  };
}

function finish(
  next: SessionState,
  outcome: Outcome,
  events: SessionEvent[],
  effects: Effect[],
  report?: PaceReport,
): Decision {
  const last = events.at(-1);
  if (last) next.lastEvent = last;
  return report ? { outcome, next, events, effects, report } : { outcome, next, events, effects };
}

function nothing(outcome: Outcome): Decision {
  return { outcome, next: null, events: [], effects: [] };
}
