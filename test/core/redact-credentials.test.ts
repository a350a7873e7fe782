import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../shared/core/redact';

/** `unit` repeated to at least 256 KiB. */
function kib256(unit: string): string {
  return unit.repeat(Math.ceil((256 * 1024) / unit.length));
}

/** The redacted text, never cut, so that a large input is compared whole. */
function redactWhole(text: string): string {
  return redactSecrets(text, Number.POSITIVE_INFINITY);
}

describe('redactSecrets on passwords in URLs', () => {
  it.each([
    [
      'a gateway URL in an ECONNRESET text',
      'read ECONNRESET https://admin:hunter2pass@gw.internal:4016/v1/messages',
      'read ECONNRESET https://admin:[REDACTED]@gw.internal:4016/v1/messages',
    ],
    ['a URL with no user', 'redis://:s3cretpw@cache:6379 refused', 'redis://:[REDACTED]@cache:6379 refused'],
    [
      'a password holding an @ (the last @ ends it)',
      'postgres://app:p@ss:w0rd@db.internal/app',
      'postgres://app:[REDACTED]@db.internal/app',
    ],
  ])('replaces the password of %s', (_name, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });
});

describe('redactSecrets where one credential runs into another', () => {
  it.each([
    // Found by the secrets property (seed 1271276115): `api_key`'s rule took `password` for its value and hid it.
    [
      'a key whose value looks like a name',
      'APIkey="password": "-DaEUR*Yh~Od1qcimtQ"&x=1',
      'APIkey="password": "[REDACTED]"&x=1',
    ],
    // Seed 3: `token`'s rule took the key `password` for its value.
    [
      'a key after a name that takes quoted values',
      'a new token: "password": "ztkf6Bz~SvJ3Rv$OF", or',
      'a new token: "password": "[REDACTED]", or',
    ],
    ['a password that starts like null', '{"password": "null!abc123"}', '{"password": "[REDACTED]"}'],
    [
      'a client secret redacted once',
      'client_id=app&client_secret=abcd1234',
      'client_id=app&client_secret=[REDACTED]',
    ],
  ])('redacts %s', (_name, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });
});

describe("redactSecrets on other services' tokens and on cookies", () => {
  it.each([
    ['a GitLab token', 'git clone failed: glpat-abcdefghij0123456789xyz', 'git clone failed: [REDACTED]'],
    [
      'a Hugging Face token',
      'HTTP 401 for key=hf_abcdefghijklmnopqrstuvwxyz0123',
      'HTTP 401 for key=[REDACTED]',
    ],
    ['a Cookie header', 'Cookie: session=abcdef0123456789; theme=dark\nnext', 'Cookie: [REDACTED]\nnext'],
    ['a JSON set-cookie', '{"set-cookie": "sid=abc123456; Path=/"}', '{"set-cookie": "[REDACTED]"}'],
  ])('redacts %s', (_name, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it.each(['the cookie jar is empty', 'Cookies: none', 'hf_hub_download failed'])('leaves "%s"', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('redactSecrets on Authorization headers', () => {
  it.each([
    ['Basic', 'Authorization: Basic dXNlcjpwYXNz', 'Authorization: Basic [REDACTED]'],
    ['Token', 'Authorization: Token abc123def456', 'Authorization: Token [REDACTED]'],
    ['a proxy header', 'Proxy-Authorization: Basic dXNlcjpwYXNz', 'Proxy-Authorization: Basic [REDACTED]'],
    ['a value with no scheme', 'authorization: dXNlcjpwYXNz', 'authorization: [REDACTED]'],
    [
      'Digest, to the end of its line',
      'Authorization: Digest username="admin", nonce="dcd98b", response="6629fae49393a0539745"\nstatus 401',
      'Authorization: Digest [REDACTED]\nstatus 401',
    ],
    [
      'AWS SigV4',
      'Authorization: AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20250101/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host, Signature=fe5f80f77d5fa3beca038a24',
      'Authorization: AWS4-HMAC-SHA256 [REDACTED], SignedHeaders=host, Signature=[REDACTED]',
    ],
    [
      'a JSON field',
      '{"authorization": "Basic dXNlcjpwYXNz", "host": "gw"}',
      '{"authorization": "Basic [REDACTED]", "host": "gw"}',
    ],
    [
      'a JSON field holding escaped quotes',
      '{"authorization":"Digest username=\\"admin\\", response=\\"6629fae4\\""}',
      '{"authorization":"Digest [REDACTED]"}',
    ],
    [
      'JSON inside a JSON string',
      '{"message":"{\\"authorization\\":\\"Basic dXNlcjpwYXNz\\",\\"x\\":1}"}',
      '{"message":"{\\"authorization\\":\\"Basic [REDACTED]\\",\\"x\\":1}"}',
    ],
    [
      'a Node headers object',
      "headers: { authorization: 'Token abc123def456', host: 'gw' }",
      "headers: { authorization: 'Token [REDACTED]', host: 'gw' }",
    ],
    [
      'a Go header map',
      'map[Authorization:[Basic dXNlcjpwYXNz] Content-Type:[application/json]]',
      'map[Authorization:[Basic [REDACTED]] Content-Type:[application/json]]',
    ],
  ])('replaces the credential of %s', (_name, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it('leaves a Bearer header as the bearer rule redacts it', () => {
    expect(redactSecrets('{"authorization":"Bearer eyJhbGciOi.eyJzdWIi.sig-123"}')).toBe(
      '{"authorization":"Bearer [REDACTED]"}',
    );
  });
});

describe('redactSecrets on named credentials', () => {
  it.each([
    [
      'an access_token parameter',
      'GET /v1/models?access_token=ya29.a0AfH6SMBx&alt=json',
      'GET /v1/models?access_token=[REDACTED]&alt=json',
    ],
    [
      'a refresh token form body',
      'grant_type=refresh_token&refresh_token=1//0gAbCdEf',
      'grant_type=refresh_token&refresh_token=[REDACTED]',
    ],
    [
      'id_token and token',
      'id_token=eyJhbGciOi.e30.c2ln&token=abcd1234',
      'id_token=[REDACTED]&token=[REDACTED]',
    ],
    [
      'passwords and secrets',
      'password=hunter2&passwd=hunter3&pwd=hunter4&secret=s3cr3tval',
      'password=[REDACTED]&passwd=[REDACTED]&pwd=[REDACTED]&secret=[REDACTED]',
    ],
    [
      'a client secret',
      'client_id=app&client_secret=GOCSPX-abc123',
      'client_id=app&client_secret=[REDACTED]',
    ],
    [
      'an S3 presigned URL',
      'GET https://b.s3.amazonaws.com/k?X-Amz-Expires=60&X-Amz-Signature=abcdef0123456789 403',
      'GET https://b.s3.amazonaws.com/k?X-Amz-Expires=60&X-Amz-Signature=[REDACTED] 403',
    ],
    [
      'an Azure SAS URL',
      'https://acct.blob.core.windows.net/c/b?sv=2020-08-04&sig=AbCd%2Bef%3D&se=2025',
      'https://acct.blob.core.windows.net/c/b?sv=2020-08-04&sig=[REDACTED]&se=2025',
    ],
    ['a signature parameter', 'callback?signature=0a1b2c3d4e5f', 'callback?signature=[REDACTED]'],
    [
      'a JSON password with spaces',
      '{"password": "correct horse battery", "user": "ops"}',
      '{"password": "[REDACTED]", "user": "ops"}',
    ],
    ['a JSON token', '{"token":"abc"}', '{"token":"[REDACTED]"}'],
    ['a Python dict password', "{'password': 'hunter2'}", "{'password': '[REDACTED]'}"],
    ['an escaped JSON password', '"{\\"password\\":\\"hunter2\\"}"', '"{\\"password\\":\\"[REDACTED]\\"}"'],
    ['a YAML password', 'db:\n  password: hunter2secret\n', 'db:\n  password: [REDACTED]\n'],
    ['a YAML secret', 'secret: s3cr3tvalue', 'secret: [REDACTED]'],
  ])('replaces the value of %s', (_name, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });
});

describe('redactSecrets on texts with no credential', () => {
  it.each([
    'request to https://api.openai.com:443/v1 failed',
    'connect ECONNREFUSED http://127.0.0.1:4016, mail ops@example.com',
    'token limit exceeded',
    'max_tokens=4096',
    'tokens=123',
    '{"token_count": 5}',
    'password reset required',
    'Authorization failed',
    '{"password": null, "token": null, "secret": false}',
    'invalid token: missing access token in response',
    "Invalid 'refresh_token': empty string.",
    'fetch failed (cause: UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first certificate)',
    'messages.1.content.0.thinking.signature: Field required',
    'https://claude.com/form/cyber-use-case?token=[REDACTED_TOKEN]',
    'grant_type=refresh_token',
  ])('leaves "%s" alone', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });
});

describe('redactSecrets on 256 KiB of adversarial credentials', () => {
  it.each([
    [
      'a:a:… after a scheme, ending in @',
      `https://${kib256('a:')}@gw.internal`,
      'https://a:[REDACTED]@gw.internal',
    ],
    ['@@@… after a user', `https://a:${kib256('@')}`, 'https://a:[REDACTED]@'],
    ['password=password=…', kib256('password='), 'password=[REDACTED]'],
    ['token==…', kib256('token=='), 'token=[REDACTED]'],
    [
      'a Basic credential',
      `Authorization: Basic ${'A'.repeat(256 * 1024)}`,
      'Authorization: Basic [REDACTED]',
    ],
    ['a Digest list', `Authorization: Digest ${kib256('a="b", ')}`, 'Authorization: Digest [REDACTED]'],
    [
      'escaped quotes in a JSON value',
      `"authorization": "Token ${kib256('\\"')}"`,
      '"authorization": "Token [REDACTED]"',
    ],
  ])('redacts %s', (_name, text, expected) => {
    expect(redactWhole(text)).toBe(expected);
  });

  it.each([
    ['a:a:…@ with no scheme', `${kib256('a:')}@`],
    ['a:a:… after a scheme with no @', `https://${kib256('a:')}`],
    ['http://a:http://a:…', kib256('http://a:')],
    ['://:://…', kib256('://:')],
    ['"token": ""token": "…', kib256('"token": "')],
    ['token token …', kib256('token ')],
    ['a name and spaces', `password${' '.repeat(256 * 1024)}`],
  ])('leaves %s alone', (_name, text) => {
    expect(redactWhole(text)).toBe(text);
  });

  it('redacts every one of many password: fields', () => {
    const text = 'password: '.repeat(2 * 13_108);
    expect(text.length).toBeGreaterThanOrEqual(256 * 1024);
    expect(redactWhole(text)).toBe('password: [REDACTED] '.repeat(13_108));
  });
});
