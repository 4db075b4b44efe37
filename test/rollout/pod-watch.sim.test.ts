// The rollout wait fails a workload within seconds when its NEW pods cannot start, and says why:
// against the simulated API server, whose pods report what a kubelet reports (sim setPodFailure).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { ObjectId } from "../../src/core/model.js";
import { restartWorkloads } from "../../src/rollout/restart.js";
import { annotationStep } from "../../src/rollout/strategy/annotation-strategy.js";
import { type WaitOptions, type WaitTarget, waitForRollouts, waitTargetOf } from "../../src/rollout/wait.js";
import { DEFAULTS } from "../helpers/settings.js";
import {
  deployment,
  id,
  restartWithHash,
  type SimHarness,
  startHarness,
  statefulSet,
} from "../kube/sim-setup.js";

// biome-ignore lint/suspicious/noExplicitAny: JSON read back from the server, for assertions on deep paths.
type Loose = Record<string, any>;

let h: SimHarness;
beforeAll(async () => {
  h = await startHarness({ rolloutStepMs: 10 });
});
afterAll(() => h.close());
afterEach(() => h.sim.resetRequests());

let counter = 0;
let hash = "";
/** Pods of the template our next restart writes (its config-hash annotation). */
const ourTemplate = (owner: Loose) => {
  const expected = hash;
  return owner.spec?.template?.metadata?.annotations?.["config-rollout.io/config-hash"] === expected;
};

const restart = async (ids: ObjectId[]) => (await restartWithHash(h, ids, hash)).map(waitTargetOf);

function nextHash(): void {
  hash = `hash-${++counter}`;
}

function wait(targets: WaitTarget[], over: Partial<WaitOptions> = {}) {
  const warnings: string[] = [];
  const promise = waitForRollouts(h.cluster, targets, {
    timeoutMs: 20_000,
    pods: { cluster: h.cluster, logLines: 0, warn: (m) => warnings.push(m) },
    ...over,
  });
  return { promise, warnings };
}

const podRequests = () => h.sim.requests.filter((r) => r.resource === "pods" && !r.subresource);

describe("new pods that cannot start fail their workload early", () => {
  test("CrashLoopBackOff: failed after 2 restarts, with the pod, container, exit code, termination message, events and log; the healthy workload beside it completes", async () => {
    h.sim.seed(deployment("crashy", "pw"));
    h.sim.seed(deployment("fine", "pw"));
    nextHash();
    const expected = hash;
    h.sim.setPodFailure("Deployment", "pw", "crashy", "CrashLoopBackOff", {
      onlyFor: (o: Loose) =>
        o.spec?.template?.metadata?.annotations?.["config-rollout.io/config-hash"] === expected,
      exitCode: 3,
      message: "invalid value for DB_PORT",
      log: ["starting", "reading DB_PORT=abc", "fatal: invalid value for DB_PORT"],
    });
    const targets = await restart([id("Deployment", "crashy", "pw"), id("Deployment", "fine", "pw")]);
    const { promise, warnings } = wait(targets, {
      pods: { cluster: h.cluster, logLines: 2, warn: (m) => warnings.push(m) },
    });
    const [crashy, fine] = await promise;
    expect(fine?.result).toBe("done");
    expect(crashy?.result).toBe("failed");
    // Seconds, not the 20 s timeout: the simulated kubelet restarts every 40 ms here.
    expect(crashy?.durationMs).toBeLessThan(5000);
    expect(crashy?.message).toMatch(
      /^pod crashy-[a-z0-9]+-[a-z0-9]+ container app: CrashLoopBackOff: back-off 10s restarting failed container=app .*\([2-9]\d* restarts; last exit code 3: invalid value for DB_PORT\)$/,
    );
    expect(crashy?.cause).toMatchObject({
      container: "app",
      reason: "CrashLoopBackOff",
      lastTermination: { exitCode: 3, reason: "Error", message: "invalid value for DB_PORT" },
      log: ["reading DB_PORT=abc", "fatal: invalid value for DB_PORT"],
    });
    expect(crashy?.cause?.events?.[0]).toMatch(
      /^BackOff: Back-off restarting failed container app in pod crashy-/,
    );
    expect(warnings).toEqual([]);
    // One watch of the namespace's pods for both workloads (it starts with every pod: no LIST).
    expect(podRequests().map((r) => r.verb)).toEqual(["watch"]);
    h.sim.setPodFailure("Deployment", "pw", "crashy", undefined);
  });

  test("CreateContainerConfigError on a StatefulSet: the kubelet's message names the missing key", async () => {
    const sts = statefulSet("db", "pw") as Loose;
    sts.spec.template.spec.containers[0].env = [
      { name: "DB_HOST", valueFrom: { configMapKeyRef: { name: "db-config", key: "DB_HOST" } } },
    ];
    h.sim.seed(sts);
    nextHash();
    h.sim.setPodFailure("StatefulSet", "pw", "db", "CreateContainerConfigError", { onlyFor: ourTemplate });
    const [db] = await wait(await restart([id("StatefulSet", "db", "pw")])).promise;
    expect(db?.result).toBe("failed");
    expect(db?.message).toBe(
      "pod db-1 container app: CreateContainerConfigError: couldn't find key DB_HOST in ConfigMap pw/db-config",
    );
    expect(db?.cause?.events).toEqual(["Failed: Error: couldn't find key DB_HOST in ConfigMap pw/db-config"]);
    h.sim.setPodFailure("StatefulSet", "pw", "db", undefined);
  });

  test("pods of the old ReplicaSet crash-looping do not fail the rollout that replaces them", async () => {
    h.sim.seed(deployment("legacy", "old", { replicas: 1 }));
    // The old template's pods crash from now on: delete its pod, and its replacement crash-loops.
    h.sim.setPodFailure("Deployment", "old", "legacy", "CrashLoopBackOff", {
      onlyFor: (o: Loose) => !o.spec?.template?.metadata?.annotations,
    });
    const old = h.sim.list("Pod", "old")[0] as Loose;
    h.sim.remove("Pod", "old", old.metadata.name);
    for (let i = 0; i < 200; i++) {
      const pods = h.sim.list("Pod", "old") as Loose[];
      if (pods.some((p) => p.status.containerStatuses?.[0]?.restartCount >= 2)) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    nextHash();
    const [legacy] = await wait(await restart([id("Deployment", "legacy", "old")])).promise;
    expect(legacy?.result).toBe("done");
  });

  test("a new pod that is briefly not ready, then ready, is not a failure", async () => {
    h.sim.seed(deployment("slow", "pw"));
    h.sim.setPodFailure("Deployment", "pw", "slow", "not-ready-then-ready");
    nextHash();
    const [slow] = await wait(await restart([id("Deployment", "slow", "pw")])).promise;
    expect(slow?.result).toBe("done");
  });

  test("a cluster that forbids watching pods: today's wait, and one warning for all namespaces", async () => {
    const forbidding = await startHarness({ rolloutStepMs: 5 });
    try {
      forbidding.sim.forbid("watch", "pods");
      forbidding.sim.seed(deployment("a", "one"));
      forbidding.sim.seed(deployment("b", "two"));
      const results = await restartWorkloads(
        [id("Deployment", "a", "one"), id("Deployment", "b", "two")].map((i) => ({ id: i })),
        forbidding.cluster,
        {
          strategy: { patchFor: annotationStep(() => "x") },
          now: Date.now,
          dryRun: false,
          concurrency: DEFAULTS.concurrency,
        },
      );
      const warnings: string[] = [];
      const waited = await waitForRollouts(forbidding.cluster, results.map(waitTargetOf), {
        timeoutMs: 20_000,
        pods: { cluster: forbidding.cluster, logLines: 0, warn: (m) => warnings.push(m) },
      });
      expect(waited.map((w) => w.result)).toEqual(["done", "done"]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /^cannot watch pods in namespace (one|two) \(forbidden: .*\): waiting on the rollout status alone/,
      );
    } finally {
      await forbidding.close();
    }
  });
});
