// --bake against the simulated API server: a rollout that completed is watched on for the bake
// window; a pod that restarts, or was ready and stays not ready, fails the workload as a failed
// rollout does (and the heartbeat covers the bake). Healthy pods pass, and the result says so.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createMemoryLog } from "../../src/core/log.js";
import { startBake } from "../../src/rollout/bake.js";
import { restartAndWait } from "../../src/rollout/restart-and-wait.js";
import { annotationStep } from "../../src/rollout/strategy/annotation-strategy.js";
import { waitForRollouts } from "../../src/rollout/wait.js";
import { DEFAULTS } from "../helpers/settings.js";
import { deployment, id, type SimHarness, startHarness, statefulSet } from "../kube/sim-setup.js";

let h: SimHarness;
beforeEach(async () => {
  h = await startHarness({ rolloutStepMs: 10 });
});
afterEach(() => h.close());

let hash = 0;
/** One restart of `ids` through the restart path, with `bakeMs`. */
function restart(ids: Array<ReturnType<typeof id>>, bakeMs: number, log = createMemoryLog()) {
  hash++;
  return restartAndWait(
    h.cluster,
    {
      titles: { restart: "Restart", wait: "Wait for rollouts" },
      requests: ids.map((i) => ({ id: i })),
      patchFor: annotationStep(() => `hash-${hash}`),
      configWrites: [],
      followUnchanged: true,
    },
    { settings: { ...DEFAULTS, timeoutMs: 20_000, bakeMs }, log, now: Date.now },
  );
}

describe("the bake window", () => {
  test("healthy new pods pass the bake: done, after the whole window, and the result says so", async () => {
    h.sim.seed(deployment("web"));
    const started = Date.now();
    const [web] = await restart([id("Deployment", "web")], 600);
    expect(Date.now() - started).toBeGreaterThanOrEqual(600);
    expect(web?.rollout).toBe("done");
    expect(web?.message).toMatch(
      /successfully rolled out; its new pods stayed healthy through the 600ms bake$/,
    );
  });

  test("a new pod that crashes after the rollout completed fails the workload during the bake, with the pod's cause", async () => {
    h.sim.seed(deployment("web"));
    h.sim.seed(statefulSet("db"));
    h.sim.setPodFailure("Deployment", "default", "web", "ready-then-crash", { exitCode: 3, readyForMs: 400 });
    const [web, db] = await restart([id("Deployment", "web"), id("StatefulSet", "db")], 3_000);
    expect(web?.rollout).toBe("failed");
    expect(web?.message).toMatch(
      /^rolled out, then failed its 3s bake after \ds: pod web-[0-9a-f]+-\w+ container app: (CrashLoopBackOff|Restarted).*1 restart; last exit code 3/,
    );
    expect(web?.cause?.container).toBe("app");
    // The other workload baked to the end, unharmed.
    expect(db?.rollout).toBe("done");
  });

  test("a pod that was ready and stays not ready past the threshold fails the bake; one only slow to start does not", async () => {
    h.sim.seed(deployment("web"));
    h.sim.seed(deployment("api"));
    // Ready long enough for the rollout to complete and the bake to see them ready first.
    h.sim.setPodFailure("Deployment", "default", "web", "ready-then-not-ready", { readyForMs: 400 });
    // api's new pods are not ready for a moment while starting: not a bake failure.
    h.sim.setPodFailure("Deployment", "default", "api", "not-ready-then-ready");
    const restarted = await restartAndWait(
      h.cluster,
      {
        titles: { restart: "Restart", wait: "Wait" },
        requests: [{ id: id("Deployment", "web") }, { id: id("Deployment", "api") }],
        patchFor: annotationStep(() => "hash-not-ready"),
        configWrites: [],
        followUnchanged: true,
      },
      // The rollouts complete; their pods are then judged by the bake below, with a short threshold.
      {
        settings: { ...DEFAULTS, timeoutMs: 20_000, watchPods: false },
        log: createMemoryLog(),
        now: Date.now,
      },
    );
    const waited = await waitForRollouts(
      h.cluster,
      restarted.map((r) => ({ id: r.id })),
      { timeoutMs: 20_000 },
    );
    const lines: string[] = [];
    const bake = startBake({
      bakeMs: 1_500,
      notReadyMs: 100,
      pods: { cluster: h.cluster, logLines: 0, warn: () => {} },
      onHeartbeat: (line) => lines.push(line),
      heartbeat: { everyMs: 200 },
    });
    for (const rollout of waited) bake.add(rollout);
    const failed = await bake.done();
    expect(failed.map((f) => [f.id.name, f.cause?.reason])).toEqual([["web", "NotReady"]]);
    expect(failed[0]?.message).toMatch(/container app: NotReady: not ready for 0s after it was ready/);
    expect(
      lines.some((l) => /^still baking [12] workloads?: deployment\/(web|api) \(\ds left\)/.test(l)),
    ).toBe(true);
  });

  test("interrupted, a bake still running ends as not finished", async () => {
    h.sim.seed(deployment("web"));
    const [waited] = await waitForRollouts(h.cluster, [{ id: id("Deployment", "web") }], {
      timeoutMs: 5_000,
    });
    const interrupt = new AbortController();
    const bake = startBake({
      bakeMs: 60_000,
      pods: { cluster: h.cluster, logLines: 0, warn: () => {} },
      interrupt: interrupt.signal,
    });
    bake.add(waited!);
    setTimeout(() => interrupt.abort(new Error("SIGTERM")), 50);
    const [failure] = await bake.done();
    expect(failure).toMatchObject({
      result: "timeout",
      message: expect.stringMatching(/^interrupted while baking/),
    });
  });
});
