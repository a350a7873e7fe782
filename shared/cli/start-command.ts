import { runLocalMode } from '../local/main';
import type { CliIo } from './io';

/** `resumer start [--demo]`: the embedded local mode (docs/local-mode.md). */
export function startCommand(io: CliIo, args: string[]): Promise<number> {
  return runLocalMode(io, args);
}
