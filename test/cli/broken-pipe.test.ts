import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const bin = join(import.meta.dirname, '..', '..', 'bin', 'resumer.mjs');
const line = `${JSON.stringify({ text: 'socket hang up' })}\n`;

describe('resumer classify | head -1', () => {
  it('ends with 0 and no stack trace when the reader of its output goes away', async () => {
    const child = spawn(process.execPath, [bin, 'classify'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    // Once classify has ended it reads no more; what is still being written to it may meet a closed pipe.
    child.stdin.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE') throw error;
    });
    const exited = once(child, 'exit');

    child.stdin.write(line);
    const [first] = (await once(child.stdout, 'data')) as [Buffer];
    expect(first.toString('utf8')).toMatch(/^\{"class":"transport"/);
    // As `head -1` does after its line: the pipe's only reader closes it.
    child.stdout.destroy();
    child.stdin.end(line.repeat(1000));

    const [code, signal] = await exited;
    expect({ code, signal, stderr }).toEqual({ code: 0, signal: null, stderr: '' });
  });
});
