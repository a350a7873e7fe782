import { PacerSettingsError } from '../shared/core/pacer-state';
import { PolicyError } from '../shared/core/policy';

/** Raised once by `TurnResumer` with every bad prop named by its path (`retryPolicy.maxResumeTries must be …`). */
export class TurnResumerPropsError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid TurnResumer props:\n  - ${problems.join('\n  - ')}`);
    this.name = 'TurnResumerPropsError';
  }
}

/** Runs `compile`; the problems of a settings error it throws go to `problems`, and `undefined` comes back. */
export function collectProblems<T>(problems: string[], compile: () => T): T | undefined {
  try {
    return compile();
  } catch (error) {
    if (
      error instanceof TurnResumerPropsError ||
      error instanceof PolicyError ||
      error instanceof PacerSettingsError
    ) {
      problems.push(...error.problems);
      return undefined;
    }
    throw error;
  }
}
