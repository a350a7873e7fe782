import { Duration, RemovalPolicy, Token, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as scheduler from 'aws-cdk-lib/aws-scheduler';
import type * as sns from 'aws-cdk-lib/aws-sns';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { Attr, KeyPrefix } from '../shared/adapters/aws/dynamo-table';
import { agentUrlProblem, shownUrl } from '../shared/core/resume-call';
import { apiTokenSecret, SigningSecret } from './generated-secrets';
import { type PacingProps, pacingEnvironment } from './pacing-env';
import { collectProblems, TurnResumerPropsError } from './props-error';
import { deadLetterQueue, QueueWithDlq } from './queue-with-dlq';
import { ResumerFunction } from './resumer-function';
import {
  compileTableCapacity,
  grantTableAccess,
  ResumerTable,
  type TableCapacityProps,
} from './resumer-table';
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
  /** Pacing of resumes per upstream after an outage (docs/pacing.md). @default on, 10/s, burst 20, probe after 5 */
  pacing?: PacingProps;
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
  /** How the session table pays for reads and writes: on demand, or provisioned with auto scaling. @default on demand */
  tableCapacity?: TableCapacityProps;
};

// A resume claim is leased for 30 s (policy resumeLeaseMs); a POST that outlasts it could be sent twice.
const MAX_AGENT_TIMEOUT = Duration.seconds(25);
// A turn event fails only on a fault (throttling, contention, a publish error) or a message that can't be decoded;
// five tries, 3 min apart, ride out a short outage and park a poison message within a quarter of an hour.
const TURN_EVENTS_MAX_RECEIVES = 5;
// Each receive of a wake-up whose POST failed retryably counts one resume try: the DLQ must sit above
// maxResumeTries so that the state machine records `auto_resume_failed` instead of the message being parked.
const wakeMaxReceives = (maxResumeTries: number) => Math.max(10, 2 * maxResumeTries);
// A publish fails only when EventBridge does (throttling, an outage) or an item can't be read. Ten tries, the
// failing half of a batch split off each time, ride out a short outage; then the batch's place in the stream
// goes to the publish-failures queue, which alarms, and the shard moves on. An event an hour old is given up
// the same way: a watcher that late reads the session's log instead (the stream itself keeps records 24 h).
const PUBLISH_RETRY_ATTEMPTS = 10;
const PUBLISH_MAX_RECORD_AGE = Duration.hours(1);

/**
 * The turn resumer on AWS: webhook ingest, the turn-events queue and classifier, the wake queue and EventBridge
 * Scheduler for wake-ups, the resume function, the read/control API, the session table, the event bus and the
 * publisher that relays the table's stream of logged events to it, the secrets, and alarms with a dashboard.
 */
export class TurnResumer extends Construct {
  readonly table: ResumerTable;
  readonly turnEvents: QueueWithDlq;
  readonly wake: QueueWithDlq;
  readonly bus: events.EventBus;
  /** Where the publisher's stream source parks a batch it could not publish (shard and sequence numbers). */
  readonly publishFailures: sqs.Queue;
  readonly scheduleGroup: scheduler.ScheduleGroup;
  /** Where Scheduler puts a wake-up it could not send to the wake queue after its retries. */
  readonly scheduleFailures: sqs.Queue;
  readonly schedulerRole: iam.Role;
  readonly webhookSecret: SigningSecret;
  readonly agentSecret: SigningSecret;
  readonly apiToken: ReturnType<typeof apiTokenSecret>;
  readonly functions: Record<'ingest' | 'classifier' | 'resume' | 'api' | 'publisher', ResumerFunction>;
  readonly webhookFunctionUrl: lambda.FunctionUrl;
  readonly apiFunctionUrl: lambda.FunctionUrl;
  readonly monitoring: TurnResumerMonitoring;

  constructor(scope: Construct, id: string, props: TurnResumerProps) {
    super(scope, id);
    const { agentTimeout, policy, tableCapacity, pacingEnv, resumeMaxConcurrency } = compileProps(props);
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
      // One PutEvents per event of a batch of 10, with the SDK's retries.
      publisher: Duration.seconds(30),
    };

    this.table = new ResumerTable(this, 'Sessions', {
      removalPolicy,
      deletionProtection: props.deletionProtection ?? removalPolicy !== RemovalPolicy.DESTROY,
      capacity: tableCapacity,
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
    this.publishFailures = deadLetterQueue(this, 'PublishFailures', RemovalPolicy.DESTROY);
    Validations.of(this.publishFailures).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason:
        "It is the on-failure destination of the publisher's DynamoDB stream source, a dead-letter queue that cdk-nag does not recognize (it looks for redrive policies only); it alarms.",
    });
    const wakeScheduler = new WakeScheduler(this, 'Wakeups', { wake: this.wake });
    this.scheduleGroup = wakeScheduler.group;
    this.schedulerRole = wakeScheduler.role;
    this.scheduleFailures = wakeScheduler.deadLetters;

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
      RESUMER_SCHEDULE_DLQ_ARN: this.scheduleFailures.queueArn,
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
        environment: { ...awsEnv, ...pacingEnv },
        ...logging,
      }),
      resume: new ResumerFunction(this, 'Resume', {
        name: 'resume',
        timeout: timeouts.resume,
        environment: {
          ...awsEnv,
          ...pacingEnv,
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
      publisher: new ResumerFunction(this, 'Publisher', {
        name: 'publisher',
        timeout: timeouts.publisher,
        environment: { RESUMER_EVENT_BUS_NAME: this.bus.eventBusName },
        ...logging,
      }),
    };
    const { ingest, classifier, resume, api, publisher } = this.functions;

    this.turnEvents.grantSend(ingest.role);
    this.webhookSecret.secret.grantRead(ingest.role);
    wakeScheduler.grantArm(classifier.role);
    wakeScheduler.grantArm(resume.role);
    // The API only stops sessions, and a stop only disarms (deletes a schedule): it never creates one.
    wakeScheduler.grantDisarm(api.role);
    grantTableAccess(this.table, classifier.role, 'state');
    grantTableAccess(this.table, resume.role, 'state');
    grantTableAccess(this.table, api.role, 'state-and-listings');
    // Only the publisher puts events: the functions that decide write them to the table, in the row's transaction.
    this.bus.grantPutEventsTo(publisher.role);
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
        maxConcurrency: resumeMaxConcurrency,
      }),
    );

    // The outbox relay: every event item the table's stream carries, published at least once. The stream read and
    // the send to the failure queue are granted by the source itself.
    publisher.function.addEventSource(
      new DynamoEventSource(this.table.table, {
        // From the oldest record kept: an event logged before the mapping was ready is still published.
        startingPosition: lambda.StartingPosition.TRIM_HORIZON,
        batchSize: 10,
        filters: [
          lambda.FilterCriteria.filter({
            eventName: lambda.FilterRule.isEqual('INSERT'),
            dynamodb: { Keys: { [Attr.sk]: { S: lambda.FilterRule.beginsWith(KeyPrefix.event) } } },
          }),
        ],
        reportBatchItemFailures: true,
        bisectBatchOnError: true,
        retryAttempts: PUBLISH_RETRY_ATTEMPTS,
        maxRecordAge: PUBLISH_MAX_RECORD_AGE,
        onFailure: new SqsDlq(this.publishFailures),
      }),
    );
    Validations.of(publisher.role).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        "dynamodb:ListStreams, which Lambda's stream poller uses, has no resource-level permissions; the stream's reads (DescribeStream, GetShardIterator, GetRecords) are confined to this table's stream.",
    });

    // Webhooks are authenticated by their Standard Webhooks signature, checked in the ingest handler.
    this.webhookFunctionUrl = ingest.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });
    // The API handler demands `Authorization: Bearer <token>`; IAM auth would need that header for SigV4.
    this.apiFunctionUrl = api.function.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });

    this.monitoring = new TurnResumerMonitoring(this, 'Monitoring', {
      functions: this.functions,
      turnEvents: this.turnEvents,
      wake: this.wake,
      publisher,
      publishFailures: this.publishFailures,
      scheduleGroup: this.scheduleGroup,
      scheduleFailures: this.scheduleFailures,
      alarmTopic: props.alarmTopic,
      alarmEmail: props.alarmEmail,
      exhaustedPerHourThreshold: props.exhaustedPerHourThreshold ?? 10,
      maxTurnEventAge: props.maxTurnEventAge ?? Duration.minutes(5),
      table: this.table.table,
    });
  }
}

/**
 * Checks every prop and fills in the defaults; throws one `TurnResumerPropsError` naming each bad prop, so a
 * `cdk synth` with several bad `-c` values reports them all at once.
 */
function compileProps(props: TurnResumerProps) {
  const problems: string[] = [];
  const urlProblem = agentUrlError(props.agentUrl);
  if (urlProblem) problems.push(urlProblem);
  const agentTimeout = props.agentTimeout ?? Duration.seconds(10);
  const timeoutMs = agentTimeout.toMilliseconds();
  if (timeoutMs < 1000 || timeoutMs > MAX_AGENT_TIMEOUT.toMilliseconds()) {
    problems.push(
      `agentTimeout must be from 1 s to ${MAX_AGENT_TIMEOUT.toSeconds()} s (the resume lease is 30 s), got ${durationText(timeoutMs)}`,
    );
  }
  const resumeMaxConcurrency = props.resumeMaxConcurrency ?? 5;
  if (
    !(Number.isInteger(resumeMaxConcurrency) && resumeMaxConcurrency >= 2 && resumeMaxConcurrency <= 1000)
  ) {
    problems.push(
      `resumeMaxConcurrency must be a whole number from 2 to 1000 (an SQS event source's limits), got ${resumeMaxConcurrency}`,
    );
  }
  const maxAgeMs = props.maxTurnEventAge?.toMilliseconds();
  if (maxAgeMs !== undefined && !(Number.isInteger(maxAgeMs / 1000) && maxAgeMs >= 1000)) {
    problems.push(
      `maxTurnEventAge must be a whole number of seconds, at least 1 s (the alarm's threshold), got ${durationText(maxAgeMs)}`,
    );
  }
  const exhausted = props.exhaustedPerHourThreshold;
  if (exhausted !== undefined && !(Number.isFinite(exhausted) && exhausted >= 0)) {
    problems.push(`exhaustedPerHourThreshold must be a number of chains, 0 or more, got ${exhausted}`);
  }
  const policy = collectProblems(problems, () => compilePolicyProps(props.retryPolicy));
  const tableCapacity = collectProblems(problems, () => compileTableCapacity(props.tableCapacity));
  // The classifier reports failures and completions to the pacer, the resume function asks it.
  const pacingEnv = collectProblems(problems, () => pacingEnvironment(props.pacing));
  if (problems.length > 0 || !policy || !tableCapacity || !pacingEnv)
    throw new TurnResumerPropsError(problems);
  return { agentTimeout, policy, tableCapacity, pacingEnv, resumeMaxConcurrency };
}

/** What is wrong with `url` as the agent's base URL, if anything. */
function agentUrlError(url: string): string | undefined {
  if (Token.isUnresolved(url)) return undefined;
  const problem = agentUrlProblem(url);
  if (!problem) return undefined;
  // Not repeated whole: its user, password or query may hold a secret.
  let host: string | undefined;
  try {
    host = new URL(url).host;
  } catch {
    host = undefined;
  }
  return `agentUrl must be an http(s) URL ${problem}, got ${host ?? JSON.stringify(shownUrl(url))}`;
}
