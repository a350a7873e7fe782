import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the stub agent received. */
export type AgentRequest = {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
  raw: string;
};

/** An HTTP agent (hub) on 127.0.0.1 that records resumes and answers with the statuses it is told. */
export type AgentStub = {
  url: string;
  requests: AgentRequest[];
  /** Statuses for the next requests, in order; after them every request gets 200. */
  answerWith(...statuses: number[]): void;
  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<AgentRequest[]>;
  close(): Promise<void>;
};

/** Starts the stub on a free port. */
export async function startAgentStub(): Promise<AgentStub> {
  const requests: AgentRequest[] = [];
  const statuses: number[] = [];
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = raw;
      try {
        body = JSON.parse(raw);
      } catch {}
      requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, raw });
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ status }));
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answerWith: (...next) => statuses.push(...next),
    waitFor: async (count, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (requests.length < count) {
        if (Date.now() > deadline)
          throw new Error(`agent stub: ${requests.length} of ${count} requests arrived`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return requests;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
