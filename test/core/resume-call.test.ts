import { describe, expect, it } from 'vitest';
import { continuationText } from '../../shared/core/resume-call';

describe('the continuation text', () => {
  it('quotes the error on one line', () => {
    expect(continuationText('transport', 'read ECONNRESET\n    at TLSWrap.onStreamRead')).toBe(
      'The previous attempt stopped on a dropped connection to the model provider (read ECONNRESET at TLSWrap.onStreamRead). Continue the same task from where it stopped.',
    );
  });

  it('cuts a long error at 300 characters, never inside an emoji', () => {
    const text = continuationText('capacity', `${'a'.repeat(299)}😀 and more`);
    expect(text).toContain(`(${'a'.repeat(299)}…)`);
    expect(text).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
    expect(continuationText('capacity', 'b'.repeat(100_000))).toHaveLength(
      continuationText('capacity', 'b'.repeat(301)).length,
    );
  });

  it('leaves the parentheses out when there is no error text', () => {
    expect(continuationText('agent_exited', '  ')).toBe(
      'The previous attempt stopped on the agent process exiting unexpectedly. Continue the same task from where it stopped.',
    );
  });
});
