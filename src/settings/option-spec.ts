// The shape of one row of the option table (options.ts), apart so the table can be split in files.

type OptionType = "string" | "boolean" | "list" | "duration" | "integer";

/** The headings of a command's `--help`, in the order it shows them. */
export const OPTION_GROUPS = ["basics", "sources", "cluster", "strategy", "output", "limits", "ci"] as const;
export type OptionGroup = (typeof OPTION_GROUPS)[number];

/**
 * Which command reads the option: the main run (`config-rollout [run] [flags]`), `config-rollout stamp`,
 * both, or `config-rollout sync` alone. A flag is accepted, and shown by `--help`, only for the
 * commands that read it; `sync: true` adds sync to a row's commands, `sync: "refused"` too, but
 * sync reads it only to refuse it with its reason (as a flag, a variable or an input alike), so
 * its `--help` and reference page do not list it.
 */
type OptionCommands = "run" | "stamp" | "both" | "sync";

export interface OptionSpec {
  /** Flag name without dashes; also the GitHub Action input and the GitLab component input name. */
  name: string;
  type: OptionType;
  /** The `--help` heading it is listed under. */
  group: OptionGroup;
  commands: OptionCommands;
  /** `config-rollout sync` reads it too; "refused": only to refuse it, saying why. */
  sync?: true | "refused";
  /** How `config-rollout sync` tells the option, where it takes less of it (one context, not waves). */
  inSync?: { placeholder: string; summary: string; description: string };
  /** Default as the user would write it; undefined means "not set". */
  default?: string;
  /** Environment variable that can supply it (CLI and GitLab). */
  env?: string;
  /**
   * Allowed values for enumerations. On an integer option: words it takes besides a whole number
   * (`--keep all`).
   */
  choices?: readonly string[];
  /**
   * An enumeration that is also a switch: a bare `--NAME` and `true` mean `on`, `--no-NAME` and
   * `false` mean `off` (`--dry-run` is `--dry-run client`), in flags, variables and inputs alike.
   */
  switch?: { on: string; off: string };
  /** The value is a credential: never printed, masked in CI logs. */
  secret?: boolean;
  /** Single-letter alias. */
  short?: string;
  /** Shown as the value placeholder in --help. */
  placeholder?: string;
  /** false: a flag of the CLI (and the GitLab job) only, not an input of the GitHub Action. */
  actionInput?: false;
  /**
   * Listed by the command's `--help` (true: of every command that reads it; else of those named):
   * the handful of flags most runs need. `--help all` and the reference pages list every flag.
   */
  brief?: true | readonly Command[];
  /** One line of `--help` (at most 56 characters): what it is for, not every case. */
  summary: string;
  /**
   * The whole story, for the reference pages, action.yml and the GitLab component. Another option
   * is named `{name}` or `{name=value}`, never `--name`: each document spells it the way its reader
   * sets it (`--name value` on the command line, `name: value` in a workflow).
   */
  description: string;
}

/** The command-line command an option applies to. */
export type Command = "run" | "stamp" | "sync";

export function appliesTo(option: Pick<OptionSpec, "commands" | "sync">, command: Command): boolean {
  if (command === "sync") return option.commands === "sync" || option.sync !== undefined;
  return option.commands === "both" || option.commands === command;
}

/** The command takes the option as one of its own: its `--help all` and reference page list it. */
export function listedFor(option: Pick<OptionSpec, "commands" | "sync">, command: Command): boolean {
  return appliesTo(option, command) && !(command === "sync" && option.sync === "refused");
}

/** The row as `command`'s help and reference page tell it: sync's own words where it has them. */
export function toldFor(option: OptionSpec, command: Command): OptionSpec {
  return command === "sync" && option.inSync ? { ...option, ...option.inSync } : option;
}

/** The command's `--help` lists the option (the handful of flags most of its runs need). */
export function inBriefHelp(
  option: Pick<OptionSpec, "commands" | "sync" | "brief">,
  command: Command,
): boolean {
  const brief = option.brief === true || option.brief?.includes(command) === true;
  return brief && listedFor(option, command);
}

/** Raw values by option name, as the user wrote them. Later sources override earlier ones. */
export type RawValues = Record<string, string | undefined>;

/** The variable an option is read from unless its row names another: CONFIG_ROLLOUT_ and its name. */
export function regularEnvOf(name: string): string {
  return `CONFIG_ROLLOUT_${name.toUpperCase().replaceAll("-", "_")}`;
}
