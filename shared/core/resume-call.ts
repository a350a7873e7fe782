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

const HEX4 = '[0-9A-Fa-f]{1,4}';
const IPV6 = [
  `(${HEX4}:){7}${HEX4}`,
  `(${HEX4}:){1,7}:`,
  `(${HEX4}:){1,6}:${HEX4}`,
  `(${HEX4}:){1,5}(:${HEX4}){1,2}`,
  `(${HEX4}:){1,4}(:${HEX4}){1,3}`,
  `(${HEX4}:){1,3}(:${HEX4}){1,4}`,
  `(${HEX4}:){1,2}(:${HEX4}){1,5}`,
  `${HEX4}:(:${HEX4}){1,6}`,
  `:((:${HEX4}){1,7}|:)`,
].join('|');
const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
// `_` as in Docker Compose service names; no `xn--` label, which WHATWG URL refuses unless it is valid punycode.
const LABEL = '(?![Xx][Nn]--)[A-Za-z0-9_]([A-Za-z0-9_-]*[A-Za-z0-9_])?';
// The last label is no number (digits, or 0x and hex digits): one that is makes WHATWG URL parse the host as an
// IPv4 address (`hub.internal.8080`, `10.0.0.256`), which only the dotted-quad form here passes.
const NOT_A_NUMBER = '(?![0-9]+(?=[:/]|$))(?!0[Xx][0-9A-Fa-f]*(?=[:/]|$))';
const HOST = `\\[(${IPV6})\\]|(${OCTET}\\.){3}${OCTET}(?=[:/]|$)|(${LABEL}\\.)*${NOT_A_NUMBER}${LABEL}`;
/** The ports fetch refuses (the Fetch standard's "bad ports"; undici's list). */
export const BAD_PORTS = [
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104,
  109, 110, 111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515,
  526, 530, 531, 532, 540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049,
  3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
];
// 1 to 65535 without leading zeros, not a bad port.
const PORT = `(?!(${BAD_PORTS.join('|')})(?![0-9]))([1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5])`;

/**
 * The agent URLs the resumer takes, as a regular expression CloudFormation can check too (the `agentUrl` stack
 * parameter's AllowedPattern), so that a deploy with a URL the resume function would refuse at every cold start
 * fails instead: http(s), a host name, IPv4 or IPv6 address, a port up to 65535 that fetch allows, a path of
 * printable ASCII; no user, password, query or fragment. Every URL it matches, WHATWG URL (fetch) parses.
 */
// The path in printable ASCII (no space, `?` or `#`): a regex class every engine reads alike (`\\s` differs).
export const AGENT_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://(${HOST})(:${PORT})?(/[!-"$->@-~]*)?$`;
const AGENT_URL = new RegExp(AGENT_URL_PATTERN);

/**
 * What `value` lacks as the agent's base URL, said as what is expected of it (`expected an http(s) URL …`), or
 * `undefined`: an http(s) URL with neither a user or password (fetch refuses one, and resumes are signed instead)
 * nor a query or fragment (the resume goes to `{url}/sessions/{id}/prompts`, which a query or fragment would
 * swallow), and of the shape `AGENT_URL_PATTERN` gives.
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
  if (!AGENT_URL.test(value))
    return 'with a host name (its last label not a number), an IPv4 or IPv6 address, a port up to 65535 that fetch allows (not 6000, 5060, …), and a path of printable ASCII';
  return undefined;
}

/** `raw` as it may be shown: without a user and password, or what follows a `?` or `#` (either may hold a key). */
export function shownUrl(raw: string): string {
  return raw.replace(/\/\/[^/?#@]*@/, '//').replace(/([?#]).*$/s, '$1…');
}
