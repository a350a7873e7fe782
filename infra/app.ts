import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { stackPropsFromContext } from './context';
import { TurnResumerStack } from './turn-resumer-stack';

const app = new App();
new TurnResumerStack(
  app,
  'TurnResumer',
  stackPropsFromContext((key) => app.node.tryGetContext(key)),
);
// An unacknowledged AwsSolutions finding fails `cdk synth` and `cdk deploy`.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
