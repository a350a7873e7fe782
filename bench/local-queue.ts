// LocalQueue under a deep backlog: N messages with random delays sent into a started queue, then drained on a
// clock that jumps from timer to timer, so the figures are the queue's own work and never its waiting.
// `npx tsx bench/local-queue.ts` prints one JSON document. `--compare <file>` also runs another LocalQueue
// module (an earlier version copied out of git) on the same messages. `--sizes 2000,20000 --runs 5`: counts.
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { LocalQueue, type QueueJournal } from '../shared/adapters/local/local-queue';
import type { JournalEntry } from '../shared/adapters/local/message-journal';
import type { Timers } from '../shared/adapters/local/timers';
import { median, msSince, round } from './stats';

type QueueClass = typeof LocalQueue;
type Figures = { enqueueMs: number; drainMs: number; totalMs: number; receives: number; timersArmed: number };

/** A clock that stands still until the bench moves it to the next timer due. */
class SteppedClock implements Timers {
  #now = 0;
  #timers: Array<{ at: number; run: () => void; cancelled: boolean }> = [];
  armed = 0;

  now(): number {
    return this.#now;
  }

  after(delayMs: number, run: () => void): () => void {
    const timer = { at: this.#now + Math.max(0, delayMs), run, cancelled: false };
    this.#timers.push(timer);
    this.armed++;
    return () => {
      timer.cancelled = true;
    };
  }

  /** Moves to the soonest live timer and runs it; `false` when none is left. */
  step(): boolean {
    this.#timers = this.#timers.filter((t) => !t.cancelled);
    let next = this.#timers[0];
    for (const timer of this.#timers) if (next && timer.at < next.at) next = timer;
    if (!next) return false;
    this.#timers = this.#timers.filter((t) => t !== next);
    this.#now = Math.max(this.#now, next.at);
    next.run();
    return true;
  }
}

function memoryJournal(): QueueJournal {
  const held = new Map<string, JournalEntry>();
  return {
    put: async (entry) => {
      if (held.has(entry.id)) return false;
      held.set(entry.id, entry);
      return true;
    },
    done: async (id) => {
      held.delete(id);
    },
  };
}

/** One run: `delays[i]` for message i; every `failEvery`-th message fails its first receive (0: none). */
async function run(Queue: QueueClass, delays: readonly number[], failEvery: number): Promise<Figures> {
  const clock = new SteppedClock();
  let receives = 0;
  const queue = new Queue({
    name: 'bench',
    handler: async (event) => {
      receives += event.Records.length;
      return {
        batchItemFailures: event.Records.filter(
          (r) =>
            failEvery > 0 && Number(r.body) % failEvery === 0 && r.attributes.ApproximateReceiveCount === '1',
        ).map((r) => ({ itemIdentifier: r.messageId })),
      };
    },
    journal: memoryJournal(),
    deadLetter: async () => {},
    log: { info: () => {}, warn: () => {}, error: () => {} },
    maxReceiveCount: 3,
    backoffMs: (n) => 5_000 * n,
    batchSize: 10,
    concurrency: 4,
    timers: clock,
  });
  queue.start();
  const started = process.hrtime.bigint();
  for (const [i, delayMs] of delays.entries()) await queue.send(String(i), { id: `m-${i}`, delayMs });
  const enqueueMs = msSince(started);
  const draining = process.hrtime.bigint();
  await queue.idle();
  while (clock.step()) await queue.idle();
  const drainMs = msSince(draining);
  const expected = delays.length + (failEvery > 0 ? Math.ceil(delays.length / failEvery) : 0);
  if (queue.depth !== 0 || receives !== expected) {
    throw new Error(`drained badly: depth ${queue.depth}, ${receives} receives where ${expected} were due`);
  }
  return { enqueueMs, drainMs, totalMs: msSince(started), receives, timersArmed: clock.armed };
}

/** Random whole-ms delays below `maxMs`, the same for every implementation and run. */
function randomDelays(count: number, maxMs: number, seed: number): number[] {
  let a = seed >>> 0;
  return Array.from({ length: count }, () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * maxMs);
  });
}

async function measure(Queue: QueueClass, delays: readonly number[], failEvery: number, runs: number) {
  await run(Queue, delays.slice(0, 200), failEvery);
  const all: Figures[] = [];
  for (let i = 0; i < runs; i++) all.push(await run(Queue, delays, failEvery));
  const of = (key: keyof Figures) => round(median(all.map((f) => f[key])), 1);
  return {
    enqueueMs: of('enqueueMs'),
    drainMs: of('drainMs'),
    totalMs: of('totalMs'),
    receives: of('receives'),
    timersArmed: of('timersArmed'),
  };
}

const { values } = parseArgs({
  options: {
    compare: { type: 'string' },
    sizes: { type: 'string', default: '2000,20000' },
    runs: { type: 'string', default: '5' },
  },
});
const runs = Number(values.runs);
const sizes = (values.sizes ?? '').split(',').map(Number);
if (!Number.isSafeInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number ≥ 1, got ${values.runs}`);
if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1))
  throw new Error(`--sizes must list whole numbers ≥ 1`);

const implementations: Record<string, QueueClass> = { current: LocalQueue };
if (values.compare) {
  const module = (await import(pathToFileURL(resolve(values.compare)).href)) as { LocalQueue: QueueClass };
  implementations.compared = module.LocalQueue;
}
const scenarios = {
  'delays 0–60 s': 0,
  'delays 0–60 s, every 10th fails once': 10,
};

const results: Record<string, unknown> = {
  measuredAt: new Date().toISOString(),
  node: process.version,
  cpus: `${cpus().length} × ${cpus()[0]?.model ?? 'unknown'}`,
  runs,
  ...(values.compare ? { compared: values.compare } : {}),
};
for (const [scenario, failEvery] of Object.entries(scenarios)) {
  const bySize: Record<string, unknown> = {};
  for (const n of sizes) {
    const delays = randomDelays(n, 60_000, 20261130 + n);
    const byImplementation: Record<string, unknown> = {};
    for (const [name, Queue] of Object.entries(implementations)) {
      process.stderr.write(`local-queue: ${scenario}, ${n} messages, ${name}\n`);
      byImplementation[name] = await measure(Queue, delays, failEvery, runs);
    }
    bySize[String(n)] = byImplementation;
  }
  results[scenario] = bySize;
}
console.log(JSON.stringify(results, null, 2));
