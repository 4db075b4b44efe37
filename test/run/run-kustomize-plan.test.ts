// Kustomize as the source of truth, end to end: real `kubectl kustomize` (or `kustomize`) on temp git
// repositories, the CLI function (in-process) run as a user would (--dry-run --output json).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { chmod, mkdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { type TempRepo, useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { dryRun, dryRunJson, type RunJson } from "../helpers/run-json.js";

type Files = Record<string, string | null>;

const commitTwice = useCommitTwice();

const run = (repo: TempRepo, args: string[] = []) => dryRun(repo.dir, args);
const plan = async (before: Files, after: Files, args: string[] = []) =>
  dryRunJson((await commitTwice(before, after)).dir, args);

const yaml = (value: unknown) => stringify(value);
const web = deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] }));
const baseFiles: Files = {
  "base/kustomization.yaml": yaml({ resources: ["deployment.yaml", "cm.yaml"] }),
  "base/deployment.yaml": yamlDocs(web),
  "base/cm.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: "info", PORT: "8080" })),
};
const prodPatch = (level: string) => yaml([{ op: "replace", path: "/data/LOG_LEVEL", value: level }]);
const prodOverlay = (level: string): Files => ({
  "overlays/prod/kustomization.yaml": yaml({
    namespace: "prod",
    resources: ["../../base"],
    patches: [{ path: "log-level.yaml", target: { kind: "ConfigMap", name: "web-config" } }],
  }),
  "overlays/prod/log-level.yaml": prodPatch(level),
});
const restarts = (p: RunJson) =>
  p.workloads.filter((w) => w.action === "restart").map((w) => `${w.kind}/${w.namespace}/${w.name}`);

describe("overlays with namespaces and patches", () => {
  test("a change to the overlay's patch restarts the workload in the overlay's namespace, named by source and file", async () => {
    const p = await plan({ ...baseFiles, ...prodOverlay("warn") }, prodOverlay("error"));
    expect(p.changes.map((c) => [c.namespace, c.name, c.status, c.keys])).toEqual([
      ["prod", "web-config", "modified", ["LOG_LEVEL"]],
    ]);
    expect(p.changes[0]?.origin).toBe("kustomize overlays/prod");
    expect(p.changes[0]?.blamedFile).toBe("overlays/prod/log-level.yaml");
    expect(restarts(p)).toEqual(["Deployment/prod/web"]);
    expect(p.workloads[0]?.origin).toBe("kustomize overlays/prod");
    expect(p.sources).toContain("kustomize overlays/prod: rendered at both commits");
  });

  test("a base change the overlay masks restarts nothing, and nothing in namespace default", async () => {
    const p = await plan(
      { ...baseFiles, ...prodOverlay("warn") },
      { "base/cm.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: "debug", PORT: "8080" })) },
    );
    expect(p.changes).toEqual([]);
    expect(p.workloads).toEqual([]);
    expect(p.outcome).toBe("nothing-to-do");
  });

  test("a base change the overlay does not mask restarts the workload in the overlay's namespace", async () => {
    const p = await plan(
      { ...baseFiles, ...prodOverlay("warn") },
      { "base/cm.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: "debug", PORT: "9090" })) },
    );
    expect(p.changes.map((c) => [c.namespace, c.keys, c.blamedFile])).toEqual([
      ["prod", ["PORT"], "base/cm.yaml"],
    ]);
    expect(restarts(p)).toEqual(["Deployment/prod/web"]);
  });

  test("an overlay removed at head is rendered at base only: its objects are deleted", async () => {
    const p = await plan(
      { ...baseFiles, ...prodOverlay("warn") },
      { "overlays/prod/kustomization.yaml": null, "overlays/prod/log-level.yaml": null },
    );
    expect(p.changes.map((c) => [c.namespace, c.name, c.status, c.origin])).toEqual([
      ["prod", "web-config", "deleted", "kustomize overlays/prod"],
    ]);
    expect(p.workloads).toEqual([]);
  });

  test("--kustomize none reads raw files only, as before", async () => {
    const p = await plan(
      { ...baseFiles, ...prodOverlay("warn") },
      { "base/cm.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: "debug", PORT: "8080" })) },
      ["--kustomize", "none"],
    );
    expect(restarts(p)).toEqual(["Deployment/default/web"]);
    expect(p.changes[0]?.origin).toBeUndefined();
  });

  test("a push that touches no kustomization renders nothing and still reads raw files", async () => {
    const raw = (level: string) =>
      yamlDocs(
        configMap("other", { L: level }),
        deployment("other", pod({ envFrom: [{ configMapRef: { name: "other" } }] })),
      );
    const p = await plan(
      { ...baseFiles, ...prodOverlay("warn"), "raw/other.yaml": raw("a") },
      { "raw/other.yaml": raw("b") },
    );
    expect(restarts(p)).toEqual(["Deployment/default/other"]);
    expect(p.sources).toEqual(["kustomize overlays/prod: not rendered, the range touches none of its files"]);
  });
  test("a file inside a kustomize tree is never read as a raw consumer of a raw config", async () => {
    const tree: Files = {
      "app/kustomization.yaml": yaml({ namespace: "prod", resources: ["deployment.yaml"] }),
      "app/deployment.yaml": yamlDocs(
        deployment("web", pod({ envFrom: [{ configMapRef: { name: "shared" } }] })),
      ),
    };
    const p = await plan(
      { ...tree, "raw/shared.yaml": yamlDocs(configMap("shared", { A: "1" })) },
      { "raw/shared.yaml": yamlDocs(configMap("shared", { A: "2" })) },
    );
    expect(p.changes.map((c) => [c.namespace, c.name])).toEqual([["default", "shared"]]);
    expect(p.workloads).toEqual([]);
  });
});

describe("generators", () => {
  const generated = (level: string, options: Record<string, unknown> = {}): Files => ({
    "app/kustomization.yaml": yaml({
      namespace: "apps",
      resources: ["deployment.yaml"],
      configMapGenerator: [{ name: "web-config", files: ["app.properties"], ...options }],
    }),
    "app/deployment.yaml": yamlDocs(
      deployment(
        "web",
        pod(
          { volumeMounts: [{ name: "c", mountPath: "/etc/app" }] },
          { volumes: [{ name: "c", configMap: { name: "web-config" } }] },
        ),
      ),
    ),
    "app/app.properties": `log.level=${level}\n`,
  });

  test("with a hash suffix the consumer rolls on apply under the new name and is not restarted", async () => {
    const p = await plan(generated("info"), { "app/app.properties": "log.level=debug\n" });
    expect(p.changes).toHaveLength(1);
    const change = p.changes[0]!;
    expect(change.status).toBe("modified");
    expect(change.name).toMatch(/^web-config-[a-z0-9]{10}$/);
    expect(change.previousName).toMatch(/^web-config-[a-z0-9]{10}$/);
    expect(change.previousName).not.toBe(change.name);
    expect(change.blamedFile).toBe("app/app.properties");
    expect(p.workloads.map((w) => [w.namespace, w.name, w.action, w.rollsOnApply])).toEqual([
      ["apps", "web", "skip", true],
    ]);
    expect(p.workloads[0]?.reason).toContain(`now reads configmap/${change.name}`);
    expect(p.outcome).toBe("nothing-to-do");
  });

  test("with disableNameSuffixHash a content change restarts the consumer", async () => {
    const options = { options: { disableNameSuffixHash: true } };
    const p = await plan(generated("info", options), { "app/app.properties": "log.level=debug\n" });
    expect(p.changes.map((c) => [c.name, c.status, c.keys, c.blamedFile])).toEqual([
      ["web-config", "modified", ["app.properties"], "app/app.properties"],
    ]);
    expect(restarts(p)).toEqual(["Deployment/apps/web"]);
  });

  test("envs and literals generators are read too", async () => {
    const files = (level: string): Files => ({
      "app/kustomization.yaml": yaml({
        resources: ["deployment.yaml"],
        generatorOptions: { disableNameSuffixHash: true },
        configMapGenerator: [{ name: "web-config", envs: ["app.env"], literals: ["STATIC=1"] }],
      }),
      "app/deployment.yaml": yamlDocs(web),
      "app/app.env": `LOG_LEVEL=${level}\n`,
    });
    const p = await plan(files("info"), { "app/app.env": "LOG_LEVEL=debug\n" });
    expect(p.changes.map((c) => c.keys)).toEqual([["LOG_LEVEL"]]);
    expect(restarts(p)).toEqual(["Deployment/default/web"]);
  });
});

describe("two overlays and failures", () => {
  const twoOverlays = (level: string): Files => ({
    ...baseFiles,
    ...Object.fromEntries(
      ["staging", "prod"].flatMap((env) => [
        [
          `overlays/${env}/kustomization.yaml`,
          yaml({ resources: ["../../base"], patches: [{ path: "p.yaml", target: { kind: "ConfigMap" } }] }),
        ],
        [`overlays/${env}/p.yaml`, prodPatch(`${env}-${level}`)],
      ]),
    ),
  });

  test("two overlays that define one object differently stop the run and ask for --kustomize", async () => {
    const repo = await commitTwice(twoOverlays("a"), {
      "base/cm.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: "x", PORT: "1" })),
    });
    const result = await run(repo);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "kustomize overlays/prod and kustomize overlays/staging both define configmap/web-config (namespace default) with different content (data.LOG_LEVEL)",
    );
    expect(result.stderr).toContain("deployment/web restarts onto different config content with each");
    for (const way of ["--kustomize DIR", "--kustomize none", "--paths GLOBS"])
      expect(result.stderr).toContain(way);
    const chosen = await run(repo, ["--kustomize", "overlays/prod"]);
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(restarts(JSON.parse(chosen.stdout) as RunJson)).toEqual(["Deployment/default/web"]);
  });

  test("overlays that differ only in objects the plan does not use (a HelmRelease) plan on, with a note", async () => {
    const release = (env: string) =>
      yaml({
        apiVersion: "helm.toolkit.fluxcd.io/v2",
        kind: "HelmRelease",
        metadata: { name: "podinfo", namespace: "podinfo" },
        spec: { values: { replicaCount: env === "production" ? 3 : 1 } },
      });
    const envs = Object.fromEntries(
      ["staging", "production"].flatMap((env) => [
        [`apps/${env}/kustomization.yaml`, yaml({ resources: ["../../base", "release.yaml"] })],
        [`apps/${env}/release.yaml`, release(env)],
      ]),
    );
    const p = await plan(
      { ...baseFiles, ...envs },
      { "base/cm.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: "debug", PORT: "8080" })) },
    );
    expect(restarts(p)).toEqual(["Deployment/default/web"]);
    expect(p.sources).toContain(
      "1 object(s) defined differently by several sources play no part in this plan: helmrelease/podinfo (namespace podinfo) (kustomize apps/production, kustomize apps/staging)",
    );
  });

  test("an all-in-one manifest beside the kustomization: other images, the same plan, a note", async () => {
    const image = (tag: string) =>
      deployment("web", pod({ image: `app:${tag}`, envFrom: [{ configMapRef: { name: "web-config" } }] }));
    const cm = (level: string) => configMap("web-config", { LOG_LEVEL: level, PORT: "8080" });
    const before: Files = {
      "kustomize/kustomization.yaml": yaml({ resources: ["deployment.yaml", "cm.yaml"] }),
      "kustomize/deployment.yaml": yamlDocs(image("dev")),
      "kustomize/cm.yaml": yamlDocs(cm("info")),
      "release/all-in-one.yaml": yamlDocs(cm("info"), image("v1.2.3")),
    };
    const p = await plan(before, {
      "kustomize/cm.yaml": yamlDocs(cm("debug")),
      "release/all-in-one.yaml": yamlDocs(cm("debug"), image("v1.2.3")),
    });
    expect(restarts(p)).toEqual(["Deployment/default/web"]);
    expect(p.sources?.join("\n")).toContain(
      "defined differently by several sources, with the same plan whichever is deployed: deployment/web (namespace default) (",
    );
  });

  test("a kustomization broken at head is exit 2 naming it, the commit, kustomize's complaint and the ways out", async () => {
    // A resource file renamed without updating kustomization.yaml.
    const repo = await commitTwice(
      {
        ...baseFiles,
        ...prodOverlay("warn"),
        "overlays/prod/extra.yaml": yamlDocs(configMap("extra", { A: "1" })),
      },
      {},
    );
    await repo.write(
      "overlays/prod/kustomization.yaml",
      yaml({ namespace: "prod", resources: ["../../base", "extra.yaml"] }),
    );
    await repo.commit("list extra.yaml");
    await repo.rename("overlays/prod/extra.yaml", "overlays/prod/extra-config.yaml");
    const head = await repo.commit("rename extra.yaml");
    const result = await run(repo);
    expect(result.code).toBe(2);
    const error = result.stderr.slice(result.stderr.indexOf("error:"));
    expect(error).toContain(
      `kustomize overlays/prod cannot be built at the head commit ${head.slice(0, 12)}`,
    );
    expect(error).toMatch(/`(kubectl kustomize|kustomize build) \.\/overlays\/prod` failed \(exit 1\)/);
    // kustomize's words, short, with repository paths rather than the temporary checkout's.
    expect(error).toContain("overlays/prod/extra.yaml");
    expect(error).not.toContain("config-rollout-render-");
    expect(error).not.toMatch(/run\.go:\d+\]/);
    expect(error).toContain("--kustomize none");
    expect(error).toContain("--kustomize DIR");
    expect(error.split("\n")[0]!.length).toBeLessThan(700);
  });

  test("a kustomization broken at base and fixed at head plans on: its changes cannot be told, a warning says so", async () => {
    const fixed: Files = {
      ...baseFiles,
      ...prodOverlay("warn"),
      "raw/other.yaml": yamlDocs(configMap("other", { A: "1" })),
      "raw/other-app.yaml": yamlDocs(
        deployment("other", pod({ envFrom: [{ configMapRef: { name: "other" } }] })),
      ),
    };
    const repo = await commitTwice(
      {
        ...fixed,
        "overlays/prod/kustomization.yaml": yaml({
          namespace: "prod",
          resources: ["../../base", "missing.yaml"],
        }),
      },
      {
        ...prodOverlay("error"),
        "raw/other.yaml": yamlDocs(configMap("other", { A: "2" })),
      },
    );
    const base = (await repo.git(["rev-parse", "HEAD~1"])).trim();
    const result = await run(repo);
    expect(result.code, result.stderr).toBe(0);
    const p = JSON.parse(result.stdout) as RunJson & { warnings: string[] };
    // The raw change still plans; nothing of the overlay counts as changed or added.
    expect(p.changes.map((c) => [c.namespace, c.name, c.status])).toEqual([["default", "other", "modified"]]);
    expect(restarts(p)).toEqual(["Deployment/default/other"]);
    const warning = p.warnings.find((w) => w.includes("kustomize overlays/prod"));
    expect(warning).toContain(`cannot be built at the base commit ${base.slice(0, 12)}`);
    expect(warning).toContain("cannot be told");
    expect(result.stderr).toContain(
      "warning: overlays/prod/kustomization.yaml: kustomize overlays/prod cannot be built at the base commit",
    );
  });

  test("a kustomization broken at both commits was broken before the push: a warning naming it and the ways out, the rest planned, exit 0", async () => {
    // kustomize's load restrictor refuses a resource outside the kustomization's directory (like
    // argocd-example-apps' kustomize-guestbook listing ../guestbook), at base and at head.
    const broken = (level: string): Files => ({
      "outside/cm.yaml": yamlDocs(configMap("outside", { LEVEL: level })),
      "app/kustomization.yaml": yaml({ resources: ["../outside/cm.yaml"] }),
    });
    const raw = (a: string): Files => ({
      "raw/other.yaml": yamlDocs(configMap("other", { A: a })),
      "raw/other-app.yaml": yamlDocs(
        deployment("other", pod({ envFrom: [{ configMapRef: { name: "other" } }] })),
      ),
    });
    const repo = await commitTwice({ ...broken("1"), ...raw("1") }, { ...broken("2"), ...raw("2") });
    const [base, head] = (await repo.git(["rev-parse", "HEAD~1", "HEAD"])).trim().split("\n");
    const result = await run(repo);
    expect(result.code, result.stderr).toBe(0);
    const p = JSON.parse(result.stdout) as RunJson & { warnings: string[] };
    expect(restarts(p)).toEqual(["Deployment/default/other"]);
    expect(p.changes.map((c) => c.name)).toEqual(["other"]);
    const warning = p.warnings.find((w) => w.includes("kustomize app"));
    expect(warning).toContain(
      `cannot be built at the base commit ${base!.slice(0, 12)} nor at the head commit ${head!.slice(0, 12)}`,
    );
    expect(warning).toContain("broken before this push");
    expect(warning).toContain("--kustomize none");
    expect(warning).toContain("--kustomize DIR");
    expect(result.stderr).toContain("warning: app/kustomization.yaml: kustomize app cannot be built");
  });

  test("a kustomization that builds at base and breaks at head still stops the run, however fast its head fails", async () => {
    const repo = await commitTwice(
      { ...baseFiles, ...prodOverlay("warn") },
      {
        "overlays/prod/kustomization.yaml": yaml({
          namespace: "prod",
          resources: ["../../base", "gone.yaml"],
        }),
      },
    );
    const result = await run(repo);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("kustomize overlays/prod cannot be built at the head commit");
  });

  test("a kustomization from the repository cannot run a program: exec plugins stay off", async () => {
    const marker = join(tmpdir(), `config-rollout-exec-marker-${process.pid}-${Date.now()}`);
    const withGenerator = (level: string): Files => ({
      ...prodOverlay(level),
      "overlays/prod/kustomization.yaml": yaml({
        namespace: "prod",
        resources: ["../../base"],
        generators: ["gen.yaml"],
        patches: [{ path: "log-level.yaml", target: { kind: "ConfigMap", name: "web-config" } }],
      }),
      "overlays/prod/gen.yaml": yaml({
        apiVersion: "example.com/v1",
        kind: "Gen",
        metadata: {
          name: "g",
          annotations: { "config.kubernetes.io/function": "exec:\n  path: ./gen.sh\n" },
        },
      }),
      "overlays/prod/gen.sh": `#!/bin/sh\ntouch ${marker}\ncat\n`,
    });
    // Builds at base (no generator there): the head's failure stops the run.
    const repo = await commitTwice({ ...baseFiles, ...prodOverlay("warn") }, withGenerator("error"));
    await chmod(join(repo.dir, "overlays/prod/gen.sh"), 0o755);
    await repo.commit("executable generator");
    const result = await run(repo, ["--base", "HEAD~2"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/cannot be built at the head commit/);
    expect(result.stderr).toContain("external plugins disabled");
    expect(existsSync(marker)).toBe(false);
  });

  test("--kustomize naming a directory without a kustomization is exit 2", async () => {
    const repo = await commitTwice(
      { ...baseFiles },
      { "base/cm.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: "x" })) },
    );
    const result = await run(repo, ["--kustomize", "overlays/nope"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--kustomize overlays/nope: no kustomization.yaml");
  });

  test("without kustomize or kubectl on PATH, a touched kustomization says how to install one or opt out", async () => {
    const repo = await commitTwice({ ...baseFiles, ...prodOverlay("warn") }, prodOverlay("error"));
    // A PATH with git only (kubectl sits next to git in /usr/bin on these machines).
    const bin = join(repo.dir, "..", `only-git-${Date.now()}`);
    await mkdir(bin);
    await symlink(
      execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim(),
      join(bin, "git"),
    );
    try {
      const result = await runInProcess(
        ["--repo", repo.dir, "--dry-run", "--output", "json", "--discover", "repo"],
        { PATH: bin },
      );
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(
        "kustomize overlays/prod changed but neither kustomize nor kubectl is on PATH",
      );
      expect(result.stderr).toContain("--kustomize none");
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  });

  test("a Helm chart directory is never parsed as raw manifests; a changed one is a warning with the --render recipe", async () => {
    const chart = (replicas: number): Files => ({
      "charts/web/Chart.yaml": yaml({ apiVersion: "v2", name: "web", version: "0.1.0" }),
      "charts/web/templates/configmap.yaml": `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\ndata:\n  replicas: "${replicas}"\n`,
    });
    const p = await plan(chart(1), chart(2), ["--kustomize", "none"]);
    expect(p.problems).toEqual([]);
    const result = await run(await commitTwice(chart(1), chart(2)));
    expect(result.code, result.stderr).toBe(0);
    const auto = JSON.parse(result.stdout) as RunJson & { warnings: string[] };
    expect(auto.problems).toEqual([]);
    expect(auto.outcome).toBe("incomplete");
    const warning =
      "Helm chart charts/web changed (templates/configmap.yaml) but was not rendered: Helm charts are planned only through --render. To plan from it: --render 'helm template web charts/web' --render-paths 'charts/web/**'";
    expect(auto.warnings).toEqual([expect.stringContaining(`charts/web/Chart.yaml: ${warning}`)]);
    expect(result.stderr).toContain(`warning: charts/web/Chart.yaml: ${warning}`);
    expect(auto.sources).toBeUndefined();
  });

  test("untouched Helm charts are one line in Sources, however many", async () => {
    const chart = (name: string): Files => ({
      [`charts/${name}/Chart.yaml`]: yaml({ apiVersion: "v2", name, version: "0.1.0" }),
      [`charts/${name}/templates/cm.yaml`]: "kind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n",
    });
    const raw = (level: string) => yamlDocs(configMap("other", { L: level }));
    const p = await plan(
      { ...chart("a"), ...chart("b"), ...chart("c"), "raw/other.yaml": raw("1") },
      { "raw/other.yaml": raw("2") },
    );
    expect(p.sources).toEqual([
      "3 Helm charts not read, the range touches none of their files (charts/a, charts/b, charts/c); charts are planned only through --render 'helm template ...'",
    ]);
  });
});

describe("where a rendered object is reported", () => {
  const service = {
    apiVersion: "v1",
    kind: "Service",
    metadata: { name: "redis" },
    spec: { ports: [{ port: 6379 }] },
  };
  const redis = deployment(
    "redis",
    pod(
      { volumeMounts: [{ name: "c", mountPath: "/etc/redis" }] },
      { volumes: [{ name: "c", configMap: { name: "redis-config" } }] },
    ),
  );
  /** deployment.yaml holds a Service, then the Deployment: the Deployment starts past line 1. */
  const deploymentLine = yamlDocs(service).split("\n").length + 1;
  const generated = (conf: string): Files => ({
    "app/kustomization.yaml": yaml({
      namespace: "apps",
      resources: ["deployment.yaml"],
      configMapGenerator: [
        { name: "redis-config", files: ["redis.conf"], options: { disableNameSuffixHash: true } },
      ],
    }),
    "app/deployment.yaml": yamlDocs(service, redis),
    "app/redis.conf": conf,
  });

  test("a workload is reported where it is written, its config at the generator's input file", async () => {
    const repo = await commitTwice(generated("maxmemory 1mb\n"), { "app/redis.conf": "maxmemory 2mb\n" });
    const result = await run(repo);
    expect(result.code, result.stderr).toBe(0);
    const p = JSON.parse(result.stdout) as RunJson;
    expect(p.changes.map((c) => [c.name, c.file, c.line, c.blamedFile])).toEqual([
      ["redis-config", "app/redis.conf", 1, "app/redis.conf"],
    ]);
    expect(p.workloads.map((w) => [w.name, w.action, w.file, w.line])).toEqual([
      ["redis", "restart", "app/deployment.yaml", deploymentLine],
    ]);
    const markdown = await dryRun(repo.dir, [], "markdown");
    expect(markdown.stdout).toContain(`from kustomize app (app/deployment.yaml:${deploymentLine})`);
    expect(markdown.stdout).not.toContain("redis.conf:1");
    const dir = mkdtempSync(join(tmpdir(), "config-rollout-junit-"));
    await run(repo, ["--junit", join(dir, "r.xml")]);
    expect(readFileSync(join(dir, "r.xml"), "utf8")).toContain(
      `defined in app/deployment.yaml:${deploymentLine}`,
    );
    rmSync(dir, { recursive: true, force: true });
  });

  test("through an overlay's namePrefix and namespace, the base's resource file and line", async () => {
    const overlay = (level: string): Files => ({
      "overlays/prod/kustomization.yaml": yaml({
        namespace: "prod",
        namePrefix: "prod-",
        resources: ["../../base"],
        patches: [{ path: "log-level.yaml", target: { kind: "ConfigMap", name: "web-config" } }],
      }),
      "overlays/prod/log-level.yaml": prodPatch(level),
    });
    const p = await plan({ ...baseFiles, ...overlay("warn") }, overlay("error"));
    expect(p.changes.map((c) => [c.name, c.file, c.blamedFile])).toEqual([
      ["prod-web-config", "overlays/prod/log-level.yaml", "overlays/prod/log-level.yaml"],
    ]);
    expect(p.workloads.map((w) => [w.namespace, w.name, w.file, w.line])).toEqual([
      ["prod", "prod-web", "base/deployment.yaml", 1],
    ]);
  });

  test("a config changed in a plain resource file is reported at its own line there", async () => {
    const configs = (level: string) =>
      yamlDocs(configMap("other", { A: "1" }), configMap("web-config", { LOG_LEVEL: level, PORT: "8080" }));
    const files = (level: string): Files => ({ ...baseFiles, "base/cm.yaml": configs(level) });
    const p = await plan(files("info"), { "base/cm.yaml": configs("debug") });
    const line = yamlDocs(configMap("other", { A: "1" })).split("\n").length + 1;
    expect(p.changes.map((c) => [c.name, c.file, c.line, c.blamedFile])).toEqual([
      ["web-config", "base/cm.yaml", line, "base/cm.yaml"],
    ]);
    expect(p.workloads.map((w) => [w.name, w.file, w.line])).toEqual([["web", "base/deployment.yaml", 1]]);
  });

  test("a new overlay's Deployment patch is not blamed for the base's ConfigMap of the same name", async () => {
    const config = configMap("web", { LOG_LEVEL: "info" });
    const app = deployment("web", pod({ envFrom: [{ configMapRef: { name: "web" } }] }));
    const base: Files = {
      "base/kustomization.yaml": yaml({ resources: ["deployment.yaml", "cm.yaml"] }),
      "base/deployment.yaml": yamlDocs(app),
      "base/cm.yaml": yamlDocs(config),
    };
    const overlay: Files = {
      "overlays/prod/kustomization.yaml": yaml({
        namespace: "prod",
        resources: ["../../base"],
        patches: [{ path: "deployment.yaml" }],
      }),
      "overlays/prod/deployment.yaml": yaml({
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: "web" },
        spec: { replicas: 3 },
      }),
    };
    const p = await plan(base, overlay);
    expect(p.changes.map((c) => [c.namespace, c.name, c.status, c.file, c.blamedFile])).toEqual([
      ["prod", "web", "added", "base/cm.yaml", undefined],
    ]);
  });

  test("a generated config no one file explains is never taken for a written one its name contains", async () => {
    const files = (level: string): Files => ({
      "app/kustomization.yaml": yaml({
        resources: ["deployment.yaml", "cm.yaml"],
        configMapGenerator: [
          {
            name: "web-config",
            files: ["a.properties", "b.properties"],
            options: { disableNameSuffixHash: true },
          },
        ],
      }),
      "app/deployment.yaml": yamlDocs(web),
      "app/cm.yaml": yamlDocs(configMap("web", { A: "1" })),
      "app/a.properties": `a=${level}\n`,
      "app/b.properties": `b=${level}\n`,
    });
    const after = files("2");
    const p = await plan(files("1"), {
      "app/a.properties": after["app/a.properties"]!,
      "app/b.properties": after["app/b.properties"]!,
    });
    expect(p.changes.map((c) => [c.name, c.file, c.blamedFile])).toEqual([
      ["web-config", "app/kustomization.yaml", undefined],
    ]);
  });

  test("an object whose resource file cannot be told (JSON) falls back to the kustomization", async () => {
    const json = (level: string): Files => ({
      "app/kustomization.yaml": yaml({ resources: ["deployment.json", "cm.yaml"] }),
      "app/deployment.json": JSON.stringify(web),
      "app/cm.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: level })),
    });
    const p = await plan(json("info"), { "app/cm.yaml": json("debug")["app/cm.yaml"]! });
    expect(p.workloads.map((w) => [w.name, w.file, w.line])).toEqual([["web", "app/kustomization.yaml", 1]]);
  });
});

describe("a push that changes no manifest", () => {
  // Such a push is decided from the diff and a look for kustomizations and charts above each
  // changed file: these are the files that are no manifests and still matter.
  test("a generator input deep under a root kustomization still restarts its consumer", async () => {
    const files = (level: string): Files => ({
      "kustomization.yaml": yaml({
        resources: ["deploy/deployment.yaml"],
        generatorOptions: { disableNameSuffixHash: true },
        configMapGenerator: [{ name: "web-config", envs: ["config/env/app.env"] }],
      }),
      "deploy/deployment.yaml": yamlDocs(web),
      "config/env/app.env": `LOG_LEVEL=${level}\n`,
    });
    const p = await plan(files("info"), { "config/env/app.env": "LOG_LEVEL=debug\n" });
    expect(restarts(p)).toEqual(["Deployment/default/web"]);
  });

  test("a change to a chart's template helper alone still names the chart", async () => {
    const chart = (label: string): Files => ({
      "charts/web/Chart.yaml": yaml({ apiVersion: "v2", name: "web", version: "0.1.0" }),
      "charts/web/templates/_helpers.tpl": `{{- define "web.label" -}}${label}{{- end -}}\n`,
    });
    const p = await plan(chart("a"), {
      "charts/web/templates/_helpers.tpl": "{{- define x -}}b{{- end -}}\n",
    });
    expect(JSON.stringify(p)).toContain("charts/web");
  });

  test("--kustomize naming a directory without a kustomization is exit 2 on a README-only push", async () => {
    const repo = await commitTwice({ ...baseFiles, "README.md": "a\n" }, { "README.md": "b\n" });
    const result = await run(repo, ["--kustomize", "overlays/nope"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--kustomize overlays/nope: no kustomization.yaml");
  });
});

describe("a root whose changes play no part in the plan", () => {
  const crd = (version: string) => ({
    apiVersion: "apiextensions.k8s.io/v1",
    kind: "CustomResourceDefinition",
    metadata: { name: "widgets.example.com" },
    spec: {
      group: "example.com",
      names: { kind: "Widget", plural: "widgets" },
      scope: "Namespaced",
      versions: [{ name: version, served: true, storage: true }],
    },
  });
  const app = (version: string, extra: Record<string, unknown> = {}): Files => ({
    "app/kustomization.yaml": yaml({
      namespace: "apps",
      resources: ["crd.yaml", "deployment.yaml", "cm.yaml"],
      ...extra,
    }),
    "app/crd.yaml": yamlDocs(crd(version)),
    "app/deployment.yaml": yamlDocs(
      deployment("web", pod({ envFrom: [{ configMapRef: { name: "shared" } }] })),
    ),
    "app/cm.yaml": yamlDocs(configMap("web-config", { A: "1" })),
  });
  const sources = (p: RunJson) => (p.sources ?? []).filter((s) => s.startsWith("kustomize app"));

  test("a CRD-only change is not rendered: the note says why", async () => {
    const p = await plan(app("v1"), { "app/crd.yaml": yamlDocs(crd("v2")) });
    expect(sources(p)).toEqual([
      "kustomize app: not rendered, the range changes only objects that play no part in the plan in it (no config or workload) and no config or workload elsewhere",
    ]);
    expect(p.workloads).toEqual([]);
  });

  test("it is rendered when the range changes a config elsewhere: its workload consumes it", async () => {
    const shared = (a: string) =>
      yamlDocs({ ...configMap("shared", { A: a }), metadata: { name: "shared", namespace: "apps" } });
    const p = await plan(
      { ...app("v1"), "raw/shared.yaml": shared("1") },
      { "app/crd.yaml": yamlDocs(crd("v2")), "raw/shared.yaml": shared("2") },
    );
    expect(sources(p)).toEqual(["kustomize app: rendered at both commits"]);
    expect(restarts(p)).toEqual(["Deployment/apps/web"]);
  });

  test("it is rendered when something in the tree can carry values between objects (replacements)", async () => {
    const replacements = [
      {
        source: { kind: "CustomResourceDefinition", fieldPath: "spec.versions.0.name" },
        targets: [{ select: { kind: "ConfigMap", name: "web-config" }, fieldPaths: ["data.A"] }],
      },
    ];
    const p = await plan(app("v1", { replacements }), { "app/crd.yaml": yamlDocs(crd("v2")) });
    expect(sources(p)).toEqual(["kustomize app: rendered at both commits"]);
    expect(p.changes.map((c) => [c.name, c.status])).toEqual([["web-config", "modified"]]);
  });
});
