// --render 'CMD': the user's command, run by /bin/sh in a checkout of each commit; its stdout is
// the manifests (multi-document YAML, JSON, a List). The command is the user's: it runs on both
// commits, a pull request's head included (docs/rendering.md says so). It runs in its own process group:
// a timeout or an output over --max-file-size stops everything it started.

import { shortSha } from "../../core/commit-sha.js";
import { UserError } from "../../core/errors.js";
import { runProcess } from "../../process/run-process.js";
import { stoppedWhy } from "./kustomize.js";

const SHELL = "/bin/sh";

interface RenderCommandRun {
  command: string;
  env: NodeJS.ProcessEnv;
  /** --render-timeout. */
  timeoutMs: number;
  /** --max-file-size. */
  maxOutputBytes: number;
}

export async function runRenderCommand(
  run: RenderCommandRun,
  treeDir: string,
  commit: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const result = await runProcess(SHELL, ["-c", run.command], {
    cwd: treeDir,
    env: run.env,
    timeoutMs: run.timeoutMs,
    maxOutputBytes: run.maxOutputBytes,
    ...(signal ? { signal } : {}),
  });
  if (result.exitCode === 0 && result.failure === undefined) return result.stdout;
  throw new UserError(
    `--render ${JSON.stringify(run.command)} failed at commit ${shortSha(commit)} (${stoppedWhy(result)}); nothing was applied${
      result.stderrTail && result.failure?.kind !== "aborted"
        ? `. Its stderr ends with:\n${result.stderrTail}`
        : ""
    }`,
  );
}
