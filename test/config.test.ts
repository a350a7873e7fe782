import { describe, expect, it } from 'vitest';
import { ConfigError, envNamesFor, readConfig } from '../shared/config';
import { parseSecret } from '../shared/webhook/standard-webhooks';

/** The message of the `ConfigError` that reading `env` as local mode throws. */
function problemsOf(env: Record<string, string>): string {
  try {
    readConfig('local', env);
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('readConfig', () => {
  it('reads the local defaults from an empty environment', () => {
    const config = readConfig('local', {});
    expect(config).toMatchObject({
      port: 8787,
      host: '127.0.0.1',
      dataDir: '.resumer',
      agentTimeoutMs: 10_000,
      maxQueuedEvents: 10_000,
    });
    expect(config.policy.delaysMs).toEqual([10_000, 60_000, 300_000, 1_200_000]);
  });

  it('reads the delays, jitter and longest wait', () => {
    const { policy } = readConfig('local', {
      RESUMER_DELAYS: '1s,2s,3s,4s',
      RESUMER_JITTER: '0',
      RESUMER_MAX_WAIT: '10m',
    });
    expect(policy.delaysMs).toEqual([1000, 2000, 3000, 4000]);
    expect(policy.jitter).toBe(0);
    expect(policy.maxWaitMs).toBe(600_000);
  });

  it('names every bad variable at once', () => {
    const read = () =>
      readConfig('local', {
        RESUMER_DELAYS: '10s,soon',
        RESUMER_PORT: '99999',
        RESUMER_JITTER: '3',
        RESUMER_AGENT_URL: 'ftp://x',
      });
    expect(read).toThrow(ConfigError);
    try {
      read();
    } catch (error) {
      const text = (error as Error).message;
      expect(text).toMatch(/RESUMER_DELAYS="10s,soon": expected a duration/);
      expect(text).toMatch(/RESUMER_PORT="99999": expected a whole number from 0 to 65535/);
      expect(text).toMatch(/RESUMER_JITTER must be a number from 0 to 1, got 3/);
      expect(text).toMatch(/RESUMER_AGENT_URL="ftp:\/\/x": expected an http\(s\) URL/);
    }
  });

  it('refuses an agent URL with a user or password, without printing the password', () => {
    for (const role of ['local', 'resume'] as const) {
      let text = '';
      try {
        readConfig(role, { RESUMER_AGENT_URL: 'https://hub:hunter2pass@hub.example.com/' });
      } catch (error) {
        text = (error as Error).message;
      }
      expect(text).toMatch(/RESUMER_AGENT_URL=.*expected an http\(s\) URL without a user or password/);
      expect(text).not.toContain('hunter2pass');
    }
  });

  it('refuses an agent URL with a query or fragment, without printing what follows it', () => {
    for (const role of ['local', 'resume'] as const) {
      for (const [url, shown] of [
        ['https://hub.example.com/api?code=abc123', 'https://hub.example.com/api?…'],
        ['https://hub.example.com/hub#main', 'https://hub.example.com/hub#…'],
      ]) {
        let text = '';
        try {
          readConfig(role, { RESUMER_AGENT_URL: url });
        } catch (error) {
          text = (error as Error).message;
        }
        expect(text).toContain(
          `RESUMER_AGENT_URL=${JSON.stringify(shown)}: expected an http(s) URL without a query or fragment`,
        );
        expect(text).not.toMatch(/abc123|main/);
      }
    }
  });

  it('refuses a local port that browsers and fetch refuse, naming it', () => {
    expect(() => readConfig('local', { RESUMER_PORT: '6000' })).toThrow(
      /RESUMER_PORT="6000": expected a port browsers and fetch allow/,
    );
    expect(readConfig('local', { RESUMER_PORT: '6001' }).port).toBe(6001);
  });

  it('keeps the agent timeout under the 30 s resume lease, as the CDK stack does', () => {
    expect(readConfig('local', { RESUMER_AGENT_TIMEOUT: '25s' }).agentTimeoutMs).toBe(25_000);
    const resume = { RESUMER_AGENT_URL: 'https://hub.example.com', RESUMER_AGENT_TIMEOUT: '2m' };
    for (const [role, env] of [
      ['local', { RESUMER_AGENT_TIMEOUT: '2m' }],
      ['resume', resume],
    ] as const) {
      expect(() => readConfig(role, env)).toThrow(
        'RESUMER_AGENT_TIMEOUT="2m": expected a duration from 1ms to 25s (under the 30 s resume lease)',
      );
    }
  });

  it('reads the local intake limit, and refuses one that is not a whole number of at least 1', () => {
    expect(readConfig('local', { RESUMER_MAX_QUEUED_EVENTS: '250' }).maxQueuedEvents).toBe(250);
    for (const bad of ['0', '-5', '1.5', 'lots', '1000001']) {
      expect(() => readConfig('local', { RESUMER_MAX_QUEUED_EVENTS: bad })).toThrow(
        `RESUMER_MAX_QUEUED_EVENTS=${JSON.stringify(bad)}: expected a whole number from 1 to 1000000`,
      );
    }
  });

  it('requires what a Lambda needs and names what is missing', () => {
    expect(() => readConfig('resume', {})).toThrow(
      /RESUMER_TABLE_NAME is required[\s\S]*RESUMER_AGENT_URL is required/,
    );
  });

  it("requires the schedules' dead-letter queue of every function that arms or disarms wake-ups", () => {
    const aws = {
      RESUMER_TABLE_NAME: 'sessions',
      RESUMER_WAKE_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/wake',
      RESUMER_WAKE_QUEUE_ARN: 'arn:aws:sqs:eu-west-1:123456789012:wake',
      RESUMER_SCHEDULE_GROUP: 'schedules',
      RESUMER_SCHEDULER_ROLE_ARN: 'arn:aws:iam::123456789012:role/scheduler',
    };
    const env = {
      ...aws,
      RESUMER_API_TOKEN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:t',
    };
    for (const role of ['classifier', 'resume', 'api'] as const) {
      expect(envNamesFor(role), role).toContain('RESUMER_SCHEDULE_DLQ_ARN');
    }
    expect(() => readConfig('api', env)).toThrow(/RESUMER_SCHEDULE_DLQ_ARN is required/);
    expect(() => readConfig('classifier', { ...env, RESUMER_SCHEDULE_DLQ_ARN: '  ' })).toThrow(
      /RESUMER_SCHEDULE_DLQ_ARN is required/,
    );
    expect(() => readConfig('classifier', { ...env, RESUMER_SCHEDULE_DLQ_ARN: 'schedule-failures' })).toThrow(
      /RESUMER_SCHEDULE_DLQ_ARN="schedule-failures": expected an ARN/,
    );
    const dlq = 'arn:aws:sqs:eu-west-1:123456789012:schedule-failures';
    expect(readConfig('api', { ...env, RESUMER_SCHEDULE_DLQ_ARN: dlq }).aws.scheduleDeadLetterArn).toBe(dlq);
    expect(envNamesFor('ingest')).not.toContain('RESUMER_SCHEDULE_DLQ_ARN');
    expect(envNamesFor('publisher')).not.toContain('RESUMER_SCHEDULE_DLQ_ARN');
  });

  it('lists the variables each role reads', () => {
    expect(envNamesFor('ingest')).toEqual(['RESUMER_TURN_EVENTS_QUEUE_URL', 'RESUMER_WEBHOOK_SECRET_ARN']);
    expect(envNamesFor('resume')).toContain('RESUMER_AGENT_URL');
    expect(envNamesFor('classifier')).not.toContain('RESUMER_AGENT_URL');
    expect(envNamesFor('publisher')).toEqual(['RESUMER_EVENT_BUS_NAME']);
  });

  it('gives the event bus to the stream publisher only: the deciding functions publish nothing on AWS', () => {
    for (const role of ['classifier', 'resume', 'api'] as const) {
      expect(envNamesFor(role), role).not.toContain('RESUMER_EVENT_BUS_NAME');
      expect(envNamesFor(role), role).toContain('RESUMER_TABLE_NAME');
    }
    expect(readConfig('publisher', { RESUMER_EVENT_BUS_NAME: ' resumer-bus ' })).toEqual({
      eventBusName: 'resumer-bus',
    });
    expect(() => readConfig('publisher', {})).toThrow(/RESUMER_EVENT_BUS_NAME is required/);
  });

  it('refuses a webhook secret that is not whsec_', () => {
    expect(() => readConfig('local', { RESUMER_WEBHOOK_SECRET: 'hunter2' })).toThrow(
      /RESUMER_WEBHOOK_SECRET/,
    );
  });

  it.each([
    ['RESUMER_WEBHOOK_SECRET', `whsec_${'A'.repeat(17)}`],
    ['RESUMER_WEBHOOK_SECRET', `whsec_${'A'.repeat(21)}==`],
    ['RESUMER_AGENT_SECRET', `whsec_${'A'.repeat(17)}`],
  ])('refuses %s=%s at start, which the webhook code cannot parse', (name, value) => {
    expect(() => parseSecret(value)).toThrow();
    expect(problemsOf({ [name]: value })).toContain(`${name} (value not shown): expected whsec_`);
  });

  it('accepts every secret the webhook code can use, padded or not', () => {
    for (const value of [`whsec_${'A'.repeat(16)}`, `whsec_${'A'.repeat(18)}`, `whsec_${'A'.repeat(18)}==`]) {
      expect(readConfig('local', { RESUMER_WEBHOOK_SECRET: value }).webhookSecret).toBe(value);
      expect(readConfig('local', { RESUMER_AGENT_SECRET: value }).agentSecret).toBe(value);
      expect(parseSecret(value).length).toBeGreaterThanOrEqual(12);
    }
  });

  it('names a bad secret without printing its value', () => {
    const text = problemsOf({
      RESUMER_WEBHOOK_SECRET: 'whsec_MySuperSecretKeyValue123!',
      RESUMER_AGENT_SECRET: 'hunter2hunter2',
    });
    expect(text).toMatch(
      /RESUMER_WEBHOOK_SECRET \(value not shown\): expected whsec_ followed by a base64 key/,
    );
    expect(text).toMatch(/RESUMER_AGENT_SECRET \(value not shown\): expected whsec_/);
    expect(text).not.toMatch(/MySuperSecret|hunter2/);
  });

  it('shows a bad URL without its user and password', () => {
    const text = problemsOf({ RESUMER_AGENT_URL: 'ftp://agent:pa55word@hub.example/' });
    expect(text).toContain('RESUMER_AGENT_URL="ftp://hub.example/": expected an http(s) URL');
    expect(text).not.toMatch(/pa55word/);
  });

  it('refuses a RESUMER_HOST that is not an IP address or localhost, naming it', () => {
    expect(problemsOf({ RESUMER_HOST: 'no.such.host.invalid' })).toContain(
      'RESUMER_HOST="no.such.host.invalid": expected an IP address (such as 127.0.0.1 or ::1) or localhost',
    );
    for (const host of ['127.0.0.1', '::1', '0.0.0.0', '192.168.1.20', 'localhost']) {
      expect(readConfig('local', { RESUMER_HOST: host }).host).toBe(host);
    }
    expect(readConfig('local', { RESUMER_HOST: 'LocalHost' }).host).toBe('localhost');
  });
});
