// Which touched kustomizations a Flux Kustomization or an Argo CD Application in the repository
// deploys, and with which settings (see scan/sources/deployed-dirs.ts): one `git grep` at head for
// their directories, in manifest files, and the files it finds read and parsed.

import type { Git } from "../git/git.js";
import { globsToPathspecs } from "../git/glob-pathspecs.js";
import { parseManifestFile } from "./manifests/parse-manifest-file.js";
import { type Deployment, deploymentsOf } from "./sources/deployed-dirs.js";

/** Objects that name a GitOps path are small; a larger file is a bundle, not read for this. */
const MAX_GITOPS_FILE_BYTES = 1024 * 1024;
export const MANIFEST_FILE = /\.(ya?ml|json)$/;
/**
 * The files MANIFEST_FILE matches, as pathspecs for the search. Not --paths' default (which only
 * happens to be the same): without an explicit --paths, GitOps objects are looked for in every
 * manifest file.
 */
const MANIFEST_GLOBS = ["**/*.yaml", "**/*.yml", "**/*.json"];

export interface DeploymentSearch {
  head: string;
  /** An explicit --paths: only the files it matches are read. */
  paths?: { matches(path: string): boolean; globs: readonly string[] };
}

/** The GitOps objects' deployments of `dirs` at head (the repository root is never looked for). */
export async function findDeployments(
  git: Git,
  ctx: DeploymentSearch,
  dirs: string[],
): Promise<Deployment[]> {
  const wanted = new Set(dirs.filter((dir) => dir !== ""));
  if (wanted.size === 0) return [];
  const globs = ctx.paths?.globs ?? MANIFEST_GLOBS;
  // The directory as a YAML or JSON value is written (`path: ./apps/web`, `"path": "apps/web"`):
  // a short name ("app") alone would find most files of a large repository.
  const spellings = [...wanted].flatMap((dir) =>
    [": ", '"', "'"].flatMap((before) => [`${before}${dir}`, `${before}./${dir}`]),
  );
  const hits = (await git.grepFiles(ctx.head, spellings, globsToPathspecs([...globs]) ?? [])).filter(
    (path) => MANIFEST_FILE.test(path) && (ctx.paths?.matches(path) ?? true),
  );
  if (hits.length === 0) return [];
  const { files } = await git.readFilesUpTo(ctx.head, hits, MAX_GITOPS_FILE_BYTES);
  const objects: Record<string, unknown>[] = [];
  for (const [path, bytes] of files) {
    const parsed = await parseManifestFile(path, bytes, { defaultNamespace: "default" });
    objects.push(...parsed.manifests.map((m) => m.object));
  }
  return deploymentsOf(objects).filter((d) => wanted.has(d.dir));
}
