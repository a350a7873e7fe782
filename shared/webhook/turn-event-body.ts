import * as z from 'zod/mini';
import { type Failure, type TurnEvent, TurnEventType } from '../core/types';
import { failureSchema, idSchema, webhookSessionIdSchema } from '../messages';

// Words a value the way shared/messages.ts does: `missing, expected …` when absent, `expected …` otherwise.
function says(what: string): { error: (issue: { input?: unknown }) => string } {
  return { error: (issue) => (issue.input === undefined ? `missing, ${what}` : what) };
}

const TYPES = Object.values(TurnEventType);
const OCCURRED_AT = 'expected an ISO-8601 date-time from 1970 on, with seconds and a Z or ±hh:mm offset';

const typeSchema = z.enum(TurnEventType, says(`expected one of ${TYPES.join(', ')}`));

// Queue messages carry epoch ms ≥ 0, so an earlier date is refused here rather than failing after a 202.
const occurredAtSchema = z
  .pipe(
    z.iso.datetime({ offset: true, ...says(OCCURRED_AT) }),
    z.transform((text: string) => Date.parse(text)),
  )
  .check(z.refine((epochMs) => epochMs >= 0, says(OCCURRED_AT)));

// Unknown keys are dropped without being read, so a deeply nested extra costs nothing.
const turnSchema = z.object({
  sessionId: webhookSessionIdSchema,
  turnId: idSchema,
  promptId: idSchema,
  agentSessionId: z.optional(idSchema),
  occurredAt: occurredAtSchema,
});

const sessionSchema = z.extend(turnSchema, { turnId: z.optional(idSchema), promptId: z.optional(idSchema) });

/** A parsed webhook body, or the first field that is wrong and why. */
export type ParseTurnEventResult =
  | { ok: true; event: TurnEvent }
  | { ok: false; field: string; message: string };

/**
 * Reads a webhook body (SPEC.md "Events in") into a `TurnEvent` carrying `eventId` (the `webhook-id`).
 *
 * Checks run in the order `webhook-id`, `type`, `sessionId`, `turnId`, `promptId`, `agentSessionId`,
 * `occurredAt`, `error`, and the first problem is reported. `turnId` and `promptId` are required for
 * `turn.*` events, optional for `session.*`. `error` is required for `turn.failed` and ignored (not read,
 * not carried) for every other type: refusing a `turn.completed` that carries one would drop the event
 * that ends a retry chain. Unknown fields are ignored and not carried. `null` is a value, not an absence.
 */
export function parseTurnEventBody(raw: unknown, eventId: string): ParseTurnEventResult {
  const id = idSchema.safeParse(eventId);
  if (!id.success) return problem(id.error, ['webhook-id']);
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, field: 'body', message: 'body: expected a JSON object' };
  }
  const fields = raw as Record<string, unknown>;
  const type = typeSchema.safeParse(fields.type);
  if (!type.success) return problem(type.error, ['type']);
  const isTurn = type.data.startsWith('turn.');
  const body = (isTurn ? turnSchema : sessionSchema).safeParse(raw);
  if (!body.success) return problem(body.error, []);
  const event: TurnEvent = {
    type: type.data,
    sessionId: body.data.sessionId,
    occurredAt: body.data.occurredAt,
  };
  if (body.data.turnId !== undefined) event.turnId = body.data.turnId;
  if (body.data.promptId !== undefined) event.promptId = body.data.promptId;
  if (body.data.agentSessionId !== undefined) event.agentSessionId = body.data.agentSessionId;
  if (type.data === TurnEventType.failed) {
    const error = failureSchema.safeParse(fields.error);
    if (!error.success) return problem(error.error, ['error']);
    event.error = failureOf(error.data);
  }
  event.eventId = id.data;
  return { ok: true, event };
}

function failureOf(error: z.infer<typeof failureSchema>): Failure {
  const failure: Failure = { message: error.message };
  if (error.status !== undefined) failure.status = error.status;
  if (error.type !== undefined) failure.type = error.type;
  if (error.retryAfterSeconds !== undefined) failure.retryAfterSeconds = error.retryAfterSeconds;
  if (error.agentExited !== undefined) failure.agentExited = error.agentExited;
  if (error.upstream !== undefined) failure.upstream = error.upstream;
  return failure;
}

function problem(error: z.core.$ZodError, prefix: readonly PropertyKey[]): ParseTurnEventResult {
  const first = error.issues[0];
  const field = [...prefix, ...(first?.path ?? [])].map(String).join('.') || 'body';
  return { ok: false, field, message: `${field}: ${first?.message ?? 'invalid'}` };
}
