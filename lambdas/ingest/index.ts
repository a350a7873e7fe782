import { SecretsManagerClient } from '../../shared/adapters/aws/sdk/client-secrets-manager';
import { SQSClient } from '../../shared/adapters/aws/sdk/client-sqs';
import { SecretsManagerSecret } from '../../shared/adapters/aws/secrets-manager-secret';
import { SqsTurnEventQueue } from '../../shared/adapters/aws/sqs-turn-event-queue';
import { readConfig } from '../../shared/config';
import { createIngestHandler } from './handler';

const config = readConfig('ingest', process.env);
// Read once at cold start and cached for the life of the execution environment.
const secret = await new SecretsManagerSecret({
  client: new SecretsManagerClient({}),
  secretId: config.webhookSecretArn,
}).value();

export const handler = createIngestHandler({
  queue: new SqsTurnEventQueue({ client: new SQSClient({}), queueUrl: config.turnEventsQueueUrl }),
  secret,
  nowSeconds: () => Math.floor(Date.now() / 1000),
});
