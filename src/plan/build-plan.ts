// Config changes + workloads -> which workloads restart (once each), which are skipped and why.

import { findReferences } from "../core/config-references.js";
import {
  isRestartable,
  isWorkloadKind,
  runningPodTemplateOf,
  skipReasonForKind,
  workloadKindOf,
} from "../core/kinds/workload-kinds.js";
import {
  type ConfigChange,
  type ConfigReference,
  formatId,
  idKey,
  type Manifest,
  type ObjectId,
  type PlannedWorkload,
  shortId,
} from "../core/model.js";
import { compareIds, compareStrings } from "../core/order.js";
import { hasIgnoreAnnotation, IGNORE_ANNOTATION } from "../scan/manifests/config-changes.js";
import { rollsOnApplyReason } from "../scan/sources/rolls-on-apply.js";
import { reloaderAnnotationsOf, reloaderCoverage } from "./reloader.js";

export interface PlanInput {
  changes: ConfigChange[];
  /** Workload manifests at head that may reference changed configs (from the repository). */
  workloads: Manifest[];
  /** idKeys of workloads that did not exist at base. */
  newWorkloadIds: Set<string>;
  /** Workloads found only on the cluster (file "", line 0). */
  clusterWorkloads?: Manifest[];
  /** Restart workloads that Stakater Reloader manages as well (default: skip them, saying why). */
  restartReloaderManaged?: boolean;
  /** The cluster's Reloader runs with --auto-reload-all: every workload not opted out is managed. */
  reloaderAutoReloadAll?: boolean;
  /** Whether a workload's pod template changed in the range (applying the manifests rolls it). */
  templateChanged?: (id: ObjectId) => boolean;
}

/** A warning about the plan, located where it can be acted on (a deleted config: its file at base). */
interface PlanWarning {
  message: string;
  file: string;
  line: number;
}

interface PlanResult {
  workloads: PlannedWorkload[];
  warnings: PlanWarning[];
}

type PlannedReference = PlannedWorkload["references"][number];

interface Candidate {
  id: ObjectId;
  source: "repo" | "cluster";
  file?: string;
  line?: number;
  /** The repo and/or cluster definitions of the same workload. */
  objects: unknown[];
}

export function buildPlan(input: PlanInput): PlanResult {
  const changesByKey = new Map(input.changes.map((c) => [idKey(c.id), c]));
  const stillReferencing = new Map<string, Set<string>>();
  const addedConfigs = new Set(input.changes.filter((c) => c.status === "added").map((c) => idKey(c.id)));
  const planned: PlannedWorkload[] = [];

  const candidates = mergeCandidates(input.workloads, input.clusterWorkloads ?? []);
  const byKey = new Map(candidates.map((c) => [idKey(c.id), c]));
  const lookup = (id: ObjectId) => byKey.get(idKey(id))?.objects[0];
  // Objects whose pod template another workload runs (Argo's workloadRef): restarted through it.
  const templateRunBy = new Map<string, ObjectId>();
  for (const candidate of candidates) {
    for (const object of candidate.objects) {
      const owner = workloadKindOf(object)?.templateOwner?.(object as Record<string, unknown>);
      if (owner) templateRunBy.set(idKey(owner), candidate.id);
    }
  }

  for (const candidate of candidates) {
    const { references, waitingFor, ignoredReferences } = changedReferences(
      candidate,
      referencesOf(candidate.objects, lookup),
      changesByKey,
      stillReferencing,
    );
    if (references.length === 0) {
      const consumedIgnored = ignoredReferences.filter((r) => r.changedKeys.length > 0);
      // Shown as skipped, so a user who annotated a config sees what its change did not restart.
      if (consumedIgnored.length > 0) {
        planned.push({
          id: candidate.id,
          source: candidate.source,
          ...(candidate.file !== undefined ? { file: candidate.file, line: candidate.line } : {}),
          action: "skip",
          reason: `consumes only changed configs annotated ${IGNORE_ANNOTATION}: ${describeConsumption(consumedIgnored)}`,
          references: consumedIgnored,
        });
      } else if (waitingFor.length > 0 && !input.newWorkloadIds.has(idKey(candidate.id))) {
        // A new workload starts with its new configs: nothing worth a line. One whose pod template
        // changed to read the new config (a rename, a generator's hash suffix turned off) was
        // running all along: applying the manifests rolls it onto the new config.
        planned.push(
          input.templateChanged?.(candidate.id)
            ? rollsOntoAddedConfig(candidate, waitingFor)
            : waitingForAddedConfig(candidate, waitingFor),
        );
      }
      continue;
    }
    const runBy = templateRunBy.get(idKey(candidate.id));
    const workload = planWorkload(candidate, references, input.newWorkloadIds, {
      addedConfigs,
      restartReloaderManaged: input.restartReloaderManaged ?? false,
      reloaderAutoReloadAll: input.reloaderAutoReloadAll ?? false,
      changesByKey,
    });
    planned.push(
      runBy
        ? {
            ...workload,
            action: "skip",
            reason: `its pod template is run by ${shortId(runBy)} (workloadRef): restarted through it`,
          }
        : workload,
    );
  }

  planned.sort((a, b) => compareIds(a.id, b.id));
  return { workloads: planned, warnings: deletedButReferenced(input.changes, stillReferencing) };
}

/**
 * A candidate's references to changed configs, sorted by what they mean: restart for these,
 * waiting for an added config, or changed only in configs annotated to be ignored. References to a
 * deleted config are noted in `stillReferencing` (config idKey -> the workloads naming it).
 */
function changedReferences(
  candidate: Candidate,
  found: ReturnType<typeof referencesOf>,
  changesByKey: Map<string, ConfigChange>,
  stillReferencing: Map<string, Set<string>>,
): { references: PlannedReference[]; waitingFor: ObjectId[]; ignoredReferences: PlannedReference[] } {
  const references: PlannedReference[] = [];
  const waitingFor: ObjectId[] = [];
  const ignoredReferences: PlannedReference[] = [];
  for (const ref of found) {
    const config: ObjectId = {
      kind: ref.configKind,
      namespace: candidate.id.namespace,
      name: ref.configName,
    };
    const change = changesByKey.get(idKey(config));
    if (change === undefined) continue;
    if (change.status === "deleted") {
      const key = idKey(change.id);
      if (!stillReferencing.has(key)) stillReferencing.set(key, new Set());
      stillReferencing.get(key)!.add(shortId(candidate.id));
      continue;
    }
    // A config new in this diff. Pods that referenced it as optional started without it and need
    // a restart to see it; with a required reference they could not start, and kubelet starts
    // them by itself once it exists.
    if (change.status === "added" && !ref.optional) {
      waitingFor.push(config);
      continue;
    }
    const changedKeys =
      ref.keys === "all" ? [...change.keys] : change.keys.filter((k) => (ref.keys as string[]).includes(k));
    (change.ignored ? ignoredReferences : references).push({ ...ref, config, changedKeys });
  }
  return { references, waitingFor, ignoredReferences };
}

/** One warning per deleted config some workload still references. */
function deletedButReferenced(
  changes: ConfigChange[],
  stillReferencing: Map<string, Set<string>>,
): PlanWarning[] {
  return changes
    .filter((c) => c.status === "deleted" && stillReferencing.has(idKey(c.id)))
    .map((c) => {
      const users = [...stillReferencing.get(idKey(c.id))!].sort(compareStrings);
      const verb = users.length === 1 ? "references" : "reference";
      const message = `${formatId(c.id)} was deleted but ${users.join(", ")} still ${verb} it`;
      return { message, file: c.file, line: c.line };
    });
}

interface PlanOptions {
  addedConfigs: Set<string>;
  restartReloaderManaged: boolean;
  reloaderAutoReloadAll: boolean;
  changesByKey: Map<string, ConfigChange>;
}

function planWorkload(
  candidate: Candidate,
  references: PlannedReference[],
  newWorkloadIds: Set<string>,
  options: PlanOptions,
): PlannedWorkload {
  const base = {
    id: candidate.id,
    source: candidate.source,
    ...(candidate.file !== undefined ? { file: candidate.file, line: candidate.line } : {}),
  };
  const consuming = references.filter((r) => r.changedKeys.length > 0);
  if (consuming.length === 0) {
    return { ...base, action: "skip", reason: readsNoChangedKey(references), references };
  }
  const reloader = reloaderCoverageOf(candidate, consuming, options);
  const reloaderSkip =
    reloader.uncovered.length === 0 && !options.restartReloaderManaged
      ? `managed by Stakater Reloader, which restarts it for every changed config it reads (${describeCoverage(reloader.covered)}); pass --reloader none to restart it here too`
      : undefined;
  const skipReason = skipReasonFor(candidate, newWorkloadIds, reloaderSkip);
  if (skipReason !== undefined) return { ...base, action: "skip", reason: skipReason, references: consuming };
  const added = consuming.filter((r) => r.optional && options.addedConfigs.has(idKey(r.config)));
  const reason =
    added.length === consuming.length
      ? `references ${describeConsumption(added)} as optional; it was added in this diff and its pods started without it`
      : `consumes ${describeConsumption(consuming)}`;
  return {
    ...base,
    action: "restart",
    reason: `${reason}${reloaderNote(candidate, reloader)}`,
    references: consuming,
  };
}

/** Per changed config the workload consumes: whether Reloader restarts it for that one, and why. */
function reloaderCoverageOf(
  candidate: Candidate,
  consuming: PlannedReference[],
  options: PlanOptions,
): { covered: Array<[ObjectId, string]>; uncovered: ObjectId[] } {
  const covered: Array<[ObjectId, string]> = [];
  const uncovered: ObjectId[] = [];
  const controller = { autoReloadAll: options.reloaderAutoReloadAll };
  for (const [config] of groupByConfig(consuming)) {
    const marks = options.changesByKey.get(idKey(config))?.reloader;
    const kind = config as ObjectId & { kind: "ConfigMap" | "Secret" };
    // Every definition (the repository's, the cluster's) must leave it to Reloader.
    const why = candidate.objects.map((object) => reloaderCoverage(object, kind, marks, controller));
    if (why.every((w) => w !== undefined)) covered.push([config, why[0]!]);
    else uncovered.push(config);
  }
  return { covered, uncovered };
}

function describeCoverage(covered: Array<[ObjectId, string]>): string {
  const reasons = new Set(covered.map(([, why]) => why));
  if (reasons.size === 1) return [...reasons][0]!;
  return covered.map(([config, why]) => `${shortId(config)}: ${why}`).join("; ");
}

/** Said on a restart Reloader would do in part, or that a Reloader annotation might seem to cover. */
function reloaderNote(
  candidate: Candidate,
  reloader: { covered: Array<[ObjectId, string]>; uncovered: ObjectId[] },
): string {
  if (reloader.uncovered.length === 0) return "";
  const names = reloader.uncovered.map(shortId).join(", ");
  if (reloader.covered.length > 0) {
    return `; Stakater Reloader restarts it for ${reloader.covered.map(([c]) => shortId(c)).join(", ")} (${describeCoverage(reloader.covered)}) but not for ${names}`;
  }
  const annotations = [...new Set(candidate.objects.flatMap(reloaderAnnotationsOf))];
  if (annotations.length === 0) return "";
  return `; its Stakater Reloader annotations (${annotations.join(", ")}) do not cover ${names}`;
}

/** A workload whose required config is new in this diff: nothing to restart, but say why. */
function waitingForAddedConfig(candidate: Candidate, configs: ObjectId[]): PlannedWorkload {
  const names = [...new Set(configs.map(shortId))].sort(compareStrings).join(", ");
  const reason = `references ${names}, added in this diff and not optional: its pods could not have started without it and start once it exists`;
  return {
    id: candidate.id,
    source: candidate.source,
    ...(candidate.file !== undefined ? { file: candidate.file, line: candidate.line } : {}),
    action: "skip",
    reason,
    references: [],
  };
}

/** A running workload whose changed pod template now reads a config added in this diff. */
function rollsOntoAddedConfig(candidate: Candidate, configs: ObjectId[]): PlannedWorkload {
  const names = [...new Set(configs.map(shortId))].sort(compareStrings);
  return {
    id: candidate.id,
    source: candidate.source,
    ...(candidate.file !== undefined ? { file: candidate.file, line: candidate.line } : {}),
    action: "skip",
    rollsOnApply: true,
    reason: rollsOnApplyReason(names.map((name) => `${name}, added in this diff`)),
    references: [],
  };
}

function skipReasonFor(
  candidate: Candidate,
  newWorkloadIds: Set<string>,
  reloaderSkip: string | undefined,
): string | undefined {
  if (candidate.objects.some(hasIgnoreAnnotation)) return `annotated ${IGNORE_ANNOTATION}`;
  if (reloaderSkip !== undefined) return reloaderSkip;
  if (newWorkloadIds.has(idKey(candidate.id))) return "new in this diff: starts with the new config";
  if (!isRestartable(candidate.id.kind)) {
    return skipReasonForKind(candidate.id.kind) ?? `${candidate.id.kind}: cannot be restarted`;
  }
  return undefined;
}

/** Repo and cluster definitions of one workload become one candidate; the repo's location wins. */
function mergeCandidates(repo: Manifest[], cluster: Manifest[]): Candidate[] {
  const candidates = new Map<string, Candidate>();
  const add = (m: Manifest, source: "repo" | "cluster") => {
    if (!isWorkloadKind(m.id.kind)) return;
    const key = idKey(m.id);
    const existing = candidates.get(key);
    if (existing === undefined) {
      candidates.set(key, {
        id: m.id,
        source,
        ...(source === "repo" ? { file: m.file, line: m.line } : {}),
        objects: [m.object],
      });
    } else {
      existing.objects.push(m.object);
    }
  };
  for (const m of repo) add(m, "repo");
  for (const m of cluster) add(m, "cluster");
  return [...candidates.values()];
}

/** References of every definition, without duplicates (repo and cluster usually agree). */
function referencesOf(objects: unknown[], lookup: (id: ObjectId) => unknown): ConfigReference[] {
  if (objects.length === 1) return findReferences(runningPodTemplateOf(objects[0], lookup)?.spec);
  const seen = new Set<string>();
  const refs: ConfigReference[] = [];
  for (const object of objects) {
    for (const ref of findReferences(runningPodTemplateOf(object, lookup)?.spec)) {
      const key = JSON.stringify([ref.configKind, ref.configName, ref.via, ref.path, ref.keys]);
      if (seen.has(key)) continue;
      seen.add(key);
      refs.push(ref);
    }
  }
  return refs;
}

/** e.g. `configmap/app-config (keys: LOG_LEVEL) via env; secret/db (keys: password) via volume (subPath)`. */
function describeConsumption(references: PlannedReference[]): string {
  return groupByConfig(references)
    .map(([config, refs]) => {
      const keys = [...new Set(refs.flatMap((r) => r.changedKeys))].sort(compareStrings);
      const vias = [...new Set(refs.map(viaLabel))];
      return `${shortId(config)} (keys: ${listKeys(keys)}) via ${vias.join(", ")}`;
    })
    .join("; ");
}

function readsNoChangedKey(references: PlannedReference[]): string {
  const parts = groupByConfig(references).map(([config, refs]) => {
    const keys = [...new Set(refs.flatMap((r) => (r.keys === "all" ? [] : r.keys)))].sort(compareStrings);
    return `${shortId(config)} (keys: ${listKeys(keys)})`;
  });
  return `reads ${parts.join("; ")}, none of which changed`;
}

function groupByConfig(references: PlannedReference[]): Array<[ObjectId, PlannedReference[]]> {
  const groups = new Map<string, [ObjectId, PlannedReference[]]>();
  for (const ref of references) {
    const key = idKey(ref.config);
    if (!groups.has(key)) groups.set(key, [ref.config, []]);
    groups.get(key)![1].push(ref);
  }
  return [...groups.values()].sort(([a], [b]) => compareIds(a, b));
}

function viaLabel(ref: ConfigReference): string {
  const base = ref.via === "projected" ? "projected volume" : ref.via;
  const notes = [ref.init ? "init container" : "", ref.subPath ? "subPath" : ""].filter(Boolean);
  return notes.length > 0 ? `${base} (${notes.join(", ")})` : base;
}

const MAX_LISTED_KEYS = 5;

function listKeys(keys: string[]): string {
  if (keys.length <= MAX_LISTED_KEYS) return keys.join(", ");
  return `${keys.slice(0, MAX_LISTED_KEYS).join(", ")} and ${keys.length - MAX_LISTED_KEYS} more`;
}
