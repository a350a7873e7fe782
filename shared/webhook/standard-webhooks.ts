import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The three Standard Webhooks headers, lower-case. */
export const WebhookHeader = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;
export type WebhookHeader = (typeof WebhookHeader)[keyof typeof WebhookHeader];

/** A `whsec_…` secret, or the key bytes it stands for. */
export type WebhookSecret = string | Uint8Array;

/** Why a signed request was refused. */
export const VerifyFailure = {
  missingHeaders: 'missing_headers',
  badTimestamp: 'bad_timestamp',
  staleTimestamp: 'stale_timestamp',
  badSignature: 'bad_signature',
} as const;
export type VerifyFailure = (typeof VerifyFailure)[keyof typeof VerifyFailure];

/** The outcome of `verify`: the signed id and timestamp, or why the request was refused. */
export type VerifyResult = { ok: true; id: string; timestamp: number } | { ok: false; reason: VerifyFailure };

/** What is signed: the message id, its unix-seconds timestamp and the raw body. */
export type SignInput = { id: string; timestamp: number; body: string | Uint8Array; secret: WebhookSecret };

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;
const TIMESTAMP = /^\d{1,15}$/;
const SIGNATURE_VERSION = 'v1,';

/** The key bytes of a `whsec_<base64>` secret; throws on anything else, naming the secret as `what`. */
export function parseSecret(secret: string, what = 'webhook secret'): Uint8Array {
  const key = keyBytes(secret);
  if (!key) throw new Error(`${what} must be whsec_ followed by base64`);
  return key;
}

/** Whether `secret` is a `whsec_<base64>` secret. */
export function isWellFormedSecret(secret: string): boolean {
  return keyBytes(secret) !== undefined;
}

function keyBytes(secret: string): Uint8Array | undefined {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : '';
  // Node's base64 decoder skips characters it does not know, so the shape is checked first.
  if (encoded === '' || !BASE64.test(encoded)) return undefined;
  const key = Buffer.from(encoded, 'base64');
  return key.length === 0 ? undefined : new Uint8Array(key);
}

/** A new random secret: `whsec_` and 32 random bytes in base64. */
export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The `v1,<base64>` signature: HMAC-SHA256 of `<id>.<timestamp>.<body>`. */
export function sign(input: SignInput): string {
  return `${SIGNATURE_VERSION}${digest(keyOf(input.secret), input.id, input.timestamp, input.body)}`;
}

/** The `webhook-id`, `webhook-timestamp` and `webhook-signature` headers for a body. */
export function signedHeaders(input: SignInput): Record<WebhookHeader, string> {
  return {
    [WebhookHeader.id]: input.id,
    [WebhookHeader.timestamp]: String(input.timestamp),
    [WebhookHeader.signature]: sign(input),
  };
}

/** What `verify` checks: the request's headers (any case), its raw body and the clock. */
export type VerifyInput = {
  headers: Readonly<Record<string, string | undefined>>;
  body: Uint8Array;
  secret: WebhookSecret;
  nowSeconds: number;
  /** @default 300 */
  toleranceSeconds?: number;
};

/** Checks a signed request; any one of several space-separated `v1` signatures may match. */
export function verify(input: VerifyInput): VerifyResult {
  const id = header(input.headers, WebhookHeader.id);
  const timestampText = header(input.headers, WebhookHeader.timestamp);
  const signatures = header(input.headers, WebhookHeader.signature);
  if (!id || !timestampText || !signatures) return { ok: false, reason: VerifyFailure.missingHeaders };
  if (!TIMESTAMP.test(timestampText)) return { ok: false, reason: VerifyFailure.badTimestamp };
  const timestamp = Number(timestampText);
  if (Math.abs(input.nowSeconds - timestamp) > (input.toleranceSeconds ?? 300)) {
    return { ok: false, reason: VerifyFailure.staleTimestamp };
  }
  const expected = Buffer.from(digest(keyOf(input.secret), id, timestamp, input.body));
  let matched = false;
  for (const candidate of signatures.split(' ')) {
    if (!candidate.startsWith(SIGNATURE_VERSION)) continue;
    const given = Buffer.from(candidate.slice(SIGNATURE_VERSION.length));
    // Every candidate is compared so that the time taken does not tell which one matched.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  return matched ? { ok: true, id, timestamp } : { ok: false, reason: VerifyFailure.badSignature };
}

function keyOf(secret: WebhookSecret): Uint8Array {
  return typeof secret === 'string' ? parseSecret(secret) : secret;
}

function digest(key: Uint8Array, id: string, timestamp: number, body: string | Uint8Array): string {
  // The raw bytes are signed as they are: decoding them to a string first would change invalid UTF-8.
  return createHmac('sha256', key)
    .update(`${id}.${timestamp}.`)
    .update(typeof body === 'string' ? Buffer.from(body, 'utf8') : body)
    .digest('base64');
}

function header(headers: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value?.trim();
  }
  return undefined;
}
