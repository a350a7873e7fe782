/** The separator between a prompt's base id and its resume attempt. */
export const RESUME_SUFFIX = '~resume-';

/** A prompt id split into the prompt it resumes and the attempt it is (0 for the original). */
export type PromptRef = { base: string; attempt: number };

/** Splits `p-cap~resume-2` into `{ base: 'p-cap', attempt: 2 }`; an id without a valid suffix is attempt 0. */
export function splitPromptId(promptId: string): PromptRef {
  const at = promptId.lastIndexOf(RESUME_SUFFIX);
  if (at <= 0) return { base: promptId, attempt: 0 };
  const digits = promptId.slice(at + RESUME_SUFFIX.length);
  if (!/^[1-9][0-9]{0,5}$/.test(digits)) return { base: promptId, attempt: 0 };
  return { base: promptId.slice(0, at), attempt: Number(digits) };
}

/** Builds the prompt id of resume attempt `attempt` (≥ 1) of `base`. */
export function resumePromptId(base: string, attempt: number): string {
  if (!Number.isInteger(attempt) || attempt < 1)
    throw new RangeError(`attempt must be an integer ≥ 1, got ${attempt}`);
  return `${base}${RESUME_SUFFIX}${attempt}`;
}
