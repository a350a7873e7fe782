import type * as Sdk from '@aws-sdk/client-dynamodb';
import { requireSdk } from './require-sdk';

const sdk = requireSdk<typeof Sdk>('@aws-sdk/client-dynamodb');

export const {
  DynamoDBClient,
  ConditionalCheckFailedException,
  TransactionCanceledException,
  TransactionConflictException,
} = sdk;
export type DynamoDBClient = Sdk.DynamoDBClient;
export type AttributeValue = Sdk.AttributeValue;
