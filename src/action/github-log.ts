// The orchestrator's Log on GitHub Actions: stages become collapsible log groups, warnings become
// annotations on the file and line. GitHub shows at most 10 annotations of one type per step, so the
// first 9 warnings are annotations and the 10th says how many more are in the log.
import { realpathSync } from "node:fs";
import { relative, resolve } from "node:path";
import { formatLocation, type Location, type Log } from "../core/log.js";
import { escapeForCiLog } from "../report/ci-log-text.js";

/** The part of @actions/core this log uses (tests pass a recorder). */
export interface WorkflowCommands {
  info(message: string): void;
  debug(message: string): void;
  warning(message: string, properties?: { file?: string; startLine?: number; startColumn?: number }): void;
  startGroup(name: string): void;
  endGroup(): void;
}

interface GitHubLogOptions {
  /** Prefix for annotation paths: the repository's directory relative to the workspace ("" at its root). */
  filePrefix?: string;
  /** GitHub's limit of shown annotations per type and step. */
  maxAnnotations?: number;
}

export interface GitHubLog extends Log {
  /** Emit the aggregate annotation for warnings beyond the limit; call once, at the end. */
  flush(): void;
}

/**
 * Every message, title and annotation path carries repository or cluster text: it is escaped here,
 * once, so no caller can log a line the runner would take for a workflow command. (@actions/core
 * escapes the data of the commands it issues, but not a plain `info` line.)
 */
export function createGitHubLog(raw: WorkflowCommands, options: GitHubLogOptions = {}): GitHubLog {
  const commands = escapedCommands(raw);
  const limit = options.maxAnnotations ?? 10;
  const prefix = options.filePrefix ? `${options.filePrefix.replace(/\/+$/, "")}/` : "";
  let annotations = 0;
  let overflow = 0;
  let held: { message: string; where?: Location } | undefined;
  let depth = 0;
  return {
    info: (message) => commands.info(message),
    debug: (message) => commands.debug(message),
    warn(message: string, where?: Location) {
      if (annotations < limit - 1) {
        annotations++;
        commands.warning(message, where ? annotationProperties(where, prefix) : undefined);
        return;
      }
      // Past the limit the warning still reaches the log, as plain text.
      overflow++;
      held ??= { message, where };
      commands.info(
        `warning: ${where ? `${formatLocation({ ...where, file: prefix + where.file })}: ` : ""}${message}`,
      );
    },
    async group<T>(title: string, work: () => Promise<T>): Promise<T> {
      // GitHub does not nest groups: an inner stage stays inside the outer one.
      if (depth > 0) return work();
      depth++;
      commands.startGroup(title);
      try {
        return await work();
      } finally {
        commands.endGroup();
        depth--;
      }
    },
    flush() {
      if (overflow === 0) return;
      if (overflow === 1 && held) {
        // Exactly at the limit: the last slot can show the warning itself.
        commands.warning(held.message, held.where ? annotationProperties(held.where, prefix) : undefined);
      } else {
        commands.warning(
          `and ${overflow} more warning${overflow === 1 ? "" : "s"}: GitHub shows ${limit} annotations per step, see the log for all of them`,
        );
      }
      overflow = 0;
      held = undefined;
    },
  };
}

function annotationProperties(where: Location, prefix: string) {
  return {
    file: prefix + where.file,
    ...(where.line !== undefined ? { startLine: where.line } : {}),
    ...(where.col !== undefined ? { startColumn: where.col } : {}),
  };
}

function escapedCommands(commands: WorkflowCommands): WorkflowCommands {
  const safe = escapeForCiLog;
  return {
    info: (message) => commands.info(safe(message)),
    debug: (message) => commands.debug(safe(message)),
    warning: (message, properties) =>
      commands.warning(
        safe(message),
        properties?.file === undefined ? properties : { ...properties, file: safe(properties.file) },
      ),
    startGroup: (name) => commands.startGroup(safe(name)),
    endGroup: () => commands.endGroup(),
  };
}

/** Annotation paths are relative to the workspace; the repository may be checked out in a subdirectory. */
export function workspacePath(gitRoot: string, env: Record<string, string | undefined>): string {
  try {
    const workspace = realpathSync(resolve(env.GITHUB_WORKSPACE || "."));
    const path = relative(workspace, realpathSync(gitRoot)).replaceAll("\\", "/");
    return path.startsWith("..") ? "" : path;
  } catch {
    return "";
  }
}
