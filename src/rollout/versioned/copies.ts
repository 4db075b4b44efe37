// The versioned strategy's copies: each changed config a planned workload consumes, as committed,
// becomes an immutable copy `<name>-<hash>`. Naming them and checking the names are free (or hold
// the same content) are reads; the copies themselves are written by the restart path, after its
// permission check (the ConfigWrites returned here).

import { shortSha } from "../../core/commit-sha.js";
import { changedKeys, liveConfigContent } from "../../core/config-content.js";
import { UserError } from "../../core/errors.js";
import { apiVersionOf, configKind } from "../../core/kinds/api-kinds.js";
import {
  type ConfigContent,
  type ConfigKind,
  formatId,
  type HeadConfig,
  idKey,
  type ObjectId,
  shortId,
} from "../../core/model.js";
import { runLimited } from "../../core/run-limited.js";
import type { Cluster } from "../../kube/cluster.js";
import type { ConfigWrite, PrepareContext, StrategySettings } from "../strategy/restart-strategy.js";
import {
  type ConfigCopy,
  type CopySource,
  checkCopyName,
  configCopy,
  copyCommitOf,
  copySourceOf,
  isManagedCopy,
  MANAGED_LABEL,
} from "./config-copy.js";

type Plain = Record<string, unknown>;

/** What the versioned strategy reads of the run's settings ("server" dry run: copies, patches and deletions carry dryRun=All). */
export type VersionedSettings = Pick<
  StrategySettings,
  "strategy" | "hashKey" | "dryRun" | "rollbackOnFailure" | "prune" | "keep" | "concurrency"
>;

export interface SourceCopy {
  copy: ConfigCopy;
  /** What the copy holds (the source as committed at head): a rollback never returns to the same. */
  content: ConfigContent;
  /** The managed copies of the same source that existed before this run: name -> the commit it was copied at. */
  older: Map<string, string>;
}

/** The managed copies of one kind in one namespace, listed once per (kind, namespace) it is asked for. */
export type ManagedCopies = (namespace: string, kind: ConfigKind) => Promise<Plain[]>;

/** Each changed config the planned workloads consume, as committed, with those workloads. */
function plannedSources(
  context: Pick<PrepareContext, "workloads" | "headConfigs">,
): Array<{ source: CopySource; head: HeadConfig; consumers: string[] }> {
  const sources = new Map<string, { id: ObjectId; consumers: string[] }>();
  for (const workload of context.workloads) {
    for (const ref of workload.references) {
      const entry = sources.get(idKey(ref.config)) ?? { id: ref.config, consumers: [] };
      const consumer = shortId(workload.id);
      if (!entry.consumers.includes(consumer)) entry.consumers.push(consumer);
      sources.set(idKey(ref.config), entry);
    }
  }
  return [...sources].flatMap(([sourceKey, { id, consumers }]) => {
    const head = context.headConfigs.get(sourceKey);
    if (!head) return [];
    refuseUnsubstituted(head);
    const source = {
      id: { ...id, kind: id.kind as ConfigKind },
      object: head.manifest.object,
      content: head.snapshot.content,
    };
    return [{ source, head, consumers }];
  });
}

/**
 * A config whose text keeps a Flux variable the cluster fills in from a source this run does not read
 * (a Secret, a ConfigMap not found in the repository) is not what the cluster holds: a copy of it
 * would give the workload `${NAME}` as written. Checked before anything is written (a dry run too).
 */
function refuseUnsubstituted({ manifest }: HeadConfig): void {
  const names = manifest.unsubstituted;
  if (!names?.length) return;
  const variables = names.map((name) => `\${${name}}`).join(", ");
  throw new UserError(
    `${shortId(manifest.id)} (namespace ${manifest.id.namespace}, ${manifest.origin ?? manifest.file}) holds ${variables} as written: Flux fills ${names.length === 1 ? "it" : "them"} in on the cluster from postBuild.substituteFrom (a Secret, or a ConfigMap not found in the repository), so a versioned copy would hold the text, not the value. Nothing was copied or restarted; give the value in postBuild.substitute or a ConfigMap in the repository, or plan this config with --strategy annotation or env`,
  );
}

/** What a client dry run can say: the copy each changed config would get, and who would be repointed. */
export function copyPlanNotes(
  context: Pick<PrepareContext, "workloads" | "headConfigs" | "head">,
  settings: VersionedSettings,
): string[] {
  const lines = plannedSources(context).map(({ source, consumers }) => {
    const { id } = source;
    // Checked for every source, also those whose copy name a client dry run cannot compute.
    checkCopyName(id.name);
    // Without the cluster a Secret's key (its UID) is unknown, unless --hash-key is set.
    const name =
      id.kind === "Secret" && !settings.hashKey
        ? `${id.name}-<hash keyed with the Secret's UID>`
        : configCopy(source, context.head, settings.hashKey ? Buffer.from(settings.hashKey) : undefined).name;
    return `would copy ${shortId(id)} at ${shortSha(context.head)} to ${name} (namespace ${id.namespace}) and repoint ${consumers.join(", ")} to it`;
  });
  if (settings.prune && lines.length > 0) {
    lines.push("pruning reads the cluster: --dry-run=server shows which old copies would be deleted");
  }
  return lines;
}

/**
 * Name each planned source's copy and check it before anything is written: a name taken by
 * someone else's object, or a copy with other content, stops the run. Returns every source's copy
 * (with the older copies of the same source) and the copies still to create.
 */
export async function prepareCopies(
  context: PrepareContext,
  settings: VersionedSettings,
  managedCopies: ManagedCopies,
): Promise<{ copies: SourceCopy[]; writes: ConfigWrite[] }> {
  const { cluster, log } = context;
  const checked = await runLimited(plannedSources(context), settings.concurrency, async (p) => {
    const key = await hashKeyFor(p.source, settings.hashKey, cluster);
    const copy = configCopy(p.source, context.head, key);
    const { kind, namespace, name } = copy.source;
    const [existing, copiesInNamespace] = await Promise.all([
      // By name, whatever its labels: the name may be taken by an object that is not a copy.
      cluster.readObject({ apiVersion: apiVersionOf(configKind(kind)), kind, namespace, name: copy.name }),
      // Older copies of every source: one list of managed copies per (namespace, kind), not one per source.
      managedCopies(namespace, kind),
    ]);
    const older = copiesInNamespace.filter((c) => copySourceOf(c) === name);
    return { copy, head: p.head, existing, older };
  });
  const copies: SourceCopy[] = [];
  const writes: ConfigWrite[] = [];
  const serverDryRun = settings.dryRun === "server";
  for (const { copy, head, existing, older } of checked) {
    const { source } = copy;
    const where = `${source.kind.toLowerCase()}/${copy.name} (namespace ${source.namespace})`;
    if (existing && !isManagedCopy(existing)) {
      throw new UserError(
        `${where} exists and is not a config-rollout copy (a copy has the config-rollout.io/managed and source labels and a source-commit annotation): refusing to overwrite it`,
      );
    }
    if (
      existing &&
      changedKeys(liveConfigContent({ ...existing, kind: source.kind }), head.snapshot.content).length > 0
    ) {
      throw new UserError(
        `${where} exists with other content than ${formatId(source)} at ${context.head}: refusing to use it`,
      );
    }
    if (existing) log.info(`${where} already exists: reused`);
    else
      writes.push({
        id: { ...source, name: copy.name },
        body: copy.body,
        done: `${serverDryRun ? "server dry run accepted" : "created"} ${source.kind.toLowerCase()}/${copy.name} (namespace ${source.namespace}), an immutable copy of ${source.name} at ${shortSha(context.head)}`,
      });
    const olderCommits = older.flatMap((c) => {
      const commit = copyCommitOf(c);
      return nameOf(c) !== copy.name && commit !== undefined ? [[nameOf(c), commit] as const] : [];
    });
    copies.push({ copy, content: head.snapshot.content, older: new Map(olderCommits) });
  }
  return { copies, writes };
}

/**
 * The key of a copy's name hash. A Secret's copy name must not be a plain hash of its content (a
 * short password could be guessed offline from a name anyone who reads Deployments sees): it is
 * keyed with --hash-key, else with the source Secret's UID on this cluster.
 */
async function hashKeyFor(
  source: CopySource,
  hashKey: string | undefined,
  cluster: Cluster,
): Promise<Buffer | undefined> {
  if (hashKey) return Buffer.from(hashKey);
  if (source.id.kind !== "Secret") return undefined;
  const live = await cluster.readConfig(source.id);
  if (!live?.uid) {
    throw new UserError(
      `${formatId(source.id)} is not on the cluster, so its copy's name cannot be keyed with its UID: set --hash-key (the same on every cluster that should share copy names)`,
    );
  }
  return Buffer.from(live.uid);
}

/** The managed copies of one kind in one namespace, listed once per (kind, namespace) it is asked for. */
export function managedCopyLister(cluster: Cluster): ManagedCopies {
  const lists = new Map<string, Promise<Plain[]>>();
  return (namespace, kind) => {
    const key = `${kind}/${namespace}`;
    let listed = lists.get(key);
    if (!listed) {
      listed = cluster.listObjects(namespace, apiVersionOf(configKind(kind)), kind, `${MANAGED_LABEL}=true`);
      listed.catch(() => {});
      lists.set(key, listed);
    }
    return listed;
  };
}

export function nameOf(obj: unknown): string {
  return String((obj as { metadata?: { name?: unknown } }).metadata?.name ?? "");
}
