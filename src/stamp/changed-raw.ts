// `stamp --changed-only` for raw files: each commit's raw files read as deployed (substituted-reads.ts,
// with the GitOps objects and maps of the files beyond them: beyond-raw.ts), and the targets whose
// value differs between the --base and --head commits kept. The roots' counterpart: changed-roots.ts.

import { UserError } from "../core/errors.js";
import { idKey, type Manifest } from "../core/model.js";
import type { Git } from "../git/git.js";
import { parseManifestFile } from "../scan/manifests/parse-manifest-file.js";
import type { StampSettings } from "../settings/settings.js";
import { beyondRawAt, notReadRaw } from "./beyond-raw.js";
import { stampAsDeployed } from "./stamp-as-deployed.js";
import type { StampTarget } from "./stamp-workloads.js";
import { readAsDeployed } from "./substituted-reads.js";

interface RawFiles {
  /** Whether stamp reads a path as a raw manifest. */
  filter: (path: string) => boolean;
  /** An explicit --paths: GitOps objects and maps are looked for only in the files it matches. */
  explicitPaths: ((path: string) => boolean) | undefined;
}

/** --changed-only: the targets whose value differs between the --base and --head commits. */
export async function changedInRange(
  settings: StampSettings,
  git: Git,
  targets: StampTarget[],
  files: RawFiles,
  key: Buffer | undefined,
): Promise<StampTarget[]> {
  if (!settings.base) throw new UserError("--changed-only needs --base (and --head, default HEAD)");
  const valuesAt = async (rev: string) => {
    const sha = await git.resolveCommit(rev);
    const all = await git.listFiles(sha);
    const bytes = await git.readFiles(sha, all.filter(files.filter));
    const manifests: Manifest[] = [];
    for (const [file, data] of bytes) {
      if (data.length > settings.maxFileSize) continue;
      manifests.push(
        ...(await parseManifestFile(file, data, { defaultNamespace: settings.namespace })).manifests,
      );
    }
    const text = (file: string) => bytes.get(file);
    const beyond = notReadRaw(all, files.filter, files.explicitPaths);
    const read = await readAsDeployed(manifests, {
      files: all,
      text,
      defaultNamespace: settings.namespace,
      beyond: beyondRawAt(git, sha, beyond, settings.namespace),
    });
    const { stamps } = stampAsDeployed(manifests, read.variants, key);
    // By file too: per-folder copies of one workload each have their own value.
    return new Map(stamps.targets.map((t) => [`${t.file}\n${idKey(t.id)}`, t.hash]));
  };
  const [before, after] = await Promise.all([valuesAt(settings.base), valuesAt(settings.head ?? "HEAD")]);
  return targets.filter((t) => {
    const a = before.get(`${t.file}\n${idKey(t.id)}`);
    const b = after.get(`${t.file}\n${idKey(t.id)}`);
    return a !== undefined && b !== undefined && a !== b;
  });
}
