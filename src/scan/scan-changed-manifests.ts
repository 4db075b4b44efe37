// The scan of a range that may touch a manifest (scan-repository.ts asked): the changed files read
// at both commits, the touched sources rendered, the two compared, the consumers found. Each step
// is a file of its own; scan-repository.ts lists them.
import { configContentOf, isConfigManifest } from "../core/config-content.js";
import { isConfigKind } from "../core/kinds/api-kinds.js";
import { isConfigOrWorkload, workloadKindOf } from "../core/kinds/workload-kinds.js";
import type { Log } from "../core/log.js";
import {
  type ConfigChange,
  type HeadConfig,
  idKey,
  type Manifest,
  type ManifestProblem,
} from "../core/model.js";
import { lazy } from "../core/once.js";
import type { FileChange, Git } from "../git/git.js";
import { readCandidates, uniqueNames, withTemplateRefs } from "./candidates.js";
import { type ChangedManifests, readChangedManifests } from "./changed-files.js";
import { type ComparedCommits, compareRaw, compareWithRendered } from "./compare-commits.js";
import { collectConfigs } from "./configs-at-head.js";
import { namespacesOfDeployments, templatedSettingProblems } from "./gitops/deployed-namespaces.js";
import { findDeployments, MANIFEST_FILE } from "./gitops/find-deployments.js";
import { parentBuildWarnings } from "./gitops/patched-children.js";
import { substitutionChanges } from "./gitops/substitution-sources.js";
import { globMatcher } from "./glob-matcher.js";
import { settleAtBase } from "./new-at-base.js";
import { settleWithUntouchedFiles, unreadFilesOf, withoutUnreadChanges } from "./objects-across-files.js";
import type { PathFilter } from "./path-filter.js";
import { trustedPathDirs } from "./render/renderer-environment.js";
import {
  listSourceFiles,
  parentBuildEnv,
  type RenderedSources,
  renderTouchedSources,
} from "./render/touched-sources.js";
import type { RepositoryScan, ScanOptions } from "./scan-model.js";
import { type DeploymentFolders, settleWorkloads } from "./sources/source-variants.js";

export async function scanChangedManifests(
  git: Git,
  { base, head }: { base: string; head: string },
  allChangedFiles: FileChange[],
  /** `renderers.owned` is set here once the renders say which files they own; `wanted` asks it. */
  { wanted, renderers }: { wanted: PathFilter; renderers: { owned?: (path: string) => boolean } },
  scanOptions: ScanOptions,
  log: Log,
): Promise<RepositoryScan> {
  const options = withDeployedNamespaces(git, head, allChangedFiles, scanOptions);
  // The renders run alongside the raw reads; the raw manifests of owned files are dropped afterwards.
  // Once the renders know which files they own, the searches and reads still to come skip them.
  const pending = startRenders(git, { base, head }, allChangedFiles, options, log);
  const owned = pending?.then(
    (r) => {
      renderers.owned = r.owned;
      return r.owned;
    },
    () => undefined,
  );
  const read = await readChangedManifests(git, { base, head }, allChangedFiles, wanted, options, log, owned);
  // renderers.owned was set as soon as the renders knew (above), before this await returns.
  let rendered = pending && (await pending);
  let compared = await compareWith(read, rendered).catch(recordingSecretsOf(read));
  // A ConfigMap a Flux Kustomization substitutes from changed: the sources are found and rendered
  // again, each directory substituting from it built with the map's values at each commit.
  const substituted = rendered ? await substitutionChangesOf(git, head, compared, options) : undefined;
  if (substituted?.changes.length && options.sources) {
    const sources = { ...options.sources, settingsChanges: substituted.changes };
    rendered = await startRenders(git, { base, head }, allChangedFiles, { ...options, sources }, log);
    renderers.owned = rendered?.owned;
    compared = await compareWith(read, rendered);
  }
  const problems = [...read.problems, ...compared.problems, ...compared.found.problems];
  const unread = unreadFilesOf(read.oversized, read.broken, renderers.owned);
  const readable = await withoutUnreadChanges(git, { base, head }, compared.found.changes, unread, problems);
  const atBase = await settleAtBase(git, base, {
    read,
    compared,
    changes: readable,
    wanted,
    options,
    problems,
  });

  // Consumers of every change: modified and deleted configs, and added ones (an existing workload
  // may reference a new config as optional).
  const { consumers, changes } = await readConsumers(git, head, atBase.changes, {
    read,
    compared,
    owned: renderers.owned,
    wanted,
    options,
    problems,
  });
  const folders = await deploymentFolders(git, head, [...compared.allHead, ...consumers], allChangedFiles);
  const settled = settleAllWorkloads(compared, consumers, folders);
  problems.push(...settled.problems);

  const all = [...compared.head, ...consumers];
  // A raw file's folder deployed into a templated namespace: read as written, and said so (unread).
  const raw = all.filter((m) => m.origin === undefined && isConfigOrWorkload(m));
  const namespaceOf = raw.length > 0 ? await options.namespaceOf?.() : undefined;
  if (namespaceOf) problems.push(...templatedSettingProblems(raw, namespaceOf));
  const headConfigs = new Map<string, HeadConfig>();
  // Content problems of changed configs were reported by findConfigChanges already, and the
  // content of each it read at head is taken from its snapshot rather than worked out again.
  collectConfigs(all, headConfigs, [], compared.found.snapshots.head, folders?.deployedDirs);
  const skippedRenders = rendered?.skippedRenders();
  return {
    changedFiles: compared.changedFiles,
    changes,
    workloads: settled.head,
    newWorkloadIds: atBase.newWorkloadIds,
    headConfigs,
    baseConfigs: new Map(
      compared.base
        .filter((m) => changes.some((c) => c.status === "modified" && idKey(c.id) === idKey(m.id)))
        .map((m) => [idKey(m.id), m]),
    ),
    problems,
    assumedNamespace: new Set(all.filter((m) => m.namespaceAssumed).map((m) => idKey(m.id))),
    baseWorkloads: settled.base,
    sourceNotes: rendered?.notes ?? [],
    ...(skippedRenders ? { skippedRenders } : {}),
    sourceWarnings: [
      ...(rendered?.warnings ?? []),
      ...compared.warnings,
      ...(substituted?.warnings ?? []),
      // Children a parent Kustomization patches, read as written where its build could not tell.
      ...(await parentBuildWarnings(git)),
    ],
    ...(renderers.owned ? { owned: renderers.owned } : {}),
    ...(folders?.deployedDirs.length ? { deployedDirs: [...folders.deployedDirs] } : {}),
    variants: settled.variants,
  };
}

/**
 * A failed render's message quotes its stderr, which may hold a Secret of the files read so far:
 * their values are recorded (core/secret-values.ts) before it leaves, as comparing would have.
 */
function recordingSecretsOf(read: ChangedManifests): (error: unknown) => never {
  return (error) => {
    for (const m of [...read.base, ...read.head])
      if (isConfigManifest(m) && m.id.kind === "Secret") configContentOf(m);
    throw error;
  };
}

/** The raw files' objects and the renders' compared (the held-back renders run when needed). */
async function compareWith(read: ChangedManifests, rendered: RenderedSources | undefined) {
  if (!rendered) return compareRaw(read);
  const compared = compareWithRendered(read, rendered.owned, await rendered.objects);
  // Sources held back render only when something else changes a config or a workload: their
  // workloads may consume it, their objects may be other definitions of it.
  if (rendered.renderDeferred && changesConfigsOrWorkloads(compared)) {
    return compareWithRendered(read, rendered.owned, await rendered.renderDeferred());
  }
  return compared;
}

async function substitutionChangesOf(
  git: Git,
  head: string,
  compared: ComparedCommits,
  options: ScanOptions,
) {
  const globs = options.sources?.paths;
  const paths = globs ? { matches: await globMatcher(globs, { dot: true }), globs } : undefined;
  const sources = options.sources;
  return substitutionChanges(git, {
    head,
    changes: compared.found.changes,
    defaultNamespace: options.defaultNamespace,
    ...(paths ? { paths } : {}),
    ...(sources
      ? { asDeployed: parentBuildEnv(trustedPathDirs(sources.env.PATH, [git.root]), sources, [head]) }
      : {}),
  });
}

function changesConfigsOrWorkloads(compared: ComparedCommits): boolean {
  if (compared.found.changes.length > 0) return true;
  // Each workload definition by object and source, its content as text: any difference counts.
  const definitions = (list: Manifest[]) =>
    new Map(
      list
        .filter((m) => workloadKindOf(m.object) !== undefined)
        .map((m) => [`${idKey(m.id)}\0${m.origin ?? m.file}`, JSON.stringify(m.object)]),
    );
  const atBase = definitions(compared.allBase);
  const atHead = definitions(compared.allHead);
  return atHead.size !== atBase.size || [...atHead].some(([key, text]) => atBase.get(key) !== text);
}

/**
 * One definition per workload at each commit, from every source read. An untouched file is the
 * same at both commits: its workloads count at base too. Variants: the configs' (from the
 * comparison), then the workloads'.
 */
function settleAllWorkloads(
  compared: ComparedCommits,
  consumers: Manifest[],
  folders: DeploymentFolders | undefined,
) {
  const isWorkload = (m: Manifest) => workloadKindOf(m.object) !== undefined;
  const candidateWorkloads = consumers.filter(isWorkload);
  const headConfigs = [...compared.allHead, ...consumers].filter((m) => isConfigKind(m.id.kind));
  const settled = settleWorkloads(
    [...compared.allBase.filter(isWorkload), ...candidateWorkloads],
    [...compared.allHead.filter(isWorkload), ...candidateWorkloads],
    folders,
    headConfigs,
  );
  const variants = new Map(compared.variants);
  for (const [key, list] of settled.variants) variants.set(key, list);
  return { ...settled, variants };
}

/**
 * The rendered sources of the range, started: the head's source files (kustomizations, charts) are
 * listed while the changed files are read. Failures surface where the result is awaited.
 */
function startRenders(
  git: Git,
  commits: { base: string; head: string },
  changedFiles: FileChange[],
  options: ScanOptions,
  log: Log,
): Promise<RenderedSources> | undefined {
  if (!options.sources) return undefined;
  const headListing = listSourceFiles(git, commits.head);
  headListing.catch(() => {});
  const sourceOptions = { ...options.sources, defaultNamespace: options.defaultNamespace };
  const pending = renderTouchedSources(
    git,
    commits.base,
    commits.head,
    changedFiles,
    sourceOptions,
    log,
    headListing,
  );
  pending.catch(() => {});
  return pending;
}

/**
 * The candidates at head that may consume a changed config, parsed, and the changes settled with
 * them: a config deleted from a changed file may still be defined at head in an untouched one. The
 * early search may have finished before the owned files were known: what renderers own is dropped,
 * problems included.
 */
async function readConsumers(
  git: Git,
  head: string,
  settledAtBase: ConfigChange[],
  ctx: {
    read: ChangedManifests;
    compared: ComparedCommits;
    owned: ((path: string) => boolean) | undefined;
    wanted: PathFilter;
    options: ScanOptions;
    problems: ManifestProblem[];
  },
): Promise<{ consumers: Manifest[]; changes: ConfigChange[] }> {
  const names = withTemplateRefs(uniqueNames(settledAtBase.map((c) => c.id.name)));
  const alreadyRead = new Set(ctx.read.headPaths);
  const candidates = await readCandidates(git, head, names, ctx.read.early, { ...ctx, alreadyRead });
  const owned = ctx.owned;
  let consumers = candidates;
  if (owned !== undefined) {
    let kept = 0;
    for (const problem of ctx.problems) if (!owned(problem.file)) ctx.problems[kept++] = problem;
    ctx.problems.length = kept;
    consumers = candidates.filter((m) => !owned(m.file));
  }
  const changes = settleWithUntouchedFiles(
    settledAtBase,
    ctx.compared.found.snapshots,
    { base: [], head: consumers },
    ctx.problems,
  );
  return { consumers, changes };
}

/**
 * One object in two folders: when raw files define a workload or a config more than once, the
 * folders of those files that the repository's GitOps objects deploy (one `git grep` at head, only
 * then), and the files the range changed. Undefined when nothing is defined twice.
 */
async function deploymentFolders(
  git: Git,
  head: string,
  manifests: Manifest[],
  changedFiles: FileChange[],
): Promise<DeploymentFolders | undefined> {
  const filesById = new Map<string, Set<string>>();
  for (const m of manifests) {
    if (m.origin !== undefined || !isConfigOrWorkload(m)) continue;
    const files = filesById.get(idKey(m.id)) ?? new Set<string>();
    filesById.set(idKey(m.id), files.add(m.file));
  }
  const dirs = new Set<string>();
  for (const files of filesById.values()) {
    if (files.size < 2) continue;
    for (const file of files) {
      const parts = file.split("/").slice(0, -1);
      for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
    }
  }
  if (dirs.size === 0) return undefined;
  const deployments = await findDeployments(git, { head }, [...dirs]);
  return {
    deployedDirs: [...new Set(deployments.map((d) => d.dir))],
    changedFiles: changedFiles.map((c) => c.path),
  };
}

/**
 * Raw files in folders a GitOps object deploys are read in the namespace it says (plain directories:
 * scan/gitops/deployed-namespaces.ts): the changed files' folders are looked up at head while the
 * files are read (gitops/find-deployments.ts; the renders' questions reuse its search).
 */
function withDeployedNamespaces(
  git: Git,
  head: string,
  changedFiles: FileChange[],
  options: ScanOptions,
): ScanOptions {
  const dirs = new Set<string>();
  for (const change of changedFiles) {
    if (!MANIFEST_FILE.test(change.path)) continue;
    const parts = change.path.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
  }
  if (dirs.size === 0) return options;
  const namespaceOf = lazy(() => findDeployments(git, { head }, [...dirs]).then(namespacesOfDeployments));
  return { ...options, namespaceOf };
}
