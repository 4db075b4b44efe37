// --render 'CMD': the user's command, run by /bin/sh in a checkout of each commit; its stdout is
// the manifests (multi-document YAML, JSON, a List). The command is the user's: it runs on both
// commits, a pull request's head included (the README says so).
import { UserError } from "../core/errors.js";
import { runProcess } from "./run-process.js";

export const SHELL = "/bin/sh";

export interface RenderCommandRun {
  command: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
}

export async function runRenderCommand(
  run: RenderCommandRun,
  treeDir: string,
  commit: string,
): Promise<Buffer> {
  const result = await runProcess(SHELL, ["-c", run.command], {
    cwd: treeDir,
    env: run.env,
    timeoutMs: run.timeoutMs,
  });
  if (result.exitCode === 0 && result.failure === undefined) return result.stdout;
  const why = result.failure ?? (result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`);
  throw new UserError(
    `--render ${JSON.stringify(run.command)} failed at commit ${commit.slice(0, 12)} (${why}); nothing was applied${
      result.stderrTail ? `. Its stderr ends with:\n${result.stderrTail}` : ""
    }`,
  );
}
