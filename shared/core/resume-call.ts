import type { Pending } from './session-state';
import type { RetryReason } from './types';

/** The body POSTed to the agent to continue the same session and turn. */
export type ResumeCall = {
  sessionId: string;
  agentSessionId?: string | undefined;
  turnId: string;
  promptId: string;
  attempt: number;
  of: number;
  reason: RetryReason;
  text: string;
};

const REASON_WORDS: Record<RetryReason, string> = {
  capacity: 'a temporary capacity error',
  transport: 'a dropped connection to the model provider',
  agent_exited: 'the agent process exiting unexpectedly',
};

const MAX_QUOTED = 300;

/** The continuation prompt: names the error and asks the agent to carry on where it stopped. */
export function continuationText(reason: RetryReason, error: string): string {
  const oneLine = error.replace(/\s+/g, ' ').trim();
  // Never half an emoji: a lone surrogate is not valid text.
  const cut = isHighSurrogate(oneLine.charCodeAt(MAX_QUOTED - 1)) ? MAX_QUOTED - 1 : MAX_QUOTED;
  const quoted = oneLine.length > MAX_QUOTED ? `${oneLine.slice(0, cut)}…` : oneLine;
  const cause = quoted ? ` (${quoted})` : '';
  return `The previous attempt stopped on ${REASON_WORDS[reason]}${cause}. Continue the same task from where it stopped.`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** The resume call for a pending attempt of `sessionId`. */
export function resumeCallFor(
  sessionId: string,
  agentSessionId: string | undefined,
  pending: Pending,
): ResumeCall {
  return {
    sessionId,
    agentSessionId,
    turnId: pending.turnId,
    promptId: pending.promptId,
    attempt: pending.attempt,
    of: pending.of,
    reason: pending.reason,
    text: continuationText(pending.reason, pending.error),
  };
}

/**
 * What `value` lacks as the agent's base URL, said as what is expected of it (`expected an http(s) URL …`), or
 * `undefined`: an http(s) URL with neither a user or password (fetch refuses one, and resumes are signed instead)
 * nor a query or fragment (the resume goes to `{url}/sessions/{id}/prompts`, which a query or fragment would
 * swallow).
 */
export function agentUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'such as https://hub.example.com';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'such as https://hub.example.com';
  if (url.username !== '' || url.password !== '')
    return 'without a user or password (resumes are signed with the agent secret instead)';
  if (/[?#]/.test(value))
    return 'without a query or fragment (resumes go to {url}/sessions/{id}/prompts, which they would swallow)';
  return undefined;
}
