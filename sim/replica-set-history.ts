// Plays the Deployment controller's ReplicaSet bookkeeping: one ReplicaSet per distinct pod
// template (`<deployment>-<pod-template-hash>`), numbered by the deployment's revision, scaled
// up as the simulated rollout moves pods to it while the older ones go to zero, and old
// scaled-to-zero ones deleted beyond spec.revisionHistoryLimit. A template equal to an old
// ReplicaSet's reuses it, which becomes the newest revision (`kubectl rollout undo`). Deleting
// the Deployment deletes its ReplicaSets, as the garbage collector does.
import { clone, isRecord, numberAt, recordAt, stringAt, valueAt } from "./json.js";
import { controllerRef, isControlledBy, OwnerIndex, revisionNumber, writeOwned } from "./owner-references.js";
import { REVISION_ANNOTATION, templateHash } from "./rollout-model.js";
import type { Store, StoredEvent } from "./store.js";
import type { KubeObject } from "./types.js";

export const POD_TEMPLATE_HASH_LABEL = "pod-template-hash";
const REVISION_HISTORY_ANNOTATION = "deployment.kubernetes.io/revision-history";
const DESIRED_REPLICAS_ANNOTATION = "deployment.kubernetes.io/desired-replicas";
const MAX_REPLICAS_ANNOTATION = "deployment.kubernetes.io/max-replicas";

/** Deployment annotations the controller does not copy onto its ReplicaSets. */
const NOT_COPIED = new Set([
  "kubectl.kubernetes.io/last-applied-configuration",
  REVISION_ANNOTATION,
  REVISION_HISTORY_ANNOTATION,
  DESIRED_REPLICAS_ANNOTATION,
  MAX_REPLICAS_ANNOTATION,
  "deprecated.deployment.rollback.to",
]);

function labelsOf(obj: unknown, ...path: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(recordAt(obj, ...path) ?? {})) if (typeof v === "string") out[k] = v;
  return out;
}

function revisionOf(rs: KubeObject): number {
  return revisionNumber(stringAt(rs, "metadata", "annotations", REVISION_ANNOTATION));
}

function replicasOf(rs: KubeObject): number {
  return numberAt(rs, "spec", "replicas") ?? 0;
}

function surgeOf(deployment: KubeObject, desired: number): number {
  const value = valueAt(deployment, "spec", "strategy", "rollingUpdate", "maxSurge");
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.endsWith("%"))
    return Math.ceil((desired * Number(value.slice(0, -1))) / 100);
  return 0;
}

function withoutZeros(status: Record<string, number>): Record<string, number> {
  const out: Record<string, number> = { replicas: status.replicas ?? 0 };
  for (const [key, value] of Object.entries(status)) if (value !== 0) out[key] = value;
  return out;
}

/** The ReplicaSet the controller keeps for `deployment`'s template `hash`. */
function replicaSetFor(
  deployment: KubeObject,
  hash: string,
  revision: number,
  replicas: number,
  ready: number,
  previous: KubeObject | undefined,
): KubeObject {
  const name = stringAt(deployment, "metadata", "name") ?? "";
  const desired = numberAt(deployment, "spec", "replicas") ?? 1;
  const annotations: Record<string, string> = {};
  for (const [k, v] of Object.entries(labelsOf(deployment, "metadata", "annotations")))
    if (!NOT_COPIED.has(k)) annotations[k] = v;
  annotations[DESIRED_REPLICAS_ANNOTATION] = String(desired);
  annotations[MAX_REPLICAS_ANNOTATION] = String(desired + surgeOf(deployment, desired));
  annotations[REVISION_ANNOTATION] = String(revision);
  const history = stringAt(previous, "metadata", "annotations", REVISION_HISTORY_ANNOTATION);
  const oldRevision = previous ? revisionOf(previous) : 0;
  if (oldRevision > 0 && oldRevision !== revision)
    annotations[REVISION_HISTORY_ANNOTATION] = history ? `${history},${oldRevision}` : String(oldRevision);
  else if (history) annotations[REVISION_HISTORY_ANNOTATION] = history;
  const template = clone(recordAt(deployment, "spec", "template") ?? {});
  const templateMeta = isRecord(template.metadata) ? template.metadata : {};
  template.metadata = {
    ...templateMeta,
    labels: { ...labelsOf(template, "metadata", "labels"), [POD_TEMPLATE_HASH_LABEL]: hash },
  };
  const selector = clone(recordAt(deployment, "spec", "selector") ?? {});
  selector.matchLabels = { ...labelsOf(selector, "matchLabels"), [POD_TEMPLATE_HASH_LABEL]: hash };
  const spec: Record<string, unknown> = { replicas };
  const minReadySeconds = numberAt(deployment, "spec", "minReadySeconds");
  if (minReadySeconds !== undefined) spec.minReadySeconds = minReadySeconds;
  spec.selector = selector;
  spec.template = template;
  return {
    apiVersion: "apps/v1",
    kind: "ReplicaSet",
    metadata: {
      name: `${name}-${hash}`,
      namespace: stringAt(deployment, "metadata", "namespace"),
      labels: {
        ...labelsOf(deployment, "spec", "template", "metadata", "labels"),
        [POD_TEMPLATE_HASH_LABEL]: hash,
      },
      annotations,
      ownerReferences: [controllerRef(deployment)],
    },
    spec,
    status: withoutZeros({
      replicas,
      fullyLabeledReplicas: replicas,
      readyReplicas: ready,
      availableReplicas: ready,
    }),
  };
}

/** The same ReplicaSet at another size (an old one being scaled down). */
function resized(rs: KubeObject, replicas: number): KubeObject {
  const next = clone(rs);
  (next.spec as Record<string, unknown>).replicas = replicas;
  next.status = withoutZeros({
    replicas,
    fullyLabeledReplicas: replicas,
    readyReplicas: replicas,
    availableReplicas: replicas,
  });
  return next;
}

export class ReplicaSetHistory {
  /** "namespace/name" of deployments to sync, with the uid of deleted ones (their ReplicaSets go). */
  private readonly pending = new Map<string, string | undefined>();
  private scheduled = false;
  private readonly unsubscribe: () => void;
  private readonly replicaSets: OwnerIndex;

  constructor(private readonly store: Store) {
    this.replicaSets = new OwnerIndex(store, "replicasets");
    this.unsubscribe = store.subscribe((event) => this.observe(event));
  }

  /** Sync every deployment written since the last flush (runs by itself on the next microtask). */
  flush(): void {
    this.scheduled = false;
    const work = [...this.pending];
    this.pending.clear();
    for (const [key, deletedUid] of work) {
      const [namespace = "", name = ""] = key.split("/");
      if (deletedUid !== undefined) this.collect(namespace, deletedUid);
      const deployment = this.store.get("deployments", namespace, name);
      if (deployment) this.sync(deployment);
    }
  }

  close(): void {
    this.unsubscribe();
    this.replicaSets.close();
  }

  private observe(event: StoredEvent): void {
    if (event.resource !== "deployments") return;
    const key = `${stringAt(event.object, "metadata", "namespace") ?? ""}/${stringAt(event.object, "metadata", "name") ?? ""}`;
    // Writes happen after the event is delivered to everyone, so watchers see events in order.
    this.pending.set(
      key,
      event.type === "DELETED" ? stringAt(event.object, "metadata", "uid") : this.pending.get(key),
    );
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.flush());
    }
  }

  private owned(uid: string): KubeObject[] {
    return this.replicaSets.owned(uid);
  }

  private collect(namespace: string, uid: string): void {
    for (const rs of this.owned(uid))
      this.store.remove("replicasets", namespace, stringAt(rs, "metadata", "name") ?? "");
  }

  private sync(deployment: KubeObject): void {
    const namespace = stringAt(deployment, "metadata", "namespace") ?? "";
    const uid = stringAt(deployment, "metadata", "uid") ?? "";
    // Until the simulated controller has observed this generation, its revision is not known yet.
    const generation = numberAt(deployment, "metadata", "generation") ?? 1;
    if (numberAt(deployment, "status", "observedGeneration") !== generation) return;
    const paused = valueAt(deployment, "spec", "paused") === true;
    const revision = revisionNumber(stringAt(deployment, "metadata", "annotations", REVISION_ANNOTATION));
    const hash = templateHash(deployment);
    const owned = this.owned(uid);
    const current = owned.find((rs) => labelsOf(rs, "metadata", "labels")[POD_TEMPLATE_HASH_LABEL] === hash);
    // A paused Deployment makes no new ReplicaSet and renumbers none.
    if (!current && (paused || revision === 0)) return;
    const total = numberAt(deployment, "status", "replicas") ?? 0;
    const updated = numberAt(deployment, "status", "updatedReplicas") ?? 0;
    const available = numberAt(deployment, "status", "availableReplicas") ?? 0;
    let oldPods = Math.max(0, total - updated);
    const wanted = replicaSetFor(
      deployment,
      hash,
      paused && current ? revisionOf(current) : revision,
      updated,
      Math.max(0, Math.min(updated, available - oldPods)),
      current,
    );
    writeOwned(this.store, "replicasets", wanted, current);

    // Old pods stay with the newest old ReplicaSets that still run some; the rest are at zero.
    const others = owned.filter((rs) => rs !== current).sort((a, b) => revisionOf(b) - revisionOf(a));
    const running = others.filter((rs) => replicasOf(rs) > 0);
    const sizes = new Map<KubeObject, number>();
    running.forEach((rs, i) => {
      const share = i === running.length - 1 ? oldPods : Math.min(oldPods, replicasOf(rs));
      sizes.set(rs, share);
      oldPods -= share;
    });
    for (const rs of others) writeOwned(this.store, "replicasets", resized(rs, sizes.get(rs) ?? 0), rs);

    // History beyond revisionHistoryLimit: the oldest ReplicaSets already at zero go.
    const limit = numberAt(deployment, "spec", "revisionHistoryLimit") ?? 10;
    const idle = others.filter((rs) => (sizes.get(rs) ?? 0) === 0).reverse();
    for (const rs of idle.slice(0, Math.max(0, idle.length - limit)))
      this.store.remove("replicasets", namespace, stringAt(rs, "metadata", "name") ?? "");
  }
}

/**
 * Seeding a Deployment over an existing one continues its history: the seeded object keeps the
 * revision (same template) or gets the next one (another template) unless it names one itself.
 */
export function seededRevision(store: Store, obj: KubeObject): KubeObject {
  if (obj.kind !== "Deployment" || stringAt(obj, "metadata", "annotations", REVISION_ANNOTATION)) return obj;
  const namespace = stringAt(obj, "metadata", "namespace") ?? "default";
  const existing = store.get("deployments", namespace, stringAt(obj, "metadata", "name") ?? "");
  if (!existing) return obj;
  const uid = stringAt(existing, "metadata", "uid") ?? "";
  const current = revisionNumber(stringAt(existing, "metadata", "annotations", REVISION_ANNOTATION));
  const owned = store.list("replicasets", namespace).filter((rs) => isControlledBy(rs, uid));
  const latest = Math.max(current, ...owned.map(revisionOf));
  const revision = templateHash(existing) === templateHash(obj) ? current : latest + 1;
  if (revision === 0) return obj;
  const next = clone(obj);
  const metadata = isRecord(next.metadata) ? next.metadata : {};
  metadata.annotations = {
    ...labelsOf(next, "metadata", "annotations"),
    [REVISION_ANNOTATION]: String(revision),
  };
  next.metadata = metadata;
  return next;
}
