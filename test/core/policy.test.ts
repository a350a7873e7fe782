import { describe, expect, it } from 'vitest';
import { formatDuration, parseDuration } from '../../shared/core/duration';
import { unitFromParts } from '../../shared/core/hash';
import {
  attemptDelayMs,
  compileRetryPolicy,
  DEFAULT_POLICY,
  PolicyError,
  planAttempt,
  retryReasonUnder,
} from '../../shared/core/policy';

const key = (attempt: number, sessionId = 's-42', turnId = 't-7') => ({ sessionId, turnId, attempt });

describe('the default policy', () => {
  it('waits 10 s, 1 min, 5 min and 20 min over four attempts', () => {
    expect(DEFAULT_POLICY.delaysMs).toEqual([10_000, 60_000, 300_000, 1_200_000]);
    expect(DEFAULT_POLICY.attempts).toBe(4);
    expect(DEFAULT_POLICY.jitter).toBe(0.2);
    expect(DEFAULT_POLICY.maxWaitMs).toBe(3_600_000);
  });

  it('keeps every delay within [delay, delay × 1.2) for many sessions and turns', () => {
    for (let seed = 0; seed < 5000; seed++) {
      for (let attempt = 1; attempt <= 4; attempt++) {
        const base = DEFAULT_POLICY.delaysMs[attempt - 1] ?? 0;
        const delay = attemptDelayMs(DEFAULT_POLICY, key(attempt, `s-${seed}`, `t-${seed % 7}`));
        expect(delay).toBeGreaterThanOrEqual(base);
        expect(delay).toBeLessThanOrEqual(Math.round(base * 1.2));
      }
    }
  });

  it('spreads the jitter over its range rather than bunching it', () => {
    const fractions = Array.from(
      { length: 2000 },
      (_, i) => attemptDelayMs(DEFAULT_POLICY, key(1, `s-${i}`)) / 10_000 - 1,
    );
    const buckets = [0, 1, 2, 3].map(
      (b) => fractions.filter((f) => Math.min(3, Math.floor(f / 0.05)) === b).length,
    );
    for (const count of buckets) expect(count).toBeGreaterThan(350);
  });

  it('computes the same nextAt for a duplicate of the same failure', () => {
    const a = planAttempt(DEFAULT_POLICY, key(2), 1_000_000);
    const b = planAttempt(DEFAULT_POLICY, key(2), 1_000_000);
    expect(a).toEqual(b);
  });

  it('gives different sessions different jitter', () => {
    const delays = new Set(
      Array.from({ length: 50 }, (_, i) => attemptDelayMs(DEFAULT_POLICY, key(1, `s-${i}`))),
    );
    expect(delays.size).toBeGreaterThan(40);
  });
});

describe('server hints', () => {
  it('move nextAt later when the hint is later than the computed time', () => {
    const plan = planAttempt(DEFAULT_POLICY, key(1), 0, 429_000);
    expect(plan).toEqual({ kind: 'scheduled', nextAt: 429_000, delayMs: 429_000, hinted: true });
  });

  it('never move nextAt earlier', () => {
    const plain = planAttempt(DEFAULT_POLICY, key(3), 0);
    const hinted = planAttempt(DEFAULT_POLICY, key(3), 0, 1000);
    expect(hinted).toEqual(plain);
  });

  it('end the chain when they are beyond the longest wait', () => {
    const plan = planAttempt(DEFAULT_POLICY, key(1), 0, 2401_000 + 3_600_000);
    expect(plan.kind).toBe('exhausted');
    expect(plan.kind === 'exhausted' && plan.reason).toMatch(/beyond the longest wait of 1h/);
  });

  it('keep a 40-minute hint within the default longest wait', () => {
    expect(planAttempt(DEFAULT_POLICY, key(1), 0, 2401_000)).toMatchObject({
      kind: 'scheduled',
      nextAt: 2401_000,
    });
  });
});

describe('attempts', () => {
  it('exhausts after the last attempt', () => {
    expect(planAttempt(DEFAULT_POLICY, key(5), 0)).toEqual({
      kind: 'exhausted',
      reason: 'all 4 attempts failed',
    });
  });

  it('counts the attempts made when a changed policy allows fewer than a chain already made', () => {
    // Attempt 3 of 4 was armed, then a redeploy set two delays: its failure ended "all 2 attempts failed".
    const two = compileRetryPolicy({ delaysMs: [10_000, 60_000] });
    expect(planAttempt(two, key(4), 0)).toEqual({
      kind: 'exhausted',
      reason: 'all 3 attempts failed (the policy now allows 2)',
    });
    expect(planAttempt(two, key(3), 0)).toEqual({ kind: 'exhausted', reason: 'all 2 attempts failed' });
  });
});

describe('compileRetryPolicy', () => {
  it('names every bad setting at once', () => {
    try {
      compileRetryPolicy(
        { delaysMs: [-1], jitter: 2, retryClasses: ['auth'], maxResumeTries: 0, resumeLeaseMs: 2_000 },
        { delaysMs: 'RESUMER_DELAYS', jitter: 'RESUMER_JITTER' },
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(PolicyError);
      const text = (error as Error).message;
      expect(text).toMatch(/RESUMER_DELAYS\[0\] must be a duration ≥ 0/);
      expect(text).toMatch(/RESUMER_JITTER must be a number from 0 to 1, got 2/);
      expect(text).toMatch(/retryClasses may hold only .*"auth" is never retried/);
      expect(text).toMatch(/maxResumeTries must be an integer from 1 to 50/);
      expect(text).toMatch(/resumeLeaseMs must be a duration ≥ 5s, got 2000/);
    }
  });

  it('refuses delays longer than the longest wait', () => {
    expect(() => compileRetryPolicy({ delaysMs: [3_600_000] })).toThrow(/beyond maxWaitMs/);
  });

  it('takes its attempt count from the delays', () => {
    expect(compileRetryPolicy({ delaysMs: [1000, 2000] }).attempts).toBe(2);
  });

  it('retries rate limits only when opted in, as capacity', () => {
    const verdict = { class: 'rate_limit', retry: null } as const;
    expect(retryReasonUnder(DEFAULT_POLICY, verdict)).toBeNull();
    const optIn = compileRetryPolicy({ retryClasses: ['capacity', 'server', 'transport', 'rate_limit'] });
    expect(retryReasonUnder(optIn, verdict)).toBe('capacity');
  });

  it('can turn off retries of a class and of agent exits', () => {
    const policy = compileRetryPolicy({ retryClasses: ['capacity'], retryAgentExited: false });
    expect(retryReasonUnder(policy, { class: 'transport', retry: 'transport' })).toBeNull();
    expect(retryReasonUnder(policy, { class: 'other', retry: 'agent_exited' })).toBeNull();
    expect(retryReasonUnder(policy, { class: 'capacity', retry: 'capacity' })).toBe('capacity');
  });

  it('resumes an agent that exited on a failure whose class is not retried, for the exit, when that is on', () => {
    // `retryClasses: none` with `retryAgentExited` dropped an exited agent's 503, though one that exited on a text
    // of no class was resumed.
    const none = compileRetryPolicy({ retryClasses: [] });
    const overloaded = { class: 'capacity', retry: 'capacity' } as const;
    expect(retryReasonUnder(none, overloaded, true)).toBe('agent_exited');
    expect(retryReasonUnder(none, overloaded, false)).toBeNull();
    expect(
      retryReasonUnder(compileRetryPolicy({ retryClasses: [], retryAgentExited: false }), overloaded, true),
    ).toBeNull();
    expect(retryReasonUnder(none, { class: 'auth', retry: null }, true)).toBeNull();
    expect(retryReasonUnder(compileRetryPolicy({ retryClasses: ['transport'] }), overloaded, true)).toBe(
      'agent_exited',
    );
  });
});

describe('durations', () => {
  it.each([
    ['10s', 10_000],
    ['1m', 60_000],
    ['1m30s', 90_000],
    ['500ms', 500],
    ['2h', 7_200_000],
    ['15', 15_000],
    ['1.5s', 1500],
  ])('parses %s', (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
  });

  it.each(['', 'ten', '10x', 's10', '-5s', '1m 30s'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeNull();
  });

  it('formats the shortest form', () => {
    expect(formatDuration(90_000)).toBe('1m30s');
    expect(formatDuration(3_600_000)).toBe('1h');
    expect(formatDuration(250)).toBe('250ms');
  });
});

describe('the random part of a delay', () => {
  it('differs between the attempts of one turn as much as between turns', () => {
    // Two attempts of one turn got nearly the same random part before the hash was finalized (correlation 0.96).
    let close = 0;
    for (let n = 0; n < 2000; n++) {
      const first = unitFromParts(`s-${n}`, 't-1', 1);
      const second = unitFromParts(`s-${n}`, 't-1', 2);
      if (Math.abs(first - second) < 0.05) close += 1;
    }
    // Independent uniform draws land within 0.05 of each other about 9.75 % of the time.
    expect(close / 2000).toBeLessThan(0.15);
  });
});
