// Issue 39 item 9: the one rule for which definition of a config a workload definition reads.
import { describe, expect, test } from "vitest";
import { configDefinitionFor } from "../../../src/scan/gitops/folder-definitions.js";

const defs = (...files: string[]) => files.map((file) => ({ file }));
const read = (workload: string, files: string[], deployed: string[] = []) =>
  configDefinitionFor(workload, defs(...files), deployed).file;

describe("configDefinitionFor", () => {
  test.each([
    // Per-cluster folders, with or without GitOps objects: each folder's own.
    [
      "clusters/dev/web.yaml",
      ["clusters/dev/cfg.yaml", "clusters/prod/cfg.yaml"],
      [],
      "clusters/dev/cfg.yaml",
    ],
    [
      "clusters/prod/web.yaml",
      ["clusters/dev/cfg.yaml", "clusters/prod/cfg.yaml"],
      [],
      "clusters/prod/cfg.yaml",
    ],
    [
      "clusters/dev/web.yaml",
      ["clusters/dev/cfg.yaml", "clusters/prod/cfg.yaml"],
      ["clusters/dev", "clusters/prod"],
      "clusters/dev/cfg.yaml",
    ],
    // Deeper in the same deployment: still its own.
    [
      "clusters/dev/apps/web.yaml",
      ["clusters/dev/config/cfg.yaml", "common/cfg.yaml"],
      ["clusters/dev"],
      "clusters/dev/config/cfg.yaml",
    ],
    // Another deployment's definition is never read; one outside every deployment is.
    [
      "clusters/dev/web.yaml",
      ["clusters/prod/cfg.yaml", "common/cfg.yaml"],
      ["clusters/dev", "clusters/prod"],
      "common/cfg.yaml",
    ],
    // Equally close: the last in path order (what `kubectl apply -R -f` leaves).
    ["apps/web.yaml", ["clusters/dev/cfg.yaml", "clusters/prod/cfg.yaml"], [], "clusters/prod/cfg.yaml"],
    // Only other deployments define it: the last in path order.
    [
      "clusters/qa/web.yaml",
      ["clusters/dev/cfg.yaml", "clusters/prod/cfg.yaml"],
      ["clusters/dev", "clusters/prod", "clusters/qa"],
      "clusters/prod/cfg.yaml",
    ],
  ])("%s reads %j (deployed %j): %s", (workload, files, deployed, expected) => {
    expect(read(workload, files, deployed)).toBe(expected);
  });
});
