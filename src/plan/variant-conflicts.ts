// Does the plan depend on which source's definition the cluster runs? The plan is recomputed with
// each variant of each object that several sources define differently (source-variants.ts), one
// object at a time, and compared with the plan made from the representatives on what a run does:
// which workloads restart, and with which content of the changed configs they consume (what the
// hash annotation and a versioned copy are made of). Only a difference there stops the run; the
// rest is a note. Objects that are neither configs nor workloads play no part in a plan at all.

import { canonicalJson, configContentOf, isConfigManifest } from "../core/config-content.js";
import { findReferences } from "../core/config-references.js";
import { isWorkloadKind, podTemplateOf } from "../core/kinds/workload-kinds.js";
import {
  type ConfigChange,
  type ConfigContent,
  formatId,
  idKey,
  type Manifest,
  type ObjectId,
} from "../core/model.js";
import { compareStrings } from "../core/order.js";
import { findConfigChanges } from "../scan/manifests/config-changes.js";
import { markRollsOnApply } from "../scan/sources/rolls-on-apply.js";
import { firstDifference, type Variant } from "../scan/sources/source-variants.js";
import { buildPlan, type PlanInput } from "./build-plan.js";

/** Everything a plan is made from, with the representative of each object. */
export interface PlanInputs extends Omit<PlanInput, "templateChanged"> {
  /** Content at head of the changed configs (and others), by idKey. */
  headContent: Map<string, ConfigContent>;
  baseWorkloads: Manifest[];
}

interface VariantConflict {
  id: ObjectId;
  /** The sources, as labelled: the representative's and the variant's. */
  first: string;
  second: string;
  /** The first field where their definitions differ. */
  field: string;
  /** How the plan differs, e.g. `deployment/web restarts with one and not the other`. */
  effect: string;
}

interface VariantCheck {
  conflicts: VariantConflict[];
  /** What the report says about objects that sources define differently without changing the plan. */
  notes: string[];
}

const MAX_NAMED = 5;

export function checkVariants(inputs: PlanInputs, variants: ReadonlyMap<string, Variant[]>): VariantCheck {
  if (variants.size === 0) return { conflicts: [], notes: [] };
  const baseline = restartsOf(inputs);
  const changedAnywhere = new Set(inputs.changes.map((c) => idKey(c.id)));
  const configChanges = new Map<Variant, ConfigChange | undefined>();
  for (const list of variants.values()) {
    for (const v of list) {
      const m = v.head ?? v.base!;
      if (!isConfigManifest(m)) continue;
      const change = changeOf(v);
      configChanges.set(v, change);
      if (change) changedAnywhere.add(idKey(change.id));
    }
  }
  const conflicts: VariantConflict[] = [];
  const agreeing: string[] = [];
  const noPart: string[] = [];
  for (const [key, [chosen, ...others]] of variants) {
    const id = (chosen!.head ?? chosen!.base)!.id;
    const sources = [chosen!, ...others].map((v) => v.source).join(", ");
    const described = `${formatId(id)} (${sources})`;
    const isConfig = configChanges.has(chosen!);
    const relevant = isConfig
      ? [chosen!, ...others].some((v) => configChanges.get(v) !== undefined)
      : isWorkloadKind(id.kind) &&
        [chosen!, ...others].some((v) => readsAny(v.head ?? v.base!, changedAnywhere));
    if (!relevant) {
      noPart.push(described);
      continue;
    }
    const conflict = others
      .map((v) => {
        const alternative = isConfig
          ? withConfig(inputs, key, v, configChanges.get(v))
          : withWorkload(inputs, key, v);
        const effect = differenceIn(baseline, restartsOf(alternative), chosen!.source, v.source);
        if (effect === undefined) return undefined;
        const field =
          firstDifference((chosen!.head ?? chosen!.base)!.object, (v.head ?? v.base)!.object) ?? "";
        return { id, first: chosen!.source, second: v.source, field, effect };
      })
      .find((c) => c !== undefined);
    if (conflict) conflicts.push(conflict);
    else agreeing.push(described);
  }
  return { conflicts, notes: variantNotes(agreeing, noPart) };
}

export function describeVariantConflicts(conflicts: readonly VariantConflict[]): string {
  const first = conflicts[0];
  if (!first) return "";
  const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more object(s))` : "";
  return (
    `${first.first} and ${first.second} both define ${formatId(first.id)} with different content ` +
    `(${first.field})${more}, and the plan depends on which one this cluster runs: ${first.effect}. ` +
    "Say which to plan from: --kustomize DIR (render only that kustomization), --kustomize none " +
    "(read raw files only) or --paths GLOBS (read only those files)"
  );
}

function variantNotes(agreeing: string[], noPart: string[]): string[] {
  const named = (list: string[]) =>
    list.length <= MAX_NAMED
      ? list.join("; ")
      : `${list.slice(0, MAX_NAMED).join("; ")}; and ${list.length - MAX_NAMED} more`;
  const notes: string[] = [];
  if (agreeing.length > 0) {
    notes.push(
      `defined differently by several sources, with the same plan whichever is deployed: ${named(agreeing.sort(compareStrings))}`,
    );
  }
  if (noPart.length > 0) {
    notes.push(
      `${noPart.length} object(s) defined differently by several sources play no part in this plan: ${named(noPart.sort(compareStrings))}`,
    );
  }
  return notes;
}

/** The config change a variant makes on its own (undefined when its content did not change). */
function changeOf(v: Variant): ConfigChange | undefined {
  const found = findConfigChanges(v.base ? [v.base] : [], v.head ? [v.head] : []);
  return found.changes[0];
}

/** Whether a workload's pod template names a config in `configs` (idKeys). */
function readsAny(workload: Manifest, configs: Set<string>): boolean {
  const template = podTemplateOf(workload.object);
  return findReferences(template?.spec).some((ref) =>
    configs.has(idKey({ kind: ref.configKind, namespace: workload.id.namespace, name: ref.configName })),
  );
}

function withConfig(
  inputs: PlanInputs,
  key: string,
  v: Variant,
  change: ConfigChange | undefined,
): PlanInputs {
  const changes = inputs.changes.filter((c) => idKey(c.id) !== key);
  if (change) changes.push(change);
  const headContent = new Map(inputs.headContent);
  if (v.head) headContent.set(key, configContentOf(v.head).content);
  else headContent.delete(key);
  return { ...inputs, changes, headContent };
}

function withWorkload(inputs: PlanInputs, key: string, v: Variant): PlanInputs {
  const others = (list: Manifest[]) => list.filter((m) => idKey(m.id) !== key);
  const newWorkloadIds = new Set(inputs.newWorkloadIds);
  if (v.head && !v.base) newWorkloadIds.add(key);
  else newWorkloadIds.delete(key);
  return {
    ...inputs,
    workloads: v.head ? [...others(inputs.workloads), v.head] : others(inputs.workloads),
    baseWorkloads: v.base ? [...others(inputs.baseWorkloads), v.base] : others(inputs.baseWorkloads),
    newWorkloadIds,
  };
}

/** What a run does with a plan: each workload it restarts, with the content it restarts onto. */
function restartsOf(inputs: PlanInputs): Map<string, string> {
  const { headContent: _content, baseWorkloads: _base, ...input } = inputs;
  const built = buildPlan(input);
  const planned = markRollsOnApply(built.workloads, inputs.baseWorkloads, inputs.workloads, inputs.changes);
  const restarts = new Map<string, string>();
  for (const w of planned) {
    if (w.action !== "restart") continue;
    const consumed = [...new Set(w.references.map((r) => idKey(r.config)))].sort(compareStrings);
    restarts.set(
      idKey(w.id),
      consumed.map((key) => `${key}=${canonicalJson(inputs.headContent.get(key) ?? null)}`).join("\n"),
    );
  }
  return restarts;
}

function differenceIn(
  chosen: Map<string, string>,
  other: Map<string, string>,
  chosenSource: string,
  otherSource: string,
): string | undefined {
  const name = (key: string) => {
    const [kind, , ...rest] = key.split("/");
    return `${kind!.toLowerCase()}/${rest.join("/")}`;
  };
  for (const key of [...new Set([...chosen.keys(), ...other.keys()])].sort(compareStrings)) {
    const a = chosen.get(key);
    const b = other.get(key);
    if (a === b) continue;
    if (b === undefined)
      return `${name(key)} restarts with ${chosenSource}'s definition and not with ${otherSource}'s`;
    if (a === undefined)
      return `${name(key)} restarts with ${otherSource}'s definition and not with ${chosenSource}'s`;
    return `${name(key)} restarts onto different config content with each`;
  }
  return undefined;
}
