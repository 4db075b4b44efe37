// ConfigMap/Secret create and delete, dry runs, immutable objects and label-selector lists over
// real HTTP, with the real API server's Status bodies.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, http, type Loose, workload } from "./helpers.js";

let cluster: SimCluster;
beforeAll(async () => {
  cluster = await startSimCluster({ rolloutStepMs: 5 });
  cluster.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "shop" } });
});
afterAll(async () => {
  await cluster.close();
});

const CMS = "/api/v1/namespaces/shop/configmaps";
const SECRETS = "/api/v1/namespaces/shop/secrets";
const IMMUTABLE = "Forbidden: field is immutable when `immutable` is set";

function configMap(name: string, data: Record<string, string>, extra: Record<string, unknown> = {}) {
  return { apiVersion: "v1", kind: "ConfigMap", metadata: { name }, data, ...extra };
}

function applyYaml(path: string, yaml: string, query = "?fieldManager=config-rollout") {
  return http(cluster, "PATCH", `${path}${query}`, {
    body: yaml,
    contentType: "application/apply-patch+yaml",
  });
}

describe("create and delete", () => {
  test("a second POST of a Secret is 409 AlreadyExists with the real details", async () => {
    const body = { apiVersion: "v1", kind: "Secret", metadata: { name: "db" }, stringData: { pw: "x" } };
    expect((await http(cluster, "POST", SECRETS, { body })).status).toBe(201);
    const again = await http(cluster, "POST", SECRETS, { body });
    expect(again.status).toBe(409);
    expect(again.json()).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      message: 'secrets "db" already exists',
      reason: "AlreadyExists",
      details: { name: "db", kind: "secrets" },
      code: 409,
    });
  });

  test("DELETE answers Success with the uid; a second DELETE is 404 NotFound", async () => {
    const created = (
      await http(cluster, "POST", CMS, { body: configMap("gone", { a: "1" }) })
    ).json() as Loose;
    const first = await http(cluster, "DELETE", `${CMS}/gone`);
    expect(first.status).toBe(200);
    expect(first.json()).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Success",
      details: { name: "gone", kind: "configmaps", uid: created.metadata.uid },
    });
    const second = await http(cluster, "DELETE", `${CMS}/gone`);
    expect(second.status).toBe(404);
    expect(second.json()).toMatchObject({
      status: "Failure",
      reason: "NotFound",
      message: 'configmaps "gone" not found',
      details: { name: "gone", kind: "configmaps" },
      code: 404,
    });
  });

  test("server-side apply of a missing Secret creates it (201) under the field manager", async () => {
    const reply = await applyYaml(
      `${SECRETS}/token`,
      "apiVersion: v1\nkind: Secret\nmetadata:\n  name: token\ntype: Opaque\nimmutable: true\nstringData:\n  t: abc\n",
    );
    expect(reply.status).toBe(201);
    const secret = reply.json() as Loose;
    expect(secret.data).toEqual({ t: Buffer.from("abc").toString("base64") });
    expect(secret.immutable).toBe(true);
    expect(secret.metadata.managedFields).toEqual([
      expect.objectContaining({ manager: "config-rollout", operation: "Apply" }),
    ]);
  });

  test.each([
    ["POST", CMS, { body: configMap("dry", { a: "1" }) }],
    [
      "PATCH",
      `${CMS}/dry`,
      {
        body: "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: dry\n",
        contentType: "application/apply-patch+yaml",
      },
    ],
  ])(
    "dryRun=All %s of a missing ConfigMap answers the object and stores nothing",
    async (method, path, opts) => {
      const rv = cluster.resourceVersion();
      const reply = await http(cluster, method, `${path}?dryRun=All&fieldManager=ci`, opts);
      expect(reply.status).toBe(201);
      expect((reply.json() as Loose).metadata.name).toBe("dry");
      expect(cluster.get("ConfigMap", "shop", "dry")).toBeUndefined();
      expect(cluster.resourceVersion()).toBe(rv);
    },
  );

  test("dryRun=All DELETE answers Success and keeps the object", async () => {
    await http(cluster, "POST", CMS, { body: configMap("kept", { a: "1" }) });
    const reply = await http(cluster, "DELETE", `${CMS}/kept?dryRun=All`);
    expect(reply.json()).toMatchObject({ status: "Success", details: { name: "kept" } });
    expect(cluster.get("ConfigMap", "shop", "kept")).toBeDefined();
    // kubectl delete --dry-run=server says it in a DeleteOptions body instead.
    const viaBody = await http(cluster, "DELETE", `${CMS}/kept`, {
      body: { kind: "DeleteOptions", apiVersion: "v1", dryRun: ["All"] },
    });
    expect(viaBody.status).toBe(200);
    expect(cluster.get("ConfigMap", "shop", "kept")).toBeDefined();
    const bad = await http(cluster, "DELETE", `${CMS}/kept`, { body: { dryRun: ["Some"] } });
    expect(bad.status).toBe(400);
    expect(cluster.get("ConfigMap", "shop", "kept")).toBeDefined();
  });
});

describe("immutable ConfigMaps and Secrets", () => {
  beforeAll(async () => {
    await http(cluster, "POST", CMS, { body: configMap("frozen", { level: "info" }, { immutable: true }) });
  });

  const merge = (path: string, body: unknown) =>
    http(cluster, "PATCH", path, { body, contentType: "application/merge-patch+json" });

  test("changing data is 422 Invalid with the real message, and nothing changes", async () => {
    const reply = await merge(`${CMS}/frozen`, { data: { level: "debug" } });
    expect(reply.status).toBe(422);
    expect(reply.json()).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      message: `ConfigMap "frozen" is invalid: data: ${IMMUTABLE}`,
      reason: "Invalid",
      details: {
        name: "frozen",
        kind: "ConfigMap",
        causes: [{ reason: "FieldValueForbidden", message: IMMUTABLE, field: "data" }],
      },
      code: 422,
    });
    expect((cluster.get("ConfigMap", "shop", "frozen") as Loose).data).toEqual({ level: "info" });
  });

  test("clearing immutable while changing data names both fields, immutable first", async () => {
    const reply = await merge(`${CMS}/frozen`, { immutable: false, binaryData: { b: "AAE=" } });
    expect(reply.status).toBe(422);
    const body = reply.json() as Loose;
    expect(body.message).toBe(
      `ConfigMap "frozen" is invalid: [immutable: ${IMMUTABLE}, binaryData: ${IMMUTABLE}]`,
    );
    expect(body.details.causes.map((c: Loose) => c.field)).toEqual(["immutable", "binaryData"]);
  });

  test("a server-side apply with new data is refused the same way", async () => {
    // Forced: the data belongs to the manager that created the object, which would be a conflict first.
    const reply = await applyYaml(
      `${CMS}/frozen`,
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: frozen\nimmutable: true\ndata:\n  level: warn\n",
      "?fieldManager=config-rollout&force=true",
    );
    expect(reply.status).toBe(422);
    expect((reply.json() as Loose).details.causes).toEqual([
      { reason: "FieldValueForbidden", message: IMMUTABLE, field: "data" },
    ]);
  });

  test("labels and annotations still change, and the object can be deleted", async () => {
    const reply = await merge(`${CMS}/frozen`, {
      metadata: { labels: { team: "a" }, annotations: { n: "1" } },
    });
    expect(reply.status).toBe(200);
    expect((reply.json() as Loose).metadata.labels).toEqual({ team: "a" });
    expect((await http(cluster, "DELETE", `${CMS}/frozen`)).status).toBe(200);
    expect(cluster.get("ConfigMap", "shop", "frozen")).toBeUndefined();
  });

  test("a Secret's stringData counts as data; its type never changes", async () => {
    await http(cluster, "POST", SECRETS, {
      body: {
        apiVersion: "v1",
        kind: "Secret",
        metadata: { name: "sealed" },
        immutable: true,
        data: { k: "dg==" },
      },
    });
    const changed = await merge(`${SECRETS}/sealed`, { stringData: { k: "other" } });
    expect(changed.status).toBe(422);
    expect((changed.json() as Loose).message).toBe(`Secret "sealed" is invalid: data: ${IMMUTABLE}`);
    const same = await merge(`${SECRETS}/sealed`, { stringData: { k: "v" } });
    expect(same.status).toBe(200);
    const retyped = await merge(`${SECRETS}/sealed`, { type: "kubernetes.io/tls" });
    expect(retyped.status).toBe(422);
    expect((retyped.json() as Loose).message).toBe(
      'Secret "sealed" is invalid: type: Invalid value: "kubernetes.io/tls": field is immutable',
    );
  });
});

describe("label-selector lists", () => {
  beforeAll(async () => {
    for (const [name, labels] of [
      ["a", { app: "web", tier: "front" }],
      ["b", { app: "web", tier: "back" }],
      ["c", { app: "api" }],
    ] as const) {
      cluster.seed({ ...configMap(name, {}), metadata: { name, namespace: "sel", labels } });
      cluster.seed({ apiVersion: "v1", kind: "Secret", metadata: { name, namespace: "sel", labels } });
    }
    const labelled = (obj: Record<string, unknown>, name: string, labels: Record<string, string>) => {
      const copy = structuredClone(obj) as Loose;
      copy.metadata.labels = labels;
      copy.spec.selector.matchLabels = labels;
      copy.spec.template.metadata.labels = labels;
      copy.metadata.name = name;
      return copy;
    };
    cluster.seed(labelled(deployment("x", "sel"), "web", { app: "web", tier: "front" }));
    cluster.seed(labelled(workload("StatefulSet", "x", "sel"), "db", { app: "db" }));
  });

  test.each([
    ["app=web", ["a", "b"]],
    ["app==web,tier!=back", ["a"]],
    ["tier!=back", ["a", "c"]],
    ["app in (web,api),tier notin (front)", ["b", "c"]],
    ["tier", ["a", "b"]],
    ["!tier", ["c"]],
  ])("ConfigMaps and Secrets honour labelSelector=%s", async (selector, names) => {
    for (const resource of ["configmaps", "secrets"]) {
      const reply = await http(
        cluster,
        "GET",
        `/api/v1/namespaces/sel/${resource}?labelSelector=${encodeURIComponent(selector)}`,
      );
      expect((reply.json() as Loose).items.map((i: Loose) => i.metadata.name)).toEqual(names);
    }
  });

  test("ReplicaSets, ControllerRevisions and Pods are listed by their owners' selectors", async () => {
    const list = async (path: string, selector: string) =>
      (
        (await http(cluster, "GET", `${path}?labelSelector=${encodeURIComponent(selector)}`)).json() as Loose
      ).items.map((i: Loose) => i.metadata.name as string);
    const rs = await list("/apis/apps/v1/namespaces/sel/replicasets", "app=web,tier in (front)");
    expect(rs).toHaveLength(1);
    expect(rs[0]).toMatch(/^web-[0-9a-f]{10}$/);
    expect(await list("/apis/apps/v1/namespaces/sel/replicasets", "app=db")).toEqual([]);
    const revisions = await list("/apis/apps/v1/namespaces/sel/controllerrevisions", "app=db");
    expect(revisions).toEqual([(cluster.get("StatefulSet", "sel", "db") as Loose).status.updateRevision]);
    expect(await list("/apis/apps/v1/namespaces/sel/controllerrevisions", "app!=db")).toEqual([]);
    const webPods = await list("/api/v1/namespaces/sel/pods", `app=web,pod-template-hash=${rs[0]?.slice(4)}`);
    expect(webPods).toEqual([expect.stringMatching(/^web-[0-9a-f]{10}-[a-z0-9]{5}$/), expect.any(String)]);
    expect(await list("/api/v1/namespaces/sel/pods", "!pod-template-hash")).toEqual(["db-0", "db-1"]);
  });
});
