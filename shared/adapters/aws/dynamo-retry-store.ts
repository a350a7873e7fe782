import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { emptySession, retrySummary, type SessionState, sessionView } from '../../core/session-state';
import type { LoggedEvent } from '../../core/types';
import type { CommitResult, Page, RetryStore, SessionView } from '../../ports';
import {
  Attr,
  eventSk,
  KeyPrefix,
  SEQ_DIGITS,
  SESSION_ID_PATTERN,
  SESSION_ROW_SK,
  sessionPk,
  WAITING_INDEX,
  WAITING_PKS,
  waitingPk,
} from './dynamo-table';
import { isOwnWrite, withWriteId } from './own-write';
import {
  ConditionalCheckFailedException,
  type DynamoDBClient,
  TransactionCanceledException,
  TransactionConflictException,
} from './sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from './sdk/lib-dynamodb';

/** How to reach the table. */
export type DynamoRetryStoreOptions = {
  /** A plain client; the store wraps it in a DocumentClient with the marshalling it relies on. */
  client: DynamoDBClient;
  tableName: string;
  /** How long event items live before DynamoDB's TTL deletes them. @default 30 */
  eventRetentionDays?: number;
};

type Item = Record<string, unknown>;
type Key = Record<string, string | number>;

const EVENTS_LIMIT = { fallback: 100, max: 500 } as const;
const WAITING_LIMIT = { fallback: 50, max: 500 } as const;
/** A transaction holds at most 100 items; one is the session row. */
const MAX_EVENTS_PER_COMMIT = 99;
/** Cancellation codes that mean "another write got there first": nothing of ours was written. */
const LOST_RACE_CODES: ReadonlySet<string> = new Set(['ConditionalCheckFailed', 'TransactionConflict']);
const EVENT_SK_PATTERN = new RegExp(`^${KeyPrefix.event}\\d{${SEQ_DIGITS}}$`);
const SECONDS_PER_DAY = 86_400;

/** Keeps session state and event logs in one DynamoDB table (see dynamo-table.ts), fenced by `version`. */
export class DynamoRetryStore implements RetryStore {
  readonly #doc: DynamoDBDocumentClient;
  readonly #table: string;
  readonly #retentionSeconds: number;

  constructor(options: DynamoRetryStoreOptions) {
    const days = options.eventRetentionDays ?? 30;
    if (!(Number.isFinite(days) && days > 0)) throw new Error(`eventRetentionDays must be > 0, got ${days}`);
    if (!options.tableName) throw new Error('tableName is required');
    this.#doc = DynamoDBDocumentClient.from(options.client, {
      marshallOptions: { removeUndefinedValues: true },
    });
    this.#table = options.tableName;
    this.#retentionSeconds = Math.round(days * SECONDS_PER_DAY);
  }

  async load(sessionId: string): Promise<SessionState> {
    const { Item } = await this.#doc.send(
      new GetCommand({
        TableName: this.#table,
        Key: { [Attr.pk]: sessionPk(sessionId), [Attr.sk]: SESSION_ROW_SK },
        ConsistentRead: true,
      }),
    );
    return Item ? toState(Item) : emptySession(sessionId);
  }

  async commit(next: SessionState, events: readonly LoggedEvent[]): Promise<CommitResult> {
    const row = { TableName: this.#table, Item: rowItem(next), ...fence(next.version) };
    if (events.length > MAX_EVENTS_PER_COMMIT) {
      throw new Error(`at most ${MAX_EVENTS_PER_COMMIT} events per commit, got ${events.length}`);
    }
    const puts = events.map((event) => ({
      TableName: this.#table,
      Item: eventItem(next, event, this.#retentionSeconds),
      ConditionExpression: 'attribute_not_exists(#pk)',
      ExpressionAttributeNames: { '#pk': Attr.pk },
    }));
    try {
      // A row alone is a plain Put, which has no idempotency token (a transaction has one from the SDK): when its
      // answer is lost and the SDK sends it again, the fence fails on our own write. The stored row says so.
      if (puts.length === 0) {
        row.Item = withWriteId(row.Item);
        await this.#doc.send(new PutCommand({ ...row, ReturnValuesOnConditionCheckFailure: 'ALL_OLD' }));
      } else
        await this.#doc.send(
          new TransactWriteCommand({ TransactItems: [row, ...puts].map((Put) => ({ Put })) }),
        );
      return { kind: 'committed' };
    } catch (error) {
      if (puts.length === 0 && isOwnWrite(error, row.Item)) return { kind: 'committed' };
      if (lostRace(error)) return { kind: 'conflict' };
      throw error;
    }
  }

  async events(
    sessionId: string,
    page: { limit?: number; cursor?: string } = {},
  ): Promise<Page<LoggedEvent>> {
    const pk = sessionPk(sessionId);
    const limit = pageLimit(page.limit, EVENTS_LIMIT);
    const start = page.cursor === undefined ? undefined : decodeCursor(page.cursor, isEventKey(pk));
    const out = await this.#doc.send(
      new QueryCommand({
        TableName: this.#table,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :prefix)',
        ExpressionAttributeNames: { '#pk': Attr.pk, '#sk': Attr.sk },
        ExpressionAttributeValues: { ':pk': pk, ':prefix': KeyPrefix.event },
        ScanIndexForward: true,
        ConsistentRead: true,
        ExclusiveStartKey: start,
        Limit: limit + 1,
      }),
    );
    return pageOf(out.Items ?? [], limit, out.LastEvaluatedKey, [Attr.pk, Attr.sk], (item) => {
      return item[Attr.event] as LoggedEvent;
    });
  }

  /**
   * The armed sessions, soonest first (ties in the index's order), merged from every shard of the waiting index. The
   * cursor holds, for each shard not yet read to its end, the key of the last row handed out from it (or `null`:
   * none yet), so the next page goes on from there in each.
   */
  async waiting(page: { limit?: number; cursor?: string } = {}): Promise<Page<SessionView>> {
    const limit = pageLimit(page.limit, WAITING_LIMIT);
    const from: Record<string, Key | null> =
      page.cursor === undefined
        ? Object.fromEntries(WAITING_PKS.map((pk) => [pk, null]))
        : decodeWaitingCursor(page.cursor);
    // A GSI read is eventually consistent: a row armed or cleared a moment ago may show late. Fine for a listing.
    const shards = await Promise.all(
      Object.entries(from).map(async ([waitPk, start]) => {
        const out = await this.#doc.send(
          new QueryCommand({
            TableName: this.#table,
            IndexName: WAITING_INDEX,
            KeyConditionExpression: '#wpk = :waiting',
            ExpressionAttributeNames: { '#wpk': Attr.waitPk },
            ExpressionAttributeValues: { ':waiting': waitPk },
            ScanIndexForward: true,
            ...(start ? { ExclusiveStartKey: start } : {}),
            // One past the page, as pageOf reads: at its Limit a Query hands back a LastEvaluatedKey whether or not
            // anything follows, so a shard that returns no more than `limit` without one has been read to its end.
            Limit: limit + 1,
          }),
        );
        return { waitPk, start, items: out.Items ?? [], more: out.LastEvaluatedKey !== undefined };
      }),
    );
    // Merged head by head, so that what is taken from a shard is always a prefix of its own order (rows due at
    // the same ms may come in any order within one), and its cursor key leaves out nothing before it.
    const taken: Item[] = [];
    const used = shards.map(() => 0);
    while (taken.length < limit) {
      // A shard whose Query stopped at the 1 MB cap with more to read: its next row is unknown, and may be sooner
      // than any other shard's, so the page ends here (shorter, as a single Query's would).
      if (shards.some((shard, s) => shard.more && (used[s] ?? 0) === shard.items.length)) break;
      let best = -1;
      shards.forEach((shard, s) => {
        const head = shard.items[used[s] ?? 0];
        const bestHead = best < 0 ? undefined : shards[best]?.items[used[best] ?? 0];
        if (head && (!bestHead || waitOrder(head, bestHead) < 0)) best = s;
      });
      const item = best < 0 ? undefined : shards[best]?.items[used[best] ?? 0];
      if (!item) break;
      taken.push(item);
      used[best] = (used[best] ?? 0) + 1;
    }
    const next: Record<string, Key | null> = {};
    shards.forEach((shard, s) => {
      const count = used[s] ?? 0;
      // Read to its end: everything it returned was handed out, and it said there was no more.
      if (count === shard.items.length && !shard.more) return;
      const last = shard.items[count - 1];
      next[shard.waitPk] = last ? waitingKeyOf(last) : shard.start;
    });
    return {
      items: taken.map((item) => sessionView(toState(item))),
      cursor: Object.keys(next).length > 0 ? encodeWaitingCursor(next) : undefined,
    };
  }
}

/**
 * The item that logs `event`: its key, the event, the session's retry row as `next` leaves it (a stream reader
 * publishes `session_changed {sessionId, retry, event}` from this item alone), and when TTL may delete it.
 */
export function eventItem(next: SessionState, event: LoggedEvent, retentionSeconds: number): Item {
  if (event.sessionId !== next.sessionId) {
    throw new Error(`event seq ${event.seq} belongs to session ${event.sessionId}, not ${next.sessionId}`);
  }
  return {
    [Attr.pk]: sessionPk(next.sessionId),
    [Attr.sk]: eventSk(event.seq),
    [Attr.event]: event,
    [Attr.retry]: retrySummary(next),
    [Attr.expiresAt]: Math.floor(event.at / 1000) + retentionSeconds,
  };
}

/**
 * The session row: key, fence, the state, and the sparse index keys while it has a retry row (armed, or being sent).
 *
 * The state is stored as deflated JSON (a binary attribute), as DynamoDB's guide to large attributes suggests:
 * a row holds the failure text twice (the pending attempt's and the last event's) and the attempt keys it
 * remembers, and as a map it passed 1 KB, which doubles what every write of it and its index copy costs
 * (docs/performance.md). Deflated, a typical armed row is about half of that.
 */
export function rowItem(next: SessionState): Item {
  const { version, ...state } = next;
  const retry = retrySummary(next);
  return {
    [Attr.pk]: sessionPk(next.sessionId),
    [Attr.sk]: SESSION_ROW_SK,
    [Attr.version]: version,
    [Attr.state]: packState(state),
    // A Put replaces the whole item, so leaving these out removes the row from the waiting index.
    ...(retry ? { [Attr.waitPk]: waitingPk(next.sessionId), [Attr.waitAt]: retry.nextAt } : {}),
  };
}

/** The condition that makes a write land only on top of `version - 1`. */
type Fence = {
  ConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

function fence(version: number): Fence {
  if (!Number.isSafeInteger(version) || version < 1) {
    throw new Error(`cannot commit version ${version}: expected a whole number >= 1`);
  }
  if (version === 1) {
    return { ConditionExpression: 'attribute_not_exists(#pk)', ExpressionAttributeNames: { '#pk': Attr.pk } };
  }
  return {
    ConditionExpression: '#v = :prev',
    ExpressionAttributeNames: { '#v': Attr.version },
    ExpressionAttributeValues: { ':prev': version - 1 },
  };
}

type StoredState = Omit<SessionState, 'version'>;

function packState(state: StoredState): Uint8Array {
  return deflateRawSync(JSON.stringify(state));
}

/** Reads a row written either way: deflated JSON (now), or a plain map (rows written before the change). */
function toState(item: Item): SessionState {
  const version = item[Attr.version];
  const stored = item[Attr.state];
  const malformed = (why: string) => new Error(`malformed session row ${String(item[Attr.pk])}: ${why}`);
  if (typeof version !== 'number') throw malformed('missing version');
  let state: unknown = stored;
  if (stored instanceof Uint8Array) {
    try {
      state = JSON.parse(inflateRawSync(stored).toString('utf8'));
    } catch (error) {
      throw malformed(`state does not inflate to JSON (${(error as Error).message})`);
    }
  }
  if (typeof state !== 'object' || state === null || Array.isArray(state)) throw malformed('missing state');
  return { ...(state as StoredState), version };
}

/** Whether a failed fence found this very write stored (its write id): the Put was sent again after it landed. */
function lostRace(error: unknown): boolean {
  if (error instanceof ConditionalCheckFailedException) return true;
  // A plain Put that meets an in-flight transaction on the row; like a lost condition, nothing was written.
  if (error instanceof TransactionConflictException) return true;
  if (!(error instanceof TransactionCanceledException)) return false;
  const codes = (error.CancellationReasons ?? []).map((r) => r.Code ?? 'None').filter((c) => c !== 'None');
  return codes.length > 0 && codes.every((code) => LOST_RACE_CODES.has(code));
}

function pageLimit(limit: number | undefined, bounds: { fallback: number; max: number }): number {
  if (limit === undefined) return bounds.fallback;
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new Error(`invalid limit ${limit}: expected a whole number >= 1`);
  return Math.min(limit, bounds.max);
}

/** Reads one item past `limit` so that a cursor is only handed out when another page exists. */
function pageOf<T>(
  items: Item[],
  limit: number,
  lastKey: Item | undefined,
  keyAttrs: readonly string[],
  view: (item: Item) => T,
): Page<T> {
  if (items.length > limit) {
    const kept = items.slice(0, limit);
    const last = kept[kept.length - 1] ?? {};
    return {
      items: kept.map(view),
      cursor: encodeCursor(Object.fromEntries(keyAttrs.map((a) => [a, last[a]]))),
    };
  }
  // Fewer than asked yet a LastEvaluatedKey: the 1 MB page cap cut the read short.
  return { items: items.map(view), cursor: lastKey ? encodeCursor(lastKey) : undefined };
}

function encodeCursor(key: Item): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** The JSON object a cursor of at most `maxChars` base64url characters holds; `invalid cursor` for anything else. */
function cursorObject(cursor: string, maxChars: number): Item {
  let value: unknown;
  try {
    if (cursor.length > maxChars || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw new Error('not base64url');
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new Error('invalid cursor');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('invalid cursor');
  return value as Item;
}

function decodeCursor(cursor: string, valid: (key: Item) => key is Key): Key {
  const key = cursorObject(cursor, 2048);
  if (!valid(key)) throw new Error('invalid cursor');
  return key;
}

function hasExactly(key: Item, attrs: readonly string[]): boolean {
  const names = Object.keys(key);
  return names.length === attrs.length && attrs.every((a) => names.includes(a));
}

function isEventKey(pk: string) {
  return (key: Item): key is Key => {
    const sk = key[Attr.sk];
    return (
      hasExactly(key, [Attr.pk, Attr.sk]) &&
      key[Attr.pk] === pk &&
      typeof sk === 'string' &&
      EVENT_SK_PATTERN.test(sk)
    );
  };
}

/** Soonest first; rows due at the same ms in different shards by key (within a shard, the index's order holds). */
function waitOrder(a: Item, b: Item): number {
  const at = (a[Attr.waitAt] as number) - (b[Attr.waitAt] as number);
  if (at !== 0) return at;
  const pa = a[Attr.pk] as string;
  const pb = b[Attr.pk] as string;
  return pa < pb ? -1 : pa > pb ? 1 : 0;
}

function waitingKeyOf(item: Item): Key {
  return Object.fromEntries([Attr.pk, Attr.sk, Attr.waitPk, Attr.waitAt].map((a) => [a, item[a]])) as Key;
}

/**
 * A waiting cursor: each shard still to read, with where its last row handed out sits, `[waitAt, sessionId]`
 * (`null`: none yet). Short, so that 17 of them fit a query string.
 */
function encodeWaitingCursor(byShard: Record<string, Key | null>): string {
  const positions = Object.fromEntries(
    Object.entries(byShard).map(([waitPk, key]) => [
      waitPk,
      key ? [key[Attr.waitAt], String(key[Attr.pk]).slice(KeyPrefix.session.length)] : null,
    ]),
  );
  return encodeCursor(positions);
}

function decodeWaitingCursor(cursor: string): Record<string, Key | null> {
  const entries = Object.entries(cursorObject(cursor, 8192));
  if (entries.length === 0) throw new Error('invalid cursor');
  const byShard: Record<string, Key | null> = {};
  for (const [waitPk, position] of entries) {
    if (!WAITING_PKS.includes(waitPk)) throw new Error('invalid cursor');
    if (position === null) {
      byShard[waitPk] = null;
      continue;
    }
    const [waitAt, sessionId, ...rest] = Array.isArray(position) ? position : [];
    const key: Item = {
      [Attr.pk]: `${KeyPrefix.session}${String(sessionId)}`,
      [Attr.sk]: SESSION_ROW_SK,
      [Attr.waitPk]: waitPk,
      [Attr.waitAt]: waitAt,
    };
    if (rest.length > 0 || typeof sessionId !== 'string' || !isWaitingKey(key))
      throw new Error('invalid cursor');
    byShard[waitPk] = key;
  }
  return byShard;
}

function isWaitingKey(key: Item): key is Key {
  const pk = key[Attr.pk];
  return (
    hasExactly(key, [Attr.pk, Attr.sk, Attr.waitPk, Attr.waitAt]) &&
    typeof pk === 'string' &&
    pk.startsWith(KeyPrefix.session) &&
    SESSION_ID_PATTERN.test(pk.slice(KeyPrefix.session.length)) &&
    key[Attr.sk] === SESSION_ROW_SK &&
    WAITING_PKS.includes(key[Attr.waitPk] as string) &&
    // An epoch ms the SDK can marshal: `9007199254740994` or `1e200` would throw in the query, not answer 400.
    Number.isSafeInteger(key[Attr.waitAt]) &&
    (key[Attr.waitAt] as number) >= 0
  );
}
