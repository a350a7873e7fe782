import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildOptions } from 'esbuild';

/** The repository root. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The esbuild options the CDK stack's NodejsFunction bundling uses (infra/resumer-function.ts): ESM, minified,
 * platform node, UTF-8 output, the AWS SDK left external (the Lambda runtime provides it), `module` before `main`, the
 * `require` banner, and a separate source map without sources. The target, the banner and the external modules
 * are read from that file so the two can't drift apart.
 */
export function lambdaBuildOptions(): BuildOptions & { target: string; external: string[] } {
  const infra = readFileSync(join(ROOT, 'infra', 'resumer-function.ts'), 'utf8');
  const target = /const ESBUILD_TARGET = '([^']+)'/.exec(infra)?.[1];
  const banner = /const REQUIRE_BANNER =\s*"([^"]+)"/.exec(infra)?.[1];
  // `externalModules: [...]` as written there, or none when the SDK is bundled (`bundleAwsSDK: true`).
  const externals =
    /externalModules: \[([^\]]*)\]/.exec(infra)?.[1] ?? (/bundleAwsSDK: true/.test(infra) ? '' : undefined);
  if (!target || !banner || externals === undefined)
    throw new Error('bench: could not read ESBUILD_TARGET, REQUIRE_BANNER or externalModules from infra');
  const external = [...externals.matchAll(/'([^']+)'/g)].map((match) => match[1] as string);
  return {
    bundle: true,
    platform: 'node',
    format: 'esm',
    target,
    minify: true,
    charset: 'utf8',
    sourcemap: true,
    sourcesContent: false,
    mainFields: ['module', 'main'],
    banner: { js: banner },
    external,
    logLevel: 'warning',
  };
}

/** The deployable functions: every `lambdas/<name>/index.ts`. */
export function lambdaNames(): string[] {
  return readdirSync(join(ROOT, 'lambdas'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'lambdas', entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort();
}
