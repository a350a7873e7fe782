import { describe, expect, it } from 'vitest';
import { runCli } from './cli-io';

const COMMANDS = ['classify', 'policy', 'start', 'send', 'sessions', 'stop'] as const;
const VERDICT = `${JSON.stringify({ text: 'socket hang up' })}\n`;

describe('resumer <command> --help', () => {
  it.each(
    COMMANDS.flatMap((command) => [
      [command, '--help'],
      [command, '-h'],
    ]),
  )('%s %s prints the usage of that command and exits 0', async (command, flag) => {
    // stdin holds a failure to classify: a classify that ignored the flag would answer it instead.
    const { code, out, err } = await runCli([command, flag], { stdin: VERDICT });
    expect({ code, err }).toEqual({ code: 0, err: '' });
    expect(out).toMatch(new RegExp(`^usage: resumer ${command}\\b`));
  });

  it.each([
    ['start', '--demo', '--help'],
    ['send', '--session', 's-1', '--help'],
    ['sessions', 's-1', '--json', '-h'],
    ['stop', 's-1', '--help'],
  ])('%s prints its usage when --help follows other arguments', async (command, ...rest) => {
    const { code, out } = await runCli([command, ...rest]);
    expect(code).toBe(0);
    expect(out).toMatch(new RegExp(`^usage: resumer ${command}\\b`));
  });

  it('takes --help after -- as an argument, not as a request for help', async () => {
    const { code, out, err } = await runCli(['policy', '--', '--help']);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(/'--help'/);
  });

  it('lists the commands for resumer --help and says that each has its own', async () => {
    const { code, out } = await runCli(['--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/^usage: resumer <command>/);
    expect(out).toMatch(/resumer <command> --help/);
  });
});

describe('resumer classify and policy', () => {
  it.each([
    ['classify', 'extra'],
    ['classify', '--json'],
    ['policy', 'extra'],
    ['policy', '--verbose'],
  ])('%s refuses %s, names it, prints its usage and exits 2', async (command, argument) => {
    const { code, out, err } = await runCli([command, argument], { stdin: VERDICT });
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toContain(`resumer ${command}: `);
    expect(err).toContain(`'${argument}'`);
    expect(err).toMatch(new RegExp(`usage: resumer ${command}\\b`));
  });
});
