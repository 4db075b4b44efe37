// Which kustomizations the default plans from, and how --kustomize DIRS and --paths narrow what is
// read: real `kubectl kustomize` (or `kustomize`) on temp git repositories, the CLI run in-process
// as a user would (--dry-run --output json).
import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { commitTwice as commitTwiceInRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { dryRunJson, type RunJson, restartsOf } from "../helpers/run-json.js";

type Files = Record<string, string | null>;

const repos: TempRepo[] = [];
afterEach(async () => {
  for (const repo of repos.splice(0)) await repo.cleanup();
});

async function plan(before: Files, after: Files, args: string[] = []): Promise<RunJson> {
  const repo = await commitTwiceInRepo(before, after);
  repos.push(repo);
  return dryRunJson(repo.dir, args);
}

const yaml = (value: unknown) => stringify(value);
const web = deployment("web", pod({ envFrom: [{ configMapRef: { name: "web-config" } }] }));
const base = (level: string): Files => ({
  "base/kustomization.yaml": yaml({ resources: ["app.yaml"] }),
  "base/app.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: level }), web),
});
const overlay = (dir: string, namespace: string, up = "../.."): Files => ({
  [`${dir}/kustomization.yaml`]: yaml({ namespace, resources: [`${up}/base`] }),
});

describe("kustomizations under test, example and docs directories", () => {
  const tree: Files = {
    ...base("info"),
    ...overlay("overlays/prod", "prod"),
    ...overlay("examples/demo", "demo"),
    ...overlay("deploy/tests/all", "ci", "../../.."),
  };

  test("are not planned by default; Sources counts them and says how to include them", async () => {
    const p = await plan(tree, base("debug"));
    expect(restartsOf(p)).toEqual(["Deployment/prod/web"]);
    expect(p.sources).toContain(
      "2 kustomizations in test, example or docs directories not rendered (deploy/tests/all, examples/demo): name one with --kustomize DIR, or give --paths a glob that names its directory, to plan from it",
    );
  });

  test("are planned when --kustomize names one, or when a --paths glob names its directory", async () => {
    expect(restartsOf(await plan(tree, base("debug"), ["--kustomize", "examples/demo"]))).toEqual([
      "Deployment/demo/web",
    ]);
    const p = await plan(tree, base("debug"), ["--paths", "examples/**,overlays/**"]);
    expect(restartsOf(p)).toEqual(["Deployment/demo/web", "Deployment/prod/web"]);
    // --paths that does not name the directory leaves it out, even when it matches its files.
    expect(restartsOf(await plan(tree, base("debug"), ["--paths", "**/*.yaml,**/*.yml"]))).toEqual([
      "Deployment/prod/web",
    ]);
  });
});

describe("a kustomization that only an example includes", () => {
  const app = (level: string): Files => ({
    "app/kustomization.yaml": yaml({ resources: ["app.yaml"] }),
    "app/app.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: level }), web),
  });
  const example: Files = {
    "example/kustomization.yaml": yaml({ namespace: "kubeflow", resources: ["../app"] }),
  };

  test("is planned on its own; the example is not rendered, so nothing is planned twice", async () => {
    const p = await plan({ ...app("info"), ...example }, app("debug"));
    expect(restartsOf(p)).toEqual(["Deployment/default/web"]);
    expect(p.changes.map((c) => `${c.kind}/${c.namespace}/${c.name}`)).toEqual([
      "ConfigMap/default/web-config",
    ]);
    expect(p.sources).toEqual([
      "1 kustomization in test, example or docs directories not rendered (example): name one with --kustomize DIR, or give --paths a glob that names its directory, to plan from it",
      "kustomize app: rendered at both commits",
    ]);
  });

  test("a --paths glob naming the example plans from it instead, in its namespace", async () => {
    const p = await plan({ ...app("info"), ...example }, app("debug"), ["--paths", "example/**,app/**"]);
    expect(restartsOf(p)).toEqual(["Deployment/kubeflow/web"]);
    expect(p.sources).toEqual(["kustomize example: rendered at both commits"]);
  });
});

describe("a kustomization that others include but that is deployed on its own", () => {
  test("in a namespace of its own that its includer replaces: both are planned", async () => {
    const app = (level: string): Files => ({
      "app/kustomization.yaml": yaml({ namespace: "app", resources: ["app.yaml"] }),
      "app/app.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: level }), web),
    });
    const preview: Files = {
      "preview/kustomization.yaml": yaml({ namespace: "preview", resources: ["../app"] }),
    };
    const p = await plan({ ...app("info"), ...preview }, app("debug"));
    expect(restartsOf(p)).toEqual(["Deployment/app/web", "Deployment/preview/web"]);
    expect(p.sources).toEqual(
      expect.arrayContaining([
        "kustomize app: rendered at both commits",
        "kustomize preview: rendered at both commits",
      ]),
    );
  });

  test("a shared base that sets a namespace its overlays keep is not planned on its own", async () => {
    const podinfo = (level: string): Files => ({
      "apps/base/podinfo/kustomization.yaml": yaml({ namespace: "podinfo", resources: ["app.yaml"] }),
      "apps/base/podinfo/app.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: level, PORT: "1" }), web),
    });
    const staging: Files = {
      "apps/staging/kustomization.yaml": yaml({
        resources: ["../base/podinfo"],
        patches: [{ path: "port.yaml", target: { kind: "ConfigMap" } }],
      }),
      "apps/staging/port.yaml": yaml([{ op: "replace", path: "/data/PORT", value: "2" }]),
    };
    const p = await plan({ ...podinfo("info"), ...staging }, podinfo("debug"));
    expect(restartsOf(p)).toEqual(["Deployment/podinfo/web"]);
    expect(p.sources).toEqual(["kustomize apps/staging: rendered at both commits"]);
  });

  test("named by a Flux Kustomization's spec.path in the repository: planned", async () => {
    const app = (level: string): Files => ({
      "apps/web/kustomization.yaml": yaml({ resources: ["app.yaml"] }),
      "apps/web/app.yaml": yamlDocs(configMap("web-config", { LOG_LEVEL: level }), web),
    });
    const bundle: Files = {
      "apps/all/kustomization.yaml": yaml({ namespace: "bundle", resources: ["../web"] }),
      "clusters/prod/web.yaml": yaml({
        apiVersion: "kustomize.toolkit.fluxcd.io/v1",
        kind: "Kustomization",
        metadata: { name: "web", namespace: "flux-system" },
        spec: { path: "./apps/web", prune: true, sourceRef: { kind: "GitRepository", name: "flux-system" } },
      }),
    };
    const p = await plan({ ...app("info"), ...bundle }, app("debug"));
    expect(restartsOf(p)).toEqual(["Deployment/bundle/web", "Deployment/default/web"]);
  });
});

describe("--kustomize DIRS and --paths narrow everything read", () => {
  // An all-in-one manifest beside the overlays, with an older image (so it differs from prod's).
  const allInOne = (level: string) =>
    yamlDocs(
      {
        ...configMap("web-config", { LOG_LEVEL: level }),
        metadata: { name: "web-config", namespace: "prod" },
      },
      {
        ...deployment("web", pod({ image: "web:0", envFrom: [{ configMapRef: { name: "web-config" } }] })),
        metadata: { name: "web", namespace: "prod" },
      },
    );
  const tree: Files = {
    ...base("info"),
    ...overlay("overlays/prod", "prod"),
    "release/all.yaml": allInOne("info"),
  };

  test("with --kustomize DIRS and no --paths, raw files are not read", async () => {
    const p = await plan(tree, { "release/all.yaml": allInOne("debug") }, ["--kustomize", "overlays/prod"]);
    expect(p.changes).toEqual([]);
    expect(p.workloads).toEqual([]);
  });

  test("with --kustomize DIRS and an explicit --paths, raw files matching it are read", async () => {
    const p = await plan(tree, { "release/all.yaml": allInOne("debug") }, [
      "--kustomize",
      "overlays/prod",
      "--paths",
      "release/**",
    ]);
    expect(p.changes.map((c) => [c.namespace, c.name, c.origin])).toEqual([
      ["prod", "web-config", undefined],
    ]);
  });

  test("an explicit --paths discovers only the kustomizations and charts under it", async () => {
    const chart: Files = {
      "charts/web/Chart.yaml": yaml({ apiVersion: "v2", name: "web", version: "0.1.0" }),
      "charts/web/templates/cm.yaml": "kind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n",
    };
    const before = {
      ...base("info"),
      ...overlay("k8s/prod", "prod", "../.."),
      ...overlay("other/dev", "dev", "../.."),
    };
    const p = await plan(
      { ...before, ...chart },
      { ...base("debug"), "charts/web/templates/cm.yaml": "x: {{ 1 }}\n" },
      ["--paths", "k8s/**"],
    );
    expect(restartsOf(p)).toEqual(["Deployment/prod/web"]);
    expect(p.warnings).toEqual([]);
    expect(p.sources).toEqual(["kustomize k8s/prod: rendered at both commits"]);
  });
});

describe("many touched kustomizations", () => {
  test("render in parallel, both commits at once, one render per CPU core", async () => {
    // A `kustomize` on PATH that notes when each build starts and ends, then builds with kubectl.
    const bin = await mkdtemp(join(tmpdir(), "config-rollout-kustomize-spy-"));
    const log = join(bin, "log");
    await writeFile(
      join(bin, "kustomize"),
      `#!/bin/sh\n[ "$1" = version ] && exit 0\nmkdir -p ${log}\nstart=$(date +%s%N)\nsleep 0.4\nkubectl kustomize "$2" && echo "$start $(date +%s%N)" > ${log}/$$\n`,
    );
    await chmod(join(bin, "kustomize"), 0o755);
    try {
      const overlays: Files = Object.fromEntries(
        ["a", "b", "c", "d"].map((env) => [
          `overlays/${env}/kustomization.yaml`,
          yaml({ namespace: env, resources: ["../../base"] }),
        ]),
      );
      const repo = await commitTwiceInRepo({ ...base("info"), ...overlays }, base("debug"));
      repos.push(repo);
      const result = await runInProcess(
        ["--repo", repo.dir, "--dry-run", "--output", "json", "--discover", "repo"],
        { PATH: `${bin}:${process.env.PATH}` },
      );
      expect(result.code, result.stderr).toBe(0);
      expect(restartsOf(JSON.parse(result.stdout) as RunJson)).toHaveLength(4);
      const spans = await Promise.all(
        (await readdir(log)).map(async (f) =>
          (await readFile(join(log, f), "utf8")).trim().split(" ").map(Number),
        ),
      );
      expect(spans).toHaveLength(8);
      const running = (t: number) => spans.filter(([start, end]) => start! <= t && t < end!).length;
      const most = Math.max(...spans.map(([start]) => running(start!)));
      expect(most).toBe(Math.min(8, availableParallelism()));
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  });
});

describe("a kustomization that becomes a Component", () => {
  test("is not built on its own at the commit where it is one: the environment using it is planned", async () => {
    const before: Files = {
      ...base("info"),
      "envs/prod/kustomization.yaml": yaml({ namespace: "prod", resources: ["../../base"] }),
      "variants/eu/kustomization.yaml": yaml({ resources: ["../../base"], namespace: "eu" }),
    };
    const after: Files = {
      ...base("debug"),
      "envs/prod/kustomization.yaml": yaml({
        namespace: "prod",
        resources: ["../../base"],
        components: ["../../variants/eu"],
      }),
      // Now a Component the environment uses: it patches what it is given, nothing to build alone.
      "variants/eu/kustomization.yaml": yaml({
        apiVersion: "kustomize.config.k8s.io/v1alpha1",
        kind: "Component",
        patches: [{ path: "region.yaml" }],
      }),
      "variants/eu/region.yaml": yaml({
        apiVersion: "apps/v1",
        kind: "Deployment",
        metadata: { name: "web" },
        spec: { replicas: 2 },
      }),
    };
    const p = await plan(before, after);
    expect(p.outcome).not.toBe("incomplete");
    expect(restartsOf(p)).toEqual(["Deployment/prod/web"]);
  });
});
