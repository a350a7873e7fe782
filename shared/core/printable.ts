/**
 * Control characters (C0 but `\n`, DEL, C1) and the bidirectional overrides and isolates: a terminal acts on
 * them (an ESC sequence can retitle the window, clear the screen or colour a fake line) instead of printing them.
 */
const UNPRINTABLE = /(?!\n)\p{Cc}|[\u202a-\u202e\u2066-\u2069]/gu;

/** `text` with each character a terminal would act on written out as `\u001b`: safe to print. */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
