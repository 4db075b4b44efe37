// A file broken at both commits would be reported twice (once per side). What matters is the head
// commit, the one being deployed: a base problem is kept only when the file is fine at head, and
// then as a warning (it was already broken before this push; --strict is about what is deployed).
import type { ManifestProblem } from "../core/model.js";
import type { FileChange } from "../git/git.js";

export function problemsOnce(
  baseProblems: ManifestProblem[],
  headProblems: ManifestProblem[],
  changedFiles: FileChange[],
): ManifestProblem[] {
  const headPathOf = new Map(
    changedFiles.filter((f) => f.status !== "D").map((f) => [f.oldPath ?? f.path, f.path]),
  );
  const brokenAtHead = new Set(headProblems.map((p) => p.file));
  const kept = baseProblems
    .filter((p) => {
      const headPath = headPathOf.get(p.file);
      return headPath === undefined || !brokenAtHead.has(headPath);
    })
    .map((p) => ({ ...p, severity: "warning" as const, message: `at the base commit: ${p.message}` }));
  return [...kept, ...headProblems];
}
