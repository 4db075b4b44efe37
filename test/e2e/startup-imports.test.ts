// What a user waits for at start: the large libraries (client-node, the yaml package) are in
// dist/vendor/, required only when a run needs them, so `--version` and a push that touches no
// manifest do not compile them. Checked by running the CLI with a preload that records every file
// the process required. Also: the CLI works run through a bin symlink with
// `--preserve-symlinks-main` (its vendored files are found next to the real file).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, yamlDocs } from "../helpers/manifests.js";
import { CLI } from "../helpers/run-cli.js";

const VENDOR = join(dirname(CLI), "vendor");

interface Loaded {
  code: number;
  /** Files under dist/vendor/ the run required, by base name. */
  vendor: string[];
  stdout: string;
  stderr: string;
}

describe("what `node dist/cli.js` loads", () => {
  let repo: TempRepo;
  let base: string;
  let head: string;
  let docs: string;
  let scratch: string;
  let preload: string;

  beforeAll(async () => {
    scratch = mkdtempSync(join(tmpdir(), "config-rollout-loads-"));
    preload = join(scratch, "record-loads.cjs");
    writeFileSync(
      preload,
      "process.on('exit', () => require('node:fs').writeFileSync(process.env.LOAD_REPORT, JSON.stringify(Object.keys(require.cache))));\n",
    );
    repo = await createTempRepo();
    // Flow style: the fast YAML path gives up on it, so reading it needs the yaml package.
    await repo.write(
      "deploy/config.yaml",
      "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app-config, namespace: shop}\ndata: {mode: a}\n",
    );
    base = await repo.commit("base");
    await repo.write(
      "deploy/config.yaml",
      yamlDocs(configMap("app-config", { mode: "b" }, { namespace: "shop" })),
    );
    head = await repo.commit("head");
    await repo.write("README.md", "How to deploy.\n");
    docs = await repo.commit("docs");
  });
  afterAll(async () => {
    await repo.cleanup();
    rmSync(scratch, { recursive: true, force: true });
  });

  const run = (args: string[], cli = CLI, nodeFlags: string[] = []) =>
    new Promise<Loaded>((resolve, reject) => {
      const report = join(scratch, `loads-${Math.random().toString(36).slice(2)}.json`);
      execFile(
        process.execPath,
        [...nodeFlags, "--require", preload, cli, ...args],
        { env: { PATH: process.env.PATH ?? "", HOME: scratch, NO_COLOR: "1", LOAD_REPORT: report } },
        (error, stdout, stderr) => {
          try {
            const files = JSON.parse(readFileSync(report, "utf8")) as string[];
            resolve({
              code: error ? Number(error.code) : 0,
              vendor: files.filter((f) => dirname(f) === VENDOR).map((f) => basename(f)),
              stdout,
              stderr,
            });
          } catch (readError) {
            reject(readError);
          }
        },
      );
    });

  test("--version loads no vendored library", async () => {
    const loaded = await run(["--version"]);
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toMatch(/^config-rollout \d/);
    expect(loaded.vendor).toEqual([]);
  });

  test("a push that touches no manifest loads neither client-node nor yaml", async () => {
    const loaded = await run(["--repo", repo.dir, "--base", head, "--head", docs, "--dry-run"]);
    expect(loaded.code).toBe(0);
    expect(loaded.vendor).not.toContain("client-node.js");
    expect(loaded.vendor).not.toContain("yaml.js");
  });

  test("an error before the scan is exit 2 with its message", async () => {
    const loaded = await run(["--repo", repo.dir, "--base", "no-such-branch", "--head", head, "--dry-run"]);
    expect(loaded.code).toBe(2);
    expect(loaded.stderr).toContain("not a commit: no-such-branch");
  });

  test("run through a bin symlink with --preserve-symlinks-main, it still finds its vendored files", async () => {
    const link = join(scratch, "config-rollout");
    rmSync(link, { force: true });
    symlinkSync(CLI, link);
    const version = await run(["--version"], link, ["--preserve-symlinks-main"]);
    expect(version.code).toBe(0);
    // A plan that reads the flow-style file: the yaml package is required through the link.
    const loaded = await run(
      ["--repo", repo.dir, "--base", base, "--head", head, "--dry-run", "--discover", "repo"],
      link,
      ["--preserve-symlinks-main"],
    );
    expect(loaded.stderr).not.toContain("Cannot find module");
    expect(loaded.code).toBe(0);
    expect(loaded.stdout).toContain("configmap/app-config");
    expect(loaded.vendor).toContain("yaml.js");
  });
});
