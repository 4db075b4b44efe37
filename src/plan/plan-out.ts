// --plan-out: the completed plan as a plan file (plan/plan-document.ts). Made from what
// the run already read: the committed content of each changed config becomes a digest, and the
// run's strategy says what each restart writes (planFileChanges: the annotation strategy's hash,
// the versioned strategy's copy names). Never a value: a Secret's digest and hash are keyed with
// --hash-key, which a plan with a Secret needs.
import { UserError } from "../core/errors.js";
import { formatId, idKey, type Manifest, type ObjectId, type Plan } from "../core/model.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import type { RestartStrategy } from "../rollout/strategy/restart-strategy.js";
import type { RunSettings } from "../settings/settings.js";
import {
  configDigest,
  keyCheckOf,
  PLAN_API_VERSION,
  PLAN_KIND,
  type PlanDocument,
  type PlanFileWorkload,
  type PlannedChange,
  planStrategyOf,
  sealPlan,
  sharedChangeFields,
} from "./plan-document.js";
import type { RepoPlan } from "./repo-plan.js";

export async function makePlanDocument(
  repoPlan: RepoPlan,
  plan: Plan,
  clusterWorkloads: Manifest[],
  /** The run's strategy, which says what each restart writes (none for a plan of nothing). */
  strategy: Pick<RestartStrategy, "planFileChanges"> | undefined,
  settings: Pick<RunSettings, "strategy" | "hashKey" | "namespace">,
  naming: OptionNaming = CLI_FLAGS,
): Promise<PlanDocument> {
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  const key = settings.hashKey ? Buffer.from(settings.hashKey) : undefined;
  const changed = plan.changes.filter((c) => c.status !== "deleted").map((c) => c.id);
  let secrets: ObjectId[] = [];
  // Asked by the strategy before it computes anything from the configs it covers.
  const keyFor = (covered: ObjectId[]) => {
    secrets = [...changed, ...covered].filter((id) => id.kind === "Secret");
    if (secrets.length > 0 && !key) {
      throw new UserError(
        `${naming.option("plan-out")}: the plan covers ${formatId(secrets[0]!)}: set ${naming.option("hash-key")} (a CI secret, the same in the jobs that apply the plan) so its digest in the plan file is keyed and reveals nothing of the Secret`,
      );
    }
    return key;
  };
  const changes =
    (await strategy?.planFileChanges?.(toRestart, {
      manifests: new Map([...repoPlan.scan.workloads, ...clusterWorkloads].map((m) => [idKey(m.id), m])),
      headConfigs: repoPlan.scan.headConfigs,
      readHeadConfigs: repoPlan.readHeadConfigs,
      head: repoPlan.head,
      keyFor,
    })) ?? new Map<string, PlannedChange>();
  return sealPlan({
    apiVersion: PLAN_API_VERSION,
    kind: PLAN_KIND,
    base: plan.base,
    head: plan.head,
    strategy: planStrategyOf(settings.strategy),
    configs: plan.changes.map((c) => {
      const head = c.status === "deleted" ? undefined : repoPlan.scan.headConfigs.get(idKey(c.id));
      return {
        ...sharedChangeFields(c),
        ...(head
          ? { digest: configDigest(c.id, head.snapshot.content, c.id.kind === "Secret" ? key : undefined) }
          : {}),
      };
    }),
    workloads: toRestart.map(
      (w): PlanFileWorkload => ({
        id: w.id,
        source: w.source,
        reason: w.reason,
        references: w.references,
        change: changes.get(idKey(w.id))!,
      }),
    ),
    ...(key && secrets.length > 0 ? { keyCheck: keyCheckOf(key) } : {}),
    ...(settings.namespace !== "default" ? { namespace: settings.namespace } : {}),
  });
}
