#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx resumer …` works straight after `npm ci`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../shared/cli/main.ts');
process.exitCode = await main(process.argv.slice(2), {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
