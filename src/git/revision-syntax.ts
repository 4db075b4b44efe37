// What is wrong with a revision that names no commit, when its form says so: a range (`A..B`), a
// message search (`:/text`), a file (`REV:path`), a set of commits (`^A`, `A^@`). git refuses all of
// these characters in branch and tag names, so a value of one of these forms can never be a ref.
import type { OptionNaming } from "../core/option-naming.js";

/** Why `ref` (given for `role`) cannot name one commit, by its form; undefined when its form is fine. */
export function revisionFormProblem(
  ref: string,
  role: "base" | "head",
  naming: OptionNaming,
): string | undefined {
  const range = /^(.*?)(\.\.\.?)(.*)$/.exec(ref);
  if (range) {
    const [, from, dots, to] = range;
    const base = from || "HEAD";
    const head = to || "HEAD";
    const baseValue = dots === "..." ? `$(git merge-base ${base} ${head})` : base;
    return naming.entryPoint === "cli"
      ? `a range, not one commit: pass ${naming.set("base", baseValue)} ${naming.set("head", head)}`
      : `a range, not one commit: set ${naming.set("base", baseValue)} and ${naming.set("head", head)}`;
  }
  if (ref.startsWith(":/")) {
    return `a search of commit messages, not taken as ${naming.option(role)}: give the commit's SHA (git rev-parse '${ref}' prints it)`;
  }
  if (ref.includes(":")) return "it names a file (REV:PATH), not a commit";
  if (ref.startsWith("^") || /\^[!@]$|\^-\d*$/.test(ref)) {
    return "it names a set of commits, not one commit";
  }
  if (/\s/.test(ref)) return "it contains white space, which no commit SHA, branch or tag has";
  return undefined;
}
