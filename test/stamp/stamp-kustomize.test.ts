// `config-rollout stamp` on kustomize overlays (real git repository, the real kubectl kustomize):
// a base workload gets a different value per overlay, in one generated patch file per root listed
// under `patches:`; the base is untouched; hash-suffixed generator output is not stamped.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { configHash } from "../../src/core/config-hash.js";
import { findReferences } from "../../src/core/config-references.js";
import { consumedKeys } from "../../src/core/consumed-configs.js";
import { idKey } from "../../src/core/model.js";
import { useClosing } from "../helpers/closing.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { runInProcess } from "../helpers/run-cli.js";

const KEY = "config-rollout.io/config-hash";
const closing = useClosing();

// biome-ignore lint/suspicious/noExplicitAny: rendered objects, read field by field in assertions
type Json = Record<string, any>;

async function render(dir: string): Promise<Json[]> {
  const { stdout } = await promisify(execFile)("kubectl", ["kustomize", dir]);
  return parseAllDocuments(stdout).map((d) => d.toJS() as Json);
}

/** The value the rendered objects call for: config-hash.ts over the rendered configs. */
function expectedHash(objects: Json[], workload: Json): string | undefined {
  const b64 = (v: string) => Buffer.from(v).toString("base64");
  const contents = new Map<string, Record<string, string>>();
  for (const o of objects.filter((x) => x.kind === "ConfigMap" && !/-[a-z0-9]{10}$/.test(x.metadata.name))) {
    const ns = o.metadata.namespace ?? "default";
    contents.set(
      idKey({ kind: "ConfigMap", namespace: ns, name: o.metadata.name }),
      Object.fromEntries(Object.entries(o.data as Record<string, string>).map(([k, v]) => [k, b64(v)])),
    );
  }
  const ns = workload.metadata.namespace ?? "default";
  return configHash(consumedKeys(findReferences(workload.spec.template.spec), ns), contents);
}

async function setUp(): Promise<TempRepo> {
  const repo = closing(await createTempRepo());
  await repo.write("base/kustomization.yaml", "resources:\n  - deployment.yaml\n  - config.yaml\n");
  await repo.write(
    "base/deployment.yaml",
    `apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
spec:
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
        - name: api
          image: registry.example/api:1
          envFrom:
            - configMapRef: {name: api-config}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: generated-only
  namespace: shop
spec:
  template:
    spec:
      containers:
        - name: g
          image: registry.example/g:1
          envFrom:
            - configMapRef: {name: flags}
`,
  );
  await repo.write(
    "base/config.yaml",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: api-config\n  namespace: shop\ndata:\n  LEVEL: info\n",
  );
  const overlay = (env: string) =>
    `# ${env}\nnamespace: shop-${env}\nnamePrefix: ${env}-\nresources:\n  - ../../base\nconfigMapGenerator:\n  - name: flags\n    literals: [NEW_UI=${env === "prod" ? "off" : "on"}]\npatches:\n  - path: level.yaml\n`;
  const level = (value: string) =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: api-config\n  namespace: shop\ndata:\n  LEVEL: ${value}\n`;
  await repo.write("overlays/prod/kustomization.yaml", overlay("prod"));
  await repo.write("overlays/prod/level.yaml", level("warn"));
  await repo.write("overlays/dev/kustomization.yaml", overlay("dev"));
  await repo.write("overlays/dev/level.yaml", level("debug"));
  await repo.commit("kustomize overlays");
  return repo;
}

describe("config-rollout stamp on kustomize overlays", () => {
  test("one patch per root, a value per overlay that kubectl kustomize shows; base untouched; second run a no-op", async () => {
    const r = await setUp();
    const run = await runInProcess(["stamp", "--repo", r.dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      "carry a generator hash suffix and roll their consumers already: not in the stamps",
    );
    // Only the two kustomization files changed (one `patches:` entry each), plus the two new patch files.
    expect((await r.git(["status", "--porcelain"])).split("\n").filter(Boolean).sort()).toEqual(
      [
        "?? overlays/dev/config-rollout-stamp.yaml",
        "?? overlays/prod/config-rollout-stamp.yaml",
        " M overlays/dev/kustomization.yaml",
        " M overlays/prod/kustomization.yaml",
      ].sort(),
    );
    const diff = (await r.git(["diff", "-U0", "--no-color"])).split("\n").filter((l) => /^[-+][^-+]/.test(l));
    expect(diff).toEqual(["+  - path: config-rollout-stamp.yaml", "+  - path: config-rollout-stamp.yaml"]);

    const values: string[] = [];
    for (const env of ["dev", "prod"]) {
      const objects = await render(`${r.dir}/overlays/${env}`);
      const api = objects.find((o) => o.kind === "Deployment" && o.metadata.name === `${env}-api`)!;
      const value = api.spec.template.metadata.annotations[KEY];
      expect(value).toBe(expectedHash(objects, api));
      values.push(value);
      const generated = objects.find((o) => o.metadata.name === `${env}-generated-only`)!;
      expect(generated.spec.template.metadata?.annotations?.[KEY]).toBeUndefined();
    }
    expect(values[0]).not.toBe(values[1]);

    await r.commit("stamped");
    const again = await runInProcess(["stamp", "--repo", r.dir]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Nothing to stamp: 2 workload\(s\)/);
    expect(await r.git(["status", "--porcelain"])).toBe("");
    expect((await runInProcess(["stamp", "--repo", r.dir, "--check"])).code).toBe(0);

    // A config change in one overlay: --check names that overlay's workload, with old and new.
    await r.write(
      "overlays/prod/level.yaml",
      (await r.git(["show", "HEAD:overlays/prod/level.yaml"])).replace("warn", "error"),
    );
    const check = await runInProcess(["stamp", "--repo", r.dir, "--check"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toMatch(
      new RegExp(
        `deployment/prod-api \\(namespace shop-prod\\) in overlays/prod/config-rollout-stamp.yaml \\(kustomize overlays/prod\\): ${values[1]} -> [0-9a-f]{64}`,
      ),
    );
    expect(check.stdout).not.toContain("dev-api");
  });

  test("--kustomize DIRS narrows the roots", async () => {
    const r = await setUp();
    const run = await runInProcess(["stamp", "--repo", r.dir, "--kustomize", "overlays/dev", "-o", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { filesWritten: string[] };
    expect(report.filesWritten.sort()).toEqual([
      "overlays/dev/config-rollout-stamp.yaml",
      "overlays/dev/kustomization.yaml",
    ]);
  });

  test("a kustomization that does not build is reported and the others are stamped; --render output is named as unstampable", async () => {
    const r = await setUp();
    await r.write("broken/kustomization.yaml", "resources:\n  - missing.yaml\n");
    await r.commit("a broken kustomization");
    const run = await runInProcess([
      "stamp",
      "--repo",
      r.dir,
      "--render",
      "helm template charts/app",
      "-o",
      "json",
    ]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as {
      changes: Array<{ name: string }>;
      unstampable: Array<{ what: string; reason: string }>;
    };
    expect(report.changes.map((c) => c.name).sort()).toEqual(["dev-api", "prod-api"]);
    expect(report.unstampable.find((u) => u.what === "kustomize broken")?.reason).toMatch(
      /failed in the work tree/,
    );
    expect(report.unstampable.find((u) => u.what.startsWith("objects rendered by --render"))?.reason).toMatch(
      /checksum\/config/,
    );
  });

  test("a workload renamed after stamping: the stale patch is regenerated, not a broken build", async () => {
    const r = await setUp();
    expect((await runInProcess(["stamp", "--repo", r.dir])).code).toBe(0);
    await r.commit("stamped");
    const base = await r.git(["show", "HEAD:base/deployment.yaml"]);
    await r.write("base/deployment.yaml", base.replace("name: api\n", "name: api-v2\n"));
    await r.commit("rename api");
    const run = await runInProcess(["stamp", "--repo", r.dir]);
    expect(run.code, run.stderr).toBe(0);
    const objects = await render(`${r.dir}/overlays/prod`);
    const api = objects.find((o) => o.kind === "Deployment" && o.metadata.name === "prod-api-v2")!;
    expect(api.spec.template.metadata.annotations[KEY]).toBe(expectedHash(objects, api));
    // The kustomization lists the patch once, as before.
    expect(await r.git(["diff", "--", "overlays/prod/kustomization.yaml"])).toBe("");
    await r.commit("restamped");
    expect((await runInProcess(["stamp", "--repo", r.dir, "--check"])).code).toBe(0);
  });
});
