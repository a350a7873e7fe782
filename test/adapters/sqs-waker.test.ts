import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqsWaker } from '../../shared/adapters/aws/sqs-waker';
import type { WakeMessage } from '../../shared/core/types';
import { decodeWake } from '../../shared/messages';
import { type LocalSqs, startSqs } from '../support/sqs';

// fauxqs runs on wall-clock time: these tests wait for real 1 s delays, via long polls rather than sleeps.

function wake(overrides: Partial<WakeMessage> = {}): WakeMessage {
  return {
    sessionId: 's-42',
    turnId: 't-7',
    attempt: 1,
    promptId: 'p-cap~resume-1',
    nextAt: Date.UTC(2026, 10, 30, 12, 0, 10),
    ...overrides,
  };
}

let sqs: LocalSqs;
beforeAll(async () => {
  sqs = await startSqs();
});
afterAll(async () => {
  await sqs.stop();
});

let queueCount = 0;
async function newWaker(
  batchWindowMs = 0,
): Promise<{ waker: SqsWaker; receive: (waitSeconds: number) => Promise<string[]> }> {
  const queueUrl = await sqs.createQueue(`wake-${++queueCount}`);
  const receive = async (waitSeconds: number) => {
    const { Messages = [] } = await sqs.client.send(
      new ReceiveMessageCommand({
        QueueUrl: queueUrl,
        WaitTimeSeconds: waitSeconds,
        MaxNumberOfMessages: 10,
      }),
    );
    return Messages.map((message) => message.Body ?? '');
  };
  return { waker: new SqsWaker({ client: sqs.client, queueUrl, batchWindowMs }), receive };
}

describe('SqsWaker', () => {
  it('delivers a wake armed with a 1 s delay after the delay, not before', async () => {
    const { waker, receive } = await newWaker();
    const armedAt = Date.now();

    await expect(waker.arm(wake(), 1_000)).resolves.toEqual({ kind: 'armed', via: 'queue' });

    expect(await receive(0)).toEqual([]);
    const bodies = await receive(5);
    expect(Date.now() - armedAt).toBeGreaterThanOrEqual(900);
    expect(bodies.map(decodeWake)).toEqual([wake()]);
  });

  it('rounds a part second up rather than delivering early', async () => {
    const { waker, receive } = await newWaker();

    await waker.arm(wake(), 1);

    expect(await receive(0)).toEqual([]);
    expect(await receive(5)).toHaveLength(1);
  });

  it('delivers a wake armed with no delay at once', async () => {
    const { waker, receive } = await newWaker();

    await waker.arm(wake({ attempt: 2, promptId: 'p-cap~resume-2' }), 0);

    expect((await receive(0)).map(decodeWake)).toEqual([wake({ attempt: 2, promptId: 'p-cap~resume-2' })]);
  });

  it('treats a wake already due as no delay', async () => {
    const { waker, receive } = await newWaker();

    await waker.arm(wake(), -5_000);

    expect(await receive(0)).toHaveLength(1);
  });

  it('accepts the longest SQS delay, 900 s', async () => {
    const { waker, receive } = await newWaker();

    await expect(waker.arm(wake(), 900_000)).resolves.toEqual({ kind: 'armed', via: 'queue' });
    expect(await receive(0)).toEqual([]);
  });

  it('refuses a delay over 900 s with a RangeError and sends nothing', async () => {
    const { waker, receive } = await newWaker();

    await expect(waker.arm(wake(), 900_001)).rejects.toThrow(RangeError);
    await expect(waker.arm(wake(), 900_001)).rejects.toThrow(/at most 900000/);
    expect(await receive(0)).toEqual([]);
  });

  it('refuses a FIFO queue when constructed', () => {
    expect(
      () => new SqsWaker({ client: sqs.client, queueUrl: `${sqs.endpoint}/000000000000/wake.fifo` }),
    ).toThrow(/must be a standard queue.*per-message DelaySeconds/);
  });

  it('with a batch window, delivers wake-ups armed together, each after its own delay', async () => {
    const { waker, receive } = await newWaker(20);
    const attempts = async (waitSeconds: number) =>
      (await receive(waitSeconds)).map((body) => decodeWake(body).attempt);

    await Promise.all([
      waker.arm(wake({ attempt: 1 }), 0),
      waker.arm(wake({ attempt: 2 }), 1_000),
      waker.arm(wake({ attempt: 3 }), 0),
    ]);

    expect((await attempts(0)).sort()).toEqual([1, 3]);
    expect(await attempts(5)).toEqual([2]);
  });

  it('disarms without error, leaving the queued wake for the resume handler to skip', async () => {
    const { waker, receive } = await newWaker();
    await waker.arm(wake(), 0);

    await expect(waker.disarm(wake())).resolves.toBeUndefined();
    expect(await receive(0)).toHaveLength(1);
  });
});
