// DynamoDB Streams records as Lambda hands them to the publisher: NEW_IMAGE view, images marshalled with the
// SDK's own `marshall` from the very item DynamoRetryStore writes.
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent, StreamRecord } from 'aws-lambda';
import { eventItem } from '../../shared/adapters/aws/dynamo-retry-store';
import { Attr } from '../../shared/adapters/aws/dynamo-table';
import type { SessionState } from '../../shared/core/session-state';
import type { LoggedEvent } from '../../shared/core/types';

/** The retention DynamoRetryStore stamps by default (30 days), in seconds. */
export const RETENTION_SECONDS = 30 * 86_400;

type Image = NonNullable<StreamRecord['NewImage']>;
let sequence = 0;

/** A table item as a stream image (DynamoDB JSON). */
export function image(item: Record<string, unknown>): Image {
  return marshall(item, { removeUndefinedValues: true }) as unknown as Image;
}

/**
 * One stream record of `item`. INSERT and MODIFY carry the new image; REMOVE carries the keys only (the stream
 * is NEW_IMAGE); `ttl` marks a REMOVE made by the TTL.
 */
export function streamRecord(
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE',
  item: Record<string, unknown>,
  options: { ttl?: boolean; sequenceNumber?: string } = {},
): DynamoDBRecord {
  sequence += 1;
  const full = image(item);
  const keys = { [Attr.pk]: full[Attr.pk], [Attr.sk]: full[Attr.sk] } as Image;
  const sequenceNumber = options.sequenceNumber ?? String(sequence).padStart(21, '1');
  return {
    eventID: `ev-${sequence}`,
    eventName,
    eventVersion: '1.1',
    eventSource: 'aws:dynamodb',
    awsRegion: 'us-east-1',
    eventSourceARN: 'arn:aws:dynamodb:us-east-1:123456789012:table/sessions/stream/2026-11-30T00:00:00.000',
    dynamodb: {
      ApproximateCreationDateTime: 1_796_040_000,
      Keys: keys,
      ...(eventName === 'REMOVE' ? {} : { NewImage: full }),
      SequenceNumber: sequenceNumber,
      SizeBytes: JSON.stringify(full).length,
      StreamViewType: 'NEW_IMAGE',
    },
    ...(options.ttl ? { userIdentity: { type: 'Service', principalId: 'dynamodb.amazonaws.com' } } : {}),
  };
}

/** The INSERT of the item DynamoRetryStore writes when it commits `next` with `event` in its log. */
export function eventInsert(next: SessionState, event: LoggedEvent): DynamoDBRecord {
  return streamRecord('INSERT', eventItem(next, event, RETENTION_SECONDS));
}

/** A stream event of the given records. */
export function streamEvent(...records: DynamoDBRecord[]): DynamoDBStreamEvent {
  return { Records: records };
}
