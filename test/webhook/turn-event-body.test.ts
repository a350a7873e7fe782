import { describe, expect, it } from 'vitest';
import { parseTurnEventBody } from '../../shared/webhook/turn-event-body';
import { turnEventBody } from '../support/webhooks';

const EVENT_ID = 'msg_test_1';

function problemOf(raw: unknown, eventId = EVENT_ID): { field: string; message: string } {
  const result = parseTurnEventBody(raw, eventId);
  if (result.ok) throw new Error(`expected a problem, got ${JSON.stringify(result.event)}`);
  return { field: result.field, message: result.message };
}

function eventOf(raw: unknown) {
  const result = parseTurnEventBody(raw, EVENT_ID);
  if (!result.ok) throw new Error(`expected an event, got ${result.message}`);
  return result.event;
}

function without(body: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([key]) => !keys.includes(key)));
}

describe('parseTurnEventBody', () => {
  it('reads a turn.failed body into a TurnEvent carrying the webhook id', () => {
    expect(eventOf(turnEventBody())).toEqual({
      type: 'turn.failed',
      sessionId: 's-42',
      turnId: 't-7',
      promptId: 'p-cap',
      agentSessionId: 'a-9',
      occurredAt: Date.UTC(2026, 10, 30, 12),
      error: { message: 'API Error: 503 no non-exhausted claude accounts available', status: 503 },
      eventId: EVENT_ID,
    });
  });

  it('carries every optional field of the error', () => {
    const error = {
      message: 'overloaded',
      status: 529,
      type: 'overloaded_error',
      retryAfterSeconds: 30,
      agentExited: true,
      upstream: 'sr2-Gateway:4016',
    };
    expect(eventOf(turnEventBody({ error })).error).toEqual(error);
  });

  it.each(['turn.started', 'turn.completed'])('reads a %s body without an error', (type) => {
    const event = eventOf(without(turnEventBody({ type }), 'error'));
    expect(event).toMatchObject({ type, turnId: 't-7', promptId: 'p-cap' });
    expect(event).not.toHaveProperty('error');
  });

  it.each(['session.stopped', 'session.closed'])(
    'reads a %s body with only a session id and a time',
    (type) => {
      const body = without(turnEventBody({ type }), 'turnId', 'promptId', 'agentSessionId', 'error');
      expect(eventOf(body)).toEqual({
        type,
        sessionId: 's-42',
        occurredAt: Date.UTC(2026, 10, 30, 12),
        eventId: EVENT_ID,
      });
    },
  );

  it('ignores an error on a type other than turn.failed, even a malformed one', () => {
    const event = eventOf(turnEventBody({ type: 'turn.completed', error: { status: 'nope' } }));
    expect(event).not.toHaveProperty('error');
  });

  it('ignores unknown fields and does not carry them', () => {
    const body = turnEventBody({ future: { nested: [1, 2, 3] }, error: { message: 'boom', extra: true } });
    const event = eventOf(body);
    expect(event).not.toHaveProperty('future');
    expect(event.error).toEqual({ message: 'boom' });
  });

  it('ignores a deeply nested unknown field', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
    expect(eventOf(turnEventBody({ deep })).sessionId).toBe('s-42');
  });

  it('names the error field when a deeply nested value stands where a string belongs', () => {
    const depth = 100_000;
    const deep = JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(problemOf(turnEventBody({ error: { message: deep } })).field).toBe('error.message');
  });

  it.each([
    ['2026-11-30T12:00:00Z', Date.UTC(2026, 10, 30, 12)],
    ['2026-11-30T14:00:00+02:00', Date.UTC(2026, 10, 30, 12)],
    ['2026-11-30T06:30:00-05:30', Date.UTC(2026, 10, 30, 12)],
    ['2026-11-30T12:00:00.250Z', Date.UTC(2026, 10, 30, 12, 0, 0, 250)],
    ['1970-01-01T00:00:00Z', 0],
  ])('reads occurredAt %s as epoch ms', (occurredAt, epochMs) => {
    expect(eventOf(turnEventBody({ occurredAt })).occurredAt).toBe(epochMs);
  });

  it.each([
    ['without an offset', '2026-11-30T12:00:00'],
    ['without seconds', '2026-11-30T12:00Z'],
    ['with a space for the T', '2026-11-30 12:00:00Z'],
    ['on a day that does not exist', '2026-02-30T12:00:00Z'],
    ['as a date only', '2026-11-30'],
    ['before 1970', '1969-12-31T23:59:59Z'],
    ['as epoch ms', 1_796_040_000_000],
  ])('refuses occurredAt %s', (_, occurredAt) => {
    const { field, message } = problemOf(turnEventBody({ occurredAt }));
    expect(field).toBe('occurredAt');
    expect(message).toMatch(/^occurredAt: expected an ISO-8601 date-time/);
  });

  it.each([
    [
      'type',
      { type: 'turn.exploded' },
      /^type: expected one of turn\.started, turn\.completed, turn\.failed/,
    ],
    ['type', { type: undefined }, /^type: missing, expected one of/],
    ['sessionId', { sessionId: 'has space' }, /^sessionId: expected 1–128 characters of \[A-Za-z0-9\._:-\]/],
    ['sessionId', { sessionId: 'x'.repeat(129) }, /^sessionId: expected 1–128/],
    ['sessionId', { sessionId: '' }, /^sessionId: expected 1–128/],
    ['sessionId', { sessionId: 42 }, /^sessionId: expected/],
    ['sessionId', { sessionId: undefined }, /^sessionId: missing/],
    ['turnId', { turnId: undefined }, /^turnId: missing/],
    ['turnId', { turnId: '' }, /^turnId: expected 1–256 characters/],
    ['promptId', { promptId: 'x'.repeat(257) }, /^promptId: expected 1–256 characters/],
    ['promptId', { promptId: undefined }, /^promptId: missing/],
    ['agentSessionId', { agentSessionId: null }, /^agentSessionId: expected/],
    ['occurredAt', { occurredAt: undefined }, /^occurredAt: missing/],
    ['error', { error: undefined }, /^error: missing/],
    ['error', { error: 'boom' }, /^error: expected an object/],
    ['error.message', { error: { status: 503 } }, /^error\.message: missing/],
    [
      'error.status',
      { error: { message: 'boom', status: 99 } },
      /^error\.status: expected an integer 100–599/,
    ],
    ['error.status', { error: { message: 'boom', status: 503.5 } }, /^error\.status: expected an integer/],
    ['error.status', { error: { message: 'boom', status: '503' } }, /^error\.status: expected/],
    ['error.type', { error: { message: 'boom', type: 7 } }, /^error\.type: expected a string/],
    [
      'error.retryAfterSeconds',
      { error: { message: 'boom', retryAfterSeconds: -1 } },
      /^error\.retryAfterSeconds:/,
    ],
    [
      'error.agentExited',
      { error: { message: 'boom', agentExited: 'yes' } },
      /^error\.agentExited: expected true/,
    ],
    [
      'error.upstream',
      { error: { message: 'boom', upstream: 'pool one' } },
      /^error\.upstream: expected 1–100 characters of \[A-Za-z0-9\.:_-\]/,
    ],
    ['error.upstream', { error: { message: 'boom', upstream: '' } }, /^error\.upstream: expected 1–100/],
    [
      'error.upstream',
      { error: { message: 'boom', upstream: 'p'.repeat(101) } },
      /^error\.upstream: expected 1–100/,
    ],
  ])('names %s for the body change %j', (field, overrides, message) => {
    const problem = problemOf(turnEventBody(overrides));
    expect(problem.field).toBe(field);
    expect(problem.message).toMatch(message);
  });

  it.each([['turn.started'], ['turn.completed']])('requires turnId and promptId for %s', (type) => {
    const body = without(turnEventBody({ type }), 'promptId');
    expect(problemOf(body).field).toBe('promptId');
  });

  it('reports the first problem in field order', () => {
    const body = turnEventBody({ sessionId: '', occurredAt: 'yesterday', error: { status: 'x' } });
    expect(problemOf(body).field).toBe('sessionId');
    expect(problemOf(turnEventBody({ type: 'nope', sessionId: '' })).field).toBe('type');
  });

  it.each([
    ['null', null],
    ['an array', [turnEventBody()]],
    ['a string', 'turn.failed'],
    ['a number', 42],
  ])('names the body when it is %s', (_, raw) => {
    expect(problemOf(raw)).toEqual({ field: 'body', message: 'body: expected a JSON object' });
  });

  it('names the webhook id when it is too long to carry', () => {
    expect(problemOf(turnEventBody(), 'm'.repeat(257)).field).toBe('webhook-id');
  });
});
