// Real kubectl against a simulated cluster with and without the Argo Rollouts CRD.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { rollout } from "./argo-fixtures.js";
import { findKubectl, type Loose, makeTempDir, runKubectl } from "./helpers.js";

const kubectl = findKubectl();

/** A cluster and a kubectl with its own HOME (so no discovery cache is shared between clusters). */
async function kubectlCluster(prefix: string, crds: "argo-rollouts"[]) {
  const cluster = await startSimCluster({ rolloutStepMs: 5, crds });
  const temp = makeTempDir(prefix);
  const kubeconfig = join(temp.dir, "kubeconfig");
  cluster.writeKubeconfig(kubeconfig, { namespace: "shop" });
  const run = (...args: string[]) => runKubectl(kubectl as string, args, { home: temp.dir, kubeconfig });
  const close = async () => {
    await cluster.close();
    temp.cleanup();
  };
  return { cluster, run, dir: temp.dir, close };
}

describe.skipIf(!kubectl)("kubectl and Argo Rollouts on the simulated cluster", () => {
  let argo: Awaited<ReturnType<typeof kubectlCluster>>;
  let plain: Awaited<ReturnType<typeof kubectlCluster>>;
  let cluster: SimCluster;

  beforeAll(async () => {
    argo = await kubectlCluster("sim-kubectl-argo-", ["argo-rollouts"]);
    plain = await kubectlCluster("sim-kubectl-plain-", []);
    cluster = argo.cluster;
    cluster.seed(rollout("web", "shop"));
    cluster.seed(rollout("api", "shop", { replicas: 2 }));
  });
  afterAll(async () => {
    await argo.close();
    await plain.close();
  });

  test("kubectl get rollouts prints the CRD's printer columns", async () => {
    const result = await argo.run("get", "rollouts");
    expect(result.stderr).toBe("");
    const lines = result.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^NAME\s+DESIRED\s+CURRENT\s+UP-TO-DATE\s+AVAILABLE\s+AGE$/);
    expect(lines.slice(1).map((l) => l.split(/\s+/).slice(0, 5))).toEqual([
      ["api", "2", "2", "2", "2"],
      ["web", "3", "3", "3", "3"],
    ]);
  });

  test("kubectl get rollout NAME -o json shows Argo's status with a string observedGeneration", async () => {
    const result = await argo.run("get", "rollout", "web", "-o", "json");
    expect(result.code).toBe(0);
    const obj = JSON.parse(result.stdout) as Loose;
    expect(obj.apiVersion).toBe("argoproj.io/v1alpha1");
    expect(obj.status).toMatchObject({ phase: "Healthy", observedGeneration: "1", availableReplicas: 3 });
  });

  test("kubectl explain reads the CRD's schema: status.observedGeneration is a string", async () => {
    const result = await argo.run("explain", "rollout.status.observedGeneration");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/GROUP:\s+argoproj\.io/);
    expect(result.stdout).toMatch(/FIELD:\s+observedGeneration <string>/);
  });

  test("kubectl patch --type merge changes the template and the rollout completes", async () => {
    const patch = { spec: { template: { metadata: { annotations: { by: "kubectl" } } } } };
    const result = await argo.run("patch", "rollout", "web", "--type", "merge", "-p", JSON.stringify(patch));
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain("rollout.argoproj.io/web patched");
    const wait = await argo.run(
      "wait",
      "rollout/web",
      "--for=jsonpath={.status.observedGeneration}=2",
      "--timeout=20s",
    );
    expect(wait.code).toBe(0);
    const phase = await argo.run(
      "wait",
      "rollout/web",
      "--for=jsonpath={.status.phase}=Healthy",
      "--timeout=20s",
    );
    expect(phase.code).toBe(0);
    expect((cluster.get("Rollout", "shop", "web") as Loose).spec.template.metadata.annotations.by).toBe(
      "kubectl",
    );
  });

  test("kubectl patch with the default strategic type fails as it does for every CRD", async () => {
    const result = await argo.run("patch", "rollout", "api", "-p", '{"spec":{"replicas":5}}');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(
      "application/strategic-merge-patch+json is not supported by argoproj.io/v1alpha1, Kind=Rollout",
    );
    expect(result.stderr).toContain("the body of the request was in an unknown format");
    expect((cluster.get("Rollout", "shop", "api") as Loose).spec.replicas).toBe(2);
  });

  test("kubectl apply creates and then configures a Rollout", async () => {
    const file = join(argo.dir, "rollout.yaml");
    const manifest = (replicas: number) =>
      [
        "apiVersion: argoproj.io/v1alpha1",
        "kind: Rollout",
        "metadata:",
        "  name: applied",
        "spec:",
        `  replicas: ${replicas}`,
        "  selector: {matchLabels: {app: applied}}",
        "  template:",
        "    metadata: {labels: {app: applied}}",
        "    spec: {containers: [{name: app, image: nginx}]}",
        "",
      ].join("\n");
    writeFileSync(file, manifest(1));
    expect((await argo.run("apply", "-f", file)).stdout).toContain("rollout.argoproj.io/applied created");
    writeFileSync(file, manifest(2));
    expect((await argo.run("apply", "-f", file)).stdout).toContain("rollout.argoproj.io/applied configured");
    expect((cluster.get("Rollout", "shop", "applied") as Loose).spec.replicas).toBe(2);
  });

  test("kubectl api-resources lists rollouts only where the CRD is installed", async () => {
    const withCrd = await argo.run("api-resources", "--api-group=argoproj.io");
    expect(withCrd.code).toBe(0);
    expect(withCrd.stdout).toMatch(/^rollouts\s+ro\s+argoproj\.io\/v1alpha1\s+true\s+Rollout$/m);
    const without = await plain.run("api-resources");
    expect(without.code).toBe(0);
    expect(without.stdout).toMatch(/^deployments\s/m);
    expect(without.stdout).not.toContain("rollouts");
    const get = await plain.run("get", "rollouts");
    expect(get.code).not.toBe(0);
    expect(get.stderr).toContain('the server doesn\'t have a resource type "rollouts"');
  });
});
