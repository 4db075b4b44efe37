// What the scan stage takes and gives: its options and the scan of a range. The steps of the stage
// (changed files, render, config changes, objects across files, candidates, configs at head) share
// these types; scan-repository.ts runs them in order.

import type { ConfigChange, HeadConfig, Manifest, ManifestProblem } from "../core/model.js";
import type { OptionNaming } from "../core/option-naming.js";
import type { FileChange } from "../git/git.js";
import type { NamespaceOf } from "./gitops/deployed-namespaces.js";
import type { SettingsChange } from "./gitops/settings-changes.js";
import type { ParsedDocuments } from "./manifests/parse-documents.js";
import type { EntryRules } from "./sources/kustomize-entries.js";
import type { Variant } from "./sources/source-variants.js";
import type { SourceWarning } from "./sources/source-warning.js";

/** The rendered sources of a scan: which exist, how they render (render/touched-sources.ts renders them). */
export interface SourceOptions {
  /** [] discovers root kustomizations; ["none"] turns kustomize off. */
  kustomize: string[];
  /** --paths, when given explicitly: only the kustomizations and charts it matches are discovered. */
  paths?: string[];
  render?: string;
  renderPaths: string[];
  defaultNamespace: string;
  /** --render-env: variables the --render command gets besides the fixed allowlist. */
  renderEnv: string[];
  /** Per render (--render-timeout); a hung renderer must not hold the job forever. */
  timeoutMs: number;
  /** --max-file-size: a render printing more is stopped. */
  maxOutputBytes: number;
  /** What a kustomization may name (see scan/sources/kustomize-entries.ts). */
  entryRules: EntryRules;
  /** The job's environment (PATH finds the renderers; the command inherits it, credentials removed). */
  env: Record<string, string | undefined>;
  /** How messages name --render and its bounds: flags on the command line, inputs in the action. */
  naming: OptionNaming;
  /**
   * Deployments known to build with other settings at base than the changed GitOps objects say
   * (gitops/substitution-sources.ts: a ConfigMap they substitute from changed): they take precedence.
   */
  settingsChanges?: readonly SettingsChange[];
}

export interface ScanOptions {
  paths: string[];
  exclude: string[];
  defaultNamespace: string;
  maxFileSize: number;
  /** Rendered sources (kustomize, --render); undefined reads raw files only. */
  sources?: Omit<SourceOptions, "defaultNamespace">;
  /**
   * The namespace the GitOps object deploying a raw file's folder puts its objects in
   * (gitops/deployed-namespaces.ts), looked up at head when a file read holds a config or a workload (the
   * only objects a plan places by namespace): a push that changes neither asks nothing.
   */
  namespaceOf?: () => Promise<NamespaceOf | undefined>;
  /** Documents parsed so far in this run: a bundle's documents alike at both commits are parsed once. */
  documents?: ParsedDocuments;
}

export interface RepositoryScan {
  changedFiles: FileChange[];
  changes: ConfigChange[];
  /** Workload manifests at head that may consume a changed config. */
  workloads: Manifest[];
  /** idKeys of workloads that did not exist at base. */
  newWorkloadIds: Set<string>;
  /** Configs at head, by idKey: the changed ones and any others read on the way. */
  headConfigs: Map<string, HeadConfig>;
  /** The changed configs' definitions at base, by idKey (what --rollback-on-failure puts back). */
  baseConfigs: Map<string, Manifest>;
  problems: ManifestProblem[];
  /** idKeys of the objects read whose manifest names no namespace (--namespace was assumed). */
  assumedNamespace: Set<string>;
  /** Workloads at base read on the way (changed files, renders): to see whose pod template changed. */
  baseWorkloads: Manifest[];
  /** What the report says about rendered sources. */
  sourceNotes: string[];
  /** Renders not run because nothing they print could change the plan (see render/touched-sources.ts). */
  skippedRenders?: number;
  /** Sources the plan could not read (a changed Helm chart, a kustomization broken at base). */
  sourceWarnings: SourceWarning[];
  /** Files a renderer owns: later raw reads skip them too. */
  owned?: (path: string) => boolean;
  /** Folders GitOps objects deploy, looked up when raw files define an object twice (gitops/folder-definitions.ts). */
  deployedDirs?: string[];
  /**
   * Configs and workloads that several sources define differently, by idKey, the one planned from
   * first: the plan is checked against each (plan/variant-conflicts.ts).
   */
  variants: Map<string, Variant[]>;
}

/**
 * Why a changed file (or a renderer's output) with errors at one commit is unread (the plan's
 * `unread` entry): what it defines there, and so what changed, cannot be told.
 */
export const BROKEN_AT = {
  base: "has errors at the base commit",
  head: "has errors at the head commit",
} as const;

/** The scan of a range that changes no file a plan reads. */
export function nothingRead(sourceNotes: string[]): RepositoryScan {
  return {
    changedFiles: [],
    changes: [],
    workloads: [],
    newWorkloadIds: new Set(),
    headConfigs: new Map(),
    baseConfigs: new Map(),
    problems: [],
    assumedNamespace: new Set(),
    baseWorkloads: [],
    sourceNotes,
    sourceWarnings: [],
    variants: new Map(),
  };
}
