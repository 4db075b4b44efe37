// The kustomizations at both commits, read once and parsed, and the graphs of what includes what:
// a base file unchanged in the range is the head's text (no second read).
import type { Git } from "../../git/git.js";
import type { KustomizationFile } from "../sources/kustomization-file.js";
import { KUSTOMIZATION_FILE_NAMES, kustomizationDirOf } from "../sources/kustomization-names.js";
import { buildKustomizeGraph, type KustomizeGraph } from "../sources/kustomize-graph.js";

export async function kustomizationsAt(
  git: Git,
  ctx: {
    base: string;
    head: string;
    baseFiles: string[];
    headFiles: string[];
    /** Files whose base content differs from head. */
    differAtBase: Set<string>;
  },
): Promise<[KustomizeGraph, KustomizeGraph, Map<string, KustomizationFile>, Map<string, KustomizationFile>]> {
  const kustomizationPaths = (paths: string[]) => {
    const preference = (p: string) =>
      (KUSTOMIZATION_FILE_NAMES as readonly string[]).indexOf(p.slice(p.lastIndexOf("/") + 1));
    // kustomize's preference order: kustomization.yaml, .yml, Kustomization.
    return paths
      .filter((p) => kustomizationDirOf(p) !== undefined)
      .sort((a, b) => preference(a) - preference(b));
  };
  const headPaths = kustomizationPaths(ctx.headFiles);
  const basePaths = kustomizationPaths(ctx.baseFiles);
  const toRead = basePaths.filter((p) => ctx.differAtBase.has(p));
  // Reading a kustomization needs the yaml package: loaded (beside the reads) only when there is one.
  const reader =
    headPaths.length + basePaths.length > 0 ? import("../sources/kustomization-file.js") : undefined;
  reader?.catch(() => {});
  const [headTexts, baseTexts] = await Promise.all([
    headPaths.length > 0 ? git.readFiles(ctx.head, headPaths) : new Map<string, Buffer>(),
    toRead.length > 0 ? git.readFiles(ctx.base, toRead) : new Map<string, Buffer>(),
  ]);
  const readKustomizationFile = reader ? (await reader).readKustomizationFile : undefined;
  const parse = (paths: string[], textOf: (path: string) => Buffer | undefined) => {
    const byDir = new Map<string, KustomizationFile>();
    if (!readKustomizationFile) return byDir;
    for (const path of paths) {
      const k = readKustomizationFile(path, textOf(path)?.toString("utf8") ?? "");
      if (!byDir.has(k.dir)) byDir.set(k.dir, k);
    }
    return byDir;
  };
  const headKs = parse(headPaths, (p) => headTexts.get(p));
  // Unchanged kustomization files are the same at base: their head text stands for both.
  const baseKs = parse(basePaths, (p) => (ctx.differAtBase.has(p) ? baseTexts.get(p) : headTexts.get(p)));
  return [
    buildKustomizeGraph([...baseKs.values()]),
    buildKustomizeGraph([...headKs.values()]),
    baseKs,
    headKs,
  ];
}
