import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'resumer.mjs');

function run(args: string[], input: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [bin, ...args],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
    child.stdin?.end(input);
  });
}

describe('resumer classify', () => {
  it('answers one JSON line per input line and keeps going after a bad one', async () => {
    const input = [
      JSON.stringify({ text: 'API Error: 503 no non-exhausted claude accounts available; retry after 60s' }),
      'not json',
      JSON.stringify({ text: 'Invalid API key · Please run /login' }),
      JSON.stringify({ text: 'socket hang up', retryAfterSeconds: 5 }),
      JSON.stringify({ status: 500 }),
    ].join('\n');
    const { code, stdout } = await run(['classify'], input);
    expect(code).toBe(0);
    const lines = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(5);
    expect(lines[0]).toEqual({ class: 'capacity', retry: 'capacity', retryAfterMs: 60_000 });
    expect(lines[1]).toEqual({ error: expect.stringMatching(/^line 2: not valid JSON/) });
    expect(lines[2]).toEqual({ class: 'auth', retry: null });
    expect(lines[3]).toEqual({ class: 'transport', retry: 'transport', retryAfterMs: 5000 });
    expect(lines[4]).toEqual({ error: 'line 5: "text" must be a string' });
  });

  it('reads a hint that names a moment against occurredAt, and names a bad occurredAt', async () => {
    const input = [
      JSON.stringify({
        text: '503 Service Unavailable\nRetry-After: Mon, 30 Nov 2026 12:01:30 GMT',
        occurredAt: '2026-11-30T12:00:00Z',
      }),
      JSON.stringify({ text: '503 Service Unavailable', occurredAt: 'yesterday' }),
    ].join('\n');
    const { code, stdout } = await run(['classify'], input);
    expect(code).toBe(0);
    expect(
      stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line)),
    ).toEqual([
      { class: 'capacity', retry: 'capacity', retryAfterMs: 90_000 },
      { error: 'line 2: invalid "occurredAt"' },
    ]);
  });
});

describe('resumer policy', () => {
  it('prints the effective policy from the environment', async () => {
    const { code, stdout } = await run(['policy'], '', { RESUMER_DELAYS: '1s,2s', RESUMER_JITTER: '0' });
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ attempts: 2, delays: ['1s', '2s'], jitter: 0, maxWait: '1h' });
  });

  it('names a bad variable and exits 2', async () => {
    const { code, stderr } = await run(['policy'], '', { RESUMER_DELAYS: 'soon' });
    expect(code).toBe(2);
    expect(stderr).toMatch(/RESUMER_DELAYS="soon": expected a duration/);
  });
});

describe('resumer', () => {
  it('names an unknown command', async () => {
    const { code, stderr } = await run(['frobnicate'], '');
    expect(code).toBe(2);
    expect(stderr).toMatch(/unknown command "frobnicate"/);
  });
});
