// Runs the real CLI the way a fresh clone would: `npx cdk synth` with no context, no Docker (CDK_DOCKER points
// nowhere, so any Docker bundling would fail) and no network needs beyond what is installed. It bundles the four
// functions with the local esbuild; it takes about 10 s here (printed below), hence the generous timeout.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
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
    expect(bundles).toHaveLength(4);
    for (const bundle of bundles) {
      expect(existsSync(join(outdir, bundle, 'index.mjs'))).toBe(true);
      expect(existsSync(join(outdir, bundle, 'index.mjs.map'))).toBe(true);
    }
  });

  it('prints no notices and no telemetry prompt', () => {
    expect(output).not.toMatch(/NOTICES|telemetry/i);
  });
});
