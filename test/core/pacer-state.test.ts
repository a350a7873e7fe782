import { describe, expect, it } from 'vitest';
import {
  type Admission,
  type AdmitRequest,
  admit,
  compilePacerSettings,
  DEFAULT_PACER_SETTINGS,
  freshPacerState,
  type PaceOutcome,
  type PacerSettings,
  type PacerState,
  report,
} from '../../shared/core/pacer-state';
import { T0 } from '../support/events';

/** Rate 10/s (one slot per 100 ms), burst 3, down after 3 failures in 60 s, probe lease 60 s, interval 30 s. */
const SETTINGS = compilePacerSettings({ ratePerSecond: 10, burst: 3, probeAfterFailures: 3 });

/** Drives the pure pacer like an adapter does: every decision's state is stored before the next call. */
class Upstream {
  state: PacerState = freshPacerState();
  writes = 0;
  constructor(readonly settings: PacerSettings = SETTINGS) {}

  ask(key: string | AdmitRequest, now: number): Admission {
    const request = typeof key === 'string' ? { sessionId: key, promptId: `${key}~resume-1` } : key;
    const { next, admission } = admit(this.state, request, now, this.settings);
    this.store(next);
    return admission;
  }

  hear(outcome: PaceOutcome, now: number): void {
    this.store(report(this.state, outcome, now, this.settings).next);
  }

  /** Marks it down with a run of transient failures ending at `now`. */
  fail(now: number, times = this.settings.probeAfterFailures): void {
    for (let i = times - 1; i >= 0; i--) this.hear('transient', now - i);
  }

  store(next: PacerState | null): void {
    if (!next) return;
    this.state = next;
    this.writes++;
  }
}

const go = { kind: 'go', probe: false };
const probe = { kind: 'go', probe: true };

describe('the token bucket of an upstream that is up', () => {
  it('lets a burst go at once, then holds each next resume for its own slot 100 ms apart', () => {
    const u = new Upstream();
    const answers = ['a', 'b', 'c', 'd', 'e', 'f'].map((k) => u.ask(k, T0));
    expect(answers).toEqual([
      go,
      go,
      go,
      { kind: 'hold', untilMs: T0 + 100, why: 'paced' },
      { kind: 'hold', untilMs: T0 + 200, why: 'paced' },
      { kind: 'hold', untilMs: T0 + 300, why: 'paced' },
    ]);
  });

  it('refills at the rate: after 250 ms idle two more go at once', () => {
    const u = new Upstream();
    for (const k of ['a', 'b', 'c']) u.ask(k, T0);
    expect(u.ask('d', T0 + 250)).toEqual(go);
    expect(u.ask('e', T0 + 250)).toEqual(go);
    expect(u.ask('f', T0 + 250)).toEqual({ kind: 'hold', untilMs: T0 + 300, why: 'paced' });
  });

  it('never holds more than the burst back from an idle upstream', () => {
    const u = new Upstream();
    for (const k of ['a', 'b', 'c']) u.ask(k, T0);
    expect(['x', 'y', 'z'].map((k) => u.ask(k, T0 + 60_000))).toEqual([go, go, go]);
  });

  it('lets a held resume go at its reserved slot without taking another', () => {
    const u = new Upstream();
    for (const k of ['a', 'b', 'c']) u.ask(k, T0);
    const held = u.ask('d', T0);
    expect(held).toMatchObject({ kind: 'hold', untilMs: T0 + 100 });
    const tat = u.state.tatMs;
    expect(
      u.ask(
        { sessionId: 'd', promptId: 'd~resume-1', reservation: { slotAt: T0 + 100, heldAt: T0 } },
        T0 + 100,
      ),
    ).toEqual(go);
    expect(u.state.tatMs).toBe(tat);
  });

  it('keeps a reserved slot for a wake-up up to 5 s late, and asks the bucket again for a later one', () => {
    const u = new Upstream(compilePacerSettings({ ratePerSecond: 10, burst: 20 }));
    const slots: Array<{ key: string; slotAt: number }> = [];
    for (let i = 0; i < 220; i++) {
      const answer = u.ask(`s-${i}`, T0);
      if (answer.kind === 'hold') slots.push({ key: `s-${i}`, slotAt: answer.untilMs });
    }
    expect(slots).toHaveLength(200);
    const late = (i: number, byMs: number) => {
      const slot = slots[i];
      if (!slot) throw new Error(`no slot ${i}`);
      const reservation = { slotAt: slot.slotAt, heldAt: T0 };
      return u.ask(
        { sessionId: slot.key, promptId: `${slot.key}~resume-1`, reservation },
        slot.slotAt + byMs,
      );
    };
    expect(late(0, 5_000)).toEqual(go);
    // The wake queue stalled: the other 199 come 30 s after the last slot, together. A burst goes, not all.
    const at = (slots.at(-1)?.slotAt ?? 0) + 30_000;
    const answers = slots
      .slice(1)
      .map(({ key, slotAt }) =>
        u.ask({ sessionId: key, promptId: `${key}~resume-1`, reservation: { slotAt, heldAt: T0 } }, at),
      );
    expect(answers.filter((a) => a.kind === 'go')).toHaveLength(20);
    expect(answers.filter((a) => a.kind === 'hold' && a.why === 'paced')).toHaveLength(179);
  });

  it('keeps a slot reserved over 15 minutes ahead for a wake-up a minute late (Scheduler fires within the minute)', () => {
    const u = new Upstream(compilePacerSettings({ ratePerSecond: 1, burst: 1 }));
    let last: Admission | undefined;
    for (let i = 0; i <= 1000; i++) last = u.ask(`s-${i}`, T0);
    if (last?.kind !== 'hold') throw new Error('the last one should be held');
    expect(last.untilMs - T0).toBeGreaterThan(900_000);
    const reservation = { slotAt: last.untilMs, heldAt: T0 };
    expect(
      u.ask({ sessionId: 's-1000', promptId: 's-1000~resume-1', reservation }, last.untilMs + 59_000),
    ).toEqual(go);
  });

  it('admits at most the rate per second, plus the burst, whatever the demand', () => {
    const u = new Upstream();
    const goes: number[] = [];
    const queue: Array<{ key: string; at: number; reservation?: { slotAt: number; heldAt: number } }> = [];
    for (let i = 0; i < 200; i++) queue.push({ key: `s-${i}`, at: T0 + i });
    while (queue.length > 0) {
      queue.sort((a, b) => a.at - b.at);
      const next = queue.shift();
      if (!next) break;
      const answer = u.ask({ sessionId: next.key, promptId: 'p', reservation: next.reservation }, next.at);
      if (answer.kind === 'go') goes.push(next.at);
      else
        queue.push({ ...next, at: answer.untilMs, reservation: { slotAt: answer.untilMs, heldAt: next.at } });
    }
    expect(goes).toHaveLength(200);
    for (const at of goes) {
      expect(goes.filter((t) => t >= at && t < at + 1000).length).toBeLessThanOrEqual(10 + 3);
    }
  });
});

describe('a run of failures', () => {
  it('does not count failures that happened longer ago than the window (a backlog, a redrive)', () => {
    const u = new Upstream();
    const hours = 6 * 3_600_000;
    for (let i = 0; i < 5; i++) u.store(report(u.state, 'transient', T0 + hours + i, SETTINGS, T0 + i).next);
    expect(u.state).toMatchObject({ mode: 'up', failures: [] });
    // Within the window they count, at the time they happened.
    for (let i = 0; i < 3; i++)
      u.store(report(u.state, 'transient', T0 + hours, SETTINGS, T0 + hours - 50_000 + i).next);
    expect(u.state).toMatchObject({ mode: 'down', downSince: T0 + hours });
  });

  it.each([
    { failures: [0, 10_000], down: false, why: 'two failures are below the threshold of three' },
    { failures: [0, 10_000, 20_000], down: true, why: 'three within a minute' },
    { failures: [0, 30_000, 61_000], down: false, why: 'the first fell out of the window' },
    { failures: [0, 30_000, 61_000, 62_000], down: true, why: 'three within the last minute' },
  ])('$why: down = $down', ({ failures, down }) => {
    const u = new Upstream();
    for (const at of failures) u.hear('transient', T0 + at);
    expect(u.state.mode).toBe(down ? 'down' : 'up');
  });

  it('is broken by a success: the count starts again', () => {
    const u = new Upstream();
    u.hear('transient', T0);
    u.hear('transient', T0 + 1);
    u.hear('ok', T0 + 2);
    u.hear('transient', T0 + 3);
    u.hear('transient', T0 + 4);
    expect(u.state).toMatchObject({ mode: 'up', failures: [T0 + 3, T0 + 4] });
  });

  it('keeps at most probeAfterFailures failure times', () => {
    const u = new Upstream(compilePacerSettings({ probeAfterFailures: 100 }));
    for (let i = 0; i < 99; i++) u.hear('transient', T0 + i * 60_000);
    expect(u.state.failures.length).toBeLessThanOrEqual(100);
  });
});

describe('probing a down upstream', () => {
  it('sends the first due resume alone as the probe and holds the others while it is out', () => {
    const u = new Upstream();
    u.fail(T0);
    expect(u.ask('a', T0 + 10)).toEqual(probe);
    const b = u.ask('b', T0 + 20);
    expect(b).toMatchObject({ kind: 'hold', why: 'probing' });
    // Back after the probe's lease (60 s), spread over at least the probe interval (30 s).
    expect(b.kind === 'hold' && b.untilMs).toBeGreaterThanOrEqual(T0 + 10 + 60_000);
    expect(b.kind === 'hold' && b.untilMs).toBeLessThanOrEqual(T0 + 10 + 60_000 + 30_000);
  });

  it('lets the probe itself through again (a redelivered wake-up) while its lease runs', () => {
    const u = new Upstream();
    u.fail(T0);
    u.ask('a', T0);
    expect(u.ask('a', T0 + 5_000)).toEqual(probe);
  });

  it('after the probe fails, holds everyone until the next probe time, then sends one more probe', () => {
    const u = new Upstream();
    u.fail(T0);
    u.ask('a', T0);
    u.hear('transient', T0 + 3_000);
    expect(u.state).toMatchObject({ mode: 'down', probe: null, nextProbeAt: T0 + 33_000 });
    const held = u.ask('b', T0 + 10_000);
    expect(held).toMatchObject({ kind: 'hold', why: 'probing' });
    expect(held.kind === 'hold' && held.untilMs).toBeGreaterThanOrEqual(T0 + 33_000);
    expect(u.ask('c', T0 + 33_000)).toEqual(probe);
    expect(u.ask('b', T0 + 34_000)).toMatchObject({ kind: 'hold', why: 'probing' });
  });

  it('sends another probe when the lease ends unanswered', () => {
    const u = new Upstream();
    u.fail(T0);
    u.ask('a', T0);
    expect(u.ask('b', T0 + 59_999)).toMatchObject({ kind: 'hold' });
    expect(u.ask('b', T0 + 60_000)).toEqual(probe);
  });

  it('spreads the held resumes over a window that grows with the outage, up to its cap', () => {
    const u = new Upstream(
      compilePacerSettings({ burst: 3, probeAfterFailures: 3, maxProbingSpreadMs: 120_000 }),
    );
    u.fail(T0);
    u.hear('transient', T0 + 600_000);
    const holds = Array.from({ length: 500 }, (_, i) => u.ask(`s-${i}`, T0 + 600_001));
    const untils = holds.map((h) => (h.kind === 'hold' ? h.untilMs : Number.NaN));
    const from = T0 + 630_000;
    expect(Math.min(...untils)).toBeGreaterThanOrEqual(from);
    expect(Math.max(...untils)).toBeLessThanOrEqual(from + 120_000);
    expect(Math.max(...untils) - Math.min(...untils)).toBeGreaterThan(100_000);
  });

  it.each([20_000, 10_000])(
    'still probes at least once per lease and interval while other failures keep arriving every %i ms',
    (every) => {
      // Down, then an unrelated first attempt fails on the upstream every 20 s (or 10 s) for an hour, and held
      // resumes keep asking. Before: each failure moved the next probe 30 s on, so none ever went and the holds never
      // ended; then (bug 15, first fix) a failure just after the probe time still started a new run at 10 s.
      const u = new Upstream();
      u.fail(T0);
      const probes: number[] = [];
      for (let at = T0 + 1; at < T0 + 3_600_000; at += 1_000) {
        if ((at - T0) % every === 1) u.hear('transient', at);
        if (u.ask({ sessionId: `s-${at}`, promptId: `p-${at}~resume-1` }, at).kind === 'go') probes.push(at);
      }
      expect(probes.length).toBeGreaterThan(30);
      const gaps = probes.slice(1).map((at, i) => at - (probes[i] ?? at));
      expect(Math.max(...gaps)).toBeLessThanOrEqual(90_000 + 20_000);
    },
  );

  it('probes about every lease and interval for held resumes that ask only when told, under a trickle of failures', () => {
    // Three held resumes ask again exactly when the pacer says; an unrelated failure every 3–5 s, for 6 h. Before:
    // a failure in the short gap between the probe time and the next ask started a new run: 5 probes in 6 h.
    const u = new Upstream(DEFAULT_PACER_SETTINGS);
    u.fail(T0);
    const asks = new Map([
      ['a', T0 + 10_000],
      ['b', T0 + 10_500],
      ['c', T0 + 11_000],
    ]);
    let nextFailure = T0 + 1_000;
    let k = 0;
    const probes: number[] = [];
    for (;;) {
      const [who, at] = [...asks].sort((x, y) => x[1] - y[1])[0] as [string, number];
      if (nextFailure <= at) {
        u.hear('transient', nextFailure);
        nextFailure += 3_000 + ((k++ * 7919) % 2_000);
        continue;
      }
      if (at > T0 + 6 * 3_600_000) break;
      const admission = u.ask(who, at);
      if (admission.kind === 'go') probes.push(at);
      asks.set(who, admission.kind === 'hold' ? admission.untilMs : at + 60_001);
    }
    expect(probes.length).toBeGreaterThan(100);
  });

  it('starts each outage afresh: a failure right after it goes down delays its first probe, as in the first one', () => {
    const u = new Upstream(DEFAULT_PACER_SETTINGS);
    u.fail(T0);
    expect(u.ask('probe', T0 + 1_000)).toEqual({ kind: 'go', probe: true });
    u.hear('transient', T0 + 5_000); // another session's first attempt, while down
    u.store(report(u.state, 'ok', T0 + 20_000, DEFAULT_PACER_SETTINGS, T0 + 1_000).next);
    expect(u.state.mode).toBe('up');
    const later = T0 + 3 * 3_600_000;
    u.fail(later);
    u.hear('transient', later + 10_000);
    expect(u.ask('held', later + 11_000)).toMatchObject({ kind: 'hold', why: 'probing' });
  });

  it('writes nothing for a hold, and a wave of failures while down writes about once a second', () => {
    const u = new Upstream();
    u.fail(T0);
    const before = u.writes;
    for (let i = 0; i < 100; i++) u.ask(`h-${i}`, T0 + 1 + i);
    expect(u.writes).toBe(before + 1);
    const afterProbe = u.writes;
    for (let ms = 0; ms < 10_000; ms += 10) u.hear('transient', T0 + 1_000 + ms);
    expect(u.writes - afterProbe).toBeLessThanOrEqual(11);
  });

  it('does not take a completion as a sign of health when its resume went out before the upstream went down', () => {
    const u = new Upstream();
    u.fail(T0);
    u.store(report(u.state, 'ok', T0 + 30_000, u.settings, T0 - 10_000).next);
    expect(u.state.mode).toBe('down');
    u.store(report(u.state, 'ok', T0 + 40_000, u.settings, T0 + 1_000).next);
    expect(u.state).toMatchObject({ mode: 'up', upSince: T0 + 40_000 });
  });

  it('marks the upstream up on a success and releases at the rate from an empty bucket', () => {
    const u = new Upstream();
    u.fail(T0);
    u.ask('a', T0);
    u.hear('ok', T0 + 5_000);
    expect(u.state).toMatchObject({ mode: 'up', upSince: T0 + 5_000, failures: [], probe: null });
    expect(u.ask('b', T0 + 5_000)).toEqual(go);
    expect(u.ask('c', T0 + 5_000)).toEqual({ kind: 'hold', untilMs: T0 + 5_100, why: 'paced' });
  });

  it('releases without a burst while the held resumes come back, and bursts again once they are through', () => {
    const u = new Upstream();
    u.fail(T0);
    u.ask('p', T0);
    u.hear('ok', T0 + 5_000);
    const window = 60_000 + 300_000;
    expect(u.state.releaseUntil).toBe(T0 + 5_000 + window);
    // Idle for a minute inside the window: still one at a time.
    expect(u.ask('a', T0 + 65_000)).toEqual(go);
    expect(u.ask('b', T0 + 65_000)).toEqual({ kind: 'hold', untilMs: T0 + 65_100, why: 'paced' });
    // Past the window, with nothing left waiting: the burst is back.
    const after = T0 + 5_000 + window + 1;
    expect(['x', 'y', 'z'].map((k) => u.ask(k, after))).toEqual([go, go, go]);
  });

  it('keeps the release going while a backlog of slots reaches past its end', () => {
    const u = new Upstream();
    u.fail(T0);
    u.ask('p', T0);
    u.hear('ok', T0);
    const end = u.state.releaseUntil ?? 0;
    for (let i = 0; i < 5; i++) u.ask(`s-${i}`, end - 100);
    expect(u.state.releaseUntil).toBeGreaterThan(end);
    expect(u.ask('late', end + 1)).toMatchObject({ kind: 'hold', why: 'paced' });
  });

  it('voids a slot reserved before the upstream went down', () => {
    const u = new Upstream();
    for (const k of ['a', 'b', 'c']) u.ask(k, T0);
    u.ask('d', T0);
    u.fail(T0 + 50);
    u.ask('p', T0 + 60);
    u.hear('ok', T0 + 80);
    const late = { sessionId: 'd', promptId: 'd~resume-1', reservation: { slotAt: T0 + 100, heldAt: T0 } };
    const tat = u.state.tatMs;
    expect(u.ask(late, T0 + 100)).toMatchObject({ kind: 'go' });
    expect(u.state.tatMs).toBeGreaterThan(tat);
  });

  it('holds a reserved resume as any other while the upstream is down', () => {
    const u = new Upstream();
    u.fail(T0);
    u.ask('p', T0);
    const reserved = {
      sessionId: 'd',
      promptId: 'd~resume-1',
      reservation: { slotAt: T0 + 100, heldAt: T0 - 1 },
    };
    expect(u.ask(reserved, T0 + 100)).toMatchObject({ kind: 'hold', why: 'probing' });
  });
});

describe('pacing settings', () => {
  it('defaults to 10 per second, a burst of 20 and a probe after 5 failures', () => {
    expect(compilePacerSettings()).toEqual(DEFAULT_PACER_SETTINGS);
    expect(DEFAULT_PACER_SETTINGS).toMatchObject({ ratePerSecond: 10, burst: 20, probeAfterFailures: 5 });
  });

  it('names every bad setting once', () => {
    expect(() =>
      compilePacerSettings(
        { ratePerSecond: 0, burst: 1.5, probeAfterFailures: 0 },
        { ratePerSecond: 'RESUMER_PACE_RATE', burst: 'RESUMER_PACE_BURST' },
      ),
    ).toThrow(
      /RESUMER_PACE_RATE must be a rate .* got 0; RESUMER_PACE_BURST must be a whole number .* got 1\.5; probeAfterFailures must be a whole number from 1 to 100, got 0/,
    );
  });
});
