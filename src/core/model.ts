// The data that flows through the pipeline: diff -> changes -> references -> plan -> rollout.
// Every stage takes and returns these plain values; only adapters (git, kube, ci, report) do I/O.

export type ConfigKind = "ConfigMap" | "Secret";

// What each workload kind is (pod template, restart, rollout rule) lives in kinds/workload-kinds.ts.

/** Identity of a Kubernetes object: kind + namespace + name (namespace already defaulted). */
export interface ObjectId {
  kind: string;
  namespace: string;
  name: string;
}

/** One Kubernetes object read from a file of the repository. */
export interface Manifest {
  id: ObjectId;
  /** Repository-relative path, forward slashes. */
  file: string;
  /** 1-based line where the object starts in the file. */
  line: number;
  /** The object as plain JSON (merge keys applied). */
  object: Record<string, unknown>;
  /** True when the file names no namespace and the --namespace default was used. */
  namespaceAssumed?: boolean;
  /**
   * Set on an object that the GitOps objects deploying its folder place in several namespaces
   * (Flux `targetNamespace`, Argo CD `destination.namespace` or `kustomize.namespace`; a raw file's,
   * or a kustomization's they deploy otherwise alike): its one stamp serves them all, so the stamp's
   * value leaves the namespace out (core/config-hash.ts: namespaceFree).
   */
  namespaceByDeployment?: true;
  /**
   * Set on a rendered object of a kustomization GitOps objects deploy in ways that differ in more
   * than the namespace (why, naming them): its one stamp is written as kustomize builds it, which
   * --strategy gitops cannot expect of each deployment.
   */
  stampCannotMatch?: string;
  /**
   * Set on a workload of a raw file whose pod template (or a mapping on the way to it) is a YAML
   * alias, an anchor used in more than one place: why `config-rollout stamp` cannot write its stamp
   * there (scan/manifests/shared-template.ts), which --strategy gitops says instead of asking for it.
   */
  stampUnwritable?: string;
  /** The renderer that produced it (e.g. `kustomize overlays/prod`); undefined for a raw file. */
  origin?: string;
  /** For a rendered object: the one input file that can be blamed for its change, when there is one. */
  blamedFile?: string;
  /**
   * Flux variables (`${NAME}`) its text holds as written because they are filled in on the cluster
   * from a source not read here: its content is not what the cluster holds.
   */
  unsubstituted?: string[];
  /**
   * Set on a config a kustomize generator made with a hash suffix: its consumers roll when its
   * content (so its name) changes, so no config hash covers it (scan/sources/blame.ts).
   */
  selfRolling?: true;
}

/** Something wrong with an input file; reported, and fatal only under --strict (errors) . */
export interface ManifestProblem {
  file: string;
  line: number;
  col: number;
  message: string;
  severity: "error" | "warning";
  /** A duplicate mapping key: kubectl applies the last value (a warning), kustomize rejects the file. */
  duplicateKey?: true;
  /** Set when the problem is that the file was not read (what it is, e.g. `a Git LFS pointer`): the plan is incomplete. */
  unread?: string;
}

/**
 * Something the range touched (or the plan needed) that was not read: a chart nothing rendered, a
 * kustomization that does not build, a file over --max-file-size, an LFS pointer, a submodule. A
 * plan with any is incomplete: what it says is true of what was read, and no more.
 */
export interface UnreadSource {
  /** The file, chart or directory concerned. */
  file: string;
  /** What it is and why it was not read, a few words: `Helm chart, not rendered`. */
  why: string;
}

/**
 * What a pod sees of a ConfigMap or Secret: key -> bytes, as base64.
 * ConfigMap: data (UTF-8) + binaryData. Secret: decoded data with stringData merged over it.
 */
export type ConfigContent = Record<string, string>;

export interface ConfigSnapshot {
  id: ObjectId;
  file: string;
  line: number;
  content: ConfigContent;
}

/** A config as committed at head: its content, and the manifest that defines it (what --apply applies). */
export interface HeadConfig {
  snapshot: ConfigSnapshot;
  manifest: Manifest;
  /**
   * Set when raw files define the config more than once at head (per-cluster folders): every
   * definition, and the folders GitOps objects deploy. A workload's hash takes the definition its
   * file reads (scan/gitops/folder-definitions.ts), as `stamp` does; `snapshot` is the first read.
   */
  folders?: { definitions: ConfigSnapshot[]; deployedDirs: readonly string[] };
}

export type ChangeStatus = "modified" | "added" | "deleted";

/** A ConfigMap or Secret whose content differs between base and head. */
export interface ConfigChange {
  id: ObjectId;
  status: ChangeStatus;
  /** File at head (at base for a deleted config). */
  file: string;
  line: number;
  /** Keys added, removed or modified (sorted). */
  keys: string[];
  /** The config (at head) is annotated config-rollout.io/ignore: "true": its change restarts nothing. */
  ignored?: boolean;
  /** Its Stakater Reloader annotations at head: `ignore` (Reloader never acts on it), `match` (for `search`). */
  reloader?: { ignore?: true; match?: true };
  /** The renderer it came from (e.g. `kustomize overlays/prod`); undefined for a raw file. */
  origin?: string;
  /** The input file to blame for a rendered change (a generator's file, a patch), when one can be. */
  blamedFile?: string;
  /** A generator's hash suffix renamed it: its name at the base commit. */
  previousName?: string;
}

type ReferenceVia = "volume" | "projected" | "envFrom" | "env";

/** One place in a pod spec that ties it to a ConfigMap or Secret. */
export interface ConfigReference {
  configKind: ConfigKind;
  configName: string;
  via: ReferenceVia;
  /** Keys the reference reads, or "all" (envFrom, volume without items). */
  keys: string[] | "all";
  /** Human-readable location, e.g. `containers[app].env[DB_HOST]` or `volumes[config]`. */
  path: string;
  /** True when the reference is from an init container. */
  init?: boolean;
  /** True when the volume is mounted with subPath somewhere (never hot-updates). */
  subPath?: boolean;
  /** True for `optional: true`: pods started without the config (or key) when it was missing. */
  optional?: boolean;
}

/** restart: roll it; skip: leave it (the reason says why); baseline: `sync --adopt` records a baseline on it, no rollout. */
type WorkloadAction = "restart" | "skip" | "baseline";

export interface PlannedWorkload {
  id: ObjectId;
  action: WorkloadAction;
  /** Why it restarts, or why it is skipped. One sentence. */
  reason: string;
  /** The references that tie this workload to a changed config, with the changed keys they read. */
  references: Array<ConfigReference & { config: ObjectId; changedKeys: string[] }>;
  /** Where the workload definition was found. */
  source: "repo" | "cluster";
  file?: string;
  line?: number;
  /** The renderer it came from (e.g. `kustomize overlays/prod`); undefined for a raw file or the cluster. */
  origin?: string;
  blamedFile?: string;
  /** Skipped because its pod template changed in the range: applying the manifests rolls it. */
  rollsOnApply?: boolean;
}

export interface Plan {
  base: string;
  head: string;
  /** How the range was chosen, e.g. "GitHub push: before..after". */
  rangeNote: string;
  changes: ConfigChange[];
  workloads: PlannedWorkload[];
  problems: ManifestProblem[];
  warnings: string[];
  /** What was rendered, and what was not (kustomizations, --render, Helm charts needing --render). */
  sources?: string[];
  /**
   * Renders not run (a source held back at both commits counts two): its changed inputs play no part
   * in the plan, or parse to the same data at both commits. Absent when none was skipped.
   */
  skippedRenders?: number;
  /** What the range touched that was not read (the outcome is then `incomplete`); absent when all was read. */
  unread?: UnreadSource[];
  /** `config-rollout sync`: planned from the live configs, not from two commits. */
  live?: true;
}

export function idKey(id: ObjectId): string {
  return `${id.kind}/${id.namespace}/${id.name}`;
}

/** `configmap/app`, as kubectl names an object: how every message and report names one. */
export function shortId(id: Pick<ObjectId, "kind" | "name">): string {
  return `${id.kind.toLowerCase()}/${id.name}`;
}

/** `configmap/app (namespace shop)`. */
export function formatId(id: ObjectId): string {
  return `${shortId(id)} (namespace ${id.namespace})`;
}
