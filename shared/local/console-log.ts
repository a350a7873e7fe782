import type { Writable } from 'node:stream';
import { printable } from '../core/printable';
import type { Clock, Log } from '../ports';

type Level = 'info' | 'warn' | 'error';

/** A Log that writes one readable line per entry: `12:00:00.123 INFO message key=value …`. */
export function consoleLog(stream: Writable, clock: Clock, options: { quiet?: boolean } = {}): Log {
  const write = (level: Level, message: string, extra?: Record<string, unknown>): void => {
    if (options.quiet && level === 'info') return;
    const time = new Date(clock.now()).toISOString().slice(11, 23);
    const fields = Object.entries(extra ?? {})
      .filter(([, value]) => value !== undefined)
      .map(
        ([key, value]) =>
          `${key}=${typeof value === 'string' && !/\s/.test(value) ? value : JSON.stringify(value)}`,
      );
    // Ids may hold what a terminal acts on (a right-to-left override is no control character to the schemas).
    stream.write(
      `${printable(`${time} ${level.toUpperCase().padEnd(5)} ${[message, ...fields].join(' ')}`)}\n`,
    );
  };
  return {
    info: (message, extra) => write('info', message, extra),
    warn: (message, extra) => write('warn', message, extra),
    error: (message, extra) => write('error', message, extra),
  };
}
