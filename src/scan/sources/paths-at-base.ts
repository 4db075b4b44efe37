// The files at the base commit, from the files at head and the diff: unchanged files are the same at
// both commits, so one tree listing (head) and the diff give both sides.

export interface PathChange {
  status: "A" | "M" | "D" | "R" | "C" | "T";
  path: string;
  oldPath?: string;
}

interface BasePaths {
  /** The paths (among those `relevant` admits) that exist at base. */
  paths: string[];
  /** Those whose content at base differs from head (or that are absent at head): read them at base. */
  differ: Set<string>;
}

export function pathsAtBase(
  headPaths: readonly string[],
  changes: readonly PathChange[],
  relevant: (path: string) => boolean,
): BasePaths {
  const paths = new Set(headPaths.filter(relevant));
  const differ = new Set<string>();
  for (const change of changes) {
    switch (change.status) {
      case "A":
      case "C":
        paths.delete(change.path);
        break;
      case "D":
        if (relevant(change.path)) {
          paths.add(change.path);
          differ.add(change.path);
        }
        break;
      case "R":
        paths.delete(change.path);
        if (change.oldPath !== undefined && relevant(change.oldPath)) {
          paths.add(change.oldPath);
          differ.add(change.oldPath);
        }
        break;
      case "M":
      case "T":
        if (relevant(change.path)) differ.add(change.path);
        break;
    }
  }
  return { paths: [...paths].sort(), differ };
}
