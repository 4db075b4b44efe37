const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** "90" (seconds), "90s", "5m", "1h30m", "250ms" -> milliseconds; undefined when malformed. */
export function parseDuration(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== trimmed) return undefined;
  return Math.round(parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNIT_MS[unit!]!, 0));
}
