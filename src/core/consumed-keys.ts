// What a workload reads of each config it consumes, key-precise: the input of the config hash
// (config-hash.ts). Apart from it so that the plan can name the keys without loading node:crypto.

import type { ConfigContent, ConfigKind, ConfigReference, ObjectId } from "./model.js";
import { idKey } from "./model.js";
import { compareStrings } from "./order.js";

/** One consumed config and the keys the workload reads from it. */
export interface ConsumedConfig {
  id: ObjectId & { kind: ConfigKind };
  keys: string[] | "all";
}

/** A pod template's references (same namespace) merged per config: the union of the keys read. */
export function consumedKeys(
  references: ReadonlyArray<Pick<ConfigReference, "configKind" | "configName" | "keys">>,
  namespace: string,
): ConsumedConfig[] {
  const byConfig = new Map<string, ConsumedConfig>();
  for (const ref of references) {
    const id = { kind: ref.configKind, namespace, name: ref.configName };
    const known = byConfig.get(idKey(id));
    if (!known) {
      byConfig.set(idKey(id), { id, keys: ref.keys === "all" ? "all" : [...ref.keys] });
    } else if (known.keys !== "all") {
      known.keys = ref.keys === "all" ? "all" : [...new Set([...known.keys, ...ref.keys])];
    }
  }
  return [...byConfig.values()].sort((a, b) => compareStrings(idKey(a.id), idKey(b.id)));
}

/** The part of `content` that `keys` reads (absent keys are simply absent). */
export function readContent(content: ConfigContent, keys: string[] | "all"): ConfigContent {
  if (keys === "all") return content;
  const read: ConfigContent = {};
  for (const key of [...keys].sort(compareStrings)) {
    if (Object.hasOwn(content, key)) {
      Object.defineProperty(read, key, { value: content[key], enumerable: true, writable: true });
    }
  }
  return read;
}
