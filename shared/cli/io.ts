import type { Readable, Writable } from 'node:stream';

/** The streams and environment a CLI command runs with; tests pass their own. */
export type CliIo = {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  env: Readonly<Record<string, string | undefined>>;
};

/** Writes one line. */
export function println(stream: Writable, line: string): void {
  stream.write(`${line}\n`);
}
