import type { Classification, Failure, FailureClass, RetryReason } from './types';

// The classifier reads a failure text in one linear pass: a phrase automaton (Aho–Corasick) marks which
// signals occur, a digit scan finds HTTP statuses in status positions, and a bounded parser reads the
// duration after each retry-hint phrase. No regular expression runs over the text except whitespace and
// escape folding, so a 256 KiB body costs the same as its length whatever its shape.

type Signal =
  | 'refusal'
  | 'userAbort'
  | 'content'
  | 'contentWeak'
  | 'quota'
  | 'quotaBare'
  | 'resetsAt'
  | 'daily'
  | 'perMinute'
  | 'context'
  | 'contextWeak'
  | 'auth'
  | 'localOther'
  | 'modelNotFound'
  | 'permission'
  | 'permissionWeak'
  | 'capacity'
  | 'badRequest'
  | 'rate'
  | 'server'
  | 'transport'
  | 'transportWrapper'
  | 'timeoutWord'
  | 'limitWord'
  | 'invalid';

/** Phrases per signal, lowercase, matched anywhere after whitespace and JSON escapes are folded. */
// biome-ignore format: phrase tables read better packed than one phrase a line
const PHRASES: Record<Signal, readonly string[]> = {
  refusal: [
    'tool use was rejected', "doesn't want to proceed", 'does not want to proceed',
    "doesn't want to take this action", 'user denied', 'denied tool use', 'user rejected',
    'rejected by the user', 'rejected by user', 'has been denied', "haven't granted", 'have not granted',
    'user declined', 'declined by the user',
  ],
  userAbort: [
    'interrupted by user', 'request interrupted', 'request was aborted', 'operation was aborted',
    'aborterror', 'user aborted', 'aborted by user', 'aborted by the user', 'cancelled by user',
    'canceled by user', 'cancelled by the user', 'canceled by the user', 'user cancelled', 'user canceled',
    'request was cancelled', 'request was canceled', 'keyboardinterrupt', 'ctrl-c', 'turn aborted',
  ],
  content: [
    'content filter', 'content_filter', 'content-filter', 'content management policy', 'content_policy',
    'content policy', 'contentpolicy', 'responsibleaipolicy', 'output blocked', 'prompt was blocked',
    'response was blocked', 'candidate was blocked', 'blocked by safety', 'blocked by content',
    'blocked by the safety', 'blocked due to', 'blockreason', 'block_reason', 'blocked_reason',
    'prompt_feedback', 'promptfeedback', 'prohibited_content', 'safety settings', 'safety filter',
    'safety system', 'finish_reason: safety', 'finishreason: safety', 'finish reason: safety', '(safety)',
    'harm_category', 'recitation', 'flagged as', 'was flagged', 'flagged by', 'usage policy',
    'usage policies', 'acceptable use policy', 'violate our', 'violates our', 'violating our', 'refusal',
    'guardrail', 'moderation', 'inappropriate content', 'sensitive_words', 'data_inspection_failed',
  ],
  contentWeak: ['safety', 'blocked by'],
  quota: [
    'insufficient_quota', 'insufficient quota', 'exceeded your current quota', 'billing details',
    'plan and billing', 'billing_hard_limit', 'billing hard limit', 'billing_not_active',
    'billing not active', 'check your billing', 'credit balance', 'out of credits', 'more credits',
    'add credits', 'insufficient credits', 'insufficient_credits', 'not enough credits', 'credits exhausted',
    'no credits', 'insufficient balance', 'insufficient_balance', 'insufficient funds',
    'balance is insufficient', 'account balance', 'payment required', 'payment_required', 'usage limit',
    'usage_limit', 'hit your limit', 'reached your limit', 'monthly limit', 'monthly spend', 'monthly quota',
    'spend limit', 'spending limit', 'spend_limit', 'plan limit', "plan's limit", 'budget has been',
    'budget exceeded', 'exceeded budget', 'budgetexceeded', 'max budget', 'key limit exceeded',
    'servicequotaexceeded', 'daily limit', 'weekly limit', 'session limit', '-hour limit',
    'quota has been exhausted', 'upgrade your plan', 'upgrade to plus', 'upgrade to pro',
  ],
  quotaBare: [
    'quota exceeded', 'exceeded quota', 'quota_exceeded', 'quotaexceeded', 'exceeded the quota',
    'out of quota', 'quota reached', 'quota limit',
  ],
  resetsAt: [
    'resets at', 'reset at', 'resets on', 'reset on', 'will reset', 'available again at', 'resets_at',
  ],
  daily: ['per day', 'per-day', 'perday', 'per_day', 'daily', '/day', '(tpd)', '(rpd)'],
  perMinute: ['per minute', 'per-minute', 'perminute', 'per_minute', 'per min', '/min', '(tpm)', '(rpm)'],
  context: [
    'prompt is too long', 'prompt too long', 'context length', 'context_length', 'maximum context',
    'context window', 'context_window', 'contextwindow', 'context limit', 'context_limit',
    'input is too long', 'input too long', 'input length and', 'exceeds the context', 'exceed context',
    'exceeds the maximum number of tokens', 'input token count', 'too many input tokens',
    'maximum prompt length', 'request_too_large', 'reduce the length of the messages',
    'conversation is too long', 'conversation too long', 'context overflow', 'context_overflow',
    'exceeds the model', 'maximum input length',
  ],
  contextWeak: ['too many tokens'],
  auth: [
    'authentication_error', 'authenticationerror', 'authentication error', 'authentication failed',
    'authentication_failed', 'failed to authenticate', 'invalid authentication', 'invalid api key',
    'invalid_api_key', 'invalid api-key', 'incorrect api key', 'invalid x-api-key', 'x-api-key header',
    'api key not valid', 'api_key_invalid', 'api key is invalid', 'api key expired', 'api_key_expired',
    'api key not found', 'missing api key', 'no api key', 'api key is missing', 'api key is required',
    'provide an api key', 'not logged in', '/login', 'log in again', 'login again', 'sign in again',
    'signing in again', 'please log in', 'please login', 'login required', 'oauth token', 'oauth error',
    'token has expired', 'token expired', 'token is expired', 'token_expired', 'expired token',
    'expiredtoken', 'revoked', 'token included in the request is', 'unrecognizedclient', 'invalidsignature',
    'signaturedoesnotmatch', 'unauthenticated', 'unauthorized', 'refresh token', 'refresh_token',
    'token refresh', 'credentials', 'auth_error', 'invalid bearer', 'invalid token', 'invalid_token',
    'access token', 're-authenticate', 'reauthenticate', 'user not found', 'invalid_grant',
  ],
  localOther: [
    'eacces', 'eperm', 'enoent', 'enospc', 'emfile', 'no such file or directory', 'operation not permitted',
    'read-only file system', 'npm install', 'global npm', 'system memory', 'unable to allocate',
    'out of memory', 'llama runner', 'runner process', 'serialization error', 'failed to serialize',
    'previous query still processing', 'child process', 'command timed out',
  ],
  modelNotFound: [
    'model_not_found', 'model not found', 'modelnotfound', 'not_found_error', 'notfounderror',
    'does not exist', 'no endpoints found', 'support the requested model', 'unknown model', 'invalid model',
    'model is not supported', 'unsupported model', 'model_not_supported', 'no such model', 'resourcenotfound',
    'not a valid model',
  ],
  permission: [
    'permission_error', 'permissiondenied', 'permission_denied', 'permission denied', 'permission-denied',
    'accessdenied', 'access_denied', 'access denied', 'access is denied', "don't have access",
    'do not have access', 'does not have access', "doesn't have access", 'no access to', 'not authorized to',
    'not authorised to', 'does not have permission', 'do not have permission', "don't have permission",
    "doesn't have permission", 'lacks required permission', 'lacks permission', 'insufficient permission',
    'insufficient_permission', 'missing scope', 'model access is denied', 'location is not supported',
    'unsupported_country', 'country, region', 'region is not supported', 'not available in your country',
    'not available in your region', 'unavailable in your region', 'not supported in your', 'suspended',
    'deactivated', 'has been disabled', 'organization is disabled', 'must be verified', 'not enabled for',
    'has not been enabled', 'has not been used in project', 'service_disabled', 'not permitted to',
  ],
  permissionWeak: ['forbidden', 'not allowed'],
  capacity: [
    'overload', 'at capacity', 'over capacity', 'capacity exceeded', 'capacity constraint',
    'insufficient capacity', 'insufficient_capacity', 'insufficientcapacity', 'out of capacity',
    'no capacity', 'non-exhausted', 'no available account', 'no available claude account',
    'no available openai account', 'no accounts available', 'no account available', 'all accounts',
    'no healthy', 'unavailable', 'high demand', 'heavy load', 'is busy', 'are busy', 'too busy',
    'unable to process your request', 'modelnotready', 'model is loading', 'currently loading',
    'not ready yet', 'no instances available', '负载已饱和',
  ],
  badRequest: [
    'invalid_request_error', 'invalidrequesterror', 'invalid request', 'bad request', 'bad_request',
    'badrequest', 'validationexception', 'validation error', 'validation_error', 'validationerror',
    'invalid_argument', 'invalid argument', 'invalidargument', 'malformed', 'json body of your request',
    'unprocessable', 'not supported', "isn't supported", 'unsupported', 'unknown parameter',
    'unrecognized request argument', 'extra inputs are not permitted', 'invalid_value', 'invalid value',
    'invalid parameter', 'invalid_parameter', 'failed_precondition', 'not implemented',
  ],
  rate: [
    'rate limit', 'rate_limit', 'ratelimit', 'rate-limit', 'too many requests', 'too_many_requests',
    'throttl', 'resource_exhausted', 'resource exhausted', 'resource has been exhausted', 'error code: 1015',
    'error 1015', 'slow down', 'too many concurrent', 'concurrency limit', 'request limit', 'requests limit',
    'tokens per min', 'requests per min', 'no deployments available',
  ],
  server: [
    'internal server error', 'internal_server_error', 'internalservererror', 'internalserverexception',
    'internal error', 'internal_error', 'internalerror', 'api_error', 'server_error', 'servererror',
    'server error', 'bad gateway', 'bad_gateway', 'badgateway', 'gateway timeout', 'gateway time-out',
    'gateway_timeout', 'gatewaytimeout', 'the server had an error',
    'error occurred while processing your request', 'unexpected error during processing', 'modelstreamerror',
    'modelerrorexception', 'dependencyfailed', '"internal s', 'web server is returning an unknown error',
    'invalid response was received from the upstream', 'upstream error', 'upstream_error',
    'upstream request failed', '5xx-error',
  ],
  // Codex wraps whatever ended its stream in this; the stream ending is the failure, whatever text follows.
  transportWrapper: ['stream disconnected before completion'],
  transport: [
    'econnreset', 'econnrefused', 'econnaborted', 'etimedout', 'epipe', 'enotfound', 'eai_again',
    'ehostunreach', 'enetunreach', 'enetdown', 'socket hang up', 'socket closed',
    'socket connection was closed', 'socket disconnected', 'socketerror', 'socketexception', 'sockettimeout',
    'fetch failed', 'failed to fetch', 'und_err', 'other side closed', 'premature close', 'premature_close',
    'unexpected eof', 'early eof', 'eof occurred', 'unexpected end of stream', 'unexpected end of file',
    'stream disconnected', 'stream closed', 'stream error', 'stream ended', 'stream was reset',
    'stream reset', 'rst_stream', 'goaway', 'remotedisconnected', 'remote end closed', 'remote disconnected',
    'connectionreseterror', 'connectionrefusederror', 'connectionabortederror', 'connectionerror',
    'connection error', 'connection reset', 'connection refused', 'connectionrefused', 'connection closed',
    'connection aborted', 'connection failed', 'connection failure', 'connection timed out',
    'connection timeout', 'connection was closed', 'connection broken', 'connection lost',
    'connection terminated', 'connection errored', 'connect timeout', 'connecttimeout', 'readtimeout',
    'read timeout', 'read timed out', 'writetimeout', 'timed out', 'timeout', 'apiconnectionerror',
    'apitimeouterror', 'network error', 'networkerror', 'network_error', 'network is unreachable',
    'incompleteread', 'incomplete chunked read', 'incomplete message', 'incompletemessage',
    'peer closed connection', 'reset by peer', 'remoteprotocolerror', 'serverdisconnected',
    'server disconnected', 'disconnect/reset before headers', 'upstream connect error', 'tls handshake',
    'handshake timeout', 'deadline exceeded', 'deadline_exceeded', 'deadline expired', 'i/o timeout',
    'broken pipe', 'brokenpipe', 'websocket closed', 'websocket connection closed', 'websocket error',
    'websocket disconnected', 'error sending request', 'error decoding response body',
    'error reading response', 'unable to connect', 'failed to connect', 'could not connect', 'cannot connect',
    "can't connect", "couldn't connect", 'getaddrinfo', 'name resolution', 'no such host', 'dial tcp',
    'gateway request failed', 'transport error', 'clientconnectorerror', 'clientoserror',
    'payload is not completed', 'response ended prematurely', 'request ended without', 'err_connection',
    'err_network', 'err_internet_disconnected', 'reading the server response', 'err_http2', 'body timeout',
    'headers timeout', 'idle timeout',
  ],
  timeoutWord: ['timeout', 'timed out', 'deadline'],
  limitWord: ['limit'],
  invalid: ['invalid'],
};

// Retry hints, most specific first: an explicit `retry after` wins over `try again in`, which wins over
// a pool's `frees up in`; within a tier the largest wait wins (the server asked for at least that long).
const HINTS: ReadonlyArray<{ tier: 0 | 1 | 2; unitMs: number; phrases: readonly string[] }> = [
  {
    tier: 0,
    unitMs: 1000,
    phrases: ['retry after', 'retry-after', 'retry_after', 'retryafter', 'retrydelay'],
  },
  { tier: 0, unitMs: 1, phrases: ['retry-after-ms', 'retry_after_ms'] },
  { tier: 1, unitMs: 1000, phrases: ['again in', 'again after', 'retry in', 'wait for', 'please wait'] },
  {
    tier: 2,
    unitMs: 1000,
    phrases: [
      'frees up in',
      'free up in',
      'resets in',
      'reset in',
      'resets after',
      'reset after',
      'resets_in_seconds',
    ],
  },
];

// biome-ignore format: a table reads better packed
const UNIT_MS: Record<string, number> = {
  ms: 1, msec: 1, msecs: 1, millisecond: 1, milliseconds: 1, s: 1000, sec: 1000, secs: 1000, second: 1000,
  seconds: 1000, m: 60_000, min: 60_000, mins: 60_000, minute: 60_000, minutes: 60_000, h: 3_600_000,
  hr: 3_600_000, hrs: 3_600_000, hour: 3_600_000, hours: 3_600_000, d: 86_400_000, day: 86_400_000,
  days: 86_400_000, w: 604_800_000, week: 604_800_000, weeks: 604_800_000,
};

/** HTTP statuses the classifier knows, by the class each one means on its own. */
// biome-ignore format: a table reads better packed
const STATUS_CLASS: Readonly<Record<number, FailureClass>> = {
  400: 'bad_request', 401: 'auth', 402: 'quota', 403: 'permission', 404: 'bad_request', 405: 'bad_request',
  408: 'transport', 410: 'bad_request', 413: 'context_overflow', 415: 'bad_request', 422: 'bad_request',
  429: 'rate_limit', 451: 'permission', 500: 'server', 501: 'bad_request', 502: 'server', 503: 'capacity',
  504: 'server', 520: 'server', 521: 'server', 522: 'server', 523: 'server', 524: 'server', 525: 'server',
  526: 'server', 527: 'server', 529: 'capacity', 530: 'server', 598: 'transport', 599: 'transport',
};

// biome-ignore format: a table reads better packed
const STATUS_WORDS = new Set(['error', 'err', 'code', 'http', 'errorcode', 'error_code', 'http_code',
  'returned']);

/** Reason phrases that make a preceding three-digit number a status (`503 Service Unavailable`). */
// biome-ignore format: a table reads better packed
const STATUS_REASONS = [
  'service unavailable', 'service temporarily unavailable', 'too many requests', 'internal server error',
  'internal error', 'unauthorized', 'forbidden', 'bad gateway', 'gateway timeout', 'gateway time-out',
  'bad request', 'not found', 'overloaded', 'payment required', 'insufficient balance', 'request timeout',
  'payload too large', 'request entity too large', 'unprocessable', 'method not allowed', 'rate limit',
  'server error', 'status code', 'no non-exhausted', 'no available', 'upstream', '{',
];

// biome-ignore format: a table reads better packed
const NEVER_RETRIED: ReadonlySet<FailureClass> = new Set<FailureClass>([
  'auth', 'permission', 'bad_request', 'context_overflow', 'content_filter', 'quota', 'rate_limit',
]);

const RETRY_OF: Partial<Record<FailureClass, RetryReason>> = {
  capacity: 'capacity',
  server: 'capacity',
  transport: 'transport',
};

const HOUR_MS = 3_600_000;
/** A rate limit whose window reopens this far away is a spent quota in all but name. */
const QUOTA_HINT_MS = 6 * HOUR_MS;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Classifies a turn failure: its class, the reason to retry it in place (or `null`), and any wait hint. */
export function classify(failure: Failure): Classification {
  const text = normalize(`${failure.message ?? ''}\n${failure.type ?? ''}`);
  const scan = scanText(text);
  const fieldHint = failure.retryAfterSeconds;
  const retryAfterMs =
    typeof fieldHint === 'number' && Number.isFinite(fieldHint) && fieldHint >= 0
      ? Math.round(fieldHint * 1000)
      : scan.hintMs;
  const fieldStatus =
    failure.status !== undefined && STATUS_CLASS[failure.status] ? failure.status : undefined;
  const cls = decide(scan.signals, fieldStatus ?? firstStatus(text), retryAfterMs);
  const retry =
    RETRY_OF[cls] ?? (failure.agentExited === true && !NEVER_RETRIED.has(cls) ? 'agent_exited' : null);
  return retryAfterMs === undefined ? { class: cls, retry } : { class: cls, retry, retryAfterMs };
}

/** The precedence between signals; the first rule that holds names the class. */
function decide(
  has: ReadonlySet<Signal>,
  status: number | undefined,
  hintMs: number | undefined,
): FailureClass {
  const statusClass = status === undefined ? undefined : STATUS_CLASS[status];
  const is = (signal: Signal) => has.has(signal);
  if (is('refusal')) return 'permission';
  if (is('userAbort') && !is('timeoutWord')) return 'other';
  // Filters, spent quotas and overflows arrive as 400s and invalid_request_errors; their words decide.
  if (is('content')) return 'content_filter';
  const perMinuteOnly = is('perMinute') && !is('daily');
  if (is('quota') || status === 402 || (is('quotaBare') && !perMinuteOnly)) return 'quota';
  if (is('resetsAt') && is('limitWord')) return 'quota';
  // After quota: OpenRouter's `Prompt tokens limit exceeded … monthly limit` looks like an overflow.
  if (is('context') || (is('contextWeak') && !is('rate'))) return 'context_overflow';
  // Before 403: Bedrock answers expired STS credentials with a 403.
  if (is('auth')) return 'auth';
  if (is('localOther')) return 'other';
  if (is('modelNotFound')) return 'bad_request';
  if (is('permission')) return 'permission';
  if (statusClass && status !== undefined && status < 500 && status !== 429 && status !== 408)
    return statusClass;
  // Before the request-error types: Mistral reports its full backend as an invalid_request_error.
  if (is('capacity') || statusClass === 'capacity') return 'capacity';
  if (is('badRequest')) return 'bad_request';
  // An explicit 5xx outranks rate-limit words (a gateway relaying them); transport words outrank neither.
  const serverStatus = statusClass === 'server';
  if (status === 429 || ((is('rate') || is('quotaBare')) && !serverStatus)) {
    const longWait = hintMs !== undefined && hintMs >= QUOTA_HINT_MS;
    const dailyWindow = is('daily') && (hintMs === undefined || hintMs >= HOUR_MS);
    return longWait || dailyWindow ? 'quota' : 'rate_limit';
  }
  if (is('transportWrapper') && !serverStatus) return 'transport';
  if (serverStatus || is('server')) return 'server';
  if (is('transport') || statusClass === 'transport') return 'transport';
  if (is('permissionWeak')) return 'permission';
  if (is('contentWeak')) return 'content_filter';
  if (is('invalid')) return 'bad_request';
  return 'other';
}

/** Lowercases, folds JSON escapes (`\n`, `\"`, `\u0027`) and curly quotes, and collapses whitespace. */
function normalize(raw: string): string {
  return raw
    .toLowerCase()
    .replace(/\\u([0-9a-f]{4})/g, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    .replace(/\\[nrt]/g, ' ')
    .replace(/\\/g, '')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, ' ');
}

type Special = 'epoch' | 'resetsClock' | 'afterDate' | 'atClock' | 'terminated';
type Action = { signal: Signal } | { tier: 0 | 1 | 2; unitMs: number } | { special: Special };

const PATTERNS: Array<{ phrase: string; action: Action }> = [
  ...(Object.entries(PHRASES) as Array<[Signal, readonly string[]]>).flatMap(([signal, phrases]) =>
    phrases.map((phrase) => ({ phrase, action: { signal } })),
  ),
  ...HINTS.flatMap(({ tier, unitMs, phrases }) =>
    phrases.map((phrase) => ({ phrase, action: { tier, unitMs } })),
  ),
  { phrase: '|', action: { special: 'epoch' } },
  { phrase: 'resets ', action: { special: 'resetsClock' } },
  { phrase: 'again after ', action: { special: 'afterDate' } },
  { phrase: 'retry after ', action: { special: 'afterDate' } },
  { phrase: 'again at ', action: { special: 'atClock' } },
  { phrase: ': terminated', action: { special: 'terminated' } },
];

/** An Aho–Corasick automaton over all phrases: one pass over the text finds every occurrence of each. */
const AUTOMATON = buildAutomaton(PATTERNS.map((p) => p.phrase));

function buildAutomaton(phrases: readonly string[]) {
  // Transitions keyed by state × 2^16 + UTF-16 code unit, so one Map holds the whole trie.
  const next = new Map<number, number>();
  const edges: Array<Array<[number, number]>> = [[]];
  const fail: number[] = [0];
  const out: number[][] = [[]];
  phrases.forEach((phrase, id) => {
    let state = 0;
    for (let i = 0; i < phrase.length; i++) {
      const code = phrase.charCodeAt(i);
      let child = next.get(state * 0x10000 + code);
      if (child === undefined) {
        child = fail.length;
        fail.push(0);
        out.push([]);
        edges.push([]);
        next.set(state * 0x10000 + code, child);
        edges[state]?.push([code, child]);
      }
      state = child;
    }
    out[state]?.push(id);
  });
  const queue = (edges[0] ?? []).map(([, child]) => child);
  for (let head = 0; head < queue.length; head++) {
    const state = queue[head] ?? 0;
    for (const [code, child] of edges[state] ?? []) {
      queue.push(child);
      let f = fail[state] ?? 0;
      while (f !== 0 && !next.has(f * 0x10000 + code)) f = fail[f] ?? 0;
      const target = next.get(f * 0x10000 + code) ?? 0;
      fail[child] = target;
      out[child] = [...(out[child] ?? []), ...(out[target] ?? [])];
    }
  }
  return { next, fail, out };
}

type Scan = { signals: Set<Signal>; hintMs: number | undefined };

function scanText(t: string): Scan {
  const { next, fail, out } = AUTOMATON;
  const signals = new Set<Signal>();
  const best: Array<number | undefined> = [undefined, undefined, undefined];
  let state = 0;
  for (let i = 0; i < t.length; i++) {
    const code = t.charCodeAt(i);
    let to = next.get(state * 0x10000 + code);
    while (to === undefined && state !== 0) {
      state = fail[state] ?? 0;
      to = next.get(state * 0x10000 + code);
    }
    state = to ?? 0;
    for (const id of out[state] ?? []) {
      const pattern = PATTERNS[id];
      if (pattern) onMatch(t, i + 1 - pattern.phrase.length, i + 1, pattern.action, signals, best);
    }
  }
  if (t.trim() === 'terminated') signals.add('transport');
  return { signals, hintMs: best[0] ?? best[1] ?? best[2] };
}

function onMatch(
  t: string,
  start: number,
  end: number,
  action: Action,
  signals: Set<Signal>,
  best: Array<number | undefined>,
): void {
  if ('signal' in action) {
    // `x-ratelimit-remaining: 99` in a dumped header block says nothing about this failure, nor `timeout=5`.
    if (action.signal === 'rate' && t.charCodeAt(end) === DASH) return;
    if (t.charCodeAt(end) === EQUALS && t.startsWith('timeout', start)) return;
    signals.add(action.signal);
  } else if ('tier' in action) {
    // `will retry in 5s` and `Retrying in 4 seconds… (attempt 4/10)` are the client's own schedule.
    if (t.startsWith('will ', start - 5)) return;
    const read = readDuration(t, end, action.unitMs);
    if (!read || t.slice(read.end, read.end + 30).includes('attempt')) return;
    best[action.tier] = Math.max(best[action.tier] ?? 0, read.ms);
  } else if (specialHolds(t, end, action.special)) {
    signals.add(action.special === 'terminated' ? 'transport' : 'resetsAt');
  }
}

function specialHolds(t: string, end: number, special: Special): boolean {
  switch (special) {
    case 'epoch': // `usage limit reached|1767225600`
      return digitsAt(t, end) === 10;
    case 'resetsClock': // `resets 5pm`, `resets 17:00`
      return digitsAt(t, end) > 0 && /^\d{1,2}(:\d\d)? ?(am|pm)|^\d{1,2}:\d\d/.test(t.slice(end, end + 10));
    case 'afterDate': // `try again after July 3, 2026`
      return MONTHS.includes(t.slice(end, end + 3));
    case 'atClock': // `try again at 10 de jul. de 2026, 11:52`, not `try again at a later time`
      return digitsAt(t, end) > 0 || MONTHS.includes(t.slice(end, end + 3));
    case 'terminated': // undici's `TypeError: terminated`, not `process has terminated: …`
      return !isLetter(t.charCodeAt(end));
  }
}

/** Reads `2401s`, `1m30s`, `9m38.016s`, `4 days 20 hours 9 minutes` or a bare number (of `unitMs`). */
function readDuration(t: string, from: number, unitMs: number): { ms: number; end: number } | undefined {
  let i = from;
  for (let skipped = 0; skipped < 6 && ' :="\''.includes(t.charAt(i)) && i < t.length; skipped++) i++;
  let total = 0;
  let parts = 0;
  while (parts < 6) {
    const numberStart = i;
    i += digitsAt(t, i);
    if (i === numberStart || i - numberStart > 12) break;
    if (t.charCodeAt(i) === DOT && isDigit(t.charCodeAt(i + 1))) i += 1 + digitsAt(t, i + 1);
    const value = Number(t.slice(numberStart, i));
    // A date or a clock time (`2026-07-03`, `2:45`) is not a duration.
    if ('-/:'.includes(t.charAt(i)) && t.charAt(i) !== '') break;
    let unitStart = i;
    if (t.charCodeAt(unitStart) === SPACE) unitStart++;
    let unitEnd = unitStart;
    while (unitEnd - unitStart < 13 && isLetter(t.charCodeAt(unitEnd))) unitEnd++;
    const unit = UNIT_MS[t.slice(unitStart, unitEnd)];
    if (unit !== undefined) {
      total += value * unit;
      parts++;
      i = unitEnd;
    } else {
      if (parts === 0 && unitEnd === unitStart) {
        total = value * unitMs;
        parts = 1;
      }
      break;
    }
    let k = i;
    while (t.charAt(k) === ' ' || t.charAt(k) === ',') k++;
    if (t.startsWith('and ', k)) k += 4;
    if (!isDigit(t.charCodeAt(k))) break;
    i = k;
  }
  return parts > 0 && Number.isFinite(total) ? { ms: Math.round(total), end: i } : undefined;
}

/** The first known HTTP status in a status position: `API Error: 529`, `status 503`, `"code":429`. */
function firstStatus(t: string): number | undefined {
  let first = 0;
  while (first < t.length && !isWordChar(t.charCodeAt(first))) first++;
  for (let i = 0; i < t.length; ) {
    if (!isDigit(t.charCodeAt(i))) {
      i++;
      continue;
    }
    let j = i;
    while (isDigit(t.charCodeAt(j))) j++;
    if (j - i === 3) {
      const status = Number(t.slice(i, j));
      if (STATUS_CLASS[status] && inStatusPosition(t, i, j, first)) return status;
    }
    i = j;
  }
  return undefined;
}

function inStatusPosition(t: string, i: number, j: number, first: number): boolean {
  const before = t.charCodeAt(i - 1);
  const after = t.charCodeAt(j);
  // `429s`, `500ms`, `1.503`, `10:500` and `req_011…` are durations, decimals, times and ids.
  if (isWordChar(after) || ((after === DOT || after === COLON) && isDigit(t.charCodeAt(j + 1)))) return false;
  if (isLetter(before) || before === UNDERSCORE) return t.startsWith('errorcode_', i - 10);
  if (i === first) return true;
  if ((before === PAREN || before === BRACKET) && (after === PAREN_CLOSE || after === BRACKET_CLOSE))
    return true;
  const word = wordBefore(t, i);
  if (STATUS_WORDS.has(word.word) || /(status|status_?code)$/.test(word.word)) return true;
  if (word.word === 'was' && wordBefore(t, word.start).word === 'code') return true;
  if (word.word === 'number' && wordBefore(t, word.start).word === 'reference') return true;
  let k = j;
  for (let skipped = 0; skipped < 3 && ' -:(\u00b7['.includes(t.charAt(k)) && k < t.length; skipped++) k++;
  return STATUS_REASONS.some((reason) => t.startsWith(reason, k));
}

/** The word (letters and `_`) that ends just before `pos`, past up to four separators such as `": `. */
function wordBefore(t: string, pos: number): { word: string; start: number } {
  let k = pos;
  for (let skipped = 0; skipped < 4 && k > 0 && ' :=(["\'{'.includes(t.charAt(k - 1)); skipped++) k--;
  const end = k;
  while (k > 0 && end - k < 24 && (isLetter(t.charCodeAt(k - 1)) || t.charCodeAt(k - 1) === UNDERSCORE)) k--;
  return { word: t.slice(k, end), start: k };
}

function digitsAt(t: string, from: number): number {
  let k = from;
  while (k - from < 16 && isDigit(t.charCodeAt(k))) k++;
  return k - from;
}

const DASH = 45;
const DOT = 46;
const COLON = 58;
const EQUALS = 61;
const SPACE = 32;
const UNDERSCORE = 95;
const PAREN = 40;
const PAREN_CLOSE = 41;
const BRACKET = 91;
const BRACKET_CLOSE = 93;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

function isLetter(code: number): boolean {
  return code >= 97 && code <= 122;
}

function isWordChar(code: number): boolean {
  return isDigit(code) || isLetter(code) || code === UNDERSCORE;
}
