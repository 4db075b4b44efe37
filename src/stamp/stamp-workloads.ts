// Which workloads a set of objects (raw files, or one kustomization's render) stamps, and with
// what value: every restartable workload that consumes a ConfigMap or Secret defined among those
// objects gets the key-precise config hash (config-hash.ts) of what it reads. Configs it consumes
// that are not defined there (made by an operator, External Secrets) are left out and named; a
// workload that consumes none of the defined configs is not touched. Pure.

import { configContentOf, isConfigManifest } from "../core/config-content.js";
import { configHash, coveredSecrets, namespaceFree } from "../core/config-hash.js";
import { findReferences } from "../core/config-references.js";
import { consumedKeys } from "../core/consumed-configs.js";
import { field, isRecord, stringField } from "../core/json-shape.js";
import { restartableKind, workloadKindOf } from "../core/kinds/workload-kinds.js";
import { type ConfigContent, idKey, type Manifest, type ObjectId } from "../core/model.js";
import { compareIds } from "../core/order.js";
import { CONFIG_HASH_ANNOTATION } from "../core/restart-patch.js";

export interface StampTarget {
  id: ObjectId;
  file: string;
  line: number;
  /** Path from the object to its pod template. */
  templatePath: readonly string[];
  /** The value it must carry. */
  hash: string;
  /** The value it carries now, if any. */
  current?: string;
  /** The repository configs the value covers. */
  covers: ObjectId[];
  /** Consumed configs not defined in the repository: not in the value. */
  notInRepo: ObjectId[];
  /**
   * The namespaces GitOps objects deploy it into, when not the one `id` (as its file writes it)
   * says: the value is the same in each (stamp-as-deployed.ts).
   */
  namespaces?: string[];
}

interface Unstampable {
  id: ObjectId;
  file: string;
  line: number;
  reason: string;
}

interface StampOptions {
  key?: Buffer;
  /** Configs that roll their consumers by themselves (kustomize generators with a hash suffix). */
  selfRolling?: (id: ObjectId) => boolean;
  /** The contents one workload's value hashes (its deployed folder's own configs: deployment-units.ts). */
  contentsFor?: (workload: Manifest) => ReadonlyMap<string, ConfigContent>;
}

export interface WorkloadStamps {
  targets: StampTarget[];
  unstampable: Unstampable[];
  /** Workloads whose only consumed configs are not defined in the repository. */
  untouched: Array<{ id: ObjectId; file: string; notInRepo: ObjectId[] }>;
}

/** Config contents by idKey of the ConfigMaps and Secrets among `manifests`. */
export function repositoryConfigs(manifests: readonly Manifest[]): Map<string, ConfigContent> {
  const contents = new Map<string, ConfigContent>();
  for (const m of manifests) {
    if (isConfigManifest(m)) contents.set(idKey(m.id), configContentOf(m).content);
  }
  return contents;
}

export function stampWorkloads(
  manifests: readonly Manifest[],
  allContents: ReadonlyMap<string, ConfigContent>,
  options: StampOptions = {},
): WorkloadStamps {
  const result: WorkloadStamps = { targets: [], unstampable: [], untouched: [] };
  for (const m of manifests) {
    const kind = workloadKindOf(m.object);
    if (!kind || !restartableKind(m.id.kind)) continue;
    const template = templateOf(m.object, kind.templatePath);
    const refs = findReferences(field(template, "spec"));
    if (refs.length === 0) continue;
    const contents = options.contentsFor?.(m) ?? allContents;
    const consumed = consumedKeys(refs, m.id.namespace).filter((c) => !options.selfRolling?.(c.id));
    const covered = consumed.filter((c) => contents.has(idKey(c.id)));
    const notInRepo = consumed.filter((c) => !contents.has(idKey(c.id))).map((c) => c.id);
    const place = { id: m.id, file: m.file, line: m.line };
    if (covered.length === 0) {
      if (notInRepo.length > 0) result.untouched.push({ id: m.id, file: m.file, notInRepo });
      continue;
    }
    if (kind.templateOwner?.(m.object) !== undefined) {
      result.unstampable.push({
        ...place,
        reason: "runs another object's pod template (workloadRef): stamp that object instead",
      });
      continue;
    }
    const hashed = m.namespaceByDeployment
      ? namespaceFree(covered, contents)
      : { consumed: covered, contents };
    const hash = configHash(hashed.consumed, hashed.contents, options.key);
    if (hash === undefined) {
      const secrets = coveredSecrets(covered, contents).map((id) => `secret/${id.name}`);
      result.unstampable.push({
        ...place,
        reason: `consumes ${secrets.join(", ")} from the repository: without --hash-key its stamp would be a plain SHA-256 of the Secret's content, which anyone who may read the workload could test guesses against. Set --hash-key (the same key the live job and --strategy gitops use)`,
      });
      continue;
    }
    const current = stringField(field(field(template, "metadata"), "annotations"), CONFIG_HASH_ANNOTATION);
    result.targets.push({
      ...place,
      templatePath: kind.templatePath,
      hash,
      ...(current !== undefined ? { current } : {}),
      covers: covered.map((c) => c.id),
      notInRepo,
    });
  }
  result.targets.sort((a, b) => compareIds(a.id, b.id));
  return result;
}

function templateOf(object: unknown, path: readonly string[]): unknown {
  let node = object;
  for (const segment of path) node = isRecord(node) ? node[segment] : undefined;
  return node;
}
