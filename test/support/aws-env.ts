// The AWS configuration the stack gives every function that stores sessions and arms wake-ups (shared/config.ts),
// with stand-ins for the references CloudFormation resolves.

/** RESUMER_* variables of the table, the wake queue and the schedules. */
export const AWS_SESSION_ENV = {
  RESUMER_TABLE_NAME: 'sessions',
  RESUMER_WAKE_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/wake',
  RESUMER_WAKE_QUEUE_ARN: 'arn:aws:sqs:eu-west-1:123456789012:wake',
  RESUMER_SCHEDULE_GROUP: 'schedules',
  RESUMER_SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
  RESUMER_SCHEDULE_DLQ_ARN: 'arn:aws:sqs:eu-west-1:123456789012:schedule-failures',
} as const;
