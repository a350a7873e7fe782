// Black box: local mode (`npm start` as a child process) during an outage of one upstream. Three sessions fail
// on it within a second; with RESUMER_PROBE_AFTER=3 that is a run of failures, so the first resume to fall due
// goes alone as a probe and the others wait on their rows, attempt 1 unspent, shown as held while probing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentStub, startAgentStub } from '../support/agent-stub';
import { turnEventBody } from '../support/webhooks';
import { api, type LocalServer, logKinds, postWebhook, startServer, until } from './local-server';
import { tempDir } from './temp-dir';

const WEBHOOK_SECRET = `whsec_${Buffer.alloc(32, 0x2b).toString('base64')}`;
const GATEWAY_DOWN = 'API Error: Connection error. (read ECONNRESET) http://127.0.0.1:4016/v1/messages';

describe('local mode during an outage of one upstream', () => {
  let agent: AgentStub;
  let server: LocalServer;
  let dir: Awaited<ReturnType<typeof tempDir>>;

  beforeAll(async () => {
    agent = await startAgentStub();
    dir = await tempDir();
    server = await startServer({
      RESUMER_DATA_DIR: dir.path,
      RESUMER_DELAYS: '1s,2s,3s,4s',
      RESUMER_JITTER: '0',
      RESUMER_AGENT_URL: agent.url,
      RESUMER_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RESUMER_PROBE_AFTER: '3',
    });
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
    await agent?.close();
    await dir?.remove();
  });

  it('sends one probe and holds the other resumes, visible on their rows', async () => {
    const sessions = ['s-out-1', 's-out-2', 's-out-3'];
    for (const [i, sessionId] of sessions.entries()) {
      const body = turnEventBody({
        sessionId,
        occurredAt: new Date().toISOString(),
        error: { message: GATEWAY_DOWN },
      });
      expect(
        await postWebhook(server.url, body, { id: `msg_outage_${i}`, secret: WEBHOOK_SECRET }),
      ).toMatchObject({
        status: 202,
      });
    }
    const held = async () => {
      const rows = await Promise.all(
        sessions.map(async (id) => (await api(server.url, `/sessions/${id}`)).body),
      );
      return rows.filter((row) => (row.retry as { waiting?: string } | null)?.waiting === 'probing');
    };
    const rows = await until(async () => ((await held()).length === 2 ? held() : false), {
      what: 'two resumes held while the third probes',
    });
    const posts = agent.requests.filter((r) => r.path.endsWith('/prompts'));
    expect(posts).toHaveLength(1);
    for (const row of rows) {
      expect(row.retry).toMatchObject({ attempt: 1, of: 4, promptId: 'p-cap~resume-1', waiting: 'probing' });
      expect((row.retry as { nextAt: number }).nextAt).toBeGreaterThan(Date.now() + 30_000);
      expect(await logKinds(server.url, row.sessionId as string)).toEqual([
        'auto_resume_scheduled',
        'auto_resume_held',
      ]);
    }
    const waiting = (await api(server.url, '/sessions?waiting=true')).body.items as Array<{
      sessionId: string;
    }>;
    expect(waiting.map((view) => view.sessionId).sort()).toEqual(rows.map((row) => row.sessionId).sort());
  });
});
