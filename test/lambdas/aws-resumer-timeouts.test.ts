import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsResumerDeps } from '../../lambdas/shared/aws-resumer';
import { readConfig } from '../../shared/config';
import { AWS_SESSION_ENV } from '../support/aws-env';

// A review (slow calls): the functions' DynamoDB client had no request timeout, so a stalled call held the resume
// past the 4 s it keeps of the claim's lease to record the POST's answer, and a stop then logged a landed resume
// skipped. Against a server that takes connections and never answers, each try now ends after 2 s, and the call
// fails once the SDK's tries are spent.
describe("the functions' DynamoDB client against a store that never answers", () => {
  let server: Server;
  const sockets: Socket[] = [];
  const saved = { ...process.env };
  beforeAll(async () => {
    server = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${address.port}`,
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'x',
    });
  });
  afterAll(async () => {
    process.env = saved;
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('fails a read with a timeout after its tries of 2 s, instead of waiting for the function to time out', async () => {
    const { store } = awsResumerDeps(readConfig('classifier', AWS_SESSION_ENV));
    await expect(store.load('s-42')).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(sockets.length).toBeGreaterThan(1);
  }, 25_000);
});
