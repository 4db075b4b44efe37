import { UserError } from "../core/errors.js";
import { ACCEPTED_OPTIONS } from "./deprecated-options.js";
import { appliesTo, type Command, listedFor, type OptionSpec, type RawValues } from "./option-spec.js";
import { OPTIONS } from "./options.js";

interface ParsedArgs {
  values: RawValues;
  help: boolean;
  /** `--help all`: every flag of the command, not the handful most runs need. */
  helpAll: boolean;
  version: boolean;
  /**
   * The first thing wrong with the flags. The parse goes on past it, so `values` still holds what
   * the rest say: the report of the error is written as --output, --junit and --dotenv ask.
   */
  error?: UserError;
}

/** The commands, the first word of the command line; without one, `run`. */
const COMMANDS = ["run", "stamp", "sync"] as const;

/**
 * The command the command line names (its first word; none: the main run) and the flags after it.
 * `help [COMMAND]` and `--help COMMAND` (`-h`) ask for the command's help, as git and kubectl take
 * them; `help` alone is `--help`, the overview.
 */
export function commandLine(argv: readonly string[]): { named?: Command; flags: string[] } {
  const forHelp = argv[0] === "help" || argv[0] === "--help" || argv[0] === "-h";
  const named = COMMANDS.find((name) => name === argv[forHelp ? 1 : 0]);
  if (forHelp) return { named, flags: ["--help", ...argv.slice(named ? 2 : 1)] };
  return { named, flags: argv.slice(named ? 1 : 0) };
}

/**
 * Command-line flags -> raw values. Accepts `--flag value`, `--flag=value`, `-o json`; a boolean flag
 * alone means true, `--no-flag` false, and `--flag true|false` says it; a switch (`--dry-run`,
 * `--wait`) alone means its on value, `--no-flag` its off value. Anything unknown is a usage error,
 * with a hint; so is a flag of the table that `command` does not read (a stamp-only flag on the main
 * run, a rollout flag on `stamp`): it would be silently ignored.
 */
export function parseArgs(argv: readonly string[], command: Command = "run"): ParsedArgs {
  const parsed: ParsedArgs = { values: {}, help: false, helpAll: false, version: false };
  const { values } = parsed;
  const fail = (error: UserError | undefined) => {
    parsed.error ??= error;
  };
  /** The spelling each option was first given as: a second is refused, or added to a list. */
  const given = new Map<string, string>();
  const set = (spec: OptionSpec, flag: string, value: string) => {
    const first = given.get(spec.name);
    given.set(spec.name, first ?? flag);
    if (first === undefined) values[spec.name] = value;
    // A list flag repeated adds to the list (--paths 'a/**' --paths 'b/**'): the newline separates.
    else if (spec.type === "list") values[spec.name] = `${values[spec.name]}\n${value}`;
    else fail(repeated(flag, first));
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--help" || arg === "-h" || arg === "--help=all") {
      parsed.help = true;
      if (arg === "--help=all" || argv[i + 1] === "all") {
        parsed.helpAll = true;
        if (arg !== "--help=all") i++;
      }
      continue;
    }
    if (arg === "--version" || arg === "-V") {
      parsed.version = true;
      continue;
    }
    if (!arg.startsWith("-") || arg === "-" || arg === "--") {
      fail(unexpectedArgument(arg, i, command));
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const inline = eq === -1 ? undefined : arg.slice(eq + 1);
    const negated = flag.startsWith("--no-") ? findOption(flag.slice(5)) : undefined;
    if ((negated?.type === "boolean" || negated?.switch) && inline === undefined) {
      fail(otherCommandError(negated, flag, command));
      set(negated, flag, "false");
      continue;
    }
    const spec = flag.startsWith("--")
      ? findOption(flag.slice(2))
      : OPTIONS.find((o) => `-${o.short}` === flag);
    if (!spec) {
      fail(new UserError(`unknown flag ${flag}${suggestion(flag, command)}; see ${helpFor(command)}`));
      continue;
    }
    fail(otherCommandError(spec, flag, command));
    if (inline !== undefined) {
      set(spec, flag, inline);
      continue;
    }
    const next = argv[i + 1];
    // A boolean or a switch alone means true (a switch's on value). The CLI takes no other words,
    // so a word after it is its value (`--apply false`, `--dry-run server`): one it does not take
    // (`--dry-run maybe`) is an error naming the flag and its values, not a stray argument.
    if (spec.type === "boolean" || spec.switch) {
      const isValue = next !== undefined && !next.startsWith("-");
      set(spec, flag, isValue ? next : "true");
      if (isValue) i++;
      continue;
    }
    // A flag where the value belongs means the value was left out (`--exclude --dry-run`): taken as
    // the value, the next flag would be lost, --dry-run included. A value that starts with "--" is
    // written --flag=VALUE.
    if (next === undefined || isFlag(next)) {
      const instead =
        next === undefined
          ? ""
          : `: ${next} after it is a flag (a value that starts with "-" is written ${flag}=VALUE)`;
      fail(new UserError(`${flag} needs a value${instead}`));
      continue;
    }
    set(spec, flag, next);
    i++;
  }
  return parsed;
}

/** A word of the command line that is a flag: `--anything` (a known flag or a misspelt one), or a short flag of ours. */
function isFlag(word: string): boolean {
  return (
    word.startsWith("--") ||
    ["-h", "-V", ...OPTIONS.filter((o) => o.short).map((o) => `-${o.short}`)].includes(word)
  );
}

/** A flag given again: it takes one value, and the last one winning would drop the first unseen. */
function repeated(flag: string, first: string): UserError {
  const again = flag === first ? `${flag} is given twice` : `${flag} and ${first} set the same option`;
  return new UserError(`${again}: it takes one value; give it once`);
}

/** A flag of the table, or an old spelling kept for now (settings.ts turns it into its replacement). */
function findOption(name: string): OptionSpec | undefined {
  return ACCEPTED_OPTIONS.find((o) => o.name === name);
}

function helpFor(command: Command): string {
  return `config-rollout ${command} --help`;
}

/** A flag of the table that this command does not read: refused, naming the command that does. */
function otherCommandError(spec: OptionSpec, flag: string, command: Command): UserError | undefined {
  if (appliesTo(spec, command)) return undefined;
  if (command === "sync") {
    return new UserError(
      `${flag} is not a flag of \`config-rollout sync\` (it compares live configs, not commits); see config-rollout sync --help`,
    );
  }
  if (spec.commands === "sync") {
    return new UserError(`${flag} is a flag of \`config-rollout sync\`: run \`config-rollout sync ${flag}\``);
  }
  if (command === "stamp") {
    return new UserError(
      `${flag} applies to the main run only (config-rollout [run] [flags]), not to \`config-rollout stamp\`; see config-rollout stamp --help`,
    );
  }
  return new UserError(`${flag} is a flag of \`config-rollout stamp\`: run \`config-rollout stamp ${flag}\``);
}

/** A word where a flag belongs; as the first word, maybe a misspelt subcommand. */
function unexpectedArgument(arg: string, index: number, command: Command): UserError {
  const near = index === 0 && command === "run" ? nearest(arg, COMMANDS) : undefined;
  if (near !== undefined) {
    return new UserError(`unknown command "${arg}" (did you mean ${near}?); see config-rollout --help`);
  }
  const takes = command === "run" ? "config-rollout takes" : `config-rollout ${command} takes`;
  return new UserError(`unexpected argument "${arg}" (${takes} only flags; see ${helpFor(command)})`);
}

/** The flags `command` takes as its own, in table order, --help and --version included. */
function flagNames(command: Command): string[] {
  return [...OPTIONS.filter((o) => listedFor(o, command)).map((o) => o.name), "help", "version"];
}

function suggestion(flag: string, command: Command): string {
  const close = nearest(flag.replace(/^-+/, ""), flagNames(command));
  return close ? ` (did you mean --${close}?)` : "";
}

/**
 * Variables named like config-rollout's that it does not read: the GitLab template's own and the
 * dotenv report's (a later job may hold them). Any other near miss of a setting's variable is refused.
 */
const OTHER_VARIABLES = new Set(
  [
    "VERSION",
    "COMMAND",
    "MR_DRY_RUN",
    "MR_COMMENT",
    "GITLAB_TOKEN",
    "RESULT",
    "EXIT_CODE",
    "CHANGED_CONFIGS",
    "PLANNED",
    "RESTARTED",
    "FAILED",
    "ROLLED_BACK",
  ].map((name) => `CONFIG_ROLLOUT_${name}`),
);

/**
 * A `CONFIG_ROLLOUT_*` variable one or two edits from a setting's (`CONFIG_ROLLOUT_DRYRUN`; one
 * for a short name): read as nothing, it would leave the setting at its default, a dry run becoming
 * a real one. Others, farther from every setting, may be the job's own and are left alone.
 */
export function misspeltVariable(env: Record<string, string | undefined>): UserError | undefined {
  const settings = ACCEPTED_OPTIONS.flatMap((o) => (o.env ? [o.env] : []));
  for (const name of Object.keys(env).sort()) {
    if (!name.startsWith("CONFIG_ROLLOUT_") || settings.includes(name) || OTHER_VARIABLES.has(name)) continue;
    const near = settings.find((setting) => editDistance(name, setting) <= allowedEdits(name, setting));
    if (near !== undefined)
      return new UserError(
        `${name} is not a variable config-rollout reads (did you mean ${near}?): remove or rename it; nothing was run`,
      );
  }
  return undefined;
}

/** Two edits, one where a name is short: `CONFIG_ROLLOUT_ARGS` is a job's own, not `..._LOGS` misspelt. */
function allowedEdits(name: string, setting: string): number {
  const prefix = "CONFIG_ROLLOUT_".length;
  return Math.min(name.length, setting.length) - prefix <= 4 ? 1 : 2;
}

/** The candidate closest to `word` within an edit distance of 2; ties go to the earlier candidate. */
function nearest(word: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance = editDistance(candidate, word);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * Edits (insert, delete, substitute, swap two neighbours) from a to b: a swap counts once, so
 * --hlep is 1 from --help, nearer than --keep.
 */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, d[i - 2]![j - 2]! + 1);
      d[i]![j] = value;
    }
  }
  return d[a.length]![b.length]!;
}
