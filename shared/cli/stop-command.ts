import { parseArgs } from 'node:util';
import { callApi, localBaseUrl } from '../local/api-client';
import { type CliIo, println } from './io';
import { Usage } from './usage';

/** `resumer stop <sessionId> [--url URL]`: stops the session's waiting retry, as `session.stopped` would. */
export async function stopCommand(io: CliIo, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    strict: true,
    allowPositionals: true,
    options: { url: { type: 'string' } },
  });
  const [sessionId, ...extra] = positionals;
  if (sessionId === undefined || extra.length > 0) {
    const problem =
      sessionId === undefined ? 'give the session id' : `give one session id, not ${positionals.length}`;
    println(io.stderr, `resumer stop: ${problem}\n${Usage.stop}`);
    return 2;
  }
  const url = `${localBaseUrl(values.url, io.env)}/sessions/${encodeURIComponent(sessionId)}/stop`;
  const answer = await callApi('POST', url);
  if (answer.status !== 200) {
    println(io.stderr, `resumer stop: ${answer.status} ${JSON.stringify(answer.body)}`);
    return 1;
  }
  const body = answer.body as { outcome: string; events: Array<{ kind: string; why?: string }> };
  const events = body.events.map((e) => (e.why ? `${e.kind} (${e.why})` : e.kind));
  println(
    io.stdout,
    `${sessionId}: ${events.length > 0 ? `${body.outcome} — ${events.join(', ')}` : said(body.outcome)}`,
  );
  return 0;
}

/**
 * A stop that skipped nothing, in words. It is still kept (a stop can reach the resumer before the failure it
 * was meant for), so a mistyped id is answered like a session with nothing waiting, which it is.
 */
function said(outcome: string): string {
  switch (outcome) {
    case 'cancel_requested':
      return 'stop recorded; the attempt being sent is held back unless its POST has already gone out';
    case 'duplicate':
      return 'already stopped; nothing was waiting';
    default:
      return `${outcome}: nothing was waiting; failures from before this stop will not be retried`;
  }
}
