// Plays the StatefulSet and DaemonSet controllers' history: one apps/v1 ControllerRevision per
// distinct pod template, named `<owner>-<hash>` (the names StatefulSet status reports as
// currentRevision/updateRevision), holding the strategic merge patch that restores the template
// (`kubectl rollout undo` sends it back as is), numbered 1, 2, ... A template equal to an older
// revision's reuses that object with the next number. Revisions beyond spec.revisionHistoryLimit
// that no pod runs are deleted, oldest first; deleting the owner deletes them all.
import { clone, numberAt, recordAt, stringAt } from "./json.js";
import { controllerRef, OwnerIndex, revisionNumber, writeOwned } from "./owner-references.js";
import { templateHash } from "./rollout-model.js";
import type { Store, StoredEvent } from "./store.js";
import type { KubeObject } from "./types.js";

const OWNERS: Record<string, { kind: string; hashLabel: string }> = {
  statefulsets: { kind: "StatefulSet", hashLabel: "controller.kubernetes.io/hash" },
  daemonsets: { kind: "DaemonSet", hashLabel: "controller-revision-hash" },
};

function stringMap(obj: unknown, ...path: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(recordAt(obj, ...path) ?? {})) if (typeof v === "string") out[k] = v;
  return out;
}

function revisionOf(cr: KubeObject): number {
  return revisionNumber(cr.revision);
}

function nameOf(obj: KubeObject): string {
  return stringAt(obj, "metadata", "name") ?? "";
}

/** Whether pods of the previous template still run (the owner's rollout is not finished). */
function rolling(resource: string, owner: KubeObject): boolean {
  if (resource === "daemonsets") {
    return (
      (numberAt(owner, "status", "updatedNumberScheduled") ?? 0) !==
      (numberAt(owner, "status", "desiredNumberScheduled") ?? 0)
    );
  }
  return stringAt(owner, "status", "currentRevision") !== stringAt(owner, "status", "updateRevision");
}

export class ControllerRevisions {
  /** "resource/namespace/name" to sync, with the uid of deleted owners (their revisions go). */
  private readonly pending = new Map<string, string | undefined>();
  private scheduled = false;
  private readonly unsubscribe: () => void;
  private readonly revisions: OwnerIndex;

  constructor(private readonly store: Store) {
    this.revisions = new OwnerIndex(store, "controllerrevisions");
    this.unsubscribe = store.subscribe((event) => this.observe(event));
  }

  /** Sync every owner written since the last flush (runs by itself on the next microtask). */
  flush(): void {
    this.scheduled = false;
    const work = [...this.pending];
    this.pending.clear();
    for (const [key, deletedUid] of work) {
      const [resource = "", namespace = "", name = ""] = key.split("/");
      if (deletedUid !== undefined) this.collect(namespace, deletedUid);
      const owner = this.store.get(resource, namespace, name);
      if (owner) this.sync(resource, owner);
    }
  }

  close(): void {
    this.unsubscribe();
    this.revisions.close();
  }

  private observe(event: StoredEvent): void {
    if (!OWNERS[event.resource]) return;
    const key = `${event.resource}/${stringAt(event.object, "metadata", "namespace") ?? ""}/${nameOf(event.object)}`;
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
    return this.revisions.owned(uid);
  }

  private collect(namespace: string, uid: string): void {
    for (const cr of this.owned(uid)) this.store.remove("controllerrevisions", namespace, nameOf(cr));
  }

  private sync(resource: string, owner: KubeObject): void {
    const { hashLabel } = OWNERS[resource] as { hashLabel: string };
    const namespace = stringAt(owner, "metadata", "namespace") ?? "";
    const generation = numberAt(owner, "metadata", "generation") ?? 1;
    // The controller snapshots the template once it has observed this generation.
    if (numberAt(owner, "status", "observedGeneration") !== generation) return;
    const hash = templateHash(owner);
    const owned = this.owned(stringAt(owner, "metadata", "uid") ?? "");
    const latest = Math.max(0, ...owned.map(revisionOf));
    let current = owned.find((cr) => stringMap(cr, "metadata", "labels")[hashLabel] === hash);
    if (!current) {
      const template = clone(recordAt(owner, "spec", "template") ?? {});
      current = {
        apiVersion: "apps/v1",
        kind: "ControllerRevision",
        metadata: {
          name: `${nameOf(owner)}-${hash}`,
          namespace,
          labels: { ...stringMap(owner, "spec", "template", "metadata", "labels"), [hashLabel]: hash },
          annotations: stringMap(owner, "metadata", "annotations"),
          ownerReferences: [controllerRef(owner)],
        },
        data: { spec: { template: { $patch: "replace", ...template } } },
        revision: latest + 1,
      };
      writeOwned(this.store, "controllerrevisions", current);
    } else if (revisionOf(current) !== latest) {
      writeOwned(this.store, "controllerrevisions", { ...current, revision: latest + 1 }, current);
    }

    // Keep the revision pods run now (and the one they are leaving while rolling) plus the limit.
    const limit = numberAt(owner, "spec", "revisionHistoryLimit") ?? 10;
    const currentName = nameOf(current);
    const others = owned
      .filter((cr) => nameOf(cr) !== currentName)
      .sort((a, b) => revisionOf(a) - revisionOf(b));
    const live = new Set([stringAt(owner, "status", "currentRevision") ?? ""]);
    if (rolling(resource, owner) && others.length > 0)
      live.add(nameOf(others[others.length - 1] as KubeObject));
    const history = others.filter((cr) => !live.has(nameOf(cr)));
    for (const cr of history.slice(0, Math.max(0, history.length - limit)))
      this.store.remove("controllerrevisions", namespace, nameOf(cr));
  }
}
