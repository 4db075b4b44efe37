// `config-rollout stamp` applies the plan's kustomize entry checks before kustomize reads the work
// tree (scan/sources/kustomize-entries.ts, scan/render/escaping-links.ts): an entry outside the
// repository and a symbolic link out of it are refused, and a remote entry is refused when the
// work tree is an untrusted head (a fork's pull request) unless --allow-remote-kustomize. Exit 2,
// nothing written, the runner's file never quoted. Real git repositories, the real kubectl kustomize.
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, secret, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";

let repo: TempRepo | undefined;
let scratch = "";
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), "config-rollout-stamp-safety-"));
});
afterEach(async () => {
  await repo?.cleanup();
  repo = undefined;
  await rm(scratch, { recursive: true, force: true });
});

const RUNNER_SECRET =
  "apiVersion: v1\nkind: Secret\nmetadata:\n  name: runner\n  namespace: shop\nstringData:\n  token: on-the-runner\n";

/** app/: a kustomization whose Deployment reads its ConfigMap; `extra` entries appended to resources. */
async function app(extra: string[]): Promise<TempRepo> {
  repo = await createTempRepo();
  await repo.write(
    "app/workload.yaml",
    yamlDocs(
      configMap("app-config", { LOG_LEVEL: "info" }, { namespace: "shop" }),
      deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), { namespace: "shop" }),
    ),
  );
  await repo.write(
    "app/kustomization.yaml",
    `resources:\n${["workload.yaml", ...extra].map((e) => `- ${e}\n`).join("")}`,
  );
  return repo;
}

async function unchanged(r: TempRepo): Promise<void> {
  expect(await r.git(["status", "--porcelain", "--untracked-files=all"])).toBe("");
}

describe("stamp quotes kustomize as the plan does", () => {
  test("a Secret resource kustomize cannot read: its complaint (which would name the value) is not quoted", async () => {
    const value = "StampSecret-abc12345";
    const r = await app(["secret.yaml"]);
    await r.write(
      "app/secret.yaml",
      `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\n  namespace: shop\nstringData:\n  password: *${value}\n`,
    );
    await r.commit("a value kustomize reads as an alias");
    // Reported as not stamped (exit 0); --check stops on it (exit 2).
    for (const [check, code] of [
      [[], 0],
      [["--check"], 2],
    ] as const) {
      const run = await runInProcess(["stamp", "--repo", r.dir, ...check]);
      expect(run.code, run.stderr).toBe(code);
      expect(run.stdout + run.stderr).toContain(
        "details not shown (the kustomization generates or holds Secrets",
      );
      expect(run.stderr + run.stdout).not.toContain(value);
    }
    await unchanged(r);
  });
});

describe("stamp refuses what the plan refuses before kustomize runs", () => {
  test("an entry outside the repository: exit 2, the plan's message, nothing written", async () => {
    const outside = join(scratch, "runner-secret.yaml");
    await writeFile(outside, RUNNER_SECRET);
    const climb = `${"../".repeat(12)}${outside.slice(1)}`;
    const r = await app([climb]);
    await r.commit("outside");
    for (const check of [[], ["--check"]]) {
      const run = await runInProcess(["stamp", "--repo", r.dir, ...check]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain(
        `kustomize app: app/kustomization.yaml at the head commit names "${climb}", which is outside the repository`,
      );
      expect(run.stderr + run.stdout).not.toContain("on-the-runner");
    }
    await unchanged(r);
  });

  test("a symbolic link out of the repository where a root reads: exit 2, nothing written", async () => {
    const secretDir = join(scratch, "runner");
    await mkdir(secretDir);
    await writeFile(join(secretDir, "s.yaml"), RUNNER_SECRET);
    await writeFile(join(secretDir, "kustomization.yaml"), "resources:\n- s.yaml\n");
    const r = await app(["ext"]);
    await symlink(secretDir, join(r.dir, "app/ext"));
    await r.commit("a link out");
    const run = await runInProcess(["stamp", "--repo", r.dir]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      `app/ext in the work tree is a symbolic link to "${secretDir}", outside the repository`,
    );
    expect(run.stderr + run.stdout).not.toContain("on-the-runner");
    await unchanged(r);
  });

  test("a link that stays inside the repository is stamped as before", async () => {
    const r = await app(["shared"]);
    await r.write("common/kustomization.yaml", "resources:\n- extra.yaml\n");
    await r.write("common/extra.yaml", yamlDocs(configMap("other", { A: "1" }, { namespace: "shop" })));
    await symlink("../common", join(r.dir, "app/shared"));
    await r.commit("a link inside");
    const run = await runInProcess(["stamp", "--repo", r.dir, "--check"]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/deployment\/web/);
  });

  test("a remote entry from a fork's pull request is refused unless --allow-remote-kustomize", async () => {
    const remote = "https://github.com/example/never//answers?ref=v1";
    const r = await app([remote]);
    await r.commit("remote");
    const event = join(scratch, "event.json");
    await writeFile(
      event,
      JSON.stringify({
        pull_request: { head: { repo: { full_name: "fork/x" } }, base: { repo: { full_name: "org/x" } } },
      }),
    );
    const fork = { GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: "pull_request", GITHUB_EVENT_PATH: event };
    const refused = await runInProcess(["stamp", "--repo", r.dir, "--check"], fork);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(
      `kustomize app: app/kustomization.yaml at the head commit names the remote resource "${remote}", and the head is a pull request from a fork`,
    );
    expect(refused.stderr).toContain("--allow-remote-kustomize");
    // The GitLab template's stamp job on a merge request from a fork: the same refusal.
    const gitlabFork = {
      GITLAB_CI: "true",
      CI_MERGE_REQUEST_SOURCE_PROJECT_ID: "2",
      CI_MERGE_REQUEST_PROJECT_ID: "1",
    };
    const gitlab = await runInProcess(["stamp", "--repo", r.dir, "--check"], gitlabFork);
    expect(gitlab.code, gitlab.stderr).toBe(2);
    expect(gitlab.stderr).toContain("and the head is a merge request from a fork");
    // Allowed, or from a trusted head: kustomize runs (and fails on the network it cannot reach),
    // which is kustomize's failure reported for that root (under --check, exit 2: a root that does
    // not build cannot be vouched for), not the refusal.
    const offline = { GIT_TERMINAL_PROMPT: "0", HTTPS_PROXY: "http://127.0.0.1:9" };
    const allowed = await runInProcess(
      ["stamp", "--repo", r.dir, "--check", "--allow-remote-kustomize", "--render-timeout", "20s"],
      { ...fork, ...offline },
    );
    const trusted = await runInProcess(
      ["stamp", "--repo", r.dir, "--check", "--render-timeout", "20s"],
      offline,
    );
    for (const run of [allowed, trusted]) {
      expect(run.stderr).toContain("kustomize app does not build");
      expect(run.stderr + run.stdout).not.toContain("not fetched from an untrusted head");
    }
    expect(await readFile(join(r.dir, "app/kustomization.yaml"), "utf8")).not.toContain(
      "config-rollout-stamp",
    );
  });
});

describe("stamp reads and writes only regular files inside the checkout", () => {
  const consumer = yamlDocs(
    deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), { namespace: "shop" }),
  );

  test("a committed manifest that is a link out: exit 2 naming it, the outside file untouched", async () => {
    const outside = join(scratch, "elsewhere.yaml");
    await writeFile(outside, consumer);
    repo = await createTempRepo();
    await repo.write("config.yaml", yamlDocs(configMap("app-config", { A: "1" }, { namespace: "shop" })));
    await symlink(outside, join(repo.dir, "deploy.yaml"));
    await repo.commit("a link out");
    for (const check of [[], ["--check"]]) {
      const run = await runInProcess(["stamp", "--repo", repo.dir, ...check]);
      expect(run.code, run.stderr).toBe(2);
      expect(run.stderr).toContain("deploy.yaml in the work tree is a symbolic link");
      expect(run.stderr).toContain("never follows a link");
    }
    expect(await readFile(outside, "utf8")).toBe(consumer);
    await unchanged(repo);
  });

  test("an outside Secret behind a link is never hashed into a printed stamp", async () => {
    const outside = join(scratch, "secret.yaml");
    await writeFile(outside, yamlDocs(secret("db", { stringData: { password: "hunter2" } }, "shop")));
    repo = await createTempRepo();
    await repo.write(
      "deploy.yaml",
      yamlDocs(deployment("web", pod({ envFrom: [{ secretRef: { name: "db" } }] }), { namespace: "shop" })),
    );
    await symlink(outside, join(repo.dir, "secret.yaml"));
    await repo.commit("a secret link");
    const run = await runInProcess(["stamp", "--repo", repo.dir, "--check", "--output", "json"]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain("secret.yaml in the work tree is a symbolic link");
    expect(run.stdout).not.toMatch(/[0-9a-f]{64}/);
    await unchanged(repo);
  });

  test("a link where a root's generated patch goes: exit 2 before any file is written", async () => {
    const outside = join(scratch, "stamp.yaml");
    await writeFile(outside, "# not yours\n");
    const r = await app([]);
    await r.write("raw/config.yaml", yamlDocs(configMap("raw-config", { A: "1" }, { namespace: "shop" })));
    await r.write(
      "raw/deploy.yaml",
      yamlDocs(
        deployment("raw", pod({ envFrom: [{ configMapRef: { name: "raw-config" } }] }), {
          namespace: "shop",
        }),
      ),
    );
    await symlink(outside, join(r.dir, "app/config-rollout-stamp.yaml"));
    await r.commit("a link at the patch");
    const run = await runInProcess(["stamp", "--repo", r.dir]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain("app/config-rollout-stamp.yaml in the work tree is a symbolic link");
    expect(await readFile(outside, "utf8")).toBe("# not yours\n");
    await unchanged(r);
  });

  test("a linked directory on a root's path: exit 2 naming the link", async () => {
    const outsideDir = join(scratch, "base");
    await mkdir(outsideDir);
    await writeFile(join(outsideDir, "kustomization.yaml"), "resources: []\n");
    repo = await createTempRepo();
    await repo.write("README.md", "x\n");
    await symlink(outsideDir, join(repo.dir, "linked"));
    await repo.commit("a linked dir");
    // The root named explicitly: its kustomization.yaml is read through the link.
    const run = await runInProcess([
      "stamp",
      "--repo",
      repo.dir,
      "--kustomize",
      "linked",
      "--paths",
      "linked/kustomization.yaml",
    ]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain("linked in the work tree is a symbolic link (on the path of linked/");
    expect(await readFile(join(outsideDir, "kustomization.yaml"), "utf8")).toBe("resources: []\n");
  });
});
