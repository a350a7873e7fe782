import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SqsWaker } from '../../shared/adapters/aws/sqs-waker';
import type { WakeMessage } from '../../shared/core/types';
import { decodeWake } from '../../shared/messages';

// The batching of wake sends, against a mocked client and a fake clock (sqs-waker.test.ts runs the same waker
// against fauxqs, which keeps wall-clock time).

const QUEUE_URL = 'https://sqs.eu-west-1.amazonaws.com/123456789012/turn-resumer-wake';
const WINDOW_MS = 20;

function wake(attempt: number): WakeMessage {
  return {
    sessionId: `s-${attempt}`,
    turnId: 't-7',
    attempt,
    promptId: `p-cap~resume-${attempt}`,
    nextAt: Date.UTC(2026, 10, 30, 12, 0, 10),
  };
}

const sqs = mockClient(SQSClient);
let waker: SqsWaker;
beforeEach(() => {
  vi.useFakeTimers();
  sqs.reset();
  sqs.on(SendMessageBatchCommand).callsFake(({ Entries = [] }) => ({
    Successful: Entries.map((entry: { Id: string }) => ({ Id: entry.Id, MessageId: `m-${entry.Id}` })),
    Failed: [],
  }));
  waker = new SqsWaker({
    client: new SQSClient({ region: 'eu-west-1' }),
    queueUrl: QUEUE_URL,
    batchWindowMs: WINDOW_MS,
  });
});
afterEach(() => {
  vi.useRealTimers();
});

function batches() {
  return sqs.commandCalls(SendMessageBatchCommand).map((call) => call.args[0].input);
}

describe('SqsWaker with a batch window', () => {
  it('sends the wake-ups armed within the window in one SendMessageBatch, each with its own delay', async () => {
    const first = waker.arm(wake(1), 1_500);
    await vi.advanceTimersByTimeAsync(WINDOW_MS / 2);
    const second = waker.arm(wake(2), 0);
    expect(batches()).toEqual([]);

    await vi.advanceTimersByTimeAsync(WINDOW_MS / 2);

    await expect(first).resolves.toEqual({ kind: 'armed', via: 'queue' });
    await expect(second).resolves.toEqual({ kind: 'armed', via: 'queue' });
    expect(batches()).toEqual([
      {
        QueueUrl: QUEUE_URL,
        Entries: [
          { Id: 'w0', MessageBody: expect.any(String), DelaySeconds: 2 },
          { Id: 'w1', MessageBody: expect.any(String), DelaySeconds: 0 },
        ],
      },
    ]);
    const bodies = batches()[0]?.Entries?.map((entry) => decodeWake(entry.MessageBody ?? ''));
    expect(bodies).toEqual([wake(1), wake(2)]);
    expect(sqs).not.toHaveReceivedCommand(SendMessageCommand);
  });

  it('sends a full batch of 10 at once, without waiting for the window, and starts the next one', async () => {
    const armed = Array.from({ length: 12 }, (_, i) => waker.arm(wake(i + 1), 5_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(batches().map((batch) => batch.Entries?.length)).toEqual([10]);

    await vi.advanceTimersByTimeAsync(WINDOW_MS);

    expect(batches().map((batch) => batch.Entries?.length)).toEqual([10, 2]);
    await expect(Promise.all(armed)).resolves.toHaveLength(12);
  });

  it('sends again, alone, an entry SQS failed on its side, and arms it when it is taken', async () => {
    sqs
      .on(SendMessageBatchCommand)
      .resolvesOnce({
        Successful: [{ Id: 'w0', MessageId: 'm-0', MD5OfMessageBody: '' }],
        Failed: [{ Id: 'w1', Code: 'InternalError', Message: 'try again', SenderFault: false }],
      })
      .resolvesOnce({ Successful: [{ Id: 'w1', MessageId: 'm-1', MD5OfMessageBody: '' }], Failed: [] });
    const armed = [waker.arm(wake(1), 0), waker.arm(wake(2), 0)];

    await vi.advanceTimersByTimeAsync(WINDOW_MS);

    await expect(Promise.all(armed)).resolves.toHaveLength(2);
    expect(batches().map((batch) => batch.Entries?.map((entry) => entry.Id))).toEqual([['w0', 'w1'], ['w1']]);
  });

  it('fails an entry SQS keeps failing on its side after three sends, naming its code', async () => {
    sqs.on(SendMessageBatchCommand).resolves({
      Successful: [],
      Failed: [{ Id: 'w0', Code: 'ServiceUnavailable', Message: 'try again', SenderFault: false }],
    });
    const armed = waker.arm(wake(1), 0);
    const checked = expect(armed).rejects.toThrow(
      /did not take the wake message \(ServiceUnavailable\): try again/,
    );

    await vi.advanceTimersByTimeAsync(WINDOW_MS);

    await checked;
    expect(batches()).toHaveLength(3);
  });

  it("fails at once, without sending again, only the arm whose entry SQS refused as the sender's fault", async () => {
    sqs.on(SendMessageBatchCommand).resolves({
      Successful: [{ Id: 'w0', MessageId: 'm-0', MD5OfMessageBody: '' }],
      Failed: [{ Id: 'w1', Code: 'InvalidParameterValue', Message: 'bad delay', SenderFault: true }],
    });
    const ok = waker.arm(wake(1), 0);
    const refused = waker.arm(wake(2), 0);
    const checked = expect(refused).rejects.toThrow(
      /did not take the wake message \(InvalidParameterValue, sender fault\): bad delay/,
    );

    await vi.advanceTimersByTimeAsync(WINDOW_MS);

    await expect(ok).resolves.toEqual({ kind: 'armed', via: 'queue' });
    await checked;
    expect(batches()).toHaveLength(1);
  });

  it('fails an arm that the answer does not mention at all', async () => {
    sqs.on(SendMessageBatchCommand).resolves({ Successful: [], Failed: [] });
    const armed = waker.arm(wake(1), 0);
    const checked = expect(armed).rejects.toThrow(/without a word on this wake message/);

    await vi.advanceTimersByTimeAsync(WINDOW_MS);

    await checked;
  });

  it('fails every arm of a batch whose call failed, with its error', async () => {
    sqs.on(SendMessageBatchCommand).rejects(new Error('socket hang up'));
    const armed = [waker.arm(wake(1), 0), waker.arm(wake(2), 0)];
    const checked = armed.map((arm) => expect(arm).rejects.toThrow('socket hang up'));

    await vi.advanceTimersByTimeAsync(WINDOW_MS);

    await Promise.all(checked);
  });

  it('refuses a delay over 900 s at once, outside any batch', async () => {
    await expect(waker.arm(wake(1), 900_001)).rejects.toThrow(/at most 900000/);
    await vi.advanceTimersByTimeAsync(WINDOW_MS);
    expect(batches()).toEqual([]);
  });

  it('refuses a negative, non-numeric or over-a-second window when constructed', () => {
    for (const batchWindowMs of [-1, Number.NaN, Number.POSITIVE_INFINITY, 1_001]) {
      expect(
        () =>
          new SqsWaker({
            client: new SQSClient({ region: 'eu-west-1' }),
            queueUrl: QUEUE_URL,
            batchWindowMs,
          }),
      ).toThrow(/batchWindowMs must be 0–1000 ms/);
    }
  });
});
