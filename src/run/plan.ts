// The main run's two phases: plan once (resolve the range, scan the repository, render:
// planRepository), then apply that plan to the cluster (apply.ts: discover, verify the live
// configs, check permissions, restart and wait); planAndApply does both. It receives every adapter
// as an argument, so tests run it against real temp repos and the simulated API server, and both
// entry points reach it through commands.ts.

import { UserError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import type { Manifest, Plan } from "../core/model.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import type { RunReport } from "../core/run-result.js";
import type { Git } from "../git/git.js";
import type { Cluster } from "../kube/cluster.js";
import { describeOversized, oversizedConfigs } from "../plan/config-size.js";
import type { PlanDocument } from "../plan/plan-document.js";
import { emptyPlanOf, type RepoPlan } from "../plan/repo-plan.js";
import { describeUnread, unreadSourcesOf } from "../plan/unread-sources.js";
import { type CiKind, inCiJob } from "../range/ci-kind.js";
import type { RangeInput } from "../range/range-request.js";
import { commitOrder, resolveCommits } from "../range/resolve-commits.js";
import { resolveRange } from "../range/resolve-range.js";
import { untrustedHead } from "../range/untrusted-head.js";
import type { RestartStrategy } from "../rollout/strategy/restart-strategy.js";
import { readConfigsAt } from "../scan/configs-at-head.js";
import { globMatcher } from "../scan/glob-matcher.js";
import type { RepositoryScan, ScanOptions } from "../scan/scan-model.js";
import { scanRepository } from "../scan/scan-repository.js";
import type { RunSettings } from "../settings/settings.js";
import { applyPlanToCluster } from "./apply.js";

export interface RunDependencies {
  settings: RunSettings;
  range: RangeInput;
  /** Which CI we run in: decides the hint when a shallow clone lacks history. */
  ci: CiKind;
  git: Git;
  /** Connects to the configured cluster; undefined when none is configured. Called at most once, lazily. */
  connect: () => Promise<Cluster | undefined>;
  /** Whether a cluster is configured at all (decides the default of --discover without connecting). */
  clusterConfigured: boolean;
  log: Log;
  /** How messages name options: CLI flags (default) or the action's inputs. */
  naming?: OptionNaming;
  /** The job's environment, for the processes the run starts (renderers); default: this process's. */
  env?: Record<string, string | undefined>;
  now?: () => number;
  /** --plan-out: called with the plan file, before anything is written to the cluster. */
  planOut?: PlanWriter;
}

export type PlanWriter = (document: PlanDocument) => Promise<void>;

export async function planAndApply(deps: RunDependencies): Promise<RunReport> {
  const planned = await planRepository(deps);
  if (planned.kind === "no-range") {
    // Nothing to compare: the plan file says so (no workload), so the jobs that apply it have one.
    if (deps.planOut) {
      // Loaded only for --plan-out: the plan file is sealed with node:crypto.
      const { emptyPlanDocument, planStrategyOf } = await import("../plan/plan-document.js");
      await deps.planOut(emptyPlanDocument(planned.report.plan.head, planStrategyOf(deps.settings.strategy)));
    }
    return planned.report;
  }
  return applyPlanToCluster(
    planned.plan,
    { connect: deps.connect, configured: deps.clusterConfigured },
    {
      settings: deps.settings,
      log: deps.log,
      ...(deps.naming ? { naming: deps.naming } : {}),
      ...(deps.now ? { now: deps.now } : {}),
      ...(deps.planOut
        ? { onPlan: planFileWriter(planned.plan, deps.settings, deps.planOut, deps.naming ?? CLI_FLAGS) }
        : {}),
    },
  );
}

/** Turns the completed plan into the plan file (loaded only then: it hashes with node:crypto). */
function planFileWriter(repoPlan: RepoPlan, settings: RunSettings, write: PlanWriter, naming: OptionNaming) {
  return async (plan: Plan, clusterWorkloads: Manifest[], strategy?: RestartStrategy) => {
    const { makePlanDocument } = await import("../plan/plan-out.js");
    await write(await makePlanDocument(repoPlan, plan, clusterWorkloads, strategy, settings, naming));
  };
}

/** The plan made once: what the repository says changed between the two commits, and what reads it. */
type PlannedRepository = { kind: "planned"; plan: RepoPlan } | { kind: "no-range"; report: RunReport };

/** Phase one: git, scan and render, no cluster. Stops on bad input (--strict) before any request. */
export async function planRepository(
  deps: Pick<RunDependencies, "settings" | "range" | "ci" | "git" | "log" | "naming" | "env">,
): Promise<PlannedRepository> {
  const { settings, git, log } = deps;
  const naming = deps.naming ?? CLI_FLAGS;
  const commits = await log.group("Resolve commits", () => resolveRunCommits(deps, naming));
  if (!commits.base) {
    log.info(commits.note);
    const plan = emptyPlanOf(commits);
    return {
      kind: "no-range",
      report: { plan, results: [], outcome: "nothing-to-do", dryRun: settings.dryRun },
    };
  }
  const base = commits.base;

  const env = deps.env ?? process.env;
  const scanOptions = scanOptionsOf(settings, env, deps.range, naming);
  // Outside CI, beside the scan: edits not committed are not in a plan of commits (a note says so).
  const uncommitted = !inCiJob(env)
    ? uncommittedEditsNote(git, commits.head, settings).catch(() => undefined)
    : undefined;
  const scan = await log.group("Find changed configs", () =>
    scanRepository(git, base, commits.head, scanOptions, log),
  );
  reportScanProblems(scan, settings, log);
  const oversized = checkConfigSizes(scan, settings, log, naming);
  const uncommittedNote = await uncommitted;
  if (uncommittedNote) log.warn(uncommittedNote);
  return {
    kind: "planned",
    plan: {
      base,
      head: commits.head,
      rangeNote: commits.note,
      scan,
      scanWarnings: [
        ...scan.sourceWarnings.map((w) => `${w.file}: ${w.message}`),
        ...oversized,
        ...(uncommittedNote ? [uncommittedNote] : []),
      ],
      readHeadConfigs: async (ids) =>
        readConfigsAt(git, commits.head, ids, scan.headConfigs, scanOptions, scan.owned, scan.deployedDirs),
      commitOrder: (commit) => commitOrder(git, commit, commits.head, { ci: deps.ci }),
    },
  };
}

/** The commits to compare, from the CI environment and the flags (fetching what a shallow clone lacks). */
function resolveRunCommits(deps: Pick<RunDependencies, "range" | "git" | "ci">, naming: OptionNaming) {
  const request = resolveRange(deps.range, naming);
  return resolveCommits(request, deps.git, { ci: deps.ci, naming });
}

/** What the scan reads: --kustomize DIRS says what this cluster runs, raw files are then read only when --paths says so. */
function scanOptionsOf(
  settings: RunSettings,
  env: Record<string, string | undefined>,
  range: RangeInput,
  naming: OptionNaming,
): ScanOptions {
  const kustomizeDirs = settings.kustomize.length > 0 && settings.kustomize[0] !== "none";
  return {
    paths: kustomizeDirs && !settings.pathsExplicit ? [] : settings.paths,
    exclude: settings.exclude,
    defaultNamespace: settings.namespace,
    maxFileSize: settings.maxFileSize,
    sources: {
      kustomize: settings.kustomize,
      ...(settings.pathsExplicit ? { paths: settings.paths } : {}),
      ...(settings.render !== undefined ? { render: settings.render } : {}),
      renderPaths: settings.renderPaths,
      renderEnv: settings.renderEnv,
      timeoutMs: settings.renderTimeoutMs,
      maxOutputBytes: settings.maxFileSize,
      entryRules: {
        untrustedHead: untrustedHead(range.env, range.event),
        allowRemote: settings.allowRemoteKustomize,
      },
      env,
      naming,
    },
  };
}

/**
 * Every problem and warning of the scan in the log (located: CI annotates the file); --strict stops
 * on an error or a duplicate key, and on anything the range touched that was not read (an incomplete plan).
 */
function reportScanProblems(scan: RepositoryScan, settings: RunSettings, log: Log): void {
  for (const problem of scan.problems) log.warn(problem.message, problem);
  for (const warning of scan.sourceWarnings) log.warn(warning.message, { file: warning.file });
  // A duplicate key is read (kubectl applies the last value) but is a mistake kustomize rejects:
  // under --strict it stops the run like an error.
  const errors = scan.problems.filter((p) => p.severity === "error" || p.duplicateKey);
  if (settings.strict && errors.length > 0) {
    const first = errors[0]!;
    throw new UserError(
      `${errors.length} manifest problem(s) under --strict; first: ${first.file}:${first.line}:${first.col}: ${first.message}`,
    );
  }
  const unread = unreadSourcesOf(scan.problems, scan.sourceWarnings);
  if (settings.strict && unread.length > 0) {
    throw new UserError(
      `incomplete plan under --strict: ${unread.length} touched source(s) not read: ${describeUnread(unread)} (each is explained in a warning above)`,
    );
  }
}

/**
 * A config over the API server's size limit can never be applied: --apply refuses the run before
 * any request; otherwise each is a located warning (and a plan warning) for whoever applies it.
 */
function checkConfigSizes(
  scan: RepositoryScan,
  settings: RunSettings,
  log: Log,
  naming: OptionNaming,
): string[] {
  const oversized = oversizedConfigs(scan);
  // --apply writes the configs; the versioned strategy writes a copy of each changed one.
  const writer = settings.apply
    ? naming.option("apply")
    : settings.strategy === "versioned" && settings.dryRun !== "client"
      ? naming.set("strategy", "versioned")
      : undefined;
  if (oversized.length > 0 && writer !== undefined) {
    const them = oversized.length === 1 ? "it" : "them";
    throw new UserError(
      `${oversized.map((c) => `${c.file}:${c.line}: ${describeOversized(c)}`).join("; ")}: the API server would refuse ${them}, so ${writer} wrote nothing and restarted nothing; split the data over several configs or shrink ${them}`,
    );
  }
  return oversized.map((config) => {
    const message = `${describeOversized(config)}: the API server will refuse to apply it`;
    log.warn(message, { file: config.file, line: config.line });
    return `${config.file}:${config.line}: ${message}`;
  });
}

// A run compares two commits. Run by hand in a work tree whose manifests were edited and not
// committed, it would say "Nothing changed" of edits the user is looking at: when the head commit
// is HEAD and tracked files a plan reads differ from it, the plan says so. Asked only outside CI
// (a CI checkout has no edits), beside the scan, with one `git status`.

const MAX_NAMED = 5;
const KUSTOMIZATION = /(^|\/)(kustomization\.ya?ml|Kustomization)$/;

/** The note, or undefined when the work tree holds no uncommitted edit to a file the plan reads. */
async function uncommittedEditsNote(
  git: Git,
  head: string,
  options: { paths: readonly string[]; exclude: readonly string[] },
): Promise<string | undefined> {
  if (!git.uncommittedPaths || (await git.tryResolveCommit("HEAD")) !== head) return undefined;
  const edited = await git.uncommittedPaths();
  if (edited.length === 0) return undefined;
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true }),
  ]);
  const read = edited.filter((path) => (include(path) || KUSTOMIZATION.test(path)) && !exclude(path)).sort();
  if (read.length === 0) return undefined;
  const more = read.length > MAX_NAMED ? ` and ${read.length - MAX_NAMED} more` : "";
  return `the work tree has uncommitted edits to ${read.length} file(s) this plan reads (${read.slice(0, MAX_NAMED).join(", ")}${more}): the plan compares commits, so they are not in it; commit them to plan from them`;
}
