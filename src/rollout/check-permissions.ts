// Stage: before the first write, ask the API server whether every write the plan needs is allowed
// (SelfSubjectAccessReview, one per verb, resource and namespace), so an RBAC gap fails the run with
// exit 2 and nothing changed — never half a plan applied and then a 403.

import { ClusterAccessError } from "../core/errors.js";
import { configKind } from "../core/kinds/api-kinds.js";
import type { WorkloadKind } from "../core/kinds/workload-kinds.js";
import type { Log } from "../core/log.js";
import type { ConfigKind, ObjectId } from "../core/model.js";
import { runLimited } from "../core/run-limited.js";
import type { AccessCheck, Cluster } from "../kube/kube-client.js";

/** The patches a restart sends, one per object it patches. */
export function patchWrites(targets: Array<{ id: ObjectId; kind: WorkloadKind }>): AccessCheck[] {
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

export async function checkPermissions(
  cluster: Pick<Cluster, "canI" | "context">,
  needed: AccessCheck[],
  log: Log,
  /** Reviews in flight at once (--concurrency). */
  concurrency: number,
  /** When the check ran, and so what a denial left unwritten. */
  checked = "checked before any change: nothing was written",
): Promise<void> {
  const unique = new Map(needed.map((c) => [`${c.verb} ${c.group}/${c.resource} ${c.namespace}`, c]));
  const answers = await runLimited([...unique.values()], concurrency, async (check) => ({
    check,
    allowed: await cluster.canI(check),
  }));
  if (answers.some((a) => a.allowed === undefined)) {
    log.info(
      "the API server does not answer access reviews: permissions are checked by the writes themselves",
    );
  }
  const denied = answers.filter((a) => a.allowed === false).map((a) => a.check);
  if (denied.length === 0) return;
  const list = denied
    .map((c) => `${c.verb} ${c.group ? `${c.resource}.${c.group}` : c.resource} in namespace ${c.namespace}`)
    .join("; ");
  throw new ClusterAccessError(
    `forbidden: context ${cluster.context} may not ${list} (${checked}). Grant it with the Role in docs/rbac.md.`,
    403,
  );
}
