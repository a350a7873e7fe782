// Runs the real CLI the way a fresh clone would: `npx cdk synth` with no context, no Docker (CDK_DOCKER points
// nowhere, so any Docker bundling would fail) and no network needs beyond what is installed. It bundles the five
// functions with the local esbuild; it takes 7-10 s here (printed below), hence the generous timeout.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AWS_SESSION_ENV } from '../support/aws-env';

const run = promisify(execFile);
type Resource = { Type: string; Metadata: Record<string, unknown> };
/** What the stack sets, with stand-ins for the references CloudFormation resolves. */
const DEPLOYED_LIKE_ENV = {
  AWS_REGION: 'eu-west-1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  ...AWS_SESSION_ENV,
  RESUMER_EVENT_BUS_NAME: 'bus',
  RESUMER_API_TOKEN_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:token',
};
const root = join(import.meta.dirname, '..', '..');
const outdir = mkdtempSync(join(tmpdir(), 'turn-resumer-synth-'));
let output = '';

beforeAll(async () => {
  const started = performance.now();
  const { stdout, stderr } = await run('npx', ['cdk', 'synth', '-o', outdir, '--quiet'], {
    cwd: root,
    env: { ...process.env, CDK_DOCKER: join(outdir, 'no-docker-here'), CI: 'true' },
    maxBuffer: 16 * 1024 * 1024,
  });
  output = `${stdout}\n${stderr}`;
  console.info(`[cdk synth] ${Math.round(performance.now() - started)} ms`);
  // The bundles leave the AWS SDK external; the Lambda runtime provides it, and here the project's node_modules does.
  symlinkSync(join(root, 'node_modules'), join(outdir, 'node_modules'), 'dir');
}, 180_000);

afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe('npx cdk synth', () => {
  it('writes the stack template', () => {
    expect(existsSync(join(outdir, 'TurnResumer.template.json'))).toBe(true);
  });

  it('stands a required agentUrl parameter in for the missing context', () => {
    const template = JSON.parse(readFileSync(join(outdir, 'TurnResumer.template.json'), 'utf8'));
    expect(template.Parameters.agentUrl).toMatchObject({ Type: 'String' });
    expect(template.Parameters.agentUrl.Default).toBeUndefined();
  });

  it('passes the cdk-nag plugin the app registers', () => {
    const report = JSON.parse(readFileSync(join(outdir, 'validation-report.json'), 'utf8'));
    expect(report.pluginReports).toEqual([]);
  });

  it('bundles every function as ESM with a source map', () => {
    const assets = JSON.parse(readFileSync(join(outdir, 'TurnResumer.assets.json'), 'utf8')).files;
    const bundles = Object.values(assets as Record<string, { source: { path: string } }>)
      .map((asset) => asset.source.path)
      .filter((path) => path.startsWith('asset.'));
    expect(bundles).toHaveLength(5);
    for (const bundle of bundles) {
      expect(existsSync(join(outdir, bundle, 'index.mjs'))).toBe(true);
      expect(existsSync(join(outdir, bundle, 'index.mjs.map'))).toBe(true);
    }
  });

  // The classifier, API and publisher bundles have no top-level network calls, so they can be loaded here as Lambda
  // would: this proves the ESM output, the `require` banner and that the external AWS SDK resolves (from the
  // node_modules linked beside the assets). (Ingest and resume read a secret first.)
  it.each(['Classifier', 'Api', 'Publisher'])('loads the %s bundle and finds its handler', async (role) => {
    const template = JSON.parse(readFileSync(join(outdir, 'TurnResumer.template.json'), 'utf8'));
    const [, fn] = Object.entries(template.Resources as Record<string, Resource>).find(
      ([id, r]) => r.Type === 'AWS::Lambda::Function' && id.startsWith(`Resumer${role}Function`),
    ) ?? [undefined, undefined];
    const bundle = join(outdir, String(fn?.Metadata['aws:asset:path']), 'index.mjs');
    const { stdout } = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const m = await import(${JSON.stringify(bundle)}); console.log(typeof m.handler);`,
      ],
      { env: { ...process.env, ...DEPLOYED_LIKE_ENV } },
    );
    expect(stdout.trim()).toBe('function');
  });

  it('prints no notices and no telemetry prompt', () => {
    expect(output).not.toMatch(/NOTICES|telemetry/i);
  });
});
