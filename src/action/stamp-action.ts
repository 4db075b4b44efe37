// `command: stamp` in the action: stamp the checkout, check it, or stamp and commit to the pull
// request's branch (stamp-policy.ts decides which the event allows). The stamping itself and the
// git commit are passed in, so this is the policy alone: what runs, what the step reports, and
// when it fails.
import type { StampCommitResult } from "../git/commit-stamps.js";
import { type StampMode, stampCommitMessage } from "./stamp-policy.js";

/** What one `stamp` (or `stamp --check`) run found and did. */
export interface StampRunResult {
  /** Files written, relative to the repository root (none with check). */
  filesWritten: string[];
  /** Stamps written, or (check) missing or stale: one line each, for the log. */
  changes: string[];
  /** The configs the changed stamps cover (`configmap/app (namespace shop)`), for the commit message. */
  configs: string[];
}

export interface StampActionDeps {
  mode: StampMode;
  stamp(check: boolean): Promise<StampRunResult>;
  commit(request: {
    files: string[];
    message: string;
    branch: string;
    expectedHead: string;
  }): Promise<StampCommitResult>;
  log: { info(message: string): void; notice(message: string): void };
}

export interface StampActionOutcome {
  /** The action's `result` output: stamped (written or committed), nothing-to-do, or failed (stale under check). */
  result: "stamped" | "nothing-to-do" | "failed";
  /** The step's last line (its failure message when failed). */
  headline: string;
}

/** The one command that fixes stale stamps, for the failure message. */
export const FIX_IN_CI =
  "run `config-rollout stamp` and commit the result (or set commit: true on a same-repository pull request)";

export async function runStampAction(deps: StampActionDeps): Promise<StampActionOutcome> {
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
    headline: `Committed ${found.changes.length} stamp(s) to ${mode.branch} (${committed.sha.slice(0, 7)}).`,
  };
}
