import { SecretsManagerClient } from '../../shared/adapters/aws/sdk/client-secrets-manager';
import { SQSClient } from '../../shared/adapters/aws/sdk/client-sqs';
import { SecretsManagerSecret } from '../../shared/adapters/aws/secrets-manager-secret';
import { SqsTurnEventQueue } from '../../shared/adapters/aws/sqs-turn-event-queue';
import { readConfig } from '../../shared/config';
import { createIngestHandler } from './handler';

const config = readConfig('ingest', process.env);
const secret = new SecretsManagerSecret({
  client: new SecretsManagerClient({}),
  secretId: config.webhookSecretArn,
});
// Read at cold start so that the first webhook does not wait; after that it is re-read when its TTL runs out
// and, rate-limited, when a signature does not match (a rotation).
await secret.value();

export const handler = createIngestHandler({
  queue: new SqsTurnEventQueue({ client: new SQSClient({}), queueUrl: config.turnEventsQueueUrl }),
  secret,
  nowSeconds: () => Math.floor(Date.now() / 1000),
  nowMs: () => Date.now(),
});
