// The kustomization Flux generates for a plain directory (no kustomization.yaml) before it builds
// it (fluxcd/pkg kustomize generator): every YAML file in the directory and below it, listed as a
// resource, except that a folder below holding a kustomization is listed as a folder and not looked
// into. Written into a commit's checkout, never into the repository.
import { readdir, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { kustomizationDirOf } from "../sources/kustomization-names.js";

const LISTED_FILE = /\.ya?ml$/;

/**
 * Writes `kustomization.yaml` in `dir` (absolute) listing its YAML files, and returns them (relative
 * to `dir`); undefined (nothing written) when the directory is missing or holds none.
 */
export async function writeGeneratedKustomization(dir: string): Promise<string[] | undefined> {
  let entries: Array<{ name: string; parentPath?: string; path?: string; isFile(): boolean }>;
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return undefined;
  }
  const paths = entries.map((e) => ({
    // A backslash is a character of a name, except where it is the separator (Windows).
    path: relative(dir, join(e.parentPath ?? e.path ?? dir, e.name))
      .split(sep)
      .join("/"),
    isFile: e.isFile(),
  }));
  // A folder below holding a kustomization is listed itself, and nothing in it (Flux does not descend).
  const built = new Set(
    paths.flatMap(({ path, isFile }) => {
      const folder = isFile ? kustomizationDirOf(path) : undefined;
      return folder ? [folder] : [];
    }),
  );
  const within = (path: string) => [...built].find((d) => path.startsWith(`${d}/`) || path === d);
  const outermost = [...built].filter((d) => ![...built].some((o) => o !== d && d.startsWith(`${o}/`)));
  const files = [
    ...outermost,
    ...paths
      .filter(({ path, isFile }) => isFile && LISTED_FILE.test(path) && within(path) === undefined)
      .map(({ path }) => path)
      // Written here by another deployment of the same directory (a plain one holds none of its own).
      .filter((path) => path !== "kustomization.yaml"),
  ].sort();
  if (files.length === 0) return undefined;
  // JSON is YAML to kustomize.
  await writeFile(join(dir, "kustomization.yaml"), `${JSON.stringify({ resources: files })}\n`);
  return files;
}
