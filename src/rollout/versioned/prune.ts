// The versioned strategy's cleanup after a successful run: the managed copies of each source that
// nothing names any more (no workload, ReplicaSet, ControllerRevision or Pod), beyond the newest
// --keep, are deleted. A cleanup the API server refuses is a warning, never a failed run.

import { isExpectedError } from "../../core/errors.js";
import { apiVersionOf, CONTROLLER_REVISION, configKind } from "../../core/kinds/api-kinds.js";
import { WORKLOAD_KINDS } from "../../core/kinds/workload-kinds.js";
import type { Log } from "../../core/log.js";
import { formatId, idKey, type ObjectId } from "../../core/model.js";
import type { Cluster } from "../../kube/cluster.js";
import { copySourceOf } from "./config-copy.js";
import { managedCopyLister, nameOf, type SourceCopy, type VersionedSettings } from "./copies.js";
import { choosePrunable, referencedConfigs } from "./prunable-copies.js";

type Plain = Record<string, unknown>;

/** Which of `ids` the head commit defines (a repository's own config is never an old copy), by idKey. */
export type DefinedAtHead = (ids: ObjectId[]) => Promise<Set<string>>;

/**
 * Delete the managed copies of each source that nothing names, beyond the newest `keep`: objects
 * that are copies by label, name and commit (copySourceOf) and that the head commit does not define.
 */
export async function prune(
  cluster: Cluster,
  sources: SourceCopy[],
  settings: VersionedSettings,
  definedAtHead: DefinedAtHead,
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
          (c) => copySourceOf(c) === source.name,
        );
        // The copy this run made is in use whatever the cluster says yet (a server dry run did not create it).
        const inUse = new Set([...(await referenced(source.namespace)), `${source.kind}/${copy.name}`]);
        const decision = choosePrunable(listed, source.kind, inUse, settings.keep);
        const ids = decision.remove.map((obj) => ({ ...source, name: nameOf(obj) }));
        const defined = ids.length > 0 ? await definedAtHead(ids) : new Set<string>();
        for (const obj of decision.remove) {
          const name = nameOf(obj);
          if (defined.has(idKey({ ...source, name }))) {
            const line = `kept ${source.kind.toLowerCase()}/${name} (namespace ${source.namespace}): it carries the labels of a copy of ${source.name}, but the head commit defines it, so it is not an old copy`;
            log.warn(line);
            notes.push(line);
            continue;
          }
          const apiVersion = apiVersionOf(configKind(source.kind));
          await cluster.deleteObject(
            { apiVersion, kind: source.kind, namespace: source.namespace, name },
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
    cluster.listObjects(namespace, apiVersionOf(CONTROLLER_REVISION), CONTROLLER_REVISION.kind),
  ]);
  return lists.flat();
}
