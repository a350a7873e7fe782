import { describe, expect, it } from 'vitest';
import { handleTurnEvent } from '../../shared/app/handle-turn-event';
import { handleApiRequest, MAX_PAGE_BYTES } from '../../shared/app/read-api';
import { turnFailed } from '../support/events';
import { memoryDeps } from '../support/fakes';

// An error text of control characters: cut at 2,000 characters, each is `\u0001` in the body and `\\u0001` in a
// Lambda response's envelope, 7 bytes. 500 such sessions made a 7 MB answer, over Lambda's 6 MB: a 502.
const ESCAPED = `API Error: 503 overloaded ${'\u0001'.repeat(3000)}`;

/** The bytes of `body` as a Lambda response carries it. */
function carried(body: unknown): number {
  return Buffer.byteLength(JSON.stringify(JSON.stringify(body)));
}

type ListBody = { items: Array<{ sessionId?: string; seq?: number }>; cursor?: string };

async function walk(
  deps: ReturnType<typeof memoryDeps>['deps'],
  path: string,
  query: Record<string, string>,
) {
  const pages: ListBody[] = [];
  let cursor: string | undefined;
  do {
    const answer = await handleApiRequest(deps, {
      method: 'GET',
      path,
      query: { ...query, limit: '500', ...(cursor ? { cursor } : {}) },
    });
    expect(answer.status).toBe(200);
    expect(carried(answer.body)).toBeLessThanOrEqual(MAX_PAGE_BYTES);
    const body = answer.body as ListBody;
    pages.push(body);
    cursor = body.cursor;
  } while (cursor);
  return pages;
}

describe('list answers that would not fit a Lambda response', () => {
  it('gives the waiting list in shorter pages, each session once', async () => {
    const { deps } = memoryDeps();
    for (let i = 0; i < 500; i++) {
      await handleTurnEvent(
        deps,
        turnFailed({ sessionId: `s-${String(i).padStart(3, '0')}`, error: { message: ESCAPED } }),
      );
    }
    const pages = await walk(deps, '/sessions', { waiting: 'true' });
    expect(pages.length).toBeGreaterThan(1);
    const ids = pages.flatMap((page) => page.items.map((item) => item.sessionId));
    expect(ids).toHaveLength(500);
    expect(new Set(ids).size).toBe(500);
  });

  it("gives a session's events in shorter pages, in order", async () => {
    const { deps, clock } = memoryDeps();
    for (let i = 0; i < 500; i++) {
      clock.at += 1000;
      await handleTurnEvent(
        deps,
        turnFailed({
          promptId: `p-${i}`,
          occurredAt: clock.at,
          error: { message: `401 invalid x-api-key ${'\u0001'.repeat(3000)}` },
        }),
      );
    }
    const pages = await walk(deps, '/sessions/s-42/events', {});
    expect(pages.length).toBeGreaterThan(1);
    const seqs = pages.flatMap((page) => page.items.map((item) => item.seq ?? 0));
    expect(seqs).toHaveLength(500);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });
});
