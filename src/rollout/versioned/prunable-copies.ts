// Which managed copies --prune may delete: those nothing can still run with. A copy is needed while
// a workload's pod template names it, while an old ReplicaSet (even scaled to zero: `kubectl
// rollout undo` returns to it) or a ControllerRevision of a StatefulSet/DaemonSet names it, and
// while a Pod still mounts it. Beyond that, the newest `keep` copies stay regardless.

import { field, stringField } from "../../core/json-shape.js";
import { podTemplateOf } from "../../core/kinds/workload-kinds.js";
import type { ConfigKind } from "../../core/model.js";
import { compareStrings } from "../../core/order.js";
import { isManagedCopy } from "./config-copy.js";
import { referenceSites } from "./repoint.js";

type Plain = Record<string, unknown>;

/** The pod spec an object would run: a workload's template, a Pod's spec, a ControllerRevision's stored template. */
export function podSpecOfHolder(obj: unknown): unknown {
  if (field(obj, "kind") === "ControllerRevision") {
    // data is the strategic merge patch the controller would apply to restore that revision.
    return field(field(field(field(obj, "data"), "spec"), "template"), "spec");
  }
  return podTemplateOf(obj)?.spec;
}

/** `Kind/name` of every config any of `holders` names (same namespace assumed). */
export function referencedConfigs(holders: unknown[]): Set<string> {
  const names = new Set<string>();
  for (const holder of holders) {
    for (const site of referenceSites(podSpecOfHolder(holder))) names.add(`${site.configKind}/${site.name}`);
  }
  return names;
}

interface PruneDecision {
  /** Managed copies to delete. */
  remove: Plain[];
  /** Copies kept, each with why. */
  kept: Array<{ name: string; why: "referenced" | "newest" }>;
}

/**
 * From the copies of one source (listed by label), the ones to delete: unreferenced and not among
 * the newest `keep`. Objects without the managed label are never chosen, whatever the list held.
 */
export function choosePrunable(
  copies: Plain[],
  kind: ConfigKind,
  referenced: Set<string>,
  keep: number,
): PruneDecision {
  const managed = copies.filter(isManagedCopy);
  const newestFirst = [...managed].sort((a, b) => {
    const byTime = compareStrings(createdAt(b), createdAt(a));
    return byTime !== 0 ? byTime : compareStrings(nameOf(a), nameOf(b));
  });
  const remove: Plain[] = [];
  const kept: PruneDecision["kept"] = [];
  newestFirst.forEach((copy, index) => {
    const name = nameOf(copy);
    if (referenced.has(`${kind}/${name}`)) kept.push({ name, why: "referenced" });
    else if (index < keep) kept.push({ name, why: "newest" });
    else remove.push(copy);
  });
  return { remove, kept };
}

function nameOf(obj: unknown): string {
  return stringField(field(obj, "metadata"), "name") ?? "";
}

/** RFC 3339 timestamps in UTC sort as strings. */
function createdAt(obj: unknown): string {
  return stringField(field(obj, "metadata"), "creationTimestamp") ?? "";
}
