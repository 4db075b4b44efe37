// Pods of the simulated workloads, so a client can see which running pods reference a config:
// each ReplicaSet keeps spec.replicas pods of its template (`<rs>-<suffix>`); a StatefulSet
// keeps `<name>-<ordinal>` pods and a DaemonSet one pod per simulated node, the highest
// ordinals / last nodes on the new template as the simulated rollout reports them updated and
// the rest left as they were. Pods are Running and Ready, unless setFailure() put the pods of a
// workload's template into a state they cannot start from (pod-states.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { clone, isRecord, numberAt, recordAt, stringAt, valueAt } from "./json.js";
import { controllerRef, now, OwnerIndex } from "./owner-references.js";
import { type PodFailure, type PodFailureOptions, PodStates } from "./pod-states.js";
import { templateHash } from "./rollout-model.js";
import type { Store, StoredEvent } from "./store.js";
import type { KubeObject } from "./types.js";

const OWNER_RESOURCES = new Set(["replicasets", "statefulsets", "daemonsets"]);
/** The alphabet the real name generator draws suffixes from (no vowels, no look-alikes). */
const SUFFIX_ALPHABET = "bcdfghjklmnpqrstvwxz2456789";
const REVISION_LABEL = "controller-revision-hash";

function suffix(): string {
  return [...randomBytes(5)].map((b) => SUFFIX_ALPHABET[b % SUFFIX_ALPHABET.length]).join("");
}

function nameOf(obj: KubeObject): string {
  return stringAt(obj, "metadata", "name") ?? "";
}

function stringMap(obj: unknown, ...path: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(recordAt(obj, ...path) ?? {})) if (typeof v === "string") out[k] = v;
  return out;
}

const RESOURCE_OF_KIND: Record<string, string> = {
  ReplicaSet: "replicasets",
  StatefulSet: "statefulsets",
  DaemonSet: "daemonsets",
};

function ownerResource(pod: KubeObject): { resource: string; name: string } | undefined {
  const refs = valueAt(pod, "metadata", "ownerReferences");
  const ref = Array.isArray(refs) ? refs.find((r) => isRecord(r) && r.controller === true) : undefined;
  const resource = isRecord(ref) ? RESOURCE_OF_KIND[String(ref.kind)] : undefined;
  return resource && isRecord(ref) ? { resource, name: String(ref.name) } : undefined;
}

function podOf(
  owner: KubeObject,
  name: string,
  labels: Record<string, string>,
  nodeName?: string,
): KubeObject {
  const templateMeta = recordAt(owner, "spec", "template", "metadata") ?? {};
  const spec = clone(recordAt(owner, "spec", "template", "spec") ?? {});
  if (nodeName) spec.nodeName = nodeName;
  const metadata: Record<string, unknown> = {
    name,
    namespace: stringAt(owner, "metadata", "namespace"),
    uid: randomUUID(),
    creationTimestamp: now(),
    labels: { ...stringMap(templateMeta, "labels"), ...labels },
    ownerReferences: [controllerRef(owner)],
  };
  const annotations = stringMap(templateMeta, "annotations");
  if (Object.keys(annotations).length > 0) metadata.annotations = annotations;
  const started = now();
  const containers = Array.isArray(spec.containers) ? spec.containers.filter(isRecord) : [];
  return {
    apiVersion: "v1",
    kind: "Pod",
    metadata,
    spec,
    status: {
      phase: "Running",
      conditions: [
        { type: "Initialized", status: "True", lastTransitionTime: started },
        { type: "Ready", status: "True", lastTransitionTime: started },
        { type: "ContainersReady", status: "True", lastTransitionTime: started },
        { type: "PodScheduled", status: "True", lastTransitionTime: started },
      ],
      startTime: started,
      containerStatuses: containers.map((c) => ({
        name: c.name,
        image: c.image,
        imageID: "",
        ready: true,
        started: true,
        restartCount: 0,
        state: { running: { startedAt: started } },
        lastState: {},
      })),
    },
  };
}

/** "deployments/ns/name" for a ReplicaSet a Deployment controls, else the owner's own key. */
function workloadKey(resource: string, owner: KubeObject): string {
  const namespace = stringAt(owner, "metadata", "namespace") ?? "";
  const refs = valueAt(owner, "metadata", "ownerReferences");
  const ref = Array.isArray(refs) ? refs.find((r) => isRecord(r) && r.controller === true) : undefined;
  if (resource === "replicasets" && isRecord(ref) && ref.kind === "Deployment")
    return `deployments/${namespace}/${String(ref.name)}`;
  return `${resource}/${namespace}/${nameOf(owner)}`;
}

export class SimulatedPods {
  /** "resource/namespace/name" of owners to sync, with the uid of deleted owners (their pods go). */
  private readonly pending = new Map<string, string | undefined>();
  private scheduled = false;
  private readonly unsubscribe: () => void;
  private readonly pods: OwnerIndex;
  private readonly states: PodStates;
  /** "resource/namespace/name" of a workload (Deployment, StatefulSet, DaemonSet) → the state of its new pods. */
  private readonly failures = new Map<string, { failure: PodFailure; options: PodFailureOptions }>();

  constructor(
    private readonly store: Store,
    private readonly nodes: number,
    restartMs: number,
  ) {
    this.pods = new OwnerIndex(store, "pods");
    this.states = new PodStates(store, restartMs);
    this.unsubscribe = store.subscribe((event) => this.observe(event));
  }

  /** Sync every owner written since the last flush (runs by itself on the next microtask). */
  flush(): void {
    this.scheduled = false;
    const work = [...this.pending];
    this.pending.clear();
    for (const [key, deletedUid] of work) {
      const [resource = "", namespace = "", name = ""] = key.split("/");
      if (deletedUid !== undefined) for (const pod of this.owned(deletedUid)) this.remove(pod);
      const owner = this.store.get(resource, namespace, name);
      if (!owner) continue;
      if (resource === "replicasets") this.syncReplicaSet(owner);
      else this.syncOrdered(resource, owner);
    }
  }

  /** Pods created from now on for this workload's templates (those `onlyFor` accepts) start in `failure`. */
  setFailure(key: string, failure: PodFailure | undefined, options: PodFailureOptions = {}): void {
    if (failure) this.failures.set(key, { failure, options });
    else this.failures.delete(key);
  }

  /** GET pods/{name}/log (undefined: no such pod). */
  log(namespace: string, name: string, query: Record<string, string>) {
    const pod = this.store.get("pods", namespace, name);
    return pod ? this.states.log(pod, query) : undefined;
  }

  close(): void {
    this.unsubscribe();
    this.pods.close();
    this.states.close();
  }

  /** A new pod of `owner`, in the state setFailure() asked for its template, if any. */
  private create(resource: string, owner: KubeObject, pod: KubeObject): void {
    const wanted = this.failures.get(workloadKey(resource, owner));
    const applies = wanted && (wanted.options.onlyFor?.(owner) ?? true);
    this.store.write("pods", applies ? this.states.start(pod, wanted.failure, wanted.options) : pod);
  }

  private observe(event: StoredEvent): void {
    const namespace = stringAt(event.object, "metadata", "namespace") ?? "";
    if (event.resource === "pods" && event.type === "DELETED") {
      // A deleted pod is replaced by its owner, as the real controllers do.
      const owner = ownerResource(event.object);
      if (owner) this.queue(`${owner.resource}/${namespace}/${owner.name}`, undefined);
      return;
    }
    if (!OWNER_RESOURCES.has(event.resource)) return;
    const key = `${event.resource}/${namespace}/${nameOf(event.object)}`;
    this.queue(key, event.type === "DELETED" ? stringAt(event.object, "metadata", "uid") : undefined);
  }

  private queue(key: string, deletedUid: string | undefined): void {
    this.pending.set(key, deletedUid ?? this.pending.get(key));
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.flush());
    }
  }

  private owned(uid: string): KubeObject[] {
    return this.pods.owned(uid);
  }

  private remove(pod: KubeObject): void {
    this.states.forget(pod);
    this.store.remove("pods", stringAt(pod, "metadata", "namespace") ?? "", nameOf(pod));
  }

  private syncReplicaSet(rs: KubeObject): void {
    const pods = this.owned(stringAt(rs, "metadata", "uid") ?? "").sort((a, b) =>
      String(stringAt(a, "metadata", "creationTimestamp")).localeCompare(
        String(stringAt(b, "metadata", "creationTimestamp")),
      ),
    );
    const wanted = numberAt(rs, "spec", "replicas") ?? 1;
    // Scale-down removes the newest pods first.
    for (const pod of pods.slice(wanted).reverse()) this.remove(pod);
    for (let i = pods.length; i < wanted; i++)
      this.create("replicasets", rs, podOf(rs, `${nameOf(rs)}-${suffix()}`, {}));
  }

  /** StatefulSet ordinals / DaemonSet nodes: the last `updated` slots run the current template. */
  private syncOrdered(resource: string, owner: KubeObject): void {
    // Until the simulated controller has observed the latest spec, its counts describe the old one.
    const generation = numberAt(owner, "metadata", "generation") ?? 1;
    if (numberAt(owner, "status", "observedGeneration") !== generation) return;
    const name = nameOf(owner);
    const statefulSet = resource === "statefulsets";
    const total = statefulSet
      ? (numberAt(owner, "status", "replicas") ?? 0)
      : Math.min(this.nodes, numberAt(owner, "status", "currentNumberScheduled") ?? 0);
    const updated = statefulSet
      ? (numberAt(owner, "status", "updatedReplicas") ?? 0)
      : (numberAt(owner, "status", "updatedNumberScheduled") ?? 0);
    const hash = templateHash(owner);
    const revision = statefulSet ? `${name}-${hash}` : hash;
    const pods = this.owned(stringAt(owner, "metadata", "uid") ?? "");
    const slotOf = (pod: KubeObject) =>
      statefulSet ? nameOf(pod) : (stringAt(pod, "spec", "nodeName") ?? "");
    const slots = Array.from({ length: total }, (_, i) => (statefulSet ? `${name}-${i}` : `sim-node-${i}`));
    for (const pod of pods) if (!slots.includes(slotOf(pod))) this.remove(pod);
    slots.forEach((slot, i) => {
      const existing = pods.find((pod) => slotOf(pod) === slot);
      const onNew = i >= total - updated;
      if (existing && (!onNew || stringAt(existing, "metadata", "labels", REVISION_LABEL) === revision))
        return;
      if (existing) this.remove(existing);
      const labels: Record<string, string> = { [REVISION_LABEL]: revision };
      if (statefulSet) {
        labels["statefulset.kubernetes.io/pod-name"] = slot;
        labels["apps.kubernetes.io/pod-index"] = String(i);
      } else {
        labels["pod-template-generation"] = String(numberAt(owner, "metadata", "generation") ?? 1);
      }
      const podName = statefulSet ? slot : `${name}-${suffix()}`;
      this.create(resource, owner, podOf(owner, podName, labels, statefulSet ? undefined : slot));
    });
  }
}
