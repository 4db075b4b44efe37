// The rollout wait's heartbeat: a stuck rollout still prints a progress line after each silence
// (30 s in a run; a few ms here, injected), saying what it waits for, how far, how long and how long left.
import { afterAll, beforeAll, expect, test } from "vitest";
import { waitForRollouts, waitTargetOf } from "../../src/rollout/wait.js";
import { deployment, id, restartWithHash, type SimHarness, startHarness } from "../kube/sim-setup.js";

let h: SimHarness;
beforeAll(async () => {
  h = await startHarness({ rolloutStepMs: 5 });
});
afterAll(() => h.close());

test("a stalled rollout: heartbeat lines while nothing changes, with the last status, waited and left", async () => {
  h.sim.seed(deployment("stuck", "hb"));
  h.sim.setRolloutBehaviour("Deployment", "hb", "stuck", "stall");
  const restarted = await restartWithHash(h, [id("Deployment", "stuck", "hb")], "h1");
  const beats: string[] = [];
  const [result] = await waitForRollouts(h.cluster, restarted.map(waitTargetOf), {
    timeoutMs: 600,
    onHeartbeat: (line) => beats.push(line),
    heartbeat: { everyMs: 100 },
  });
  expect(result?.result).toBe("timeout");
  expect(beats.length).toBeGreaterThanOrEqual(2);
  // Never more often than the interval: at most one line per 100 ms of a 600 ms wait.
  expect(beats.length).toBeLessThanOrEqual(6);
  expect(beats[0]).toMatch(
    /^still waiting for 1 rollout \(waited \d+s, \d+s left\): deployment\/stuck: Waiting for deployment "stuck" rollout to finish: /,
  );
});

test("a rollout that finishes before the interval prints no heartbeat", async () => {
  h.sim.seed(deployment("quick", "hb"));
  const restarted = await restartWithHash(h, [id("Deployment", "quick", "hb")], "h2");
  const beats: string[] = [];
  const [result] = await waitForRollouts(h.cluster, restarted.map(waitTargetOf), {
    timeoutMs: 20_000,
    onHeartbeat: (line) => beats.push(line),
    heartbeat: { everyMs: 5_000 },
  });
  expect(result?.result).toBe("done");
  expect(beats).toEqual([]);
});
