import { createHash } from 'node:crypto';
import { printable } from '../core/printable';
import { redactSecrets } from '../core/redact';
import { agentUrlProblem, type ResumeCall } from '../core/resume-call';
import { isDotSegment } from '../core/session-id';
import type { ResumeResult } from '../core/session-machine';
import type { AgentClient, Secret } from '../ports';
import { isWellFormedSecret, parseSecret, signedHeaders } from '../webhook/standard-webhooks';
import { staticSecret } from './local/static-secret';
import { systemTimers, type Timers } from './local/timers';

/** How to reach the agent (hub): its base URL and the secret resumes are signed with. */
export type HttpAgentClientOptions = {
  /** The agent's base URL, from configuration; a path prefix is kept. */
  baseUrl: string;
  /** A `whsec_…` secret, or a `Secret` that may be rotated: refreshed once on a 401 or 403. */
  secret: string | Secret;
  /** The time one `resume()` may take in all, a re-send and the secret refresh included. @default 10000 */
  timeoutMs?: number;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Unix seconds. @default the system clock */
  nowSeconds?: () => number;
  /** Measures and enforces the deadline of a resume. @default systemTimers */
  timers?: Timers;
};

const RETRYABLE_STATUSES = new Set([408, 425, 429]);
const AUTH_REFUSALS = new Set([401, 403]);
/** What the detail keeps of an answer (characters, after redaction). */
const DETAIL_CHARS = 512;
/**
 * What is read of an answer: more than is kept, so that a key across the kept part's end is whole when it is
 * redacted; a token running into the end of what was read is dropped, since cut short no rule would know it.
 */
const READ_BYTES = 4 * DETAIL_CHARS;
// A re-send with less time than this left would likely time out and leave unknown whether it landed: the
// first answer is returned instead.
const MIN_RESEND_MS = 1000;
const MALFORMED_SECRET =
  'not sent: the agent secret is not whsec_ followed by base64 (its new value is read within 30 s)';

/**
 * Sends resumes as signed `POST {baseUrl}/sessions/{sessionId}/prompts` requests.
 *
 * 2xx is `ok`; 408, 425, 429, 5xx, timeouts and network errors are `retryable`; any other status is
 * `rejected`. 409 Conflict is `ok`: a resume carries a new prompt id, so the conflict an agent can report is
 * that it already holds this prompt, which happens when an earlier send of the same attempt landed but its
 * answer was lost (a timeout, then the wake-up redelivered); calling that `rejected` would end a chain whose
 * resume is running. The `webhook-id` is derived from the session and prompt id, so a re-send of the same
 * attempt carries the same id and the agent can drop it by either.
 *
 * A 3xx is not followed but `rejected`, a misconfiguration: following it would turn the POST into a GET (301,
 * 302) or carry the signed call to another origin (307, 308). Its detail names the `Location`, for the agent
 * URL to be set to it.
 *
 * A 401 or 403 may mean the agent already verifies with a rotated secret: the secret is refreshed and, if it
 * changed, the same call is sent once more with it; whatever the agent answers then is the result.
 *
 * One `resume()`, both sends and the secret reads included, has `timeoutMs` in all, since a resume is
 * leased for a bounded time: the re-send gets what is left, and is skipped, the first answer returned, when
 * less than a second is.
 */
export class HttpAgentClient implements AgentClient {
  readonly #baseUrl: string;
  readonly #secret: Secret;
  readonly #timeoutMs: number;
  readonly #fetch: typeof globalThis.fetch;
  readonly #nowSeconds: () => number;
  readonly #timers: Timers;

  constructor(options: HttpAgentClientOptions) {
    const problem = agentUrlProblem(options.baseUrl);
    if (problem) throw new Error(`the agent URL must be an http(s) URL ${problem}`);
    this.#baseUrl = new URL(options.baseUrl).href.replace(/\/+$/, '');
    // A bad fixed secret is refused when the client is built, not at its first resume.
    if (typeof options.secret === 'string') parseSecret(options.secret, 'agent secret');
    this.#secret = typeof options.secret === 'string' ? staticSecret(options.secret) : options.secret;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
    this.#timers = options.timers ?? systemTimers;
  }

  async resume(call: ResumeCall, options: { timeoutMs?: number } = {}): Promise<ResumeResult> {
    // A session stored with such an id before webhooks refused it: its prompts path would be another path.
    if (isDotSegment(call.sessionId)) {
      return {
        kind: 'rejected',
        status: 0,
        detail: `session id "${call.sessionId}" can't be put in a URL path`,
      };
    }
    const timeoutMs = Math.max(0, Math.min(this.#timeoutMs, options.timeoutMs ?? this.#timeoutMs));
    const deadline = this.#timers.now() + timeoutMs;
    const timeout = new AbortController();
    const cancel = this.#timers.after(timeoutMs, () => timeout.abort());
    try {
      return await this.#resume(call, deadline, timeoutMs, timeout.signal);
    } finally {
      cancel();
    }
  }

  async #resume(
    call: ResumeCall,
    deadline: number,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<ResumeResult> {
    const url = `${this.#baseUrl}/sessions/${encodeURIComponent(call.sessionId)}/prompts`;
    const body = JSON.stringify(call);
    let secret = await beforeAbort(this.#secret.value(), signal);
    if (secret === undefined)
      return { kind: 'retryable', detail: `agent secret not read within ${timeoutMs} ms` };
    // A malformed value (a rotation that left out `whsec_`) may have been fixed since it was read: it is read again
    // (at most every 30 s), and nothing is sent while it stays malformed; the attempt's last answer says why.
    if (!isWellFormedSecret(secret)) {
      secret = await beforeAbort(this.#secret.refresh(), signal);
      if (secret === undefined || !isWellFormedSecret(secret))
        return { kind: 'retryable', detail: MALFORMED_SECRET };
    }
    const answer = await this.#send(url, webhookIdOf(call), body, secret, timeoutMs, signal);
    if (answer.kind !== 'rejected' || !AUTH_REFUSALS.has(answer.status)) return answer;
    const refreshed = await beforeAbort(this.#secret.refresh(), signal);
    // An unchanged secret would be refused again. The re-send keeps the webhook id: a duplicate is dropped.
    if (refreshed === undefined || refreshed === secret) return answer;
    // Rotated to a malformed value: what the hub refused is no answer to go by while the secret is being fixed.
    if (!isWellFormedSecret(refreshed)) return { kind: 'retryable', detail: MALFORMED_SECRET };
    if (deadline - this.#timers.now() < MIN_RESEND_MS) return answer;
    return this.#send(url, webhookIdOf(call), body, refreshed, timeoutMs, signal);
  }

  async #send(
    url: string,
    id: string,
    body: string,
    secret: string,
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<ResumeResult> {
    const signed = signedHeaders({ id, timestamp: this.#nowSeconds(), body, secret });
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signed },
        body,
        // Followed, a redirect would turn the POST into a GET or send the signed body elsewhere.
        redirect: 'manual',
        signal,
      });
    } catch (error) {
      if (signal.aborted) return { kind: 'retryable', detail: `no answer within ${timeoutMs} ms` };
      return { kind: 'retryable', detail: describeFailure(error) };
    }
    if (response.status >= 300 && response.status < 400) {
      response.body?.cancel().catch(() => {});
      const location = response.headers.get('location') ?? '(no Location header)';
      // The Location may carry a token in its query, and the detail is logged.
      const detail = redactSecrets(
        `HTTP ${response.status}: the agent URL redirects to ${location}; set it to the final URL`,
      );
      return { kind: 'rejected', status: response.status, detail };
    }
    // The answer may echo what it was sent or its own credentials: it is logged, so it is redacted here. It is
    // kept and shown too (the row's last answer, `auto_resume_failed`), so what a terminal would act on is then
    // written out; after the redaction, whose rules read a control character as the word break it is.
    const detail = printable(detailOf(response.status, await snippet(response)));
    if ((response.status >= 200 && response.status < 300) || response.status === 409) return { kind: 'ok' };
    if (RETRYABLE_STATUSES.has(response.status) || response.status >= 500)
      return { kind: 'retryable', detail, status: response.status };
    return { kind: 'rejected', status: response.status, detail };
  }
}

/**
 * The `webhook-id` of a resume: the same for every send of one attempt, and another for each attempt. The turn is
 * in it: a hub that runs one prompt id again as a new turn (a user's retry) gets a resume of each, and one that
 * drops a `webhook-id` it has seen would otherwise drop the second turn's as a copy of the first's.
 */
export function webhookIdOf(call: Pick<ResumeCall, 'sessionId' | 'turnId' | 'promptId'>): string {
  const hash = createHash('sha256')
    .update(`${call.sessionId}\u0000${call.turnId}\u0000${call.promptId}`)
    .digest('base64url');
  return `resume_${hash.slice(0, 32)}`;
}

// `work`'s value, or `undefined` if `signal` aborts first; `work` runs on, and its late failure is dropped.
async function beforeAbort<T>(work: Promise<T>, signal: AbortSignal): Promise<T | undefined> {
  work.catch(() => {});
  let onAbort = () => {};
  const aborted = new Promise<undefined>((resolve) => {
    onAbort = () => resolve(undefined);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    return await Promise.race([work, aborted]);
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
}

function describeFailure(error: unknown): string {
  // undici reports a refused or reset connection as `TypeError: fetch failed` with the socket error as cause.
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  // Without a code, the cause's own words (`bad port`), which `fetch failed` alone hides.
  const said = !code && cause instanceof Error && cause.message ? cause.message : undefined;
  return code ? `${message} (${code})` : said ? `${message} (${said})` : message;
}

// The first bytes of the answer, for the log; reading stops there and never fails the result. Whitespace runs are
// one space; a token running into the end of a read that was cut off (by its size, an error or the timeout) is dropped.
// A token is taken back to a space or a JSON or HTML delimiter: a password may hold `!` or `:`.
const TOKEN_AT_END = /[^\s"'<>{}[\](),;]*$/;
async function snippet(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  try {
    // One byte past what is kept tells a body cut off from one that ends there.
    while (size <= READ_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // A body cut off or timed out still leaves the status to go by; what it had sent may end in a token cut short.
    cut = true;
  } finally {
    reader.cancel().catch(() => {});
  }
  let text = Buffer.concat(chunks).subarray(0, READ_BYTES).toString('utf8').replace(/\s+/g, ' ');
  if (cut || size > READ_BYTES) text = text.replace(TOKEN_AT_END, '');
  return text.trim();
}

/** `HTTP 503: <answer>`, redacted, then cut to what the detail keeps of the answer. */
function detailOf(status: number, answer: string): string {
  const head = `HTTP ${status}`;
  return answer ? redactSecrets(`${head}: ${answer}`, head.length + 2 + DETAIL_CHARS) : head;
}
