import { App, Stack, Validations } from 'aws-cdk-lib';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { synthesize } from './stack-fixture';

// cdk-nag v3 is a CDK policy-validation plugin: it reports violations instead of annotations. `validateScope`
// runs the same rules on a synthesized tree and returns the report (infra/app.ts registers it for `cdk synth`).
const { app, stack } = synthesize();
const report = new AwsSolutionsChecks(app, { verbose: true }).validateScope(app);

type Acknowledged = { path: string; id: string; reason: string };

function acknowledgements(scope: IConstruct): Acknowledged[] {
  return scope.node.findAll().flatMap((node) =>
    node.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: node.node.path,
          id: id.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}

describe('cdk-nag AwsSolutions', () => {
  it('finds nothing that is not acknowledged, neither errors nor warnings', () => {
    const findings = report.violations.map(
      (v) => `${v.severity} ${v.ruleName}: ${v.violatingResources.map((r) => r.constructPath).join(', ')}`,
    );
    expect(findings).toEqual([]);
    expect(report.success).toBe(true);
  });

  it('acknowledges only the findings reviewed in docs/deploy.md, each with a reason', () => {
    const acknowledged = acknowledgements(stack);
    const group = stack.resumer.scheduleGroup.scheduleGroupName;
    const schedules = `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${group}/*]`;
    expect(acknowledged.map((a) => `${a.path} ${a.id}`).sort()).toEqual(
      [
        'TurnResumer/Resumer/AgentSigning AwsSolutions-SMG4',
        'TurnResumer/Resumer/ApiToken AwsSolutions-SMG4',
        'TurnResumer/Resumer/WebhookSigning AwsSolutions-SMG4',
        'TurnResumer/Resumer/Monitoring/AlarmTopic AwsSolutions-SNS2',
        'TurnResumer/Resumer/PublishFailures AwsSolutions-SQS3',
        'TurnResumer/Resumer/Wakeups/ScheduleFailures AwsSolutions-SQS3',
        'TurnResumer/Resumer/Publisher/Role AwsSolutions-IAM5[Resource::*]',
        `TurnResumer/Resumer/Api/Role ${schedules}`,
        `TurnResumer/Resumer/Classifier/Role ${schedules}`,
        `TurnResumer/Resumer/Resume/Role ${schedules}`,
      ].sort(),
    );
    for (const { reason } of acknowledged) expect(reason.length).toBeGreaterThan(60);
  });

  it('does fail a stack that breaks its rules', () => {
    const bare = new App();
    new sqs.Queue(new Stack(bare, 'Bare'), 'Queue');
    const found = new AwsSolutionsChecks(bare).validateScope(bare);
    expect(found.success).toBe(false);
    expect(found.violations.map((v) => v.ruleName)).toEqual(
      expect.arrayContaining(['AwsSolutions-SQS3', 'AwsSolutions-SQS4']),
    );
  });
});
