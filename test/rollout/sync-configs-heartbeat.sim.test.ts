// The wait for the committed config content prints the heartbeat line while the cluster lags.
import { afterAll, beforeAll, expect, test } from "vitest";
import { createMemoryLog } from "../../src/core/log.js";
import { syncConfigs } from "../../src/rollout/sync-configs.js";
import { DEFAULTS } from "../helpers/settings.js";
import { type SimHarness, startHarness } from "../kube/sim-setup.js";

let h: SimHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

test("a config the cluster does not hold yet: heartbeat lines naming it, how many are there, waited and left", async () => {
  h.sim.seed({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "app", namespace: "cfg" },
    data: { A: "old" },
  });
  const log = createMemoryLog();
  const id = { kind: "ConfigMap", namespace: "cfg", name: "app" };
  await expect(
    syncConfigs(
      h.cluster,
      [{ id, file: "app.yaml", holds: (live) => live.A === "new" }],
      {
        apply: false,
        dryRun: false,
        timeoutMs: 500,
        concurrency: DEFAULTS.concurrency,
        pollMs: 50,
        heartbeat: { everyMs: 100 },
      },
      log,
    ),
  ).rejects.toThrow(/does not hold the committed content/);
  const beats = log.lines.filter((l) => l.startsWith("still waiting"));
  expect(beats.length).toBeGreaterThanOrEqual(1);
  expect(beats[0]).toMatch(
    /^still waiting for the committed config content: 0 of 1 configs on the cluster \(waited \d+s, \d+s left\); waiting for configmap\/app \(namespace cfg\)$/,
  );
});
