// Server-side apply's field ownership: which manager owns which field of an object, the 409 an apply
// gets when it would change a field another manager owns, and the fields an applier drops.
//
// Fields are leaf paths in the real server's notation: `.spec.replicas`,
// `.spec.template.spec.containers[name="app"].envFrom`. Lists with a merge key (containers, env,
// volumes, ...) are associative, their items addressed by key; every other list is atomic, owned
// whole, like `envFrom` and `projected.sources`. The rules kept: an Update (a patch or PUT) gives
// its manager the fields whose value it changed and takes them from everyone else; an Apply owns
// exactly the fields it sets and conflicts, unless forced, with another manager's field whose value
// it would change; a field an applier owned and no longer applies is removed when nobody else owns
// it. A write that sets managedFields itself (kubectl's move from client-side to server-side apply)
// replaces the owners with what it sets. managedFields show each manager's fields (fieldsV1); a
// manager left owning nothing has no entry.

import { clone, deepEqual, isRecord } from "./json.js";
import type { ResourceInfo } from "./resources.js";
import { failure, StatusError } from "./status.js";
import { schemaForKind, type TypeSchema } from "./strategic-merge-schema.js";
import type { KubeObject } from "./types.js";

/** Server-owned and identity metadata: never owned (the real server strips them before tracking). */
const SERVER_METADATA = new Set([
  "name",
  "namespace",
  "resourceVersion",
  "uid",
  "managedFields",
  "creationTimestamp",
  "generation",
  "selfLink",
]);

interface Owner {
  manager: string;
  operation: "Update" | "Apply";
  apiVersion: string;
  fields: Set<string>;
}

/** Leaf path -> canonical JSON of its value. */
export function fieldValues(obj: unknown, kind: string): Map<string, string> {
  const values = new Map<string, string>();
  walkLeaves(obj, kind, (path, _steps, value) => values.set(path, canonical(value)));
  return values;
}

/**
 * Every leaf of an object: its path in the server's notation, the same path as fieldsV1 steps
 * (`f:<field>`, and `k:{"<key>":<value>}` for an item of a list with a merge key), and its value.
 */
function walkLeaves(
  obj: unknown,
  kind: string,
  visit: (path: string, steps: string[], value: unknown) => void,
): void {
  const walk = (
    value: unknown,
    schema: TypeSchema | undefined,
    path: string,
    steps: string[],
    top: boolean,
  ) => {
    if (!isRecord(value)) return;
    for (const [key, child] of Object.entries(value)) {
      if (top && (key === "apiVersion" || key === "kind" || key === "status")) continue;
      if (path === ".metadata" && SERVER_METADATA.has(key)) continue;
      const field = schema?.fields[key];
      const at = `${path}.${key}`;
      const here = [...steps, `f:${key}`];
      const mergeKey = field?.mergeKey;
      if (
        Array.isArray(child) &&
        mergeKey &&
        child.every((item) => isRecord(item) && item[mergeKey] !== undefined)
      ) {
        for (const item of child as Record<string, unknown>[]) {
          const itemKey = `k:${JSON.stringify({ [mergeKey]: item[mergeKey] })}`;
          walk(
            item,
            field?.type,
            `${at}[${mergeKey}=${JSON.stringify(item[mergeKey])}]`,
            [...here, itemKey],
            false,
          );
        }
      } else if (isRecord(child) && Object.keys(child).length > 0) {
        walk(child, field?.type, at, here, false);
      } else {
        visit(at, here, child);
      }
    }
  };
  walk(obj, schemaForKind(kind), "", [], true);
}

/** The fieldsV1 tree of `owned` leaf paths of an object, as managedFields show it. */
function fieldsTree(obj: unknown, kind: string, owned: ReadonlySet<string>): Record<string, unknown> {
  const tree: Record<string, unknown> = {};
  walkLeaves(obj, kind, (path, steps) => {
    if (!owned.has(path)) return;
    let node = tree;
    for (const [i, step] of steps.entries()) {
      node[step] ??= {};
      const next = node[step] as Record<string, unknown>;
      // An item of an associative list is itself owned: the server marks it with ".".
      if (step.startsWith("k:") && i < steps.length - 1) next["."] ??= {};
      node = next;
    }
  });
  return tree;
}

/** The leaves of `obj` that a fieldsV1 tree names (a write that sets managedFields itself). */
function leavesIn(obj: unknown, kind: string, tree: unknown): Set<string> {
  const owned = new Set<string>();
  walkLeaves(obj, kind, (path, steps) => {
    let node = tree;
    for (const step of steps) {
      node = isRecord(node) ? node[step] : undefined;
      if (node === undefined) return;
    }
    owned.add(path);
  });
  return owned;
}

/** `obj` without the leaves at `paths`; an item of an associative list left with its key alone goes too. */
function withoutLeaves(obj: KubeObject, kind: string, paths: ReadonlySet<string>): KubeObject {
  const copy = clone(obj);
  const doomed: string[][] = [];
  walkLeaves(copy, kind, (path, steps) => {
    if (paths.has(path)) doomed.push(steps);
  });
  for (const steps of doomed) {
    // Walk down to the leaf, remembering the way, to remove what the removal leaves empty: a map
    // of a map, an item of an associative list with its key alone.
    let node: unknown = copy;
    const way: Array<{ parent: unknown; node: unknown; key?: string }> = [];
    for (const step of steps.slice(0, -1)) {
      const parent = node;
      if (step.startsWith("k:")) {
        const [key, value] = Object.entries(JSON.parse(step.slice(2)) as Record<string, unknown>)[0]!;
        node = (parent as unknown[]).find((item) => isRecord(item) && deepEqual(item[key], value));
        way.push({ parent, node, key });
      } else {
        node = isRecord(parent) ? parent[step.slice(2)] : undefined;
        way.push({ parent, node });
      }
    }
    if (isRecord(node)) delete node[steps.at(-1)!.slice(2)];
    for (const [i, { parent, node: here, key }] of [...way.entries()].reverse()) {
      if (!isRecord(here)) break;
      const left = Object.keys(here);
      if (key !== undefined && left.every((k) => k === key)) {
        (parent as unknown[]).splice((parent as unknown[]).indexOf(here), 1);
      } else if (key === undefined && left.length === 0 && i > 0 && isRecord(parent)) {
        delete parent[steps[i]!.slice(2)];
      } else break;
    }
  }
  return copy;
}

export class FieldOwnership {
  private readonly objects = new Map<string, Map<string, Owner>>();

  /**
   * The 409 of an apply that would change fields other managers own. Returns whether the apply
   * takes those fields as a forced one does: forced, or every conflict is in `takeover` (the
   * fields a kubectl apply may take from client-side apply, last-applied.ts).
   */
  checkApply(
    info: ResourceInfo,
    previous: KubeObject,
    applied: KubeObject,
    manager: string,
    force: boolean,
    takeover: ReadonlySet<string> = new Set(),
  ): boolean {
    if (force) return true;
    const owners = this.objects.get(keyOf(info, previous));
    if (!owners) return false;
    const current = fieldValues(previous, info.kind);
    const conflicts: Array<{ owner: Owner; field: string }> = [];
    for (const [field, value] of fieldValues(applied, info.kind)) {
      const now = current.get(field);
      if (now === undefined || now === value) continue;
      for (const [id, owner] of owners) {
        if (id !== ownerId(manager, "Apply") && owner.fields.has(field)) conflicts.push({ owner, field });
      }
    }
    const left = conflicts.filter((c) => !takeover.has(c.field));
    if (left.length > 0) throw conflictError(left);
    return conflicts.length > 0;
  }

  /**
   * `merged` (the live object with an apply merged in) without the fields this manager's apply
   * owned, no longer applies, and no other manager owns: the real server removes them.
   */
  withoutDropped(info: ResourceInfo, merged: KubeObject, manager: string, applied: KubeObject): KubeObject {
    const owners = this.objects.get(keyOf(info, merged));
    const mine = owners?.get(ownerId(manager, "Apply"));
    if (!owners || !mine) return merged;
    const still = new Set(fieldValues(applied, info.kind).keys());
    const dropped = new Set(
      [...mine.fields].filter(
        (field) =>
          !still.has(field) &&
          ![...owners].some(([id, other]) => id !== ownerId(manager, "Apply") && other.fields.has(field)),
      ),
    );
    return dropped.size === 0 ? merged : withoutLeaves(merged, info.kind, dropped);
  }

  /** The owners a write set through metadata.managedFields: each entry's fieldsV1, read against `obj`. */
  replace(info: ResourceInfo, obj: KubeObject, entries: Record<string, unknown>[]): void {
    const owners = new Map<string, Owner>();
    for (const entry of entries) {
      if (entry.subresource !== undefined) continue;
      const operation = entry.operation === "Apply" ? "Apply" : "Update";
      owners.set(ownerId(String(entry.manager), operation), {
        manager: String(entry.manager),
        operation,
        apiVersion: String(entry.apiVersion ?? ""),
        fields: leavesIn(obj, info.kind, entry.fieldsV1),
      });
    }
    this.objects.set(keyOf(info, obj), owners);
  }

  /** After a successful write: who owns what now. */
  record(
    info: ResourceInfo,
    previous: KubeObject | undefined,
    next: KubeObject,
    write: {
      manager: string;
      operation: "Update" | "Apply";
      apiVersion: string;
      applied?: KubeObject;
      force?: boolean;
    },
  ): void {
    const key = keyOf(info, next);
    const owners = this.objects.get(key) ?? new Map<string, Owner>();
    this.objects.set(key, owners);
    const before = previous ? fieldValues(previous, info.kind) : new Map<string, string>();
    const after = fieldValues(next, info.kind);
    const changed = new Set(
      [...before.keys(), ...after.keys()].filter((f) => before.get(f) !== after.get(f)),
    );
    const id = ownerId(write.manager, write.operation);
    const owner = owners.get(id) ?? {
      manager: write.manager,
      operation: write.operation,
      apiVersion: write.apiVersion,
      fields: new Set(),
    };
    owners.set(id, owner);
    let taken: Set<string>;
    if (write.operation === "Apply" && write.applied) {
      const applied = new Set(fieldValues(write.applied, info.kind).keys());
      owner.fields = applied;
      taken = write.force ? applied : new Set([...applied].filter((f) => changed.has(f)));
    } else {
      for (const field of changed) if (after.has(field)) owner.fields.add(field);
      taken = changed;
    }
    for (const [otherId, other] of owners) {
      if (otherId === id) continue;
      for (const field of taken) other.fields.delete(field);
    }
    for (const field of changed)
      if (!after.has(field)) for (const o of owners.values()) o.fields.delete(field);
  }

  /** Whether `manager`'s apply already owns every field of `applied`. */
  ownsAll(info: ResourceInfo, obj: KubeObject, manager: string, applied: KubeObject): boolean {
    const owner = this.objects.get(keyOf(info, obj))?.get(ownerId(manager, "Apply"));
    if (!owner) return false;
    return [...fieldValues(applied, info.kind).keys()].every((field) => owner.fields.has(field));
  }

  /**
   * The managedFields entries of an object with each manager's fieldsV1 filled in from ownership;
   * a manager that owns nothing any more has no entry.
   */
  describe(
    info: ResourceInfo,
    obj: KubeObject,
    entries: Record<string, unknown>[],
  ): Record<string, unknown>[] {
    const owners = this.objects.get(keyOf(info, obj));
    if (!owners) return entries;
    return entries.filter((entry) => {
      if (entry.subresource !== undefined) return true;
      const owner = owners.get(ownerId(String(entry.manager), String(entry.operation)));
      if (!owner) return true;
      entry.fieldsV1 = fieldsTree(obj, info.kind, owner.fields);
      return owner.fields.size > 0;
    });
  }

  forget(info: ResourceInfo, namespace: string, name: string): void {
    this.objects.delete(`${info.resource}/${namespace}/${name}`);
  }
}

function keyOf(info: ResourceInfo, obj: KubeObject): string {
  const metadata = isRecord(obj.metadata) ? obj.metadata : {};
  return `${info.resource}/${String(metadata.namespace ?? "")}/${String(metadata.name ?? "")}`;
}

function ownerId(manager: string, operation: string): string {
  return `${manager}\u0000${operation}`;
}

/** The real server's wording: one conflict on one line, several listed under their manager. */
function conflictError(conflicts: Array<{ owner: Owner; field: string }>): StatusError {
  const byManager = new Map<string, string[]>();
  for (const { owner, field } of conflicts) {
    const who = `"${owner.manager}" using ${owner.apiVersion}`;
    byManager.set(who, [...(byManager.get(who) ?? []), field]);
  }
  const count = conflicts.length;
  const parts = [...byManager].map(([who, fields]) =>
    fields.length === 1
      ? `conflict with ${who}: ${fields[0]}`
      : `conflicts with ${who}:\n${fields.map((f) => `- ${f}`).join("\n")}`,
  );
  const message = `Apply failed with ${count} conflict${count === 1 ? "" : "s"}: ${parts.join("\n")}`;
  return new StatusError(
    failure(409, "Conflict", message, {
      causes: conflicts.map(({ owner, field }) => ({
        reason: "FieldManagerConflict",
        message: `conflict with "${owner.manager}" using ${owner.apiVersion}`,
        field,
      })),
    }),
  );
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (isRecord(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
