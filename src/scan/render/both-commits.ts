// Step: the renders. Every rendered source the range touches, at base and head, in one checkout
// per commit, a few renderers at a time; their objects labelled with their source and located where
// they are written (or blamed on the input file that explains them).

import { shortSha } from "../../core/commit-sha.js";
import { formatDuration } from "../../core/duration.js";
import { UserError } from "../../core/errors.js";
import { isConfigKind } from "../../core/kinds/api-kinds.js";
import { isWorkloadKind } from "../../core/kinds/workload-kinds.js";
import type { Log } from "../../core/log.js";
import type { Manifest, ManifestProblem } from "../../core/model.js";
import { runLimited } from "../../core/run-limited.js";
import type { Git } from "../../git/git.js";
import type { ParsedManifests } from "../manifests/manifest-reader.js";
import { blameFile, isHashSuffixedGenerated } from "../sources/blame.js";
import { locateWritten, type WrittenObject, writtenObjects } from "../sources/resource-locations.js";
import type { SourceWarning } from "../sources/source-warning.js";
import { checkoutScope } from "./checkout-scope.js";
import { KustomizeBuildError } from "./kustomize.js";
import { lfsPointerInputs, withoutPointerConfigs } from "./lfs-generator-inputs.js";
import { createCommitTrees } from "./materialize-tree.js";
import type { RenderedDocumentParser } from "./output-objects.js";
import { findExecutable, renderSlots } from "./renderer-environment.js";
import type { RenderedObjects, RenderedSource } from "./source-model.js";

export async function renderBothCommits(
  git: Git,
  base: string,
  head: string,
  sources: RenderedSource[],
  pathDirs: string[],
  defaultNamespace: string,
  log: Log,
  /** --render-timeout: writing a checkout is bounded like a render. */
  timeoutMs: number,
): Promise<RenderedObjects> {
  log.info(`rendering ${sources.map((s) => s.label).join(", ")} at ${shortSha(base)} and ${shortSha(head)}`);
  // One checkout per commit serves every source: the union of their scopes.
  const scope = sources.some((s) => s.scope === undefined)
    ? undefined
    : checkoutScope(
        sources.flatMap((s) => s.scope ?? []),
        [],
      );
  // Symlinks that lead out of the checkout are refused where kustomize reads (its scope).
  const kustomizeScope = checkoutScope(
    sources.flatMap((s) => (s.kustomization ? (s.scope ?? [""]) : [])),
    [],
  );
  const trees = await createCommitTrees(git.root, findExecutable("git", pathDirs) ?? "git", scope, {
    ...(sources.some((s) => s.kustomization) ? { symlinks: { scope: kustomizeScope } } : {}),
    timeoutMs,
  });
  try {
    // What the objects are blamed on and where they are written: read at head while the renders run.
    const blameTexts = readTexts(git, head, [
      ...new Set(sources.flatMap((s) => [...s.changedInputs, ...(s.resourceFiles ?? [])])),
    ]);
    blameTexts.catch(() => {});
    // Generator inputs kept in Git LFS: read (small, batched) while the renders run.
    const pointerInputs = lfsPointerInputs(git, [head, base], sources);
    pointerInputs.catch(() => {});
    // Rendered output is parsed with the yaml package, loaded only when something is rendered.
    const { createDocumentParser } = await import("./output-objects.js");
    // One cache for every source: kustomizations that share a base render many documents alike.
    const cache = new Map();
    const parsers = sources.map((source) =>
      createDocumentParser(`(${source.label} output)`, source.defaultNamespace ?? defaultNamespace, cache),
    );
    const outputs = await renderEach(sources, [head, base], trees, log);
    const parsed = parseOutputs(sources, outputs, parsers);
    const { headParsed, baseParsed, unbuilt } = parsed;
    const pointers = await pointerInputs;
    const warnings = [...parsed.warnings];
    sources.forEach((source, i) => {
      const kept = withoutPointerConfigs(source, [baseParsed[i]!, headParsed[i]!], pointers);
      [baseParsed[i], headParsed[i]] = kept.sides as [Manifest[], Manifest[]];
      warnings.push(...kept.warnings);
    });
    const texts = await blameTexts;
    const written = writtenObjectsOf(sources, [baseParsed, headParsed], texts);
    const labelled = (m: Manifest, source: RenderedSource): Manifest => ({
      ...m,
      origin: source.label,
      ...blamed(m, source, texts, written.get(source) ?? []),
      ...(isConfigKind(m.id.kind) && isHashSuffixedGenerated(m.id, source.generators)
        ? { selfRolling: true as const }
        : {}),
      ...stampedAs(m, source),
    });
    const problems = parsed.problems;
    const baseObjects = sources.flatMap((source, i) => baseParsed[i]!.map((m) => labelled(m, source)));
    const headObjects = sources.flatMap((source, i) =>
      headParsed[i]!.map((m) => withUnsubstituted(labelled(m, source), source.unsubstituted)),
    );
    log.debug(
      `rendered ${sources.length} source(s): ${baseObjects.length} object(s) at base, ${headObjects.length} at head`,
    );
    return { base: baseObjects, head: headObjects, problems, warnings, unbuilt };
  } finally {
    await trees.dispose();
  }
}

type Output = Buffer | undefined | KustomizeBuildError;

/** How `stamp` hashes a rendered object of a kustomization deployed several ways (Manifest fields). */
function stampedAs(m: Manifest, source: RenderedSource): Partial<Manifest> {
  if (source.stamped === "namespace-free")
    return m.id.namespace === "" ? {} : { namespaceByDeployment: true };
  return source.stamped ? { stampCannotMatch: source.stamped.cannotMatch } : {};
}

/** A config whose text holds a variable its source's substitution left as written, marked so. */
function withUnsubstituted(m: Manifest, kept: ReadonlySet<string> | undefined): Manifest {
  if (!kept?.size || !isConfigKind(m.id.kind)) return m;
  const text = JSON.stringify(m.object);
  const names = [...kept].filter((name) => new RegExp(`\\$\\{${name}[}:=-]`).test(text)).sort();
  return names.length > 0 ? { ...m, unsubstituted: names } : m;
}

/**
 * Each source's objects at head and base from its outputs, its problems (output-objects.ts
 * settleOutputs), and the warnings for kustomizations that did not build. Head first: its documents
 * are parsed, and base's identical ones reuse them. A kustomization that fails at head got here only
 * because it fails at base too: nothing is planned from it.
 */
function parseOutputs(
  sources: RenderedSource[],
  outputs: Output[][],
  parsers: RenderedDocumentParser[],
): {
  headParsed: Manifest[][];
  baseParsed: Manifest[][];
  problems: ManifestProblem[];
  warnings: SourceWarning[];
  unbuilt: Map<string, "base" | "both">;
} {
  const failures: BuildFailure[] = [];
  const unbuilt = new Map<string, "base" | "both">();
  const none: ParsedManifests = { manifests: [], problems: [] };
  const headParsed = sources.map((source, i) => {
    const [atHead, atBase] = outputs[i]!;
    if (!(atHead instanceof KustomizeBuildError)) return parsers[i]!.objectsOf(atHead);
    if (atBase instanceof KustomizeBuildError) {
      unbuilt.set(source.label, "both");
      failures.push({ source, atBase, atHead });
    }
    return none;
  });
  const baseParsed = sources.map((source, i) => {
    const output = outputs[i]![1];
    if (outputs[i]![0] instanceof KustomizeBuildError) return none;
    if (!(output instanceof KustomizeBuildError)) return parsers[i]!.objectsOf(output);
    // Broken at base, fine at head (this push fixes it): what changed in it cannot be told.
    unbuilt.set(source.label, "base");
    failures.push({ source, atBase: output, removed: outputs[i]![0] === undefined });
    return { manifests: headParsed[i]!.manifests, problems: [] };
  });
  const settled = parsers.map((parser, i) => parser.settle(baseParsed[i]!, headParsed[i]!));
  return {
    headParsed: settled.map((s) => s.head),
    baseParsed: settled.map((s) => s.base),
    problems: settled.flatMap((s) => s.problems),
    warnings: failureWarnings(failures),
    unbuilt,
  };
}

/** A kustomization kustomize refused at base, and at head too (atHead) or not. */
interface BuildFailure {
  source: RenderedSource;
  atBase: KustomizeBuildError;
  atHead?: KustomizeBuildError;
  /** Not at head at all (this push removes it). */
  removed?: boolean;
}

/**
 * One warning per failure, and one for several kustomizations that fail alike (overlays of a base
 * kustomize refuses each print its complaint): said once, naming each, every file still unread.
 */
function failureWarnings(failures: readonly BuildFailure[]): SourceWarning[] {
  const groups = new Map<string, BuildFailure[]>();
  for (const failure of failures) {
    const error = failure.atHead ?? failure.atBase;
    const key = [failure.atHead ? "both" : "base", failure.removed, error.why, error.detail].join("\0");
    groups.set(key, [...(groups.get(key) ?? []), failure]);
  }
  return [...groups.values()].map((group) => {
    const [first, ...others] = group as [BuildFailure, ...BuildFailure[]];
    return {
      file: first.source.file,
      ...(others.length > 0 ? { more: others.map((f) => f.source.file) } : {}),
      message: first.atHead
        ? brokenAtBothWarning(group, first.atBase, first.atHead)
        : baseFailureWarning(group, first.atBase, !first.removed),
      unread: first.atHead
        ? "kustomization, cannot be built at either commit"
        : "kustomization, cannot be built at the base commit",
    };
  });
}

/**
 * Every source at every commit (`commits[0]` is head), a few processes at a time: renderers are
 * CPU-bound, so more at once than the machine has cores only makes each slower. A kustomization
 * kustomize refuses to build at head stops the run, unless it was discovered (not named by
 * --kustomize) and kustomize refuses it at base too: broken before this push, it is returned for
 * the caller to warn about. A failure at base alone is returned, for the caller to treat as unknown.
 */
async function renderEach(
  sources: RenderedSource[],
  commits: [string, string],
  trees: { root: string; dirOf(commit: string): Promise<string> },
  log: Log,
): Promise<Output[][]> {
  // Both commits at once; each checkout is written once, when its first render needs it.
  const jobs = sources.flatMap((source, i) => commits.map((commit, side) => ({ source, i, commit, side })));
  const outputs: Output[][] = sources.map(() => [undefined, undefined]);
  const settled = sources.map(() => [false, false]);
  // Once one render has failed the run, the others are stopped (their process groups killed) and
  // those not started yet are not started: a remote resource that never answers must not hold
  // every render for the whole --render-timeout.
  const failed = new AbortController();
  let firstError: unknown;
  const stop = (error: unknown) => {
    if (failed.signal.aborted) return;
    failed.abort();
    // Not thrown here: the others must have stopped before their checkouts are removed.
    firstError = error;
  };
  // A discovered kustomization failing at head is decided once its base has rendered.
  const decide = (i: number) => {
    const [atHead, atBase] = outputs[i]!;
    if (!(atHead instanceof KustomizeBuildError) || !settled[i]![1]) return;
    if (!(atBase instanceof KustomizeBuildError))
      stop(new UserError(headFailureMessage(sources[i]!, atHead)));
  };
  await runLimited(jobs, renderSlots(), async ({ source, i, commit, side }) => {
    if (failed.signal.aborted) return;
    const started = performance.now();
    try {
      const checkout = { dir: await trees.dirOf(commit), scratch: trees.root };
      outputs[i]![side] = await source.render(checkout, commit, failed.signal);
    } catch (error) {
      const kustomization = error instanceof KustomizeBuildError ? source.kustomization : undefined;
      if (kustomization !== undefined && (side === 1 || !kustomization.named)) {
        outputs[i]![side] = error as KustomizeBuildError;
      } else if (failed.signal.aborted) {
        // Stopped because another render failed first: that failure is the one reported.
        return;
      } else {
        stop(error instanceof KustomizeBuildError ? new UserError(headFailureMessage(source, error)) : error);
        return;
      }
    }
    settled[i]![side] = true;
    decide(i);
    log.debug(`${source.label} at ${shortSha(commit)}: ${formatDuration(performance.now() - started)}`);
  });
  if (firstError !== undefined) throw firstError;
  return outputs;
}

function headFailureMessage(source: RenderedSource, error: KustomizeBuildError): string {
  const ways = source.kustomization?.named
    ? "Fix the kustomization, or leave it out of --kustomize (--kustomize none reads raw files only)"
    : "Fix the kustomization, or plan without it: --kustomize DIR names the kustomizations this cluster runs, --kustomize none reads raw files only";
  return `${source.label} cannot be built at the head commit ${shortSha(error.commit)}: \`${error.command}\` failed (${error.why})${
    error.detail ? `: ${error.detail}` : ""
  }\nNothing was planned or applied. ${ways}.`;
}

/** `kustomize a`, or `kustomize a, kustomize b and kustomize c` (and whether that is several). */
function whoFailed(group: readonly BuildFailure[]): { who: string; they: boolean } {
  const labels = group.map((f) => f.source.label);
  const who = labels.length === 1 ? labels[0]! : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
  return { who, they: labels.length > 1 };
}

function brokenAtBothWarning(
  group: readonly BuildFailure[],
  atBase: KustomizeBuildError,
  atHead: KustomizeBuildError,
): string {
  const { who, they } = whoFailed(group);
  const alike = they ? ", each alike" : "";
  return `${who} cannot be built at the base commit ${shortSha(atBase.commit)} nor at the head commit ${shortSha(atHead.commit)} (\`${atHead.command}\`${alike}: ${atHead.why}${
    atHead.detail ? `: ${atHead.detail}` : ""
  }); ${they ? "they were" : "it was"} broken before this push, so nothing is planned from ${they ? "them" : "it"}. If this cluster does not deploy ${they ? "them" : "it"}, --kustomize none plans without kustomizations and --kustomize DIR names those it runs`;
}

function baseFailureWarning(
  group: readonly BuildFailure[],
  error: KustomizeBuildError,
  atHead: boolean,
): string {
  const { who, they } = whoFailed(group);
  const now = atHead
    ? `${they ? "they build" : "it builds"} at head, so this push fixes ${they ? "them" : "it"}`
    : `this push removes ${they ? "them" : "it"}`;
  return `${who} cannot be built at the base commit ${shortSha(error.commit)} (\`${error.command}\`${they ? ", each alike" : ""}: ${error.why}${
    error.detail ? `: ${error.detail}` : ""
  }); ${now}, but what the push changed in ${they ? "them" : "it"} cannot be told: ${they ? "their" : "its"} configs restart nothing (${they ? "their" : "its"} workloads still restart for configs changed elsewhere)`;
}

/**
 * Where a rendered object is reported: where it is written (its resource file and line), else its
 * source's file. A config whose change one input file explains (a generator's input, a patch) is
 * reported at that file; a workload always where it is written, its blamed file beside it.
 */
function blamed(
  m: Manifest,
  source: RenderedSource,
  texts: Map<string, string>,
  written: readonly WrittenObject[],
): Partial<Manifest> {
  const blamedFile = blameFile(
    { kind: m.id.kind, name: m.id.name },
    { changedInputs: source.changedInputs, generators: source.generators, texts },
  );
  const at = locateWritten(m.id, written) ?? { file: source.file, line: 1 };
  const where =
    blamedFile !== undefined && isConfigKind(m.id.kind) && blamedFile !== at.file
      ? { file: blamedFile, line: 1 }
      : at;
  return { ...(blamedFile !== undefined ? { blamedFile } : {}), ...where };
}

/**
 * The objects written in each kustomize source's plain resource files (their text at head), for
 * the sources that rendered a workload or a config: what a report locates. Each file is read once.
 */
function writtenObjectsOf(
  sources: RenderedSource[],
  parsed: Manifest[][][],
  texts: Map<string, string>,
): Map<RenderedSource, WrittenObject[]> {
  const located = (m: Manifest) => isConfigKind(m.id.kind) || isWorkloadKind(m.id.kind);
  const byFile = new Map<string, WrittenObject[]>();
  const objectsIn = (path: string) => {
    let objects = byFile.get(path);
    if (objects === undefined) {
      const text = texts.get(path);
      objects = text === undefined ? [] : writtenObjects(path, text);
      byFile.set(path, objects);
    }
    return objects;
  };
  const written = new Map<RenderedSource, WrittenObject[]>();
  for (const [i, source] of sources.entries()) {
    if (!parsed.some((side) => side[i]?.some(located))) continue;
    // A generated config is written in no resource file: its generator stands for it (at the
    // source's file), so a written object with a shorter name it contains is never taken for it.
    const generated = source.generators.map((g) => ({
      kind: g.kind,
      name: g.name,
      file: source.file,
      line: 1,
    }));
    written.set(source, [...(source.resourceFiles ?? []).flatMap(objectsIn), ...generated]);
  }
  return written;
}

async function readTexts(git: Git, rev: string, paths: string[]): Promise<Map<string, string>> {
  const files = await git.readFiles(rev, paths);
  return new Map([...files].map(([path, bytes]) => [path, bytes.toString("utf8")]));
}
