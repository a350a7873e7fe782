import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand, type PutEventsRequestEntry } from '@aws-sdk/client-eventbridge';
import { DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPublisherHandler } from '../../../lambdas/publisher/handler';
import { PUBLISHED_FROM_THE_STREAM } from '../../../lambdas/shared/aws-resumer';
import { DynamoRetryStore } from '../../../shared/adapters/aws/dynamo-retry-store';
import { Attr, KeyPrefix, sessionPk, tableSchema } from '../../../shared/adapters/aws/dynamo-table';
import { EventBridgeSink } from '../../../shared/adapters/aws/eventbridge-sink';
import { handleTurnEvent } from '../../../shared/app/handle-turn-event';
import { resumeTurn } from '../../../shared/app/resume-turn';
import type { EventSink } from '../../../shared/ports';
import { createTestTable, dynamoClient, type TestTable } from '../../support/dynamo';
import { turnFailed } from '../../support/events';
import { memoryDeps, recordingObservability } from '../../support/fakes';
import { streamEvent, streamRecord } from '../../support/stream-records';

// Bug 2 (docs/guarantees.md), fixed: publication was at most once. decideAndCommit published after the commit,
// so a failed PutEvents, or an invocation that died between the commit and the publish, left the redelivery to
// find the change stored (`already_scheduled` / `duplicate`) with nothing left to publish. On AWS the deciding
// functions now publish nothing: each event is an item of the commit's own transaction, the table's stream
// carries it, and the publisher relays it, failed records handed again until they land. These are the bug's
// two reproductions on that wiring: DynamoRetryStore on DynamoDB Local, the real publisher and EventBridgeSink
// over a PutEvents that refuses the first time, and watchers = the entries EventBridge accepted.

let table: TestTable;
let client: DynamoDBClient;
let doc: DynamoDBDocumentClient;
const eventBridge = mockClient(EventBridgeClient);
/** What watchers heard: the `session_changed` details EventBridge accepted. */
let heard: Array<{ sessionId: string; retry: unknown; event: { kind: string; seq: number } }>;
let refusals: number;

beforeAll(async () => {
  table = await createTestTable(tableSchema, 'publication');
  client = dynamoClient();
  doc = DynamoDBDocumentClient.from(client);
});
afterAll(async () => {
  eventBridge.restore();
  client.destroy();
  await table.drop();
});
beforeEach(() => {
  heard = [];
  refusals = 0;
  eventBridge.reset();
  eventBridge.on(PutEventsCommand).callsFake(({ Entries = [] }: { Entries?: PutEventsRequestEntry[] }) => {
    if (refusals > 0) {
      refusals--;
      return {
        FailedEntryCount: Entries.length,
        Entries: Entries.map(() => ({ ErrorCode: 'ThrottlingException', ErrorMessage: 'Rate exceeded' })),
      };
    }
    heard.push(...Entries.map((entry) => JSON.parse(entry.Detail ?? '{}')));
    return { FailedEntryCount: 0, Entries: Entries.map((_, i) => ({ EventId: `e-${i}` })) };
  });
});

/** The AWS wiring of the deciding functions: DynamoDB, and a sink that publishes nothing. */
function awsDeps(sink: EventSink = PUBLISHED_FROM_THE_STREAM) {
  return memoryDeps({ store: new DynamoRetryStore({ client, tableName: table.tableName }), sink });
}

/** A sink whose first publish kills the invocation: it died after the commit, before (or while) publishing. */
function diesOnce(): EventSink {
  let died = false;
  return {
    publish: async (changes) => {
      if (!died) {
        died = true;
        throw new Error('Runtime.ExitError: the invocation died after the commit');
      }
      await PUBLISHED_FROM_THE_STREAM.publish(changes);
    },
  };
}

/** The table's stream for one session: the INSERT of each event item written since the last read. */
function streamOf(sessionId: string) {
  let handed = 0;
  return async (): Promise<DynamoDBRecord[]> => {
    const out = await doc.send(
      new QueryCommand({
        TableName: table.tableName,
        KeyConditionExpression: '#pk = :pk AND begins_with(#sk, :e)',
        ExpressionAttributeNames: { '#pk': Attr.pk, '#sk': Attr.sk },
        ExpressionAttributeValues: { ':pk': sessionPk(sessionId), ':e': KeyPrefix.event },
        ConsistentRead: true,
      }),
    );
    const items = out.Items ?? [];
    const fresh = items.slice(handed);
    handed = items.length;
    return fresh.map((item) => streamRecord('INSERT', item));
  };
}

/**
 * The stream source with ReportBatchItemFailures: hands `records` to the real publisher, then again from the
 * first failed one, until none fails; returns the invocations it took (it gives up after 1 + 10 retries).
 */
async function relay(records: DynamoDBRecord[]): Promise<number> {
  const handler = createPublisherHandler({
    sink: new EventBridgeSink({ client: new EventBridgeClient({ region: 'us-east-1' }), busName: 'bus' }),
    log: recordingObservability().log,
  });
  let pending = records;
  let invocations = 0;
  while (pending.length > 0) {
    if (++invocations > 11)
      throw new Error('retries exhausted: the batch went to the publish-failures queue');
    const { batchItemFailures } = await handler(streamEvent(...pending));
    const failed = new Set(batchItemFailures.map((f) => f.itemIdentifier));
    const first = pending.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
    pending = first === -1 ? [] : pending.slice(first);
  }
  return invocations;
}

describe('bug 2, fixed on AWS: every logged event reaches the watchers', () => {
  it('auto_resume_scheduled: the invocation dies after the commit and PutEvents refuses once; still published', async () => {
    const sessionId = 's-pub-scheduled';
    const { deps } = awsDeps(diesOnce());
    const stream = streamOf(sessionId);
    await expect(handleTurnEvent(deps, turnFailed({ sessionId }))).rejects.toThrow(/died after the commit/);
    const redelivered = await handleTurnEvent(deps, turnFailed({ sessionId }));
    expect(redelivered.logged).toEqual([]);
    expect((await deps.store.events(sessionId)).items.map((e) => e.kind)).toEqual(['auto_resume_scheduled']);
    // The deciding functions put nothing on the bus themselves.
    expect(eventBridge.commandCalls(PutEventsCommand)).toHaveLength(0);

    refusals = 1;
    expect(await relay(await stream())).toBe(2);
    const armed = await deps.store.load(sessionId);
    expect(heard).toEqual([
      {
        sessionId,
        retry: expect.objectContaining({
          attempt: 1,
          promptId: 'p-cap~resume-1',
          nextAt: armed.pending?.nextAt,
        }),
        event: expect.objectContaining({ kind: 'auto_resume_scheduled', seq: 100 }),
      },
    ]);
  });

  it('auto_resume_fired: the redelivered wake-up is a duplicate, and watchers still see the row clear', async () => {
    const sessionId = 's-pub-fired';
    const { deps, clock } = awsDeps();
    const stream = streamOf(sessionId);
    const armed = await handleTurnEvent(deps, turnFailed({ sessionId }));
    const pending = armed.state.pending;
    if (!pending) throw new Error('not armed');
    expect(await relay(await stream())).toBe(1);

    clock.at = pending.nextAt;
    const wake = { sessionId, turnId: 't-7', attempt: 1, promptId: pending.promptId, nextAt: pending.nextAt };
    deps.sink = diesOnce();
    await expect(resumeTurn(deps, wake)).rejects.toThrow(/died after the commit/);
    await resumeTurn(deps, wake);
    refusals = 1;
    expect(await relay(await stream())).toBe(2);
    expect(heard.map((c) => [c.event.kind, c.retry])).toEqual([
      ['auto_resume_scheduled', expect.objectContaining({ attempt: 1 })],
      ['auto_resume_fired', null],
    ]);
    expect((await deps.store.events(sessionId)).items.map((e) => e.kind)).toEqual([
      'auto_resume_scheduled',
      'auto_resume_fired',
    ]);
  });
});
