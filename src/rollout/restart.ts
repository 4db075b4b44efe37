// Restart: patch the pod template of each planned workload, and nothing else. The strategy says
// what the patch is, or that the template already carries it (a rerun restarts nothing); the kind's
// table entry says how to send it and whether the live object refuses a restart (a paused
// Deployment: it would not roll anyway, and patching it would queue a surprise rollout for whoever
// resumes it).

import { ClusterAccessError, isExpectedError } from "../core/errors.js";
import { field } from "../core/json-shape.js";
import { type RestartableKind, restartableKind } from "../core/kinds/workload-kinds.js";
import type { Log } from "../core/log.js";
import { formatId, type ObjectId } from "../core/model.js";
import { runLimited } from "../core/run-limited.js";
import type { RestartOutcome } from "../core/run-result.js";
import type { Cluster } from "../kube/cluster.js";
import { isConflict } from "../kube/retry.js";
import { stopReason } from "../process/interrupt.js";
import type { PatchOutcome, RestartStep, RestartStrategy } from "./strategy/restart-strategy.js";

export interface RestartRequest {
  id: ObjectId;
  /**
   * The workload as listed from the cluster, to save a GET. Only used when it is a live object
   * (it has metadata.resourceVersion); a manifest from the repository is never trusted for the
   * live state (paused, current hash), so the workload is read instead.
   */
  object?: Record<string, unknown>;
}

export interface RestartOptions {
  /** The run's strategy, already prepared: it turns each live workload into its patch. */
  strategy: Pick<RestartStrategy, "patchFor">;
  now(): number;
  /** Server-side dry run: every patch is sent with dryRun=All. */
  dryRun: boolean;
  /**
   * Called once every patch is computed and before the first is sent, with the objects that will be
   * patched (a rerun's unchanged workloads are not among them); it may throw to refuse the run.
   */
  beforeWrites?: (targets: Array<{ id: ObjectId; kind: RestartableKind }>) => Promise<void>;
  log?: Log;
  /** Reads and patches in flight at once (--concurrency). */
  concurrency: number;
  /**
   * Once aborted, no patch is sent any more: those not yet sent are not restarted (a batch larger
   * than --concurrency interrupted, a cluster the fleet gave up). Patches already sent are answered.
   */
  stop?: AbortSignal;
}

export interface RestartResult {
  id: ObjectId;
  result: Extract<RestartOutcome, "restarted" | "unchanged" | "paused" | "failed" | "not-started">;
  message: string;
  /** metadata.generation after the patch: the rollout to wait for. */
  generation?: number;
  /** The object as the patch left it: the wait starts from it instead of listing again. */
  object?: Record<string, unknown>;
  /**
   * Set when the patch went to the object whose template this workload runs (Argo's workloadRef):
   * that object's generation after the patch, which the workload must report as observed.
   */
  templateOwnerGeneration?: number;
  /** A failed patch that got no answer: it may have been applied (PatchOutcome). */
  unanswered?: PatchOutcome["unanswered"];
  durationMs: number;
}

type RestartCluster = Pick<Cluster, "readWorkload" | "patchWorkload" | "serves" | "retryOnConflict">;

/** A workload whose patch is computed and not yet sent. */
interface PendingPatch {
  /** The object patched: the workload, or the object whose template it runs. */
  target: { id: ObjectId; kind: RestartableKind };
  step: Extract<RestartStep, { patch: object }>;
  ownerId?: ObjectId;
  /** metadata.generation of the object read, which the patch must move. */
  generation?: number;
}

type Outcome = Omit<RestartResult, "id" | "durationMs">;

/**
 * Restart every requested workload; one result per request, in request order. Two phases, so
 * nothing is written before everything is known: first read each live object and compute its
 * patch (a few at a time), then — after `beforeWrites` has seen every object that will really be
 * patched, and may refuse the run — send the patches.
 */
export async function restartWorkloads(
  requests: RestartRequest[],
  cluster: RestartCluster,
  opts: RestartOptions,
): Promise<RestartResult[]> {
  const started = opts.now();
  const limit = opts.concurrency;
  const prepared = await runLimited(requests, limit, (request) => prepareOne(request, cluster, opts));
  const pending = prepared.filter((p): p is PendingPatch => "step" in p);
  await opts.beforeWrites?.(pending.map((p) => p.target));
  return runLimited(requests, limit, async (request, index) => {
    const ready = prepared[index]!;
    const outcome: Outcome = !("step" in ready)
      ? ready
      : opts.stop?.aborted
        ? { result: "not-started", message: `not restarted: ${stopReason(opts.stop)}` }
        : await sendPatch(request, ready, cluster, opts);
    const result = { id: request.id, ...outcome, durationMs: opts.now() - started };
    opts.log?.info(`${formatId(request.id)}: ${result.message}`);
    return result;
  });
}

/** Read the live object and decide: a patch to send, or an outcome already (unchanged, paused, failed). */
async function prepareOne(
  request: RestartRequest,
  cluster: RestartCluster,
  opts: RestartOptions,
): Promise<PendingPatch | Outcome> {
  const { id } = request;
  const kind = restartableKind(id.kind);
  if (!kind) {
    return { result: "failed", message: `${id.kind} cannot be restarted by patching its pod template` };
  }
  try {
    const live = isLive(request.object) ? request.object : await cluster.readWorkload(id);
    if (!live) return { result: "failed", message: await missingMessage(id, kind, cluster) };
    const refusal = kind.refusesRestart?.(live);
    if (refusal) return { result: "paused", message: refusal };

    // A workload that runs another object's pod template (Argo's workloadRef) restarts through it.
    const ownerId = kind.templateOwner?.(live);
    const target = ownerId ? await templateOwner(ownerId, cluster) : { id, kind, live };
    if ("failed" in target) return { result: "failed", message: target.failed };

    const step = opts.strategy.patchFor(id, target.live, target.kind);
    if ("unchanged" in step) {
      // Already restarted by an earlier run (a rerun of a failed job): its rollout is still judged,
      // from this object on, so the rerun gives the verdict the first run would have.
      return ownerId
        ? { result: "unchanged", message: step.unchanged, templateOwnerGeneration: generationOf(target.live) }
        : { result: "unchanged", message: step.unchanged, generation: generationOf(live), object: live };
    }
    return {
      target: { id: target.id, kind: target.kind },
      step,
      generation: generationOf(target.live),
      ...(ownerId ? { ownerId } : {}),
    };
  } catch (error) {
    // API refusals and bad input stay with this workload; the others still get their turn.
    if (isExpectedError(error)) return { result: "failed", message: error.message };
    throw error;
  }
}

/**
 * Send a computed patch. A 409 Conflict means the object changed since it was read (a merge patch
 * guarded by its resourceVersion, or a server that gave up): the workload is read again and its
 * patch computed afresh, as client-go's RetryOnConflict does — the same body could never succeed,
 * and a patch computed from an old read could undo someone else's change.
 */
async function sendPatch(
  request: RestartRequest,
  first: PendingPatch,
  cluster: RestartCluster,
  opts: RestartOptions,
): Promise<Outcome> {
  try {
    return await cluster.retryOnConflict(async (attempt) => {
      const ready = attempt === 0 ? first : await prepareOne({ id: request.id }, cluster, opts);
      return "step" in ready ? patchOnce(ready, cluster, opts) : ready;
    });
  } catch (error) {
    // Still conflicting once the retries are used up: this workload fails, the others go on.
    if (isExpectedError(error)) return { result: "failed", message: error.message };
    throw error;
  }
}

async function patchOnce(
  { target, step, ownerId, generation }: PendingPatch,
  cluster: RestartCluster,
  opts: RestartOptions,
): Promise<Outcome> {
  try {
    const patched = await cluster.patchWorkload(target.id, step.patch, opts.dryRun, step.type);
    const through = ownerId ? ` of ${formatId(ownerId)} (its workloadRef)` : "";
    // The strategy computed this patch because the template differs from what it sets: a server
    // that answers with the generation unchanged did not change the template, so no rollout (or
    // rollback) started, whatever the 200 says.
    // (A server dry run is not judged so: what it answers is not kept.)
    if (!opts.dryRun && generation !== undefined && generationOf(patched) === generation) {
      return {
        result: "failed",
        message: `the patch${through} (${step.describe}) left the pod template as it was (generation ${generation}): not applied`,
      };
    }
    const message = opts.dryRun
      ? `server dry run accepted the patch${through} (${step.describe})`
      : `patched the pod template${through} (${step.describe})`;
    if (ownerId) {
      // The workload's own object did not change: the wait starts from a fresh read of it.
      return { result: "restarted", message, templateOwnerGeneration: generationOf(patched) };
    }
    return {
      result: "restarted",
      message,
      generation: generationOf(patched),
      ...(opts.dryRun ? {} : { object: patched }),
    };
  } catch (error) {
    // A conflict goes back to sendPatch, which reads the object again; other refusals are final.
    if (isExpectedError(error) && !isConflict(error))
      return {
        result: "failed",
        message: error.message,
        ...(unanswered(error) ? { unanswered: { generation } } : {}),
      };
    throw error;
  }
}

async function templateOwner(
  ownerId: ObjectId,
  cluster: RestartCluster,
): Promise<{ id: ObjectId; kind: RestartableKind; live: Record<string, unknown> } | { failed: string }> {
  const kind = restartableKind(ownerId.kind);
  if (!kind) {
    return { failed: `its workloadRef names ${formatId(ownerId)}, a kind config-rollout cannot patch` };
  }
  const live = await cluster.readWorkload(ownerId);
  if (!live)
    return { failed: `its workloadRef names ${formatId(ownerId)}, which does not exist in the cluster` };
  return { id: ownerId, kind, live };
}

/** Why a workload to restart was not found: gone, or (a custom resource) not served by this cluster at all. */
async function missingMessage(id: ObjectId, kind: RestartableKind, cluster: RestartCluster): Promise<string> {
  if (kind.customResource && !(await cluster.serves(kind.kind))) {
    return `the cluster does not serve ${kind.resource}.${kind.group}/${kind.version}: is the CustomResourceDefinition installed?`;
  }
  return `${formatId(id)} does not exist in the cluster`;
}

/**
 * A request that got no answer the server stands by: none at all (a timeout, a reset connection) or
 * a 5xx (a 504 says the write may still be in progress). A 4xx is a refusal: nothing was written.
 */
function unanswered(error: Error): boolean {
  return error instanceof ClusterAccessError && (error.status === undefined || error.status >= 500);
}

function generationOf(obj: Record<string, unknown>): number | undefined {
  const generation = field(field(obj, "metadata"), "generation");
  return typeof generation === "number" ? generation : undefined;
}

function isLive(object: Record<string, unknown> | undefined): object is Record<string, unknown> {
  return typeof field(field(object, "metadata"), "resourceVersion") === "string";
}
