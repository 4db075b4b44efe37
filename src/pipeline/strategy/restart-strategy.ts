// The restart strategy, chosen once per run from --strategy: one object with one method per step,
// so no other stage branches on the strategy. `prepare` does the work a strategy needs before the
// first patch (the annotation strategy hashes the consumed configs; the env strategy needs nothing);
// `patchFor` turns one live workload into the patch that restarts it, or says why none is needed.

import type { PatchType, RestartableKind } from "../../core/kinds/workload-kinds.js";
import type { Log } from "../../core/log.js";
import type { Manifest, ObjectId, PlannedWorkload } from "../../core/model.js";
import type { WorkloadResult } from "../../core/run-result.js";
import type { Git } from "../../git/git.js";
import type { Cluster, LiveConfig } from "../../kube/kube-client.js";
import type { HeadConfig, ScanOptions } from "../scan-repository.js";
import { createAnnotationStrategy } from "./annotation-strategy.js";
import { createEnvStrategy } from "./env-strategy.js";

type Plain = Record<string, unknown>;

export type StrategyName = "annotation" | "env" | "versioned";

/** What a strategy may read while preparing: the plan's workloads and what the run already knows. */
export interface PrepareContext {
  workloads: PlannedWorkload[];
  /** Workload definitions by idKey (repository and cluster). */
  manifests: Map<string, Manifest>;
  /** Configs committed at head that were read so far, by idKey. */
  headConfigs: Map<string, HeadConfig>;
  /** Live configs already read while checking the cluster holds the committed content, by idKey. */
  liveConfigs: Map<string, LiveConfig>;
  cluster: Cluster;
  git: Git;
  head: string;
  scanOptions: ScanOptions;
  /** Files that belong to a rendered source (kustomize tree, chart): never read as raw manifests. */
  ownedPaths?: (path: string) => boolean;
  log: Log;
}

export type RestartStep =
  | {
      /** The patch that changes the pod template, and how to send it. */
      patch: object;
      type: PatchType;
      /** What the patch sets, for the report: `config-rollout.io/config-hash=…`, `RESTART_TIME=…`. */
      describe: string;
    }
  | {
      /** Nothing to patch: the pod template already carries what this run would set. */
      unchanged: string;
    };

/** What a strategy may use after the wait: the cluster, and the run's clock and timeout. */
export interface AfterWaitContext {
  cluster: Cluster;
  log: Log;
  now: () => number;
  timeoutMs: number;
}

export interface AfterWaitOutcome {
  /** The results, amended (a rollback says so on its workload). */
  results: WorkloadResult[];
  /** Lines for the report (copies pruned, or that would be). */
  notes: string[];
}

export interface RestartStrategy {
  readonly name: StrategyName;
  /**
   * Whether the pods read the changed configs in place, so the cluster must hold their committed
   * content before anything restarts (pipeline/cluster/sync-configs.ts). False when the strategy writes the
   * committed content itself (versioned copies).
   */
  readonly needsLiveConfigs: boolean;
  prepare(context: PrepareContext): Promise<void>;
  /** The step for one planned workload; `live` is the object whose pod template is patched, of kind `kind`. */
  patchFor(id: ObjectId, live: Plain, kind: RestartableKind): RestartStep;
  /** What a client dry run (no cluster) can say beyond the plan (versioned: the copies it would create). */
  planNotes?(context: Pick<PrepareContext, "workloads" | "headConfigs" | "head">): string[];
  /**
   * The workloads found on the cluster as the plan should read them (versioned: a reference to a
   * managed copy reads as one to its source, so a workload on an older copy consumes the source).
   * Only for planning: restarts always start from the live objects.
   */
  planningView?(workloads: Manifest[], cluster: Cluster): Promise<Manifest[]>;
  /** Work after the rollouts were waited for (versioned: rollback of failures, pruning of old copies). */
  afterWait?(results: WorkloadResult[], context: AfterWaitContext): Promise<AfterWaitOutcome>;
}

export interface StrategySettings {
  strategy: StrategyName;
  envName: string;
  hashKey?: string;
  dryRun: "none" | "client" | "server";
  rollback: boolean;
  prune: boolean;
  keep: number;
  timeoutMs: number;
  /** API requests in flight at once (--concurrency). */
  concurrency?: number;
}

export async function chooseRestartStrategy(
  settings: StrategySettings,
  now: () => number,
): Promise<RestartStrategy> {
  switch (settings.strategy) {
    case "annotation":
      return createAnnotationStrategy(settings.hashKey);
    case "env":
      return createEnvStrategy(settings.envName, now);
    case "versioned": {
      // Loaded only when chosen: its copies are named with node:crypto, which other runs never load.
      const { createVersionedStrategy } = await import("./versioned-strategy.js");
      return createVersionedStrategy(settings);
    }
  }
}
