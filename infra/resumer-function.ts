import { join } from 'node:path';
import { type Duration, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { Charset, LogLevel, NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

/** The repository root: the Lambda entry points and the lock file are found from here. */
export const PROJECT_ROOT = join(import.meta.dirname, '..');

/** The Lambda runtime of every resumer function; esbuild targets the same Node version. */
export const RUNTIME = lambda.Runtime.NODEJS_24_X;
const ESBUILD_TARGET = 'node24';

// The handlers are ESM with top-level await; a CommonJS dependency that calls `require` needs one defined.
const REQUIRE_BANNER =
  "import { createRequire } from 'module'; const require = createRequire(import.meta.url);";

/** One deployable of `lambdas/<name>/index.ts`. */
export type ResumerFunctionProps = {
  /** The folder under `lambdas/`. */
  name: 'ingest' | 'classifier' | 'resume' | 'api' | 'publisher';
  timeout: Duration;
  /** @default 512 */
  memorySize?: number;
  /** Exactly the variables `shared/config.ts` reads for this role. */
  environment: Record<string, string>;
  logRetention: logs.RetentionDays;
  logRemovalPolicy: RemovalPolicy;
};

/**
 * A resumer Lambda: arm64, bundled and minified by a local esbuild (no Docker), its own log group with a
 * retention, and its own role that may write only to that log group until grants add more.
 */
export class ResumerFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ResumerFunctionProps) {
    super(scope, id);
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention,
      removalPolicy: props.logRemovalPolicy,
    });
    // An explicit role instead of AWSLambdaBasicExecutionRole: that managed policy may write to every log group.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `turn resumer ${props.name} function (${Stack.of(this).stackName})`,
    });
    this.role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [this.logGroup.logGroupArn],
      }),
    );
    this.function = new NodejsFunction(this, 'Function', {
      entry: join(PROJECT_ROOT, 'lambdas', props.name, 'index.ts'),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      runtime: RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        forceDockerBundling: false,
        minify: true,
        // The classifier's Chinese, Japanese, Korean and Cyrillic phrases as UTF-8, not `\uXXXX` escapes (23 KB less).
        charset: Charset.UTF8,
        sourceMap: true,
        sourcesContent: false,
        format: OutputFormat.ESM,
        target: ESBUILD_TARGET,
        mainFields: ['module', 'main'],
        banner: REQUIRE_BANNER,
        // The AWS SDK v3 comes from the Lambda runtime (nodejs18.x and later ship it): 40–125 KB bundles instead of
        // 0.37–0.53 MB. The code loads it with `require` (shared/adapters/aws/sdk/), which esbuild leaves alone and
        // which spares Node's parse of each CommonJS package for an ES import; this keeps any direct import
        // external too. Trade-off (docs/performance.md, section 2): the runtime's SDK version runs, not the one
        // the lock file pins and the tests ran.
        externalModules: ['@aws-sdk/*'],
        logLevel: LogLevel.WARNING,
      },
    });
  }
}
