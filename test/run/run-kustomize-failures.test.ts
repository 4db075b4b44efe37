// Issue 39 items 7 and 10: kustomizations that kustomize refuses, with the real `kubectl kustomize`.
// - The warning quotes what failed (kustomize's error), not the deprecation notices kustomize
//   prints before it, and overlays that fail alike are one message, not one each.
// - What only such kustomizations include is planned on its own, as if nothing included it; the
//   plan names the broken includers, and only they are unread.
import { describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { useCommitTwice } from "../helpers/git-repo.js";
import { configMap, pod, workload } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { parseRunJson } from "../helpers/run-json.js";

const commitTwice = useCommitTwice();
const run = (dir: string, args: string[] = []) =>
  runInProcess(["--repo", dir, "--dry-run", "--discover", "repo", ...args]);

const zookeeper = (level: string) => ({
  "zookeeper/kustomization.yaml": stringify({ resources: ["config.yaml", "statefulset.yaml"] }),
  "zookeeper/config.yaml": stringify(configMap("zk-config", { LOG_LEVEL: level })),
  "zookeeper/statefulset.yaml": stringify(
    workload("StatefulSet", "zk", pod({ envFrom: [{ configMapRef: { name: "zk-config" } }] })),
  ),
});

// Deprecated fields (kustomize prints a `# Warning:` line for each, per kustomization) and a
// strategic merge patch of an object the base does not have: kustomize refuses the overlay.
const brokenVariant = (name: string) => ({
  [`variants/${name}/kustomization.yaml`]: stringify({
    bases: ["../../zookeeper"],
    namePrefix: `${name}-`,
    commonLabels: { variant: name },
    patchesStrategicMerge: ["patch.yaml"],
  }),
  [`variants/${name}/patch.yaml`]: stringify(configMap("not-in-the-base", { A: "1" })),
});

describe("kustomizations kustomize refuses at both commits", () => {
  test("one warning for the overlays that fail alike, quoting kustomize's error, not its deprecation notices", async () => {
    const variants = { ...brokenVariant("a"), ...brokenVariant("b"), ...brokenVariant("c") };
    const repo = await commitTwice(
      { ...zookeeper("info"), ...variants },
      { ...zookeeper("debug"), ...variants },
    );
    const text = await run(repo.dir);
    expect(text.code, text.stderr).toBe(0);
    const warnings = text.stderr
      .split("\n")
      .filter((line) => line.includes("cannot be built at the base commit"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      "kustomize variants/a, kustomize variants/b and kustomize variants/c cannot be built at the base commit",
    );
    expect(warnings[0]).toContain("no matches for Id ConfigMap.v1.[noGrp]/not-in-the-base.[noNs]");
    expect(warnings[0]).not.toContain("deprecated");
    expect(text.stdout.match(/cannot be built at the base commit/g)).toHaveLength(1);

    const json = parseRunJson((await run(repo.dir, ["--output", "json"])).stdout);
    expect(json.unread).toEqual(
      ["a", "b", "c"].map((v) => ({
        file: `variants/${v}/kustomization.yaml`,
        why: "kustomization, cannot be built at either commit",
      })),
    );
  });

  test("a base whose only overlay has a patch kustomize refuses is planned on its own, naming the overlay", async () => {
    const variant = brokenVariant("a");
    const repo = await commitTwice(
      { ...zookeeper("info"), ...variant },
      { ...zookeeper("debug"), ...variant },
    );
    const json = parseRunJson((await run(repo.dir, ["--output", "json"])).stdout);
    expect(json.workloads.map((w) => [w.kind, w.name, w.action])).toEqual([["StatefulSet", "zk", "restart"]]);
    expect(json.sources).toContain(
      "kustomize zookeeper: planned on its own, as nothing that includes it builds (kustomize cannot build variants/a at either commit); rendered at both commits",
    );
    // Incomplete only for what was not read: the overlay.
    expect(json.outcome).toBe("incomplete");
    expect(json.unread).toEqual([
      { file: "variants/a/kustomization.yaml", why: "kustomization, cannot be built at either commit" },
    ]);
  });

  test("one overlay that builds still plans the base through it, not on its own", async () => {
    const good = {
      "variants/ok/kustomization.yaml": stringify({ resources: ["../../zookeeper"], namePrefix: "ok-" }),
    };
    const variant = { ...brokenVariant("a"), ...good };
    const repo = await commitTwice(
      { ...zookeeper("info"), ...variant },
      { ...zookeeper("debug"), ...variant },
    );
    const json = parseRunJson((await run(repo.dir, ["--output", "json"])).stdout);
    expect(json.workloads.map((w) => [w.kind, w.name, w.action])).toEqual([
      ["StatefulSet", "ok-zk", "restart"],
    ]);
    expect(json.sources?.some((s) => s.includes("planned on its own"))).toBe(false);
  });
});
