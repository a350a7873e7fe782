import type * as Sdk from '@aws-sdk/client-sqs';
import { requireSdk } from './require-sdk';

export const { SQSClient, SendMessageCommand, SendMessageBatchCommand } =
  requireSdk<typeof Sdk>('@aws-sdk/client-sqs');
export type SQSClient = Sdk.SQSClient;
