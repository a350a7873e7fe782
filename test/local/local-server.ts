// Runs `node bin/resumer.mjs start` as a child process for black-box tests, and talks to it over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { readConfig } from '../../shared/config';
import {
  type LocalResumer,
  type LocalResumerOptions,
  startLocalResumer,
} from '../../shared/local/local-resumer';
import type { Log } from '../../shared/ports';
import { signedRequest, TEST_SECRET } from '../support/webhooks';

const ROOT = join(import.meta.dirname, '..', '..');

/** A resumer child process. */
export type LocalServer = {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Sends `signal` and waits for the exit; returns the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The environment of a child: this process's, less any RESUMER_* of the developer's, plus `env`. */
export function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('RESUMER_')),
  );
  return { ...base, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', ...env };
}

/** Starts the server with `env` (RESUMER_PORT is picked when absent) and waits until /healthz answers. */
export async function startServer(
  env: Record<string, string>,
  command: { file: string; args: string[]; detached?: boolean } = {
    file: process.execPath,
    args: [join(ROOT, 'bin', 'resumer.mjs'), 'start'],
  },
): Promise<LocalServer & { startupMs: number }> {
  const port = env.RESUMER_PORT ?? String(await freePort());
  const started = Date.now();
  const child = spawn(command.file, command.args, {
    cwd: ROOT,
    env: childEnv({ RESUMER_PORT: port, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: command.detached ?? false,
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = once(child, 'exit');
  const server: LocalServer = {
    url,
    child,
    output: () => text,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      if (command.detached && child.pid !== undefined) process.kill(-child.pid, signal);
      else child.kill(signal);
      const [code] = (await exited) as [number | null];
      return code;
    },
  };
  try {
    await until(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${text}`);
        return (await fetch(`${url}/healthz`).catch(() => null))?.ok === true;
      },
      { timeoutMs: 20_000, what: `/healthz on ${url}` },
    );
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return { ...server, startupMs: Date.now() - started };
}

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/** Polls `check` every 50 ms until it returns something truthy; fails after the deadline, saying what it awaited. */
export async function until<T>(
  check: () => T | Promise<T>,
  { timeoutMs = 15_000, what = 'a condition' }: { timeoutMs?: number; what?: string } = {},
): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Posts a signed webhook with the current time; returns the status and the JSON answer. */
export async function postWebhook(
  url: string,
  body: object,
  options: { id: string; secret?: string },
): Promise<{ status: number; body: unknown }> {
  const request = signedRequest({
    body,
    id: options.id,
    timestamp: Math.floor(Date.now() / 1000),
    secret: options.secret ?? TEST_SECRET,
  });
  const response = await fetch(`${url}/webhooks/agent`, {
    method: 'POST',
    headers: request.headers as Record<string, string>,
    body: request.body,
  });
  return { status: response.status, body: await response.json() };
}

/** GETs (or POSTs) a JSON API path. */
export async function api(url: string, path: string, method: 'GET' | 'POST' = 'GET') {
  const response = await fetch(`${url}${path}`, { method });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The kinds of a session's logged events, oldest first. */
export async function logKinds(url: string, sessionId: string): Promise<string[]> {
  const { body } = await api(url, `/sessions/${sessionId}/events`);
  return ((body.items ?? []) as Array<{ kind: string }>).map((event) => event.kind);
}

/** A log that keeps nothing. */
export const quiet: Log = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The local resumer in this process on a free port, with `env` over the defaults (`RESUMER_DATA_DIR` among them),
 * both secrets the test secret and a quiet log unless `options` says otherwise.
 */
export function startInProcess(
  env: Record<string, string>,
  options: Partial<Omit<LocalResumerOptions, 'config'>> = {},
): Promise<LocalResumer> {
  return startLocalResumer({
    config: readConfig('local', { RESUMER_PORT: '0', ...env }),
    webhookSecret: TEST_SECRET,
    agentSecret: TEST_SECRET,
    log: quiet,
    ...options,
  });
}
