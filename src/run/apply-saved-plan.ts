// --plan FILE: a plan made once (--plan-out) applied to this run's cluster without git or a
// renderer. The cluster must hold the content the plan's digests name (the same check as a run
// from git, waited for within --config-timeout; --apply has no content to apply), then the one
// restart-and-wait path patches the plan's workloads with the plan's values and waits. The apply
// job's own bounds (--namespaces, --exclude-namespaces, --max-restarts) apply to the plan's
// workloads exactly as to a plan from git (the same guard rails, before any request): a plan file
// is an artifact anyone who can write it can shape, its digest recomputable.
import { UserError } from "../core/errors.js";
import { idKey, type Plan, type PlannedWorkload } from "../core/model.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import { type RunReport, reportOf } from "../core/run-result.js";
import { applyGuardRails } from "../plan/guard-rails.js";
import { configDigest, keyCheckOf, type PlanDocument, sharedChangeFields } from "../plan/plan-document.js";
import { type ApplyContext, type ClusterAccess, noClusterHint } from "../plan/repo-plan.js";
import { rollOutPlan } from "../rollout/roll-out-plan.js";
import { createPlannedStrategy } from "../rollout/strategy/planned-strategy.js";
import type { ExpectedConfig } from "../rollout/sync-configs.js";

/** Checks that need no request: the key the Secret digests were made with. Throws exit 2. */
export function checkPlanKey(
  document: PlanDocument,
  file: string,
  hashKey: string | undefined,
  naming: OptionNaming = CLI_FLAGS,
): Buffer | undefined {
  if (document.keyCheck === undefined) return undefined;
  if (!hashKey) {
    throw new UserError(
      `${file}: the plan's Secret digests are keyed: set ${naming.option("hash-key")} to the key the plan was made with`,
    );
  }
  const key = Buffer.from(hashKey);
  if (keyCheckOf(key) !== document.keyCheck) {
    throw new UserError(`${file}: ${naming.option("hash-key")} is not the key the plan was made with`);
  }
  return key;
}

export async function applySavedPlan(
  document: PlanDocument,
  file: string,
  connection: ClusterAccess,
  context: ApplyContext,
): Promise<RunReport> {
  const { settings, log } = context;
  const now = context.now ?? Date.now;
  const key = checkPlanKey(document, file, settings.hashKey, context.naming);
  if (settings.rollbackOnFailure === true) {
    const naming = context.naming ?? CLI_FLAGS;
    throw new UserError(
      `${file}: ${naming.option("rollback-on-failure")} puts configs back to the base commit's content, which a plan file does not hold: apply the plan from a checkout of the repository, without ${naming.option("plan")}`,
    );
  }
  const strategy = createPlannedStrategy(document, now);
  const plan = guardedPlanOf(document, file, settings, context.naming ?? CLI_FLAGS);
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  if (toRestart.length === 0 || settings.dryRun === "client") {
    return reportOf(plan, { results: [], notes: [] }, settings.dryRun);
  }
  const cluster = await connection.connect();
  if (!cluster) {
    throw new UserError(`no Kubernetes cluster configured: ${noClusterHint(context.naming ?? CLI_FLAGS)}`);
  }
  const expectedConfigs = new Map<string, ExpectedConfig>();
  for (const config of document.configs) {
    const digest = config.digest;
    if (config.status === "deleted" || digest === undefined) continue;
    const keyed = config.id.kind === "Secret" ? key : undefined;
    expectedConfigs.set(idKey(config.id), {
      id: config.id,
      file: `${config.file} (digest in ${file})`,
      holds: (live) => configDigest(config.id, live, keyed) === digest,
    });
  }
  const { results, notes } = await rollOutPlan(
    cluster,
    {
      toRestart,
      listed: { namespaces: new Set(), objects: [] },
      repoWorkloads: [],
      expectedConfigs,
      headConfigs: new Map(),
      readHeadConfigs: async () => new Map(),
      commitOrder: async () => ({ order: "unknown", why: "a saved plan reads no git history" }),
      head: document.head,
    },
    { strategy, settings, log, now },
  );
  return reportOf(plan, { results, notes }, settings.dryRun, cluster);
}

/**
 * The plan file as the report shows a plan, within this job's guard rails: a workload outside its
 * namespaces is skipped with the reason, a plan over --max-restarts refused (exit 2) before any
 * request, as for a plan from git.
 */
export function guardedPlanOf(
  document: PlanDocument,
  file: string,
  settings: ApplyContext["settings"],
  naming: OptionNaming,
): Plan {
  const plan = planOf(document, file);
  const guarded = applyGuardRails(plan.workloads, { ...settings, naming });
  return { ...plan, workloads: guarded.workloads, warnings: guarded.notes };
}

/** The plan file as the report shows a plan: its workloads are the ones to restart. */
function planOf(document: PlanDocument, file: string): Plan {
  return {
    base: document.base,
    head: document.head,
    rangeNote: `plan file ${file}`,
    changes: document.configs.map(sharedChangeFields),
    workloads: document.workloads.map(
      (w): PlannedWorkload => ({
        id: w.id,
        action: "restart",
        reason: w.reason,
        references: w.references,
        source: w.source,
      }),
    ),
    problems: [],
    warnings: [],
  };
}
