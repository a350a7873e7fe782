import type { Failure } from './types';

/** The upstream of a failure that names none: every such failure shares one pacer. */
export const DEFAULT_UPSTREAM = 'default';
/** Upstream keys are at most this long and hold only `[a-z0-9.:_-]`, so they fit a DynamoDB key and a log line. */
export const UPSTREAM_MAX_LENGTH = 100;

const UPSTREAM_KEY = /^[a-z0-9.:_-]{1,100}$/;

/** Throws unless `upstream` is a key `upstreamOf` could give: 1–100 characters of `[a-z0-9.:_-]`. */
export function assertUpstream(upstream: string): void {
  if (!UPSTREAM_KEY.test(upstream)) {
    throw new Error(
      `invalid upstream ${JSON.stringify(upstream.slice(0, 120))}: expected 1–100 of [a-z0-9.:_-]`,
    );
  }
}

// A URL's host (and port): the scheme, optional user info (never kept), then the host up to the path.
const URL_HOST =
  /\b[a-z][a-z0-9+.-]{0,15}:\/\/(?:[^\s/?#@]{0,200}@)?(\[[0-9a-f:.]{2,45}\]|[a-z0-9.-]{1,253})(?::(\d{1,5}))?/gi;
// A bare `host:port`; what follows is checked in code (a third `:digits` makes it `file:line:col`).
const HOST_PORT =
  /(?<![a-z0-9._/@:-])(\[[0-9a-f:.]{2,45}\]|[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?):(\d{1,5})(?![0-9a-z_-])/gi;
// Node's socket errors name an IPv6 peer without brackets (`connect ECONNREFUSED ::1:4016`): the last `:digits`
// is the port. (`localhost` resolves to ::1 first since Node 17.)
const NODE_IPV6_PEER =
  /\b(?:connect|read|write) E[A-Z]+ ((?:[0-9a-f]{0,4}:){2,7}(?:[0-9a-f]{1,4}|\d{1,3}(?:\.\d{1,3}){3})?):(\d{1,5})(?![0-9a-z:])/gi;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
/** Source files in stack traces (`cli.js:409`), never hosts. */
const SOURCE_FILE =
  /\.(?:js|mjs|cjs|ts|tsx|jsx|py|go|rs|java|kt|rb|dart|php|cs|c|cc|cpp|h|swift|scala|ex|exs)$/;
/** Pages an error text links to for information (`https://status.claude.com`, docs, consoles), not the host that failed. */
const INFO_HOST =
  /^(?:status|help|docs|support|community|www|platform|console|dashboard)\.|^(?:aka\.ms|go\.microsoft\.com|ai\.google\.dev)$|(?:^|\.)cloudflare\.com$/;

/**
 * Providers named by an error's words: a cloud that hosts other providers' models comes first (a Bedrock
 * error often names Anthropic's model), then the rest by where they first appear in the text.
 */
const HOSTING_PROVIDERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['bedrock', /bedrock/i],
  ['vertex', /vertex/i],
  ['azure', /azure/i],
];
const PROVIDERS: ReadonlyArray<readonly [string, RegExp]> = [
  // Anthropic's error body: {"type":"error","error":{"type":"overloaded_error",…}}.
  [
    'anthropic',
    /anthropic|claude|overloaded_error|\bapi_error\b|"type"\s*:\s*"error"\s*,\s*"error"\s*:\s*\{/i,
  ],
  ['openai', /openai|chatgpt/i],
  ['gemini', /gemini|generativelanguage/i],
  ['mistral', /mistral/i],
  ['openrouter', /openrouter/i],
  ['deepseek', /deepseek/i],
  ['groq', /\bgroq/i],
  ['cohere', /cohere/i],
  ['xai', /\bxai\b|\bgrok\b/i],
];

/**
 * The upstream a failure happened on, the key resumes are paced by: the one the sender named (`upstream`), else
 * the first `host:port` or URL host in the text (`127.0.0.1:4016`, `sr2-gateway:4016`, `api.anthropic.com`),
 * else the provider its words or error type name (`anthropic`, `openai`, `bedrock`, …), else `default`.
 * Lowercase, `[a-z0-9.:_-]`, at most 100 characters.
 */
export function upstreamOf(failure: Pick<Failure, 'message' | 'type' | 'upstream'>): string {
  if (failure.upstream !== undefined && failure.upstream !== '')
    return safeKey(failure.upstream.toLowerCase());
  const text = failure.message.slice(0, 4000);
  const host = firstHost(text);
  if (host) return safeKey(host);
  const words = `${text} ${failure.type ?? ''}`;
  for (const [name, pattern] of HOSTING_PROVIDERS) if (pattern.test(words)) return name;
  let best: { name: string; at: number } | undefined;
  for (const [name, pattern] of PROVIDERS) {
    const at = words.search(pattern);
    if (at >= 0 && (best === undefined || at < best.at)) best = { name, at };
  }
  return best?.name ?? DEFAULT_UPSTREAM;
}

function firstHost(text: string): string | undefined {
  const candidates: Array<{ at: number; key: string }> = [];
  for (const match of text.matchAll(URL_HOST)) {
    const host = hostOf(match[1] ?? '');
    if (host && !INFO_HOST.test(host)) {
      candidates.push({ at: match.index ?? 0, key: withPort(host, match[2]) });
      break;
    }
  }
  for (const match of text.matchAll(NODE_IPV6_PEER)) {
    const address = (match[1] ?? '').toLowerCase();
    const port = Number(match[2]);
    if (!address.includes('::') && address.split(':').length < 8) continue;
    if (port < 1 || port > 65_535) continue;
    candidates.push({ at: match.index ?? 0, key: withPort(address, match[2]) });
    break;
  }
  for (const match of text.matchAll(HOST_PORT)) {
    const end = (match.index ?? 0) + match[0].length;
    if (/^:\d/.test(text.slice(end, end + 2))) continue;
    const host = hostOf(match[1] ?? '');
    const port = Number(match[2]);
    if (!host || port < 1 || port > 65_535 || SOURCE_FILE.test(host)) continue;
    // `error:500`, `Error:500:server_error`: a single word before a status-like number is no host.
    const single = !host.includes('.') && !host.includes(':') && host !== 'localhost';
    if (single && (port < 1024 || !/[-\d]/.test(host))) continue;
    candidates.push({ at: match.index ?? 0, key: withPort(host, match[2]) });
    break;
  }
  candidates.sort((a, b) => a.at - b.at);
  return candidates[0]?.key;
}

/** The host lowercased if it is one: an IPv4 or IPv6 address, `localhost`, or dot-separated DNS labels. */
function hostOf(raw: string): string | undefined {
  const host = raw.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[')) return host.slice(1, -1);
  if (IPV4.test(host)) return host.split('.').every((part) => Number(part) <= 255) ? host : undefined;
  const labels = host.split('.');
  if (!labels.every((label) => LABEL.test(label))) return undefined;
  // A name of digits only (`13` of `13:49`) is a clock, not a host.
  if (/^[\d.]+$/.test(host)) return undefined;
  return host;
}

function withPort(host: string, port: string | undefined): string {
  return port === undefined ? host : `${host}:${Number(port)}`;
}

function safeKey(key: string): string {
  return key.replace(/[^a-z0-9.:_-]/g, '-').slice(0, UPSTREAM_MAX_LENGTH) || DEFAULT_UPSTREAM;
}
