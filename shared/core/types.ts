import type { HoldWhy } from './pacer-state';

/** The classes a turn failure can fall in (SPEC.md "Classification"). */
export const FailureClass = {
  capacity: 'capacity',
  server: 'server',
  transport: 'transport',
  rateLimit: 'rate_limit',
  quota: 'quota',
  auth: 'auth',
  permission: 'permission',
  badRequest: 'bad_request',
  contextOverflow: 'context_overflow',
  contentFilter: 'content_filter',
  other: 'other',
} as const;
export type FailureClass = (typeof FailureClass)[keyof typeof FailureClass];

/** Why a failure is retried in place. */
export const RetryReason = {
  capacity: 'capacity',
  transport: 'transport',
  agentExited: 'agent_exited',
} as const;
export type RetryReason = (typeof RetryReason)[keyof typeof RetryReason];

/** The webhook's `error` object: what the classifier reads. */
export type Failure = {
  message: string;
  status?: number | undefined;
  type?: string | undefined;
  retryAfterSeconds?: number | undefined;
  agentExited?: boolean | undefined;
  /**
   * The pool the failure happened on, as the sender names it (a gateway, a provider, an account pool): due
   * resumes are paced per upstream (docs/pacing.md). Not in SPEC.md's body; when absent, the key is read from the
   * error text. 1–100 characters of `[A-Za-z0-9.:_-]`.
   */
  upstream?: string | undefined;
};

/** The classifier's verdict on one failure. */
export type Classification = {
  class: FailureClass;
  retry: RetryReason | null;
  retryAfterMs?: number;
};

/** The live retry row a UI draws; `null` when nothing waits. */
export type RetrySummary = {
  attempt: number;
  of: number;
  reason: RetryReason;
  /** Epoch ms. */
  nextAt: number;
  promptId: string;
  turnId: string;
  /** Present while the due resume is held by the pacer: `paced` (its slot is at `nextAt`) or `probing`. */
  waiting?: HoldWhy;
} | null;

/** Inbound turn event types (the webhook's `type`). */
export const TurnEventType = {
  started: 'turn.started',
  completed: 'turn.completed',
  failed: 'turn.failed',
  stopped: 'session.stopped',
  closed: 'session.closed',
} as const;
export type TurnEventType = (typeof TurnEventType)[keyof typeof TurnEventType];

/** One validated inbound event (the webhook body). */
export type TurnEvent = {
  type: TurnEventType;
  sessionId: string;
  turnId?: string | undefined;
  promptId?: string | undefined;
  agentSessionId?: string | undefined;
  /** Epoch ms, parsed from `occurredAt`. */
  occurredAt: number;
  /**
   * Epoch ms by the resumer's own clock when the webhook was accepted (stamped at ingest): how late an event is
   * handled is measured from it, so a sender's clock that is off does not count as lateness.
   */
  receivedAt?: number | undefined;
  /** Set on a stop made through the resumer's own API: its `occurredAt` is the resumer's clock, not a sender's. */
  viaApi?: true | undefined;
  error?: Failure | undefined;
  /** The `webhook-id` it came with, for tracing. */
  eventId?: string | undefined;
};

/** The longest SQS per-message delay (SPEC): waits up to it go by the wake queue, longer ones by a schedule. */
export const SQS_MAX_DELAY_MS = 900_000;

/** What a wake-up carries: which armed attempt it is for. */
export type WakeMessage = {
  sessionId: string;
  turnId: string;
  attempt: number;
  promptId: string;
  /** Epoch ms the attempt is due. */
  nextAt: number;
};

/** Why a waiting retry was skipped. */
export const SkipWhy = {
  stopped: 'stopped',
  closed: 'closed',
  superseded: 'superseded',
  rowCleared: 'row_cleared',
} as const;
export type SkipWhy = (typeof SkipWhy)[keyof typeof SkipWhy];

/** Events appended to a session's log and published to watchers. */
export type SessionEvent =
  | {
      kind: 'auto_resume_scheduled';
      attempt: number;
      of: number;
      reason: RetryReason;
      nextAt: number;
      promptId: string;
      turnId: string;
      retry: RetrySummary;
      class: FailureClass;
      error: string;
    }
  | { kind: 'auto_resume_fired'; attempt: number; promptId: string; turnId: string; retry: null }
  /** The due attempt first held by the pacer (once per attempt); `retry` is the row with its new `nextAt`. */
  | {
      kind: 'auto_resume_held';
      why: HoldWhy;
      attempt: number;
      promptId: string;
      turnId: string;
      nextAt: number;
      retry: RetrySummary;
    }
  | {
      kind: 'auto_resume_skipped';
      why: SkipWhy;
      attempt: number;
      promptId: string;
      turnId: string;
      retry: null;
    }
  | {
      kind: 'auto_resume_exhausted';
      reason: string;
      attempts: number;
      /** Set when the failure was handled too late to be retried (a redrive, a backlog): the resumer's choice. */
      late?: true;
      turnId: string;
      promptId: string;
      retry: null;
    }
  | {
      kind: 'auto_resume_failed';
      attempt: number;
      promptId: string;
      turnId: string;
      /** The agent's last answer: its HTTP status, or 0 when it was not reached or did not answer in time. */
      status: number;
      /** Why, in words: the answer (redacted and cut), and after retryable ones how many tries were made. */
      detail: string;
      /**
       * Set when nothing more was sent because the wake-up came over the late bound (a redrive, a backlog, a
       * machine asleep): the resumer's own choice, not the hub's answer.
       */
      late?: true;
      retry: null;
    }
  | {
      kind: 'turn_failure_not_retried';
      class: FailureClass;
      turnId: string;
      promptId: string;
      error: string;
    };

/** A session event as stored: its position in the log and when it was recorded. */
export type LoggedEvent = SessionEvent & { seq: number; at: number; sessionId: string };
