// The GitOps objects and substituteFrom maps of the files stamp does not read as raw manifests: those
// a kustomization owns (`clusters/prod/kustomization.yaml` listing the Flux Kustomizations and the
// `cluster-settings` map), left out by --exclude, in a chart's folder. The plan looks for them in
// every manifest file (scan/gitops/find-deployments.ts, substitution-maps.ts), so stamp does too,
// or it stamps a folder they deploy in another namespace, with other values, than the plan expects.
// As cheap as the plan's search: only a file whose text holds a GitOps apiVersion (or `ConfigMap`
// and a map's name) is parsed, up to the size the plan reads; the rest of such a file is not used.

import type { Manifest } from "../core/model.js";
import { runLimited } from "../core/run-limited.js";
import type { Git } from "../git/git.js";
import type { WorkTree } from "../git/work-tree.js";
import { GITOPS_API_GROUPS, MANIFEST_FILE, MAX_GITOPS_FILE_BYTES } from "../scan/gitops/find-deployments.js";
import { parseManifestFile } from "../scan/manifests/parse-manifest-file.js";
import type { BeyondRaw } from "./substituted-reads.js";

/**
 * The files of `all` the plan's search reads (manifest files; with an explicit --paths, those it
 * matches) that stamp does not read as raw.
 */
export function notReadRaw(
  all: readonly string[],
  readRaw: (path: string) => boolean,
  explicitPaths: ((path: string) => boolean) | undefined,
): string[] {
  return all.filter((f) => MANIFEST_FILE.test(f) && !readRaw(f) && (explicitPaths?.(f) ?? true));
}

/** BeyondRaw of `files` in the work tree (each read once, the first time it is asked for). */
export function beyondRawInTree(
  tree: WorkTree,
  files: readonly string[],
  defaultNamespace: string,
): BeyondRaw {
  let read: Promise<Array<[string, Buffer]>> | undefined;
  const readOnce = () => {
    read ??= runLimited(files, READ_CONCURRENCY, async (file): Promise<Array<[string, Buffer]>> => {
      const size = await tree.size(file);
      if (size === undefined || size > MAX_GITOPS_FILE_BYTES) return [];
      const bytes = await tree.read(file);
      // Kept only when it may hold what is asked for: a GitOps object or a ConfigMap.
      const kept = bytes && [...GITOPS_API_GROUPS, "ConfigMap"].some((word) => bytes.includes(word));
      return kept ? [[file, bytes]] : [];
    }).then((found) => found.flat());
    return read;
  };
  return beyondRawOf(async (words) => {
    const found = await readOnce();
    return found.filter(([, bytes]) => words.some((word) => bytes.includes(word)));
  }, defaultNamespace);
}

/** BeyondRaw of `files` at commit `sha` (--changed-only), found by the plan's `git grep`. */
export function beyondRawAt(
  git: Git,
  sha: string,
  files: readonly string[],
  defaultNamespace: string,
): BeyondRaw {
  const wanted = new Set(files);
  return beyondRawOf(async (words) => {
    const hits = (await git.grepFiles(sha, words)).filter((f) => wanted.has(f));
    if (hits.length === 0) return [];
    return [...(await git.readFilesUpTo(sha, hits, MAX_GITOPS_FILE_BYTES)).files];
  }, defaultNamespace);
}

const READ_CONCURRENCY = 16;

type Holding = (words: readonly string[]) => Promise<Array<[string, Buffer]>>;

function beyondRawOf(holding: Holding, defaultNamespace: string): BeyondRaw {
  const parsed = async (files: Array<[string, Buffer]>, also?: string) => {
    const manifests: Manifest[] = [];
    for (const [file, bytes] of files) {
      if (also !== undefined && !bytes.includes(also)) continue;
      // What does not parse is the raw reading's or the kustomization's to report, as in the plan.
      manifests.push(...(await parseManifestFile(file, bytes, { defaultNamespace })).manifests);
    }
    return manifests;
  };
  return {
    gitopsObjects: async () => parsed(await holding(GITOPS_API_GROUPS)),
    // The search finds every object that names the map too (each Kustomization substituting from it).
    maps: async (names) => parsed(await holding(names), "ConfigMap"),
  };
}
