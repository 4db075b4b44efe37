// The stamping the action's `command: stamp` runs (action/stamp-action.ts decides what to do with
// it): `config-rollout stamp` on the checkout, or its --check, as the CLI runs it, turned into the
// lines and file list the action reports and commits.
import type { Log } from "../core/log.js";
import { formatId } from "../core/model.js";
import type { Git } from "../git/git.js";
import { openWorkTree } from "../git/work-tree.js";
import type { Settings } from "../settings/settings.js";
import { stampRefusals } from "../stamp/stamp-report.js";
import { stampWorkTree, strictRefusal } from "../stamp/stamp-work-tree.js";

export interface StampFound {
  filesWritten: string[];
  changes: string[];
  configs: string[];
}

export function createStamper(
  settings: Settings,
  deps: {
    root: string;
    git: Git;
    env: Record<string, string | undefined>;
    log: Log;
    /** Why the checkout is untrusted (a fork's pull request); undefined: trusted. */
    untrustedHead: string | undefined;
  },
): (check: boolean) => Promise<StampFound> {
  return async (check) => {
    const tree = await openWorkTree(deps.root, settings.gitTimeoutMs);
    const report = await stampWorkTree(
      { ...settings, check },
      { tree, git: deps.git, log: deps.log, env: deps.env, untrustedHead: deps.untrustedHead },
    );
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
