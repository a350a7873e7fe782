// Synthesizes the app stack in-process for template assertions. `bundle: false` skips esbuild (the CDK's own
// bundling-stacks switch) for variants whose code assets don't matter; the real bundling is covered by the main
// stack and by the `cdk synth` CLI test.
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import { TurnResumerStack, type TurnResumerStackProps } from '../../infra/turn-resumer-stack';

export const AGENT_URL = 'https://hub.example.com';

export type Synthesized = { app: App; stack: TurnResumerStack; template: Template };

export function synthesize(
  props: TurnResumerStackProps = { agentUrl: AGENT_URL },
  bundle = true,
): Synthesized {
  const app = new App(bundle ? {} : { context: { [BUNDLING_STACKS]: [] } });
  const stack = new TurnResumerStack(app, 'TurnResumer', props);
  return { app, stack, template: Template.fromStack(stack) };
}

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };
type Statement = { Effect: string; Action: string | string[]; Resource: unknown; Condition?: unknown };

/** Logical id → resource, of one type. */
export function resourcesOf(template: Template, type: string): Record<string, Resource> {
  return template.findResources(type) as Record<string, Resource>;
}

/** The logical id of the function of `role` (Ingest, Classifier, Resume, Api). */
export function functionId(template: Template, role: string): string {
  const id = Object.keys(resourcesOf(template, 'AWS::Lambda::Function')).find((key) =>
    key.startsWith(`Resumer${role}Function`),
  );
  if (!id) throw new Error(`no ${role} function in the template`);
  return id;
}

/** The statements of the inline policies attached to the role with logical id `roleId`. */
export function statementsOfRole(template: Template, roleId: string): Statement[] {
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
    .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement);
}

/** The properties of the function of `role`. */
export function functionProps(template: Template, role: string): Record<string, unknown> {
  const fn = resourcesOf(template, 'AWS::Lambda::Function')[functionId(template, role)];
  if (!fn) throw new Error(`no ${role} function`);
  return fn.Properties;
}

/** The statements of the function of `role`, found through its execution role. */
export function statementsOfFunction(template: Template, role: string): Statement[] {
  const roleId = (functionProps(template, role).Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
  return statementsOfRole(template, roleId);
}

export function actionsOf(statement: Statement): string[] {
  return Array.isArray(statement.Action) ? statement.Action : [statement.Action];
}
