// --paths globs as git pathspecs, so that `git grep` reads only manifest files: in a monorepo most of
// the tree is source code that can never hold a consumer. Only simple globs translate exactly
// (`*`, `**`, `?`, literal characters); anything else (braces, extglobs, character classes) means no
// pathspec at all, and the caller's own glob filter still decides.
const SIMPLE_GLOB = /^[^{}[\]()!+@\\]+$/;

export function globsToPathspecs(globs: string[]): string[] | undefined {
  if (globs.length === 0 || !globs.every((glob) => SIMPLE_GLOB.test(glob))) return undefined;
  return globs.map((glob) => `:(glob)${glob}`);
}
