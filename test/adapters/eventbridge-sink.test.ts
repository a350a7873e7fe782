import { EventBridgeClient, PutEventsCommand, type PutEventsResultEntry } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { EventBridgeSink } from '../../shared/adapters/aws/eventbridge-sink';
import type { SessionChanged } from '../../shared/ports';

// No EventBridge emulator here: these tests assert the commands sent.

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);
const BUS = 'turn-resumer';

function fired(seq: number, sessionId = 's-42'): SessionChanged {
  return {
    sessionId,
    retry: null,
    event: {
      kind: 'auto_resume_fired',
      attempt: 1,
      promptId: 'p-cap~resume-1',
      turnId: 't-7',
      retry: null,
      seq,
      at: T0 + seq,
      sessionId,
    },
  };
}

const eventBridge = mockClient(EventBridgeClient);
let sink: EventBridgeSink;
beforeEach(() => {
  eventBridge.reset();
  eventBridge.on(PutEventsCommand).callsFake(({ Entries = [] }) => ({
    FailedEntryCount: 0,
    Entries: Entries.map((_: unknown, i: number) => ({ EventId: `e-${i}` })),
  }));
  sink = new EventBridgeSink({ client: new EventBridgeClient({ region: 'eu-west-1' }), busName: BUS });
});

function sentEntries() {
  return eventBridge.commandCalls(PutEventsCommand).map((call) => call.args[0].input.Entries ?? []);
}

describe('EventBridgeSink', () => {
  it('publishes session_changed with the session, its retry row and the event', async () => {
    const change = fired(3);

    await sink.publish([change]);

    expect(sentEntries()).toEqual([
      [
        {
          EventBusName: BUS,
          Source: 'turn-resumer',
          DetailType: 'session_changed',
          Detail: JSON.stringify({ sessionId: 's-42', retry: null, event: change.event }),
          Time: new Date(T0 + 3),
        },
      ],
    ]);
  });

  it('uses the source it is given', async () => {
    const custom = new EventBridgeSink({
      client: new EventBridgeClient({ region: 'eu-west-1' }),
      busName: BUS,
      source: 'acme.resumer',
    });

    await custom.publish([fired(1)]);

    expect(sentEntries()[0]?.[0]?.Source).toBe('acme.resumer');
  });

  it('sends nothing for no changes', async () => {
    await sink.publish([]);

    expect(eventBridge).toHaveReceivedCommandTimes(PutEventsCommand, 0);
  });

  it('sends 23 changes in order, in calls of 10, 10 and 3', async () => {
    await sink.publish(Array.from({ length: 23 }, (_, i) => fired(i + 1)));

    const calls = sentEntries();
    expect(calls.map((entries) => entries.length)).toEqual([10, 10, 3]);
    expect(calls.flat().map((entry) => JSON.parse(entry.Detail ?? '').event.seq)).toEqual(
      Array.from({ length: 23 }, (_, i) => i + 1),
    );
  });

  it('starts a new call before a batch would pass 256 KiB', async () => {
    const big = (seq: number): SessionChanged => ({
      ...fired(seq),
      event: {
        kind: 'turn_failure_not_retried',
        class: 'auth',
        turnId: 't-7',
        promptId: 'p-cap',
        error: 'x'.repeat(100_000),
        seq,
        at: T0,
        sessionId: 's-42',
      },
    });

    await sink.publish([big(1), big(2), big(3), fired(4)]);

    expect(sentEntries().map((entries) => entries.length)).toEqual([2, 2]);
  });

  it('throws naming the error codes of failed entries, after sending every call', async () => {
    eventBridge.on(PutEventsCommand).callsFake(({ Entries = [] }) => {
      const out: PutEventsResultEntry[] = Entries.map((entry: { Detail?: string }) => {
        const seq = JSON.parse(entry.Detail ?? '').event.seq as number;
        if (seq === 2) return { ErrorCode: 'ThrottlingException', ErrorMessage: 'Rate exceeded' };
        if (seq === 12) return { ErrorCode: 'InternalFailure' };
        return { EventId: `e-${seq}` };
      });
      return { FailedEntryCount: out.filter((entry) => entry.ErrorCode).length, Entries: out };
    });

    const publishing = sink.publish(Array.from({ length: 12 }, (_, i) => fired(i + 1)));

    await expect(publishing).rejects.toThrow(
      'EventBridge PutEvents: 2 entries failed: s-42#2: ThrottlingException (Rate exceeded); s-42#12: InternalFailure',
    );
    expect(eventBridge).toHaveReceivedCommandTimes(PutEventsCommand, 2);
  });

  it('lets a failed call through', async () => {
    const thrown = new Error('socket hang up');
    eventBridge.on(PutEventsCommand).rejects(thrown);

    await expect(sink.publish([fired(1)])).rejects.toBe(thrown);
  });

  it('refuses an event larger than EventBridge takes, naming it', async () => {
    const huge: SessionChanged = {
      ...fired(9),
      event: {
        kind: 'turn_failure_not_retried',
        class: 'auth',
        turnId: 't-7',
        promptId: 'p-cap',
        error: 'x'.repeat(262_144),
        seq: 9,
        at: T0,
        sessionId: 's-42',
      },
    };

    await expect(sink.publish([huge])).rejects.toThrow(/s-42#9 is \d+ bytes, over the 256 KiB limit/);
    expect(eventBridge).toHaveReceivedCommandTimes(PutEventsCommand, 0);
  });
});
