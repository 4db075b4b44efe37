// Argo Rollouts on the simulated server over real HTTP: the CRD switch, discovery, REST on
// rollouts (patch types, status subresource, generation) and the controller simulation.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { KubeConfig, KubernetesObjectApi, PatchStrategy } from "@kubernetes/client-node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { readSeedFile } from "../../sim/seed-file.js";
import { rollout, templateAnnotationPatch } from "./argo-fixtures.js";
import { deployment, http, type Loose, makeTempDir } from "./helpers.js";
import { openWatch } from "./watch-stream.js";

const ROLLOUTS = "/apis/argoproj.io/v1alpha1/namespaces/shop/rollouts";
const CRD_PATH = "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/rollouts.argoproj.io";
const MERGE = "application/merge-patch+json";

async function until<T>(read: () => T | undefined, what: string, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

function stored(cluster: SimCluster, name: string): Loose {
  return cluster.get("Rollout", "shop", name) as Loose;
}

/** Waits until the rollout shows `phase` for its current generation. */
function phaseOf(cluster: SimCluster, name: string, phase: string): Promise<Loose> {
  return until(() => {
    const obj = stored(cluster, name);
    const observed = obj?.status?.observedGeneration === String(obj?.metadata?.generation);
    return observed && obj.status.phase === phase ? obj : undefined;
  }, `${name} to be ${phase}`);
}

describe("a cluster without the Argo Rollouts CRD", () => {
  let cluster: SimCluster;
  beforeAll(async () => {
    cluster = await startSimCluster({ rolloutStepMs: 5 });
  });
  afterAll(() => cluster.close());

  test("serves no argoproj.io group and no rollouts path", async () => {
    const groups = (await http(cluster, "GET", "/apis")).json() as Loose;
    const names = groups.groups.map((g: Loose) => g.name);
    expect(names).toContain("apiextensions.k8s.io");
    expect(names).not.toContain("argoproj.io");
    expect((await http(cluster, "GET", ROLLOUTS)).status).toBe(404);
    expect((await http(cluster, "GET", "/apis/argoproj.io/v1alpha1")).status).toBe(404);
  });

  test("the CRD object is absent, and seeding a Rollout says the CRD is missing", async () => {
    const reply = await http(cluster, "GET", CRD_PATH);
    expect(reply.status).toBe(404);
    expect((reply.json() as Loose).message).toBe(
      'customresourcedefinitions.apiextensions.k8s.io "rollouts.argoproj.io" not found',
    );
    expect(() => cluster.seed(rollout("web", "shop"))).toThrow(
      /Rollout is served only once its CRD is installed/,
    );
  });

  test("seeding Argo's CRD from a YAML file installs it, like `kubectl apply -f install.yaml`", async () => {
    const other = await startSimCluster({ rolloutStepMs: 5 });
    const temp = makeTempDir("sim-argo-seed-");
    try {
      const file = join(temp.dir, "crd.yaml");
      writeFileSync(
        file,
        "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: rollouts.argoproj.io\nspec:\n  group: argoproj.io\n",
      );
      for (const obj of readSeedFile(file)) other.seed(obj);
      expect((await http(other, "GET", ROLLOUTS)).status).toBe(200);
    } finally {
      temp.cleanup();
      await other.close();
    }
  });

  test("installCrd serves the resource from then on", async () => {
    cluster.installCrd("argo-rollouts");
    cluster.installCrd("argo-rollouts");
    expect((await http(cluster, "GET", ROLLOUTS)).status).toBe(200);
    cluster.seed(rollout("late", "shop"));
    expect(stored(cluster, "late").status.phase).toBe("Healthy");
  });
});

describe("a cluster with the Argo Rollouts CRD", () => {
  let cluster: SimCluster;
  beforeAll(async () => {
    cluster = await startSimCluster({ rolloutStepMs: 5, crds: ["argo-rollouts"] });
    cluster.seed(rollout("web", "shop"));
    cluster.seed(rollout("api", "shop", { labels: { tier: "back" } }));
  });
  afterAll(() => cluster.close());

  test("discovery lists the group, its version and rollouts with short name ro", async () => {
    const groups = (await http(cluster, "GET", "/apis")).json() as Loose;
    expect(groups.groups).toContainEqual({
      name: "argoproj.io",
      versions: [{ groupVersion: "argoproj.io/v1alpha1", version: "v1alpha1" }],
      preferredVersion: { groupVersion: "argoproj.io/v1alpha1", version: "v1alpha1" },
    });
    const group = (await http(cluster, "GET", "/apis/argoproj.io")).json() as Loose;
    expect(group).toMatchObject({ kind: "APIGroup", name: "argoproj.io" });
    const list = (await http(cluster, "GET", "/apis/argoproj.io/v1alpha1")).json() as Loose;
    expect(list.groupVersion).toBe("argoproj.io/v1alpha1");
    expect(list.resources.map((r: Loose) => r.name)).toEqual([
      "rollouts",
      "rollouts/status",
      "rollouts/scale",
    ]);
    expect(list.resources[0]).toMatchObject({
      kind: "Rollout",
      namespaced: true,
      singularName: "rollout",
      shortNames: ["ro"],
    });
    expect(list.resources[0].verbs).toEqual(
      expect.arrayContaining(["get", "list", "watch", "patch", "create"]),
    );
  });

  test("the CRD object states status.observedGeneration as a string, as Argo's does", async () => {
    const reply = await http(cluster, "GET", CRD_PATH);
    expect(reply.status).toBe(200);
    const crd = reply.json() as Loose;
    expect(crd).toMatchObject({
      kind: "CustomResourceDefinition",
      spec: { group: "argoproj.io", scope: "Namespaced", names: { kind: "Rollout", plural: "rollouts" } },
    });
    const version = crd.spec.versions[0];
    expect(version.name).toBe("v1alpha1");
    expect(version.subresources.status).toEqual({});
    expect(version.schema.openAPIV3Schema.properties.status.properties.observedGeneration).toEqual({
      type: "string",
    });
  });

  test("lists filter by label and field selectors; items carry no kind", async () => {
    const byLabel = (await http(cluster, "GET", `${ROLLOUTS}?labelSelector=tier%3Dback`)).json() as Loose;
    expect(byLabel.kind).toBe("RolloutList");
    expect(byLabel.items.map((r: Loose) => r.metadata.name)).toEqual(["api"]);
    expect(byLabel.items[0].kind).toBeUndefined();
    const byField = (
      await http(cluster, "GET", `${ROLLOUTS}?fieldSelector=metadata.name%3Dweb`)
    ).json() as Loose;
    expect(byField.items.map((r: Loose) => r.metadata.name)).toEqual(["web"]);
  });

  test("an all-namespace list finds rollouts in every namespace", async () => {
    cluster.seed(rollout("elsewhere", "other"));
    const body = (await http(cluster, "GET", "/apis/argoproj.io/v1alpha1/rollouts")).json() as Loose;
    const keys = body.items.map((r: Loose) => `${r.metadata.namespace}/${r.metadata.name}`);
    expect(keys).toContain("other/elsewhere");
    expect(keys).toContain("shop/web");
  });

  test("forbid() answers the real RBAC message for the argoproj.io group", async () => {
    const other = await startSimCluster({ rolloutStepMs: 5, crds: ["argo-rollouts"] });
    try {
      other.seed(rollout("web", "shop"));
      other.forbid("patch", "rollouts");
      const reply = await http(other, "PATCH", `${ROLLOUTS}/web`, { body: { spec: {} }, contentType: MERGE });
      expect(reply.status).toBe(403);
      expect((reply.json() as Loose).message).toBe(
        'rollouts.argoproj.io "web" is forbidden: User "system:serviceaccount:default:sim" cannot patch resource "rollouts" in API group "argoproj.io" in the namespace "shop"',
      );
    } finally {
      await other.close();
    }
  });

  test("a created Rollout goes Progressing, then Healthy, seen through a watch", async () => {
    const watch = await openWatch(cluster, `${ROLLOUTS}?watch=true&fieldSelector=metadata.name%3Dfresh`);
    const body = { ...rollout("fresh", "shop"), status: { phase: "Healthy" } };
    const created = await http(cluster, "POST", ROLLOUTS, { body });
    expect(created.status).toBe(201);
    expect((created.json() as Loose).metadata.generation).toBe(1);
    // The status a client sends on create is dropped: the controller writes it.
    expect((created.json() as Loose).status).toBeUndefined();
    await watch.next((e) => e.object.status?.phase === "Progressing");
    const healthy = await watch.next((e) => e.object.status?.phase === "Healthy");
    watch.close();
    expect(healthy.object.status).toMatchObject({
      observedGeneration: "1",
      replicas: 3,
      availableReplicas: 3,
    });
    expect(healthy.object.status.stableRS).toBe(healthy.object.status.currentPodHash);
  });

  test("a merge patch of the pod template bumps the generation and rolls out a new pod hash", async () => {
    const before = stored(cluster, "web");
    const reply = await http(cluster, "PATCH", `${ROLLOUTS}/web`, {
      body: templateAnnotationPatch("1"),
      contentType: MERGE,
    });
    expect(reply.status).toBe(200);
    expect((reply.json() as Loose).metadata.generation).toBe(before.metadata.generation + 1);
    const after = await phaseOf(cluster, "web", "Healthy");
    expect(after.status.observedGeneration).toBe(String(before.metadata.generation + 1));
    expect(after.status.currentPodHash).not.toBe(before.status.currentPodHash);
    expect(after.status.stableRS).toBe(after.status.currentPodHash);
    expect(after.metadata.annotations["rollout.argoproj.io/revision"]).toBe("2");
  });

  test("JSON patch and server-side apply work on rollouts", async () => {
    const jsonPatch = await http(cluster, "PATCH", `${ROLLOUTS}/api`, {
      body: [{ op: "replace", path: "/spec/replicas", value: 5 }],
      contentType: "application/json-patch+json",
    });
    expect(jsonPatch.status).toBe(200);
    expect((jsonPatch.json() as Loose).spec.replicas).toBe(5);
    // Forced: the JSON patch above made its manager the owner of spec.replicas.
    const apply = await http(cluster, "PATCH", `${ROLLOUTS}/api?fieldManager=tests&force=true`, {
      body: "apiVersion: argoproj.io/v1alpha1\nkind: Rollout\nmetadata:\n  name: api\nspec:\n  replicas: 2\n",
      contentType: "application/apply-patch+yaml",
    });
    expect(apply.status).toBe(200);
    expect(stored(cluster, "api").spec.replicas).toBe(2);
    expect((await phaseOf(cluster, "api", "Healthy")).status.replicas).toBe(2);
  });

  test("a strategic merge patch is refused with 415, as for every custom resource", async () => {
    const before = stored(cluster, "api");
    const reply = await http(cluster, "PATCH", `${ROLLOUTS}/api`, {
      body: { spec: { replicas: 7 } },
      contentType: "application/strategic-merge-patch+json",
    });
    expect(reply.status).toBe(415);
    expect(reply.json()).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      message:
        "the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml",
      reason: "UnsupportedMediaType",
      code: 415,
    });
    expect(stored(cluster, "api").metadata.resourceVersion).toBe(before.metadata.resourceVersion);
  });

  test("status is a subresource: writing it keeps the generation, writing the object keeps the status", async () => {
    const before = stored(cluster, "api");
    const statusReply = await http(cluster, "PATCH", `${ROLLOUTS}/api/status`, {
      body: { status: { message: "from a test" }, spec: { replicas: 9 } },
      contentType: MERGE,
    });
    expect(statusReply.status).toBe(200);
    const afterStatus = stored(cluster, "api");
    expect(afterStatus.metadata.generation).toBe(before.metadata.generation);
    expect(afterStatus.spec.replicas).toBe(before.spec.replicas);
    const mainReply = await http(cluster, "PATCH", `${ROLLOUTS}/api`, {
      body: { status: { phase: "Degraded" }, metadata: { labels: { touched: "yes" } } },
      contentType: MERGE,
    });
    expect((mainReply.json() as Loose).status.phase).not.toBe("Degraded");
    expect(stored(cluster, "api").metadata.generation).toBe(before.metadata.generation);
  });

  test("a canary `pause: {}` step stays Paused until the pause condition is cleared", async () => {
    cluster.seed(rollout("canary", "shop", { replicas: 4, steps: [{ setWeight: 25 }, { pause: {} }] }));
    await http(cluster, "PATCH", `${ROLLOUTS}/canary`, {
      body: templateAnnotationPatch("1"),
      contentType: MERGE,
    });
    const paused = await phaseOf(cluster, "canary", "Paused");
    expect(paused.status).toMatchObject({
      message: "CanaryPauseStep",
      controllerPause: true,
      currentStepIndex: 1,
      updatedReplicas: 1,
      pauseConditions: [{ reason: "CanaryPauseStep", startTime: expect.any(String) }],
    });
    await new Promise((r) => setTimeout(r, 60));
    expect(stored(cluster, "canary").status.phase).toBe("Paused");
    // What `kubectl argo rollouts promote` does: clear the pause conditions through the status subresource.
    await http(cluster, "PATCH", `${ROLLOUTS}/canary/status`, {
      body: { status: { pauseConditions: null } },
      contentType: MERGE,
    });
    const promoted = await phaseOf(cluster, "canary", "Healthy");
    expect(promoted.status.stableRS).toBe(paused.status.currentPodHash);
    expect(promoted.status.controllerPause).toBeUndefined();
  });

  test("spec.paused: true shows Paused (manually paused)", async () => {
    cluster.seed(rollout("held", "shop"));
    await http(cluster, "PATCH", `${ROLLOUTS}/held`, {
      body: { spec: { paused: true } },
      contentType: MERGE,
    });
    expect((await phaseOf(cluster, "held", "Paused")).status.message).toBe("manually paused");
  });

  test("spec.restartAt restarts the pods and records status.restartedAt", async () => {
    cluster.seed(rollout("restarted", "shop"));
    const hash = stored(cluster, "restarted").status.currentPodHash;
    const at = "2026-11-23T10:00:00Z";
    await http(cluster, "PATCH", `${ROLLOUTS}/restarted`, {
      body: { spec: { restartAt: at } },
      contentType: MERGE,
    });
    const done = await until(() => {
      const obj = stored(cluster, "restarted");
      return obj.status.restartedAt === at && obj.status.phase === "Healthy" ? obj : undefined;
    }, "the restart");
    expect(done.status.currentPodHash).toBe(hash);
  });

  test("setRolloutBehaviour progress-deadline makes the next rollout Degraded with a message", async () => {
    cluster.seed(rollout("late", "shop"));
    cluster.setRolloutBehaviour("Rollout", "shop", "late", "progress-deadline");
    await http(cluster, "PATCH", `${ROLLOUTS}/late`, {
      body: templateAnnotationPatch("1"),
      contentType: MERGE,
    });
    const degraded = await phaseOf(cluster, "late", "Degraded");
    expect(degraded.status.message).toMatch(
      /^ProgressDeadlineExceeded: ReplicaSet "late-[0-9a-f]+" has timed out progressing\.$/,
    );
  });

  test("spec.workloadRef: a change to the Deployment's template starts a new Rollout revision", async () => {
    cluster.seed(deployment("shared-template", "shop"));
    cluster.seed(rollout("by-ref", "shop", { workloadRef: "shared-template" }));
    const before = stored(cluster, "by-ref");
    expect(before.status).toMatchObject({ phase: "Healthy", workloadObservedGeneration: "1" });
    expect(before.metadata.annotations["rollout.argoproj.io/workload-generation"]).toBe("1");
    const patched = await http(
      cluster,
      "PATCH",
      "/apis/apps/v1/namespaces/shop/deployments/shared-template",
      {
        body: templateAnnotationPatch("1"),
        contentType: "application/strategic-merge-patch+json",
      },
    );
    expect(patched.status).toBe(200);
    const after = await until(() => {
      const obj = stored(cluster, "by-ref");
      return obj.status.workloadObservedGeneration === "2" && obj.status.phase === "Healthy"
        ? obj
        : undefined;
    }, "the referenced Deployment's new template to roll out");
    expect(after.metadata.generation).toBe(before.metadata.generation);
    expect(after.metadata.annotations["rollout.argoproj.io/revision"]).toBe("2");
    expect(after.status.currentPodHash).not.toBe(before.status.currentPodHash);
    expect(after.status.stableRS).toBe(after.status.currentPodHash);
  });

  test("a workloadRef to a missing Deployment is Degraded (InvalidSpec)", async () => {
    const created = await http(cluster, "POST", ROLLOUTS, {
      body: rollout("orphan", "shop", { workloadRef: "nope" }),
    });
    expect(created.status).toBe(201);
    expect((await phaseOf(cluster, "orphan", "Degraded")).status.message).toBe(
      'InvalidSpec: deployment.apps "nope" not found',
    );
  });

  test("client-node's generic KubernetesObjectApi reads and merge-patches a Rollout", async () => {
    const temp = makeTempDir("sim-argo-client-");
    try {
      const path = join(temp.dir, "kubeconfig");
      cluster.writeKubeconfig(path);
      const kc = new KubeConfig();
      kc.loadFromFile(path);
      const api = KubernetesObjectApi.makeApiClient(kc);
      const ref = {
        apiVersion: "argoproj.io/v1alpha1",
        kind: "Rollout",
        metadata: { name: "web", namespace: "shop" },
      };
      const read = (await api.read(ref)) as Loose;
      expect(read.status.phase).toBe("Healthy");
      const patch = { ...ref, spec: { template: { metadata: { annotations: { via: "client-node" } } } } };
      const patched = (await api.patch(
        patch,
        undefined,
        undefined,
        "tests",
        undefined,
        PatchStrategy.MergePatch,
      )) as Loose;
      expect(patched.spec.template.metadata.annotations.via).toBe("client-node");
      await expect(
        api.patch(patch, undefined, undefined, "tests", undefined, PatchStrategy.StrategicMergePatch),
      ).rejects.toMatchObject({ code: 415 });
    } finally {
      temp.cleanup();
    }
  });

  test("deleting the CRD deletes its rollouts and stops serving them", async () => {
    const other = await startSimCluster({ rolloutStepMs: 5, crds: ["argo-rollouts"] });
    try {
      other.seed(rollout("web", "shop"));
      expect(other.remove("CustomResourceDefinition", "", "rollouts.argoproj.io")).toBe(true);
      expect((await http(other, "GET", ROLLOUTS)).status).toBe(404);
      expect(() => other.list("Rollout")).toThrow(/served only once its CRD is installed/);
      other.installCrd("argo-rollouts");
      expect(other.list("Rollout")).toEqual([]);
      expect(((await http(other, "GET", ROLLOUTS)).json() as Loose).items).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
