// REST semantics of the simulated server over real HTTP: shapes, errors, writes, selectors.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, http, type Loose } from "./helpers.js";

let cluster: SimCluster;
beforeAll(async () => {
  cluster = await startSimCluster({ rolloutStepMs: 5 });
  cluster.seed(deployment("web", "shop"));
  cluster.seed({
    ...deployment("api", "shop"),
    metadata: { name: "api", namespace: "shop", labels: { app: "api", tier: "back" } },
  });
  cluster.seed(deployment("web", "other"));
  cluster.seed({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "cfg", namespace: "shop" },
    data: { a: "1" },
  });
});
afterAll(async () => {
  await cluster.close();
});
beforeEach(() => cluster.resetRequests());

const SHOP = "/apis/apps/v1/namespaces/shop/deployments";
const CMS = "/api/v1/namespaces/shop/configmaps";

describe("reads", () => {
  test("a namespaced list has the list kind, a resourceVersion and items without kind", async () => {
    const reply = await http(cluster, "GET", SHOP);
    const body = reply.json() as Loose;
    expect(reply.status).toBe(200);
    expect(body).toMatchObject({
      kind: "DeploymentList",
      apiVersion: "apps/v1",
      metadata: { resourceVersion: cluster.resourceVersion() },
    });
    expect(body.items.map((d: Loose) => d.metadata.name)).toEqual(["api", "web"]);
    expect(body.items[0].kind).toBeUndefined();
  });

  test("an all-namespace list returns every namespace, sorted by namespace then name", async () => {
    const body = (await http(cluster, "GET", "/apis/apps/v1/deployments")).json() as Loose;
    expect(body.items.map((d: Loose) => `${d.metadata.namespace}/${d.metadata.name}`)).toEqual([
      "other/web",
      "shop/api",
      "shop/web",
    ]);
  });

  test.each([
    ["labelSelector=app%3Dweb", ["web"]],
    ["labelSelector=app%20in%20(api,web),tier!%3Dback", ["web"]],
    ["labelSelector=tier", ["api"]],
    ["labelSelector=!tier", ["web"]],
    ["fieldSelector=metadata.name%3Dapi", ["api"]],
    ["fieldSelector=metadata.name!%3Dapi", ["web"]],
  ])("selector %s", async (query, names) => {
    const body = (await http(cluster, "GET", `${SHOP}?${query}`)).json() as Loose;
    expect(body.items.map((d: Loose) => d.metadata.name)).toEqual(names);
  });

  test("an unsupported field selector is a 400 Status", async () => {
    const reply = await http(cluster, "GET", `${SHOP}?fieldSelector=spec.replicas%3D2`);
    expect(reply.status).toBe(400);
    expect(reply.json()).toMatchObject({
      kind: "Status",
      reason: "BadRequest",
      message: "field label not supported: spec.replicas",
    });
  });

  test("limit and continue page through a list", async () => {
    const first = (await http(cluster, "GET", "/apis/apps/v1/deployments?limit=2")).json() as Loose;
    expect(first.items).toHaveLength(2);
    expect(first.metadata.remainingItemCount).toBe(1);
    const second = (
      await http(cluster, "GET", `/apis/apps/v1/deployments?limit=2&continue=${first.metadata.continue}`)
    ).json() as Loose;
    expect(second.items.map((d: Loose) => d.metadata.name)).toEqual(["web"]);
    expect(second.metadata.continue).toBeUndefined();
  });

  test("a missing object is a 404 NotFound Status with details", async () => {
    const reply = await http(cluster, "GET", `${SHOP}/nope`);
    expect(reply.status).toBe(404);
    expect(reply.json()).toEqual({
      kind: "Status",
      apiVersion: "v1",
      metadata: {},
      status: "Failure",
      message: 'deployments.apps "nope" not found',
      reason: "NotFound",
      details: { name: "nope", group: "apps", kind: "deployments" },
      code: 404,
    });
  });

  test("kubectl's Table Accept header gets a meta.k8s.io Table", async () => {
    const reply = await http(cluster, "GET", SHOP, {
      accept: "application/json;as=Table;v=v1;g=meta.k8s.io,application/json",
    });
    const table = reply.json() as Loose;
    expect(table.kind).toBe("Table");
    expect(table.columnDefinitions.map((c: Loose) => c.name).slice(0, 4)).toEqual([
      "Name",
      "Ready",
      "Up-to-date",
      "Available",
    ]);
    expect(table.rows[1].cells.slice(0, 4)).toEqual(["web", "2/2", 2, 2]);
    expect(table.rows[1].object).toMatchObject({ kind: "PartialObjectMetadata", metadata: { name: "web" } });
  });

  test("discovery lists resources with short names and subresources", async () => {
    const body = (await http(cluster, "GET", "/apis/apps/v1")).json() as Loose;
    const deploy = body.resources.find((r: Loose) => r.name === "deployments");
    expect(deploy).toMatchObject({ kind: "Deployment", namespaced: true, shortNames: ["deploy"] });
    expect(deploy.verbs).toContain("patch");
    expect(body.resources.map((r: Loose) => r.name)).toContain("deployments/status");
    const core = (await http(cluster, "GET", "/api/v1")).json() as Loose;
    expect(core.resources.find((r: Loose) => r.name === "configmaps").shortNames).toEqual(["cm"]);
  });

  test("requests without the token get 401, and every request is logged with its verb", async () => {
    const reply = await http(cluster, "GET", SHOP, { token: null });
    expect(reply.status).toBe(401);
    expect(reply.json()).toMatchObject({ kind: "Status", reason: "Unauthorized", code: 401 });
    await http(cluster, "GET", `${SHOP}/web`);
    await http(cluster, "GET", "/apis");
    expect(cluster.requests.map((r) => [r.verb, r.kind, r.name, r.status])).toEqual([
      ["list", "Deployment", undefined, 401],
      ["get", "Deployment", "web", 200],
      ["get", undefined, undefined, 200],
    ]);
  });
});

describe("writes", () => {
  test("create answers 201 with server fields, a second create 409 AlreadyExists", async () => {
    const body = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "fresh" }, data: { k: "v" } };
    const created = await http(cluster, "POST", CMS, { body });
    expect(created.status).toBe(201);
    const obj = created.json() as Loose;
    expect(obj.metadata).toMatchObject({ name: "fresh", namespace: "shop" });
    expect(obj.metadata.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(obj.metadata.resourceVersion).toBe(cluster.resourceVersion());
    expect(obj.metadata.creationTimestamp).toMatch(/Z$/);
    const again = await http(cluster, "POST", CMS, { body });
    expect(again.status).toBe(409);
    expect(again.json()).toMatchObject({
      reason: "AlreadyExists",
      message: 'configmaps "fresh" already exists',
    });
  });

  test("create in a missing namespace is 404 for the namespace", async () => {
    const reply = await http(cluster, "POST", "/api/v1/namespaces/ghost/configmaps", {
      body: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "x" } },
    });
    expect(reply.status).toBe(404);
    expect(reply.json()).toMatchObject({ message: 'namespaces "ghost" not found' });
  });

  test("metadata-only patches keep the generation, spec patches bump it, no-op patches keep the resourceVersion", async () => {
    const merge = (body: unknown) =>
      http(cluster, "PATCH", `${SHOP}/api`, { body, contentType: "application/merge-patch+json" });
    const start = cluster.get("Deployment", "shop", "api") as Loose;
    const labelled = (await merge({ metadata: { annotations: { note: "x" } } })).json() as Loose;
    expect(labelled.metadata.generation).toBe(start.metadata.generation);
    const again = (await merge({ metadata: { annotations: { note: "x" } } })).json() as Loose;
    expect(again.metadata.resourceVersion).toBe(labelled.metadata.resourceVersion);
    const scaled = (await merge({ spec: { replicas: 3 } })).json() as Loose;
    expect(scaled.metadata.generation).toBe(start.metadata.generation + 1);
  });

  test("a patch cannot change status through the main resource", async () => {
    const reply = await http(cluster, "PATCH", `${SHOP}/web`, {
      body: { status: { replicas: 99 } },
      contentType: "application/merge-patch+json",
    });
    expect((reply.json() as Loose).status.replicas).toBe(2);
  });

  test("a PUT with a stale resourceVersion is a 409 Conflict", async () => {
    const current = cluster.get("ConfigMap", "shop", "cfg") as Loose;
    const ok = await http(cluster, "PUT", `${CMS}/cfg`, { body: { ...current, data: { a: "2" } } });
    expect(ok.status).toBe(200);
    const stale = await http(cluster, "PUT", `${CMS}/cfg`, { body: { ...current, data: { a: "3" } } });
    expect(stale.status).toBe(409);
    expect(stale.json()).toMatchObject({
      reason: "Conflict",
      message: expect.stringContaining("the object has been modified"),
    });
    expect((cluster.get("ConfigMap", "shop", "cfg") as Loose).data).toEqual({ a: "2" });
  });

  test.each([
    ["application/json-patch+json", [{ op: "replace", path: "/data/a", value: "jp" }], { a: "jp" }],
    ["application/merge-patch+json", { data: { b: "mp" } }, { a: "jp", b: "mp" }],
    ["application/strategic-merge-patch+json", { data: { b: null } }, { a: "jp" }],
  ])("PATCH %s", async (contentType, body, data) => {
    const reply = await http(cluster, "PATCH", `${CMS}/cfg`, { body, contentType });
    expect(reply.status).toBe(200);
    expect((reply.json() as Loose).data).toEqual(data);
  });

  test("PATCH with another content type is 415 Unsupported Media Type", async () => {
    const reply = await http(cluster, "PATCH", `${CMS}/cfg`, {
      body: { data: {} },
      contentType: "application/json",
    });
    expect(reply.status).toBe(415);
    expect(reply.json()).toMatchObject({ reason: "UnsupportedMediaType", code: 415 });
  });

  test("dryRun=All returns the would-be object without storing it", async () => {
    const before = cluster.get("Deployment", "shop", "web");
    const reply = await http(cluster, "PATCH", `${SHOP}/web?dryRun=All&fieldManager=ci`, {
      body: { spec: { template: { metadata: { annotations: { restart: "1" } } } } },
      contentType: "application/strategic-merge-patch+json",
    });
    expect((reply.json() as Loose).spec.template.metadata.annotations).toEqual({ restart: "1" });
    expect(cluster.get("Deployment", "shop", "web")).toEqual(before);
    expect(cluster.requests.at(-1)).toMatchObject({ verb: "patch", dryRun: true, fieldManager: "ci" });
  });

  test("server-side apply creates, then merges, and records the field manager", async () => {
    const yaml = (value: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: applied\ndata:\n  key: ${value}\n`;
    const apply = (value: string, query = "?fieldManager=config-rollout") =>
      http(cluster, "PATCH", `${CMS}/applied${query}`, {
        body: yaml(value),
        contentType: "application/apply-patch+yaml",
      });
    expect((await apply("one", "")).status).toBe(400);
    expect((await apply("one")).status).toBe(201);
    const second = (await apply("two")).json() as Loose;
    expect(second.data).toEqual({ key: "two" });
    expect(second.metadata.managedFields[0]).toMatchObject({ manager: "config-rollout", operation: "Apply" });
    expect(cluster.requests.filter((r) => r.verb === "apply").map((r) => r.fieldManager)).toEqual([
      undefined,
      "config-rollout",
      "config-rollout",
    ]);
  });

  test("Secret stringData is stored base64-encoded in data", async () => {
    const reply = await http(cluster, "POST", "/api/v1/namespaces/shop/secrets", {
      body: { apiVersion: "v1", kind: "Secret", metadata: { name: "s" }, stringData: { pw: "hunter2" } },
    });
    const secret = reply.json() as Loose;
    expect(secret.data).toEqual({ pw: Buffer.from("hunter2").toString("base64") });
    expect(secret.stringData).toBeUndefined();
    expect(secret.type).toBe("Opaque");
  });

  test("an invalid workload is a 422 Invalid Status naming the field", async () => {
    const bad = deployment("bad", "shop") as Loose;
    bad.spec.template.metadata.labels = { app: "other" };
    const reply = await http(cluster, "POST", SHOP, { body: bad });
    expect(reply.status).toBe(422);
    expect(reply.json()).toMatchObject({
      reason: "Invalid",
      details: { name: "bad", kind: "Deployment", causes: [{ field: "spec.template.metadata.labels" }] },
    });
  });

  test("delete answers a Success Status and the object is gone", async () => {
    await http(cluster, "POST", CMS, {
      body: { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "doomed" } },
    });
    const reply = await http(cluster, "DELETE", `${CMS}/doomed`);
    expect(reply.json()).toMatchObject({
      kind: "Status",
      status: "Success",
      details: { name: "doomed", kind: "configmaps" },
    });
    expect(cluster.get("ConfigMap", "shop", "doomed")).toBeUndefined();
  });
});
