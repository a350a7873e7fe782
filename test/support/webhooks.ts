// Factories for signed webhook requests and an in-memory queue that records what it is sent.
import type { TurnEvent } from '../../shared/core/types';
import type { TurnEventQueue } from '../../shared/ports';
import { signedHeaders } from '../../shared/webhook/standard-webhooks';

/** A fixed secret for tests: `whsec_` and 32 bytes of 0x2a. */
export const TEST_SECRET = `whsec_${Buffer.alloc(32, 0x2a).toString('base64')}`;

/** 2026-11-30T12:00:00Z in unix seconds: the clock every webhook test reads. */
export const NOW_SECONDS = 1_796_040_000;

/** A valid webhook body (a `turn.failed` on a 503), with `overrides` merged over it. */
export function turnEventBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'turn.failed',
    sessionId: 's-42',
    turnId: 't-7',
    promptId: 'p-cap',
    agentSessionId: 'a-9',
    occurredAt: '2026-11-30T12:00:00Z',
    error: { message: 'API Error: 503 no non-exhausted claude accounts available', status: 503 },
    ...overrides,
  };
}

export type SignedRequestOptions = {
  /** An object is sent as JSON; a string or Buffer as it is. @default turnEventBody() */
  body?: object | string | Buffer;
  /** @default TEST_SECRET */
  secret?: string;
  /** @default 'msg_test_1' */
  id?: string;
  /** @default NOW_SECONDS */
  timestamp?: number;
  /** `undefined` leaves the header out. @default 'application/json' */
  contentType?: string | undefined;
  /** Merged over the signed headers: a value of `undefined` removes one. */
  headers?: Record<string, string | undefined>;
};

/** A webhook request as a transport hands it to `ingestWebhook`: headers and the raw, signed body. */
export function signedRequest(options: SignedRequestOptions = {}): {
  headers: Record<string, string | undefined>;
  body: Buffer;
} {
  const raw = options.body ?? turnEventBody();
  const body = Buffer.isBuffer(raw) ? raw : Buffer.from(typeof raw === 'string' ? raw : JSON.stringify(raw));
  const signed = signedHeaders({
    id: options.id ?? 'msg_test_1',
    timestamp: options.timestamp ?? NOW_SECONDS,
    body,
    secret: options.secret ?? TEST_SECRET,
  });
  const contentType = 'contentType' in options ? options.contentType : 'application/json';
  const headers: Record<string, string | undefined> = { ...signed, ...options.headers };
  if (contentType !== undefined) headers['content-type'] = contentType;
  for (const [name, value] of Object.entries(headers)) if (value === undefined) delete headers[name];
  return { headers, body };
}

/** A `TurnEventQueue` that keeps what it is sent; `failWith` makes every send throw. */
export function recordingQueue(failWith?: Error): TurnEventQueue & {
  sent: Array<{ event: TurnEvent; dedupeId: string }>;
} {
  const sent: Array<{ event: TurnEvent; dedupeId: string }> = [];
  return {
    sent,
    async send(event, dedupeId) {
      if (failWith) throw failWith;
      sent.push({ event, dedupeId });
    },
  };
}
