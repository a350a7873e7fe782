import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { ContextError, stackPropsFromContext } from '../../infra/context';
import type { CapacityRange } from '../../infra/resumer-table';
import { TurnResumer } from '../../infra/turn-resumer';
import { WAITING_INDEX } from '../../shared/adapters/aws/dynamo-table';
import { AGENT_URL, resourcesOf, synthesize } from './stack-fixture';

const variant = (props: Parameters<typeof synthesize>[0]) => synthesize(props, false).template;

function tableOf(template: Template) {
  const tables = Object.values(resourcesOf(template, 'AWS::DynamoDB::Table'));
  expect(tables).toHaveLength(1);
  return tables[0]?.Properties ?? {};
}

/** `table:ReadCapacityUnits 5–500`, one line per scalable target, sorted. */
function scalableTargets(template: Template): string[] {
  return Object.values(resourcesOf(template, 'AWS::ApplicationAutoScaling::ScalableTarget'))
    .map((target) => {
      const p = target.Properties as { ScalableDimension: string; MinCapacity: number; MaxCapacity: number };
      return `${p.ScalableDimension} ${p.MinCapacity}–${p.MaxCapacity}`;
    })
    .sort();
}

describe('the session table on demand (the default)', () => {
  const template = variant({ agentUrl: AGENT_URL });

  it('pays per request and sets no capacity or auto scaling', () => {
    const table = tableOf(template);
    expect(table.BillingMode).toBe('PAY_PER_REQUEST');
    expect(table.ProvisionedThroughput).toBeUndefined();
    template.resourceCountIs('AWS::ApplicationAutoScaling::ScalableTarget', 0);
  });

  it('alarms when the table throttles for three 5-minute periods in a row', () => {
    const alarms = Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'))
      .map((a) => a.Properties)
      .filter((a) => JSON.stringify(a.Metrics ?? '').includes('ThrottleEvents'));
    expect(alarms).toHaveLength(1);
    const alarm = alarms[0] ?? {};
    expect(alarm).toMatchObject({
      EvaluationPeriods: 3,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    const metrics = alarm.Metrics as Array<{
      Expression?: string;
      MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions: unknown }; Period: number };
    }>;
    expect(metrics.find((m) => m.Expression)?.Expression).toBe('FILL(reads, 0) + FILL(writes, 0)');
    const stats = metrics.flatMap((m) => (m.MetricStat ? [m.MetricStat] : []));
    expect(stats.map((s) => `${s.Metric.Namespace} ${s.Metric.MetricName} ${s.Period}`).sort()).toEqual([
      'AWS/DynamoDB ReadThrottleEvents 300',
      'AWS/DynamoDB WriteThrottleEvents 300',
    ]);
    for (const s of stats) expect(JSON.stringify(s.Metric.Dimensions)).toContain('TableName');
  });
});

describe('the session table on provisioned capacity', () => {
  it('starts the table and the waiting index at the minimums and auto scales each between its bounds', () => {
    const template = variant({ agentUrl: AGENT_URL, tableCapacity: { mode: 'provisioned' } });
    const table = tableOf(template);
    // CloudFormation's default billing mode is PROVISIONED; CDK leaves it out.
    expect(table.BillingMode ?? 'PROVISIONED').toBe('PROVISIONED');
    expect(table.ProvisionedThroughput).toEqual({ ReadCapacityUnits: 5, WriteCapacityUnits: 5 });
    const indexes = table.GlobalSecondaryIndexes as Array<{
      IndexName: string;
      ProvisionedThroughput: unknown;
    }>;
    expect(indexes.map((i) => [i.IndexName, i.ProvisionedThroughput])).toEqual([
      [WAITING_INDEX, { ReadCapacityUnits: 5, WriteCapacityUnits: 5 }],
    ]);
    expect(scalableTargets(template)).toEqual([
      'dynamodb:index:ReadCapacityUnits 5–500',
      'dynamodb:index:WriteCapacityUnits 5–1000',
      'dynamodb:table:ReadCapacityUnits 5–500',
      'dynamodb:table:WriteCapacityUnits 5–1000',
    ]);
    const policies = Object.values(resourcesOf(template, 'AWS::ApplicationAutoScaling::ScalingPolicy')).map(
      (p) =>
        p.Properties as {
          PolicyType: string;
          TargetTrackingScalingPolicyConfiguration: {
            TargetValue: number;
            PredefinedMetricSpecification: { PredefinedMetricType: string };
          };
        },
    );
    expect(policies).toHaveLength(4);
    for (const policy of policies) {
      expect(policy.PolicyType).toBe('TargetTrackingScaling');
      expect(policy.TargetTrackingScalingPolicyConfiguration.TargetValue).toBe(70);
    }
    expect(
      policies
        .map(
          (p) =>
            p.TargetTrackingScalingPolicyConfiguration.PredefinedMetricSpecification.PredefinedMetricType,
        )
        .sort(),
    ).toEqual([
      'DynamoDBReadCapacityUtilization',
      'DynamoDBReadCapacityUtilization',
      'DynamoDBWriteCapacityUtilization',
      'DynamoDBWriteCapacityUtilization',
    ]);
  });

  const provisioned = (
    writeUnits: CapacityRange,
    readUnits: CapacityRange,
    targetUtilizationPercent: number,
  ) =>
    variant({
      agentUrl: AGENT_URL,
      tableCapacity: { mode: 'provisioned', writeUnits, readUnits, targetUtilizationPercent },
    });

  it('takes the ranges and the target given', () => {
    const template = provisioned({ min: 20, max: 4000 }, { min: 3, max: 60 }, 50);
    expect(tableOf(template).ProvisionedThroughput).toEqual({ ReadCapacityUnits: 3, WriteCapacityUnits: 20 });
    expect(scalableTargets(template)).toEqual([
      'dynamodb:index:ReadCapacityUnits 3–60',
      'dynamodb:index:WriteCapacityUnits 20–4000',
      'dynamodb:table:ReadCapacityUnits 3–60',
      'dynamodb:table:WriteCapacityUnits 20–4000',
    ]);
    template.allResourcesProperties('AWS::ApplicationAutoScaling::ScalingPolicy', {
      TargetTrackingScalingPolicyConfiguration: { TargetValue: 50 },
    });
  });

  it('refuses bad ranges and targets at synth time, naming every bad setting', () => {
    const bad = () => provisioned({ min: 0, max: 10 }, { min: 10, max: 5 }, 95);
    expect(bad).toThrow(/tableCapacity\.writeUnits\.min must be a whole number from 1/);
    expect(bad).toThrow(/tableCapacity\.readUnits\.max must be a whole number from min \(10\)/);
    expect(bad).toThrow(/tableCapacity\.targetUtilizationPercent must be from 20 to 90, not 95/);
    expect(() => variant({ agentUrl: AGENT_URL, tableCapacity: { mode: 'reserved' } as never })).toThrow(
      /tableCapacity\.mode must be 'onDemand' or 'provisioned', not "reserved"/,
    );
  });

  it('passes cdk-nag', () => {
    const app = new App({ context: { [BUNDLING_STACKS]: [] } });
    const stack = new Stack(app, 'UserStack', { env: { account: '123456789012', region: 'eu-west-1' } });
    new TurnResumer(stack, 'Resumer', { agentUrl: AGENT_URL, tableCapacity: { mode: 'provisioned' } });
    Template.fromStack(stack);
    const report = new AwsSolutionsChecks(app).validateScope(app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });
});

describe('table capacity from CDK context', () => {
  const from = (context: Record<string, unknown>) => stackPropsFromContext((key) => context[key]);

  it('leaves the table on demand when no key is given', () => {
    expect(from({}).tableCapacity).toBeUndefined();
    expect(from({ tableCapacity: 'on-demand' }).tableCapacity).toEqual({ mode: 'onDemand' });
  });

  it('reads provisioned capacity with its ranges and target', () => {
    expect(
      from({
        tableCapacity: 'provisioned',
        tableWriteUnits: '10-2000',
        tableReadUnits: '2 - 80',
        tableTargetUtilization: '60',
      }).tableCapacity,
    ).toEqual({
      mode: 'provisioned',
      writeUnits: { min: 10, max: 2000 },
      readUnits: { min: 2, max: 80 },
      targetUtilizationPercent: 60,
    });
    expect(from({ tableCapacity: 'provisioned' }).tableCapacity).toEqual({ mode: 'provisioned' });
  });

  it('names each key that is malformed or given without provisioned capacity', () => {
    const problems = (context: Record<string, unknown>) => {
      try {
        from(context);
      } catch (error) {
        if (error instanceof ContextError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problems({ tableCapacity: 'reserved', tableWriteUnits: '10' })).toEqual([
      '-c tableCapacity="reserved": expected on-demand or provisioned',
      '-c tableWriteUnits="10": expected a range of units such as 5-1000',
    ]);
    expect(problems({ tableReadUnits: '1-5', tableTargetUtilization: '50' })).toEqual([
      '-c tableReadUnits applies only with -c tableCapacity=provisioned',
      '-c tableTargetUtilization applies only with -c tableCapacity=provisioned',
    ]);
  });
});
