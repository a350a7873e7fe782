import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../support/webhooks';
import { runCli } from './cli-io';

const env = { RESUMER_WEBHOOK_SECRET: TEST_SECRET };

describe('resumer send, checking its numeric flags', () => {
  let server: Server;
  let url: string;
  let posted: unknown[];

  beforeEach(async () => {
    posted = [];
    server = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        posted.push(JSON.parse(body));
        res.writeHead(202, { 'content-type': 'application/json' }).end('{"accepted":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (...flags: string[]) =>
    runCli(['send', '--url', url, '--session', 's-1', '--error', 'API Error: 503', ...flags], { env });

  it('posts --status and --retry-after as numbers', async () => {
    const { code } = await send('--status', '503', '--retry-after', '1.5');
    expect(code).toBe(0);
    expect(posted).toMatchObject([{ error: { status: 503, retryAfterSeconds: 1.5 } }]);
  });

  it('accepts --retry-after 0', async () => {
    expect((await send('--retry-after', '0')).code).toBe(0);
    expect(posted).toMatchObject([{ error: { retryAfterSeconds: 0 } }]);
  });

  it.each([
    ['--status', 'abc', /--status="abc": expected a whole number from 100 to 599/],
    ['--status', '99', /--status="99": expected a whole number from 100 to 599/],
    ['--status', '600', /--status="600": expected a whole number from 100 to 599/],
    ['--status', '503.5', /--status="503.5": expected a whole number from 100 to 599/],
    ['--status', '', /--status="": expected a whole number from 100 to 599/],
    ['--retry-after', '-5', /--retry-after="-5": expected a number of seconds, 0 or more/],
    ['--retry-after', 'soon', /--retry-after="soon": expected a number of seconds, 0 or more/],
    ['--retry-after', 'Infinity', /--retry-after="Infinity": expected a number of seconds, 0 or more/],
  ])('refuses %s %j before posting, naming the flag, and exits 2', async (flag, value, message) => {
    const { code, out, err } = await send(flag, value);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(message);
    expect(err).toMatch(/usage: resumer send/);
    expect(posted).toEqual([]);
  });

  it('refuses --retry-after=-5 written with an equals sign the same way', async () => {
    const { code, err } = await send('--retry-after=-5');
    expect(code).toBe(2);
    expect(err).toMatch(/--retry-after="-5": expected a number of seconds, 0 or more/);
  });
});

describe('resumer send, finding its secret and its file', () => {
  it('names a --file it cannot read and exits 2', async () => {
    const { code, out, err } = await runCli(['send', '--file', '/nonexistent/event.json'], { env });
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/--file="\/nonexistent\/event\.json": cannot read it \(ENOENT/);
  });

  it('names the data folder it found no secret in and how to reach the demo', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'resumer-send-'));
    try {
      const { code, err } = await runCli(['send', '--session', 's-1', '--error', '503'], {
        env: { RESUMER_DATA_DIR: dir },
      });
      expect(code).toBe(2);
      expect(err).toContain(`no webhook secret in ${dir}/`);
      expect(err).toContain('RESUMER_DATA_DIR=.resumer/demo resumer send');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says which kept secret it signed with when the server answers 401', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'resumer-send-'));
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{}}'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      await writeFile(join(dir, 'webhook-secret'), `${TEST_SECRET}\n`, { mode: 0o600 });
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const { code, out, err } = await runCli(['send', '--url', url, '--session', 's-1', '--error', '503'], {
        env: { RESUMER_DATA_DIR: dir },
      });
      expect(code).toBe(1);
      expect(out).toMatch(/^401 /);
      expect(err).toContain(`signed with the secret kept in ${dir}/; the server may keep another`);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    }
  });
});
