import { describe, expect, it } from 'vitest';
import type { TurnEvent, WakeMessage } from '../shared/core/types';
import {
  decodeTurnEvent,
  decodeWake,
  encodeTurnEvent,
  encodeWake,
  failureSchema,
  idSchema,
  MessageFormatError,
  sessionIdSchema,
} from '../shared/messages';

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);

function wake(overrides: Partial<WakeMessage> = {}): WakeMessage {
  return {
    sessionId: 's-42',
    turnId: 't-7',
    attempt: 1,
    promptId: 'p-cap~resume-1',
    nextAt: T0,
    ...overrides,
  };
}

function failedEvent(overrides: Partial<TurnEvent> = {}): TurnEvent {
  return {
    type: 'turn.failed',
    sessionId: 's-42',
    turnId: 't-7',
    promptId: 'p-cap',
    agentSessionId: 'a-9',
    occurredAt: T0,
    error: { message: 'API Error: 503 no non-exhausted claude accounts available', status: 503 },
    eventId: 'msg_2b4',
    ...overrides,
  };
}

/** The body with one field replaced (or removed, for `undefined`). */
function bodyWith(base: object, field: string, value: unknown): string {
  return JSON.stringify({ ...base, [field]: value });
}

function decodeError(decode: () => unknown): MessageFormatError {
  try {
    decode();
  } catch (error) {
    if (error instanceof MessageFormatError) return error;
    throw error;
  }
  throw new Error('expected the decode to fail');
}

describe('wake message', () => {
  it('carries the resume prompt id of a 256-character prompt id', () => {
    const wake = {
      sessionId: 's-42',
      turnId: 't-7',
      attempt: 4,
      promptId: `${'p'.repeat(256)}~resume-4`,
      nextAt: 0,
    };
    expect(decodeWake(encodeWake(wake))).toEqual(wake);
  });

  it('escapes the noncharacters SQS refuses and decodes them back', () => {
    const wake = {
      sessionId: 's-42',
      turnId: 't\ufffe7',
      attempt: 1,
      promptId: 'p\uffff~resume-1',
      nextAt: 0,
    };
    const body = encodeWake(wake);
    expect(body).not.toMatch(/[\ufffe\uffff]/);
    expect(decodeWake(body)).toEqual(wake);
  });

  it('decodes what it encodes', () => {
    expect(decodeWake(encodeWake(wake()))).toEqual(wake());
  });

  it.each([
    ['attempt', 0, 'wake message: attempt: expected an integer ≥ 1'],
    ['attempt', 1.5, 'wake message: attempt: expected an integer ≥ 1'],
    ['attempt', '1', 'wake message: attempt: expected an integer ≥ 1'],
    ['attempt', undefined, 'wake message: attempt: missing, expected an integer ≥ 1'],
    ['sessionId', 's 42', 'wake message: sessionId: expected 1–128 characters of [A-Za-z0-9._:-]'],
    ['sessionId', '', 'wake message: sessionId: expected 1–128 characters of [A-Za-z0-9._:-]'],
    ['sessionId', 's'.repeat(129), 'wake message: sessionId: expected 1–128 characters of [A-Za-z0-9._:-]'],
    [
      'turnId',
      't\n7',
      'wake message: turnId: expected 1–256 characters without control characters or unpaired surrogates',
    ],
    ['promptId', '', 'wake message: promptId: expected 1–300 characters without control characters'],
    [
      'promptId',
      'p'.repeat(301),
      'wake message: promptId: expected 1–300 characters without control characters',
    ],
    ['nextAt', -1, 'wake message: nextAt: expected epoch ms (a number ≥ 0)'],
    ['nextAt', '2026-11-30T12:00:00Z', 'wake message: nextAt: expected epoch ms (a number ≥ 0)'],
  ])('names %s when it is %j', (field, value, message) => {
    const error = decodeError(() => decodeWake(bodyWith(wake(), field, value)));
    expect(error.message).toBe(message);
    expect(error.field).toBe(field);
  });

  it('lists every bad field', () => {
    const error = decodeError(() => decodeWake(JSON.stringify({ sessionId: 's-42', attempt: 0 })));
    expect(error.message).toMatch(/^wake message: turnId: missing, .*; attempt: .*; promptId: .*; nextAt: /);
    expect(error.field).toBe('turnId');
  });

  it('says when the body is not JSON', () => {
    expect(() => decodeWake('{"sessionId":')).toThrow(/^wake message: body is not JSON \(/);
  });

  it('says when the body is not an object', () => {
    expect(() => decodeWake('[1,2]')).toThrow('wake message: expected a JSON object');
  });

  it('drops unknown fields', () => {
    expect(decodeWake(bodyWith(wake(), 'extra', true))).toEqual(wake());
  });

  it('refuses to encode a wake that would not decode', () => {
    expect(() => encodeWake(wake({ attempt: 0 }))).toThrow('wake message: attempt: expected an integer ≥ 1');
  });
});

describe('turn event message', () => {
  it('decodes what it encodes', () => {
    const event = failedEvent({
      error: {
        message: 'overloaded',
        status: 529,
        type: 'overloaded_error',
        retryAfterSeconds: 30,
        agentExited: false,
        upstream: 'pool-eu-1',
      },
    });
    expect(decodeTurnEvent(encodeTurnEvent(event))).toEqual(event);
  });

  it('decodes a session event without turn fields', () => {
    const event: TurnEvent = { type: 'session.stopped', sessionId: 's-42', occurredAt: T0 };
    expect(decodeTurnEvent(JSON.stringify(event))).toEqual(event);
  });

  it.each([
    [{ type: 'turn.exploded' }, 'type', 'expected one of turn.started, turn.completed, turn.failed'],
    [{ sessionId: 's/42' }, 'sessionId', 'expected 1–128 characters'],
    [{ occurredAt: '2026-11-30T12:00:00Z' }, 'occurredAt', 'expected epoch ms'],
    [{ agentSessionId: '' }, 'agentSessionId', 'expected 1–256 characters'],
    [{ eventId: 'x'.repeat(300) }, 'eventId', 'expected 1–256 characters'],
    [{ error: { status: 503 } }, 'error.message', 'missing, expected a string'],
    [{ error: { message: 'x', status: 99 } }, 'error.status', 'expected an integer 100–599'],
    [{ error: { message: 'x', status: 503.5 } }, 'error.status', 'expected an integer 100–599'],
    [{ error: { message: 'x', type: 't'.repeat(201) } }, 'error.type', 'expected at most 200 characters'],
    [
      { error: { message: 'x', retryAfterSeconds: -1 } },
      'error.retryAfterSeconds',
      'expected a number of seconds ≥ 0',
    ],
    [{ error: { message: 'x', agentExited: 'yes' } }, 'error.agentExited', 'expected true or false'],
    [{ error: { message: 'x', upstream: 'a/b' } }, 'error.upstream', 'expected 1–100 characters'],
    [{ error: 'boom' }, 'error', 'expected an object'],
  ])('names the field of %j', (overrides, field, expected) => {
    const error = decodeError(() => decodeTurnEvent(JSON.stringify({ ...failedEvent(), ...overrides })));
    expect(error.message).toContain(`turn event message: ${field}: ${expected}`);
    expect(error.field).toBe(field);
  });

  it('accepts an error message of 256 KiB and refuses a longer one', () => {
    const at = (length: number) => JSON.stringify(failedEvent({ error: { message: 'x'.repeat(length) } }));
    expect(decodeTurnEvent(at(262_144)).error?.message).toHaveLength(262_144);
    expect(() => decodeTurnEvent(at(262_145))).toThrow('error.message: expected at most 256 KiB of text');
  });
});

describe('shared field schemas', () => {
  it.each(['s-42', 'a.B:c_9-z', 'x'.repeat(128)])('sessionIdSchema accepts %s', (id) => {
    expect(sessionIdSchema.safeParse(id).success).toBe(true);
  });

  it.each(['', 's 42', 's/42', 'ß', 'x'.repeat(129)])('sessionIdSchema refuses %j', (id) => {
    expect(sessionIdSchema.safeParse(id).success).toBe(false);
  });

  it.each(['p-cap~resume-1', 'turn with spaces ✓', 'x'.repeat(256)])('idSchema accepts %s', (id) => {
    expect(idSchema.safeParse(id).success).toBe(true);
  });

  it.each(['', 'a\u0000b', 'a\tb', 'a\u007fb', 'x'.repeat(257)])('idSchema refuses %j', (id) => {
    expect(idSchema.safeParse(id).success).toBe(false);
  });

  it('failureSchema keeps the known fields and drops the rest', () => {
    expect(failureSchema.parse({ message: 'm', status: 503, extra: 1 })).toEqual({
      message: 'm',
      status: 503,
    });
  });
});
