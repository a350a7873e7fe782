import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LocalResumer } from '../../shared/local/local-resumer';
import { runCli } from '../cli/cli-io';
import { TEST_SECRET, turnEventBody } from '../support/webhooks';
import { logKinds, startInProcess, until } from './local-server';
import { tempDir } from './temp-dir';

/** Runs the CLI with `env` and returns its exit code and what it printed. */
const run = (args: string[], env: Record<string, string>) => runCli(args, { env });

describe('resumer send, sessions and stop', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let app: LocalResumer;
  let env: Record<string, string>;
  beforeEach(async () => {
    dir = await tempDir();
    app = await startInProcess({ RESUMER_DATA_DIR: dir.path, RESUMER_DELAYS: '1m' });
    env = { RESUMER_WEBHOOK_SECRET: TEST_SECRET };
  });
  afterEach(async () => {
    await app.close();
    await dir.remove();
  });

  it('sends a signed turn.failed from flags, lists the waiting retry and stops it', async () => {
    const sent = await run(
      [
        'send',
        '--url',
        app.url,
        '--session',
        's-cli',
        '--prompt',
        'p-cap',
        '--error',
        'API Error: 503 overloaded',
        '--status',
        '503',
      ],
      env,
    );
    expect(sent).toMatchObject({ code: 0, out: expect.stringMatching(/^202 \{"accepted":true/) });
    await until(async () => (await logKinds(app.url, 's-cli')).length > 0, { what: 's-cli scheduled' });

    const listed = await run(['sessions', '--waiting', '--url', app.url], env);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/^s-cli {2}retrying 1\/1 in [\dms]+ — capacity {2}\(p-cap~resume-1\)$/m);

    const stopped = await run(['stop', 's-cli', '--url', app.url], env);
    expect(stopped).toMatchObject({ code: 0, out: 's-cli: skipped — auto_resume_skipped (stopped)\n' });
    expect((await run(['sessions', '--url', app.url], env)).out).toBe('no retries waiting\n');

    const shown = await run(['sessions', 's-cli', '--json', '--url', app.url], env);
    expect(JSON.parse(shown.out)).toMatchObject({
      sessionId: 's-cli',
      retry: null,
      events: [{ kind: 'auto_resume_scheduled' }, { kind: 'auto_resume_skipped', why: 'stopped' }],
    });
  });

  it('says nothing was waiting when a stop skips nothing, a mistyped id included', async () => {
    const first = await run(['stop', 's-nosuch', '--url', app.url], env);
    expect(first).toMatchObject({
      code: 0,
      out: 's-nosuch: recorded: nothing was waiting; failures from before this stop will not be retried\n',
    });
  });

  it('sends an event from a file, with the secret the data folder keeps', async () => {
    const file = join(dir.path, 'event.json');
    await writeFile(
      file,
      JSON.stringify(turnEventBody({ sessionId: 's-file', occurredAt: new Date().toISOString() })),
    );
    await writeFile(join(dir.path, 'webhook-secret'), `${TEST_SECRET}\n`, { mode: 0o600 });
    const sent = await run(['send', '--file', file, '--url', app.url], { RESUMER_DATA_DIR: dir.path });
    expect(sent.code).toBe(0);
    await until(async () => (await logKinds(app.url, 's-file')).length > 0, { what: 's-file scheduled' });
  });

  it('prints the answer and exits 1 when the server refuses the event', async () => {
    const sent = await run(['send', '--url', app.url, '--session', 'bad id!', '--error', 'x'], env);
    expect(sent.code).toBe(1);
    expect(sent.out).toMatch(/^400 .*"field":"sessionId"/);
  });

  it('explains a missing flag, an unknown flag and a server that is not running', async () => {
    expect(await run(['send', '--session', 's-1'], env)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/needs --error/),
    });
    expect(await run(['stop', 's-1', '--bogus'], env)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/bogus/),
    });
    expect(await run(['sessions', '--url', 'http://127.0.0.1:9'], env)).toMatchObject({
      code: 1,
      err: expect.stringMatching(/cannot reach http:\/\/127\.0\.0\.1:9.*resumer start/),
    });
    // `send` said only "fetch failed", the first command a new user types.
    expect(
      await run(['send', '--session', 's-1', '--error', '503', '--url', 'http://127.0.0.1:9'], env),
    ).toMatchObject({
      code: 1,
      err: expect.stringMatching(
        /^resumer send: cannot reach http:\/\/127\.0\.0\.1:9.*resumer start.*RESUMER_PORT or --url/,
      ),
    });
    expect(await run(['sessions', '--url', 'localhost:8787'], env)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/--url "localhost:8787": expected an http\(s\) URL/),
    });
    expect(await run(['stop'], env)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^resumer stop: give the session id\n/),
    });
    expect(await run(['stop', 'a', 'b'], env)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^resumer stop: give one session id, not 2\n/),
    });
    expect(await run(['sessions', 'a', 'b'], env)).toMatchObject({
      code: 2,
      err: expect.stringMatching(/^resumer sessions: give at most one session id, not 2\n/),
    });
  });

  it('refuses to start on a bad setting and names it', async () => {
    const started = await run(['start'], { RESUMER_PORT: 'eighty', RESUMER_DATA_DIR: dir.path });
    expect(started.code).toBe(2);
    expect(started.err).toMatch(/RESUMER_PORT="eighty"/);
  });
});
