import type * as Sdk from '@aws-sdk/client-scheduler';
import { requireSdk } from './require-sdk';

export const {
  SchedulerClient,
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
} = requireSdk<typeof Sdk>('@aws-sdk/client-scheduler');
export type SchedulerClient = Sdk.SchedulerClient;
