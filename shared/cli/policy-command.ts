import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { formatDuration } from '../core/duration';
import { type CliIo, println } from './io';

/** `resumer policy`: prints the effective retry policy read from the environment. */
export function policyCommand(io: CliIo, args: string[]): number {
  // It takes no arguments: parseArgs refuses any, naming it.
  parseArgs({ args, options: {}, strict: true });
  const { policy } = readConfig('local', io.env);
  const view = {
    attempts: policy.attempts,
    delays: policy.delaysMs.map(formatDuration),
    delaysMs: policy.delaysMs,
    jitter: policy.jitter,
    maxWait: formatDuration(policy.maxWaitMs),
    retryClasses: [...policy.retryClasses],
    retryAgentExited: policy.retryAgentExited,
    maxResumeTries: policy.maxResumeTries,
  };
  println(io.stdout, JSON.stringify(view, null, 2));
  return 0;
}
