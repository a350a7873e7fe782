import { Duration } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { envNamesFor, readConfig } from '../../shared/config';
import { functionProps, type Synthesized, synthesize } from './stack-fixture';

const ROLES = [
  ['Ingest', 'ingest'],
  ['Classifier', 'classifier'],
  ['Resume', 'resume'],
  ['Api', 'api'],
  ['Publisher', 'publisher'],
] as const;
const RUNTIME_PREFIXES = /^(AWS_|POWERTOOLS_|NODE_OPTIONS$)/;

function environmentOf({ template }: Synthesized, role: string): Record<string, unknown> {
  return (functionProps(template, role).Environment as { Variables: Record<string, unknown> }).Variables;
}

/** The environment with each CloudFormation reference replaced by a value of the shape it will have. */
function deployedLike(env: Record<string, unknown>): Record<string, string> {
  const standIn = (name: string) =>
    name.endsWith('_ARN')
      ? 'arn:aws:sqs:eu-west-1:123456789012:stand-in'
      : name.endsWith('_URL')
        ? 'https://sqs.eu-west-1.amazonaws.com/123456789012/stand-in'
        : 'stand-in';
  return Object.fromEntries(
    Object.entries(env).map(([name, value]) => [name, typeof value === 'string' ? value : standIn(name)]),
  );
}

const defaults = synthesize();
const custom = synthesize(
  {
    agentUrl: 'https://hub.example.com/base/',
    agentTimeout: Duration.millis(7500),
    retryPolicy: {
      delays: [Duration.seconds(5), Duration.minutes(2), Duration.minutes(30)],
      jitter: 0.1,
      maxWait: Duration.hours(2),
      retryClasses: ['capacity', 'rate_limit'],
      retryAgentExited: false,
      maxResumeTries: 8,
    },
  },
  false,
);

describe('function environments', () => {
  it.each(ROLES)('sets exactly the variables shared/config.ts reads for %s', (role, configRole) => {
    const names = Object.keys(environmentOf(defaults, role)).filter((name) => !RUNTIME_PREFIXES.test(name));
    expect(names.sort()).toEqual(envNamesFor(configRole));
  });

  it.each(ROLES)('sets values that %s reads back without a configuration error', (role, configRole) => {
    for (const synthesized of [defaults, custom]) {
      expect(() => readConfig(configRole, deployedLike(environmentOf(synthesized, role)))).not.toThrow();
    }
  });

  it('writes the SPEC default policy when none is given', () => {
    expect(environmentOf(defaults, 'Classifier')).toMatchObject({
      RESUMER_DELAYS: '10s,1m,5m,20m',
      RESUMER_JITTER: '0.2',
      RESUMER_MAX_WAIT: '1h',
      RESUMER_RETRY_CLASSES: 'capacity,server,transport',
      RESUMER_RETRY_AGENT_EXITED: 'true',
      RESUMER_MAX_RESUME_TRIES: '5',
    });
  });

  it('writes the given policy to every function that decides, and it reads back the same', () => {
    for (const role of ['Classifier', 'Resume', 'Api']) {
      expect(environmentOf(custom, role)).toMatchObject({
        RESUMER_DELAYS: '5s,2m,30m',
        RESUMER_JITTER: '0.1',
        RESUMER_MAX_WAIT: '2h',
        RESUMER_RETRY_CLASSES: 'capacity,rate_limit',
        RESUMER_RETRY_AGENT_EXITED: 'false',
        RESUMER_MAX_RESUME_TRIES: '8',
      });
    }
    const { policy, agent } = readConfig('resume', deployedLike(environmentOf(custom, 'Resume')));
    expect(policy.delaysMs).toEqual([5_000, 120_000, 1_800_000]);
    expect(agent).toEqual({ url: 'https://hub.example.com/base', timeoutMs: 7_500 });
  });

  it('writes no retried class as none, which the functions read back as none (an empty variable is the default)', () => {
    const none = synthesize(
      { agentUrl: 'https://hub.example.com', retryPolicy: { retryClasses: [] } },
      false,
    );
    for (const role of ['Classifier', 'Resume', 'Api'] as const) {
      const env = environmentOf(none, role);
      expect(env.RESUMER_RETRY_CLASSES).toBe('none');
      const configRole = role === 'Classifier' ? 'classifier' : role === 'Resume' ? 'resume' : 'api';
      expect([...readConfig(configRole, deployedLike(env)).policy.retryClasses]).toEqual([]);
    }
    expect([...readConfig('local', { RESUMER_RETRY_CLASSES: 'none' }).policy.retryClasses]).toEqual([]);
    expect([...readConfig('local', { RESUMER_RETRY_CLASSES: '' }).policy.retryClasses]).toEqual([
      'capacity',
      'server',
      'transport',
    ]);
  });

  it('passes the event bus only to the publisher: the functions that decide publish through the table stream', () => {
    for (const [role] of ROLES) {
      const env = environmentOf(defaults, role);
      expect(env.RESUMER_EVENT_BUS_NAME, role).toEqual(
        role === 'Publisher' ? { Ref: expect.stringMatching(/^ResumerBus/) } : undefined,
      );
    }
  });

  it('passes the agent URL only to the resume function', () => {
    for (const [role] of ROLES) {
      const env = environmentOf(defaults, role);
      expect(env.RESUMER_AGENT_URL).toBe(role === 'Resume' ? 'https://hub.example.com' : undefined);
    }
  });
});
