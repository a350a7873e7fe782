import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../shared/core/redact';
import { assertUpstream, upstreamOf } from '../../shared/core/upstream';
import { loadCorpus } from '../support/corpus';

/** The corpus entry whose text holds `snippet`; the table names texts by a piece of them. */
function corpusText(snippet: string): string {
  const entry = loadCorpus().find((e) => e.text.includes(snippet));
  if (!entry) throw new Error(`no corpus text holds ${JSON.stringify(snippet)}`);
  return entry.text;
}

describe('upstreamOf on the labelled corpus', () => {
  it.each([
    ['(sr2-gateway at 127.0.0.1:4016)', '127.0.0.1:4016'],
    ['connect ECONNRESET 127.0.0.1:4016', '127.0.0.1:4016'],
    ['(read ECONNRESET) http://127.0.0.1:4016/v1/messages', '127.0.0.1:4016'],
    ['request to http://sr2-gateway.internal:4016/v1/messages', 'sr2-gateway.internal:4016'],
    ['unexpected EOF from sr2-gateway:4016', 'sr2-gateway:4016'],
    ['error sending request for url (http://127.0.0.1:15721/v1/responses)', '127.0.0.1:15721'],
    ['https://chatgpt.com/backend-api/codex/responses', 'chatgpt.com'],
    ['bedrock-runtime.us-west-2.amazonaws.com', 'bedrock-runtime.us-west-2.amazonaws.com'],
    [
      'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
      'anthropic',
    ],
    [
      '{"type":"error","error":{"type":"api_error","message":"Internal server error"},"request_id"',
      'anthropic',
    ],
    ['529 - overloaded_error: The API is temporarily overloaded.', 'anthropic'],
    ['litellm.InternalServerError: AnthropicException - Overloaded', 'anthropic'],
    ['API Error: 503 no non-exhausted claude accounts available', 'anthropic'],
    ['**Failed to connect to api.anthropic.com: ECONNREFUSED**', 'anthropic'],
    ['litellm.ServiceUnavailableError: GeminiException', 'gemini'],
    ['That model is currently overloaded with other requests', 'openai'],
    ['Bedrock is unable to process your request.', 'bedrock'],
    ['litellm.APIConnectionError: AzureException', 'azure'],
    ['Selected model is at capacity. Please try a different model.', 'default'],
    ['error decoding response body: early eof', 'default'],
  ])('%s → %s', (snippet, expected) => {
    expect(upstreamOf({ message: corpusText(snippet) })).toBe(expected);
  });

  it('skips a status page link and names the provider instead', () => {
    const text = corpusText('✻ 529 Overloaded · Retrying in 24s');
    expect(text).toContain('https://status.claude.com');
    expect(upstreamOf({ message: text })).toBe('anthropic');
  });

  it('skips a Cloudflare error page link and names the provider it fronts', () => {
    expect(upstreamOf({ message: corpusText('www.cloudflare.com/5xx-error-landing') })).toBe('openai');
  });

  it('reads no host in a stack trace, a log timestamp or a file:line', () => {
    expect(
      upstreamOf({ message: corpusText('at Fetch.onAborted (node:internal/deps/undici/undici:11736:53)') }),
    ).toBe('default');
    expect(upstreamOf({ message: corpusText('at createHangUpError (_http_client.js:323:15)') })).toBe(
      'default',
    );
    expect(upstreamOf({ message: corpusText('(asyncio_helper.py:101 ThreadPoolExecutor-0_0)') })).toBe(
      'default',
    );
    expect(upstreamOf({ message: corpusText('2025-06-17T07:44:29 +1ms') })).toBe('anthropic');
  });

  it('gives every corpus text a safe key of at most 100 characters', () => {
    for (const entry of loadCorpus()) {
      const key = upstreamOf({ message: redactSecrets(entry.text) });
      expect(() => assertUpstream(key), entry.source).not.toThrow();
    }
  });
});

describe('upstreamOf on shapes beyond the corpus', () => {
  it.each([
    ['connect ECONNREFUSED localhost:8080', 'localhost:8080'],
    ['GET https://API.Anthropic.COM/v1/messages failed', 'api.anthropic.com'],
    ['fetch https://user:sk-secret@gw.example.com:8443/v1 failed', 'gw.example.com:8443'],
    ['connect ECONNREFUSED [::1]:4016', '::1:4016'],
    // Node names an IPv6 peer without brackets; `localhost` is ::1 first since Node 17 (a review).
    ['connect ECONNREFUSED ::1:4016', '::1:4016'],
    ['read ECONNRESET 2001:db8::7:443', '2001:db8::7:443'],
    ['connect ETIMEDOUT ::ffff:10.0.0.7:8080', '::ffff:10.0.0.7:8080'],
    ['Openai Error:500:server_error', 'openai'],
    ['upstream error:502 at gateway', 'default'],
    ['at generate (/$bunfs/root/src/entrypoints/cli.js:409:9268)', 'default'],
    ['at 12:00 the pool was empty', 'default'],
    ['socket hang up from 300.1.1.1:4016', 'default'],
    ['first 10.0.0.7:4016 then https://other.example.com', '10.0.0.7:4016'],
    ['https://first.example.com then 10.0.0.7:4016', 'first.example.com'],
  ])('%s → %s', (message, expected) => {
    expect(upstreamOf({ message })).toBe(expected);
  });

  it('takes the upstream the sender names first, lowercased, whatever the text names', () => {
    expect(upstreamOf({ message: 'connect ECONNRESET 127.0.0.1:4016', upstream: 'SR2-Pool:eu-1' })).toBe(
      'sr2-pool:eu-1',
    );
    expect(upstreamOf({ message: 'Overloaded', type: 'overloaded_error', upstream: 'gw' })).toBe('gw');
    expect(upstreamOf({ message: 'connect ECONNRESET 127.0.0.1:4016', upstream: '' })).toBe('127.0.0.1:4016');
  });

  it('names the provider from the error type when the text names none', () => {
    expect(upstreamOf({ message: 'Overloaded', type: 'overloaded_error' })).toBe('anthropic');
    expect(upstreamOf({ message: 'Service unavailable' })).toBe('default');
  });

  it('cuts a long host to 100 characters', () => {
    const host = `${'a'.repeat(60)}.${'b'.repeat(60)}.example.com`;
    const key = upstreamOf({ message: `request to https://${host}/v1 failed` });
    expect(key).toBe(host.slice(0, 100));
    expect(() => assertUpstream(key)).not.toThrow();
  });

  it('reads only the start of a huge text', () => {
    expect(upstreamOf({ message: `${'x '.repeat(3000)} 10.0.0.7:4016` })).toBe('default');
  });

  it('refuses keys with unsafe characters or beyond 100 characters', () => {
    for (const bad of ['', 'U#x', 'a b', 'A', 'x'.repeat(101), 'é'])
      expect(() => assertUpstream(bad)).toThrow();
  });
});
