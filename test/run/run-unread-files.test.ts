// Changes the plan cannot read are said, never a silent "no changes": a manifest kept in Git LFS
// (git holds a pointer to it) and a submodule moved to another commit (its files are another
// repository's). In-process, against real git repositories.
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { parseRunJson, type RunJson } from "../helpers/run-json.js";

const repos: TempRepo[] = [];
afterEach(async () => {
  for (const repo of repos.splice(0)) await repo.cleanup();
});

async function newRepo(): Promise<TempRepo> {
  const repo = await createTempRepo();
  repos.push(repo);
  await repo.write(
    "deploy/app.yaml",
    yamlDocs(
      configMap("app-config", { LEVEL: "info" }),
      deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] })),
    ),
  );
  return repo;
}

async function plan(repo: TempRepo, args: string[] = []): Promise<{ json: RunJson; stderr: string }> {
  const run = await runInProcess(["--repo", repo.dir, "--dry-run", "--output", "json", ...args]);
  expect(run.code, run.stderr).toBe(0);
  return { json: parseRunJson(run.stdout), stderr: run.stderr };
}

const pointer = (oid: string, size: number) =>
  `version https://git-lfs.github.com/spec/v1\noid sha256:${oid.repeat(64)}\nsize ${size}\n`;

describe("a manifest kept in Git LFS", () => {
  test("a changed pointer is a warning naming the file: its content was not read", async () => {
    const repo = await newRepo();
    await repo.write("deploy/settings.yaml", pointer("a", 1200));
    await repo.commit("settings in LFS");
    await repo.write("deploy/settings.yaml", pointer("b", 1250));
    await repo.commit("settings changed");
    const { json, stderr } = await plan(repo);
    // Not "nothing to do": what the file defines was never read.
    expect(json.outcome).toBe("incomplete");
    expect(json.unread).toEqual([{ file: "deploy/settings.yaml", why: "a Git LFS pointer" }]);
    expect(json.problems).toEqual([
      {
        file: "deploy/settings.yaml",
        line: 1,
        col: 1,
        severity: "warning",
        unread: "a Git LFS pointer",
        message:
          "a Git LFS pointer, not the file itself: its 1250 bytes are in LFS storage, which is not read (config-rollout reads git objects), so what this file defines is not in this plan",
      },
    ]);
    expect(stderr).toContain("deploy/settings.yaml:1:1: a Git LFS pointer");
  });
});

describe("a Git LFS pointer as a kustomize generator's input", () => {
  test("is not planned from: the generated config is left out, the pointer named, the plan incomplete", async () => {
    const repo = await createTempRepo();
    repos.push(repo);
    const kustomization = stringify({
      resources: ["deployment.yaml"],
      configMapGenerator: [{ name: "app-config", files: ["app.properties"] }],
    });
    await repo.write("app/kustomization.yaml", kustomization);
    await repo.write(
      "app/deployment.yaml",
      yamlDocs(deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }))),
    );
    await repo.write("app/app.properties", pointer("a", 300));
    await repo.commit("properties in LFS");
    await repo.write("app/app.properties", pointer("b", 310));
    await repo.commit("properties changed");
    const { json, stderr } = await plan(repo, ["--discover", "repo"]);
    // Planned from the pointer text, the push would restart web (and a versioned copy would hold the pointer).
    expect(json.changes).toEqual([]);
    expect(json.workloads).toEqual([]);
    expect(json.outcome).toBe("incomplete");
    expect(json.unread).toEqual([
      { file: "app/app.properties", why: "a Git LFS pointer, a generator input" },
    ]);
    expect(stderr).toContain(
      "app/app.properties: a Git LFS pointer, not the file itself: kustomize app generates ConfigMap app-config from it",
    );
  });
});

describe("a submodule moved to another commit", () => {
  /** A gitlink at `path` (an uninitialised submodule: an empty directory in the work tree). */
  async function pointSubmodule(repo: TempRepo, path: string, commit: string): Promise<void> {
    await mkdir(join(repo.dir, path), { recursive: true });
    await repo.git(["update-index", "--add", "--cacheinfo", `160000,${commit},${path}`]);
  }

  test("is a warning saying its files were not read, unless --paths could not read them or --exclude skips them", async () => {
    const repo = await newRepo();
    await pointSubmodule(repo, "vendor/manifests", "1".repeat(40));
    await repo.commit("add the shared manifests");
    await pointSubmodule(repo, "vendor/manifests", "2".repeat(40));
    await repo.commit("bump the shared manifests");
    const { json, stderr } = await plan(repo);
    expect(json.outcome).toBe("incomplete");
    expect(json.unread).toEqual([{ file: "vendor/manifests", why: "submodule, another repository" }]);
    const warning =
      "vendor/manifests: submodule moved from 111111111111 to 222222222222: its files belong to another repository and are not read, so a manifest that changed inside it is not in this plan (apply and restart for it from that repository, or --exclude this path)";
    expect(json.warnings).toEqual([warning]);
    expect(stderr).toContain(warning);
    expect((await plan(repo, ["--paths", "deploy/**"])).json.warnings).toEqual([]);
    expect((await plan(repo, ["--exclude", "vendor/**"])).json.warnings).toEqual([]);
    expect((await plan(repo, ["--paths", "vendor/**/*.yaml"])).json.warnings).toEqual([warning]);
  });
});
