import type { Secret } from '../../ports';

/** A secret that never changes, for local mode and tests: `refresh()` resolves to the same value. */
export function staticSecret(value: string): Secret {
  const read = async (): Promise<string> => value;
  return { value: read, refresh: read };
}
