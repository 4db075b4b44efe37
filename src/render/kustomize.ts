// `kustomize build DIR` (or `kubectl kustomize DIR`) in a commit's checkout. kustomize runs with its
// defaults: no exec or alpha plugins, no Helm inflation, the load restrictor on (a kustomization
// reads files only under its own root).
import { UserError } from "../core/errors.js";
import { findExecutable, kustomizeEnvironment } from "./renderer-environment.js";
import { runProcess } from "./run-process.js";

export interface KustomizeBinary {
  /** Absolute path, resolved before any checkout exists. */
  path: string;
  /** How the user would type it: `kustomize build` or `kubectl kustomize`. */
  label: string;
  argsFor(dir: string): string[];
}

export function findKustomize(pathDirs: readonly string[]): KustomizeBinary | undefined {
  const kustomize = findExecutable("kustomize", pathDirs);
  if (kustomize) return { path: kustomize, label: "kustomize build", argsFor: (dir) => ["build", dir] };
  const kubectl = findExecutable("kubectl", pathDirs);
  if (kubectl) return { path: kubectl, label: "kubectl kustomize", argsFor: (dir) => ["kustomize", dir] };
  return undefined;
}

export const NO_KUSTOMIZE_HINT =
  "neither kustomize nor kubectl is on PATH: install one (kubectl includes kustomize: https://kubernetes.io/docs/tasks/tools/), or pass --kustomize none to read raw files only";

export interface KustomizeRun {
  binary: KustomizeBinary;
  pathDirs: readonly string[];
  /** Scratch HOME for the process. */
  home: string;
  timeoutMs: number;
}

/** The rendered YAML of `dir` (repository-relative) in the checkout `treeDir` of `commit`. */
export async function kustomizeBuild(
  run: KustomizeRun,
  treeDir: string,
  dir: string,
  commit: string,
): Promise<Buffer> {
  // "./" keeps a directory named like a flag from being read as one.
  const target = dir === "" ? "." : `./${dir}`;
  const result = await runProcess(run.binary.path, run.binary.argsFor(target), {
    cwd: treeDir,
    env: kustomizeEnvironment(run.pathDirs, run.home),
    timeoutMs: run.timeoutMs,
  });
  if (result.exitCode === 0 && result.failure === undefined) return result.stdout;
  const why = result.failure ?? (result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`);
  throw new UserError(
    `\`${run.binary.label} ${target}\` failed at commit ${commit.slice(0, 12)} (${why}); nothing was applied${
      result.stderrTail ? `:\n${result.stderrTail}` : ""
    }`,
  );
}
