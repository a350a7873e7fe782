import { describe, expect, it } from 'vitest';
import { printable } from '../../shared/core/printable';

describe('printable', () => {
  it.each([
    ['an ESC sequence', '\u001b[2Jcleared', '\\u001b[2Jcleared'],
    ['an OSC title with its BEL', '\u001b]0;owned\u0007', '\\u001b]0;owned\\u0007'],
    ['a carriage return that would overwrite the line', 'ok\rFAKE', 'ok\\u000dFAKE'],
    ['a C1 control sequence introducer', '\u009b31m', '\\u009b31m'],
    ['DEL', 'a\u007fb', 'a\\u007fb'],
    ['a right-to-left override', 'file\u202etxt.exe', 'file\\u202etxt.exe'],
    ['a bidirectional isolate', '\u2066x\u2069', '\\u2066x\\u2069'],
  ])('writes out %s', (_name, text, expected) => {
    expect(printable(text)).toBe(expected);
  });

  it.each([
    'retry 2/4 at 2026-11-30T21:00:00.000Z',
    'two lines\nof usage',
    'HTTP 503: 服务繁忙 — «réessayez» 😀',
    '\\u001b already written out',
  ])('leaves "%s" as it is', (text) => {
    expect(printable(text)).toBe(text);
  });
});
