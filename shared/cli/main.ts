import { ConfigError } from '../config';
import { classifyCommand } from './classify-command';
import { type CliIo, println } from './io';
import { policyCommand } from './policy-command';

const USAGE = `usage: resumer <command>

commands:
  classify     read JSON Lines {"text": "...", "status"?: n, "type"?: "...", "retryAfterSeconds"?: n}
               from stdin; write one {"class", "retry", "retryAfterMs"?} line per input
  policy       print the effective retry policy (from RESUMER_* environment variables)
  start        run the resumer on this machine (embedded local mode)
  help         show this text`;

type Command = (io: CliIo, args: string[]) => Promise<number> | number;

const COMMANDS: Record<string, Command> = {
  classify: (io) => classifyCommand(io),
  policy: (io) => policyCommand(io),
  start: async (io, args) => {
    const { startCommand } = await import('./start-command');
    return startCommand(io, args);
  },
  help: (io) => {
    println(io.stdout, USAGE);
    return 0;
  },
};

/** Runs the `resumer` CLI; returns the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [name = 'help', ...args] = argv;
  const command = COMMANDS[name === '--help' || name === '-h' ? 'help' : name];
  if (!command) {
    println(io.stderr, `resumer: unknown command "${name}"\n\n${USAGE}`);
    return 2;
  }
  try {
    return await command(io, args);
  } catch (error) {
    if (error instanceof ConfigError) {
      println(io.stderr, `resumer: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
