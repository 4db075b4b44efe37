// What the API server does on each write: identity, defaults, validation, generation,
// status-subresource rules, optimistic concurrency, dry-run, then storage and the controllers.
import { randomBytes, randomUUID } from "node:crypto";
import { applyDefaults } from "./defaults.js";
import { FieldOwnership } from "./field-ownership.js";
import { childRecord, clone, deepEqual, isRecord, numberAt, stringAt } from "./json.js";
import { takeoverFields, withLastApplied } from "./last-applied.js";
import { apiVersionOf, RESOURCES, type ResourceInfo, resourceFor } from "./resources.js";
import type { RolloutSimulator } from "./rollout.js";
import { alreadyExists, badRequest, conflict, namespaceNotFound, notFound } from "./status.js";
import type { Store } from "./store.js";
import type { KubeObject } from "./types.js";
import { checkDecodable, validateObject } from "./validate.js";

export interface WriteOptions {
  dryRun: boolean;
  /** fieldManager query parameter, else derived from the User-Agent like the real server. */
  manager: string;
  subresource?: string;
  operation?: "Update" | "Apply";
  /** For an apply: the configuration as sent (field ownership), and the force query parameter. */
  applied?: KubeObject;
  force?: boolean;
}

function now(): string {
  return `${new Date().toISOString().slice(0, 19)}Z`;
}

function meta(obj: KubeObject): Record<string, unknown> {
  return childRecord(obj, "metadata");
}

/** Equal apart from bookkeeping the server itself rewrites on every write. */
function sameContent(a: KubeObject, b: KubeObject): boolean {
  const strip = (o: KubeObject) => {
    const c = clone(o);
    delete meta(c).resourceVersion;
    delete meta(c).managedFields;
    return c;
  };
  return deepEqual(strip(a), strip(b));
}

function recordManager(obj: KubeObject, info: ResourceInfo, opts: WriteOptions): void {
  const operation = opts.operation ?? "Update";
  const entries = Array.isArray(meta(obj).managedFields)
    ? (meta(obj).managedFields as unknown[]).filter(isRecord)
    : [];
  const entry: Record<string, unknown> = {
    manager: opts.manager,
    operation,
    apiVersion: apiVersionOf(info),
    time: now(),
    fieldsType: "FieldsV1",
    fieldsV1: {},
  };
  if (opts.subresource) entry.subresource = opts.subresource;
  const index = entries.findIndex(
    (e) => e.manager === opts.manager && e.operation === operation && e.subresource === entry.subresource,
  );
  if (index >= 0) entries[index] = entry;
  else entries.push(entry);
  meta(obj).managedFields = entries;
}

function managedEntries(obj: KubeObject): Record<string, unknown>[] {
  const entries = meta(obj).managedFields;
  return Array.isArray(entries) ? entries.filter(isRecord) : [];
}

/** Kinds served beyond the built-in table (installed CRDs), and how seeding settles them. */
export interface ExtraKinds {
  resourceFor(kind: string): ResourceInfo | undefined;
  served(): ResourceInfo[];
  settle(info: ResourceInfo, obj: KubeObject): KubeObject;
}

export class Registry {
  private readonly ownership = new FieldOwnership();

  constructor(
    private readonly store: Store,
    private readonly simulator: RolloutSimulator,
    private readonly extra?: ExtraKinds,
  ) {}

  get(info: ResourceInfo, namespace: string, name: string): KubeObject {
    const found = this.store.get(info.resource, namespace, name);
    if (!found) throw notFound(info, name);
    return found;
  }

  find(info: ResourceInfo, namespace: string, name: string): KubeObject | undefined {
    return this.store.get(info.resource, namespace, name);
  }

  create(info: ResourceInfo, namespace: string, body: unknown, opts: WriteOptions): KubeObject {
    if (!isRecord(body)) throw badRequest("the body of the request must be a JSON object");
    const obj = clone(body);
    this.checkType(info, obj);
    const metadata = meta(obj);
    if (info.namespaced) {
      const given = metadata.namespace;
      if (given !== undefined && given !== "" && given !== namespace) {
        throw badRequest(
          "the namespace of the provided object does not match the namespace sent on the request",
        );
      }
      metadata.namespace = namespace;
      if (!this.store.get("namespaces", "", namespace)) throw namespaceNotFound(namespace);
    } else {
      delete metadata.namespace;
    }
    if (!metadata.name && typeof metadata.generateName === "string") {
      metadata.name = `${metadata.generateName}${randomBytes(3).toString("hex").slice(0, 5)}`;
    }
    if (metadata.resourceVersion !== undefined && metadata.resourceVersion !== "") {
      throw badRequest("resourceVersion should not be set on objects to be created");
    }
    const name = String(metadata.name ?? "");
    if (name && this.store.get(info.resource, namespace, name)) throw alreadyExists(info, name);
    metadata.uid = randomUUID();
    metadata.creationTimestamp = now();
    delete metadata.managedFields;
    if (info.hasGeneration) metadata.generation = 1;
    else delete metadata.generation;
    // A custom resource's status is dropped on create (no Go struct to leave an empty one behind).
    if (info.custom) delete obj.status;
    else if (info.subresources.includes("status"))
      obj.status = info.kind === "Namespace" ? { phase: "Active" } : {};
    applyDefaults(info.kind, obj);
    checkDecodable(info, obj);
    validateObject(info, obj);
    recordManager(obj, info, opts);
    if (opts.dryRun) return obj;
    this.ownership.forget(info, namespace, name);
    this.recordOwnership(info, undefined, obj, opts);
    metadata.managedFields = this.ownership.describe(info, obj, managedEntries(obj));
    const stored = this.store.write(info.resource, obj);
    if (info.workload) this.simulator.written(info, stored);
    return stored;
  }

  /** PUT, PATCH and apply to an existing object: `next` is the wanted object. */
  update(info: ResourceInfo, previous: KubeObject, desired: KubeObject, opts: WriteOptions): KubeObject {
    let wanted = desired;
    const name = stringAt(previous, "metadata", "name") ?? "";
    const wantedRv = stringAt(wanted, "metadata", "resourceVersion");
    if (wantedRv && wantedRv !== stringAt(previous, "metadata", "resourceVersion"))
      throw conflict(info, name);
    this.checkType(info, wanted);
    const applied = opts.operation === "Apply" ? opts.applied : undefined;
    let forced = opts.force === true;
    if (applied) {
      const takeover = takeoverFields(opts.manager, previous, info.kind);
      forced = this.ownership.checkApply(info, previous, applied, opts.manager, forced, takeover);
      wanted = withLastApplied(
        this.ownership.withoutDropped(info, wanted, opts.manager, applied),
        opts.manager,
        applied,
      );
    }
    let next: KubeObject;
    if (opts.subresource === "status") {
      next = clone(previous);
      next.status = clone(wanted.status);
    } else {
      next = clone(wanted);
      if (info.subresources.includes("status")) {
        if (previous.status === undefined) delete next.status;
        else next.status = clone(previous.status);
      }
    }
    const metadata = meta(next);
    const before = meta(clone(previous));
    for (const key of ["name", "namespace", "uid", "creationTimestamp"]) {
      if (before[key] === undefined) delete metadata[key];
      else metadata[key] = before[key];
    }
    metadata.resourceVersion = before.resourceVersion;
    // A write that sets managedFields itself (kubectl moving client-side apply's fields to its
    // server-side apply) replaces the owners with what it sets.
    const requested = managedEntries(next);
    const rewrites =
      !applied &&
      opts.subresource === undefined &&
      requested.length > 0 &&
      !deepEqual(requested, before.managedFields);
    metadata.managedFields = rewrites ? requested : before.managedFields;
    applyDefaults(info.kind, next);
    checkDecodable(info, next);
    validateObject(info, next, previous);
    if (info.hasGeneration) {
      const generation = numberAt(previous, "metadata", "generation") ?? 1;
      metadata.generation = deepEqual(previous.spec, next.spec) ? generation : generation + 1;
    } else {
      delete metadata.generation;
    }
    // A no-op write changes nothing; a no-op apply still makes its manager an owner of the fields it
    // applies (shared ownership, as the real server records it), unless it owns them already.
    const unchanged = sameContent(previous, next);
    if (unchanged && !rewrites && (!applied || this.ownership.ownsAll(info, previous, opts.manager, applied)))
      return previous;
    if (!(rewrites && unchanged)) recordManager(next, info, opts);
    if (opts.dryRun) return next;
    if (rewrites) this.ownership.replace(info, next, requested);
    this.recordOwnership(info, previous, next, { ...opts, force: forced });
    metadata.managedFields = this.ownership.describe(info, next, managedEntries(next));
    const stored = this.store.write(info.resource, next);
    if (info.workload) this.simulator.written(info, stored);
    return stored;
  }

  delete(info: ResourceInfo, namespace: string, name: string, dryRun: boolean): KubeObject {
    const existing = this.get(info, namespace, name);
    if (dryRun) return existing;
    if (info.kind === "Namespace") {
      for (const other of [...RESOURCES, ...(this.extra?.served() ?? [])].filter((r) => r.namespaced)) {
        for (const obj of this.store.list(other.resource, name)) {
          this.removeOne(other, name, stringAt(obj, "metadata", "name") ?? "");
        }
      }
    }
    return this.removeOne(info, namespace, name) ?? existing;
  }

  /** Create or replace directly, bypassing validation; workloads come out fully rolled out. */
  seed(input: KubeObject): KubeObject {
    const kind = typeof input.kind === "string" ? input.kind : "";
    const info = resourceFor(kind) ?? this.extra?.resourceFor(kind);
    if (!info || info.kind !== kind) {
      throw new Error(
        `seed: unsupported kind ${JSON.stringify(kind)} (known: ${RESOURCES.map((r) => r.kind).join(", ")})`,
      );
    }
    const obj = clone(input);
    obj.apiVersion = apiVersionOf(info);
    const metadata = meta(obj);
    if (typeof metadata.name !== "string" || metadata.name === "")
      throw new Error(`seed: ${kind} without metadata.name`);
    const namespace = info.namespaced ? String(metadata.namespace ?? "default") : "";
    if (info.namespaced) {
      metadata.namespace = namespace;
      if (!this.store.get("namespaces", "", namespace))
        this.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: namespace } });
    }
    const existing = this.store.get(info.resource, namespace, metadata.name);
    // A seeded object is nobody's: it starts without field owners, like one written by hand.
    this.ownership.forget(info, namespace, metadata.name);
    metadata.uid ??= stringAt(existing, "metadata", "uid") ?? randomUUID();
    metadata.creationTimestamp ??= stringAt(existing, "metadata", "creationTimestamp") ?? now();
    delete metadata.resourceVersion;
    if (info.hasGeneration && metadata.generation === undefined) {
      const old = numberAt(existing, "metadata", "generation");
      metadata.generation = old === undefined ? 1 : deepEqual(existing?.spec, obj.spec) ? old : old + 1;
    }
    if (info.kind === "Namespace") obj.status ??= { phase: "Active" };
    applyDefaults(info.kind, obj);
    const settled = info.workload
      ? this.simulator.settle(info, obj)
      : this.extra
        ? this.extra.settle(info, obj)
        : obj;
    return this.store.write(info.resource, settled);
  }

  private recordOwnership(
    info: ResourceInfo,
    previous: KubeObject | undefined,
    next: KubeObject,
    opts: WriteOptions,
  ): void {
    // Status writes are the controllers' business; ownership is only tracked for the object itself.
    if (opts.subresource) return;
    this.ownership.record(info, previous, next, {
      manager: opts.manager,
      operation: opts.operation ?? "Update",
      apiVersion: apiVersionOf(info),
      applied: opts.applied,
      force: opts.force,
    });
  }

  private removeOne(info: ResourceInfo, namespace: string, name: string): KubeObject | undefined {
    this.ownership.forget(info, namespace, name);
    if (info.workload) this.simulator.forget(info, namespace, name);
    return this.store.remove(info.resource, namespace, name);
  }

  private checkType(info: ResourceInfo, obj: KubeObject): void {
    const expected = apiVersionOf(info);
    if (obj.kind !== undefined && obj.kind !== info.kind) {
      throw badRequest(
        `the kind in the data (${String(obj.kind)}) does not match the expected kind (${info.kind})`,
      );
    }
    if (obj.apiVersion !== undefined && obj.apiVersion !== expected) {
      throw badRequest(
        `the API version in the data (${String(obj.apiVersion)}) does not match the expected API version (${expected})`,
      );
    }
    obj.apiVersion = expected;
    obj.kind = info.kind;
  }
}
