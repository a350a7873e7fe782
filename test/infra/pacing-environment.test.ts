import { describe, expect, it } from 'vitest';
import { stackPropsFromContext } from '../../infra/context';
import { pacingEnvironment } from '../../infra/pacing-env';
import { readConfig } from '../../shared/config';
import { functionProps, synthesize } from './stack-fixture';

const PACING_NAMES = ['RESUMER_PACE', 'RESUMER_PACE_BURST', 'RESUMER_PACE_RATE', 'RESUMER_PROBE_AFTER'];

function environmentOf(template: ReturnType<typeof synthesize>['template'], role: string) {
  return (functionProps(template, role).Environment as { Variables: Record<string, unknown> }).Variables;
}

describe('pacing in the stack', () => {
  it('passes the default pacing to the classifier and the resume function only', () => {
    const { template } = synthesize();
    for (const role of ['Classifier', 'Resume']) {
      expect(environmentOf(template, role)).toMatchObject({
        RESUMER_PACE: 'on',
        RESUMER_PACE_RATE: '10',
        RESUMER_PACE_BURST: '20',
        RESUMER_PROBE_AFTER: '5',
      });
    }
    for (const role of ['Ingest', 'Api', 'Publisher']) {
      const names = Object.keys(environmentOf(template, role));
      expect(
        names.filter((name) => PACING_NAMES.includes(name)),
        role,
      ).toEqual([]);
    }
  });

  it('passes the pacing given as context, which the functions read back', () => {
    const props = stackPropsFromContext(
      (key) => ({ pace: 'off', paceRate: '2.5', paceBurst: '4', probeAfter: '3' })[key],
    );
    expect(props.pacing).toEqual({ enabled: false, ratePerSecond: 2.5, burst: 4, probeAfterFailures: 3 });
    const env = pacingEnvironment(props.pacing);
    expect(env).toEqual({
      RESUMER_PACE: 'off',
      RESUMER_PACE_RATE: '2.5',
      RESUMER_PACE_BURST: '4',
      RESUMER_PROBE_AFTER: '3',
    });
    expect(readConfig('local', env).pacing).toBeNull();
    const on = pacingEnvironment({ ...props.pacing, enabled: true });
    expect(readConfig('local', on).pacing).toMatchObject({
      ratePerSecond: 2.5,
      burst: 4,
      probeAfterFailures: 3,
    });
  });

  it('fails the synth on a bad pacing setting, naming it', () => {
    expect(() => pacingEnvironment({ ratePerSecond: 0, burst: 0.5 })).toThrow(
      /pacing\.ratePerSecond must be .* got 0; pacing\.burst must be a whole number .* got 0\.5/,
    );
    expect(() => stackPropsFromContext((key) => (key === 'pace' ? 'sometimes' : undefined))).toThrow(
      /-c pace="sometimes": expected on or off/,
    );
  });
});
