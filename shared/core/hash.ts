/** FNV-1a, 32 bits: a small, stable, pure hash for deriving jitter and names from ids. */
export function fnv1a32(text: string, seed = 0x811c9dc5): number {
  let hash = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** A uniform number in [0, 1) derived from `parts`: the same parts always give the same number. */
export function unitFromParts(...parts: ReadonlyArray<string | number>): number {
  const text = parts.map(String).join('\u0000');
  // Two differently seeded 32-bit hashes give 53 bits, enough for a double in [0, 1). FNV-1a alone barely
  // mixes the last characters, so ids that differ only at the end (attempt 1 and 2 of one turn) would get
  // nearly the same number; the finalizer spreads every bit over the whole word.
  const high = fmix32(fnv1a32(text)) >>> 11;
  const low = fmix32(fnv1a32(text, 0x9747b28c));
  return (high * 2 ** 32 + low) / 2 ** 53;
}

/** MurmurHash3's 32-bit finalizer: each input bit flips about half of the output bits. */
function fmix32(hash: number): number {
  let h = hash >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}
