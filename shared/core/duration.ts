const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Parses `500ms`, `10s`, `1m`, `1m30s`, `2h`, `1d` (or a bare number of seconds) into ms; `null` when it is not one. */
export function parseDuration(text: string): number | null {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const parts = /^(?:\d+(?:\.\d+)?(?:ms|s|m|h|d))+$/.test(trimmed)
    ? trimmed.match(/\d+(?:\.\d+)?(?:ms|s|m|h|d)/g)
    : null;
  if (!parts) return null;
  let total = 0;
  for (const part of parts) {
    const unit = part.endsWith('ms') ? 'ms' : (part.at(-1) as keyof typeof UNIT_MS);
    total += Number(part.slice(0, part.length - unit.length)) * UNIT_MS[unit];
  }
  return Math.round(total);
}

/** Formats ms as the shortest of `45s`, `5m`, `1h30m` for messages and texts. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`;
  let seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  seconds -= hours * 3600;
  const minutes = Math.floor(seconds / 60);
  seconds -= minutes * 60;
  return (
    [hours ? `${hours}h` : '', minutes ? `${minutes}m` : '', seconds ? `${seconds}s` : ''].join('') || '0s'
  );
}
