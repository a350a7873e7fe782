import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, describe, expect, it } from 'vitest';
import { createPublisherHandler } from '../../lambdas/publisher/handler';
import { eventItem } from '../../shared/adapters/aws/dynamo-retry-store';
import { Attr, SESSION_ROW_SK, sessionPk } from '../../shared/adapters/aws/dynamo-table';
import { EventBridgeSink } from '../../shared/adapters/aws/eventbridge-sink';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import { resumeTurn } from '../../shared/app/resume-turn';
import { logEntries, retrySummary } from '../../shared/core/session-state';
import type { LoggedEvent } from '../../shared/core/types';
import type { EventSink, SessionChanged } from '../../shared/ports';
import { turnFailed } from '../support/events';
import { firedEvent, pending, scheduledEvent, sessionState } from '../support/factories';
import { memoryDeps, recordingObservability } from '../support/fakes';
import { eventInsert, RETENTION_SECONDS, streamEvent, streamRecord } from '../support/stream-records';

/** A sink that keeps what it is given, and throws for the seqs in `failing` (nothing of that call published). */
function recordingSink(
  failing: ReadonlySet<number> = new Set(),
): EventSink & { published: SessionChanged[] } {
  const published: SessionChanged[] = [];
  return {
    published,
    publish: async (changes) => {
      if (changes.some((c) => failing.has(c.event.seq))) throw new Error('PutEvents: ThrottlingException');
      published.push(...changes);
    },
  };
}

function setup(failing?: ReadonlySet<number>) {
  const sink = recordingSink(failing);
  const o = recordingObservability();
  return { sink, o, handler: createPublisherHandler({ sink, log: o.log }) };
}

const armed = pending({ nextAt: 1_796_040_010_000 });
/** A commit that arms attempt 1 and logs its schedule. */
const armedState = sessionState({ version: 2, pending: armed });
const [scheduled] = logEntries(armedState, [scheduledEvent(armed)]) as [LoggedEvent];
/** The next commit: the attempt fired, nothing waits. */
const firedState = sessionState({ version: 3, pending: null });
const [fired] = logEntries(firedState, [firedEvent(armed)]) as [LoggedEvent];

describe('the publisher handler', () => {
  it("publishes each event item as session_changed with the row's retry after its commit", async () => {
    const { sink, handler, o } = setup();
    const out = await handler(
      streamEvent(eventInsert(armedState, scheduled), eventInsert(firedState, fired)),
    );
    expect(out).toEqual({ batchItemFailures: [] });
    expect(sink.published).toEqual([
      { sessionId: 's-42', retry: retrySummary(armedState), event: scheduled },
      { sessionId: 's-42', retry: null, event: fired },
    ]);
    expect(retrySummary(armedState)).toMatchObject({ attempt: 1, promptId: 'p-cap~resume-1' });
    expect(o.lines.map((l) => [l.message, l.extra?.seq])).toEqual([
      ['session_changed published', scheduled.seq],
      ['session_changed published', fired.seq],
    ]);
  });

  it('publishes from the stream exactly what the in-process sink hears, commit by commit', async () => {
    const { deps, clock, published: heard } = memoryDeps();
    const inserts: DynamoDBRecord[] = [];
    const armedApplied = await handleTurnEvent(deps, turnFailed());
    inserts.push(...armedApplied.logged.map((e) => eventInsert(armedApplied.state, e)));
    const p = armedApplied.state.pending;
    if (!p) throw new Error('not armed');
    clock.at = p.nextAt;
    const wake = { sessionId: 's-42', turnId: 't-7', attempt: 1, promptId: p.promptId, nextAt: p.nextAt };
    const { claim, result } = await resumeTurn(deps, wake);
    for (const applied of [claim, ...(result ? [result] : [])]) {
      inserts.push(...applied.logged.map((e) => eventInsert(applied.state, e)));
    }
    const { sink, handler } = setup();
    await handler(streamEvent(...inserts));
    expect(heard.map((c) => c.event.kind)).toEqual(['auto_resume_scheduled', 'auto_resume_fired']);
    expect(sink.published).toEqual(heard);
  });

  it('ignores session rows, changes and deletions of event items, and items of other prefixes', async () => {
    const { sink, handler } = setup();
    const row = {
      [Attr.pk]: sessionPk('s-42'),
      [Attr.sk]: SESSION_ROW_SK,
      [Attr.version]: 2,
      [Attr.state]: { sessionId: 's-42', pending: null },
    };
    const item = eventItem(armedState, scheduled, RETENTION_SECONDS);
    const out = await handler(
      streamEvent(
        streamRecord('INSERT', row),
        streamRecord('MODIFY', row),
        streamRecord('MODIFY', item),
        streamRecord('REMOVE', item, { ttl: true }),
        streamRecord('INSERT', { ...item, [Attr.sk]: 'X#000000000000200' }),
      ),
    );
    expect(out).toEqual({ batchItemFailures: [] });
    expect(sink.published).toEqual([]);
  });

  it('fails only the records whose publish failed, and answers a batch that failed whole record by record', async () => {
    const { sink, handler, o } = setup(new Set([fired.seq]));
    const ok = eventInsert(armedState, scheduled);
    const bad = eventInsert(firedState, fired);
    const out = await handler(streamEvent(ok, bad));
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: bad.dynamodb?.SequenceNumber }] });
    expect(sink.published.map((c) => c.event.seq)).toEqual([scheduled.seq]);
    expect(o.lines.find((l) => l.level === 'warn')).toMatchObject({
      message: 'publish will be retried',
      extra: { sessionId: 's-42', seq: fired.seq, sequenceNumber: bad.dynamodb?.SequenceNumber },
    });

    const all = setup(new Set([scheduled.seq, fired.seq]));
    const both = await all.handler(streamEvent(ok, bad));
    expect(both.batchItemFailures.map((f) => f.itemIdentifier)).toEqual([
      ok.dynamodb?.SequenceNumber,
      bad.dynamodb?.SequenceNumber,
    ]);
  });

  it('publishes a record again when the stream hands it again after a failure', async () => {
    const failing = new Set([scheduled.seq]);
    const { sink, handler } = setup(failing);
    const record = eventInsert(armedState, scheduled);
    expect((await handler(streamEvent(record))).batchItemFailures).toHaveLength(1);
    failing.clear();
    expect(await handler(streamEvent(record))).toEqual({ batchItemFailures: [] });
    expect(sink.published.map((c) => c.event.kind)).toEqual(['auto_resume_scheduled']);
  });

  it('skips an event item written before the outbox (no retry attribute): its writer published it', async () => {
    const { sink, handler, o } = setup();
    const { [Attr.retry]: _dropped, ...legacy } = eventItem(armedState, scheduled, RETENTION_SECONDS);
    const out = await handler(streamEvent(streamRecord('INSERT', legacy)));
    expect(out).toEqual({ batchItemFailures: [] });
    expect(sink.published).toEqual([]);
    expect(o.lines).toEqual([
      expect.objectContaining({ level: 'warn', message: 'event item without retry skipped' }),
    ]);
  });

  it('fails an event item that holds no event of its session, alone', async () => {
    const { sink, handler } = setup();
    const item = eventItem(armedState, scheduled, RETENTION_SECONDS);
    const broken = streamRecord('INSERT', { ...item, [Attr.event]: { kind: 'auto_resume_fired' } });
    const foreign = streamRecord('INSERT', { ...item, [Attr.pk]: sessionPk('s-other') });
    const noImage = streamRecord('INSERT', item);
    delete noImage.dynamodb?.NewImage;
    const other = { ...firedState, sessionId: 's-43' };
    const good = eventInsert(other, { ...fired, sessionId: 's-43' });
    const out = await handler(streamEvent(broken, foreign, noImage, good));
    expect(out.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(
      [broken, foreign, noImage].map((r) => r.dynamodb?.SequenceNumber),
    );
    expect(sink.published.map((c) => [c.sessionId, c.event.seq])).toEqual([['s-43', fired.seq]]);
  });

  it("holds a session's later records back after one of its records failed, so watchers hear them in order", async () => {
    const { sink, handler, o } = setup(new Set([scheduled.seq]));
    const first = eventInsert(armedState, scheduled);
    const second = eventInsert(firedState, fired);
    const other = eventInsert(
      { ...armedState, sessionId: 's-43' },
      { ...scheduled, sessionId: 's-43', seq: 1 },
    );
    const out = await handler(streamEvent(first, second, other));
    expect(out.batchItemFailures.map((f) => f.itemIdentifier)).toEqual([
      first.dynamodb?.SequenceNumber,
      second.dynamodb?.SequenceNumber,
    ]);
    expect(sink.published.map((c) => [c.sessionId, c.event.seq])).toEqual([['s-43', 1]]);
    // Should the stream source give the batch up, the log names every event watchers missed (a review).
    const warned = o.lines.filter((l) => l.level === 'warn').map((l) => [l.message, l.extra?.seq]);
    expect(warned).toEqual([
      ['publish will be retried', scheduled.seq],
      ['publish held back', fired.seq],
    ]);
  });

  describe('over EventBridgeSink', () => {
    const eventBridge = mockClient(EventBridgeClient);
    afterAll(() => eventBridge.restore());

    it('puts the change on the bus, and fails the record when EventBridge refuses its entry', async () => {
      eventBridge.reset();
      eventBridge
        .on(PutEventsCommand)
        .resolvesOnce({ FailedEntryCount: 0, Entries: [{ EventId: 'e-1' }] })
        .resolvesOnce({
          FailedEntryCount: 1,
          Entries: [{ ErrorCode: 'ThrottlingException', ErrorMessage: 'Rate exceeded' }],
        });
      const o = recordingObservability();
      const handler = createPublisherHandler({
        sink: new EventBridgeSink({ client: new EventBridgeClient({ region: 'eu-west-1' }), busName: 'bus' }),
        log: o.log,
      });
      const first = eventInsert(armedState, scheduled);
      const second = eventInsert(firedState, fired);
      expect((await handler(streamEvent(first))).batchItemFailures).toEqual([]);
      expect((await handler(streamEvent(second))).batchItemFailures).toEqual([
        { itemIdentifier: second.dynamodb?.SequenceNumber },
      ]);
      const [entry] = eventBridge.commandCalls(PutEventsCommand)[0]?.args[0].input.Entries ?? [];
      expect(entry).toMatchObject({ EventBusName: 'bus', DetailType: 'session_changed' });
      expect(JSON.parse(entry?.Detail ?? '{}')).toEqual({
        sessionId: 's-42',
        retry: retrySummary(armedState),
        event: scheduled,
      });
    });
  });
});
