// What the two phases of a run hand each other: the plan made once from git (run/plan.ts), and what
// applying it to one cluster needs (run/apply.ts, run/apply-saved-plan.ts).
import type { CommitOrder } from "../core/commit-sha.js";
import type { Log } from "../core/log.js";
import type { HeadConfig, Manifest, ObjectId, Plan } from "../core/model.js";
import type { OptionNaming } from "../core/option-naming.js";
import type { Cluster } from "../kube/cluster.js";
import type { RestartStrategy } from "../rollout/strategy/restart-strategy.js";
import type { RepositoryScan } from "../scan/scan-model.js";
import type { RunSettings } from "../settings/settings.js";
import { unreadSourcesOf } from "./unread-sources.js";

/** What the repository says, made once per run: everything applying to a cluster needs. */
export interface RepoPlan {
  base: string;
  head: string;
  /** How the range was chosen, e.g. "GitHub push: before..after". */
  rangeNote: string;
  scan: RepositoryScan;
  /** Lines for the plan's warnings found while scanning (sources not read, submodules). */
  scanWarnings: string[];
  /** Reads more configs committed at head (the annotation hash covers unchanged consumed configs too). */
  readHeadConfigs(ids: ObjectId[]): Promise<Map<string, HeadConfig>>;
  /** Where a commit stands relative to head in git's history. */
  commitOrder(commit: string): Promise<CommitOrder>;
}

/** One cluster to apply to: opened lazily, at most once. */
export interface ClusterAccess {
  connect: () => Promise<Cluster | undefined>;
  /** Whether a cluster is configured at all (decides the default of --discover without connecting). */
  configured: boolean;
}

export interface ApplyContext {
  settings: RunSettings;
  log: Log;
  naming?: OptionNaming;
  now?: () => number;
  /** Called with the completed plan before anything is written (--plan-out); no strategy: a plan of nothing. */
  onPlan?: (plan: Plan, clusterWorkloads: Manifest[], strategy?: RestartStrategy) => Promise<void>;
  /** Aborted when a fleet gives this cluster up at --timeout: from then on nothing is written to it. */
  stop?: AbortSignal;
}

/**
 * The plan of a scanned range, put together in one place (a plan of nothing and a completed one
 * alike): the scan's problems, its warnings first, its source notes first.
 */
export function planOfScan(
  repoPlan: RepoPlan,
  parts: { changes: Plan["changes"]; workloads: Plan["workloads"]; sources: string[]; warnings: string[] },
): Plan {
  const sources = [...repoPlan.scan.sourceNotes, ...parts.sources];
  const unread = unreadSourcesOf(repoPlan.scan.problems, repoPlan.scan.sourceWarnings);
  return {
    ...emptyPlanOf({ base: repoPlan.base, head: repoPlan.head, note: repoPlan.rangeNote }),
    changes: parts.changes,
    workloads: parts.workloads,
    ...(sources.length > 0 ? { sources } : {}),
    ...(repoPlan.scan.skippedRenders ? { skippedRenders: repoPlan.scan.skippedRenders } : {}),
    problems: repoPlan.scan.problems,
    warnings: [...repoPlan.scanWarnings, ...parts.warnings],
    ...(unread.length > 0 ? { unread } : {}),
  };
}

/** The plan of a range with nothing to compare (no base): the report says why. */
export function emptyPlanOf(range: { base?: string; head: string; note: string }): Plan {
  return {
    base: range.base ?? "",
    head: range.head,
    rangeNote: range.note,
    changes: [],
    workloads: [],
    problems: [],
    warnings: [],
  };
}

/** What to set when a real run has no cluster: named for the entry point in use. */
export function noClusterHint(naming: OptionNaming): string {
  return naming.entryPoint === "cli"
    ? "pass --kubeconfig, set KUBECONFIG or CONFIG_ROLLOUT_KUBECONFIG, or use --dry-run to only print the plan"
    : `set ${naming.option("kubeconfig-data")} (or ${naming.option("kubeconfig")}), or ${naming.set("dry-run", "client")} to only print the plan`;
}
