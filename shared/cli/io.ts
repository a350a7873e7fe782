import type { Readable, Writable } from 'node:stream';
import { printable } from '../core/printable';

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

/**
 * Writes one line, with what a terminal would act on written out (`\u001b`): a line may hold what an agent
 * answered or a webhook said.
 */
export function println(stream: Writable, line: string): void {
  stream.write(`${printable(line)}\n`);
}
