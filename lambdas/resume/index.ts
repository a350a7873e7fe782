import { SecretsManagerClient } from '../../shared/adapters/aws/sdk/client-secrets-manager';
import { SecretsManagerSecret } from '../../shared/adapters/aws/secrets-manager-secret';
import { HttpAgentClient } from '../../shared/adapters/http-agent-client';
import { readConfig } from '../../shared/config';
import { awsResumerDeps, flushingMetrics, observability } from '../shared/aws-resumer';
import { createResumeHandler } from './handler';

const config = readConfig('resume', process.env);
const { log, metrics, telemetry } = observability('resume');
// Read once at cold start; a rotated secret reaches new execution environments.
const agentSecret = await new SecretsManagerSecret({
  client: new SecretsManagerClient({}),
  secretId: config.agentSecretArn,
}).value();
const agent = new HttpAgentClient({
  baseUrl: config.agent.url,
  secret: agentSecret,
  timeoutMs: config.agent.timeoutMs,
});

export const handler = flushingMetrics(
  metrics,
  createResumeHandler({ resumer: awsResumerDeps(config, agent), telemetry, log }),
);
