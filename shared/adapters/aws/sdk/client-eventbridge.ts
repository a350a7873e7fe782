import type * as Sdk from '@aws-sdk/client-eventbridge';
import { requireSdk } from './require-sdk';

export const { EventBridgeClient, PutEventsCommand } = requireSdk<typeof Sdk>('@aws-sdk/client-eventbridge');
export type EventBridgeClient = Sdk.EventBridgeClient;
export type PutEventsRequestEntry = Sdk.PutEventsRequestEntry;
