import { createHash } from 'node:crypto';
import { redactSecrets } from '../core/redact';
import type { ResumeCall } from '../core/resume-call';
import type { ResumeResult } from '../core/session-machine';
import type { AgentClient, Secret } from '../ports';
import { parseSecret, signedHeaders } from '../webhook/standard-webhooks';
import { staticSecret } from './local/static-secret';

/** How to reach the agent (hub): its base URL and the secret resumes are signed with. */
export type HttpAgentClientOptions = {
  /** The agent's base URL, from configuration; a path prefix is kept. */
  baseUrl: string;
  /** A `whsec_…` secret, or a `Secret` that may be rotated: refreshed once on a 401 or 403. */
  secret: string | Secret;
  /** @default 10000 */
  timeoutMs?: number;
  /** @default globalThis.fetch */
  fetch?: typeof globalThis.fetch;
  /** Unix seconds. @default the system clock */
  nowSeconds?: () => number;
};

const RETRYABLE_STATUSES = new Set([408, 425, 429]);
const AUTH_REFUSALS = new Set([401, 403]);
const DETAIL_BYTES = 512;

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
 * A 401 or 403 may mean the agent already verifies with a rotated secret: the secret is refreshed and, if it
 * changed, the same call is sent once more with it; whatever the agent answers then is the result.
 */
export class HttpAgentClient implements AgentClient {
  readonly #baseUrl: string;
  readonly #secret: Secret;
  readonly #timeoutMs: number;
  readonly #fetch: typeof globalThis.fetch;
  readonly #nowSeconds: () => number;

  constructor(options: HttpAgentClientOptions) {
    this.#baseUrl = new URL(options.baseUrl).href.replace(/\/+$/, '');
    // A bad fixed secret is refused when the client is built, not at its first resume.
    if (typeof options.secret === 'string') parseSecret(options.secret);
    this.#secret = typeof options.secret === 'string' ? staticSecret(options.secret) : options.secret;
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  }

  async resume(call: ResumeCall): Promise<ResumeResult> {
    const url = `${this.#baseUrl}/sessions/${encodeURIComponent(call.sessionId)}/prompts`;
    const body = JSON.stringify(call);
    const secret = await this.#secret.value();
    const answer = await this.#send(url, webhookIdOf(call), body, secret);
    if (answer.kind !== 'rejected' || !AUTH_REFUSALS.has(answer.status)) return answer;
    const refreshed = await this.#secret.refresh();
    // An unchanged secret would be refused again. The re-send keeps the webhook id: a duplicate can be dropped.
    return refreshed === secret ? answer : this.#send(url, webhookIdOf(call), body, refreshed);
  }

  async #send(url: string, id: string, body: string, secret: string): Promise<ResumeResult> {
    const signed = signedHeaders({ id, timestamp: this.#nowSeconds(), body, secret });
    const signal = AbortSignal.timeout(this.#timeoutMs);
    let response: Response;
    try {
      response = await this.#fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signed },
        body,
        signal,
      });
    } catch (error) {
      if (signal.aborted) return { kind: 'retryable', detail: `no answer within ${this.#timeoutMs} ms` };
      return { kind: 'retryable', detail: describeFailure(error) };
    }
    // The answer may echo what it was sent or its own credentials: it is logged, so it is redacted here.
    const detail = redactSecrets(`HTTP ${response.status}${await snippet(response)}`);
    if ((response.status >= 200 && response.status < 300) || response.status === 409) return { kind: 'ok' };
    if (RETRYABLE_STATUSES.has(response.status) || response.status >= 500)
      return { kind: 'retryable', detail };
    return { kind: 'rejected', status: response.status, detail };
  }
}

/** The `webhook-id` of a resume: the same for every send of one attempt. */
export function webhookIdOf(call: Pick<ResumeCall, 'sessionId' | 'promptId'>): string {
  const hash = createHash('sha256').update(`${call.sessionId}\u0000${call.promptId}`).digest('base64url');
  return `resume_${hash.slice(0, 32)}`;
}

function describeFailure(error: unknown): string {
  // undici reports a refused or reset connection as `TypeError: fetch failed` with the socket error as cause.
  const cause = error instanceof Error ? error.cause : undefined;
  const code =
    typeof cause === 'object' && cause !== null && 'code' in cause ? String(cause.code) : undefined;
  const message = error instanceof Error ? error.message : String(error);
  return code ? `${message} (${code})` : message;
}

// The first bytes of the answer, for the log; reading stops there and never fails the result.
async function snippet(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < DETAIL_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // A body cut off or timed out still leaves the status to go by.
  } finally {
    reader.cancel().catch(() => {});
  }
  const text = Buffer.concat(chunks).subarray(0, DETAIL_BYTES).toString('utf8').replace(/\s+/g, ' ').trim();
  return text ? `: ${text}` : '';
}
