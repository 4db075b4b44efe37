// The restart-and-wait path against the simulated API server: a strategy's rollback takes the same
// path as the first restart (its permission check first, its waits, its report lines).
import { afterEach, beforeEach, expect, test } from "vitest";
import { createMemoryLog } from "../../src/core/log.js";
import type { WorkloadResult } from "../../src/core/run-result.js";
import { rollOut } from "../../src/rollout/restart-and-wait.js";
import { annotationStep } from "../../src/rollout/strategy/annotation-strategy.js";
import type { RestartStrategy } from "../../src/rollout/strategy/restart-strategy.js";
import { DEFAULTS } from "../helpers/settings.js";
import { deployment, id, type SimHarness, startHarness } from "../kube/sim-setup.js";

let h: SimHarness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

/** The table's defaults, with a wait short enough for a test. */
const settings = { ...DEFAULTS, timeoutMs: 30_000 };
const planned = (name: string) => ({
  id: id("Deployment", name),
  action: "restart" as const,
  reason: "consumes a changed config",
  references: [],
  source: "cluster" as const,
});
const isAccessReview = (r: { path: string }) => r.path.endsWith("/selfsubjectaccessreviews");

/** Restarts with one hash, then rolls every workload back to another; `beforeRollback` runs in between. */
function strategyRollingBack(beforeRollback: () => void): RestartStrategy & { rolledBack: WorkloadResult[] } {
  const strategy = {
    name: "annotation" as const,
    needsLiveConfigs: true,
    rolledBack: [] as WorkloadResult[],
    prepare: async () => ({ configWrites: [] }),
    patchFor: annotationStep(() => "new"),
    rollbackFor: async (results: WorkloadResult[]) => {
      beforeRollback();
      return { ids: results.map((r) => r.id), patchFor: annotationStep(() => "old") };
    },
    afterWait: async (results: WorkloadResult[], rolledBack: WorkloadResult[]) => {
      strategy.rolledBack = rolledBack;
      return { results, notes: [] };
    },
  };
  return strategy;
}

const context = (strategy: RestartStrategy, log = createMemoryLog()) => ({
  strategy,
  prepared: { configWrites: [] },
  manifests: new Map(),
  settings,
  log,
  now: Date.now,
});

test("a rollback asks the API server before its first write, as the first restart does, then patches and waits", async () => {
  h.sim.seed(deployment("web"));
  h.sim.seed(deployment("api"));
  const asked: number[] = [];
  const strategy = strategyRollingBack(() => asked.push(h.sim.requests.filter(isAccessReview).length));
  const log = createMemoryLog();
  await rollOut(h.cluster, [planned("web"), planned("api")], context(strategy, log));

  // One run of reviews (patch deployments in default; what the pod watch reads: list and watch
  // pods, list events) before each round's patches.
  const verbs = h.sim.requests.map((r) => (isAccessReview(r) ? "review" : r.verb));
  const rounds = verbs.join(" ").split(/(?:review ?)+/);
  expect(rounds).toHaveLength(3);
  expect(rounds[2]).toMatch(/patch.*patch.*watch/);
  expect(asked).toEqual([4]);
  expect(strategy.rolledBack.map((r) => [r.id.name, r.restart, r.rollout])).toEqual([
    ["web", "restarted", "done"],
    ["api", "restarted", "done"],
  ]);
  // The same report lines as the first restart: one per patched workload.
  expect(log.lines.filter((l) => /config-hash=old/.test(l))).toEqual([
    "deployment/web (namespace default): patched the pod template (config-rollout.io/config-hash=old)",
    "deployment/api (namespace default): patched the pod template (config-rollout.io/config-hash=old)",
  ]);
});

test("a rollback the Role no longer allows writes nothing, and each workload says why", async () => {
  h.sim.seed(deployment("web"));
  const strategy = strategyRollingBack(() => h.sim.forbid("patch", "deployments"));
  await rollOut(h.cluster, [planned("web")], context(strategy));
  expect(h.sim.requests.filter((r) => r.verb === "patch" && !isAccessReview(r))).toHaveLength(1);
  expect(strategy.rolledBack).toEqual([
    {
      id: id("Deployment", "web"),
      restart: "failed",
      message: expect.stringMatching(
        /^forbidden: context sim-ctx may not patch deployments\.apps web in namespace default \(checked before the rollback: nothing of it was written\)/,
      ),
    },
  ]);
});
