import { ConfigError } from '../config';
import { classifyCommand } from './classify-command';
import { type CliIo, println } from './io';
import { policyCommand } from './policy-command';
import { type CommandName, Usage } from './usage';

type Command = (io: CliIo, args: string[]) => Promise<number> | number;

const COMMANDS: Record<CommandName, Command> = {
  classify: (io, args) => classifyCommand(io, args),
  policy: (io, args) => policyCommand(io, args),
  start: async (io, args) => {
    const { startCommand } = await import('./start-command');
    return startCommand(io, args);
  },
  send: async (io, args) => {
    const { sendCommand } = await import('./send-command');
    return sendCommand(io, args);
  },
  sessions: async (io, args) => {
    const { sessionsCommand } = await import('./sessions-command');
    return sessionsCommand(io, args);
  },
  stop: async (io, args) => {
    const { stopCommand } = await import('./stop-command');
    return stopCommand(io, args);
  },
  help: (io) => {
    println(io.stdout, Usage.help);
    return 0;
  },
};

/** Runs the `resumer` CLI; returns the exit code. */
export async function main(argv: string[], io: CliIo): Promise<number> {
  const [first = 'help', ...args] = argv;
  const name = first === '--help' || first === '-h' ? 'help' : first;
  if (!isCommand(name)) {
    println(io.stderr, `resumer: unknown command "${name}"\n\n${Usage.help}`);
    return 2;
  }
  if (asksForHelp(args)) {
    println(io.stdout, Usage[name]);
    return 0;
  }
  try {
    return await COMMANDS[name](io, args);
  } catch (error) {
    if (error instanceof ConfigError) {
      println(io.stderr, `resumer: ${error.message}`);
      return 2;
    }
    if (isUsageError(error)) {
      println(io.stderr, `resumer ${name}: ${(error as Error).message}\n\n${Usage[name]}`);
      return 2;
    }
    if (name !== 'start' && error instanceof Error) {
      // The client commands report a refused connection or a bad file in words; `start` keeps its stack.
      println(io.stderr, `resumer ${name}: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

function isCommand(name: string): name is CommandName {
  return Object.hasOwn(COMMANDS, name);
}

/**
 * Whether `--help` or `-h` comes before any `--`. No flag can take either as its value: parseArgs refuses a
 * value that starts with "-" unless it is joined to its flag (`--error=-h`).
 */
function asksForHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** A bad flag or argument, as node:util parseArgs reports it. */
function isUsageError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}
