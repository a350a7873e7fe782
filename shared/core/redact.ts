const REDACTED = '[REDACTED]';
const TRUNCATED = '…[truncated]';

// Each pattern is a fixed prefix (a name from a short list, bounded runs of spaces and quotes) followed by one
// character-class run (an escape pair `\"` counts as one character), or by two runs where the first excludes
// the character that ends it (a URL's user stops at `:`; its password, before `@`, stops at `/`), so a match
// attempt never backtracks over more than the run it stands on and a 256 KiB text is scanned in linear time.
// A key starts a word, or follows a URL escape (`%3Dsk-…`, `%20sk-…`) or an underscore (`MY_KEY_sk-…`).
// Also after an escape whose last character is a letter: a JSON or C one (`\nsk-…`, `\u0027sk-…`) or a
// terminal's colour code, raw or escaped (`\x1b[1msk-…`, `\u001b[1msk-…`).
const ESCAPE_BEFORE = String.raw`\\[nrtfbv]|\\u[0-9A-Fa-f]{4}|(?:\x1b|\\u001[bB])\[[0-9;:?]{0,32}[A-Za-z]`;

/**
 * `prefix` where it starts a word: after none of the characters in `inWord` (a character class's body), or after
 * a URL escape or an escape as above. The prefix comes first and what precedes it is looked at after it, so the
 * engine skips ahead to the prefix's first character instead of testing each position of the text.
 */
function startingWord(prefix: string, inWord = 'A-Za-z0-9-'): string {
  return `(?:${prefix})(?<=(?:^|[^${inWord}]|%[0-9A-Fa-f]{2}|${ESCAPE_BEFORE})(?:${prefix}))`;
}

const TOKEN_PATTERNS: readonly RegExp[] = [
  new RegExp(`${startingWord('sk-')}[A-Za-z0-9_-]{12,}`, 'g'), // OpenAI sk-…, sk-proj-…, Anthropic sk-ant-…
  new RegExp(`${startingWord('AIza')}[A-Za-z0-9_-]{30,}`, 'g'), // Google API keys
  new RegExp(`${startingWord('xai-')}[A-Za-z0-9_-]{16,}`, 'g'), // xAI
  new RegExp(`${startingWord('gh[pousr]_')}[A-Za-z0-9]{20,}`, 'g'), // GitHub tokens
  new RegExp(`${startingWord('github_pat_')}[A-Za-z0-9_]{20,}`, 'g'),
  new RegExp(`${startingWord('whsec_')}[A-Za-z0-9+/=]{8,}`, 'g'), // Standard Webhooks secrets
  new RegExp(`${startingWord('glpat-')}[A-Za-z0-9_-]{20,}`, 'g'), // GitLab personal access tokens
  new RegExp(`${startingWord('hf_')}[A-Za-z0-9]{30,}`, 'g'), // Hugging Face tokens
  /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/g, // AWS access key ids
  new RegExp(`${startingWord('xox[a-z]-')}[A-Za-z0-9-]{10,}`, 'g'), // Slack bot, user, client (`xoxc-`), cookie (`xoxd-`)… tokens
  new RegExp(`${startingWord('xapp-')}[A-Za-z0-9-]{10,}`, 'g'),
  new RegExp(`${startingWord('gsk_')}[A-Za-z0-9]{20,}`, 'g'), // Groq
  new RegExp(`${startingWord('pplx-')}[A-Za-z0-9]{20,}`, 'g'), // Perplexity
  new RegExp(`${startingWord('r8_')}[A-Za-z0-9]{20,}`, 'g'), // Replicate
  new RegExp(`${startingWord('npm_')}[A-Za-z0-9]{30,}`, 'g'), // npm
  new RegExp(`${startingWord('hv[sbr]\\.')}[A-Za-z0-9_-]{20,}`, 'g'), // HashiCorp Vault
  new RegExp(`${startingWord('[rs]k_(?:live|test)_')}[A-Za-z0-9]{16,}`, 'g'), // Stripe
  // A JSON Web Token: header and payload are base64url JSON (`eyJ` is `{"`). It starts after no character of
  // its runs (not after `_` either, unlike the keys above), so no start lies inside another's run.
  new RegExp(
    String.raw`${startingWord('eyJ', 'A-Za-z0-9_-')}[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`,
    'g',
  ),
];

/**
 * A PEM or PGP private key (a service account's `private_key`), to its END line or, without one, as far as its
 * body runs: base64, whitespace and escaped line breaks (`\n`), which hold no `-`, so the run stops at the next
 * `-----` and at the first character no key holds (a header quoted in prose is not followed by a body).
 */
const PEM_PRIVATE_KEY =
  /-----BEGIN [A-Z ]{0,20}PRIVATE KEY(?: BLOCK)?-----[A-Za-z0-9+/=\s\\:]*(?:-----END [A-Z ]{0,20}PRIVATE KEY(?: BLOCK)?-----)?/g;

/** `Bearer <token>` (also URL-encoded, quoted or after a no-break space): the scheme stays, the token goes. */
const BEARER = new RegExp(
  String.raw`(${startingWord('bearer', 'A-Za-z')}(?:[ \t\u00a0]|%20){1,8}["']?)[A-Za-z0-9._~+/=%-]{8,}`,
  'gi',
);

/** Names whose value is a credential, as a key may spell them (`"password"`, `"api_key"`). */
const CREDENTIAL_NAMES =
  '(?:x-)?(?:api[_-]?key|(?:access|refresh|id)_token|client_secret|token|password|passwd|pwd|secret|signature|sig|authorization|cookie)';

/**
 * Colour codes, raw or escaped, that a coloured log puts around a name, a separator or a value (zerolog's
 * `password=\x1b[0m…`, logrus's `\x1b[31mpassword\x1b[0m=…`, Node's `util.inspect`: `password: \x1b[32m'…'`).
 */
const COLOURED = String.raw`(?:(?:\x1b|\\u001[bB])\[[0-9;:]{0,32}m)*`;

/** `x-api-key: …`, `"x-api-key":"…"`, `api_key=…`, `aws_secret_access_key=…`: the name stays. */
// Any spelling: `secretAccessKey`, `SessionToken`, `Ocp-Apim-Subscription-Key`, `x-auth-token`.
const KEY_NAMES = [
  'x-api-key',
  'api[_-]?key',
  'aws_secret_access_key',
  'aws_session_token',
  'x-amz-security-token',
  'client[_-]?secret',
  'secret[_-]?(?:access[_-]?)?key',
  'private[_-]?key',
  'subscription[_-]?key',
  'session[_-]?token',
  'x-[a-z]{1,20}-token',
  'account[_-]?key',
  'shared[_-]?access[_-]?key',
].join('|');
// Also in JSON inside a JSON string (`\\"apiKey\\":\\"…\\"`), so a value stops at a backslash.
const KEY_VALUE = new RegExp(
  `((?:${KEY_NAMES})${COLOURED}\\\\?["']?${COLOURED}[ \\t]{0,8}[:=][ \\t]{0,8}${COLOURED}\\\\?["']?)(?!\\[REDACTED|(?:${CREDENTIAL_NAMES})\\\\?["'])[^\\s"'&,;}{)\\]\\\\]{4,}`,
  'gi',
);

// A quoted value runs to its closing quote, past escaped ones (`"a\"b"`); in JSON inside a JSON string
// (`\"password\":\"…\"`) it ends at the next backslash; a bare one ends at a separator. `null`, `true` and
// the like are no secrets, and a value redacted before (or by the sender: `[REDACTED_TOKEN]`) stays. Nor is the
// name of another credential in quotes: in `token: "password": "…"` it is the key of the next one, and taking it
// for a value would hide the secret after it.
const KEEP = String.raw`(?!(?:null|true|false|none|undefined)(?=["'\s,;}&)\]]|$)|\[REDACTED|(?:${CREDENTIAL_NAMES})\\?["'])`;
const QUOTED = String.raw`${KEEP}(?:[^"'\\\r\n]|\\.)+`;
const ESCAPED = String.raw`${KEEP}[^"'\\\r\n]+`;
// A bare value runs past a backslash, an escaped backslash pair and any escape but a line break (`Basic …\r\nCookie:
// …` in a JSON dump of a request); it may start after a terminal's colour code (zerolog's `password=\x1b[0m…`)
// but not run into one, where the next field begins.
const BARE = String.raw`${KEEP}(?:[^\s"'&,;}{)\]\\\x1b]|\\\\|\\(?!r\\n|n|u001[bB]))`;

/** `Authorization: Basic …`, `"authorization": "Token …"`, `Authorization:[NTLM …]`: name and scheme stay. */
const AUTH = String.raw`${startingWord('(?:proxy-)?authorization')}${COLOURED}\\?["']?${COLOURED}[ \t]{0,8}:[ \t]{0,8}${COLOURED}(?!\\?["'[]?bearer\b)`;
const SCHEME = String.raw`(?:[A-Za-z][A-Za-z0-9._-]{0,30}[ \t]{1,8})?`;
const AUTHORIZATION: readonly RegExp[] = [
  new RegExp(`(${AUTH}["']${SCHEME})${QUOTED}`, 'gi'),
  new RegExp(String.raw`(${AUTH}\\["']${SCHEME})${ESCAPED}`, 'gi'),
  // Digest's value is a list (`username="…", response="…"`), so a bare one runs to the end of its line.
  new RegExp(String.raw`(${AUTH}\[?digest[ \t]{1,8})[^\r\n]+`, 'gi'),
  new RegExp(String.raw`(${AUTH}(?!\\?["']|\[?digest\b)\[?${SCHEME}${COLOURED})${BARE}+`, 'gi'),
];

/**
 * `password=…`, `"password": "…"`, `?access_token=…`, `&X-Amz-Signature=…`: the name stays. A name may end
 * a longer one after `_` or `-` (`client_secret`, `id_token`), never after a letter or digit; `max_tokens=…`
 * and `"token_count": …` are other names. `token`, `password` and `secret` also end a camelCase name
 * (`"accessToken"`, `"clientSecret"`, `dbPassword=…`).
 */
const NAME = `(?:${startingWord('token|password|passwd|passphrase|pwd|secret|signature|sig', 'A-Za-z0-9')}|(?<=[A-Za-z0-9])(?:token|password|secret))`;
// A bare value after a colon is taken only for a password or secret (YAML): `invalid token: missing`,
// `UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify` are prose.
const PASSWORD = `(?:${startingWord('password|passwd|passphrase|pwd|secret', 'A-Za-z0-9')}|(?<=[A-Za-z0-9])(?:password|secret))`;
const CREDENTIALS: readonly RegExp[] = [
  new RegExp(
    String.raw`(${NAME}${COLOURED}["']?${COLOURED}[ \t]{0,8}[:=][ \t]{0,8}${COLOURED}["'])${QUOTED}`,
    'gi',
  ),
  new RegExp(String.raw`(${NAME}\\["'][ \t]{0,8}:[ \t]{0,8}\\["'])${ESCAPED}`, 'gi'),
  new RegExp(String.raw`(${NAME}${COLOURED}["']?[ \t]{0,8}=[ \t]{0,8}${COLOURED})${BARE}{4,}`, 'gi'),
  new RegExp(String.raw`(${PASSWORD}${COLOURED}["']?[ \t]{0,8}:[ \t]{0,8}${COLOURED})${BARE}{4,}`, 'gi'),
];

/**
 * `Cookie: session=…; theme=dark`, `"set-cookie": "…"`: the header name stays, its value to the line's end goes;
 * a cookie's quoted value (`sid="…"`, RFC 6265; `sid=\"…\"` in JSON) with it, not only up to its quote.
 */
const COOKIE = new RegExp(
  String.raw`(${startingWord('(?:set-)?cookie')}${COLOURED}\\?["']?${COLOURED}[ \t]{0,8}:[ \t]{0,8}${COLOURED}\\?["']?)(?=[^\s\\"'])(?:=\\?"[^\s"\\;,]*\\?"|[^\r\n"'\\]|\\(?!r\\n|n|["']))+`,
  'gi',
);

/**
 * The same header on a line of its own (not inside a quoted string), where a cookie's quoted value may hold spaces,
 * commas and escapes (Go quotes a value with a space or comma; Python's `SimpleCookie` writes `"a\054b"`).
 */
const COOKIE_LINE = new RegExp(
  String.raw`(${startingWord('(?:set-)?cookie')}${COLOURED}:[ \t]{0,8}${COLOURED})(?=[^\s\\"'\x1b])(?:="(?:[^"\\\r\n]|\\[^\r\n])*"|[^\r\n"'\\]|\\(?!r\\n|n|["']))+`,
  'gi',
);

/** `https://admin:hunter2@gw.internal:4016/…`: scheme, user and host stay, the password goes. */
const URL_PASSWORD = /(:\/\/[^\s/?#@:"'<>]*:)[^\s/?#"'<>]+@/g;
/** `https://<token>@dev.azure.com/…`: a user part long enough to be a token (a PAT, a DSN's key) goes too. */
const URL_TOKEN_USER = /(:\/\/)[^\s/?#@:"'<>]{16,}@/g;

/** A URL query's key by a short name (`?key=…`, `&auth=…`), and the secret path of a chat webhook. */
const URL_SECRETS: readonly RegExp[] = [
  /([?&](?:key|auth|access_key|accesskey|passphrase)=)[^\s&#"'<>\\]{4,}/gi,
  /(hooks\.slack\.com\/(?:services|workflows|triggers)\/)[A-Za-z0-9/_-]+/gi,
  /(discord(?:app)?\.com\/api\/webhooks\/[0-9]+\/)[A-Za-z0-9_-]+/gi,
];

/** Replaces API keys, tokens, passwords and cloud credentials with `[REDACTED]`, then cuts to `maxLength` chars. */
export function redactSecrets(text: string, maxLength = 2000): string {
  // The named forms first: a broader rule run before them could take a name for a value (`apikey="password":
  // "…"` would lose `password`, and with it what marks the secret after it).
  // A PEM key first: its first word would otherwise be taken for the whole value of `"private_key": "…"`.
  let out = text.replace(PEM_PRIVATE_KEY, REDACTED).replace(BEARER, `$1${REDACTED}`);
  for (const pattern of [...AUTHORIZATION, ...CREDENTIALS]) out = out.replace(pattern, `$1${REDACTED}`);
  out = out.replace(KEY_VALUE, `$1${REDACTED}`);
  out = out.replace(URL_PASSWORD, `$1${REDACTED}@`).replace(URL_TOKEN_USER, `$1${REDACTED}@`);
  for (const pattern of URL_SECRETS) out = out.replace(pattern, `$1${REDACTED}`);
  out = out.replace(COOKIE_LINE, `$1${REDACTED}`).replace(COOKIE, `$1${REDACTED}`);
  for (const pattern of TOKEN_PATTERNS) out = out.replace(pattern, REDACTED);
  if (out.length <= maxLength) return out;
  // Never split a surrogate pair: half an emoji would make the stored text invalid UTF-16.
  const code = out.charCodeAt(maxLength - 1);
  const cut = code >= 0xd800 && code <= 0xdbff ? maxLength - 1 : maxLength;
  return `${out.slice(0, Math.max(0, cut))}${TRUNCATED}`;
}
