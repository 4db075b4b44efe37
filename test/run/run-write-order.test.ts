// What a run refuses before its first write, end to end and in-process against the simulated
// server: exit 2 promises nothing was written, so every permission and every output file is checked
// before the first write of any kind, and a file that fails only at the end does not claim exit 2.
import { describe, expect, test } from "vitest";
import { NS, type Scenario, useScenario } from "./cluster-scenario.js";

const start = useScenario();

/** Every request that changed something (access reviews ask, they write nothing). */
const writes = (s: Scenario) =>
  s.sim.requests
    .filter((r) => ["apply", "patch", "create", "update"].includes(r.verb) && !isAccessReview(r.path))
    .map((r) => `${r.verb} ${r.resource}/${r.name}`);

const isAccessReview = (path: string) => path.includes("selfsubjectaccessreviews");

const liveLogLevel = (s: Scenario) =>
  (s.sim.get("ConfigMap", NS, "app-config") as { data: Record<string, string> }).data.LOG_LEVEL;

describe("--apply and RBAC", () => {
  test("patches it may not make stop the run before the configs are applied: exit 2, nothing written", async () => {
    const s = await start({ configsLive: false });
    s.sim.forbid("patch", "deployments");
    const run = await s.run(["--apply"]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /forbidden: context ci may not patch deployments\.apps in namespace shop \(checked before any change: nothing was written\)/,
    );
    expect(writes(s)).toEqual([]);
    expect(liveLogLevel(s)).toBe("info");
    expect(run.stderr).not.toMatch(/applying configmap/);
  });

  test("allowed, the configs are applied and the workloads restarted, with one access review per permission", async () => {
    const s = await start({ configsLive: false });
    const run = await s.run(["--apply"]);
    expect(run.code, run.stderr).toBe(0);
    expect(liveLogLevel(s)).toBe("debug");
    expect(s.patchedNames()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
    const reviews = s.sim.requests
      .filter((r) => isAccessReview(r.path))
      .map((r) => {
        const review = JSON.parse(r.body ?? "{}") as { spec: { resourceAttributes: Record<string, string> } };
        const attributes = review.spec.resourceAttributes;
        return `${attributes.verb} ${attributes.resource}`;
      })
      .sort();
    // patch configmaps, secrets, deployments, statefulsets; the pod watch's list/watch pods, list events.
    expect(reviews).toEqual([
      "list events",
      "list pods",
      "patch configmaps",
      "patch deployments",
      "patch secrets",
      "patch statefulsets",
      "watch pods",
    ]);
  });
});
