import { describe, expect, it } from 'vitest';
import { RetryLaterError } from '../../shared/app/deps';
import { handleTurnEvent, stopSession } from '../../shared/app/handle-turn-event';
import { T0, turnEvent, turnFailed, wakeFor } from '../support/events';
import { report } from '../support/fc-params';
import { checkLog } from './harness/invariants';
import {
  type Actor,
  deliver,
  everyInterleaving,
  postsAt,
  type RaceOutcome,
  type RaceWorld,
  rowOf,
  SESSION,
  storedAt,
  wakeUp,
} from './harness/race';

// Every interleaving of two or three invocations on one session, at every port call (store load and commit,
// publish, arm, disarm, the resume POST); the wake-ups they leave armed are delivered afterwards.

const FIRST = 'p-cap~resume-1';
const failure = turnFailed();

/** Arms attempt 1 and moves the clock to its time; returns the wake-up that is now due. */
async function armedAndDue(world: RaceWorld) {
  const applied = await handleTurnEvent(world.deps, failure);
  const nextAt = applied.state.pending?.nextAt ?? 0;
  world.clock.at = nextAt;
  return wakeFor(1, { nextAt });
}

/** What every race must come to: the log's rules, no row left, and at most one POST per attempt. */
function commonChecks(outcome: RaceOutcome): void {
  const context = outcome.steps.join(' → ');
  expect(checkLog(SESSION, outcome.log), context).toEqual([]);
  expect(outcome.state.pending, context).toBeNull();
  expect(rowOf(outcome.state), context).toBeNull();
  for (const promptId of new Set(outcome.posts)) {
    expect(
      outcome.posts.filter((p) => p === promptId),
      `${promptId}: ${context}`,
    ).toHaveLength(1);
  }
}

/** A cancel (stop, close, a new prompt) against the wake-up of the armed attempt; returns the interleavings. */
async function raceCancel(name: string, why: string, cancel: (world: RaceWorld) => Actor) {
  let cancelledFirst = 0;
  let claimedFirst = 0;
  let heldBack = 0;
  const runs = await everyInterleaving(
    async (world) => ({ cancel: cancel(world), wake: wakeUp(await armedAndDue(world)) }),
    (outcome) => {
      commonChecks(outcome);
      const context = outcome.steps.join(' → ');
      const claim = outcome.effects.findIndex((e) => e.kind === 'commit' && e.actor === 'wake');
      const skip = storedAt(outcome.effects, 'auto_resume_skipped', FIRST);
      if (skip !== -1 && (claim === -1 || skip < claim)) {
        // The cancel was stored first: nothing is ever sent.
        expect(outcome.posts, context).toEqual([]);
        expect(
          outcome.log.find((e) => e.kind === 'auto_resume_skipped'),
          context,
        ).toMatchObject({ why });
        cancelledFirst++;
      } else if (outcome.posts.length > 0) {
        // The claim was stored and its POST left before the cancel: the attempt goes out once, and is fired.
        expect(outcome.posts, context).toEqual([FIRST]);
        expect(postsAt(outcome.effects, FIRST)[0], context).toBeGreaterThan(claim);
        if (skip !== -1) expect(postsAt(outcome.effects, FIRST)[0], context).toBeLessThan(skip);
        claimedFirst++;
      } else {
        // The claim was stored first, the cancel before its POST: the POST is held back and the skip stored.
        expect(skip, context).toBeGreaterThan(claim);
        expect(
          outcome.log.find((e) => e.kind === 'auto_resume_skipped'),
          context,
        ).toMatchObject({ why });
        heldBack++;
      }
    },
  );
  report(`race ${name}`, {
    interleavings: runs,
    cancelStoredFirst: cancelledFirst,
    claimStoredFirst: claimedFirst,
    postHeldBackByTheCancel: heldBack,
  });
  expect(cancelledFirst).toBeGreaterThan(0);
  expect(claimedFirst).toBeGreaterThan(0);
  expect(heldBack).toBeGreaterThan(0);
}

describe('a cancel racing the wake-up of the armed attempt', () => {
  it('POST /sessions/{id}/stop and the wake-up: one outcome, at most one POST, none once the stop is stored first', async () => {
    await raceCancel('stop api vs wake', 'stopped', () => (deps) => stopSession(deps, SESSION));
  });

  it('session.stopped and the wake-up', async () => {
    const stop = (w: RaceWorld) => deliver(turnEvent('session.stopped', { occurredAt: w.clock.at }));
    await raceCancel('session.stopped vs wake', 'stopped', stop);
  });

  it('session.closed and the wake-up', async () => {
    const close = (w: RaceWorld) => deliver(turnEvent('session.closed', { occurredAt: w.clock.at }));
    await raceCancel('session.closed vs wake', 'closed', close);
  });

  it('a new prompt (turn.started of another prompt id) and the wake-up', async () => {
    const started = (w: RaceWorld) =>
      deliver(turnEvent('turn.started', { turnId: 't-8', promptId: 'p-new', occurredAt: w.clock.at }));
    await raceCancel('new prompt vs wake', 'superseded', started);
  });
});

describe('deliveries of one wake-up at once', () => {
  it('two send exactly one POST, whatever the interleaving', async () => {
    let retriedLater = 0;
    const runs = await everyInterleaving(
      async (world) => {
        const wake = wakeUp(await armedAndDue(world));
        return { a: wake, b: wake };
      },
      (outcome) => {
        commonChecks(outcome);
        expect(outcome.posts, outcome.steps.join(' → ')).toEqual([FIRST]);
        expect(outcome.log.map((e) => e.kind)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
        for (const result of outcome.results.values()) {
          if (result.ok) continue;
          expect(result.error).toBeInstanceOf(RetryLaterError);
          retriedLater++;
        }
      },
    );
    report('race two wakes', { interleavings: runs, retriedLater });
    expect(retriedLater).toBeGreaterThan(0);
  });

  it('three send exactly one POST too', async () => {
    const runs = await everyInterleaving(
      async (world) => {
        const wake = wakeUp(await armedAndDue(world));
        return { a: wake, b: wake, c: wake };
      },
      (outcome) => {
        commonChecks(outcome);
        expect(outcome.posts, outcome.steps.join(' → ')).toEqual([FIRST]);
      },
    );
    report('race three wakes', { interleavings: runs });
  });
});

describe('a late duplicate of the failure', () => {
  it('racing the wake-up schedules nothing new and sends one POST', async () => {
    const runs = await everyInterleaving(
      async (world) => ({ wake: wakeUp(await armedAndDue(world)), duplicate: deliver(failure) }),
      (outcome) => {
        commonChecks(outcome);
        const context = outcome.steps.join(' → ');
        expect(outcome.posts, context).toEqual([FIRST]);
        expect(
          outcome.log.map((e) => e.kind),
          context,
        ).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
      },
    );
    report('race duplicate failure vs wake', { interleavings: runs });
  });

  it('arriving twice after the resume fired schedules no second attempt', async () => {
    const runs = await everyInterleaving(
      async (world) => {
        await wakeUp(await armedAndDue(world))(world.deps);
        world.clock.at += 60_000;
        return { first: deliver(failure), second: deliver(failure) };
      },
      (outcome) => {
        commonChecks(outcome);
        expect(outcome.posts).toEqual([FIRST]);
        expect(outcome.log.map((e) => e.kind)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
      },
    );
    report('race duplicate failures after the fire', { interleavings: runs });
  });
});

describe('the failure racing a stop that came after it', () => {
  const stopAfter = turnEvent('session.stopped', { occurredAt: T0 + 1_000 });

  it('never resumes: the stop is either seen first (the failure is stale) or skips the wait', async () => {
    const runs = await everyInterleaving(
      async (world) => {
        world.clock.at = T0 + 1_000;
        return { fail: deliver(failure), stop: deliver(stopAfter) };
      },
      (outcome) => {
        commonChecks(outcome);
        expect(outcome.posts, outcome.steps.join(' → ')).toEqual([]);
      },
    );
    report('race failure vs later stop', { interleavings: runs });
  });
});

describe('two deliveries of one failure at once', () => {
  it('schedule the attempt once and arm it', async () => {
    const runs = await everyInterleaving(
      async () => ({ a: deliver(failure), b: deliver(failure) }),
      (outcome) => {
        commonChecks(outcome);
        const context = outcome.steps.join(' → ');
        expect(
          outcome.log.map((e) => e.kind),
          context,
        ).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
        expect(
          outcome.effects.some((e) => e.kind === 'arm' && e.promptId === FIRST),
          context,
        ).toBe(true);
      },
    );
    report('race two deliveries of a failure', { interleavings: runs });
  });
});
