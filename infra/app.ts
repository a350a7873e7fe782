import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ContextError, ContextKey, contextProblem, stackPropsFromContext } from './context';
import { TurnResumerPropsError } from './props-error';
import { TurnResumerStack } from './turn-resumer-stack';

const app = new App();
stackOrExit();
// An unacknowledged AwsSolutions finding fails `cdk synth` and `cdk deploy`.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));

/** The context keys given a value (`-c`, cdk.json); an empty one is no value, as `stackPropsFromContext` reads it. */
function setKeys(): Set<string> {
  return new Set(
    Object.values(ContextKey).filter((key) => {
      const value: unknown = app.node.tryGetContext(key);
      return value !== undefined && value !== null && String(value).trim() !== '';
    }),
  );
}

/**
 * The stack from the settings of `-c`. A value that can't be read, or that the construct refuses (out of
 * range), ends the run with each named by its key and exit code 2, as local mode does, instead of a stack trace.
 */
function stackOrExit(): TurnResumerStack {
  try {
    return new TurnResumerStack(
      app,
      'TurnResumer',
      stackPropsFromContext((key) => app.node.tryGetContext(key)),
    );
  } catch (error) {
    const problems =
      error instanceof ContextError
        ? error.problems
        : error instanceof TurnResumerPropsError
          ? error.problems.map((problem) => contextProblem(problem, setKeys()))
          : undefined;
    if (!problems) throw error;
    process.stderr.write(`${new ContextError(problems).message}\n`);
    process.exit(2);
  }
}
