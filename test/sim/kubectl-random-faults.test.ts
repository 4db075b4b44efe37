// Proof for sim randomFaults against the real kubectl: its answers are what kubectl sees from a
// flaky API server. A 429 with Retry-After is retried by kubectl, a 500 is printed as a server
// error, a slow answer is only slow, and a dropped watch ends `kubectl get --watch` (as when an API
// server closes a watch).
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, findKubectl, makeTempDir, runKubectl } from "./helpers.js";

const kubectl = findKubectl();

describe.skipIf(!kubectl)("kubectl against random faults", () => {
  let cluster: SimCluster;
  let temp: ReturnType<typeof makeTempDir>;
  let kubeconfig: string;
  const run = (...args: string[]) => runKubectl(kubectl as string, args, { home: temp.dir, kubeconfig });

  beforeEach(async () => {
    temp = makeTempDir("sim-kubectl-faults-");
    kubeconfig = join(temp.dir, "kubeconfig");
    cluster = await startSimCluster({ rolloutStepMs: 5 });
    cluster.writeKubeconfig(kubeconfig, { namespace: "shop" });
    cluster.seed(deployment("web", "shop", 2));
  });
  afterEach(async () => {
    await cluster.close();
    temp.cleanup();
  });

  test("each answer is one kubectl understands", async () => {
    const outcomes = new Map<string, { code: number; stderr: string }>();
    for (let seed = 1; seed <= 40 && outcomes.size < 3; seed++) {
      cluster.resetRequests();
      cluster.randomFaults({ rate: 1, seed, retryAfterSeconds: 1, slowMs: 100 });
      const result = await run("get", "deploy", "web", "-o", "name", "--request-timeout=10s");
      cluster.randomFaults(undefined);
      const first = cluster.requests.find((r) => r.resource === "deployments")?.fault ?? "none";
      if (!outcomes.has(first)) outcomes.set(first, { code: result.code, stderr: result.stderr });
      if (first === "slow") expect(result.stdout.trim()).toBe("deployment.apps/web");
      if (first === "500") expect(result.stderr).toContain("Error from server (InternalError)");
      if (first === "429") {
        // kubectl retried after Retry-After; with every request failing it eventually gives up.
        expect(cluster.requests.filter((r) => r.resource === "deployments").length).toBeGreaterThan(1);
      }
    }
    expect([...outcomes.keys()].sort()).toEqual(["429", "500", "slow"]);
    expect(outcomes.get("slow")?.code).toBe(0);
    expect(outcomes.get("500")?.code).toBe(1);
  });

  test("a dropped watch ends kubectl get --watch, as when an API server closes it", async () => {
    // With every request faulted, look for a seed where the list is only slow and the watch drops.
    let dropped = false;
    for (let seed = 1; seed <= 60 && !dropped; seed++) {
      cluster.resetRequests();
      cluster.randomFaults({ rate: 1, seed, slowMs: 50 });
      const started = Date.now();
      const watch = await run("get", "deploy", "web", "--watch", "-o", "name", "--request-timeout=3s");
      cluster.randomFaults(undefined);
      if (cluster.requests.find((r) => r.verb === "watch")?.fault !== "drop-watch") continue;
      dropped = true;
      expect(watch.stdout).toContain("deployment.apps/web");
      // Ended by the drop, well before the request timeout.
      expect(Date.now() - started).toBeLessThan(2_500);
    }
    expect(dropped).toBe(true);
  });
});
