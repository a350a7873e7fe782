import { describe, expect, it } from 'vitest';
import { redactSecrets } from '../../../shared/core/redact';

// Minor: contexts redactSecrets misses (the forms SPEC.md names — sk-ant-…, sk-proj-…, Bearer …, AKIA… — are
// redacted in plain, quoted, key=value and JSON contexts; see secrets.test.ts).
describe('redaction gaps', () => {
  it.each([
    ['a URL-encoded Authorization header', `Authorization%3A%20Bearer%20${'t'.repeat(30)}`, 't'.repeat(30)],
    ['a URL-encoded key=', `url?token%3Dsk-proj-${'Z'.repeat(40)}`, 'Z'.repeat(40)],
    ['a key after an underscore', `ANTHROPIC_KEY_sk-ant-api03-${'Y'.repeat(40)}`, 'Y'.repeat(40)],
    ['a no-break space after Bearer', `Authorization: Bearer\u00a0${'c'.repeat(30)}`, 'c'.repeat(30)],
  ])('%s is redacted', (_name, text, secret) => {
    expect(redactSecrets(text)).not.toContain(secret);
  });
});
