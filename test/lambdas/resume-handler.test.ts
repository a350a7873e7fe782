import { describe, expect, it } from 'vitest';
import { createResumeHandler } from '../../lambdas/resume/handler';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import { encodeWake } from '../../shared/messages';
import { turnFailed } from '../support/events';
import { memoryDeps, recordingObservability, scriptedAgent } from '../support/fakes';
import { sqsEvent, sqsRecord } from '../support/sqs-records';

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
