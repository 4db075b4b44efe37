// Runs a pipeline with gitlab-ci-local (a devDependency) as a GitLab runner would run it on a shell
// executor, and reads back what a GitLab user would see: job status, job logs, artifacts, reports.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const GITLAB_CI_LOCAL = join(ROOT, "node_modules", "gitlab-ci-local", "dist", "index.js");
/**
 * gitlab-ci-local copies files with rsync, which a fresh machine lacks: its pipelines get the subset
 * it runs (rsync-shim.mjs) first on their PATH, on every machine, so the tests run the same everywhere.
 */
const RSYNC_SHIM_DIR = join(ROOT, "test", "gitlab", "bin");
/** This checkout's bundled CLI, as CONFIG_ROLLOUT_COMMAND runs it instead of npx. */
export const CLI_COMMAND = `${process.execPath} ${join(ROOT, "dist", "cli.js")}`;

export interface PipelineRun {
  code: number;
  output: string;
  /** The log of one job (.gitlab-ci-local/output/<job>.log). */
  jobLog(job: string): string;
  /** A file of the job's exported artifacts. */
  artifact(job: string, path: string): string;
  /** The dotenv report as GitLab parses it (.gitlab-ci-local keeps it apart for downstream jobs). */
  dotenv(job: string, file: string): Record<string, string>;
}

/**
 * Runs `gitlab-ci-local` in `cwd` (it wants --cwd relative, so it runs there instead). `--force-shell-executor` runs jobs that name an image (ours does) on
 * the shell, as there is no container engine here; `variables` are passed with `--variable`, the way
 * GitLab would provide predefined and CI/CD variables.
 */
export function runPipeline(
  cwd: string,
  variables: Record<string, string>,
  extraArgs: string[] = [],
): Promise<PipelineRun> {
  const args = [
    GITLAB_CI_LOCAL,
    "--force-shell-executor",
    "--no-color",
    "--ignore-predefined-vars",
    Object.keys(variables).join(","),
    ...Object.entries(variables).flatMap(([key, value]) => ["--variable", `${key}=${value}`]),
    ...extraArgs,
  ];
  // A HOME and TMPDIR of its own (the job's mktemp too), removed once the pipeline is over.
  const scratch = mkdtempSync(join(tmpdir(), "config-rollout-gcl-"));
  const env = {
    PATH: `${RSYNC_SHIM_DIR}${delimiter}${process.env.PATH ?? ""}`,
    HOME: scratch,
    TMPDIR: scratch,
    NO_COLOR: "1",
  };
  return new Promise((resolve) => {
    execFile(process.execPath, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      rmSync(scratch, { recursive: true, force: true });
      const state = join(cwd, ".gitlab-ci-local");
      resolve({
        code,
        output: `${stdout}${stderr}`,
        jobLog: (job) => readFileSync(join(state, "output", `${job}.log`), "utf8"),
        artifact: (job, path) => readFileSync(join(state, "artifacts", job, path), "utf8"),
        dotenv: (job, file) =>
          parseDotenv(
            readFileSync(join(state, "artifacts", job, ".gitlab-ci-reports", "dotenv", file), "utf8"),
          ),
      });
    });
  });
}

function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (match?.[1] !== undefined) values[match[1]] = match[2] ?? "";
    else if (line !== "") throw new Error(`not a dotenv line: ${JSON.stringify(line)}`);
  }
  return values;
}
