import { UserError } from "../core/errors.js";
import { parseContexts, type Waves } from "../core/fleet.js";
import type { OptionNaming } from "../core/option-naming.js";
import type { Discover, DryRun, OutputFormat, Strategy } from "../core/setting-choices.js";
import { DEPRECATED_OPTIONS, replaceDeprecated } from "./deprecated-options.js";
import type { RawValues } from "./option-spec.js";
import { OPTIONS, type OptionSpec } from "./options.js";
import { validateSettings } from "./validate-settings.js";
import { parseBooleanText, parseDuration } from "./value-spellings.js";

export type { Discover, DryRun, OutputFormat, Strategy } from "../core/setting-choices.js";

/** Everything a run needs to know, parsed once from flags, environment or action inputs. */
export interface Settings {
  base?: string;
  head?: string;
  repo: string;
  paths: string[];
  /**
   * --paths was given a value other than its default. The GitHub Action and the GitLab component
   * always pass their declared default, so "given" is told by the value, not by its presence.
   */
  pathsExplicit: boolean;
  exclude: string[];
  /** Kustomization directories to render; [] discovers the roots; ["none"] reads raw files only. */
  kustomize: string[];
  render?: string;
  renderPaths: string[];
  /** --git-timeout: a git command printing nothing for this long is stopped. */
  gitTimeoutMs: number;
  /** --render-timeout: per render. */
  renderTimeoutMs: number;
  /** --render-env: variables the --render command gets besides the fixed allowlist. */
  renderEnv: string[];
  /** --allow-remote-kustomize: render remote kustomize entries from an untrusted head. */
  allowRemoteKustomize: boolean;
  namespace: string;
  /** undefined: decided once we know whether a cluster is configured. */
  discover?: Discover;
  strategy: Strategy;
  envName: string;
  /** --strategy versioned: repoint a failed workload back to the config it used before. */
  rollback: boolean;
  /** --strategy versioned: delete unreferenced managed copies after a successful run (--keep is not all). */
  prune: boolean;
  /** --strategy versioned: copies per config a prune always keeps (--keep N). */
  keep: number;
  dryRun: DryRun;
  apply: boolean;
  /** --plan-out: where to write the plan file. */
  planOut?: string;
  /** --plan: the plan file to apply instead of planning from git. */
  plan?: string;
  /** --wait is not none. */
  wait: boolean;
  /** --wait pods: fail a workload early when its new pods cannot start. */
  watchPods: boolean;
  /** --logs: lines of a crashed container's previous log quoted in the report (0: none). */
  logLines: number;
  timeoutMs: number;
  configTimeoutMs: number;
  /** Time limit for an exec credential plugin run. */
  execPluginTimeoutMs: number;
  /** --request-timeout: one Kubernetes API request. */
  requestTimeoutMs: number;
  kubeconfig?: string;
  kubeconfigData?: string;
  context?: string;
  /** --context with several contexts: the waves, each run in parallel; undefined: one cluster. */
  contexts?: Waves;
  /** Several contexts: run later waves even after a cluster failed. */
  continueOnFailure: boolean;
  namespaces: string[];
  excludeNamespaces: string[];
  maxRestarts?: number;
  /** At most this many workloads rolling at once (--max-parallel-rollouts); undefined: all. */
  maxParallelRollouts?: number;
  /** sync: label selector on the workloads checked (--selector). */
  selector?: string;
  /** sync: only the consumers of these configs, `kind/name[:key]` (--config). */
  syncConfigs: string[];
  /** sync: adopt workloads with no baseline (--adopt). */
  adopt: boolean;
  /** Most Kubernetes API requests in flight at once (--concurrency). */
  concurrency: number;
  hashKey?: string;
  /** stamp --check: write nothing, exit 1 when a stamp is missing or stale. */
  check: boolean;
  /** stamp --changed-only: only workloads whose consumed content changed in --base..--head. */
  changedOnly: boolean;
  output: OutputFormat;
  /** Post the plan as the pull/merge request comment (--comment). */
  comment: boolean;
  /** Which comment this run owns (--comment-id); undefined: the CI job's. */
  commentId?: string;
  /** --junit: where to write the result as a JUnit report (GitLab). */
  junit?: string;
  /** --dotenv: where to write the result as a dotenv file (GitLab). */
  dotenv?: string;
  strict: boolean;
  maxFileSize: number;
  /** --reloader none: restart workloads that Stakater Reloader manages too (default: skip them with the reason). */
  restartReloaderManaged: boolean;
  /** --reloader all: the cluster's Reloader runs with --auto-reload-all, managing every workload not opted out. */
  reloaderAutoReloadAll: boolean;
  debug: boolean;
}

export type { RawValues } from "./option-spec.js";

/** How a message names an option set through its environment variable (the CLI's, GitLab's). */
export const ENV_VARIABLES: OptionNaming = {
  entryPoint: "cli",
  option: (name) => envOf(name),
  set: (name, value) => `${envOf(name)}=${value}`,
};

function envOf(name: string): string {
  return [...OPTIONS, ...DEPRECATED_OPTIONS].find((o) => o.name === name)?.env ?? `--${name}`;
}

/** Values from environment variables named in the option table. */
export function rawValuesFromEnv(env: Record<string, string | undefined>): RawValues {
  const raw: RawValues = {};
  for (const option of [...OPTIONS, ...DEPRECATED_OPTIONS]) {
    const value = option.env ? env[option.env] : undefined;
    if (value !== undefined && value !== "") raw[option.name] = value;
  }
  // GitLab's agent for Kubernetes selects its context through KUBE_CONTEXT, unless the old
  // CONFIG_ROLLOUT_CONTEXTS names the contexts itself.
  if (raw.context === undefined && raw.contexts === undefined && env.KUBE_CONTEXT)
    raw.context = env.KUBE_CONTEXT;
  return raw;
}

/**
 * Turn raw strings (highest precedence last) into validated Settings. Long only because it is one
 * object literal, a line per setting: splitting it would scatter the list the option table mirrors.
 */
export function toSettings(...sources: RawValues[]): Settings {
  const raw: RawValues = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(replaceDeprecated(source)))
      if (value !== undefined) raw[key] = value;
  }
  const get = (name: string) => parseOptionValue(requireSpec(name), raw[name]);
  const str = (name: string) => get(name) as string | undefined;
  const list = (name: string) => (get(name) as string[] | undefined) ?? [];
  const bool = (name: string) => get(name) === true;
  const num = (name: string) => get(name) as number | undefined;
  // Options with a default in the table always have a value: the default is written there only.
  const given = <T>(name: string): T => {
    const value = get(name);
    if (value === undefined) throw new Error(`option ${name} has no default in the option table`);
    return value as T;
  };

  for (const ref of ["base", "head"]) {
    const value = str(ref);
    if (value?.startsWith("-")) throw new UserError(`--${ref} ${value}: a revision must not start with '-'`);
  }
  const settings: Settings = {
    base: str("base"),
    head: str("head"),
    repo: given("repo"),
    paths: list("paths"),
    pathsExplicit: isExplicit(list("paths"), "paths"),
    exclude: list("exclude"),
    kustomize: kustomizeDirs(list("kustomize")),
    render: str("render") || undefined,
    renderPaths: list("render-paths"),
    gitTimeoutMs: given("git-timeout"),
    renderTimeoutMs: given("render-timeout"),
    renderEnv: list("render-env"),
    allowRemoteKustomize: bool("allow-remote-kustomize"),
    namespace: given("namespace"),
    discover: str("discover") as Discover | undefined,
    strategy: given<Strategy>("strategy"),
    envName: given("env-name"),
    rollback: bool("rollback"),
    ...keepCopies(given<number | "all">("keep")),
    dryRun: given<DryRun>("dry-run"),
    apply: bool("apply"),
    planOut: str("plan-out") || undefined,
    plan: str("plan") || undefined,
    wait: given("wait") !== "none",
    watchPods: given("wait") === "pods",
    logLines: given("logs"),
    timeoutMs: given("timeout"),
    configTimeoutMs: given("config-timeout"),
    execPluginTimeoutMs: given("exec-plugin-timeout"),
    requestTimeoutMs: given("request-timeout"),
    kubeconfig: str("kubeconfig"),
    kubeconfigData: str("kubeconfig-data"),
    ...contextWaves(str("context")),
    continueOnFailure: bool("continue-on-failure"),
    namespaces: list("namespaces"),
    excludeNamespaces: list("exclude-namespaces"),
    maxRestarts: num("max-restarts"),
    maxParallelRollouts: num("max-parallel-rollouts"),
    ...(str("selector") ? { selector: str("selector") } : {}),
    syncConfigs: list("config"),
    adopt: bool("adopt"),
    concurrency: given("concurrency"),
    hashKey: str("hash-key"),
    check: bool("check"),
    changedOnly: bool("changed-only"),
    output: given<OutputFormat>("output"),
    comment: bool("comment"),
    commentId: str("comment-id") || undefined,
    junit: str("junit") || undefined,
    dotenv: str("dotenv") || undefined,
    strict: bool("strict"),
    maxFileSize: given("max-file-size"),
    restartReloaderManaged: given("reloader") === "none",
    reloaderAutoReloadAll: given("reloader") === "all",
    debug: bool("debug"),
  };
  validateSettings(settings);
  if (settings.plan !== undefined) {
    if (settings.apply)
      throw new UserError(
        "--apply cannot be used with --plan: a plan file holds digests, not the configs' content; apply the manifests first (or in the plan job)",
      );
    if (settings.planOut !== undefined)
      throw new UserError("--plan-out cannot be used with --plan: the plan is already made");
  }
  if (settings.strategy === "gitops" && settings.planOut !== undefined) {
    throw new UserError(
      "--plan-out cannot be used with --strategy gitops: a gitops run writes nothing, so there is no plan to apply; run --strategy gitops in each cluster's job (it needs read-only credentials and the checkout)",
    );
  }
  if (settings.contexts && (settings.plan !== undefined || settings.planOut !== undefined)) {
    throw new UserError(
      `--context with several contexts cannot be used with ${settings.plan !== undefined ? "--plan" : "--plan-out"}: a plan file is one cluster's plan (its own consumers); run one job per cluster with one --context each, or several without a plan file`,
    );
  }
  return settings;
}

/** --context: one name, or several in waves (`a;b,c`: a first, then b and c in parallel). */
function contextWaves(text: string | undefined): { context?: string; contexts?: Waves } {
  if (text === undefined || text === "") return {};
  if (!/[;,]/.test(text)) return { context: text };
  return { contexts: parseContexts(text, "--context") };
}

/** --keep N keeps N copies of each config and prunes the rest; --keep all prunes nothing. */
function keepCopies(keep: number | "all"): { prune: boolean; keep: number } {
  return keep === "all" ? { prune: false, keep: 0 } : { prune: true, keep };
}

/** A list differs from its option's default (same globs in another order count as the default). */
function isExplicit(values: string[], name: string): boolean {
  const defaults = splitList(requireSpec(name).default ?? "");
  return values.length !== defaults.length || !defaults.every((value) => values.includes(value));
}

/** --kustomize: "none" alone, or directories (normalised: no "./", no trailing slash). */
function kustomizeDirs(values: string[]): string[] {
  if (values.includes("none")) {
    if (values.length > 1) throw new UserError(`--kustomize: "none" cannot be combined with directories`);
    return ["none"];
  }
  return values.map((value) => {
    const dir = value.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
    if (value.startsWith("/") || dir.split("/").includes("..")) {
      throw new UserError(
        `--kustomize ${value}: give a directory inside the repository, relative to its root`,
      );
    }
    return dir === "." ? "" : dir;
  });
}

function requireSpec(name: string): OptionSpec {
  const spec = OPTIONS.find((o) => o.name === name);
  if (!spec) throw new Error(`unknown option ${name}`);
  return spec;
}

/** Parse one raw value by its option's type; undefined falls back to the option's default. */
function parseOptionValue(
  spec: OptionSpec,
  rawValue: string | undefined,
): string | string[] | boolean | number | undefined {
  const text = rawValue ?? spec.default;
  if (text === undefined) return undefined;
  const where = `--${spec.name}`;
  switch (spec.type) {
    case "boolean": {
      const value = parseBooleanText(text);
      if (value === undefined) throw new UserError(`${where}: expected true or false, got "${text}"`);
      return value;
    }
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
      return ms;
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
      return spec.secret ? text : value;
    }
  }
}

// Split on commas and newlines, but not on commas inside braces: "k8s/{a,b}/x.yaml" is one glob.
function splitList(text: string): string[] {
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
