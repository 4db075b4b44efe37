// Watch streams over real HTTP: live events, replay from a resourceVersion, 410 Gone, drops.
import { afterEach, beforeEach, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, http, type Loose } from "./helpers.js";
import { openWatch } from "./watch-stream.js";

let cluster: SimCluster;
beforeEach(async () => {
  cluster = await startSimCluster({ rolloutStepMs: 5 });
  cluster.seed(deployment("web", "shop"));
  cluster.seed(deployment("other", "shop"));
});
afterEach(async () => {
  await cluster.close();
});

const DEPLOYMENTS = "/apis/apps/v1/namespaces/shop/deployments";
const restartPatch = { spec: { template: { metadata: { annotations: { restartedAt: "now" } } } } };

async function patchWeb(body: unknown = restartPatch) {
  const reply = await http(cluster, "PATCH", `${DEPLOYMENTS}/web`, {
    body,
    contentType: "application/strategic-merge-patch+json",
  });
  expect(reply.status).toBe(200);
  return reply.json() as Record<string, Loose>;
}

test("a watch from the list's resourceVersion sees the patch, then the rollout's status steps", async () => {
  const list = (await http(cluster, "GET", DEPLOYMENTS)).json() as Loose;
  const watch = await openWatch(
    cluster,
    `${DEPLOYMENTS}?watch=1&fieldSelector=metadata.name%3Dweb&resourceVersion=${list.metadata.resourceVersion}`,
  );
  expect(watch.status).toBe(200);
  const patched = await patchWeb();
  const first = await watch.next(() => true);
  expect(first.type).toBe("MODIFIED");
  expect(first.object.metadata.resourceVersion).toBe(patched.metadata.resourceVersion);
  expect(first.object.spec.template.metadata.annotations.restartedAt).toBe("now");
  const done = await watch.next(
    (e) =>
      e.object.status?.conditions?.some((c: Loose) => c.reason === "NewReplicaSetAvailable") &&
      e.object.status.observedGeneration === 2,
  );
  expect(done.object.status.updatedReplicas).toBe(2);
  const rvs = watch.events.map((e) => Number(e.object.metadata.resourceVersion));
  expect(rvs).toEqual([...rvs].sort((a, b) => a - b));
  expect(watch.events.every((e) => e.object.metadata.name === "web")).toBe(true);
  watch.close();
});

test("a watch without resourceVersion starts with ADDED events for existing objects", async () => {
  const watch = await openWatch(cluster, `${DEPLOYMENTS}?watch=true`);
  await watch.next((e) => e.object.metadata.name === "web");
  expect(watch.events.map((e) => [e.type, e.object.metadata.name])).toEqual([
    ["ADDED", "other"],
    ["ADDED", "web"],
  ]);
  watch.close();
});

test("a watch from an older resourceVersion replays the events after it", async () => {
  const before = cluster.resourceVersion();
  await http(cluster, "PATCH", `${DEPLOYMENTS}/other`, {
    body: { metadata: { labels: { touched: "yes" } } },
    contentType: "application/merge-patch+json",
  });
  const watch = await openWatch(cluster, `${DEPLOYMENTS}?watch=1&resourceVersion=${before}`);
  const replayed = await watch.next((e) => e.object.metadata.name === "other");
  expect(replayed.type).toBe("MODIFIED");
  expect(replayed.object.metadata.labels.touched).toBe("yes");
  watch.close();
});

test("after expireResourceVersions a watch from an old resourceVersion gets a 410 ERROR event and ends", async () => {
  const old = cluster.resourceVersion();
  await patchWeb();
  cluster.expireResourceVersions();
  const watch = await openWatch(cluster, `${DEPLOYMENTS}?watch=1&resourceVersion=${old}`);
  expect(watch.status).toBe(200);
  await watch.ended;
  expect(watch.events).toHaveLength(1);
  expect(watch.events[0]?.type).toBe("ERROR");
  expect(watch.events[0]?.object).toMatchObject({
    kind: "Status",
    status: "Failure",
    code: 410,
    reason: "Expired",
  });
  // A fresh list gives a resourceVersion that can be watched again.
  const list = (await http(cluster, "GET", DEPLOYMENTS)).json() as Loose;
  const again = await openWatch(
    cluster,
    `${DEPLOYMENTS}?watch=1&resourceVersion=${list.metadata.resourceVersion}`,
  );
  await patchWeb({ metadata: { labels: { again: "1" } } });
  expect((await again.next(() => true)).type).toBe("MODIFIED");
  again.close();
});

test("dropWatches ends every open watch stream", async () => {
  const a = await openWatch(cluster, `${DEPLOYMENTS}?watch=1&resourceVersion=${cluster.resourceVersion()}`);
  const b = await openWatch(cluster, "/api/v1/configmaps?watch=1");
  cluster.dropWatches();
  await Promise.all([a.ended, b.ended]);
  expect(a.events).toEqual([]);
});

test("timeoutSeconds ends the stream and bookmarks carry the current resourceVersion", async () => {
  await cluster.close();
  cluster = await startSimCluster({ bookmarkIntervalMs: 20 });
  const watch = await openWatch(
    cluster,
    `${DEPLOYMENTS}?watch=1&allowWatchBookmarks=true&timeoutSeconds=1&resourceVersion=${cluster.resourceVersion()}`,
  );
  const bookmark = await watch.next((e) => e.type === "BOOKMARK");
  expect(bookmark.object).toMatchObject({
    kind: "Deployment",
    apiVersion: "apps/v1",
    metadata: { resourceVersion: cluster.resourceVersion() },
  });
  await watch.ended;
});

test("a label-selector watch sees an object leave its view as DELETED", async () => {
  const watch = await openWatch(
    cluster,
    `${DEPLOYMENTS}?watch=1&labelSelector=app%3Dweb&resourceVersion=${cluster.resourceVersion()}`,
  );
  await http(cluster, "PATCH", `${DEPLOYMENTS}/web`, {
    body: { metadata: { labels: { app: "renamed" } } },
    contentType: "application/merge-patch+json",
  });
  const left = await watch.next(() => true);
  expect(left.type).toBe("DELETED");
  expect(left.object.metadata.labels.app).toBe("renamed");
  watch.close();
});
