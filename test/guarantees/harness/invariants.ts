// The guarantees of SPEC.md as checks over one simulated history's trace, its stored log and its final rows.
import { splitPromptId } from '../../../shared/core/prompt-id';
import { retrySummary, type SessionState } from '../../../shared/core/session-state';
import type { LoggedEvent } from '../../../shared/core/types';
import type { Simulation, TraceEntry } from './simulation';

const TERMINAL = new Set(['auto_resume_fired', 'auto_resume_skipped', 'auto_resume_failed']);
/** Log events keyed per attempt (or per failed prompt) that must appear at most once each. */
const ONCE_PER_KEY = new Set([
  ...TERMINAL,
  'auto_resume_scheduled',
  'auto_resume_held',
  'auto_resume_exhausted',
  'turn_failure_not_retried',
]);

/** The attempt an event or a POST is about: session, turn and the prompt id it sends. */
const attemptKey = (sessionId: string, turnId: string, promptId: string) =>
  `${sessionId}|${turnId}|${promptId}`;

function keyOf(event: LoggedEvent): string | undefined {
  if (!('turnId' in event) || !('promptId' in event)) return undefined;
  return attemptKey(event.sessionId, event.turnId, event.promptId);
}

type Positioned<T> = { at: number; entry: T };

/** What the trace says happened to each attempt, in the order of effects. */
function effectsByAttempt(trace: readonly TraceEntry[]) {
  const posts = new Map<string, Positioned<Extract<TraceEntry, { kind: 'post' }>>[]>();
  const terminals = new Map<string, Positioned<LoggedEvent>[]>();
  trace.forEach((entry, at) => {
    if (entry.kind === 'post') {
      const key = attemptKey(entry.call.sessionId, entry.call.turnId, entry.call.promptId);
      posts.set(key, [...(posts.get(key) ?? []), { at, entry }]);
    }
    if (entry.kind === 'commit') {
      for (const event of entry.events) {
        const key = keyOf(event);
        if (key && TERMINAL.has(event.kind))
          terminals.set(key, [...(terminals.get(key) ?? []), { at, entry: event }]);
      }
    }
  });
  return { posts, terminals };
}

/** The delivery crashed (an injected fault) at a trace position after `at`. */
function crashedAfter(trace: readonly TraceEntry[], delivery: string, at: number): boolean {
  return trace.slice(at + 1).some((e) => e.kind === 'crash' && e.delivery === delivery && e.point !== 'ack');
}

/**
 * Exactly one resume POST per attempt, and none once the attempt has an outcome on record: an earlier POST of
 * the same attempt is allowed only when the agent answered it retryably, or a crash came between it and its
 * recorded answer (then it carries the same prompt id, so the agent can drop it).
 */
export function checkResumePosts(sim: Simulation): string[] {
  const problems: string[] = [];
  const { posts, terminals } = effectsByAttempt(sim.trace);
  for (const [key, list] of posts) {
    const first = list[0]?.entry.call;
    if (first) {
      const { base, attempt } = splitPromptId(first.promptId);
      if (attempt !== first.attempt || base === first.promptId) {
        problems.push(`${key}: POST of attempt ${first.attempt} carries prompt id ${first.promptId}`);
      }
    }
    list.slice(0, -1).forEach(({ at, entry }) => {
      const excused = entry.result.kind === 'retryable' || crashedAfter(sim.trace, entry.delivery, at);
      if (!excused) {
        problems.push(`${key}: resume POSTed again after a POST answered ${entry.result.kind} and recorded`);
      }
    });
    if (list.length > sim.policy.maxResumeTries) {
      problems.push(`${key}: ${list.length} POSTs, more than maxResumeTries (${sim.policy.maxResumeTries})`);
    }
    const ended = terminals.get(key)?.[0];
    const late = ended && list.find((p) => p.at > ended.at);
    if (ended && late) {
      const why =
        ended.entry.kind === 'auto_resume_skipped'
          ? `${ended.entry.kind} (${ended.entry.why})`
          : ended.entry.kind;
      problems.push(
        `${key}: resume POSTed at effect ${late.at} after ${why} was recorded at effect ${ended.at}`,
      );
    }
  }
  return problems;
}

/**
 * The log: each `auto_resume_*` (and each not-retried failure) at most once per attempt, every scheduled
 * attempt ending in exactly one of fired | skipped | failed after it, and no outcome for an attempt never
 * scheduled.
 */
export function checkLog(sessionId: string, log: readonly LoggedEvent[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  const scheduledAt = new Map<string, number>();
  const endedAt = new Map<string, number[]>();
  log.forEach((event, i) => {
    const key = keyOf(event);
    if (key === undefined) return;
    if (ONCE_PER_KEY.has(event.kind)) {
      const count = (seen.get(`${event.kind}|${key}`) ?? 0) + 1;
      seen.set(`${event.kind}|${key}`, count);
      if (count === 2) problems.push(`${key}: ${event.kind} logged more than once`);
    }
    // A waiting attempt's events carry its row: scheduled, and held by the pacer (once per attempt).
    const waits = event.kind === 'auto_resume_scheduled' || event.kind === 'auto_resume_held';
    if ('retry' in event && (event.retry === null) === waits) {
      problems.push(`${key}: ${event.kind} logged with retry ${JSON.stringify(event.retry)}`);
    }
    if (event.kind === 'auto_resume_scheduled') scheduledAt.set(key, i);
    if (TERMINAL.has(event.kind)) endedAt.set(key, [...(endedAt.get(key) ?? []), i]);
  });
  for (const [key, at] of scheduledAt) {
    const ends = endedAt.get(key) ?? [];
    if (ends.length !== 1)
      problems.push(`${key}: scheduled attempt has ${ends.length} outcomes (expected 1)`);
    if (ends.some((end) => end < at))
      problems.push(`${key}: outcome logged before the attempt was scheduled`);
  }
  for (const key of endedAt.keys()) {
    if (!scheduledAt.has(key)) problems.push(`${key}: outcome logged for an attempt never scheduled`);
  }
  const seqs = log.map((e) => e.seq);
  if (seqs.some((seq, i) => i > 0 && seq <= (seqs[i - 1] ?? -1)))
    problems.push(`${sessionId}: log seq not increasing`);
  return problems;
}

/** Once everything is delivered and every wait has passed: nothing pending, the row `null`. */
export function checkQuiescent(sim: Simulation, states: readonly SessionState[]): string[] {
  const problems: string[] = [];
  for (const state of states) {
    if (retrySummary(state) !== null)
      problems.push(`${state.sessionId}: retry row still armed after quiescence`);
    if (state.pending !== null) {
      problems.push(
        `${state.sessionId}: attempt ${state.pending.promptId} still ${state.pending.phase} after quiescence`,
      );
    }
    if (state.inFlight !== null) {
      problems.push(
        `${state.sessionId}: attempt ${state.inFlight.promptId} still in flight after quiescence`,
      );
    }
  }
  for (const [name, queue] of [
    ['turn-events', sim.turnEvents],
    ['wake', sim.wakes],
  ] as const) {
    for (const dead of queue.deadLetters)
      problems.push(`${name} message lost to the dead-letter queue: ${dead.body}`);
  }
  for (const dead of sim.publishDeadLetters) {
    const keys = dead.dynamodb?.Keys;
    problems.push(`event item ${keys?.pk?.S}/${keys?.sk?.S} given up by the publisher's stream source`);
  }
  return problems;
}

/**
 * While a retry row is armed, its wake-up is on its way: a wake message or schedule for the attempt, or the
 * failure that armed it is still to be redelivered (a crash between the row write and the arm).
 */
export function checkArmedHasWake(sim: Simulation, state: SessionState): string[] {
  const retry = retrySummary(state);
  if (!retry || !state.pending) return [];
  const { base } = state.pending;
  const wakeOnItsWay = sim
    .pendingWakes()
    .some(
      (w) => w.sessionId === state.sessionId && w.turnId === retry.turnId && w.promptId === retry.promptId,
    );
  const failureOnItsWay = sim.pendingEvents().some((e) => {
    if (e.type !== 'turn.failed' || e.sessionId !== state.sessionId || e.turnId !== retry.turnId)
      return false;
    const failed = splitPromptId(e.promptId ?? '');
    return failed.base === base && failed.attempt === retry.attempt - 1;
  });
  if (wakeOnItsWay || failureOnItsWay) return [];
  return [
    `${state.sessionId}: row armed for ${retry.promptId} at ${retry.nextAt} but no wake-up is on its way`,
  ];
}

/**
 * Watchers hear only what the log holds, with the retry row its commit left, and each event once per time the
 * stream handed it to the publisher: a second publication only where a publish failed or the publisher died.
 */
export function checkPublished(sim: Simulation, logs: ReadonlyMap<string, readonly LoggedEvent[]>): string[] {
  const problems: string[] = [];
  const times = new Map<string, number>();
  const committedRetry = new Map<string, string>();
  for (const entry of sim.trace) {
    if (entry.kind !== 'commit') continue;
    for (const event of entry.events)
      committedRetry.set(`${entry.sessionId}#${event.seq}`, canonical(entry.retry));
  }
  for (const change of sim.published) {
    const id = `${change.sessionId}#${change.event.seq}`;
    const count = (times.get(id) ?? 0) + 1;
    times.set(id, count);
    const handed = sim.handed.get(id) ?? 0;
    if (count > handed) problems.push(`${id}: published ${count} times, handed over by the stream ${handed}`);
    const logged = logs.get(change.sessionId)?.find((e) => e.seq === change.event.seq);
    if (!logged || canonical(logged) !== canonical(change.event)) {
      problems.push(`${id}: published ${change.event.kind} that the log does not hold`);
    }
    if (committedRetry.get(id) !== canonical(change.retry)) {
      problems.push(
        `${id}: published with retry ${JSON.stringify(change.retry)}, not the row its commit left`,
      );
    }
  }
  return problems;
}

/** JSON with object keys sorted: DynamoDB hands maps back in an order of its own. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Every logged event reached the watchers (at-least-once publication, SPEC "Events out"). */
export function checkEveryLoggedEventPublished(
  sim: Simulation,
  logs: ReadonlyMap<string, readonly LoggedEvent[]>,
): string[] {
  const published = new Set(sim.published.map((c) => `${c.sessionId}#${c.event.seq}`));
  return [...logs.values()].flatMap((log) =>
    log
      .filter((e) => !published.has(`${e.sessionId}#${e.seq}`))
      .map((e) => `${e.sessionId}#${e.seq}: ${e.kind} logged but never published to watchers`),
  );
}

/** The store's log of a session, every page. */
export async function fullLog(sim: Simulation, sessionId: string): Promise<LoggedEvent[]> {
  const items: LoggedEvent[] = [];
  let cursor: string | undefined;
  do {
    const page = await sim.store.events(sessionId, { limit: 500, ...(cursor ? { cursor } : {}) });
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  return items;
}

/** A readable digest of a trace for a failure message. */
export function describeTrace(trace: readonly TraceEntry[]): string {
  return trace
    .map((e, i) => {
      switch (e.kind) {
        case 'deliver':
          return `${i} ${e.delivery} deliver ${e.queue}${e.concurrent ? ' (concurrent)' : ''} ${e.body}`;
        case 'commit':
          return `${i} ${e.delivery} commit ${e.sessionId} v${e.version} [${e.events.map((x) => `${x.kind}${'promptId' in x ? `:${x.promptId}` : ''}`).join(', ')}]`;
        case 'post':
          return `${i} ${e.delivery} POST ${e.call.sessionId} ${e.call.promptId} → ${e.result.kind}`;
        case 'arm':
          return `${i} ${e.delivery} arm ${e.wake.promptId} +${e.delayMs} ms`;
        case 'disarm':
          return `${i} ${e.delivery} disarm ${e.wake.promptId}`;
        case 'crash':
          return `${i} ${e.delivery} CRASH ${e.point}`;
        case 'publish':
          return `${i} ${e.delivery} publish ${e.changes.map((c) => c.event.kind).join(', ')}`;
        case 'done':
          return `${i} ${e.delivery} ${e.failed ? 'failed → redelivery' : 'acked'}`;
      }
      return '';
    })
    .join('\n');
}
