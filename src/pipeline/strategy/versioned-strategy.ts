// The versioned strategy: every changed ConfigMap/Secret of the plan becomes an immutable copy
// `<name>-<hash>` (server-side apply), and each planned workload is repointed to the copies in one
// patch, which is its restart. After the wait, a failed rollout is repointed back to what it used
// before (config only), and after a successful run managed copies nothing can still need are pruned.

import { isExpectedError, UserError } from "../../core/errors.js";
import { podSpecAt, withPodSpec } from "../../core/kinds/pod-template.js";
import {
  type RestartableKind,
  WORKLOAD_KINDS,
  workloadKind,
  workloadKindOf,
} from "../../core/kinds/workload-kinds.js";
import type { Log } from "../../core/log.js";
import { changedKeys } from "../../core/manifests/config-content.js";
import { liveConfigContent } from "../../core/manifests/live-config.js";
import { type ConfigKind, formatId, idKey, type ObjectId } from "../../core/model.js";
import { runLimited } from "../../core/run-limited.js";
import { isFailure, type WorkloadResult } from "../../core/run-result.js";
import {
  type ConfigCopy,
  type CopySource,
  configCopy,
  isManagedCopy,
  MANAGED_LABEL,
  SOURCE_LABEL,
} from "../../core/versioned/config-copy.js";
import { choosePrunable, referencedConfigs } from "../../core/versioned/prunable-copies.js";
import {
  type ReferenceSite,
  type Repointed,
  referenceSites,
  repointMergePatch,
  repointPodSpec,
  repointStrategicPatch,
  type SiteChange,
} from "../../core/versioned/repoint.js";
import type { Cluster } from "../../kube/kube-client.js";
import { checkPermissions, configWrite, patchWrites } from "../cluster/check-permissions.js";
import { restartWorkloads } from "../cluster/restart.js";
import { logProgress, waitForRollouts, waitTargetOf } from "../cluster/wait.js";
import type { HeadConfig } from "../scan-repository.js";
import type {
  AfterWaitContext,
  PrepareContext,
  RestartStep,
  RestartStrategy,
  StrategySettings,
} from "./restart-strategy.js";

type Plain = Record<string, unknown>;

/** What the versioned strategy reads of the run's settings ("server" dry run: copies, patches and deletions carry dryRun=All). */
export type VersionedSettings = Pick<
  StrategySettings,
  "hashKey" | "dryRun" | "rollback" | "prune" | "keep" | "timeoutMs" | "concurrency"
>;

interface SourceCopy {
  copy: ConfigCopy;
  /** Names of the managed copies of the same source that existed before this run. */
  older: Set<string>;
}

/** What one workload's patch changed, kept for its rollback. */
interface Repointing {
  changes: SiteChange[];
}

export function createVersionedStrategy(settings: VersionedSettings): RestartStrategy {
  const serverDryRun = settings.dryRun === "server";
  /** By the source's idKey. */
  const copies = new Map<string, SourceCopy>();
  /** Any name a reference may have now (the source or an older copy), by `Kind/namespace/name` -> the copy. */
  const renameTo = new Map<string, string>();
  const repointings = new Map<string, Repointing>();
  /**
   * The managed copies on the cluster before this run writes anything, one list per (kind,
   * namespace): read by the plan's view of the cluster and again by prepare, which follows it with
   * no write in between (one strategy object serves one run). The prune after the wait lists afresh.
   */
  let copiesBefore: ReturnType<typeof managedCopyLister> | undefined;
  const managedCopiesBefore = (cluster: Cluster, namespace: string, kind: string) => {
    copiesBefore ??= managedCopyLister(cluster);
    return copiesBefore(namespace, kind);
  };

  const stepFor = (live: Plain, kind: RestartableKind, repointed: Repointed): RestartStep => {
    const type = kind.restart.patch;
    const patch =
      type === "strategic-merge"
        ? repointStrategicPatch(repointed, kind.templatePath)
        : repointMergePatch(repointed, live, kind.templatePath);
    return { patch, type, describe: describeChanges(repointed.changes) };
  };

  return {
    name: "versioned",
    needsLiveConfigs: false,

    planNotes(context) {
      const lines = plannedSources(context).map(({ source, consumers }) => {
        const { id } = source;
        // Without the cluster a Secret's key (its UID) is unknown, unless --hash-key is set.
        const name =
          id.kind === "Secret" && !settings.hashKey
            ? `${id.name}-<hash keyed with the Secret's UID>`
            : configCopy(source, context.head, settings.hashKey ? Buffer.from(settings.hashKey) : undefined)
                .name;
        return `would copy ${id.kind.toLowerCase()}/${id.name} at ${context.head.slice(0, 12)} to ${name} (namespace ${id.namespace}) and repoint ${consumers.join(", ")} to it`;
      });
      if (settings.prune && lines.length > 0) {
        lines.push("pruning reads the cluster: --dry-run=server shows which old copies would be deleted");
      }
      return lines;
    },

    async prepare(context) {
      const { cluster, log } = context;
      const toCreate: ConfigCopy[] = [];
      // Every check before the first write: a name taken by someone else's object stops the run.
      const planned = plannedSources(context);
      // Older copies of every source: one list of managed copies per (namespace, kind), not one per source.
      const managedCopies = (namespace: string, kind: string) =>
        managedCopiesBefore(cluster, namespace, kind);
      const checked = await runLimited(planned, settings.concurrency ?? 8, async (p) => {
        const key = await hashKeyFor(p.source, settings.hashKey, cluster);
        const copy = configCopy(p.source, context.head, key);
        const { kind, namespace, name } = copy.source;
        const [existing, copiesInNamespace] = await Promise.all([
          // By name, whatever its labels: the name may be taken by an object that is not a copy.
          cluster.readObject({ apiVersion: "v1", kind, namespace, name: copy.name }),
          managedCopies(namespace, kind),
        ]);
        const older = copiesInNamespace.filter((c) => sourceLabelOf(c) === name && isManagedCopy(c));
        return { copy, head: p.head, existing, older };
      });
      for (const { copy, head, existing, older } of checked) {
        const { source } = copy;
        const sourceKey = idKey(source);
        const where = `${source.kind.toLowerCase()}/${copy.name} (namespace ${source.namespace})`;
        if (existing && !isManagedCopy(existing)) {
          throw new UserError(
            `${where} exists and is not a config-rollout copy (no config-rollout.io/managed label): refusing to overwrite it`,
          );
        }
        if (
          existing &&
          changedKeys(liveConfigContent({ ...existing, kind: source.kind }), head.snapshot.content).length > 0
        ) {
          throw new UserError(
            `${where} exists with other content than ${formatId(source)} at ${context.head}: refusing to use it`,
          );
        }
        if (!existing) toCreate.push(copy);
        else log.info(`${where} already exists: reused`);
        const olderNames = new Set(older.map(nameOf).filter((n) => n !== copy.name));
        copies.set(sourceKey, { copy, older: olderNames });
        renameTo.set(sourceKey, copy.name);
        for (const name of olderNames) renameTo.set(idKey({ ...source, name }), copy.name);
      }
      if (toCreate.length > 0) {
        // The copies are the run's first writes: ask first for them and for the patches that follow.
        const workloadKinds = context.workloads.flatMap((w) => {
          const kind = workloadKind(w.id.kind);
          return kind ? [{ id: w.id, kind }] : [];
        });
        await checkPermissions(
          cluster,
          [
            ...toCreate.flatMap((copy) =>
              (["create", "patch"] as const).map((verb) => ({
                ...configWrite(copy.source),
                verb,
              })),
            ),
            ...patchWrites(workloadKinds),
          ],
          log,
          settings.concurrency,
        );
      }
      for (const copy of toCreate) {
        await cluster.applyConfig(copy.body, serverDryRun, copy.source.namespace);
        log.info(
          `${serverDryRun ? "server dry run accepted" : "created"} ${copy.source.kind.toLowerCase()}/${copy.name} (namespace ${copy.source.namespace}), an immutable copy of ${copy.source.name} at ${context.head.slice(0, 12)}`,
        );
      }
    },

    async planningView(workloads, cluster) {
      const sourceOf = new Map<string, string>();
      for (const namespace of new Set(workloads.map((w) => w.id.namespace))) {
        for (const kind of ["ConfigMap", "Secret"]) {
          for (const copy of await managedCopiesBefore(cluster, namespace, kind)) {
            const source = sourceLabelOf(copy);
            if (isManagedCopy(copy) && source)
              sourceOf.set(idKey({ kind, namespace, name: nameOf(copy) }), source);
          }
        }
      }
      if (sourceOf.size === 0) return workloads;
      return workloads.map((manifest) => {
        const kind = workloadKindOf(manifest.object);
        if (!kind) return manifest;
        const { namespace } = manifest.id;
        const asSources = repointPodSpec(podSpecAt(manifest.object, kind.templatePath), (site) =>
          sourceOf.get(idKey({ kind: site.configKind, namespace, name: site.name })),
        );
        if (asSources.changes.length === 0) return manifest;
        return { ...manifest, object: withPodSpec(manifest.object, kind.templatePath, asSources.spec) };
      });
    },

    patchFor(id, live, kind) {
      const rename = (site: ReferenceSite) =>
        renameTo.get(idKey({ kind: site.configKind, namespace: id.namespace, name: site.name }));
      const repointed = repointPodSpec(podSpecAt(live, kind.templatePath), rename);
      if (repointed.changes.length === 0) {
        const wanted = new Set(
          [...copies.values()]
            .filter((c) => c.copy.source.namespace === id.namespace)
            .map((c) => `${c.copy.source.kind}/${c.copy.name}`),
        );
        const named = [
          ...new Set(
            referenceSites(podSpecAt(live, kind.templatePath))
              .filter((site) => wanted.has(`${site.configKind}/${site.name}`))
              .map((site) => site.name),
          ),
        ];
        return {
          unchanged:
            named.length > 0
              ? `pod template already names ${named.join(", ")}`
              : "its live pod template names none of the changed configs: nothing to repoint",
        };
      }
      repointings.set(idKey(id), { changes: repointed.changes });
      return stepFor(live, kind, repointed);
    },

    async afterWait(results, context) {
      const notes: string[] = [];
      // The wait's verdict replaced the patch's message: say again which copy each workload runs now.
      for (const result of results) {
        const repointing = repointings.get(idKey(result.id));
        if (repointing && result.restart !== "failed" && result.rollout !== undefined) {
          result.message = `repointed ${describeChanges(repointing.changes)}; ${result.message}`;
        }
      }
      const rolledBack = settings.rollback ? await rollBack(results, context, repointings, stepFor) : results;
      if (!settings.rollback) {
        for (const r of results) {
          if (isFailure(r) && repointings.has(idKey(r.id)))
            r.message += "; --no-rollback: left on the new copy";
        }
      }
      if (settings.prune && !rolledBack.some(isFailure)) {
        notes.push(...(await prune(context.cluster, [...copies.values()], settings, context.log)));
      }
      return { results: rolledBack, notes };
    },
  };
}

/** Each changed config the planned workloads consume, as committed, with those workloads. */
function plannedSources(
  context: Pick<PrepareContext, "workloads" | "headConfigs">,
): Array<{ source: CopySource; head: HeadConfig; consumers: string[] }> {
  const sources = new Map<string, { id: ObjectId; consumers: string[] }>();
  for (const workload of context.workloads) {
    for (const ref of workload.references) {
      const entry = sources.get(idKey(ref.config)) ?? { id: ref.config, consumers: [] };
      const consumer = `${workload.id.kind.toLowerCase()}/${workload.id.name}`;
      if (!entry.consumers.includes(consumer)) entry.consumers.push(consumer);
      sources.set(idKey(ref.config), entry);
    }
  }
  return [...sources].flatMap(([sourceKey, { id, consumers }]) => {
    const head = context.headConfigs.get(sourceKey);
    if (!head) return [];
    const source = {
      id: { ...id, kind: id.kind as ConfigKind },
      object: head.manifest.object,
      content: head.snapshot.content,
    };
    return [{ source, head, consumers }];
  });
}

/**
 * The key of a copy's name hash. A Secret's copy name must not be a plain hash of its content (a
 * short password could be guessed offline from a name anyone who reads Deployments sees): it is
 * keyed with --hash-key, else with the source Secret's UID on this cluster.
 */
async function hashKeyFor(
  source: CopySource,
  hashKey: string | undefined,
  cluster: Cluster,
): Promise<Buffer | undefined> {
  if (hashKey) return Buffer.from(hashKey);
  if (source.id.kind !== "Secret") return undefined;
  const live = await cluster.readConfig(source.id);
  if (!live?.uid) {
    throw new UserError(
      `${formatId(source.id)} is not on the cluster, so its copy's name cannot be keyed with its UID: set --hash-key (the same on every cluster that should share copy names)`,
    );
  }
  return Buffer.from(live.uid);
}

/** Repoint each workload whose rollout failed back to the names it used before this run, and wait for that. */
async function rollBack(
  results: WorkloadResult[],
  context: AfterWaitContext,
  repointings: Map<string, Repointing>,
  stepFor: (live: Plain, kind: RestartableKind, repointed: Repointed) => RestartStep,
): Promise<WorkloadResult[]> {
  const failed = results.filter(
    (r) =>
      r.restart === "restarted" &&
      (r.rollout === "failed" || r.rollout === "timeout") &&
      repointings.has(idKey(r.id)),
  );
  if (failed.length === 0) return results;
  const { cluster, log } = context;
  return log.group("Roll back failed workloads to their previous config", async () => {
    const restarted = await restartWorkloads(
      failed.map((r) => ({ id: r.id })),
      cluster,
      {
        strategy: {
          patchFor(id, live, kind) {
            const changes = repointings.get(idKey(id))?.changes ?? [];
            const back = (site: ReferenceSite) =>
              changes.find((c) => c.path === site.path && c.to === site.name)?.name;
            const repointed = repointPodSpec(podSpecAt(live, kind.templatePath), back);
            if (repointed.changes.length === 0)
              return { unchanged: "its pod template no longer names the new copies" };
            return stepFor(live, kind, repointed);
          },
        },
        now: context.now,
        dryRun: false,
        log,
      },
    );
    const waited = await waitForRollouts(
      cluster,
      restarted.filter((r) => r.result === "restarted").map(waitTargetOf),
      { timeoutMs: context.timeoutMs, onProgress: logProgress(log) },
    );
    for (const result of failed) {
      const changes = repointings.get(idKey(result.id))?.changes ?? [];
      const back = restarted.find((r) => idKey(r.id) === idKey(result.id));
      const rollout = waited.find((w) => idKey(w.id) === idKey(result.id));
      const names = describeChanges(changes.map((c) => ({ ...c, name: c.to, to: c.name })));
      const verdict =
        back?.result !== "restarted"
          ? `rollback not applied: ${back?.message ?? "no result"}`
          : rollout?.result === "done"
            ? `rolled back (${names}); the rollback rolled out`
            : `rolled back (${names}); the rollback rollout ${rollout?.result ?? "was not followed"}: ${rollout?.message ?? ""}`;
      result.message = `${result.message}; ${verdict}`;
      log.warn(`${formatId(result.id)}: rollout of the new config failed; ${verdict}`);
    }
    return results;
  });
}

/** Delete the managed copies of each source that nothing names, beyond the newest `keep`. */
async function prune(
  cluster: Cluster,
  sources: SourceCopy[],
  settings: VersionedSettings,
  log: Log,
): Promise<string[]> {
  const notes: string[] = [];
  const dryRun = settings.dryRun === "server";
  const referencedIn = new Map<string, Promise<Set<string>>>();
  const referenced = (namespace: string) => {
    let names = referencedIn.get(namespace);
    if (!names) {
      names = readReferencingObjects(cluster, namespace).then(referencedConfigs);
      referencedIn.set(namespace, names);
    }
    return names;
  };
  // The managed copies of every source in a namespace come in one list per kind, read after the
  // wait (the copies and references may have changed meanwhile), not one list per source.
  const managedCopies = managedCopyLister(cluster);
  await log.group("Prune unreferenced config copies", async () => {
    for (const { copy } of sources) {
      const { source } = copy;
      try {
        const listed = (await managedCopies(source.namespace, source.kind)).filter(
          (c) => sourceLabelOf(c) === source.name,
        );
        // The copy this run made is in use whatever the cluster says yet (a server dry run did not create it).
        const inUse = new Set([...(await referenced(source.namespace)), `${source.kind}/${copy.name}`]);
        const decision = choosePrunable(listed, source.kind, inUse, settings.keep);
        for (const obj of decision.remove) {
          const name = nameOf(obj);
          await cluster.deleteObject(
            { apiVersion: "v1", kind: source.kind, namespace: source.namespace, name },
            dryRun,
          );
          const line = `${dryRun ? "would delete (server dry run)" : "deleted"} ${source.kind.toLowerCase()}/${name} (namespace ${source.namespace}): an old copy of ${source.name} that no workload, ReplicaSet, ControllerRevision or Pod names`;
          log.info(line);
          notes.push(line);
        }
      } catch (error) {
        if (!isExpectedError(error)) throw error;
        // The rollout succeeded; a cleanup refused by the API server is worth a warning, not a failed run.
        const line = `could not prune the copies of ${formatId(source)}: ${error.message}`;
        log.warn(line);
        notes.push(line);
      }
    }
  });
  return notes;
}

/** Everything in a namespace whose pods could run with a config: workloads, ReplicaSets, Pods, ControllerRevisions. */
async function readReferencingObjects(cluster: Cluster, namespace: string): Promise<Plain[]> {
  const lists = await Promise.all([
    ...WORKLOAD_KINDS.map(async (kind) =>
      kind.customResource && !(await cluster.serves(kind.kind))
        ? []
        : cluster.listWorkloads(namespace, kind.kind),
    ),
    cluster.listObjects(namespace, "apps/v1", "ControllerRevision"),
  ]);
  return lists.flat();
}

/** `configmap app-config → app-config-1a2b3c4d5e`, one per distinct rename. */
function describeChanges(changes: Array<Pick<SiteChange, "configKind" | "name" | "to">>): string {
  const distinct = new Set(changes.map((c) => `${c.configKind.toLowerCase()} ${c.name} → ${c.to}`));
  return [...distinct].join(", ");
}

/** The managed copies of one kind in one namespace, listed once per (kind, namespace) it is asked for. */
function managedCopyLister(cluster: Cluster): (namespace: string, kind: string) => Promise<Plain[]> {
  const lists = new Map<string, Promise<Plain[]>>();
  return (namespace, kind) => {
    const key = `${kind}/${namespace}`;
    let listed = lists.get(key);
    if (!listed) {
      listed = cluster.listObjects(namespace, "v1", kind, `${MANAGED_LABEL}=true`);
      listed.catch(() => {});
      lists.set(key, listed);
    }
    return listed;
  };
}

function sourceLabelOf(obj: unknown): string | undefined {
  const labels = (obj as { metadata?: { labels?: Record<string, unknown> } }).metadata?.labels;
  const source = labels?.[SOURCE_LABEL];
  return typeof source === "string" ? source : undefined;
}

function nameOf(obj: unknown): string {
  return String((obj as { metadata?: { name?: unknown } }).metadata?.name ?? "");
}
