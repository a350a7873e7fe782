import { ConfigError } from '../config';
import { classifyCommand } from './classify-command';
import { type CliIo, println } from './io';
import { policyCommand } from './policy-command';

const USAGE = `usage: resumer <command>

commands:
  classify     read JSON Lines {"text": "...", "status"?: n, "type"?: "...", "retryAfterSeconds"?: n}
               from stdin; write one {"class", "retry", "retryAfterMs"?} line per input
  policy       print the effective retry policy (from RESUMER_* environment variables)
  start        run the resumer on this machine (embedded local mode); --demo plays two sample sessions
  send         sign and post a turn event to a running resumer (--session, --error, … or --file)
  sessions     list the retries waiting on a running resumer, or show one session (resumer sessions <id>)
  stop         stop a session's waiting retry (resumer stop <sessionId>)
  help         show this text`;

type Command = (io: CliIo, args: string[]) => Promise<number> | number;

const COMMANDS: Record<string, Command> = {
  classify: (io) => classifyCommand(io),
  policy: (io) => policyCommand(io),
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
    if (isUsageError(error)) {
      println(io.stderr, `resumer ${name}: ${(error as Error).message}`);
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

/** A bad flag or argument, as node:util parseArgs reports it. */
function isUsageError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS');
}
