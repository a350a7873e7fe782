/**
 * The size DynamoDB bills an item at, from the rules in its developer guide ("Item sizes and formats"): names
 * and strings by their UTF-8 bytes, binaries by their length, a number by about one byte per two significant
 * digits plus one, null and booleans one byte, and a list or map three bytes plus one per element. A write
 * costs one unit per started 1 KB of it (twice that in a transaction); an index copy is its projected
 * attributes plus the keys plus 100 bytes.
 */
export function dynamoItemBytes(item: Readonly<Record<string, unknown>>): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(item)) {
    if (value === undefined) continue;
    bytes += utf8(name) + valueBytes(value);
  }
  return bytes;
}

/** Write units one plain write of an item of `bytes` costs. */
export function writeUnits(bytes: number): number {
  return Math.max(1, Math.ceil(bytes / 1024));
}

function valueBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number') return numberBytes(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) {
    let bytes = 3;
    for (const element of value) bytes += 1 + valueBytes(element);
    return bytes;
  }
  if (typeof value === 'object') {
    let bytes = 3;
    for (const [name, element] of Object.entries(value)) {
      if (element === undefined) continue;
      bytes += 1 + utf8(name) + valueBytes(element);
    }
    return bytes;
  }
  throw new Error(`cannot size a ${typeof value} attribute value`);
}

function numberBytes(value: number): number {
  if (!Number.isFinite(value)) throw new Error(`cannot size the number ${value}`);
  const digits = Math.abs(value).toExponential().replace(/e.*$/, '').replace('.', '').replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

const encoder = new TextEncoder();
function utf8(text: string): number {
  return encoder.encode(text).byteLength;
}
