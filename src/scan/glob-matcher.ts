// Matching paths (and namespaces) against the globs of --paths, --exclude, --render-paths and the
// namespace filters. picomatch (~60 KB) is loaded only for globs
// other than the default "**/*.<extension>" ones, which match exactly the paths whose last segment
// ends in ".<extension>" (picomatch agrees on them: test/scan/glob-matcher.test.ts).

/** "**\/*.yaml" and the like: any depth, any name (a dotfile too), one extension of letters and digits. */
const ANY_FILE_WITH_EXTENSION = /^\*\*\/\*(\.[A-Za-z0-9]+)$/;

interface GlobOptions {
  /** Let `*` and `**` match names that start with a dot (picomatch's `dot`). */
  dot?: boolean;
}

export async function globMatcher(
  globs: readonly string[],
  options: GlobOptions = {},
): Promise<(value: string) => boolean> {
  if (globs.length === 0) return () => false;
  const extensions = globs.map((glob) => ANY_FILE_WITH_EXTENSION.exec(glob)?.[1]);
  if (options.dot && extensions.every((extension) => extension !== undefined)) {
    return (path) => {
      const name = path.slice(path.lastIndexOf("/") + 1);
      return extensions.some((extension) => name.endsWith(extension));
    };
  }
  const { default: picomatch } = await import("picomatch");
  return picomatch([...globs], { dot: options.dot === true });
}
