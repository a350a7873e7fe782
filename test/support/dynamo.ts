// Test helpers for the shared DynamoDB Local started by test/support/global-setup.ts.
// The instance is shared by every test file and worker (-sharedDb, in memory): always use createTestTable()
// (random table name) rather than fixed names, and drop() the table when done.
import { randomUUID } from 'node:crypto';
import {
  CreateTableCommand,
  type CreateTableCommandInput,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, inject } from 'vitest';

export const LOCAL_REGION = 'us-east-1';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' } as const;

/** Endpoint of the run-wide DynamoDB Local, e.g. `http://127.0.0.1:40123`. */
export function dynamoEndpoint(): string {
  return inject('dynamoEndpoint');
}

/** A new client for the run-wide DynamoDB Local. The caller owns it (call `destroy()` if you like). */
export function dynamoClient(): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: dynamoEndpoint(),
    region: LOCAL_REGION,
    credentials: LOCAL_CREDENTIALS,
  });
}

/**
 * A client whose next `control.lose` PutItem answers are lost (a 500) after the write landed, inside the SDK's own
 * retries: the SDK sends the Put again, and it meets its own write.
 */
export function clientLosingPutAnswers(): { client: DynamoDBClient; control: { lose: number } } {
  const client = dynamoClient();
  const control = { lose: 0 };
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      if (context.commandName === 'PutItemCommand' && control.lose > 0) {
        control.lose -= 1;
        throw Object.assign(new Error('answer lost after the write landed'), {
          name: 'InternalServerError',
          $fault: 'server',
          $metadata: { httpStatusCode: 500 },
        });
      }
      return out;
    },
    { step: 'deserialize', name: 'loseOneAnswer' },
  );
  return { client, control };
}

/**
 * A client for the tests of the file (or `describe`) that calls this: made before they run, destroyed after.
 * The getter is for use inside tests and the factories they run.
 */
export function useDynamoClient(): () => DynamoDBClient {
  let client: DynamoDBClient | undefined;
  beforeAll(() => {
    client = dynamoClient();
  });
  afterAll(() => {
    client?.destroy();
  });
  return () => {
    if (!client) throw new Error('useDynamoClient: the client exists only while the tests run');
    return client;
  };
}

export type TestTableSchema = Omit<CreateTableCommandInput, 'TableName'>;

export interface TestTable {
  tableName: string;
  /** Deletes the table; no-op if it is already gone. */
  drop(): Promise<void>;
}

let sharedClient: DynamoDBClient | undefined;
function helperClient(): DynamoDBClient {
  sharedClient ??= dynamoClient();
  return sharedClient;
}

/**
 * Creates a uniquely named table (`<prefix>-<random>`) from the given schema and waits until it is ACTIVE.
 * Pass the app's real schema (e.g. from shared/adapters/aws/dynamo-table.ts) so tests exercise it.
 */
export async function createTestTable(schema: TestTableSchema, prefix = 'test'): Promise<TestTable> {
  const client = helperClient();
  const tableName = `${prefix}-${randomUUID()}`;
  await client.send(new CreateTableCommand({ ...schema, TableName: tableName }));
  await waitActive(client, tableName);
  return {
    tableName,
    async drop() {
      try {
        await client.send(new DeleteTableCommand({ TableName: tableName }));
      } catch (error) {
        if (!(error instanceof ResourceNotFoundException)) throw error;
      }
    },
  };
}

async function waitActive(client: DynamoDBClient, tableName: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const indexesReady = (Table?.GlobalSecondaryIndexes ?? []).every(
      (index) => index.IndexStatus === 'ACTIVE',
    );
    if (Table?.TableStatus === 'ACTIVE' && indexesReady) return;
    if (Date.now() > deadline) {
      throw new Error(`table ${tableName} not ACTIVE after ${timeoutMs} ms (status ${Table?.TableStatus})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
