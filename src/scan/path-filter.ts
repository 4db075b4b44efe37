// Which paths the scan reads as manifests: --paths, minus --exclude, minus the files a renderer owns.
import { globMatcher } from "./glob-matcher.js";
import type { ScanOptions } from "./scan-model.js";

/** Whether a path is a manifest to read; `globs` are the --paths it was made from. */
export type PathFilter = ((path: string) => boolean) & { globs: string[] };

export async function createPathFilter(
  options: Pick<ScanOptions, "paths" | "exclude">,
  owned?: (path: string) => boolean,
): Promise<PathFilter> {
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true }),
  ]);
  const filter = owned
    ? (path: string) => include(path) && !exclude(path) && !owned(path)
    : (path: string) => include(path) && !exclude(path);
  return Object.assign(filter, { globs: options.paths });
}
