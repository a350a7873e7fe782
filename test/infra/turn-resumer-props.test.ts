import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as sns from 'aws-cdk-lib/aws-sns';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { TurnResumer } from '../../infra/turn-resumer';
import { AGENT_URL_PARAMETER, AGENT_URL_PATTERN } from '../../infra/turn-resumer-stack';
import { readConfig } from '../../shared/config';
import { AGENT_URL, functionId, resourcesOf, synthesize } from './stack-fixture';

// Variants skip esbuild: they check settings, not code.
const variant = (props: Parameters<typeof synthesize>[0]) => synthesize(props, false).template;

function wakeQueue(template: Template) {
  const queues = resourcesOf(template, 'AWS::SQS::Queue');
  return Object.entries(queues).find(([id]) => id.startsWith('ResumerWakeQueue'))?.[1]?.Properties ?? {};
}

/** Agent URLs that the stack parameter's pattern and the functions' check must judge alike. */
const URL_CASES = [
  'https://hub.example.com',
  'https://hub.example.com/',
  'http://10.0.0.5:8080/base/path',
  'https://[::1]:4016',
  'https://hub.example.com:65535/a',
  'https://ops:hunter2@hub.example.com',
  'https://hub.example.com:99999',
  'http://[hub.example.com',
  'https://hub.example.com/api?code=1',
  'https://hub.example.com/x#y',
  'ftp://hub.example.com',
  'https://hub example.com',
  // A review's: hosts WHATWG URL parses as (bad) IPv4 addresses, bad IPv6 forms, and the reverse.
  'https://10.0.0.256',
  'https://1.2.3.4.5',
  'https://hub.internal.8080',
  'https://[1.2.3.4]',
  'https://[12345::]',
  'https://[2001:db8::1]/x',
  'HTTPS://hub.example.com',
  'https://hub.example.com.',
  'https://agent_hub',
  'https://hüb.example.com',
  'https://hub.example.com:08080',
  // A second review's: ports fetch refuses, xn-- labels that are no punycode, a path with a Unicode space.
  'http://127.0.0.1:6000',
  'http://127.0.0.1:5060',
  'http://127.0.0.1:10080',
  'http://127.0.0.1:60000',
  'https://xn--a.example.com',
  'https://hub.xn--zz',
  'https://hub.example.com/p\u00a0x',
  'http://agent_hub:4016',
  'http://3scale-gateway:8080',
  'https://hub.0x10',
  'https://1.2.3',
];

describe('agentUrl', () => {
  it('becomes a required stack parameter named agentUrl when the context does not give it', () => {
    const template = variant({});
    const parameter = template.toJSON().Parameters[AGENT_URL_PARAMETER];
    expect(AGENT_URL_PARAMETER).toBe('agentUrl');
    expect(parameter).toMatchObject({ Type: 'String', AllowedPattern: AGENT_URL_PATTERN });
    expect(parameter.Default).toBeUndefined();
    template.hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ RESUMER_AGENT_URL: { Ref: 'agentUrl' } }) },
    });
  });

  it('is written as is, with no parameter, when given', () => {
    expect(variant({ agentUrl: AGENT_URL }).toJSON().Parameters[AGENT_URL_PARAMETER]).toBeUndefined();
  });

  it('is refused at synth time when it is not an http(s) URL', () => {
    expect(() => variant({ agentUrl: 'hub.example.com' })).toThrow(/agentUrl must be an http\(s\) URL/);
    expect(() => variant({ agentUrl: 'ftp://hub.example.com' })).toThrow(/agentUrl/);
  });

  it('is refused at synth time when it holds a user or password, which it does not repeat', () => {
    const synth = () => variant({ agentUrl: 'https://hub:hunter2pass@hub.example.com' });
    expect(synth).toThrow(
      /agentUrl must be an http\(s\) URL without a user or password .*got hub\.example\.com$/,
    );
    expect(synth).not.toThrow(/hunter2pass/);
  });

  it('is refused at synth time without repeating a password or query, even when it does not parse', () => {
    for (const url of [
      'https://ops:hunter2pass@hub.example.com:99999',
      'https://hub.example.com:99999/api?code=hunter2pass',
    ]) {
      const synth = () => variant({ agentUrl: url });
      expect(synth).toThrow(/agentUrl must be an http\(s\) URL/);
      expect(synth).not.toThrow(/hunter2pass/);
    }
  });

  it('is refused at synth time when it holds a query or fragment, which it does not repeat', () => {
    for (const url of ['https://hub.example.com/api?code=abc123', 'https://hub.example.com/hub#main']) {
      const synth = () => variant({ agentUrl: url });
      expect(synth).toThrow(
        /agentUrl must be an http\(s\) URL without a query or fragment .*got hub\.example\.com$/,
      );
      expect(synth).not.toThrow(/abc123|main/);
    }
  });

  it('as a stack parameter, lets through exactly what the functions accept at cold start', () => {
    // CloudFormation checks the parameter against the pattern; a URL that passed it but that the resume function
    // refuses failed every wake-up after a successful deploy (dead-lettered after 10 receives).
    const pattern = new RegExp(AGENT_URL_PATTERN);
    const accepted = (url: string) => {
      try {
        readConfig('local', { RESUMER_AGENT_URL: url });
        return true;
      } catch {
        return false;
      }
    };
    for (const url of URL_CASES) {
      expect([url, pattern.test(url)]).toEqual([url, accepted(url)]);
    }
  });

  it('as CloudFormation reads it (Java regular expressions), judges each URL as JavaScript does', () => {
    // CloudFormation checks AllowedPattern with Java's engine; the pattern keeps to what both read alike.
    const dir = mkdtempSync(join(tmpdir(), 'resumer-pattern-'));
    try {
      writeFileSync(join(dir, 'pattern.txt'), AGENT_URL_PATTERN);
      writeFileSync(join(dir, 'urls.txt'), URL_CASES.join('\n'));
      writeFileSync(
        join(dir, 'Check.java'),
        `import java.nio.file.*; import java.util.regex.*;
public class Check { public static void main(String[] a) throws Exception {
  Pattern p = Pattern.compile(Files.readString(Path.of(a[0], "pattern.txt")));
  for (String u : Files.readString(Path.of(a[0], "urls.txt")).split("\\n")) System.out.println(p.matcher(u).matches());
}}`,
      );
      const out = execFileSync('java', [join(dir, 'Check.java'), dir], { encoding: 'utf8' });
      const pattern = new RegExp(AGENT_URL_PATTERN);
      expect(out.trim().split('\n')).toEqual(URL_CASES.map((url) => String(pattern.test(url))));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('retry policy and timeouts', () => {
  it('refuses a bad policy with every bad property named', () => {
    expect(() =>
      variant({ agentUrl: AGENT_URL, retryPolicy: { delays: [], jitter: 2, retryClasses: ['auth'] } }),
    ).toThrow(/retryPolicy\.delays.*retryPolicy\.jitter.*retryPolicy\.retryClasses/s);
  });

  it('refuses an agent timeout that outlasts the resume lease', () => {
    expect(() => variant({ agentUrl: AGENT_URL, agentTimeout: Duration.seconds(30) })).toThrow(
      /agentTimeout/,
    );
  });

  it('gives the resume function room for the POST and keeps the wake queue visibility at 6 times that', () => {
    const template = variant({ agentUrl: AGENT_URL, agentTimeout: Duration.seconds(25) });
    const resume = resourcesOf(template, 'AWS::Lambda::Function')[functionId(template, 'Resume')];
    expect(resume?.Properties.Timeout).toBe(45);
    expect(wakeQueue(template).VisibilityTimeout).toBe(270);
  });

  it('keeps the wake dead-letter threshold above the resume tries', () => {
    const template = variant({ agentUrl: AGENT_URL, retryPolicy: { maxResumeTries: 8 } });
    expect(wakeQueue(template).RedrivePolicy).toMatchObject({ maxReceiveCount: 16 });
  });
});

describe('alarms and logs', () => {
  it('refuses alarm settings CloudWatch or the CDK would refuse later, naming each', () => {
    // 90.5 s failed the synth with the CDK's "cannot be converted into a whole number of seconds", no prop named.
    expect(() =>
      variant({
        agentUrl: AGENT_URL,
        maxTurnEventAge: Duration.millis(90_500),
        exhaustedPerHourThreshold: Number.NaN,
      }),
    ).toThrow(
      /maxTurnEventAge must be a whole number of seconds.*got 90500ms[\s\S]*exhaustedPerHourThreshold/,
    );
    expect(() => variant({ agentUrl: AGENT_URL, maxTurnEventAge: Duration.seconds(90) })).not.toThrow();
  });

  it('subscribes the alarm e-mail to the topic', () => {
    variant({ agentUrl: AGENT_URL, alarmEmail: 'ops@example.com' }).hasResourceProperties(
      'AWS::SNS::Subscription',
      {
        Protocol: 'email',
        Endpoint: 'ops@example.com',
      },
    );
  });

  it('sends alarms to a topic the user brings, and creates none', () => {
    const app = new App({ context: { [BUNDLING_STACKS]: [] } });
    const stack = new Stack(app, 'UserStack');
    const topic = sns.Topic.fromTopicArn(stack, 'Ops', 'arn:aws:sns:eu-west-1:123456789012:ops');
    new TurnResumer(stack, 'Resumer', { agentUrl: AGENT_URL, alarmTopic: topic });
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::SNS::Topic', 0);
    for (const alarm of Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'))) {
      expect(alarm.Properties.AlarmActions).toEqual([topic.topicArn]);
    }
  });

  it('applies the log retention and the exhausted-chains threshold', () => {
    const template = variant({
      agentUrl: AGENT_URL,
      logRetention: logs.RetentionDays.ONE_YEAR,
      exhaustedPerHourThreshold: 3,
    });
    for (const group of Object.values(resourcesOf(template, 'AWS::Logs::LogGroup'))) {
      expect(group.Properties.RetentionInDays).toBe(365);
    }
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Threshold: 3,
      Metrics: Match.arrayWith([
        Match.objectLike({
          MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: 'RetryExhausted' }) }),
        }),
      ]),
    });
  });
});

describe('removal', () => {
  it('retains the table, the secrets and the logs by default', () => {
    const template = variant({ agentUrl: AGENT_URL });
    for (const type of ['AWS::DynamoDB::Table', 'AWS::SecretsManager::Secret', 'AWS::Logs::LogGroup']) {
      for (const resource of Object.values(resourcesOf(template, type)))
        expect(resource.DeletionPolicy).toBe('Retain');
    }
  });

  it('deletes them, without deletion protection, when the removal policy is DESTROY', () => {
    const template = variant({ agentUrl: AGENT_URL, removalPolicy: RemovalPolicy.DESTROY });
    for (const type of ['AWS::DynamoDB::Table', 'AWS::SecretsManager::Secret', 'AWS::Logs::LogGroup']) {
      for (const resource of Object.values(resourcesOf(template, type)))
        expect(resource.DeletionPolicy).toBe('Delete');
    }
    template.hasResourceProperties('AWS::DynamoDB::Table', { DeletionProtectionEnabled: false });
  });
});

describe('as a construct in a user stack', () => {
  it('passes cdk-nag in a stack with a fixed account and region', () => {
    const app = new App({ context: { [BUNDLING_STACKS]: [] } });
    const stack = new Stack(app, 'UserStack', { env: { account: '123456789012', region: 'eu-west-1' } });
    new TurnResumer(stack, 'Resumer', { agentUrl: AGENT_URL });
    Template.fromStack(stack);
    const report = new AwsSolutionsChecks(app).validateScope(app);
    expect(report.violations.map((v) => v.ruleName)).toEqual([]);
  });
});
