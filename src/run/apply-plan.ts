// The second phase of a run: one plan (made once from git by run.ts: resolve, scan, render) applied
// to one cluster. A plan of nothing (the range changes no config and no workload) is reported here;
// any other is completed and rolled out by complete-and-roll-out.ts, which this file loads only
// then: a push that touches no manifest never loads the cluster's code (in dist/ it is a bundle of
// its own). Nothing here reads git except through the plan's own readers, so one plan can be
// applied to many clusters.
import type { Plan } from "../core/model.js";
import { type RunReport, reportOf } from "../core/run-result.js";
import { type ApplyContext, type ClusterAccess, planOfScan, type RepoPlan } from "../plan/repo-plan.js";
import type { RepositoryScan } from "../scan/scan-model.js";

/** Apply the plan to one cluster: a plan of nothing is its report; any other is completed and rolled out. */
export async function applyPlanToCluster(
  repoPlan: RepoPlan,
  connection: ClusterAccess,
  context: ApplyContext,
): Promise<RunReport> {
  if (plansNothing(repoPlan.scan)) {
    const plan = planOfNothing(repoPlan);
    await context.onPlan?.(plan, []);
    return reportOf(plan, { results: [], notes: [] }, context.settings.dryRun);
  }
  const { completeAndRollOut } = await import("./complete-and-roll-out.js");
  return completeAndRollOut(repoPlan, connection, context);
}

/**
 * Whether the scan leaves nothing to plan on any cluster: no config changed, no workload read at
 * either commit, no object defined twice. Discovery asks the cluster only for consumers of changed
 * configs, so no cluster can add to such a plan.
 */
export function plansNothing(scan: RepositoryScan): boolean {
  return (
    scan.changes.length === 0 &&
    scan.workloads.length === 0 &&
    scan.baseWorkloads.length === 0 &&
    scan.variants.size === 0
  );
}

/** The plan of a scan that plans nothing: what completing it would give (test/run/apply-plan.test.ts). */
function planOfNothing(repoPlan: RepoPlan): Plan {
  return planOfScan(repoPlan, { changes: [], workloads: [], sources: [], warnings: [] });
}
