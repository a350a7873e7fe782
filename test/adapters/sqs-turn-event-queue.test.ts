import { DeleteMessageCommand, type Message, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deduplicationId, SqsTurnEventQueue } from '../../shared/adapters/aws/sqs-turn-event-queue';
import type { TurnEvent } from '../../shared/core/types';
import { decodeTurnEvent } from '../../shared/messages';
import { type LocalSqs, startSqs } from '../support/sqs';

function failedEvent(overrides: Partial<TurnEvent> = {}): TurnEvent {
  return {
    type: 'turn.failed',
    sessionId: 's-42',
    turnId: 't-7',
    promptId: 'p-cap',
    agentSessionId: 'a-9',
    occurredAt: Date.UTC(2026, 10, 30, 12, 0, 0),
    error: { message: 'API Error: 503 no non-exhausted claude accounts available', status: 503 },
    eventId: 'msg_1',
    ...overrides,
  };
}

function turnCompleted(): TurnEvent {
  return {
    type: 'turn.completed',
    sessionId: 's-42',
    turnId: 't-7',
    promptId: 'p-cap',
    occurredAt: 0,
    eventId: 'msg_2',
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
async function newQueue(fifo: boolean) {
  const name = `turn-events-${++queueCount}${fifo ? '.fifo' : ''}`;
  const queueUrl = await sqs.createQueue(name, fifo ? { FifoQueue: 'true' } : undefined);
  const queue = new SqsTurnEventQueue({ client: sqs.client, queueUrl });
  /** Receives everything there is, deleting as it goes (fauxqs hands out one message per FIFO group at a time). */
  const drain = async (): Promise<Message[]> => {
    const all: Message[] = [];
    for (;;) {
      const { Messages = [] } = await sqs.client.send(
        new ReceiveMessageCommand({
          QueueUrl: queueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 0,
          MessageSystemAttributeNames: ['MessageGroupId', 'MessageDeduplicationId'],
        }),
      );
      if (Messages.length === 0) return all;
      for (const message of Messages) {
        all.push(message);
        await sqs.client.send(
          new DeleteMessageCommand({ QueueUrl: queueUrl, ReceiptHandle: message.ReceiptHandle }),
        );
      }
    }
  };
  return { queue, drain };
}

describe('SqsTurnEventQueue on a standard queue', () => {
  it('sends the event as a body that decodes back to it', async () => {
    const { queue, drain } = await newQueue(false);

    await queue.send(failedEvent(), 'msg_1');

    const messages = await drain();
    expect(messages.map((m) => decodeTurnEvent(m.Body ?? ''))).toEqual([failedEvent()]);
    expect(messages[0]?.Attributes?.MessageGroupId).toBeUndefined();
  });

  it('refuses an event that would not decode, sending nothing', async () => {
    const { queue, drain } = await newQueue(false);

    await expect(queue.send(failedEvent({ sessionId: 's 42' }), 'msg_1')).rejects.toThrow(
      /^turn event message: sessionId: /,
    );
    expect(await drain()).toEqual([]);
  });
});

describe('SqsTurnEventQueue on a FIFO queue', () => {
  it('groups by session and dedupes by webhook id', async () => {
    const { queue, drain } = await newQueue(true);

    await queue.send(failedEvent(), 'msg_1');

    const [message, ...rest] = await drain();
    expect(rest).toEqual([]);
    expect(decodeTurnEvent(message?.Body ?? '')).toEqual(failedEvent());
    expect(message?.Attributes).toMatchObject({ MessageGroupId: 's-42', MessageDeduplicationId: 'msg_1' });
  });

  it('keeps one message when the same webhook id is sent twice', async () => {
    const { queue, drain } = await newQueue(true);

    await queue.send(failedEvent(), 'msg_1');
    await queue.send(failedEvent(), 'msg_1');

    expect(await drain()).toHaveLength(1);
  });

  it('keeps both messages for different webhook ids', async () => {
    const { queue, drain } = await newQueue(true);

    await queue.send(failedEvent({ eventId: 'msg_1' }), 'msg_1');
    await queue.send(turnCompleted(), 'msg_2');

    expect((await drain()).map((m) => decodeTurnEvent(m.Body ?? '').type)).toEqual([
      'turn.failed',
      'turn.completed',
    ]);
  });

  it('dedupes a webhook id SQS would refuse as a deduplication id', async () => {
    const { queue, drain } = await newQueue(true);
    const odd = `webhook id with spaces, ünïcode and ${'x'.repeat(200)}`;

    await queue.send(failedEvent(), odd);
    await queue.send(failedEvent(), odd);

    const messages = await drain();
    expect(messages).toHaveLength(1);
    expect(messages[0]?.Attributes?.MessageDeduplicationId).toBe(deduplicationId(odd));
  });
});

describe('deduplicationId', () => {
  it.each(['msg_2b4', 'x'.repeat(128), '!"#$%&()*+,-./:;<=>?@[]^_`{|}~'])('keeps %s as it is', (id) => {
    expect(deduplicationId(id)).toBe(id);
  });

  it.each(['', 'has space', 'ünïcode', 'x'.repeat(129)])('hashes %j into 1–128 allowed characters', (id) => {
    expect(deduplicationId(id)).toMatch(/^[0-9a-f]{64}$/);
    expect(deduplicationId(id)).toBe(deduplicationId(id));
  });
});
