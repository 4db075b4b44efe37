// Step (I/O): what `config-rollout sync` reads. The workloads in scope, one LIST per kind (per
// namespace with --namespaces, else one cluster-wide LIST per kind), narrowed by --selector; then
// the configs they read, one LIST per config kind in the same way — Secrets only where a workload in
// scope reads one. A LIST the identity may not make falls back to a GET of each config read there
// (least privilege: `get` on those Secrets is enough). Nothing is written.

import type { ConsumedConfig } from "../core/consumed-configs.js";
import { isExpectedError } from "../core/errors.js";
import { field, stringField } from "../core/json-shape.js";
import { apiVersionOf, configKind } from "../core/kinds/api-kinds.js";
import { type RestartableKind, restartableKinds } from "../core/kinds/workload-kinds.js";
import { type ConfigKind, idKey, type ObjectId } from "../core/model.js";
import { runLimited } from "../core/run-limited.js";
import type { Cluster } from "../kube/cluster.js";
import { consumedOf } from "./sync-verdict.js";

type Plain = Record<string, unknown>;

interface SyncScope {
  /** Only these namespaces are read; undefined: every namespace (cluster-wide lists). */
  namespaces?: readonly string[];
  /** Label selector on workloads (--selector). */
  selector?: string;
}

export interface LiveWorkload {
  id: ObjectId;
  object: Plain;
  kind: RestartableKind;
  /** What its pod template reads, key-precise (read once, for the lists, the filter and the hash). */
  consumed: ConsumedConfig[];
}

interface LiveState {
  workloads: LiveWorkload[];
  /** Every config read, as the API server returned it (content, UID, managedFields), by idKey. */
  configs: Map<string, Plain>;
  /** Configs a workload reads that the identity may not read (RBAC), by idKey: the API server's refusal. */
  unreadable: Map<string, string>;
}

/** "" lists every namespace. */
const ALL = "";

export async function readLiveState(
  cluster: Cluster,
  scope: SyncScope,
  concurrency: number,
): Promise<LiveState> {
  const namespaces = scope.namespaces ?? [ALL];
  const kinds: RestartableKind[] = [];
  for (const kind of restartableKinds())
    if (!kind.customResource || (await cluster.serves(kind.kind))) kinds.push(kind);
  const lists = await runLimited(
    namespaces.flatMap((namespace) => kinds.map((kind) => ({ namespace, kind }))),
    concurrency,
    async ({ namespace, kind }) =>
      (await cluster.listObjects(namespace, apiVersionOf(kind), kind.kind, scope.selector)).map((object) => ({
        object,
        kind,
      })),
  );
  const workloads = lists.flat().map(({ object, kind }) => {
    const id = idOf(object, kind.kind);
    return { id, object, kind, consumed: consumedOf(object, kind, id.namespace) };
  });
  // Which configs are read where: the config lists (and the Secrets) only where needed.
  const wanted = new Map<string, ObjectId & { kind: ConfigKind }>();
  for (const w of workloads) for (const c of w.consumed) wanted.set(idKey(c.id), c.id);
  const groups = new Map<string, { namespace: string; kind: ConfigKind; ids: ObjectId[] }>();
  for (const id of wanted.values()) {
    const namespace = scope.namespaces ? id.namespace : ALL;
    const key = `${id.kind}/${namespace}`;
    const group = groups.get(key) ?? { namespace, kind: id.kind, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  const configs = new Map<string, Plain>();
  const unreadable = new Map<string, string>();
  await runLimited([...groups.values()], concurrency, async ({ namespace, kind, ids }) => {
    for (const object of await listOrGet(cluster, namespace, kind, ids, concurrency, unreadable)) {
      const id = idOf(object, kind);
      if (wanted.has(idKey(id))) configs.set(idKey(id), object);
    }
  });
  return { workloads, configs, unreadable };
}

/** The configs of one kind in a namespace (or every namespace): one LIST, else a GET of each wanted one. */
async function listOrGet(
  cluster: Cluster,
  namespace: string,
  kind: ConfigKind,
  ids: ObjectId[],
  concurrency: number,
  unreadable: Map<string, string>,
): Promise<Plain[]> {
  const apiVersion = apiVersionOf(configKind(kind));
  try {
    return await cluster.listObjects(namespace, apiVersion, kind);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
  }
  const read = await runLimited(ids, concurrency, async (id) => {
    try {
      return await cluster.readObject({ apiVersion, kind, namespace: id.namespace, name: id.name });
    } catch (error) {
      // Not readable (absent is undefined, not an error): its consumers cannot be judged, and say
      // so with the refusal, which names the verb and resource (sync-verdict.ts).
      if (!isExpectedError(error)) throw error;
      unreadable.set(idKey({ kind, namespace: id.namespace, name: id.name }), error.message);
      return undefined;
    }
  });
  return read.filter((o): o is Plain => o !== undefined).map((o) => ({ ...o, kind }));
}

/** A workload's pods, by its selector's matchLabels; undefined when they cannot be read. */
export async function readPods(cluster: Cluster, workload: LiveWorkload): Promise<Plain[] | undefined> {
  const labels = field(field(field(workload.object, "spec"), "selector"), "matchLabels");
  if (typeof labels !== "object" || labels === null) return undefined;
  const selector = Object.entries(labels as Record<string, unknown>)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(",");
  try {
    return await cluster.listObjects(workload.id.namespace, "v1", "Pod", selector);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
    return undefined;
  }
}

function idOf(object: Plain, kind: string): ObjectId {
  const metadata = field(object, "metadata");
  return {
    kind,
    namespace: stringField(metadata, "namespace") ?? "",
    name: stringField(metadata, "name") ?? "",
  };
}
