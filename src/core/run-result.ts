import { EXIT_FAILED, EXIT_OK } from "./errors.js";
import type { PodCause } from "./kinds/pod-verdict.js";
import { idKey, type ObjectId, type Plan } from "./model.js";
import type { DryRun } from "./setting-choices.js";

/** What happened to one planned restart on the cluster. */
export type RestartOutcome =
  | "restarted"
  | "unchanged"
  | "paused"
  | "dry-run"
  | "failed"
  /** The workload is planned from the repository but this cluster does not run it (another environment). */
  | "not-on-cluster"
  /** --strategy gitops: the agent applied the commit (the live pod template carries its hash); the rollout is judged. */
  | "agent-applied"
  /** --strategy gitops: the live pod template never carried the commit's hash within --timeout. */
  | "agent-not-applied"
  /** Its wave (config-rollout.io/wave) came after one that failed: nothing was sent for it. */
  | "not-started";
/** How its rollout ended (when waited on). */
type RolloutOutcome =
  | "done"
  | "paused"
  | "failed"
  | "timeout"
  | "not-waitable"
  | "deleted"
  | "not-waited"
  /**
   * --rollback-on-failure: the change failed (this rollout, or another workload reading a config it
   * reads) and the workload was rolled back to what it ran before the run; that rollback rolled out.
   */
  | "rolled-back";

export interface WorkloadResult {
  id: ObjectId;
  restart: RestartOutcome;
  rollout?: RolloutOutcome;
  message: string;
  durationMs?: number;
  /** The new pod that could not start and failed the rollout early: pod, container, reason, events, log. */
  cause?: PodCause;
  /** --rollback-on-failure: how its rollback was sent and ended (`rollout` is then "rolled-back" when it rolled out). */
  rollback?: { restart: RestartOutcome; rollout?: RolloutOutcome; message: string };
}

/** --rollback-on-failure, in-place strategies: what became of one changed config a failed workload reads. */
export interface RestoredConfig {
  id: ObjectId;
  /**
   * restored: written back to the base commit's content; unchanged: it held that already; refused:
   * the write was refused (RBAC, immutable, a conflict), the message says what to run by hand;
   * not-restorable: the base commit's content is not known (added by the change, deleted, …).
   */
  result: "restored" | "unchanged" | "refused" | "not-restorable";
  message: string;
  /**
   * The workloads rolled back because they read it. While the run goes on: those to roll back; in
   * the report: those whose rollback rolled out (result "rolled-back"), the others in
   * rollbackNotRolledOut or notRolledBack.
   */
  readers: ObjectId[];
  /**
   * Readers whose rollback patch was written (their template is back) and whose rollout did not
   * finish: interrupted, timed out, failed (each result says how).
   */
  rollbackNotRolledOut?: ObjectId[];
  /** Readers whose rollback was refused, not applied or never sent (each result says why). */
  notRolledBack?: ObjectId[];
}

/**
 * The overall result, as the action's `result` output names it. `incomplete`: something the range
 * touched was not read (`plan.unread`); what was planned from the rest was done all the same.
 */
export type Outcome = "restarted" | "nothing-to-do" | "failed" | "planned" | "incomplete";

/** How the report is printed (--output). */

export interface RunReport {
  plan: Plan;
  results: WorkloadResult[];
  outcome: Outcome;
  /** Context the run talked to, when it did. */
  cluster?: { context: string; server: string };
  dryRun: DryRun;
  /** What the strategy adds beyond each workload's result (versioned: copies a dry run would create, copies pruned). */
  notes?: string[];
  /** --rollback-on-failure, in-place strategies: the changed configs put back (or not) after a failure. */
  restores?: RestoredConfig[];
  /** A --contexts run: one entry per cluster, in the order given (the plan above is the repository's). */
  clusters?: ClusterReport[];
}

/** One cluster of a --contexts run. */
export interface ClusterReport {
  context: string;
  /** 1-based wave the cluster belongs to. */
  wave: number;
  /** The cluster's outcome; "error" when its run stopped on an error, "skipped" when it never ran. */
  outcome: Outcome | "error" | "skipped";
  exitCode: number;
  /** Its run (the plan with this cluster's own consumers, and the results), when it got that far. */
  report?: RunReport;
  /** Why it was skipped, or the error that stopped it. */
  message?: string;
}

/** The exit code of a finished run: a --contexts run's is the worst of its clusters'. */
export function exitCodeOf(report: RunReport): number {
  if (report.clusters) return Math.max(EXIT_OK, ...report.clusters.map((c) => c.exitCode));
  return report.outcome === "failed" ? EXIT_FAILED : EXIT_OK;
}

/** A restart that failed, or a rollout that failed, timed out, lost its workload or was rolled back (the change did not land). */
export function isFailure(result: WorkloadResult): boolean {
  return (
    result.restart === "failed" || result.restart === "agent-not-applied" || isFailureOutcome(result.rollout)
  );
}

/** Each restarted workload's result by idKey (the first, should one be reported twice). */
export function resultsByWorkload(report: Pick<RunReport, "results">): Map<string, WorkloadResult> {
  const results = new Map<string, WorkloadResult>();
  for (const result of report.results)
    if (!results.has(idKey(result.id))) results.set(idKey(result.id), result);
  return results;
}

const FAILED_ROLLOUTS = ["failed", "timeout", "deleted", "rolled-back"] as const;

/** A rollout that failed, timed out, lost its workload or was rolled back: the change did not land. */
export function isFailureOutcome(
  rollout: RolloutOutcome | undefined,
): rollout is (typeof FAILED_ROLLOUTS)[number] {
  return (FAILED_ROLLOUTS as readonly (string | undefined)[]).includes(rollout);
}

/**
 * The report of a plan on one cluster: its results and notes, and the cluster when it was written
 * to (a dry run or a plan with nothing to restart has no results and no cluster).
 */
export function reportOf(
  plan: Plan,
  rolledOut: { results: WorkloadResult[]; notes: readonly string[]; restores?: RestoredConfig[] },
  dryRun: RunReport["dryRun"],
  cluster?: { context: string; server: string },
): RunReport {
  const { results, notes } = rolledOut;
  return {
    plan,
    results,
    ...(notes.length > 0 ? { notes: [...notes] } : {}),
    ...(rolledOut.restores?.length ? { restores: rolledOut.restores } : {}),
    outcome: outcomeOf(plan, results, dryRun),
    ...(cluster ? { cluster: { context: cluster.context, server: cluster.server } } : {}),
    dryRun,
  };
}

/**
 * Derive the outcome from the plan and the per-workload results: a failure first, then a plan that
 * left something unread (its restarts were still made: the result says the plan behind them is
 * incomplete), then what the rest of the plan came to.
 */
function outcomeOf(plan: Plan, results: WorkloadResult[], dryRun: RunReport["dryRun"]): Outcome {
  if (results.some(isFailure)) return "failed";
  if (plan.unread && plan.unread.length > 0) return "incomplete";
  return outcomeOfWhatWasRead(plan, results, dryRun);
}

/** The outcome from what was read, as if nothing had been left unread. */
export function outcomeOfWhatWasRead(
  plan: Plan,
  results: WorkloadResult[],
  dryRun: RunReport["dryRun"],
): Exclude<Outcome, "incomplete"> {
  if (results.some(isFailure)) return "failed";
  if (!plan.workloads.some((w) => w.action === "restart")) return "nothing-to-do";
  // A server dry run sent its patches: one whose template already carries them would restart nothing.
  if (dryRun === "server" && results.length > 0 && serverDryRunRestarts(plan, results) === 0)
    return "nothing-to-do";
  if (dryRun !== "none") return "planned";
  // A gitops run restarts nothing itself: the rollouts the agent started count as its restarts.
  return results.some((r) => r.restart === "restarted" || r.restart === "agent-applied")
    ? "restarted"
    : "nothing-to-do";
}

/** The planned restarts a server dry run's API server accepted (a sync baseline is no restart). */
export function serverDryRunRestarts(plan: Plan, results: readonly WorkloadResult[]): number {
  const restarts = new Set(plan.workloads.filter((w) => w.action === "restart").map((w) => idKey(w.id)));
  return results.filter((r) => r.restart === "dry-run" && restarts.has(idKey(r.id))).length;
}
