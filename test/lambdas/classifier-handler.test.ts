import { describe, expect, it } from 'vitest';
import { createClassifierHandler } from '../../lambdas/classifier/handler';
import { encodeTurnEvent } from '../../shared/messages';
import { authFailed, turnFailed } from '../support/events';
import { memoryDeps, recordingObservability } from '../support/fakes';
import { sqsEvent, sqsRecord } from '../support/sqs-records';

describe('the classifier handler', () => {
  it('schedules a transient failure, arms its wake-up and counts it', async () => {
    const { deps, waker } = memoryDeps();
    const o = recordingObservability();
    const handler = createClassifierHandler({ resumer: deps, telemetry: o.telemetry, log: o.log });
    const out = await handler(sqsEvent(sqsRecord({ body: encodeTurnEvent(turnFailed()) })));
    expect(out).toEqual({ batchItemFailures: [] });
    expect(waker.armed.map((a) => a.wake.promptId)).toEqual(['p-cap~resume-1']);
    expect(o.metrics).toEqual([
      { name: 'RetryScheduled', value: 1, unit: 'Count', dimensions: { reason: 'capacity' } },
    ]);
    expect(o.lines[0]).toMatchObject({
      message: 'turn event applied',
      extra: { sessionId: 's-42', turnId: 't-7', outcome: 'scheduled' },
    });
  });

  it('counts a failure that is not retried by its class', async () => {
    const { deps } = memoryDeps();
    const o = recordingObservability();
    const handler = createClassifierHandler({ resumer: deps, telemetry: o.telemetry, log: o.log });
    await handler(sqsEvent(sqsRecord({ body: encodeTurnEvent(authFailed()) })));
    expect(o.metrics).toEqual([
      { name: 'FailureNotRetried', value: 1, unit: 'Count', dimensions: { class: 'auth' } },
    ]);
  });

  it('reports only the poison and the failing records of a batch', async () => {
    const { deps } = memoryDeps();
    const failingStore: typeof deps.store = {
      load: async (sessionId) => {
        if (sessionId === 's-down') throw new Error('ProvisionedThroughputExceededException');
        return deps.store.load(sessionId);
      },
      commit: (next, events) => deps.store.commit(next, events),
      events: (sessionId, page) => deps.store.events(sessionId, page),
      waiting: (page) => deps.store.waiting(page),
    };
    const o = recordingObservability();
    const handler = createClassifierHandler({
      resumer: { ...deps, store: failingStore },
      telemetry: o.telemetry,
      log: o.log,
    });
    const good = sqsRecord({ body: encodeTurnEvent(turnFailed()) });
    const poison = sqsRecord({ body: '{"type":"turn.failed"' });
    const down = sqsRecord({ body: encodeTurnEvent(turnFailed({ sessionId: 's-down' })) });
    const good2 = sqsRecord({ body: encodeTurnEvent(turnFailed({ sessionId: 's-43' })) });
    const out = await handler(sqsEvent(good, poison, down, good2));
    expect(out.batchItemFailures).toEqual([
      { itemIdentifier: poison.messageId },
      { itemIdentifier: down.messageId },
    ]);
    expect((await deps.store.load('s-42')).pending?.attempt).toBe(1);
    expect((await deps.store.load('s-43')).pending?.attempt).toBe(1);
    const warned = o.lines.filter((line) => line.level === 'warn');
    expect(warned).toEqual([
      {
        level: 'warn',
        message: 'turn event will be retried',
        extra: { messageId: poison.messageId, receiveCount: 1, error: expect.stringContaining('JSON') },
      },
      {
        level: 'warn',
        message: 'turn event will be retried',
        extra: {
          messageId: down.messageId,
          receiveCount: 1,
          error: 'ProvisionedThroughputExceededException',
        },
      },
    ]);
  });
});
