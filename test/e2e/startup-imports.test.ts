// What `node dist/cli.js` loads: Node reads and compiles a whole bundle, so what a run often does
// not need stays out of it: `--help` and `--version` compile dist/cli.js alone; a run also
// dist/cli-plan.js, which is all a push that touches no manifest needs; a run that reads manifests
// also dist/cli-stages.js (the scan proper, the cluster). The rest is in dist/vendor/, required only
// when a run needs it: the yaml package (files the fast path gives up on, kustomizations, rendered
// output), picomatch (globs other than the default ones), simple-git (fetches), client-node (a
// cluster) and Octokit (a pull request comment). node:crypto (hashes for restarts and versioned
// copies) is required only to hash. Checked by running the CLI with a preload that records every
// file and built-in module the process loaded.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { startFakeGitHub } from "../comment/fake-review-api.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { CLI } from "../helpers/run-cli.js";

const VENDOR = join(dirname(CLI), "vendor");

interface Loaded {
  code: number;
  /** Files of dist/ itself the run required, by base name. */
  dist: string[];
  /** Files under dist/vendor/ the run required, by base name. */
  vendor: string[];
  /** Built-in modules Node loaded beyond its own start. */
  builtins: string[];
  stderr: string;
}

describe("what `node dist/cli.js` loads", () => {
  let repo: TempRepo;
  let base: string;
  let head: string;
  /** A commit after head whose config the fast YAML path gives up on (a flow mapping). */
  let flow: string;
  /** A commit after flow that changes the README only. */
  let docs: string;
  let scratch: string;
  let preload: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "config-rollout-loads-"));
    preload = join(scratch, "record-loads.cjs");
    writeFileSync(
      preload,
      [
        "const atStart = new Set(process.moduleLoadList);",
        "process.on('exit', () => {",
        "  const files = Object.keys(require.cache);",
        "  const builtins = process.moduleLoadList.filter((m) => !atStart.has(m) && m.startsWith('NativeModule '));",
        "  require('node:fs').writeFileSync(process.env.LOAD_REPORT, JSON.stringify({ files, builtins }));",
        "});",
        "",
      ].join("\n"),
    );
    repo = await createTempRepo();
    const config = (mode: string) => yamlDocs(configMap("app-config", { mode }, { namespace: "shop" }));
    await repo.write("deploy/config.yaml", config("a"));
    await repo.write(
      "deploy/app.yaml",
      yamlDocs(
        deployment("app", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), {
          namespace: "shop",
        }),
      ),
    );
    base = await repo.commit("base");
    await repo.write("deploy/config.yaml", config("b"));
    head = await repo.commit("head");
    await repo.write(
      "deploy/config.yaml",
      "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app-config, namespace: shop}\ndata: {mode: c}\n",
    );
    flow = await repo.commit("flow");
    await repo.write("README.md", "How to deploy.\n");
    docs = await repo.commit("docs");
  });
  afterAll(async () => {
    await repo.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  const run = (args: string[], extraEnv: Record<string, string> = {}) =>
    new Promise<Loaded>((resolve, reject) => {
      const report = join(scratch, `loads-${Math.random().toString(36).slice(2)}.json`);
      execFile(
        process.execPath,
        ["--require", preload, CLI, ...args],
        {
          env: {
            PATH: process.env.PATH ?? "",
            HOME: scratch,
            NO_COLOR: "1",
            LOAD_REPORT: report,
            ...extraEnv,
          },
        },
        (error, _stdout, stderr) => {
          try {
            const { files, builtins } = JSON.parse(readFileSync(report, "utf8")) as {
              files: string[];
              builtins: string[];
            };
            resolve({
              code: error ? Number(error.code) : 0,
              dist: files.filter((f) => dirname(f) === dirname(CLI)).map((f) => basename(f)),
              vendor: files.filter((f) => dirname(f) === VENDOR).map((f) => basename(f)),
              builtins: builtins.map((m) => m.replace("NativeModule ", "")),
              stderr,
            });
          } catch (readError) {
            reject(readError);
          }
        },
      );
    });
  const plan = (...extra: string[]) =>
    run(["--repo", repo.dir, "--base", base, "--head", head, "--dry-run", "--discover", "repo", ...extra]);

  test("--help and --version load neither the run's bundle nor any vendored package", async () => {
    for (const flag of ["--help", "--version"]) {
      const loaded = await run([flag]);
      expect(loaded.code).toBe(0);
      expect(loaded.dist).toEqual(["cli.js"]);
      expect(loaded.vendor).toEqual([]);
    }
    // What they compile: the flag parser and the help, not the pipeline (~300 KB) a static import
    // would pull back in.
    expect(statSync(CLI).size).toBeLessThan(64 * 1024);
    // A mistyped flag is reported before the run's bundle is loaded too.
    const mistyped = await run(["--bogus"]);
    expect(mistyped.code).toBe(2);
    expect(mistyped.dist).toEqual(["cli.js"]);
  });

  test("a push that touches no manifest loads only the flags' and the run's first bundle", async () => {
    const loaded = await run([
      "--repo",
      repo.dir,
      "--base",
      flow,
      "--head",
      docs,
      "--dry-run",
      "--output",
      "json",
    ]);
    expect(loaded.code).toBe(0);
    expect(loaded.dist.sort()).toEqual(["cli-plan.js", "cli.js"]);
    expect(loaded.vendor).toEqual([]);
    // Its files are found with synchronous calls, its event file read the same way: no promise API.
    expect(loaded.builtins).not.toContain("fs/promises");
    expect(loaded.builtins).not.toContain("crypto");
    // What it compiles: not the scan's, the cluster's, the plan file's or the stamp's code.
    expect(statSync(join(dirname(CLI), "cli-plan.js")).size).toBeLessThan(200 * 1024);
  });

  test("a plan of plain manifests loads neither yaml, picomatch, simple-git, client-node nor node:crypto", async () => {
    const loaded = await plan();
    expect(loaded.code).toBe(0);
    expect(loaded.dist.sort()).toEqual(["cli-plan.js", "cli-stages.js", "cli.js"]);
    expect(loaded.vendor).toEqual([]);
    expect(loaded.builtins).not.toContain("crypto");
  });

  test("a run's error before the scan is reported without loading dist/cli-stages.js", async () => {
    const loaded = await run(["--repo", repo.dir, "--base", "no-such-branch", "--head", head, "--dry-run"]);
    expect(loaded.code).toBe(2);
    expect(loaded.stderr).toContain("not a commit: no-such-branch");
    expect(loaded.dist.sort()).toEqual(["cli-plan.js", "cli.js"]);
  });

  test("an error raised by code in dist/cli-stages.js is reported as the error it is", async () => {
    // The guard rail refuses the plan in the second phase (complete-and-roll-out.ts, in
    // cli-stages.js); dist/cli-plan.js reports it. A class of its own in each bundle would make it
    // "a bug", exit 1.
    const loaded = await run([
      "--repo",
      repo.dir,
      "--base",
      base,
      "--head",
      head,
      "--discover",
      "repo",
      "--max-restarts",
      "0",
    ]);
    expect(loaded.dist.sort()).toEqual(["cli-plan.js", "cli-stages.js", "cli.js"]);
    expect(loaded.stderr).toContain("more than --max-restarts 0");
    expect(loaded.stderr).not.toContain("looks like a bug");
    expect(loaded.code).toBe(2);
  });

  test("each is still there, loaded when a run needs it", async () => {
    // A glob other than the default ones.
    expect((await plan("--paths", "deploy/{app,config}.yaml")).vendor).toEqual(["picomatch.js"]);
    // A file the fast YAML path gives up on.
    const flowStyle = await run([
      "--repo",
      repo.dir,
      "--base",
      head,
      "--head",
      flow,
      "--dry-run",
      "--discover",
      "repo",
    ]);
    expect(flowStyle.code).toBe(0);
    expect(flowStyle.vendor).toEqual(["yaml.js"]);
    // A cluster (here one that is not there: the run fails, after loading client-node).
    const kubeconfig = join(scratch, "kubeconfig");
    writeFileSync(
      kubeconfig,
      "apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: 'https://127.0.0.1:1'}}]\nusers: [{name: u, user: {token: t}}]\ncontexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n",
    );
    const withCluster = await plan("--discover", "both", "--kubeconfig", kubeconfig);
    expect(withCluster.code).not.toBe(0);
    expect(withCluster.vendor).toContain("client-node.js");
    // Copies named by their content's hash.
    const versioned = await plan("--strategy", "versioned");
    expect(versioned.code).toBe(0);
    expect(versioned.builtins).toContain("crypto");
  });

  test("Octokit is loaded only by a run that comments on a GitHub pull request", async () => {
    // Outside CI there is nothing to comment on.
    expect((await plan("--comment")).vendor).toEqual([]);
    const github = await startFakeGitHub("token-0123456789");
    try {
      const event = join(scratch, "event.json");
      writeFileSync(event, JSON.stringify({ pull_request: { number: 7 } }));
      const env = {
        GITHUB_ACTIONS: "true",
        GITHUB_EVENT_NAME: "pull_request",
        GITHUB_EVENT_PATH: event,
        GITHUB_REPOSITORY: "acme/shop",
        GITHUB_API_URL: github.apiUrl,
        GITHUB_TOKEN: "token-0123456789",
      };
      const onGitHub = await run(
        ["--repo", repo.dir, "--base", base, "--head", head, "--dry-run", "--discover", "repo", "--comment"],
        env,
      );
      expect(onGitHub.code).toBe(0);
      expect(github.comments).toHaveLength(1);
      expect(onGitHub.vendor.sort()).toEqual(["octokit-core.js", "octokit-paginate-rest.js"]);
    } finally {
      await github.close();
    }
  });

  test("a shallow clone that lacks the base commit loads simple-git to fetch it", async () => {
    const clone = join(scratch, "clone");
    await new Promise<void>((resolve, reject) =>
      execFile("git", ["clone", "-q", "--depth", "1", `file://${repo.dir}`, clone], (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    const loaded = await run([
      "--repo",
      clone,
      "--base",
      base,
      "--head",
      docs,
      "--dry-run",
      "--discover",
      "repo",
    ]);
    expect(loaded.code).toBe(0);
    expect(loaded.vendor).toContain("simple-git.js");
  });
});
