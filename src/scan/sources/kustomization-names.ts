// Which files are kustomizations, by name alone: what every run needs to find kustomize sources,
// kept apart from reading one (kustomization-file.ts), which needs the `yaml` package.

/** File names kustomize accepts for a kustomization, in its order of preference. */
export const KUSTOMIZATION_FILE_NAMES = ["kustomization.yaml", "kustomization.yml", "Kustomization"] as const;

export function kustomizationDirOf(path: string): string | undefined {
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1);
  if (!(KUSTOMIZATION_FILE_NAMES as readonly string[]).includes(name)) return undefined;
  return slash === -1 ? "" : path.slice(0, slash);
}

/**
 * Whether a folder a Flux Kustomization deploys is built by kustomize as it is: a kustomization in
 * it or below it. One above it does not count, as Flux builds its `path` itself (a plain folder gets
 * a generated kustomization). The plan's rule (gitops/plain-deployed-sources.ts) and stamp's.
 */
export function hasKustomizationInOrBelow(dir: string, kustomizationDirs: readonly string[]): boolean {
  return kustomizationDirs.some((k) => k === dir || dir === "" || k.startsWith(`${dir}/`));
}
