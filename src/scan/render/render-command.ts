// --render 'CMD': the user's command, run by /bin/sh in a checkout of each commit; its stdout is
// the manifests (multi-document YAML, JSON, a List). The command is the user's: it runs on both
// commits, a pull request's head included (docs/rendering.md says so). It runs in its own process group:
// a timeout or an output over --max-file-size stops everything it started.
//
// A failing render's stderr may quote the values of the Secrets it renders (a template error shows
// the text around it), which the run never read and so cannot mask (core/secret-values.ts). It is
// quoted only when the command is known to render no Secret: its output at the other commit was
// read in full and defines none, and neither does what the failing run printed. The other commit's
// render started with this one (a failure stops every render): it gets a few seconds to finish, so
// a quick failure still shows its stderr and a render that hangs does not hold the run.

import { shortSha } from "../../core/commit-sha.js";
import { UserError } from "../../core/errors.js";
import type { OptionNaming } from "../../core/option-naming.js";
import { type ProcessResult, runProcess, tailOf } from "../../process/run-process.js";
import { stoppedWhy } from "./kustomize.js";

const SHELL = "/bin/sh";

/** How long a failed render waits for the other commit's, when it is running, to tell what it renders. */
const OTHER_COMMIT_GRACE_MS = 5_000;

/** Any mention of the kind, however the output spells the object (YAML, JSON, a List, a tag). */
const MAY_DEFINE_SECRET = /\bSecret\b/;

interface RenderCommandRun {
  command: string;
  env: NodeJS.ProcessEnv;
  /** --render-timeout. */
  timeoutMs: number;
  /** --max-file-size. */
  maxOutputBytes: number;
  /** How the failure names --render and its bounds (flags, or the action's inputs). */
  naming: OptionNaming;
}

/** The command's render of one commit, for both commits of a run: what one printed decides the other's error. */
export function renderCommandAtCommits(
  run: RenderCommandRun,
): (treeDir: string, commit: string, signal?: AbortSignal) => Promise<Buffer> {
  /** Each commit's result, once its render ended. */
  const ended = new Map<string, ProcessResult>();
  /** Failed renders waiting for the next one to end. */
  const waiting = new Set<() => void>();
  const nextEnd = () => new Promise<boolean>((resolve) => waiting.add(() => resolve(true)));
  /** The other commit's result, once its render ended (it may not have started yet), or undefined after `ms`. */
  const otherThan = async (commit: string, ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const other = [...ended].find(([at]) => at !== commit);
      if (other || !(await within(nextEnd(), deadline - Date.now()))) return other;
    }
  };
  return async (treeDir, commit, signal) => {
    const result = await runProcess(SHELL, ["-c", run.command], {
      cwd: treeDir,
      env: run.env,
      timeoutMs: run.timeoutMs,
      maxOutputBytes: run.maxOutputBytes,
      ...(signal ? { signal } : {}),
    });
    ended.set(commit, result);
    for (const wake of waiting) wake();
    waiting.clear();
    if (succeeded(result)) return result.stdout;
    // Stopped because another render failed: that failure is the one reported.
    const hasStderr = result.stderrTail !== "" && result.failure?.kind !== "aborted";
    const [otherCommit, other] = (hasStderr && (await otherThan(commit, OTHER_COMMIT_GRACE_MS))) || [];
    const atOther =
      otherCommit && other && succeeded(other) ? { commit: otherCommit, output: other.stdout } : undefined;
    throw new RenderCommandError(
      () =>
        `${run.naming.set("render", JSON.stringify(run.command))} failed at commit ${shortSha(commit)} (${stoppedWhy(result, run.naming)}${shellSays(result, run.command)}); nothing was applied${
          hasStderr ? stderrOf(result, commit, atOther) : ""
        }`,
    );
  };
}

/**
 * A failed render, its message written each time it is read until one is set (the redaction at
 * the run's boundary sets it): the stderr it quotes is masked with the values of the Secrets
 * recorded by then before its lines are cut. The changed raw files' Secrets are recorded only as
 * this error leaves the scan (scan/scan-changed-manifests.ts), after the render failed.
 */
class RenderCommandError extends UserError {
  #message: string | undefined;
  constructor(private readonly write: () => string) {
    super();
  }
  override get message(): string {
    return this.#message ?? this.write();
  }
  override set message(text: string) {
    this.#message = text;
  }
}

/**
 * What the shell's own exit codes mean (POSIX: 127, it found no such command; 126, it could not run
 * it), said even when the stderr that says so is not shown. The first word is the likely one.
 */
function shellSays(result: ProcessResult, command: string): string {
  if (result.failure !== undefined || (result.exitCode !== 127 && result.exitCode !== 126)) return "";
  // Leading NAME=value assignments are not the command.
  const word =
    command
      .trim()
      .split(/\s+/)
      .find((w) => !/^[A-Za-z_]\w*=/.test(w)) ?? command;
  return result.exitCode === 127
    ? `, command not found: ${JSON.stringify(word)} or a command it runs is not installed, or not on PATH`
    : `, command not executable: ${JSON.stringify(word)} or a command it runs is not an executable file`;
}

function succeeded(result: ProcessResult): boolean {
  return result.exitCode === 0 && result.failure === undefined;
}

/** The promise's value, or undefined once `ms` have passed. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  if (ms <= 0) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The end of a failed render's stderr, or why it is not shown. */
function stderrOf(
  result: ProcessResult,
  commit: string,
  other: { commit: string; output: Buffer } | undefined,
): string {
  const why = MAY_DEFINE_SECRET.test(result.stdout.toString("utf8"))
    ? "its output defines a Secret"
    : other === undefined
      ? "the render at the other commit did not complete, so whether the command renders a Secret is not known"
      : MAY_DEFINE_SECRET.test(other.output.toString("utf8"))
        ? `its output at commit ${shortSha(other.commit)} defines a Secret`
        : undefined;
  if (why === undefined) return `. Its stderr ends with:\n${tailOf(result.stderrEnd)}`;
  return `. Its stderr is not shown: ${why}, whose values it may quote (run the command in a checkout of ${shortSha(commit)} to see it)`;
}
