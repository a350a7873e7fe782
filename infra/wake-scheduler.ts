import { Aws, Fn, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as scheduler from 'aws-cdk-lib/aws-scheduler';
import { Construct } from 'constructs';
import type { QueueWithDlq } from './queue-with-dlq';

/**
 * The long-wait path of wake-ups: the schedule group the one-shot schedules are made in, the role Scheduler
 * assumes to deliver them to the wake queue, and the grants of the functions that arm and disarm wake-ups.
 */
export class WakeScheduler extends Construct {
  readonly group: scheduler.ScheduleGroup;
  /** Trusted by Scheduler from this account only; allowed only `sqs:SendMessage` on the wake queue. */
  readonly role: iam.Role;

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
      assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
        conditions: { StringEquals: { 'aws:SourceAccount': Stack.of(this).account } },
      }),
    });
    props.wake.grantSend(this.role);
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
