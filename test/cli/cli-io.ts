import { PassThrough } from 'node:stream';
import { main } from '../../shared/cli/main';

/** Runs the CLI in-process with `stdin` (ended) and `env`; its exit code and what it printed. */
export async function runCli(args: string[], options: { stdin?: string; env?: Record<string, string> } = {}) {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  stdin.end(options.stdin ?? '');
  const code = await main(args, { stdin, stdout, stderr, env: options.env ?? {} });
  return { code, out, err };
}
