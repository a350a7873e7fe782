import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { build, type Metafile } from 'esbuild';
import { envNamesFor, type Role } from '../shared/config';
import { lambdaBuildOptions, lambdaNames, ROOT } from './lambda-build';
import { median, round, spread } from './stats';

const run = promisify(execFile);

/** The secret every stubbed GetSecretValue answers: a valid `whsec_` key. */
const FAKE_SECRET = `whsec_${Buffer.alloc(32, 0x2a).toString('base64')}`;
const ACCOUNT = '123456789012';
const REGION = 'us-east-1';

/** What the CDK stack would set, with fakes in the right shapes (URLs, ARNs, names). */
function fakeValue(name: string): string | undefined {
  if (name.endsWith('_QUEUE_URL'))
    return `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${name.toLowerCase()}`;
  if (name.endsWith('_QUEUE_ARN')) return `arn:aws:sqs:${REGION}:${ACCOUNT}:${name.toLowerCase()}`;
  if (name.endsWith('_SECRET_ARN'))
    return `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:${name.toLowerCase()}`;
  if (name.endsWith('_ROLE_ARN')) return `arn:aws:iam::${ACCOUNT}:role/${name.toLowerCase()}`;
  if (name.endsWith('_ARN')) return `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${name.toLowerCase()}`;
  if (name === 'RESUMER_AGENT_URL') return 'https://agent-hub.example.com';
  if (name.endsWith('_URL')) return 'https://example.com';
  if (name.endsWith('_NAME') || name.endsWith('_GROUP')) return name.toLowerCase().replaceAll('_', '-');
  return undefined;
}

/** The environment a function of `name` starts with: its configuration, fake credentials, the local stub. */
function functionEnv(name: string, secretsUrl: string): Record<string, string> {
  let names: string[] = [];
  try {
    names = envNamesFor(name as Role);
  } catch {}
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    AWS_REGION: REGION,
    AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsUrl,
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AWS_LAMBDA_FUNCTION_NAME: `resumer-${name}`,
    NODE_PATH: join(ROOT, 'node_modules'),
  };
  for (const variable of names) {
    const value = fakeValue(variable);
    if (value !== undefined) env[variable] = value;
  }
  return env;
}

/** A Secrets Manager stand-in on 127.0.0.1: every GetSecretValue answers `FAKE_SECRET`. */
async function startSecretsStub(): Promise<{
  url: string;
  served: () => number;
  close: () => Promise<void>;
}> {
  let served = 0;
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      served++;
      res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(
        JSON.stringify({
          ARN: `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:bench`,
          Name: 'bench',
          SecretString: FAKE_SECRET,
          VersionId: 'v1',
          VersionStages: ['AWSCURRENT'],
          CreatedDate: 1_767_225_600,
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served: () => served,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The largest inputs of a bundle, by the bytes they left in it. */
function largestInputs(metafile: Metafile, outfile: string, count: number) {
  const output = Object.entries(metafile.outputs).find(([path]) => path.endsWith(outfile))?.[1];
  const byPackage = new Map<string, number>();
  for (const [path, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
    const key = match?.[1] ?? path.split('/').slice(0, 2).join('/');
    byPackage.set(key, (byPackage.get(key) ?? 0) + bytesInOutput);
  }
  return Object.fromEntries(
    [...byPackage]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([key, bytes]) => [key, bytes]),
  );
}

const IMPORT_SCRIPT = `const started = performance.now();
await import(process.argv[2]);
process.stdout.write(JSON.stringify({ ms: performance.now() - started }));
`;

export type BundleBenchOptions = {
  /** Fresh processes per bundle and flag set. @default 10 */
  initRuns?: number;
  /** @default every lambdas/<name>/index.ts */
  only?: readonly string[];
};

/**
 * Each Lambda built as the CDK stack builds it, into a temporary folder: its minified size, and the time to import
 * it in a fresh Node process with valid fake configuration and a local Secrets Manager answering GetSecretValue.
 * The import is timed with and without `--enable-source-maps` (the stack sets it in NODE_OPTIONS). The modules the
 * stack leaves external (the AWS SDK, which the Lambda runtime provides) are found through `NODE_PATH`, as Lambda
 * finds its runtime's SDK (`/var/runtime/node_modules` is on its NODE_PATH): the project's node_modules is not
 * beside the bundles. A bundle that `import`ed the SDK instead of requiring it would fail here, since Node's ES
 * loader does not read NODE_PATH.
 */
export async function benchBundles(options: BundleBenchOptions = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'resumer-bench-bundles-'));
  const secrets = await startSecretsStub();
  try {
    const importer = join(dir, 'import.mjs');
    writeFileSync(importer, IMPORT_SCRIPT);
    const buildOptions = lambdaBuildOptions();
    const runs = options.initRuns ?? 10;
    const bundles: Record<string, unknown> = {};
    for (const name of options.only ?? lambdaNames()) {
      const outfile = join(dir, name, 'index.mjs');
      const started = performance.now();
      const { metafile } = await build({
        ...buildOptions,
        entryPoints: [join(ROOT, 'lambdas', name, 'index.ts')],
        outfile,
        metafile: true,
      });
      const buildMs = performance.now() - started;
      const env = functionEnv(name, secrets.url);
      const init = async (flags: string[]) => {
        const times: number[] = [];
        const errors: string[] = [];
        for (let i = 0; i < runs; i++) {
          try {
            const { stdout } = await run(process.execPath, [...flags, importer, outfile], {
              env,
              timeout: 30_000,
            });
            times.push((JSON.parse(stdout) as { ms: number }).ms);
          } catch (error) {
            errors.push(
              ((error as { stderr?: string }).stderr || (error as Error).message).split('\n')[0] ?? '',
            );
          }
        }
        return times.length > 0
          ? {
              medianMs: round(median(times), 1),
              spread: spread(times, 1),
              ...(errors.length ? { errors } : {}),
            }
          : { error: errors[0] ?? 'no run' };
      };
      // What the size would be without zod (the schemas' validation library). (The AWS SDK is loaded with
      // `require` at run time, shared/adapters/aws/sdk/, so esbuild never sees it.)
      const sizeWith = async (external: string[]) => {
        const result = await build({
          ...buildOptions,
          sourcemap: false,
          entryPoints: [join(ROOT, 'lambdas', name, 'index.ts')],
          outfile: join(dir, name, 'what-if.mjs'),
          external,
          metafile: true,
        });
        return Object.values(result.metafile.outputs)[0]?.bytes ?? 0;
      };
      bundles[name] = {
        minifiedBytes: statSync(outfile).size,
        sourceMapBytes: statSync(`${outfile}.map`).size,
        buildMs: Math.round(buildMs),
        largestInputs: largestInputs(metafile, `${name}/index.mjs`, 6),
        minifiedBytesIf: {
          zodLeftOut: await sizeWith([...buildOptions.external, 'zod']),
        },
        importMs: await init([]),
        importMsWithSourceMaps: await init(['--enable-source-maps']),
      };
    }
    return {
      esbuild: {
        target: buildOptions.target,
        format: 'esm',
        minify: true,
        external: buildOptions.external,
        awsSdk: buildOptions.external.includes('@aws-sdk/*') ? 'from the Lambda runtime' : 'bundled',
      },
      node: process.version,
      method: `${runs} fresh processes per bundle: ms from before import() of the bundle to its end (top-level await of the secret included), against a local Secrets Manager stub`,
      secretRequestsServed: secrets.served(),
      bundles,
    };
  } finally {
    await secrets.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
