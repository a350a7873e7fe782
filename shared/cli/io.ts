import type { Readable, Writable } from 'node:stream';

/** The streams and environment a CLI command runs with; tests pass their own. */
export type CliIo = {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
  env: Readonly<Record<string, string | undefined>>;
};

/**
 * Calls `gone` when the reader of `stream` has closed it (EPIPE: `resumer sessions | head -1` after its line);
 * any other write error stays a fault.
 */
export function onReaderGone(stream: Writable, gone: () => void): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    gone();
  });
}

/** Writes one line. */
export function println(stream: Writable, line: string): void {
  stream.write(`${line}\n`);
}
