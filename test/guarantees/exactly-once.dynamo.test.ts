import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DynamoRetryStore } from '../../shared/adapters/aws/dynamo-retry-store';
import { tableSchema } from '../../shared/adapters/aws/dynamo-table';
import { createTestTable, dynamoClient, type TestTable } from '../support/dynamo';
import { fcParams, report, runSeed } from '../support/fc-params';
import { addStats, assertNoViolations, crashCount, playAndCheck } from './harness/play';
import type { SimStats } from './harness/simulation';
import { historyArbitrary } from './harness/world';

// The same histories and checks as exactly-once.property.test.ts, a smaller sample, on DynamoDB Local through
// DynamoRetryStore: the version fence is DynamoDB's conditional write and transaction, the log its items.

let table: TestTable;
let client: DynamoDBClient;
beforeAll(async () => {
  table = await createTestTable(tableSchema, 'guarantees');
  client = dynamoClient();
});
afterAll(async () => {
  client.destroy();
  await table.drop();
});

describe('exactly-once effect per attempt on DynamoDB Local', () => {
  it('holds every guarantee over duplicated, reordered and crashing histories', async () => {
    const seed = runSeed();
    const stats: SimStats = {};
    const store = new DynamoRetryStore({ client, tableName: table.tableName });
    let histories = 0;
    await fc.assert(
      fc.asyncProperty(
        historyArbitrary({ maxSessions: 2, maxCrashes: 4, tapeLength: 300 }),
        async (history) => {
          // One table for the run: each history gets session ids of its own.
          const played = await playAndCheck(history, store, `h${++histories}-`);
          addStats(stats, played.sim);
          assertNoViolations(played);
        },
      ),
      fcParams(seed, 40),
    );
    report('dynamo', { seed, histories, crashes: crashCount(stats), violations: 0, ...stats });
    expect(stats.deliveries).toBeGreaterThan(100);
    expect(stats['version conflicts'] ?? 0).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
