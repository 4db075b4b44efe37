// Which directories a kustomize render needs in its checkout: the kustomizations' own directories
// and the directories of every file they read. Everything else in a monorepo is left out, so a
// checkout costs what the overlay reads, not what the repository holds. Whole directories (not
// single files) are kept so that an input this tool does not model is still there for kustomize.

/** Minimal directory prefixes covering `dirs` and the directories of `files`; undefined: the whole tree. */
export function checkoutScope(dirs: Iterable<string>, files: Iterable<string>): string[] | undefined {
  const wanted = new Set<string>(dirs);
  for (const file of files) wanted.add(parentOf(file));
  if (wanted.has("")) return undefined;
  // Paths that climb out of the repository name nothing in it.
  const inside = [...wanted].filter((dir) => dir !== ".." && !dir.startsWith("../")).sort();
  const minimal: string[] = [];
  for (const dir of inside) {
    if (!minimal.some((kept) => dir.startsWith(`${kept}/`))) minimal.push(dir);
  }
  return minimal;
}

export function inScope(path: string, scope: readonly string[] | undefined): boolean {
  return scope === undefined || scope.some((dir) => path.startsWith(`${dir}/`));
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}
