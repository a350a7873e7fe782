import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { localBaseUrl } from '../local/api-client';
import { DataFile, readKeptSecret } from '../local/data-dir';
import { postSignedWebhook } from '../local/webhook-client';
import { type CliIo, println } from './io';
import { Usage } from './usage';

/** The flags that take a number, and what each accepts. */
const NUMBER_FLAGS = {
  '--status': {
    expected: 'a whole number from 100 to 599',
    ok: (text: string) => /^\d+$/.test(text) && Number(text) >= 100 && Number(text) <= 599,
  },
  '--retry-after': {
    expected: 'a number of seconds, 0 or more',
    ok: (text: string) => /^(\d+(\.\d*)?|\.\d+)$/.test(text),
  },
} as const;

/** `resumer send`: signs one turn event and posts it to a running resumer; prints the answer. */
export async function sendCommand(io: CliIo, args: string[]): Promise<number> {
  const { values } = parseArgs({
    args: joinNegativeNumbers(args),
    strict: true,
    options: {
      type: { type: 'string', default: 'turn.failed' },
      session: { type: 'string' },
      turn: { type: 'string', default: 't-1' },
      prompt: { type: 'string', default: 'p-1' },
      'agent-session': { type: 'string' },
      error: { type: 'string' },
      status: { type: 'string' },
      'retry-after': { type: 'string' },
      'agent-exited': { type: 'boolean' },
      file: { type: 'string' },
      id: { type: 'string' },
      url: { type: 'string' },
    },
  });
  const problem =
    numberProblem('--status', values.status) ?? numberProblem('--retry-after', values['retry-after']);
  if (problem) return usage(io, problem);
  let body: string;
  if (values.file !== undefined) {
    try {
      body = await readFile(values.file, 'utf8');
    } catch (error) {
      return usage(io, `--file=${JSON.stringify(values.file)}: cannot read it (${(error as Error).message})`);
    }
  } else {
    if (values.session === undefined) return usage(io, 'give --session (or --file)');
    if (values.type === 'turn.failed' && values.error === undefined) {
      return usage(io, 'a turn.failed event needs --error "<the error text>"');
    }
    const event: Record<string, unknown> = {
      type: values.type,
      sessionId: values.session,
      turnId: values.turn,
      promptId: values.prompt,
      agentSessionId: values['agent-session'],
      occurredAt: new Date().toISOString(),
    };
    if (values.type === 'turn.failed') {
      event.error = {
        message: values.error,
        status: numberOr(values.status),
        retryAfterSeconds: numberOr(values['retry-after']),
        agentExited: values['agent-exited'],
      };
    }
    body = JSON.stringify(event);
  }
  const secret = io.env.RESUMER_WEBHOOK_SECRET?.trim() || (await keptSecret(io.env));
  if (!secret) {
    return usage(
      io,
      `no webhook secret in ${dataDirOf(io.env)}/: set RESUMER_WEBHOOK_SECRET or run \`resumer start\` once to make one (${DEMO_HINT})`,
    );
  }
  const answer = await postSignedWebhook({
    url: `${localBaseUrl(values.url, io.env)}/webhooks/agent`,
    secret,
    body,
    ...(values.id !== undefined ? { id: values.id } : {}),
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  println(io.stdout, `${answer.status} ${JSON.stringify(answer.body)}`);
  if (answer.status === 401 && !io.env.RESUMER_WEBHOOK_SECRET?.trim()) {
    println(
      io.stderr,
      `resumer send: signed with the secret kept in ${dataDirOf(io.env)}/; the server may keep another (${DEMO_HINT})`,
    );
  }
  return answer.status >= 200 && answer.status < 300 ? 0 : 1;
}

/** The demo keeps its own data folder, and with it its own webhook secret. */
const DEMO_HINT = 'to send to the demo: RESUMER_DATA_DIR=.resumer/demo resumer send …';

function dataDirOf(env: CliIo['env']): string {
  return env.RESUMER_DATA_DIR?.trim() || '.resumer';
}

function keptSecret(env: CliIo['env']): Promise<string | undefined> {
  return readKeptSecret(join(dataDirOf(env), DataFile.webhookSecret));
}

function numberOr(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Number(text);
}

/** What is wrong with a number flag's value, in the words of a bad setting (`--status="abc": expected …`). */
function numberProblem(flag: keyof typeof NUMBER_FLAGS, text: string | undefined): string | undefined {
  const { ok, expected } = NUMBER_FLAGS[flag];
  return text === undefined || ok(text) ? undefined : `${flag}=${JSON.stringify(text)}: expected ${expected}`;
}

/**
 * `--retry-after -5` as `--retry-after=-5`: parseArgs calls a value that starts with "-" ambiguous, which says
 * nothing about the number; joined, it reaches the check that does.
 */
function joinNegativeNumbers(args: readonly string[]): string[] {
  const joined: string[] = [];
  for (const arg of args) {
    const flag = joined.at(-1);
    if (flag !== undefined && Object.hasOwn(NUMBER_FLAGS, flag) && /^-[\d.]/.test(arg)) {
      joined[joined.length - 1] = `${flag}=${arg}`;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

function usage(io: CliIo, problem: string): number {
  println(io.stderr, `resumer send: ${problem}\n\n${Usage.send}`);
  return 2;
}
