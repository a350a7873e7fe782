import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DynamoPacer, PACER_SK } from '../../shared/adapters/aws/dynamo-pacer';
import { tableSchema } from '../../shared/adapters/aws/dynamo-table';
import { MemoryPacer } from '../../shared/adapters/local/memory-pacer';
import { compilePacerSettings } from '../../shared/core/pacer-state';
import {
  clientLosingPutAnswers,
  createTestTable,
  dynamoClient,
  type TestTable,
  useDynamoClient,
} from '../support/dynamo';
import { T0 } from '../support/events';
import { CONTRACT_SETTINGS, describePacerContract } from './pacer.contract';

describePacerContract('MemoryPacer', async () => ({
  pacer: new MemoryPacer(CONTRACT_SETTINGS),
  cleanup: async () => {},
}));

const client = useDynamoClient();

describePacerContract('DynamoPacer', async () => {
  const table = await createTestTable(tableSchema, 'pacer');
  return {
    pacer: new DynamoPacer({ client: client(), tableName: table.tableName, settings: CONTRACT_SETTINGS }),
    cleanup: () => table.drop(),
  };
});

describe('DynamoPacer items', () => {
  let table: TestTable;
  beforeEach(async () => {
    table = await createTestTable(tableSchema, 'pacer');
  });
  afterEach(async () => {
    await table.drop();
  });

  const item = async (upstream: string) =>
    (
      await DynamoDBDocumentClient.from(client()).send(
        new GetCommand({ TableName: table.tableName, Key: { pk: `U#${upstream}`, sk: PACER_SK } }),
      )
    ).Item;

  it('keeps one item per upstream beside the sessions, versioned, with a TTL', async () => {
    const pacer = new DynamoPacer({
      client: client(),
      tableName: table.tableName,
      settings: CONTRACT_SETTINGS,
    });
    await pacer.admit('127.0.0.1:4016', { sessionId: 's-1', promptId: 'p~resume-1' }, T0);
    expect(await item('127.0.0.1:4016')).toMatchObject({
      pk: 'U#127.0.0.1:4016',
      sk: 'PACE',
      version: 1,
      state: { mode: 'up', tatMs: T0 + 100 },
      expiresAt: Math.floor(T0 / 1000) + 7 * 86_400,
    });
  });

  it('writes nothing for a hold while a probe is out', async () => {
    const pacer = new DynamoPacer({
      client: client(),
      tableName: table.tableName,
      settings: CONTRACT_SETTINGS,
    });
    for (let i = 0; i < 3; i++) await pacer.report('gw', 'transient', T0 + i);
    await pacer.admit('gw', { sessionId: 's-1', promptId: 'p~resume-1' }, T0 + 10);
    const before = (await item('gw'))?.version;
    for (let i = 2; i < 6; i++)
      await pacer.admit('gw', { sessionId: `s-${i}`, promptId: 'p~resume-1' }, T0 + 20);
    expect((await item('gw'))?.version).toBe(before);
  });
});

describe('DynamoPacer when a PutItem answer is lost inside the SDK retries (bug 18, on the pacer item)', () => {
  const SETTINGS = compilePacerSettings({ ratePerSecond: 1, burst: 1, probeAfterFailures: 4 });
  let table: TestTable;
  beforeEach(async () => {
    table = await createTestTable(tableSchema, 'pacer-retry');
  });
  afterEach(async () => {
    await table.drop();
  });

  it('counts a failure once: three of the four needed leave the upstream up', async () => {
    const { client: flaky, control } = clientLosingPutAnswers();
    const pacer = new DynamoPacer({ client: flaky, tableName: table.tableName, settings: SETTINGS });
    try {
      await pacer.report('gw:4016', 'transient', T0);
      control.lose = 1;
      await pacer.report('gw:4016', 'transient', T0 + 1_000);
      expect(control.lose).toBe(0);
      await pacer.report('gw:4016', 'transient', T0 + 2_000);
      expect(await pacer.admit('gw:4016', { sessionId: 's-1', promptId: 'p~resume-1' }, T0 + 3_000)).toEqual({
        kind: 'go',
        probe: false,
      });
    } finally {
      flaky.destroy();
    }
  });

  it('takes one token for one admission', async () => {
    const { client: flaky, control } = clientLosingPutAnswers();
    const pacer = new DynamoPacer({ client: flaky, tableName: table.tableName, settings: SETTINGS });
    try {
      await pacer.admit('gw:4016', { sessionId: 's-0', promptId: 'p~resume-1' }, T0 - 60_000);
      control.lose = 1;
      expect(await pacer.admit('gw:4016', { sessionId: 's-1', promptId: 'p~resume-1' }, T0)).toEqual({
        kind: 'go',
        probe: false,
      });
      expect(control.lose).toBe(0);
    } finally {
      flaky.destroy();
    }
  });
});

describe('DynamoPacer under contention', () => {
  let table: TestTable;
  beforeEach(async () => {
    table = await createTestTable(tableSchema, 'pacer');
  });
  afterEach(async () => {
    await table.drop();
  });

  const version = async (upstream: string) =>
    (
      await DynamoDBDocumentClient.from(client()).send(
        new GetCommand({ TableName: table.tableName, Key: { pk: `U#${upstream}`, sk: PACER_SK } }),
      )
    ).Item?.version;

  it('admits 50 resumes asked at once on one item (10 functions × a batch of 5) without giving up', async () => {
    // Deployed: `resumeMaxConcurrency` functions each admit a batch side by side, all on one upstream's item.
    const pacers = Array.from(
      { length: 10 },
      () => new DynamoPacer({ client: client(), tableName: table.tableName }),
    );
    const answers = await Promise.allSettled(
      pacers.flatMap((pacer, f) =>
        Array.from({ length: 5 }, (_, r) =>
          pacer.admit('gw:4016', { sessionId: `s-${f}-${r}`, promptId: 'p~resume-1' }, T0),
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 'rejected')).toEqual([]);
    // Each go took a token: the burst (20) went, the rest were given later slots.
    const goes = answers.filter((a) => a.status === 'fulfilled' && a.value.kind === 'go');
    expect(goes).toHaveLength(20);
  });

  it('reads again after a random, growing pause each time a rival wrote first', async () => {
    const rival = new DynamoPacer({ client: client(), tableName: table.tableName });
    await rival.admit('gw:4016', { sessionId: 's-0', promptId: 'p~resume-1' }, T0);
    // Before each of its first three writes, the rival takes a token: three lost races, then a win.
    const racing = dynamoClient();
    let rivalWrites = 0;
    racing.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'PutItemCommand' && rivalWrites < 3) {
          rivalWrites += 1;
          await rival.admit('gw:4016', { sessionId: `r-${rivalWrites}`, promptId: 'p~resume-1' }, T0);
        }
        return next(args);
      },
      { step: 'initialize', name: 'rivalFirst' },
    );
    const pauses: number[] = [];
    const slow = new DynamoPacer({
      client: racing,
      tableName: table.tableName,
      sleep: async (ms) => {
        pauses.push(ms);
      },
    });
    try {
      expect(await slow.admit('gw:4016', { sessionId: 's-1', promptId: 'p~resume-1' }, T0)).toEqual({
        kind: 'go',
        probe: false,
      });
    } finally {
      racing.destroy();
    }
    expect(pauses).toHaveLength(3);
    pauses.forEach((ms, n) => {
      expect(ms).toBeGreaterThanOrEqual(0);
      expect(ms).toBeLessThan(5 * 2 ** n);
    });
    expect(await version('gw:4016')).toBe(5);
  });
});
