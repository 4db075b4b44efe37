// The settings of each command, derived from the option table (options.ts): one typed field per row
// the command reads, named after the option in camelCase (a duration's with `Ms`: it holds
// milliseconds), required when the row has a default. The few rows read as other fields (`--wait`
// as `wait` and `watchPods`, `--keep` as `prune` and `keep`, ...) are COMPUTED below, each once.
// Adding an option is one row of the table: its field, its type and its parsing follow.

import { UserError } from "../core/errors.js";
import { parseContexts, type Waves } from "../core/fleet.js";
import { parseNamedConfigs } from "../core/named-configs.js";
import { isNamespaceName, NAMESPACE_RULE } from "../core/names.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import type { OutputFormat, Strategy } from "../core/setting-choices.js";
import { ACCEPTED_OPTIONS, deprecationWarnings, replaceDeprecated } from "./deprecated-options.js";
import { appliesTo, type Command, type OptionSpec, type RawValues } from "./option-spec.js";
import { type OPTION_ROWS, OPTIONS, type RELOADER_MODES, type WAIT_MODES } from "./options.js";
import { parseBooleanText, parseOptionValue, splitList } from "./value-spellings.js";

/** How an error names an option: the way the place that set it does (flag, variable or input). */
type Named = Pick<OptionNaming, "option" | "set">;

/** Rows read as other fields than their own: the fields the stages read, declared once. */
const COMPUTED = {
  base: (base: string | undefined, named: Named): { base?: string } => ({
    base: revision("base", base, named),
  }),
  head: (head: string | undefined, named: Named): { head?: string } => ({
    head: revision("head", head, named),
  }),
  /**
   * pathsExplicit: --paths was given a value other than its default. The GitHub Action and the
   * GitLab component always pass their declared default, so "given" is told by the value.
   */
  paths: (paths: string[]) => ({ paths, pathsExplicit: differsFromDefault(paths, "paths") }),
  /**
   * strategyExplicit: some place set --strategy (its row has no default, so the action and the GitLab
   * component pass nothing unless the workflow does): a --plan's strategy applies otherwise.
   */
  strategy: (strategy: Strategy | undefined) => ({
    strategy: strategy ?? "annotation",
    strategyExplicit: strategy !== undefined,
  }),
  /**
   * --namespace, and namespaceFrom: how it was given (the option, as the place that set it names it).
   * Not given: `default`, which the main run replaces with the kubeconfig context's namespace, as
   * kubectl apply does (run/cluster-connection.ts namespaceOfContexts).
   */
  namespace: (namespace: string | undefined, named: Named): { namespace: string; namespaceFrom?: string } =>
    namespace === undefined
      ? { namespace: "default" }
      : { namespace, namespaceFrom: named.option("namespace") },
  /** Kustomization directories to render; [] discovers the roots; ["none"] reads raw files only. */
  kustomize: (values: string[], named: Named) => ({ kustomize: kustomizeDirs(values, named) }),
  /** --keep N keeps N copies of each config and prunes the rest; --keep all prunes nothing. */
  keep: (keep: number | "all"): { prune: boolean; keep: number } =>
    keep === "all" ? { prune: false, keep: 0 } : { prune: true, keep },
  /** wait: --wait is not none; watchPods: --wait pods (fail a workload early when its new pods cannot start). */
  wait: (wait: (typeof WAIT_MODES)[number]) => ({ wait: wait !== "none", watchPods: wait === "pods" }),
  /** --logs: lines of a crashed container's previous log quoted in the report (0: none). */
  logs: (logLines: number) => ({ logLines }),
  /** --context: one name, or several in waves (`a;b,c`: a first, then b and c in parallel). */
  context: (text: string | undefined, named: Named): { context?: string; contexts?: Waves } =>
    text === undefined || !/[;,]/.test(text)
      ? { context: text }
      : { contexts: parseContexts(text, named.option("context")) },
  /** The kubeconfig file and the kubeconfig itself, each with how messages about it name the place that set it. */
  kubeconfig: (kubeconfig: string | undefined, named: Named) => ({
    kubeconfig,
    kubeconfigSetBy: named.option("kubeconfig"),
  }),
  "kubeconfig-data": (kubeconfigData: string | undefined, named: Named) => ({
    kubeconfigData,
    kubeconfigDataSetBy: named.option("kubeconfig-data"),
  }),
  /** sync --config: only the consumers of these configs, `kind/name[:key]`, checked here (named as set). */
  config: (values: string[], named: Named) => ({
    syncConfigs: parseNamedConfigs(values, named.option("config")),
  }),
  /** none: restart what Stakater Reloader manages too; all: Reloader runs with --auto-reload-all. */
  reloader: (mode: (typeof RELOADER_MODES)[number]) => ({
    restartReloaderManaged: mode === "none",
    reloaderAutoReloadAll: mode === "all",
  }),
};

type Row = (typeof OPTION_ROWS)[number];
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type FieldOf<R extends Row> = R["type"] extends "duration" ? `${Camel<R["name"]>}Ms` : Camel<R["name"]>;
type ValueOf<R extends Row> = R extends { type: "boolean" }
  ? boolean
  : R extends { type: "list" }
    ? string[]
    : R extends { type: "duration" }
      ? number
      : R extends { type: "integer"; choices: readonly (infer C)[] }
        ? number | C
        : R extends { type: "integer" }
          ? number
          : R extends { choices: readonly (infer C)[] }
            ? C
            : string;
type Computed = { [N in keyof typeof COMPUTED]: ReturnType<(typeof COMPUTED)[N]> };
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;
/** The fields of some rows: each row's own (optional without a default), or what COMPUTED makes of it. */
type SettingsOf<R extends Row> = {
  [O in Exclude<R, { name: keyof Computed }> as O extends { default: string }
    ? FieldOf<O>
    : never]: ValueOf<O>;
} & {
  [O in Exclude<R, { name: keyof Computed }> as O extends { default: string }
    ? never
    : FieldOf<O>]?: ValueOf<O>;
} & Intersection<Computed[Extract<R["name"], keyof Computed>]>;

/**
 * The rows a command reads. `sync` also takes the CI rows (the comment, the GitLab reports) from the
 * variables and inputs: its report is published as a run's is, though it has no such flags.
 */
type RowsOf<C extends Command> = C extends "sync"
  ? Extract<Row, { commands: "sync" } | { sync: true | "refused" } | { group: "ci" }>
  : Extract<Row, { commands: C | "both" }>;
const rowsOf = (command: Command) =>
  OPTIONS.filter((o) => appliesTo(o, command) || (command === "sync" && o.group === "ci"));

/** The main run's settings (`config-rollout [run]`). */
export type RunSettings = SettingsOf<RowsOf<"run">>;
/** `config-rollout stamp`'s settings. */
export type StampSettings = SettingsOf<RowsOf<"stamp">>;
/** `config-rollout sync`'s settings. */
export type SyncSettings = SettingsOf<RowsOf<"sync">>;
type SettingsFor<C extends Command> = C extends "stamp"
  ? StampSettings
  : C extends "sync"
    ? SyncSettings
    : RunSettings;

/** How a message names an option set through its environment variable (the CLI's, GitLab's). */
export const ENV_VARIABLES: OptionNaming = {
  entryPoint: "cli",
  option: (name) => envOf(name),
  set: (name, value) => `${envOf(name)}=${value}`,
};

function envOf(name: string): string {
  return ACCEPTED_OPTIONS.find((o) => o.name === name)?.env ?? `--${name}`;
}

/** The warnings of a run's old spellings: the variables' first, then those of the flags or inputs. */
export function deprecationWarningsOf(fromEnv: RawValues, given: RawValues, naming: OptionNaming): string[] {
  return [...deprecationWarnings(fromEnv, ENV_VARIABLES), ...deprecationWarnings(given, naming)];
}

/**
 * How each place's values are named in an error: rawValuesFromEnv's by their variables, the action's
 * by their inputs (namedAs); values no place registered are flags.
 */
const NAMING = new WeakMap<RawValues, OptionNaming>();

/** Registers how an error names the values of this place (ACTION_INPUTS for the action's inputs). */
export function namedAs<T extends RawValues>(values: T, naming: OptionNaming): T {
  NAMING.set(values, naming);
  return values;
}

/** Values from environment variables named in the option table. */
export function rawValuesFromEnv(env: Record<string, string | undefined>): RawValues {
  const raw: RawValues = namedAs({}, ENV_VARIABLES);
  for (const option of ACCEPTED_OPTIONS) {
    const value = option.env ? env[option.env] : undefined;
    if (value !== undefined && value !== "") raw[option.name] = value;
  }
  // GitLab's agent for Kubernetes selects its context through KUBE_CONTEXT, unless the old
  // CONFIG_ROLLOUT_CONTEXTS names the contexts itself.
  if (raw.context === undefined && raw.contexts === undefined && env.KUBE_CONTEXT)
    raw.context = env.KUBE_CONTEXT;
  return raw;
}

/** A command's settings from raw strings (a later source wins), every value parsed and checked. */
export function settingsFor<C extends Command>(command: C, ...sources: RawValues[]): SettingsFor<C> {
  const raw: RawValues = {};
  /** How the place each value came from names it (a later flag or input wins, and is named so). */
  const namings = new Map<string, OptionNaming>();
  for (const source of sources) {
    const naming = NAMING.get(source) ?? CLI_FLAGS;
    for (const [key, value] of Object.entries(replaceDeprecated(source, naming))) {
      if (value === undefined) continue;
      raw[key] = value;
      namings.set(key, naming);
    }
  }
  const namingOf = (name: string) => namings.get(name) ?? CLI_FLAGS;
  const named: Named = {
    option: (name) => namingOf(name).option(name),
    set: (name, value) => namingOf(name).set(name, value),
  };
  // Every value given is read and checked, whichever command reads it: one wrong anywhere is an
  // error for every command. The settings hold the command's rows.
  const checked: Record<string, unknown> = {};
  const settings: Record<string, unknown> = {};
  const reads = rowsOf(command);
  for (const row of OPTIONS) {
    const value = parseOptionValue(row, raw[row.name], named.option(row.name));
    const compute = COMPUTED[row.name as keyof typeof COMPUTED] as
      | ((value: unknown, named: Named) => object)
      | undefined;
    const fields = compute ? compute(value, named) : { [fieldOf(row)]: value };
    Object.assign(checked, fields);
    if (reads.includes(row)) Object.assign(settings, fields);
  }
  validateSettings(checked as CheckedValues, named);
  return settings as SettingsFor<C>;
}

/** The main run's settings. */
export const runSettings = (...sources: RawValues[]): RunSettings => settingsFor("run", ...sources);

/**
 * What the report of an error needs before the settings are made (the flags may not parse, a value
 * may be wrong): the format, the GitLab report files and --debug as the flags and variables name them.
 */
export function errorReportSettings(
  flags: RawValues,
  fromEnv: RawValues,
): Pick<RunSettings, "output" | "debug" | "junit" | "dotenv"> {
  const raw = { ...fromEnv, ...flags };
  const output: OutputFormat = raw.output === "json" || raw.output === "markdown" ? raw.output : "text";
  return {
    output,
    debug: parseBooleanText(raw.debug ?? "") === true,
    junit: raw.junit || undefined,
    dotenv: raw.dotenv || undefined,
  };
}

function fieldOf(row: OptionSpec): string {
  const camel = row.name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
  return row.type === "duration" ? `${camel}Ms` : camel;
}

function revision(name: string, value: string | undefined, named: Named): string | undefined {
  if (value?.startsWith("-"))
    throw new UserError(`${named.set(name, value)}: a revision must not start with '-'`);
  return value;
}

/** A list differs from its option's default (same globs in another order count as the default). */
function differsFromDefault(values: string[], name: string): boolean {
  const defaults = splitList(OPTIONS.find((o) => o.name === name)?.default ?? "");
  return values.length !== defaults.length || !defaults.every((value) => values.includes(value));
}

/** --kustomize: "none" alone, or directories (normalised: no "./", no trailing slash). */
function kustomizeDirs(values: string[], named: Named): string[] {
  if (values.includes("none")) {
    if (values.length > 1)
      throw new UserError(`${named.option("kustomize")}: "none" cannot be combined with directories`);
    return ["none"];
  }
  return values.map((value) => {
    const dir = value.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
    if (value.startsWith("/") || dir.split("/").includes("..")) {
      throw new UserError(
        `${named.set("kustomize", value)}: give a directory inside the repository, relative to its root`,
      );
    }
    return dir === "." ? "" : dir;
  });
}

// Checks on values that parse but would only fail, or silently misbehave, once the cluster is
// touched: a namespace the API server would reject (which used to turn into a cluster-wide list), an
// env var name no shell can read, a limit out of range. (A duration's bounds are checked as it is
// read: value-spellings.ts.) `named` names an option as the user set it: its flag, variable or input.
/** What the environment variable set by --strategy env must look like to be readable in a shell. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** The values checked: every row's. */
type CheckedValues = RunSettings & StampSettings & SyncSettings;

function validateSettings(values: CheckedValues, named: Named): void {
  const where = named.option;
  if (values.paths.length === 0) {
    throw new UserError(`${where("paths")}: no globs given (the default is **/*.yaml,**/*.yml,**/*.json)`);
  }
  checkNamespaces(where("namespace"), [values.namespace]);
  checkNamespaces(where("namespaces"), values.namespaces);
  checkNamespaces(where("exclude-namespaces"), values.excludeNamespaces);
  if (!ENV_NAME.test(values.envName)) {
    throw new UserError(
      `${where("env-name")}: ${JSON.stringify(values.envName)} is not a valid environment variable name (letters, digits and "_", not starting with a digit)`,
    );
  }
  if (values.concurrency < 1 || values.concurrency > 64) {
    throw new UserError(`${where("concurrency")}: must be between 1 and 64 (requests in flight at once)`);
  }
  if (values.maxParallelRollouts !== undefined && values.maxParallelRollouts < 1) {
    throw new UserError(
      `${where("max-parallel-rollouts")}: must be at least 1 (workloads rolling out at once), got ${values.maxParallelRollouts}`,
    );
  }
  if (values.logLines < 0 || values.logLines > 200) {
    throw new UserError(
      `${where("logs")}: must be between 0 and 200 (lines of a crashed container's log quoted in the report)`,
    );
  }
  if (values.maxFileSize < 1) throw new UserError(`${where("max-file-size")}: must be at least 1 (bytes)`);
  if (values.bakeMs !== undefined) checkBake(values, named);
  if (values.strategy === "gitops") checkGitops(values, named);
  checkPlanFile(values, named);
}

/** --plan applies a plan file, --plan-out writes one: each for one cluster, and never both. */
function checkPlanFile(values: CheckedValues, named: Named): void {
  const [plan, planOut] = [named.option("plan"), named.option("plan-out")];
  if (values.plan !== undefined) {
    if (values.apply)
      throw new UserError(
        `${named.option("apply")} cannot be used with ${plan}: a plan file holds digests, not the configs' content; apply the manifests first (or in the plan job)`,
      );
    if (values.planOut !== undefined)
      throw new UserError(`${planOut} cannot be used with ${plan}: the plan is already made`);
  }
  if (values.strategy === "gitops" && values.planOut !== undefined) {
    const gitops = named.set("strategy", "gitops");
    throw new UserError(
      `${planOut} cannot be used with ${gitops}: a gitops run writes nothing, so there is no plan to apply; run ${gitops} in each cluster's job (it needs read-only credentials and the checkout)`,
    );
  }
  if (values.contexts && (values.plan !== undefined || values.planOut !== undefined)) {
    throw new UserError(
      `${named.option("context")} with several contexts cannot be used with ${values.plan !== undefined ? plan : planOut}: a plan file is one cluster's plan (its own consumers); run one job per cluster with one context each, or several without a plan file`,
    );
  }
}

/** --bake watches the new pods once a rollout is done: it needs both the wait and the pod watch. */
function checkBake(values: CheckedValues, named: Named): void {
  // The pod watch is off with --wait status (or its deprecated spelling --no-watch-pods, which warns so).
  const without = !values.wait
    ? named.set("wait", "none")
    : !values.watchPods
      ? named.set("wait", "status")
      : undefined;
  const bake = named.option("bake");
  if (without)
    throw new UserError(
      `${bake} watches each rollout's new pods once it is done: drop ${without}, or ${bake}`,
    );
}

/**
 * --strategy gitops runs with read-only credentials: the agent applies the commit, so every option
 * that would write, or look for workloads the repository does not define (no agent stamps those), is refused.
 */
function checkGitops(values: CheckedValues, named: Named): void {
  const refused = [
    values.apply ? `${named.option("apply")} (the agent applies the configs)` : undefined,
    values.dryRun === "server"
      ? `${named.set("dry-run", "server")} (it sends no write to dry-run)`
      : undefined,
    values.rollbackOnFailure === true
      ? `${named.option("rollback-on-failure")} (the agent owns the state: revert the commit in git and it rolls back)`
      : undefined,
    values.discover !== undefined && values.discover !== "repo"
      ? `${named.set("discover", values.discover)} (the agent deploys only what the repository defines)`
      : undefined,
  ].filter((part) => part !== undefined);
  if (refused.length > 0) {
    throw new UserError(
      `${named.set("strategy", "gitops")} writes nothing to the cluster: drop ${refused.join(", ")}`,
    );
  }
}

function checkNamespaces(where: string, names: string[]): void {
  for (const name of names) {
    if (!isNamespaceName(name)) {
      throw new UserError(
        `${where}: ${JSON.stringify(name)} is not a valid namespace name (${NAMESPACE_RULE})`,
      );
    }
  }
}
