import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { HttpAgentClient } from '../../../shared/adapters/http-agent-client';
import { turnFailed } from '../../support/events';
import { memoryDeps } from '../../support/fakes';
import { conveyor } from '../harness/conveyor';

// Bug 6: HttpAgentClient puts the first 512 bytes of a non-2xx answer into the result's detail; resumeTurn
// puts the detail into RetryLaterError, and the resume handler logs `error: message` with "wake-up will be
// retried" — unredacted. A hub that echoes an upstream error with an API key leaks it into CloudWatch Logs.

// Fixed: HttpAgentClient redacts the answer it quotes, and the resume handler redacts what it logs.
describe('bug 6: the agent’s answer in the resume handler’s log', () => {
  it('is redacted', async () => {
    const key = `sk-ant-api03-${'Q'.repeat(60)}AA`;
    const server = createServer((_req, res) =>
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: `upstream refused x-api-key ${key}` })),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const agent = new HttpAgentClient({
        baseUrl,
        secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`,
      });
      const { deps, clock, waker } = memoryDeps({ agent });
      const belt = conveyor(deps, clock);
      await belt.event(turnFailed());
      const armed = waker.armed[0]?.wake;
      if (!armed) throw new Error('not armed');
      await belt.wake(armed).catch(() => {});
      // Before the fix: 5 warn lines hold the key, e.g. error: 'resume p-cap~resume-1 of s-42: HTTP 503: {"error":"upstream
      // refused x-api-key sk-ant-api03-QQQ…AA"}'.
      expect(belt.lines.filter((line) => JSON.stringify(line).includes(key))).toEqual([]);
    } finally {
      server.close();
    }
  });
});
