// The rsync stand-in the GitLab tests put on gitlab-ci-local's PATH (test/gitlab/bin/rsync), run with
// the command lines gitlab-ci-local 4.72.0 runs, checked against what rsync does with them. The
// expected trees were taken from rsync 3.5.0 on the same inputs.
import { execFile } from "node:child_process";
import {
  chmodSync,
  lstatSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  utimesSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { ROOT } from "./run-gitlab-ci-local.js";

const SHIM_DIR = join(ROOT, "test", "gitlab", "bin");

interface Ran {
  code: number;
  stderr: string;
}

/** Runs a bash command line in `cwd` the way gitlab-ci-local does, with the shim first on PATH. */
function bash(cwd: string, script: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      "bash",
      ["-c", script],
      // HOME: bash started on a socket (as execFile does) reads ~/.bashrc; the repository has none.
      { cwd, env: { PATH: `${SHIM_DIR}:${process.env.PATH ?? ""}`, HOME: cwd } },
      (error, _stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stderr });
      },
    );
  });
}

/** Every path under `dir`, relative, directories with a trailing "/", symlinks as "name -> target". */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(dir, relative)).sort()) {
      const path = relative === "" ? entry : `${relative}/${entry}`;
      const stat = lstatSync(join(dir, path));
      if (stat.isSymbolicLink()) out.push(`${path} -> ${readlinkSync(join(dir, path))}`);
      else if (stat.isDirectory()) {
        out.push(`${path}/`);
        walk(path);
      } else out.push(path);
    }
  };
  walk("");
  return out;
}

let repo: TempRepo;

beforeEach(async () => {
  repo = await createTempRepo();
  await repo.write("k8s/web.yaml", "web\n");
  await repo.write("k8s/sub/api.yaml", "api\n");
  await repo.write("deploy.sh", "#!/bin/sh\n");
  chmodSync(join(repo.dir, "deploy.sh"), 0o755);
  symlinkSync("k8s/web.yaml", join(repo.dir, "web-link.yaml"));
  await repo.commit("tracked files");
  await repo.write("untracked.txt", "u\n");
  await repo.write("scratch/notes.txt", "n\n");
  await repo.write(".gitlab-ci-local/builds/.docker/stale.txt", "left from an earlier run\n");
  await repo.write("config-rollout-plan.json", "{}\n");
  await repo.write("config-rollout.env", "CONFIG_ROLLOUT_RESULT=restarted\n");
  utimesSync(join(repo.dir, "config-rollout.env"), new Date(1_700_000_000_000), new Date(1_700_000_000_000));
});

afterEach(async () => {
  await repo.cleanup();
});

describe("the rsync command lines gitlab-ci-local runs", () => {
  test("the copy of the tracked files: untracked files and the state directory stay out, stale files go", async () => {
    const ran = await bash(
      repo.dir,
      `rsync -a --delete-excluded --delete --exclude-from=<(git ls-files -o --directory | awk '{print "/"$0}') --exclude .gitlab-ci-local/ ./ .gitlab-ci-local/builds/.docker/`,
    );
    expect(ran).toEqual({ code: 0, stderr: "" });
    const copy = join(repo.dir, ".gitlab-ci-local/builds/.docker");
    expect(tree(copy).filter((path) => !/^\.git\/./.test(path))).toEqual([
      ".git/",
      "deploy.sh",
      "k8s/",
      "k8s/sub/",
      "k8s/sub/api.yaml",
      "k8s/web.yaml",
      "web-link.yaml -> k8s/web.yaml",
    ]);
    expect(statSync(join(copy, "deploy.sh")).mode & 0o777).toBe(0o755);
    expect(readFileSync(join(copy, "k8s/sub/api.yaml"), "utf8")).toBe("api\n");
  });

  test("artifacts:paths and reports:dotenv: listed files with their directories, excludes applied", async () => {
    const ran = await bash(
      repo.dir,
      [
        "shopt -s globstar nullglob dotglob",
        "mkdir -p .gitlab-ci-local/artifacts/job",
        "list=$(mktemp)",
        `for f in ./config-rollout-plan.json ./k8s ./no-match-*.xml; do printf '%s\\n' "$f"; done >> "$list"`,
        `rsync --exclude '.gitlab-ci-local/**' -rRa --exclude 'k8s/sub/*.yaml' --files-from="$list" . .gitlab-ci-local/artifacts/job/.`,
        "mkdir -p .gitlab-ci-local/artifacts/job/.gitlab-ci-reports/dotenv",
        "rsync -Ra ./config-rollout.env .gitlab-ci-local/artifacts/job/.gitlab-ci-reports/dotenv/.",
      ].join("\n"),
    );
    expect(ran).toEqual({ code: 0, stderr: "" });
    const artifacts = join(repo.dir, ".gitlab-ci-local/artifacts/job");
    expect(tree(artifacts)).toEqual([
      ".gitlab-ci-reports/",
      ".gitlab-ci-reports/dotenv/",
      ".gitlab-ci-reports/dotenv/config-rollout.env",
      "config-rollout-plan.json",
      "k8s/",
      "k8s/sub/",
      "k8s/web.yaml",
    ]);
    const dotenv = join(artifacts, ".gitlab-ci-reports/dotenv/config-rollout.env");
    expect(statSync(dotenv).mtimeMs).toBe(1_700_000_000_000);
  });

  test("a listed file that is missing is reported with rsync's exit code 23, the rest is copied", async () => {
    const ran = await bash(
      repo.dir,
      `printf './gone.json\\n./config-rollout-plan.json\\n' > list.txt && rsync -rRa --files-from=list.txt . out/`,
    );
    expect(ran.code).toBe(23);
    expect(ran.stderr).toContain(
      `link_stat "${join(repo.dir, "gone.json")}" failed: No such file or directory`,
    );
    expect(tree(join(repo.dir, "out"))).toEqual(["config-rollout-plan.json"]);
  });

  test("an option outside the implemented subset fails loudly instead of copying differently", async () => {
    const ran = await bash(repo.dir, "rsync -a --checksum ./ out/");
    expect(ran.code).toBe(1);
    expect(ran.stderr).toContain("unsupported option --checksum");
    expect(lstatSync(join(repo.dir, "out"), { throwIfNoEntry: false })).toBeUndefined();
  });
});
