// A watch without a resourceVersion ("start at the most recent"), as config-rollout's wait opens
// for targets it knows from their patch answers: the server sends an ADDED event per existing
// object, then the changes. Proved with the real kubectl: with client-go's WatchListClient feature
// on, `kubectl rollout status` asks for exactly such a watch (plus sendInitialEvents=true, which
// only adds the bookmark that marks the end of the initial events) and makes no LIST, so it follows
// the rollout only if the sim's initial events and the changes after them are what a cluster sends.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, findKubectl, makeTempDir, runKubectl } from "./helpers.js";

const kubectl = findKubectl();

describe.skipIf(!kubectl)("kubectl follows a rollout from a watch without resourceVersion", () => {
  let cluster: SimCluster;
  const temp = makeTempDir("sim-kubectl-watch-");
  const kubeconfig = join(temp.dir, "kubeconfig");
  const run = (args: string[], extra?: Record<string, string>) =>
    runKubectl(kubectl as string, args, { home: temp.dir, kubeconfig, extra });

  beforeAll(async () => {
    cluster = await startSimCluster({ rolloutStepMs: 20 });
    cluster.writeKubeconfig(kubeconfig, { namespace: "shop" });
    cluster.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "shop" } });
    cluster.seed(deployment("web", "shop", 3));
    cluster.seed(deployment("bystander", "shop", 2));
  });
  afterAll(async () => {
    await cluster.close();
    temp.cleanup();
  });

  test("rollout status after a restart: initial ADDED, then the rollout's changes, no LIST", async () => {
    expect((await run(["rollout", "restart", "deployment/web", "-n", "shop"])).code).toBe(0);
    cluster.resetRequests();
    const status = await run(["rollout", "status", "deployment/web", "-n", "shop", "--timeout=30s"], {
      KUBE_FEATURE_WatchListClient: "true",
    });
    expect(status.stderr).toBe("");
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('deployment "web" successfully rolled out');
    const deployments = cluster.requests.filter((r) => r.resource === "deployments");
    expect(deployments.filter((r) => r.verb === "list")).toEqual([]);
    const watch = deployments.find((r) => r.verb === "watch");
    expect(watch?.query.resourceVersion ?? "").toBe("");
    expect(watch?.query.sendInitialEvents).toBe("true");
    // kubectl saw the rollout through: the workload really is complete on the server.
    const live = cluster.get("Deployment", "shop", "web") as {
      metadata: { generation: number };
      status: { observedGeneration: number; updatedReplicas: number };
    };
    expect(live.status.observedGeneration).toBe(live.metadata.generation);
    expect(live.status.updatedReplicas).toBe(3);
  });

  test("a workload that is already rolled out is judged from the initial ADDED event alone", async () => {
    cluster.resetRequests();
    const status = await run(["rollout", "status", "deployment/bystander", "-n", "shop", "--timeout=30s"], {
      KUBE_FEATURE_WatchListClient: "true",
    });
    expect(status.code).toBe(0);
    expect(status.stdout.trim()).toBe('deployment "bystander" successfully rolled out');
    expect(cluster.requests.filter((r) => r.resource === "deployments" && r.verb === "list")).toEqual([]);
  });
});
