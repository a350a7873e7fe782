const REDACTED = '[REDACTED]';
const TRUNCATED = '…[truncated]';

// Each pattern is a fixed prefix followed by one character class, so a match attempt never backtracks over
// more than the run it stands on and a 256 KiB text is scanned in linear time.
// A key starts a word, or follows a URL escape (`%3Dsk-…`, `%20sk-…`) or an underscore (`MY_KEY_sk-…`).
const START = '(?:(?<![A-Za-z0-9-])|(?<=%[0-9A-Fa-f]{2}))';
const TOKEN_PATTERNS: readonly RegExp[] = [
  new RegExp(`${START}sk-[A-Za-z0-9_-]{12,}`, 'g'), // OpenAI sk-…, sk-proj-…, Anthropic sk-ant-…
  new RegExp(`${START}AIza[A-Za-z0-9_-]{30,}`, 'g'), // Google API keys
  new RegExp(`${START}xai-[A-Za-z0-9_-]{16,}`, 'g'), // xAI
  new RegExp(`${START}gh[pousr]_[A-Za-z0-9]{20,}`, 'g'), // GitHub tokens
  new RegExp(`${START}github_pat_[A-Za-z0-9_]{20,}`, 'g'),
  new RegExp(`${START}whsec_[A-Za-z0-9+/=]{8,}`, 'g'), // Standard Webhooks secrets
  /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/g, // AWS access key ids
];

/** `Bearer <token>` (also URL-encoded or after a no-break space): the scheme stays, the token goes. */
const BEARER = /(?<![A-Za-z])(bearer(?:[ \t\u00a0]|%20){1,8})[A-Za-z0-9._~+/=-]{8,}/gi;

/** `x-api-key: …`, `"x-api-key":"…"`, `api_key=…`, `aws_secret_access_key=…`: the name stays. */
const KEY_NAMES =
  'x-api-key|api[_-]?key|aws_secret_access_key|aws_session_token|x-amz-security-token|client_secret';
const KEY_VALUE = new RegExp(
  `((?:${KEY_NAMES})["']?[ \\t]{0,8}[:=][ \\t]{0,8}["']?)[^\\s"'&,;}{)\\]]{4,}`,
  'gi',
);

/** Replaces API keys, bearer tokens and cloud credentials with `[REDACTED]`, then cuts to `maxLength` chars. */
export function redactSecrets(text: string, maxLength = 2000): string {
  let out = text.replace(BEARER, `$1${REDACTED}`).replace(KEY_VALUE, `$1${REDACTED}`);
  for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
  if (out.length <= maxLength) return out;
  // Never split a surrogate pair: half an emoji would make the stored text invalid UTF-16.
  const code = out.charCodeAt(maxLength - 1);
  const cut = code >= 0xd800 && code <= 0xdbff ? maxLength - 1 : maxLength;
  return `${out.slice(0, Math.max(0, cut))}${TRUNCATED}`;
}
