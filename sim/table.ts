// meta.k8s.io/v1 Table answers for `kubectl get` (it asks with Accept: ...;as=Table).
import { isRecord, numberAt, recordAt, stringAt, valueAt } from "./json.js";
import type { ResourceInfo } from "./resources.js";
import type { KubeObject } from "./types.js";

interface Column {
  name: string;
  type: "string" | "integer" | "date";
  format?: string;
  priority?: number;
  cell: (obj: KubeObject) => string | number | null;
}

/** Like k8s.io/apimachinery's duration.HumanDuration, as `kubectl get` shows AGE. */
export function humanDuration(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 120) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 10) return seconds % 60 === 0 ? `${minutes}m` : `${minutes}m${seconds % 60}s`;
  if (minutes < 180) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 8) return minutes % 60 === 0 ? `${hours}h` : `${hours}h${minutes % 60}m`;
  if (hours < 48) return `${hours}h`;
  const days = Math.floor(hours / 24);
  if (days < 8) return hours % 24 === 0 ? `${days}d` : `${days}d${hours % 24}h`;
  if (days < 730) return `${days}d`;
  return `${Math.floor(days / 365)}y${days % 365}d`;
}

const age: Column = {
  name: "Age",
  type: "string",
  cell: (obj) => {
    const created = Date.parse(stringAt(obj, "metadata", "creationTimestamp") ?? "");
    return Number.isNaN(created) ? "<unknown>" : humanDuration(Date.now() - created);
  },
};

const name: Column = {
  name: "Name",
  type: "string",
  format: "name",
  cell: (obj) => stringAt(obj, "metadata", "name") ?? "",
};

const num =
  (...path: string[]) =>
  (obj: KubeObject) =>
    numberAt(obj, ...path) ?? 0;

function containers(obj: KubeObject): Record<string, unknown>[] {
  const list = valueAt(obj, "spec", "template", "spec", "containers");
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

const wide: Column[] = [
  {
    name: "Containers",
    type: "string",
    priority: 1,
    cell: (o) =>
      containers(o)
        .map((c) => String(c.name))
        .join(","),
  },
  {
    name: "Images",
    type: "string",
    priority: 1,
    cell: (o) =>
      containers(o)
        .map((c) => String(c.image))
        .join(","),
  },
  {
    name: "Selector",
    type: "string",
    priority: 1,
    cell: (o) =>
      Object.entries(recordAt(o, "spec", "selector", "matchLabels") ?? {})
        .map(([k, v]) => `${k}=${String(v)}`)
        .join(","),
  },
];

const dataCount = (obj: KubeObject) =>
  Object.keys(recordAt(obj, "data") ?? {}).length + Object.keys(recordAt(obj, "binaryData") ?? {}).length;

function sinceTimestamp(at: string | undefined): string {
  const time = Date.parse(at ?? "");
  return Number.isNaN(time) ? "<unknown>" : humanDuration(Date.now() - time);
}

function containerStatuses(pod: KubeObject): Record<string, unknown>[] {
  const list = valueAt(pod, "status", "containerStatuses");
  return Array.isArray(list) ? list.filter(isRecord) : [];
}

/** "1/1": ready containers of all, as the pod printer shows them. */
function podReady(pod: KubeObject): string {
  const spec = valueAt(pod, "spec", "containers");
  const total = Array.isArray(spec) ? spec.length : 0;
  return `${containerStatuses(pod).filter((s) => s.ready === true).length}/${total}`;
}

/** The pod printer's STATUS: a waiting or terminated container's reason wins over the phase. */
function podStatus(pod: KubeObject): string {
  let reason = stringAt(pod, "status", "phase") ?? "Pending";
  for (const status of containerStatuses(pod)) {
    const waiting = stringAt(status, "state", "waiting", "reason");
    const terminated = stringAt(status, "state", "terminated", "reason");
    if (waiting) reason = waiting;
    else if (terminated) reason = terminated;
  }
  return reason;
}

function podRestarts(pod: KubeObject): string {
  let restarts = 0;
  for (const status of containerStatuses(pod)) restarts += Number(status.restartCount ?? 0);
  return String(restarts);
}

/** "statefulset.apps/db": the controller ownerReference as the real printer shows it. */
function controllerOf(obj: KubeObject): string {
  const refs = valueAt(obj, "metadata", "ownerReferences");
  const ref = Array.isArray(refs) ? refs.find((r) => isRecord(r) && r.controller === true) : undefined;
  if (!isRecord(ref)) return "<none>";
  const group = String(ref.apiVersion ?? "")
    .split("/")
    .slice(0, -1)
    .join("/");
  return `${String(ref.kind).toLowerCase()}${group ? `.${group}` : ""}/${String(ref.name)}`;
}

const COLUMNS: Record<string, Column[]> = {
  CustomResourceDefinition: [
    name,
    { name: "Created At", type: "date", cell: (o) => stringAt(o, "metadata", "creationTimestamp") ?? null },
  ],
  // The Argo Rollouts CRD's additionalPrinterColumns; an absent field is a null cell ("<none>").
  Rollout: [
    name,
    { name: "Desired", type: "integer", cell: (o) => numberAt(o, "spec", "replicas") ?? null },
    { name: "Current", type: "integer", cell: (o) => numberAt(o, "status", "replicas") ?? null },
    { name: "Up-to-date", type: "integer", cell: (o) => numberAt(o, "status", "updatedReplicas") ?? null },
    { name: "Available", type: "integer", cell: (o) => numberAt(o, "status", "availableReplicas") ?? null },
    age,
  ],
  Deployment: [
    name,
    {
      name: "Ready",
      type: "string",
      cell: (o) => `${num("status", "readyReplicas")(o)}/${num("spec", "replicas")(o)}`,
    },
    { name: "Up-to-date", type: "integer", cell: num("status", "updatedReplicas") },
    { name: "Available", type: "integer", cell: num("status", "availableReplicas") },
    age,
    ...wide,
  ],
  StatefulSet: [
    name,
    {
      name: "Ready",
      type: "string",
      cell: (o) => `${num("status", "readyReplicas")(o)}/${num("spec", "replicas")(o)}`,
    },
    age,
    ...wide.slice(0, 2),
  ],
  DaemonSet: [
    name,
    { name: "Desired", type: "integer", cell: num("status", "desiredNumberScheduled") },
    { name: "Current", type: "integer", cell: num("status", "currentNumberScheduled") },
    { name: "Ready", type: "integer", cell: num("status", "numberReady") },
    { name: "Up-to-date", type: "integer", cell: num("status", "updatedNumberScheduled") },
    { name: "Available", type: "integer", cell: num("status", "numberAvailable") },
    {
      name: "Node Selector",
      type: "string",
      cell: (o) =>
        Object.entries(recordAt(o, "spec", "template", "spec", "nodeSelector") ?? {})
          .map(([k, v]) => `${k}=${String(v)}`)
          .join(",") || "<none>",
    },
    age,
    ...wide,
  ],
  ReplicaSet: [
    name,
    { name: "Desired", type: "integer", cell: num("spec", "replicas") },
    { name: "Current", type: "integer", cell: num("status", "replicas") },
    { name: "Ready", type: "integer", cell: num("status", "readyReplicas") },
    age,
  ],
  ControllerRevision: [
    name,
    { name: "Controller", type: "string", cell: controllerOf },
    { name: "Revision", type: "integer", cell: num("revision") },
    age,
  ],
  ConfigMap: [name, { name: "Data", type: "integer", cell: dataCount }, age],
  Secret: [
    name,
    { name: "Type", type: "string", cell: (o) => stringAt(o, "type") ?? "" },
    { name: "Data", type: "integer", cell: dataCount },
    age,
  ],
  Namespace: [
    name,
    { name: "Status", type: "string", cell: (o) => stringAt(o, "status", "phase") ?? "" },
    age,
  ],
  Pod: [
    name,
    { name: "Ready", type: "string", cell: podReady },
    { name: "Status", type: "string", cell: podStatus },
    { name: "Restarts", type: "string", cell: podRestarts },
    age,
  ],
  Event: [
    { name: "Last Seen", type: "string", cell: (o) => sinceTimestamp(stringAt(o, "lastTimestamp")) },
    { name: "Type", type: "string", cell: (o) => stringAt(o, "type") ?? "" },
    { name: "Reason", type: "string", cell: (o) => stringAt(o, "reason") ?? "" },
    {
      name: "Object",
      type: "string",
      cell: (o) =>
        `${(stringAt(o, "involvedObject", "kind") ?? "").toLowerCase()}/${stringAt(o, "involvedObject", "name") ?? ""}`,
    },
    { name: "Message", type: "string", cell: (o) => stringAt(o, "message") ?? "" },
    { name: "Count", type: "integer", priority: 1, cell: (o) => numberAt(o, "count") ?? 1 },
    { ...name, priority: 1 },
  ],
  Job: [
    name,
    {
      name: "Completions",
      type: "string",
      cell: (o) => `${num("status", "succeeded")(o)}/${numberAt(o, "spec", "completions") ?? 1}`,
    },
    age,
  ],
  CronJob: [
    name,
    { name: "Schedule", type: "string", cell: (o) => stringAt(o, "spec", "schedule") ?? "" },
    {
      name: "Suspend",
      type: "string",
      cell: (o) => String(valueAt(o, "spec", "suspend") === true ? "True" : "False"),
    },
    {
      name: "Active",
      type: "integer",
      cell: (o) => (valueAt(o, "status", "active") as unknown[] | undefined)?.length ?? 0,
    },
    age,
  ],
};

/** What each row carries in `object`: the includeObject query parameter (default Metadata). */
export type IncludeObject = "None" | "Metadata" | "Object";

function rowObject(obj: KubeObject, include: IncludeObject): unknown {
  if (include === "None") return undefined;
  if (include === "Object") return obj;
  return { kind: "PartialObjectMetadata", apiVersion: "meta.k8s.io/v1", metadata: obj.metadata };
}

export function toTable(
  info: ResourceInfo,
  objects: KubeObject[],
  resourceVersion: string,
  include: IncludeObject,
) {
  const columns = COLUMNS[info.kind] ?? [name, age];
  return {
    kind: "Table",
    apiVersion: "meta.k8s.io/v1",
    metadata: { resourceVersion },
    columnDefinitions: columns.map((c) => ({
      name: c.name,
      type: c.type,
      format: c.format ?? "",
      description: c.name,
      priority: c.priority ?? 0,
    })),
    rows: objects.map((obj) => {
      const row: Record<string, unknown> = { cells: columns.map((c) => c.cell(obj)) };
      const object = rowObject(obj, include);
      if (object !== undefined) row.object = object;
      return row;
    }),
  };
}

/** Does the Accept header ask for a Table? */
export function wantsTable(accept: string | undefined): boolean {
  return /as=Table/.test(accept ?? "");
}
