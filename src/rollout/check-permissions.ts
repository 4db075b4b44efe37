// Stage: before the first write, ask the API server whether every write the plan needs is allowed
// (SelfSubjectAccessReview, one per verb, resource and namespace; one per object where that one is
// refused, as a Role granting by `resourceNames` answers only a review that names the object), so
// an RBAC gap fails the run with exit 2 and nothing changed — never half a plan applied and then a 403.

import { ClusterAccessError } from "../core/errors.js";
import { configKind } from "../core/kinds/api-kinds.js";
import type { WorkloadKind } from "../core/kinds/workload-kinds.js";
import type { Log } from "../core/log.js";
import type { ConfigKind, ObjectId } from "../core/model.js";
import { runLimited } from "../core/run-limited.js";
import type { AccessCheck, Cluster } from "../kube/cluster.js";
import type { RunSettings } from "../settings/settings.js";

/** The patches a restart sends, one per object it patches. */
function patchWrites(targets: Array<{ id: ObjectId; kind: WorkloadKind }>): AccessCheck[] {
  return targets.map(({ id, kind }) => ({
    verb: "patch",
    group: kind.group,
    resource: kind.resource,
    namespace: id.namespace,
    name: id.name,
  }));
}

/** The server-side apply of a config (--apply). */
export function configWrite(id: ObjectId): AccessCheck {
  const { group, resource } = configKind(id.kind as ConfigKind);
  return { verb: "patch", group, resource, namespace: id.namespace, name: id.name };
}

async function checkPermissions(
  cluster: Pick<Cluster, "canI" | "context">,
  needed: AccessCheck[],
  log: Log,
  /** Reviews in flight at once (--concurrency). */
  concurrency: number,
  /** When the check ran, and so what a denial left unwritten. */
  checked = "checked before any change: nothing was written",
): Promise<void> {
  const answers = await review(cluster, needed, concurrency);
  if (answers.some((a) => a.allowed === undefined)) {
    log.info(
      "the API server does not answer access reviews: permissions are checked by the writes themselves",
    );
  }
  const denied = answers.filter((a) => a.allowed === false).map((a) => a.check);
  if (denied.length === 0) return;
  const list = describeChecks(denied);
  throw new ClusterAccessError(
    `forbidden: context ${cluster.context} may not ${list} (${checked}). Grant it with the Role in docs/rbac.md.`,
    403,
  );
}

/**
 * What watching the restarted workloads' pods reads (pod-watch.ts), per namespace: list and watch
 * pods, list events (the failing pod's Warning events) and, with --logs N, get pods/log.
 */
function podWatchReads(namespaces: Iterable<string>, logLines: number): AccessCheck[] {
  return [...new Set(namespaces)].flatMap((namespace) => [
    { verb: "list", group: "", resource: "pods", namespace },
    { verb: "watch", group: "", resource: "pods", namespace },
    { verb: "list", group: "", resource: "events", namespace },
    ...(logLines > 0 ? [{ verb: "get", group: "", resource: "pods", subresource: "log", namespace }] : []),
  ]);
}

/**
 * The pod watch's reads, asked about with the writes but never fatal: a denial is one warning.
 * Pods that cannot be listed or watched turn the watch off (the wait is on the rollout status
 * alone, as with --wait status); events or logs that cannot be read only leave the cause shorter.
 */
async function checkPodWatchAccess(
  cluster: Pick<Cluster, "canI" | "context">,
  namespaces: Iterable<string>,
  logLines: number,
  /** Reviews in flight at once (--concurrency). */
  concurrency: number,
): Promise<{ watch: boolean; warning?: string }> {
  const answers = await review(cluster, podWatchReads(namespaces, logLines), concurrency);
  const denied = answers.filter((a) => a.allowed === false).map((a) => a.check);
  if (denied.length === 0) return { watch: true };
  const watch = !denied.some((c) => c.resource === "pods" && c.subresource === undefined);
  const effect = watch
    ? "a new pod that cannot start still fails its workload early, but its cause is quoted without what cannot be read"
    : "waiting on the rollout status alone, without failing early on pods that cannot start";
  return {
    watch,
    warning: `context ${cluster.context} may not ${describeChecks(denied)} (access review): ${effect}. Grant it with the Role in docs/rbac.md, or pass --wait status.`,
  };
}

/**
 * One review per permission (verb, resource, namespace), unnamed; where that one is refused, one per
 * object the permission is needed for, by name: a Role that grants it only by `resourceNames`
 * refuses every review that names no object, and allows those naming its objects. An answer per
 * permission, or per object when asked by name.
 */
async function review(
  cluster: Pick<Cluster, "canI">,
  needed: AccessCheck[],
  concurrency: number,
): Promise<Array<{ check: AccessCheck; allowed: boolean | undefined }>> {
  const permission = (c: AccessCheck) =>
    `${c.verb} ${c.group}/${c.resource}${c.subresource ? `/${c.subresource}` : ""} ${c.namespace}`;
  const byPermission = new Map<string, AccessCheck[]>();
  for (const check of needed)
    byPermission.set(permission(check), [...(byPermission.get(permission(check)) ?? []), check]);
  const answers = await runLimited([...byPermission.values()], concurrency, async ([first]) => {
    const { name: _, ...unnamed } = first!;
    return { check: unnamed, allowed: await cluster.canI(unnamed) };
  });
  // Refused unnamed, but every object it is needed for has a name: ask about each of them.
  const refused = answers.filter((a) => a.allowed === false);
  const objects = refused.flatMap(({ check }) => {
    const checks = byPermission.get(permission(check))!;
    if (checks.some((c) => c.name === undefined)) return [];
    return [...new Map(checks.map((c) => [c.name, c])).values()];
  });
  const byName = await runLimited(objects, concurrency, async (check) => ({
    check,
    allowed: await cluster.canI(check),
  }));
  const askedByName = new Set(objects.map(permission));
  return [...answers.filter((a) => !askedByName.has(permission(a.check))), ...byName];
}

/**
 * `patch deployments.apps in namespace shop`, `get pods/log in namespace shop; patch secrets db, api-keys
 * in namespace shop`: the objects refused by name listed once per permission.
 */
function describeChecks(checks: AccessCheck[]): string {
  const names = new Map<string, string[]>();
  for (const c of checks) {
    const resource = `${c.resource}${c.subresource ? `/${c.subresource}` : ""}`;
    const permission = `${c.verb} ${c.group ? `${resource}.${c.group}` : resource}`;
    const key = `${permission}\0${c.namespace}`;
    names.set(key, [...(names.get(key) ?? []), ...(c.name ? [c.name] : [])]);
  }
  return [...names]
    .map(([key, objects]) => {
      const [permission, namespace] = key.split("\0");
      return `${permission}${objects.length > 0 ? ` ${objects.join(", ")}` : ""} in namespace ${namespace}`;
    })
    .join("; ");
}

/**
 * The access review before a round's first write: every config write and patch, and what a later
 * step needs (`reviews`: --rollback-on-failure's restore), a gap failing the run (exit 2, nothing
 * written); then what the pod watch reads when it is on (never fatal: one warning, and a watch that
 * may not run is off) — unless --bake needs it: a bake that cannot watch pods fails the run too.
 */
export async function reviewAccess(
  cluster: Pick<Cluster, "canI" | "context">,
  writes: {
    configs: ReadonlyArray<{ id: ObjectId }>;
    targets: Parameters<typeof patchWrites>[0];
    reviews?: AccessCheck[];
  },
  settings: Pick<RunSettings, "watchPods" | "wait" | "dryRun" | "logLines" | "concurrency"> & {
    bakeMs?: number;
  },
  log: Log,
  checked?: string,
): Promise<{ watchPods: boolean }> {
  const configs = writes.configs.flatMap((w) =>
    (["create", "patch"] as const).map((verb) => ({ ...configWrite(w.id), verb })),
  );
  const needed = [...configs, ...patchWrites(writes.targets), ...(writes.reviews ?? [])];
  const namespaces = writes.targets.map((t) => t.id.namespace);
  // --bake watches pods after each rollout: without them it cannot keep its promise.
  const baking = settings.bakeMs !== undefined && settings.dryRun !== "server";
  const bakeReads = baking ? podWatchReads(namespaces, 0).filter((c) => c.resource === "pods") : [];
  await checkPermissions(cluster, [...needed, ...bakeReads], log, settings.concurrency, checked);
  if (!(settings.watchPods && settings.wait && settings.dryRun !== "server")) return { watchPods: false };
  const access = await checkPodWatchAccess(cluster, namespaces, settings.logLines, settings.concurrency);
  if (access.warning) log.warn(access.warning);
  return { watchPods: access.watch };
}
