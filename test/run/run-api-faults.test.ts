// Issue 13, cross-cutting: a whole CLI run against an API server that fails ~20 % of requests (500,
// 429 with Retry-After, 409 on patch, dropped and reset watches, slow answers; sim randomFaults).
// Every planned restart is applied or reported failed, none is applied twice, and a rerun without
// faults finishes the rest.
import { afterAll, describe, expect, test } from "vitest";
import type { RunJson } from "../helpers/run-json.js";
import { type Scenario, useScenario } from "./cluster-scenario.js";

const start = useScenario();

const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 23];
const HASH = "config-rollout.io/config-hash";
const PLANNED = ["Deployment/api", "Deployment/web", "StatefulSet/worker"];

/** Workload patches the server accepted (answered 2xx), per `Kind/name`. */
function appliedPatches(s: Scenario): Map<string, number> {
  const counts = new Map<string, number>();
  for (const r of s.sim.requests) {
    if (r.verb !== "patch" || r.resource === "configmaps" || r.resource === "secrets") continue;
    if (r.status < 200 || r.status >= 300 || r.dryRun) continue;
    const key = `${r.kind}/${r.name}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** `verb fault` pairs met over all seeds: the seeds are chosen so every kind of fault occurs. */
const seen = new Set<string>();

describe("API faults at a 20 % rate", () => {
  afterAll(() => {
    for (const fault of ["patch 409", "patch 429", "list 500", "watch drop-watch"])
      expect([...seen]).toContain(fault);
    expect([...seen].some((f) => f.endsWith(" slow"))).toBe(true);
  });

  test.each(SEEDS)("seed %i: all applied or reported failed, none twice; a rerun finishes", async (seed) => {
    const s = await start({ unaffected: 3 });
    s.sim.randomFaults({ rate: 0.2, seed, retryAfterSeconds: 1, slowMs: 200 });

    const first = await s.run(["--output", "json", "--timeout", "60s"]);
    const faults = s.sim.requests.filter((r) => r.fault !== undefined).map((r) => `${r.verb} ${r.fault}`);
    for (const fault of faults) seen.add(fault);
    expect(faults.length, "the run met faults").toBeGreaterThan(0);
    // A fault the retries could not absorb fails the run with a reason, never silently.
    expect([0, 1], first.stderr).toContain(first.code);
    const report = JSON.parse(first.stdout) as RunJson;
    const planned = report.workloads.filter((w) => w.action === "restart");
    expect(planned.map((w) => `${w.kind}/${w.name}`).sort()).toEqual(PLANNED);
    for (const w of planned) {
      // Each one either restarted (its rollout followed to an end) or is reported as failed with why.
      expect(w.result, `${w.kind}/${w.name}`).toBeDefined();
      const failed =
        w.result!.restart === "failed" || ["failed", "timeout"].includes(w.result!.rollout ?? "");
      if (failed) expect(w.result!.message).not.toBe("");
      else expect(w.result).toMatchObject({ restart: "restarted", rollout: "done" });
    }
    expect(report.outcome).toBe(first.code === 0 ? "restarted" : "failed");
    for (const [workload, count] of appliedPatches(s)) expect(count, workload).toBe(1);

    s.sim.randomFaults(undefined);
    const rerun = await s.run(["--output", "json"]);
    expect(rerun.code, rerun.stderr).toBe(0);
    // Whatever the first run applied is not applied again: still one accepted patch per workload.
    expect([...appliedPatches(s).entries()].sort()).toEqual(PLANNED.map((w) => [w, 1]));
    for (const [kind, name] of PLANNED.map((w) => w.split("/") as [string, string])) {
      expect(s.template(kind, name).annotations[HASH], `${kind}/${name}`).toMatch(/^[0-9a-f]{64}$/);
    }
  });
});
