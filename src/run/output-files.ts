// The files a run writes besides the cluster (--plan-out, --junit, --dotenv), checked before its
// first request: a path that cannot be written is bad input (exit 2), found before anything was
// written, not after the restarts it would report.
import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import { dirname } from "node:path";
import { UserError } from "../core/errors.js";

/** One file the run will write: the option that names it (as the user spelled it) and its path. */
export interface OutputFile {
  option: string;
  /** As given, for the message. */
  given: string;
  /** Resolved as the writer resolves it. */
  path: string;
}

/** A report file the run cannot write: the end of the run does not try it again. */
export class UnwritableOutputError extends UserError {}

export async function checkOutputFiles(files: OutputFile[]): Promise<void> {
  for (const file of files) {
    const why = await whyUnwritable(file.path);
    if (why) {
      throw new UnwritableOutputError(
        `${file.option} ${file.given}: the file cannot be written (${why}); checked before anything was written`,
      );
    }
  }
}

/** Why `path` cannot be written as a file, or undefined: its directory exists and is writable, it is no directory. */
async function whyUnwritable(path: string): Promise<string | undefined> {
  try {
    if ((await stat(path)).isDirectory()) return "it is a directory";
    await access(path, constants.W_OK);
    return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return reason(error);
  }
  const dir = dirname(path);
  try {
    if (!(await stat(dir)).isDirectory()) return `${dir} is not a directory`;
    await access(dir, constants.W_OK);
    return undefined;
  } catch (error) {
    return `its directory ${dir}: ${reason(error)}`;
  }
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "does not exist";
  if (code === "EACCES" || code === "EPERM") return "not writable";
  if (code === "EROFS") return "a read-only file system";
  if (code === "ENOTDIR") return "a part of the path is not a directory";
  return code ?? String(error);
}
