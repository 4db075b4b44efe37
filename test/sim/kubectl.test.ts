// Real kubectl against the simulated server through a kubeconfig written by writeKubeconfig.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, findKubectl, type Loose, makeTempDir, runKubectl, workload } from "./helpers.js";

const kubectl = findKubectl();

describe.skipIf(!kubectl)("kubectl against the simulated cluster", () => {
  let cluster: SimCluster;
  const temp = makeTempDir("sim-kubectl-");
  const kubeconfig = join(temp.dir, "kubeconfig");
  const run = (...args: string[]) => runKubectl(kubectl as string, args, { home: temp.dir, kubeconfig });

  beforeAll(async () => {
    cluster = await startSimCluster({ rolloutStepMs: 5 });
    cluster.writeKubeconfig(kubeconfig, { namespace: "shop" });
    cluster.seed(deployment("web", "shop", 3));
    cluster.seed(deployment("api", "shop", 2));
    cluster.seed(deployment("late", "shop", 2));
    cluster.seed(workload("StatefulSet", "db", "shop"));
    cluster.seed(workload("DaemonSet", "agent", "shop"));
  });
  afterAll(async () => {
    await cluster.close();
    temp.cleanup();
  });

  test("kubectl get deploy prints a table of the namespace's deployments", async () => {
    const result = await run("get", "deploy", "-n", "shop");
    expect(result.code).toBe(0);
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^NAME\s+READY\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(0, 4))).toEqual([
      ["api", "2/2", "2", "2"],
      ["late", "2/2", "2", "2"],
      ["web", "3/3", "3", "3"],
    ]);
  });

  test("kubectl auth can-i asks a SelfSubjectAccessReview the sim answers from forbid()", async () => {
    // A separate server: forbid() lasts until the server closes.
    const denying = await startSimCluster();
    const config = join(temp.dir, "denying-kubeconfig");
    denying.writeKubeconfig(config);
    denying.forbid("patch", "deployments");
    try {
      const ask = (...args: string[]) =>
        runKubectl(kubectl as string, ["auth", "can-i", ...args], { home: temp.dir, kubeconfig: config });
      const refused = await ask("patch", "deployments", "-n", "shop");
      expect([refused.code, refused.stdout.trim()]).toEqual([1, expect.stringMatching(/^no\b/)]);
      const allowed = await ask("patch", "statefulsets.apps", "-n", "shop");
      expect([allowed.code, allowed.stdout.trim()]).toEqual([0, "yes"]);
      const review = denying.requests.find((r) => r.path.endsWith("/selfsubjectaccessreviews"));
      expect(JSON.parse(review?.body ?? "{}").spec.resourceAttributes).toMatchObject({
        verb: "patch",
        group: "apps",
        resource: "deployments",
        namespace: "shop",
      });
    } finally {
      await denying.close();
    }
  });

  test("forbid() with resourceNames answers as a Role granting the verb only for those names", async () => {
    const scoped = await startSimCluster();
    const config = join(temp.dir, "scoped-kubeconfig");
    scoped.writeKubeconfig(config, { namespace: "shop" });
    scoped.seed(deployment("web", "shop", 1));
    scoped.seed(deployment("api", "shop", 1));
    scoped.forbid("patch", "deployments", ["web"]);
    try {
      const kube = (...args: string[]) =>
        runKubectl(kubectl as string, args, { home: temp.dir, kubeconfig: config });
      // An access review that names the object is allowed; one without a name, or naming another, is not.
      expect((await kube("auth", "can-i", "patch", "deployments/web")).stdout.trim()).toBe("yes");
      expect((await kube("auth", "can-i", "patch", "deployments")).stdout.trim()).toMatch(/^no\b/);
      expect((await kube("auth", "can-i", "patch", "deployments/api")).stdout.trim()).toMatch(/^no\b/);
      // And so are the writes themselves.
      const patch = ["-p", '{"metadata":{"labels":{"x":"1"}}}'];
      expect((await kube("patch", "deployment", "web", ...patch)).code).toBe(0);
      const refused = await kube("patch", "deployment", "api", ...patch);
      expect(refused.stderr).toContain('deployments.apps "api" is forbidden');
    } finally {
      await scoped.close();
    }
  });

  test("a server-side apply that creates the object needs create as well as patch: an existing one is patched", async () => {
    const noCreate = await startSimCluster();
    const config = join(temp.dir, "no-create-kubeconfig");
    noCreate.writeKubeconfig(config, { namespace: "shop" });
    noCreate.seed({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "old", namespace: "shop" },
      data: {},
    });
    noCreate.forbid("create", "configmaps");
    try {
      const apply = (name: string) => {
        const file = join(temp.dir, `${name}.yaml`);
        writeFileSync(file, `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}}\ndata: {A: "1"}\n`);
        return runKubectl(kubectl as string, ["apply", "--server-side", "-f", file], {
          home: temp.dir,
          kubeconfig: config,
        });
      };
      const created = await apply("new");
      expect(created.code).toBe(1);
      expect(created.stderr).toContain('configmaps "new" is forbidden');
      expect(created.stderr).toContain('cannot create resource "configmaps"');
      expect((await apply("old")).code).toBe(0);
    } finally {
      await noCreate.close();
    }
  });

  test("kubectl get deploy NAME -o json returns the stored object", async () => {
    const result = await run("get", "deploy", "web", "-o", "json");
    expect(result.code).toBe(0);
    const obj = JSON.parse(result.stdout);
    expect(obj.metadata.uid).toBe((cluster.get("Deployment", "shop", "web") as Loose).metadata.uid);
    expect(obj.status.updatedReplicas).toBe(3);
  });

  test("kubectl patch (strategic) merges env by name and bumps the generation", async () => {
    cluster.resetRequests();
    const patch = {
      spec: { template: { spec: { containers: [{ name: "app", env: [{ name: "B", value: "2" }] }] } } },
    };
    const result = await run("patch", "deploy", "api", "-p", JSON.stringify(patch));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("deployment.apps/api patched");
    const stored = cluster.get("Deployment", "shop", "api") as Loose;
    expect(stored.spec.template.spec.containers[0].env).toEqual([
      { name: "B", value: "2" },
      { name: "A", value: "1" },
    ]);
    expect(stored.spec.template.spec.containers[1]).toEqual({ name: "sidecar", image: "busybox" });
    expect(stored.metadata.generation).toBe(2);
    const patchRequest = cluster.requests.find((r) => r.verb === "patch");
    expect(patchRequest?.contentType).toBe("application/strategic-merge-patch+json");
    expect(patchRequest?.fieldManager).toBe("kubectl-patch");
  });

  test("a merge patch guarded by a stale resourceVersion is a 409 Conflict, as kubectl shows it", async () => {
    // What the restart stage's re-read and recompute answers (test/rollout/restart.sim.test.ts).
    const before = cluster.get("Deployment", "shop", "web") as Loose;
    const stale = { metadata: { resourceVersion: before.metadata.resourceVersion, labels: { first: "1" } } };
    expect((await run("label", "deploy", "web", "other=writer")).code).toBe(0);
    const result = await run("patch", "deploy", "web", "--type", "merge", "-p", JSON.stringify(stale));
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      'Error from server (Conflict): Operation cannot be fulfilled on deployments.apps "web": the object has been modified; please apply your changes to the latest version and try again',
    );
    expect((cluster.get("Deployment", "shop", "web") as Loose).metadata.labels.first).toBeUndefined();
  });

  test("kubectl rollout restart, then rollout status waits for the simulator and exits 0", async () => {
    const restart = await run("rollout", "restart", "deploy/web");
    expect(restart.code).toBe(0);
    const annotations = (cluster.get("Deployment", "shop", "web") as Loose).spec.template.metadata
      .annotations;
    expect(annotations["kubectl.kubernetes.io/restartedAt"]).toBeTruthy();
    const status = await run("rollout", "status", "deploy/web", "--timeout=30s");
    expect(status.stderr).toBe("");
    expect(status.code).toBe(0);
    expect(status.stdout).toContain('deployment "web" successfully rolled out');
  });

  test("a progress-deadline deployment makes kubectl rollout status fail", async () => {
    cluster.setRolloutBehaviour("Deployment", "shop", "late", "progress-deadline");
    expect((await run("rollout", "restart", "deploy/late")).code).toBe(0);
    const status = await run("rollout", "status", "deploy/late", "--timeout=30s");
    expect(status.code).not.toBe(0);
    expect(status.stderr).toContain('deployment "late" exceeded its progress deadline');
  });

  test.each([
    ["sts/db", "partitioned roll out complete: 2 new pods have been updated..."],
    ["ds/agent", 'daemon set "agent" successfully rolled out'],
  ])("kubectl rollout status %s exits 0 after a restart", async (ref, message) => {
    expect((await run("rollout", "restart", ref)).code).toBe(0);
    const status = await run("rollout", "status", ref, "--timeout=30s");
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(message);
  });

  test("kubectl apply -f creates and updates objects (server-side field validation)", async () => {
    const file = join(temp.dir, "cm.yaml");
    writeFileSync(
      file,
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  level: debug\n",
    );
    expect((await run("apply", "-f", file)).code).toBe(0);
    writeFileSync(
      file,
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  level: info\n",
    );
    const second = await run("apply", "-f", file);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("configmap/settings configured");
    expect((cluster.get("ConfigMap", "shop", "settings") as Loose).data).toEqual({ level: "info" });
  });

  test("a label value over 63 characters or not in label characters is refused as a real server words it", async () => {
    const file = join(temp.dir, "labelled.yaml");
    const labelled = (name: string, value: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${name}\n  labels:\n    config-rollout.io/source: ${JSON.stringify(value)}\ndata:\n  level: debug\n`;
    // 63 characters is the limit, inclusive.
    writeFileSync(file, labelled("fits", "a".repeat(63)));
    expect((await run("apply", "--server-side", "-f", file)).code).toBe(0);
    const long = "a".repeat(64);
    writeFileSync(file, labelled("too-long", long));
    const refused = await run("apply", "--server-side", "-f", file);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain(
      `The ConfigMap "too-long" is invalid: metadata.labels: Invalid value: "${long}": must be no more than 63 characters`,
    );
    writeFileSync(file, labelled("odd", "-starts-with-a-dash"));
    const odd = await run("create", "-f", file);
    expect(odd.code).not.toBe(0);
    expect(odd.stderr).toContain(
      `The ConfigMap "odd" is invalid: metadata.labels: Invalid value: "-starts-with-a-dash": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')`,
    );
    expect(cluster.get("ConfigMap", "shop", "too-long")).toBeUndefined();
    expect(cluster.get("ConfigMap", "shop", "odd")).toBeUndefined();
  });

  test("kubectl reports a Forbidden answer with the verb and resource", async () => {
    // A workload not restarted yet: kubectl refuses a second restart within the same second by itself.
    cluster.seed(workload("StatefulSet", "cache", "shop"));
    cluster.forbid("patch", "statefulsets");
    const result = await run("rollout", "restart", "sts/cache");
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(
      'cannot patch resource "statefulsets" in API group "apps" in the namespace "shop"',
    );
  });

  test("kubectl with a wrong token is told to log in", async () => {
    const badConfig = join(temp.dir, "bad-kubeconfig");
    cluster.writeKubeconfig(badConfig, { token: "wrong" });
    const result = await runKubectl(kubectl as string, ["get", "deploy", "-n", "shop"], {
      home: temp.dir,
      kubeconfig: badConfig,
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain("You must be logged in to the server");
  });
});
