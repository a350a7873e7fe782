import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Strips comments and string contents so that a word in a TSDoc line is not read as code. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
}

function importsOf(text: string): string[] {
  // The keyword as a word of its own: the string `'from'` in a table is no import.
  return [...text.matchAll(/(?:^|[\s};])(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1] ?? '');
}

const FORBIDDEN_IN_CORE: ReadonlyArray<[string, RegExp]> = [
  ['the AWS SDK', /@aws-sdk\/|aws-cdk-lib|@aws-lambda-powertools/],
  ['process.env', /\bprocess\s*\.\s*env\b|\bprocess\s*\[/],
  ['Date.now', /\bDate\s*\.\s*now\b|new\s+Date\s*\(\s*\)/],
  ['Math.random', /\bMath\s*\.\s*random\b|\bcrypto\s*\.\s*(randomUUID|getRandomValues|randomBytes)\b/],
  ['timers', /\b(setTimeout|setInterval|setImmediate|queueMicrotask)\s*\(/],
];

/** What a core source breaks, by rule name. */
function coreViolations(text: string): string[] {
  const body = code(text);
  const found = FORBIDDEN_IN_CORE.filter(([, pattern]) => pattern.test(body)).map(([name]) => name);
  for (const spec of importsOf(body)) {
    if (spec.startsWith('node:') || !spec.startsWith('.')) found.push(`an import of ${spec}`);
    else if (spec.startsWith('..')) found.push(`an import from outside shared/core (${spec})`);
  }
  return found;
}

describe('shared/core stays pure', () => {
  const files = sourceFiles('shared/core');

  it('has files to check', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files.map((file) => [relative(root, join(root, file))]))(
    '%s imports no SDK, reads no env, clock, randomness or timers',
    (file) => {
      expect(coreViolations(readFileSync(join(root, file), 'utf8'))).toEqual([]);
    },
  );

  it.each([
    ["import { SQSClient } from '@aws-sdk/client-sqs';", 'the AWS SDK'],
    ['const table = process.env.TABLE;', 'process.env'],
    ['const now = Date.now();', 'Date.now'],
    ['const u = Math.random();', 'Math.random'],
    ['setTimeout(() => {}, 10);', 'timers'],
    ["import { readFileSync } from 'node:fs';", 'an import of node:fs'],
    ["import { x } from '../ports';", 'an import from outside shared/core (../ports)'],
  ])('catches %s', (source, rule) => {
    expect(coreViolations(source)).toContain(rule);
  });

  it('reads no import in a table of words', () => {
    expect(coreViolations("const OF_WORDS = new Set(['from', 'on',\n  'import', 'de']);")).toEqual([]);
    expect(coreViolations("const m = await import('node:fs');")).toEqual(['an import of node:fs']);
  });
});

describe('dependencies point inwards', () => {
  it.each([
    ['shared/app', /from '\.\.\/adapters|@aws-sdk\//],
    ['shared/adapters', /from '\.\.\/\.\.\/app|from '\.\.\/app/],
  ])('%s does not import outward layers', (dir, pattern) => {
    for (const file of sourceFiles(dir)) {
      expect(code(readFileSync(join(root, file), 'utf8')), file).not.toMatch(pattern);
    }
  });

  it('reads process.env only in shared/config.ts, composition roots and the CLI entry', () => {
    const allowed =
      /^(shared\/config\.ts|lambdas\/[^/]+\/index\.ts|shared\/cli\/|infra\/|shared\/local\/main\.ts)/;
    for (const file of [...sourceFiles('shared'), ...sourceFiles('lambdas')]) {
      if (allowed.test(file)) continue;
      expect(code(readFileSync(join(root, file), 'utf8')), file).not.toMatch(/\bprocess\.env\b/);
    }
  });
});

/** Value imports of `@aws-sdk/*` in `text` (type-only imports are erased and load nothing). */
function sdkValueImports(text: string): string[] {
  return [...code(text).matchAll(/import\s+(type\s+)?[^'";]*?from\s*['"](@aws-sdk\/[^'"]+)['"]/g)]
    .filter((m) => m[1] === undefined)
    .map((m) => m[2] ?? '');
}

describe('the Lambdas load the AWS SDK with require', () => {
  it('imports no value from @aws-sdk/* in what the Lambdas bundle, except through shared/adapters/aws/sdk/', () => {
    const bundled = [...sourceFiles('lambdas'), ...sourceFiles('shared')].filter(
      (file) => !/^shared\/(adapters\/aws\/sdk|adapters\/local|local|cli)\//.test(file),
    );
    expect(bundled.length).toBeGreaterThan(20);
    const found = bundled.flatMap((file) =>
      sdkValueImports(readFileSync(join(root, file), 'utf8')).map((spec) => `${file}: ${spec}`),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ["import { SQSClient } from '@aws-sdk/client-sqs';", ['@aws-sdk/client-sqs']],
    ["import {\n  GetCommand,\n  type X,\n} from '@aws-sdk/lib-dynamodb';", ['@aws-sdk/lib-dynamodb']],
    ["import type { SQSClient } from '@aws-sdk/client-sqs';", []],
    ["import type * as Sdk from '@aws-sdk/client-sqs';", []],
  ])('reads %j as %j', (source, expected) => {
    expect(sdkValueImports(source)).toEqual(expected);
  });
});
