// @kubernetes/client-node 1.4 against the simulated server: list, patch, errors, watch.
import { join } from "node:path";
import {
  ApiException,
  AppsV1Api,
  CoreV1Api,
  KubeConfig,
  PatchStrategy,
  setHeaderOptions,
  Watch,
} from "@kubernetes/client-node";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, makeTempDir } from "./helpers.js";

let cluster: SimCluster;
const temp = makeTempDir("sim-client-node-");

function clientFor(opts: { token?: string; insecureHttp?: boolean } = {}) {
  const path = join(temp.dir, `kubeconfig-${Math.random().toString(36).slice(2)}`);
  cluster.writeKubeconfig(path, opts);
  const kc = new KubeConfig();
  kc.loadFromFile(path);
  return kc;
}

beforeAll(async () => {
  cluster = await startSimCluster({ rolloutStepMs: 5 });
  cluster.seed(deployment("web", "shop"));
  cluster.seed({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "cfg", namespace: "shop" },
    data: { a: "1" },
  });
});
afterAll(async () => {
  await cluster.close();
  temp.cleanup();
});
beforeEach(() => cluster.resetRequests());

async function rejection(promise: Promise<unknown>): Promise<ApiException<unknown>> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiException) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe.each([
  { name: "https (the default kubeconfig)", insecureHttp: false },
  { name: "plain http", insecureHttp: true },
])("client-node over $name", ({ insecureHttp }) => {
  test("lists deployments and patches one with a strategic merge patch", async () => {
    const apps = clientFor({ insecureHttp }).makeApiClient(AppsV1Api);
    const list = await apps.listNamespacedDeployment({ namespace: "shop" });
    expect(list.items.map((d) => d.metadata?.name)).toEqual(["web"]);
    const patched = await apps.patchNamespacedDeployment(
      {
        name: "web",
        namespace: "shop",
        body: {
          spec: {
            template: {
              spec: {
                containers: [{ name: "app", env: [{ name: "B", value: insecureHttp ? "http" : "https" }] }],
              },
            },
          },
        },
      },
      setHeaderOptions("Content-Type", PatchStrategy.StrategicMergePatch),
    );
    const env = patched.spec?.template.spec?.containers[0]?.env?.map((e) => e.name);
    expect(env).toEqual(["B", "A"]);
    const request = cluster.requests.find((r) => r.verb === "patch");
    expect(request).toMatchObject({
      contentType: "application/strategic-merge-patch+json",
      kind: "Deployment",
      namespace: "shop",
      name: "web",
      status: 200,
    });
  });
});

test("a patch without an explicit content type goes out as JSON patch and a merge-style body is rejected", async () => {
  const apps = clientFor().makeApiClient(AppsV1Api);
  const error = await rejection(
    apps.patchNamespacedDeployment({
      name: "web",
      namespace: "shop",
      body: { metadata: { labels: { x: "1" } } },
    }),
  );
  expect(error.code).toBe(400);
  expect(cluster.requests.at(-1)?.contentType).toBe("application/json-patch+json");
});

test("failNext answers 429 with Retry-After, then the request succeeds", async () => {
  const core = clientFor().makeApiClient(CoreV1Api);
  cluster.failNext({ verb: "get", kind: "ConfigMap", name: "cfg" }, 429, 1, 7);
  const error = await rejection(core.readNamespacedConfigMap({ name: "cfg", namespace: "shop" }));
  expect(error.code).toBe(429);
  expect(error.headers["retry-after"]).toBe("7");
  expect(JSON.parse(error.body as string)).toMatchObject({
    kind: "Status",
    reason: "TooManyRequests",
    code: 429,
  });
  const cm = await core.readNamespacedConfigMap({ name: "cfg", namespace: "shop" });
  expect(cm.data).toEqual({ a: "1" });
});

test.each([
  [409, "Conflict"],
  [500, "InternalError"],
  [403, "Forbidden"],
] as const)("failNext %i gives a %s Status", async (status, reason) => {
  const apps = clientFor().makeApiClient(AppsV1Api);
  cluster.failNext({ verb: "patch", kind: "deployments" }, status, 2);
  const patch = () =>
    apps.patchNamespacedDeployment(
      { name: "web", namespace: "shop", body: { metadata: { labels: { n: String(status) } } } },
      setHeaderOptions("Content-Type", PatchStrategy.MergePatch),
    );
  for (let i = 0; i < 2; i++) {
    const error = await rejection(patch());
    expect(error.code).toBe(status);
    expect(JSON.parse(error.body as string)).toMatchObject({
      kind: "Status",
      status: "Failure",
      reason,
      code: status,
    });
  }
  await expect(patch()).resolves.toBeTruthy();
});

test("forbid answers 403 naming the verb, resource and namespace, other verbs still work", async () => {
  const apps = clientFor().makeApiClient(AppsV1Api);
  cluster.forbid("list", "daemonsets");
  const error = await rejection(apps.listNamespacedDaemonSet({ namespace: "shop" }));
  expect(error.code).toBe(403);
  expect(JSON.parse(error.body as string).message).toBe(
    'daemonsets.apps is forbidden: User "system:serviceaccount:default:sim" cannot list resource "daemonsets" in API group "apps" in the namespace "shop"',
  );
  await expect(apps.listNamespacedDeployment({ namespace: "shop" })).resolves.toBeTruthy();
});

test("a wrong token gets 401 Unauthorized", async () => {
  const apps = clientFor({ token: "wrong" }).makeApiClient(AppsV1Api);
  const error = await rejection(apps.listNamespacedDeployment({ namespace: "shop" }));
  expect(error.code).toBe(401);
  expect(cluster.requests.at(-1)?.status).toBe(401);
});

test("client-node Watch receives events and onDone(null) when the server drops the watch", async () => {
  const kc = clientFor();
  const events: string[] = [];
  let resolveDone: (err: unknown) => void = () => {};
  const done = new Promise<unknown>((r) => {
    resolveDone = r;
  });
  let resolveFirst: () => void = () => {};
  const first = new Promise<void>((r) => {
    resolveFirst = r;
  });
  await new Watch(kc).watch(
    "/api/v1/namespaces/shop/configmaps",
    { resourceVersion: cluster.resourceVersion() },
    (type, obj) => {
      events.push(`${type} ${obj.metadata.name}`);
      resolveFirst();
    },
    (err) => resolveDone(err),
  );
  cluster.seed({
    apiVersion: "v1",
    kind: "ConfigMap",
    metadata: { name: "new", namespace: "shop" },
    data: {},
  });
  await first;
  cluster.dropWatches();
  expect(await done).toBeNull();
  expect(events).toEqual(["ADDED new"]);
});
