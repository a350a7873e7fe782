import * as z from 'zod/mini';
import { isDotSegment, SESSION_ID_PATTERN } from './core/session-id';
import { type TurnEvent, TurnEventType, type WakeMessage } from './core/types';

/** Names the expectation when a value is wrong, and says `missing` when it is absent. */
function says(what: string): { error: (issue: { input?: unknown }) => string } {
  return { error: (issue) => (issue.input === undefined ? `missing, ${what}` : what) };
}

const SESSION_ID = 'expected 1–128 characters of [A-Za-z0-9._:-]';
const ID = 'expected 1–256 characters without control characters or unpaired surrogates';
const EPOCH_MS = 'expected epoch ms (a number ≥ 0)';
const UPSTREAM = 'expected 1–100 characters of [A-Za-z0-9.:_-]';

/** A session id: 1–128 characters of `[A-Za-z0-9._:-]`. */
export const sessionIdSchema = z
  .string(says(SESSION_ID))
  .check(z.regex(SESSION_ID_PATTERN, says(SESSION_ID)));

const WEBHOOK_SESSION_ID = `${SESSION_ID}, not . or ..`;

/** A webhook's session id: as `sessionIdSchema`, and not `.` or `..`, which no URL path can hold (`isDotSegment`). */
export const webhookSessionIdSchema = z.string(says(WEBHOOK_SESSION_ID)).check(
  z.regex(SESSION_ID_PATTERN, says(WEBHOOK_SESSION_ID)),
  z.refine((id) => !isDotSegment(id), says(WEBHOOK_SESSION_ID)),
);

/** A turn, prompt or agent-session id: 1–256 characters, no control characters. */
export const idSchema = z
  .string(says(ID))
  // An unpaired surrogate is no Unicode text: DynamoDB and the agent would each take it their own way.
  .check(z.minLength(1, says(ID)), z.maxLength(256, says(ID)), z.regex(/^[^\p{Cc}\p{Cs}]*$/u, says(ID)));

const epochMsSchema = z
  .number(says(EPOCH_MS))
  .check(z.gte(0, says(EPOCH_MS)), z.lte(8.64e15, says(EPOCH_MS)));

const STATUS = 'expected an integer 100–599';
const RETRY_AFTER = 'expected a number of seconds ≥ 0';

/** The longest error text a webhook and a queued turn event carry, in characters. */
export const MAX_ERROR_MESSAGE_CHARS = 262_144;

/** The webhook's `error` object (a `Failure`); unknown keys are dropped. */
export const failureSchema = z.object(
  {
    message: z
      .string(says('expected a string'))
      .check(z.maxLength(MAX_ERROR_MESSAGE_CHARS, says('expected at most 256 KiB of text'))),
    status: z.optional(z.int(says(STATUS)).check(z.gte(100, says(STATUS)), z.lte(599, says(STATUS)))),
    type: z.optional(
      z.string(says('expected a string')).check(z.maxLength(200, says('expected at most 200 characters'))),
    ),
    retryAfterSeconds: z.optional(z.number(says(RETRY_AFTER)).check(z.gte(0, says(RETRY_AFTER)))),
    agentExited: z.optional(z.boolean(says('expected true or false'))),
    upstream: z.optional(z.string(says(UPSTREAM)).check(z.regex(/^[A-Za-z0-9.:_-]{1,100}$/, says(UPSTREAM)))),
  },
  says('expected an object'),
);

const ATTEMPT = 'expected an integer ≥ 1';

const RESUME_PROMPT_ID = 'expected 1–300 characters without control characters';
const resumePromptIdSchema = z
  .string(says(RESUME_PROMPT_ID))
  .check(
    z.minLength(1, says(RESUME_PROMPT_ID)),
    z.maxLength(300, says(RESUME_PROMPT_ID)),
    z.regex(/^\P{Cc}*$/u, says(RESUME_PROMPT_ID)),
  );

/** The wake-up message body (a `WakeMessage`), the same on the SQS-delay and the Scheduler path. */
export const wakeMessageSchema = z.object(
  {
    sessionId: sessionIdSchema,
    turnId: idSchema,
    attempt: z.int(says(ATTEMPT)).check(z.gte(1, says(ATTEMPT))),
    // A resume prompt id is the prompt's own id (≤ 256) plus `~resume-<n>`.
    promptId: resumePromptIdSchema,
    nextAt: epochMsSchema,
  },
  says('expected a JSON object'),
);

const TYPES = Object.values(TurnEventType);

/** The turn-events queue message body (a `TurnEvent`, `occurredAt` already in epoch ms). */
export const turnEventMessageSchema = z.object(
  {
    type: z.enum(TYPES, says(`expected one of ${TYPES.join(', ')}`)),
    sessionId: sessionIdSchema,
    turnId: z.optional(idSchema),
    promptId: z.optional(idSchema),
    agentSessionId: z.optional(idSchema),
    occurredAt: epochMsSchema,
    receivedAt: z.optional(epochMsSchema),
    error: z.optional(failureSchema),
    eventId: z.optional(idSchema),
  },
  says('expected a JSON object'),
);

/** A message body that does not match its schema; `field` is the first bad field's path. */
export class MessageFormatError extends Error {
  override readonly name = 'MessageFormatError';
  constructor(
    message: string,
    readonly field: string | undefined,
  ) {
    super(message);
  }
}

function fail(what: string, error: z.core.$ZodError): never {
  const problems = error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  const first = error.issues[0]?.path.join('.');
  throw new MessageFormatError(`${what}: ${problems.join('; ')}`, first === '' ? undefined : first);
}

function parse<T>(what: string, schema: z.ZodMiniType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) fail(what, result.error);
  return result.data;
}

function parseJson(what: string, body: string): unknown {
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new MessageFormatError(`${what}: body is not JSON (${(error as Error).message})`, undefined);
  }
}

const WAKE = 'wake message';
const TURN_EVENT = 'turn event message';

/** The wake message as a queue body; throws `MessageFormatError` for a wake that would not decode. */
export function encodeWake(wake: WakeMessage): string {
  return sqsSafeJson(parse(WAKE, wakeMessageSchema, wake));
}

/** The wake message in a queue body; throws `MessageFormatError` naming the bad field. */
export function decodeWake(body: string): WakeMessage {
  return parse(WAKE, wakeMessageSchema, parseJson(WAKE, body));
}

/** The turn event as a queue body; throws `MessageFormatError` for an event that would not decode. */
export function encodeTurnEvent(event: TurnEvent): string {
  return sqsSafeJson(parse(TURN_EVENT, turnEventMessageSchema, event));
}

/**
 * JSON that SQS accepts: it refuses the noncharacters U+FFFE and U+FFFF in a body, so they travel as JSON
 * escapes (the decoded text is the same). Control characters and lone surrogates are escaped by JSON already.
 */
function sqsSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[\ufffe\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`);
}

/** The turn event in a queue body; throws `MessageFormatError` naming the bad field. */
export function decodeTurnEvent(body: string): TurnEvent {
  return parse(TURN_EVENT, turnEventMessageSchema, parseJson(TURN_EVENT, body));
}
