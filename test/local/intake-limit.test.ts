import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { SQSEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createClassifierHandler } from '../../lambdas/classifier/handler';
import { LocalQueue } from '../../shared/adapters/local/local-queue';
import { LocalTurnEventQueue } from '../../shared/adapters/local/local-turn-event-queue';
import { MessageJournal } from '../../shared/adapters/local/message-journal';
import { noTelemetry } from '../../shared/app/telemetry';
import { createLocalHttpServer } from '../../shared/local/http-server';
import { SessionFeed } from '../../shared/local/session-feed';
import { memoryDeps } from '../support/fakes';
import { NOW_SECONDS, signedRequest, TEST_SECRET, turnEventBody } from '../support/webhooks';
import { FakeTimers } from './fake-timers';
import { logKinds } from './local-server';
import { tempDir } from './temp-dir';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const LIMIT = 3;

/** Posts a signed `turn.failed` of session `s-<n>` under webhook id `w-<n>`; the answer's status, headers and body. */
async function post(url: string, n: number) {
  const request = signedRequest({ body: turnEventBody({ sessionId: `s-${n}` }), id: `w-${n}` });
  const response = await fetch(`${url}/webhooks/agent`, {
    method: 'POST',
    headers: request.headers as Record<string, string>,
    body: request.body,
  });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('the local webhook endpoint with a full turn-events queue', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let journal: MessageJournal;
  let queue: LocalQueue;
  let server: Server;
  let url: string;
  let open: () => void;

  beforeEach(async () => {
    dir = await tempDir();
    journal = await MessageJournal.open({ path: join(dir.path, 'turn-events.journal.jsonl') });
    const { deps } = memoryDeps();
    const classify = createClassifierHandler({ resumer: deps, telemetry: noTelemetry, log: quiet });
    // The classifier holds every batch until `open()`: the queue fills as a slow classifier would let it.
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    queue = new LocalQueue({
      name: 'turn-events',
      handler: async (event: SQSEvent) => {
        await gate;
        return classify(event);
      },
      journal,
      deadLetter: async () => {},
      log: quiet,
      maxReceiveCount: 5,
      backoffMs: () => 1000,
      timers: new FakeTimers(),
    });
    queue.start();
    const http = createLocalHttpServer({
      ingest: {
        queue: new LocalTurnEventQueue(queue, { maxDepth: LIMIT }),
        secret: TEST_SECRET,
        nowSeconds: () => NOW_SECONDS,
      },
      resumer: deps,
      feed: new SessionFeed(),
      dashboardPath: join(dir.path, 'missing.html'),
      log: quiet,
      clock: deps.clock,
    });
    server = http.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(async () => {
    open();
    await new Promise((resolve) => server.close(resolve));
    await queue.stop();
    await journal.close();
    await dir.remove();
  });

  it('answers 503 with Retry-After past the limit, loses nothing it accepted, and accepts the retry once drained', async () => {
    for (const n of [1, 2, 3]) expect((await post(url, n)).status).toBe(202);

    const refused = await post(url, 4);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toEqual({
      error: {
        code: 'queue_full',
        message: 'the turn-events queue is full (3 events queued, limit 3); retry after 5 s',
      },
    });
    // The same webhook id as one still queued is a duplicate, not a new event: 202 even when full.
    expect((await post(url, 2)).status).toBe(202);
    expect(journal.pending().map((entry) => entry.id)).toEqual(['w-1', 'w-2', 'w-3']);

    open();
    await queue.idle();
    for (const n of [1, 2, 3]) expect(await logKinds(url, `s-${n}`)).toEqual(['auto_resume_scheduled']);
    expect(await logKinds(url, 's-4')).toEqual([]);
    expect(journal.pending()).toEqual([]);

    expect((await post(url, 4)).status).toBe(202);
    await queue.idle();
    expect(await logKinds(url, 's-4')).toEqual(['auto_resume_scheduled']);
    expect(queue.depth).toBe(0);
  });
});
