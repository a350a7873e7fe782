// Runs several async actors one port call at a time, in an order the test chooses.
//
// Every port an actor uses is wrapped so that it first awaits `gate(actor, label)`. The actor then stays parked
// until the driver releases it; released, it makes that one call and runs on to its next gate (or its end)
// while every other actor stays parked. Port calls are the only places the actors share state, so the order in
// which gates are released is the whole interleaving, and a given list of choices replays it exactly.

/** Where an actor is parked: before which port call. */
export type Parked = { actor: string; label: string };

/** How one actor ended. */
export type ActorResult = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Picks which parked actor goes next; `parked` is sorted by actor name. */
export type Chooser = (parked: readonly Parked[]) => number;

export class Interleaver {
  readonly #parked = new Map<string, { label: string; release: () => void }>();
  #changed: () => void = () => {};
  /** Labels in the order their calls were let through, as `actor:label`. */
  readonly steps: string[] = [];

  /** Parks `actor` before the port call `label` until the driver lets it through. */
  gate(actor: string, label: string): Promise<void> {
    return new Promise((release) => {
      this.#parked.set(actor, { label, release });
      this.#changed();
    });
  }

  /** Runs `actors` to their ends, letting one port call through at a time as `choose` says. */
  async run(
    actors: Record<string, () => Promise<unknown>>,
    choose: Chooser,
  ): Promise<Map<string, ActorResult>> {
    const results = new Map<string, ActorResult>();
    const names = Object.keys(actors).sort();
    for (const name of names) {
      const start = actors[name];
      if (!start) continue;
      // Started on a microtask each, so that `run` holds the driver before any actor reaches a gate.
      void Promise.resolve()
        .then(start)
        .then(
          (value) => results.set(name, { ok: true, value }),
          (error: unknown) => results.set(name, { ok: false, error }),
        )
        .finally(() => this.#changed());
    }
    for (;;) {
      await this.#until(() => names.every((name) => results.has(name) || this.#parked.has(name)));
      if (results.size === names.length) return results;
      const parked = names.flatMap((actor) => {
        const at = this.#parked.get(actor);
        return at ? [{ actor, label: at.label }] : [];
      });
      const pick = parked[choose(parked)] ?? parked[0];
      if (!pick) throw new Error('interleaver: nothing parked and not every actor done');
      const entry = this.#parked.get(pick.actor);
      this.#parked.delete(pick.actor);
      this.steps.push(`${pick.actor}:${pick.label}`);
      entry?.release();
      // Wait for the released actor to park again or end before anything else moves.
      await this.#until(() => results.has(pick.actor) || this.#parked.has(pick.actor));
    }
  }

  async #until(condition: () => boolean): Promise<void> {
    while (!condition()) {
      await new Promise<void>((resolve) => {
        this.#changed = resolve;
      });
    }
  }
}

/**
 * Every interleaving of `setup()`'s actors, depth first: runs them once per distinct list of choices and hands
 * each outcome to `check`. `limit` bounds the runs (the count grows with the binomial of the actors' steps).
 */
export async function forEachInterleaving<T>(
  setup: () => Promise<{
    interleaver: Interleaver;
    actors: Record<string, () => Promise<unknown>>;
    context: T;
  }>,
  check: (outcome: { results: Map<string, ActorResult>; steps: string[]; context: T }) => Promise<void>,
  limit = 20_000,
): Promise<number> {
  const pending: number[][] = [[]];
  let runs = 0;
  while (pending.length > 0) {
    const prefix = pending.pop() ?? [];
    if (++runs > limit) throw new Error(`more than ${limit} interleavings: make the case smaller`);
    const { interleaver, actors, context } = await setup();
    const taken: number[] = [];
    const results = await interleaver.run(actors, (parked) => {
      const depth = taken.length;
      const choice = depth < prefix.length ? (prefix[depth] ?? 0) : 0;
      // The first time this depth is reached on this branch, queue its untried siblings.
      if (depth >= prefix.length) {
        for (let other = parked.length - 1; other > 0; other--) pending.push([...taken, other]);
      }
      taken.push(choice);
      return choice;
    });
    await check({ results, steps: interleaver.steps, context });
  }
  return runs;
}
