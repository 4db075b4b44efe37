// biome-ignore-all lint/suspicious/noTemplateCurlyInString: Flux variables, written as a manifest holds them
// The cluster-template layout: a parent Flux Kustomization (`cluster-apps`, path ./k/apps) patches
// every child Kustomization it deploys (`k/apps/<ns>/<app>/ks.yaml`) with `postBuild.substituteFrom:
// cluster-settings`, unless the child opts out by label. The children do not say substituteFrom
// themselves: read as written, a changed `cluster-settings` restarted nothing. Read as the parent
// deploys them (kustomize applies its patches), the child's folder is built with the map's values.
// Real git, real `kubectl kustomize`, the CLI in-process, the simulated API server over real HTTP.
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseAllDocuments, stringify } from "yaml";
import { type TempRepo, useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { changesOf, type RunJson, restartsOf, usePlan } from "../helpers/run-json.js";
import { findKubectl } from "../sim/helpers.js";
import { runWithAgent, useSimRepo } from "./cluster-scenario.js";

type Json = Record<string, unknown>;
const HASH = "config-rollout.io/config-hash";
const kubectl = findKubectl();
const plan = usePlan();
const commitTwice = useCommitTwice();
const open = useSimRepo();

const OPT_OUT = "substitution.flux.home.arpa/disabled";
const childPatch = (substituteFrom: string) =>
  stringify({
    apiVersion: "kustomize.toolkit.fluxcd.io/v1",
    kind: "Kustomization",
    metadata: { name: "not-used" },
    spec: { postBuild: { substituteFrom: [{ kind: "ConfigMap", name: substituteFrom }] } },
  });
/** The parent: deploys ./k/apps, patches each child not opted out. */
const parent = (substituteFrom = "cluster-settings") =>
  stringify({
    apiVersion: "kustomize.toolkit.fluxcd.io/v1",
    kind: "Kustomization",
    metadata: { name: "cluster-apps", namespace: "flux-system" },
    spec: {
      interval: "10m",
      path: "./k/apps",
      prune: true,
      sourceRef: { kind: "GitRepository", name: "flux-system" },
      postBuild: { substituteFrom: [{ kind: "ConfigMap", name: "cluster-settings" }] },
      patches: [
        {
          patch: childPatch(substituteFrom),
          target: {
            group: "kustomize.toolkit.fluxcd.io",
            kind: "Kustomization",
            labelSelector: `${OPT_OUT} notin (true)`,
          },
        },
      ],
    },
  });
const child = (app: string, labels?: Json) =>
  stringify({
    apiVersion: "kustomize.toolkit.fluxcd.io/v1",
    kind: "Kustomization",
    metadata: { name: app, namespace: "flux-system", ...(labels ? { labels } : {}) },
    spec: {
      targetNamespace: "default",
      path: `./k/apps/default/${app}/app`,
      interval: "30m",
      sourceRef: { kind: "GitRepository", name: "flux-system" },
      postBuild: { substitute: { APP: app } },
    },
  });
/** A plain app folder: its config's URL holds ${DOMAIN}, which only cluster-settings gives. */
const app = (name: string, labels?: Json): Record<string, string> => ({
  [`k/apps/default/${name}/ks.yaml`]: child(name, labels),
  [`k/apps/default/${name}/app/config.yaml`]: yamlDocs(
    configMap(`${name}-config`, { URL: "https://${APP}.${DOMAIN}" }),
  ),
  [`k/apps/default/${name}/app/deploy.yaml`]: yamlDocs(
    deployment(name, pod({ envFrom: [{ configMapRef: { name: `${name}-config` } }] })),
  ),
});
const settings = (domain: string) => ({
  "k/flux/settings.yaml": yamlDocs(
    configMap("cluster-settings", { DOMAIN: domain }, { namespace: "flux-system" }),
  ),
});
const cluster = (domain: string, parentText = parent(), webLabels?: Json): Record<string, string> => ({
  "k/flux/apps.yaml": parentText,
  ...settings(domain),
  "k/apps/kustomization.yaml": "resources: [./default]\n",
  "k/apps/default/kustomization.yaml": "resources: [./web/ks.yaml, ./quiet/ks.yaml]\n",
  ...app("web", webLabels),
  ...app("quiet", { [OPT_OUT]: "true" }),
});

describe("a child Kustomization its parent patches with substituteFrom: cluster-settings", () => {
  test("a changed cluster-settings value restarts the reader in the patched child's folder, not in the one that opts out", async () => {
    const p = await plan(cluster("example.com"), settings("example.org"));
    expect(p.outcome).toBe("planned");
    expect(changesOf(p)).toEqual(["ConfigMap/default/web-config", "ConfigMap/flux-system/cluster-settings"]);
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
  });

  test("every child opts out by label: nothing restarts", async () => {
    const p = await plan(cluster("example.com", parent(), { [OPT_OUT]: "true" }), settings("example.org"));
    expect(p.outcome).toBe("nothing-to-do");
    expect(changesOf(p)).toEqual(["ConfigMap/flux-system/cluster-settings"]);
    expect(restartsOf(p)).toEqual([]);
  });

  test("the parent's folder holds no kustomization.yaml, only namespace folders that do: built as Flux generates it", async () => {
    // Flux lists a folder holding a kustomization as one resource and does not look into it.
    const { "k/apps/kustomization.yaml": _, ...plainTop } = cluster("example.com");
    const p = await plan(plainTop, settings("example.org"));
    expect(p.outcome).toBe("planned");
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
  });

  test("a fork's pull request: the parent's folder is not built, and the plan says so", async () => {
    const scratch = await mkdtemp(join(tmpdir(), "parent-fork-"));
    const event = join(scratch, "event.json");
    await writeFile(
      event,
      JSON.stringify({
        pull_request: { head: { repo: { full_name: "mallory/k" } }, base: { repo: { full_name: "acme/k" } } },
      }),
    );
    const fork = { GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: "pull_request", GITHUB_EVENT_PATH: event };
    const repo = await commitTwice(cluster("example.com"), settings("example.org"));
    const run = await runInProcess(
      [
        "--repo",
        repo.dir,
        "--base",
        "HEAD~1",
        "--head",
        "HEAD",
        "--dry-run",
        "--output",
        "json",
        "--discover",
        "repo",
      ],
      fork,
    );
    await rm(scratch, { recursive: true, force: true });
    const p = JSON.parse(run.stdout) as RunJson;
    expect(p.outcome).toBe("incomplete");
    expect(p.unread).toContainEqual({
      file: "k/flux/apps.yaml",
      why: "spec.patches of the Kustomizations it deploys: its directory is not built, the head being untrusted (a pull request from a fork)",
    });
  });

  test("a parent deploying the repository root: not built, and the plan says so", async () => {
    const root = parent().replace("path: ./k/apps", "path: ./");
    const p = await plan(cluster("example.com", root), settings("example.org"));
    expect(p.outcome).toBe("incomplete");
    expect(p.unread).toContainEqual({
      file: "k/flux/apps.yaml",
      why: "spec.patches of the Kustomizations it deploys: its path is the repository root, which is not built for this",
    });
  });

  test("a patch that needs substitution itself: the plan is incomplete, naming the parent", async () => {
    const templated = parent("${SETTINGS_MAP}");
    const p = await plan(cluster("example.com", templated), settings("example.org"));
    expect(p.outcome).toBe("incomplete");
    expect(p.unread).toEqual([
      {
        file: "k/flux/apps.yaml",
        why: "spec.patches of the Kustomizations it deploys: a patch of its Kustomizations holds a ${VAR} that Flux substitutes",
      },
    ]);
  });
});

describe("stamp and --strategy gitops agree with the plan", () => {
  const DEPLOY = "k/apps/default/web/app/deploy.yaml";
  const stampOf = async (repo: TempRepo, file = DEPLOY) =>
    /config-rollout\.io\/config-hash: "?([0-9a-f]{64})/.exec(
      await readFile(join(repo.dir, file), "utf8"),
    )?.[1];
  const deployed = async (repo: TempRepo, domain: string) => {
    const files = [`k/apps/default/web/app/config.yaml`, DEPLOY];
    const texts = await Promise.all(files.map((f) => readFile(join(repo.dir, f), "utf8")));
    return texts.map((t) => t.replaceAll("${APP}", "web").replaceAll("${DOMAIN}", domain)).join("---\n");
  };

  test("stamp finds the patched child's stamp stale (not the opted-out one's); --strategy gitops expects it", async () => {
    const opened = await open();
    const { repo, sim } = opened;
    for (const [file, text] of Object.entries(cluster("example.com"))) await repo.write(file, text);
    expect((await runInProcess(["stamp", "--repo", repo.dir])).code).toBe(0);
    await repo.commit("v1, stamped");
    const [web, quiet] = [await stampOf(repo), await stampOf(repo, "k/apps/default/quiet/app/deploy.yaml")];
    for (const doc of parseAllDocuments(await deployed(repo, "example.com"))) {
      const object = doc.toJS() as Json & { metadata: Json };
      sim.seed({ ...object, metadata: { ...object.metadata, namespace: "default" } });
    }
    for (const [file, text] of Object.entries(settings("example.org"))) await repo.write(file, text);
    const stale = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
    expect(stale.code, stale.stdout).toBe(1);
    expect(stale.stdout).toContain(DEPLOY);
    expect(stale.stdout).not.toContain("quiet");
    expect((await runInProcess(["stamp", "--repo", repo.dir])).code).toBe(0);
    expect(await stampOf(repo)).not.toBe(web);
    expect(await stampOf(repo, "k/apps/default/quiet/app/deploy.yaml")).toBe(quiet);
    await repo.commit("v2: example.org, stamped");
    if (!kubectl) return;
    const file = opened.file("deployed.yaml", await deployed(repo, "example.org"));
    const agent = () => opened.applyAsFlux("default", "-f", file);
    const run = await runWithAgent(opened, agent, ["--output", "json"]);
    const report = JSON.parse(run.stdout) as { outcome: string; workloads: Array<{ name: string }> };
    expect(report.outcome).toBe("restarted");
    expect(report.workloads.map((w) => w.name)).toEqual(["web"]);
    expect(run.stderr).toContain(`the agent applied the commit (${HASH}=${await stampOf(repo)})`);
  });
});
