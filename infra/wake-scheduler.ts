import { Aws, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { deadLetterQueue, type QueueWithDlq } from './queue-with-dlq';

/**
 * The long-wait path of wake-ups: the schedule group the one-shot schedules are made in, the role Scheduler
 * assumes to deliver them to the wake queue, the dead-letter queue of the wake-ups it could not deliver, and the
 * grants of the functions that arm and disarm wake-ups.
 */
export class WakeScheduler extends Construct {
  readonly group: scheduler.ScheduleGroup;
  /**
   * Trusted by Scheduler from this account only; allowed only `sqs:SendMessage` on the wake queue and on the
   * schedule-failures queue.
   */
  readonly role: iam.Role;
  /**
   * Where Scheduler puts a wake-up it could not send to the wake queue after its retries (the schedules' target
   * `DeadLetterConfig`, set by the functions that arm). Scheduler writes it with the execution role.
   */
  readonly deadLetters: sqs.Queue;

  constructor(
    scope: Construct,
    id: string,
    private readonly props: { wake: QueueWithDlq },
  ) {
    super(scope, id);
    // Deleting the group deletes its schedules: on `cdk destroy` nothing is left to fire into a deleted queue.
    this.group = new scheduler.ScheduleGroup(this, 'Schedules', { removalPolicy: RemovalPolicy.DESTROY });
    this.role = new iam.Role(this, 'SchedulerRole', {
      description: 'turn resumer: EventBridge Scheduler delivers wake-ups to the wake queue',
      // Only the resumer's own schedules may act as it (AWS's advice against the confused deputy): Scheduler
      // names the schedule group as the source since September 2023.
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: {
          StringEquals: {
            'aws:SourceAccount': Stack.of(this).account,
            'aws:SourceArn': this.group.scheduleGroupArn,
          },
        },
      }),
    });
    props.wake.grantSend(this.role);
    // Deleted with the wake queue it stands behind, and with the group whose schedules write to it.
    this.deadLetters = deadLetterQueue(this, 'ScheduleFailures', RemovalPolicy.DESTROY);
    Validations.of(this.deadLetters).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "It is the dead-letter queue of the Scheduler schedules' target, which cdk-nag does not recognize (it looks for redrive policies only); nothing consumes it, and it alarms.",
    });
    // Scheduler delivers a dead-letter event with the schedule's execution role, which needs sqs:SendMessage on it.
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [this.deadLetters.queueArn] }),
    );
  }

  /** Arming sends to the wake queue (a short wait) or creates a schedule, passing the Scheduler role (a long one). */
  grantArm(role: iam.Role): void {
    this.props.wake.grantSend(role);
    this.#grantSchedules(role, ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']);
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['iam:PassRole'],
        resources: [this.role.roleArn],
        conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
      }),
    );
  }

  /** Disarming deletes the attempt's schedule; a queued message can't be recalled and is skipped on arrival. */
  grantDisarm(role: iam.Role): void {
    this.#grantSchedules(role, ['scheduler:DeleteSchedule']);
  }

  #grantSchedules(role: iam.Role, actions: string[]): void {
    role.addToPrincipalPolicy(new iam.PolicyStatement({ actions, resources: [this.#schedulesArn()] }));
    Validations.of(role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${this.#schedulesArn('nag')}]`,
      reason:
        'Schedule names are per-attempt hashes made at run time; the wildcard is confined to the resumer schedule group.',
    });
  }

  /**
   * Every schedule of the group, `arn:…:schedule/<group>/*`. Built from pseudo parameters even in a stack with a
   * fixed environment, so that the cdk-nag finding it causes (rendered as `nag`) has one spelling to acknowledge.
   */
  #schedulesArn(form: 'cfn' | 'nag' = 'cfn'): string {
    const group = this.group.scheduleGroupName;
    if (form === 'nag')
      return `arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${group}/*`;
    return Fn.join('', [
      'arn:',
      Aws.PARTITION,
      ':scheduler:',
      Aws.REGION,
      ':',
      Aws.ACCOUNT_ID,
      ':schedule/',
      group,
      '/*',
    ]);
  }
}
