import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { classify } from '../../shared/core/classify';
import type { FailureClass } from '../../shared/core/types';

// 16,359 real error texts that agents, SDKs, gateways and relays printed (Anthropic, OpenAI, Bedrock, Vertex,
// Azure, Gemini, OpenRouter, DeepSeek, Mistral, Groq, xAI, Zhipu, LiteLLM, Ollama, vLLM, new-api, one-api,
// aider, cline, opencode, Cursor, Copilot, Java/Go/Rust/Python/Node HTTP stacks, …), copied from the threads and
// pages each line names (keys in them replaced) and labelled by SPEC.md's classes, none of them in
// ../shared/corpus. `ambiguous` marks the ones where another class is defensible too.

type Case = { text: string; label: FailureClass; source: string; ambiguous?: boolean; note?: string };

const cases: Case[] = readFileSync(new URL('../fixtures/provider-errors.jsonl', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as Case);

/** How many of the file's lines came before round 30's sweeps (the file only grows at its end). */
const BEFORE_ROUND_30 = 9_748;
/** …and before round 65's. */
const BEFORE_ROUND_65 = 15_039;

const retried = (label: FailureClass) => label === 'capacity' || label === 'server' || label === 'transport';

describe('real provider errors beyond the corpus', () => {
  it('holds texts from their sources', () => {
    expect(cases.length).toBeGreaterThan(3150);
    for (const c of cases) expect(c.source).toMatch(/^https:\/\//);
  });

  it('never retries a text whose label is never retried (unless another label is defensible too)', () => {
    const unsafe = cases
      .filter((c) => c.ambiguous !== true)
      .filter((c) => !retried(c.label) && classify({ message: c.text }).retry !== null)
      .map((c) => `${c.label}: ${c.text.slice(0, 120)} (${c.source})`);
    expect(unsafe).toEqual([]);
  });

  // The standing 96 % holds the texts before round 30 (the file's first 9,748 lines; it only grows at its end). Rounds
  // 30–35 went looking for boundary texts whose words mislead (a cause the text does not show, a relay's status that
  // contradicts its body), for languages the classifier had few words in, and for gateways and local servers, and a
  // third of them are ambiguous: the whole was held at 95 %, the unambiguous at 99 % (docs/performance.md, section 1).
  // Rounds 65–68 went looking for look-alikes in apps, bots and other languages' clients, a third of them ambiguous
  // (mostly a network failure whose owner the text does not name, which the classifier reads as the turn's on purpose):
  // 95 % now holds the texts before them, and the whole is held at 94.5 %.
  it('decides retry or not as labelled for at least 99 % of the unambiguous ones, 96 % of those before round 30, 95 % of those before round 65 and 94.5 % of all', () => {
    const wrong = (c: Case) => (classify({ message: c.text }).retry !== null) !== retried(c.label);
    const right = (some: Case[]) => 1 - some.filter(wrong).length / some.length;
    expect(right(cases.filter((c) => c.ambiguous !== true))).toBeGreaterThanOrEqual(0.99);
    expect(right(cases.slice(0, BEFORE_ROUND_30))).toBeGreaterThanOrEqual(0.96);
    expect(right(cases.slice(0, BEFORE_ROUND_65))).toBeGreaterThanOrEqual(0.95);
    expect(right(cases)).toBeGreaterThanOrEqual(0.945);
  });

  it.each([
    // A terminal wraps long lines at spaces and indents the rest.
    [
      'wrapped by a terminal',
      (t: string) =>
        t
          .split(' ')
          .map((w, i) => (i % 5 === 4 ? `\n     ${w}` : w))
          .join(' '),
    ],
    ['inside a JSON error body', (t: string) => JSON.stringify({ error: { message: t } })],
    [
      'inside a JSON body twice',
      (t: string) => JSON.stringify({ error: { message: JSON.stringify({ error: t }) } }),
    ],
    [
      'inside a Python dict',
      (t: string) =>
        `{'error': {'message': '${t.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'}}`,
    ],
    ['in capitals', (t: string) => t.toUpperCase()],
    // An agent's stderr in colour, and log lines with their time, level and logger.
    ['in a terminal colour', (t: string) => `\u001b[31m${t}\u001b[39m`],
    [
      "after a log line's time, level and logger",
      (t: string) => `[2026-03-14T09:26:53.589Z] ERROR agent: ${t}`,
    ],
    [
      "after a Python log line's prefix",
      (t: string) => `2026-03-14 09:26:53,589 - agent.runner - ERROR - ${t}`,
    ],
    ["after an agent's error prefix", (t: string) => `API Error: ${t}`],
  ] as const)('keeps all but one in a thousand of its right unambiguous verdicts %s', (_, wrap) => {
    const right = cases.filter(
      (c) => c.ambiguous !== true && classify({ message: c.text }).class === c.label,
    );
    const changed = right
      .filter((c) => classify({ message: wrap(c.text) }).class !== c.label)
      .map((c) => c.text.slice(0, 100));
    expect(right.length).toBeGreaterThan(3000);
    expect(changed.length / right.length, changed.join('\n')).toBeLessThanOrEqual(0.001);
  });

  it.each([
    ['with tabs for its spaces', (t: string) => t.replace(/ /g, '\t')],
    ['with a space and two tabs for each space', (t: string) => t.replace(/ /g, ' \t\t')],
    ['with escaped tabs for its spaces', (t: string) => t.replace(/ /g, '\\t')],
    ['after 3,000 blank runs', (t: string) => `${' \t'.repeat(3000)}${t}`],
    // Many gathered code units, and lone surrogates among them (U+FFFD in the folded text, one unit for one).
    ['after 3,000 dotted cells', (t: string) => `${'.\t'.repeat(3000)}${t}`],
    ['after 3,000 lone surrogates', (t: string) => `${'\ud83d\t'.repeat(3000)}${t}`],
  ] as const)('gives every text the very same answer %s', (_, wrap) => {
    // Each of these folds to the text itself, with a fold every few characters: the folded text is built
    // differently when folds are dense, and must come out the same.
    const changed = cases
      .filter(
        (c) =>
          JSON.stringify(classify({ message: wrap(c.text) }, { now: 1.78e12 })) !==
          JSON.stringify(classify({ message: c.text }, { now: 1.78e12 })),
      )
      .map((c) => c.text.slice(0, 100));
    expect(changed).toEqual([]);
  });

  it('names the labelled class for at least 90 % of the unambiguous ones', () => {
    const clear = cases.filter((c) => c.ambiguous !== true);
    const misses = clear
      .map((c) => ({ c, got: classify({ message: c.text }).class }))
      .filter(({ c, got }) => got !== c.label);
    if (misses.length > 0) {
      console.log(
        `provider-error misses:\n${misses.map(({ c, got }) => `  ${c.label} → ${got}: ${c.text.slice(0, 100)}`).join('\n')}`,
      );
    }
    expect(1 - misses.length / clear.length).toBeGreaterThanOrEqual(0.9);
  });
});
