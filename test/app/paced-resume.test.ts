import { describe, expect, it } from 'vitest';
import { createResumeHandler } from '../../lambdas/resume/handler';
import { MemoryPacer } from '../../shared/adapters/local/memory-pacer';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import { resumeTurn } from '../../shared/app/resume-turn';
import { metricsFor } from '../../shared/app/telemetry';
import { compilePacerSettings, DEFAULT_PACER_SETTINGS } from '../../shared/core/pacer-state';
import type { WakeMessage } from '../../shared/core/types';
import { SessionFeed } from '../../shared/local/session-feed';
import { encodeWake } from '../../shared/messages';
import { T0, turnEvent, turnFailed } from '../support/events';
import { memoryDeps, recordingObservability, scriptedAgent } from '../support/fakes';
import { sqsEvent, sqsRecord } from '../support/sqs-records';

const GATEWAY_DOWN = 'connect ECONNRESET 127.0.0.1:4016';
const UPSTREAM = '127.0.0.1:4016';

/** Sessions s-0 … s-(n-1) that failed on the gateway within a second, on memory ports with a pacer. */
async function outage(sessions: number, settings = compilePacerSettings({ ratePerSecond: 1, burst: 1 })) {
  const pacer = new MemoryPacer(settings);
  const m = memoryDeps({ pacer });
  const ids = Array.from({ length: sessions }, (_, i) => `s-${i}`);
  for (const [i, sessionId] of ids.entries()) {
    await handleTurnEvent(
      m.deps,
      turnFailed({ sessionId, occurredAt: T0 + i, error: { message: GATEWAY_DOWN } }),
    );
  }
  /** The wake-up most recently armed for each session. */
  const armed = () => {
    const latest = new Map<string, WakeMessage>();
    for (const { wake } of m.waker.armed) latest.set(wake.sessionId, wake);
    return latest;
  };
  /** Delivers every armed wake-up due by `at`, in time order, as the wake queue would. */
  const deliverUntil = async (at: number) => {
    for (;;) {
      const due = [...armed().values()]
        .filter((w) => w.nextAt <= at && !delivered.has(`${w.sessionId}@${w.nextAt}`))
        .sort((a, b) => a.nextAt - b.nextAt);
      const wake = due[0];
      if (!wake) break;
      delivered.add(`${wake.sessionId}@${wake.nextAt}`);
      m.clock.at = Math.max(m.clock.at, wake.nextAt);
      await resumeTurn(m.deps, wake);
    }
    m.clock.at = Math.max(m.clock.at, at);
  };
  const delivered = new Set<string>();
  return { ...m, pacer, ids, armed, deliverUntil };
}

describe('resumes after an outage of one upstream', () => {
  it('sends the first due resume alone as a probe and holds the others without spending their attempts', async () => {
    const o = await outage(5);
    expect(o.pacer.state(UPSTREAM).mode).toBe('down');
    await o.deliverUntil(T0 + 13_000);

    expect(o.agent.calls).toHaveLength(1);
    const probe = o.agent.calls[0]?.sessionId;
    for (const sessionId of o.ids.filter((id) => id !== probe)) {
      const state = await o.deps.store.load(sessionId);
      expect(state.pending).toMatchObject({ attempt: 1, tries: 0, held: 'probing' });
      expect(state.inFlight).toBeNull();
      const view = await o.deps.store.waiting({ limit: 50 });
      expect(view.items.find((v) => v.sessionId === sessionId)?.retry).toMatchObject({
        attempt: 1,
        waiting: 'probing',
      });
      const kinds = (await o.deps.store.events(sessionId)).items.map((e) => e.kind);
      expect(kinds).toEqual(['auto_resume_scheduled', 'auto_resume_held']);
    }
  });

  it('holds everyone, probe included, while failures keep coming in', async () => {
    const o = await outage(8);
    await o.deliverUntil(T0 + 13_000);
    expect(o.agent.calls).toEqual([]);
    expect(o.pacer.state(UPSTREAM).nextProbeAt).toBe(T0 + 30_000);
    await o.deliverUntil(T0 + 61_000);
    expect(o.agent.calls).toHaveLength(1);
  });

  it('keeps holding while the probe fails, then releases the rest at the paced rate once it completes', async () => {
    const o = await outage(6);
    await o.deliverUntil(T0 + 61_000);
    expect(o.agent.calls).toHaveLength(1);
    const first = o.agent.calls[0];
    if (!first) throw new Error('no probe');

    // The probe's resumed turn fails on the dead gateway: still down, the next probe waits 30 s.
    const gatewayDown = { message: GATEWAY_DOWN };
    await handleTurnEvent(
      o.deps,
      turnFailed({
        sessionId: first.sessionId,
        promptId: first.promptId,
        occurredAt: o.clock.at,
        error: gatewayDown,
      }),
    );
    await o.deliverUntil(o.clock.at + 29_000);
    expect(o.agent.calls).toHaveLength(1);
    await o.deliverUntil(T0 + 400_000);
    const probes = o.agent.calls.length;
    expect(probes).toBeGreaterThanOrEqual(2);
    const probe = o.agent.calls.at(-1);
    if (!probe) throw new Error('no probe');

    // The last probe's turn completes: the gateway is back.
    const completed = { sessionId: probe.sessionId, promptId: probe.promptId, occurredAt: o.clock.at };
    await handleTurnEvent(o.deps, turnEvent('turn.completed', completed));
    expect(o.pacer.state(UPSTREAM).mode).toBe('up');
    const releasedFrom = o.clock.at;
    await o.deliverUntil(T0 + 2_000_000);

    const released = o.agent.calls.slice(probes);
    expect(new Set(o.agent.calls.map((c) => c.sessionId))).toEqual(new Set(o.ids));
    expect(released.length).toBeGreaterThanOrEqual(o.ids.length - probes);
    // Each is sent once more at most (the failed probe's own next attempt), one a second at most (rate 1/s, burst 1).
    const firedAt = (await Promise.all(o.ids.map(async (id) => (await o.deps.store.events(id)).items)))
      .flat()
      .filter((e) => e.kind === 'auto_resume_fired' && e.at >= releasedFrom)
      .map((e) => e.at)
      .sort((a, b) => a - b);
    expect(firedAt).toHaveLength(released.length);
    for (let i = 1; i < firedAt.length; i++) {
      expect((firedAt[i] ?? 0) - (firedAt[i - 1] ?? 0)).toBeGreaterThanOrEqual(1000);
    }
  });

  it('paces nothing and asks nobody when no pacer is given', async () => {
    const m = memoryDeps();
    for (let i = 0; i < 8; i++) {
      await handleTurnEvent(m.deps, turnFailed({ sessionId: `s-${i}`, error: { message: GATEWAY_DOWN } }));
    }
    for (const { wake } of [...m.waker.armed]) {
      m.clock.at = wake.nextAt;
      const out = await resumeTurn(m.deps, wake);
      expect(out.admission).toBeUndefined();
    }
    expect(m.agent.calls).toHaveLength(8);
  });

  it('counts a hold by why and a probe in the resume handler metrics', async () => {
    const o = await outage(5);
    const obs = recordingObservability();
    const handler = createResumeHandler({ resumer: o.deps, telemetry: obs.telemetry, log: obs.log });
    for (const sessionId of ['s-0', 's-1']) {
      const wake = o.armed().get(sessionId);
      if (!wake) throw new Error(`nothing armed for ${sessionId}`);
      o.clock.at = Math.max(o.clock.at, wake.nextAt);
      await handler(sqsEvent(sqsRecord({ body: encodeWake(wake) })));
    }
    expect(obs.metrics).toEqual(
      expect.arrayContaining([
        { name: 'PacerProbe', value: 1, unit: 'Count' },
        { name: 'ResumeHeld', value: 1, unit: 'Count', dimensions: { why: 'probing' } },
      ]),
    );
    expect(obs.lines.at(-1)).toMatchObject({
      extra: { outcome: 'held', pacer: expect.stringMatching(/^held \(probing\) until /) },
    });
  });
});

describe('a completion of a turn resumed before the outage, whose POST answer was lost', () => {
  // s-1's resume goes while the upstream is up and times out (its claim released); its turn.started settles it.
  // Then the pool empties and five sessions mark it down; s-1's turn completes 30 s into the outage.
  it.each([
    ['answered ok', { kind: 'ok' as const }],
    ['timed out, settled by its start', { kind: 'retryable' as const, detail: 'no answer within 10000 ms' }],
  ])('does not mark the upstream up when the resume %s', async (_how, answer) => {
    const pacer = new MemoryPacer(DEFAULT_PACER_SETTINGS);
    const agent = scriptedAgent(answer);
    const m = memoryDeps({ pacer, agent });
    const reset = { message: 'connect ECONNRESET 127.0.0.1:4016' };
    await handleTurnEvent(m.deps, turnFailed({ sessionId: 's-1', error: reset }));
    const wake = m.waker.armed.at(-1)?.wake;
    if (!wake) throw new Error('nothing armed');
    m.clock.at = wake.nextAt;
    await resumeTurn(m.deps, wake).catch(() => undefined);
    m.clock.at += 1_000;
    await handleTurnEvent(
      m.deps,
      turnEvent('turn.started', { sessionId: 's-1', promptId: 'p-cap~resume-1', occurredAt: m.clock.at }),
    );
    m.clock.at += 5_000;
    for (let i = 2; i <= 6; i++) {
      await handleTurnEvent(
        m.deps,
        turnFailed({ sessionId: `s-${i}`, occurredAt: m.clock.at, error: reset }),
      );
    }
    expect(pacer.state('127.0.0.1:4016').mode).toBe('down');
    m.clock.at += 30_000;
    await handleTurnEvent(
      m.deps,
      turnEvent('turn.completed', { sessionId: 's-1', promptId: 'p-cap~resume-1', occurredAt: m.clock.at }),
    );
    expect(pacer.state('127.0.0.1:4016').mode).toBe('down');
  });
});

describe('a resume tried again across an outage: which of its POSTs vouches for the upstream (reviews)', () => {
  const noAnswer = { kind: 'retryable' as const, detail: 'no answer within 10000 ms' };
  const refused = { kind: 'retryable' as const, detail: 'HTTP 503', status: 503 };
  const ok = { kind: 'ok' as const };
  // s-1's first POST goes before the pool empties (five failures mark it down 5 s later); the wake-up comes back
  // every 180 s for the next tries; the turn s-1's resume started completes 5 s after the last. A POST the agent
  // answered with a status did not land; an unanswered one may have, and its turn may be the one that completes.
  it.each([
    ['the first was unanswered (it may have landed before the outage)', [noAnswer, ok], 'down'],
    ['the first was refused: only the last, during the outage, landed', [refused, ok], 'up'],
    [
      'the first was unanswered and the second refused: the first still counts',
      [noAnswer, refused, ok],
      'down',
    ],
  ] as const)('%s → %s', async (_how, answers, mode) => {
    const pacer = new MemoryPacer(DEFAULT_PACER_SETTINGS);
    const agent = scriptedAgent(...answers);
    const m = memoryDeps({ pacer, agent });
    await handleTurnEvent(m.deps, turnFailed({ sessionId: 's-1', error: { message: GATEWAY_DOWN } }));
    const wake = m.waker.armed.at(-1)?.wake;
    if (!wake) throw new Error('nothing armed');
    m.clock.at = wake.nextAt;
    for (const [i, answer] of answers.entries()) {
      const tried = resumeTurn(m.deps, wake);
      if (answer.kind === 'ok') await tried;
      else await expect(tried).rejects.toThrow(answer.detail);
      if (i === 0) {
        m.clock.at += 5_000;
        for (let s = 2; s <= 6; s++)
          await handleTurnEvent(
            m.deps,
            turnFailed({ sessionId: `s-${s}`, occurredAt: m.clock.at, error: { message: GATEWAY_DOWN } }),
          );
        expect(pacer.state(UPSTREAM).mode).toBe('down');
      }
      m.clock.at += 180_000;
    }
    expect(agent.calls).toHaveLength(answers.length);
    await handleTurnEvent(
      m.deps,
      turnEvent('turn.completed', { sessionId: 's-1', promptId: 'p-cap~resume-1', occurredAt: m.clock.at }),
    );
    expect(pacer.state(UPSTREAM).mode).toBe(mode);
  });
});

describe('wake-ups redriven hours late (a review)', () => {
  it('ask no pacer, so live resumes keep their slots; they end as too late, counted apart from failures', async () => {
    // The failures alone mark nothing down (probeAfterFailures 100): only the bucket is at stake.
    const pacer = new MemoryPacer(
      compilePacerSettings({ ratePerSecond: 1, burst: 1, probeAfterFailures: 100 }),
    );
    const m = memoryDeps({ pacer });
    for (let i = 0; i < 5; i++)
      await handleTurnEvent(
        m.deps,
        turnFailed({ sessionId: `s-${i}`, occurredAt: T0 + i, error: { message: GATEWAY_DOWN } }),
      );
    const old = m.waker.armed.map((a) => a.wake);
    m.clock.at = T0 + 2 * 3_600_000;
    for (const wake of old) {
      const outcome = await resumeTurn(m.deps, wake);
      expect(outcome.admission).toBeUndefined();
      expect(metricsFor(outcome.claim.logged)).toEqual([{ name: 'ResumeLate', value: 1, unit: 'Count' }]);
    }
    expect(m.agent.calls).toEqual([]);
    await handleTurnEvent(
      m.deps,
      turnFailed({ sessionId: 's-live', occurredAt: m.clock.at, error: { message: GATEWAY_DOWN } }),
    );
    const live = m.waker.armed.at(-1)?.wake;
    if (!live) throw new Error('nothing armed');
    m.clock.at = live.nextAt;
    expect((await resumeTurn(m.deps, live)).admission).toEqual({ kind: 'go', probe: false });
  });
});

describe('old failures redriven hours later (a review)', () => {
  it('do not mark a healthy upstream down', async () => {
    const pacer = new MemoryPacer(DEFAULT_PACER_SETTINGS);
    const m = memoryDeps({ pacer });
    m.clock.at = T0 + 6 * 3_600_000;
    for (let i = 0; i < 5; i++)
      await handleTurnEvent(
        m.deps,
        turnFailed({ sessionId: `s-${i}`, occurredAt: T0 + i, error: { message: GATEWAY_DOWN } }),
      );
    expect(pacer.state(UPSTREAM)).toMatchObject({ mode: 'up', failures: [] });
  });

  it('end as too late, counted apart from chains that ran out (which alarm), in the log and the local tiles', async () => {
    const feed = new SessionFeed();
    const m = memoryDeps();
    m.deps.sink = feed;
    m.clock.at = T0 + 2 * 3_600_000;
    const applied = await handleTurnEvent(m.deps, turnFailed({ occurredAt: T0 }));
    expect(applied.logged).toEqual([expect.objectContaining({ kind: 'auto_resume_exhausted', late: true })]);
    expect(metricsFor(applied.logged)).toEqual([{ name: 'ResumeLate', value: 1, unit: 'Count' }]);
    expect(feed.activity().counters).toMatchObject({ exhausted: 0, late: 1 });
  });
});

describe('a wake-up that comes a little early while the upstream is down', () => {
  it('is judged at one time for the pacer and the claim, so it never goes unasked beside the probe', async () => {
    const pacer = new MemoryPacer(DEFAULT_PACER_SETTINGS);
    const m = memoryDeps({ pacer });
    // Every store read takes 5 ms, as a DynamoDB GetItem does: the two reads of one wake-up see two times.
    const load = m.deps.store.load.bind(m.deps.store);
    m.deps.store.load = async (id: string) => {
      const state = await load(id);
      m.clock.at += 5;
      return state;
    };
    const reset = { message: 'connect ECONNRESET 127.0.0.1:4016' };
    for (let i = 1; i <= 5; i++) {
      m.clock.at = T0 + (i - 1) * 1_000;
      await handleTurnEvent(
        m.deps,
        turnFailed({ sessionId: `s-${i}`, occurredAt: m.clock.at, error: reset }),
      );
    }
    expect(pacer.state('127.0.0.1:4016').mode).toBe('down');
    const wakes = m.waker.armed.map((a) => a.wake).sort((x, y) => x.nextAt - y.nextAt);
    const first = wakes[0];
    const last = wakes.at(-1);
    if (!first || !last || last.nextAt - first.nextAt < 1_100)
      throw new Error('two wake-ups over a second apart');
    m.clock.at = Math.max(m.clock.at, first.nextAt);
    await resumeTurn(m.deps, first); // the probe
    // 1,008 ms early: past the 1 s tolerance when the pacer would be asked, within it after one more read.
    m.clock.at = last.nextAt - 1_008;
    await resumeTurn(m.deps, last);
    expect(m.agent.calls.map((c) => c.sessionId)).toEqual([first.sessionId]);
  });
});
