// Which touched kustomizations a Flux Kustomization or an Argo CD Application in the repository
// deploys, and with which settings (see scan/gitops/deployed-dirs.ts). Once per run, one `git grep`
// at head finds the files that hold such an object (their apiVersion) and reads them: a repository
// without one costs that search alone. Each question then parses only the files whose `path` field
// names one of its directories, as a whole value: a folder named like a common value (`apps`, `v1`,
// `default`) makes no file of the repository a candidate because `apiVersion: apps/v1` holds it.

import type { Git } from "../../git/git.js";
import { globsToPathspecs } from "../../git/glob-pathspecs.js";
import { parseManifestFile } from "../manifests/parse-manifest-file.js";
import { type Deployment, deploymentsOf, normalizedDir } from "./deployed-dirs.js";
import { deploysPath, patchingParents, unknowablePatches } from "./parent-patches.js";
import { asDeployedByParents, type ParentBuildEnv } from "./patched-children.js";

/** Objects that name a GitOps path are small; a larger file is a bundle, not read for this. */
export const MAX_GITOPS_FILE_BYTES = 1024 * 1024;
export const MANIFEST_FILE = /\.(ya?ml|json)$/;
/**
 * The files MANIFEST_FILE matches, as pathspecs for the search. Not --paths' default (which only
 * happens to be the same): without an explicit --paths, GitOps objects are looked for in every
 * manifest file.
 */
const MANIFEST_GLOBS = ["**/*.yaml", "**/*.yml", "**/*.json"];
/**
 * What the apiVersion of an object deploymentsOf reads starts with (`kustomize.toolkit.fluxcd.io/v1`,
 * `argoproj.io/v1alpha1`). The version's `v` leaves out the annotations of the same groups
 * (`kustomize.toolkit.fluxcd.io/reconcile`, `argocd.argoproj.io/sync-wave`) that many manifests carry.
 */
export const GITOPS_API_GROUPS = ["kustomize.toolkit.fluxcd.io/v", "argoproj.io/v"];

interface DeploymentSearch {
  head: string;
  /** An explicit --paths: only the files it matches are read. */
  paths?: { matches(path: string): boolean; globs: readonly string[] };
  /**
   * Set where kustomize may run: a Flux Kustomization that a parent Kustomization's spec.patches
   * patch is read as the parent deploys it (patched-children.ts), else as written.
   */
  asDeployed?: ParentBuildEnv;
}

/** The GitOps objects' deployments of `dirs` at head (the repository root is never looked for). */
export async function findDeployments(
  git: Git,
  ctx: DeploymentSearch,
  dirs: string[],
): Promise<Deployment[]> {
  const wanted = new Set(dirs.filter((dir) => dir !== ""));
  if (wanted.size === 0) return [];
  const files = await gitopsFiles(git, ctx);
  const deployments: Deployment[] = [];
  for (const file of files) {
    if (!file.paths.some((path) => path === ANY_PATH || wanted.has(path))) continue;
    const parents = ctx.asDeployed ? await parentsOf(git, ctx, ctx.head, file.path) : [];
    const all =
      parents.length === 0
        ? await deploymentsIn(file)
        : await patchedDeployments(git, ctx.asDeployed!, ctx.head, parents, file.path, file.bytes);
    deployments.push(...all.filter((d) => wanted.has(d.dir)));
  }
  return deployments;
}

/**
 * The deployments of a GitOps file at `commit` (the search's head, or its base): with
 * `ctx.asDeployed`, each Flux Kustomization a parent patches as the parent deploys it. The parents
 * are looked for at head first: a repository without one reads nothing more, at either commit.
 */
export async function deploymentsAt(
  git: Git,
  ctx: DeploymentSearch,
  commit: string,
  path: string,
  bytes: Buffer,
): Promise<Deployment[]> {
  const parents = ctx.asDeployed ? await parentsOf(git, ctx, commit, path) : [];
  if (parents.length === 0) return parseDeployments(path, bytes);
  return patchedDeployments(git, ctx.asDeployed!, commit, parents, path, bytes);
}

async function patchedDeployments(
  git: Git,
  env: ParentBuildEnv,
  commit: string,
  parents: readonly Deployment[],
  path: string,
  bytes: Buffer,
): Promise<Deployment[]> {
  const parsed = await parseManifestFile(path, bytes, { defaultNamespace: "default" });
  const objects = parsed.manifests.map((m) => m.object);
  const deployed = await asDeployedByParents(git, env, commit, parents, path, objects);
  return deploymentsAtLines(path, parsed.manifests, deployed);
}

/** The patching parents at `commit` whose directory holds `path` (none read at base unless head has one). */
async function parentsOf(
  git: Git,
  ctx: DeploymentSearch,
  commit: string,
  path: string,
): Promise<Deployment[]> {
  if (commit !== ctx.head && (await parentsAt(git, ctx, ctx.head)).length === 0) return [];
  const parents = await parentsAt(git, ctx, commit);
  return parents.filter((p) => deploysPath(p, path));
}

/** The Flux Kustomizations at `commit` whose patches may patch the Kustomizations they deploy. */
async function parentsAt(git: Git, ctx: DeploymentSearch, commit: string): Promise<Deployment[]> {
  const files = await gitopsFiles(git, { ...ctx, head: commit });
  let parents = parentsIn.get(files);
  if (parents === undefined) {
    // The cheap check: only a file that says `patches` may hold one.
    const holding = files.filter((f) => f.bytes.includes("patches"));
    parents = Promise.all(holding.map(deploymentsIn)).then((found) => patchingParents(found.flat()));
    parentsIn.set(files, parents);
  }
  return parents;
}

/** parentsAt's answer per search's files (one commit's): looked for once. */
const parentsIn = new WeakMap<GitopsFile[], Promise<Deployment[]>>();

/**
 * The objects of the GitOps files at head whose text holds `word` and one of `names` (the search
 * findDeployments runs, shared; each such file parsed here).
 */
export async function gitopsObjectsNaming(
  git: Git,
  ctx: DeploymentSearch,
  word: string,
  names: readonly string[],
): Promise<Array<{ file: string; object: Record<string, unknown> }>> {
  const found: Array<{ file: string; object: Record<string, unknown> }> = [];
  const naming = (text: string | Buffer) => text.includes(word) && names.some((name) => text.includes(name));
  // Children a parent patches with the word and a name (`substituteFrom: cluster-settings`) say neither.
  const parents = ctx.asDeployed
    ? (await parentsAt(git, ctx, ctx.head)).filter(
        // One whose patches cannot be read may name anything: asked, it says so (patched-children.ts).
        (p) => naming(JSON.stringify(p.settings.patches)) || unknowablePatches(p) !== undefined,
      )
    : [];
  for (const file of await gitopsFiles(git, ctx)) {
    const patched = parents.filter((p) => deploysPath(p, file.path));
    if (patched.length === 0 && !naming(file.bytes)) continue;
    const parsed = await parseManifestFile(file.path, file.bytes, { defaultNamespace: "default" });
    const objects = parsed.manifests.map((m) => m.object);
    const deployed =
      patched.length > 0
        ? await asDeployedByParents(git, ctx.asDeployed!, ctx.head, patched, file.path, objects)
        : objects;
    for (const object of deployed) found.push({ file: file.path, object });
  }
  return found;
}

interface GitopsFile {
  path: string;
  bytes: Buffer;
  /** The directories its `path` fields name (normalized as deploymentsOf normalizes them). */
  paths: string[];
  /** Parsed on the first question that needs it. */
  deployments?: Promise<Deployment[]>;
}

/** The files holding a GitOps object at head, per Git adapter (one run) and search: read once. */
const searches = new WeakMap<Git, Map<string, Promise<GitopsFile[]>>>();

function gitopsFiles(git: Git, ctx: DeploymentSearch): Promise<GitopsFile[]> {
  const globs = ctx.paths?.globs ?? MANIFEST_GLOBS;
  const byKey = searchesOf(git);
  const key = JSON.stringify([ctx.head, globs]);
  let found = byKey.get(key);
  if (found === undefined) {
    found = readGitopsFiles(git, ctx.head, globs, ctx.paths?.matches);
    byKey.set(key, found);
  }
  return found;
}

function searchesOf(git: Git): Map<string, Promise<GitopsFile[]>> {
  const byKey = searches.get(git) ?? new Map<string, Promise<GitopsFile[]>>();
  searches.set(git, byKey);
  return byKey;
}

/**
 * For a search of every manifest file at `head` that runs anyway (the early consumer search, with
 * GITOPS_API_GROUPS among its strings): takes this run's GitOps search over when it has not started,
 * and returns how to hand it what that search found, the files holding a GitOps apiVersion and their
 * bytes (undefined: not read, or larger than it reads). Undefined when the search is not shared.
 */
export function shareGitopsSearch(
  git: Git,
  head: string,
  globs: readonly string[],
): ((found: Promise<Map<string, Buffer | undefined>>) => void) | undefined {
  const byKey = searchesOf(git);
  const key = JSON.stringify([head, MANIFEST_GLOBS]);
  if (byKey.has(key) || [...new Set(globs)].sort().join("\0") !== [...MANIFEST_GLOBS].sort().join("\0")) {
    return undefined;
  }
  let hand!: (found: Promise<Map<string, Buffer | undefined>>) => void;
  const handed = new Promise<Map<string, Buffer | undefined>>((resolve, reject) => {
    hand = (found) => found.then(resolve, reject);
  });
  const files = handed.then(async (found) => {
    const unread = [...found].filter(([, bytes]) => bytes === undefined).map(([path]) => path);
    const read =
      unread.length > 0 ? (await git.readFilesUpTo(head, unread, MAX_GITOPS_FILE_BYTES)).files : new Map();
    return [...found]
      .map(([path, bytes]) => [path, bytes ?? read.get(path)] as const)
      .filter((entry): entry is readonly [string, Buffer] => entry[1] !== undefined)
      .filter(([path, bytes]) => MANIFEST_FILE.test(path) && bytes.length <= MAX_GITOPS_FILE_BYTES)
      .map(([path, bytes]) => ({ path, bytes, text: bytes.toString("utf8") }))
      .filter(({ text }) => GITOPS_API_GROUPS.some((group) => text.includes(group)))
      .map(({ path, bytes, text }) => ({ path, bytes, paths: namedPaths(text) }));
  });
  // Awaited by the questions; a failure surfaces there, never as an unhandled rejection meanwhile.
  files.catch(() => {});
  byKey.set(key, files);
  return hand;
}

async function readGitopsFiles(
  git: Git,
  head: string,
  globs: readonly string[],
  matches: ((path: string) => boolean) | undefined,
): Promise<GitopsFile[]> {
  const hits = (await git.grepFiles(head, GITOPS_API_GROUPS, globsToPathspecs([...globs]) ?? [])).filter(
    (path) => MANIFEST_FILE.test(path) && (matches?.(path) ?? true),
  );
  if (hits.length === 0) return [];
  const { files } = await git.readFilesUpTo(head, hits, MAX_GITOPS_FILE_BYTES);
  return [...files].map(([path, bytes]) => ({ path, bytes, paths: namedPaths(bytes.toString("utf8")) }));
}

/** A file's deployments as written, parsed once per search. */
function deploymentsIn(file: GitopsFile): Promise<Deployment[]> {
  file.deployments ??= parseDeployments(file.path, file.bytes);
  return file.deployments;
}

async function parseDeployments(path: string, bytes: Buffer): Promise<Deployment[]> {
  const parsed = await parseManifestFile(path, bytes, { defaultNamespace: "default" });
  return deploymentsAtLines(
    path,
    parsed.manifests,
    parsed.manifests.map((m) => m.object),
  );
}

/** The deployments of `objects` (one per manifest, as read or as a parent deploys it), each at its manifest's line. */
function deploymentsAtLines(
  path: string,
  manifests: ReadonlyArray<{ line: number }>,
  objects: readonly Record<string, unknown>[],
): Deployment[] {
  return objects.flatMap((object, i) =>
    deploymentsOf([object]).map((d) => ({ ...d, file: path, line: manifests[i]!.line })),
  );
}

/**
 * A `path:` key (YAML, flow or JSON, quoted or not) and the rest of its line. Flux's spec.path and
 * Argo CD's source.path are written so; a value on a line of its own below the key is not looked for.
 */
const PATH_FIELD = /(?:^|[\s{,])["']?path["']?[ \t]*:[ \t]*([^\r\n]*)/gm;

/**
 * The directories the `path` fields of a text name, each value taken whole (quotes, `./` and a
 * trailing `/` aside); ANY_PATH among them when a value cannot be read so (written on the lines
 * below its key, an anchor or alias, an escape JSON does not know): the file is then parsed for
 * every question.
 */
export function namedPaths(text: string): string[] {
  const dirs = new Set<string>();
  for (const match of text.matchAll(PATH_FIELD)) {
    const value = scalarAt(match[1]!);
    if (value === undefined) {
      dirs.add(ANY_PATH);
      continue;
    }
    const dir = normalizedDir(value);
    if (dir !== undefined && dir !== "") dirs.add(dir);
  }
  return [...dirs];
}

/** Stands for any directory in namedPaths' answer (no directory is named so: it is no path). */
export const ANY_PATH = "\0";

/** The scalar at the start of `rest`: a quoted string, or a plain one up to a comment or a flow delimiter. */
function scalarAt(rest: string): string | undefined {
  if (rest.trim() === "" || /^[|>&*!]/.test(rest)) return undefined;
  if (rest[0] === "'") return /^'((?:[^']|'')*)'/.exec(rest)?.[1]?.replaceAll("''", "'");
  if (rest[0] === '"') {
    // YAML's double-quoted escapes are JSON's and more: a folder named with a newline is "a\nb".
    const quoted = /^"(?:[^"\\]|\\.)*"/.exec(rest)?.[0];
    try {
      return quoted === undefined ? undefined : (JSON.parse(quoted) as string);
    } catch {
      return undefined;
    }
  }
  const end = rest.search(/[,}\]]|\s#/);
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}
