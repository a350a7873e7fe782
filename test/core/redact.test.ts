import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../shared/core/redact';

describe('redactSecrets', () => {
  it.each([
    [
      'an OpenAI key',
      'Incorrect API key provided: sk-abcdefghijklmnopqrstuvwx1234',
      'Incorrect API key provided: [REDACTED]',
    ],
    ['an OpenAI project key', 'key sk-proj-AbC_dEf-123456789012345678 failed', 'key [REDACTED] failed'],
    ['an Anthropic key', 'using sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWx-yz0123456789', 'using [REDACTED]'],
    ['a Google key', 'key=AIzaSyA1234567890abcdefghijklmnopqrstu rejected', 'key=[REDACTED] rejected'],
    ['an xAI key', 'xai-AbCdEfGhIjKlMnOpQrStUv is invalid', '[REDACTED] is invalid'],
    ['a GitHub token', 'token ghp_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789 expired', 'token [REDACTED] expired'],
    [
      'a bearer token',
      'Authorization: Bearer eyJhbGciOi.eyJzdWIi.sig-123',
      'Authorization: Bearer [REDACTED]',
    ],
    ['an x-api-key header', 'x-api-key: my-secret-key-value', 'x-api-key: [REDACTED]'],
    ['an x-api-key JSON field', '{"x-api-key":"my-secret-key-value"}', '{"x-api-key":"[REDACTED]"}'],
    ['an api_key parameter', 'GET /v1?api_key=abc123def456&model=x', 'GET /v1?api_key=[REDACTED]&model=x'],
    ['an apikey parameter', 'url?apikey=abc123def456', 'url?apikey=[REDACTED]'],
    ['an AWS access key id', 'creds AKIAIOSFODNN7EXAMPLE used', 'creds [REDACTED] used'],
    ['an AWS session key id', 'creds ASIAIOSFODNN7EXAMPLE used', 'creds [REDACTED] used'],
    [
      'an AWS secret key',
      'aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      'aws_secret_access_key=[REDACTED]',
    ],
    ['a webhook secret', 'secret whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'secret [REDACTED]'],
  ])('replaces %s', (_name, text, expected) => {
    expect(redactSecrets(text)).toBe(expected);
  });

  it.each([
    'API Error: 503 no non-exhausted claude accounts available (127.0.0.1:4016)',
    'Invalid API key · Please run /login',
    'the task-force met at 5',
    'AKIA is not a key on its own',
    'request id: req_011CZAZLDXQdVKwgHDw6GTiN',
  ])('leaves "%s" alone', (text) => {
    expect(redactSecrets(text)).toBe(text);
  });

  it('cuts a long text to maxLength and says so', () => {
    expect(redactSecrets('x'.repeat(50), 10)).toBe(`${'x'.repeat(10)}…[truncated]`);
  });

  it('keeps a text at maxLength whole', () => {
    expect(redactSecrets('x'.repeat(2000))).toBe('x'.repeat(2000));
  });

  it('redacts before it cuts so no half of a key survives', () => {
    const out = redactSecrets(`${'x'.repeat(10)} sk-abcdefghijklmnopqrstuvwx1234`, 20);
    expect(out).toBe(`${'x'.repeat(10)} [REDACTED…[truncated]`);
    expect(out).not.toContain('sk-');
  });

  it('never splits a surrogate pair', () => {
    expect(redactSecrets(`abc${'😀'.repeat(5)}`, 4)).toBe('abc…[truncated]');
  });

  it('handles 256 KiB of near-misses', () => {
    const text = 'sk-'.repeat(87_381) + 'api_key= '.repeat(1000) + 'Bearer '.repeat(1000);
    expect(redactSecrets(text).endsWith('…[truncated]')).toBe(true);
  });
});
