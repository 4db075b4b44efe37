// setRolloutBehaviour(..., onlyFor): a behaviour that holds only for rollouts to some pod templates,
// as when the pods of one template crash; a rollout back to another template completes.
import { afterEach, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, http } from "./helpers.js";

let cluster: SimCluster | undefined;
afterEach(async () => {
  await cluster?.close();
  cluster = undefined;
});

const PATH = "/apis/apps/v1/namespaces/shop/deployments/web";

async function setEnv(sim: SimCluster, value: string): Promise<void> {
  const patch = {
    spec: { template: { spec: { containers: [{ name: "app", env: [{ name: "A", value }] }] } } },
  };
  const reply = await http(sim, "PATCH", PATH, {
    body: patch,
    contentType: "application/strategic-merge-patch+json",
  });
  expect(reply.status).toBe(200);
}

async function settled(sim: SimCluster): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const obj = sim.get("Deployment", "shop", "web") as {
      metadata: { generation: number };
      spec: { replicas: number };
      status: {
        observedGeneration?: number;
        updatedReplicas?: number;
        conditions?: Array<{ reason?: string }>;
      };
    };
    if (obj.status.observedGeneration === obj.metadata.generation) {
      if (obj.status.conditions?.some((c) => c.reason === "ProgressDeadlineExceeded")) return "failed";
      if (obj.status.updatedReplicas === obj.spec.replicas) return "done";
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return "pending";
}

test("only rollouts to templates the predicate accepts pass their progress deadline", async () => {
  cluster = await startSimCluster({ rolloutStepMs: 5 });
  const sim = cluster;
  sim.seed(deployment("web", "shop"));
  sim.setRolloutBehaviour("Deployment", "shop", "web", "progress-deadline", (obj) =>
    JSON.stringify(obj).includes('"bad"'),
  );
  await setEnv(sim, "bad");
  expect(await settled(sim)).toBe("failed");
  await setEnv(sim, "good");
  expect(await settled(sim)).toBe("done");
});
