// The raw workloads' stamps as their folders are deployed: each in the namespaces the GitOps objects
// deploying its folder say (scan/gitops/deployed-namespaces.ts), each folder's workloads with that
// folder's configs (deployment-units.ts). The targets keep the ids their files are written with,
// which is how stamp-file.ts finds them: a workload deployed into several namespaces is one place
// in its file, one target, whose value leaves the namespace out (the same in each). Pure.

import type { Manifest, ObjectId } from "../core/model.js";
import { deployedDirsOf } from "../scan/gitops/deployed-dirs.js";
import { inDeployedNamespaces } from "../scan/gitops/deployed-namespaces.js";
import { type UnitConfigs, unitConfigs } from "./deployment-units.js";
import {
  repositoryConfigs,
  type StampTarget,
  stampWorkloads,
  type WorkloadStamps,
} from "./stamp-workloads.js";

export function stampAsDeployed(
  read: readonly Manifest[],
  key: Buffer | undefined,
): { stamps: WorkloadStamps; units: UnitConfigs } {
  const deployed = inDeployedNamespaces([...read]);
  const units = unitConfigs(deployed, deployedDirsOf(deployed.map((m) => m.object)));
  const stamps = stampWorkloads(deployed, repositoryConfigs(deployed), {
    ...(key ? { key } : {}),
    contentsFor: units.contentsFor,
  });
  return { stamps: asWritten(read, stamps), units };
}

/** One target per place in a file, named as the file writes it, with the namespaces it was hashed in. */
function asWritten(read: readonly Manifest[], stamps: WorkloadStamps): WorkloadStamps {
  const place = (m: Pick<Manifest, "file" | "line">) => `${m.file}:${m.line}`;
  const written = new Map(read.map((m) => [place(m), m.id]));
  const byPlace = new Map<string, StampTarget[]>();
  for (const t of stamps.targets) byPlace.set(place(t), [...(byPlace.get(place(t)) ?? []), t]);
  const targets: StampTarget[] = [];
  const unstampable = [...stamps.unstampable];
  for (const [at, copies] of byPlace) {
    const first = copies[0]!;
    const id = written.get(at) ?? first.id;
    const namespaces = copies.map((t) => t.id.namespace);
    const values = new Set(copies.map((t) => t.hash));
    if (values.size > 1) {
      // Its configs differ between the namespaces (one defined for one of them alone): one file, one value.
      unstampable.push({
        id: first.id,
        file: first.file,
        line: first.line,
        reason: `deployed into namespaces ${namespaces.join(", ")}, where the configs it reads differ: its file holds one value for all of them`,
      });
      continue;
    }
    const moved = copies.length > 1 || first.id.namespace !== id.namespace;
    targets.push({ ...first, id, ...(moved ? { namespaces } : {}) });
  }
  return { ...stamps, targets, unstampable: unique(unstampable), untouched: unique(stamps.untouched) };
}

/** Entries of one place once (a workload deployed into several namespaces is listed once). */
function unique<T extends { id: ObjectId; file: string; line?: number }>(list: readonly T[]): T[] {
  const seen = new Set<string>();
  return list.filter((e) => {
    const at = `${e.file}:${e.line ?? ""}:${e.id.kind}/${e.id.name}`;
    return !seen.has(at) && seen.add(at) !== undefined;
  });
}
