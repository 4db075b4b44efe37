// Throttled rollouts within one cluster, end to end: the config-rollout.io/wave annotation orders
// the restarts (a failed wave stops the later ones), --max-parallel-rollouts batches them, and the
// access review covers every wave before the first write.
import { describe, expect, test } from "vitest";
import type { RunJson } from "../helpers/run-json.js";
import { NS, type Scenario, useScenario } from "./cluster-scenario.js";

const start = useScenario();

/** Annotate the live workload (its own metadata, not its pod template) with a wave. */
function wave(s: Scenario, kind: string, name: string, value: string): void {
  const object = structuredClone(s.sim.get(kind, NS, name)) as {
    metadata: { annotations?: Record<string, string> };
  };
  object.metadata.annotations = { ...object.metadata.annotations, "config-rollout.io/wave": value };
  s.sim.seed(object as Record<string, unknown>);
}

const patched = (s: Scenario) =>
  s.sim.requests.filter((r) => r.verb === "patch" && r.kind !== undefined).map((r) => r.name);

describe("waves and --max-parallel-rollouts", () => {
  test("lower waves first, unannotated last; each wave rolled out before the next starts", async () => {
    const s = await start();
    wave(s, "Deployment", "api", "-1");
    wave(s, "StatefulSet", "worker", "5");
    s.sim.resetRequests();
    const run = await s.run(["--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(patched(s)).toEqual(["api", "worker", "web"]);
    const log = run.stderr;
    const at = (text: string) => log.indexOf(text);
    expect(at("==> Restart (wave -1)")).toBeGreaterThan(-1);
    expect(at('deployment/api: deployment "api" successfully rolled out')).toBeLessThan(
      at("==> Restart (wave 5)"),
    );
    expect(at("statefulset/worker: ")).toBeLessThan(at("==> Restart (unannotated)"));
    expect(log.match(/Check permissions for every wave/g)).toHaveLength(1);
    const report = JSON.parse(run.stdout) as RunJson;
    expect(report.notes?.[0]).toContain(
      "wave -1: deployment/api; wave 5: statefulset/worker; then: deployment/web",
    );
  });

  test("a failed wave stops the later ones: nothing is sent for them, and the report says why", async () => {
    const s = await start();
    wave(s, "Deployment", "api", "0");
    s.sim.setRolloutBehaviour("Deployment", NS, "api", "progress-deadline");
    s.sim.resetRequests();
    const run = await s.run(["--output", "json", "--timeout", "60s"]);
    expect(run.code).toBe(1);
    expect(patched(s)).toEqual(["api"]);
    const results = new Map((JSON.parse(run.stdout) as RunJson).workloads.map((w) => [w.name, w.result]));
    expect(results.get("api")?.rollout).toBe("failed");
    for (const name of ["web", "worker"]) {
      expect(results.get(name)).toMatchObject({
        restart: "not-started",
        message: "not restarted: wave 0 failed (deployment/api)",
      });
    }
  });

  test("--max-parallel-rollouts 1: one workload rolling at a time", async () => {
    const s = await start();
    s.sim.resetRequests();
    const run = await s.run(["--max-parallel-rollouts", "1"]);
    expect(run.code, run.stderr).toBe(0);
    expect(patched(s)).toHaveLength(3);
    // Each batch is restarted and waited for alone: the progress lines between one "Restart" section
    // and the next name one workload, and the run's wait returns only when its rollout is done.
    const batches = run.stderr.split("==> Restart (").slice(1);
    expect(batches).toHaveLength(3);
    const named = batches.map((text) => [
      ...new Set([...text.matchAll(/^(deployment|statefulset)\/(\w+): /gm)].map((m) => m[2])),
    ]);
    expect(named.map((n) => n.length)).toEqual([1, 1, 1]);
    expect(new Set(named.flat())).toEqual(new Set(["api", "web", "worker"]));
    expect(JSON.parse((await s.run(["--output", "json"])).stdout).outcome).toBe("nothing-to-do");
  });

  test("an invalid wave or limit is refused before any write", async () => {
    const s = await start();
    wave(s, "Deployment", "web", "soon");
    s.sim.resetRequests();
    const run = await s.run([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'deployment/web (namespace shop): annotation config-rollout.io/wave: "soon" is not an integer',
    );
    expect(patched(s)).toEqual([]);
    const zero = await s.run(["--max-parallel-rollouts", "0"]);
    expect(zero.code).toBe(2);
    expect(zero.stderr).toContain("--max-parallel-rollouts: must be at least 1");
  });
});
