// Restart: patch the pod template of each planned workload, and nothing else. A workload already
// carrying the config hash is left alone (re-running on the same commit restarts nothing), and a
// paused Deployment is reported, not patched: it would not roll anyway, and patching it would
// queue a surprise rollout for whoever resumes it.

import picomatch from "picomatch";
import { UserError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import { field } from "../core/manifests/json-shape.js";
import { formatId, type ObjectId, RESTARTABLE_KINDS } from "../core/model.js";
import { annotationPatch, CONFIG_HASH_ANNOTATION, currentHash, envPatch } from "../core/restart-patch.js";
import type { RestartOutcome } from "../core/run-result.js";
import type { Cluster } from "../kube/kube-client.js";

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
  strategy: "annotation" | "env";
  /** Env var set by the env strategy. */
  envName: string;
  /** The config hash this workload's pod template should carry. */
  hashFor(id: ObjectId): string;
  now(): number;
  /** Server-side dry run: every patch is sent with dryRun=All. */
  dryRun: boolean;
  /** Namespaces (globs) that may be written to; default: all. */
  allowedNamespaces?: string[];
  /** Namespaces (globs) that are never written to. */
  excludedNamespaces?: string[];
  log?: Log;
}

export interface RestartResult {
  id: ObjectId;
  result: Extract<RestartOutcome, "restarted" | "unchanged" | "paused" | "failed">;
  message: string;
  /** metadata.generation after the patch: the rollout to wait for. */
  generation?: number;
  /** The object as the patch left it: the wait starts from it instead of listing again. */
  object?: Record<string, unknown>;
  durationMs: number;
}

type RestartCluster = Pick<Cluster, "readWorkload" | "patchWorkload">;

/** Workloads patched at once: enough to hide round trips, few enough to be gentle on the API server. */
const PARALLEL_PATCHES = 4;

/** Patch every requested workload, a few at a time; one result per request, in request order. */
export async function restartWorkloads(
  requests: RestartRequest[],
  cluster: RestartCluster,
  opts: RestartOptions,
): Promise<RestartResult[]> {
  const allowed = opts.allowedNamespaces?.length ? picomatch(opts.allowedNamespaces) : () => true;
  const excluded = opts.excludedNamespaces?.length ? picomatch(opts.excludedNamespaces) : () => false;
  const results: RestartResult[] = new Array(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index]!;
      const started = opts.now();
      const outcome = await restartOne(request, cluster, opts, (ns) => allowed(ns) && !excluded(ns));
      const result = { id: request.id, ...outcome, durationMs: opts.now() - started };
      opts.log?.info(`${formatId(request.id)}: ${result.message}`);
      results[index] = result;
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_PATCHES, requests.length) }, worker));
  return results;
}

async function restartOne(
  request: RestartRequest,
  cluster: RestartCluster,
  opts: RestartOptions,
  mayWrite: (namespace: string) => boolean,
): Promise<Omit<RestartResult, "id" | "durationMs">> {
  const { id } = request;
  if (!(RESTARTABLE_KINDS as readonly string[]).includes(id.kind)) {
    return { result: "failed", message: `${id.kind} cannot be restarted by patching its pod template` };
  }
  if (!mayWrite(id.namespace)) {
    return { result: "failed", message: `refused: namespace ${id.namespace} is excluded from writes` };
  }
  try {
    const live = isLive(request.object) ? request.object : await cluster.readWorkload(id);
    if (!live) return { result: "failed", message: `${formatId(id)} does not exist in the cluster` };

    if (id.kind === "Deployment" && field(field(live, "spec"), "paused") === true) {
      return {
        result: "paused",
        message: `deployment "${id.name}" is paused: not restarted (resume it with kubectl rollout resume deployment/${id.name} -n ${id.namespace})`,
      };
    }
    const hash = opts.hashFor(id);
    if (opts.strategy === "annotation") {
      if (!hash) return { result: "failed", message: "no config hash was computed for it: not restarted" };
      if (currentHash(live) === hash) {
        return { result: "unchanged", message: `pod template already has ${CONFIG_HASH_ANNOTATION}=${hash}` };
      }
    }
    // The env strategy stamps the current Unix time (seconds), as CI scripts do today: every run restarts.
    const value = String(Math.floor(opts.now() / 1000));
    const patch =
      opts.strategy === "annotation"
        ? annotationPatch(hash)
        : envPatch(field(field(field(live, "spec"), "template"), "spec"), opts.envName, value);
    const patched = await cluster.patchWorkload(id, patch, opts.dryRun);
    const generation = field(field(patched, "metadata"), "generation");
    const what =
      opts.strategy === "annotation" ? `${CONFIG_HASH_ANNOTATION}=${hash}` : `${opts.envName}=${value}`;
    return {
      result: "restarted",
      message: opts.dryRun
        ? `server dry run accepted the patch (${what})`
        : `patched the pod template (${what})`,
      generation: typeof generation === "number" ? generation : undefined,
      ...(opts.dryRun ? {} : { object: patched }),
    };
  } catch (error) {
    // API refusals and bad input stay with this workload; the others still get their turn.
    if (error instanceof UserError) return { result: "failed", message: error.message };
    throw error;
  }
}

function isLive(object: Record<string, unknown> | undefined): object is Record<string, unknown> {
  return typeof field(field(object, "metadata"), "resourceVersion") === "string";
}
