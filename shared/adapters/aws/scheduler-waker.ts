import { createHash } from 'node:crypto';
import type { WakeMessage } from '../../core/types';
import { encodeWake } from '../../messages';
import type { ArmResult, Waker } from '../../ports';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  type SchedulerClient,
} from './sdk/client-scheduler';

/**
 * Scheduler retries a failed delivery to the wake queue with backoff until either limit is reached. A lost
 * wake-up leaves the retry row armed with nothing to fire it, while a late one is still checked by the resume
 * handler, so we take the most Scheduler allows: 185 attempts, and events up to 24 h old.
 */
export const WAKE_RETRY_POLICY = { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 } as const;

export type SchedulerWakerOptions = {
  client: SchedulerClient;
  /** The schedule group the one-shot schedules are created in. */
  groupName: string;
  /** The wake queue's ARN: the same queue the SQS-delay path sends to. */
  targetQueueArn: string;
  /** The role Scheduler assumes to send to the wake queue. */
  roleArn: string;
  /** Where Scheduler puts a wake-up it could not deliver; none by default. */
  deadLetterArn?: string | undefined;
};

/**
 * The schedule's name: the same for every arm of one attempt at one time, so a duplicate arm conflicts instead
 * of doubling. The time is part of it: an attempt the pacer holds is armed again, later, from the wake-up its
 * schedule just sent, and under the same name that arm could meet the fired schedule before Scheduler has
 * deleted it, be taken for a duplicate, and leave the attempt with no wake-up at all.
 */
export function scheduleName(wake: Pick<WakeMessage, 'sessionId' | 'turnId' | 'attempt' | 'nextAt'>): string {
  const key = JSON.stringify([wake.sessionId, wake.turnId, wake.attempt, wake.nextAt]);
  return `w-${createHash('sha256').update(key).digest('hex').slice(0, 62)}`;
}

/** `at(yyyy-mm-ddThh:mm:ss)` in UTC for `epochMs`, rounded up to the whole second. */
export function atExpression(epochMs: number): string {
  const iso = new Date(Math.ceil(epochMs / 1000) * 1000).toISOString();
  return `at(${iso.slice(0, 19)})`;
}

/** What the console shows for the schedule (Scheduler allows 512 characters). */
function description(wake: WakeMessage): string {
  return `turn resumer: session ${wake.sessionId} turn ${wake.turnId} attempt ${wake.attempt}`.slice(0, 512);
}

/**
 * Arms a wake-up as a one-shot EventBridge Scheduler schedule that sends the wake message to the wake queue.
 * Scheduler fires somewhere in the minute of `nextAt`; the resume handler re-arms one that comes early.
 */
export class SchedulerWaker implements Waker {
  readonly #options: SchedulerWakerOptions;

  constructor(options: SchedulerWakerOptions) {
    this.#options = options;
  }

  /** Schedules the wake-up at `wake.nextAt` (so `delayMs` is not needed). */
  async arm(wake: WakeMessage, _delayMs: number): Promise<ArmResult> {
    const { client, groupName, targetQueueArn, roleArn, deadLetterArn } = this.#options;
    try {
      await client.send(
        new CreateScheduleCommand({
          Name: scheduleName(wake),
          GroupName: groupName,
          Description: description(wake),
          ScheduleExpression: atExpression(wake.nextAt),
          ScheduleExpressionTimezone: 'UTC',
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: {
            Arn: targetQueueArn,
            RoleArn: roleArn,
            Input: encodeWake(wake),
            RetryPolicy: { ...WAKE_RETRY_POLICY },
            ...(deadLetterArn ? { DeadLetterConfig: { Arn: deadLetterArn } } : {}),
          },
        }),
      );
    } catch (error) {
      // The name is per attempt and time, so a conflict means this arm's schedule already exists.
      if (error instanceof ConflictException) return { kind: 'already_armed', via: 'schedule' };
      throw error;
    }
    return { kind: 'armed', via: 'schedule' };
  }

  /** Deletes the attempt's schedule; one that already fired (and deleted itself) or never existed is fine. */
  async disarm(wake: WakeMessage): Promise<void> {
    const { client, groupName } = this.#options;
    try {
      await client.send(new DeleteScheduleCommand({ Name: scheduleName(wake), GroupName: groupName }));
    } catch (error) {
      if (error instanceof ResourceNotFoundException) return;
      throw error;
    }
  }
}
