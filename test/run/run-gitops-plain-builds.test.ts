// A plain folder (apps/web, no kustomization.yaml) that a Flux Kustomization deploys with a
// namePrefix, a nameSuffix, patches or components: Flux builds it through a kustomization it
// generates, so the cluster runs `prod-web` reading `prod-web-config`, or `web` with an envFrom the
// patch adds. The plan builds it so (and --strategy gitops expects the value of what it built); a
// stamp written into the folder's files is a value of the objects as the files write them, which
// can never be it. `stamp` refuses such a workload and --strategy gitops says no stamp can match it,
// both naming the Kustomization's file and line and the field, instead of a stamp that `stamp
// --check` calls current while the gitops run asks for `stamp` forever. A kustomization.yaml in the
// folder is the way out: `stamp` then writes the value as the Kustomization deploys it. Real git,
// the CLI in-process, the simulated API server over real HTTP.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, fluxWebKustomization, pod, webApp, yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { useSimRepo } from "./cluster-scenario.js";

const HASH = "config-rollout.io/config-hash";
const APP = "apps/web/app.yaml";
const EXTRA = { "apps/web/extra.yaml": yamlDocs(configMap("extra-config", { LEVEL: "info" })) };
const commitTwice = useCommitTwice();
const open = useSimRepo();

/** A patch adding extra-config to web's envFrom, as Flux's spec.patches and a Component write it. */
const envFromPatch = (indent: string) =>
  [
    "- target: {kind: Deployment, name: web}",
    "  patch: |",
    "    - op: add",
    "      path: /spec/template/spec/containers/0/envFrom/-",
    "      value: {configMapRef: {name: extra-config}}",
  ].map((line) => `${indent}${line}`);

/** Per field: the Kustomization's spec lines, the files it needs, the workload the cluster runs. */
const fields: Record<string, { spec: string[]; files?: Record<string, string>; runs: string }> = {
  "spec.namePrefix": { spec: ["  namePrefix: prod-"], runs: "prod-web" },
  "spec.nameSuffix": { spec: ["  nameSuffix: -prod"], runs: "web-prod" },
  "spec.patches": { spec: ["  patches:", ...envFromPatch("    ")], runs: "web" },
  "spec.components": {
    runs: "web",
    spec: ["  components: [../../components/extra]"],
    files: {
      "components/extra/kustomization.yaml": [
        "apiVersion: kustomize.config.k8s.io/v1alpha1",
        "kind: Component",
        "patches:",
        ...envFromPatch("  "),
        "",
      ].join("\n"),
    },
  },
};

/** The repository at v1: apps/web deployed into prod with `field`. */
const v1 = (field: string) => ({
  [APP]: webApp("a"),
  ...EXTRA,
  ...fields[field]!.files,
  "clusters/prod/web.yaml": fluxWebKustomization(["  targetNamespace: prod", ...fields[field]!.spec]),
});

const refusal = (field: string) =>
  `Flux Kustomization flux-system/web (clusters/prod/web.yaml:1) deploys apps/web, a folder without a kustomization.yaml, with ${field}: its objects are built as Flux builds them`;

describe.each(Object.keys(fields))("%s on a plain folder", (field) => {
  test("stamp writes no value into its files and names the Kustomization's file, line and field (--strict: exit 2)", async () => {
    const repo = await commitTwice(v1(field), {});
    const run = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`deployment/web (${APP}): ${refusal(field)}`);
    expect(await readFile(join(repo.dir, APP), "utf8")).not.toContain(HASH);
    const strict = await runInProcess(["stamp", "--repo", repo.dir, "--strict"]);
    expect(strict.code, strict.stdout).toBe(2);
    expect(strict.stderr).toContain(refusal(field));
  });

  test("--strategy gitops: exit 2, no stamp can match the workload Flux renames or patches, naming the same (not `run stamp`)", async () => {
    const s = await open();
    const { repo, sim } = s;
    for (const [file, text] of Object.entries(v1(field))) await repo.write(file, text);
    const stamped = async (message: string) => {
      const run = await runInProcess(["stamp", "--repo", repo.dir]);
      expect(run.code, run.stderr).toBe(0);
      await repo.commit(message);
    };
    await stamped("v1");
    sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "prod" } });
    sim.seed(deployment(fields[field]!.runs, pod(), { namespace: "prod" }));
    await repo.write(APP, webApp("b"));
    await stamped("v2: mode b");
    const run = await runInProcess([
      ...lastCommitArgs(repo.dir, s.kubeconfig),
      "--strategy",
      "gitops",
      "--timeout",
      "2s",
    ]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain("--strategy gitops: no stamp can match these workloads");
    expect(run.stderr).toContain(refusal(field));
    expect(run.stderr).not.toContain("Run `config-rollout stamp`");
  });
});

test("a kustomization.yaml in the folder: stamp writes the value as the Kustomization deploys it", async () => {
  const kustomization = { "apps/web/kustomization.yaml": "resources: [app.yaml, extra.yaml]\n" };
  const repo = await commitTwice({ ...v1("spec.namePrefix"), ...kustomization }, {});
  const run = await runInProcess(["stamp", "--repo", repo.dir]);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).not.toContain("Not stamped");
  expect(run.stdout).toContain("deployment/prod-web (namespace prod) in apps/web/config-rollout-stamp.yaml");
});
