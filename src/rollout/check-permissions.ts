// Stage: before the first write, ask the API server whether every write the plan needs is allowed
// (SelfSubjectAccessReview, one per verb, resource and namespace), so an RBAC gap fails the run with
// exit 2 and nothing changed — never half a plan applied and then a 403.

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
  }));
}

/** The server-side apply of a config (--apply). */
export function configWrite(id: ObjectId): AccessCheck {
  const { group, resource } = configKind(id.kind as ConfigKind);
  return { verb: "patch", group, resource, namespace: id.namespace };
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
  const list = denied.map(describeCheck).join("; ");
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
    warning: `context ${cluster.context} may not ${denied.map(describeCheck).join("; ")} (access review): ${effect}. Grant it with the Role in docs/rbac.md, or pass --wait status.`,
  };
}

async function review(
  cluster: Pick<Cluster, "canI">,
  needed: AccessCheck[],
  concurrency: number,
): Promise<Array<{ check: AccessCheck; allowed: boolean | undefined }>> {
  const key = (c: AccessCheck) =>
    `${c.verb} ${c.group}/${c.resource}${c.subresource ? `/${c.subresource}` : ""} ${c.namespace}/${c.name ?? ""}`;
  const unique = new Map(needed.map((c) => [key(c), c]));
  return runLimited([...unique.values()], concurrency, async (check) => ({
    check,
    allowed: await cluster.canI(check),
  }));
}

/** `patch deployments.apps in namespace shop`, `get pods/log in namespace shop`, `patch secrets db in namespace shop`. */
function describeCheck(c: AccessCheck): string {
  const resource = `${c.resource}${c.subresource ? `/${c.subresource}` : ""}`;
  const named = c.name ? ` ${c.name}` : "";
  return `${c.verb} ${c.group ? `${resource}.${c.group}` : resource}${named} in namespace ${c.namespace}`;
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
