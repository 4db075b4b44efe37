// The Flux Kustomizations a parent Kustomization deploys and patches (parent-patches.ts), as the
// parent deploys them at a commit: the parent's directory is written out of the commit (its scope
// alone) and built by kustomize with the parent's patches, once per parent and commit in a run.
// Where the build cannot tell (it fails, a patch needs substitution), the children are read as
// written and a warning marks the plan incomplete: planned without their patched settings (most
// often `postBuild.substituteFrom`), a change to a map they substitute from would restart nothing.
import { access } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import { shortSha } from "../../core/commit-sha.js";
import type { JsonObject } from "../../core/json-shape.js";
import type { Git } from "../../git/git.js";
import { parseManifestFile } from "../manifests/parse-manifest-file.js";
import {
  findKustomize,
  KustomizeBuildError,
  type KustomizeRun,
  kustomizeBuild,
} from "../render/kustomize.js";
import { createCommitTrees } from "../render/materialize-tree.js";
import { findExecutable } from "../render/renderer-environment.js";
import { KUSTOMIZATION_FILE_NAMES } from "../sources/kustomization-names.js";
import type { SourceWarning } from "../sources/source-warning.js";
import type { Deployment } from "./deployed-dirs.js";
import { writeGeneratedKustomization } from "./generated-kustomization.js";
import { asPatched, childrenByFile, parentOverlay, unknowablePatches } from "./parent-patches.js";

/** How the parents' directories are built: the run's renderer settings. */
export interface ParentBuildEnv {
  pathDirs: readonly string[];
  /** --render-timeout. */
  timeoutMs: number;
  /** --max-file-size. */
  maxOutputBytes: number;
  /**
   * Why the head is untrusted (a fork's pull request; undefined: trusted). Its kustomizations are
   * not built for this: the render path checks each entry a kustomization names before it builds,
   * and a parent's directory can name any (remote bases, components anywhere in the tree).
   */
  untrustedHead?: string | undefined;
  /**
   * The commits the run reads GitOps objects at: a parent built at one is built at the others
   * beside it (the base's build is most often asked for right after the head's).
   */
  commits?: readonly string[];
}

interface Built {
  children?: Map<string, JsonObject[]>;
  warning?: SourceWarning;
}

/** Each parent's build per commit, per Git adapter (one run): built once; `asked`: one the run used. */
const builds = new WeakMap<Git, Map<string, { built: Promise<Built>; asked: boolean }>>();

/** `objects` (the file's, as written) as the `parents` whose directory holds the file deploy them at `commit`. */
export async function asDeployedByParents(
  git: Git,
  env: ParentBuildEnv,
  commit: string,
  parents: readonly Deployment[],
  file: string,
  objects: JsonObject[],
): Promise<JsonObject[]> {
  let deployed = objects;
  for (const parent of parents) {
    const built = await buildOnce(git, env, commit, parent);
    deployed = asPatched(deployed, built.children?.get(file), parent);
  }
  return deployed;
}

/** The warnings of the parents' builds this run used and could not (each marks the plan incomplete). */
export async function parentBuildWarnings(git: Git): Promise<SourceWarning[]> {
  const asked = [...(builds.get(git)?.values() ?? [])].filter((b) => b.asked);
  const all = await Promise.all(asked.map((b) => b.built));
  return all.flatMap((b) => (b.warning ? [b.warning] : []));
}

function buildOnce(git: Git, env: ParentBuildEnv, commit: string, parent: Deployment): Promise<Built> {
  const byKey = builds.get(git) ?? new Map<string, { built: Promise<Built>; asked: boolean }>();
  builds.set(git, byKey);
  const start = (at: string) => {
    const key = JSON.stringify([at, parent.by, parent.file ?? null, parent.dir]);
    let entry = byKey.get(key);
    if (entry === undefined) {
      entry = { built: buildParent(git, env, at, parent), asked: false };
      // Awaited by whoever asks for it; one started beside another may never be.
      entry.built.catch(() => {});
      byKey.set(key, entry);
    }
    return entry;
  };
  const entry = start(commit);
  entry.asked = true;
  for (const other of env.commits ?? []) start(other);
  return entry.built;
}

async function buildParent(
  git: Git,
  env: ParentBuildEnv,
  commit: string,
  parent: Deployment,
): Promise<Built> {
  const unknowable = (why: string): Built => ({ warning: parentWarning(parent, commit, why) });
  const notBuilt = whyNotBuilt(parent, env);
  if (notBuilt !== undefined) return unknowable(notBuilt);
  const binary = await findKustomize(env.pathDirs);
  if (binary === undefined) return unknowable(NO_KUSTOMIZE_WHY);
  // A directory's kustomizations may name components and bases anywhere: first the top folder
  // holding it (`kubernetes/` for kubernetes/apps, where they are in practice), so a monorepo's
  // other trees are not written out; where that build fails, the whole tree.
  const top = parent.dir.split("/")[0]!;
  const first = await buildIn(git, env, commit, parent, binary, [top]);
  if (first.failed === undefined) return { children: first.children };
  const whole = await buildIn(git, env, commit, parent, binary, undefined);
  return whole.failed === undefined ? { children: whole.children } : unknowable(whole.failed);
}

async function buildIn(
  git: Git,
  env: ParentBuildEnv,
  commit: string,
  parent: Deployment,
  binary: NonNullable<Awaited<ReturnType<typeof findKustomize>>>,
  scope: readonly string[] | undefined,
): Promise<{ children?: Map<string, JsonObject[]>; failed?: string }> {
  const trees = await createCommitTrees(git.root, findExecutable("git", env.pathDirs) ?? "git", scope, {
    symlinks: { scope },
    timeoutMs: env.timeoutMs,
  });
  try {
    const tree = await trees.dirOf(commit);
    const run = { ...env, binary, home: trees.root };
    const built = await childrenAsBuilt(run, { tree, commit, generate: true }, parent);
    return typeof built === "string" ? { failed: built } : { children: built };
  } finally {
    await trees.dispose();
  }
}

/**
 * The children of `parent`, by file, as kustomize builds its directory in `at.tree` with its
 * patches (the overlay written in `at.cwd`, default the tree); or why they cannot be told. A plain
 * directory is built as Flux builds it, through the kustomization it generates, where `at.generate`
 * lets one be written in the tree (a checkout, never the user's work tree).
 */
export async function childrenAsBuilt(
  run: KustomizeRun,
  at: { tree: string; commit: string; cwd?: string; generate: boolean },
  parent: Deployment,
): Promise<Map<string, JsonObject[]> | string> {
  const dir = join(at.tree, parent.dir);
  const own = await Promise.any(KUSTOMIZATION_FILE_NAMES.map((name) => access(join(dir, name)))).then(
    () => true,
    () => false,
  );
  if (!own && !at.generate) return "its directory has no kustomization.yaml, which stamp does not generate";
  if (!own && (await writeGeneratedKustomization(dir)) === undefined) return new Map();
  const overlayDir = ".config-rollout-parent";
  const overlay = {
    dir: overlayDir,
    kustomization: (toTree: string) => parentOverlay(parent, toTree),
    ...(at.cwd !== undefined ? { cwd: at.cwd } : {}),
  };
  let output: Buffer;
  try {
    output = await kustomizeBuild(run, at.tree, parent.dir, at.commit, undefined, overlay);
  } catch (error) {
    if (!(error instanceof KustomizeBuildError)) throw error;
    return `\`${error.command}\` with its patches failed (${error.why})`;
  }
  const parsed = await parseManifestFile(parent.file ?? parent.dir, output, { defaultNamespace: "default" });
  const fileOf = (origin: string) => {
    const path = relative(at.tree, resolve(at.cwd ?? at.tree, overlayDir, origin));
    return path.startsWith("..") ? undefined : path.split(sep).join("/");
  };
  return childrenByFile(
    parsed.manifests.map((m) => m.object),
    fileOf,
  );
}

/**
 * Why a parent's directory is not built to read its children (undefined: it is): a patch that needs
 * substitution; an untrusted head, whose kustomizations may name anything (the render path checks
 * each entry before it builds); the repository root, which would build every file of it.
 */
export function whyNotBuilt(parent: Deployment, env: ParentBuildEnv): string | undefined {
  return (
    unknowablePatches(parent) ??
    (env.untrustedHead !== undefined
      ? `its directory is not built, the head being untrusted (${env.untrustedHead})`
      : undefined) ??
    (parent.dir === "" ? "its path is the repository root, which is not built for this" : undefined)
  );
}

export const NO_KUSTOMIZE_WHY = "neither kustomize nor kubectl is on PATH to apply them";

function parentWarning(parent: Deployment, commit: string, why: string): SourceWarning {
  const file = parent.file ?? (parent.dir || ".");
  return {
    file,
    message: `${parent.by} patches the Flux Kustomizations it deploys from ${parent.dir || "."} (spec.patches), and at commit ${shortSha(commit)} ${why}: they are read as written, without what the patches add (postBuild.substituteFrom, substitute, patches), so what they deploy may be planned without it`,
    unread: `spec.patches of the Kustomizations it deploys: ${why}`,
  };
}
