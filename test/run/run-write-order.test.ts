// What a run refuses before its first write, end to end and in-process against the simulated
// server: exit 2 promises nothing was written, so every permission and every output file is checked
// before the first write of any kind, and a file that fails only at the end does not claim exit 2.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import type { RunJson } from "../helpers/run-json.js";
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
      /forbidden: context ci may not patch deployments\.apps api, web in namespace shop \(checked before any change: nothing was written\)/,
    );
    expect(writes(s)).toEqual([]);
    expect(liveLogLevel(s)).toBe("info");
    expect(run.stderr).not.toMatch(/applying configmap/);
  });

  test("a config the cluster does not hold yet is created by the apply: a Role without create stops the run before any write", async () => {
    const s = await start({ configsLive: false });
    expect((await s.kubectl("delete", "configmap", "app-config", "-n", NS)).code).toBe(0);
    s.sim.resetRequests();
    s.sim.forbid("create", "configmaps");
    const run = await s.run(["--apply"]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /forbidden: context ci may not create configmaps app-config in namespace shop \(checked before any change: nothing was written\)/,
    );
    expect(writes(s)).toEqual([]);
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

describe("--apply and a Role that grants by resourceNames", () => {
  /** The access reviews asked, `verb resource[/name]`, in the order sent. */
  const reviews = (s: Scenario) =>
    s.sim.requests
      .filter((r) => isAccessReview(r.path))
      .map((r) => {
        const { verb, resource, name } = (
          JSON.parse(r.body ?? "{}") as { spec: { resourceAttributes: Record<string, string> } }
        ).spec.resourceAttributes;
        return `${verb} ${resource}${name ? `/${name}` : ""}`;
      });

  test("Secrets and Deployments granted only by name are applied and restarted: each object asked about by name", async () => {
    const s = await start({ configsLive: false });
    s.sim.forbid("patch", "secrets", ["db"]);
    s.sim.forbid("patch", "deployments", ["api", "web"]);
    const run = await s.run(["--apply"]);
    expect(run.code, run.stderr).toBe(0);
    expect(s.patchedNames()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
    expect(writes(s)).toContain("apply secrets/db");
    // Refused unnamed, then asked per object; what the unnamed review allows is asked about once.
    expect(
      reviews(s)
        .filter((r) => r.startsWith("patch "))
        .sort(),
    ).toEqual([
      "patch configmaps",
      "patch deployments",
      "patch deployments/api",
      "patch deployments/web",
      "patch secrets",
      "patch secrets/db",
      "patch statefulsets",
    ]);
  });

  test("an object the Role does not name is refused before any write, naming the object and the verb", async () => {
    const s = await start({ configsLive: false });
    s.sim.forbid("patch", "secrets", ["another-secret"]);
    const run = await s.run(["--apply"]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /forbidden: context ci may not patch secrets db in namespace shop \(checked before any change: nothing was written\)/,
    );
    expect(writes(s)).toEqual([]);
    expect(liveLogLevel(s)).toBe("info");
  });
});

describe("the files a run writes besides the cluster", () => {
  test.each([
    ["--junit", "missing/r.xml", /its directory .*missing: does not exist/],
    ["--dotenv", "missing/r.env", /its directory .*missing: does not exist/],
    ["--plan-out", "missing/plan.json", /its directory .*missing: does not exist/],
    ["--dotenv", ".", /it is a directory/],
  ])(
    "%s %s that cannot be written stops the run before any write: exit 2, naming the flag",
    async (flag, name, why) => {
      const s = await start();
      const path = join(s.dir, name);
      const run = await s.run([flag, path]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(`error: ${flag} ${path}: the file cannot be written (`);
      expect(run.stderr).toMatch(why);
      // Said once: the end of the run does not try the file again.
      expect(run.stderr).not.toContain("cannot write the report");
      expect(writes(s)).toEqual([]);
      expect(s.patchedNames()).toEqual([]);
    },
  );

  test.skipIf(!existsSync("/dev/full"))(
    "a report file that fails only at the end (a full disk) is exit 1, and the report keeps the run's result",
    async () => {
      const s = await start();
      const junit = join(s.dir, "r.xml");
      const run = await s.run(["--output", "json", "--junit", junit, "--dotenv", "/dev/full"]);
      expect(run.code, run.stderr).toBe(1);
      expect(s.patchedNames()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
      expect(run.stderr).toMatch(/error: --dotenv \/dev\/full: cannot write the report \(ENOSPC/);
      const report = JSON.parse(run.stdout) as RunJson & { warnings: string[] };
      expect(report.outcome).toBe("restarted");
      expect(report.warnings).toContainEqual(
        expect.stringMatching(
          /^--dotenv \/dev\/full: cannot write the report \(ENOSPC.*\): exit code 1 for the missing report; the run's own result is restarted$/,
        ),
      );
      // The job log's summary says the exit code the job ends with, and the JUnit report was written.
      expect(run.stderr).toMatch(
        /result failed, exit code 1\n[\s\S]*\n {2}the run's own result: restarted; exit code 1 for the missing report\n/,
      );
      expect(readFileSync(junit, "utf8")).toContain("<testsuites");
    },
  );
});
