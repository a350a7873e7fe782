import { describe, expect, it } from 'vitest';
import { headline } from '../../shared/cli/sessions-command';

const retry = {
  attempt: 1,
  of: 4,
  reason: 'capacity' as const,
  nextAt: Date.UTC(2026, 10, 30, 12, 0, 10),
  promptId: 'p-cap~resume-1',
  turnId: 't-7',
};

describe('resumer sessions <id>: the headline', () => {
  it('says what waits, and only what is sent while the waiting row is the attempt being sent', () => {
    expect(headline(retry, undefined)).toBe('retry 1/4 at 2026-11-30T12:00:10.000Z');
    // The row stays the attempt's while its POST is under way: "retry 1/4 at <a past time>" beside it said a
    // retry waited as well.
    expect(headline(retry, { attempt: 1, of: 4, promptId: 'p-cap~resume-1', turnId: 't-7', tries: 1 })).toBe(
      'sending 1/4 (try 1)',
    );
    const newer = { ...retry, promptId: 'p-new~resume-1' };
    expect(
      headline(newer, {
        attempt: 1,
        of: 4,
        promptId: 'p-cap~resume-1',
        turnId: 't-7',
        tries: 1,
        stopRequested: true,
      }),
    ).toBe(
      'retry 1/4 at 2026-11-30T12:00:10.000Z; sending 1/4 (try 1; stop requested: this POST may still land)',
    );
    expect(headline(null, undefined)).toBe('nothing waiting');
  });
});
