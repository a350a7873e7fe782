// `npm start` as a newcomer runs it: how long until /healthz answers, and what `--demo` shows.
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from '../cli/cli-io';
import { api, type LocalServer, startServer, until } from './local-server';
import { tempDir } from './temp-dir';

/** SPEC for the local mode: on a fresh clone, `npm ci && npm start` serves /healthz within 10 s. */
const STARTUP_BUDGET_MS = 10_000;

describe('npm start', () => {
  const servers: LocalServer[] = [];
  const dirs: Array<{ remove: () => Promise<void> }> = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await server.stop('SIGKILL');
    for (const dir of dirs.splice(0)) await dir.remove();
  });

  it('serves /healthz within 10 seconds, prints where, and stops cleanly on SIGINT', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const server = await startServer(
      { RESUMER_DATA_DIR: dir.path },
      { file: 'npm', args: ['start', '--silent'], detached: true },
    );
    servers.push(server);
    console.info(`[startup] npm start served /healthz in ${server.startupMs} ms`);
    expect(server.startupMs).toBeLessThan(STARTUP_BUDGET_MS);
    const printed = await until(
      () => /webhook secret {2}whsec_\S+ {2}\(new;/.test(server.output()) && server.output(),
      {
        what: 'the banner',
      },
    );
    expect(printed).toContain(`url             ${server.url}`);
    expect(printed).toContain(`dashboard       ${server.url}/`);
    expect(printed).toMatch(/WARNING: RESUMER_AGENT_URL is not set/);
    // Ctrl-C reaches npm and the server alike; npm then ends by the signal, the server by finishing its work.
    await server.stop('SIGINT');
    expect(server.output()).toMatch(/stopping: finishing work in progress…\nstopped\n/);
  });

  it('--demo shows a capacity failure scheduled and fired, and an auth failure not retried, within 30 s', async () => {
    const dir = await tempDir();
    dirs.push(dir);
    const server = await startServer(
      { RESUMER_DATA_DIR: dir.path },
      {
        file: process.execPath,
        args: ['bin/resumer.mjs', 'start', '--demo'],
      },
    );
    servers.push(server);
    const activity = await until(
      async () => {
        const { body } = await api(server.url, '/activity');
        const counters = body.counters as Record<string, number>;
        return counters.fired === 1 && counters.notRetried === 1 && body;
      },
      { timeoutMs: 30_000, what: 'the demo’s fired and not-retried events' },
    );
    const kinds = (activity.events as Array<{ kind: string; sessionId: string }>).map(
      (e) => `${e.sessionId.split('-')[1]}:${e.kind}`,
    );
    expect(kinds).toEqual(
      expect.arrayContaining([
        'capacity:auto_resume_scheduled',
        'capacity:auto_resume_fired',
        'auth:turn_failure_not_retried',
      ]),
    );
    // The banner says how to send the demo events of your own: its data folder keeps the secret they need.
    // On a port other than the CLI's default (8787), the line names the URL to send to.
    expect(server.output()).toContain(
      `send your own   RESUMER_DATA_DIR=${dir.path} npx resumer send --url ${server.url} --session mine`,
    );
    const sent = await runCli(
      ['send', '--url', server.url, '--session', 'mine', '--error', '503 overloaded'],
      {
        env: { RESUMER_DATA_DIR: dir.path },
      },
    );
    expect(sent.out).toMatch(/^202 /);
  });
});
