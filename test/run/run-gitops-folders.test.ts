// Issue 31 item 3, one object in two folders, through --strategy gitops: clusters/dev/ and
// clusters/prod/ define the same ConfigMap and Deployment, one Argo CD Application per folder. A
// dev-only config change, stamped by the real `config-rollout stamp`, must be what the plan expects:
// dev's Deployment with dev's ConfigMap, not prod's Deployment (the later path) with dev's config.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { type TempRepo, useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { findKubectl } from "../sim/helpers.js";
import { runWithAgent, type SimRepo, useSimRepo } from "./cluster-scenario.js";

type Json = Record<string, unknown>;
const NS = "shop";
const HASH = "config-rollout.io/config-hash";
const kubectl = findKubectl();

const open = useSimRepo();
const commitTwice = useCommitTwice();

const app = (level: string) => [
  configMap("app-config", { LOG_LEVEL: level }, { namespace: NS }),
  deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), { namespace: NS }),
];

const application = (name: string, path: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: ${name}\n  namespace: argocd\nspec:\n  source:\n    repoURL: https://example.invalid/repo.git\n    path: ${path}\n  destination:\n    server: https://${name}.example.invalid\n    namespace: ${NS}\n`;

async function stamp(repo: TempRepo): Promise<void> {
  const run = await runInProcess(["stamp", "--repo", repo.dir]);
  if (run.code !== 0) throw new Error(`stamp failed: ${run.stderr}`);
}

/** Both clusters stamped at v1; v2 changes dev's config only and is stamped; the sim runs dev at v1. */
async function setup(): Promise<SimRepo> {
  const opened = await open({ kubeconfig: { context: "dev" } });
  const { sim, repo } = opened;
  await repo.write("clusters/dev/app.yaml", yamlDocs(...app("info")));
  await repo.write("clusters/prod/app.yaml", yamlDocs(...app("warn")));
  await repo.write(
    "argocd/apps.yaml",
    `${application("dev", "clusters/dev")}---\n${application("prod", "clusters/prod")}`,
  );
  await stamp(repo);
  await repo.commit("v1");
  sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } });
  const devV1 = parseAllDocuments(await readFile(join(repo.dir, "clusters/dev/app.yaml"), "utf8"));
  for (const doc of devV1) sim.seed(doc.toJS() as Json);
  await repo.write(
    "clusters/dev/app.yaml",
    (await readFile(join(repo.dir, "clusters/dev/app.yaml"), "utf8")).replace(
      "LOG_LEVEL: info",
      "LOG_LEVEL: debug",
    ),
  );
  await stamp(repo);
  await repo.commit("v2: dev logs debug");
  sim.resetRequests();
  return opened;
}

test.skipIf(!kubectl)(
  "a dev-only config change, stamped: the gitops wait accepts dev's stamp, and the plan names dev's folder",
  async () => {
    const s = await setup();
    const devStamp = /config-rollout\.io\/config-hash: "?([0-9a-f]+)/.exec(
      await readFile(join(s.repo.dir, "clusters/dev/app.yaml"), "utf8"),
    )?.[1];
    expect(devStamp).toBeDefined();
    const file = join(s.repo.dir, "clusters/dev/app.yaml");
    const run = await runWithAgent(s, () =>
      s.kubectl("apply", "--server-side", "--field-manager", "argocd-controller", "-f", file),
    );
    expect(run.stderr).toContain(`the agent applied the commit (${HASH}=${devStamp})`);
    // The plan says which deployment the restart comes from, and names the other definition.
    expect(run.stderr).toContain(
      "deployment/web (namespace shop) is defined by 2 deployments (folders clusters/dev, clusters/prod, each deployed by its own GitOps object; also at clusters/prod/app.yaml:",
    );
    expect(run.stderr).toContain("this plan restarts it as clusters/dev deploys it (clusters/dev/app.yaml:");
  },
);

/** A dry run of a commit changing `levels` (dev's and prod's LOG_LEVEL), with or without Applications. */
async function dryRun(levels: { dev: string; prod: string }, withApplications: boolean) {
  const apps = `${application("dev", "clusters/dev")}---\n${application("prod", "clusters/prod")}`;
  const repo = await commitTwice(
    {
      "clusters/dev/app.yaml": yamlDocs(...app("info")),
      "clusters/prod/app.yaml": yamlDocs(...app("warn")),
      ...(withApplications ? { "argocd/apps.yaml": apps } : {}),
    },
    {
      "clusters/dev/app.yaml": yamlDocs(...app(levels.dev)),
      "clusters/prod/app.yaml": yamlDocs(...app(levels.prod)),
    },
  );
  return runInProcess([...lastCommitArgs(repo.dir), "--dry-run"]);
}

test("a change in both deployed folders: the plan says it cannot know which one the cluster runs, naming both", async () => {
  const run = await dryRun({ dev: "debug", prod: "error" }, true);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout + run.stderr).toContain(
    "deployment/web (namespace shop) is defined by 2 deployments (folders clusters/dev, clusters/prod, each deployed by its own GitOps object; also at clusters/dev/app.yaml:9) and the range changes more than one of them, so the plan cannot know which one a cluster runs: it restarts it once, as the last in path order (clusters/prod/app.yaml:9) defines it",
  );
});

/** `envs/staging/` and `envs/prod/`: the same Deployment, each folder its own app-config; no GitOps object. */
async function plainFolders(levels: { staging: string; prod: string }, changedStaging: string) {
  const [, web] = app("");
  const config = (level: string) =>
    yamlDocs(configMap("app-config", { LOG_LEVEL: level }, { namespace: NS }));
  const before = Object.fromEntries(
    Object.entries(levels).flatMap(([env, level]) => [
      [`envs/${env}/deploy.yaml`, yamlDocs(web!)],
      [`envs/${env}/config.yaml`, config(level)],
    ]),
  );
  const repo = await commitTwice(before, { "envs/staging/config.yaml": config(changedStaging) });
  return runInProcess([...lastCommitArgs(repo.dir), "--dry-run"]);
}

test("one workload in two plain folders reading configs that differ: a warning names both and how to tell them apart", async () => {
  const run = await plainFolders({ staging: "info", prod: "prod-only-level" }, "debug");
  expect(run.code, run.stderr).toBe(0);
  const warning = run.stderr.split("\n").find((line) => line.includes("is defined alike in 2 folders"));
  expect(warning).toBeDefined();
  expect(warning).toContain(
    "deployment/web (namespace shop) is defined alike in 2 folders (envs/prod/deploy.yaml:1, envs/staging/deploy.yaml:1)",
  );
  expect(warning).toContain(
    "configmap/app-config (namespace shop), which it reads, differs between them (envs/prod/config.yaml:1, envs/staging/config.yaml:1)",
  );
  expect(warning).toContain(
    "give each its own namespace, run each deployment's job with --paths set to its folder, or deploy each folder with its own Flux Kustomization or Argo CD Application",
  );
  // The configs' content is never quoted.
  expect(warning).not.toContain("prod-only-level");
  // Folders whose configs agree at head define one deployment as far as the plan can tell: no warning.
  const alike = await plainFolders({ staging: "info", prod: "debug" }, "debug");
  expect(alike.stderr).not.toContain("defined alike");
});

// Issue 39 item 9: `stamp`, `stamp --check`, the plan and --strategy gitops pick a workload's config
// definitions by one rule (scan/gitops/folder-definitions.ts), with or without GitOps objects
// deploying the folders: after a change of `cfg` in one folder, stamp writes that folder's value,
// --check then passes, the plan follows that folder's `web`, and the gitops run accepts its stamp.
// `web` also reads `flags`, which each folder defines its own way and the range does not change.
const perCluster: Array<[boolean, "dev" | "prod"]> = [
  [false, "dev"],
  [false, "prod"],
  [true, "dev"],
  [true, "prod"],
];
for (const [withApplications, changed] of perCluster) {
  test.skipIf(!kubectl)(
    `per-cluster folders ${withApplications ? "with" : "without"} an Argo CD Application each, ${changed}'s cfg changed: stamp, --check, the plan and --strategy gitops agree`,
    async () => {
      const opened = await open({ kubeconfig: { context: changed } });
      const { sim, repo } = opened;
      const cfg = (level: string) => configMap("cfg", { LOG_LEVEL: level }, { namespace: NS });
      const web = deployment(
        "web",
        pod({ envFrom: [{ configMapRef: { name: "cfg" } }, { configMapRef: { name: "flags" } }] }),
        { namespace: NS },
      );
      for (const cluster of ["dev", "prod"]) {
        await repo.write(`clusters/${cluster}/cfg.yaml`, yamlDocs(cfg(`info-${cluster}`)));
        await repo.write(
          `clusters/${cluster}/flags.yaml`,
          yamlDocs(configMap("flags", { FEATURE: cluster }, { namespace: NS })),
        );
        await repo.write(`clusters/${cluster}/web.yaml`, yamlDocs(web));
      }
      if (withApplications)
        await repo.write(
          "argocd/apps.yaml",
          `${application("dev", "clusters/dev")}---\n${application("prod", "clusters/prod")}`,
        );
      await stamp(repo);
      await repo.commit("v1, stamped");
      const stampOf = async (cluster: string) =>
        /config-rollout\.io\/config-hash: "?([0-9a-f]+)/.exec(
          await readFile(join(repo.dir, `clusters/${cluster}/web.yaml`), "utf8"),
        )?.[1];
      const v1 = { dev: await stampOf("dev"), prod: await stampOf("prod") };
      // Each folder's web with its own folder's configs: the two values differ.
      expect(v1.dev).not.toBe(v1.prod);
      const other = changed === "dev" ? "prod" : "dev";
      sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } });
      for (const file of ["cfg.yaml", "flags.yaml", "web.yaml"]) {
        const text = await readFile(join(repo.dir, `clusters/${changed}`, file), "utf8");
        for (const doc of parseAllDocuments(text)) sim.seed(doc.toJS() as Json);
      }

      await repo.write(`clusters/${changed}/cfg.yaml`, yamlDocs(cfg("debug")));
      const stale = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
      expect(stale.code, stale.stdout).toBe(1);
      expect(stale.stdout).toContain(`clusters/${changed}/web.yaml`);
      expect(stale.stdout).not.toContain(`clusters/${other}/web.yaml`);
      await stamp(repo);
      const checked = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
      expect(checked.code, checked.stdout).toBe(0);
      await repo.commit(`v2: ${changed} logs debug, stamped`);
      const v2 = await stampOf(changed);
      expect(v2).not.toBe(v1[changed]);
      expect(await stampOf(other)).toBe(v1[other]);

      // The plan follows the changed folder's definition of web.
      const plan = await runInProcess([
        ...lastCommitArgs(repo.dir),
        "--dry-run",
        "--strategy",
        "gitops",
        "-o",
        "json",
      ]);
      expect(plan.code, plan.stderr).toBe(0);
      const planned = (JSON.parse(plan.stdout) as { workloads: Array<{ name: string; file?: string }> })
        .workloads;
      expect(planned.map((w) => [w.name, w.file])).toEqual([["web", `clusters/${changed}/web.yaml`]]);

      // --strategy gitops expects the value stamp wrote, and follows the agent's rollout of it.
      const folder = join(repo.dir, `clusters/${changed}`);
      const run = await runWithAgent(opened, () =>
        opened.kubectl("apply", "--server-side", "--field-manager", "argocd-controller", "-f", folder),
      );
      expect(run.stderr).toContain(`the agent applied the commit (${HASH}=${v2})`);
    },
  );
}
