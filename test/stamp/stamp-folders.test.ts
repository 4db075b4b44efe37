// Issue 31 item 3, one object in two folders: clusters/dev/ and clusters/prod/ define the same
// ConfigMap and Deployment. With an Argo CD Application per folder, each folder is a deployment of
// its own: dev's Deployment is stamped with dev's ConfigMap, so a dev-only config change moves dev's
// stamp (and `stamp --check` fails until it is written). Without such objects each folder's
// Deployment still reads its own folder's ConfigMap (scan/gitops/folder-definitions.ts); a workload
// in no folder that defines its config gets the closest definition, and the stamp names the others.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { configHash } from "../../src/core/config-hash.js";
import { idKey } from "../../src/core/model.js";
import { useClosing } from "../helpers/closing.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";

const closing = useClosing();

const app = (level: string) =>
  yamlDocs(
    configMap("app-config", { LOG_LEVEL: level }, { namespace: "shop" }),
    deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), { namespace: "shop" }),
  );

const application = (name: string, path: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: ${name}\n  namespace: argocd\nspec:\n  source:\n    repoURL: https://example.invalid/repo.git\n    path: ${path}\n  destination:\n    server: https://${name}.example.invalid\n    namespace: shop\n`;

async function twoClusters(withApplications: boolean): Promise<TempRepo> {
  const repo = closing(await createTempRepo());
  await repo.write("clusters/dev/app.yaml", app("debug"));
  await repo.write("clusters/prod/app.yaml", app("warn"));
  if (withApplications) {
    await repo.write(
      "argocd/apps.yaml",
      `${application("dev", "clusters/dev")}---\n${application("prod", "clusters/prod")}`,
    );
  }
  await repo.commit("two clusters");
  return repo;
}

const stampOf = async (r: TempRepo, file: string) =>
  /config-rollout\.io\/config-hash: "?([0-9a-f]+)/.exec(await readFile(join(r.dir, file), "utf8"))?.[1];

describe("per-cluster folders deployed by separate Argo CD Applications", () => {
  test("each folder's Deployment is stamped with its own folder's ConfigMap", async () => {
    const r = await twoClusters(true);
    const run = await runInProcess(["stamp", "--repo", r.dir]);
    expect(run.code, run.stderr).toBe(0);
    const dev = await stampOf(r, "clusters/dev/app.yaml");
    const prod = await stampOf(r, "clusters/prod/app.yaml");
    expect(dev).toBeDefined();
    expect(prod).toBeDefined();
    // Different content, different values: dev's is not computed from prod's ConfigMap.
    expect(dev).not.toBe(prod);
    expect(run.stdout + run.stderr).not.toContain("define it differently");
  });

  test("a dev-only config change makes dev's stamp stale: --check fails until stamp writes it", async () => {
    const r = await twoClusters(true);
    expect((await runInProcess(["stamp", "--repo", r.dir])).code).toBe(0);
    await r.commit("stamped");
    const before = await stampOf(r, "clusters/dev/app.yaml");
    const prodBefore = await stampOf(r, "clusters/prod/app.yaml");
    const text = await readFile(join(r.dir, "clusters/dev/app.yaml"), "utf8");
    await r.write("clusters/dev/app.yaml", text.replace("LOG_LEVEL: debug", "LOG_LEVEL: trace"));
    await r.commit("dev only");
    const check = await runInProcess(["stamp", "--repo", r.dir, "--check"]);
    expect(check.code, check.stdout).toBe(1);
    expect((await runInProcess(["stamp", "--repo", r.dir])).code).toBe(0);
    expect(await stampOf(r, "clusters/dev/app.yaml")).not.toBe(before);
    expect(await stampOf(r, "clusters/prod/app.yaml")).toBe(prodBefore);
  });
});

test("without GitOps objects, each folder's Deployment is stamped with its own folder's ConfigMap too", async () => {
  const r = await twoClusters(false);
  const run = await runInProcess(["stamp", "--repo", r.dir]);
  expect(run.code, run.stderr).toBe(0);
  const dev = await stampOf(r, "clusters/dev/app.yaml");
  expect(dev).toBeDefined();
  expect(dev).not.toBe(await stampOf(r, "clusters/prod/app.yaml"));
  expect(run.stdout + run.stderr).not.toContain("define it differently");
});

test("a workload in no folder that defines its config: the stamp names the definition it used and the others", async () => {
  const r = await twoClusters(false);
  await r.write(
    "apps/api.yaml",
    yamlDocs(
      deployment("api", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), { namespace: "shop" }),
    ),
  );
  await r.commit("api");
  const run = await runInProcess(["stamp", "--repo", r.dir]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout + run.stderr).toContain(
    "deployment/api (apps/api.yaml) is stamped with configmap/app-config as clusters/prod/app.yaml defines it (none is in its own folder: the closest one, the last in path order among equally close ones), but clusters/dev/app.yaml defines it differently",
  );
});

test("a plain directory an Argo CD Application deploys to destination.namespace prod is stamped as in prod (the value --strategy gitops expects)", async () => {
  const repo = closing(await createTempRepo());
  const plainApp = yamlDocs(
    configMap("app-config", { LOG_LEVEL: "debug" }),
    deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] })),
  );
  await repo.write("apps/web/app.yaml", plainApp);
  await repo.write(
    "argocd/web.yaml",
    application("web", "apps/web").replace("namespace: shop", "namespace: prod"),
  );
  await repo.commit("plain directory");
  const run = await runInProcess(["stamp", "--repo", repo.dir]);
  expect(run.code, run.stderr).toBe(0);
  const id = { kind: "ConfigMap" as const, namespace: "prod", name: "app-config" };
  const content = { LOG_LEVEL: Buffer.from("debug").toString("base64") };
  expect(await stampOf(repo, "apps/web/app.yaml")).toBe(
    configHash([{ id, keys: "all" }], new Map([[idKey(id), content]])),
  );
});
