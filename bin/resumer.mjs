#!/usr/bin/env node
// Runs the TypeScript CLI through tsx, so `npx resumer …` works straight after `npm ci`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../shared/cli/main.ts');
const { onReaderGone } = await import('../shared/cli/io.ts');
const args = process.argv.slice(2);
// Once the reader of the output has gone (`| head -1`), a command has done its job and ends with 0, as Unix tools
// end on SIGPIPE. The server goes on serving: `| grep -m1 url` may read its banner and leave it running.
onReaderGone(process.stdout, () => {
  if (args[0] !== 'start') process.exit(0);
});
process.exitCode = await main(args, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
