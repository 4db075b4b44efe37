// waitForRollouts against the simulated API server: real watches, real drops, real 410s.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { ObjectId } from "../../src/core/model.js";
import { type WaitOptions, type WaitTarget, waitForRollouts, waitTargetOf } from "../../src/rollout/wait.js";
import { DEFAULTS } from "../helpers/settings.js";
import {
  daemonSet,
  deployment,
  id,
  namespace,
  restartWithHash,
  type SimHarness,
  startHarness,
  statefulSet,
} from "../kube/sim-setup.js";

let h: SimHarness;
beforeAll(async () => {
  h = await startHarness({ rolloutStepMs: 10 });
});
afterAll(() => h.close());
afterEach(() => h.sim.resetRequests());

let hashCounter = 0;
/** Restart the workloads through our own code and return the wait targets. */
async function restart(ids: ObjectId[]): Promise<WaitTarget[]> {
  const results = await restartWithHash(h, ids, `hash-${++hashCounter}`);
  return results.map((r) => ({ id: r.id, generation: r.generation }));
}

/** Restart as the pipeline does: each wait target carries the object its patch returned. */
async function restartAsPipeline(ids: ObjectId[], harness = h): Promise<WaitTarget[]> {
  return (await restartWithHash(harness, ids, `hash-${++hashCounter}`)).map(waitTargetOf);
}

function wait(targets: WaitTarget[], over: Partial<WaitOptions> = {}) {
  const progress: string[] = [];
  const promise = waitForRollouts(h.cluster, targets, {
    timeoutMs: 20_000,
    onProgress: (i, message) => progress.push(`${i.name}: ${message}`),
    ...over,
  });
  return { promise, progress };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 2000 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!condition()) throw new Error("condition not reached");
}

const verbs = () => h.sim.requests.map((r) => r.verb);
const count = (verb: string) => verbs().filter((v) => v === verb).length;

describe("rollouts that finish", () => {
  test("every kind completes, with kubectl's progress lines on the way", async () => {
    h.sim.seed(deployment("w-deploy"));
    h.sim.seed(statefulSet("w-sts"));
    h.sim.seed(daemonSet("w-ds"));
    const targets = await restart([
      id("Deployment", "w-deploy"),
      id("StatefulSet", "w-sts"),
      id("DaemonSet", "w-ds"),
    ]);
    const results = await wait(targets).promise;
    expect(results.map((r) => [r.id.name, r.result])).toEqual([
      ["w-deploy", "done"],
      ["w-sts", "done"],
      ["w-ds", "done"],
    ]);
    expect(results[0]?.message).toBe('deployment "w-deploy" successfully rolled out');
    expect(results[2]?.message).toBe('daemon set "w-ds" successfully rolled out');
  });

  test("requests grow with the namespaces and kinds waited on, not with untouched workloads", async () => {
    for (let i = 0; i < 15; i++) h.sim.seed(deployment(`bystander-${i}`));
    for (const name of ["c-1", "c-2", "c-3"]) h.sim.seed(deployment(name));
    h.sim.seed(statefulSet("c-sts"));
    const ids = [
      id("Deployment", "c-1"),
      id("Deployment", "c-2"),
      id("Deployment", "c-3"),
      id("StatefulSet", "c-sts"),
    ];
    // Held mid-rollout until both watches are open, so every group needs its watch.
    for (const i of ids) h.sim.setRolloutBehaviour(i.kind, i.namespace, i.name, "stall");
    const targets = await restart(ids);
    const { promise } = wait(targets);
    await until(() => count("watch") === 2);
    for (const i of ids) h.sim.setRolloutBehaviour(i.kind, i.namespace, i.name, "complete");
    const results = await promise;
    expect(results.every((r) => r.result === "done")).toBe(true);
    expect(count("list")).toBe(2);
    expect(count("watch")).toBe(2);
    expect(h.sim.requests.length).toBe(4);
    // A group of one narrows its list and watch to that object.
    const stsRequests = h.sim.requests.filter((r) => r.kind === "StatefulSet");
    expect(stsRequests.map((r) => r.query.fieldSelector)).toEqual([
      "metadata.name=c-sts",
      "metadata.name=c-sts",
    ]);
    expect(h.sim.requests.every((r) => r.userAgent === "config-rollout/test")).toBe(true);
  });

  test("no targets: nothing to do, no requests", async () => {
    await expect(waitForRollouts(h.cluster, [], { timeoutMs: 1000 })).resolves.toEqual([]);
    expect(h.sim.requests).toHaveLength(0);
  });
});

describe("targets known from their patch answers", () => {
  test("one WATCH per group and no LIST, however many changes the server saw since the patches", async () => {
    const ids = [id("Deployment", "p-1", "patched"), id("Deployment", "p-2", "patched")];
    ids.push(id("StatefulSet", "p-sts", "patched"));
    h.sim.seed(namespace("patched"));
    h.sim.seed(deployment("p-1", "patched"));
    h.sim.seed(deployment("p-2", "patched"));
    h.sim.seed(statefulSet("p-sts", "patched"));
    h.sim.seed(deployment("p-bystander", "patched"));
    for (const i of ids) h.sim.setRolloutBehaviour(i.kind, i.namespace, i.name, "stall");
    const targets = await restartAsPipeline(ids);
    // More writes than the server's event window (5,000, like a watch cache) since the patches:
    // a watch from the patch answers' resourceVersions would get 410 Gone and LIST again.
    for (let i = 0; i < 5_100; i++) {
      h.sim.seed({
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name: "churn", namespace: "patched" },
        data: { i: String(i) },
      });
    }
    const { promise } = wait(targets);
    await until(() => count("watch") === 2);
    for (const i of ids) h.sim.setRolloutBehaviour(i.kind, i.namespace, i.name, "complete");
    const results = await promise;
    expect(results.map((r) => r.result)).toEqual(["done", "done", "done"]);
    expect(verbs()).toEqual(["watch", "watch"]);
    expect(h.sim.requests.every((r) => r.query.resourceVersion === undefined)).toBe(true);
  });

  test("the ADDED snapshot of a rollout already complete ends the wait at once", async () => {
    h.sim.seed(deployment("p-quick"));
    const targets = await restartAsPipeline([id("Deployment", "p-quick")]);
    await until(() => {
      const live = h.sim.get("Deployment", "default", "p-quick") as {
        status?: { updatedReplicas?: number; observedGeneration?: number };
      };
      return live.status?.observedGeneration === 2 && live.status.updatedReplicas === 2;
    });
    await new Promise((r) => setTimeout(r, 100));
    const [result] = await wait(targets).promise;
    expect(result?.result).toBe("done");
    expect(verbs()).toEqual(["watch"]);
  });

  test("a workload deleted between its patch and the watch is reported deleted at the first bookmark", async () => {
    const harness = await startHarness({ rolloutStepMs: 10, bookmarkIntervalMs: 50 });
    try {
      harness.sim.seed(deployment("p-gone"));
      harness.sim.seed(deployment("p-stays"));
      for (const name of ["p-gone", "p-stays"])
        harness.sim.setRolloutBehaviour("Deployment", "default", name, "stall");
      const targets = await restartAsPipeline(
        [id("Deployment", "p-gone"), id("Deployment", "p-stays")],
        harness,
      );
      harness.sim.remove("Deployment", "default", "p-gone");
      const waiting = waitForRollouts(harness.cluster, targets, { timeoutMs: 20_000 });
      await until(() => harness.sim.requests.some((r) => r.verb === "watch"));
      await new Promise((r) => setTimeout(r, 200));
      harness.sim.setRolloutBehaviour("Deployment", "default", "p-stays", "complete");
      const [gone, stays] = await waiting;
      expect(gone).toMatchObject({
        result: "deleted",
        message: "deployment/p-gone (namespace default) was deleted",
      });
      expect(gone!.durationMs).toBeLessThan(5_000);
      expect(stays?.result).toBe("done");
      expect(harness.sim.requests.filter((r) => r.verb === "list")).toEqual([]);
    } finally {
      await harness.close();
    }
  });

  test("a workload replaced by a new object of the same name is reported deleted, not waited on", async () => {
    h.sim.seed(deployment("p-replaced"));
    h.sim.setRolloutBehaviour("Deployment", "default", "p-replaced", "stall");
    const targets = await restartAsPipeline([id("Deployment", "p-replaced")]);
    h.sim.remove("Deployment", "default", "p-replaced");
    h.sim.seed(deployment("p-replaced"));
    const [result] = await wait(targets, { timeoutMs: 5_000 }).promise;
    expect(result).toMatchObject({
      result: "deleted",
      message: "deployment/p-replaced (namespace default) was deleted",
    });
  });
});

describe("rollouts that do not finish", () => {
  test("a stalled rollout times out naming the workload, while the others complete", async () => {
    h.sim.seed(deployment("stuck"));
    h.sim.seed(deployment("fine"));
    h.sim.setRolloutBehaviour("Deployment", "default", "stuck", "stall");
    const targets = await restart([id("Deployment", "stuck"), id("Deployment", "fine")]);
    const { promise, progress } = wait(targets, { timeoutMs: 1500 });
    const [stuck, fine] = await promise;
    expect(fine?.result).toBe("done");
    expect(progress).toContain(
      'stuck: Waiting for deployment "stuck" rollout to finish: 1 out of 2 new replicas have been updated...',
    );
    expect(stuck?.result).toBe("timeout");
    expect(stuck?.message).toMatch(
      /^timed out after 1\.5s waiting for deployment\/stuck \(namespace default\): Waiting for deployment "stuck" rollout to finish/,
    );
  });

  test("a progress deadline fails the rollout at once, not at the timeout", async () => {
    h.sim.seed(deployment("doomed"));
    h.sim.setRolloutBehaviour("Deployment", "default", "doomed", "progress-deadline");
    const targets = await restart([id("Deployment", "doomed")]);
    const [result] = await wait(targets, { timeoutMs: 60_000 }).promise;
    expect(result?.result).toBe("failed");
    expect(result?.message).toBe('deployment "doomed" exceeded its progress deadline');
    expect(result?.durationMs).toBeLessThan(60_000);
  });

  test("a deleted workload ends its wait as deleted", async () => {
    h.sim.seed(deployment("doomed-to-go"));
    h.sim.setRolloutBehaviour("Deployment", "default", "doomed-to-go", "stall");
    const targets = await restart([id("Deployment", "doomed-to-go")]);
    const { promise } = wait(targets);
    await until(() => count("watch") > 0);
    h.sim.remove("Deployment", "default", "doomed-to-go");
    const [result] = await promise;
    expect(result).toMatchObject({
      result: "deleted",
      message: "deployment/doomed-to-go (namespace default) was deleted",
    });
  });

  test("a workload that does not exist is reported without waiting", async () => {
    const [result] = await wait([{ id: id("Deployment", "never-there") }]).promise;
    expect(result?.result).toBe("deleted");
    expect(result?.message).toContain("does not exist");
  });

  test("OnDelete StatefulSets cannot be waited on", async () => {
    h.sim.seed(statefulSet("manual", "default", { updateStrategy: { type: "OnDelete" } }));
    const targets = await restart([id("StatefulSet", "manual")]);
    const [result] = await wait(targets).promise;
    expect(result?.result).toBe("not-waitable");
    expect(result?.message).toMatch(/^rollout status is only available for RollingUpdate strategy type/);
  });
});

describe("connection trouble", () => {
  test("a dropped watch is reopened from where it left off", async () => {
    h.sim.seed(deployment("dropped"));
    h.sim.setRolloutBehaviour("Deployment", "default", "dropped", "stall");
    const targets = await restart([id("Deployment", "dropped")]);
    const { promise, progress } = wait(targets);
    await until(() => count("watch") === 1 && progress.length > 0);
    h.sim.dropWatches();
    await until(() => count("watch") === 2);
    h.sim.setRolloutBehaviour("Deployment", "default", "dropped", "complete");
    const [result] = await promise;
    expect(result?.result).toBe("done");
    expect(count("list")).toBe(1);
  });

  test("410 Gone re-lists and carries on", async () => {
    h.sim.seed(deployment("expired"));
    h.sim.setRolloutBehaviour("Deployment", "default", "expired", "stall");
    const targets = await restart([id("Deployment", "expired")]);
    const { promise, progress } = wait(targets);
    await until(() => count("watch") === 1 && progress.length > 0);
    h.sim.seed(deployment("unrelated-change")); // moves the resourceVersion past ours
    h.sim.expireResourceVersions();
    h.sim.dropWatches();
    await until(() => count("list") === 2);
    h.sim.setRolloutBehaviour("Deployment", "default", "expired", "complete");
    const [result] = await promise;
    expect(result?.result).toBe("done");
  });

  test("a watch the context may not open fails with the RBAC line", async () => {
    const harness = await startHarness();
    try {
      harness.sim.seed(deployment("secret-watch"));
      harness.sim.setRolloutBehaviour("Deployment", "default", "secret-watch", "stall");
      await harness.cluster.patchWorkload(
        id("Deployment", "secret-watch"),
        { spec: { template: { metadata: { annotations: { a: "b" } } } } },
        false,
      );
      harness.sim.forbid("watch", "deployments");
      const [result] = await waitForRollouts(harness.cluster, [{ id: id("Deployment", "secret-watch") }], {
        timeoutMs: 10_000,
      });
      expect(result?.result).toBe("failed");
      expect(result?.message).toMatch(
        /cannot follow the rollout: forbidden: context sim-ctx cannot watch deployments\.apps in namespace default/,
      );
    } finally {
      await harness.close();
    }
  });
});

test("the process exits on its own after waiting (no watch or timer left open)", async () => {
  h.sim.seed(deployment("exiting"));
  const dir = mkdtempSync(join(tmpdir(), "kube-exit-"));
  try {
    const src = resolve(import.meta.dirname, "../../src");
    const script = join(dir, "wait-and-exit.mts");
    writeFileSync(
      script,
      [
        `import { loadKubeConfig } from ${JSON.stringify(join(src, "kube/connect.ts"))};`,
        `import { createCluster } from ${JSON.stringify(join(src, "kube/kube-client.ts"))};`,
        `import { restartWorkloads } from ${JSON.stringify(join(src, "rollout/restart.ts"))};`,
        `import { waitForRollouts } from ${JSON.stringify(join(src, "rollout/wait.ts"))};`,
        `import { annotationStep } from ${JSON.stringify(join(src, "rollout/strategy/annotation-strategy.ts"))};`,
        `const conn = loadKubeConfig({ kubeconfigPath: process.argv[2], env: {}, execPluginTimeoutMs: ${DEFAULTS.execPluginTimeoutMs} })!;`,
        `const cluster = createCluster(conn.kc, { requestTimeoutMs: 5000, userAgent: "t", fieldManager: "t", retries: 2 });`,
        `const id = { kind: "Deployment", namespace: "default", name: "exiting" };`,
        `const [r] = await restartWorkloads([{ id }], cluster, { strategy: { patchFor: annotationStep(() => "exit") }, now: Date.now, dryRun: false, concurrency: ${DEFAULTS.concurrency} });`,
        `const results = await waitForRollouts(cluster, [{ id, generation: r!.generation }], { timeoutMs: 60000 });`,
        `console.log(results[0]!.result);`,
      ].join("\n"),
    );
    const tsx = resolve(import.meta.dirname, "../../node_modules/.bin/tsx");
    // Run asynchronously so the simulated server in this process keeps answering.
    const child = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
      const p = execFile(tsx, [script, h.kubeconfigPath], { timeout: 30_000 }, (_error, stdout, stderr) =>
        done({ code: p.exitCode, stdout, stderr }),
      );
    });
    expect(child.stderr).toBe("");
    expect(child.stdout.trim()).toBe("done");
    expect(child.code).toBe(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
