import type { LambdaFunctionURLEvent } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { createIngestHandler } from '../../lambdas/ingest/handler';
import { expectOneReadPerInterval, REFRESH_INTERVAL_MS, readsOf, storedSecret } from '../support/secrets';
import { NOW_SECONDS, recordingQueue, signedRequest, TEST_SECRET, turnEventBody } from '../support/webhooks';

type UrlEventOptions = {
  method?: string;
  path?: string;
  request?: { headers: Record<string, string | undefined>; body: Buffer };
  base64?: boolean;
};

// A Lambda Function URL event (payload format 2.0) carrying a webhook request.
function functionUrlEvent(options: UrlEventOptions = {}): LambdaFunctionURLEvent {
  const method = options.method ?? 'POST';
  const path = options.path ?? '/webhooks/agent';
  const request = options.request ?? signedRequest();
  const base64 = options.base64 ?? false;
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: request.headers,
    body: request.body.toString(base64 ? 'base64' : 'utf8'),
    isBase64Encoded: base64,
    requestContext: {
      accountId: 'anonymous',
      apiId: 'abc123',
      domainName: 'abc123.lambda-url.eu-west-1.on.aws',
      domainPrefix: 'abc123',
      requestId: 'req-1',
      routeKey: '$default',
      stage: '$default',
      time: '30/Nov/2026:12:00:00 +0000',
      timeEpoch: NOW_SECONDS * 1000,
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '198.51.100.7', userAgent: 'hub/1.0' },
    },
  };
}

function handler(queue = recordingQueue()) {
  return {
    queue,
    handle: createIngestHandler({ queue, secret: TEST_SECRET, nowSeconds: () => NOW_SECONDS }),
  };
}

describe('createIngestHandler', () => {
  it('answers 202 with JSON for a signed webhook', async () => {
    const { queue, handle } = handler();
    const result = await handle(functionUrlEvent({ request: signedRequest({ id: 'msg_url' }) }));
    expect(result).toEqual({
      statusCode: 202,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ accepted: true, id: 'msg_url' }),
    });
    expect(queue.sent.map((sent) => sent.dedupeId)).toEqual(['msg_url']);
  });

  it('decodes a base64 body and verifies the signature over its bytes', async () => {
    const { queue, handle } = handler();
    const result = await handle(functionUrlEvent({ base64: true }));
    expect(result.statusCode).toBe(202);
    expect(queue.sent).toHaveLength(1);
  });

  it('keeps non-ASCII text intact when the body is not base64', async () => {
    const request = signedRequest({
      body: turnEventBody({ note: 'café ☕', error: { message: 'überlastet' } }),
    });
    const { queue, handle } = handler();
    expect((await handle(functionUrlEvent({ request }))).statusCode).toBe(202);
    expect(queue.sent[0]?.event.error?.message).toBe('überlastet');
  });

  it('passes a refusal through with its status and error body', async () => {
    const { queue, handle } = handler();
    const result = await handle(
      functionUrlEvent({ request: signedRequest({ headers: { 'webhook-signature': 'v1,AAAA' } }) }),
    );
    expect(result.statusCode).toBe(401);
    expect(JSON.parse(String(result.body))).toMatchObject({ error: { code: 'unauthorized' } });
    expect(queue.sent).toEqual([]);
  });

  it('reads an event without a body as an empty body', async () => {
    const event = functionUrlEvent({ request: signedRequest({ body: '' }) });
    delete event.body;
    const { handle } = handler();
    const result = await handle(event);
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(String(result.body))).toMatchObject({ error: { code: 'invalid_json', field: 'body' } });
  });

  it.each(['/', '/webhooks', '/webhooks/agent/', '/webhooks/agents', '/sessions/s-42'])(
    'answers 404 for %s',
    async (path) => {
      const { queue, handle } = handler();
      const result = await handle(functionUrlEvent({ path }));
      expect(result.statusCode).toBe(404);
      expect(JSON.parse(String(result.body))).toEqual({ error: { code: 'not_found' } });
      expect(queue.sent).toEqual([]);
    },
  );

  it.each(['GET', 'PUT', 'DELETE'])('answers 405 for %s on the webhook path', async (method) => {
    const { queue, handle } = handler();
    const result = await handle(functionUrlEvent({ method }));
    expect(result).toMatchObject({ statusCode: 405, headers: { allow: 'POST' } });
    expect(queue.sent).toEqual([]);
  });

  it('throws when the queue fails, so the Function URL answers 5xx', async () => {
    const { handle } = handler(recordingQueue(new Error('SQS is down')));
    await expect(handle(functionUrlEvent())).rejects.toThrow('SQS is down');
  });
});

describe('createIngestHandler with a secret that is rotated', () => {
  const ROTATED = `whsec_${Buffer.alloc(32, 0x2b).toString('base64')}`;
  const FORGED = `whsec_${Buffer.alloc(32, 0x2c).toString('base64')}`;

  // The handler as index.ts composes it: the secret read at cold start, then handed over as a Secret.
  async function rotatingHandler() {
    const stored = storedSecret(TEST_SECRET);
    await stored.secret.value();
    const queue = recordingQueue();
    const handle = createIngestHandler({ queue, secret: stored.secret, nowSeconds: () => NOW_SECONDS });
    return { ...stored, queue, handle };
  }

  it('accepts a webhook signed with the rotated secret after one refresh, then without reading', async () => {
    const { handle, queue, clock, rotate, reads } = await rotatingHandler();
    rotate(ROTATED);
    clock.at += REFRESH_INTERVAL_MS;
    const first = await handle(
      functionUrlEvent({ request: signedRequest({ id: 'msg_1', secret: ROTATED }) }),
    );
    const second = await handle(
      functionUrlEvent({ request: signedRequest({ id: 'msg_2', secret: ROTATED }) }),
    );
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(queue.sent.map((sent) => sent.dedupeId)).toEqual(['msg_1', 'msg_2']);
    expect(reads()).toEqual(readsOf(2));
  });

  it('keeps accepting the old secret while the store still holds it', async () => {
    const { handle, clock, reads } = await rotatingHandler();
    clock.at += REFRESH_INTERVAL_MS;
    expect((await handle(functionUrlEvent())).statusCode).toBe(202);
    expect(reads()).toEqual(readsOf(1));
  });

  it('answers 401 to many badly signed webhooks with at most one read per interval', async () => {
    const { handle, queue, clock, reads } = await rotatingHandler();
    const forged = async () =>
      (await handle(functionUrlEvent({ request: signedRequest({ secret: FORGED }) }))).statusCode ?? 0;
    await expectOneReadPerInterval(forged, clock, reads);
    expect(queue.sent).toEqual([]);
  });

  it('reads a malformed secret again within the refresh interval, not the cache lifetime, once it is fixed', async () => {
    // A rotation that left out `whsec_`: every webhook throws (the Function URL answers 5xx, the hub retries), and
    // the fixed value was picked up only when the 5-minute cache ran out.
    const stored = storedSecret(TEST_SECRET.slice('whsec_'.length));
    await stored.secret.value();
    const queue = recordingQueue();
    const handle = createIngestHandler({ queue, secret: stored.secret, nowSeconds: () => NOW_SECONDS });
    await expect(handle(functionUrlEvent({ request: signedRequest({ id: 'msg_1' }) }))).rejects.toThrow(
      'webhook secret must be whsec_ followed by base64',
    );
    stored.rotate(TEST_SECRET);
    stored.clock.at += REFRESH_INTERVAL_MS;
    const fixed = await handle(functionUrlEvent({ request: signedRequest({ id: 'msg_2' }) }));
    expect(fixed.statusCode).toBe(202);
    expect(queue.sent.map((sent) => sent.dedupeId)).toEqual(['msg_2']);
  });

  it.each([
    ['no signature header', { 'webhook-signature': undefined }],
    ['a malformed timestamp', { 'webhook-timestamp': 'soon' }],
    ['a stale timestamp', { 'webhook-timestamp': String(NOW_SECONDS - 3600) }],
  ])('answers 401 to %s without reading the secret again', async (_, headers) => {
    const { handle, clock, reads } = await rotatingHandler();
    clock.at += REFRESH_INTERVAL_MS;
    const result = await handle(functionUrlEvent({ request: signedRequest({ headers }) }));
    expect(result.statusCode).toBe(401);
    expect(reads()).toEqual(readsOf(1));
  });
});
