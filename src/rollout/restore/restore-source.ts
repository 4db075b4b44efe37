// What a restore writes back and where the base commit defines it, and what the report says when it
// cannot: a refused restore is named with what to run by hand, so no half state goes unreported.

import { shortSha } from "../../core/commit-sha.js";
import type { JsonObject } from "../../core/json-shape.js";
import { type ConfigContent, type ConfigKind, type ObjectId, shortId } from "../../core/model.js";

/** One changed config to put back to the base commit's content. */
export interface ConfigRestore {
  id: ObjectId & { kind: ConfigKind };
  /** The base commit's manifest of it and the content a pod sees of that. */
  base: { manifest: JsonObject; content: ConfigContent };
  /** The failed (head) commit's manifest of it: what the deploy step applied. */
  head?: JsonObject;
  source: RestoreSource;
  /** The workloads this run restarted that read a changed key of it: rolled back once it is restored. */
  readers: ObjectId[];
}

/** Where the base commit defines a config. */
interface RestoreSource {
  /** The base commit. */
  commit: string;
  file: string;
  /** The renderer it came from (`kustomize overlays/prod`); undefined for a raw file. */
  origin?: string;
}

/** What to run by hand to put a config back, after `why` it was not (immutable: delete it first). */
export function byHand(restore: Pick<ConfigRestore, "id" | "source">, why: string): string {
  const { id, source } = restore;
  const commit = shortSha(source.commit);
  const apply = source.origin
    ? `render ${source.origin} at ${commit} and apply ${shortId(id)} from it with kubectl apply`
    : `git show ${shellWord(`${commit}:${source.file}`)} | kubectl apply -n ${id.namespace} -f - (the file's other objects at ${commit} too)`;
  const first = /immutable/.test(why)
    ? `kubectl delete ${id.kind.toLowerCase()} ${id.name} -n ${id.namespace}, then `
    : "";
  return `not restored: ${why}; restore it by hand: ${first}${apply}, then roll back its readers (kubectl rollout undo)`;
}

/** A word for a POSIX shell: as is when plain, else quoted (ANSI-C quoting when it holds control characters). */
export function shellWord(word: string): string {
  if (/^[\w./:@+,=-]+$/.test(word)) return word;
  if (!/\p{Cc}/u.test(word)) return `'${word.replaceAll("'", `'\\''`)}'`;
  const escaped = [...word]
    .map((c) => (/[\p{Cc}'\\]/u.test(c) ? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}` : c))
    .join("");
  return `$'${escaped}'`;
}
