import { UserError } from "../core/errors.js";
import type { PlannedWorkload } from "../core/model.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import type { DryRun } from "../core/setting-choices.js";

interface GuardRails {
  /** Only these namespaces may be restarted (empty: any). */
  namespaces: string[];
  excludeNamespaces: string[];
  maxRestarts?: number;
  /** A dry run shows a plan over --max-restarts, with a note, instead of refusing it. */
  dryRun?: DryRun;
  /** How messages name the options (flags, or the action's inputs). */
  naming?: OptionNaming;
}

interface GuardedPlan {
  workloads: PlannedWorkload[];
  /** What a real run would refuse (a dry run only). */
  notes: string[];
}

/**
 * Turn restarts outside the allowed namespaces into skips (with the reason), then refuse a plan
 * that is larger than the user allowed (a dry run shows it, saying a real run would refuse it).
 * Pure: the plan is the only thing ever written to.
 */
export function applyGuardRails(workloads: PlannedWorkload[], rails: GuardRails): GuardedPlan {
  const naming = rails.naming ?? CLI_FLAGS;
  const guarded = workloads.map((w): PlannedWorkload => {
    if (w.action !== "restart") return w;
    const ns = w.id.namespace;
    if (rails.excludeNamespaces.includes(ns)) {
      return {
        ...w,
        action: "skip",
        reason: `namespace ${ns} is excluded (${naming.option("exclude-namespaces")})`,
      };
    }
    if (rails.namespaces.length > 0 && !rails.namespaces.includes(ns)) {
      return {
        ...w,
        action: "skip",
        reason: `namespace ${ns} is not in ${naming.set("namespaces", rails.namespaces.join(","))}`,
      };
    }
    return w;
  });
  const restarts = guarded.filter((w) => w.action === "restart").length;
  if (rails.maxRestarts === undefined || restarts <= rails.maxRestarts)
    return { workloads: guarded, notes: [] };
  const over = `the plan restarts ${restarts} workloads, more than ${naming.set("max-restarts", String(rails.maxRestarts))}`;
  if (rails.dryRun !== undefined && rails.dryRun !== "none") {
    return { workloads: guarded, notes: [`${over}: a real run would refuse it and restart nothing`] };
  }
  throw new UserError(
    `${over}; nothing was restarted (run with ${naming.set("dry-run", "client")} to see the plan)`,
  );
}
