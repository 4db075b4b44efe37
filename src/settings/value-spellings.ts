// The one rule for how a value is written, the same in flags, environment variables and action or
// component inputs (docs/reference.md, "Values"): a boolean is true or false (any case); an enumeration
// is one of its choices, and one that is also a switch (dry-run, wait) takes true and false too; a
// duration has a unit.

/** true or false, in any case; undefined for anything else (yes, 1 and on included: one spelling). */
export function parseBooleanText(text: string): boolean | undefined {
  const lower = text.trim().toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  return undefined;
}

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/**
 * "90s", "5m", "1h30m", "250ms" -> milliseconds; "unitless" for a bare number (5 seconds or 5
 * minutes? the message asks), undefined when malformed.
 */
export function parseDuration(text: string): number | "unitless" | undefined {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return "unitless";
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== trimmed) return undefined;
  return Math.round(parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNIT_MS[unit!]!, 0));
}
