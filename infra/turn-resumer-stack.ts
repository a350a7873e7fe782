import { Aws, CfnOutput, CfnParameter, Fn, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { WEBHOOK_PATH } from '../lambdas/ingest/handler';
import { AGENT_URL_PATTERN } from '../shared/core/resume-call';
import { TurnResumer, type TurnResumerProps } from './turn-resumer';

/** The stack's settings: the construct's, with `agentUrl` optional (see `TurnResumerStack`). */
export type TurnResumerStackProps = StackProps &
  Omit<TurnResumerProps, 'agentUrl'> & { agentUrl?: string | undefined };

/** The name of the stack parameter that stands in for a missing `agentUrl`; the same as the context key. */
export const AGENT_URL_PARAMETER = 'agentUrl';

/**
 * The deployable app: one `TurnResumer` and the outputs a user needs to wire an agent hub to it.
 *
 * Without an `agentUrl` (`-c agentUrl=…`) the stack still synthesizes, with a required CloudFormation parameter
 * named `agentUrl` in its place: `cdk synth` works on a fresh clone, and `cdk deploy` refuses to start with
 * "The following CloudFormation Parameters are missing a value: agentUrl" unless the URL is given as context
 * or as `--parameters agentUrl=…`.
 */
export { AGENT_URL_PATTERN };

export class TurnResumerStack extends Stack {
  readonly resumer: TurnResumer;

  constructor(scope: Construct, id: string, props: TurnResumerStackProps = {}) {
    super(scope, id, {
      description: 'Turn resumer: resumes AI agent turns that failed on a transient error',
      ...props,
    });
    const agentUrl =
      props.agentUrl ??
      new CfnParameter(this, AGENT_URL_PARAMETER, {
        type: 'String',
        description: 'The agent hub base URL that receives resumes; pass -c agentUrl=https://… to cdk deploy',
        allowedPattern: AGENT_URL_PATTERN,
        constraintDescription:
          'must be an http(s) URL such as https://hub.example.com: a host, a port up to 65535 and a path, with no user, password, query or fragment',
      }).valueAsString;
    this.resumer = new TurnResumer(this, 'Resumer', { ...props, agentUrl });
    this.#outputs();
  }

  #outputs(): void {
    const { resumer } = this;
    const outputs: Record<string, { value: string; description: string }> = {
      WebhookUrl: {
        value: Fn.join('', [resumer.webhookFunctionUrl.url, WEBHOOK_PATH.replace(/^\//, '')]),
        description: 'Point the agent hub webhooks here (POST, signed with the webhook secret)',
      },
      ApiUrl: {
        value: resumer.apiFunctionUrl.url,
        description: 'Read and control API (Authorization: Bearer <token>)',
      },
      EventBusName: {
        value: resumer.bus.eventBusName,
        description: 'session_changed events (source turn-resumer)',
      },
      TableName: { value: resumer.table.table.tableName, description: 'Session rows and event logs' },
      WebhookSecretArn: {
        value: resumer.webhookSecret.secret.secretArn,
        description: 'whsec_ secret the hub signs webhooks with',
      },
      AgentSecretArn: {
        value: resumer.agentSecret.secret.secretArn,
        description: 'whsec_ secret resumes to the hub are signed with',
      },
      ApiTokenSecretArn: { value: resumer.apiToken.secretArn, description: 'Bearer token of the API' },
      AlarmTopicArn: { value: resumer.monitoring.alarmTopic.topicArn, description: 'Alarm notifications' },
      DashboardUrl: {
        value: Fn.join('', [
          'https://',
          Aws.REGION,
          '.console.aws.amazon.com/cloudwatch/home?region=',
          Aws.REGION,
          '#dashboards:name=',
          resumer.monitoring.dashboard.dashboardName,
        ]),
        description: 'CloudWatch dashboard',
      },
    };
    for (const [id, output] of Object.entries(outputs)) new CfnOutput(this, id, output);
  }
}
