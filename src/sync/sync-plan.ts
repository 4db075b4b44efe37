// What `config-rollout sync` will do, as a plan the reports already know how to print: the configs
// whose content changed since the pods started (by their digests), the workloads to restart with
// the configs and keys they read of them, and those left alone with why (no baseline, unknown
// coverage, a hash a GitOps agent applies). Workloads that are current are counted, not listed.

import { findReferences } from "../core/config-references.js";
import type { ConsumedConfig } from "../core/consumed-configs.js";
import { podTemplateOf } from "../core/kinds/workload-kinds.js";
import {
  type ConfigChange,
  formatId,
  idKey,
  type ObjectId,
  type Plan,
  type PlannedWorkload,
  shortId,
  type UnreadSource,
} from "../core/model.js";
import type { NamedConfig } from "../core/named-configs.js";
import { CONFIG_DIGESTS_ANNOTATION } from "../core/restart-patch.js";
import type { LiveWorkload } from "./read-live-state.js";
import type { SyncVerdict } from "./sync-verdict.js";

/** Whether a workload reading `consumed` reads one of the named configs (and the named key). */
export function readsNamed(consumed: readonly ConsumedConfig[], named: readonly NamedConfig[]): boolean {
  if (named.length === 0) return true;
  return named.some((n) =>
    consumed.some(
      (c) =>
        c.id.kind === n.kind &&
        c.id.name === n.name &&
        (n.key === undefined || c.keys === "all" || c.keys.includes(n.key)),
    ),
  );
}

/** A workload's decision, once --adopt has judged the ones with no baseline. */
/** The config-hash and digests a restart (or an adopted baseline) writes. */
export interface SyncAnnotation {
  hash: string;
  digests: string;
}

type SyncAction =
  | { do: "restart"; reason: string; stale: ConsumedConfig[]; annotation: SyncAnnotation }
  | { do: "record-baseline"; reason: string; annotation: SyncAnnotation }
  | { do: "leave"; reason: string };

/** What to do with a verdict; `adopted` is the --adopt judgement of a workload with no baseline. */
export function syncAction(
  verdict: SyncVerdict,
  adopt: boolean,
  adopted?: { current: boolean; why: string },
): SyncAction {
  switch (verdict.state) {
    case "stale":
      return {
        do: "restart",
        reason: verdict.digestsUnparsed
          ? `its config-hash differs and its ${CONFIG_DIGESTS_ANNOTATION} annotation does not parse: restarted on the hash alone`
          : `its pods started with older content of ${verdict.stale.map(configName).join(", ")}`,
        stale: verdict.stale,
        annotation: { hash: verdict.hash, digests: verdict.digests },
      };
    case "no-baseline":
      if (!adopt)
        return {
          do: "leave",
          reason: "no baseline: config-rollout never restarted it (--adopt to adopt it)",
        };
      if (adopted?.current)
        return {
          do: "record-baseline",
          reason: `adopted without a rollout: ${adopted.why}`,
          annotation: { hash: verdict.hash, digests: verdict.digests },
        };
      return {
        do: "restart",
        reason: `adopted with a restart: ${adopted?.why ?? "cannot judge its pods"}`,
        stale: [],
        annotation: { hash: verdict.hash, digests: verdict.digests },
      };
    case "unknown-coverage":
      return adopt
        ? {
            do: "restart",
            reason:
              "adopted with a restart: its config-hash has no digests (written by stamp, a saved plan or an older config-rollout)",
            stale: [],
            annotation: { hash: verdict.hash, digests: verdict.digests },
          }
        : {
            do: "leave",
            reason:
              "its config-hash differs but has no digests (written by stamp, a saved plan or an older config-rollout): which config changed cannot be told (--adopt restarts it)",
          };
    case "managed-elsewhere":
      return {
        do: "leave",
        reason: `${verdict.stale.length > 0 ? `stale: its pods started with older content of ${verdict.stale.map(configName).join(", ")}; ` : ""}its config-hash is applied by ${verdict.manager} (a GitOps agent or another tool): sync does not patch it (stamp the repository instead)`,
      };
    case "cannot-hash":
      return { do: "leave", reason: verdict.why };
    case "unreadable":
      return {
        do: "leave",
        reason: `not verified: ${verdict.configs.map((c) => `${shortId(c.id)} cannot be read (${c.why})`).join("; ")}`,
      };
    default:
      return { do: "leave", reason: "current" };
  }
}

/** The plan of a sync run: changes are the stale configs, workloads those with something to say. */
export function syncPlan(
  decisions: ReadonlyArray<{ workload: LiveWorkload; verdict: SyncVerdict; action: SyncAction }>,
  scopeNote: string,
): Plan {
  const changes = new Map<string, ConfigChange>();
  const workloads: PlannedWorkload[] = [];
  const warnings: string[] = [];
  const unread = new Map<string, UnreadSource>();
  let current = 0;
  for (const { workload, verdict, action } of decisions) {
    const w = shortId(workload.id);
    if (verdict.state === "unreadable") {
      for (const c of verdict.configs) unread.set(idKey(c.id), { file: formatId(c.id), why: c.why });
    }
    if (verdict.state === "stale" && verdict.digestsUnparsed)
      warnings.push(
        `${w} (namespace ${workload.id.namespace}): its ${CONFIG_DIGESTS_ANNOTATION} annotation does not parse: treated as no digests, its config-hash decides (it differs)`,
      );
    if (verdict.state === "managed-elsewhere" && verdict.stale.length > 0)
      warnings.push(
        `${w} (namespace ${workload.id.namespace}) is stale (${verdict.stale.map(configName).join(", ")} changed since its pods started), and its config-hash is owned by ${verdict.manager}: sync leaves it to that manager`,
      );
    if (verdict.state === "current" || verdict.state === "stale") {
      if (verdict.uncovered.length > 0)
        warnings.push(
          `${w} (namespace ${workload.id.namespace}): not covered yet by its config-hash: ${verdict.uncovered.map(configName).join(", ")} (covered at its next restart)`,
        );
      if (verdict.gone.length > 0)
        warnings.push(
          `${w} (namespace ${workload.id.namespace}): ${verdict.gone.map(configName).join(", ")} it reads is gone from the cluster: new pods could not start without it`,
        );
    }
    if (verdict.state === "reads-nothing") continue;
    if (verdict.state === "current") {
      current++;
      continue;
    }
    const stale = action.do === "restart" ? action.stale : [];
    for (const config of stale) {
      changes.set(idKey(config.id), {
        id: config.id,
        status: "modified",
        file: "",
        line: 0,
        keys: [],
        origin: "the cluster",
      });
    }
    workloads.push({
      id: workload.id,
      action: action.do === "leave" ? "skip" : action.do === "record-baseline" ? "baseline" : "restart",
      reason: action.reason,
      references: referencesTo(workload, stale),
      source: "cluster",
    });
  }
  return {
    base: "",
    head: "",
    rangeNote: `${scopeNote}: ${current} workload(s) current`,
    changes: [...changes.values()],
    workloads,
    problems: [],
    warnings,
    ...(unread.size > 0 ? { unread: [...unread.values()] } : {}),
    live: true,
  };
}

/** The workload's references to its stale configs, each with the keys it reads of them. */
function referencesTo(
  workload: LiveWorkload,
  stale: readonly ConsumedConfig[],
): PlannedWorkload["references"] {
  const template = podTemplateOf(workload.object);
  if (!template) return [];
  const wanted = new Set(stale.map((c) => idKey(c.id)));
  return findReferences(template.spec).flatMap((ref) => {
    const config: ObjectId = { kind: ref.configKind, namespace: workload.id.namespace, name: ref.configName };
    if (!wanted.has(idKey(config))) return [];
    return [{ ...ref, config, changedKeys: ref.keys === "all" ? ["(all keys)"] : ref.keys }];
  });
}

function configName(config: ConsumedConfig): string {
  const keys =
    config.keys === "all" ? "all keys" : `key${config.keys.length > 1 ? "s" : ""} ${config.keys.join(", ")}`;
  return `${shortId(config.id)} (reads ${keys})`;
}
