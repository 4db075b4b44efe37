// One workload, two plain folders, two configs: `envs/staging/deploy.yaml` and
// `envs/prod/deploy.yaml` define the same Deployment, each folder beside it its own `app-config`
// with other content, and no GitOps object says the folders are separate deployments. Each
// definition reads its own folder's config (gitops/folder-definitions.ts), and the workload is planned
// once, as the definition whose config changed defines it (else the last in path order); if the
// folders are really applied to different clusters or namespaces, that choice is a guess the user
// must hear about. Pure: the scan hands in the definitions it read.

import { canonicalJson } from "../../core/config-content.js";
import { consumedConfigIds } from "../../core/consumed-configs.js";
import { formatId, idKey, type Manifest, type ManifestProblem } from "../../core/model.js";

/**
 * A warning when `ordered` (raw definitions of one workload, in path order, the last used) sit in
 * several folders and a config the workload reads is defined in those folders with different
 * content; undefined otherwise.
 */
export function folderTwinsWarning(
  ordered: readonly Manifest[],
  configs: readonly Manifest[],
  /** The definition the plan follows: the one reading a changed config, else the last. */
  used: Manifest = ordered[ordered.length - 1]!,
): ManifestProblem | undefined {
  const folderOf = (m: Manifest) => m.file.slice(0, Math.max(0, m.file.lastIndexOf("/")));
  const folders = new Set(ordered.map(folderOf));
  if (folders.size < 2) return undefined;
  const which =
    used === ordered[ordered.length - 1]
      ? "the last in path order"
      : "the one whose folder's configs the range changes";
  for (const id of consumedConfigIds(used, new Map())) {
    // The config each of the workload's folders defines beside it (the last there, in path order).
    const byFolder = new Map<string, Manifest>();
    for (const c of configs) {
      if (c.origin === undefined && idKey(c.id) === idKey(id) && folders.has(folderOf(c)))
        byFolder.set(folderOf(c), c);
    }
    const contents = new Set([...byFolder.values()].map(contentOf));
    if (byFolder.size < 2 || contents.size < 2) continue;
    const defined = [...byFolder.values()].map((c) => `${c.file}:${c.line}`).sort();
    const workloads = ordered.map((m) => `${m.file}:${m.line}`);
    return {
      file: used.file,
      line: used.line,
      col: 1,
      severity: "warning",
      message: `${formatId(used.id)} is defined alike in ${folders.size} folders (${workloads.join(", ")}), but ${formatId(id)}, which it reads, differs between them (${defined.join(", ")}), and no GitOps object in the repository deploys the folders separately: each definition reads its own folder's configs (as \`stamp\` hashes it), and this plan restarts it once, as ${used.file}:${used.line} defines it (${which}). If the folders are separate deployments, give each its own namespace, run each deployment's job with --paths set to its folder, or deploy each folder with its own Flux Kustomization or Argo CD Application`,
    };
  }
  return undefined;
}

/** What a config holds (never shown: Secret values stay out of the message). */
function contentOf(config: Manifest): string {
  const o = config.object;
  return canonicalJson([o.data ?? null, o.stringData ?? null, o.binaryData ?? null]);
}
