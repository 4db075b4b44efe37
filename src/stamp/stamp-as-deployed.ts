// The raw workloads' stamps as their folders are deployed: each in the namespace the GitOps object
// deploying its folder says (scan/gitops/deployed-namespaces.ts), each folder's workloads with that
// folder's configs (deployment-units.ts). The targets keep the ids their files are written with,
// which is how stamp-file.ts finds them. Pure.

import type { Manifest } from "../core/model.js";
import { deployedDirsOf } from "../scan/gitops/deployed-dirs.js";
import { asWritten, inDeployedNamespaces } from "../scan/gitops/deployed-namespaces.js";
import { type UnitConfigs, unitConfigs } from "./deployment-units.js";
import { repositoryConfigs, stampWorkloads, type WorkloadStamps } from "./stamp-workloads.js";

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
