import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { awsResumerDeps } from '../../lambdas/shared/aws-resumer';
import { readConfig } from '../../shared/config';
import type { WakeMessage } from '../../shared/core/types';
import { AWS_SESSION_ENV } from '../support/aws-env';

// The wiring the classifier, resume and API functions deploy: the configuration the stack sets, read as they read
// it, reaches the wakers. Only the commands sent are asserted (no emulator exists for Scheduler).

const ENV = AWS_SESSION_ENV;
const wake: WakeMessage = { sessionId: 's-42', turnId: 't-7', attempt: 4, promptId: 'p~resume-4', nextAt: 0 };

const scheduler = mockClient(SchedulerClient);
const sqs = mockClient(SQSClient);
beforeEach(() => {
  scheduler.reset();
  sqs.reset();
});

describe('awsResumerDeps', () => {
  it("arms a long wait as a schedule whose undeliverable wake-up goes to the schedules' dead-letter queue", async () => {
    scheduler.on(CreateScheduleCommand).resolves({ $metadata: {} });
    const { waker } = awsResumerDeps(readConfig('classifier', ENV));

    await expect(waker.arm(wake, 20 * 60_000)).resolves.toEqual({ kind: 'armed', via: 'schedule' });

    expect(scheduler).toHaveReceivedCommandWith(CreateScheduleCommand, {
      GroupName: 'schedules',
      Target: expect.objectContaining({
        Arn: ENV.RESUMER_WAKE_QUEUE_ARN,
        RoleArn: ENV.RESUMER_SCHEDULER_ROLE_ARN,
        DeadLetterConfig: { Arn: ENV.RESUMER_SCHEDULE_DLQ_ARN },
      }),
    });
    expect(sqs).not.toHaveReceivedCommand(SendMessageCommand);
    expect(sqs).not.toHaveReceivedCommand(SendMessageBatchCommand);
  });

  it('sends short waits armed together to the wake queue in one SendMessageBatch', async () => {
    sqs.on(SendMessageBatchCommand).callsFake(({ Entries = [] }) => ({
      Successful: Entries.map((entry: { Id: string }) => ({ Id: entry.Id, MessageId: entry.Id })),
      Failed: [],
    }));
    const { waker } = awsResumerDeps(readConfig('classifier', ENV));

    await expect(
      Promise.all([waker.arm(wake, 5_000), waker.arm({ ...wake, sessionId: 's-43' }, 2_000)]),
    ).resolves.toEqual([
      { kind: 'armed', via: 'queue' },
      { kind: 'armed', via: 'queue' },
    ]);

    expect(sqs).toHaveReceivedCommandTimes(SendMessageBatchCommand, 1);
    expect(sqs).toHaveReceivedCommandWith(SendMessageBatchCommand, {
      QueueUrl: ENV.RESUMER_WAKE_QUEUE_URL,
      Entries: [expect.objectContaining({ DelaySeconds: 5 }), expect.objectContaining({ DelaySeconds: 2 })],
    });
    expect(sqs).not.toHaveReceivedCommand(SendMessageCommand);
  });
});
