// `config-rollout sync`: restart exactly the workloads whose pods run config that is no longer the
// cluster's, from the live state, with the same permission check, waits, pod watch, rollback-free
// annotation restart and reports as a git-driven run. Read (sync/read-live-state.ts), judge each
// workload (sync/sync-verdict.ts, sync/adopt.ts), plan (sync/sync-plan.ts), then restart through
// the one restart-and-wait path (rollout/restart-and-wait.ts); adopted workloads whose pods already
// run the current content get a baseline on their metadata instead (no rollout).

import { liveConfigContent } from "../core/config-content.js";
import { UserError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import { idKey, type Manifest, type ObjectId, shortId } from "../core/model.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import { type RunReport, reportOf, type WorkloadResult } from "../core/run-result.js";
import type { Cluster } from "../kube/cluster.js";
import { reviewAccess } from "../rollout/check-permissions.js";
import { rollOut } from "../rollout/restart-and-wait.js";
import { annotationStep } from "../rollout/strategy/annotation-strategy.js";
import type { RestartStrategy } from "../rollout/strategy/restart-strategy.js";
import { waveOf } from "../rollout/waves.js";
import type { SyncSettings } from "../settings/settings.js";
import { judgeAdoption, lastWrite } from "../sync/adopt.js";
import { type LiveWorkload, readLiveState, readPods } from "../sync/read-live-state.js";
import { readsNamed, type SyncAnnotation, syncAction, syncPlan } from "../sync/sync-plan.js";
import { BASELINE_ANNOTATION, baselineValue, type SyncVerdict, syncVerdict } from "../sync/sync-verdict.js";
import { type ClusterConnection, FIELD_MANAGER } from "./cluster-connection.js";

type Plain = Record<string, unknown>;

export async function runSync(
  settings: SyncSettings,
  deps: { connection: ClusterConnection; log: Log; now: () => number; naming?: OptionNaming },
): Promise<RunReport> {
  const { log } = deps;
  const naming = deps.naming ?? CLI_FLAGS;
  if (settings.rollbackOnFailure === true) {
    throw new UserError(
      `config-rollout sync cannot roll back on failure: it restarts workloads for configs changed outside git, whose earlier content is gone (no base commit holds it); drop ${naming.option("rollback-on-failure")}`,
    );
  }
  const named = settings.syncConfigs;
  const cluster = await deps.connection.connect();
  if (!cluster) {
    throw new UserError(
      `config-rollout sync reads the cluster: no kubeconfig found (${naming.option("kubeconfig-data")}, ${naming.option("kubeconfig")}, $KUBECONFIG, ~/.kube/config or an in-cluster service account)`,
    );
  }
  const loaded = await deps.connection.loaded();
  const namespaces = settings.namespaces.length > 0 ? settings.namespaces : undefined;
  const scope = {
    ...(namespaces ? { namespaces } : {}),
    ...(settings.selector ? { selector: settings.selector } : {}),
  };
  const state = await log.group("Read the live workloads and the configs they read", () =>
    readLiveState(cluster, scope, settings.concurrency),
  );
  const contents = new Map<string, Record<string, string>>();
  const uids = new Map<string, string>();
  for (const [key, object] of state.configs) {
    contents.set(key, liveConfigContent(object));
    const uid = (object.metadata as { uid?: unknown } | undefined)?.uid;
    if (typeof uid === "string") uids.set(key, uid);
  }
  const hashKey = settings.hashKey ? Buffer.from(settings.hashKey) : undefined;
  const inScope = state.workloads.filter(
    (w) => !settings.excludeNamespaces.includes(w.id.namespace) && readsNamed(w.consumed, named),
  );
  const decisions = await log.group("Compare each workload's config hash with the live configs", () =>
    Promise.all(
      inScope.map(async (workload) => {
        const verdict = syncVerdict(
          workload.object,
          workload.kind,
          { contents, uids, unreadable: state.unreadable },
          {
            ...(hashKey ? { hashKey } : {}),
            fieldManager: FIELD_MANAGER,
          },
          workload.consumed,
        );
        const adopted =
          verdict.state === "no-baseline" && settings.adopt
            ? await judge(cluster, workload, verdict, state.configs)
            : undefined;
        return { workload, verdict, action: syncAction(verdict, settings.adopt, adopted) };
      }),
    ),
  );
  const plan = syncPlan(decisions, describeScope(settings, named.length));
  for (const warning of plan.warnings) log.warn(warning);
  const cluster_ = loaded ? { context: loaded.context, server: loaded.server } : undefined;
  // One workload's bad wave annotation fails that workload, not the sync of every other one.
  const { valid: restarts, failed: badWaves } = splitBadWaves(
    decisions.flatMap(({ workload, action }) =>
      action.do === "restart" ? [{ workload, annotation: action.annotation }] : [],
    ),
  );
  if (settings.dryRun === "client")
    return reportOf(plan, { results: badWaves, notes: [] }, "client", cluster_);

  const baselines = decisions.flatMap(({ workload, action }) =>
    action.do === "record-baseline" ? [{ workload, annotation: action.annotation }] : [],
  );
  // Every patch sync makes — the baselines written first, the restarts — is reviewed before the
  // first of them: a Role that may record a baseline but not restart writes nothing.
  const targets = [...baselines, ...restarts].map(({ workload }) => ({
    id: workload.id,
    kind: workload.kind,
  }));
  const reviewed =
    targets.length > 0
      ? await log.group("Check permissions", () =>
          reviewAccess(cluster, { configs: [], targets }, settings, log),
        )
      : undefined;
  const results: WorkloadResult[] = [
    ...badWaves,
    ...(await recordBaselines(cluster, baselines, settings, log)),
  ];
  if (restarts.length > 0) {
    const hashes = new Map(restarts.map((d) => [idKey(d.workload.id), d.annotation]));
    const after = await rollOut(
      cluster,
      plan.workloads.filter((w) => hashes.has(idKey(w.id))),
      {
        strategy: syncStrategy(hashes),
        prepared: { configWrites: [] },
        manifests: new Map(restarts.map((d) => [idKey(d.workload.id), manifestOf(d.workload)])),
        settings,
        log,
        now: deps.now,
        ...(reviewed ? { reviewed } : {}),
      },
    );
    results.push(...after.results);
  }
  return reportOf(plan, { results, notes: [] }, settings.dryRun, cluster_);
}

/** The restarts whose wave annotation reads (waves.ts), and a failed result for each of the others. */
function splitBadWaves<T extends { workload: LiveWorkload }>(
  restarts: T[],
): { valid: T[]; failed: WorkloadResult[] } {
  const valid: T[] = [];
  const failed: WorkloadResult[] = [];
  for (const restart of restarts) {
    try {
      waveOf(restart.workload.id, restart.workload.object);
      valid.push(restart);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      failed.push({ id: restart.workload.id, restart: "failed", message: `not restarted: ${error.message}` });
    }
  }
  return { valid, failed };
}

/** The restart sync makes: the annotation strategy's step with the hash and digests it computed. */
function syncStrategy(hashes: Map<string, SyncAnnotation>): RestartStrategy {
  return {
    name: "annotation",
    needsLiveConfigs: false,
    prepare: async () => ({ configWrites: [] }),
    patchFor: annotationStep(
      (id: ObjectId) => hashes.get(idKey(id))?.hash,
      (id: ObjectId) => hashes.get(idKey(id))?.digests,
    ),
  };
}

/** --adopt: whether the running pods of a workload with no baseline already run the current content. */
async function judge(
  cluster: Cluster,
  workload: LiveWorkload,
  verdict: Extract<SyncVerdict, { state: "no-baseline" }>,
  configs: Map<string, Plain>,
): Promise<{ current: boolean; why: string }> {
  const times = verdict.consumed
    .filter((c) => configs.has(idKey(c.id)))
    .map((c) => ({
      name: shortId(c.id),
      lastWrite: lastWrite(configs.get(idKey(c.id))!),
    }));
  const judgement = judgeAdoption(times, await readPods(cluster, workload));
  return { current: judgement.pods === "current", why: judgement.why };
}

/**
 * Adopted workloads whose pods run the current content: the baseline goes on the workload's own
 * metadata (its pod template is untouched: nothing rolls), after the run's access review.
 */
async function recordBaselines(
  cluster: Cluster,
  baselines: ReadonlyArray<{ workload: LiveWorkload; annotation: SyncAnnotation }>,
  settings: Pick<SyncSettings, "dryRun" | "concurrency">,
  log: Log,
): Promise<WorkloadResult[]> {
  if (baselines.length === 0) return [];
  const results: WorkloadResult[] = [];
  for (const { workload, annotation } of baselines) {
    const { hash, digests } = annotation;
    const patch = { metadata: { annotations: { [BASELINE_ANNOTATION]: baselineValue(hash, digests) } } };
    await cluster.patchWorkload(
      workload.id,
      patch,
      settings.dryRun === "server",
      workload.kind.restart.patch,
    );
    const message = `baseline recorded on its metadata (${BASELINE_ANNOTATION}): no rollout`;
    log.info(`${shortId(workload.id)}: ${message}`);
    results.push({
      id: workload.id,
      restart: settings.dryRun === "server" ? "dry-run" : "unchanged",
      message,
    });
  }
  return results;
}

function manifestOf(workload: LiveWorkload): Manifest {
  return { id: workload.id, file: "", line: 0, object: workload.object };
}

function describeScope(settings: SyncSettings, namedCount: number): string {
  const where =
    settings.namespaces.length > 0 ? `namespaces ${settings.namespaces.join(", ")}` : "every namespace";
  const selector = settings.selector ? `, selector ${settings.selector}` : "";
  const spelled = settings.syncConfigs.map(
    (c) => `${c.kind.toLowerCase()}/${c.name}${c.key !== undefined ? `:${c.key}` : ""}`,
  );
  const configs = namedCount > 0 ? `, consumers of ${spelled.join(", ")}` : "";
  return `live configs against each workload's config hash (${where}${selector}${configs})`;
}
