import { SecretsManagerClient } from '../../shared/adapters/aws/sdk/client-secrets-manager';
import { SecretsManagerSecret } from '../../shared/adapters/aws/secrets-manager-secret';
import { HttpAgentClient } from '../../shared/adapters/http-agent-client';
import { readConfig } from '../../shared/config';
import { awsResumerDeps, flushingMetrics, observability } from '../shared/aws-resumer';
import { createResumeHandler } from './handler';

const config = readConfig('resume', process.env);
const { log, metrics, telemetry } = observability('resume');
const agentSecret = new SecretsManagerSecret({
  client: new SecretsManagerClient({}),
  secretId: config.agentSecretArn,
});
// Read at cold start so that the first resume does not wait; after that it is re-read when its TTL runs out
// and, rate-limited, when the agent refuses a resume with 401 or 403 (a rotation).
await agentSecret.value();
const agent = new HttpAgentClient({
  baseUrl: config.agent.url,
  secret: agentSecret,
  timeoutMs: config.agent.timeoutMs,
});

export const handler = flushingMetrics(
  metrics,
  createResumeHandler({ resumer: awsResumerDeps(config, agent), telemetry, log }),
);
