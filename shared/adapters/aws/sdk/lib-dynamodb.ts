import type * as Sdk from '@aws-sdk/lib-dynamodb';
import { requireSdk } from './require-sdk';

const sdk = requireSdk<typeof Sdk>('@aws-sdk/lib-dynamodb');

export const { DynamoDBDocumentClient, GetCommand, PutCommand, QueryCommand, TransactWriteCommand } = sdk;
export type DynamoDBDocumentClient = Sdk.DynamoDBDocumentClient;
