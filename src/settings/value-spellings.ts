// The one rule for how a value is written, the same in flags, environment variables and action or
// component inputs (docs/reference.md, "Values"): a boolean is true or false (any case); an enumeration
// is one of its choices, and one that is also a switch (dry-run, wait) takes true and false too; a
// duration has a unit.
import { formatDuration } from "../core/duration.js";
import { UserError } from "../core/errors.js";
import type { OptionSpec } from "./option-spec.js";

/** true or false, in any case; undefined for anything else (yes, 1 and on included: one spelling). */
export function parseBooleanText(text: string): boolean | undefined {
  const lower = text.trim().toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  return undefined;
}

/** A boolean by the one rule, or a UserError naming `where` (`--apply`, `input comment`) and the value. */
export function parseBoolean(where: string, text: string): boolean {
  const value = parseBooleanText(text);
  if (value === undefined) throw new UserError(`${where}: expected true or false, got "${text}"`);
  return value;
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

/**
 * One raw value read by its option's rule; undefined falls back to the option's default. `where`
 * names the value in an error: the flag, or the variable it came from (`CONFIG_ROLLOUT_DRY_RUN`).
 */
export function parseOptionValue(
  spec: OptionSpec,
  rawValue: string | undefined,
  where = `--${spec.name}`,
): string | string[] | boolean | number | undefined {
  const text = rawValue ?? spec.default;
  if (text === undefined) return undefined;
  switch (spec.type) {
    case "boolean":
      return parseBoolean(where, text);
    case "list":
      return splitList(text);
    case "integer": {
      const value = text.trim();
      if (spec.choices?.includes(value)) return value;
      if (!/^\d+$/.test(value)) {
        const words = spec.choices ? ` or ${spec.choices.join(", ")}` : "";
        throw new UserError(`${where}: expected a whole number${words}, got "${text}"`);
      }
      return Number(value);
    }
    case "duration": {
      const ms = parseDuration(text);
      if (ms === "unitless") {
        const n = text.trim();
        throw new UserError(`${where}: "${n}" has no unit: write ${n}s for seconds or ${n}m for minutes`);
      }
      if (ms === undefined)
        throw new UserError(`${where}: expected a duration like 90s, 5m or 1h30m, got "${text}"`);
      return checkDuration(where, ms);
    }
    case "string": {
      const value = text.trim();
      const switched = spec.switch ? parseBooleanText(value) : undefined;
      if (switched !== undefined) return switched ? spec.switch!.on : spec.switch!.off;
      if (spec.choices && !spec.choices.includes(value)) {
        const switchWords = spec.switch ? ` (or true, false)` : "";
        throw new UserError(
          `${where}: expected one of ${spec.choices.join(", ")}${switchWords}, got "${text}"`,
        );
      }
      // A string without a default or choices is set or not: empty is not set.
      const given = spec.secret ? text : value;
      return given === "" && spec.default === undefined ? undefined : given;
    }
  }
}

/**
 * Every duration is a time limit or a wait: under a second it can only fail (a git command or a
 * render stopped before it could start), and past what a Node timer holds it fires at once.
 */
const MIN_DURATION_MS = 1000;
/** The longest delay a Node timer can hold (2^31-1 ms): longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

function checkDuration(where: string, ms: number): number {
  if (ms < MIN_DURATION_MS) {
    throw new UserError(`${where}: must be at least 1s (e.g. 90s, 5m), got ${formatDuration(ms)}`);
  }
  if (ms > MAX_TIMER_MS) {
    const longest = formatDuration(Math.floor(MAX_TIMER_MS / 3_600_000) * 3_600_000);
    throw new UserError(
      `${where}: ${formatDuration(ms)} is longer than the longest wait supported (${longest})`,
    );
  }
  return ms;
}

/** A list: split on commas and newlines, but not on commas inside braces ("k8s/{a,b}/x.yaml" is one glob). */
export function splitList(text: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "{") depth++;
    if (char === "}") depth = Math.max(0, depth - 1);
    if (char === "\n" || (char === "," && depth === 0)) {
      items.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== "");
}
