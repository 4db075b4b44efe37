// Turn a RangeRequest into concrete SHAs, fetching what a shallow CI clone lacks: first the
// commit by SHA, then history in doubling steps (1, 2, 4, ...) until a round brings nothing new.

import { type CommitOrder, isFullSha, shortSha } from "../core/commit-sha.js";
import { UserError } from "../core/errors.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import { type Git, objectWords } from "../git/git.js";
import { type CiKind, fetchDepthHint } from "./ci-kind.js";
import type { RangeRequest } from "./range-request.js";

interface ResolvedRange {
  /** Undefined when there is nothing to compare (root commit, deleted ref). */
  base?: string;
  /** Full SHA of the head; "" only for a deleted ref in a repository without HEAD. */
  head: string;
  /** One sentence on how the range was chosen. */
  note: string;
}

interface ResolveCommitsOptions {
  /** Bound on deepening rounds; round n fetches 2^(n-1) more commits. Default 12 (4,095 commits). */
  maxDeepenRounds?: number;
  /** Which setting the "history is missing" error tells the user to change. Default "local". */
  ci?: CiKind;
  /** How messages name --base and --head (flags, or the action's inputs). */
  naming?: OptionNaming;
}

interface Context {
  git: Git;
  maxRounds: number;
  hint: string;
  naming: OptionNaming;
}

const DEFAULT_DEEPEN_ROUNDS = 12;

function contextOf(git: Git, opts: ResolveCommitsOptions): Context {
  return {
    git,
    maxRounds: opts.maxDeepenRounds ?? DEFAULT_DEEPEN_ROUNDS,
    hint: fetchDepthHint(opts.ci ?? "local"),
    naming: opts.naming ?? CLI_FLAGS,
  };
}

export async function resolveCommits(
  request: RangeRequest,
  git: Git,
  opts: ResolveCommitsOptions = {},
): Promise<ResolvedRange> {
  const ctx = contextOf(git, opts);
  switch (request.kind) {
    case "nothing":
      return { head: (await git.tryResolveCommit("HEAD")) ?? "", note: request.note };
    case "first-parent":
      return firstParentRange(ctx, await requireCommit(ctx, request.head, "head"), request.note);
    case "range":
      return resolveRangeRequest(ctx, request);
    case "merge-base":
      return resolveMergeBase(ctx, request);
    case "new-branch":
      return resolveNewBranch(ctx, request);
  }
}

async function resolveRangeRequest(
  ctx: Context,
  request: Extract<RangeRequest, { kind: "range" }>,
): Promise<ResolvedRange> {
  // The diff the scan reads next starts beside the verification (CI gives full SHAs).
  if (isFullSha(request.base) && isFullSha(request.head)) ctx.git.startDiff?.(request.base, request.head);
  // Both verified at once: each is its own git process, and neither depends on the other. A forced
  // push may have thrown the previous head away. While it can still be fetched it is the best base
  // even when it is not an ancestor: it is what the cluster was last deployed from, and a tree diff
  // needs no shared history. Only when it is gone do we fall back to the first parent.
  const [head, base] = await Promise.all([
    requireCommit(ctx, request.head, "head"),
    request.forced ? findCommit(ctx, request.base) : requireCommit(ctx, request.base, "base"),
  ]);
  if (base === undefined) {
    return firstParentRange(
      ctx,
      head,
      `forced push: the previous head ${shortSha(request.base)} is no longer available, so comparing with the first parent`,
    );
  }
  return { base, head, note: request.note };
}

async function resolveMergeBase(
  ctx: Context,
  request: Extract<RangeRequest, { kind: "merge-base" }>,
): Promise<ResolvedRange> {
  const base = await requireCommit(ctx, request.base, "base");
  const head = await requireCommit(ctx, request.head, "head");
  const mergeBase = await deepenUntil(ctx, [base, head], () => ctx.git.mergeBase(base, head));
  if (mergeBase === undefined) {
    if (await ctx.git.isShallow()) {
      throw new UserError(
        `no merge-base of ${shortSha(base)} and ${shortSha(head)} in the fetched history of this shallow clone: ${ctx.hint}`,
      );
    }
    throw new UserError(
      `${shortSha(base)} and ${shortSha(head)} have no common history: nothing to compare against`,
    );
  }
  return { base: mergeBase, head, note: request.note };
}

async function resolveNewBranch(
  ctx: Context,
  request: Extract<RangeRequest, { kind: "new-branch" }>,
): Promise<ResolvedRange> {
  const head = await requireCommit(ctx, request.head, "head");
  const branch = request.defaultBranch;
  if (branch === undefined) return firstParentRange(ctx, head, request.note);
  const ref = `refs/remotes/origin/${branch}`;
  let target = await ctx.git.tryResolveCommit(ref);
  if (target === undefined && (await ctx.git.fetchBranch(branch))) {
    target = await ctx.git.tryResolveCommit(ref);
  }
  const found = target;
  const mergeBase =
    found === undefined
      ? undefined
      : await deepenUntil(ctx, [found, head], () => ctx.git.mergeBase(found, head));
  if (mergeBase === head) {
    return {
      base: head,
      head,
      note: `new ${request.ref}: ${shortSha(head)} is already on ${branch}, nothing new to compare`,
    };
  }
  if (mergeBase !== undefined) return { base: mergeBase, head, note: request.note };
  return firstParentRange(
    ctx,
    head,
    found === undefined
      ? `new ${request.ref}: origin/${branch} is not available, so comparing with the first parent`
      : `new ${request.ref}: no merge-base with ${branch} found, so comparing with the first parent`,
  );
}

async function firstParentRange(ctx: Context, head: string, note: string): Promise<ResolvedRange> {
  const parent = await ctx.git.firstParent(head);
  if (parent === undefined) return { head, note: "first commit: nothing to compare" };
  let present = (await ctx.git.hasCommit(parent)) || (await ctx.git.fetchCommit(parent));
  if (!present) {
    present =
      (await deepenUntil(ctx, [head], async () => ((await ctx.git.hasCommit(parent)) ? true : undefined))) ===
      true;
  }
  if (!present) {
    throw new UserError(
      `the parent ${shortSha(parent)} of ${shortSha(head)} is not in this shallow clone and could not be fetched: ${ctx.hint}`,
    );
  }
  return { base: parent, head, note };
}

/**
 * Where `commit` stands relative to `head` (a resolved commit), fetching it by SHA and deepening a
 * shallow clone as for a merge-base. Unknown only when this clone cannot say: the commit is missing
 * from a shallow clone and cannot be fetched, or the fetched history never reaches a merge-base.
 * In a complete clone a commit that cannot be fetched is not in this repository's history at all,
 * and one with no common history is unrelated: both are "diverged".
 */
export async function commitOrder(
  git: Git,
  commit: string,
  head: string,
  opts: ResolveCommitsOptions = {},
): Promise<CommitOrder> {
  if (commit === head) return { order: "same" };
  const ctx = contextOf(git, opts);
  const present = isFullSha(commit) && ((await git.hasCommit(commit)) || (await git.fetchCommit(commit)));
  if (!present) {
    return (await git.isShallow())
      ? {
          order: "unknown",
          why: `commit ${shortSha(commit)} is not in this shallow clone and could not be fetched from origin: ${ctx.hint}`,
        }
      : { order: "diverged" };
  }
  const mergeBase = await deepenUntil(ctx, [commit, head], () => git.mergeBase(commit, head));
  if (mergeBase === commit) return { order: "older" };
  if (mergeBase === head) return { order: "newer" };
  if (mergeBase !== undefined || !(await git.isShallow())) return { order: "diverged" };
  return {
    order: "unknown",
    why: `no merge-base of ${shortSha(commit)} and ${shortSha(head)} in the fetched history of this shallow clone: ${ctx.hint}`,
  };
}

/** The commit's SHA, fetching it by SHA from origin when it is missing; undefined when unavailable. */
async function findCommit(ctx: Context, ref: string): Promise<string | undefined> {
  return (await ctx.git.tryResolveCommit(ref)) ?? fetchCommit(ctx, ref);
}

/** A commit missing here, fetched by its full SHA from origin; undefined when it cannot be. */
async function fetchCommit(ctx: Context, ref: string): Promise<string | undefined> {
  if (!isFullSha(ref)) return undefined;
  return (await ctx.git.fetchCommit(ref)) ? ctx.git.tryResolveCommit(ref) : undefined;
}

async function requireCommit(ctx: Context, ref: string, role: "base" | "head"): Promise<string> {
  const here = await ctx.git.tryResolveCommit(ref);
  if (here !== undefined) return here;
  const formProblem = revisionFormProblem(ref, role, ctx.naming);
  if (formProblem !== undefined) throw new UserError(`not a commit: ${ref} (${role}): ${formProblem}`);
  // A tag or SHA of a tree or a file exists, and fetching it from origin would not make it a commit.
  const type = await ctx.git.objectType(ref);
  if (type !== undefined && type !== "commit") {
    throw new UserError(`not a commit: ${ref} (${role}): it names ${objectWords(type)}, not a commit`);
  }
  const fetched = await fetchCommit(ctx, ref);
  if (fetched !== undefined) return fetched;
  // Only a shallow clone can lack a commit that exists: a complete one has all the history there is.
  const shallow = await ctx.git.isShallow();
  if (isFullSha(ref)) {
    throw new UserError(
      shallow
        ? `${role} commit ${ref} is not in this clone and could not be fetched from origin: ${ctx.hint}`
        : `${role} commit ${ref} does not exist in this repository (a complete clone) and could not be fetched from origin`,
    );
  }
  throw new UserError(
    shallow
      ? `not a commit: ${ref} (${role}); if it exists on the remote, ${ctx.hint}`
      : `not a commit: ${ref} (${role}): no commit, branch or tag of that name exists in this repository (a complete clone)`,
  );
}

/** Ask `check`; while it has no answer and the clone is shallow, deepen 1, 2, 4, ... commits and ask again. */
async function deepenUntil<T>(
  ctx: Context,
  commits: string[],
  check: () => Promise<T | undefined>,
): Promise<T | undefined> {
  let answer = await check();
  let by = 1;
  for (let round = 0; answer === undefined && round < ctx.maxRounds; round++) {
    if (!(await ctx.git.deepen(by, commits))) break;
    answer = await check();
    by *= 2;
  }
  return answer;
}

// What is wrong with a revision that names no commit, when its form says so: a range (`A..B`), a
// message search (`:/text`), a file (`REV:path`), a set of commits (`^A`, `A^@`). git refuses all of
// these characters in branch and tag names, so a value of one of these forms can never be a ref.

/** Why `ref` (given for `role`) cannot name one commit, by its form; undefined when its form is fine. */
function revisionFormProblem(ref: string, role: "base" | "head", naming: OptionNaming): string | undefined {
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
