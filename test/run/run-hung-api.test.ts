// An API server that accepts connections and never answers (sim hang()) holds a run no longer than
// its --timeout: a call and its retries end at the run's time limit, and once one call got no answer
// within it, the later ones do not wait again. Without the bound a single cluster held the run for
// about 6 attempts × 30 s whatever --timeout said. Generous bounds: not a timing test.
import { describe, expect, test } from "vitest";
import { type Scenario, useScenario } from "./cluster-scenario.js";

const start = useScenario();

async function timedRun(s: Scenario, args: string[]) {
  const started = Date.now();
  const run = await s.run(args);
  return { ...run, seconds: (Date.now() - started) / 1000 };
}

describe("a hung API server", () => {
  test("every request hangs: the run fails near --timeout 2s, saying the server did not answer", async () => {
    const scenario = await start();
    scenario.sim.hang();
    const run = await timedRun(scenario, ["--timeout", "2s"]);
    expect(run.seconds).toBeLessThan(20);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain("did not answer");
    expect(run.stderr).toContain("within the run's timeout of 2s");
    expect(scenario.sim.requests.filter((r) => r.fault !== "hang")).toEqual([]);
  }, 60_000);

  test("only the patches hang: the run ends near --timeout 2s with nothing reported applied", async () => {
    const scenario = await start();
    scenario.sim.hang({ verb: "patch" });
    const run = await timedRun(scenario, ["--timeout", "2s"]);
    expect(run.seconds).toBeLessThan(20);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain("within the run's timeout of 2s");
  }, 60_000);
});
