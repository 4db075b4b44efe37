// setPodFailure: a new template's pods in the states a kubelet reports for pods that cannot start,
// read back with real kubectl (get pods, describe pod, logs, get events) and over plain HTTP.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type PodFailure, type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, findKubectl, http, type Loose, makeTempDir, runKubectl, workload } from "./helpers.js";

const kubectl = findKubectl();

/** Change the template (a new env value) through the API, as a config change does. */
async function bump(cluster: SimCluster, kind: string, name: string, value: string): Promise<void> {
  const obj = cluster.get(kind, "shop", name) as Loose;
  obj.spec.template.spec.containers[0].env[0].value = value;
  const plural = kind === "Deployment" ? "deployments" : "statefulsets";
  const reply = await http(cluster, "PUT", `/apis/apps/v1/namespaces/shop/${plural}/${name}`, { body: obj });
  expect(reply.status).toBe(200);
}

async function until<T>(read: () => T | undefined, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error("condition not reached");
    await new Promise((r) => setTimeout(r, 10));
  }
}

const newTemplate = (value: string) => (owner: Loose) =>
  owner.spec?.template?.spec?.containers?.[0]?.env?.[0]?.value === value;

describe("simulated pods that cannot start", () => {
  let cluster: SimCluster;
  const temp = makeTempDir("sim-pod-failures-");
  const kubeconfig = join(temp.dir, "kubeconfig");
  const run = (...args: string[]) => runKubectl(kubectl as string, args, { home: temp.dir, kubeconfig });

  beforeAll(async () => {
    cluster = await startSimCluster({ rolloutStepMs: 5 });
    cluster.writeKubeconfig(kubeconfig, { namespace: "shop" });
  });
  afterAll(async () => {
    await cluster.close();
    temp.cleanup();
  });

  /** The pod of `name`'s template that is in a waiting state, once there is one. */
  const failingPod = (prefix: string, reason: string, restarts = 0) =>
    until(() =>
      (cluster.list("Pod", "shop") as Loose[]).find(
        (p) =>
          p.metadata.name.startsWith(prefix) &&
          p.status.containerStatuses?.some(
            (s: Loose) => s.state.waiting?.reason === reason && s.restartCount >= restarts,
          ),
      ),
    );

  test.each<[PodFailure, string]>([
    ["CreateContainerConfigError", "couldn't find key"],
    ["CreateContainerError", "no such file or directory"],
    ["ErrImagePull", "failed to pull and unpack image"],
    ["ImagePullBackOff", "Back-off pulling image"],
    ["InvalidImageName", "invalid reference format"],
  ])(
    "%s: the new pod waits with the kubelet's reason and message; old pods stay ready",
    async (failure, says) => {
      const name = `w-${failure.toLowerCase()}`;
      const seeded = deployment(name, "shop", 2) as Loose;
      seeded.spec.template.spec.containers[0].env = [
        { name: "A", value: "1" },
        { name: "DB_HOST", valueFrom: { configMapKeyRef: { name: "app-config", key: "DB_HOST" } } },
      ];
      cluster.seed(seeded);
      cluster.setPodFailure("Deployment", "shop", name, failure, { onlyFor: newTemplate("2") });
      await bump(cluster, "Deployment", name, "2");
      const pod = await failingPod(name, failure);
      const waiting = pod.status.containerStatuses[0].state.waiting;
      expect(waiting.message).toContain(says);
      expect(pod.status.conditions.find((c: Loose) => c.type === "Ready").status).toBe("False");
      expect(pod.metadata.labels["pod-template-hash"]).toBeTruthy();
      // The rollout stalls after the first new pod: the old ReplicaSet's pods are still there, ready.
      const ready = (cluster.list("Pod", "shop") as Loose[]).filter(
        (p) =>
          p.metadata.name.startsWith(name) && p.status.conditions.every((c: Loose) => c.status === "True"),
      );
      expect(ready.length).toBeGreaterThanOrEqual(1);
      const events = (cluster.list("Event", "shop") as Loose[]).filter(
        (e) => e.involvedObject.name === pod.metadata.name,
      );
      expect(events.every((e) => e.type === "Warning" && e.count >= 1 && e.lastTimestamp)).toBe(true);
      expect(events.map((e) => e.message).join("\n")).toContain(
        failure === "ImagePullBackOff" ? "ImagePullBackOff" : says,
      );
    },
  );

  test("CrashLoopBackOff counts restarts, keeps the last termination and the previous run's log", async () => {
    cluster.seed(deployment("crash", "shop", 1));
    cluster.setPodFailure("Deployment", "shop", "crash", "CrashLoopBackOff", {
      onlyFor: newTemplate("2"),
      message: "invalid DB_PORT",
      exitCode: 3,
      log: ["starting", "config: DB_PORT=abc", "fatal: invalid DB_PORT"],
    });
    await bump(cluster, "Deployment", "crash", "2");
    const pod = await failingPod("crash", "CrashLoopBackOff", 2);
    const status = pod.status.containerStatuses[0];
    expect(status.lastState.terminated).toMatchObject({
      exitCode: 3,
      reason: "Error",
      message: "invalid DB_PORT",
    });
    const event = (cluster.list("Event", "shop") as Loose[]).find(
      (e) => e.involvedObject.uid === pod.metadata.uid,
    );
    expect(event).toMatchObject({ reason: "BackOff", type: "Warning" });
    expect(event.count).toBeGreaterThanOrEqual(2);
  });

  test("OOMKilled: exit code 137, reason OOMKilled (StatefulSet pods carry controller-revision-hash)", async () => {
    cluster.seed(workload("StatefulSet", "db", "shop"));
    cluster.setPodFailure("StatefulSet", "shop", "db", "OOMKilled", { onlyFor: newTemplate("2") });
    await bump(cluster, "StatefulSet", "db", "2");
    const pod = await failingPod("db", "CrashLoopBackOff", 1);
    expect(pod.status.containerStatuses[0].lastState.terminated).toMatchObject({
      exitCode: 137,
      reason: "OOMKilled",
    });
    expect(pod.metadata.labels["controller-revision-hash"]).toBe(
      (cluster.get("sts", "shop", "db") as Loose).status.updateRevision,
    );
  });

  test("not-ready-then-ready: new pods start unready, turn ready, and the rollout completes", async () => {
    cluster.seed(deployment("slow", "shop", 1));
    cluster.setPodFailure("Deployment", "shop", "slow", "not-ready-then-ready");
    await bump(cluster, "Deployment", "slow", "2");
    await until(() =>
      (cluster.list("Pod", "shop") as Loose[]).find(
        (p) => p.metadata.name.startsWith("slow") && p.status.containerStatuses[0].ready === false,
      ),
    );
    await until(() => {
      const d = cluster.get("Deployment", "shop", "slow") as Loose;
      return d.status.updatedReplicas === 1 && d.status.replicas === 1 ? d : undefined;
    });
    await until(() =>
      (cluster.list("Pod", "shop") as Loose[]).every(
        (p) => !p.metadata.name.startsWith("slow") || p.status.containerStatuses[0].ready === true,
      )
        ? true
        : undefined,
    );
  });

  describe.skipIf(!kubectl)("with kubectl", () => {
    test("get pods, describe pod, logs --previous, get events", async () => {
      const pod = await failingPod("crash", "CrashLoopBackOff", 2);
      const name = pod.metadata.name as string;
      const pods = await run("get", "pods", "-l", "app=crash");
      expect(pods.code).toBe(0);
      expect(pods.stdout).toMatch(/^NAME\s+READY\s+STATUS\s+RESTARTS\s+AGE/);
      expect(pods.stdout).toMatch(new RegExp(`${name}\\s+1/2\\s+CrashLoopBackOff\\s+\\d+`));

      const described = await run("describe", "pod", name);
      expect(described.code).toBe(0);
      expect(described.stdout).toContain("Controlled By:  ReplicaSet/crash-");
      expect(described.stdout).toMatch(/State:\s+Waiting\s+Reason:\s+CrashLoopBackOff/);
      expect(described.stdout).toMatch(
        /Last State:\s+Terminated\s+Reason:\s+Error\s+Message:\s+invalid DB_PORT\s+Exit Code:\s+3/,
      );
      expect(described.stdout).toMatch(/Warning\s+BackOff\s+.*Back-off restarting failed container app/);

      const logs = await run("logs", name, "-c", "app", "--previous", "--tail", "2");
      expect(logs.code).toBe(0);
      expect(logs.stdout).toBe("config: DB_PORT=abc\nfatal: invalid DB_PORT\n");

      const events = await run("get", "events", "--field-selector", `involvedObject.name=${name}`);
      expect(events.code).toBe(0);
      expect(events.stdout).toMatch(/^LAST SEEN\s+TYPE\s+REASON\s+OBJECT\s+MESSAGE/);
      expect(events.stdout).toContain(`Warning   BackOff   pod/${name}`);
    });

    test("logs of a container that never started: kubectl says it is waiting to start", async () => {
      const pod = await failingPod("w-createcontainerconfigerror", "CreateContainerConfigError");
      const logs = await run("logs", pod.metadata.name, "-c", "app");
      expect(logs.code).not.toBe(0);
      expect(logs.stderr).toContain("is waiting to start: CreateContainerConfigError");
    });
  });
});
