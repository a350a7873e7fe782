import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  Attr,
  KeyPrefix,
  TTL_ATTRIBUTE,
  tableSchema,
  WAITING_INDEX,
} from '../../shared/adapters/aws/dynamo-table';
import {
  actionsOf,
  functionId,
  functionProps,
  resourcesOf,
  statementsOfFunction,
  statementsOfRole,
  synthesize,
} from './stack-fixture';

const { stack, template } = synthesize();

const ROLES = ['Ingest', 'Classifier', 'Resume', 'Api', 'Publisher'] as const;
const queues = resourcesOf(template, 'AWS::SQS::Queue');
const functions = resourcesOf(template, 'AWS::Lambda::Function');
const ref = (id: string) => ({ Ref: id });
const arnOf = (id: string) => ({ 'Fn::GetAtt': [id, 'Arn'] });
const idOf = (prefix: string, resources: Record<string, unknown>) => {
  const id = Object.keys(resources).find((key) => key.startsWith(prefix));
  if (!id) throw new Error(`no resource ${prefix}*`);
  return id;
};
const turnEventsQueue = idOf('ResumerTurnEventsQueue', queues);
const turnEventsDlq = idOf('ResumerTurnEventsDeadLetters', queues);
const wakeQueue = idOf('ResumerWakeQueue', queues);
const wakeDlq = idOf('ResumerWakeDeadLetters', queues);
const publishFailures = idOf('ResumerPublishFailures', queues);
const scheduleFailures = idOf('ResumerWakeupsScheduleFailures', queues);
const tableId = idOf('ResumerSessionsTable', resourcesOf(template, 'AWS::DynamoDB::Table'));
const streamArn = { 'Fn::GetAtt': [tableId, 'StreamArn'] };
const schedulerRole = idOf('ResumerWakeupsSchedulerRole', resourcesOf(template, 'AWS::IAM::Role'));

describe('queues', () => {
  it.each([
    [turnEventsQueue, turnEventsDlq, 5],
    [wakeQueue, wakeDlq, 10],
  ])('%s dead-letters to %s after %i receives', (queue, dlq, maxReceiveCount) => {
    expect(queues[queue]?.Properties.RedrivePolicy).toEqual({
      deadLetterTargetArn: arnOf(dlq),
      maxReceiveCount,
    });
  });

  it('keeps dead letters 14 days', () => {
    for (const dlq of [turnEventsDlq, wakeDlq, publishFailures, scheduleFailures]) {
      expect(queues[dlq]?.Properties.MessageRetentionPeriod).toBe(14 * 24 * 3600);
    }
  });

  it('encrypts every queue with SSE-SQS and refuses requests without TLS', () => {
    expect(Object.keys(queues)).toHaveLength(6);
    for (const [id, queue] of Object.entries(queues)) {
      expect(queue.Properties.SqsManagedSseEnabled, id).toBe(true);
      template.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [ref(id)],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });

  it("gives the functions that arm or disarm wake-ups the schedules' dead-letter queue, and no function access to it", () => {
    for (const role of ['Classifier', 'Resume', 'Api']) {
      const env = (functionProps(template, role).Environment as { Variables: object }).Variables;
      expect(env, role).toMatchObject({ RESUMER_SCHEDULE_DLQ_ARN: arnOf(scheduleFailures) });
    }
    for (const role of ROLES) {
      const statements = JSON.stringify(statementsOfFunction(template, role));
      expect(statements, role).not.toContain(`"${scheduleFailures}"`);
    }
  });

  it('gives each consumed queue a visibility timeout of at least 6 times its consumer timeout', () => {
    const mappings = Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).filter(
      (mapping) => JSON.stringify(mapping.Properties.EventSourceArn) !== JSON.stringify(streamArn),
    );
    expect(mappings).toHaveLength(2);
    for (const mapping of mappings) {
      const queueId = (mapping.Properties.EventSourceArn as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
      const fnId = (mapping.Properties.FunctionName as { Ref: string }).Ref;
      const timeout = functions[fnId]?.Properties.Timeout as number;
      expect(queues[queueId]?.Properties.VisibilityTimeout as number, queueId).toBeGreaterThanOrEqual(
        6 * timeout,
      );
    }
  });

  it('reports batch item failures from both consumers, the classifier on turn events and resume on wake-ups', () => {
    for (const [queue, role] of [
      [turnEventsQueue, 'Classifier'],
      [wakeQueue, 'Resume'],
    ] as const) {
      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: arnOf(queue),
        FunctionName: ref(functionId(template, role)),
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        BatchSize: Match.anyValue(),
      });
    }
  });

  it('delivers wake-ups without a batching window and bounds the resume concurrency', () => {
    template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
      EventSourceArn: arnOf(wakeQueue),
      MaximumBatchingWindowInSeconds: Match.absent(),
      ScalingConfig: { MaximumConcurrency: 5 },
    });
  });
});

describe('table', () => {
  it('mirrors the keys and the waiting index of shared/adapters/aws/dynamo-table.ts', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      KeySchema: tableSchema.KeySchema,
      AttributeDefinitions: Match.arrayEquals(tableSchema.AttributeDefinitions),
      GlobalSecondaryIndexes: [
        {
          IndexName: WAITING_INDEX,
          KeySchema: tableSchema.GlobalSecondaryIndexes[0]?.KeySchema,
          Projection: { ProjectionType: 'ALL' },
        },
      ],
    });
  });

  it('streams the new image of every write, the outbox the publisher reads', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', {
      StreamSpecification: { StreamViewType: 'NEW_IMAGE' },
    });
  });

  it('is on demand with point-in-time recovery, TTL, AWS-managed encryption and deletion protection', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        TimeToLiveSpecification: { AttributeName: TTL_ATTRIBUTE, Enabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
      }),
    });
  });
});

describe('the publisher', () => {
  const mapping = () =>
    Object.values(resourcesOf(template, 'AWS::Lambda::EventSourceMapping')).filter(
      (m) => JSON.stringify(m.Properties.EventSourceArn) === JSON.stringify(streamArn),
    );

  it("reads the table's stream from its oldest record, only the inserts of event items", () => {
    expect(mapping()).toHaveLength(1);
    expect(mapping()[0]?.Properties).toMatchObject({
      FunctionName: ref(functionId(template, 'Publisher')),
      StartingPosition: 'TRIM_HORIZON',
    });
    const criteria = mapping()[0]?.Properties.FilterCriteria as { Filters: Array<{ Pattern: string }> };
    const filters = criteria.Filters;
    expect(filters.map((f) => JSON.parse(f.Pattern))).toEqual([
      { eventName: ['INSERT'], dynamodb: { Keys: { [Attr.sk]: { S: [{ prefix: KeyPrefix.event }] } } } },
    ]);
    expect(KeyPrefix.event).toBe('E#');
  });

  it('reports failed records, splits a failing batch, bounds its retries and parks what it gave up', () => {
    expect(mapping()[0]?.Properties).toMatchObject({
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      BisectBatchOnFunctionError: true,
      MaximumRetryAttempts: 10,
      MaximumRecordAgeInSeconds: 3600,
      DestinationConfig: { OnFailure: { Destination: arnOf(publishFailures) } },
    });
  });
});

describe('functions', () => {
  it.each(ROLES)('runs %s on Node.js 22 or newer, on arm64, with source maps', (role) => {
    const props = functions[functionId(template, role)]?.Properties ?? {};
    expect(Number(/^nodejs(\d+)\.x$/.exec(String(props.Runtime))?.[1])).toBeGreaterThanOrEqual(22);
    expect(props.Architectures).toEqual(['arm64']);
    expect((props.Environment as { Variables: Record<string, unknown> }).Variables.NODE_OPTIONS).toBe(
      '--enable-source-maps',
    );
  });

  it.each(ROLES)('logs %s to its own log group with a retention', (role) => {
    const props = functions[functionId(template, role)]?.Properties ?? {};
    const groupId = (props.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
    expect(resourcesOf(template, 'AWS::Logs::LogGroup')[groupId]?.Properties.RetentionInDays).toBe(30);
  });

  it('uses no managed policies: every role carries only its own statements', () => {
    for (const role of Object.values(resourcesOf(template, 'AWS::IAM::Role'))) {
      expect(role.Properties.ManagedPolicyArns).toBeUndefined();
    }
  });

  it('serves the webhook and the API from function URLs authenticated in code', () => {
    for (const role of ['Ingest', 'Api']) {
      template.hasResourceProperties('AWS::Lambda::Url', {
        AuthType: 'NONE',
        TargetFunctionArn: arnOf(functionId(template, role)),
      });
    }
    expect(Object.keys(resourcesOf(template, 'AWS::Lambda::Url'))).toHaveLength(2);
  });
});

describe('permissions', () => {
  const all = ROLES.flatMap((role) => statementsOfFunction(template, role).map((s) => ({ role, ...s })));

  it('never grants a wildcard action', () => {
    for (const statement of all) expect(actionsOf(statement).join(' ')).not.toContain('*');
  });

  it("lets Scheduler assume its role only for this account's resumer schedule group", () => {
    const [group] = Object.keys(template.findResources('AWS::Scheduler::ScheduleGroup'));
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          {
            Action: 'sts:AssumeRole',
            Effect: 'Allow',
            Principal: { Service: 'scheduler.amazonaws.com' },
            Condition: {
              StringEquals: {
                'aws:SourceAccount': ref('AWS::AccountId'),
                'aws:SourceArn': { 'Fn::GetAtt': [group, 'Arn'] },
              },
            },
          },
        ],
      },
    });
  });

  it("lets the Scheduler role do one thing: send to the wake queue and to the schedules' dead-letter queue", () => {
    const statements = statementsOfRole(template, schedulerRole);
    const grants = statements.flatMap((s) =>
      actionsOf(s).flatMap((action) =>
        (Array.isArray(s.Resource) ? s.Resource : [s.Resource]).map((resource) => ({
          effect: s.Effect,
          action,
          resource,
          condition: s.Condition,
        })),
      ),
    );
    expect(grants).toEqual([
      { effect: 'Allow', action: 'sqs:SendMessage', resource: arnOf(wakeQueue), condition: undefined },
      { effect: 'Allow', action: 'sqs:SendMessage', resource: arnOf(scheduleFailures), condition: undefined },
    ]);
  });

  it('passes only the Scheduler role, only to Scheduler, and only from the functions that create schedules', () => {
    const passRole = all.filter((s) => actionsOf(s).includes('iam:PassRole'));
    expect(passRole.map((s) => s.role).sort()).toEqual(['Classifier', 'Resume']);
    for (const statement of passRole) {
      expect(statement.Resource).toEqual(arnOf(schedulerRole));
      expect(statement.Condition).toEqual({
        StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
      });
    }
  });

  it('scopes schedule permissions to the schedules of the resumer group', () => {
    const group = stack.resumer.scheduleGroup.scheduleGroupName;
    const scheduler = all.filter((s) => actionsOf(s).some((a) => a.startsWith('scheduler:')));
    expect(scheduler.map((s) => [s.role, actionsOf(s)])).toEqual([
      ['Classifier', ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']],
      ['Resume', ['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']],
      ['Api', ['scheduler:DeleteSchedule']],
    ]);
    for (const statement of scheduler) {
      const parts = (statement.Resource as { 'Fn::Join': [string, unknown[]] })['Fn::Join'][1];
      expect(parts.at(-1)).toBe(`:schedule/${group}/*`);
    }
  });

  it.each([
    ['Ingest', 'ResumerWebhookSigningSecret'],
    ['Classifier', null],
    ['Resume', 'ResumerAgentSigningSecret'],
    ['Api', 'ResumerApiToken'],
    ['Publisher', null],
  ])('lets %s read only its own secret (%s)', (role, secret) => {
    const reads = statementsOfFunction(template, role).filter((s) =>
      actionsOf(s).includes('secretsmanager:GetSecretValue'),
    );
    expect(reads.map((s) => (s.Resource as { Ref: string }).Ref.replace(/[0-9A-F]{8}$/, ''))).toEqual(
      secret ? [secret] : [],
    );
  });

  it.each([
    ['Ingest', []],
    ['Classifier', ['dynamodb:GetItem', 'dynamodb:PutItem']],
    ['Resume', ['dynamodb:GetItem', 'dynamodb:PutItem']],
    ['Api', ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:Query']],
    [
      'Publisher',
      ['dynamodb:ListStreams', 'dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
    ],
  ])('gives %s the DynamoDB actions it uses and no more', (role, actions) => {
    const dynamo = statementsOfFunction(template, role).flatMap((s) =>
      actionsOf(s).filter((a) => a.startsWith('dynamodb:')),
    );
    expect(dynamo).toEqual(actions);
  });

  it('lets the API query the waiting index by name, not every index', () => {
    const indexStatement = statementsOfFunction(template, 'Api').find((s) =>
      JSON.stringify(s.Resource).includes('/index/'),
    );
    expect(JSON.stringify(indexStatement?.Resource)).toMatch(/\/index\/waiting"\]\]\}$/);
  });

  it("lets the publisher read the table's stream and nothing of the table itself", () => {
    const stream = statementsOfFunction(template, 'Publisher').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('dynamodb:')),
    );
    expect(stream).toEqual([
      { Action: 'dynamodb:ListStreams', Effect: 'Allow', Resource: '*' },
      {
        Action: ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator'],
        Effect: 'Allow',
        Resource: streamArn,
      },
    ]);
  });

  it.each(ROLES)(
    'gives %s no action on every resource but ListStreams (its cdk-nag acknowledgement covers no more)',
    (role) => {
      const everywhere = statementsOfFunction(template, role).filter((s) =>
        (Array.isArray(s.Resource) ? s.Resource : [s.Resource]).includes('*'),
      );
      expect(everywhere.flatMap(actionsOf)).toEqual(role === 'Publisher' ? ['dynamodb:ListStreams'] : []);
    },
  );

  it('lets only the publisher put events, and only on the resumer bus', () => {
    const puts = all.filter((s) => actionsOf(s).includes('events:PutEvents'));
    expect(puts.map((s) => s.role)).toEqual(['Publisher']);
    expect(puts[0]?.Resource).toEqual(
      arnOf(idOf('ResumerBus', resourcesOf(template, 'AWS::Events::EventBus'))),
    );
    for (const role of ['Classifier', 'Resume', 'Api'] as const) {
      const actions = statementsOfFunction(template, role).flatMap(actionsOf);
      expect(
        actions.filter((a) => a.startsWith('events:')),
        role,
      ).toEqual([]);
    }
  });

  it('lets the publisher send to its failure queue and nothing else on SQS', () => {
    const sqs = statementsOfFunction(template, 'Publisher').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('sqs:')),
    );
    expect(sqs.map((s) => s.Resource)).toEqual([arnOf(publishFailures)]);
    expect(actionsOf(sqs[0] ?? { Action: [], Effect: '', Resource: '' })).toContain('sqs:SendMessage');
  });

  it('lets ingest send turn events and nothing else on SQS', () => {
    const sqs = statementsOfFunction(template, 'Ingest').filter((s) =>
      actionsOf(s).some((a) => a.startsWith('sqs:')),
    );
    expect(sqs).toEqual([{ Action: 'sqs:SendMessage', Effect: 'Allow', Resource: arnOf(turnEventsQueue) }]);
  });
});

describe('secrets', () => {
  it('stores the signing secrets as whsec_ plus a generated key, never the value itself', () => {
    for (const name of ['WebhookSigning', 'AgentSigning']) {
      const secrets = resourcesOf(template, 'AWS::SecretsManager::Secret');
      const key = idOf(`Resumer${name}Key`, secrets);
      expect(secrets[key]?.Properties.GenerateSecretString).toEqual({
        ExcludePunctuation: true,
        IncludeSpace: false,
        PasswordLength: 32,
      });
      expect(secrets[idOf(`Resumer${name}Secret`, secrets)]?.Properties.SecretString).toEqual({
        'Fn::Join': ['', ['whsec_{{resolve:secretsmanager:', ref(key), ':SecretString:::}}']],
      });
    }
  });
});

describe('alarms', () => {
  const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm')).map((a) => a.Properties);
  const topic = Object.keys(resourcesOf(template, 'AWS::SNS::Topic'))[0] ?? '';
  const find = (predicate: (alarm: Record<string, unknown>) => boolean) => alarms.filter(predicate);
  const dims = (alarm: Record<string, unknown>) => JSON.stringify(alarm.Dimensions ?? alarm.Metrics);

  it('sends every alarm to the alarm topic', () => {
    expect(alarms.length).toBe(22);
    for (const alarm of alarms) expect(alarm.AlarmActions).toEqual([ref(topic)]);
  });

  it.each([turnEventsDlq, wakeDlq, publishFailures, scheduleFailures])(
    'fires on any message in %s',
    (dlq) => {
      const matching = find(
        (a) => a.MetricName === 'ApproximateNumberOfMessagesVisible' && dims(a).includes(`"${dlq}"`),
      );
      expect(matching).toEqual([
        expect.objectContaining({ Threshold: 0, ComparisonOperator: 'GreaterThanThreshold' }),
      ]);
    },
  );

  it('fires when the oldest turn event is older than 5 minutes', () => {
    const matching = find((a) => a.MetricName === 'ApproximateAgeOfOldestMessage');
    expect(matching).toEqual([expect.objectContaining({ Threshold: 300 })]);
    expect(dims(matching[0] ?? {})).toContain(turnEventsQueue);
  });

  it("fires when the publisher's oldest unpublished event is older than 5 minutes", () => {
    const matching = find((a) => a.MetricName === 'IteratorAge');
    expect(matching).toEqual([
      expect.objectContaining({
        Namespace: 'AWS/Lambda',
        Statistic: 'Maximum',
        Threshold: 300_000,
        ComparisonOperator: 'GreaterThanThreshold',
      }),
    ]);
    expect(dims(matching[0] ?? {})).toContain(functionId(template, 'Publisher'));
  });

  it.each(
    ROLES.flatMap((role) => [
      [role, 'Errors'],
      [role, 'Throttles'],
    ]),
  )('watches %s %s', (role, metric) => {
    const matching = find((a) => a.MetricName === metric && dims(a).includes(functionId(template, role)));
    expect(matching).toEqual([expect.objectContaining({ Namespace: 'AWS/Lambda', Threshold: 0 })]);
  });

  it.each([
    ['RetryExhausted', 3600, 10],
    ['ResumeFailed', 300, 0],
  ])('watches %s summed over every service (%i s, above %i)', (name, period, threshold) => {
    const matching = find((a) => dims(a).includes(`"MetricName":"${name}"`));
    expect(matching).toHaveLength(1);
    const metrics = matching[0]?.Metrics as Array<{ Expression?: string; MetricStat?: unknown }>;
    expect(matching[0]?.Threshold).toBe(threshold);
    expect(metrics.find((m) => m.Expression)?.Expression).toMatch(
      /FILL\(.*_classifier, 0\) \+ FILL\(.*_resume, 0\)/,
    );
    expect(JSON.stringify(metrics)).toContain(`"Period":${period}`);
  });

  it.each(['TargetErrorCount', 'InvocationDroppedCount', 'InvocationsFailedToBeSentToDeadLetterCount'])(
    'watches the Scheduler group for %s',
    (name) => {
      const matching = find((a) => a.MetricName === name && a.Namespace === 'AWS/Scheduler');
      expect(matching).toHaveLength(1);
      expect(matching[0]?.Dimensions).toEqual([
        { Name: 'ScheduleGroup', Value: stack.resumer.scheduleGroup.scheduleGroupName },
      ]);
    },
  );
});

describe('dashboard and outputs', () => {
  it("graphs the resumer's own metrics beside queues, functions and Scheduler", () => {
    const body = JSON.stringify(
      stack.resolve(
        Object.values(resourcesOf(template, 'AWS::CloudWatch::Dashboard'))[0]?.Properties.DashboardBody,
      ),
    );
    for (const text of [
      'RetryScheduled',
      'ResumeFired',
      'ResumeSkipped',
      'RetryExhausted',
      'FailureNotRetried',
      'WakeLatenessMs',
      'p50',
      'p99',
      'ApproximateNumberOfMessagesVisible',
      'InvocationDroppedCount',
      'Throttles',
      'IteratorAge',
      publishFailures,
      scheduleFailures,
    ]) {
      expect(body).toContain(text);
    }
  });

  it('outputs what a user needs to wire a hub', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(Object.keys(outputs).sort()).toEqual([
      'AgentSecretArn',
      'AlarmTopicArn',
      'ApiTokenSecretArn',
      'ApiUrl',
      'DashboardUrl',
      'EventBusName',
      'TableName',
      'WebhookSecretArn',
      'WebhookUrl',
    ]);
    template.hasOutput('WebhookUrl', {
      Value: {
        'Fn::Join': [
          '',
          [
            { 'Fn::GetAtt': [Match.stringLikeRegexp('IngestFunctionFunctionUrl'), 'FunctionUrl'] },
            'webhooks/agent',
          ],
        ],
      },
    });
  });
});
