import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  TransactionCanceledException,
  TransactionConflictException,
} from '@aws-sdk/client-dynamodb';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
} from '@aws-sdk/lib-dynamodb';
import { type AwsClientStub, mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dynamoItemBytes } from '../../shared/adapters/aws/dynamo-item-size';
import { DynamoRetryStore, rowItem } from '../../shared/adapters/aws/dynamo-retry-store';
import {
  Attr,
  eventSk,
  KeyPrefix,
  SESSION_ROW_SK,
  sessionPk,
  tableSchema,
  WAITING_PK,
  waitingPk,
} from '../../shared/adapters/aws/dynamo-table';
import { MemoryRetryStore } from '../../shared/adapters/local/memory-retry-store';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import { logEntries, retrySummary } from '../../shared/core/session-state';
import { loadCorpus } from '../support/corpus';
import { clientLosingPutAnswers, createTestTable, type TestTable, useDynamoClient } from '../support/dynamo';
import { T0, turnFailed } from '../support/events';
import { firedEvent, pending, scheduledEvent, sessionState } from '../support/factories';
import { memoryDeps } from '../support/fakes';
import { describeRetryStoreContract } from './retry-store.contract';

describeRetryStoreContract('MemoryRetryStore', async () => ({
  store: new MemoryRetryStore(),
  cleanup: async () => {},
}));

const client = useDynamoClient();

describeRetryStoreContract('DynamoRetryStore', async () => {
  const table = await createTestTable(tableSchema, 'retry-store');
  return {
    store: new DynamoRetryStore({ client: client(), tableName: table.tableName }),
    cleanup: () => table.drop(),
  };
});

describe('DynamoRetryStore items', () => {
  let table: TestTable;
  let doc: DynamoDBDocumentClient;
  beforeEach(async () => {
    table = await createTestTable(tableSchema, 'retry-store');
    doc = DynamoDBDocumentClient.from(client());
  });
  afterEach(async () => {
    await table.drop();
  });

  const row = async (sessionId: string) =>
    (
      await doc.send(
        new GetCommand({ TableName: table.tableName, Key: { pk: sessionPk(sessionId), sk: SESSION_ROW_SK } }),
      )
    ).Item;

  // Found by a review of the API: a cursor of the right shape whose waitAt the SDK can't marshal threw inside the
  // query, so the API function failed (a 502 and an error alarm) instead of answering 400 invalid_cursor.
  it('refuses a waiting cursor whose waitAt is no epoch ms, before it queries', async () => {
    const store = new DynamoRetryStore({ client: client(), tableName: table.tableName });
    const cursor = (waitAt: number) =>
      Buffer.from(`{"WAITING#3":[${JSON.stringify(waitAt)},"s-a"]}`).toString('base64url');
    for (const waitAt of [9_007_199_254_740_994, 1e200, 1e-200, -1, 1.5]) {
      await expect(store.waiting({ cursor: cursor(waitAt) })).rejects.toThrow('invalid cursor');
    }
    expect(await store.waiting({ cursor: cursor(T0) })).toEqual({ items: [], cursor: undefined });
  });

  // The waiting index was one partition (`waitPk` = `WAITING` for every armed row): an outage's writes to it met a
  // partition's limit of 1,000 a second at about 500 failures a second, and throttled the table's writes with it.
  it('spreads armed rows over 16 index shards and lists them merged, soonest first, page by page', async () => {
    const store = new DynamoRetryStore({ client: client(), tableName: table.tableName });
    const ids = Array.from({ length: 60 }, (_, i) => `s-${String(i).padStart(2, '0')}`);
    // Three sessions at each time, so that ties fall within shards and across them.
    for (const [i, sessionId] of ids.entries()) {
      const nextAt = T0 + Math.floor(i / 3) * 1_000;
      await store.commit(sessionState({ sessionId, version: 1, pending: pending({ nextAt }) }), []);
    }
    expect(new Set(ids.map(waitingPk)).size).toBeGreaterThan(10);
    for (const limit of [1, 7, 50, 500]) {
      const seen: Array<{ sessionId: string; nextAt: number }> = [];
      let cursor: string | undefined;
      do {
        const page = await store.waiting({ limit, cursor });
        expect(page.items.length).toBeLessThanOrEqual(limit);
        seen.push(...page.items.map((s) => ({ sessionId: s.sessionId, nextAt: s.retry?.nextAt ?? 0 })));
        cursor = page.cursor;
      } while (cursor);
      expect(seen.map((s) => s.sessionId).sort()).toEqual(ids);
      expect(seen.map((s) => s.nextAt)).toEqual([...seen.map((s) => s.nextAt)].sort((a, b) => a - b));
    }
  });

  // Found by a review of the shards: a shard whose Query stopped at the 1 MB cap dropped out of the merge, and the
  // other shards' later rows filled the page ahead of its sooner ones.
  it('ends a page where a shard was cut short at 1 MB, so that no later row comes before its sooner ones', async () => {
    const store = new DynamoRetryStore({ client: client(), tableName: table.tableName });
    const inShard = (shard: string, count: number) =>
      Array.from({ length: 5_000 }, (_, i) => `s-${i}`)
        .filter((id) => waitingPk(id) === shard)
        .slice(0, count);
    const big = inShard('WAITING#5', 300);
    const small = inShard('WAITING#9', 10);
    const put = (sessionId: string, nextAt: number, pad: string) =>
      doc.send(
        new PutCommand({
          TableName: table.tableName,
          Item: { ...rowItem(sessionState({ sessionId, version: 1, pending: pending({ nextAt }) })), pad },
        }),
      );
    for (const [i, id] of big.entries()) await put(id, T0 + i, 'x'.repeat(4_200));
    for (const [i, id] of small.entries()) await put(id, T0 + 1_000 + i, '');
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.waiting({ limit: 500, cursor });
      seen.push(...page.items.map((s) => s.retry?.nextAt ?? 0));
      cursor = page.cursor;
    } while (cursor);
    expect(seen).toHaveLength(310);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('still lists a row armed before the index was sharded (waitPk WAITING)', async () => {
    const store = new DynamoRetryStore({ client: client(), tableName: table.tableName });
    const armedAt = (sessionId: string, nextAt: number) =>
      sessionState({ sessionId, version: 1, pending: pending({ nextAt }) });
    await store.commit(armedAt('s-new', T0 + 2_000), []);
    const old = rowItem(armedAt('s-old', T0 + 1_000));
    await doc.send(
      new PutCommand({ TableName: table.tableName, Item: { ...old, [Attr.waitPk]: WAITING_PK } }),
    );
    const first = await store.waiting({ limit: 1 });
    expect(first.items.map((s) => s.sessionId)).toEqual(['s-old']);
    const second = await store.waiting({ limit: 1, cursor: first.cursor });
    expect(second.items.map((s) => s.sessionId)).toEqual(['s-new']);
    expect(second.cursor).toBeUndefined();
  });

  it('keeps waitPk and waitAt on the row only while a retry is armed', async () => {
    const store = new DynamoRetryStore({ client: client(), tableName: table.tableName });
    const armed = sessionState({ version: 1, pending: pending({ nextAt: T0 + 10_000 }) });
    await store.commit(armed, []);
    expect(await row(armed.sessionId)).toMatchObject({
      [Attr.version]: 1,
      [Attr.waitPk]: waitingPk(armed.sessionId),
      [Attr.waitAt]: T0 + 10_000,
    });
    expect(waitingPk(armed.sessionId)).toMatch(/^WAITING#([0-9]|1[0-5])$/);

    await store.commit({ ...armed, version: 2, pending: null }, []);
    const cleared = await row(armed.sessionId);
    expect(cleared).toMatchObject({ [Attr.version]: 2 });
    expect(cleared).not.toHaveProperty(Attr.waitPk);
    expect(cleared).not.toHaveProperty(Attr.waitAt);
  });

  it('stamps each event item with an expiresAt in epoch seconds, at plus the retention', async () => {
    const state = sessionState({ version: 1, updatedAt: T0 + 1_500 });
    const logged = logEntries(state, [firedEvent(), firedEvent()]);
    const defaults = new DynamoRetryStore({ client: client(), tableName: table.tableName });
    const week = new DynamoRetryStore({
      client: client(),
      tableName: table.tableName,
      eventRetentionDays: 7,
    });
    await defaults.commit(state, logged);
    const items = await doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': sessionPk(state.sessionId) },
      }),
    );
    const atSeconds = Math.floor((T0 + 1_500) / 1000);
    expect(items.Items?.filter((i) => i[Attr.sk] !== SESSION_ROW_SK)).toEqual(
      logged.map((event) => ({
        pk: sessionPk(state.sessionId),
        sk: eventSk(event.seq),
        [Attr.event]: event,
        [Attr.retry]: null,
        [Attr.expiresAt]: atSeconds + 30 * 86_400,
      })),
    );

    const other = sessionState({ sessionId: 's-week', version: 1, updatedAt: T0 });
    const [event] = logEntries(other, [firedEvent()]);
    await week.commit(other, event ? [event] : []);
    const stored = await doc.send(
      new GetCommand({ TableName: table.tableName, Key: { pk: sessionPk('s-week'), sk: eventSk(100) } }),
    );
    expect(stored.Item?.[Attr.expiresAt]).toBe(Math.floor(T0 / 1000) + 7 * 86_400);
  });

  it("writes on each event item the row's retry after the commit, all a stream publisher needs", async () => {
    const store = new DynamoRetryStore({ client: client(), tableName: table.tableName });
    const armed = pending({ nextAt: T0 + 12_000 });
    // Every event of one commit carries the retry that commit leaves, whatever the event's own `retry` says.
    const next = sessionState({ version: 1, pending: armed });
    const logged = logEntries(next, [firedEvent(pending({ attempt: 2 })), scheduledEvent(armed)]);
    await store.commit(next, logged);
    const items = await doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :e)',
        ExpressionAttributeValues: { ':pk': sessionPk(next.sessionId), ':e': KeyPrefix.event },
      }),
    );
    expect(items.Items?.map((item) => item[Attr.retry])).toEqual([retrySummary(next), retrySummary(next)]);
    expect(retrySummary(next)).toMatchObject({ attempt: 1, nextAt: T0 + 12_000, promptId: 'p-cap~resume-1' });

    const cleared = { ...next, version: 2, pending: null };
    await store.commit(cleared, logEntries(cleared, [firedEvent(armed)]));
    const fired = await doc.send(
      new GetCommand({
        TableName: table.tableName,
        Key: { pk: sessionPk(next.sessionId), sk: eventSk(200) },
      }),
    );
    expect(fired.Item).toMatchObject({ [Attr.event]: { kind: 'auto_resume_fired' }, [Attr.retry]: null });
  });

  it('stores the state deflated, so that the armed row of every retried corpus failure is one write unit', async () => {
    const sizes: number[] = [];
    for (const [i, { text }] of loadCorpus().entries()) {
      const m = memoryDeps();
      const sessionId = `s-corpus-${i}`;
      await handleTurnEvent(m.deps, turnFailed({ sessionId, error: { message: text } }));
      const armed = await m.deps.store.load(sessionId);
      if (armed.pending) sizes.push(dynamoItemBytes(rowItem(armed)));
    }
    expect(sizes.length).toBeGreaterThan(50);
    expect(sizes.filter((bytes) => bytes > 1024)).toEqual([]);

    // What DynamoDB holds is that item: a binary state that reads back as the state it was written from.
    const m = memoryDeps();
    await handleTurnEvent(m.deps, turnFailed({ sessionId: 's-stored' }));
    const armed = await m.deps.store.load('s-stored');
    const store = new DynamoRetryStore({ client: client(), tableName: table.tableName });
    await store.commit(armed, []);
    const stored = await row('s-stored');
    expect(stored?.[Attr.state]).toBeInstanceOf(Uint8Array);
    // A row written alone carries its write id (16 characters) beside it.
    expect(dynamoItemBytes(stored ?? {})).toBe(
      dynamoItemBytes({ ...rowItem(armed), [Attr.writeId]: 'x'.repeat(16) }),
    );
    expect(await store.load('s-stored')).toEqual(armed);
  });

  it('reads a row written before the state was deflated (a map)', async () => {
    const { version, ...state } = sessionState({ version: 3, pending: pending() });
    await doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: { pk: sessionPk('s-42'), sk: SESSION_ROW_SK, [Attr.version]: version, [Attr.state]: state },
      }),
    );
    const store = new DynamoRetryStore({ client: client(), tableName: table.tableName });
    expect(await store.load('s-42')).toEqual({ ...state, version });
  });

  it('names the row whose state is not deflated JSON', async () => {
    await doc.send(
      new PutCommand({
        TableName: table.tableName,
        Item: {
          pk: sessionPk('s-42'),
          sk: SESSION_ROW_SK,
          [Attr.version]: 1,
          [Attr.state]: new TextEncoder().encode('{"not":"deflated"}'),
        },
      }),
    );
    const store = new DynamoRetryStore({ client: client(), tableName: table.tableName });
    await expect(store.load('s-42')).rejects.toThrow(
      /malformed session row S#s-42: state does not inflate to JSON/,
    );
  });

  it('takes a row-only commit as committed when its answer was lost and the SDK sent it again', async () => {
    // The write lands, then its answer is lost (a 500) inside the SDK's own retries: the re-sent Put meets its
    // own write. Before, that failed fence read as a lost race, and the caller decided again on its own write.
    const { client: flaky, control } = clientLosingPutAnswers();
    try {
      const store = new DynamoRetryStore({ client: flaky, tableName: table.tableName });
      const first = sessionState({ version: 1 });
      expect(await store.commit(first, [])).toEqual({ kind: 'committed' });
      control.lose = 1;
      const second = { ...first, version: 2, updatedAt: T0 + 1_000 };
      expect(await store.commit(second, [])).toEqual({ kind: 'committed' });
      expect(control.lose).toBe(0);
      expect((await store.load('s-42')).version).toBe(2);
      // Someone else's write of the same version is still a lost race, even of a byte-identical state (two
      // deliveries deciding the same thing in the same millisecond): only this very write counts as ours.
      const theirs = { ...second, version: 3, updatedAt: T0 + 2_000 };
      expect(await store.commit(theirs, [])).toEqual({ kind: 'committed' });
      expect(await store.commit({ ...theirs }, [])).toEqual({ kind: 'conflict' });
      expect(await store.commit({ ...theirs, updatedAt: T0 + 3_000 }, [])).toEqual({ kind: 'conflict' });
    } finally {
      flaky.destroy();
    }
  });

  it('refuses options it cannot work with', () => {
    expect(() => new DynamoRetryStore({ client: client(), tableName: '' })).toThrow(/tableName/);
    expect(() => new DynamoRetryStore({ client: client(), tableName: 't', eventRetentionDays: 0 })).toThrow(
      /eventRetentionDays/,
    );
  });
});

// DynamoDB Local serializes transactions, so the rarer cancellation shapes are fed in through a mock.
describe('DynamoRetryStore error translation', () => {
  // Patches every DocumentClient's send, so it is only installed while this block runs.
  let doc: AwsClientStub<DynamoDBDocumentClient>;
  beforeAll(() => {
    doc = mockClient(DynamoDBDocumentClient);
  });
  afterEach(() => {
    doc.reset();
  });
  afterAll(() => {
    doc.restore();
  });

  const store = () =>
    new DynamoRetryStore({ client: new DynamoDBClient({ region: 'us-east-1' }), tableName: 't' });
  const next = sessionState({ version: 4 });
  const events = logEntries(next, [firedEvent()]);
  const canceled = (...codes: string[]) =>
    new TransactionCanceledException({
      message: 'Transaction cancelled',
      $metadata: {},
      CancellationReasons: codes.map((Code) => ({ Code })),
    });

  it('fences the row on the previous version and writes the events in the same transaction', async () => {
    doc.on(TransactWriteCommand).resolves({});
    expect(await store().commit(next, events)).toEqual({ kind: 'committed' });
    const [call] = doc.commandCalls(TransactWriteCommand);
    const items = call?.args[0].input.TransactItems ?? [];
    expect(items).toHaveLength(2);
    expect(items[0]?.Put).toMatchObject({
      ConditionExpression: '#v = :prev',
      ExpressionAttributeValues: { ':prev': 3 },
    });
    expect(items[1]?.Put).toMatchObject({ ConditionExpression: 'attribute_not_exists(#pk)' });
    expect(doc.commandCalls(PutCommand)).toHaveLength(0);
  });

  it.each([
    ['a failed condition on the row', canceled('ConditionalCheckFailed', 'None')],
    ['a failed condition on an event', canceled('None', 'ConditionalCheckFailed')],
    ['a transaction conflict', canceled('TransactionConflict', 'None')],
  ])('returns conflict for %s', async (_, error) => {
    doc.on(TransactWriteCommand).rejects(error);
    expect(await store().commit(next, events)).toEqual({ kind: 'conflict' });
  });

  it('returns conflict when a plain put meets a failed condition or a transaction in flight', async () => {
    doc
      .on(PutCommand)
      .rejectsOnce(new ConditionalCheckFailedException({ message: 'failed', $metadata: {} }))
      .rejectsOnce(new TransactionConflictException({ message: 'in flight', $metadata: {} }));
    expect(await store().commit(next, [])).toEqual({ kind: 'conflict' });
    expect(await store().commit(next, [])).toEqual({ kind: 'conflict' });
  });

  it.each([
    [
      'a cancellation that also holds a validation error',
      canceled('ConditionalCheckFailed', 'ValidationError'),
    ],
    ['a cancellation for throughput', canceled('ProvisionedThroughputExceeded', 'None')],
    ['any other error', new Error('socket hang up')],
  ])('lets %s propagate', async (_, error) => {
    doc.on(TransactWriteCommand).rejects(error);
    await expect(store().commit(next, events)).rejects.toBe(error);
  });
});
