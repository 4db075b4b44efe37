// `config-rollout stamp` as the entry points call it: the checkout's repository and work tree, GitHub's
// event (a fork's pull request is untrusted: its kustomizations' remote entries are refused as the
// plan refuses them, range/untrusted-head.ts), the stamp itself. No cluster. The action's
// `command: stamp` also checks instead, or commits the stamps to the pull request's branch, as the
// event allows (stamp/stamp-mode.ts).
import { resolve } from "node:path";
import { shortSha } from "../core/commit-sha.js";
import type { UserError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import { formatId } from "../core/model.js";
import { commitStamps, type StampCommitResult } from "../git/commit-stamps.js";
import { createGit } from "../git/create-git.js";
import type { Git } from "../git/git.js";
import { openWorkTree } from "../git/work-tree.js";
import { readEventPayload } from "../range/github-event.js";
import { untrustedHead, untrustedSource } from "../range/untrusted-head.js";
import type { StampSettings } from "../settings/settings.js";
import { decideStampMode, type StampMode, stampCommitMessage } from "../stamp/stamp-mode.js";
import { type StampReport, stampRefusals } from "../stamp/stamp-report.js";
import { stampTree, strictRefusal } from "../stamp/stamp-work-tree.js";
import type { EntryPoint } from "./commands.js";

/** The CLI's stamp: the report, and the refusal (--check or --strict that cannot vouch for every file) that ends it with exit 2 after the report. */
export async function stampCheckout(
  settings: StampSettings,
  entry: Pick<EntryPoint, "env" | "cwd">,
  log: Log,
): Promise<{ report: StampReport; refusal?: UserError }> {
  const { env } = entry;
  const dir = resolve(entry.cwd, settings.repo);
  const git = await createGit(dir, { timeoutMs: settings.gitTimeoutMs });
  const tree = await openWorkTree(dir, settings.gitTimeoutMs);
  const event = env.GITHUB_ACTIONS === "true" ? await readEventPayload(env) : undefined;
  const report = await stampTree(settings, { tree, git, log, env, untrustedHead: untrustedHead(env, event) });
  const refusals = stampRefusals(report, settings.strict);
  return refusals.length > 0 ? { report, refusal: strictRefusal(refusals) } : { report };
}

/** What one `stamp` (or `stamp --check`) run of the action found and did. */
export interface StampRunResult {
  /** Files written, relative to the repository root (none with check). */
  filesWritten: string[];
  /** Stamps written, or (check) missing or stale: one line each, for the log. */
  changes: string[];
  /** The configs the changed stamps cover (`configmap/app (namespace shop)`), for the commit message. */
  configs: string[];
}

interface StampActionOutcome {
  /** The action's `result` output: stamped (written or committed), nothing-to-do, or failed (stale under check). */
  result: "stamped" | "nothing-to-do" | "failed";
  /** The step's last line (its failure message when failed). */
  headline: string;
}

/** The action's `command: stamp`: stamp, check, or stamp and commit to the pull request's branch, as the event allows. */
export async function stampInAction(
  settings: StampSettings,
  entry: Pick<EntryPoint, "env" | "cwd" | "logFor"> & { notice(line: string): void },
  options: { commit: boolean; githubToken: string },
): Promise<StampActionOutcome> {
  const { env } = entry;
  const git = await createGit(resolve(entry.cwd, settings.repo), { timeoutMs: settings.gitTimeoutMs });
  const log = entry.logFor(git.root);
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  const event = await readEventPayload(env);
  return stampByMode({
    mode: decideStampMode({ check: settings.check, commit: options.commit, eventName, event }),
    stamp: stamper(settings, { git, env, log, untrustedHead: untrustedSource(eventName, event) }),
    commit: (request) =>
      commitStamps(
        git.root,
        {
          ...request,
          ...(options.githubToken ? { token: options.githubToken } : {}),
          ...(env.GITHUB_SERVER_URL ? { serverUrl: env.GITHUB_SERVER_URL } : {}),
        },
        settings.gitTimeoutMs,
      ),
    log: { info: (line) => log.info(line), notice: entry.notice },
  });
}

/** The stamp as the action reports and commits it: the lines and the files, its notes and problems logged. */
function stamper(
  settings: StampSettings,
  deps: { git: Git; env: Record<string, string | undefined>; log: Log; untrustedHead: string | undefined },
): (check: boolean) => Promise<StampRunResult> {
  return async (check) => {
    const tree = await openWorkTree(deps.git.root, settings.gitTimeoutMs);
    const report = await stampTree({ ...settings, check }, { ...deps, tree });
    for (const note of report.notes) deps.log.info(note);
    for (const u of report.unstampable) deps.log.warn(`${u.what}: not stamped: ${u.reason}`);
    for (const p of report.problems) deps.log.warn(p.message, p);
    const refusals = stampRefusals(report, settings.strict);
    if (refusals.length > 0) throw strictRefusal(refusals);
    const configs = new Map(report.changes.flatMap((c) => c.covers ?? []).map((id) => [formatId(id), id]));
    return {
      filesWritten: report.filesWritten,
      changes: report.changes.map(
        (c) => `${formatId(c.workload)} (${c.file}): ${c.old ?? "no stamp"} -> ${c.new}`,
      ),
      configs: [...configs.keys()].sort(),
    };
  };
}

/** The one command that fixes stale stamps, for the failure message. */
const FIX_IN_CI =
  "run `config-rollout stamp` and commit the result (or set commit: true on a same-repository pull request)";

/**
 * The action's stamp policy, with the stamping and the git commit passed in: what runs, what the
 * step reports, and when it fails.
 */
export async function stampByMode(deps: {
  mode: StampMode;
  stamp(check: boolean): Promise<StampRunResult>;
  commit(request: {
    files: string[];
    message: string;
    branch: string;
    expectedHead: string;
  }): Promise<StampCommitResult>;
  log: { info(message: string): void; notice(message: string): void };
}): Promise<StampActionOutcome> {
  const { mode, log } = deps;
  if (mode.kind === "check" && mode.note) log.notice(mode.note);
  const found = await deps.stamp(mode.kind === "check");
  for (const line of found.changes) log.info(line);
  if (mode.kind === "check") {
    if (found.changes.length === 0)
      return { result: "nothing-to-do", headline: "Every config-hash stamp is current." };
    return {
      result: "failed",
      headline: `${found.changes.length} config-hash stamp(s) missing or stale: ${FIX_IN_CI}.`,
    };
  }
  if (found.filesWritten.length === 0) {
    return { result: "nothing-to-do", headline: "Every config-hash stamp is current: nothing written." };
  }
  if (mode.kind === "write") {
    return {
      result: "stamped",
      headline: `Stamped ${found.changes.length} workload(s) in ${found.filesWritten.length} file(s) of the checkout (not committed).`,
    };
  }
  const committed = await deps.commit({
    files: found.filesWritten,
    message: stampCommitMessage(found.configs),
    branch: mode.branch,
    expectedHead: mode.headSha,
  });
  if (!committed.committed) {
    return { result: "nothing-to-do", headline: "Every config-hash stamp is current: nothing committed." };
  }
  return {
    result: "stamped",
    headline: `Committed ${found.changes.length} stamp(s) to ${mode.branch} (${shortSha(committed.sha)}).`,
  };
}
