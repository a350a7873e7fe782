import type * as Sdk from '@aws-sdk/client-secrets-manager';
import { requireSdk } from './require-sdk';

export const { SecretsManagerClient, GetSecretValueCommand } = requireSdk<typeof Sdk>(
  '@aws-sdk/client-secrets-manager',
);
export type SecretsManagerClient = Sdk.SecretsManagerClient;
