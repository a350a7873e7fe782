import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

/** How long a dead letter is kept: the SQS maximum, so that a weekend is not enough to lose one. */
export const DLQ_RETENTION = Duration.days(14);

/** The consumer's visibility timeout is this many times its function timeout (the AWS guidance for SQS sources). */
export const VISIBILITY_FACTOR = 6;

export type QueueWithDlqProps = {
  /** The timeout of the function that consumes the queue. */
  consumerTimeout: Duration;
  /** Receives before a message is moved to the dead-letter queue. */
  maxReceiveCount: number;
  /** @default 4 days (the SQS default) */
  retentionPeriod?: Duration;
  removalPolicy: RemovalPolicy;
};

/** A dead-letter queue: SSE-SQS, TLS-only access, messages kept 14 days. */
export function deadLetterQueue(scope: Construct, id: string, removalPolicy: RemovalPolicy): sqs.Queue {
  return new sqs.Queue(scope, id, {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: DLQ_RETENTION,
    removalPolicy,
  });
}

/** A standard queue with SSE-SQS, TLS-only access and a dead-letter queue that keeps messages 14 days. */
export class QueueWithDlq extends Construct {
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: QueueWithDlqProps) {
    super(scope, id);
    this.deadLetterQueue = deadLetterQueue(this, 'DeadLetters', props.removalPolicy);
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(props.consumerTimeout.toSeconds() * VISIBILITY_FACTOR),
      ...(props.retentionPeriod ? { retentionPeriod: props.retentionPeriod } : {}),
      deadLetterQueue: { queue: this.deadLetterQueue, maxReceiveCount: props.maxReceiveCount },
      removalPolicy: props.removalPolicy,
    });
  }

  /** `sqs:SendMessage` only (not the GetQueueAttributes/GetQueueUrl that `grantSendMessages` adds). */
  grantSend(grantee: iam.IGrantable): void {
    grantee.grantPrincipal.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.queue.queueArn] }),
    );
  }
}
