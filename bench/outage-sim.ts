import { MemoryPacer } from '../shared/adapters/local/memory-pacer';
import { MemoryRetryStore } from '../shared/adapters/local/memory-retry-store';
import type { ResumerDeps } from '../shared/app/deps';
import { handleTurnEvent } from '../shared/app/handle-turn-event';
import { resumeTurn } from '../shared/app/resume-turn';
import { DEFAULT_PACER_SETTINGS, type PacerSettings } from '../shared/core/pacer-state';
import { DEFAULT_POLICY, type RetryPolicy } from '../shared/core/policy';
import type { ResumeCall } from '../shared/core/resume-call';
import type { TurnEvent, WakeMessage } from '../shared/core/types';
import type { AgentClient, Waker } from '../shared/ports';

// A discrete-event simulation of an outage of one upstream: the real use cases (handleTurnEvent, resumeTurn)
// on MemoryRetryStore and MemoryPacer, a virtual clock, a wake queue that delivers each armed wake-up at its
// time, and an agent whose resumed turns fail on the dead pool and complete once it is back. No wall-clock waits.

/** What one run is asked to play. */
export type OutageOptions = {
  pacing: boolean;
  /** @default 10_000 */
  sessions?: number;
  /** The sessions' turns fail spread over this long from the start of the outage. @default 60 s */
  failWindowMs?: number;
  /** The pool comes back this long after the outage began. @default 7 min */
  outageMs?: number;
  /** @default DEFAULT_PACER_SETTINGS (10/s, burst 20, probe after 5 failures) */
  settings?: PacerSettings;
  /** @default DEFAULT_POLICY (10 s, 1 min, 5 min, 20 min) */
  policy?: RetryPolicy;
  /** @default 20261130 */
  seed?: number;
};

/** The figures of one run; times in seconds from the start of the outage unless named otherwise. */
export type OutageResult = {
  pacing: boolean;
  sessions: number;
  poolBackAtS: number;
  ratePerSecond: number | null;
  /** The most resume POSTs that reached the pool in one second. */
  peakResumesPerSecond: number;
  /** Resume POSTs in all, and those that reached the pool while it was still dead. */
  resumes: number;
  resumesOnDeadPool: number;
  deadPoolShare: number;
  /** Sessions whose resumed turn completed, and when the last successful resume was sent after the pool came back. */
  resumed: number;
  lastSuccessfulResumeAfterPoolBackS: number | null;
  /** With pacing: the ideal drain (sessions / rate) and the last successful resume measured against it. */
  idealDrainS: number | null;
  drainVersusIdeal: number | null;
  exhausted: number;
  failedResumes: number;
  probes: number;
  holds: { paced: number; probing: number };
  /** Wake-ups delivered (a held resume wakes more than once) and webhooks handled. */
  wakeUps: number;
  webhooks: number;
  wallMs: number;
};

const START = Date.UTC(2026, 10, 30, 12, 0, 0);
const GATEWAY_503 =
  'API Error: 503 {"error":{"type":"service_unavailable","message":"no non-exhausted claude accounts available"}} (sr2-gateway at 127.0.0.1:4016)';

type NewJob =
  | { at: number; kind: 'wake'; wake: WakeMessage }
  | { at: number; kind: 'event'; event: TurnEvent };
type Job = NewJob & { seq: number };

/** Plays one outage; returns its figures. */
export async function simulateOutage(options: OutageOptions): Promise<OutageResult> {
  const started = performance.now();
  const sessions = options.sessions ?? 10_000;
  const failWindowMs = options.failWindowMs ?? 60_000;
  const poolBackAt = START + (options.outageMs ?? 420_000);
  const settings = options.settings ?? DEFAULT_PACER_SETTINGS;
  const random = mulberry32(options.seed ?? 20261130);
  const jobs = new JobQueue();
  const clock = { at: START, now: () => clock.at };

  const waker: Waker = {
    arm: async (wake, delayMs) => {
      jobs.push({ at: clock.at + delayMs, kind: 'wake', wake });
      return { kind: 'armed', via: 'queue' };
    },
    // A wake-up left armed finds its attempt settled and is recorded as a skip: harmless, as on AWS.
    disarm: async () => {},
  };
  const posts: Array<{ at: number; call: ResumeCall }> = [];
  const agent: AgentClient = {
    resume: async (call) => {
      posts.push({ at: clock.at, call });
      const dead = clock.at < poolBackAt;
      // Small turns: a turn on the dead pool fails within seconds; one on the live pool completes within half a minute.
      const endsAt = clock.at + (dead ? 1_000 + random() * 3_000 : 5_000 + random() * 25_000);
      const base = {
        sessionId: call.sessionId,
        turnId: call.turnId,
        promptId: call.promptId,
        occurredAt: endsAt,
      };
      const event: TurnEvent = dead
        ? { ...base, type: 'turn.failed', error: { message: GATEWAY_503, status: 503 } }
        : { ...base, type: 'turn.completed' };
      jobs.push({ at: endsAt + 200, kind: 'event', event });
      return { kind: 'ok' };
    },
  };
  const deps: ResumerDeps = {
    store: new MemoryRetryStore(),
    waker,
    agent,
    sink: { publish: async () => {} },
    clock,
    policy: options.policy ?? DEFAULT_POLICY,
    ...(options.pacing ? { pacer: new MemoryPacer(settings) } : {}),
  };

  for (let i = 0; i < sessions; i++) {
    const occurredAt = START + Math.floor(random() * failWindowMs);
    const event: TurnEvent = {
      type: 'turn.failed',
      sessionId: `s-${i}`,
      turnId: 't-1',
      promptId: 'p-1',
      occurredAt,
      error: { message: GATEWAY_503, status: 503 },
    };
    jobs.push({ at: occurredAt + 200, kind: 'event', event });
  }

  const counts = { wakeUps: 0, webhooks: 0, probes: 0, paced: 0, probing: 0, exhausted: 0, failed: 0 };
  const completed = new Set<string>();
  for (let job = jobs.pop(); job; job = jobs.pop()) {
    clock.at = Math.max(clock.at, job.at);
    if (job.kind === 'event') {
      counts.webhooks++;
      const applied = await handleTurnEvent(deps, job.event);
      if (job.event.type === 'turn.completed') completed.add(job.event.sessionId);
      for (const logged of applied.logged) if (logged.kind === 'auto_resume_exhausted') counts.exhausted++;
      continue;
    }
    counts.wakeUps++;
    const out = await resumeTurn(deps, job.wake);
    if (out.admission?.kind === 'hold' && out.claim.decision.outcome === 'held') counts[out.admission.why]++;
    if (out.admission?.kind === 'go' && out.admission.probe && out.claim.decision.outcome === 'fire')
      counts.probes++;
    for (const logged of out.result?.logged ?? []) if (logged.kind === 'auto_resume_failed') counts.failed++;
  }

  const perSecond = new Map<number, number>();
  for (const post of posts) {
    const second = Math.floor((post.at - START) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
  }
  const onDeadPool = posts.filter((post) => post.at < poolBackAt).length;
  const lastOk = Math.max(...posts.filter((post) => post.at >= poolBackAt).map((post) => post.at));
  const lastAfterBackS = Number.isFinite(lastOk) ? round((lastOk - poolBackAt) / 1000) : null;
  const idealDrainS = options.pacing ? sessions / settings.ratePerSecond : null;
  return {
    pacing: options.pacing,
    sessions,
    poolBackAtS: (poolBackAt - START) / 1000,
    ratePerSecond: options.pacing ? settings.ratePerSecond : null,
    peakResumesPerSecond: Math.max(0, ...perSecond.values()),
    resumes: posts.length,
    resumesOnDeadPool: onDeadPool,
    deadPoolShare: round(onDeadPool / Math.max(1, posts.length), 4),
    resumed: completed.size,
    lastSuccessfulResumeAfterPoolBackS: lastAfterBackS,
    idealDrainS,
    drainVersusIdeal: idealDrainS && lastAfterBackS !== null ? round(lastAfterBackS / idealDrainS, 3) : null,
    exhausted: counts.exhausted,
    failedResumes: counts.failed,
    probes: counts.probes,
    holds: { paced: counts.paced, probing: counts.probing },
    wakeUps: counts.wakeUps,
    webhooks: counts.webhooks,
    wallMs: Math.round(performance.now() - started),
  };
}

/** Both runs side by side, with the same sessions and failure times. */
export async function compareOutage(options: Omit<OutageOptions, 'pacing'> = {}) {
  return {
    withPacing: await simulateOutage({ ...options, pacing: true }),
    withoutPacing: await simulateOutage({ ...options, pacing: false }),
  };
}

/** A binary heap of jobs by time, then by insertion order. */
class JobQueue {
  readonly #heap: Job[] = [];
  #seq = 0;

  push(job: NewJob): void {
    const heap = this.#heap;
    heap.push({ ...job, seq: this.#seq++ });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i] as Job, heap[parent] as Job)) break;
      [heap[i], heap[parent]] = [heap[parent] as Job, heap[i] as Job];
      i = parent;
    }
  }

  pop(): Job | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length === 0 || !last) return top;
    heap[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < heap.length && before(heap[l] as Job, heap[least] as Job)) least = l;
      if (r < heap.length && before(heap[r] as Job, heap[least] as Job)) least = r;
      if (least === i) return top;
      [heap[i], heap[least]] = [heap[least] as Job, heap[i] as Job];
      i = least;
    }
  }
}

function before(a: Job, b: Job): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}

/** A small seeded PRNG: the same seed plays the same outage. */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await compareOutage(), null, 2));
}
