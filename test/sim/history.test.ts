// Workload history the simulated controllers keep: ReplicaSets per Deployment pod template and
// ControllerRevisions per StatefulSet/DaemonSet template, read back over the API.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, http, type Loose, workload } from "./helpers.js";

let cluster: SimCluster;
beforeEach(async () => {
  cluster = await startSimCluster({ rolloutStepMs: 2 });
});
afterEach(async () => {
  await cluster.close();
});

const REVISION = "deployment.kubernetes.io/revision";

async function waitFor<T>(read: () => T | undefined | false, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function setImage(resource: string, name: string, image: string) {
  return http(cluster, "PATCH", `/apis/apps/v1/namespaces/shop/${resource}/${name}`, {
    body: { spec: { template: { spec: { containers: [{ name: "app", image }] } } } },
    contentType: "application/strategic-merge-patch+json",
  });
}

/** Patch the image, then wait until the rollout to it has finished. */
async function rollTo(kind: string, resource: string, name: string, image: string): Promise<void> {
  expect((await setImage(resource, name, image)).status).toBe(200);
  await waitFor(() => {
    const obj = cluster.get(kind, "shop", name) as Loose;
    const s = obj.status;
    if (s.observedGeneration !== obj.metadata.generation) return false;
    if (kind === "Deployment")
      return s.updatedReplicas === obj.spec.replicas && s.replicas === obj.spec.replicas;
    if (kind === "StatefulSet") return s.currentRevision === s.updateRevision;
    return (
      s.updatedNumberScheduled === s.desiredNumberScheduled && s.numberAvailable === s.desiredNumberScheduled
    );
  }, `${name} rolled out to ${image}`);
  // The history controllers write right after the status they follow.
  await new Promise((r) => setTimeout(r, 5));
}

/** ReplicaSets of a deployment, oldest revision first: [revision, image, replicas]. */
function replicaSets(name: string): [number, string, number][] {
  return cluster
    .list("ReplicaSet", "shop")
    .filter((rs: Loose) => rs.metadata.ownerReferences?.[0]?.name === name)
    .map((rs: Loose): [number, string, number] => [
      Number(rs.metadata.annotations[REVISION]),
      rs.spec.template.spec.containers[0].image,
      rs.spec.replicas,
    ])
    .sort((a, b) => a[0] - b[0]);
}

describe("Deployment -> ReplicaSet history", () => {
  test("a seeded deployment owns one ReplicaSet shaped like the real controller's", () => {
    cluster.seed(deployment("web", "shop", 3));
    const web = cluster.get("Deployment", "shop", "web") as Loose;
    const [rs, ...others] = cluster.list("ReplicaSet", "shop") as Loose[];
    expect(others).toEqual([]);
    const hash = rs.metadata.labels["pod-template-hash"];
    expect(hash).toMatch(/^[0-9a-f]{10}$/);
    expect(rs.metadata).toMatchObject({
      name: `web-${hash}`,
      labels: { app: "web", "pod-template-hash": hash },
      annotations: {
        [REVISION]: "1",
        "deployment.kubernetes.io/desired-replicas": "3",
        "deployment.kubernetes.io/max-replicas": "4",
      },
      ownerReferences: [
        {
          apiVersion: "apps/v1",
          kind: "Deployment",
          name: "web",
          uid: web.metadata.uid,
          controller: true,
          blockOwnerDeletion: true,
        },
      ],
    });
    expect(rs.spec.selector).toEqual({ matchLabels: { app: "web", "pod-template-hash": hash } });
    expect(rs.spec.template).toEqual({
      ...web.spec.template,
      metadata: { labels: { app: "web", "pod-template-hash": hash } },
    });
    expect(rs.spec.replicas).toBe(3);
    expect(rs.status).toMatchObject({ replicas: 3, readyReplicas: 3, availableReplicas: 3 });
    // The Progressing condition names the same ReplicaSet, as the real one does.
    expect(web.status.conditions[1].message).toBe(`ReplicaSet "web-${hash}" has successfully progressed.`);
  });

  test("each template change makes a new revision; old ReplicaSets are scaled to zero and kept", async () => {
    cluster.seed(deployment("web", "shop", 3));
    await rollTo("Deployment", "deployments", "web", "nginx:2");
    await rollTo("Deployment", "deployments", "web", "nginx:3");
    expect(replicaSets("web")).toEqual([
      [1, "nginx:1.27", 0],
      [2, "nginx:2", 0],
      [3, "nginx:3", 3],
    ]);
    expect((cluster.get("Deployment", "shop", "web") as Loose).metadata.annotations[REVISION]).toBe("3");
  });

  test("during a rollout the old ReplicaSet still holds the pods not yet replaced", async () => {
    cluster.seed(deployment("web", "shop", 3));
    cluster.setRolloutBehaviour("Deployment", "shop", "web", "stall");
    await setImage("deployments", "web", "nginx:2");
    await waitFor(() => replicaSets("web").length === 2 && replicaSets("web")[1]?.[2] === 1, "a new pod");
    const status = (cluster.get("Deployment", "shop", "web") as Loose).status;
    expect(replicaSets("web")).toEqual([
      [1, "nginx:1.27", status.replicas - status.updatedReplicas],
      [2, "nginx:2", 1],
    ]);
  });

  test("going back to an old template reuses its ReplicaSet as the newest revision", async () => {
    cluster.seed(deployment("web", "shop", 2));
    const first = cluster.list("ReplicaSet", "shop")[0] as Loose;
    await rollTo("Deployment", "deployments", "web", "nginx:2");
    await rollTo("Deployment", "deployments", "web", "nginx:1.27");
    expect(replicaSets("web")).toEqual([
      [2, "nginx:2", 0],
      [3, "nginx:1.27", 2],
    ]);
    const reused = cluster.get("ReplicaSet", "shop", first.metadata.name) as Loose;
    expect(reused.metadata.uid).toBe(first.metadata.uid);
    expect(reused.metadata.annotations["deployment.kubernetes.io/revision-history"]).toBe("1");
  });

  test("revisionHistoryLimit bounds the scaled-to-zero ReplicaSets kept", async () => {
    const web = deployment("web", "shop", 1) as Loose;
    web.spec.revisionHistoryLimit = 1;
    cluster.seed(web);
    for (const image of ["nginx:2", "nginx:3", "nginx:4"])
      await rollTo("Deployment", "deployments", "web", image);
    expect(replicaSets("web")).toEqual([
      [3, "nginx:3", 0],
      [4, "nginx:4", 1],
    ]);
  });

  test("a paused deployment makes no new ReplicaSet until resumed", async () => {
    cluster.seed(deployment("web", "shop", 2));
    const patch = (body: unknown) =>
      http(cluster, "PATCH", "/apis/apps/v1/namespaces/shop/deployments/web", {
        body,
        contentType: "application/merge-patch+json",
      });
    await patch({ spec: { paused: true } });
    await setImage("deployments", "web", "nginx:2");
    await new Promise((r) => setTimeout(r, 30));
    expect(replicaSets("web")).toEqual([[1, "nginx:1.27", 2]]);
    await patch({ spec: { paused: false } });
    await waitFor(
      () => replicaSets("web")[1]?.[2] === 2 && replicaSets("web")[0]?.[2] === 0,
      "the resumed rollout",
    );
    expect(replicaSets("web")).toEqual([
      [1, "nginx:1.27", 0],
      [2, "nginx:2", 2],
    ]);
  });

  test("seeding a deployment again with another template continues its history", () => {
    cluster.seed(deployment("web", "shop", 2));
    const changed = deployment("web", "shop", 2) as Loose;
    changed.spec.template.spec.containers[0].image = "nginx:2";
    cluster.seed(changed);
    cluster.seed(changed);
    expect(replicaSets("web")).toEqual([
      [1, "nginx:1.27", 0],
      [2, "nginx:2", 2],
    ]);
    expect((cluster.get("Deployment", "shop", "web") as Loose).metadata.annotations[REVISION]).toBe("2");
  });

  test("deleting the deployment deletes its ReplicaSets, and only those", async () => {
    cluster.seed(deployment("web", "shop"));
    cluster.seed(deployment("api", "shop"));
    await rollTo("Deployment", "deployments", "web", "nginx:2");
    const reply = await http(cluster, "DELETE", "/apis/apps/v1/namespaces/shop/deployments/web");
    expect(reply.status).toBe(200);
    await waitFor(() => replicaSets("web").length === 0, "garbage collection");
    expect(replicaSets("api")).toHaveLength(1);
  });
});

describe("StatefulSet and DaemonSet ControllerRevisions", () => {
  const revisions = (name: string) =>
    cluster
      .list("ControllerRevision", "shop")
      .filter((cr: Loose) => cr.metadata.ownerReferences[0].name === name)
      .sort((a: Loose, b: Loose) => a.revision - b.revision) as Loose[];

  test.each([
    ["StatefulSet", "statefulsets", "controller.kubernetes.io/hash"],
    ["DaemonSet", "daemonsets", "controller-revision-hash"],
  ] as const)(
    "a %s gets one revision per template, owned and labelled",
    async (kind, resource, hashLabel) => {
      cluster.seed(workload(kind, "db", "shop"));
      const owner = cluster.get(kind, "shop", "db") as Loose;
      const [first] = revisions("db");
      const hash = first.metadata.labels[hashLabel];
      expect(first).toMatchObject({
        apiVersion: "apps/v1",
        kind: "ControllerRevision",
        metadata: {
          name: `db-${hash}`,
          labels: { app: "db", [hashLabel]: hash },
          ownerReferences: [{ kind, name: "db", uid: owner.metadata.uid, controller: true }],
        },
        revision: 1,
        data: { spec: { template: { $patch: "replace", ...owner.spec.template } } },
      });
      if (kind === "StatefulSet") expect(owner.status.currentRevision).toBe(first.metadata.name);
      await rollTo(kind, resource, "db", "nginx:2");
      await rollTo(kind, resource, "db", "nginx:1.27");
      expect(
        revisions("db").map((cr) => [cr.revision, cr.data.spec.template.spec.containers[0].image]),
      ).toEqual([
        [2, "nginx:2"],
        [3, "nginx:1.27"],
      ]);
      expect(revisions("db")[1].metadata.uid).toBe(first.metadata.uid);
    },
  );

  test("revisionHistoryLimit drops the oldest revisions no pod runs; deleting the owner drops all", async () => {
    const ds = workload("DaemonSet", "agent", "shop") as Loose;
    ds.spec.revisionHistoryLimit = 1;
    cluster.seed(ds);
    for (const image of ["nginx:2", "nginx:3", "nginx:4"])
      await rollTo("DaemonSet", "daemonsets", "agent", image);
    expect(revisions("agent").map((cr) => cr.revision)).toEqual([3, 4]);
    expect(cluster.remove("DaemonSet", "shop", "agent")).toBe(true);
    expect(revisions("agent")).toEqual([]);
  });
});

describe("Pods of the simulated workloads", () => {
  /** [name, image, owner] of the pods in namespace shop. */
  const pods = () =>
    cluster
      .list("Pod", "shop")
      .map((p: Loose) => [p.metadata.name, p.spec.containers[0].image, p.metadata.ownerReferences[0].name]);

  test("a Deployment's pods belong to its current ReplicaSet and follow the rollout", async () => {
    cluster.seed(deployment("web", "shop", 2));
    const [first] = cluster.list("ReplicaSet", "shop") as Loose[];
    const seeded = cluster.list("Pod", "shop") as Loose[];
    expect(seeded.map((p) => p.metadata.name)).toEqual([
      expect.stringMatching(new RegExp(`^${first.metadata.name}-[a-z0-9]{5}$`)),
      expect.stringMatching(new RegExp(`^${first.metadata.name}-[a-z0-9]{5}$`)),
    ]);
    expect(seeded[0]).toMatchObject({
      metadata: {
        labels: { app: "web", "pod-template-hash": first.metadata.labels["pod-template-hash"] },
        ownerReferences: [
          { kind: "ReplicaSet", name: first.metadata.name, uid: first.metadata.uid, controller: true },
        ],
      },
      spec: first.spec.template.spec,
      status: { phase: "Running" },
    });
    await rollTo("Deployment", "deployments", "web", "nginx:2");
    await waitFor(() => pods().every((p) => p[1] === "nginx:2") && pods().length === 2, "pods on nginx:2");
    // Old pods are gone with the scale-down; the scaled-to-zero ReplicaSet stays for rollback.
    expect(cluster.get("ReplicaSet", "shop", first.metadata.name)).toBeDefined();
    const [victim] = pods();
    const reply = await http(cluster, "DELETE", `/api/v1/namespaces/shop/pods/${victim?.[0]}`);
    expect(reply.status).toBe(200);
    await waitFor(
      () => pods().length === 2 && !pods().some((p) => p[0] === victim?.[0]),
      "a replacement pod",
    );
  });

  test("StatefulSet pods are ordinals replaced from the highest; DaemonSet pods one per node", async () => {
    cluster.seed(workload("StatefulSet", "db", "shop"));
    cluster.seed(workload("DaemonSet", "agent", "shop"));
    const statefulPods = () => pods().filter((p) => p[2] === "db");
    expect(statefulPods()).toEqual([
      ["db-0", "nginx:1.27", "db"],
      ["db-1", "nginx:1.27", "db"],
    ]);
    const nodes = cluster
      .list("Pod", "shop")
      .filter((p: Loose) => p.metadata.ownerReferences[0].kind === "DaemonSet")
      .map((p: Loose) => p.spec.nodeName)
      .sort();
    expect(nodes).toEqual(["sim-node-0", "sim-node-1", "sim-node-2"]);
    cluster.setRolloutBehaviour("StatefulSet", "shop", "db", "stall");
    await setImage("statefulsets", "db", "nginx:2");
    await waitFor(() => statefulPods().some((p) => p[1] === "nginx:2"), "the first replaced pod");
    expect(statefulPods()).toEqual([
      ["db-0", "nginx:1.27", "db"],
      ["db-1", "nginx:2", "db"],
    ]);
    const db1 = cluster.get("Pod", "shop", "db-1") as Loose;
    const sts = cluster.get("StatefulSet", "shop", "db") as Loose;
    expect(db1.metadata.labels["controller-revision-hash"]).toBe(sts.status.updateRevision);
    expect(cluster.remove("StatefulSet", "shop", "db")).toBe(true);
    expect(statefulPods()).toEqual([]);
  });
});
