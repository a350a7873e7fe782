/** Session ids as SPEC.md defines them: 1–128 chars of [A-Za-z0-9._:-]. */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * `.` and `..` fit the pattern, but no URL path holds them: the resume call `…/sessions/../prompts` is read as
 * `…/prompts`, percent-encoded or not, and `…/sessions/../stop` as `/stop`. A webhook may not start a session
 * with one; a session stored with one before that rule is still read (and its resume refused, never misrouted).
 */
export function isDotSegment(sessionId: string): boolean {
  return sessionId === '.' || sessionId === '..';
}

/** Whether `value` is a session id; the shape keeps it from escaping a key prefix. */
export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID_PATTERN.test(value);
}

/** Throws unless `sessionId` has the SPEC shape. */
export function assertSessionId(sessionId: string): void {
  if (!isSessionId(sessionId)) {
    throw new Error(
      `invalid session id ${JSON.stringify(sessionId)}: expected 1-128 chars of [A-Za-z0-9._:-]`,
    );
  }
}
