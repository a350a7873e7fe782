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
    println(io.stderr, Usage.stop);
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
  println(io.stdout, `${sessionId}: ${body.outcome}${events.length > 0 ? ` — ${events.join(', ')}` : ''}`);
  return 0;
}
