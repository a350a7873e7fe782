/** 256 KiB of text (UTF-16 code units; every text here is ASCII, so also bytes). */
export const ADVERSARIAL_SIZE = 262_144;

/** `unit` repeated to `size` characters. */
function fill(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

/**
 * Texts built to make a classifier do the most work per character: long runs of one kind of thing the
 * classifier looks at twice (digits, hint phrases, statuses, escapes, header names, settings, pipes).
 */
export function adversarialTexts(size = ADVERSARIAL_SIZE): Record<string, string> {
  return {
    digits: fill('9', size),
    retryAfter: fill('retry after ', size),
    retryAfterDurations: fill('retry after 5s ', size),
    nestedJson: `${'['.repeat(size / 2)}${']'.repeat(size / 2)}`,
    nestedObjects: fill('{"error":', size),
    statusLike: fill('API Error: 5', size),
    statusNumbers: fill('x 503 ', size),
    // Statuses after a separator and a line break, each a log line's start to look at (found by a review).
    statusLines: fill('a: 503\n', size),
    statusCells: fill('a| 503 ', size),
    jsonEscapes: fill('\\n\\u0041', size),
    whitespaceRuns: fill(' \t', size),
    // A fold every other character: one-letter lines, tab-separated cells, escaped line breaks (256 KiB of `a\n`
    // took 11 ms while every fold made two strings).
    shortLines: fill('a\n', size),
    tabbedCells: fill('a\t', size),
    escapedLines: fill('a\\n', size),
    // …and lines of 32 letters: the shortest run kept as a slice of its own.
    wordLines: fill(`${'abcdefgh'.repeat(4)}\n`, size),
    // A wait named every 32 characters, each read as four durations (found by a review: 6–7 ms).
    againDurations: fill('again in 9.016s9.016s9.016s9.0 ', size),
    againColoured: fill('again in 9m38.016s\u001b[0m', size),
    headerDump: fill('x-ratelimit-', size),
    timeoutSettings: fill('timeout=', size),
    epochPipes: fill('|1767225600', size),
    // Each one read to the end as a moment, then against the clock (`classify`'s context `now`).
    httpDates: fill('Retry-After: Wed, 21 Oct 2026 07:28:00 GMT ', size),
    epochHints: fill('"retry_after": 1767225600, ', size),
    upperCase: fill('OVERLOADED ', size),
    // A token step beside a network word: the shape that makes `classify` look again for other auth words.
    tokenSteps: fill('token refresh timed out ', size),
    // Words in the scripts whose phrases a second automaton reads (CJK_PHRASES), and prose in one of them.
    cjkWords: fill('错误 ', size),
    cyrillicWords: fill('ошибка ', size),
    cyrillicProse: fill('Произошла ошибка при обработке вашего запроса, попробуйте позже. ', size),
    // Accented European prose, which the second automaton reads too (2026-12-02, fifth session).
    accentedProse: fill("Délai d'attente dépassé, bağlantı hatası, aşırı yük, Zeitüberschreitung. ", size),
    // The second look's phrases whose check fails every time, so none settles the rest: a tenant without its token
    // (a backwards search for it took 2 s before it was bounded), a timeout only supposed, a quoted name that is
    // not a model's; and a client's own runtime error, after which the text is searched for a provider's failure.
    tenantWords: fill('does not match resource tenant ', size),
    supposedTimeouts: fill('if timeout ', size),
    quotedNames: fill(`${'a'.repeat(100)}' not found `, size),
    clientBugs: fill('is not a function ', size),
    // The surroundings' phrase with a provider's failure words around each one, so that every occurrence of the words
    // is weighed against the phrases' places (`localBugs`).
    surroundingsWords: fill('etelegram: 502 bad gateway internal server error ', size),
    plain: fill('a', size),
  };
}
