// Whether a workload's pods run the cluster's current config: the key-precise hash of what it reads,
// computed from the live ConfigMaps and Secrets with the same function the git-driven run and the
// stamp use (core/config-hash.ts), against the hash its pod template carries.
//
// One hash, three paths: the git-driven run covers every config a workload reads that exists (the
// committed content for the repository's configs, which the cluster holds once applied; the live
// content for the others), and writes a digest per covered config beside the hash; sync hashes the
// same configs' live content. On an unchanged cluster they agree, so neither undoes the other. A
// config the digests do not cover (added to the template since, or unreadable when the hash was
// written) is "not covered yet", never a restart by itself: a restart would only record it.
// A hash without digests was written by `stamp`, a saved plan or an older config-rollout: its
// coverage is unknown, so a different value is reported, not acted on (--adopt restarts it).

import { configDigests, configHash, formatDigests, parseDigests } from "../core/config-hash.js";
import { findReferences } from "../core/config-references.js";
import { type ConsumedConfig, consumedKeys } from "../core/consumed-configs.js";
import { field, stringField } from "../core/json-shape.js";
import { podSpecAt } from "../core/kinds/pod-template.js";
import type { RestartableKind } from "../core/kinds/workload-kinds.js";
import { type ConfigContent, type ConfigKind, idKey, type ObjectId } from "../core/model.js";
import { currentDigests, currentHash } from "../core/restart-patch.js";

type Plain = Record<string, unknown>;

/**
 * On the workload's own metadata (not its pod template: writing it rolls nothing): the hash and
 * digests of the content its pods were judged to run when `sync --adopt` adopted it without a
 * restart. The pod template's hash, once there, takes precedence.
 */
export const BASELINE_ANNOTATION = "config-rollout.io/config-baseline";

/** A consumed config whose content differs from what the pods started with. */
interface StaleConfig {
  id: ObjectId & { kind: ConfigKind };
  keys: string[] | "all";
}

export type SyncVerdict =
  /** The pods run the current content of every config they read (as far as the hash covers). */
  | { state: "current"; uncovered: ConsumedConfig[]; gone: ConsumedConfig[] }
  /**
   * Some config changed since the pods started: restart. `gone`: covered before, no longer on the
   * cluster (never a reason to restart: new pods could not start without it).
   */
  | {
      state: "stale";
      hash: string;
      digests: string;
      stale: StaleConfig[];
      uncovered: ConsumedConfig[];
      gone: ConsumedConfig[];
      /** The digests annotation does not parse: treated as none, the hash alone said stale. */
      digestsUnparsed?: true;
    }
  /** No hash and no baseline: never restarted by config-rollout, and not adopted. */
  | { state: "no-baseline"; hash: string; digests: string; consumed: ConsumedConfig[] }
  /** A hash without digests that differs: written by stamp, a saved plan or an older version. */
  | { state: "unknown-coverage"; hash: string; digests: string }
  /**
   * The hash on its template is applied by another field manager (a GitOps agent): sync leaves it
   * alone. `stale`: what its digests say changed since (the manager has to roll it).
   */
  | { state: "managed-elsewhere"; manager: string; stale: StaleConfig[] }
  /** A config it reads may not be read (RBAC): whether its pods run the current content cannot be told. */
  | { state: "unreadable"; configs: Array<{ id: ObjectId & { kind: ConfigKind }; why: string }> }
  /** It reads no config that exists: nothing to keep current. */
  | { state: "reads-nothing" }
  /** A Secret it reads has no UID known (not readable) and no --hash-key: no value can be computed. */
  | { state: "cannot-hash"; why: string };

interface LiveConfigs {
  /** Content of every readable config in scope, by idKey. */
  contents: ReadonlyMap<string, ConfigContent>;
  /** Secret UIDs by idKey (the hash key without --hash-key). */
  uids: ReadonlyMap<string, string>;
  /** Configs the identity may not read, by idKey: the refusal (it names the verb and resource). */
  unreadable?: ReadonlyMap<string, string>;
}

interface VerdictOptions {
  hashKey?: Buffer;
  /** config-rollout's field manager: a hash owned by another is managed elsewhere. */
  fieldManager: string;
}

/** The consumed configs of a live workload, key-precise. */
export function consumedOf(workload: Plain, kind: RestartableKind, namespace: string): ConsumedConfig[] {
  return consumedKeys(findReferences(podSpecAt(workload, kind.templatePath)), namespace);
}

export function syncVerdict(
  workload: Plain,
  kind: RestartableKind,
  live: LiveConfigs,
  options: VerdictOptions,
  /** What it reads, when already known (read-live-state.ts reads it once per workload). */
  consumed = consumedOf(workload, kind, stringField(field(workload, "metadata"), "namespace") ?? ""),
): SyncVerdict {
  // A config it may not read could have changed: never "current", never "reads nothing".
  const unreadable = consumed.flatMap((c) => {
    const why = live.unreadable?.get(idKey(c.id));
    return why === undefined ? [] : [{ id: c.id, why }];
  });
  if (unreadable.length > 0) return { state: "unreadable", configs: unreadable };
  const existing = consumed.filter((c) => live.contents.has(idKey(c.id)));
  if (existing.length === 0) return { state: "reads-nothing" };
  const uid = (id: ObjectId) => live.uids.get(idKey(id));
  const hash = configHash(consumed, live.contents, options.hashKey, uid);
  const digestMap = configDigests(consumed, live.contents, options.hashKey, uid);
  if (hash === undefined || digestMap === undefined) {
    return { state: "cannot-hash", why: "a Secret it reads could not be read for its UID: set --hash-key" };
  }
  const recorded = currentHash(workload, kind.templatePath);
  if (recorded === hash) return { state: "current", uncovered: [], gone: [] };
  // Only a workload that is not current: which configs it reads optionally, the digests as written.
  const now = { hash, digests: formatDigests(digestMap), digestMap, optional: optionalOnly(workload, kind) };
  if (recorded === undefined) return baselineVerdict(workload, consumed, now);
  const recordedDigests = currentDigests(workload, kind.templatePath);
  const compared = recordedDigests === undefined ? undefined : compareDigests(consumed, recordedDigests, now);
  const manager = hashOwners(workload, kind.templatePath).find((m) => m !== options.fieldManager);
  if (manager !== undefined)
    return { state: "managed-elsewhere", manager, stale: compared?.state === "stale" ? compared.stale : [] };
  return compared ?? { state: "unknown-coverage", hash, digests: now.digests };
}

/** What a workload's configs hash to now, and which of them it reads only optionally. */
interface CurrentDigests {
  hash: string;
  /** digestMap as the annotation writes it. */
  digests: string;
  digestMap: Map<string, string>;
  optional: ReadonlySet<string>;
}

/**
 * Per config: which changed or went away since the digests were written, which are not covered.
 * An optional config (every reference `optional: true`) that appeared or went away since is a
 * change: the pods started without it, or with it. Digests that do not parse are treated as none,
 * and the hash, which differs, decides: stale.
 */
function compareDigests(consumed: ConsumedConfig[], recordedText: string, now: CurrentDigests): SyncVerdict {
  const { hash, digests, optional } = now;
  const recorded = parseDigests(recordedText);
  if (recorded === undefined)
    return { state: "stale", hash, digests, stale: [], uncovered: [], gone: [], digestsUnparsed: true };
  const stale: StaleConfig[] = [];
  const uncovered: ConsumedConfig[] = [];
  const gone: ConsumedConfig[] = [];
  for (const config of consumed) {
    const key = `${config.id.kind}/${config.id.name}`;
    const before = recorded.get(key);
    const after = now.digestMap.get(key);
    if (before === undefined) {
      if (after !== undefined) (optional.has(key) ? stale : uncovered).push(config);
    } else if (after === undefined) (optional.has(key) ? stale : gone).push(config);
    else if (before !== after) stale.push(config);
  }
  if (stale.length === 0) return { state: "current", uncovered, gone };
  return { state: "stale", hash, digests, stale, uncovered, gone };
}

/** No hash on the template: the baseline an adoption recorded on the workload, if any. */
function baselineVerdict(workload: Plain, consumed: ConsumedConfig[], now: CurrentDigests): SyncVerdict {
  const { hash, digests } = now;
  const baseline = stringField(field(field(workload, "metadata"), "annotations"), BASELINE_ANNOTATION);
  if (baseline === undefined) return { state: "no-baseline", hash, digests, consumed };
  const [recordedHash, recordedDigests = ""] = baseline.split(" ");
  if (recordedHash === hash) return { state: "current", uncovered: [], gone: [] };
  return compareDigests(consumed, recordedDigests, now);
}

/** The configs (`Kind/name`, as digests name them) every reference of the pod template reads optionally. */
function optionalOnly(workload: Plain, kind: RestartableKind): Set<string> {
  const required = new Set<string>();
  const optional = new Set<string>();
  for (const ref of findReferences(podSpecAt(workload, kind.templatePath))) {
    const key = `${ref.configKind}/${ref.configName}`;
    (ref.optional ? optional : required).add(key);
  }
  for (const key of required) optional.delete(key);
  return optional;
}

/** The baseline annotation's value: the hash, a space, the digests. */
export function baselineValue(hash: string, digests: string): string {
  return `${hash} ${digests}`;
}

/**
 * The field managers that own the pod template's hash annotation, from managedFields (an owner
 * shares it when it applied the same value); none when no entry says (no managedFields).
 */
export function hashOwners(workload: Plain, templatePath: readonly string[]): string[] {
  const entries = field(field(workload, "metadata"), "managedFields");
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => {
    let fields = field(entry, "fieldsV1");
    for (const step of templatePath) fields = field(fields, `f:${step}`);
    const annotations = field(field(fields, "f:metadata"), "f:annotations");
    const manager = stringField(entry, "manager");
    return field(annotations, "f:config-rollout.io/config-hash") !== undefined && manager ? [manager] : [];
  });
}
