import { UserError } from "../errors.js";
import type { PlannedWorkload } from "../model.js";

export interface GuardRails {
  /** Only these namespaces may be restarted (empty: any). */
  namespaces: string[];
  excludeNamespaces: string[];
  maxRestarts?: number;
}

/**
 * Turn restarts outside the allowed namespaces into skips (with the reason), then refuse a plan
 * that is larger than the user allowed. Pure: the plan is the only thing ever written to.
 */
export function applyGuardRails(workloads: PlannedWorkload[], rails: GuardRails): PlannedWorkload[] {
  const guarded = workloads.map((w): PlannedWorkload => {
    if (w.action !== "restart") return w;
    const ns = w.id.namespace;
    if (rails.excludeNamespaces.includes(ns)) {
      return { ...w, action: "skip", reason: `namespace ${ns} is excluded (--exclude-namespaces)` };
    }
    if (rails.namespaces.length > 0 && !rails.namespaces.includes(ns)) {
      return {
        ...w,
        action: "skip",
        reason: `namespace ${ns} is not in --namespaces ${rails.namespaces.join(",")}`,
      };
    }
    return w;
  });
  const restarts = guarded.filter((w) => w.action === "restart").length;
  if (rails.maxRestarts !== undefined && restarts > rails.maxRestarts) {
    throw new UserError(
      `the plan restarts ${restarts} workloads, more than --max-restarts ${rails.maxRestarts}; nothing was restarted (run with --dry-run to see the plan)`,
    );
  }
  return guarded;
}
