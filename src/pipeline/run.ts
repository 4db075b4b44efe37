// The orchestrator: resolve the range, scan the repository, plan, then (with a cluster) sync configs,
// restart and wait. It receives every adapter as an argument, so tests run it against real temp repos
// and the simulated API server, and the CLI and the GitHub Action share it unchanged.

import type { CiKind } from "../ci/ci-kind.js";
import { isFullSha, type RangeInput } from "../ci/range-request.js";
import { resolveRange } from "../ci/resolve-range.js";
import { UserError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import { idKey, type Manifest, type Plan, type PlannedWorkload } from "../core/model.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import { buildPlan } from "../core/plan/build-plan.js";
import { applyGuardRails } from "../core/plan/guard-rails.js";
import { outcomeOf, type RunReport } from "../core/run-result.js";
import { markRollsOnApply, podTemplateChanges } from "../core/sources/rolls-on-apply.js";
import type { SourceWarning } from "../core/sources/source-warning.js";
import { checkVariants, describeVariantConflicts } from "../core/sources/variant-conflicts.js";
import { untrustedHead } from "../core/untrusted-head.js";
import type { Git } from "../git/git.js";
import type { Cluster } from "../kube/kube-client.js";
import type { Settings } from "../settings/settings.js";
import { discoverClusterWorkloads } from "./cluster/discover-cluster.js";
import { rollOutPlan } from "./cluster/roll-out-plan.js";
import { commitOrder, resolveCommits } from "./resolve-commits.js";
import { readConfigsAt } from "./scan/configs-at-head.js";
import { assumedNamespaceNote } from "./scan/namespace-note.js";
import type { RepositoryScan, ScanOptions } from "./scan/scan-model.js";
import { scanRepository } from "./scan/scan-repository.js";
import { unreadSubmodules } from "./scan/unread-submodules.js";
import { chooseRestartStrategy } from "./strategy/choose-strategy.js";
import type { RestartStrategy } from "./strategy/restart-strategy.js";

export interface RunDependencies {
  settings: Settings;
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
}

/**
 * One run, stage by stage. Kept long (about 85 lines) on purpose: it is the pipeline's table of
 * contents, one call per stage in the order they run, and the few values each stage hands the next
 * (commits, scan, cluster workloads, plan) stay visible in one place.
 */
export async function runConfigRollout(deps: RunDependencies): Promise<RunReport> {
  const { settings, git, log } = deps;
  const now = deps.now ?? Date.now;
  const naming = deps.naming ?? CLI_FLAGS;
  const commits = await log.group("Resolve commits", () => resolveRunCommits(deps, naming));
  const emptyPlan: Plan = {
    ...{ base: commits.base ?? "", head: commits.head, rangeNote: commits.note },
    ...{ changes: [], workloads: [], problems: [], warnings: [] },
  };
  if (!commits.base) {
    log.info(commits.note);
    return { plan: emptyPlan, results: [], outcome: "nothing-to-do", dryRun: settings.dryRun };
  }
  const base = commits.base;

  const scanOptions = scanOptionsOf(settings, deps.env ?? process.env, deps.range);
  const scan = await log.group("Find changed configs", () =>
    scanRepository(git, base, commits.head, scanOptions, log),
  );
  // Submodules the range moved: their files are not read (the diff already said which they are).
  const submodules = await unreadSubmodules(git, base, commits.head, scanOptions);
  reportScanProblems(scan, submodules, settings, log);

  const strategy = await chooseRestartStrategy(settings, now);
  // A run that waits for a GitOps agent follows only what the repository defines (all the agent deploys).
  const discover = settings.discover ?? (deps.clusterConfigured && !strategy.awaitsAgent ? "both" : "repo");
  let cluster: Cluster | undefined;
  const connectOnce = async () => {
    cluster ??= await deps.connect();
    if (!cluster) {
      throw new UserError(`no Kubernetes cluster configured: ${noClusterHint(naming)}`);
    }
    return cluster;
  };

  // Added configs too: an existing workload may reference one as optional (and then restarts).
  const modified = scan.changes.filter((c) => c.status !== "deleted");
  const clusterWorkloads =
    discover !== "repo" && modified.length > 0
      ? await log.group("Discover consumers on the cluster", async () =>
          discoverClusterWorkloads(await connectOnce(), namespacesOf(modified), settings.concurrency),
        )
      : [];
  const plannedClusterWorkloads =
    strategy.planningView && clusterWorkloads.length > 0
      ? await strategy.planningView(clusterWorkloads, await connectOnce())
      : clusterWorkloads;
  const plan = planOf(scan, plannedClusterWorkloads, {
    emptyPlan,
    submodules,
    strategy,
    settings,
    naming,
    log,
  });
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  if (toRestart.length === 0 || settings.dryRun === "client")
    return planOnly(
      plan,
      toRestart,
      strategy,
      { headConfigs: scan.headConfigs, head: commits.head },
      settings,
    );

  const live = await connectOnce();
  const { results, notes } = await rollOutPlan(
    live,
    {
      toRestart,
      listed: {
        namespaces: new Set(discover === "repo" ? [] : namespacesOf(modified)),
        objects: clusterWorkloads,
      },
      repoWorkloads: scan.workloads,
      changedConfigs: new Set(modified.map((c) => idKey(c.id))),
      headConfigs: scan.headConfigs,
      readHeadConfigs: (ids) =>
        readConfigsAt(git, commits.head, ids, scan.headConfigs, scanOptions, scan.owned),
      commitOrder: (commit) => commitOrder(git, commit, commits.head, { ci: deps.ci }),
      head: commits.head,
    },
    { strategy, settings, log, now },
  );
  return {
    plan,
    results,
    ...(notes.length > 0 ? { notes } : {}),
    outcome: outcomeOf(plan, results, settings.dryRun),
    cluster: { context: live.context, server: live.server },
    dryRun: settings.dryRun,
  };
}

/** The commits to compare, from the CI environment and the flags (fetching what a shallow clone lacks). */
function resolveRunCommits(deps: RunDependencies, naming: OptionNaming) {
  const request = resolveRange(deps.range, naming);
  // Two full SHAs (a push event's) are diffed while they are verified: the scan asks for the same
  // diff. Should they not resolve (a commit to fetch), the scan diffs what they resolved to.
  if (request.kind === "range" && isFullSha(request.base) && isFullSha(request.head)) {
    deps.git.changedFiles(request.base, request.head).catch(() => {});
  }
  return resolveCommits(request, deps.git, { ci: deps.ci, naming });
}

/** The namespaces of the configs, each once. */
function namespacesOf(configs: Array<{ id: { namespace: string } }>): string[] {
  return [...new Set(configs.map((c) => c.id.namespace))];
}

/** A run that writes nothing (a client dry run, or nothing to restart): the strategy may say what it would do. */
function planOnly(
  plan: Plan,
  toRestart: PlannedWorkload[],
  strategy: RestartStrategy,
  at: { headConfigs: RepositoryScan["headConfigs"]; head: string },
  settings: Settings,
): RunReport {
  const notes =
    toRestart.length > 0
      ? (strategy.planNotes?.({ workloads: toRestart, headConfigs: at.headConfigs, head: at.head }) ?? [])
      : [];
  return {
    plan,
    results: [],
    outcome: outcomeOf(plan, [], settings.dryRun),
    dryRun: settings.dryRun,
    ...(notes.length > 0 ? { notes } : {}),
  };
}

/** What the scan reads: --kustomize DIRS says what this cluster runs, raw files are then read only when --paths says so. */
function scanOptionsOf(
  settings: Settings,
  env: Record<string, string | undefined>,
  range: RangeInput,
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
    },
  };
}

/** Every problem and warning of the scan in the log (located: CI annotates the file); --strict stops on an error. */
function reportScanProblems(
  scan: RepositoryScan,
  submodules: SourceWarning[],
  settings: Settings,
  log: Log,
): void {
  for (const problem of scan.problems) log.warn(problem.message, problem);
  for (const warning of [...scan.sourceWarnings, ...submodules])
    log.warn(warning.message, { file: warning.file });
  const errors = scan.problems.filter((p) => p.severity === "error");
  if (settings.strict && errors.length > 0) {
    const first = errors[0]!;
    throw new UserError(
      `${errors.length} manifest problem(s) under --strict; first: ${first.file}:${first.line}:${first.col}: ${first.message}`,
    );
  }
}

/**
 * The plan: the workloads to restart or skip, each with its reasons, checked against sources that
 * define an object differently and against the guard rails, with every note and warning.
 */
function planOf(
  scan: RepositoryScan,
  plannedClusterWorkloads: Manifest[],
  ctx: {
    emptyPlan: Plan;
    submodules: SourceWarning[];
    strategy: RestartStrategy;
    settings: Settings;
    naming: OptionNaming;
    log: Log;
  },
): Plan {
  const { emptyPlan, submodules, strategy, settings, naming, log } = ctx;
  const built = buildPlan({
    changes: scan.changes,
    workloads: scan.workloads,
    newWorkloadIds: scan.newWorkloadIds,
    clusterWorkloads: plannedClusterWorkloads,
    restartReloaderManaged: settings.restartReloaderManaged,
    templateChanged: podTemplateChanges(scan.baseWorkloads, scan.workloads),
  });
  // Sources that define one object differently stop the run only when the plan depends on which
  // one the cluster runs; checked before anything is written.
  const variantCheck = checkVariants(
    {
      changes: scan.changes,
      headContent: new Map([...scan.headConfigs].map(([key, config]) => [key, config.snapshot.content])),
      workloads: scan.workloads,
      baseWorkloads: scan.baseWorkloads,
      newWorkloadIds: scan.newWorkloadIds,
      clusterWorkloads: plannedClusterWorkloads,
      restartReloaderManaged: settings.restartReloaderManaged,
    },
    scan.variants,
  );
  if (variantCheck.conflicts.length > 0)
    throw new UserError(describeVariantConflicts(variantCheck.conflicts));
  // Located, so CI shows them on the file that deleted the config (a GitHub annotation).
  for (const warning of built.warnings) log.warn(warning.message, warning);
  const planned = withWorkloadSources(
    strategy.followsTemplateChanges
      ? built.workloads
      : markRollsOnApply(built.workloads, scan.baseWorkloads, scan.workloads, scan.changes),
    scan.workloads,
  );
  const guarded = applyGuardRails(planned, { ...settings, naming });
  const namespaceNote = assumedNamespaceNote(scan, planned, settings.namespace);
  if (namespaceNote) log.info(namespaceNote);
  return {
    ...emptyPlan,
    changes: scan.changes,
    workloads: guarded.workloads,
    ...(scan.sourceNotes.length + variantCheck.notes.length > 0
      ? { sources: [...scan.sourceNotes, ...variantCheck.notes] }
      : {}),
    problems: scan.problems,
    warnings: [
      ...[...scan.sourceWarnings, ...submodules].map((w) => `${w.file}: ${w.message}`),
      ...built.warnings.map((w) => `${w.file}:${w.line}: ${w.message}`),
      ...(namespaceNote ? [namespaceNote] : []),
      ...guarded.notes,
    ],
  };
}

/**
 * A rendered workload names its source; a file is blamed only when the workload itself changed (it
 * rolls on apply): otherwise the changed input explains the config, not the workload.
 */
function withWorkloadSources(workloads: PlannedWorkload[], manifests: Manifest[]): PlannedWorkload[] {
  const byKey = new Map(manifests.filter((m) => m.origin !== undefined).map((m) => [idKey(m.id), m]));
  return workloads.map((w) => {
    const m = w.source === "repo" ? byKey.get(idKey(w.id)) : undefined;
    if (m?.origin === undefined) return w;
    return {
      ...w,
      origin: m.origin,
      ...(m.blamedFile && w.rollsOnApply ? { blamedFile: m.blamedFile } : {}),
    };
  });
}

/** What to set when a real run has no cluster: named for the entry point in use. */
function noClusterHint(naming: OptionNaming): string {
  return naming.entryPoint === "cli"
    ? "pass --kubeconfig, set KUBECONFIG or CONFIG_ROLLOUT_KUBECONFIG, or use --dry-run to only print the plan"
    : `set ${naming.option("kubeconfig-data")} (or ${naming.option("kubeconfig")}), or ${naming.set("dry-run", "client")} to only print the plan`;
}
