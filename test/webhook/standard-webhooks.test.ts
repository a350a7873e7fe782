import { describe, expect, it } from 'vitest';
import {
  generateSecret,
  parseSecret,
  sign,
  signedHeaders,
  type VerifyInput,
  verify,
} from '../../shared/webhook/standard-webhooks';
import { NOW_SECONDS, signedRequest, TEST_SECRET } from '../support/webhooks';

// The worked example of the Standard Webhooks specification.
const SPEC_VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

function verifyInput(overrides: Partial<VerifyInput> = {}): VerifyInput {
  const request = signedRequest();
  return {
    headers: request.headers,
    body: request.body,
    secret: TEST_SECRET,
    nowSeconds: NOW_SECONDS,
    ...overrides,
  };
}

describe('sign', () => {
  it('matches the Standard Webhooks test vector', () => {
    expect(sign(SPEC_VECTOR)).toBe(SPEC_VECTOR.signature);
  });

  it('signs a Buffer body the same as its string', () => {
    expect(sign({ ...SPEC_VECTOR, body: Buffer.from(SPEC_VECTOR.body) })).toBe(SPEC_VECTOR.signature);
  });

  it('signs with key bytes the same as with the whsec_ secret', () => {
    expect(sign({ ...SPEC_VECTOR, secret: parseSecret(SPEC_VECTOR.secret) })).toBe(SPEC_VECTOR.signature);
  });

  it('gives the three headers', () => {
    expect(signedHeaders(SPEC_VECTOR)).toEqual({
      'webhook-id': SPEC_VECTOR.id,
      'webhook-timestamp': String(SPEC_VECTOR.timestamp),
      'webhook-signature': SPEC_VECTOR.signature,
    });
  });
});

describe('parseSecret', () => {
  it('decodes the base64 after whsec_', () => {
    expect(Buffer.from(parseSecret(TEST_SECRET))).toEqual(Buffer.alloc(32, 0x2a));
  });

  it.each([
    ['no prefix', 'MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
    ['nothing after the prefix', 'whsec_'],
    ['characters outside base64', 'whsec_not base64!'],
    ['a stray character', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwX'],
    ['a wrong prefix', 'wh_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
  ])('refuses a secret with %s', (_, secret) => {
    expect(() => parseSecret(secret)).toThrow('webhook secret must be whsec_ followed by base64');
  });
});

describe('generateSecret', () => {
  it('gives whsec_ and 32 random bytes that parse back', () => {
    const secret = generateSecret();
    expect(secret).toMatch(/^whsec_/);
    expect(parseSecret(secret)).toHaveLength(32);
    expect(generateSecret()).not.toBe(secret);
  });
});

describe('verify', () => {
  it('accepts what sign signed and returns the id and timestamp', () => {
    expect(verify(verifyInput())).toEqual({ ok: true, id: 'msg_test_1', timestamp: NOW_SECONDS });
  });

  it('accepts the Standard Webhooks test vector', () => {
    const headers = {
      'webhook-id': SPEC_VECTOR.id,
      'webhook-timestamp': String(SPEC_VECTOR.timestamp),
      'webhook-signature': SPEC_VECTOR.signature,
    };
    const result = verify({
      headers,
      body: Buffer.from(SPEC_VECTOR.body),
      secret: SPEC_VECTOR.secret,
      nowSeconds: SPEC_VECTOR.timestamp,
    });
    expect(result).toEqual({ ok: true, id: SPEC_VECTOR.id, timestamp: SPEC_VECTOR.timestamp });
  });

  it('reads headers in any case', () => {
    const { headers, body } = signedRequest();
    const shouted = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]),
    );
    expect(verify(verifyInput({ headers: shouted, body })).ok).toBe(true);
  });

  it('refuses a signature made with another secret', () => {
    const { headers } = signedRequest({ secret: generateSecret() });
    expect(verify(verifyInput({ headers }))).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a body changed after signing', () => {
    const { headers } = signedRequest({ body: { type: 'turn.completed' } });
    expect(verify(verifyInput({ headers }))).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses an id changed after signing', () => {
    const { headers, body } = signedRequest();
    const result = verify(verifyInput({ headers: { ...headers, 'webhook-id': 'msg_other' }, body }));
    expect(result).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a timestamp changed after signing', () => {
    const { headers, body } = signedRequest();
    const result = verify(
      verifyInput({ headers: { ...headers, 'webhook-timestamp': String(NOW_SECONDS + 1) }, body }),
    );
    expect(result).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it.each([
    ['exactly 5 minutes old', -300, true],
    ['exactly 5 minutes ahead', 300, true],
    ['5 minutes and 1 second old', -301, false],
    ['5 minutes and 1 second ahead', 301, false],
  ])('treats a timestamp %s as fresh: %s', (_, offsetSeconds, fresh) => {
    const request = signedRequest({ timestamp: NOW_SECONDS + offsetSeconds });
    const result = verify(verifyInput(request));
    expect(result).toEqual(
      fresh ? expect.objectContaining({ ok: true }) : { ok: false, reason: 'stale_timestamp' },
    );
  });

  it('honours a custom tolerance', () => {
    const request = signedRequest({ timestamp: NOW_SECONDS - 61 });
    expect(verify(verifyInput({ ...request, toleranceSeconds: 60 }))).toEqual({
      ok: false,
      reason: 'stale_timestamp',
    });
  });

  it.each(['soon', '1.5', '-5', '', '12345678901234567890'])('refuses the timestamp %j', (timestamp) => {
    const { headers, body } = signedRequest();
    const result = verify(verifyInput({ headers: { ...headers, 'webhook-timestamp': timestamp }, body }));
    expect(result).toEqual({ ok: false, reason: timestamp === '' ? 'missing_headers' : 'bad_timestamp' });
  });

  it('accepts any one matching signature among several', () => {
    const { headers, body } = signedRequest();
    const good = headers['webhook-signature'];
    const other = sign({ id: 'msg_test_1', timestamp: NOW_SECONDS, body, secret: generateSecret() });
    const several = { ...headers, 'webhook-signature': `${other} v1a,c2lnbmF0dXJl ${good}` };
    expect(verify(verifyInput({ headers: several, body })).ok).toBe(true);
  });

  it('refuses when none of several signatures match', () => {
    const { headers, body } = signedRequest();
    const others = [generateSecret(), generateSecret()].map((secret) =>
      sign({ id: 'msg_test_1', timestamp: NOW_SECONDS, body, secret }),
    );
    const result = verify(
      verifyInput({ headers: { ...headers, 'webhook-signature': others.join(' ') }, body }),
    );
    expect(result).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it.each([
    ['another version', (good: string) => good.replace('v1,', 'v2,')],
    ['no version', (good: string) => good.slice('v1,'.length)],
    ['a truncated signature', (good: string) => good.slice(0, -2)],
    ['a signature with extra characters', (good: string) => `${good}AA`],
  ])('refuses %s', (_, mangle) => {
    const { headers, body } = signedRequest();
    const mangled = { ...headers, 'webhook-signature': mangle(headers['webhook-signature'] ?? '') };
    expect(verify(verifyInput({ headers: mangled, body }))).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it.each(['webhook-id', 'webhook-timestamp', 'webhook-signature'])(
    'refuses a request without %s',
    (name) => {
      const { headers, body } = signedRequest({ headers: { [name]: undefined } });
      expect(verify(verifyInput({ headers, body }))).toEqual({ ok: false, reason: 'missing_headers' });
    },
  );
});
