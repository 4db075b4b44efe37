// Configs at base vs head -> the ConfigMaps/Secrets whose pod-visible content changed.
// The caller passes the manifests of the changed files only: an unchanged file is identical at both
// revisions, so it cannot hold a change (and a config moved between changed files is seen on both sides).

import { changedKeys, configContentOf, isConfigManifest } from "../../core/config-content.js";
import { field } from "../../core/json-shape.js";
import {
  type ConfigChange,
  type ConfigSnapshot,
  formatId,
  idKey,
  type Manifest,
  type ManifestProblem,
} from "../../core/model.js";
import { compareIds } from "../../core/order.js";

/** On a workload: never restart it. On a ConfigMap or Secret: its changes restart nothing. */
export const IGNORE_ANNOTATION = "config-rollout.io/ignore";

export function hasIgnoreAnnotation(object: unknown): boolean {
  return field(field(field(object, "metadata"), "annotations"), IGNORE_ANNOTATION) === "true";
}

/** On a ConfigMap or Secret: Stakater Reloader never acts on its changes. */
const RELOADER_IGNORE = "reloader.stakater.com/ignore";
/** On a ConfigMap or Secret: workloads annotated reloader.stakater.com/search reload on its changes. */
export const RELOADER_MATCH = "reloader.stakater.com/match";

/** The Reloader annotations of a config that decide whether Reloader acts on its change. */
function configReloaderMarks(object: unknown): ConfigChange["reloader"] {
  const annotations = field(field(object, "metadata"), "annotations");
  const ignore = field(annotations, RELOADER_IGNORE) === "true";
  const match = field(annotations, RELOADER_MATCH) === "true";
  if (!ignore && !match) return undefined;
  return { ...(ignore ? { ignore: true } : {}), ...(match ? { match: true } : {}) };
}

interface ConfigChanges {
  changes: ConfigChange[];
  snapshots: { base: Map<string, ConfigSnapshot>; head: Map<string, ConfigSnapshot> };
  problems: ManifestProblem[];
}

export function findConfigChanges(base: Manifest[], head: Manifest[]): ConfigChanges {
  const problems: ManifestProblem[] = [];
  const baseSnapshots = snapshotsOf(base, "base", problems);
  const headSnapshots = snapshotsOf(head, "head", problems);
  const changes: ConfigChange[] = [];
  const ignored = new Set(
    head.filter((m) => isConfigManifest(m) && hasIgnoreAnnotation(m.object)).map((m) => idKey(m.id)),
  );
  // The last definition wins, as for the content.
  const reloaderMarks = new Map(
    head.filter(isConfigManifest).map((m) => [idKey(m.id), configReloaderMarks(m.object)] as const),
  );

  for (const [key, after] of headSnapshots) {
    const before = baseSnapshots.get(key);
    const keys = changedKeys(before?.content, after.content);
    const reloader = reloaderMarks.get(key);
    const mark = { ...(ignored.has(key) ? { ignored: true } : {}), ...(reloader ? { reloader } : {}) };
    if (before === undefined) {
      changes.push({ id: after.id, status: "added", file: after.file, line: after.line, keys, ...mark });
    } else if (keys.length > 0) {
      changes.push({ id: after.id, status: "modified", file: after.file, line: after.line, keys, ...mark });
    }
  }
  for (const [key, before] of baseSnapshots) {
    if (headSnapshots.has(key)) continue;
    const keys = changedKeys(before.content, undefined);
    changes.push({ id: before.id, status: "deleted", file: before.file, line: before.line, keys });
  }
  changes.sort((a, b) => compareIds(a.id, b.id));
  return { changes, snapshots: { base: baseSnapshots, head: headSnapshots }, problems };
}

function snapshotsOf(
  manifests: Manifest[],
  revision: "base" | "head",
  problems: ManifestProblem[],
): Map<string, ConfigSnapshot> {
  const snapshots = new Map<string, ConfigSnapshot>();
  for (const m of manifests) {
    if (!isConfigManifest(m)) continue;
    const { content, problems: contentProblems } = configContentOf(m);
    // Problems in base content were already there before this diff: only head's are news.
    if (revision === "head") problems.push(...contentProblems);
    const key = idKey(m.id);
    const earlier = snapshots.get(key);
    if (earlier !== undefined) {
      problems.push({
        file: m.file,
        line: m.line,
        col: 1,
        message: `${formatId(m.id)} is defined twice at ${revision}: ${earlier.file}:${earlier.line} and ${m.file}:${m.line}; the last one is used`,
        severity: "warning",
      });
    }
    snapshots.set(key, { id: m.id, file: m.file, line: m.line, content });
  }
  return snapshots;
}
