// The rollout simulator through the server: created, paused, stalled and partitioned workloads.
import { afterEach, beforeEach, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, http, type Loose, workload } from "./helpers.js";

let cluster: SimCluster;
beforeEach(async () => {
  cluster = await startSimCluster({ rolloutStepMs: 2 });
});
afterEach(async () => {
  await cluster.close();
});

const SHOP = "/apis/apps/v1/namespaces/shop/deployments";

async function waitFor<T>(read: () => T | undefined, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const status = (kind: string, name: string) => (cluster.get(kind, "shop", name) as Loose)?.status ?? {};

function restart(name: string, resource = "deployments") {
  return http(cluster, "PATCH", `/apis/apps/v1/namespaces/shop/${resource}/${name}`, {
    body: { spec: { template: { metadata: { annotations: { restartedAt: String(Date.now()) } } } } },
    contentType: "application/strategic-merge-patch+json",
  });
}

test("seeded workloads start fully rolled out", () => {
  cluster.seed(deployment("web", "shop", 3));
  cluster.seed(workload("StatefulSet", "db", "shop"));
  cluster.seed(workload("DaemonSet", "agent", "shop"));
  expect(status("Deployment", "web")).toMatchObject({
    observedGeneration: 1,
    replicas: 3,
    updatedReplicas: 3,
    availableReplicas: 3,
  });
  expect(status("StatefulSet", "db")).toMatchObject({ replicas: 2, readyReplicas: 2, updatedReplicas: 2 });
  expect(status("DaemonSet", "agent")).toMatchObject({
    desiredNumberScheduled: 3,
    numberAvailable: 3,
    updatedNumberScheduled: 3,
  });
  expect(
    (cluster.get("Deployment", "shop", "web") as Loose).metadata.annotations[
      "deployment.kubernetes.io/revision"
    ],
  ).toBe("1");
});

test("a deployment created through the API rolls out from zero pods", async () => {
  cluster.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "shop" } });
  const created = await http(cluster, "POST", SHOP, { body: deployment("new", "shop", 2) });
  expect((created.json() as Loose).status).toEqual({});
  const done = await waitFor(
    () => (status("Deployment", "new").availableReplicas === 2 ? status("Deployment", "new") : undefined),
    "rollout",
  );
  expect(done).toMatchObject({ observedGeneration: 1, replicas: 2, updatedReplicas: 2 });
});

test("each rollout bumps the deployment revision annotation", async () => {
  cluster.seed(deployment("web", "shop"));
  await restart("web");
  await waitFor(
    () =>
      status("Deployment", "web").observedGeneration === 2 &&
      !status("Deployment", "web").unavailableReplicas &&
      status("Deployment", "web").conditions[1].reason === "NewReplicaSetAvailable",
    "rollout",
  );
  expect(
    (cluster.get("Deployment", "shop", "web") as Loose).metadata.annotations[
      "deployment.kubernetes.io/revision"
    ],
  ).toBe("2");
});

test("a paused deployment does not roll until it is resumed", async () => {
  const paused = deployment("web", "shop") as Loose;
  paused.spec.paused = true;
  cluster.seed(paused);
  await restart("web");
  await waitFor(() => status("Deployment", "web").observedGeneration === 2, "observed generation");
  expect(status("Deployment", "web").conditions[1].reason).toBe("DeploymentPaused");
  expect(status("Deployment", "web").replicas).toBe(2);
  await http(cluster, "PATCH", `${SHOP}/web`, {
    body: { spec: { paused: null } },
    contentType: "application/merge-patch+json",
  });
  await waitFor(
    () =>
      status("Deployment", "web").conditions[1].reason === "NewReplicaSetAvailable" &&
      status("Deployment", "web").observedGeneration === 3,
    "rollout after resume",
  );
});

test("a stalled rollout stays short of done, and resumes when told to complete", async () => {
  cluster.seed(deployment("web", "shop", 3));
  cluster.setRolloutBehaviour("Deployment", "shop", "web", "stall");
  await restart("web");
  await waitFor(() => status("Deployment", "web").updatedReplicas === 1, "one updated replica");
  // Many more steps than a complete rollout needs: still stuck.
  await new Promise((r) => setTimeout(r, 100));
  expect(status("Deployment", "web")).toMatchObject({
    updatedReplicas: 1,
    replicas: 4,
    availableReplicas: 3,
  });
  cluster.setRolloutBehaviour("Deployment", "shop", "web", "complete");
  await waitFor(
    () =>
      status("Deployment", "web").updatedReplicas === 3 && status("Deployment", "web").replicas === 3
        ? true
        : undefined,
    "completion",
  );
});

test("a StatefulSet partition stops the rollout at the partition", async () => {
  const sts = workload("StatefulSet", "db", "shop") as Loose;
  sts.spec.replicas = 3;
  sts.spec.updateStrategy = { type: "RollingUpdate", rollingUpdate: { partition: 2 } };
  cluster.seed(sts);
  await restart("db", "statefulsets");
  await waitFor(
    () =>
      status("StatefulSet", "db").updatedReplicas === 1 && status("StatefulSet", "db").readyReplicas === 3,
    "partitioned rollout",
  );
  expect(status("StatefulSet", "db").currentRevision).not.toBe(status("StatefulSet", "db").updateRevision);
});

test("deleting a workload stops its rollout and emits no more writes", async () => {
  cluster.seed(deployment("web", "shop", 5));
  await restart("web");
  expect(cluster.remove("Deployment", "shop", "web")).toBe(true);
  const rv = cluster.resourceVersion();
  await new Promise((r) => setTimeout(r, 30));
  expect(cluster.resourceVersion()).toBe(rv);
});
