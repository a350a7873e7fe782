import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { ContextError, contextProblem, stackPropsFromContext } from '../../infra/context';

const run = promisify(execFile);
const from = (context: Record<string, unknown>) => stackPropsFromContext((key) => context[key]);

/** How `infra/app.ts` (what `cdk synth` runs) ends with `context`; `undefined` if it synthesizes. */
async function synthFailure(context: Record<string, unknown>) {
  const outdir = mkdtempSync(join(tmpdir(), 'turn-resumer-context-'));
  try {
    return await run(process.execPath, ['--import', 'tsx', 'infra/app.ts'], {
      cwd: join(import.meta.dirname, '..', '..'),
      env: { ...process.env, CDK_OUTDIR: outdir, CDK_CONTEXT_JSON: JSON.stringify(context) },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

describe('stackPropsFromContext', () => {
  it('leaves every setting to the construct defaults when the context is empty', () => {
    const props = from({});
    expect(props.agentUrl).toBeUndefined();
    expect(Object.values(props.retryPolicy ?? {}).every((value) => value === undefined)).toBe(true);
    expect(props.removalPolicy).toBeUndefined();
  });

  it('reads -c strings into typed settings', () => {
    const props = from({
      agentUrl: 'https://hub.example.com/',
      agentTimeout: '8s',
      delays: '5s,1m',
      jitter: '0.1',
      maxWait: '2h',
      retryClasses: 'capacity, rate_limit',
      retryAgentExited: 'false',
      maxResumeTries: '7',
      alarmEmail: 'ops@example.com',
      logRetentionDays: '365',
      removalPolicy: 'destroy',
      deletionProtection: 'true',
      exhaustedPerHour: '4',
      resumeMaxConcurrency: '10',
    });
    expect(props).toMatchObject({
      agentUrl: 'https://hub.example.com',
      alarmEmail: 'ops@example.com',
      logRetention: logs.RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.DESTROY,
      deletionProtection: true,
      exhaustedPerHourThreshold: 4,
      resumeMaxConcurrency: 10,
      retryPolicy: {
        jitter: 0.1,
        retryClasses: ['capacity', 'rate_limit'],
        retryAgentExited: false,
        maxResumeTries: 7,
      },
    });
    expect(props.agentTimeout?.toMilliseconds()).toBe(8_000);
    expect(props.retryPolicy?.delays?.map((d) => d.toMilliseconds())).toEqual([5_000, 60_000]);
    expect(props.retryPolicy?.maxWait?.toMilliseconds()).toBe(Duration.hours(2).toMilliseconds());
  });

  it('takes on and off for the switches, as for pace', () => {
    expect(from({ deletionProtection: 'off', retryAgentExited: 'on', pace: 'off' })).toMatchObject({
      deletionProtection: false,
      retryPolicy: { retryAgentExited: true },
      pacing: { enabled: false },
    });
  });

  it('reads -c retryClasses=none as no class', () => {
    expect(from({ retryClasses: 'none' }).retryPolicy?.retryClasses).toEqual([]);
    expect(from({ retryClasses: 'None' }).retryPolicy?.retryClasses).toEqual([]);
  });

  it('takes typed values from cdk.json as well', () => {
    expect(
      from({ jitter: 0.3, retryClasses: ['capacity'], retryAgentExited: true }).retryPolicy,
    ).toMatchObject({
      jitter: 0.3,
      retryClasses: ['capacity'],
      retryAgentExited: true,
    });
  });

  it('names every bad key at once', () => {
    let error: unknown;
    try {
      from({ agentUrl: 'hub.example.com', jitter: 'lots', removalPolicy: 'keep', logRetentionDays: '31' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ContextError);
    expect((error as ContextError).problems).toEqual([
      '-c agentUrl="hub.example.com": expected an http(s) URL such as https://hub.example.com',
      '-c jitter="lots": expected a number from 0 to 1',
      '-c logRetentionDays="31": expected a CloudWatch Logs retention such as 30 or 365',
      '-c removalPolicy="keep": expected retain, destroy or snapshot',
    ]);
  });

  it('names the key that set a prop the construct refuses', () => {
    expect(contextProblem('retryPolicy.maxResumeTries must be an integer from 1 to 50, got 99')).toBe(
      '-c maxResumeTries: retryPolicy.maxResumeTries must be an integer from 1 to 50, got 99',
    );
    expect(
      contextProblem(
        'retryPolicy.delays holds a wait of up to 2h with jitter, beyond retryPolicy.maxWait (1h)',
      ),
    ).toBe(
      '-c delays: retryPolicy.delays holds a wait of up to 2h with jitter, beyond retryPolicy.maxWait (1h)',
    );
    expect(contextProblem('tableCapacity.writeUnits.min must be a whole number from 1 to 40000, not 0')).toBe(
      '-c tableWriteUnits: tableCapacity.writeUnits.min must be a whole number from 1 to 40000, not 0',
    );
    expect(contextProblem('something no key sets')).toBe('something no key sets');
    // A problem between two settings is named by the ones given (a review found `-c maxWait=1s` named `-c delays`).
    const between =
      'retryPolicy.delays holds a wait of up to 24m with jitter, beyond retryPolicy.maxWait (1s)';
    expect(contextProblem(between, new Set(['maxWait']))).toBe(`-c maxWait: ${between}`);
    expect(contextProblem(between, new Set(['delays', 'maxWait', 'jitter']))).toBe(
      `-c delays, -c maxWait: ${between}`,
    );
  });

  it('ends `cdk synth` with the bad keys named and exit code 2, without a stack trace', async () => {
    expect(await synthFailure({ jitter: 'lots' })).toEqual({
      code: 2,
      stderr: 'invalid CDK context:\n  - -c jitter="lots": expected a number from 0 to 1\n',
    });
  }, 60_000);

  // Found by a review of the naming: a bad jitter alone also blamed `-c delays` for the waits it stretched, and an
  // empty value counted as given.
  it('blames only the key given for a problem it alone makes', async () => {
    expect(await synthFailure({ jitter: '5' })).toEqual({
      code: 2,
      stderr: 'invalid CDK context:\n  - -c jitter: retryPolicy.jitter must be a number from 0 to 1, got 5\n',
    });
    const between = await synthFailure({ delays: '', maxWait: '1s' });
    expect(between?.stderr).toMatch(
      /^invalid CDK context:\n {2}- -c maxWait: retryPolicy\.delays holds a wait/,
    );
  }, 60_000);

  // Found by a review of the docs: values that read but were out of range ended the synth with the construct's
  // stack trace and exit code 1, naming the prop, not the key.
  it('ends `cdk synth` the same way for values out of range, each named by its key', async () => {
    const failure = await synthFailure({
      agentTimeout: '30s',
      maxResumeTries: '99',
      resumeMaxConcurrency: '1',
      paceRate: '0',
      tableCapacity: 'provisioned',
      tableTargetUtilization: '95',
    });
    expect(failure).toEqual({
      code: 2,
      stderr: [
        'invalid CDK context:',
        '  - -c agentTimeout: agentTimeout must be from 1 s to 25 s (the resume lease is 30 s), got 30s',
        "  - -c resumeMaxConcurrency: resumeMaxConcurrency must be a whole number from 2 to 1000 (an SQS event source's limits), got 1",
        '  - -c maxResumeTries: retryPolicy.maxResumeTries must be an integer from 1 to 50, got 99',
        '  - -c tableTargetUtilization: tableCapacity.targetUtilizationPercent must be from 20 to 90, not 95',
        '  - -c paceRate: pacing.ratePerSecond must be a rate from 0.001 to 1000 per second, got 0',
        '',
      ].join('\n'),
    });
  }, 60_000);
});
