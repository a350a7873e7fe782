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
import { corpusByLabel } from '../support/corpus';
import { createTestTable, dynamoClient, type TestTable } from '../support/dynamo';
import { turnFailed } from '../support/events';
import { memoryDeps, recordingObservability } from '../support/fakes';
import { fcParams, report, runSeed } from '../support/fc-params';
import { conveyor } from './harness/conveyor';

// Error texts carrying API keys, bearer tokens and AWS keys go through the real handlers on DynamoDB Local,
// EventBridgeSink and the Powertools logger; none of the secrets may be found in any stored item, log line,
// published event or the resume sent to the agent.

const base64url = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-'),
  minLength: 24,
  maxLength: 96,
});
const token = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._~+/-'),
  minLength: 16,
  maxLength: 64,
});
const awsId = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'),
  minLength: 16,
  maxLength: 16,
});
const awsSecret = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'),
  minLength: 40,
  maxLength: 40,
});

// A password as it may sit in a URL's userinfo: no `/`, `@`, `:`, quotes or spaces.
const password = fc.string({
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!$*+._~-'),
  minLength: 8,
  maxLength: 40,
});

/** A secret as it shows up in an error text, and the part of it that must never be seen again. */
type Secret = { text: string; secret: string };

const secret: fc.Arbitrary<Secret> = fc.oneof(
  base64url.map((body) => ({ text: `sk-ant-api03-${body}AA`, secret: `${body}AA` })),
  base64url.map((body) => ({ text: `sk-proj-${body}`, secret: body })),
  base64url.map((body) => ({ text: `sk-${body}`, secret: body })),
  token.map((t) => ({ text: `Authorization: Bearer ${t}`, secret: t })),
  token.map((t) => ({ text: `bearer ${t}`, secret: t })),
  awsId.map((id) => ({ text: `AKIA${id}`, secret: `AKIA${id}` })),
  awsId.map((id) => ({ text: `ASIA${id}`, secret: `ASIA${id}` })),
  awsSecret.map((key) => ({ text: `aws_secret_access_key=${key}`, secret: key })),
  base64url.map((body) => ({ text: `"x-api-key": "sk-ant-api03-${body}"`, secret: body })),
  base64url.map((body) => ({ text: `api_key=${body}`, secret: body })),
  password.map((pw) => ({ text: `https://admin:${pw}@gw.internal:4016/v1/messages`, secret: pw })),
  awsSecret.map((b64) => ({ text: `Authorization: Basic ${b64}`, secret: b64 })),
  base64url.map((t) => ({ text: `?access_token=${t}`, secret: t })),
  password.map((pw) => ({ text: `"password": "${pw}"`, secret: pw })),
);

// Where the secret sits in the text: alone, quoted, after a colon or an equals sign, on its own line.
const placement = fc.constantFrom(
  (s: string) => ` ${s} `,
  (s: string) => `(${s})`,
  (s: string) => `'${s}'`,
  (s: string) => `"${s}"`,
  (s: string) => `key=${s}&x=1`,
  (s: string) => `\n${s}\n`,
  (s: string) => `: ${s},`,
);

const CORPUS = corpusByLabel();
const texts = (label: string) => CORPUS.get(label as never)?.map((e) => e.text) ?? [];
/** Transient texts are scheduled (and so resumed); the others are logged as not retried. */
const carrier = fc.oneof(
  fc.constantFrom(...texts('capacity'), ...texts('server'), ...texts('transport')),
  fc.constantFrom(...texts('auth'), ...texts('quota'), ...texts('bad_request')),
);

/** The corpus text with each secret put at a word boundary of it (never inside another secret or word). */
const errorText = fc
  .record({
    carrier,
    secrets: fc.array(fc.record({ secret, placement, at: fc.nat() }), { minLength: 1, maxLength: 3 }),
  })
  .map(({ carrier: text, secrets }) => {
    const boundaries = [0, ...[...text.matchAll(/\s/g)].map((m) => m.index ?? 0), text.length];
    const at = secrets.map((s) => boundaries[s.at % boundaries.length] ?? 0);
    let out = text;
    // From the last position back, so that each insertion leaves the earlier positions where they were.
    for (const i of secrets.map((_, i) => i).sort((a, b) => (at[b] ?? 0) - (at[a] ?? 0))) {
      const s = secrets[i];
      const where = at[i] ?? 0;
      if (s) out = `${out.slice(0, where)}${s.placement(s.secret.text)}${out.slice(where)}`;
    }
    return { text: out, secrets: secrets.map((s) => s.secret.secret) };
  });

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
