import type { Admission, AdmitRequest, PaceOutcome } from './core/pacer-state';
import type { ResumeCall } from './core/resume-call';
import type { ResumeResult } from './core/session-machine';
import type { SessionState, SessionView } from './core/session-state';
import type { LoggedEvent, RetrySummary, TurnEvent, WakeMessage } from './core/types';

/** The time, in epoch ms. */
export interface Clock {
  now(): number;
}

/**
 * A secret that may be rotated while the process runs: `value()` is the one in use (possibly cached);
 * `refresh()` reads it again after a credential was refused, no more often than the implementation allows.
 */
export interface Secret {
  value(): Promise<string>;
  /** Reads the secret again unless that was done recently; resolves to the value now in use. */
  refresh(): Promise<string>;
}

/** A conditional write either lands or loses to a newer one; losing is a value, not an exception. */
export type CommitResult = { kind: 'committed' } | { kind: 'conflict' };

/** One page of a listing; pass `cursor` back for the next. */
export type Page<T> = { items: T[]; cursor?: string | undefined };

export type { Sending, SessionView } from './core/session-state';

/** Keeps each session's state and its event log; every write is fenced by the state's version. */
export interface RetryStore {
  /** The stored state, or an empty one (version 0) for a session never seen. */
  load(sessionId: string): Promise<SessionState>;
  /** Stores `next` if the stored version is still `next.version - 1`, appending `events` in the same write. */
  commit(next: SessionState, events: readonly LoggedEvent[]): Promise<CommitResult>;
  /** The session's log, oldest first. */
  events(sessionId: string, page?: { limit?: number; cursor?: string }): Promise<Page<LoggedEvent>>;
  /** Sessions with a retry waiting, soonest `nextAt` first. */
  waiting(page?: { limit?: number; cursor?: string }): Promise<Page<SessionView>>;
}

/** How a wake-up was armed. */
export type ArmResult =
  | { kind: 'armed'; via: 'queue' | 'schedule' }
  | { kind: 'already_armed'; via: 'schedule' };

/** Delivers a wake message to the resume handler after a delay. */
export interface Waker {
  arm(wake: WakeMessage, delayMs: number): Promise<ArmResult>;
  /** Cancels a wake-up where the medium allows it; a missing one is fine. */
  disarm(wake: WakeMessage): Promise<void>;
}

/** Sends a resume to the agent (hub) and reports how it answered. */
export interface AgentClient {
  /** `timeoutMs`: the most this resume may take, when less than the client's own timeout (the claim's lease). */
  resume(call: ResumeCall, options?: { timeoutMs?: number }): Promise<ResumeResult>;
}

/**
 * Paces due resumes per upstream (core/pacer-state.ts decides, the adapter stores): `admit` answers go or hold,
 * `report` takes in a resumed turn that completed or a transient failure. Its state is advisory: a lost update
 * paces a little less well, it never loses or repeats a resume.
 */
export interface Pacer {
  admit(upstream: string, request: AdmitRequest, now: number): Promise<Admission>;
  /**
   * `at` (epoch ms): for `ok`, when the resume of the turn that completed went out; for `transient`, when the
   * failure happened (a late one, from a backlog or a redrive, says nothing about the upstream now).
   */
  report(upstream: string, outcome: PaceOutcome, now: number, at?: number): Promise<void>;
}

/** What watchers hear for every event. */
export type SessionChanged = { sessionId: string; retry: RetrySummary; event: LoggedEvent };

/** Publishes `session_changed` to watchers. */
export interface EventSink {
  publish(changes: readonly SessionChanged[]): Promise<void>;
}

/** Carries accepted webhooks to the classifier. */
export interface TurnEventQueue {
  /**
   * `dedupeId` is the webhook id: the same id twice must have one effect. A bounded queue that holds its limit
   * throws `TurnEventQueueFullError` and queues nothing.
   */
  send(event: TurnEvent, dedupeId: string): Promise<void>;
}

/** A bounded `TurnEventQueue` refused an event because it is full; nothing was queued, so send it again later. */
export class TurnEventQueueFullError extends Error {
  constructor(
    /** Events queued and not yet handled. */
    readonly depth: number,
    readonly limit: number,
    /** When a sender should try again. */
    readonly retryAfterSeconds: number,
  ) {
    super(`the turn-events queue holds ${depth} events and its limit is ${limit}`);
    this.name = 'TurnEventQueueFullError';
  }
}

/** Structured logging; Powertools Logger fits it, and so does a console stand-in. */
export interface Log {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
}

/** One metric data point; `dimensions` split it (by class, by why). */
export type Metric = {
  name:
    | 'RetryScheduled'
    | 'ResumeFired'
    | 'ResumeSkipped'
    | 'RetryExhausted'
    | 'FailureNotRetried'
    | 'ResumeFailed'
    | 'ResumeLate'
    | 'WakeLatenessMs'
    | 'ResumeHeld'
    | 'PacerProbe';
  value: number;
  unit: 'Count' | 'Milliseconds';
  dimensions?: Record<string, string>;
};

/** Records metrics (EMF on Lambda, counters locally). */
export interface Telemetry {
  record(metrics: readonly Metric[]): void;
}
