import type { Admission } from '../core/pacer-state';
import {
  dueArmedAttempt,
  Outcome,
  type ResumeResult,
  type WakeHold,
  wakeTooLate,
} from '../core/session-machine';
import { type Pending, sameAttempt } from '../core/session-state';
import type { WakeMessage } from '../core/types';
import { upstreamOf } from '../core/upstream';
import type { Pacer } from '../ports';
import { type Applied, decideAndCommit } from './decide-and-commit';
import { type ResumerDeps, RetryLaterError } from './deps';
import { runWakeEffects } from './handle-turn-event';

/** How long the invocation may still run (a Lambda's `getRemainingTimeInMillis`): the POST ends before it. */
export type ResumeTurnOptions = { remainingMs?: () => number };

/** What a wake-up came to: the claim (or hold), the recorded answer when a resume was sent, the pacer's word. */
export type ResumeOutcome = { claim: Applied; result?: Applied; admission?: Admission };

/**
 * Handles one wake-up: asks the pacer when the armed attempt is due, claims it, POSTs the resume, records the
 * answer; a held attempt is armed again for later with nothing spent.
 * Throws `RetryLaterError` when the same attempt must be tried again on a later delivery.
 */
export async function resumeTurn(
  deps: ResumerDeps,
  wake: WakeMessage,
  options: ResumeTurnOptions = {},
): Promise<ResumeOutcome> {
  // With a pacer, the claim is decided at the time the pacer was asked about: a wake-up the pacer was not asked
  // about because it was early then must not become due a moment later and go unasked.
  const askedAt = deps.clock.now();
  const admission = deps.pacer ? await admitDue(deps, deps.pacer, wake, askedAt) : undefined;
  const hold: WakeHold | undefined =
    admission?.kind === 'hold' ? { untilMs: admission.untilMs, why: admission.why } : undefined;
  const claimDeps = deps.pacer ? { ...deps, clock: { now: () => askedAt } } : deps;
  const claim = await decideAndCommit(claimDeps, wake.sessionId, { kind: 'wake', wake, hold });
  const paced = admission ? { admission } : {};
  const { outcome, effects } = claim.decision;
  if (outcome === Outcome.inFlight) {
    throw new RetryLaterError(
      `attempt ${wake.attempt} of ${wake.sessionId} is being sent by another delivery`,
    );
  }
  await runWakeEffects(deps.waker, effects);
  const send = effects.find((effect) => effect.kind === 'resume');
  if (!send) return { claim, ...paced };
  // A stop, close or newer prompt stored since the claim cancels the POST if it has not gone out yet; so does
  // another delivery's claim on the same attempt (ours outlasted its lease): the claim is ours only while its
  // try count is the one we took.
  const fresh = await deps.store.load(wake.sessionId);
  const claimed = claim.decision.next?.inFlight;
  const ours = fresh.inFlight != null && sameAttempt(fresh.inFlight, send.call);
  // Another delivery has claimed the attempt since: the attempt and its answer are that delivery's to record, so
  // this one records nothing (a `not_sent` here would release the other's claim while its POST is going out).
  if (ours && fresh.inFlight?.tries !== claimed?.tries) return { claim, ...paced };
  const stillOurs = ours && !fresh.inFlight?.cancelled;
  // The POST must end within the claim's lease, with room left to record its answer: past the lease, another
  // delivery may take the attempt and send it too, and a stop is recorded at once as a skip (a landed resume whose
  // answer was recorded after that would be logged skipped). A slow load before it leaves the POST less time, or none.
  // Nor may it outlast the invocation: a function killed before it records the answer leaves the claim to lapse
  // and the attempt to be sent again.
  const leaseLeftMs = (claimed?.claimedAt ?? askedAt) + deps.policy.resumeLeaseMs - deps.clock.now();
  const runLeftMs = options.remainingMs?.() ?? Number.POSITIVE_INFINITY;
  const marginMs = recordMarginMs(deps.policy.resumeLeaseMs);
  const leftMs = Math.min(leaseLeftMs, runLeftMs);
  const postMs = leftMs - marginMs;
  const answer: ResumeResult = !stillOurs
    ? { kind: 'not_sent' }
    : postMs < MIN_POST_MS
      ? {
          kind: 'retryable',
          detail: `not sent: ${Math.max(0, leftMs)} ms of the claim's lease${runLeftMs < leaseLeftMs ? ' (and of the invocation)' : ''} were left, ${marginMs} ms of them kept to record the answer`,
        }
      : await deps.agent.resume(send.call, { timeoutMs: postMs });
  const result = await decideAndCommit(deps, wake.sessionId, {
    kind: 'resume_result',
    wake,
    result: answer,
    tries: claimed?.tries,
  });
  if (answer.kind === 'retryable' && result.decision.outcome === Outcome.resumeRetryLater) {
    throw new RetryLaterError(`resume ${send.call.promptId} of ${wake.sessionId}: ${answer.detail}`);
  }
  return { claim, result, ...paced };
}

/** A POST with less of its claim's lease left than this is not sent: it would likely be cut off unanswered. */
const MIN_POST_MS = 1_000;
/**
 * The lease kept back after the POST to record its answer: 4 s, so that the longest agent timeout (25 s) still fits
 * a default 30 s lease after the claim and the last look (a second for both).
 */
const RECORD_MARGIN_MS = 4_000;

/** The room to record the answer in a lease of `leaseMs`: 4 s, or a sixth of a lease shorter than 24 s. */
function recordMarginMs(leaseMs: number): number {
  return Math.min(RECORD_MARGIN_MS, Math.floor(leaseMs / 6));
}

/**
 * Asks the pacer of the attempt's upstream, before the claim, whether the due armed attempt may go. Any other
 * wake-up (early, stale, or for an attempt already claimed) is not the pacer's to judge. The state may change
 * before the claim; then the machine decides on the newer state and the admission goes unused (a probe lease
 * or a slot wasted, never a resume sent twice).
 */
async function admitDue(
  deps: ResumerDeps,
  pacer: Pacer,
  wake: WakeMessage,
  now: number,
): Promise<Admission | undefined> {
  const state = await deps.store.load(wake.sessionId);
  const ctx = { now, policy: deps.policy };
  const due = dueArmedAttempt(state, wake, ctx);
  // One too late to send asks nobody: a redrive of old wake-ups must not spend the slots live resumes need.
  if (!due || wakeTooLate(due, ctx)) return undefined;
  return pacer.admit(
    upstreamOfAttempt(due),
    { sessionId: wake.sessionId, promptId: due.promptId, reservation: reservationOf(due) },
    now,
  );
}

/** An attempt armed before pacing existed carries no upstream: derive it from its stored error text. */
function upstreamOfAttempt(p: Pending): string {
  return p.upstream ?? upstreamOf({ message: p.error });
}

function reservationOf(p: Pending) {
  return p.held === 'paced' && p.heldAt !== undefined ? { slotAt: p.nextAt, heldAt: p.heldAt } : undefined;
}
