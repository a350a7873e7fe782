import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createResumeHandler } from '../../lambdas/resume/handler';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import { encodeWake } from '../../shared/messages';
import { turnFailed } from '../support/events';
import { memoryDeps, recordingObservability, scriptedAgent } from '../support/fakes';
import { sqsEvent, sqsRecord } from '../support/sqs-records';

/** A Lambda context with `leftMs` of the invocation left. */
function lambdaContext(leftMs: number): Context {
  return { getRemainingTimeInMillis: () => leftMs } as Context;
}

async function armedSession(agent = scriptedAgent()) {
  const m = memoryDeps({ agent });
  await handleTurnEvent(m.deps, turnFailed());
  const wake = m.waker.armed[0]?.wake;
  if (!wake) throw new Error('nothing armed');
  m.clock.at = wake.nextAt + 250;
  const o = recordingObservability();
  const handler = createResumeHandler({ resumer: m.deps, telemetry: o.telemetry, log: o.log });
  return { ...m, agent, o, wake, handler };
}

describe('the resume handler', () => {
  it('sends the resume once, records it and measures how late the wake-up was', async () => {
    const { handler, wake, agent, deps, o } = await armedSession();
    const out = await handler(sqsEvent(sqsRecord({ body: encodeWake(wake) })));
    expect(out.batchItemFailures).toEqual([]);
    expect(agent.calls.map((c) => c.promptId)).toEqual(['p-cap~resume-1']);
    expect((await deps.store.load('s-42')).pending).toBeNull();
    expect(o.metrics).toEqual(
      expect.arrayContaining([
        { name: 'ResumeFired', value: 1, unit: 'Count' },
        { name: 'WakeLatenessMs', value: 250, unit: 'Milliseconds' },
      ]),
    );
  });

  // A review (slow calls): the POST was bounded by the claim's lease, not by the invocation, so slow reads before
  // the claim let the function be killed before the answer was recorded, and the attempt was sent again.
  it.each([
    [60_000, 26_000],
    [9_000, 5_000],
  ])(
    'ends the POST before the invocation does: %i ms left → a timeout of %i ms',
    async (leftMs, timeoutMs) => {
      const { handler, wake, deps } = await armedSession();
      const given: Array<number | undefined> = [];
      deps.agent = {
        resume: async (_call, options) => {
          given.push(options?.timeoutMs);
          return { kind: 'ok' };
        },
      };
      await handler(sqsEvent(sqsRecord({ body: encodeWake(wake) })), lambdaContext(leftMs));
      // The claim's lease (30 s) less 4 s kept to record the answer, or the invocation's time less the same.
      expect(given).toEqual([timeoutMs]);
    },
  );

  it('sends nothing when the invocation has too little time left, and says so', async () => {
    const { handler, wake, agent, deps } = await armedSession();
    const record = sqsRecord({ body: encodeWake(wake) });
    expect((await handler(sqsEvent(record), lambdaContext(4_500))).batchItemFailures).toEqual([
      { itemIdentifier: record.messageId },
    ]);
    expect(agent.calls).toEqual([]);
    expect((await deps.store.load('s-42')).inFlight?.lastAnswer?.detail).toBe(
      "not sent: 4500 ms of the claim's lease (and of the invocation) were left, 4000 ms of them kept to record the answer",
    );
  });

  it('fails the record when the agent answers 503, so the same attempt comes back', async () => {
    const { handler, wake, agent, o } = await armedSession(
      scriptedAgent({ kind: 'retryable', detail: 'HTTP 503' }),
    );
    const record = sqsRecord({ body: encodeWake(wake) });
    expect((await handler(sqsEvent(record))).batchItemFailures).toEqual([
      { itemIdentifier: record.messageId },
    ]);
    expect(o.lines.at(-1)).toMatchObject({
      level: 'warn',
      extra: { sessionId: 's-42', promptId: 'p-cap~resume-1' },
    });
    expect((await handler(sqsEvent(record))).batchItemFailures).toEqual([]);
    expect(agent.calls.map((c) => c.promptId)).toEqual(['p-cap~resume-1', 'p-cap~resume-1']);
  });

  it('records a 4xx answer once and does not loop', async () => {
    const { handler, wake, agent, deps } = await armedSession(
      scriptedAgent({ kind: 'rejected', status: 404, detail: 'HTTP 404' }),
    );
    const record = sqsRecord({ body: encodeWake(wake) });
    expect((await handler(sqsEvent(record))).batchItemFailures).toEqual([]);
    expect((await handler(sqsEvent(record))).batchItemFailures).toEqual([]);
    expect(agent.calls).toHaveLength(1);
    const log = await deps.store.events('s-42');
    expect(log.items.map((e) => e.kind)).toEqual(['auto_resume_scheduled', 'auto_resume_failed']);
  });

  it('fails a wake message that is not one alone, and logs why', async () => {
    const { handler, wake, o } = await armedSession();
    const bad = sqsRecord({ body: '{"sessionId":"s-42","attempt":0}' });
    const good = sqsRecord({ body: encodeWake(wake) });
    expect((await handler(sqsEvent(bad, good))).batchItemFailures).toEqual([
      { itemIdentifier: bad.messageId },
    ]);
    expect(o.lines.filter((line) => line.level === 'warn')).toEqual([
      {
        level: 'warn',
        message: 'wake-up could not be read',
        extra: { messageId: bad.messageId, receiveCount: 1, error: expect.stringContaining('wake message') },
      },
    ]);
  });
});
