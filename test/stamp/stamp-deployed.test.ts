// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Flux variables, written as a manifest holds them
// `config-rollout stamp` on a kustomization a Flux Kustomization deploys with settings: the value is
// the one a plan (and --strategy gitops) computes from the deployed objects (their namespace, names
// and substituted content), and the patch targets the workload by the name the kustomization gives it.
import { expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { configHash } from "../../src/core/config-hash.js";
import { findReferences } from "../../src/core/config-references.js";
import { consumedKeys } from "../../src/core/consumed-configs.js";
import { idKey } from "../../src/core/model.js";
import { useClosing } from "../helpers/closing.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { runInProcess } from "../helpers/run-cli.js";

const closing = useClosing();

const POD = {
  containers: [
    { name: "app", image: "registry.example/app:1", envFrom: [{ configMapRef: { name: "eu-web-config" } }] },
  ],
};

test("the value covers the deployed config (targetNamespace, namePrefix, substituted content)", async () => {
  const repo = closing(await createTempRepo());
  await repo.write("app/kustomization.yaml", "resources:\n  - app.yaml\n");
  await repo.write(
    "app/app.yaml",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\ndata:\n  REGION: ${REGION}\n---\n" +
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n" +
      "  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n        - name: app\n" +
      "          image: registry.example/app:1\n          envFrom:\n            - configMapRef: {name: web-config}\n",
  );
  await repo.write(
    "clusters/prod/web.yaml",
    "apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: web\n  namespace: flux-system\n" +
      "spec:\n  path: ./app\n  targetNamespace: prod\n  namePrefix: eu-\n  postBuild:\n    substitute:\n      REGION: eu-1\n",
  );
  await repo.commit("app deployed by Flux");

  const run = await runInProcess(["stamp", "--repo", repo.dir]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).not.toContain("unstampable");
  const patch = parseAllDocuments(await readFile(repo, "app/config-rollout-stamp.yaml")).map((d) => d.toJS());
  // The kustomization's own name: the prefix and namespace come after its patches.
  expect(patch.map((p) => [p.kind, p.metadata.name, p.metadata.namespace])).toEqual([
    ["Deployment", "web", undefined],
  ]);

  const contents = new Map([
    [
      idKey({ kind: "ConfigMap", namespace: "prod", name: "eu-web-config" }),
      { REGION: Buffer.from("eu-1").toString("base64") },
    ],
  ]);
  const expected = configHash(consumedKeys(findReferences(POD), "prod"), contents as never);
  expect(patch[0].spec.template.metadata.annotations["config-rollout.io/config-hash"]).toBe(expected);
});

// Flux's usual layout lists the cluster folder's files in a kustomization.yaml, which owns them.
const clusterFolders = {
  "": {},
  ", both listed by the cluster folder's kustomization.yaml": {
    "clusters/prod/kustomization.yaml": "resources: [web.yaml, settings.yaml]\n",
  },
};

test.each(Object.entries(clusterFolders))(
  "a kustomize root substituting from the repository's cluster-settings ConfigMap%s: the value covers the map's value",
  async (_, clusterFolder) => {
    const repo = closing(await createTempRepo());
    for (const [file, text] of Object.entries(clusterFolder)) await repo.write(file, text);
    await repo.write("app/kustomization.yaml", "resources:\n  - app.yaml\n");
    await repo.write(
      "app/app.yaml",
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\ndata:\n  REGION: ${REGION}\n---\n" +
        "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels: {app: web}\n" +
        "  template:\n    metadata:\n      labels: {app: web}\n    spec:\n      containers:\n        - name: app\n" +
        "          image: registry.example/app:1\n          envFrom:\n            - configMapRef: {name: web-config}\n",
    );
    await repo.write(
      "clusters/prod/web.yaml",
      "apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: web\n  namespace: flux-system\n" +
        "spec:\n  path: ./app\n  targetNamespace: prod\n  postBuild:\n    substituteFrom:\n      - {kind: ConfigMap, name: cluster-settings}\n",
    );
    const settings = (region: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: cluster-settings, namespace: flux-system}\ndata: {REGION: ${region}}\n`;
    await repo.write("clusters/prod/settings.yaml", settings("eu-1"));
    await repo.commit("app deployed by Flux, REGION from cluster-settings");

    const valueFor = (region: string) => {
      const id = { kind: "ConfigMap" as const, namespace: "prod", name: "web-config" };
      const contents = new Map([[idKey(id), { REGION: Buffer.from(region).toString("base64") }]]);
      return configHash([{ id, keys: "all" }], contents);
    };
    const stamped = async () =>
      parseAllDocuments(await readFile(repo, "app/config-rollout-stamp.yaml")).map((d) => d.toJS())[0].spec
        .template.metadata.annotations["config-rollout.io/config-hash"];
    const run = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(await stamped()).toBe(valueFor("eu-1"));

    await repo.write("clusters/prod/settings.yaml", settings("eu-2"));
    const stale = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
    expect(stale.code, stale.stdout).toBe(1);
    const again = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(again.code, again.stderr).toBe(0);
    expect(await stamped()).toBe(valueFor("eu-2"));
  },
);

async function readFile(r: TempRepo, path: string): Promise<string> {
  const { readFile: read } = await import("node:fs/promises");
  return read(`${r.dir}/${path}`, "utf8");
}
