// What a pod sees of its configs, shown by the real `kubectl exec` against the simulated server, as
// a kubelet gives it (Kubernetes documentation, "ConfigMaps" and "Secrets"): "Mounted ConfigMaps are
// updated automatically" (after the kubelet's sync, about a minute; here kubeletSyncMs), "A container
// using a ConfigMap as a subPath volume mount will not receive ConfigMap updates", and
// "ConfigMaps consumed as environment variables are not updated automatically".
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { findKubectl, makeTempDir, runKubectl } from "./helpers.js";

const kubectl = findKubectl();

describe.skipIf(!kubectl)("kubectl exec shows what a simulated pod sees of its configs", () => {
  let sim: SimCluster;
  const temp = makeTempDir("sim-exec-");
  const kubeconfig = join(temp.dir, "kubeconfig");
  const run = (...args: string[]) => runKubectl(kubectl!, args, { home: temp.dir, kubeconfig });
  let pod = "";

  beforeAll(async () => {
    sim = await startSimCluster({ rolloutStepMs: 5, kubeletSyncMs: 50 });
    sim.writeKubeconfig(kubeconfig, { namespace: "shop" });
    sim.seed({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "app", namespace: "shop" },
      data: { LEVEL: "info" },
    });
    sim.seed({
      apiVersion: "v1",
      kind: "Secret",
      metadata: { name: "db", namespace: "shop" },
      data: { password: Buffer.from("s3cret").toString("base64") },
    });
    sim.seed({
      apiVersion: "apps/v1",
      kind: "Deployment",
      metadata: { name: "web", namespace: "shop" },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: "web" } },
        template: {
          metadata: { labels: { app: "web" } },
          spec: {
            containers: [
              {
                name: "app",
                image: "registry.example/app:1",
                env: [{ name: "LEVEL", valueFrom: { configMapKeyRef: { name: "app", key: "LEVEL" } } }],
                volumeMounts: [
                  { name: "config", mountPath: "/etc/app" },
                  { name: "config", mountPath: "/etc/pinned/LEVEL", subPath: "LEVEL" },
                  { name: "db", mountPath: "/etc/db" },
                ],
              },
            ],
            volumes: [
              { name: "config", configMap: { name: "app" } },
              { name: "db", secret: { secretName: "db" } },
            ],
          },
        },
      },
    });
    pod = String((sim.list("Pod", "shop")[0]!.metadata as { name: string }).name);
  });
  afterAll(async () => {
    await sim.close();
    temp.cleanup();
  });

  test("files and environment as the pod started: the config's keys, the Secret decoded", async () => {
    expect((await run("exec", pod, "--", "cat", "/etc/app/LEVEL")).stdout).toBe("info");
    expect((await run("exec", pod, "--", "cat", "/etc/db/password")).stdout).toBe("s3cret");
    expect((await run("exec", pod, "--", "ls", "/etc/app")).stdout).toBe("LEVEL\n");
    expect((await run("exec", pod, "-c", "app", "--", "printenv", "LEVEL")).stdout).toBe("info\n");
    const missing = await run("exec", pod, "--", "cat", "/etc/app/NOPE");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("cat: /etc/app/NOPE: No such file or directory");
    expect(missing.stderr).toContain("command terminated with exit code 1");
  });

  test("after a change: the mounted file follows once the kubelet synced, the subPath file and the env var do not", async () => {
    const file = join(temp.dir, "app.yaml");
    await import("node:fs").then((fs) =>
      fs.writeFileSync(
        file,
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  LEVEL: "debug"\n',
      ),
    );
    expect((await run("apply", "-f", file)).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await run("exec", pod, "--", "cat", "/etc/app/LEVEL")).stdout).toBe("debug");
    expect((await run("exec", pod, "--", "cat", "/etc/pinned/LEVEL")).stdout).toBe("info");
    expect((await run("exec", pod, "--", "printenv", "LEVEL")).stdout).toBe("info\n");
    expect(sim.podFiles("shop", pod)?.["/etc/app/LEVEL"]).toBe("debug");
  });
});
