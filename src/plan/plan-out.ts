// --plan-out: the completed plan as a plan file (plan/plan-document.ts). Made from what
// the run already read: the committed content of each changed config becomes a digest, the
// annotation strategy's hash is computed here once, the versioned strategy's copy names too. Never
// a value: a Secret's digest and hash are keyed with --hash-key, which a plan with a Secret needs.

import { consumedBy } from "../core/consumed-configs.js";
import { UserError } from "../core/errors.js";
import { formatId, idKey, type Manifest, type Plan, type PlannedWorkload } from "../core/model.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import { CONFIG_HASH_ANNOTATION } from "../core/restart-patch.js";
import { computeRestartHashes } from "../rollout/strategy/restart-hash.js";
import { configCopy } from "../rollout/versioned/config-copy.js";
import type { Settings } from "../settings/settings.js";
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
  settings: Pick<Settings, "strategy" | "envName" | "hashKey">,
  naming: OptionNaming = CLI_FLAGS,
): Promise<PlanDocument> {
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  const manifests = new Map([...repoPlan.scan.workloads, ...clusterWorkloads].map((m) => [idKey(m.id), m]));
  const consumed = toRestart.flatMap((w) => consumedBy(w, manifests));
  const headConfigs =
    settings.strategy === "annotation" ? await repoPlan.readHeadConfigs(consumed) : repoPlan.scan.headConfigs;
  const secrets = [
    ...plan.changes.filter((c) => c.status !== "deleted").map((c) => c.id),
    ...(settings.strategy === "annotation" ? consumed.filter((id) => headConfigs.has(idKey(id))) : []),
  ].filter((id) => id.kind === "Secret");
  if (secrets.length > 0 && !settings.hashKey) {
    throw new UserError(
      `${naming.option("plan-out")}: the plan covers ${formatId(secrets[0]!)}: set ${naming.option("hash-key")} (a CI secret, the same in the jobs that apply the plan) so its digest in the plan file is keyed and reveals nothing of the Secret`,
    );
  }
  const key = settings.hashKey ? Buffer.from(settings.hashKey) : undefined;
  const changes = await changeOf(toRestart, { repoPlan, settings, manifests, headConfigs, key });
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
  });
}

async function changeOf(
  workloads: PlannedWorkload[],
  inputs: {
    repoPlan: RepoPlan;
    settings: Pick<Settings, "strategy" | "envName">;
    manifests: Map<string, Manifest>;
    headConfigs: RepoPlan["scan"]["headConfigs"];
    key: Buffer | undefined;
  },
): Promise<Map<string, PlannedChange>> {
  const { settings, key } = inputs;
  const changes = new Map<string, PlannedChange>();
  if (settings.strategy === "annotation") {
    const hashes = await computeRestartHashes(
      workloads,
      inputs.manifests,
      inputs.headConfigs,
      key?.toString(),
    );
    for (const w of workloads)
      changes.set(idKey(w.id), { annotation: CONFIG_HASH_ANNOTATION, hash: hashes.get(idKey(w.id))!.hash });
  } else if (settings.strategy === "env") {
    for (const w of workloads) changes.set(idKey(w.id), { env: settings.envName });
  } else {
    for (const w of workloads) {
      const repoint = w.references.flatMap((ref) => {
        const head = inputs.repoPlan.scan.headConfigs.get(idKey(ref.config));
        if (!head) return [];
        const source = {
          id: { ...ref.config, kind: head.snapshot.id.kind as "ConfigMap" | "Secret" },
          object: head.manifest.object,
          content: head.snapshot.content,
        };
        return [{ config: ref.config, copy: configCopy(source, inputs.repoPlan.head, key).name }];
      });
      const unique = new Map(repoint.map((r) => [idKey(r.config), r]));
      changes.set(idKey(w.id), { repoint: [...unique.values()] });
    }
  }
  return changes;
}
