// A GitOps object whose settings for a directory change between the commits (a Flux Kustomization's
// postBuild.substitute values, its patches or components) changes what the cluster runs from that
// directory though no file in it changed: the directory is built at each commit with that commit's
// settings (render/kustomizations-to-render.ts, plain-deployed-sources.ts). Only the changed files
// can hold such an object at one commit and not as it was at the other; the object is known by its
// kind and name, so one moved to another file is still the same deployment. At head it is known by
// its file too: one Kustomization name per cluster folder (clusters/prod/web.yaml and
// clusters/staging/web.yaml, both `flux-system/web` deploying apps/web) is two deployments, and
// the settings one had at base are not the other's.
import type { FileChange, Git } from "../../git/git.js";
import type { Deployment, DeploySettings } from "./deployed-dirs.js";
import {
  deploymentsAt,
  GITOPS_API_GROUPS,
  MANIFEST_FILE,
  MAX_GITOPS_FILE_BYTES,
} from "./find-deployments.js";
import type { ParentBuildEnv } from "./patched-children.js";

/** The same object deploying the same directory at both commits, with other settings at base. */
export interface SettingsChange {
  dir: string;
  by: string;
  base: DeploySettings;
  /** Its settings at head, where they are not the object's as written (substitution-sources.ts). */
  head?: DeploySettings;
  /** What the directory's changes are blamed on: the object's file at head, or the map it substitutes from. */
  file: string;
  /** The file that holds the object at head. */
  object: string;
}

interface ChangedObjects {
  base: string;
  head: string;
  changedFiles: readonly FileChange[];
  /** An explicit --paths: only the files it matches are read. */
  paths?: { matches(path: string): boolean; globs: readonly string[] };
  /** Where kustomize may run: a Kustomization a parent patches is read as deployed (find-deployments.ts). */
  asDeployed?: ParentBuildEnv;
}

/** The deployments whose settings (beyond the namespace: a move makes new objects) differ at base. */
export async function findSettingsChanges(git: Git, ctx: ChangedObjects): Promise<SettingsChange[]> {
  const wanted = (path: string | undefined): path is string =>
    path !== undefined && MANIFEST_FILE.test(path) && (ctx.paths?.matches(path) ?? true);
  const headPaths = ctx.changedFiles.filter((c) => c.status !== "D").map((c) => c.path);
  const atHead = await deploymentsIn(git, ctx, ctx.head, headPaths.filter(wanted));
  // No changed file holds such an object at head: none can have other settings there.
  if (atHead.length === 0) return [];
  const basePaths = ctx.changedFiles.map((c) => (c.status === "A" ? undefined : (c.oldPath ?? c.path)));
  const atBase = await deploymentsIn(git, ctx, ctx.base, basePaths.filter(wanted));
  const [before, after] = [byObjectAndDir(atBase), byObjectAndDir(atHead)];
  const changes: SettingsChange[] = [];
  const basePathOf = new Map(ctx.changedFiles.map((c) => [c.path, c.oldPath ?? c.path]));
  for (const [key, now] of after) {
    const then = before.get(key) ?? [];
    for (const d of now) {
      // Present once at each commit: the same object, wherever it moved. Several (one per cluster
      // folder): each is the one in its own file; an object naming a directory twice is not paired.
      const same =
        now.length === 1 && then.length === 1 ? then : then.filter((w) => w.file === basePathOf.get(d.file));
      const was = same.length === 1 ? same[0]! : undefined;
      if (was !== undefined && buildSettings(was.settings) !== buildSettings(d.settings))
        changes.push({ dir: d.dir, by: d.by, base: was.settings, file: d.file, object: d.file });
    }
  }
  return changes;
}

/** The head deployments of `found`, each with its settings at base where they changed. */
export function withSettingsAtBase(found: Deployment[], changes: readonly SettingsChange[]): Deployment[] {
  return found.map((d) => {
    const change = changes.find((c) => isOf(c, d));
    if (change === undefined) return d;
    return {
      ...d,
      settings: change.head ?? d.settings,
      atBase: { settings: change.base, file: change.file },
    };
  });
}

/** Whether `change` is of the object `d` (read from a file at head: the same file). */
export function isOf(change: SettingsChange, d: Pick<Deployment, "by" | "dir" | "file">): boolean {
  return change.by === d.by && change.dir === d.dir && (d.file === undefined || change.object === d.file);
}

/** The directories whose deployment changed, as candidates for the searches (root excluded). */
export function changedDirs(changes: readonly SettingsChange[]): string[] {
  return [...new Set(changes.map((c) => c.dir).filter((dir) => dir !== ""))];
}

async function deploymentsIn(
  git: Git,
  ctx: ChangedObjects,
  rev: string,
  paths: string[],
): Promise<Array<Deployment & { file: string }>> {
  if (paths.length === 0) return [];
  const { files } = await git.readFilesUpTo(rev, [...new Set(paths)], MAX_GITOPS_FILE_BYTES);
  const found: Array<Deployment & { file: string }> = [];
  for (const [file, bytes] of files) {
    if (!GITOPS_API_GROUPS.some((group) => bytes.includes(group))) continue;
    for (const d of await deploymentsAt(git, ctx, rev, file, bytes)) found.push({ ...d, file });
  }
  return found;
}

function byObjectAndDir<D extends Deployment>(deployments: readonly D[]): Map<string, D[]> {
  const grouped = new Map<string, D[]>();
  for (const d of deployments) {
    const key = JSON.stringify([d.by, d.dir]);
    grouped.set(key, [...(grouped.get(key) ?? []), d]);
  }
  return grouped;
}

function buildSettings({ namespace: _, defaultNamespace: __, ...rest }: DeploySettings): string {
  return JSON.stringify(rest);
}
