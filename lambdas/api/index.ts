import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SecretsManagerSecret } from '../../shared/adapters/aws/secrets-manager-secret';
import { readConfig } from '../../shared/config';
import { awsResumerDeps } from '../shared/aws-resumer';
import { createApiHandler } from './handler';

const config = readConfig('api', process.env);
const token = new SecretsManagerSecret({
  client: new SecretsManagerClient({}),
  secretId: config.apiTokenSecretArn,
});

export const handler = createApiHandler({ resumer: awsResumerDeps(config), token: () => token.value() });
