import { Duration, RemovalPolicy, Token, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sns from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import { apiTokenSecret, SigningSecret } from './generated-secrets';
import { QueueWithDlq } from './queue-with-dlq';
import { ResumerFunction } from './resumer-function';
import { grantTableAccess, ResumerTable } from './resumer-table';
import {
  compilePolicyProps,
  durationText,
  policyEnvironment,
  type RetryPolicyProps,
} from './retry-policy-env';
import { TurnResumerMonitoring } from './turn-resumer-monitoring';
import { WakeScheduler } from './wake-scheduler';

/** What a user of the construct sets. */
export type TurnResumerProps = {
  /** The agent hub's base URL; resumes are POSTed to `{agentUrl}/sessions/{id}/prompts`. */
  agentUrl: string;
  /** How long one resume POST may take; must stay under the 30 s resume lease. @default 10 seconds */
  agentTimeout?: Duration;
  /** The retry policy; unset fields keep the SPEC defaults. */
  retryPolicy?: RetryPolicyProps;
  /** Where alarms are sent. @default a new SNS topic */
  alarmTopic?: sns.ITopic;
  /** An address subscribed to the alarm topic (confirm the e-mail AWS sends). @default none */
  alarmEmail?: string;
  /** Retention of every function's log group. @default one month */
  logRetention?: logs.RetentionDays;
  /** What `cdk destroy` does with the table, the secrets and the log groups. @default RETAIN */
  removalPolicy?: RemovalPolicy;
  /** DynamoDB deletion protection. @default true unless `removalPolicy` is DESTROY */
  deletionProtection?: boolean;
  /** The exhausted-chains alarm fires above this many per hour. @default 10 */
  exhaustedPerHourThreshold?: number;
  /** The turn-events queue alarm fires when its oldest message is older than this. @default 5 minutes */
  maxTurnEventAge?: Duration;
  /** At most this many resume functions run at once, which bounds the resumes that hit the hub. @default 5 */
  resumeMaxConcurrency?: number;
};

// A resume claim is leased for 30 s (policy resumeLeaseMs); a POST that outlasts it could be sent twice.
const MAX_AGENT_TIMEOUT = Duration.seconds(25);
// A turn event fails only on a fault (throttling, contention, a publish error) or a message that can't be decoded;
// five tries, 3 min apart, ride out a short outage and park a poison message within a quarter of an hour.
const TURN_EVENTS_MAX_RECEIVES = 5;
// Each receive of a wake-up whose POST failed retryably counts one resume try: the DLQ must sit above
// maxResumeTries so that the state machine records `auto_resume_failed` instead of the message being parked.
const wakeMaxReceives = (maxResumeTries: number) => Math.max(10, 2 * maxResumeTries);

/**
 * The turn resumer on AWS: webhook ingest, the turn-events queue and classifier, the wake queue and EventBridge
 * Scheduler for wake-ups, the resume function, the read/control API, the session table, the event bus, the
 * secrets, and alarms with a dashboard.
 */
export class TurnResumer extends Construct {
  readonly table: ResumerTable;
  readonly turnEvents: QueueWithDlq;
  readonly wake: QueueWithDlq;
  readonly bus: events.EventBus;
  readonly scheduleGroup: scheduler.ScheduleGroup;
  readonly schedulerRole: iam.Role;
  readonly webhookSecret: SigningSecret;
  readonly agentSecret: SigningSecret;
  readonly apiToken: ReturnType<typeof apiTokenSecret>;
  readonly functions: Record<'ingest' | 'classifier' | 'resume' | 'api', ResumerFunction>;
  readonly webhookFunctionUrl: lambda.FunctionUrl;
  readonly apiFunctionUrl: lambda.FunctionUrl;
  readonly monitoring: TurnResumerMonitoring;

  constructor(scope: Construct, id: string, props: TurnResumerProps) {
    super(scope, id);
    assertAgentUrl(props.agentUrl);
    const agentTimeout = props.agentTimeout ?? Duration.seconds(10);
    if (
      agentTimeout.toMilliseconds() < 1000 ||
      agentTimeout.toMilliseconds() > MAX_AGENT_TIMEOUT.toMilliseconds()
    ) {
      throw new Error(
        `agentTimeout must be from 1 s to ${MAX_AGENT_TIMEOUT.toSeconds()} s (the resume lease is 30 s)`,
      );
    }
    const policy = compilePolicyProps(props.retryPolicy);
    const removalPolicy = props.removalPolicy ?? RemovalPolicy.RETAIN;
    const logging = {
      logRetention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      logRemovalPolicy: removalPolicy,
    };
    const timeouts = {
      ingest: Duration.seconds(10),
      classifier: Duration.seconds(30),
      // The POST, plus the claim and the answer written around it.
      resume: Duration.seconds(Math.ceil(agentTimeout.toMilliseconds() / 1000) + 20),
      api: Duration.seconds(15),
    };

    this.table = new ResumerTable(this, 'Sessions', {
      removalPolicy,
      deletionProtection: props.deletionProtection ?? removalPolicy !== RemovalPolicy.DESTROY,
    });
    this.turnEvents = new QueueWithDlq(this, 'TurnEvents', {
      consumerTimeout: timeouts.classifier,
      maxReceiveCount: TURN_EVENTS_MAX_RECEIVES,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.wake = new QueueWithDlq(this, 'Wake', {
      consumerTimeout: timeouts.resume,
      maxReceiveCount: wakeMaxReceives(policy.maxResumeTries),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.bus = new events.EventBus(this, 'Bus', { description: 'turn resumer: session_changed events' });
    const wakeScheduler = new WakeScheduler(this, 'Wakeups', { wake: this.wake });
    this.scheduleGroup = wakeScheduler.group;
    this.schedulerRole = wakeScheduler.role;

    this.webhookSecret = new SigningSecret(this, 'WebhookSigning', {
      description: 'turn resumer: Standard Webhooks secret the agent hub signs webhooks with',
      removalPolicy,
    });
    this.agentSecret = new SigningSecret(this, 'AgentSigning', {
      description: 'turn resumer: Standard Webhooks secret resumes to the agent hub are signed with',
      removalPolicy,
    });
    this.apiToken = apiTokenSecret(this, 'ApiToken', removalPolicy);
    for (const secret of [this.webhookSecret, this.agentSecret, this.apiToken]) {
      Validations.of(secret).acknowledge({
        id: 'AwsSolutions-SMG4',
        reason:
          'Shared with the agent hub or API callers out of band: a rotation needs them to change in step (docs/deploy.md).',
      });
    }

    const awsEnv = {
      RESUMER_TABLE_NAME: this.table.table.tableName,
      RESUMER_WAKE_QUEUE_URL: this.wake.queue.queueUrl,
      RESUMER_WAKE_QUEUE_ARN: this.wake.queue.queueArn,
      RESUMER_SCHEDULE_GROUP: this.scheduleGroup.scheduleGroupName,
      RESUMER_SCHEDULER_ROLE_ARN: this.schedulerRole.roleArn,
      RESUMER_EVENT_BUS_NAME: this.bus.eventBusName,
      ...policyEnvironment(policy),
    };
    this.functions = {
      ingest: new ResumerFunction(this, 'Ingest', {
        name: 'ingest',
        timeout: timeouts.ingest,
        environment: {
          RESUMER_TURN_EVENTS_QUEUE_URL: this.turnEvents.queue.queueUrl,
          RESUMER_WEBHOOK_SECRET_ARN: this.webhookSecret.secret.secretArn,
        },
        ...logging,
      }),
      classifier: new ResumerFunction(this, 'Classifier', {
        name: 'classifier',
        timeout: timeouts.classifier,
        environment: awsEnv,
        ...logging,
      }),
      resume: new ResumerFunction(this, 'Resume', {
        name: 'resume',
        timeout: timeouts.resume,
        environment: {
          ...awsEnv,
          RESUMER_AGENT_URL: props.agentUrl,
          RESUMER_AGENT_TIMEOUT: durationText(agentTimeout.toMilliseconds()),
          RESUMER_AGENT_SECRET_ARN: this.agentSecret.secret.secretArn,
        },
        ...logging,
      }),
      api: new ResumerFunction(this, 'Api', {
        name: 'api',
        timeout: timeouts.api,
        environment: { ...awsEnv, RESUMER_API_TOKEN_SECRET_ARN: this.apiToken.secretArn },
        ...logging,
      }),
    };
    const { ingest, classifier, resume, api } = this.functions;

    this.turnEvents.grantSend(ingest.role);
    this.webhookSecret.secret.grantRead(ingest.role);
    wakeScheduler.grantArm(classifier.role);
    wakeScheduler.grantArm(resume.role);
    // The API only stops sessions, and a stop only disarms (deletes a schedule): it never creates one.
    wakeScheduler.grantDisarm(api.role);
    grantTableAccess(this.table, classifier.role, 'state');
    grantTableAccess(this.table, resume.role, 'state');
    grantTableAccess(this.table, api.role, 'state-and-listings');
    for (const fn of [classifier, resume, api]) this.bus.grantPutEventsTo(fn.role);
    this.agentSecret.secret.grantRead(resume.role);
    this.apiToken.grantRead(api.role);

    classifier.function.addEventSource(
      new SqsEventSource(this.turnEvents.queue, {
        batchSize: 10,
        // A short window batches a burst of webhooks without delaying a lone event much.
        maxBatchingWindow: Duration.seconds(1),
        reportBatchItemFailures: true,
      }),
    );
    resume.function.addEventSource(
      new SqsEventSource(this.wake.queue, {
        batchSize: 5,
        // No batching window: a wake-up is due the second its delay ends.
        reportBatchItemFailures: true,
        maxConcurrency: props.resumeMaxConcurrency ?? 5,
      }),
    );

    // Webhooks are authenticated by their Standard Webhooks signature, checked in the ingest handler.
    this.webhookFunctionUrl = ingest.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });
    // The API handler demands `Authorization: Bearer <token>`; IAM auth would need that header for SigV4.
    this.apiFunctionUrl = api.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });

    this.monitoring = new TurnResumerMonitoring(this, 'Monitoring', {
      functions: this.functions,
      turnEvents: this.turnEvents,
      wake: this.wake,
      scheduleGroup: this.scheduleGroup,
      alarmTopic: props.alarmTopic,
      alarmEmail: props.alarmEmail,
      exhaustedPerHourThreshold: props.exhaustedPerHourThreshold ?? 10,
      maxTurnEventAge: props.maxTurnEventAge ?? Duration.minutes(5),
    });
  }
}

function assertAgentUrl(url: string): void {
  if (Token.isUnresolved(url)) return;
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    throw new Error(
      `agentUrl must be an http(s) URL such as https://hub.example.com, got ${JSON.stringify(url)}`,
    );
  }
}
