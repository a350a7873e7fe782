import { DeleteMessageBatchCommand, ReceiveMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';

/** A Lambda SQS handler with partial batch responses. */
export type SqsBatchHandler = (event: SQSEvent) => Promise<SQSBatchResponse>;

/** Where to poll and whom to hand the batch to. */
export type SqsEventSourceOptions = {
  client: SQSClient;
  queueUrl: string;
  queueArn?: string;
  handler: SqsBatchHandler;
  /** @default 10 */
  batchSize?: number;
  /** Long-poll seconds of each receive. @default 0 */
  waitSeconds?: number;
};

/**
 * Does what Lambda's SQS event source mapping does, once: receive a batch, hand it to the handler, delete the
 * records that did not fail. Failed records stay on the queue and come back after their visibility timeout.
 * Returns how many records were received and how many failed.
 */
export async function pollOnce(
  options: SqsEventSourceOptions,
): Promise<{ received: number; failed: number }> {
  const out = await options.client.send(
    new ReceiveMessageCommand({
      QueueUrl: options.queueUrl,
      MaxNumberOfMessages: options.batchSize ?? 10,
      WaitTimeSeconds: options.waitSeconds ?? 0,
      MessageSystemAttributeNames: ['All'],
      MessageAttributeNames: ['All'],
    }),
  );
  const messages = out.Messages ?? [];
  if (messages.length === 0) return { received: 0, failed: 0 };
  const records: SQSRecord[] = messages.map((m) => ({
    messageId: m.MessageId ?? '',
    receiptHandle: m.ReceiptHandle ?? '',
    body: m.Body ?? '',
    attributes: {
      ApproximateReceiveCount: m.Attributes?.ApproximateReceiveCount ?? '1',
      SentTimestamp: m.Attributes?.SentTimestamp ?? '0',
      SenderId: m.Attributes?.SenderId ?? 'local',
      ApproximateFirstReceiveTimestamp: m.Attributes?.ApproximateFirstReceiveTimestamp ?? '0',
    },
    messageAttributes: {},
    md5OfBody: m.MD5OfBody ?? '',
    eventSource: 'aws:sqs',
    eventSourceARN: options.queueArn ?? 'arn:aws:sqs:local:000000000000:local',
    awsRegion: 'local',
  }));
  let failedIds: Set<string>;
  try {
    const response = await options.handler({ Records: records });
    failedIds = new Set(response.batchItemFailures.map((f) => f.itemIdentifier));
  } catch {
    // A handler that throws fails the whole batch, as on Lambda.
    failedIds = new Set(records.map((r) => r.messageId));
  }
  const done = messages.filter((m) => !failedIds.has(m.MessageId ?? ''));
  if (done.length > 0) {
    await options.client.send(
      new DeleteMessageBatchCommand({
        QueueUrl: options.queueUrl,
        Entries: done.map((m, i) => ({ Id: String(i), ReceiptHandle: m.ReceiptHandle ?? '' })),
      }),
    );
  }
  return { received: messages.length, failed: failedIds.size };
}
