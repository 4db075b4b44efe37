// scripts/set-coordinates.mjs: where config-rollout is published (coordinates.json), filled into every
// file a user reads or installs by one command, on a copy of the tree; and the release workflow's
// check that no placeholder is left.
import { execFile } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { parse } from "yaml";
import { ROOT } from "./run-gitlab-ci-local.js";

const SCRIPT = join(ROOT, "scripts", "set-coordinates.mjs");
const LEFT_OVER = /<owner>|<group>|<gitlab-host>/;
/** What the copy leaves out: the project's own code, tests and build, which name no coordinate. */
const NOT_COPIED = new Set(["node_modules", ".git", "dist", ".tmp", ".gitlab-ci-local", "coverage"]);

let copy = "";
beforeEach(() => {
  copy = mkdtempSync(join(tmpdir(), "config-rollout-coordinates-"));
  cpSync(ROOT, copy, {
    recursive: true,
    filter: (source) => !NOT_COPIED.has(source.slice(ROOT.length).split("/").find(Boolean) ?? ""),
  });
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

const read = (file: string) => readFileSync(join(copy, file), "utf8");
const SAMPLE = [
  "--github",
  "acme/config-rollout",
  "--gitlab",
  "gitlab.example.com/platform/ci/config-rollout",
];

test("the release check refuses while a placeholder is left, naming the file and line", async () => {
  const check = await script(["--check", "--github", "acme/config-rollout"]);
  expect(check.code).toBe(1);
  expect(check.stderr).toContain("coordinates.json still holds a placeholder");
  expect(check.stderr).toMatch(/^README\.md:\d+: a placeholder is left: .*<owner>\/config-rollout@v1/m);
  expect(check.stderr).toMatch(/^\.gitlab-ci-template\.yml:\d+: a placeholder is left/m);
  expect(check.stderr).toMatch(/^SECURITY\.md:\d+: a placeholder is left/m);
});

test("one command fills every placeholder of every file from the coordinates, and the check passes", async () => {
  const set = await script(SAMPLE);
  expect(set.code, set.stderr).toBe(0);
  const changed = set.stdout.trim().split("\n");
  expect(changed).toEqual(
    expect.arrayContaining([
      "README.md",
      "SECURITY.md",
      "package.json",
      ".gitlab-ci-template.yml",
      "templates/config-rollout.yml",
      "docs/gitlab-ci.md",
      "docs/publishing.md",
      "examples/github/quick-start.yml",
      "examples/gitlab/quick-start.gitlab-ci.yml",
      "examples/gitlab/component.gitlab-ci.yml",
    ]),
  );
  // No placeholder anywhere in the tree: code, tests and docs alike.
  const grep = await new Promise<string>((resolve) =>
    execFile("grep", ["-rlE", LEFT_OVER.source, "."], { cwd: copy }, (_e, stdout) => resolve(stdout)),
  );
  const left = grep
    .split("\n")
    .filter(Boolean)
    // The project's own code and tests, and the CHANGELOG's history of the placeholders, aside.
    .filter((file) => !/^\.\/(src|test|sim|scripts|bench|demo)\/|^\.\/CHANGELOG\.md$/.test(file));
  expect(left).toEqual([]);
  expect(JSON.parse(read("coordinates.json"))).toEqual({
    github: "acme/config-rollout",
    gitlab: "gitlab.example.com/platform/ci/config-rollout",
    npm: "config-rollout",
  });

  const pkg = JSON.parse(read("package.json"));
  expect(pkg.repository.url).toBe("git+https://github.com/acme/config-rollout.git");
  expect(pkg.bugs.url).toBe("https://github.com/acme/config-rollout/issues");
  expect(read("README.md")).toContain("uses: acme/config-rollout@v1");
  expect(read("README.md")).toContain(
    "remote: https://gitlab.example.com/platform/ci/config-rollout/-/raw/v1/.gitlab-ci-template.yml",
  );
  expect(read("README.md")).toContain(
    "component: gitlab.example.com/platform/ci/config-rollout/config-rollout@1",
  );
  expect(read(".gitlab-ci-template.yml")).toContain(
    "# or, on the same GitLab instance: - project: platform/ci/config-rollout",
  );
  expect(read("SECURITY.md")).toContain("https://github.com/acme/config-rollout/security/advisories/new");
  const template = parse(read(".gitlab-ci-template.yml")) as Record<
    string,
    { variables: Record<string, string> }
  >;
  expect(template[".config-rollout"]?.variables.CONFIG_ROLLOUT_COMMAND).toContain(
    "--package=https://github.com/acme/config-rollout/releases/download/v",
  );
  expect(await script(["--check", "--github", "acme/config-rollout"])).toMatchObject({ code: 0, stderr: "" });
  // The release workflow of another repository refuses to publish these coordinates.
  expect((await script(["--check", "--github", "someone-else/config-rollout"])).code).toBe(1);
});

test("another npm name reaches the package, the npx lines and the tarball's file name, not the command", async () => {
  expect((await script([...SAMPLE, "--npm", "@acme/config-rollout"])).code).toBe(0);
  expect(JSON.parse(read("package.json")).name).toBe("@acme/config-rollout");
  expect(read("README.md")).toContain("npx @acme/config-rollout --dry-run");
  // npm pack names a scoped package's tarball scope-name-version.tgz.
  expect(read("docs/publishing.md")).toContain("/releases/download/v0.1.0/acme-config-rollout-0.1.0.tgz");
  expect(read(".github/workflows/release.yml")).toContain('"acme-config-rollout-$VERSION.tgz"');
  // The command the package installs is still config-rollout.
  expect(read("README.md")).toContain("config-rollout --help");
});

test("values that are not coordinates are a usage error; a second run finds nothing to fill", async () => {
  expect(
    await script(["--github", "acme/config-rollout; rm -rf /", "--gitlab", "gitlab.com/a/b"]),
  ).toMatchObject({
    code: 2,
  });
  expect(await script(["--github", "acme/config-rollout", "--gitlab", "gitlab.com"])).toMatchObject({
    code: 2,
  });
  expect((await script(SAMPLE)).code).toBe(0);
  const again = await script(SAMPLE);
  expect(again.code).toBe(1);
  expect(again.stderr).toContain("coordinates.json is set already");
});
