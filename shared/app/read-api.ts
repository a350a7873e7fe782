import { isSessionId } from '../core/session-id';
import { retrySummary } from '../core/session-state';
import type { Page, Telemetry } from '../ports';
import type { ResumerDeps } from './deps';
import { stopSession } from './handle-turn-event';
import { getSession, listEvents, listWaiting } from './queries';
import { metricsFor, noTelemetry } from './telemetry';

/** A transport-agnostic HTTP request of the read and control API. */
export type ApiRequest = { method: string; path: string; query: Record<string, string | undefined> };
/** Its answer. */
export type ApiResponse = { status: number; body: unknown };

const MAX_LIMIT = 500;
/**
 * The most a list's body may take as a Lambda response carries it: JSON inside a JSON envelope, where an escaped
 * control character in an error text (`\u0001`) costs 7 bytes. A function may answer 6 MB at most; a Function URL
 * answers a larger one 502.
 */
export const MAX_PAGE_BYTES = 4 * 1024 * 1024;

/**
 * Serves `GET /sessions/{id}`, `GET /sessions?waiting=true`, `GET /sessions/{id}/events`
 * and `POST /sessions/{id}/stop`. Authentication is the caller's (bearer token, IAM, or loopback only).
 */
export async function handleApiRequest(
  deps: ResumerDeps,
  request: ApiRequest,
  telemetry: Telemetry = noTelemetry,
): Promise<ApiResponse> {
  const parts = request.path.replace(/\/+$/, '').split('/').slice(1).map(decodeSegment);
  if (parts[0] !== 'sessions') return error(404, 'not_found', `no route for ${request.path}`);
  const limit = parseLimit(request.query.limit);
  if (limit === null)
    return error(400, 'invalid_query', `limit must be a whole number from 1 to ${MAX_LIMIT}`, 'limit');
  const cursor = request.query.cursor;
  const [, id, sub, ...rest] = parts;
  if (rest.length > 0) return error(404, 'not_found', `no route for ${request.path}`);
  if (id === undefined) {
    if (request.method !== 'GET') return error(405, 'method_not_allowed', 'use GET');
    if (request.query.waiting !== 'true') {
      return error(
        400,
        'invalid_query',
        'listing needs waiting=true (only waiting sessions are indexed)',
        'waiting',
      );
    }
    return guarded(async () => ({
      status: 200,
      body: await fitted((n) => listWaiting(deps.store, { limit: n, cursor }), limit),
    }));
  }
  if (id === null || !isSessionId(id))
    return error(400, 'invalid_session_id', 'session id must be 1–128 of A-Z a-z 0-9 . _ : -', 'sessionId');
  if (sub === undefined) {
    if (request.method !== 'GET') return error(405, 'method_not_allowed', 'use GET');
    const session = await getSession(deps.store, id);
    return session ? { status: 200, body: session } : error(404, 'not_found', `no session ${id}`);
  }
  if (sub === 'events') {
    if (request.method !== 'GET') return error(405, 'method_not_allowed', 'use GET');
    return guarded(async () => ({
      status: 200,
      body: await fitted((n) => listEvents(deps.store, id, { limit: n, cursor }), limit),
    }));
  }
  if (sub === 'stop') {
    if (request.method !== 'POST') return error(405, 'method_not_allowed', 'use POST');
    const applied = await stopSession(deps, id);
    telemetry.record(metricsFor(applied.logged));
    return {
      status: 200,
      body: {
        sessionId: id,
        outcome: applied.decision.outcome,
        retry: retrySummary(applied.state),
        events: applied.logged,
      },
    };
  }
  return error(404, 'not_found', `no route for ${request.path}`);
}

/**
 * A page that fits `MAX_PAGE_BYTES`: asked again for half as many items while it does not (rare: only texts full of
 * escaped characters come near), its cursor then the store's own for the shorter page.
 */
async function fitted<T>(list: (limit: number | undefined) => Promise<Page<T>>, limit: number | undefined) {
  let page = await list(limit);
  while (page.items.length > 1 && carriedBytes(page) > MAX_PAGE_BYTES) {
    page = await list(Math.floor(page.items.length / 2));
  }
  return page;
}

function carriedBytes(body: unknown): number {
  return Buffer.byteLength(JSON.stringify(JSON.stringify(body)));
}

/** A path segment decoded, or `null` for a bad %-escape (which no route or session id can match). */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function parseLimit(value: string | undefined): number | undefined | null {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= MAX_LIMIT ? n : null;
}

async function guarded(run: () => Promise<ApiResponse>): Promise<ApiResponse> {
  try {
    return await run();
  } catch (caught) {
    if (caught instanceof Error && /invalid cursor/i.test(caught.message)) {
      return error(400, 'invalid_cursor', caught.message, 'cursor');
    }
    throw caught;
  }
}

function error(status: number, code: string, message: string, field?: string): ApiResponse {
  return { status, body: { error: { code, message, ...(field ? { field } : {}) } } };
}
