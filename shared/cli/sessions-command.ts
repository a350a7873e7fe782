import { parseArgs } from 'node:util';
import { formatDuration } from '../core/duration';
import type { LoggedEvent, RetrySummary } from '../core/types';
import { callApi, localBaseUrl } from '../local/api-client';
import type { Sending, SessionView } from '../ports';
import { type CliIo, println } from './io';
import { Usage } from './usage';

/** `resumer sessions`: lists the retries waiting, soonest first, or shows one session and its log. */
export async function sessionsCommand(io: CliIo, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { waiting: { type: 'boolean' }, json: { type: 'boolean' }, url: { type: 'string' } },
  });
  if (positionals.length > 1) {
    println(
      io.stderr,
      `resumer sessions: give at most one session id, not ${positionals.length}\n${Usage.sessions}`,
    );
    return 2;
  }
  const base = localBaseUrl(values.url, io.env);
  const [sessionId] = positionals;
  return sessionId === undefined
    ? listWaiting(io, base, values.json === true)
    : showSession(io, base, sessionId, values.json === true);
}

async function listWaiting(io: CliIo, base: string, json: boolean): Promise<number> {
  const items: SessionView[] = [];
  let cursor: string | undefined;
  do {
    const query = new URLSearchParams({ waiting: 'true', ...(cursor ? { cursor } : {}) });
    const answer = await callApi('GET', `${base}/sessions?${query}`);
    if (answer.status !== 200) return failed(io, answer);
    const page = answer.body as { items: SessionView[]; cursor?: string };
    items.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  if (json) {
    println(io.stdout, JSON.stringify(items, null, 2));
    return 0;
  }
  if (items.length === 0) println(io.stdout, 'no retries waiting');
  const now = Date.now();
  for (const { sessionId, retry, sending } of items) {
    if (!retry) continue;
    const sent = sending?.promptId === retry.promptId ? sending : undefined;
    const due = sent
      ? `being sent (${tryOf(sent)}${stopNote(sent)})`
      : retry.nextAt > now
        ? `in ${formatDuration(retry.nextAt - now)}`
        : 'due now';
    const held = retry.waiting ? `, held: ${retry.waiting}` : '';
    println(
      io.stdout,
      `${sessionId}  retrying ${retry.attempt}/${retry.of} ${due} — ${retry.reason}${held}  (${retry.promptId})`,
    );
  }
  return 0;
}

async function showSession(io: CliIo, base: string, sessionId: string, json: boolean): Promise<number> {
  const path = `${base}/sessions/${encodeURIComponent(sessionId)}`;
  const session = await callApi('GET', path);
  if (session.status !== 200) return failed(io, session);
  const events: LoggedEvent[] = [];
  let cursor: string | undefined;
  do {
    const answer = await callApi(
      'GET',
      `${path}/events${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (answer.status !== 200) return failed(io, answer);
    const page = answer.body as { items: LoggedEvent[]; cursor?: string };
    events.push(...page.items);
    cursor = page.cursor;
  } while (cursor);
  if (json) {
    println(io.stdout, JSON.stringify({ ...(session.body as object), events }, null, 2));
    return 0;
  }
  const { retry, sending } = session.body as SessionView;
  println(io.stdout, `${sessionId}: ${headline(retry, sending)}`);
  for (const event of events) {
    const {
      seq,
      at,
      sessionId: _id,
      kind,
      retry: _retry,
      ...rest
    } = event as LoggedEvent & { retry?: unknown };
    println(io.stdout, `  ${new Date(at).toISOString()}  ${kind}  ${JSON.stringify(rest)}`);
  }
  return 0;
}

/** What waits and what is being sent: `retry 2/4 at …`, `sending 1/4 (try 2; last answer: HTTP 503 …)`. */
export function headline(retry: RetrySummary, sending: Sending | undefined): string {
  const parts: string[] = [];
  // While an attempt is sent, the row is that attempt's: its `sending` line says it all.
  if (retry && retry.promptId !== sending?.promptId)
    parts.push(`retry ${retry.attempt}/${retry.of} at ${new Date(retry.nextAt).toISOString()}`);
  if (sending) {
    const last = sending.lastAnswer ? `; last answer: ${sending.lastAnswer.detail}` : '';
    parts.push(`sending ${sending.attempt}/${sending.of} (${tryOf(sending)}${last}${stopNote(sending)})`);
  }
  return parts.length > 0 ? parts.join('; ') : 'nothing waiting';
}

/** `try 2` of an attempt being sent (a claim not yet tried counts as the first). */
function tryOf(sending: Sending): string {
  return `try ${Math.max(1, sending.tries)}`;
}

function stopNote(sending: Sending): string {
  return sending.stopRequested ? '; stop requested: this POST may still land' : '';
}

function failed(io: CliIo, answer: { status: number; body: unknown }): number {
  println(io.stderr, `resumer sessions: ${answer.status} ${JSON.stringify(answer.body)}`);
  return 1;
}
