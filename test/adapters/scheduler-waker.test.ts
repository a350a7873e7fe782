import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  InternalServerException,
  ResourceNotFoundException,
  SchedulerClient,
  ThrottlingException,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { atExpression, SchedulerWaker, scheduleName } from '../../shared/adapters/aws/scheduler-waker';
import type { WakeMessage } from '../../shared/core/types';
import { decodeWake } from '../../shared/messages';

// No emulator exists for EventBridge Scheduler: these tests assert the commands sent.

const T0 = Date.UTC(2026, 10, 30, 12, 0, 0);
const GROUP = 'turn-resumer-wakes';
const QUEUE_ARN = 'arn:aws:sqs:eu-west-1:123456789012:turn-resumer-wake';
const ROLE_ARN = 'arn:aws:iam::123456789012:role/turn-resumer-scheduler';

function wake(overrides: Partial<WakeMessage> = {}): WakeMessage {
  return {
    sessionId: 's-42',
    turnId: 't-7',
    attempt: 4,
    promptId: 'p-cap~resume-4',
    nextAt: T0,
    ...overrides,
  };
}

const scheduler = mockClient(SchedulerClient);
let waker: SchedulerWaker;
beforeEach(() => {
  scheduler.reset();
  waker = new SchedulerWaker({
    client: new SchedulerClient({ region: 'eu-west-1' }),
    groupName: GROUP,
    targetQueueArn: QUEUE_ARN,
    roleArn: ROLE_ARN,
  });
});

const metadata = { $metadata: {} };
/** What a Scheduler exception is constructed with: the SDK fills both message fields from the response. */
const failure = (message: string) => ({ message, Message: message, ...metadata });

describe('SchedulerWaker.arm', () => {
  it('creates a one-shot schedule at nextAt that sends the wake to the wake queue', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn:schedule', ...metadata });
    // The fourth wait (20 min, stretched by jitter) from a failure at 12:00:00.417.
    const due = wake({ nextAt: T0 + 417 + 22 * 60_000 + 31_250.5 });

    await expect(waker.arm(due, 22 * 60_000 + 31_250)).resolves.toEqual({ kind: 'armed', via: 'schedule' });

    expect(scheduler).toHaveReceivedCommandTimes(CreateScheduleCommand, 1);
    const input = scheduler.commandCalls(CreateScheduleCommand)[0]?.args[0].input;
    expect(input).toEqual({
      Name: scheduleName(due),
      GroupName: GROUP,
      Description: 'turn resumer: session s-42 turn t-7 attempt 4',
      ScheduleExpression: 'at(2026-11-30T12:22:32)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: QUEUE_ARN,
        RoleArn: ROLE_ARN,
        Input: JSON.stringify({
          sessionId: 's-42',
          turnId: 't-7',
          attempt: 4,
          promptId: 'p-cap~resume-4',
          nextAt: due.nextAt,
        }),
        RetryPolicy: { MaximumRetryAttempts: 185, MaximumEventAgeInSeconds: 86_400 },
      },
    });
    expect(decodeWake(input?.Target?.Input ?? '')).toEqual(due);
  });

  it('adds a dead-letter queue when given one', async () => {
    scheduler.on(CreateScheduleCommand).resolves(metadata);
    const dlq = 'arn:aws:sqs:eu-west-1:123456789012:turn-resumer-wake-dlq';
    const withDlq = new SchedulerWaker({
      client: new SchedulerClient({ region: 'eu-west-1' }),
      groupName: GROUP,
      targetQueueArn: QUEUE_ARN,
      roleArn: ROLE_ARN,
      deadLetterArn: dlq,
    });

    await withDlq.arm(wake(), 0);

    expect(scheduler).toHaveReceivedCommandWith(CreateScheduleCommand, {
      Target: expect.objectContaining({ DeadLetterConfig: { Arn: dlq } }),
    });
  });

  it('answers already_armed when the attempt already has its schedule', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejects(new ConflictException(failure('Schedule w-… already exists.')));

    await expect(waker.arm(wake(), 20 * 60_000)).resolves.toEqual({ kind: 'already_armed', via: 'schedule' });
  });

  it.each([
    ['ThrottlingException', () => new ThrottlingException(failure('Rate exceeded'))],
    ['InternalServerException', () => new InternalServerException(failure('Internal error'))],
    ['ValidationException', () => new ValidationException(failure('bad expression'))],
    ['a network error', () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })],
  ])('lets %s through', async (_name, error) => {
    const thrown = error();
    scheduler.on(CreateScheduleCommand).rejects(thrown);

    await expect(waker.arm(wake(), 20 * 60_000)).rejects.toBe(thrown);
  });
});

describe('SchedulerWaker.disarm', () => {
  it('deletes the attempt schedule by name and group', async () => {
    scheduler.on(DeleteScheduleCommand).resolves(metadata);

    await waker.disarm(wake());

    expect(scheduler).toHaveReceivedCommandTimes(DeleteScheduleCommand, 1);
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0]?.args[0].input).toEqual({
      Name: scheduleName(wake()),
      GroupName: GROUP,
    });
  });

  it('tolerates a schedule that already fired or never existed', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(new ResourceNotFoundException(failure('Schedule not found')));

    await expect(waker.disarm(wake())).resolves.toBeUndefined();
  });

  it('lets other errors through', async () => {
    const thrown = new ThrottlingException(failure('Rate exceeded'));
    scheduler.on(DeleteScheduleCommand).rejects(thrown);

    await expect(waker.disarm(wake())).rejects.toBe(thrown);
  });
});

describe('scheduleName', () => {
  const VALID = /^[0-9A-Za-z_.-]{1,64}$/;

  it('is the same for the same attempt and time, whatever its prompt id', () => {
    expect(scheduleName(wake())).toBe(scheduleName(wake({ promptId: 'other' })));
  });

  it('differs by session, turn, attempt and time (a held attempt armed again later gets a schedule of its own)', () => {
    const names = new Set([
      scheduleName(wake()),
      scheduleName(wake({ sessionId: 's-43' })),
      scheduleName(wake({ turnId: 't-8' })),
      scheduleName(wake({ attempt: 3 })),
      scheduleName(wake({ nextAt: T0 + 1_000_000 })),
      // Fields that only differ in where one ends and the next begins.
      scheduleName(wake({ sessionId: 's', turnId: '-42t-7' })),
    ]);
    expect(names.size).toBe(6);
  });

  it.each([
    ['a long session id', wake({ sessionId: 'x'.repeat(128), turnId: 'y'.repeat(256) })],
    [
      'odd characters',
      wake({ sessionId: 'team:a.b_c-d', turnId: 'turn with spaces/ünïcode ✓', attempt: 20 }),
    ],
  ])('is a valid Scheduler name for %s', (_case, w) => {
    expect(scheduleName(w)).toMatch(VALID);
  });
});

describe('atExpression', () => {
  it.each([
    [T0, 'at(2026-11-30T12:00:00)'],
    [T0 + 1, 'at(2026-11-30T12:00:01)'],
    [T0 + 999.5, 'at(2026-11-30T12:00:01)'],
    [T0 + 1_000, 'at(2026-11-30T12:00:01)'],
    [Date.UTC(2026, 11, 31, 23, 59, 59, 1), 'at(2027-01-01T00:00:00)'],
  ])('writes %d as %s, in UTC, rounded up to the second', (epochMs, expression) => {
    expect(atExpression(epochMs)).toBe(expression);
  });
});
