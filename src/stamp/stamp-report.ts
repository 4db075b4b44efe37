// What `config-rollout stamp` found and did: the data of its report (text and JSON renderers in
// report/stamp-report-text.ts).

import type { ManifestProblem, ObjectId } from "../core/model.js";

interface StampChange {
  /** The workload as deployed (in the first of `namespaces`, when a GitOps object places it). */
  workload: ObjectId;
  /** The namespaces GitOps objects deploy it into, when several: one value for all of them. */
  namespaces?: string[];
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
  /** Kustomize roots (`kustomize DIR`) that do not build: also in unstampable. */
  notBuilt: string[];
  /** Files (and renders) stamp could not read as manifests: what is in them is not stamped or checked. */
  problems: ManifestProblem[];
  notes: string[];
}

/**
 * What makes a stamp run end with exit code 2 after its report. `--check` cannot say the stamps are
 * current when a file it reads does not parse (a duplicate key, a broken edit) or a kustomize root
 * does not build; `--strict` is that for every run (checked before anything is written) and also
 * fails on a workload that cannot be stamped.
 */
export function stampRefusals(report: StampReport, strict: boolean): string[] {
  if (!report.check && !strict) return [];
  const refusals = report.problems
    .filter((p) => p.severity === "error" || strict)
    .map(
      (p) =>
        `${p.file}:${p.line}:${p.col}: ${p.message} (not read as manifests: its stamps cannot be checked)`,
    );
  for (const u of report.unstampable) {
    if (report.notBuilt.includes(u.what)) refusals.push(`${u.what} does not build: ${u.reason}`);
    else if (strict) refusals.push(`${u.what} cannot be stamped: ${u.reason}`);
  }
  return refusals;
}
