// A kustomization (apps/web/kustomization.yaml) that GitOps objects deploy several ways: one Flux
// Kustomization per cluster, `targetNamespace: prod` and `staging` (or two Argo CD Applications with
// `source.kustomize.namespace`). Its one stamp (config-rollout-stamp.yaml) serves both namespaces:
// its value leaves the namespace out, and `--strategy gitops` expects that value of prod/web. Ways
// that differ in more than the namespace cannot share one value: --strategy gitops says so. A
// namespace written as a template (`${CLUSTER_NS}`) cannot be told: the plan is incomplete.
// Real git repositories, the CLI in-process, the simulated API server over real HTTP, the real
// `kubectl apply --server-side -k` playing Flux.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { configHash } from "../../src/core/config-hash.js";
import { idKey } from "../../src/core/model.js";
import { type TempRepo, useCommitTwice } from "../helpers/git-repo.js";
import { fluxWebKustomization, webApp } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { dryRunJson } from "../helpers/run-json.js";
import { findKubectl } from "../sim/helpers.js";
import { runWithAgent, type SimRepo, useSimRepo } from "./cluster-scenario.js";

const HASH = "config-rollout.io/config-hash";
const APP = "apps/web/app.yaml";
const ROOT = { "apps/web/kustomization.yaml": "resources: [app.yaml]\n" };
const STAMP_FILE = "apps/web/config-rollout-stamp.yaml";
const kubectl = findKubectl();
const commitTwice = useCommitTwice();
const open = useSimRepo();

const app = webApp;
const flux = (namespace: string, more: string[] = []) =>
  fluxWebKustomization([`  targetNamespace: ${namespace}`, ...more]);
const argo = (namespace: string) =>
  `apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: web-${namespace}, namespace: argocd}\nspec:\n  source: {repoURL: "https://example.invalid/repo.git", path: apps/web, kustomize: {namespace: ${namespace}}}\n  destination: {server: "https://kubernetes.default.svc", namespace: ${namespace}}\n`;

const stampOf = async (repo: TempRepo) =>
  new RegExp(`${HASH}: "?([0-9a-f]{64})`).exec(await readFile(join(repo.dir, STAMP_FILE), "utf8"))?.[1];
/** The value of a workload reading web-config (MODE) as a config in `namespace` ("": none). */
const valueIn = (namespace: string, mode: string) => {
  const id = { kind: "ConfigMap" as const, namespace, name: "web-config" };
  const content = { MODE: Buffer.from(mode).toString("base64") };
  return configHash([{ id, keys: "all" }], new Map([[idKey(id), content]]));
};

describe("stamp", () => {
  test("Flux prod only: the value as in prod (as it always was); prod and staging: one value without the namespace, the report naming both", async () => {
    const repo = await commitTwice({ ...ROOT, [APP]: app("a"), "clusters/prod/web.yaml": flux("prod") }, {});
    const first = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(first.code, first.stderr).toBe(0);
    expect(await stampOf(repo)).toBe(valueIn("prod", "a"));

    await repo.write("clusters/staging/web.yaml", flux("staging"));
    const both = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(both.code, both.stderr).toBe(0);
    expect(await stampOf(repo)).toBe(valueIn("", "a"));
    expect(both.stdout).toContain(
      `deployment/web (namespaces prod, staging) in ${STAMP_FILE} (kustomize apps/web): ${valueIn("prod", "a")} -> ${valueIn("", "a")}`,
    );
    expect(both.stdout).not.toContain("deployed 2 ways");
  });

  test("two Argo CD Applications with source.kustomize.namespace prod and staging: the same one value", async () => {
    const gitops = { "argocd/prod.yaml": argo("prod"), "argocd/staging.yaml": argo("staging") };
    const repo = await commitTwice({ ...ROOT, [APP]: app("a"), ...gitops }, {});
    const run = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(run.code, run.stderr).toBe(0);
    expect(await stampOf(repo)).toBe(valueIn("", "a"));
  });
});

/**
 * The prod cluster, running v1 as Flux applied it (`kubectl apply -k` into prod); v2 changes MODE.
 * Both commits stamped by the real `config-rollout stamp`.
 */
async function prodCluster(staging: string): Promise<SimRepo> {
  const s = await open();
  const { sim, repo } = s;
  for (const [file, text] of Object.entries(ROOT)) await repo.write(file, text);
  await repo.write(APP, app("a"));
  await repo.write("clusters/prod/web.yaml", flux("prod"));
  await repo.write("clusters/staging/web.yaml", staging);
  const stamped = async (message: string) => {
    const run = await runInProcess(["stamp", "--repo", repo.dir]);
    if (run.code !== 0) throw new Error(`stamp failed: ${run.stderr}`);
    await repo.commit(message);
  };
  await stamped("v1");
  sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "prod" } });
  const applied = await fluxApplies(s);
  if (applied.code !== 0) throw new Error(applied.stderr);
  await repo.write(APP, app("b"));
  await stamped("v2: mode b");
  sim.resetRequests();
  return s;
}

/** What Flux does with `targetNamespace: prod`: the kustomization built and applied into prod. */
const fluxApplies = (s: SimRepo) => s.applyAsFlux("prod", "-k", join(s.repo.dir, "apps/web"));

describe("--strategy gitops against the prod cluster", () => {
  test.skipIf(!kubectl)(
    "targetNamespace prod and staging: the stamp's one value is the one it waits for on prod/web",
    async () => {
      const s = await prodCluster(flux("staging"));
      const stamp = await stampOf(s.repo);
      const run = await runWithAgent(s, () => fluxApplies(s));
      expect(run.stderr).toContain(`the agent applied the commit (${HASH}=${stamp})`);
      expect(run.stderr).toContain("deployment/web (namespace staging): not on this cluster");
    },
  );

  test.skipIf(!kubectl)(
    "staging also sets a namePrefix: exit 2 naming both deployments, not a stale stamp that `stamp` would fix",
    async () => {
      const s = await prodCluster(flux("staging", ["  namePrefix: staging-"]));
      const run = await runInProcess([
        ...lastCommitArgs(s.repo.dir, s.kubeconfig),
        "--strategy",
        "gitops",
        "--timeout",
        "2s",
      ]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain("--strategy gitops: no stamp can match these workloads");
      expect(run.stderr).toContain(
        "kustomize apps/web is deployed 2 ways that differ in more than the namespace (Flux Kustomization flux-system/web (clusters/prod/web.yaml), Flux Kustomization flux-system/web (clusters/staging/web.yaml))",
      );
      expect(run.stderr).not.toContain("stale");
      expect(run.stderr).not.toContain("Run `config-rollout stamp`");
    },
  );
});

// biome-ignore lint/suspicious/noTemplateCurlyInString: a Flux variable, as the manifest holds it
const CLUSTER_NS = "${CLUSTER_NS}";
// biome-ignore lint/suspicious/noTemplateCurlyInString: a Flux variable, as the manifest holds it
const CLUSTER = "${CLUSTER}";
const unknownTarget = `spec.targetNamespace \`${CLUSTER_NS}\`: the namespace is not known`;

describe("a namespace or a name affix written as a template", () => {
  const unreadOf = async (before: Record<string, string>, after: Record<string, string>) => {
    const p = await dryRunJson((await commitTwice(before, after)).dir);
    return { outcome: p.outcome, unread: (p as { unread?: unknown }).unread };
  };

  test(`Flux targetNamespace ${CLUSTER_NS} on a plain folder: the plan is incomplete, naming the file and the field`, async () => {
    const before = { [APP]: app("a"), "clusters/prod/web.yaml": flux(CLUSTER_NS) };
    expect(await unreadOf(before, { [APP]: app("b") })).toEqual({
      outcome: "incomplete",
      unread: [
        {
          file: "clusters/prod/web.yaml",
          why: unknownTarget,
        },
      ],
    });
  });

  test(`Flux targetNamespace ${CLUSTER_NS} on a kustomization: the same`, async () => {
    const before = { ...ROOT, [APP]: app("a"), "clusters/prod/web.yaml": flux(CLUSTER_NS) };
    expect(await unreadOf(before, { [APP]: app("b") })).toEqual({
      outcome: "incomplete",
      unread: [
        {
          file: "clusters/prod/web.yaml",
          why: unknownTarget,
        },
      ],
    });
  });

  test(`Flux namePrefix ${CLUSTER}- on a plain folder: the same, the names not known`, async () => {
    const before = { [APP]: app("a"), "clusters/prod/web.yaml": flux("prod", [`  namePrefix: ${CLUSTER}-`]) };
    expect(await unreadOf(before, { [APP]: app("b") })).toEqual({
      outcome: "incomplete",
      unread: [
        { file: "clusters/prod/web.yaml", why: `spec.namePrefix \`${CLUSTER}-\`: the names are not known` },
      ],
    });
  });

  test("an Argo CD ApplicationSet's destination.namespace {{name}}: the same", async () => {
    const appSet = [
      "apiVersion: argoproj.io/v1alpha1",
      "kind: ApplicationSet",
      "metadata: {name: web, namespace: argocd}",
      "spec:",
      "  generators: [{list: {elements: [{name: prod}, {name: staging}]}}]",
      "  template:",
      "    metadata: {name: 'web-{{name}}'}",
      "    spec:",
      "      source: {repoURL: 'https://example.invalid/repo.git', path: apps/web}",
      "      destination: {server: 'https://kubernetes.default.svc', namespace: '{{name}}'}",
      "",
    ].join("\n");
    const before = { [APP]: app("a"), "argocd/web.yaml": appSet };
    expect(await unreadOf(before, { [APP]: app("b") })).toEqual({
      outcome: "incomplete",
      unread: [
        {
          file: "argocd/web.yaml",
          why: "spec.template.spec.destination.namespace `{{name}}`: the namespace is not known",
        },
      ],
    });
  });
});
