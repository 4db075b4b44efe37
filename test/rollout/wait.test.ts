// waitForRollouts over a scripted fake cluster: the cases a real server rarely produces on cue.
import { expect, test } from "vitest";
import { ClusterAccessError } from "../../src/core/errors.js";
import type { ListResult } from "../../src/kube/cluster.js";
import type { WatchEventHandler } from "../../src/kube/watch-stream.js";
import { type WaitCluster, waitForRollouts } from "../../src/rollout/wait.js";

type Obj = Record<string, unknown>;

function deployment(name: string, generation: number, observed: number, done: boolean, rv = "1"): Obj {
  return {
    kind: "Deployment",
    metadata: { name, generation, resourceVersion: rv },
    spec: { replicas: 1 },
    status: {
      observedGeneration: observed,
      replicas: 1,
      updatedReplicas: done ? 1 : 0,
      availableReplicas: done ? 1 : 0,
    },
  };
}

interface OpenWatch {
  onEvent: WatchEventHandler;
  onDone: (error: ClusterAccessError | undefined) => void;
  resourceVersion: string | undefined;
  aborted: boolean;
}

function fakeCluster(lists: Array<ListResult | Error>) {
  const watches: OpenWatch[] = [];
  const calls: string[] = [];
  const cluster: WaitCluster = {
    async listForWatch(namespace, kind, fieldSelector) {
      calls.push(`list ${namespace}/${kind} ${fieldSelector ?? ""}`.trim());
      const next = lists.length > 1 ? lists.shift()! : lists[0]!;
      if (next instanceof Error) throw next;
      return next;
    },
    watchWorkloads(namespace, kind, opts, onEvent, onDone) {
      calls.push(`watch ${namespace}/${kind} from ${opts.resourceVersion}`);
      const watch: OpenWatch = { onEvent, onDone, resourceVersion: opts.resourceVersion, aborted: false };
      watches.push(watch);
      return {
        abort: () => {
          watch.aborted = true;
        },
      };
    },
  };
  return { cluster, watches, calls };
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((r) => setTimeout(r, 2));
  if (!condition()) throw new Error("condition not reached");
}

const target = (name: string, generation?: number) => ({
  id: { kind: "Deployment", namespace: "ns", name },
  generation,
});

test("an observation older than our patch does not count as rolled out", async () => {
  // The list still shows generation 4 fully rolled out; our patch made generation 5.
  const fake = fakeCluster([{ items: [deployment("web", 4, 4, true)], resourceVersion: "10" }]);
  const waiting = waitForRollouts(fake.cluster, [target("web", 5)], { timeoutMs: 5000 });
  await until(() => fake.watches.length === 1);
  fake.watches[0]!.onEvent("MODIFIED", deployment("web", 5, 5, true, "11"));
  const [result] = await waiting;
  expect(result?.result).toBe("done");
  expect(fake.watches[0]?.aborted).toBe(true);
});

test("bookmarks move the resourceVersion a reconnect starts from", async () => {
  const fake = fakeCluster([{ items: [deployment("web", 2, 1, false)], resourceVersion: "10" }]);
  const waiting = waitForRollouts(fake.cluster, [target("web")], { timeoutMs: 5000 });
  await until(() => fake.watches.length === 1);
  fake.watches[0]!.onEvent("BOOKMARK", { kind: "Deployment", metadata: { resourceVersion: "42" } });
  fake.watches[0]!.onDone(undefined);
  await until(() => fake.watches.length === 2);
  expect(fake.watches[1]?.resourceVersion).toBe("42");
  fake.watches[1]!.onEvent("MODIFIED", deployment("web", 2, 2, true, "43"));
  await expect(waiting).resolves.toMatchObject([{ result: "done" }]);
  expect(fake.calls.filter((c) => c.startsWith("list"))).toHaveLength(1);
});

test("an in-stream error other than 410 re-lists after a backoff", async () => {
  const fake = fakeCluster([{ items: [deployment("web", 2, 1, false)], resourceVersion: "10" }]);
  const waiting = waitForRollouts(fake.cluster, [target("web")], { timeoutMs: 5000, retryDelayMs: 1 });
  await until(() => fake.watches.length === 1);
  fake.watches[0]!.onEvent("ERROR", { kind: "Status", code: 500, message: "internal error" });
  await until(() => fake.watches.length === 2);
  expect(fake.calls.filter((c) => c.startsWith("list"))).toHaveLength(2);
  fake.watches[1]!.onEvent("MODIFIED", deployment("web", 2, 2, true));
  await expect(waiting).resolves.toMatchObject([{ result: "done" }]);
});

test("list failures are retried until the deadline, which then names the last error", async () => {
  const fake = fakeCluster([
    new ClusterAccessError("cannot reach the Kubernetes API at x (context c): ECONNREFUSED", undefined),
  ]);
  const [result] = await waitForRollouts(fake.cluster, [target("web")], { timeoutMs: 300, retryDelayMs: 5 });
  expect(result?.result).toBe("timeout");
  expect(result?.message).toBe(
    "timed out after 300ms waiting for deployment/web (namespace ns): last error: cannot reach the Kubernetes API at x (context c): ECONNREFUSED",
  );
  expect(fake.calls.length).toBeGreaterThan(1);
});

test("kinds without a rollout are reported at once, without requests", async () => {
  const fake = fakeCluster([{ items: [], resourceVersion: "1" }]);
  const [result] = await waitForRollouts(
    fake.cluster,
    [{ id: { kind: "CronJob", namespace: "ns", name: "nightly" } }],
    { timeoutMs: 5000 },
  );
  expect(result).toMatchObject({
    result: "not-waitable",
    message: "rollout status is not available for kind CronJob",
  });
  expect(fake.calls).toEqual([]);
});

test("a target listed twice is waited on once and reported for each", async () => {
  const fake = fakeCluster([{ items: [deployment("web", 2, 2, true)], resourceVersion: "1" }]);
  const results = await waitForRollouts(fake.cluster, [target("web"), target("web")], { timeoutMs: 5000 });
  expect(results.map((r) => r.result)).toEqual(["done", "done"]);
  expect(fake.calls).toEqual(["list ns/Deployment metadata.name=web"]);
});

/** A deployment as the server sends it, with its uid. */
function live(name: string, generation: number, observed: number, done: boolean, rv: string): Obj {
  const obj = deployment(name, generation, observed, done, rv);
  return { ...obj, metadata: { ...(obj.metadata as Obj), uid: `uid-${name}` } };
}

/** A target as the restart stage hands it over: with the object its patch returned. */
const patched = (name: string, generation: number, uid = `uid-${name}`) => ({
  id: { kind: "Deployment", namespace: "ns", name },
  generation,
  object: {
    ...live(name, generation, generation - 1, false, "7"),
    metadata: { name, generation, resourceVersion: "7", uid },
  },
});

test("targets with their patch answers: no LIST, a watch from the most recent state, stale snapshots ignored", async () => {
  const fake = fakeCluster([]);
  const waiting = waitForRollouts(fake.cluster, [patched("web", 5)], { timeoutMs: 5000 });
  await until(() => fake.watches.length === 1);
  expect(fake.calls).toEqual(["watch ns/Deployment from undefined"]);
  // A lagging cache's snapshot: generation 4, fully rolled out. Not our rollout.
  fake.watches[0]!.onEvent("ADDED", live("web", 4, 4, true, "5"));
  await new Promise((r) => setTimeout(r, 20));
  expect(fake.watches[0]?.aborted).toBe(false);
  fake.watches[0]!.onEvent("MODIFIED", live("web", 5, 5, true, "8"));
  await expect(waiting).resolves.toMatchObject([{ result: "done" }]);
});

test("a target the initial events did not show is deleted once the first bookmark arrives", async () => {
  const fake = fakeCluster([]);
  const waiting = waitForRollouts(fake.cluster, [patched("web", 3), patched("api", 3)], { timeoutMs: 5000 });
  await until(() => fake.watches.length === 1);
  fake.watches[0]!.onEvent("ADDED", live("web", 3, 2, false, "9"));
  fake.watches[0]!.onEvent("BOOKMARK", { kind: "Deployment", metadata: { resourceVersion: "10" } });
  fake.watches[0]!.onEvent("MODIFIED", live("web", 3, 3, true, "11"));
  const [web, api] = await waiting;
  expect(web?.result).toBe("done");
  expect(api).toMatchObject({ result: "deleted", message: "deployment/api (namespace ns) was deleted" });
  expect(fake.calls.filter((c) => c.startsWith("list"))).toEqual([]);
});

test("a most-recent watch that ends before its first bookmark without showing a target re-lists", async () => {
  const fake = fakeCluster([{ items: [deployment("web", 3, 3, true, "20")], resourceVersion: "20" }]);
  const waiting = waitForRollouts(fake.cluster, [patched("web", 3)], { timeoutMs: 5000 });
  await until(() => fake.watches.length === 1);
  fake.watches[0]!.onDone(undefined);
  await expect(waiting).resolves.toMatchObject([{ result: "done" }]);
  expect(fake.calls).toEqual(["watch ns/Deployment from undefined", "list ns/Deployment metadata.name=web"]);
});

test("after a 410 Gone the group re-lists, even when it started from its patch answers", async () => {
  const fake = fakeCluster([{ items: [deployment("web", 3, 2, false, "30")], resourceVersion: "30" }]);
  const waiting = waitForRollouts(fake.cluster, [patched("web", 3)], { timeoutMs: 5000 });
  await until(() => fake.watches.length === 1);
  fake.watches[0]!.onEvent("ADDED", live("web", 3, 2, false, "25"));
  fake.watches[0]!.onDone(undefined);
  await until(() => fake.watches.length === 2);
  expect(fake.watches[1]?.resourceVersion).toBe("25");
  fake.watches[1]!.onEvent("ERROR", { kind: "Status", code: 410, message: "too old resource version" });
  await until(() => fake.watches.length === 3);
  expect(fake.watches[2]?.resourceVersion).toBe("30");
  fake.watches[2]!.onEvent("MODIFIED", live("web", 3, 3, true, "31"));
  await expect(waiting).resolves.toMatchObject([{ result: "done" }]);
  expect(fake.calls.filter((c) => c.startsWith("list"))).toHaveLength(1);
});
