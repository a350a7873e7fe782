import type * as Sdk from '@aws-sdk/client-sqs';
import { requireSdk } from './require-sdk';

export const { SQSClient, SendMessageCommand } = requireSdk<typeof Sdk>('@aws-sdk/client-sqs');
export type SQSClient = Sdk.SQSClient;
