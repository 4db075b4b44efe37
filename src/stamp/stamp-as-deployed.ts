// The raw workloads' stamps as their folders are deployed: each in the namespaces the GitOps objects
// deploying its folder say (scan/gitops/deployed-namespaces.ts), each folder's workloads with that
// folder's configs (deployment-units.ts). The targets keep the ids their files are written with,
// which is how stamp-file.ts finds them: a workload deployed into several namespaces is one place
// in its file, one target, whose value leaves the namespace out (the same in each). A folder deployed
// with postBuild substitution is hashed as substituted (substituted-reads.ts), once per way it is
// substituted when several objects deploy it with other values. A folder Flux renames or patches
// (namePrefix, patches: scan/gitops/deployed-dirs.ts plainBuildUnstampable) is not stamped: a value
// in its files is not the one of the objects the cluster runs. Pure.

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

/**
 * `read`: the manifests as their files write them (where the stamps go); `variants`: the same as
 * deployed, once per way of substituting them (substitutedVariants), `[read]` when none does.
 * `builtByFlux`: files whose objects the cluster runs renamed or patched (readAsDeployed), why: their
 * workloads are not stamped.
 */
export function stampAsDeployed(
  read: readonly Manifest[],
  variants: readonly (readonly Manifest[])[],
  key: Buffer | undefined,
  builtByFlux: ReadonlyMap<string, string> = new Map(),
): { stamps: WorkloadStamps; units: UnitConfigs } {
  const each = variants.map((variant) => {
    const deployed = inDeployedNamespaces([...variant]);
    const units = unitConfigs(deployed, deployedDirsOf(deployed.map((m) => m.object)));
    const stamps = stampWorkloads(deployed, repositoryConfigs(deployed), {
      ...(key ? { key } : {}),
      contentsFor: units.contentsFor,
    });
    return { stamps: asWritten(read, stamps), units };
  });
  const stamps = agreed(each.map((e) => e.stamps));
  const refused = stamps.targets.flatMap((t) => {
    const reason = builtByFlux.get(t.file);
    return reason === undefined ? [] : [{ id: t.id, file: t.file, line: t.line, reason }];
  });
  if (refused.length === 0) return { stamps, units: each[0]!.units };
  const targets = stamps.targets.filter((t) => !builtByFlux.has(t.file));
  return {
    stamps: { ...stamps, targets, unstampable: [...stamps.unstampable, ...refused] },
    units: each[0]!.units,
  };
}

/** Where an object is written: the place a stamp goes. */
const place = (m: Pick<Manifest, "file" | "line">) => `${m.file}:${m.line}`;

/** One stamp per place where every way of substituting its folder calls for the same value. */
function agreed(ways: readonly WorkloadStamps[]): WorkloadStamps {
  if (ways.length === 1) return ways[0]!;
  const values = new Map<string, Set<string | undefined>>();
  for (const [i, way] of ways.entries()) {
    const here = new Map(way.targets.map((t) => [place(t), t.hash]));
    for (const at of new Set([...values.keys(), ...here.keys()])) {
      const seen = values.get(at) ?? new Set(i === 0 ? [] : [undefined]);
      values.set(at, seen.add(here.get(at)));
    }
  }
  const targets: StampTarget[] = [];
  const unstampable = ways.flatMap((w) => w.unstampable);
  const done = new Set<string>();
  for (const t of ways.flatMap((w) => w.targets)) {
    if (done.has(place(t))) continue;
    done.add(place(t));
    if (values.get(place(t))?.size === 1) targets.push(t);
    else
      unstampable.push({
        id: t.id,
        file: t.file,
        line: t.line,
        reason:
          "its folder is deployed by GitOps objects with other postBuild substitution values, and the configs it reads differ with them: its file holds one value for all of them",
      });
  }
  return {
    targets,
    unstampable: unique(unstampable),
    untouched: unique(ways.flatMap((w) => w.untouched)),
  };
}

/** One target per place in a file, named as the file writes it, with the namespaces it was hashed in. */
function asWritten(read: readonly Manifest[], stamps: WorkloadStamps): WorkloadStamps {
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
