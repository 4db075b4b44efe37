// scripts/set-repository.mjs: the "<owner>/config-rollout" placeholder, replaced once the project's
// GitHub location is known, and the release workflow's check that it has been.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { ROOT } from "./run-gitlab-ci-local.js";

const SCRIPT = join(ROOT, "scripts", "set-repository.mjs");
const FILES = [
  "package.json",
  ".gitlab-ci-template.yml",
  "templates/config-rollout.yml",
  "README.md",
  "docs/gitlab-ci.md",
  "examples/github/config-rollout.yml",
];

let copy = "";
beforeEach(() => {
  copy = mkdtempSync(join(tmpdir(), "config-rollout-set-repository-"));
  for (const file of FILES) {
    mkdirSync(dirname(join(copy, file)), { recursive: true });
    cpSync(join(ROOT, file), join(copy, file));
  }
});
afterEach(() => {
  rmSync(copy, { recursive: true, force: true });
});

function script(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], { cwd: copy }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

test("the release check refuses while the package and the templates name the placeholder", async () => {
  const check = await script(["--check", "acme/config-rollout"]);
  expect(check.code).toBe(1);
  expect(check.stderr).toContain("package.json: repository.url is");
  expect(check.stderr).toContain(".gitlab-ci-template.yml still names <owner>/config-rollout");
  expect(check.stderr).toContain("templates/config-rollout.yml still names <owner>/config-rollout");
});

test("once set, every file names the real repository and the release check passes", async () => {
  expect((await script(["acme/config-rollout"])).code).toBe(0);
  for (const file of FILES)
    expect(readFileSync(join(copy, file), "utf8")).not.toContain("<owner>/config-rollout");
  const pkg = JSON.parse(readFileSync(join(copy, "package.json"), "utf8"));
  expect(pkg.repository.url).toBe("git+https://github.com/acme/config-rollout.git");
  expect(pkg.bugs.url).toBe("https://github.com/acme/config-rollout/issues");
  expect(readFileSync(join(copy, ".gitlab-ci-template.yml"), "utf8")).toContain(
    "--package=https://github.com/acme/config-rollout/releases/download/v",
  );
  expect(await script(["--check", "acme/config-rollout"])).toMatchObject({ code: 0, stderr: "" });
  expect((await script(["--check", "someone-else/config-rollout"])).code).toBe(1);
});

test("a repository that is not OWNER/NAME is a usage error", async () => {
  expect(await script(["acme/config-rollout; rm -rf /"])).toMatchObject({ code: 2 });
});
