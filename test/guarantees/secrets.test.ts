import { type DynamoDBClient, ScanCommand } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { observability } from '../../lambdas/shared/aws-resumer';
import { DynamoRetryStore } from '../../shared/adapters/aws/dynamo-retry-store';
import { tableSchema } from '../../shared/adapters/aws/dynamo-table';
import { EventBridgeSink } from '../../shared/adapters/aws/eventbridge-sink';
import { HttpAgentClient } from '../../shared/adapters/http-agent-client';
import type { Log } from '../../shared/ports';
import { type AgentStub, startAgentStub } from '../support/agent-stub';
import { createTestTable, dynamoClient, type TestTable } from '../support/dynamo';
import { turnFailed } from '../support/events';
import { memoryDeps, recordingObservability } from '../support/fakes';
import { fcParams, report, runSeed } from '../support/fc-params';
import { errorText } from '../support/secret-texts';
import { conveyor } from './harness/conveyor';

// Error texts carrying API keys, bearer tokens and AWS keys go through the real handlers on DynamoDB Local,
// EventBridgeSink and the Powertools logger; none of the secrets may be found in any stored item, log line,
// published event or the resume sent to the agent.

/** A log that writes every line to each of `logs`. */
function teeLog(...logs: Log[]): Log {
  const to =
    (level: keyof Log) =>
    (message: string, extra?: Record<string, unknown>): void => {
      for (const log of logs) log[level](message, extra);
    };
  return { info: to('info'), warn: to('warn'), error: to('error') };
}

describe('secrets in error texts', () => {
  let table: TestTable;
  let client: DynamoDBClient;
  let agent: AgentStub;
  const eventBridge = mockClient(EventBridgeClient);
  beforeAll(async () => {
    table = await createTestTable(tableSchema, 'secrets');
    client = dynamoClient();
    agent = await startAgentStub();
    eventBridge.on(PutEventsCommand).callsFake((input: { Entries: unknown[] }) => ({
      FailedEntryCount: 0,
      Entries: input.Entries.map((_, i) => ({ EventId: `e-${i}` })),
    }));
  });
  afterAll(async () => {
    eventBridge.restore();
    await agent.close();
    client.destroy();
    await table.drop();
  });

  /** Everything that left the handlers, as text: items, log lines (Log port and Powertools), events, resumes. */
  async function everythingWritten(sessionId: string, lines: string[]) {
    const { Items } = await client.send(
      new ScanCommand({ TableName: table.tableName, ConsistentRead: true }),
    );
    const items = (Items ?? []).filter((item) => JSON.stringify(item).includes(`S#${sessionId}`));
    const published = eventBridge
      .commandCalls(PutEventsCommand)
      .map((call) => JSON.stringify(call.args[0].input));
    return {
      items: JSON.stringify(items),
      lines: lines.join('\n'),
      published: published.join('\n'),
      resumes: agent.requests.map((r) => r.raw).join('\n'),
    };
  }

  it('reach no DynamoDB item, log line, published event or resume unredacted', async () => {
    const seed = runSeed();
    let sessions = 0;
    let secretsChecked = 0;
    const stdout: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      stdout.push(String(chunk));
      return true;
    });
    try {
      await fc.assert(
        fc.asyncProperty(errorText, fc.boolean(), async ({ text, secrets }, agentExited) => {
          const sessionId = `s-secret-${++sessions}`;
          eventBridge.resetHistory();
          stdout.length = 0;
          const recorded = recordingObservability();
          const both = teeLog(recorded.log, observability('secrets-test').log);
          const { deps, clock, waker } = memoryDeps({
            store: new DynamoRetryStore({ client, tableName: table.tableName }),
            sink: new EventBridgeSink({
              client: new EventBridgeClient({ region: 'us-east-1' }),
              busName: 'bus',
            }),
            agent: new HttpAgentClient({
              baseUrl: agent.url,
              secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
            }),
          });
          const belt = conveyor(deps, clock, { log: both, telemetry: recorded.telemetry });
          await belt.event(turnFailed({ sessionId, error: { message: text, status: 503, agentExited } }));
          for (const { wake } of waker.armed.splice(0)) await belt.wake(wake);

          const lines = [...stdout.splice(0), ...recorded.lines.map((l) => JSON.stringify(l))];
          const written = await everythingWritten(sessionId, lines);
          expect(written.items).toContain(sessionId);
          for (const value of secrets) {
            secretsChecked++;
            for (const [where, content] of Object.entries(written)) {
              expect(content.includes(value), `${where} holds ${value}\n${text}`).toBe(false);
            }
          }
        }),
        fcParams(seed, 25),
      );
    } finally {
      spy.mockRestore();
    }
    report('secrets', { seed, sessions, secretsChecked });
  }, 60_000);
});
