import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { consoleLog } from '../../shared/local/console-log';

// Found by a review: ids may hold a right-to-left override (the schemas refuse control characters only), and the
// local server's log wrote them to the terminal as they came (`turnId=t-1‮FDP.exe` shown as `t-1exe.PDF`).
describe('consoleLog', () => {
  it('writes out what a terminal would act on in the values it logs', () => {
    const out = new PassThrough();
    consoleLog(out, { now: () => Date.UTC(2026, 10, 30, 12) }).info('turn event applied', {
      turnId: 't-1\u202eFDP.exe',
      detail: 'HTTP 503: \u001b[2J',
    });
    expect(String(out.read())).toBe(
      '12:00:00.000 INFO  turn event applied turnId=t-1\\u202eFDP.exe detail="HTTP 503: \\u001b[2J"\n',
    );
  });
});
