import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ContextError, stackPropsFromContext } from './context';
import { TurnResumerStack } from './turn-resumer-stack';

const app = new App();
new TurnResumerStack(app, 'TurnResumer', propsOrExit());
// An unacknowledged AwsSolutions finding fails `cdk synth` and `cdk deploy`.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

/** The settings from `-c`; bad ones end the run with each named, as local mode does, instead of a stack trace. */
function propsOrExit() {
  try {
    return stackPropsFromContext((key) => app.node.tryGetContext(key));
  } catch (error) {
    if (!(error instanceof ContextError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(2);
  }
}
