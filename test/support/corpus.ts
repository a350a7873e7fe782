// The labelled real-world error texts beside the repository (`../shared/corpus`), grouped by label.
import { readFileSync } from 'node:fs';
import type { FailureClass } from '../../shared/core/types';

const CORPUS_DIR = new URL('../../../shared/corpus/', import.meta.url);

/** One labelled error text and where it came from. */
export type CorpusEntry = { text: string; label: FailureClass; source: string; retryAfterSeconds?: number };

/** Every entry of `errors.jsonl` and `seed-cases.jsonl`. */
export function loadCorpus(): CorpusEntry[] {
  return ['errors.jsonl', 'seed-cases.jsonl'].flatMap((file) =>
    readFileSync(new URL(file, CORPUS_DIR), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as CorpusEntry),
  );
}

/** The corpus texts by label; every label of the classifier has at least one. */
export function corpusByLabel(): Map<FailureClass, CorpusEntry[]> {
  const byLabel = new Map<FailureClass, CorpusEntry[]>();
  for (const entry of loadCorpus()) byLabel.set(entry.label, [...(byLabel.get(entry.label) ?? []), entry]);
  return byLabel;
}
