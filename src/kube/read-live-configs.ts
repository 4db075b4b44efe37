// Read the live content of many configs with few requests: the ConfigMaps of a namespace in one LIST
// when more than one is needed there, Secrets by name only (least privilege: no list on Secrets),
// and the requests of different namespaces in parallel.

import { idKey, type ObjectId } from "../core/model.js";
import { runLimited } from "../core/run-limited.js";
import type { Cluster, LiveConfig } from "./cluster.js";

export async function readLiveConfigs(
  cluster: Cluster,
  ids: ObjectId[],
  /** Requests in flight at once (--concurrency). */
  concurrency: number,
): Promise<Map<string, LiveConfig | undefined>> {
  const live = new Map<string, LiveConfig | undefined>();
  const configMapsByNamespace = new Map<string, ObjectId[]>();
  const singles: ObjectId[] = [];
  for (const id of ids) {
    if (id.kind !== "ConfigMap") {
      singles.push(id);
      continue;
    }
    const group = configMapsByNamespace.get(id.namespace) ?? [];
    group.push(id);
    configMapsByNamespace.set(id.namespace, group);
  }
  const lists: Array<[string, ObjectId[]]> = [];
  for (const [namespace, group] of configMapsByNamespace) {
    if (group.length > 1) lists.push([namespace, group]);
    else singles.push(...group);
  }
  const tasks: Array<() => Promise<void>> = [
    ...lists.map(([namespace, group]) => async () => {
      const byName = await cluster.listConfigMaps(namespace);
      for (const id of group) live.set(idKey(id), byName.get(id.name));
    }),
    ...singles.map((id) => async () => {
      live.set(idKey(id), await cluster.readConfig(id));
    }),
  ];
  await runLimited(tasks, concurrency, (task) => task());
  return live;
}
