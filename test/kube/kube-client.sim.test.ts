// The adapter against the simulated API server over real HTTP: what goes on the wire (content
// types, field manager, User-Agent, dry run), retries, and the error lines users see.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { kubeconfigYaml } from "../../sim/index.js";
import { UserError } from "../../src/core/errors.js";
import {
  deployment,
  id,
  namespace,
  podTemplate,
  type SimHarness,
  startHarness,
  USER_AGENT,
} from "./sim-setup.js";

let h: SimHarness;
const tmp = mkdtempSync(join(tmpdir(), "kube-client-"));
beforeAll(async () => {
  h = await startHarness();
  h.sim.seed(namespace("other"));
});
afterAll(async () => {
  await h.close();
  rmSync(tmp, { recursive: true, force: true });
});
afterEach(() => h.sim.resetRequests());

async function errorOf(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error("expected the call to fail");
}

describe("reads", () => {
  test("listWorkloads makes one LIST and returns standalone objects of that namespace", async () => {
    for (const name of ["a", "b", "c"]) h.sim.seed(deployment(`list-${name}`, "other"));
    h.sim.seed(deployment("list-elsewhere", "default"));
    h.sim.resetRequests();
    const items = await h.cluster.listWorkloads("other", "Deployment");
    expect(items.map((i) => (i.metadata as { name: string }).name).sort()).toEqual([
      "list-a",
      "list-b",
      "list-c",
    ]);
    expect(items[0]).toMatchObject({ apiVersion: "apps/v1", kind: "Deployment" });
    expect(h.sim.requests.map((r) => r.verb)).toEqual(["list"]);
    expect(h.sim.requests[0]?.userAgent).toBe(USER_AGENT);
  });

  test.each(["StatefulSet", "DaemonSet", "CronJob", "Job"] as const)(
    "listWorkloads(%s) lists that kind",
    async (kind) => {
      await expect(h.cluster.listWorkloads("other", kind)).resolves.toEqual([]);
      expect(h.sim.requests.at(-1)).toMatchObject({ verb: "list", kind, namespace: "other" });
    },
  );

  test("readConfig returns uid, resourceVersion and what a pod sees; undefined when missing", async () => {
    h.sim.seed({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "app-config", namespace: "default" },
      data: { "app.yaml": "level: debug\n" },
      binaryData: { blob: Buffer.from([0, 1, 2]).toString("base64") },
    });
    h.sim.seed({
      apiVersion: "v1",
      kind: "Secret",
      metadata: { name: "db", namespace: "default" },
      data: { password: Buffer.from("s3cret").toString("base64") },
    });
    const config = await h.cluster.readConfig(id("ConfigMap", "app-config"));
    expect(config?.uid).toBeTruthy();
    expect(config?.resourceVersion).toBeTruthy();
    expect(config?.content).toEqual({
      "app.yaml": Buffer.from("level: debug\n").toString("base64"),
      blob: Buffer.from([0, 1, 2]).toString("base64"),
    });
    const secret = await h.cluster.readConfig(id("Secret", "db"));
    expect(secret?.content).toEqual({ password: Buffer.from("s3cret").toString("base64") });
    await expect(h.cluster.readConfig(id("ConfigMap", "missing"))).resolves.toBeUndefined();
    await expect(h.cluster.readWorkload(id("Deployment", "missing"))).resolves.toBeUndefined();
  });
});

describe("writes", () => {
  test("applyConfig is a forced server-side apply by config-rollout", async () => {
    const manifest = {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "applied", namespace: "default", labels: { team: "a" } },
      data: { key: "v1" },
    };
    await h.cluster.applyConfig(manifest, false);
    const request = h.sim.requests.find((r) => r.method === "PATCH");
    expect(request).toMatchObject({
      verb: "apply",
      contentType: "application/apply-patch+yaml",
      fieldManager: "config-rollout",
      userAgent: USER_AGENT,
    });
    expect(request?.query.force).toBe("true");
    expect(h.sim.get("ConfigMap", "default", "applied")).toMatchObject({ data: { key: "v1" } });
  });

  test("applyConfig takes the namespace default and drops server-owned metadata", async () => {
    await h.cluster.applyConfig(
      { kind: "Secret", metadata: { name: "s", resourceVersion: "1" }, stringData: { a: "b" } },
      false,
      "other",
    );
    expect(h.sim.get("Secret", "other", "s")).toBeDefined();
  });

  test("applyConfig with dry run sends dryRun=All and changes nothing", async () => {
    const manifest = {
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: "dry", namespace: "default" },
      data: {},
    };
    await h.cluster.applyConfig(manifest, true);
    expect(h.sim.requests.at(-1)).toMatchObject({ verb: "apply", dryRun: true });
    expect(h.sim.get("ConfigMap", "default", "dry")).toBeUndefined();
  });

  test("patchWorkload sends a strategic merge patch with the field manager and returns the new generation", async () => {
    h.sim.seed(deployment("patched"));
    const before = h.sim.get("Deployment", "default", "patched") as { metadata: { generation: number } };
    const patch = {
      spec: { template: { metadata: { annotations: { "config-rollout.io/config-hash": "h1" } } } },
    };
    const result = await h.cluster.patchWorkload(id("Deployment", "patched"), patch, false);
    expect(h.sim.requests.at(-1)).toMatchObject({
      verb: "patch",
      contentType: "application/strategic-merge-patch+json",
      fieldManager: "config-rollout",
      userAgent: USER_AGENT,
    });
    expect(result).toMatchObject({
      kind: "Deployment",
      metadata: { generation: before.metadata.generation + 1 },
    });
  });

  test("patchWorkload sends the patch as written: a strategic merge directive reaches the server and removes the env var", async () => {
    const env = [
      { name: "A", value: "1" },
      { name: "RESTART_TIME", value: "1700000000" },
    ];
    h.sim.seed(deployment("directive", "default", { template: podTemplate("directive", env) }));
    const patch = {
      spec: {
        template: {
          spec: { containers: [{ name: "app", env: [{ name: "RESTART_TIME", $patch: "delete" }] }] },
        },
      },
    };
    await h.cluster.patchWorkload(id("Deployment", "directive"), patch, false);
    expect(JSON.parse(h.sim.requests.at(-1)?.body ?? "{}").spec).toEqual(patch.spec);
    const live = h.sim.get("Deployment", "default", "directive") as {
      spec: { template: { spec: { containers: Array<{ env?: unknown[] }> } } };
    };
    expect(live.spec.template.spec.containers[0]?.env).toEqual([{ name: "A", value: "1" }]);
  });
});

describe("retries", () => {
  test.each<[string, 409 | 429 | 500, number]>([
    ["409 conflict", 409, 1],
    ["500 twice", 500, 2],
  ])("%s is retried until it succeeds", async (_name, status, times) => {
    h.sim.seed(deployment("flaky"));
    h.sim.resetRequests();
    h.sim.failNext({ verb: "patch", kind: "Deployment", name: "flaky" }, status, times);
    await h.cluster.patchWorkload(
      id("Deployment", "flaky"),
      { metadata: { labels: { x: String(status) } } },
      false,
    );
    expect(h.sim.requests.map((r) => r.status)).toEqual([...Array(times).fill(status), 200]);
  });

  test("a patch guarded by a stale resourceVersion is not sent again as it is: its 409 is reported", async () => {
    h.sim.seed(deployment("guarded"));
    const stale = h.sim.get("Deployment", "default", "guarded") as { metadata: { resourceVersion: string } };
    h.sim.seed(deployment("guarded", "default", { replicas: 2 }));
    h.sim.resetRequests();
    const error = await errorOf(
      h.cluster.patchWorkload(
        id("Deployment", "guarded"),
        { metadata: { resourceVersion: stale.metadata.resourceVersion, labels: { x: "y" } } },
        false,
        "merge",
      ),
    );
    expect(error).toMatchObject({ status: 409 });
    expect(error.message).toMatch(/answered 409 Conflict: Operation cannot be fulfilled/);
    expect(h.sim.requests.map((r) => r.status)).toEqual([409]);
  });

  test("429 waits as long as Retry-After asks", async () => {
    h.sim.failNext({ verb: "list", kind: "Deployment" }, 429, 1, 1);
    const started = Date.now();
    await h.cluster.listWorkloads("default", "Deployment");
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(h.sim.requests.map((r) => r.status)).toEqual([429, 200]);
  });

  test("persistent 500 gives up after the retries with a clear line", async () => {
    h.sim.failNext({ verb: "get", kind: "Deployment" }, 500, 3);
    const error = await errorOf(h.connect({ retries: 2 }).readWorkload(id("Deployment", "flaky")));
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toMatch(
      /^get deployments\.apps "flaky" in namespace default failed \(after 3 attempts\): the API server answered 500/,
    );
    expect(h.sim.requests).toHaveLength(3);
  });

  test("403 is not retried and names context, verb, resource and namespace", async () => {
    const harness = await startHarness();
    try {
      harness.sim.seed(namespace("other"));
      harness.sim.seed(deployment("locked", "other"));
      harness.sim.forbid("patch", "deployments");
      harness.sim.resetRequests();
      const error = await errorOf(
        harness.cluster.patchWorkload(id("Deployment", "locked", "other"), {}, false),
      );
      expect(error).toBeInstanceOf(UserError);
      expect(error.message).toMatch(
        /^forbidden: context sim-ctx cannot patch deployments\.apps in namespace other/,
      );
      expect(harness.sim.requests).toHaveLength(1);
    } finally {
      await harness.close();
    }
  });
});

describe("connection failures", () => {
  test("401: the credentials of the context are rejected, and the token is not printed", async () => {
    const path = join(tmp, "bad-token");
    h.sim.writeKubeconfig(path, { context: "sim-ctx", token: "wrong-token-value" });
    const error = await errorOf(h.connect({}, path).listWorkloads("default", "Deployment"));
    expect(error.message).toBe("the server rejected the credentials of context sim-ctx (401 Unauthorized)");
    expect(error.message).not.toContain("wrong-token-value");
  });

  test("unreachable server: names the server and the context", async () => {
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((r) => server.close(() => r()));
    const path = join(tmp, "closed-port");
    writeFileSync(path, kubeconfigYaml(`http://127.0.0.1:${port}`, "t", { context: "gone" }));
    const error = await errorOf(h.connect({ retries: 1 }, path).listWorkloads("default", "Deployment"));
    expect(error).toBeInstanceOf(UserError);
    expect(error.message).toBe(
      `cannot reach the Kubernetes API at http://127.0.0.1:${port} (context gone): ECONNREFUSED (after 2 attempts)`,
    );
  });

  test("a server that never answers hits the request timeout", async () => {
    const hanging: Server = createServer(() => {});
    await new Promise<void>((r) => hanging.listen(0, "127.0.0.1", r));
    const port = (hanging.address() as AddressInfo).port;
    const path = join(tmp, "hanging");
    writeFileSync(path, kubeconfigYaml(`http://127.0.0.1:${port}`, "t", { context: "slow" }));
    try {
      const error = await errorOf(
        h.connect({ retries: 1, requestTimeoutMs: 150 }, path).readWorkload(id("Deployment", "x")),
      );
      expect(error.message).toBe(
        `the Kubernetes API at http://127.0.0.1:${port} (context slow) did not answer get deployments.apps "x" in namespace default within 150ms (after 2 attempts)`,
      );
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((r) => hanging.close(() => r()));
    }
  });
});
