// A dry run by hand in a work tree with an edited, uncommitted manifest compares commits, so it says
// "Nothing changed": a note says the work tree differs and which files, so the user is not misled.
// Through the CLI function, against real git repositories.
import { rm } from "node:fs/promises";
import { afterEach, expect, test } from "vitest";
import { commitTwice, runGit, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";

const repos: TempRepo[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const repo of repos.splice(0)) await repo.cleanup();
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

const app = (level: string) =>
  yamlDocs(
    configMap("app-config", { LEVEL: level }),
    deployment("app", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] })),
  );

async function repoWithReadmePush(): Promise<TempRepo> {
  const repo = await commitTwice(
    { "deploy/app.yaml": app("info"), "README.md": "a\n" },
    { "deploy/app.yaml": app("info"), "README.md": "b\n" },
  );
  repos.push(repo);
  return repo;
}

const NOTE =
  "the work tree has uncommitted edits to 1 file(s) this plan reads (deploy/app.yaml): the plan compares commits, so they are not in it; commit them to plan from them";

test("an edited, uncommitted manifest is named in a note beside 'Nothing changed'", async () => {
  const repo = await repoWithReadmePush();
  await repo.write("deploy/app.yaml", app("debug"));
  await repo.write("notes.txt", "an edit no plan reads\n");
  const text = await runInProcess(["--repo", repo.dir, "--dry-run"]);
  expect(text.code, text.stderr).toBe(0);
  expect(text.stdout).toContain(`Notes:\n  ${NOTE}`);
  expect(text.stderr).toContain(NOTE);
  // Staged, the same.
  await repo.git(["add", "deploy/app.yaml"]);
  const json = JSON.parse((await runInProcess(["--repo", repo.dir, "--dry-run", "-o", "json"])).stdout) as {
    warnings: string[];
  };
  expect(json.warnings).toEqual([NOTE]);
});

test("no note for a clean work tree, a head that is not HEAD, a CI job, or a clone without a checkout", async () => {
  const repo = await repoWithReadmePush();
  const clean = await runInProcess(["--repo", repo.dir, "--dry-run", "-o", "json"]);
  expect(JSON.parse(clean.stdout).warnings).toEqual([]);
  await repo.write("deploy/app.yaml", app("debug"));
  const older = await runInProcess([
    "--repo",
    repo.dir,
    "--dry-run",
    "-o",
    "json",
    "--base",
    "HEAD~1",
    "--head",
    "HEAD~1",
  ]);
  expect(JSON.parse(older.stdout).warnings).toEqual([]);
  // Any CI runner (CI=true: CircleCI, Buildkite, Drone...) checks out a clean tree: no `git status` asked.
  const inCi = await runInProcess(["--repo", repo.dir, "--dry-run", "-o", "json"], { CI: "true" });
  expect(JSON.parse(inCi.stdout).warnings).toEqual([]);
  const notCi = await runInProcess(["--repo", repo.dir, "--dry-run", "-o", "json"], { CI: "false" });
  expect(JSON.parse(notCi.stdout).warnings).toEqual([NOTE]);
  const clone = `${repo.dir}-clone`;
  dirs.push(clone);
  await runGit(repo.dir, ["clone", "-q", "--no-checkout", repo.dir, clone]);
  const fromClone = await runInProcess(["--repo", clone, "--dry-run", "-o", "json"]);
  expect(fromClone.code, fromClone.stderr).toBe(0);
  expect(JSON.parse(fromClone.stdout).warnings).toEqual([]);
});
