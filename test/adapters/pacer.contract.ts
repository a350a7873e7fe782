// One spec for every Pacer: the memory stand-in and DynamoDB must decide the same.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compilePacerSettings, type PacerSettings } from '../../shared/core/pacer-state';
import type { Pacer } from '../../shared/ports';
import { T0 } from '../support/events';

/** Rate 10/s, burst 3, down after 3 transient failures, probe lease 60 s, next probe 30 s after a failure. */
export const CONTRACT_SETTINGS: PacerSettings = compilePacerSettings({
  ratePerSecond: 10,
  burst: 3,
  probeAfterFailures: 3,
});

export type PacerFixture = { pacer: Pacer; cleanup: () => Promise<void> };

const key = (sessionId: string) => ({ sessionId, promptId: `${sessionId}~resume-1` });

/** Registers the Pacer contract for one implementation; `makePacer` gives each test a fresh one with CONTRACT_SETTINGS. */
export function describePacerContract(name: string, makePacer: () => Promise<PacerFixture>): void {
  describe(`${name} (Pacer contract)`, () => {
    let pacer: Pacer;
    let cleanup: (() => Promise<void>) | undefined;
    beforeEach(async () => {
      ({ pacer, cleanup } = await makePacer());
    });
    afterEach(async () => {
      await cleanup?.();
      cleanup = undefined;
    });

    async function markDown(upstream: string, at: number) {
      for (let i = 0; i < 3; i++) await pacer.report(upstream, 'transient', at + i);
    }

    it('lets the burst go on an upstream never heard of, then holds each next one for its slot', async () => {
      const answers = [];
      for (const s of ['a', 'b', 'c', 'd', 'e']) answers.push(await pacer.admit('gw:4016', key(s), T0));
      expect(answers).toEqual([
        { kind: 'go', probe: false },
        { kind: 'go', probe: false },
        { kind: 'go', probe: false },
        { kind: 'hold', untilMs: T0 + 100, why: 'paced' },
        { kind: 'hold', untilMs: T0 + 200, why: 'paced' },
      ]);
    });

    it('lets a held resume go at its reserved slot', async () => {
      for (const s of ['a', 'b', 'c']) await pacer.admit('gw:4016', key(s), T0);
      const held = await pacer.admit('gw:4016', key('d'), T0);
      expect(held).toMatchObject({ kind: 'hold', untilMs: T0 + 100 });
      const reserved = { ...key('d'), reservation: { slotAt: T0 + 100, heldAt: T0 } };
      expect(await pacer.admit('gw:4016', reserved, T0 + 100)).toEqual({ kind: 'go', probe: false });
      expect(await pacer.admit('gw:4016', key('e'), T0 + 100)).toEqual({
        kind: 'hold',
        untilMs: T0 + 200,
        why: 'paced',
      });
    });

    it('after a run of transient failures sends one probe and holds the rest while it is out', async () => {
      await markDown('gw:4016', T0);
      expect(await pacer.admit('gw:4016', key('a'), T0 + 10)).toEqual({ kind: 'go', probe: true });
      const held = await pacer.admit('gw:4016', key('b'), T0 + 20);
      expect(held).toMatchObject({ kind: 'hold', why: 'probing' });
      expect(held.kind === 'hold' && held.untilMs).toBeGreaterThanOrEqual(T0 + 60_010);
      expect(await pacer.admit('gw:4016', key('a'), T0 + 30)).toEqual({ kind: 'go', probe: true });
    });

    it('grants one probe to many concurrent askers', async () => {
      await markDown('gw:4016', T0);
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => pacer.admit('gw:4016', key(`s-${i}`), T0 + 100)),
      );
      expect(answers.filter((a) => a.kind === 'go')).toEqual([{ kind: 'go', probe: true }]);
      expect(answers.filter((a) => a.kind === 'hold')).toHaveLength(7);
    });

    it('takes no more than the burst from concurrent askers on an idle upstream', async () => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => pacer.admit('gw:4016', key(`s-${i}`), T0)),
      );
      expect(answers.filter((a) => a.kind === 'go')).toHaveLength(3);
      const slots = answers.flatMap((a) => (a.kind === 'hold' ? [a.untilMs] : [])).sort((x, y) => x - y);
      expect(slots).toEqual([100, 200, 300, 400, 500].map((ms) => T0 + ms));
    });

    it('keeps probing after a failed probe, and releases at the rate once a resumed turn completes', async () => {
      await markDown('gw:4016', T0);
      await pacer.admit('gw:4016', key('a'), T0);
      await pacer.report('gw:4016', 'transient', T0 + 2_000);
      expect(await pacer.admit('gw:4016', key('b'), T0 + 31_999)).toMatchObject({
        kind: 'hold',
        why: 'probing',
      });
      expect(await pacer.admit('gw:4016', key('b'), T0 + 32_000)).toEqual({ kind: 'go', probe: true });
      await pacer.report('gw:4016', 'ok', T0 + 40_000);
      expect(await pacer.admit('gw:4016', key('c'), T0 + 40_000)).toEqual({ kind: 'go', probe: false });
      expect(await pacer.admit('gw:4016', key('d'), T0 + 40_000)).toEqual({
        kind: 'hold',
        untilMs: T0 + 40_100,
        why: 'paced',
      });
    });

    it('keeps each upstream apart', async () => {
      await markDown('gw:4016', T0);
      expect(await pacer.admit('gw:4016', key('a'), T0 + 5)).toEqual({ kind: 'go', probe: true });
      expect(await pacer.admit('anthropic', key('b'), T0 + 5)).toEqual({ kind: 'go', probe: false });
    });

    it('refuses an upstream key that upstreamOf could not give', async () => {
      await expect(pacer.admit('S#s-1', key('a'), T0)).rejects.toThrow(/invalid upstream/);
      await expect(pacer.report('x'.repeat(101), 'ok', T0)).rejects.toThrow(/invalid upstream/);
    });
  });
}
