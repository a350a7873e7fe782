import type { EventSink, SessionChanged } from '../../ports';
import {
  type EventBridgeClient,
  PutEventsCommand,
  type PutEventsRequestEntry,
} from './sdk/client-eventbridge';

export type EventBridgeSinkOptions = {
  client: EventBridgeClient;
  /** The resumer's event bus. */
  busName: string;
  /** @default 'turn-resumer' */
  source?: string | undefined;
};

/** PutEvents takes at most 10 entries and 256 KiB per call. */
const MAX_ENTRIES = 10;
const MAX_BYTES = 262_144;

/** Publishes `session_changed` as EventBridge events on the resumer's bus. */
export class EventBridgeSink implements EventSink {
  readonly #client: EventBridgeClient;
  readonly #busName: string;
  readonly #source: string;

  constructor({ client, busName, source = 'turn-resumer' }: EventBridgeSinkOptions) {
    this.#client = client;
    this.#busName = busName;
    this.#source = source;
  }

  /** Throws, after trying every entry, if any entry failed: the caller's message is retried whole. */
  async publish(changes: readonly SessionChanged[]): Promise<void> {
    const failures: string[] = [];
    for (const chunk of chunks(changes.map((change) => this.#entry(change)))) {
      const result = await this.#client.send(
        new PutEventsCommand({ Entries: chunk.map(({ entry }) => entry) }),
      );
      if (!result.FailedEntryCount) continue;
      // Result entries line up with request entries; a failed one carries ErrorCode instead of EventId.
      chunk.forEach(({ change }, i) => {
        const out = result.Entries?.[i];
        if (out?.ErrorCode || !out?.EventId) {
          failures.push(
            `${change.sessionId}#${change.event.seq}: ${out?.ErrorCode ?? 'no result'}${out?.ErrorMessage ? ` (${out.ErrorMessage})` : ''}`,
          );
        }
      });
    }
    if (failures.length > 0) {
      throw new Error(`EventBridge PutEvents: ${failures.length} entries failed: ${failures.join('; ')}`);
    }
  }

  #entry(change: SessionChanged): { change: SessionChanged; entry: PutEventsRequestEntry; bytes: number } {
    const entry = {
      EventBusName: this.#busName,
      Source: this.#source,
      DetailType: 'session_changed',
      Detail: JSON.stringify({ sessionId: change.sessionId, retry: change.retry, event: change.event }),
      Time: new Date(change.event.at),
    };
    // EventBridge's size rule: UTF-8 bytes of Source, DetailType and Detail, plus 14 for Time.
    const bytes =
      Buffer.byteLength(entry.Source) +
      Buffer.byteLength(entry.DetailType) +
      Buffer.byteLength(entry.Detail) +
      14;
    if (bytes > MAX_BYTES) {
      throw new Error(
        `EventBridge PutEvents: the event for ${change.sessionId}#${change.event.seq} is ${bytes} bytes, over the 256 KiB limit`,
      );
    }
    return { change, entry, bytes };
  }
}

/** Groups entries in order, at most 10 and 256 KiB per group. */
function* chunks<T extends { bytes: number }>(items: readonly T[]): Generator<T[]> {
  let chunk: T[] = [];
  let bytes = 0;
  for (const item of items) {
    if (chunk.length === MAX_ENTRIES || bytes + item.bytes > MAX_BYTES) {
      yield chunk;
      chunk = [];
      bytes = 0;
    }
    chunk.push(item);
    bytes += item.bytes;
  }
  if (chunk.length > 0) yield chunk;
}
