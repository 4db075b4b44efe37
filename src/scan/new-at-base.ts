// Step: newness at base. Newness is a property of the object: a workload or config absent from the
// changed files at base may still be defined at base in a file this push did not touch (a copy).
// One `git grep` at base for those names settles it; files the diff touched were read already.
import { workloadKindOf } from "../core/kinds/workload-kinds.js";
import { type ConfigChange, idKey, type ManifestProblem } from "../core/model.js";
import type { Git } from "../git/git.js";
import { findCandidateFiles, uniqueNames } from "./candidates.js";
import type { ChangedManifests } from "./changed-files.js";
import type { ComparedCommits } from "./compare-commits.js";
import { settleWithUntouchedFiles } from "./objects-across-files.js";
import type { PathFilter } from "./path-filter.js";
import { readManifests } from "./read-files.js";
import type { ScanOptions } from "./scan-model.js";

interface SettledAtBase {
  /** idKeys of the workloads defined nowhere at base. */
  newWorkloadIds: Set<string>;
  /** The changes, an "added" config defined at base in an untouched file compared with that definition. */
  changes: ConfigChange[];
}

export async function settleAtBase(
  git: Git,
  base: string,
  ctx: {
    read: ChangedManifests;
    compared: ComparedCommits;
    /** The changes left once unread files are accounted for. */
    changes: ConfigChange[];
    wanted: PathFilter;
    options: ScanOptions;
    problems: ManifestProblem[];
  },
): Promise<SettledAtBase> {
  const { compared, read } = ctx;
  const baseIds = new Set(compared.base.map((m) => idKey(m.id)));
  const unreadAtBase = new Set(
    compared.changedFiles.filter((f) => read.oversized.base.has(f.oldPath ?? f.path)).map((f) => f.path),
  );
  const maybeNewWorkloads = compared.head.filter(
    (m) => workloadKindOf(m.object) && !baseIds.has(idKey(m.id)) && !unreadAtBase.has(m.file),
  );
  const namesAtBase = uniqueNames([
    ...ctx.changes.filter((c) => c.status === "added").map((c) => c.id.name),
    ...maybeNewWorkloads.map((m) => m.id.name),
  ]);
  // Untouched files are the same at head, where their problems are reported when read.
  const untouchedAtBase =
    namesAtBase.length === 0
      ? []
      : await readManifests(
          git,
          base,
          await findCandidateFiles(git, base, namesAtBase, read.touched, ctx.wanted),
          ctx.options,
          [],
        );
  const definedAtBase = new Set(untouchedAtBase.map((m) => idKey(m.id)));
  const newWorkloadIds = new Set(
    maybeNewWorkloads.map((m) => idKey(m.id)).filter((key) => !definedAtBase.has(key)),
  );
  const changes = settleWithUntouchedFiles(
    ctx.changes,
    compared.found.snapshots,
    { base: untouchedAtBase, head: [] },
    ctx.problems,
  );
  return { newWorkloadIds, changes };
}
