import type { SQSEvent, SQSRecord } from 'aws-lambda';

let seq = 0;

/** An SQS record as Lambda hands it over, carrying `body`. */
export function sqsRecord(overrides: Partial<SQSRecord> & { body: string }): SQSRecord {
  seq += 1;
  return {
    messageId: `m-${seq}`,
    receiptHandle: `r-${seq}`,
    attributes: {
      ApproximateReceiveCount: '1',
      SentTimestamp: '0',
      SenderId: 'test',
      ApproximateFirstReceiveTimestamp: '0',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:us-east-1:123456789012:turn-events',
    awsRegion: 'us-east-1',
    ...overrides,
  };
}

/** An SQS event of the given records. */
export function sqsEvent(...records: SQSRecord[]): SQSEvent {
  return { Records: records };
}
