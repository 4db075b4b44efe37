import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import {
  annotationPatch,
  CONFIG_HASH_ANNOTATION,
  currentHash,
  envPatch,
} from "../../src/core/restart-patch.js";

type Obj = Record<string, unknown>;

function deployment(podSpec: Obj, annotations?: Record<string, string>): Obj {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name: "web", namespace: "default" },
    spec: {
      selector: { matchLabels: { app: "web" } },
      template: {
        metadata: { labels: { app: "web" }, ...(annotations ? { annotations } : {}) },
        spec: podSpec,
      },
    },
  };
}

const podSpec = {
  initContainers: [{ name: "migrate", image: "m", env: [{ name: "MODE", value: "up" }] }],
  containers: [
    {
      name: "app",
      image: "app:1",
      env: [
        { name: "A", value: "1" },
        { name: "DB", valueFrom: { configMapKeyRef: { name: "db", key: "host" } } },
        { name: "RESTART_TIME", value: "old" },
      ],
    },
    { name: "sidecar", image: "proxy:2" },
  ],
};

// The oracle: kubectl's own strategic merge, offline (--local needs no cluster).
const kubectlAvailable = (() => {
  try {
    execFileSync("kubectl", ["version", "--client"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const home = mkdtempSync(join(tmpdir(), "kube-patch-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function kubectlPatch(obj: Obj, patch: Obj): Obj {
  const file = join(home, "object.json");
  writeFileSync(file, JSON.stringify(obj));
  const out = execFileSync(
    "kubectl",
    ["patch", "--local", "-f", file, "-p", JSON.stringify(patch), "--type", "strategic", "-o", "json"],
    { env: { PATH: process.env.PATH, HOME: home }, encoding: "utf8" },
  );
  return JSON.parse(out) as Obj;
}

type Container = { name: string; image: string; env?: Array<{ name: string; value?: string }> };
function containersOf(obj: Obj, list = "containers"): Container[] {
  return (
    (obj as { spec: { template: { spec: Record<string, Container[]> } } }).spec.template.spec[list] ?? []
  );
}

describe.skipIf(!kubectlAvailable)("patches applied by kubectl's strategic merge", () => {
  test("annotation patch adds the hash and keeps other annotations", () => {
    const before = deployment(podSpec, { "prometheus.io/scrape": "true" });
    const after = kubectlPatch(before, annotationPatch("sha256:abc"));
    expect(currentHash(after)).toBe("sha256:abc");
    expect(after).toMatchObject({
      spec: { template: { metadata: { annotations: { "prometheus.io/scrape": "true" } } } },
    });
    expect(containersOf(after)).toEqual(podSpec.containers);
  });

  test("annotation patch replaces an older hash", () => {
    const after = kubectlPatch(
      deployment(podSpec, { [CONFIG_HASH_ANNOTATION]: "old" }),
      annotationPatch("new"),
    );
    expect(currentHash(after)).toBe("new");
  });

  test("env patch sets the var in every container and keeps all other env vars and fields", () => {
    const after = kubectlPatch(
      deployment(podSpec),
      envPatch(podSpec, "RESTART_TIME", "2025-01-01T00:00:00Z"),
    );
    const [app, sidecar] = containersOf(after);
    expect(app?.image).toBe("app:1");
    expect(app?.env).toHaveLength(3);
    expect(app?.env).toEqual(
      expect.arrayContaining([
        { name: "A", value: "1" },
        { name: "DB", valueFrom: { configMapKeyRef: { name: "db", key: "host" } } },
        { name: "RESTART_TIME", value: "2025-01-01T00:00:00Z" },
      ]),
    );
    expect(sidecar).toEqual({
      name: "sidecar",
      image: "proxy:2",
      env: [{ name: "RESTART_TIME", value: "2025-01-01T00:00:00Z" }],
    });
    expect(containersOf(after, "initContainers")).toEqual(podSpec.initContainers);
  });

  test("env patch leaves the container order and count unchanged", () => {
    const after = kubectlPatch(deployment(podSpec), envPatch(podSpec, "X", "1"));
    expect(containersOf(after).map((c) => c.name)).toEqual(["app", "sidecar"]);
  });
});

describe("envPatch", () => {
  test("lists only the merge key and the one env var per container", () => {
    expect(envPatch(podSpec, "RESTART_TIME", "t")).toEqual({
      spec: {
        template: {
          spec: {
            containers: [
              { name: "app", env: [{ name: "RESTART_TIME", value: "t" }] },
              { name: "sidecar", env: [{ name: "RESTART_TIME", value: "t" }] },
            ],
          },
        },
      },
    });
  });

  test.each<[string, unknown, string, RegExp]>([
    ["no containers", { containers: [] }, "X", /no containers/],
    ["missing pod spec", undefined, "X", /no containers/],
    ["container without a name", { containers: [{ image: "x" }] }, "X", /has no name/],
    ["invalid env var name", podSpec, "1BAD", /not valid/],
    ["env var name with a space", podSpec, "A B", /not valid/],
    ["env var already taken from valueFrom", podSpec, "DB", /container "app" already takes env var DB/],
  ])("rejects %s with a UserError", (_name, spec, varName, message) => {
    expect(() => envPatch(spec, varName, "v")).toThrow(UserError);
    expect(() => envPatch(spec, varName, "v")).toThrow(message);
  });
});

describe("currentHash", () => {
  test.each<[string, Obj, string | undefined]>([
    ["annotated", deployment(podSpec, { [CONFIG_HASH_ANNOTATION]: "h1" }), "h1"],
    ["other annotations only", deployment(podSpec, { a: "b" }), undefined],
    ["no template", { kind: "Deployment", spec: {} }, undefined],
  ])("currentHash: %s", (_name, obj, expected) => {
    expect(currentHash(obj)).toBe(expected);
  });
});
