// `config-rollout stamp`: write config-rollout.io/config-hash into the pod templates of every
// workload that consumes a ConfigMap or Secret defined in the repository, in the work tree (like
// a formatter: the files as they are on disk). Raw files get minimal byte edits; each root
// kustomization gets one generated patch file. No cluster access, no network.

import { UserError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import { type Manifest, shortId } from "../core/model.js";
import { runLimited } from "../core/run-limited.js";
import type { Git } from "../git/git.js";
import type { WorkTree } from "../git/work-tree.js";
import { buildDeployed } from "../scan/gitops/deployed-build.js";
import { type Deployment, type DeploySettings, deploymentsOfDir } from "../scan/gitops/deployed-dirs.js";
import { stampOfWays } from "../scan/gitops/deployed-namespaces.js";
import { parseManifestFile } from "../scan/manifests/parse-manifest-file.js";
import { READ_AS_KUBECTL_DOES } from "../scan/manifests/yaml-messages.js";
import { createPathFilter } from "../scan/path-filter.js";
import {
  findKustomize,
  KustomizeBuildError,
  type KustomizeRun,
  NO_KUSTOMIZE_HINT,
  secretQuietness,
} from "../scan/render/kustomize.js";
import { trustedPathDirs } from "../scan/render/renderer-environment.js";
import { type KustomizationFile, readKustomizationFile } from "../scan/sources/kustomization-file.js";
import { KUSTOMIZATION_FILE_NAMES } from "../scan/sources/kustomization-names.js";
import { buildKustomizeGraph, kustomizationsUnder } from "../scan/sources/kustomize-graph.js";
import { chooseRoots } from "../scan/sources/kustomize-roots.js";
import type { StampSettings } from "../settings/settings.js";
import { beyondRawInTree, notReadRaw } from "./beyond-raw.js";
import { changedInRange } from "./changed-raw.js";
import { changedRootWorkloads } from "./changed-roots.js";
import { patchedInTree } from "./patched-in-tree.js";
import { stampAsDeployed } from "./stamp-as-deployed.js";
import { refuseForeignPatch, refuseUnsafeRoots } from "./stamp-checks.js";
import { stampFile } from "./stamp-file.js";
import { stampKustomization } from "./stamp-kustomize.js";
import { type StampReport, stampRefusals } from "./stamp-report.js";
import type { StampTarget } from "./stamp-workloads.js";
import { readAsDeployed } from "./substituted-reads.js";

interface StampDeps {
  tree: WorkTree;
  git: Git;
  log: Log;
  env: Record<string, string | undefined>;
  /** Why the work tree's content is untrusted (a fork's pull request: range/untrusted-head.ts); undefined: trusted. */
  untrustedHead?: string | undefined;
}

export async function stampTree(settings: StampSettings, deps: StampDeps): Promise<StampReport> {
  if (settings.strict && !settings.check) {
    // --strict: the whole run as a check first, so a refusal leaves every file as it was.
    const refusals = stampRefusals(await stampOnce({ ...settings, check: true }, deps), true);
    if (refusals.length > 0) throw strictRefusal(refusals);
  }
  return stampOnce(settings, deps);
}

/** The exit-2 error for stampRefusals (stamp/stamp-report.ts): the first few, and how many. */
export function strictRefusal(refusals: readonly string[]): UserError {
  const shown = refusals.slice(0, 5).map((r) => `  ${r}`);
  const more = refusals.length > 5 ? [`  ... and ${refusals.length - 5} more`] : [];
  return new UserError(
    [
      `stamp: ${refusals.length} problem(s) (--check and --strict stop on them; nothing was written):`,
      ...shown,
      ...more,
    ].join("\n"),
  );
}

async function stampOnce(settings: StampSettings, deps: StampDeps): Promise<StampReport> {
  const report: StampReport = {
    check: settings.check,
    changes: [],
    current: 0,
    filesWritten: [],
    leftOut: [],
    unstampable: [],
    notBuilt: [],
    problems: [],
    notes: [],
  };
  const key = settings.hashKey ? Buffer.from(settings.hashKey) : undefined;
  const files = await deps.tree.listFiles();
  const kustomizations = await readKustomizations(deps.tree, files, settings);
  const graph = buildKustomizeGraph(kustomizations);
  const explicitDirs = settings.kustomize.length > 0 && settings.kustomize[0] !== "none";
  const owned = (path: string) => graph.ownedFiles.has(path);
  const readRaw = !explicitDirs || settings.pathsExplicit;
  const filter = await createPathFilter({ paths: settings.paths, exclude: settings.exclude }, owned);
  // Helm chart templates are not YAML until rendered: never raw manifests (as in a plan's scan).
  const chartDirs = files.filter((f) => CHART_FILE.test(f)).map((f) => f.slice(0, f.lastIndexOf("/") + 1));
  const inChart = (path: string) => chartDirs.some((dir) => path.startsWith(dir));
  const rawFiles = files.filter((f) => filter(f) && !inChart(f));
  const raw = readRaw ? await parseFiles(deps.tree, rawFiles, settings, report.problems) : [];
  // Each folder a GitOps object deploys is hashed with its own configs, in its namespace, substituted;
  // the objects and maps are looked for in every file the plan looks in (beyond-raw.ts).
  const text = (file: string) => deps.tree.read(file);
  const explicitPaths = settings.pathsExplicit
    ? await createPathFilter({ paths: settings.paths, exclude: [] })
    : undefined;
  const beyond = notReadRaw(files, (f) => filter(f) && !inChart(f), explicitPaths);
  const parentEnv = {
    pathDirs: trustedPathDirs(deps.env.PATH, [deps.tree.dir]),
    timeoutMs: settings.renderTimeoutMs,
    maxOutputBytes: settings.maxFileSize,
    untrustedHead: deps.untrustedHead,
  };
  const read = await readAsDeployed(raw, {
    files,
    text,
    defaultNamespace: settings.namespace,
    ...(readRaw ? { beyond: beyondRawInTree(deps.tree, beyond, settings.namespace) } : {}),
    patched: patchedInTree(deps.tree, parentEnv, (note) => report.notes.push(note)),
  });
  const { stamps, units } = stampAsDeployed(raw, read.variants, key, read.builtByFlux);
  for (const t of stamps.targets) report.notes.push(...units.ambiguities(t, t.covers));
  let targets = stamps.targets;
  if (settings.changedOnly)
    targets = await changedInRange(settings, deps.git, targets, { filter, explicitPaths }, key);
  for (const u of stamps.unstampable)
    report.unstampable.push({
      what: `${shortId(u.id)} (${u.file})`,
      reason: u.reason,
    });
  for (const t of stamps.untouched)
    report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: true });
  for (const t of targets) {
    if (t.notInRepo.length > 0)
      report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: false });
  }
  // Discovered roots are stamped as the repository's GitOps objects deploy them, as a plan sees them.
  const deployments = settings.kustomize[0] === "none" || explicitDirs ? [] : read.deployments;
  const roots =
    settings.kustomize[0] === "none"
      ? []
      : explicitDirs
        ? settings.kustomize
        : chooseRoots(kustomizations, graph, { deployedDirs: new Set(deployments.map((d) => d.dir)) }).roots;
  // Every file stamp may write is checked before the first write: a symbolic link on the path of
  // a root's generated patch file, or a file of that name the stamp did not write, stops the run
  // (exit 2) before any raw file is written.
  for (const dir of roots) await refuseForeignPatch(deps.tree, dir, kustomizations);
  await stampRawFiles(deps.tree, targets, settings, report);
  if (roots.length > 0)
    await stampRoots(roots, kustomizations, settings, deps, key, report, deployments, read.written);
  if (settings.render) {
    report.unstampable.push({
      what: `objects rendered by --render (${settings.render})`,
      reason:
        "rendered output cannot be stamped; for a Helm chart put the checksum/config pattern in the chart's pod template (an annotation with a sha256sum of the rendered config)",
    });
  }
  return report;
}

async function stampRawFiles(
  tree: WorkTree,
  targets: StampTarget[],
  settings: StampSettings,
  report: StampReport,
): Promise<void> {
  const byFile = new Map<string, StampTarget[]>();
  for (const t of targets) byFile.set(t.file, [...(byFile.get(t.file) ?? []), t]);
  report.current += targets.filter((t) => t.current === t.hash).length;
  // Every file's edits are made (and proved) before the first is written: one refused file stops
  // the run with nothing written.
  const edited: Array<{ file: string; source: string; stamped: ReturnType<typeof stampFile> }> = [];
  for (const [file, fileTargets] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (fileTargets.every((t) => t.current === t.hash)) continue;
    const source = (await tree.read(file))?.toString("utf8");
    if (source === undefined) continue;
    const stamped = stampFile(source, fileTargets, settings.namespace);
    if (stamped.refused !== undefined) {
      throw new UserError(`${file} cannot be stamped: ${stamped.refused}. Nothing was written`);
    }
    edited.push({ file, source, stamped });
  }
  for (const { file, source, stamped } of edited) {
    for (const t of stamped.changed) {
      report.changes.push({
        workload: t.namespaces ? { ...t.id, namespace: t.namespaces[0]! } : t.id,
        ...(t.namespaces && t.namespaces.length > 1 ? { namespaces: t.namespaces } : {}),
        file,
        ...(t.current ? { old: t.current } : {}),
        new: t.hash,
        covers: t.covers,
      });
    }
    for (const u of stamped.unstampable) {
      report.unstampable.push({
        what: `${shortId(u.target.id)} (${file})`,
        reason: u.reason,
      });
    }
    if (!settings.check && stamped.text !== source) {
      await tree.write(file, stamped.text);
      report.filesWritten.push(file);
    }
  }
}

async function stampRoots(
  roots: string[],
  kustomizations: KustomizationFile[],
  settings: StampSettings,
  deps: StampDeps,
  key: Buffer | undefined,
  report: StampReport,
  deployments: readonly Deployment[],
  /** The deployments as written (their maps are read again at --base for --changed-only). */
  written: readonly Deployment[],
): Promise<void> {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const { deployedAs, namespaceFree } = soleDeployments(roots, deployments, report);
  for (const dir of roots) {
    if (!byDir.has(dir))
      throw new UserError(`--kustomize ${dir || "."}: no kustomization.yaml in that directory`);
  }
  await refuseUnsafeRoots(roots, byDir, settings, deps, deployedAs);
  const pathDirs = trustedPathDirs(deps.env.PATH, [deps.tree.dir]);
  const binary = await findKustomize(pathDirs);
  if (!binary) throw new UserError(`kustomizations to stamp (${roots.join(", ")}) but ${NO_KUSTOMIZE_HINT}`);
  // Bounded like a plan's renders (--render-timeout, --max-file-size).
  const bounds = { timeoutMs: settings.renderTimeoutMs, maxOutputBytes: settings.maxFileSize };
  const changed = settings.changedOnly
    ? await changedRootWorkloads({
        git: deps.git,
        base: settings.base!,
        head: settings.head ?? "HEAD",
        roots,
        run: { binary, pathDirs, ...bounds },
        rules: { untrustedHead: deps.untrustedHead, allowRemote: settings.allowRemoteKustomize },
        defaultNamespace: settings.namespace,
        ...(key ? { key } : {}),
        note: (message) => report.notes.push(message),
        deployedAs,
        deployments: written,
      })
    : undefined;
  await deps.tree.withScratch(async (home) => {
    for (const dir of roots) {
      const included = kustomizationsUnder(dir, byDir);
      // kustomize quotes what it cannot read: not for a tree that generates or may hold a Secret.
      const run: KustomizeRun = { binary, pathDirs, home, ...bounds, ...secretQuietness(included) };
      const deployed = deployedAs.get(dir);
      // Read here only for a namespace hint. A resource reached through a link kustomize reads
      // itself (refuseUnsafeRoots let only links that stay inside the repository through); stamp
      // does not follow it, and writes into none of these files.
      const inputFiles = [...new Set(included.flatMap((k) => k.resources))].filter(
        (path) => deps.tree.linkOn(path) === undefined,
      );
      const inputWorkloads = await parseFiles(deps.tree, inputFiles, settings);
      await stampKustomization(
        {
          tree: deps.tree,
          root: byDir.get(dir)!,
          included,
          inputWorkloads,
          render: (d) => renderWorkTree(run, deps.tree.dir, d, deployed && { settings: deployed, cwd: home }),
          defaultNamespace: deployed?.defaultNamespace ?? settings.namespace,
          ...(deployed ? { deployedAs: deployed } : {}),
          ...(namespaceFree.has(dir) ? { namespaceFree: { namespaces: namespaceFree.get(dir) } } : {}),
          ...(key ? { key } : {}),
          check: settings.check,
          log: deps.log,
          ...(changed ? { changed: changed.get(dir) ?? new Set<string>() } : {}),
        },
        report,
      );
    }
  });
}

async function readKustomizations(
  tree: WorkTree,
  files: string[],
  settings: StampSettings,
): Promise<KustomizationFile[]> {
  if (settings.kustomize[0] === "none") return [];
  const names = new Set<string>(KUSTOMIZATION_FILE_NAMES);
  const found: KustomizationFile[] = [];
  for (const file of files) {
    if (!names.has(file.slice(file.lastIndexOf("/") + 1))) continue;
    const text = (await tree.read(file))?.toString("utf8");
    if (text !== undefined) found.push(readKustomizationFile(file, text));
  }
  return found;
}

const CHART_FILE = /(^|\/)Chart\.ya?ml$/;

/**
 * Manifests of the given work-tree files (missing and oversized files skipped); what does not
 * parse goes to `problems` when given.
 */
async function parseFiles(
  tree: WorkTree,
  files: string[],
  settings: StampSettings,
  problems?: StampReport["problems"],
): Promise<Manifest[]> {
  // Reads overlap (16 in flight); parsing stays in file order, so the result is deterministic.
  const parsed = await runLimited(files, READ_CONCURRENCY, async (file) => {
    const size = await tree.size(file);
    if (size === undefined || size > settings.maxFileSize) return [];
    const bytes = await tree.read(file);
    if (bytes === undefined) return [];
    return parseManifestFile(file, bytes, { defaultNamespace: settings.namespace });
  });
  // Argo CD and Flux build with kustomize, which rejects a duplicate key that kubectl would apply
  // (last value wins): for stamp such a file is not read, and the key is an error, as kustomize says.
  const rejected = new Set<string>();
  for (const p of parsed) {
    if (Array.isArray(p)) continue;
    for (const problem of p.problems) {
      if (problem.duplicateKey) rejected.add(problem.file);
      problems?.push(
        problem.duplicateKey
          ? {
              ...problem,
              severity: "error",
              message: `${problem.message.replace(READ_AS_KUBECTL_DOES, "")} (kustomize, which Argo CD and Flux build with, rejects it)`,
            }
          : problem,
      );
    }
  }
  return parsed.flatMap((p) => (Array.isArray(p) ? p : p.manifests)).filter((m) => !rejected.has(m.file));
}

const READ_CONCURRENCY = 16;

/** A root rendered from the work tree; kustomize's refusal said as such (exit 2, nothing written). */
async function renderWorkTree(
  run: KustomizeRun,
  treeDir: string,
  dir: string,
  deployed?: { settings: DeploySettings; cwd: string },
): Promise<Buffer> {
  try {
    const as = deployed && { ...deployed, overlayDir: "deployment-overlay" };
    return await buildDeployed(run, treeDir, dir, "work tree", as);
  } catch (error) {
    if (!(error instanceof KustomizeBuildError)) throw error;
    throw new UserError(
      `\`${error.command}\` failed in the work tree (${error.why})${error.detail ? `: ${error.detail}` : ""}; fix the kustomization, then stamp again`,
    );
  }
}

/**
 * Per root, the settings it is stamped as deployed with: of the one GitOps object that deploys it
 * with settings, or of the first of several that differ only in the namespace, whose one value
 * leaves the namespace out (`namespaceFree`: scan/gitops/deployed-namespaces.ts stampOfWays). A
 * directory deployed ways that differ in more holds one stamp for all of them: it is stamped as
 * kustomize builds it, and a note says so.
 */
function soleDeployments(
  roots: readonly string[],
  deployments: readonly Deployment[],
  report: StampReport,
): { deployedAs: Map<string, DeploySettings>; namespaceFree: Map<string, string[] | undefined> } {
  const sole = new Map<string, DeploySettings>();
  const namespaceFree = new Map<string, string[] | undefined>();
  for (const dir of roots) {
    const ways = deploymentsOfDir(dir, deployments);
    const stamp = stampOfWays(ways);
    if ("differ" in stamp) {
      report.notes.push(
        `kustomize ${dir || "."}: deployed ${stamp.differ.length} ways that differ in more than the namespace (${stamp.differ.join(", ")}); stamped as kustomize builds it, one value for all of them (--strategy gitops cannot follow them)`,
      );
      continue;
    }
    if (stamp.as) sole.set(dir, stamp.as.settings);
    // The namespaces, for the report, when each way names the one it replaces.
    const named = ways.map((w) => w?.settings.namespace);
    if (stamp.namespaceFree)
      namespaceFree.set(dir, named.every((n) => n !== undefined) ? [...new Set(named)] : undefined);
  }
  return { deployedAs: sole, namespaceFree };
}
