import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { println } from '../../shared/cli/io';

// Found by a security review: `resumer sessions <id>` printed the agent's last answer as stored, and an agent
// answering `ESC]0;owned BEL ESC[2J …` retitled the operator's terminal and cleared it.
describe('println', () => {
  it('writes out what a terminal would act on, and keeps the line breaks', () => {
    const out = new PassThrough();
    println(out, 's-1: sending 1/4 (try 2; last answer: HTTP 503: \u001b]0;owned\u0007\u001b[2J)\nnext');
    expect(String(out.read())).toBe(
      's-1: sending 1/4 (try 2; last answer: HTTP 503: \\u001b]0;owned\\u0007\\u001b[2J)\nnext\n',
    );
  });
});
