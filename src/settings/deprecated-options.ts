// Old spellings of options that were merged into another, accepted until the next minor release: in
// flags, environment variables and action inputs alike, each with a one-line warning naming the
// replacement. Each row says what its value means for the option that replaced it. --help and the
// reference pages leave them out; the CHANGELOG lists them.
import { UserError } from "../core/errors.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import { type OptionSpec, type RawValues, regularEnvOf } from "./option-spec.js";
import { OPTIONS } from "./options.js";
import { parseBoolean, parseBooleanText } from "./value-spellings.js";

interface DeprecatedOption extends OptionSpec {
  /** The option that replaced it. */
  replacedBy: string;
  /**
   * The replacement's raw value for this old value, given what the same place (the flags, the
   * variables, the inputs) sets the replacement to; undefined leaves that as it is. An error names
   * the options the way that place does.
   */
  translate(old: string, current: string | undefined, naming: OptionNaming): string | undefined;
}

/** A boolean old option: its value read by the one boolean rule, naming it on a typo. */
const flag = (name: string, value: string, naming: OptionNaming) => parseBoolean(naming.option(name), value);

function deprecated(
  name: string,
  type: "boolean" | "string",
  replacedBy: string,
  translate: DeprecatedOption["translate"],
): DeprecatedOption {
  const replacement = OPTIONS.find((option) => option.name === replacedBy);
  if (!replacement) throw new Error(`deprecated --${name}: no option ${replacedBy}`);
  return {
    name,
    type,
    group: replacement.group,
    commands: replacement.commands,
    ...(replacement.sync ? { sync: replacement.sync } : {}),
    env: regularEnvOf(name),
    ...(type === "string" ? { placeholder: replacement.placeholder } : {}),
    summary: `deprecated: use {${replacedBy}}`,
    description: `Deprecated (kept until the next minor release): use {${replacedBy}}.`,
    replacedBy,
    translate,
  };
}

/** In this order: a later row may override what an earlier one set (Reloader's none over all). */
export const DEPRECATED_OPTIONS: readonly DeprecatedOption[] = [
  // --watch-pods false: wait on the rollout status alone, unless not waiting at all.
  deprecated("watch-pods", "boolean", "wait", (old, current, naming) =>
    flag("watch-pods", old, naming) || current === "none" || parseBooleanText(current ?? "") === false
      ? undefined
      : "status",
  ),
  deprecated("prune", "boolean", "keep", (old, _, naming) =>
    flag("prune", old, naming) ? undefined : "all",
  ),
  // --rollback (versioned only) became the one flag for every strategy; the new spelling wins.
  deprecated("rollback", "boolean", "rollback-on-failure", (old, current, naming) =>
    current === undefined ? String(flag("rollback", old, naming)) : undefined,
  ),
  deprecated("contexts", "string", "context", (old, current, naming) => {
    if (current !== undefined) {
      const context = naming.option("context");
      throw new UserError(
        `${context} and ${naming.option("contexts")}: give one of them (${context} takes several contexts now: staging;prod-eu,prod-us; KUBE_CONTEXT sets it too)`,
      );
    }
    return old;
  }),
  deprecated("reloader-auto-reload-all", "boolean", "reloader", (old, current, naming) =>
    flag("reloader-auto-reload-all", old, naming) && current !== "none" ? "all" : undefined,
  ),
  deprecated("restart-reloader-managed", "boolean", "reloader", (old, _, naming) =>
    flag("restart-reloader-managed", old, naming) ? "none" : undefined,
  ),
];

/** Every option a place accepts: the table's, then the old spellings. */
export const ACCEPTED_OPTIONS: readonly OptionSpec[] = [...OPTIONS, ...DEPRECATED_OPTIONS];

/** The values of one place (flags, variables, inputs) with each old spelling turned into its replacement. */
export function replaceDeprecated(source: RawValues, naming: OptionNaming): RawValues {
  const values = { ...source };
  for (const old of DEPRECATED_OPTIONS) {
    const value = values[old.name];
    if (value === undefined) continue;
    delete values[old.name];
    const replaced = old.translate(value, values[old.replacedBy], naming);
    if (replaced !== undefined) values[old.replacedBy] = replaced;
  }
  return values;
}

/** One warning line per old spelling a place uses, naming it and its replacement the way that place does. */
export function deprecationWarnings(source: RawValues, naming: OptionNaming): string[] {
  return DEPRECATED_OPTIONS.filter((old) => source[old.name] !== undefined).map((old) => {
    const value = source[old.name]!;
    const replaced = old.translate(value, undefined, naming);
    const use =
      replaced === undefined
        ? `it is the default now: drop it (${naming.option(old.replacedBy)} says more)`
        : `use ${naming.set(old.replacedBy, replaced)}`;
    return `${spell(old, value, naming)} is deprecated and will be removed in the next minor release: ${use}`;
  });
}

/** `--no-prune` rather than `--prune false` on the command line. */
function spell(old: DeprecatedOption, value: string, naming: OptionNaming): string {
  if (naming !== CLI_FLAGS || old.type !== "boolean") return naming.set(old.name, value);
  return parseBooleanText(value) === false ? `--no-${old.name}` : `--${old.name}`;
}
