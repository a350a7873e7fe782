import type { SQSClient } from '@aws-sdk/client-sqs';
import type { LambdaFunctionURLEvent } from 'aws-lambda';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createIngestHandler } from '../../lambdas/ingest/handler';
import { SqsTurnEventQueue } from '../../shared/adapters/aws/sqs-turn-event-queue';
import { SqsWaker } from '../../shared/adapters/aws/sqs-waker';
import { MemoryRetryStore } from '../../shared/adapters/local/memory-retry-store';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import { type IngestResponse, ingestWebhook, MAX_BODY_BYTES } from '../../shared/app/ingest';
import { decodeTurnEvent } from '../../shared/messages';
import { memoryDeps } from '../support/fakes';
import { fcParams, report, runSeed } from '../support/fc-params';
import { functionUrlEvent } from '../support/lambda-events';
import { NOW_SECONDS, signedRequest, TEST_SECRET, turnEventBody } from '../support/webhooks';

// Thousands of hostile webhook requests at ingestWebhook and at the Function URL handler: every answer is one
// SPEC.md names, with a message naming the problem, nothing throws, and whatever is accepted can be queued on
// SQS and handled by the classifier. Afterwards a plain 503 failure is still accepted and schedules.

/** Characters SQS accepts in a message body; anything else is refused with InvalidMessageContents. */
const SQS_BODY = /^[\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]*$/u;
/** SQS's largest message (the 1 MiB quota). */
const SQS_MAX_BYTES = 1_048_576;

/** An SQS client that keeps what it is sent and refuses what SQS would refuse. */
function strictSqs() {
  const bodies: string[] = [];
  const client = {
    send: async (command: { input: { MessageBody?: string } }) => {
      const body = command.input.MessageBody ?? '';
      if (!SQS_BODY.test(body)) throw new Error('InvalidMessageContents: a character SQS does not accept');
      if (Buffer.byteLength(body) > SQS_MAX_BYTES) throw new Error('InvalidParameterValue: message too long');
      bodies.push(body);
      return { MessageId: `m-${bodies.length}` };
    },
  } as unknown as SQSClient;
  return { client, bodies };
}

const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '../',
    '../../S#x',
    'S#x',
    '#',
    'S#s-42#E#000000000000001',
    'ROW',
    'WAITING',
    'non\uFFFEcharacter\uFFFF',
    '\u0000',
    'a\nb',
    'tab\there',
    '\u202e\u2066',
    '\ud800',
    'x\udfff',
    '😀',
    "' OR 1=1 --",
    '%2e%2e%2f',
    '\x24{jndi:ldap://x}',
  ),
  fc.string({ unit: 'binary', maxLength: 300 }),
  fc.string({ maxLength: 40 }),
  fc.constantFrom(1, 127, 128, 129, 247, 248, 256, 257, 300, 70_000).map((n) => 'a'.repeat(n)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileText },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileText, { maxLength: 3 }),
  fc.dictionary(hostileText, hostileText, { maxKeys: 3 }),
  fc.integer({ min: 1, max: 3_000 }).map((depth) => nested(depth)),
);

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { v: value };
  return value;
}

const FIELDS = ['type', 'sessionId', 'turnId', 'promptId', 'agentSessionId', 'occurredAt', 'error'] as const;
const ERROR_FIELDS = ['message', 'status', 'type', 'retryAfterSeconds', 'agentExited'] as const;

type Mutation =
  | { kind: 'set'; field: string; value: unknown }
  | { kind: 'setError'; field: string; value: unknown }
  | { kind: 'delete'; field: string }
  | { kind: 'extra'; field: string; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('set' as const), field: fc.constantFrom(...FIELDS), value: hostileValue }),
  fc.record({
    kind: fc.constant('setError' as const),
    field: fc.constantFrom(...ERROR_FIELDS),
    value: hostileValue,
  }),
  fc.record({ kind: fc.constant('delete' as const), field: fc.constantFrom(...FIELDS) }),
  fc.record({ kind: fc.constant('extra' as const), field: hostileText, value: hostileValue }),
);

const validType = fc.constantFrom(
  'turn.failed',
  'turn.started',
  'turn.completed',
  'session.stopped',
  'session.closed',
);

/** A body that starts valid and takes 0–3 hostile mutations. */
const mutatedBody = fc
  .record({
    type: validType,
    sessionId: fc.stringMatching(/^[A-Za-z0-9._:-]{1,20}$/),
    mutations: fc.array(mutation, { maxLength: 3 }),
  })
  .map(({ type, sessionId, mutations }) => {
    const body: Record<string, unknown> = turnEventBody({ type, sessionId });
    for (const m of mutations) {
      if (m.kind === 'set' || m.kind === 'extra') body[m.field] = m.value;
      if (m.kind === 'delete') delete body[m.field];
      if (m.kind === 'setError') {
        const error = typeof body.error === 'object' && body.error !== null ? body.error : {};
        body.error = { ...error, [m.field]: m.value };
      }
    }
    return Buffer.from(JSON.stringify(body));
  });

/** Raw bodies JSON.stringify can't make: deep nesting, broken JSON, invalid UTF-8, non-objects, sizes. */
const rawBody = fc.oneof(
  fc.integer({ min: 1, max: 120_000 }).map((depth) => {
    const valid = JSON.stringify(turnEventBody());
    return Buffer.from(`${valid.slice(0, -1)},"deep":${'['.repeat(depth)}${']'.repeat(depth)}}`);
  }),
  fc.integer({ min: 0, max: 200 }).map((cut) => Buffer.from(JSON.stringify(turnEventBody()).slice(0, cut))),
  fc
    .constantFrom('{', 'nul', '{"type":"turn.failed",}', '[]', '"turn.failed"', '42', 'null', '', '\ufeff{}')
    .map((t) => Buffer.from(t)),
  fc
    .record({
      at: fc.nat(),
      bad: fc.constantFrom(
        [0xff],
        [0xc3, 0x28],
        [0xc0, 0xaf],
        [0xed, 0xa0, 0x80],
        [0xf8, 0x88, 0x80, 0x80, 0x80],
      ),
    })
    .map(({ at, bad }) => {
      const text = Buffer.from(
        JSON.stringify(turnEventBody({ error: { message: 'API Error: 503 ', status: 503 } })),
      );
      const i = text.indexOf('503 ') + 4 + (at % 2);
      return Buffer.concat([text.subarray(0, i), Buffer.from(bad), text.subarray(i)]);
    }),
  fc.integer({ min: -2, max: 300 }).map((extra) => {
    const base = JSON.stringify(turnEventBody({ padding: '' }));
    return Buffer.from(
      JSON.stringify(turnEventBody({ padding: 'x'.repeat(MAX_BODY_BYTES - base.length + extra) })),
    );
  }),
  fc.uint8Array({ maxLength: 400 }).map((bytes) => Buffer.from(bytes)),
);

type Signing =
  | { kind: 'valid' }
  | { kind: 'missing'; header: 'webhook-id' | 'webhook-timestamp' | 'webhook-signature' }
  | { kind: 'wrongSecret' }
  | { kind: 'skewed'; seconds: number }
  | { kind: 'signature'; value: string }
  | { kind: 'timestamp'; value: string }
  | { kind: 'id'; value: string }
  | { kind: 'upperCaseNames' };

const signing: fc.Arbitrary<Signing> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'valid' as const }) },
  fc.record({
    kind: fc.constant('missing' as const),
    header: fc.constantFrom(
      'webhook-id' as const,
      'webhook-timestamp' as const,
      'webhook-signature' as const,
    ),
  }),
  fc.constant({ kind: 'wrongSecret' as const }),
  fc.record({
    kind: fc.constant('skewed' as const),
    seconds: fc.oneof(
      fc.integer({ min: -300, max: 300 }),
      fc.integer({ min: 301, max: 10_000_000 }),
      fc.integer({ min: -10_000_000, max: -301 }),
    ),
  }),
  fc.record({
    kind: fc.constant('signature' as const),
    value: fc.oneof(fc.constantFrom('', 'v1,', 'v2,abc', 'v1,AAAA', `v1,${'A'.repeat(44)}`), hostileText),
  }),
  fc.record({
    kind: fc.constant('timestamp' as const),
    value: fc.oneof(
      fc.constantFrom('', '-1', '1e9', '0x6b0', ' 1796040000', '17960400000000000000'),
      hostileText,
    ),
  }),
  fc.record({ kind: fc.constant('id' as const), value: hostileText }),
  fc.constant({ kind: 'upperCaseNames' as const }),
);

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string | undefined>('application/json') },
  fc.constantFrom<string | undefined>(
    undefined,
    'text/plain',
    'application/json; charset=latin1',
    'application/x-www-form-urlencoded',
    'application/cloudevents+json',
    'APPLICATION/JSON; charset="utf-8"',
    '',
  ),
);

type Fuzzed = { body: Buffer; signing: Signing; contentType: string | undefined; id: string };

const request: fc.Arbitrary<Fuzzed> = fc.record({
  body: fc.oneof({ weight: 3, arbitrary: mutatedBody }, { weight: 2, arbitrary: rawBody }),
  signing,
  contentType,
  id: fc.stringMatching(/^msg_[A-Za-z0-9]{1,20}$/),
});

const OTHER_SECRET = `whsec_${Buffer.alloc(32, 0x07).toString('base64')}`;

/** The headers and body of a fuzzed request, signed (or not) as its `signing` says. */
function build(f: Fuzzed): { headers: Record<string, string | undefined>; body: Buffer } {
  const s = f.signing;
  const signed = signedRequest({
    body: f.body,
    id: s.kind === 'id' ? s.value : f.id,
    timestamp: NOW_SECONDS + (s.kind === 'skewed' ? s.seconds : 0),
    secret: s.kind === 'wrongSecret' ? OTHER_SECRET : TEST_SECRET,
    contentType: f.contentType,
  });
  const headers = { ...signed.headers };
  if (s.kind === 'missing') delete headers[s.header];
  if (s.kind === 'signature') headers['webhook-signature'] = s.value;
  if (s.kind === 'timestamp') headers['webhook-timestamp'] = s.value;
  if (s.kind === 'upperCaseNames') {
    for (const name of Object.keys(headers)) {
      headers[name.toUpperCase()] = headers[name];
      delete headers[name];
    }
  }
  return { headers, body: signed.body };
}

const ALLOWED = new Set([202, 400, 401, 413, 415]);

/** What every answer must be, whatever came in. */
function checkAnswer(answer: IngestResponse, f: Fuzzed): void {
  expect(ALLOWED.has(answer.status), `status ${answer.status}`).toBe(true);
  if (f.body.length > MAX_BODY_BYTES) expect(answer.status).toBe(413);
  if (answer.status === 202) return;
  const { error } = answer.body;
  expect(error.message.length).toBeGreaterThan(0);
  // The answer names the problem without echoing the input back.
  expect(error.message.length).toBeLessThan(400);
  if (answer.status === 400) {
    expect(error.field, error.message).toMatch(/\S/);
    expect(error.message.startsWith(`${error.field}:`), error.message).toBe(true);
  }
}

describe('hostile webhooks at the ingest', () => {
  it('answer only 202/400/401/413/415 with a message naming the problem; what is accepted is queued and handled', async () => {
    const seed = runSeed();
    const sqs = strictSqs();
    const ingest = {
      queue: new SqsTurnEventQueue({ client: sqs.client, queueUrl: 'https://sqs/turn-events' }),
      secret: TEST_SECRET,
      nowSeconds: () => NOW_SECONDS,
    };
    const wakes = strictSqs();
    const { deps } = memoryDeps({
      waker: new SqsWaker({ client: wakes.client, queueUrl: 'https://sqs/wake' }),
    });
    const statuses: Record<number, number> = {};
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(request, async (f) => {
        cases++;
        const queued = sqs.bodies.length;
        const answer = await ingestWebhook(ingest, build(f));
        statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
        checkAnswer(answer, f);
        expect(sqs.bodies.length - queued).toBe(answer.status === 202 ? 1 : 0);
        if (answer.status !== 202) return;
        // Accepted: it decodes off the queue and the classifier handles it (arming on SQS if it schedules).
        const event = decodeTurnEvent(sqs.bodies.at(-1) ?? '');
        await handleTurnEvent(deps, event);
      }),
      fcParams(seed, 3000),
    );

    const fresh = signedRequest({ id: 'msg_after_fuzz', body: turnEventBody({ sessionId: 's-after-fuzz' }) });
    expect(await ingestWebhook(ingest, fresh)).toEqual({
      status: 202,
      body: { accepted: true, id: 'msg_after_fuzz' },
    });
    const store = new MemoryRetryStore();
    const applied = await handleTurnEvent({ ...deps, store }, decodeTurnEvent(sqs.bodies.at(-1) ?? ''));
    expect(applied.decision.outcome).toBe('scheduled');
    report('ingest fuzz', { seed, cases, statuses });
    for (const status of ALLOWED) expect(statuses[status], `status ${status}`).toBeGreaterThan(0);
  }, 60_000);

  it('answer the same through the Function URL handler, with a JSON body', async () => {
    const seed = runSeed();
    const sqs = strictSqs();
    const handler = createIngestHandler({
      queue: new SqsTurnEventQueue({ client: sqs.client, queueUrl: 'https://sqs/turn-events' }),
      secret: TEST_SECRET,
      nowSeconds: () => NOW_SECONDS,
    });
    const direct = { queue: { send: async () => {} }, secret: TEST_SECRET, nowSeconds: () => NOW_SECONDS };
    const route = fc.constantFrom(
      { method: 'POST', path: '/webhooks/agent' },
      { method: 'POST', path: '/webhooks/agent' },
      { method: 'POST', path: '/webhooks/agent' },
      { method: 'GET', path: '/webhooks/agent' },
      { method: 'POST', path: '/webhooks/agent/../../admin' },
      { method: 'PUT', path: '/' },
    );
    let cases = 0;
    await fc.assert(
      fc.asyncProperty(request, route, fc.boolean(), async (f, where, base64) => {
        cases++;
        const req = build(f);
        const utf8 = Buffer.from(req.body.toString('utf8')).equals(req.body);
        const event: LambdaFunctionURLEvent = functionUrlEvent({
          ...where,
          headers: req.headers,
          body: req.body,
          base64: base64 || !utf8,
        });
        const out = await handler(event);
        const body = JSON.parse(out.body ?? '') as { error?: { code: string } };
        if (where.path !== '/webhooks/agent' || where.method !== 'POST') {
          expect(out.statusCode).toBe(where.path === '/webhooks/agent' ? 405 : 404);
          return;
        }
        const expected = await ingestWebhook(direct, req);
        expect(out.statusCode).toBe(expected.status);
        expect(body).toEqual(expected.body);
      }),
      fcParams(seed, 1500),
    );
    report('ingest handler fuzz', { seed, cases });
  }, 60_000);

  it('a replayed webhook id is accepted again and has no second effect', async () => {
    const seed = runSeed();
    await fc.assert(
      fc.asyncProperty(validType, fc.integer({ min: 2, max: 4 }), async (type, times) => {
        const sqs = strictSqs();
        const ingest = {
          queue: new SqsTurnEventQueue({ client: sqs.client, queueUrl: 'https://sqs/te' }),
          secret: TEST_SECRET,
          nowSeconds: () => NOW_SECONDS,
        };
        const { deps } = memoryDeps();
        await handleTurnEvent(deps, {
          type: 'turn.failed',
          sessionId: 's-42',
          turnId: 't-7',
          promptId: 'p-cap',
          occurredAt: NOW_SECONDS * 1000 - 5_000,
          error: { message: 'API Error: 503 overloaded', status: 503 },
        });
        const once = signedRequest({ id: 'msg_replayed', body: turnEventBody({ type }) });
        const logs: number[] = [];
        for (let i = 0; i < times; i++) {
          expect((await ingestWebhook(ingest, once)).status).toBe(202);
          await handleTurnEvent(deps, decodeTurnEvent(sqs.bodies.at(-1) ?? ''));
          logs.push((await deps.store.events('s-42')).items.length);
        }
        expect(new Set(logs).size).toBe(1);
      }),
      fcParams(seed, 200),
    );
  });
});
