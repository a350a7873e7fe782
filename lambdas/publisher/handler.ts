import { BatchProcessor, EventType, processPartialResponse } from '@aws-lambda-powertools/batch';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type { Context, DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { Attr, KeyPrefix, sessionPk } from '../../shared/adapters/aws/dynamo-table';
import { unmarshall } from '../../shared/adapters/aws/sdk/util-dynamodb';
import { redactSecrets } from '../../shared/core/redact';
import type { LoggedEvent, RetrySummary } from '../../shared/core/types';
import type { EventSink, Log, SessionChanged } from '../../shared/ports';

/** What the publisher handler runs on. */
export type PublisherHandlerDeps = { sink: EventSink; log: Log };

/**
 * The outbox's relay: publishes `session_changed {sessionId, retry, event}` for every event item the table's
 * stream carries (an INSERT whose sort key is an event key); the session rows, the TTL's deletions and anything
 * else are ignored. The item was written in the same transaction as the row, so whatever stored an event has
 * published it once this returns. A record whose publish fails is reported with its session's later records of
 * the batch, which wait for it, and the stream hands them (and those after them) again, so watchers hear every
 * event at least once and a session's in order. If the stream source gives the batch up after its retries, the
 * records held back go with it: each try logs them (`publish held back`) as well as the one that failed, so the
 * log names every event watchers missed.
 */
export function createPublisherHandler(deps: PublisherHandlerDeps) {
  const processor = new BatchProcessor(EventType.DynamoDBStreams);
  return (event: DynamoDBStreamEvent, context?: Context): Promise<DynamoDBBatchResponse> => {
    // The sessions (partition keys) with a record of this batch failed: their later records wait for it, so that
    // a watcher never hears a session's `fired` before its `scheduled`. Other sessions' records go on.
    const failed = new Set<string>();
    const onRecord = async (record: DynamoDBRecord): Promise<void> => {
      const pk = record.dynamodb?.Keys?.[Attr.pk]?.S ?? '';
      if (failed.has(pk)) {
        const change = changeOf(record, deps.log);
        if (change) {
          deps.log.warn('publish held back', {
            ...keysOf(change),
            sequenceNumber: record.dynamodb?.SequenceNumber,
            behind: 'an earlier record of its session in this batch failed',
          });
        }
        throw new Error(`an earlier record of ${pk} in this batch failed: this one waits for it`);
      }
      try {
        await publishRecord(deps, record);
      } catch (error) {
        failed.add(pk);
        throw error;
      }
    };
    return processPartialResponse(event, onRecord, processor, {
      ...(context ? { context } : {}),
      // In stream order, so that watchers hear a session's events in the order they were logged: the stream
      // hands a failed record and every one after it again, and a session's records after a failed one wait.
      processInParallel: false,
      // A batch whose every record failed is still answered record by record, the same as a partial one.
      throwOnFullBatchFailure: false,
    });
  };
}

async function publishRecord(deps: PublisherHandlerDeps, record: DynamoDBRecord): Promise<void> {
  const change = changeOf(record, deps.log);
  if (!change) return;
  const keys = keysOf(change);
  try {
    await deps.sink.publish([change]);
  } catch (error) {
    deps.log.warn('publish will be retried', {
      ...keys,
      sequenceNumber: record.dynamodb?.SequenceNumber,
      error: redactSecrets((error as Error).message),
    });
    throw error;
  }
  deps.log.info('session_changed published', keys);
}

/** What the publisher's log lines name a change by. */
function keysOf(change: SessionChanged) {
  return { sessionId: change.sessionId, seq: change.event.seq, kind: change.event.kind };
}

/** The change an event item's INSERT stands for; `undefined` for every other record. */
function changeOf(record: DynamoDBRecord, log: Log): SessionChanged | undefined {
  if (record.eventName !== 'INSERT') return undefined;
  const sk = record.dynamodb?.Keys?.[Attr.sk]?.S;
  if (sk === undefined || !sk.startsWith(KeyPrefix.event)) return undefined;
  const pk = record.dynamodb?.Keys?.[Attr.pk]?.S;
  const image = record.dynamodb?.NewImage;
  if (!image)
    throw new Error(`stream record of ${pk}/${sk} has no NewImage: the stream must carry new images`);
  const item = unmarshall(image as Record<string, AttributeValue>);
  const event = item[Attr.event];
  if (!isLoggedEvent(event) || pk !== sessionPk(event.sessionId)) {
    throw new Error(`event item ${pk}/${sk} does not hold an event of its session`);
  }
  if (!(Attr.retry in item)) {
    // Written by a function deployed before the outbox, which published it itself.
    log.warn('event item without retry skipped', { sessionId: event.sessionId, seq: event.seq });
    return undefined;
  }
  return { sessionId: event.sessionId, retry: item[Attr.retry] as RetrySummary, event };
}

function isLoggedEvent(value: unknown): value is LoggedEvent {
  if (typeof value !== 'object' || value === null) return false;
  const { sessionId, seq, kind, at } = value as Record<string, unknown>;
  return (
    typeof sessionId === 'string' &&
    Number.isSafeInteger(seq) &&
    typeof kind === 'string' &&
    typeof at === 'number'
  );
}
