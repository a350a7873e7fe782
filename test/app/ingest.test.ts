import { describe, expect, it } from 'vitest';
import { type IngestRequest, ingestWebhook, MAX_BODY_BYTES } from '../../shared/app/ingest';
import type { TurnEvent } from '../../shared/core/types';
import { encodeTurnEvent } from '../../shared/messages';
import { TurnEventQueueFullError } from '../../shared/ports';
import { parseSecret } from '../../shared/webhook/standard-webhooks';
import { NOW_SECONDS, recordingQueue, signedRequest, TEST_SECRET, turnEventBody } from '../support/webhooks';

function ingest(request: IngestRequest, queue = recordingQueue()) {
  const deps = { queue, secret: TEST_SECRET, nowSeconds: () => NOW_SECONDS };
  return { queue, answer: ingestWebhook(deps, request) };
}

describe('ingestWebhook', () => {
  it('queues the event under its webhook id and answers 202', async () => {
    const { queue, answer } = ingest(signedRequest({ id: 'msg_accepted' }));
    expect(await answer).toEqual({ status: 202, body: { accepted: true, id: 'msg_accepted' } });
    expect(queue.sent).toEqual([
      {
        dedupeId: 'msg_accepted',
        // `receivedAt`: by this server's clock, so lateness is never read off the sender's.
        event: expect.objectContaining({
          type: 'turn.failed',
          sessionId: 's-42',
          eventId: 'msg_accepted',
          receivedAt: NOW_SECONDS * 1000,
        }),
      },
    ]);
  });

  it('refuses an id with an unpaired surrogate, naming it, and stores error texts as well-formed Unicode', async () => {
    // DynamoDB stores UTF-8: an unpaired surrogate (a text cut in the middle of an emoji) is none, and the agent
    // would be sent back an id it may not read the same way.
    const refused = ingest(signedRequest({ body: turnEventBody({ turnId: 't-\ud83d' }) }));
    expect(await refused.answer).toMatchObject({
      status: 400,
      body: {
        error: {
          code: 'invalid_event',
          field: 'turnId',
          message: expect.stringMatching(/unpaired surrogates/),
        },
      },
    });
    expect(refused.queue.sent).toEqual([]);
    const cut = ingest(
      signedRequest({
        body: turnEventBody({ error: { message: '503 overloaded \ud83d', type: 'x\udc00' } }),
      }),
    );
    expect((await cut.answer).status).toBe(202);
    expect(cut.queue.sent[0]?.event.error).toMatchObject({
      message: '503 overloaded \ufffd',
      type: 'x\ufffd',
    });
  });

  it('stamps receivedAt to the millisecond when it has a clock that fine (a second would line up a burst)', async () => {
    const queue = recordingQueue();
    const deps = {
      queue,
      secret: TEST_SECRET,
      nowSeconds: () => NOW_SECONDS,
      nowMs: () => NOW_SECONDS * 1000 + 345,
    };
    expect((await ingestWebhook(deps, signedRequest({ id: 'msg_ms' }))).status).toBe(202);
    expect(queue.sent[0]?.event.receivedAt).toBe(NOW_SECONDS * 1000 + 345);
  });

  it('refuses an event dated more than 5 minutes ahead of its clock, naming occurredAt, and queues nothing', async () => {
    const at = (seconds: number) => new Date((NOW_SECONDS + seconds) * 1000).toISOString();
    const ahead = ingest(signedRequest({ body: turnEventBody({ occurredAt: at(301) }) }));
    expect(await ahead.answer).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid_event',
          field: 'occurredAt',
          message:
            "occurredAt: 301 s ahead of this server's clock; expected when the event happened (at most 5 minutes ahead)",
        },
      },
    });
    expect(ahead.queue.sent).toEqual([]);
    expect(
      (await ingest(signedRequest({ body: turnEventBody({ occurredAt: at(299) }) })).answer).status,
    ).toBe(202);
    expect(
      (await ingest(signedRequest({ body: turnEventBody({ occurredAt: at(-86_400) }) })).answer).status,
    ).toBe(202);
  });

  it('queues the error text with its secrets redacted and nothing cut off', async () => {
    const message = `401 invalid x-api-key sk-ant-api03-abcdefghijklmnopqrstuvwxyz ${'x'.repeat(3000)} Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln`;
    const { queue, answer } = ingest(
      signedRequest({ body: turnEventBody({ error: { message, status: 401 } }) }),
    );
    expect((await answer).status).toBe(202);
    const queued = queue.sent[0]?.event.error?.message ?? '';
    expect(queued).toBe(`401 invalid x-api-key [REDACTED] ${'x'.repeat(3000)} Bearer [REDACTED]`);
    expect(queue.sent[0]?.event.error?.status).toBe(401);
  });

  it("queues the error's type with its secrets redacted too", async () => {
    const key = 'sk-ant-api03-Qz7Xk2Lm9Pw4Rt6Yv8Bn3Cd5Fg1Hj0Ks';
    const { queue, answer } = ingest(
      signedRequest({
        body: turnEventBody({
          error: { message: '503 overloaded', status: 503, type: `invalid_api_key ${key}` },
        }),
      }),
    );
    expect((await answer).status).toBe(202);
    expect(queue.sent[0]?.event.error?.type).toBe('invalid_api_key [REDACTED]');
  });

  it('queues a text near the limit that redaction lengthens, cut to fit the queued message', async () => {
    // 256 KiB of `pwd=abcd ` grows by half when every value becomes [REDACTED]; the queue's encoder refused it.
    const message = 'pwd=abcd '.repeat(Math.floor(MAX_BODY_BYTES / 9) - 40);
    const body = turnEventBody({ error: { message, status: 503 } });
    expect(Buffer.byteLength(JSON.stringify(body))).toBeLessThanOrEqual(MAX_BODY_BYTES);
    const { queue, answer } = ingest(signedRequest({ body }));
    expect((await answer).status).toBe(202);
    const queued = queue.sent[0]?.event;
    expect(queued?.error?.message.startsWith('pwd=[REDACTED] pwd=[REDACTED]')).toBe(true);
    expect(queued?.error?.message.endsWith('…[truncated]')).toBe(true);
    expect(() => encodeTurnEvent(queued as TurnEvent)).not.toThrow();
  });

  it('verifies with key bytes as well as with a whsec_ secret', async () => {
    const queue = recordingQueue();
    const deps = { queue, secret: parseSecret(TEST_SECRET), nowSeconds: () => NOW_SECONDS };
    expect((await ingestWebhook(deps, signedRequest())).status).toBe(202);
  });

  it.each([
    'application/json; charset=utf-8',
    'Application/JSON;charset="UTF-8"',
    'application/cloudevents+json',
    'application/vnd.agent.turn+json; charset=utf-8',
  ])('accepts the content type %s', async (contentType) => {
    expect((await ingest(signedRequest({ contentType })).answer).status).toBe(202);
  });

  it('takes the content type given apart from the headers', async () => {
    const request = { ...signedRequest({ contentType: undefined }), contentType: 'application/json' };
    expect((await ingest(request).answer).status).toBe(202);
  });

  it('accepts a body of exactly 256 KiB', async () => {
    const base = JSON.stringify(turnEventBody({ padding: '' }));
    const body = JSON.stringify(turnEventBody({ padding: 'x'.repeat(MAX_BODY_BYTES - base.length) }));
    expect(Buffer.byteLength(body)).toBe(MAX_BODY_BYTES);
    expect((await ingest(signedRequest({ body })).answer).status).toBe(202);
  });

  it('answers 413 for a body over 256 KiB before anything else', async () => {
    const { queue, answer } = ingest(
      signedRequest({ body: Buffer.alloc(MAX_BODY_BYTES + 1, 0x20), contentType: 'text/plain' }),
    );
    expect(await answer).toEqual({
      status: 413,
      body: { error: { code: 'payload_too_large', message: expect.stringContaining('262144') } },
    });
    expect(queue.sent).toEqual([]);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['no content type', undefined],
    ['form data', 'application/x-www-form-urlencoded'],
    ['JSON in another charset', 'application/json; charset=iso-8859-1'],
    ['a look-alike', 'application/jsonp'],
  ])('answers 415 for %s', async (_, contentType) => {
    const { queue, answer } = ingest(
      signedRequest({ contentType, headers: { 'webhook-signature': 'v1,bad' } }),
    );
    expect(await answer).toEqual({
      status: 415,
      body: { error: { code: 'unsupported_media_type', message: expect.any(String) } },
    });
    expect(queue.sent).toEqual([]);
  });

  it.each([
    ['a wrong signature', { headers: { 'webhook-signature': 'v1,AAAA' } }, /does not verify/],
    ['a missing signature', { headers: { 'webhook-signature': undefined } }, /missing/],
    ['a missing id', { headers: { 'webhook-id': undefined } }, /missing/],
    ['a stale timestamp', { timestamp: NOW_SECONDS - 301 }, /5 minutes/],
    ['a malformed timestamp', { headers: { 'webhook-timestamp': 'later' } }, /does not verify/],
  ])('answers 401 for %s', async (_, options, message) => {
    const { queue, answer } = ingest(signedRequest(options));
    expect(await answer).toEqual({
      status: 401,
      body: { error: { code: 'unauthorized', message: expect.stringMatching(message) } },
    });
    expect(queue.sent).toEqual([]);
  });

  it('answers 401 when a signed body is swapped for another', async () => {
    const signed = signedRequest();
    const swapped = { ...signed, body: Buffer.from(JSON.stringify(turnEventBody({ sessionId: 's-evil' }))) };
    const { queue, answer } = ingest(swapped);
    expect((await answer).status).toBe(401);
    expect(queue.sent).toEqual([]);
  });

  it('checks the signature before reading the body', async () => {
    const { answer } = ingest(
      signedRequest({ body: '{not json', headers: { 'webhook-signature': undefined } }),
    );
    expect((await answer).status).toBe(401);
  });

  it('answers 400 naming the body for bytes that are not UTF-8', async () => {
    const body = Buffer.concat([Buffer.from('{"type":"'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    const { queue, answer } = ingest(signedRequest({ body }));
    expect(await answer).toEqual({
      status: 400,
      body: { error: { code: 'invalid_json', message: expect.stringMatching(/UTF-8/), field: 'body' } },
    });
    expect(queue.sent).toEqual([]);
  });

  it.each(['{"type":', '', 'turn.failed', '{"a":1}{"b":2}'])(
    'answers 400 invalid_json for %j',
    async (body) => {
      const { queue, answer } = ingest(signedRequest({ body }));
      expect(await answer).toEqual({
        status: 400,
        body: { error: { code: 'invalid_json', message: expect.any(String), field: 'body' } },
      });
      expect(queue.sent).toEqual([]);
    },
  );

  it('answers 400 naming the field for a body that breaks the schema', async () => {
    const { queue, answer } = ingest(
      signedRequest({ body: turnEventBody({ error: { message: 'x', status: 'x' } }) }),
    );
    expect(await answer).toEqual({
      status: 400,
      body: {
        error: {
          code: 'invalid_event',
          message: expect.stringMatching(/^error\.status: /),
          field: 'error.status',
        },
      },
    });
    expect(queue.sent).toEqual([]);
  });

  // Found by a security review: SPEC's pattern admits `.` and `..`, which no URL path can hold; the resume POST
  // to `{agent}/sessions/../prompts` went to `{agent}/prompts`, and the local `POST /sessions/../stop` was `/stop`.
  it.each(['.', '..'])(
    'answers 400 naming sessionId for the session id %s, and queues nothing',
    async (sessionId) => {
      const { queue, answer } = ingest(signedRequest({ body: turnEventBody({ sessionId }) }));
      expect(await answer).toEqual({
        status: 400,
        body: {
          error: {
            code: 'invalid_event',
            message: 'sessionId: expected 1–128 characters of [A-Za-z0-9._:-], not . or ..',
            field: 'sessionId',
          },
        },
      });
      expect(queue.sent).toEqual([]);
    },
  );

  it.each(['...', '.a', 'a..b', '..:x'])(
    'queues the session id %s, which is no dot segment',
    async (sessionId) => {
      const { queue, answer } = ingest(signedRequest({ body: turnEventBody({ sessionId }) }));
      expect(await answer).toMatchObject({ status: 202 });
      expect(queue.sent).toHaveLength(1);
    },
  );

  it('answers 400 naming the body for JSON that is not an object', async () => {
    const { answer } = ingest(signedRequest({ body: '[1,2]' }));
    expect(await answer).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_event', field: 'body' } },
    });
  });

  it('survives the deepest nesting that fits in 256 KiB', async () => {
    const prefix = JSON.stringify(turnEventBody()).slice(0, -1);
    const depth = Math.floor((MAX_BODY_BYTES - prefix.length - 20) / 2);
    const body = `${prefix},"deep":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const { queue, answer } = ingest(signedRequest({ body }));
    expect((await answer).status).toBe(202);
    expect(queue.sent[0]?.event).not.toHaveProperty('deep');
  });

  it('lets a queue failure throw so that nothing answered 202 is lost', async () => {
    const { answer } = ingest(signedRequest(), recordingQueue(new Error('SQS is down')));
    await expect(answer).rejects.toThrow('SQS is down');
  });

  it('answers 503 with the retry delay when the queue is full, naming its depth and limit', async () => {
    const full = recordingQueue(new TurnEventQueueFullError(10_000, 10_000, 5));
    expect(await ingest(signedRequest({ id: 'msg_flood' }), full).answer).toEqual({
      status: 503,
      body: {
        error: {
          code: 'queue_full',
          message: 'the turn-events queue is full (10000 events queued, limit 10000); retry after 5 s',
        },
      },
      retryAfterSeconds: 5,
    });
    expect(full.sent).toEqual([]);
  });

  it('checks the signature before a full queue is reported', async () => {
    const full = recordingQueue(new TurnEventQueueFullError(3, 3, 5));
    const request = signedRequest({ secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}` });
    expect((await ingest(request, full).answer).status).toBe(401);
  });
});
