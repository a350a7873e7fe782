import { unitFromParts } from './hash';
import { SQS_MAX_DELAY_MS } from './types';

/** Why a due resume waits: its paced slot is later, or the upstream is down and a probe is out. */
export const HoldWhy = { paced: 'paced', probing: 'probing' } as const;
export type HoldWhy = (typeof HoldWhy)[keyof typeof HoldWhy];

/** What the pacer of an upstream hears: a resumed turn completed, or a turn failed transiently. */
export const PaceOutcome = { ok: 'ok', transient: 'transient' } as const;
export type PaceOutcome = (typeof PaceOutcome)[keyof typeof PaceOutcome];

/** An upstream is `up` (resumes are paced) or `down` (after a run of failures: one probe at a time). */
export const UpstreamMode = { up: 'up', down: 'down' } as const;
export type UpstreamMode = (typeof UpstreamMode)[keyof typeof UpstreamMode];

/** The pacer's answer to a due resume: send it now (`probe`: alone, to test a down upstream), or wait. */
export type Admission = { kind: 'go'; probe: boolean } | { kind: 'hold'; untilMs: number; why: HoldWhy };

/** A due resume asking to go: the attempt, and the slot an earlier `paced` hold reserved for it. */
export type AdmitRequest = {
  sessionId: string;
  promptId: string;
  /** `slotAt`: the reserved time; `heldAt`: when the hold gave it (a slot given before the upstream went down is void). */
  reservation?: { slotAt: number; heldAt: number } | undefined;
};

/** The probe out on a down upstream: whose it is and until when no other may go. */
export type Probe = { sessionId: string; promptId: string; untilMs: number };

/** Everything the pacer keeps per upstream; small and bounded, one item per upstream. */
export type PacerState = {
  mode: UpstreamMode;
  /** GCRA's theoretical arrival time: when the next resume would be due at the steady rate (epoch ms). */
  tatMs: number;
  /** When the current up period began: a slot reserved before it is void. */
  upSince: number;
  /**
   * After an outage, until this time (epoch ms) there is no burst: the held resumes come back over a while and
   * are released strictly at the rate. It lasts while they keep coming, so it ends with no backlog.
   */
  releaseUntil?: number | undefined;
  downSince: number | null;
  /** Transient failures reported since the last success (epoch ms, newest last), at most `probeAfterFailures`. */
  failures: number[];
  probe: Probe | null;
  /** While down, no new probe before this (epoch ms). */
  nextProbeAt: number;
  /** While down: when failures began moving a due probe later (epoch ms); absent before the first did. */
  delayedSince?: number | undefined;
};

/** How resumes are paced per upstream; build it with `compilePacerSettings`. */
export type PacerSettings = Readonly<{
  /** Resumes per second per upstream at the steady rate. @default 10 */
  ratePerSecond: number;
  /** Resumes that may go at once on an idle upstream. @default 20 */
  burst: number;
  /** Transient failures within `failureWindowMs`, with no success since, that mark the upstream down. @default 5 */
  probeAfterFailures: number;
  /** @default 60 s */
  failureWindowMs: number;
  /** How long a probe alone may go unanswered before another may go. @default 60 s */
  probeLeaseMs: number;
  /** After a failure on a down upstream, the next probe waits this long. @default 30 s */
  probeIntervalMs: number;
  /** Resumes held while probing come back spread over up to this long (the spread grows with the outage). @default 5 min */
  maxProbingSpreadMs: number;
}>;

export const DEFAULT_PACER_SETTINGS: PacerSettings = Object.freeze({
  ratePerSecond: 10,
  burst: 20,
  probeAfterFailures: 5,
  failureWindowMs: 60_000,
  probeLeaseMs: 60_000,
  probeIntervalMs: 30_000,
  maxProbingSpreadMs: 300_000,
});

/** The setting names used in messages; config passes environment variable names. */
export type PacerSettingNames = Partial<Record<keyof PacerSettings, string>>;

/** Raised once with every invalid pacing setting named. */
export class PacerSettingsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid pacing settings: ${problems.join('; ')}`);
    this.name = 'PacerSettingsError';
  }
}

const LIMITS: Record<keyof PacerSettings, { min: number; max: number; integer: boolean; what: string }> = {
  ratePerSecond: { min: 0.001, max: 1000, integer: false, what: 'a rate from 0.001 to 1000 per second' },
  burst: { min: 1, max: 10_000, integer: true, what: 'a whole number from 1 to 10000' },
  probeAfterFailures: { min: 1, max: 100, integer: true, what: 'a whole number from 1 to 100' },
  failureWindowMs: { min: 1000, max: 86_400_000, integer: false, what: 'a duration from 1s to 24h' },
  probeLeaseMs: { min: 1000, max: 86_400_000, integer: false, what: 'a duration from 1s to 24h' },
  probeIntervalMs: { min: 1000, max: 86_400_000, integer: false, what: 'a duration from 1s to 24h' },
  maxProbingSpreadMs: { min: 0, max: 86_400_000, integer: false, what: 'a duration from 0 to 24h' },
};

/** Validates `input` over the defaults; throws one `PacerSettingsError` naming every bad setting. */
export function compilePacerSettings(
  input: Partial<Record<keyof PacerSettings, number | undefined>> = {},
  names: PacerSettingNames = {},
): PacerSettings {
  const merged: Record<string, number> = { ...DEFAULT_PACER_SETTINGS };
  const problems: string[] = [];
  for (const key of Object.keys(LIMITS) as Array<keyof PacerSettings>) {
    const value = input[key];
    if (value === undefined) continue;
    const limit = LIMITS[key];
    const fits = Number.isFinite(value) && value >= limit.min && value <= limit.max;
    if (!fits || (limit.integer && !Number.isInteger(value))) {
      problems.push(`${names[key] ?? key} must be ${limit.what}, got ${value}`);
    }
    merged[key] = value;
  }
  if (problems.length > 0) throw new PacerSettingsError(problems);
  return Object.freeze(merged as PacerSettings);
}

/** An upstream nothing has been heard of: up, with a full burst. */
export function freshPacerState(): PacerState {
  return { mode: 'up', tatMs: 0, upSince: 0, downSince: null, failures: [], probe: null, nextProbeAt: 0 };
}

/** A pacer decision: the state to store (`null`: unchanged, store nothing) and, for `admit`, the answer. */
export type PaceDecision<A = undefined> = { next: PacerState | null; admission: A };

/**
 * Decides whether a due resume goes now; pure. Up: a GCRA token bucket (`burst` at once, then
 * `ratePerSecond`); a resume past the burst is held until its slot, which is reserved for it. Down: the first
 * asker after `nextProbeAt` goes alone as the probe, the rest are held while it is out or until the next probe.
 */
export function admit(
  state: PacerState,
  request: AdmitRequest,
  now: number,
  settings: PacerSettings,
): PaceDecision<Admission> {
  if (state.mode === UpstreamMode.down) return admitWhileDown(state, request, now, settings);
  const slot = request.reservation;
  const intervalMs = 1000 / settings.ratePerSecond;
  // A reserved slot is kept for a wake-up that comes about on time. One that comes much later (a stalled wake
  // queue, a throttled function, a suspended machine) asks the bucket again: honouring every late slot would
  // send all that a stall held back at once.
  const lateMs = now - (slot?.slotAt ?? now);
  if (
    slot &&
    slot.heldAt >= state.upSince &&
    slot.slotAt <= state.tatMs &&
    lateMs <= lateSlotGraceMs(settings, slot.slotAt - slot.heldAt)
  ) {
    return { next: null, admission: { kind: 'go', probe: false } };
  }
  const releasing = now < (state.releaseUntil ?? 0);
  const toleranceMs = releasing ? 0 : (settings.burst - 1) * intervalMs;
  const tat = Math.max(state.tatMs, now);
  const next: PacerState = { ...state, tatMs: tat + intervalMs };
  if (releasing) next.releaseUntil = Math.max(state.releaseUntil ?? 0, next.tatMs);
  if (tat - now <= toleranceMs) return { next, admission: { kind: 'go', probe: false } };
  const untilMs = Math.max(now + 1, Math.ceil(tat - toleranceMs));
  return { next, admission: { kind: 'hold', untilMs, why: HoldWhy.paced } };
}

/**
 * How late a reserved slot may be used: the time a burst takes at the rate, and never less than 5 s; a minute
 * more for a slot reserved over 15 minutes ahead, whose wake-up comes by EventBridge Scheduler (SPEC: one-minute
 * precision), or it would lose its slot every time and never get one.
 */
export function lateSlotGraceMs(settings: PacerSettings, heldForMs: number): number {
  const grace = Math.max(LATE_SLOT_GRACE_MIN_MS, (settings.burst * 1000) / settings.ratePerSecond);
  return heldForMs > SQS_MAX_DELAY_MS ? grace + SCHEDULER_PRECISION_MS : grace;
}

/** SQS delivers a delayed message within a second or two of its time; a few seconds more are a stall. */
const LATE_SLOT_GRACE_MIN_MS = 5_000;
const SCHEDULER_PRECISION_MS = 60_000;

function admitWhileDown(
  state: PacerState,
  request: AdmitRequest,
  now: number,
  settings: PacerSettings,
): PaceDecision<Admission> {
  const probe = state.probe;
  if (probe && now < probe.untilMs) {
    if (probe.sessionId === request.sessionId && probe.promptId === request.promptId) {
      return { next: null, admission: { kind: 'go', probe: true } };
    }
    return { next: null, admission: probingHold(state, request, now, settings, probe.untilMs) };
  }
  if (now < state.nextProbeAt) {
    return { next: null, admission: probingHold(state, request, now, settings, state.nextProbeAt) };
  }
  const next: PacerState = {
    ...state,
    probe: { sessionId: request.sessionId, promptId: request.promptId, untilMs: now + settings.probeLeaseMs },
    delayedSince: undefined,
  };
  return { next, admission: { kind: 'go', probe: true } };
}

/**
 * Held while probing: back after the probe's lease or the next probe time, spread per attempt over a window that
 * grows with the outage, so that thousands of held resumes neither ask at once nor keep asking every few seconds.
 */
function probingHold(
  state: PacerState,
  request: AdmitRequest,
  now: number,
  settings: PacerSettings,
  fromMs: number,
): Admission {
  const downForMs = now - (state.downSince ?? now);
  const spreadMs = Math.min(settings.maxProbingSpreadMs, Math.max(settings.probeIntervalMs, downForMs));
  const u = unitFromParts(request.sessionId, request.promptId, fromMs);
  const untilMs = Math.max(now + 1, Math.ceil(fromMs + u * spreadMs));
  return { kind: 'hold', untilMs, why: HoldWhy.probing };
}

/**
 * Takes in what happened on the upstream; pure. A transient failure counts towards a run (`probeAfterFailures`
 * within `failureWindowMs`) that marks it down; while down it ends the probe and puts the next one
 * `probeIntervalMs` away. A success marks it up again, with an empty bucket so that release starts at the rate,
 * unless its resume went out (`at`) before the upstream went down: a turn that was running before the outage
 * and finished says nothing about the upstream now. Nor does a failure that happened (`at`) longer ago than the
 * window.
 */
export function report(
  state: PacerState,
  outcome: PaceOutcome,
  now: number,
  settings: PacerSettings,
  at?: number,
): PaceDecision {
  if (outcome === PaceOutcome.ok) {
    // `at`: when the resume of the turn that completed went out.
    if (state.mode === UpstreamMode.down && at !== undefined && at < (state.downSince ?? 0)) {
      return { next: null, admission: undefined };
    }
    if (state.mode === UpstreamMode.up) {
      return { next: state.failures.length > 0 ? { ...state, failures: [] } : null, admission: undefined };
    }
    const next: PacerState = {
      ...state,
      mode: UpstreamMode.up,
      // No burst on a pool just back: the held resumes are released at the rate, for as long as they come back
      // (a probing hold ends by the probe's lease or interval plus the spread).
      tatMs: now,
      releaseUntil:
        now + Math.max(settings.probeLeaseMs, settings.probeIntervalMs) + settings.maxProbingSpreadMs,
      upSince: now,
      downSince: null,
      failures: [],
      probe: null,
      delayedSince: undefined,
    };
    return { next, admission: undefined };
  }
  // A failure that happened longer ago than the window (a backlog, an operator's redrive) says nothing about the
  // upstream now: a redrive of old failures must not mark a healthy upstream down.
  const failedAt = Math.min(at ?? now, now);
  if (now - failedAt >= settings.failureWindowMs) return { next: null, admission: undefined };
  if (state.mode === UpstreamMode.down) {
    // Failures keep coming while the upstream is down, and not only the probes' own: first attempts of other
    // sessions fail on it too. Each moves the next probe away, but a run of them moves it at most a probe's lease
    // and interval past the run's start, so a steady trickle can't stop probing for good.
    // The run starts when a probe is last given (admit clears it), not when the next probe time passes: held
    // resumes ask again only when told, and a failure in between must not start a new run.
    const delayedSince = state.delayedSince ?? now;
    const latest = delayedSince + settings.probeLeaseMs + settings.probeIntervalMs;
    const nextProbeAt = Math.max(state.nextProbeAt, Math.min(now + settings.probeIntervalMs, latest));
    // A wave of failures while down moves the next probe by a second at a time at most: one write a second.
    if (state.probe === null && nextProbeAt - state.nextProbeAt < 1000)
      return { next: null, admission: undefined };
    return { next: { ...state, probe: null, nextProbeAt, delayedSince }, admission: undefined };
  }
  const failures = [...state.failures.filter((t) => now - t < settings.failureWindowMs), failedAt].slice(
    -settings.probeAfterFailures,
  );
  if (failures.length < settings.probeAfterFailures)
    return { next: { ...state, failures }, admission: undefined };
  const next: PacerState = {
    ...state,
    mode: UpstreamMode.down,
    downSince: now,
    failures,
    probe: null,
    nextProbeAt: now,
    // A run of failures belongs to one outage: a new one starts its own.
    delayedSince: undefined,
  };
  return { next, admission: undefined };
}
