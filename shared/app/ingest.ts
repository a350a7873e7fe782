import { redactSecrets } from '../core/redact';
import { MAX_ERROR_MESSAGE_CHARS } from '../messages';
import { type Secret, type TurnEventQueue, TurnEventQueueFullError } from '../ports';
import {
  isWellFormedSecret,
  VerifyFailure,
  type VerifyInput,
  type VerifyResult,
  verify,
  type WebhookSecret,
} from '../webhook/standard-webhooks';
import { parseTurnEventBody } from '../webhook/turn-event-body';

/** The largest webhook body accepted, in bytes (256 KiB). */
export const MAX_BODY_BYTES = 262_144;
/** How far ahead of the server's clock an event's `occurredAt` may be: the signature's own tolerance. */
const MAX_AHEAD_MS = 300_000;
/** Room for the mark `redactSecrets` puts where it cuts a text. */
const CUT_MARK_ROOM = 32;

/** What `ingestWebhook` needs: where accepted events go, the signing secret and the clock. */
export type IngestDeps = {
  queue: TurnEventQueue;
  /** A fixed secret (`whsec_…` or its key bytes), or one that may be rotated: refreshed on a mismatch. */
  secret: WebhookSecret | Secret;
  nowSeconds(): number;
  /**
   * The same clock to the millisecond, for the `receivedAt` stamp; without it the stamp is whole seconds, which
   * lines up every wait that starts within a second (a burst's wake-ups then fall due together).
   */
  nowMs?: () => number;
};

/** A webhook request as any transport hands it over: headers (any case) and the raw body. */
export type IngestRequest = {
  headers: Readonly<Record<string, string | undefined>>;
  body: Buffer;
  /** Overrides the `content-type` header when the transport carries it apart. */
  contentType?: string | undefined;
};

/** The `code` of a refused webhook's error. */
export const IngestErrorCode = {
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  unauthorized: 'unauthorized',
  invalidJson: 'invalid_json',
  invalidEvent: 'invalid_event',
  queueFull: 'queue_full',
} as const;
export type IngestErrorCode = (typeof IngestErrorCode)[keyof typeof IngestErrorCode];

/** The error body of a refused webhook; `field` names the part of the body that is wrong. */
export type IngestError = { error: { code: IngestErrorCode; message: string; field?: string } };

/**
 * The answer to a webhook: 202 once the event is queued, otherwise why it was refused; a 503 (a bounded queue
 * is full) carries the `Retry-After` its transport should send.
 */
export type IngestResponse =
  | { status: 202; body: { accepted: true; id: string } }
  | { status: 400 | 401 | 413 | 415; body: IngestError }
  | { status: 503; body: IngestError; retryAfterSeconds: number };

const UNAUTHORIZED_MESSAGES: Record<VerifyFailure, string> = {
  missing_headers: 'missing webhook-id, webhook-timestamp or webhook-signature header',
  // A malformed timestamp and a wrong signature read the same so that a prober learns nothing more.
  bad_timestamp: 'webhook signature does not verify',
  bad_signature: 'webhook signature does not verify',
  stale_timestamp: 'webhook-timestamp is more than 5 minutes from now',
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Checks a signed webhook (size, media type, signature over the raw bytes, JSON, schema) and queues its
 * event under the webhook id. A full queue is answered 503; any other queue failure propagates, so nothing
 * answered 202 is lost.
 */
export async function ingestWebhook(deps: IngestDeps, request: IngestRequest): Promise<IngestResponse> {
  if (request.body.length > MAX_BODY_BYTES) {
    return refuse(413, 'payload_too_large', `body is larger than ${MAX_BODY_BYTES} bytes`);
  }
  const contentType = request.contentType ?? headerValue(request.headers, 'content-type');
  if (!isJson(contentType)) {
    return refuse(415, 'unsupported_media_type', 'content-type must be application/json');
  }
  const verified = await verifySigned(deps.secret, {
    headers: request.headers,
    body: request.body,
    nowSeconds: deps.nowSeconds(),
  });
  if (!verified.ok) return refuse(401, 'unauthorized', UNAUTHORIZED_MESSAGES[verified.reason]);
  let text: string;
  try {
    text = utf8.decode(request.body);
  } catch {
    return refuse(400, 'invalid_json', 'body: must be UTF-8', 'body');
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return refuse(400, 'invalid_json', 'body: must be valid JSON', 'body');
  }
  const parsed = parseTurnEventBody(raw, verified.id);
  if (!parsed.ok) return refuse(400, 'invalid_event', parsed.message, parsed.field);
  const { event } = parsed;
  // An event dated ahead of every other would make the session's older prompts look newer than it for good.
  const aheadMs = event.occurredAt - deps.nowSeconds() * 1000;
  if (aheadMs > MAX_AHEAD_MS) {
    const message = `occurredAt: ${Math.round(aheadMs / 1000)} s ahead of this server's clock; expected when the event happened (at most ${MAX_AHEAD_MS / 60_000} minutes ahead)`;
    return refuse(400, 'invalid_event', message, 'occurredAt');
  }
  // Secrets never rest in a queue, a journal or a dead-letter queue: the error text is queued redacted. Redacting
  // can lengthen it (`pwd=ab` → `pwd=[REDACTED]`), so a text near the limit is cut to fit the queued message.
  if (event.error) {
    // An unpaired surrogate (a text cut in the middle of an emoji) is no Unicode: it becomes U+FFFD, as a decoder
    // would make it, before the text is stored anywhere.
    const message = redactSecrets(wellFormed(event.error.message), MAX_ERROR_MESSAGE_CHARS - CUT_MARK_ROOM);
    // The type is at most 200 characters, so redaction never cuts it; a key there would rest in the queue too.
    const type = event.error.type === undefined ? {} : { type: redactSecrets(wellFormed(event.error.type)) };
    event.error = { ...event.error, message, ...type };
  }
  // When it was accepted, by this clock: a dead-letter redrive hours later is known by it, a sender's clock is not.
  event.receivedAt = deps.nowMs?.() ?? deps.nowSeconds() * 1000;
  try {
    await deps.queue.send(event, verified.id);
  } catch (error) {
    if (!(error instanceof TurnEventQueueFullError)) throw error;
    const message = `the turn-events queue is full (${error.depth} events queued, limit ${error.limit}); retry after ${error.retryAfterSeconds} s`;
    return {
      status: 503,
      body: { error: { code: IngestErrorCode.queueFull, message } },
      retryAfterSeconds: error.retryAfterSeconds,
    };
  }
  return { status: 202, body: { accepted: true, id: verified.id } };
}

/**
 * Verifies with the secret in use and, on a wrong signature only, once more with the secret read again: the
 * hub may sign with a rotated secret this process has not seen yet. A missing header or a stale timestamp fails
 * with any secret, so it never costs a read.
 */
async function verifySigned(
  secret: WebhookSecret | Secret,
  input: Omit<VerifyInput, 'secret'>,
): Promise<VerifyResult> {
  if (!isRotatable(secret)) return verify({ ...input, secret });
  const current = await secret.value();
  // A malformed value may have been fixed since it was read: it is read again (at most every 30 s) rather than kept
  // for the cache's five minutes. Still malformed, `verify` throws naming it, and the hub is answered 5xx.
  if (!isWellFormedSecret(current)) return verify({ ...input, secret: await secret.refresh() });
  const verified = verify({ ...input, secret: current });
  if (verified.ok || verified.reason !== VerifyFailure.badSignature) return verified;
  const refreshed = await secret.refresh();
  return refreshed === current ? verified : verify({ ...input, secret: refreshed });
}

function isRotatable(secret: WebhookSecret | Secret): secret is Secret {
  return typeof secret === 'object' && !(secret instanceof Uint8Array);
}

function refuse(
  status: 400 | 401 | 413 | 415,
  code: IngestErrorCode,
  message: string,
  field?: string,
): IngestResponse {
  return { status, body: { error: field === undefined ? { code, message } : { code, message, field } } };
}

function isJson(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const [mediaType = '', ...params] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json' && !/^application\/[a-z0-9!#$&^_.-]+\+json$/.test(mediaType))
    return false;
  // JSON is UTF-8 (RFC 8259); a body declared in another charset is not one this reads.
  return params.every((param) => !param.startsWith('charset=') || /^charset="?utf-8"?$/.test(param));
}

function headerValue(
  headers: Readonly<Record<string, string | undefined>>,
  name: string,
): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return value;
  }
  return undefined;
}

/** `text` with each unpaired surrogate replaced by U+FFFD. */
function wellFormed(text: string): string {
  return text.replace(/\p{Cs}/gu, '\uFFFD');
}
