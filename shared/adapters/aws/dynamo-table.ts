import type { CreateTableCommandInput } from '@aws-sdk/client-dynamodb';
import { unitFromParts } from '../../core/hash';
import { assertSessionId, SESSION_ID_PATTERN } from '../../core/session-id';

/** Top-level attribute names of the resumer's single table. */
export const Attr = {
  pk: 'pk',
  sk: 'sk',
  /** Session row: the write fence (a number, the state's `version`). */
  version: 'version',
  /** Session row: the SessionState without `version`, as deflated JSON (binary); rows written before that hold a map. */
  state: 'state',
  /** Session row: `WAITING#<shard>` while a retry is armed, absent otherwise (the sparse index's key). */
  waitPk: 'waitPk',
  /** Session row: the armed retry's `nextAt` (epoch ms), absent otherwise. */
  waitAt: 'waitAt',
  /**
   * Session row, when written by a plain Put: a random id of that commit, so that a Put the SDK sent again after
   * its answer was lost knows its own write (two writers can decide byte-identical states in the same ms).
   */
  writeId: 'wid',
  /** Event item: the LoggedEvent, as one map. */
  event: 'event',
  /**
   * Event item: the session's retry row (RetrySummary, or null) right after the commit that logged the event, so
   * that the stream publisher builds `session_changed {sessionId, retry, event}` from the item alone.
   */
  retry: 'retry',
  /** Event item: when DynamoDB may delete it (epoch seconds, the TTL attribute). */
  expiresAt: 'expiresAt',
} as const;
export type Attr = (typeof Attr)[keyof typeof Attr];

/** Key prefixes; session ids never contain `#`, so `S#<id>` can't reach into another prefix. */
export const KeyPrefix = { session: 'S#', event: 'E#' } as const;
export type KeyPrefix = (typeof KeyPrefix)[keyof typeof KeyPrefix];

/** The sort key of a session's state row. */
export const SESSION_ROW_SK = 'ROW';
/** The sparse GSI of sessions with a retry waiting, ordered by `waitAt`. */
export const WAITING_INDEX = 'waiting';
/**
 * The `waitPk` of rows armed before the index was sharded; still read by the listing, never written. One value for
 * every armed session made the index one partition, and an outage's arming and clearing (two index writes a
 * failure, two more each time a held resume moves its time) met a partition's 1,000 writes a second at about 500
 * failures a second, throttling the table's writes with it.
 */
export const WAITING_PK = 'WAITING';
/** The `waitPk` values a session's row is armed under, spread by its id; the listing merges them. */
export const WAITING_SHARDS = 16;

/** The `waitPk` of `sessionId`'s row while a retry is armed: `WAITING#0` … `WAITING#15`. */
export function waitingPk(sessionId: string): string {
  return `${WAITING_PK}#${Math.floor(unitFromParts('waiting', sessionId) * WAITING_SHARDS)}`;
}

/** Every `waitPk` value the listing reads: the shards, then the unsharded value of older rows. */
export const WAITING_PKS: readonly string[] = [
  ...Array.from({ length: WAITING_SHARDS }, (_, shard) => `${WAITING_PK}#${shard}`),
  WAITING_PK,
];
/** The attribute DynamoDB's TTL reads. */
export const TTL_ATTRIBUTE = Attr.expiresAt;
/** Digits of the zero-padded event `seq` in the sort key, so that string order is log order. */
export const SEQ_DIGITS = 15;

export { assertSessionId, SESSION_ID_PATTERN };

/** The partition key of everything a session owns. */
export function sessionPk(sessionId: string): string {
  assertSessionId(sessionId);
  return `${KeyPrefix.session}${sessionId}`;
}

/** The sort key of the event with log position `seq`. */
export function eventSk(seq: number): string {
  if (!Number.isSafeInteger(seq) || seq < 0 || seq >= 10 ** SEQ_DIGITS) {
    throw new Error(`invalid event seq ${seq}: expected a whole number from 0 to ${10 ** SEQ_DIGITS - 1}`);
  }
  return `${KeyPrefix.event}${String(seq).padStart(SEQ_DIGITS, '0')}`;
}

/**
 * The table as CreateTable takes it (minus the name): tests create it on DynamoDB Local, the CDK stack mirrors it.
 * The waiting index projects ALL: a listing needs the retry, lastEvent and updatedAt, i.e. the state, and
 * projecting it spares one GetItem per listed session; rows are small (the state is deflated: one write unit
 * for a typical armed row and for its index copy) and the index is sparse.
 */
export const tableSchema = {
  BillingMode: 'PAY_PER_REQUEST',
  AttributeDefinitions: [
    { AttributeName: Attr.pk, AttributeType: 'S' },
    { AttributeName: Attr.sk, AttributeType: 'S' },
    { AttributeName: Attr.waitPk, AttributeType: 'S' },
    { AttributeName: Attr.waitAt, AttributeType: 'N' },
  ],
  KeySchema: [
    { AttributeName: Attr.pk, KeyType: 'HASH' },
    { AttributeName: Attr.sk, KeyType: 'RANGE' },
  ],
  GlobalSecondaryIndexes: [
    {
      IndexName: WAITING_INDEX,
      KeySchema: [
        { AttributeName: Attr.waitPk, KeyType: 'HASH' },
        { AttributeName: Attr.waitAt, KeyType: 'RANGE' },
      ],
      Projection: { ProjectionType: 'ALL' },
    },
  ],
} satisfies Omit<CreateTableCommandInput, 'TableName'>;
