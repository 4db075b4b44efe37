// The CLI as a user first meets it: --help, --version, a typo, a repository that is not one.
import { execFile, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { expect, test } from "vitest";
import { createTempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { CLI, runCli } from "../helpers/run-cli.js";

test("--help names the commands; `run --help` prints the main run's flags; both on stdout, exit 0", async () => {
  const run = await runCli(["--help"]);
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(/^config-rollout — /);
  expect(run.stdout).toMatch(/^ {2}sync +\S/m);
  const flags = await runCli(["run", "--help"]);
  expect(flags.code).toBe(0);
  expect(flags.stdout).toContain("Usage: config-rollout [run] [flags]");
  expect(flags.stdout.trimEnd().split("\n").length).toBeLessThanOrEqual(50);
  expect(flags.stdout).toContain("config-rollout run --help all");
  // Every flag: `--help all`, with a command or without (the main run's).
  for (const argv of [["run", "--help", "all"], ["--help=all"]]) {
    const all = await runCli(argv);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain("Usage: config-rollout [run] [flags]");
    expect(all.stdout).toContain("--kubeconfig PATH");
  }
});

test("an old spelling works, with one warning line naming its replacement", async () => {
  const repo = await createTempRepo();
  try {
    const files = (level: string) =>
      yamlDocs(
        configMap("app", { LEVEL: level }),
        deployment("web", pod({ envFrom: [{ configMapRef: { name: "app" } }] })),
      );
    await repo.write("k8s/app.yaml", files("a"));
    await repo.commit("one");
    await repo.write("k8s/app.yaml", files("b"));
    await repo.commit("two");
    const run = await runCli(["--repo", repo.dir, "--dry-run", "true", "--no-watch-pods"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Dry run: 1 workload(s) would restart.");
    const warnings = run.stderr.split("\n").filter((line) => line.includes("deprecated"));
    expect(warnings).toEqual([
      "warning: --no-watch-pods is deprecated and will be removed in the next minor release: use --wait status",
    ]);
  } finally {
    await repo.cleanup();
  }
});

test("--version prints the package version", async () => {
  const { version } = (await import("../../package.json", { with: { type: "json" } })).default;
  const run = await runCli(["--version"]);
  expect(run.stdout.trim()).toBe(`config-rollout ${version}`);
});

test.each([
  [["--stratgy", "env"], /error: unknown flag --stratgy \(did you mean --strategy\?\)/],
  [["--timeout", "forever"], /error: --timeout: expected a duration/],
  [["--timeout", "5"], /error: --timeout: "5" has no unit: write 5s for seconds or 5m for minutes/],
  [["--git-timeout", "0s"], /error: --git-timeout: must be at least 1s \(e\.g\. 90s, 5m\), got 0s/],
  [
    ["--dry-run", "maybe"],
    /error: --dry-run: expected one of none, client, server \(or true, false\), got "maybe"/,
  ],
  [["sync", "--context", "a;b"], /error: sync checks one cluster: give --context one context/],
  [["--check"], /error: --check is a flag of `config-rollout stamp`/],
  [["--hlep"], /error: unknown flag --hlep \(did you mean --help\?\)/],
  [["stmap"], /error: unknown command "stmap" \(did you mean stamp\?\)/],
  [["stamp", "--timeout", "5m"], /error: --timeout applies to the main run only/],
  [["stamp", "--strategy", "env"], /error: --strategy applies to the main run only/],
])("%j: one clear line on stderr, exit 2, nothing on stdout", async (args, message) => {
  const run = await runCli(args);
  expect(run.code).toBe(2);
  expect(run.stdout).toBe("");
  expect(run.stderr.trim().split("\n")).toHaveLength(1);
  expect(run.stderr).toMatch(message);
});

test("a directory that is no git repository is a clear error, not a stack trace", async () => {
  const dir = mkdtempSync(join(tmpdir(), "not-a-repo-"));
  try {
    const run = await runCli(["--repo", dir, "--dry-run"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/error: .*not .*git/i);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a reader that closes the pipe early (`| head`) does not crash the run: no stack trace, its own exit code", async () => {
  const repo = await createTempRepo();
  try {
    const config = (mode: string) => yamlDocs(configMap("app-config", { mode }, { namespace: "shop" }));
    await repo.write("config.yaml", config("a"));
    await repo.write(
      "app.yaml",
      yamlDocs(
        deployment("app", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), {
          namespace: "shop",
        }),
      ),
    );
    const base = await repo.commit("base");
    await repo.write("config.yaml", config("b"));
    const head = await repo.commit("head");
    const args = ["--repo", repo.dir, "--base", base, "--head", head, "--dry-run", "--output", "json"];
    const run = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, ...args], {
        env: { PATH: process.env.PATH ?? "", HOME: repo.dir, NO_COLOR: "1" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      // The reader is gone before the report is written: every write to stdout fails with EPIPE.
      child.stdout.destroy();
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
      });
      child.on("close", (code) => resolve({ code, stderr }));
    });
    expect(run.stderr).toContain("==> Find changed configs");
    expect(run.stderr).not.toMatch(/EPIPE|\n\s+at /);
    expect(run.code).toBe(0);
  } finally {
    await repo.cleanup();
  }
});

test("the README's CLI quick start runs before the package is published: a clone's dist/cli.js, with no npm ci", async () => {
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("### CLI"), readme.indexOf("## How it works"));
  const recipe = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  expect(recipe).toMatch(/^git clone /m);
  expect(recipe).not.toMatch(/\bnpm (ci|install|i|run)\b/);
  const line = recipe.split("\n").find((l) => l.startsWith("node dist/cli.js"));
  expect(line).toBeDefined();
  // A clone that installed nothing: this tree's dist/ (what is committed) without node_modules near it.
  const clone = mkdtempSync(join(tmpdir(), "config-rollout-clone-"));
  cpSync(dirname(CLI), join(clone, "dist"), { recursive: true });
  const repo = await createTempRepo();
  try {
    const files = (level: string) =>
      yamlDocs(
        configMap("app", { LEVEL: level }),
        deployment("web", pod({ envFrom: [{ configMapRef: { name: "app" } }] })),
      );
    await repo.write("k8s/app.yaml", files("a"));
    await repo.commit("one");
    await repo.write("k8s/app.yaml", files("b"));
    await repo.commit("two");
    // The line as written (its comment dropped), with your repository's path; dist/ is this tree's build.
    const args = line!
      .replace(/\s+#.*$/, "")
      .split(/\s+/)
      .slice(2)
      .map((arg) => (arg === "/path/to/your/repo" ? repo.dir : arg));
    const run = await new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ["dist/cli.js", ...args],
        { cwd: clone, env: { PATH: process.env.PATH ?? "", HOME: clone, NO_COLOR: "1" } },
        (error, stdout, stderr) =>
          resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr }),
      );
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain("Dry run: 1 workload(s) would restart.");
  } finally {
    await repo.cleanup();
    rmSync(clone, { recursive: true, force: true });
  }
});

test("stamp through the bundled CLI: --help, then --check and stamp on a repository (the yaml vendor bundle has what it needs)", async () => {
  const help = await runCli(["stamp", "--help"]);
  expect(help.code).toBe(0);
  expect(help.stdout).toContain("Usage: config-rollout stamp [flags]");
  expect(help.stdout.split("\n").length).toBeLessThan(80);
  expect(help.stdout).toContain("--check");
  // Only what stamp reads: no rollout flags.
  expect(help.stdout).not.toMatch(/^ +--timeout /m);
  expect(help.stdout).not.toMatch(/^ +--strategy /m);
  const repo = await createTempRepo();
  try {
    await repo.write(
      "app.yaml",
      yamlDocs(
        configMap("app-config", { mode: "a" }),
        deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] })),
      ),
    );
    await repo.commit("app");
    const check = await runCli(["stamp", "--repo", repo.dir, "--check"]);
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toMatch(
      /deployment\/web \(namespace default\) in app.yaml: \(none\) -> [0-9a-f]{64}/,
    );
    expect((await runCli(["stamp", "--repo", repo.dir])).code).toBe(0);
    expect((await runCli(["stamp", "--repo", repo.dir, "--check"])).code).toBe(0);
  } finally {
    await repo.cleanup();
  }
});
