/**
 * Session ids as SPEC.md defines them: 1–128 chars of [A-Za-z0-9._:-], except `.` and `..`. A URL path can't
 * hold those two: the resume call `…/sessions/../prompts` is read as `…/prompts`, percent-encoded or not, and
 * `…/sessions/../stop` as `/stop`.
 */
export const SESSION_ID_PATTERN = /^(?!\.\.?$)[A-Za-z0-9._:-]{1,128}$/;

/** Whether `value` is a session id; the shape keeps it from escaping a key prefix. */
export function isSessionId(value: unknown): value is string {
  return typeof value === 'string' && SESSION_ID_PATTERN.test(value);
}

/** Throws unless `sessionId` has the SPEC shape. */
export function assertSessionId(sessionId: string): void {
  if (!isSessionId(sessionId)) {
    throw new Error(
      `invalid session id ${JSON.stringify(sessionId)}: expected 1-128 chars of [A-Za-z0-9._:-], not . or ..`,
    );
  }
}
