import { describe, expect, it } from 'vitest';
import { DelayRoutingWaker } from '../../shared/adapters/delay-routing-waker';
import type { WakeMessage } from '../../shared/core/types';
import type { ArmResult, Waker } from '../../shared/ports';

function wake(overrides: Partial<WakeMessage> = {}): WakeMessage {
  return {
    sessionId: 's-42',
    turnId: 't-7',
    attempt: 1,
    promptId: 'p-cap~resume-1',
    nextAt: 0,
    ...overrides,
  };
}

/** A waker that records its calls and answers as the real one for `via` would. */
function recordingWaker(via: 'queue' | 'schedule'): Waker & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async arm(w, delayMs): Promise<ArmResult> {
      calls.push(`arm ${w.attempt} ${delayMs}`);
      return { kind: 'armed', via };
    },
    async disarm(w) {
      calls.push(`disarm ${w.attempt}`);
    },
  };
}

function router(maxQueueDelayMs?: number) {
  const queue = recordingWaker('queue');
  const schedule = recordingWaker('schedule');
  return { queue, schedule, waker: new DelayRoutingWaker({ queue, schedule, maxQueueDelayMs }) };
}

describe('DelayRoutingWaker', () => {
  it.each([0, 10_000, 899_999, 900_000])('sends a %d ms wait to the queue', async (delayMs) => {
    const { queue, schedule, waker } = router();

    await expect(waker.arm(wake(), delayMs)).resolves.toEqual({ kind: 'armed', via: 'queue' });

    expect(queue.calls).toEqual([`arm 1 ${delayMs}`]);
    expect(schedule.calls).toEqual([]);
  });

  it.each([900_001, 901_000, 3_600_000])('sends a %d ms wait to the schedule', async (delayMs) => {
    const { queue, schedule, waker } = router();

    await expect(waker.arm(wake(), delayMs)).resolves.toEqual({ kind: 'armed', via: 'schedule' });

    expect(schedule.calls).toEqual([`arm 1 ${delayMs}`]);
    expect(queue.calls).toEqual([]);
  });

  it('passes the schedule answer through', async () => {
    const queue = recordingWaker('queue');
    const schedule: Waker = {
      arm: async () => ({ kind: 'already_armed', via: 'schedule' }),
      disarm: async () => {},
    };
    const waker = new DelayRoutingWaker({ queue, schedule });

    await expect(waker.arm(wake(), 1_200_000)).resolves.toEqual({ kind: 'already_armed', via: 'schedule' });
  });

  it('honours a lower maxQueueDelayMs', async () => {
    const { queue, schedule, waker } = router(60_000);

    await waker.arm(wake({ attempt: 1 }), 60_000);
    await waker.arm(wake({ attempt: 2 }), 60_001);

    expect(queue.calls).toEqual(['arm 1 60000']);
    expect(schedule.calls).toEqual(['arm 2 60001']);
  });

  it('disarms on both paths', async () => {
    const { queue, schedule, waker } = router();

    await waker.disarm(wake({ attempt: 3 }));

    expect(queue.calls).toEqual(['disarm 3']);
    expect(schedule.calls).toEqual(['disarm 3']);
  });

  it.each([900_001, -1, Number.NaN])('refuses maxQueueDelayMs %d', (maxQueueDelayMs) => {
    expect(() => router(maxQueueDelayMs)).toThrow(/maxQueueDelayMs must be 0–900000/);
  });
});
