// Newness, deletion and change are properties of an object (kind/namespace/name), not of a file.
// The scan reads only the files the diff touched; these helpers settle the cases where that view is
// not enough, each with one `git grep` for the few names concerned:
// - an object that looks new may exist at base in a file this push did not touch (a copy);
// - a config that looks deleted may still be defined at head in an untouched file (a duplicate);
// - a file the tool will not read (over --max-file-size, or broken at head) may hold a config that
//   looks deleted or added: that is "cannot tell", never a change.

import { changedKeys, configContentOf, isConfigManifest } from "../core/config-content.js";
import {
  type ConfigChange,
  type ConfigContent,
  type ConfigSnapshot,
  formatId,
  idKey,
  type Manifest,
  type ManifestProblem,
} from "../core/model.js";
import { compareIds } from "../core/order.js";
import type { FileChange, Git } from "../git/git.js";

/** Changed files whose content at one side was not read, with why (for the one warning each). */
interface UnreadFiles {
  base: Map<string, string>;
  head: Map<string, string>;
}

/**
 * The changed files not read at one side: those over --max-file-size, and those with errors there
 * (a file a renderer owns is not a raw manifest, broken or not).
 */
export function unreadFilesOf(
  oversized: { base: Map<string, number>; head: Map<string, number> },
  broken: { base: Set<string>; head: Set<string> },
  owned: ((path: string) => boolean) | undefined,
): UnreadFiles {
  const side = (side: "base" | "head") => {
    const files = new Map([...oversized[side].keys()].map((path) => [path, "oversized"]));
    for (const path of broken[side]) if (!owned?.(path) && !files.has(path)) files.set(path, "broken");
    return files;
  };
  return { base: side("base"), head: side("head") };
}

/** One warning per changed file that was too large to read, at either commit or both. */
export function oversizedFileProblems(
  changedFiles: FileChange[],
  oversized: { base: Map<string, number>; head: Map<string, number> },
  maxFileSize: number,
): ManifestProblem[] {
  const problems: ManifestProblem[] = [];
  for (const file of changedFiles) {
    const basePath = file.oldPath ?? file.path;
    const sizes = [
      ["base", file.status === "A" ? undefined : oversized.base.get(basePath)],
      ["head", file.status === "D" ? undefined : oversized.head.get(file.path)],
    ] as const;
    const over = sizes.filter(([, size]) => size !== undefined);
    if (over.length === 0) continue;
    const what = over.map(([side, size]) => `${size} bytes at the ${side} commit`).join(" and ");
    problems.push({
      file: file.status === "D" ? basePath : file.path,
      line: 1,
      col: 1,
      severity: "warning",
      unread: "over --max-file-size",
      message: `cannot tell what changed: ${what} is over --max-file-size ${maxFileSize} (raise it to read this file)`,
    });
  }
  return problems;
}

/**
 * Drop deletions that an unread head file may explain and additions that an unread base file may
 * explain: the config may well still be there. A file broken at head gets its own warning per
 * config (as before); an oversized one was already reported once.
 */
export async function withoutUnreadChanges(
  git: Git,
  commits: { base: string; head: string },
  changes: ConfigChange[],
  unread: UnreadFiles,
  problems: ManifestProblem[],
): Promise<ConfigChange[]> {
  const kept: ConfigChange[] = [];
  for (const change of changes) {
    const side = change.status === "deleted" ? "head" : change.status === "added" ? "base" : undefined;
    const files = side === undefined ? undefined : unread[side];
    if (side === undefined || files === undefined || files.size === 0) {
      kept.push(change);
      continue;
    }
    const hits = await git.grepFiles(commits[side], [change.id.name], literalPathspecs([...files.keys()]));
    if (hits.length === 0) {
      kept.push(change);
      continue;
    }
    const broken = hits.find((path) => files.get(path) === "broken");
    if (broken !== undefined) {
      problems.push({
        file: broken,
        line: 1,
        col: 1,
        severity: "warning",
        message: `cannot tell whether ${formatId(change.id)} changed: the file has errors at the ${side} commit`,
      });
    }
  }
  return kept;
}

/**
 * Settle changes against definitions found in files the diff did not touch (identical at both
 * commits): an "added" config defined at base elsewhere, or a "deleted" one still defined at head
 * elsewhere, is compared with that definition instead. `read` holds the contents read from the
 * changed files (findConfigChanges' snapshots).
 */
export function settleWithUntouchedFiles(
  changes: ConfigChange[],
  read: { base: Map<string, ConfigSnapshot>; head: Map<string, ConfigSnapshot> },
  untouched: { base: Manifest[]; head: Manifest[] },
  problems: ManifestProblem[],
): ConfigChange[] {
  const baseContent = contentsById(untouched.base);
  const headContent = contentsById(untouched.head);
  const settled: ConfigChange[] = [];
  for (const change of changes) {
    const key = idKey(change.id);
    const added = change.status === "added";
    const elsewhere = added
      ? baseContent.get(key)
      : change.status === "deleted"
        ? headContent.get(key)
        : undefined;
    const own = (added ? read.head : read.base).get(key);
    if (elsewhere === undefined || own === undefined) {
      settled.push(change);
      continue;
    }
    if (added) {
      // Defined in an untouched file and again in a changed one: kubectl applies both, in file order.
      problems.push({
        file: change.file,
        line: change.line,
        col: 1,
        severity: "warning",
        message: `${formatId(change.id)} is also defined in ${elsewhere.at.file}:${elsewhere.at.line}; compared with that definition`,
      });
    }
    const keys = added
      ? changedKeys(elsewhere.content, own.content)
      : changedKeys(own.content, elsewhere.content);
    if (keys.length === 0) continue;
    // A deleted config's location moves to where it is still defined at head.
    const at = added ? { file: change.file, line: change.line } : elsewhere.at;
    settled.push({ ...change, ...at, status: "modified", keys });
  }
  return settled.sort((a, b) => compareIds(a.id, b.id));
}

function contentsById(
  manifests: Manifest[],
): Map<string, { content: ConfigContent; at: { file: string; line: number } }> {
  const byId = new Map<string, { content: ConfigContent; at: { file: string; line: number } }>();
  for (const manifest of manifests) {
    if (!isConfigManifest(manifest) || byId.has(idKey(manifest.id))) continue;
    byId.set(idKey(manifest.id), {
      content: configContentOf(manifest).content,
      at: { file: manifest.file, line: manifest.line },
    });
  }
  return byId;
}

/** Exact paths as pathspecs: a file name may hold glob characters. */
export function literalPathspecs(paths: string[]): string[] {
  return paths.map((path) => `:(literal)${path}`);
}
