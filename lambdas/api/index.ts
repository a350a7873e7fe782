import { SecretsManagerClient } from '../../shared/adapters/aws/sdk/client-secrets-manager';
import { SecretsManagerSecret } from '../../shared/adapters/aws/secrets-manager-secret';
import { readConfig } from '../../shared/config';
import { awsResumerDeps, flushingMetrics, observability } from '../shared/aws-resumer';
import { createApiHandler } from './handler';

const config = readConfig('api', process.env);
// Read on the first request rather than at load, so that the bundle loads without a network call; then again
// when its TTL runs out and, rate-limited, when a presented token does not match (a rotation).
const token = new SecretsManagerSecret({
  client: new SecretsManagerClient({}),
  secretId: config.apiTokenSecretArn,
});

const { metrics, telemetry } = observability('api');

export const handler = flushingMetrics(
  metrics,
  createApiHandler({ resumer: awsResumerDeps(config), token, telemetry }),
);
