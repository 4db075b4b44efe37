// `stamp --changed-only --base B --head H` on a kustomize root (real git repository, the real
// kubectl kustomize): only a workload whose consumed config changed between B and H gets a new
// value in the root's generated patch; the others keep the value they carry, or get none.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { useClosing } from "../helpers/closing.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";

const KEY = "config-rollout.io/config-hash";
const closing = useClosing();

/** The stamp each Deployment of `dir` carries when kubectl kustomize renders it. */
async function stampsOf(dir: string): Promise<Record<string, string | undefined>> {
  const { stdout } = await promisify(execFile)("kubectl", ["kustomize", dir]);
  const out: Record<string, string | undefined> = {};
  for (const doc of parseAllDocuments(stdout)) {
    // biome-ignore lint/suspicious/noExplicitAny: a rendered object, read field by field
    const o = doc.toJS() as any;
    if (o.kind === "Deployment") out[o.metadata.name] = o.spec.template.metadata?.annotations?.[KEY];
  }
  return out;
}

async function write(r: TempRepo, web: string, worker: string): Promise<void> {
  const consumer = (name: string) =>
    deployment(name, pod({ envFrom: [{ configMapRef: { name: `${name}-config` } }] }), { namespace: "shop" });
  await r.write(
    "app/workload.yaml",
    yamlDocs(
      configMap("web-config", { LOG_LEVEL: web }, { namespace: "shop" }),
      configMap("worker-config", { THREADS: worker }, { namespace: "shop" }),
      consumer("web"),
      consumer("worker"),
    ),
  );
}

test("--changed-only on a kustomize root stamps only the workloads whose config changed; others keep theirs", async () => {
  const r = closing(await createTempRepo());
  await r.write("app/kustomization.yaml", "resources:\n- workload.yaml\n");
  await write(r, "info", "4");
  const v1 = await r.commit("v1");
  await write(r, "debug", "4");
  const v2 = await r.commit("web logs debug");

  const first = await runInProcess(["stamp", "--repo", r.dir, "--changed-only", "--base", v1, "--head", v2]);
  expect(first.code, first.stderr).toBe(0);
  const afterFirst = await stampsOf(`${r.dir}/app`);
  expect(afterFirst.web).toMatch(/^[0-9a-f]{64}$/);
  expect(afterFirst.worker).toBeUndefined();
  await r.commit("stamp web");

  await write(r, "debug", "8");
  const v3 = await r.commit("worker threads");
  const second = await runInProcess(["stamp", "--repo", r.dir, "--changed-only", "--base", v2, "--head", v3]);
  expect(second.code, second.stderr).toBe(0);
  const afterSecond = await stampsOf(`${r.dir}/app`);
  expect(afterSecond.worker).toMatch(/^[0-9a-f]{64}$/);
  expect(afterSecond.web).toBe(afterFirst.web);

  // The whole stamp gives the same values: --changed-only only chose which to write.
  const check = await runInProcess(["stamp", "--repo", r.dir, "--check"]);
  expect(check.code, check.stdout).toBe(0);
  // --check --changed-only over a range where nothing changed finds nothing stale.
  const none = await runInProcess([
    "stamp",
    "--repo",
    r.dir,
    "--check",
    "--changed-only",
    "--base",
    v3,
    "--head",
    v3,
  ]);
  expect(none.code, none.stdout).toBe(0);
});

test("--changed-only where only the Flux Kustomization's substitute value changed: the root is rendered at base as it was deployed then", async () => {
  const r = closing(await createTempRepo());
  await r.write("app/kustomization.yaml", "resources:\n- workload.yaml\n");
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Flux variable, as the manifest holds it
  await write(r, "${LEVEL}", "4");
  const flux = (level: string) =>
    [
      "apiVersion: kustomize.toolkit.fluxcd.io/v1",
      "kind: Kustomization",
      "metadata: {name: shop, namespace: flux-system}",
      "spec:",
      "  path: ./app",
      "  sourceRef: {kind: GitRepository, name: repo}",
      `  postBuild: {substitute: {LEVEL: ${level}}}`,
      "",
    ].join("\n");
  await r.write("clusters/prod/shop.yaml", flux("info"));
  const v1 = await r.commit("v1");
  await r.write("clusters/prod/shop.yaml", flux("debug"));
  const v2 = await r.commit("web logs debug, through the Flux Kustomization");

  const run = await runInProcess(["stamp", "--repo", r.dir, "--changed-only", "--base", v1, "--head", v2]);
  expect(run.code, run.stderr).toBe(0);
  const stamps = await stampsOf(`${r.dir}/app`);
  expect(stamps.web).toMatch(/^[0-9a-f]{64}$/);
  expect(stamps.worker).toBeUndefined();
});

test("--changed-only where only the ConfigMap a Flux Kustomization substitutes from changed: the root is rendered with the map of each commit", async () => {
  const r = closing(await createTempRepo());
  await r.write("app/kustomization.yaml", "resources:\n- workload.yaml\n");
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a Flux variable, as the manifest holds it
  await write(r, "${LEVEL}", "4");
  await r.write(
    "clusters/prod/shop.yaml",
    [
      "apiVersion: kustomize.toolkit.fluxcd.io/v1",
      "kind: Kustomization",
      "metadata: {name: shop, namespace: flux-system}",
      "spec:",
      "  path: ./app",
      "  sourceRef: {kind: GitRepository, name: repo}",
      "  postBuild: {substituteFrom: [{kind: ConfigMap, name: cluster-settings}]}",
      "",
    ].join("\n"),
  );
  const settings = (level: string) =>
    yamlDocs(configMap("cluster-settings", { LEVEL: level }, { namespace: "flux-system" }));
  await r.write("clusters/prod/settings.yaml", settings("info"));
  const v1 = await r.commit("v1");
  await r.write("clusters/prod/settings.yaml", settings("debug"));
  const v2 = await r.commit("web logs debug, through cluster-settings");

  const run = await runInProcess(["stamp", "--repo", r.dir, "--changed-only", "--base", v1, "--head", v2]);
  expect(run.code, run.stderr).toBe(0);
  const stamps = await stampsOf(`${r.dir}/app`);
  expect(stamps.web).toMatch(/^[0-9a-f]{64}$/);
  expect(stamps.worker).toBeUndefined();
});
