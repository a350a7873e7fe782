// Smoke tests for the test infrastructure itself: the run-wide DynamoDB Local and the in-process fauxqs.
import {
  ConditionalCheckFailedException,
  DescribeTableCommand,
  ResourceNotFoundException,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DeleteMessageCommand, ReceiveMessageCommand, SendMessageCommand } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestTable, dynamoClient } from './dynamo';
import { type LocalSqs, startSqs } from './sqs';

describe('DynamoDB Local', () => {
  it('creates a table, enforces conditions, runs transactions, deletes the table', async () => {
    const client = dynamoClient();
    const doc = DynamoDBDocumentClient.from(client);
    const table = await createTestTable({
      AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      BillingMode: 'PAY_PER_REQUEST',
    });
    const TableName = table.tableName;
    try {
      const create = (pk: string, extra: Record<string, unknown> = {}) =>
        new PutCommand({
          TableName,
          Item: { pk, ...extra },
          ConditionExpression: 'attribute_not_exists(pk)',
        });

      await doc.send(create('a', { n: 1 }));
      await expect(doc.send(create('a', { n: 2 }))).rejects.toBeInstanceOf(ConditionalCheckFailedException);
      expect((await doc.send(new GetCommand({ TableName, Key: { pk: 'a' } }))).Item).toEqual({
        pk: 'a',
        n: 1,
      });

      await doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName, Item: { pk: 'b' }, ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              ConditionCheck: {
                TableName,
                Key: { pk: 'a' },
                ConditionExpression: 'n = :one',
                ExpressionAttributeValues: { ':one': 1 },
              },
            },
          ],
        }),
      );
      expect((await doc.send(new GetCommand({ TableName, Key: { pk: 'b' } }))).Item).toEqual({ pk: 'b' });

      // A transaction whose condition fails writes nothing.
      await expect(
        doc.send(
          new TransactWriteCommand({
            TransactItems: [
              { Put: { TableName, Item: { pk: 'c' } } },
              { Put: { TableName, Item: { pk: 'a' }, ConditionExpression: 'attribute_not_exists(pk)' } },
            ],
          }),
        ),
      ).rejects.toBeInstanceOf(TransactionCanceledException);
      expect((await doc.send(new GetCommand({ TableName, Key: { pk: 'c' } }))).Item).toBeUndefined();
    } finally {
      await table.drop();
    }
    await expect(client.send(new DescribeTableCommand({ TableName }))).rejects.toBeInstanceOf(
      ResourceNotFoundException,
    );
    client.destroy();
  });
});

describe('fauxqs', () => {
  let sqs: LocalSqs;
  beforeAll(async () => {
    sqs = await startSqs();
  });
  afterAll(async () => {
    await sqs?.stop();
  });

  it('holds a DelaySeconds message back, then delivers it; DeleteMessage removes it', async () => {
    const QueueUrl = await sqs.createQueue('delayed');
    expect(QueueUrl).toMatch(/\/delayed$/);
    const sent = Date.now();
    await sqs.client.send(new SendMessageCommand({ QueueUrl, MessageBody: 'later', DelaySeconds: 1 }));

    const early = await sqs.client.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 0 }));
    expect(early.Messages ?? []).toHaveLength(0);

    const late = await sqs.client.send(new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 5 }));
    expect(Date.now() - sent).toBeGreaterThanOrEqual(900);
    expect(late.Messages?.map((m) => m.Body)).toEqual(['later']);

    await sqs.client.send(
      new DeleteMessageCommand({ QueueUrl, ReceiptHandle: late.Messages?.[0]?.ReceiptHandle }),
    );
    const after = await sqs.client.send(
      new ReceiveMessageCommand({ QueueUrl, WaitTimeSeconds: 0, VisibilityTimeout: 0 }),
    );
    expect(after.Messages ?? []).toHaveLength(0);
  });

  it('moves a message to its DLQ after maxReceiveCount receives', async () => {
    const dlqUrl = await sqs.createQueue('work-dlq');
    const QueueUrl = await sqs.createQueue('work', {
      VisibilityTimeout: '0',
      RedrivePolicy: JSON.stringify({ deadLetterTargetArn: await sqs.queueArn(dlqUrl), maxReceiveCount: 2 }),
    });
    await sqs.client.send(new SendMessageCommand({ QueueUrl, MessageBody: 'poison' }));

    const receive = (url: string, wait = 0) =>
      sqs.client.send(
        new ReceiveMessageCommand({
          QueueUrl: url,
          WaitTimeSeconds: wait,
          MessageSystemAttributeNames: ['ApproximateReceiveCount'],
        }),
      );
    for (const expected of ['1', '2']) {
      const { Messages } = await receive(QueueUrl);
      expect(Messages?.map((m) => [m.Body, m.Attributes?.ApproximateReceiveCount])).toEqual([
        ['poison', expected],
      ]);
    }
    expect((await receive(QueueUrl)).Messages ?? []).toHaveLength(0);
    expect((await receive(dlqUrl, 2)).Messages?.map((m) => m.Body)).toEqual(['poison']);
  });
});
