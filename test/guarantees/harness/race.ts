// Two (or more) use-case invocations on one session, interleaved at every port call, every interleaving tried.
import { MemoryRetryStore } from '../../../shared/adapters/local/memory-retry-store';
import type { ResumerDeps } from '../../../shared/app/deps';
import { handleTurnEvent } from '../../../shared/app/handle-turn-event';
import { resumeTurn } from '../../../shared/app/resume-turn';
import { DEFAULT_POLICY } from '../../../shared/core/policy';
import { retrySummary, type SessionState } from '../../../shared/core/session-state';
import type { LoggedEvent, TurnEvent, WakeMessage } from '../../../shared/core/types';
import { T0 } from '../../support/events';
import { recordingWaker, scriptedAgent } from '../../support/fakes';
import { type Around, type CallInfo, instrument, PortCall } from '../../support/instrumented-ports';
import { type ActorResult, forEachInterleaving, Interleaver } from '../../support/interleaver';

/** An effect as the race saw it, in order: a stored write (with its events) or a resume POST. */
export type RaceEffect =
  | { kind: 'commit'; actor: string; events: LoggedEvent[] }
  | { kind: 'post'; actor: string; promptId: string }
  | { kind: 'arm'; actor: string; promptId: string };

/** The ports of a race: memory store, a clock the test moves, an agent that accepts, a recording waker. */
export function raceWorld() {
  const clock = { at: T0, now: () => clock.at };
  const waker = recordingWaker();
  const agent = scriptedAgent();
  const deps: ResumerDeps = {
    store: new MemoryRetryStore(),
    waker,
    agent,
    sink: { publish: async () => {} },
    clock,
    policy: DEFAULT_POLICY,
  };
  return { deps, clock, waker, agent };
}

export type RaceWorld = ReturnType<typeof raceWorld>;

/** What one interleaving came to once the leftovers were delivered too. */
export type RaceOutcome = {
  steps: string[];
  effects: RaceEffect[];
  results: Map<string, ActorResult>;
  state: SessionState;
  log: LoggedEvent[];
  posts: string[];
};

/** An invocation of a use case on the ports it is given. */
export type Actor = (deps: ResumerDeps) => Promise<unknown>;

/** A race: brings the session to the start line, then names the invocations that run at once. */
export type RaceCase = (world: RaceWorld) => Promise<Record<string, Actor>>;

export const wakeUp = (wake: WakeMessage) => (deps: ResumerDeps) => resumeTurn(deps, wake);
export const deliver = (event: TurnEvent) => (deps: ResumerDeps) => handleTurnEvent(deps, event);

/**
 * Runs `race` in every interleaving of its actors' port calls; afterwards every wake-up still armed is delivered
 * once its lease has run out (the queue's redelivery), and `check` sees the whole story. Returns the count.
 */
export async function everyInterleaving(
  race: RaceCase,
  check: (outcome: RaceOutcome) => void,
): Promise<number> {
  return forEachInterleaving(
    async () => {
      const world = raceWorld();
      const racers = await race(world);
      const interleaver = new Interleaver();
      const effects: RaceEffect[] = [];
      const actors = Object.fromEntries(
        Object.entries(racers).map(([name, run]) => {
          const deps = instrument(
            world.deps,
            tracing(name, effects, (label) => interleaver.gate(name, label)),
          );
          return [name, () => run(deps)];
        }),
      );
      return { interleaver, actors, context: { world, effects } };
    },
    async ({ results, steps, context: { world, effects } }) => {
      await settle(world, effects);
      const state = await world.deps.store.load(SESSION);
      const log = (await world.deps.store.events(SESSION, { limit: 500 })).items;
      const posts = world.agent.calls.map((call) => call.promptId);
      check({ steps, effects, results, state, log, posts });
    },
  );
}

/** The session every race is about. */
export const SESSION = 's-42';

/** Delivers what the race left armed (a wake-up re-armed, or one retried later) after the lease has run out. */
async function settle(world: RaceWorld, effects: RaceEffect[]): Promise<void> {
  const deps = instrument(world.deps, tracing('after', effects));
  for (let round = 0; round < 5; round++) {
    const state = await world.deps.store.load(SESSION);
    const pending = state.pending;
    if (!pending) return;
    world.clock.at = Math.max(world.clock.at, pending.nextAt) + world.deps.policy.resumeLeaseMs;
    const wake = {
      sessionId: SESSION,
      turnId: pending.turnId,
      attempt: pending.attempt,
      promptId: pending.promptId,
      nextAt: pending.nextAt,
    };
    await resumeTurn(deps, wake).catch(() => {});
  }
}

function tracing(actor: string, effects: RaceEffect[], gate?: (label: string) => Promise<void>): Around {
  return async <R>(info: CallInfo, call: () => Promise<R>): Promise<R> => {
    if (gate) await gate(info.port);
    const result = await call();
    if (info.port === PortCall.commit && (result as { kind: string }).kind === 'committed') {
      effects.push({ kind: 'commit', actor, events: [...info.events] });
    }
    if (info.port === PortCall.resume) effects.push({ kind: 'post', actor, promptId: info.call.promptId });
    if (info.port === PortCall.arm) effects.push({ kind: 'arm', actor, promptId: info.wake.promptId });
    return result;
  };
}

/** Where in the effects the first event of `kind` (for `promptId`) was stored, or -1. */
export function storedAt(effects: readonly RaceEffect[], kind: string, promptId?: string): number {
  return effects.findIndex(
    (e) =>
      e.kind === 'commit' &&
      e.events.some(
        (x) => x.kind === kind && (promptId === undefined || ('promptId' in x && x.promptId === promptId)),
      ),
  );
}

/** Positions of the resume POSTs of `promptId` among the effects. */
export function postsAt(effects: readonly RaceEffect[], promptId: string): number[] {
  return effects.flatMap((e, i) => (e.kind === 'post' && e.promptId === promptId ? [i] : []));
}

/** The retry row of a state. */
export const rowOf = retrySummary;
