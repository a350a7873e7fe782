import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { classify } from '../core/classify';
import type { Failure } from '../core/types';
import { type CliIo, println } from './io';

/**
 * `resumer classify`: one JSON line in (`{text, status?, type?, retryAfterSeconds?, agentExited?, occurredAt?}`),
 * one verdict out. A hint that names a moment is read against `occurredAt`, or against now without it.
 */
export async function classifyCommand(io: CliIo, args: string[]): Promise<number> {
  // It takes no arguments: parseArgs refuses any, naming it, before stdin is read.
  parseArgs({ args, options: {}, strict: true });
  const lines = createInterface({ input: io.stdin, crlfDelay: Number.POSITIVE_INFINITY });
  let lineNo = 0;
  for await (const line of lines) {
    lineNo++;
    if (line.trim() === '') continue;
    const parsed = parseLine(line, lineNo);
    const verdict =
      'error' in parsed ? parsed : classify(parsed.failure, { now: parsed.occurredAt ?? Date.now() });
    println(io.stdout, JSON.stringify(verdict));
  }
  return 0;
}

function parseLine(
  line: string,
  lineNo: number,
): { failure: Failure; occurredAt: number | undefined } | { error: string } {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    return { error: `line ${lineNo}: not valid JSON (${(error as Error).message})` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { error: `line ${lineNo}: expected a JSON object with a "text" field` };
  }
  const o = value as Record<string, unknown>;
  const message = o.text ?? o.message;
  if (typeof message !== 'string') return { error: `line ${lineNo}: "text" must be a string` };
  const problems: string[] = [];
  const optional = <T>(key: string, ok: (v: unknown) => v is T): T | undefined => {
    const v = o[key];
    if (v === undefined || v === null) return undefined;
    if (ok(v)) return v;
    problems.push(key);
    return undefined;
  };
  const failure: Failure = {
    message,
    status: optional('status', (v): v is number => Number.isInteger(v)),
    type: optional('type', (v): v is string => typeof v === 'string'),
    retryAfterSeconds: optional('retryAfterSeconds', (v): v is number => typeof v === 'number' && v >= 0),
    agentExited: optional('agentExited', (v): v is boolean => typeof v === 'boolean'),
  };
  const occurredAt = optional(
    'occurredAt',
    (v): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v)),
  );
  if (problems.length > 0)
    return { error: `line ${lineNo}: invalid ${problems.map((p) => `"${p}"`).join(', ')}` };
  return { failure, occurredAt: occurredAt === undefined ? undefined : Date.parse(occurredAt) };
}
