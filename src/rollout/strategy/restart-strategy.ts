// The restart strategy, chosen once per run from --strategy (choose-strategy.ts): one object with one method per step,
// so no other stage branches on the strategy. A strategy decides what to write and what to do after
// the wait; it never writes a patch or waits itself: the restart-and-wait path
// (rollout/restart-and-wait.ts) does both, the same way for the first restart and for a
// rollback. `prepare` does the reads a strategy needs before the first patch (the annotation
// strategy hashes the consumed configs; the versioned strategy names its copies; each reads the
// repository's Secrets the workloads consume, whose values are masked in what the pods say:
// consumed-secrets.ts) and says which configs to write first; `patchFor` turns one live workload into the
// patch that restarts it, or says why none is needed.

import type { CommitOrder } from "../../core/commit-sha.js";
import type { PatchType, RestartableKind } from "../../core/kinds/workload-kinds.js";
import type { Log } from "../../core/log.js";
import type {
  ConfigContent,
  ConfigKind,
  HeadConfig,
  Manifest,
  ObjectId,
  PlannedWorkload,
} from "../../core/model.js";
import type { RestoredConfig, WorkloadResult } from "../../core/run-result.js";
import type { DryRun, Strategy } from "../../core/setting-choices.js";
import type { AccessCheck, Cluster, LiveConfig } from "../../kube/cluster.js";
import type { PlannedChange } from "../../plan/plan-document.js";
import type { ConfigRestore } from "../restore/restore-source.js";

type Plain = Record<string, unknown>;

type StrategyName = Strategy;

/** What a strategy may read while preparing: the plan's workloads and what the run already knows. */
export interface PrepareContext {
  workloads: PlannedWorkload[];
  /** Workload definitions by idKey (repository and cluster). */
  manifests: Map<string, Manifest>;
  /** Workload definitions from the repository at head, by idKey (the live ones are in `manifests`). */
  headWorkloads: Map<string, Manifest>;
  /** Configs committed at head that were read so far, by idKey. */
  headConfigs: Map<string, HeadConfig>;
  /** The configs committed at head among `ids`, read from the repository when the scan did not (with those it did). */
  readHeadConfigs(ids: ObjectId[]): Promise<Map<string, HeadConfig>>;
  /** Where a commit stands relative to `head` in git's history (versioned: is a live copy newer than this run?). */
  commitOrder(commit: string): Promise<CommitOrder>;
  /** Live configs already read while checking the cluster holds the committed content, by idKey. */
  liveConfigs: Map<string, LiveConfig>;
  cluster: Cluster;
  head: string;
  log: Log;
}

/** What a strategy may read to say what the plan file records (--plan-out, plan/plan-out.ts). */
interface PlanFileContext
  extends Pick<PrepareContext, "manifests" | "headConfigs" | "readHeadConfigs" | "head"> {
  /** The --hash-key, asked once the configs a change is made of are known: refuses a Secret without one. */
  keyFor(covered: ObjectId[]): Buffer | undefined;
}

/** A config a strategy needs on the cluster before the first patch (the versioned strategy's copies). */
export interface ConfigWrite {
  id: ObjectId & { kind: ConfigKind };
  /** The object, applied server-side (it may create it: RBAC must allow create and patch). */
  body: Plain;
  /** The line that reports it written (or accepted by a server dry run). */
  done: string;
}

export interface Prepared {
  /** Written by the restart path after its permission check, before the first patch. */
  configWrites: ConfigWrite[];
  /**
   * What a later step may need, asked about with the first round's writes so a denial stops the
   * run before any write (--rollback-on-failure: reading and patching the configs it may restore).
   */
  reviews?: AccessCheck[];
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

/**
 * How one workload's restart patch ended, once its round's patches are answered: "restarted" or
 * "unchanged" (an earlier run's), its template carries this run's change; "failed" with `unanswered`,
 * the patch got no answer (no response within the request timeout, a reset connection, a 5xx after
 * the retries) and may have been applied: an applied one moved `generation`, the object's before it.
 * Any other result left the template as it was.
 */
export interface PatchOutcome {
  id: ObjectId;
  result: string;
  unanswered?: { generation?: number };
}

/** The step for one planned workload; `live` is the object whose pod template is patched, of kind `kind`. */
export type StepFor = (id: ObjectId, live: Plain, kind: RestartableKind) => RestartStep;

/** Workloads to restart again after the wait, through the same path (versioned: failed rollouts, back to their previous configs). */
export interface Rollback {
  ids: ObjectId[];
  patchFor: StepFor;
  /**
   * In-place strategies: configs to put back to the base commit's content first. A workload reading
   * one that could not be is not patched (it would read the failed content again).
   */
  restores?: ConfigRestore[];
  /** How each restore ended, told once they are written and before any workload is patched. */
  restored?: (outcomes: RestoredConfig[]) => void;
}

/** What a strategy may use after the wait. */
interface AfterWaitContext {
  cluster: Cluster;
  log: Log;
}

export interface AfterWaitOutcome {
  /** The results, amended (a rollback says so on its workload). */
  results: WorkloadResult[];
  /** Lines for the report (copies pruned, or that would be). */
  notes: string[];
  /** In-place strategies with --rollback-on-failure: the configs put back, or not, and why. */
  restores?: RestoredConfig[];
}

export interface RestartStrategy {
  readonly name: StrategyName;
  /**
   * Whether the pods read the changed configs in place, so the cluster must hold their committed
   * content before anything restarts (rollout/sync-configs.ts). False when the strategy
   * writes the committed content itself (versioned copies).
   */
  readonly needsLiveConfigs: boolean;
  /** The log section of `prepare`, when it is not the one `needsLiveConfigs` implies. */
  readonly prepareTitle?: string;
  /**
   * Whether workloads whose pod template changed in the range are followed like the others instead
   * of reported as rolling on apply (gitops: the stamp itself changes the template, and the run
   * follows exactly the rollouts the agent starts).
   */
  readonly followsTemplateChanges?: boolean;
  prepare(context: PrepareContext): Promise<Prepared>;
  patchFor: StepFor;
  /**
   * Set when a GitOps agent, not this run, changes the pod templates (gitops): before the restart
   * path, the run waits until each workload's live template carries `hashFor(id)`
   * (rollout/wait-for-agent.ts); `patchFor` then finds it in place and patches nothing.
   */
  readonly awaitsAgent?: {
    hashFor(id: ObjectId): string | undefined;
    /**
     * The configs a generator names by their content that the head template reads: the stamp leaves
     * them out (their new name rolls the workload), so the template reading them is the sign the
     * agent applied the commit, beside the hash.
     */
    generatedFor(id: ObjectId): ObjectId[];
  };
  /**
   * --plan-out: what each workload's restart writes, by idKey, as the plan file records it (gitops
   * has none: it writes nothing, and the settings refuse --plan-out with it).
   */
  planFileChanges?(workloads: PlannedWorkload[], ctx: PlanFileContext): Promise<Map<string, PlannedChange>>;
  /** What a client dry run (no cluster) can say beyond the plan (versioned: the copies it would create). */
  planNotes?(context: Pick<PrepareContext, "workloads" | "headConfigs" | "head">): string[];
  /**
   * The workloads found on the cluster as the plan should read them (versioned: a reference to a
   * managed copy reads as one to its source, so a workload on an older copy consumes the source).
   * Only for planning: restarts always start from the live objects.
   */
  planningView?(workloads: Manifest[], cluster: Cluster): Promise<Manifest[]>;
  /**
   * After the wait: what to restart again, and how (versioned: roll back failed rollouts, reading
   * first that the configs to return to still exist); undefined for nothing.
   */
  rollbackFor?(results: WorkloadResult[], context: AfterWaitContext): Promise<Rollback | undefined>;
  /**
   * In-place strategies (annotation, env): the step that puts a workload back to the pod template it
   * ran before this run, once the `restored` configs (base content by idKey) are back: the hash of
   * what it then reads, the previous RESTART_TIME. Used by --rollback-on-failure (restore/).
   */
  rollbackStep?(restored: ReadonlyMap<string, ConfigContent>): Promise<StepFor>;
  /** Each workload's restart patch as it ended, once its round's patches are answered (before the wait). */
  restarted?(outcomes: readonly PatchOutcome[]): void;
  /** A workload of a later round not to restart, and why (a config it reads was put back meanwhile). */
  heldBack?(id: ObjectId): string | undefined;
  /**
   * The last step, once any rollback has rolled out (`rolledBack`: its results, in its order):
   * amend the results, clean up (versioned: say what rolled back, prune unused copies).
   */
  afterWait?(
    results: WorkloadResult[],
    rolledBack: WorkloadResult[],
    context: AfterWaitContext,
  ): Promise<AfterWaitOutcome>;
}

export interface StrategySettings {
  strategy: StrategyName;
  envName: string;
  hashKey?: string;
  dryRun: DryRun;
  /** --rollback-on-failure as given; undefined: the strategy's default (rollsBackOnFailure). */
  rollbackOnFailure?: boolean;
  prune: boolean;
  keep: number;
  /** API requests in flight at once (--concurrency). */
  concurrency: number;
}
