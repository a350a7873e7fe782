import {
  type Admission,
  type AdmitRequest,
  admit,
  DEFAULT_PACER_SETTINGS,
  freshPacerState,
  type PaceDecision,
  type PaceOutcome,
  type PacerSettings,
  type PacerState,
  report,
} from '../../core/pacer-state';
import { assertUpstream } from '../../core/upstream';
import type { Pacer } from '../../ports';
import { Attr } from './dynamo-table';
import { isOwnWrite, withWriteId } from './own-write';
import { ConditionalCheckFailedException, type DynamoDBClient } from './sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from './sdk/lib-dynamodb';

/** How to reach the table. */
export type DynamoPacerOptions = {
  client: DynamoDBClient;
  tableName: string;
  /** @default DEFAULT_PACER_SETTINGS */
  settings?: PacerSettings;
  /** An upstream not heard of for this long is forgotten by DynamoDB's TTL (and starts up again). @default 7 */
  idleRetentionDays?: number;
  /** Waits between lost races. @default a timer */
  sleep?: (ms: number) => Promise<void>;
};

/** The pacer item of an upstream: `U#<upstream>` / `PACE` in the session table (ids never hold `#`). */
export const PACER_PK_PREFIX = 'U#';
export const PACER_SK = 'PACE';
/**
 * Writes that lose to a concurrent writer are decided again on the newer state, this many times in a row. A
 * release after an outage has every resume function (`resumeMaxConcurrency`, 5) admit a batch (5) side by side
 * on one item: 25 writers, of which one wins each round. 16 tries without a pause let 12–22 % of them give up.
 */
const MAX_CONFLICTS = 64;
/** The most a lost race waits before it reads again: a random part of 5 ms × 2^n, up to this. */
const MAX_BACKOFF_MS = 80;
const SECONDS_PER_DAY = 86_400;

type Item = Record<string, unknown>;

/**
 * The Pacer on DynamoDB: one item per upstream beside the session rows, read consistently, decided by
 * core/pacer-state.ts, written with a condition on its `version`; a lost race is decided again. A decision
 * that changes nothing (most holds) writes nothing. Key lookups only, never a scan.
 */
export class DynamoPacer implements Pacer {
  readonly #doc: DynamoDBDocumentClient;
  readonly #table: string;
  readonly #settings: PacerSettings;
  readonly #retentionSeconds: number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: DynamoPacerOptions) {
    if (!options.tableName) throw new Error('tableName is required');
    const days = options.idleRetentionDays ?? 7;
    if (!(Number.isFinite(days) && days > 0)) throw new Error(`idleRetentionDays must be > 0, got ${days}`);
    this.#doc = DynamoDBDocumentClient.from(options.client, {
      marshallOptions: { removeUndefinedValues: true },
    });
    this.#table = options.tableName;
    this.#settings = options.settings ?? DEFAULT_PACER_SETTINGS;
    this.#retentionSeconds = Math.round(days * SECONDS_PER_DAY);
    this.#sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
  }

  admit(upstream: string, request: AdmitRequest, now: number): Promise<Admission> {
    return this.#update(upstream, now, (state) => admit(state, request, now, this.#settings));
  }

  async report(upstream: string, outcome: PaceOutcome, now: number, at?: number): Promise<void> {
    await this.#update(upstream, now, (state) => report(state, outcome, now, this.#settings, at));
  }

  async #update<A>(
    upstream: string,
    now: number,
    decide: (state: PacerState) => PaceDecision<A>,
  ): Promise<A> {
    assertUpstream(upstream);
    const key = { [Attr.pk]: `${PACER_PK_PREFIX}${upstream}`, [Attr.sk]: PACER_SK };
    for (let i = 0; i < MAX_CONFLICTS; i++) {
      const { Item } = await this.#doc.send(
        new GetCommand({ TableName: this.#table, Key: key, ConsistentRead: true }),
      );
      const version = Item ? versionOf(Item) : 0;
      const { next, admission } = decide(Item ? stateOf(Item) : freshPacerState());
      if (!next) return admission;
      // A write id, as the retry store's row has: a Put whose answer was lost and which the SDK sent again must
      // not take its own write for a lost race and decide again (a failure counted twice, two tokens taken).
      const item = withWriteId({
        ...key,
        [Attr.version]: version + 1,
        [Attr.state]: next,
        [Attr.expiresAt]: Math.floor(now / 1000) + this.#retentionSeconds,
      });
      try {
        await this.#doc.send(
          new PutCommand({
            TableName: this.#table,
            Item: item,
            ReturnValuesOnConditionCheckFailure: 'ALL_OLD',
            ...(version === 0
              ? {
                  ConditionExpression: 'attribute_not_exists(#pk)',
                  ExpressionAttributeNames: { '#pk': Attr.pk },
                }
              : {
                  ConditionExpression: '#v = :prev',
                  ExpressionAttributeNames: { '#v': Attr.version },
                  ExpressionAttributeValues: { ':prev': version },
                }),
          }),
        );
        return admission;
      } catch (error) {
        if (isOwnWrite(error, item)) return admission;
        if (!(error instanceof ConditionalCheckFailedException)) throw error;
      }
      // Full jitter: the losers of a round spread out instead of reading and losing together again.
      await this.#sleep(Math.random() * Math.min(MAX_BACKOFF_MS, 5 * 2 ** i));
    }
    throw new Error(
      `pacer ${upstream}: ${MAX_CONFLICTS} conditional writes in a row lost to concurrent writers`,
    );
  }
}

function versionOf(item: Item): number {
  const version = item[Attr.version];
  if (typeof version !== 'number')
    throw new Error(`malformed pacer item ${String(item[Attr.pk])}: no version`);
  return version;
}

function stateOf(item: Item): PacerState {
  const state = item[Attr.state];
  if (typeof state !== 'object' || state === null) {
    throw new Error(`malformed pacer item ${String(item[Attr.pk])}: no state`);
  }
  // Fields added later fall back to a fresh upstream's values.
  return { ...freshPacerState(), ...(state as Partial<PacerState>) };
}
