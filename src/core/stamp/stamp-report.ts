// What `config-rollout stamp` found and did: the data of its report (text and JSON renderers in
// report/stamp-report-text.ts).

import type { ObjectId } from "../model.js";

export interface StampChange {
  workload: ObjectId;
  /** Where the stamp lives: the manifest file, or the kustomization's generated patch file. */
  file: string;
  /** `kustomize DIR` for a workload rendered by a kustomization; undefined for a raw file. */
  origin?: string;
  old?: string;
  new: string;
  /** The repository configs the value covers (the action's commit message names them). */
  covers?: ObjectId[];
}

export interface StampReport {
  check: boolean;
  /** Stamps written (or, with --check, missing or stale). */
  changes: StampChange[];
  /** Workloads already carrying their current value. */
  current: number;
  /** Files written (none with --check). */
  filesWritten: string[];
  /** Workloads that consume configs not defined in the repository: left out of the hash (or untouched). */
  leftOut: Array<{ workload: ObjectId; configs: ObjectId[]; untouched: boolean }>;
  /** Workloads (or whole sources) that cannot be stamped, and why. */
  unstampable: Array<{ what: string; reason: string }>;
  notes: string[];
}

/** The one command that stamps what --check found missing. */
export function fixCommand(argv: readonly string[]): string {
  const kept = argv.filter((a) => a !== "--check" && a !== "--check=true");
  return ["config-rollout", ...kept]
    .map((a) => (/^[-\w./=:,@+]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`))
    .join(" ");
}
