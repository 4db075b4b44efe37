// Several sources may define one object (kind/namespace/name): overlays of one app for different
// environments, an all-in-one manifest beside the kustomization it was built from, docs examples.
// A cluster runs one of them, and only the user knows which. Most of the time it does not matter:
// the sources agree, or the object plays no part in the plan. So the definitions are grouped per
// source, one source's definition (the representative) goes on into the plan, and the others are
// kept as variants: plan/variant-conflicts.ts recomputes the plan with each and stops the run only
// when the answer (which workloads restart, with which content) depends on the choice.
//
// Raw files are one source, as `kubectl apply -R -f DIR` applies them together: when two raw files
// define one object, the one later in path order is what the cluster ends up with, at each commit.

import { canonicalJson } from "../../core/config-content.js";
import { consumedConfigIds } from "../../core/consumed-configs.js";
import { field } from "../../core/json-shape.js";
import { templateAt } from "../../core/kinds/pod-template.js";
import { workloadKindOf } from "../../core/kinds/workload-kinds.js";
import { formatId, idKey, type Manifest, type ManifestProblem } from "../../core/model.js";
import { compareStrings } from "../../core/order.js";
import { CONFIG_HASH_ANNOTATION, currentHash } from "../../core/restart-patch.js";
import { configDefinitionFor, deploymentUnitOf } from "../gitops/folder-definitions.js";
import { folderTwinsWarning } from "./folder-twins.js";

/** One source's definition of an object at the two commits (either may be missing). */
export interface Variant {
  /** The source as the report names it: its renderer (`kustomize overlays/prod`), or `file <path>`. */
  source: string;
  base?: Manifest;
  head?: Manifest;
}

interface GroupedSources {
  /** One definition per object and commit: the representative's (all raw definitions when that is raw). */
  base: Manifest[];
  head: Manifest[];
  /** Objects that sources define differently, by idKey, the representative first. */
  variants: Map<string, Variant[]>;
  /** Raw files that define one object differently (a warning at the definition that is used). */
  problems: ManifestProblem[];
}

/** The label of a manifest's source: its renderer, or the raw file it was read from. */
function originLabel(manifest: Manifest): string {
  return manifest.origin ?? `file ${manifest.file}`;
}

const RAW = "";

export function groupBySource(base: readonly Manifest[], head: readonly Manifest[]): GroupedSources {
  const bySide = (manifests: readonly Manifest[]) => {
    const byKey = new Map<string, Map<string, Manifest[]>>();
    for (const m of manifests) {
      const key = idKey(m.id);
      const sources = byKey.get(key) ?? new Map<string, Manifest[]>();
      byKey.set(key, sources);
      const source = m.origin ?? RAW;
      const list = sources.get(source);
      if (list) list.push(m);
      else sources.set(source, [m]);
    }
    return byKey;
  };
  const baseByKey = bySide(base);
  const headByKey = bySide(head);
  const out: GroupedSources = { base: [], head: [], variants: new Map(), problems: [] };
  for (const key of new Set([...baseByKey.keys(), ...headByKey.keys()])) {
    const atBase = baseByKey.get(key) ?? new Map<string, Manifest[]>();
    const atHead = headByKey.get(key) ?? new Map<string, Manifest[]>();
    const sources = [...new Set([...atBase.keys(), ...atHead.keys()])];
    if (sources.length === 1) {
      // One source: everything passes (two raw definitions are findConfigChanges' to report).
      out.base.push(...(atBase.get(sources[0]!) ?? []));
      out.head.push(...(atHead.get(sources[0]!) ?? []));
      continue;
    }
    const variants = sources.map((source) => variantOf(atBase.get(source), atHead.get(source)));
    const distinct = distinctVariants(variants);
    const chosen = distinct[0]!;
    const source = chosen.source.startsWith("file ") ? RAW : chosen.source;
    if (source === RAW) {
      out.base.push(...(atBase.get(RAW) ?? []));
      out.head.push(...(atHead.get(RAW) ?? []));
    } else {
      if (chosen.base) out.base.push(chosen.base);
      if (chosen.head) out.head.push(chosen.head);
    }
    if (distinct.length > 1) out.variants.set(key, distinct);
  }
  return out;
}

/**
 * Workloads as planned: one definition per object at each commit. Raw files that define one object
 * twice are settled as kubectl would (the later path wins), and a warning names both when they
 * differ; sources that disagree become variants as in groupBySource.
 */
export function settleWorkloads(
  base: readonly Manifest[],
  head: readonly Manifest[],
  folders?: DeploymentFolders,
  /** Raw configs read at head: the configs beside a workload defined alike in several folders. */
  headConfigs: readonly Manifest[] = [],
): GroupedSources {
  const problems: ManifestProblem[] = [];
  const rawOnce = (manifests: readonly Manifest[], warn: boolean) => {
    const raw = new Map<string, Manifest[]>();
    const rendered: Manifest[] = [];
    for (const m of manifests) {
      if (m.origin !== undefined) rendered.push(m);
      else raw.set(idKey(m.id), [...(raw.get(idKey(m.id)) ?? []), m]);
    }
    const settled = [...raw.values()].map((defs) => {
      const ordered = [...defs].sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line);
      const own = folders && definitionOfChangedDeployment(ordered, folders);
      if (own) {
        if (warn) problems.push(deploymentChoiceNote(own, ordered, folders!));
        return own.used;
      }
      const last = ordered[ordered.length - 1]!;
      // One definition (the usual case) differs from nothing: no canonical text made for it.
      const lastText = ordered.length > 1 ? canonicalJson(unstamped(last)) : "";
      const other = ordered.find((m) => m !== last && canonicalJson(unstamped(m)) !== lastText);
      const separate = folders && separateDeployments(ordered, folders);
      // Twins in folders no GitOps object deploys: the one that reads a changed config (gitops/folder-definitions.ts).
      const twins = !other && !deployedAtAll(ordered, folders);
      const used = (twins && folders && definitionReadingChange(ordered, headConfigs, folders)) || last;
      // In separate deployments the configs may differ while the workloads agree: said either way.
      if (warn && separate) problems.push(undecidedDeploymentWarning(used, ordered, separate));
      else if (warn && other) problems.push(rawDuplicateWarning(used, other));
      else if (warn && twins) {
        const warning = folderTwinsWarning(ordered, headConfigs, used);
        if (warning) problems.push(warning);
      }
      return used;
    });
    return [...settled, ...rendered];
  };
  const grouped = groupBySource(rawOnce(base, false), rawOnce(head, true));
  return { ...grouped, problems: [...problems, ...grouped.problems] };
}

/**
 * Folders deployed each by its own GitOps object (scan/gitops/deployed-dirs.ts), and the raw files
 * whose configs changed: one object defined in two such folders is two deployments of it, and the
 * plan follows the one where the change is (as stamp hashes each folder with its own configs).
 */
export interface DeploymentFolders {
  deployedDirs: readonly string[];
  /** The files the range changed: a deployed folder holding one is where the change is. */
  changedFiles: readonly string[];
}

/** Whether a GitOps object deploys the folder of any of the definitions. */
function deployedAtAll(ordered: Manifest[], folders: DeploymentFolders | undefined): boolean {
  return (
    folders !== undefined && ordered.some((m) => deploymentUnitOf(m.file, folders.deployedDirs) !== undefined)
  );
}

/**
 * Of workload definitions alike in several folders, the one whose config definitions (the ones its
 * file reads: gitops/folder-definitions.ts) include a changed file, when exactly one does.
 */
function definitionReadingChange(
  ordered: Manifest[],
  configs: readonly Manifest[],
  folders: DeploymentFolders,
): Manifest | undefined {
  const changed = new Set(folders.changedFiles);
  const reading = ordered.filter((workload) =>
    consumedConfigIds(workload, new Map()).some((id) => {
      const definitions = configs.filter((c) => c.origin === undefined && idKey(c.id) === idKey(id));
      return (
        definitions.length > 0 &&
        changed.has(configDefinitionFor(workload.file, definitions, folders.deployedDirs).file)
      );
    }),
  );
  return reading.length === 1 ? reading[0] : undefined;
}

/** A workload's object without the stamp: two definitions stamped each with its folder's configs are alike. */
function unstamped(m: Manifest): unknown {
  const templatePath = workloadKindOf(m.object)?.templatePath;
  if (!templatePath || currentHash(m.object, templatePath) === undefined) return m.object;
  const copy = structuredClone(m.object);
  // currentHash found the annotation: the template, its metadata and annotations are there.
  const annotations = field(field(templateAt(copy, templatePath), "metadata"), "annotations") as Record<
    string,
    unknown
  >;
  delete annotations[CONFIG_HASH_ANNOTATION];
  return copy;
}

/** The deployed folders of the definitions, when each is in one and they are not all in the same. */
function separateDeployments(ordered: Manifest[], folders: DeploymentFolders): string[] | undefined {
  const units = [...new Set(ordered.map((m) => deploymentUnitOf(m.file, folders.deployedDirs)))];
  return units.length < 2 || units.includes(undefined) ? undefined : (units as string[]);
}

/** The definition in the one deployed folder holding a changed config, when the definitions are in several. */
function definitionOfChangedDeployment(
  ordered: Manifest[],
  folders: DeploymentFolders,
): { used: Manifest; unit: string; units: string[] } | undefined {
  const unitOf = (file: string) => deploymentUnitOf(file, folders.deployedDirs);
  const units = separateDeployments(ordered, folders);
  if (units === undefined) return undefined;
  const changed = units.filter((unit) => folders.changedFiles.some((f) => unitOf(f) === unit));
  if (changed.length !== 1) return undefined;
  const used = ordered.filter((m) => unitOf(m.file) === changed[0]).pop()!;
  return { used, unit: changed[0]!, units };
}

function deploymentChoiceNote(
  own: { used: Manifest; unit: string; units: string[] },
  ordered: Manifest[],
  folders: DeploymentFolders,
): ManifestProblem {
  const others = ordered.filter((m) => deploymentUnitOf(m.file, folders.deployedDirs) !== own.unit);
  return {
    file: own.used.file,
    line: own.used.line,
    col: 1,
    severity: "warning",
    message: `${formatId(own.used.id)} is defined by ${own.units.length} deployments (folders ${own.units.join(", ")}, each deployed by its own GitOps object; also at ${others.map((m) => `${m.file}:${m.line}`).join(", ")}): this plan restarts it as ${own.unit} deploys it (${own.used.file}:${own.used.line}), the folder whose configs changed, with that folder's configs, as \`stamp\` hashes it`,
  };
}

function undecidedDeploymentWarning(used: Manifest, ordered: Manifest[], units: string[]): ManifestProblem {
  const others = ordered.filter((m) => m !== used).map((m) => `${m.file}:${m.line}`);
  return {
    file: used.file,
    line: used.line,
    col: 1,
    severity: "warning",
    message: `${formatId(used.id)} is defined by ${units.length} deployments (folders ${units.join(", ")}, each deployed by its own GitOps object; also at ${others.join(", ")}) and the range changes more than one of them, so the plan cannot know which one a cluster runs: it restarts it once, as the last in path order (${used.file}:${used.line}) defines it, with the configs the plan read; run each cluster's job with --paths set to its folder to plan each deployment with its own configs`,
  };
}

function rawDuplicateWarning(used: Manifest, other: Manifest): ManifestProblem {
  return {
    file: used.file,
    line: used.line,
    col: 1,
    severity: "warning",
    message: `${formatId(used.id)} is also defined at ${other.file}:${other.line}, with different content; \`kubectl apply -R -f\` applies files in path order, so this later definition (${used.file}:${used.line}) is what the cluster ends up with and what this plan reads`,
  };
}

/** A source's definitions at each commit; raw files settle on the last one in path order. */
function variantOf(base: Manifest[] | undefined, head: Manifest[] | undefined): Variant {
  const last = (defs: Manifest[] | undefined) =>
    defs?.length
      ? [...defs].sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line)[defs.length - 1]
      : undefined;
  const b = last(base);
  const h = last(head);
  const source = originLabel((h ?? b)!);
  return { source, ...(b ? { base: b } : {}), ...(h ? { head: h } : {}) };
}

/**
 * One variant per distinct pair of definitions, in the order the plan prefers them: a source that
 * defines the object at head before one that only did at base, then by name.
 */
function distinctVariants(variants: Variant[]): Variant[] {
  const rank = (v: Variant) => (v.head ? (v.base ? 0 : 1) : 2);
  const ordered = [...variants].sort((a, b) => rank(a) - rank(b) || compareStrings(a.source, b.source));
  const seen = new Set<string>();
  return ordered.filter((v) => {
    const text = `${v.base ? canonicalJson(v.base.object) : "-"}\n${v.head ? canonicalJson(v.head.object) : "-"}`;
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

/** The first place two objects differ, as a field path (`spec.template.spec.containers[0].image`). */
export function firstDifference(a: unknown, b: unknown, path = ""): string | undefined {
  if (canonicalJson(a) === canonicalJson(b)) return undefined;
  const isObject = (v: unknown): v is Record<string, unknown> =>
    v !== null && typeof v === "object" && !Array.isArray(v);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return path;
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareStrings);
    for (const key of keys) {
      const found = firstDifference(a[key], b[key], path ? `${path}.${key}` : key);
      if (found !== undefined) return found;
    }
  }
  return path || "(the whole object)";
}
