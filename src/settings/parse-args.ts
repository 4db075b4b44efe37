import { UserError } from "../core/errors.js";
import { OPTIONS, type OptionSpec } from "./options.js";
import type { RawValues } from "./settings.js";

export interface ParsedArgs {
  values: RawValues;
  help: boolean;
  version: boolean;
}

/**
 * Command-line flags -> raw values. Accepts `--flag value`, `--flag=value`, `-o json`, `--no-flag` for
 * booleans, and a bare `--dry-run` (meaning client). Anything unknown is a usage error, with a hint.
 */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const values: RawValues = {};
  let help = false;
  let version = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    if (arg === "--version" || arg === "-V") {
      version = true;
      continue;
    }
    if (!arg.startsWith("-") || arg === "-" || arg === "--") {
      throw new UserError(`unexpected argument "${arg}" (config-rollout takes only flags; see --help)`);
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const inline = eq === -1 ? undefined : arg.slice(eq + 1);
    const negated = flag.startsWith("--no-") ? findOption(flag.slice(5)) : undefined;
    if (negated?.type === "boolean" && inline === undefined) {
      values[negated.name] = "false";
      continue;
    }
    const spec = flag.startsWith("--")
      ? findOption(flag.slice(2))
      : OPTIONS.find((o) => `-${o.short}` === flag);
    if (!spec) throw new UserError(`unknown flag ${flag}${suggestion(flag)}; see --help`);
    if (spec.type === "boolean") {
      values[spec.name] = inline ?? "true";
      continue;
    }
    if (inline !== undefined) {
      values[spec.name] = inline;
      continue;
    }
    const next = argv[i + 1];
    // `--dry-run` alone, or followed by another flag, means a client-side dry run.
    if (spec.name === "dry-run" && (next === undefined || !spec.choices?.includes(next))) {
      values[spec.name] = "client";
      continue;
    }
    if (next === undefined) throw new UserError(`${flag} needs a value`);
    values[spec.name] = next;
    i++;
  }
  return { values, help, version };
}

function findOption(name: string): OptionSpec | undefined {
  return OPTIONS.find((o) => o.name === name);
}

function suggestion(flag: string): string {
  const name = flag.replace(/^-+/, "");
  const close = OPTIONS.map((o) => o.name).find((candidate) => editDistance(candidate, name) <= 2);
  return close ? ` (did you mean --${close}?)` : "";
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length]!;
}
