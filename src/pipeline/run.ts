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
import { checkVariants, describeVariantConflicts } from "../core/sources/variant-conflicts.js";
import type { Git } from "../git/git.js";
import type { Cluster } from "../kube/kube-client.js";
import { OPTIONS } from "../settings/options.js";
import { credentialVariables, type Settings } from "../settings/settings.js";
import { discoverClusterWorkloads } from "./cluster/discover-cluster.js";
import { rollOutPlan } from "./cluster/roll-out-plan.js";
import { assumedNamespaceNote } from "./namespace-note.js";
import { commitOrder, resolveCommits } from "./resolve-commits.js";
import { readConfigsAt, scanRepository } from "./scan-repository.js";
import { chooseRestartStrategy } from "./strategy/choose-strategy.js";
import { unreadSubmodules } from "./unread-submodules.js";

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

export async function runConfigRollout(deps: RunDependencies): Promise<RunReport> {
  const { settings, git, log } = deps;
  const now = deps.now ?? Date.now;
  const naming = deps.naming ?? CLI_FLAGS;
  const request = resolveRange(deps.range, naming);
  // Two full SHAs (a push event's) are diffed while they are verified: the scan asks for the same
  // diff. Should they not resolve (a commit to fetch), the scan diffs what they resolved to.
  if (request.kind === "range" && isFullSha(request.base) && isFullSha(request.head)) {
    git.changedFiles(request.base, request.head).catch(() => {});
  }
  const commits = await log.group("Resolve commits", () =>
    resolveCommits(request, git, { ci: deps.ci, naming }),
  );
  const emptyPlan: Plan = {
    base: commits.base ?? "",
    head: commits.head,
    rangeNote: commits.note,
    changes: [],
    workloads: [],
    problems: [],
    warnings: [],
  };
  if (!commits.base) {
    log.info(commits.note);
    return { plan: emptyPlan, results: [], outcome: "nothing-to-do", dryRun: settings.dryRun };
  }
  const base = commits.base;

  // --kustomize DIRS says what this cluster runs: raw files too are read only when --paths says so.
  const kustomizeDirs = settings.kustomize.length > 0 && settings.kustomize[0] !== "none";
  const scanOptions = {
    paths: kustomizeDirs && !settings.pathsExplicit ? [] : settings.paths,
    exclude: settings.exclude,
    defaultNamespace: settings.namespace,
    maxFileSize: settings.maxFileSize,
    sources: {
      kustomize: settings.kustomize,
      ...(settings.pathsExplicit ? { paths: settings.paths } : {}),
      ...(settings.render !== undefined ? { render: settings.render } : {}),
      renderPaths: settings.renderPaths,
      secretVariables: credentialVariables(),
      env: deps.env ?? process.env,
    },
  };
  const scan = await log.group("Find changed configs", () =>
    scanRepository(git, base, commits.head, scanOptions, log),
  );
  // Submodules the range moved: their files are not read (the diff already said which they are).
  const submodules = await unreadSubmodules(git, base, commits.head, scanOptions);
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
          discoverClusterWorkloads(
            await connectOnce(),
            [...new Set(modified.map((c) => c.id.namespace))],
            settings.concurrency,
          ),
        )
      : [];
  const plannedClusterWorkloads =
    strategy.planningView && clusterWorkloads.length > 0
      ? await strategy.planningView(clusterWorkloads, await connectOnce())
      : clusterWorkloads;
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
  const plan: Plan = {
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
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  if (toRestart.length === 0 || settings.dryRun === "client") {
    const notes =
      toRestart.length > 0
        ? (strategy.planNotes?.({
            workloads: toRestart,
            headConfigs: scan.headConfigs,
            head: commits.head,
          }) ?? [])
        : [];
    return {
      plan,
      results: [],
      outcome: outcomeOf(plan, [], settings.dryRun),
      dryRun: settings.dryRun,
      ...(notes.length > 0 ? { notes } : {}),
    };
  }

  const live = await connectOnce();
  const { results, notes } = await rollOutPlan(
    live,
    {
      toRestart,
      listed: {
        namespaces: new Set(discover === "repo" ? [] : modified.map((c) => c.id.namespace)),
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
