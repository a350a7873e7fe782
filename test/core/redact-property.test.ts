import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../shared/core/redact';
import { fcParams, report, runSeed } from '../support/fc-params';
import { errorText } from '../support/secret-texts';

// The texts of guarantee 4's property (test/guarantees/secrets.test.ts) through `redactSecrets` alone: thousands
// of them a run, where the end-to-end property can afford a few dozen. It found a rule taking the next
// credential's name for its value (`token: "password": "…"`), which hid that credential's secret.
describe('redactSecrets over generated texts', () => {
  it('leaves none of the secrets put into a corpus text', () => {
    const seed = runSeed();
    let secrets = 0;
    fc.assert(
      fc.property(errorText, ({ text, secrets: parts }) => {
        const out = redactSecrets(text, Number.POSITIVE_INFINITY);
        for (const part of parts) {
          secrets += 1;
          expect(out.includes(part), `${part} left in\n${out}`).toBe(false);
        }
      }),
      fcParams(seed, 3000),
    );
    report('redaction', { seed, secretsChecked: secrets });
  });
});
