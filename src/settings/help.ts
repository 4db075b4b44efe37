// The help a person reads: `config-rollout --help` names the commands (at most 60 lines), and each
// command's `--help` fits one screen (at most 40 lines): the handful of flags most runs need (the
// table's `brief` rows), in the groups' order, one or two lines each. `--help all` lists every flag of the
// command the same way; the whole story of each is in the reference pages (docs/reference/),
// generated from the same table.
import { CLI_FLAGS } from "../core/option-naming.js";
import { spellOptions } from "./describe-option.js";
import {
  type Command,
  inBriefHelp,
  listedFor,
  OPTION_GROUPS,
  type OptionGroup,
  type OptionSpec,
  regularEnvOf,
  toldFor,
} from "./option-spec.js";
import { OPTIONS } from "./options.js";

/** The `--help` headings, by the table's `group`. */
export const GROUP_TITLES: Record<OptionGroup, string> = {
  basics: "Basics",
  sources: "Sources (which files and renders are read)",
  cluster: "Cluster (where, and which workloads)",
  strategy: "Strategy (how workloads restart, and the wait)",
  output: "Output",
  limits: "Limits (time, size, load)",
  ci: "CI",
};

/** Where a flag's summary starts: the longest flag with its placeholder fits before it. */
const SUMMARY_COLUMN = 38;

interface CommandHelp {
  /** One line in the top-level help's list of commands. */
  oneLine: string;
  title: string;
  usage: string;
  /** Pairs of a comment and a command line. */
  examples: Array<[string, string]>;
  about: string[];
  exitCodes: string[];
}

export const COMMAND_HELP: Record<Command, CommandHelp> = {
  run: {
    oneLine: "(the default) diff two commits, restart what reads a changed config, wait",
    title: "config-rollout run — restart exactly the workloads whose configs changed between two commits",
    usage: "config-rollout [run] [flags]",
    examples: [
      ["What the last commit would restart and why, touching nothing", "config-rollout --dry-run"],
      [
        "Restart what a push changed and wait for the rollouts",
        "config-rollout --base $BEFORE_SHA --head $AFTER_SHA --context prod",
      ],
      [
        "Several clusters in waves: staging first, then both regions",
        "config-rollout --context 'staging;eu,us'",
      ],
    ],
    about: [
      "Compares two commits, finds the ConfigMaps and Secrets whose content changed (raw YAML, kustomize,",
      "Helm, any --render command), restarts the Deployments, StatefulSets, DaemonSets and Argo Rollouts",
      "that read a changed key, and waits for each rollout. In CI the commits come from the event.",
    ],
    exitCodes: [
      "0  every rollout finished, nothing had to restart, or a dry run",
      "1  a rollout failed or timed out, or an internal error (rerun with --debug)",
      "2  bad input or configuration, found before the first write to the cluster",
    ],
  },
  stamp: {
    oneLine: "write the config hash into the manifests, for Argo CD and Flux (no cluster)",
    title: "config-rollout stamp — write config-rollout.io/config-hash into your manifests (GitOps)",
    usage: "config-rollout stamp [flags]",
    examples: [
      ["Stamp the work tree, then commit the result", "config-rollout stamp"],
      [
        "In a merge request: fail when a stamp is missing or stale, write nothing",
        "config-rollout stamp --check",
      ],
      [
        "Adopt stamps without rolling every workload once",
        "config-rollout stamp --changed-only --base origin/main",
      ],
    ],
    about: [
      "Sets the pod-template annotation config-rollout.io/config-hash of every workload that reads a",
      "ConfigMap or Secret of the repository to a hash of exactly what it reads: minimal edits of raw",
      "files, a config-rollout-stamp.yaml patch per root kustomization. No cluster; idempotent.",
    ],
    exitCodes: [
      "0  stamps written, or (--check) every stamp is current",
      "1  --check: a stamp is missing or stale (the report names each and the command that fixes it)",
      "2  bad input, checked before anything is written (with --check or --strict: a file that does",
      "   not parse or a kustomization that does not build)",
    ],
  },
  sync: {
    oneLine: "restart what runs config the cluster no longer holds (live state, no git)",
    title: "config-rollout sync — restart the workloads whose pods run config the cluster no longer holds",
    usage: "config-rollout sync [flags]",
    examples: [
      ["What is stale: which config, which keys it reads", "config-rollout sync --dry-run"],
      [
        "Restart the stale workloads of two namespaces and wait",
        "config-rollout sync --namespaces shop,payments",
      ],
      ["After a rotation: only the readers of that key", "config-rollout sync --config secret/db:password"],
    ],
    about: [
      "Hashes what each workload in scope reads of the live ConfigMaps and Secrets (key-precise) and",
      "compares it with the config hash on its pod template; restarts those that differ and waits.",
      "A workload config-rollout never restarted has no baseline: reported, adopted with --adopt.",
    ],
    exitCodes: [
      "0  every restart rolled out, or nothing was stale",
      "1  a rollout failed or timed out",
      "2  bad input or configuration (flags, --config, kubeconfig, RBAC)",
    ],
  },
};

/** `config-rollout --help`: the commands, a few examples, how values are written. */
export function helpText(): string {
  const commands = Object.entries(COMMAND_HELP).map(([name, help]) => `  ${name.padEnd(7)}${help.oneLine}`);
  const lines = [
    "config-rollout — restart exactly the Kubernetes workloads whose ConfigMaps or Secrets changed",
    "",
    "Usage: config-rollout [command] [flags]",
    "",
    "Commands:",
    ...commands,
    "",
    "A command's main flags, examples and exit codes: config-rollout <command> --help",
    "Every flag of a command: config-rollout <command> --help all",
    "",
    "Examples:",
    ...examples([
      COMMAND_HELP.run.examples[0]!,
      COMMAND_HELP.run.examples[1]!,
      COMMAND_HELP.stamp.examples[1]!,
      COMMAND_HELP.sync.examples[0]!,
    ]),
    "",
    ...VALUES,
    "",
    "Exit codes:",
    "  0  done: every rollout finished, nothing to do, or a dry run",
    "  1  a rollout failed or timed out (stamp --check: a stamp is stale), or an internal error",
    "  2  bad input or configuration, found before anything was written",
    "",
    "  -h, --help       this help; config-rollout <command> --help for a command's",
    "  -V, --version    the version",
    "",
    "Docs: docs/reference.md (every flag, input and variable) and README.md (quick starts).",
  ];
  return `${lines.join("\n")}\n`;
}

/** How values are written, the same for flags, variables and inputs (value-spellings.ts). */
const VALUES = [
  "Every flag also reads a variable, CONFIG_ROLLOUT_<FLAG> (CONFIG_ROLLOUT_DRY_RUN=client); the flag",
  "wins. Booleans are true or false (--flag, --no-flag); --dry-run and --wait alone mean client and",
  "pods; durations need a unit (90s, 5m, 1h30m); lists are comma or newline separated.",
];

/**
 * `config-rollout <command> --help`: the flags most of its runs need, grouped; with `all`
 * (`--help all`), every flag it takes.
 */
export function commandHelpText(command: Command, all = false): string {
  const help = COMMAND_HELP[command];
  const flags = OPTIONS.filter((o) => listedFor(o, command)).map((o) => toldFor(o, command));
  const shown = all ? flags : flags.filter((o) => inBriefHelp(o, command));
  const lines = [
    help.title,
    "",
    `Usage: ${help.usage}`,
    "",
    "Examples:",
    ...examples(help.examples),
    "",
    ...help.about,
    ...flagSections(shown, all),
    ...(all
      ? ["", "Help:", `${"  -h, --help [all]".padEnd(SUMMARY_COLUMN)}the main flags; all: every flag`]
      : []),
    "",
    "Exit codes:",
    ...help.exitCodes.map((line) => `  ${line}`),
    "",
    all
      ? `Each flag in full: docs/reference/${command}.md. How values are written: config-rollout --help.`
      : `All ${flags.length} flags: config-rollout ${command} --help all, or docs/reference/${command}.md.`,
  ];
  return `${lines.join("\n")}\n`;
}

function examples(pairs: ReadonlyArray<[string, string]>): string[] {
  return pairs.flatMap(([comment, command]) => [`  # ${comment}`, `  ${command}`]);
}

/**
 * The flags in the groups' order, in the table's order within each group: under the group headings
 * for every flag (`--help all`); under one heading for the handful of `--help`, a heading a flag
 * or two each would cost it its one screen.
 */
function flagSections(flags: readonly OptionSpec[], headings: boolean): string[] {
  const lines: string[] = headings ? [] : ["", "Main flags:"];
  for (const group of OPTION_GROUPS) {
    const options = flags.filter((o) => o.group === group);
    if (options.length === 0) continue;
    if (headings) lines.push("", `${GROUP_TITLES[group]}:`);
    for (const option of options) lines.push(...flagLines(option));
  }
  return lines;
}

/** One or two lines: the flag and its summary, then its default and an unusual variable. */
function flagLines(option: OptionSpec): string[] {
  const names = `${option.short ? `-${option.short}, ` : "    "}--${option.name}`;
  const value =
    option.type === "boolean" ? "" : ` ${option.placeholder ?? option.choices?.join("|") ?? "VALUE"}`;
  const flag = `  ${names}${value}`;
  const gap = flag.length < SUMMARY_COLUMN ? " ".repeat(SUMMARY_COLUMN - flag.length) : "  ";
  const lines = [`${flag}${gap}${spellOptions(option.summary, CLI_FLAGS)}`];
  const facts = [
    // A boolean or a switch is off unless said otherwise: only an on default is news.
    option.default !== undefined &&
    option.default !== "" &&
    !(option.type === "boolean" && option.default === "false") &&
    option.default !== option.switch?.off
      ? `default ${option.default}`
      : undefined,
    option.env && option.env !== regularEnvOf(option.name) ? `variable ${option.env}` : undefined,
  ].filter(Boolean);
  if (facts.length > 0) lines.push(`${" ".repeat(SUMMARY_COLUMN)}${facts.join(" · ")}`);
  return lines;
}
