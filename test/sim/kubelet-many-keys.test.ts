// A ConfigMap of thousands of keys mounted as a whole volume and read with envFrom (Grafana
// dashboards, generated settings): the simulated kubelet reads the config once per volume, per
// envFrom and per sync, not once per key (each read copies the whole object), so the server keeps
// answering while pods start and files follow a change. Before, 12,000 keys (a real dashboard
// folder's size) blocked it for minutes, past the test timeouts; now the test takes about a second.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { findKubectl, makeTempDir, runKubectl } from "./helpers.js";

const kubectl = findKubectl();
const KEYS = 12_000;

describe.skipIf(!kubectl)("a ConfigMap of 12,000 keys mounted whole and read with envFrom", () => {
  let sim: SimCluster;
  const temp = makeTempDir("sim-many-keys-");
  const kubeconfig = join(temp.dir, "kubeconfig");
  const run = (...args: string[]) => runKubectl(kubectl!, args, { home: temp.dir, kubeconfig });
  const data = Object.fromEntries(
    Array.from({ length: KEYS }, (_, k) => [`KEY_${k}`, `value-${k}-${"y".repeat(40)}`]),
  );
  const pods = () => sim.list("Pod", "shop").map((p) => String((p.metadata as { name: string }).name));

  beforeAll(async () => {
    sim = await startSimCluster({ rolloutStepMs: 5, kubeletSyncMs: 50 });
    sim.writeKubeconfig(kubeconfig, { namespace: "shop" });
    sim.seed({ apiVersion: "v1", kind: "ConfigMap", metadata: { name: "big", namespace: "shop" }, data });
    sim.seed({
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "app", namespace: "shop" },
      spec: {
        replicas: 2,
        selector: { matchLabels: { app: "app" } },
        template: {
          metadata: { labels: { app: "app" } },
          spec: {
            containers: [
              {
                name: "app",
                image: "registry.example/app:1",
                envFrom: [{ configMapRef: { name: "big" } }],
                volumeMounts: [{ name: "cfg", mountPath: "/cfg" }],
              },
            ],
            volumes: [{ name: "cfg", configMap: { name: "big" } }],
          },
        },
      },
    });
  });
  afterAll(async () => {
    await sim.close();
    temp.cleanup();
  });

  test("every pod sees every key as a file and a variable, and files follow a change", async () => {
    const ready = await run("get", "deploy", "app", "-o", "jsonpath={.status.readyReplicas}");
    expect([ready.code, ready.stdout]).toEqual([0, "2"]);
    expect(pods()).toHaveLength(2);
    for (const pod of pods()) {
      const files = sim.podFiles("shop", pod) ?? {};
      expect(Object.keys(files)).toHaveLength(KEYS);
      expect(files["/cfg/KEY_11999"]).toBe(data.KEY_11999);
    }
    const env = await run("exec", pods()[0]!, "--", "printenv", "KEY_11999");
    expect(env.stdout).toBe(`${data.KEY_11999}\n`);

    expect((await run("patch", "configmap", "big", "-p", '{"data":{"KEY_0":"changed"}}')).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const pod of pods()) expect(sim.podFiles("shop", pod)?.["/cfg/KEY_0"]).toBe("changed");
  });
});
