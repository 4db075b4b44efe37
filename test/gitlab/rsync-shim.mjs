// The subset of rsync that gitlab-ci-local 4.72.0 runs on the shell executor, in plain Node, so the
// GitLab tests need nothing a fresh machine lacks (test/gitlab/bin/rsync puts it on the pipeline's PATH).
// gitlab-ci-local runs, and this implements exactly:
//   rsync -a --delete-excluded --delete --exclude-from=FILE --exclude DIR/ ./ STATE/builds/.docker/
//       (before every pipeline: a copy of the tracked files for container jobs)
//   rsync --exclude 'PATTERN' -rRa [--exclude PATTERN]... --files-from=FILE . DEST/. (artifacts:paths)
//   rsync -Ra ./FILE DEST/.                                                          (reports:dotenv)
//   rsync -Ra ./PATH... DEST/.   and   rsync -a SRC/. DEST                          (cache, isolation)
// -a copies recursively, symlinks as symlinks, permissions and modification times; it does not set
// owner or group (rsync cannot either when not run as root). Filter patterns follow rsync's rules
// for "/" (anchored), a trailing "/" (directories only), "*", "**", "?" and "[...]". Any other
// option, or a combination this file does not implement, fails loudly instead of copying differently.

import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  utimesSync,
} from "node:fs";
import { basename, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

class UsageError extends Error {}

/** Parsed command line; throws UsageError for anything outside the subset. */
export function parseArgs(argv) {
  const options = { archive: false, recursive: false, relative: false, delete: false, deleteExcluded: false };
  const excludes = [];
  let filesFrom;
  const paths = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--exclude") {
      if (i + 1 >= argv.length) throw new UsageError("--exclude needs a pattern");
      excludes.push(argv[++i]);
    } else if (arg.startsWith("--exclude=")) excludes.push(arg.slice("--exclude=".length));
    else if (arg.startsWith("--exclude-from=")) {
      const lines = readFileSync(arg.slice("--exclude-from=".length), "utf8").split("\n");
      // rsync skips blank lines and lines starting with ";" or "#" in a filter file.
      excludes.push(...lines.filter((line) => line !== "" && !/^[;#]/.test(line)));
    } else if (arg.startsWith("--files-from=")) filesFrom = arg.slice("--files-from=".length);
    else if (arg === "--delete") options.delete = true;
    else if (arg === "--delete-excluded") options.deleteExcluded = true;
    else if (/^-[arR]+$/.test(arg)) {
      for (const flag of arg.slice(1)) {
        if (flag === "a") options.archive = true;
        if (flag === "r") options.recursive = true;
        if (flag === "R") options.relative = true;
      }
    } else if (arg.startsWith("-")) throw new UsageError(`unsupported option ${arg}`);
    else paths.push(arg);
  }
  if (!options.archive) throw new UsageError("only archive mode (-a) is implemented");
  // -a implies -r, except that --files-from turns the implied -r off (rsync's rule).
  if (filesFrom === undefined) options.recursive = true;
  else options.relative = true;
  if (options.deleteExcluded) options.delete = true;
  if (options.delete && !options.deleteExcluded) {
    throw new UsageError("--delete without --delete-excluded is not implemented");
  }
  if (paths.length < 2) throw new UsageError("needs a source and a destination");
  const destination = paths.pop();
  if (filesFrom !== undefined && paths.length !== 1)
    throw new UsageError("--files-from needs one source directory");
  return { options, excludes: excludes.map(compilePattern), filesFrom, sources: paths, destination };
}

/** An rsync exclude pattern as a predicate on (path relative to the transfer root, is a directory). */
export function compilePattern(pattern) {
  const directoryOnly = pattern.endsWith("/");
  let body = directoryOnly ? pattern.replace(/\/+$/, "") : pattern;
  const anchored = body.startsWith("/");
  if (anchored) body = body.slice(1);
  // "dir/***" matches dir itself and everything below it.
  const withContents = body.endsWith("/***");
  if (withContents) body = body.slice(0, -4);
  const wholePath = anchored || body.includes("/") || body.includes("**");
  let source = globToRegExp(body);
  if (withContents) source = `${source}(?:/.*)?`;
  // Unanchored patterns with a "/" match the end of the path at a directory boundary.
  const regex = new RegExp(anchored ? `^${source}$` : wholePath ? `(?:^|/)${source}$` : `^${source}$`);
  return (path, isDirectory) => {
    if (directoryOnly && !isDirectory) return false;
    return regex.test(wholePath ? path : basename(path));
  };
}

function globToRegExp(glob) {
  let out = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === "*") {
      if (glob[i + 1] === "*") {
        out += ".*";
        i++;
      } else out += "[^/]*";
    } else if (c === "?") out += "[^/]";
    else if (c === "[") {
      const end = glob.indexOf("]", i + 2);
      if (end === -1) out += "\\[";
      else {
        const inner = glob
          .slice(i + 1, end)
          .replace(/^!/, "^")
          .replace(/\\/g, "\\\\");
        out += `[${inner}]`;
        i = end;
      }
    } else if (c === "\\" && i + 1 < glob.length) {
      out += glob[i + 1].replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      i++;
    } else out += c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return out;
}

/** Runs one rsync command line; returns rsync's exit code (23: some sources were missing). */
export function rsync(argv, stderr = process.stderr) {
  let parsed;
  try {
    parsed = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr.write(
      `rsync (test shim, test/gitlab/rsync-shim.mjs): ${error.message}; it implements only what gitlab-ci-local runs\n`,
    );
    return 1;
  }
  const { options, excludes, filesFrom, sources, destination } = parsed;
  const excluded = (path, isDirectory) => excludes.some((matches) => matches(path, isDirectory));
  /** Destination-relative path → [source path, lstat] in transfer order (parents first). */
  const transfer = new Map();
  let missing = false;

  const addTree = (sourcePath, name, recurse) => {
    const stat = lstatSync(sourcePath);
    if (name !== "" && excluded(name, stat.isDirectory())) return;
    transfer.set(name, { sourcePath, stat });
    if (stat.isDirectory() && recurse) {
      for (const entry of readdirSync(sourcePath).sort()) {
        addTree(join(sourcePath, entry), name === "" ? entry : `${name}/${entry}`, true);
      }
    }
  };
  const addImpliedDirectories = (root, name) => {
    const parts = name.split("/");
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      if (!transfer.has(dir))
        transfer.set(dir, { sourcePath: join(root, dir), stat: lstatSync(join(root, dir)) });
    }
  };
  const addSource = (root, given) => {
    // With -R the name in the destination is the path as given (from a "/./" marker on), minus "./".
    const marker = given.indexOf("/./");
    const relativePart = marker === -1 ? given : given.slice(marker + 3);
    const name = relativePart
      .replace(/^(\.\/)+/, "")
      .replace(/\/+\.?$/, "")
      .replace(/^\.$/, "");
    const sourcePath = join(root, given);
    if (!existsSync(sourcePath) && !isSymlink(sourcePath)) {
      stderr.write(
        `rsync: [sender] link_stat "${resolve(sourcePath)}" failed: No such file or directory (2)\n`,
      );
      missing = true;
      return;
    }
    const contentsOnly = /\/\.?$/.test(given) || given === ".";
    if (options.relative) {
      if (given.startsWith("/") && marker === -1)
        throw new UsageError("absolute paths with -R are not implemented");
      addImpliedDirectories(root, name);
      addTree(sourcePath, name, options.recursive);
    } else if (contentsOnly) addTree(sourcePath, "", options.recursive);
    else addTree(sourcePath, basename(name), options.recursive);
  };

  try {
    if (filesFrom !== undefined) {
      const root = sources[0];
      for (const line of readFileSync(filesFrom, "utf8").split("\n")) {
        if (line !== "") addSource(root, line);
      }
    } else {
      for (const source of sources) addSource(".", source);
    }
    if (
      !destination.endsWith("/") &&
      !destination.endsWith("/.") &&
      transfer.get("")?.stat.isDirectory() !== true
    ) {
      if (!(existsSync(destination) && lstatSync(destination).isDirectory())) {
        throw new UsageError("a destination that is not a directory is not implemented");
      }
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    stderr.write(`rsync (test shim, test/gitlab/rsync-shim.mjs): ${error.message}\n`);
    return 1;
  }

  // rsync creates the destination's last component only (no --mkpath), and never a "dir/." path.
  if (!existsSync(destination)) {
    try {
      if (/(^|\/)\.\/?$/.test(destination))
        throw new Error("a path ending in /. names an existing directory");
      mkdirSync(destination);
    } catch (error) {
      stderr.write(`rsync: [Receiver] mkdir "${resolve(destination)}" failed: ${error.message}\n`);
      stderr.write("rsync error: error in file IO (code 11)\n");
      return 11;
    }
  }
  for (const [name, { sourcePath, stat }] of transfer) {
    const target = name === "" ? destination : join(destination, name);
    const current = lstatOrUndefined(target);
    if (stat.isDirectory()) {
      if (current && !current.isDirectory()) rmSync(target, { recursive: true, force: true });
      mkdirSync(target, { recursive: true });
    } else {
      if (current) rmSync(target, { recursive: true, force: true });
      if (stat.isSymbolicLink()) symlinkSync(readlinkSync(sourcePath), target);
      else {
        copyFileSync(sourcePath, target);
        chmodSync(target, stat.mode & 0o7777);
        utimesSync(target, stat.atime, stat.mtime);
      }
    }
  }
  if (options.delete) deleteExtraneous(destination, "", transfer);
  // Directory modes and times last: writing into a directory changes its modification time.
  for (const [name, { stat }] of [...transfer].reverse()) {
    if (!stat.isDirectory()) continue;
    const target = name === "" ? destination : join(destination, name);
    chmodSync(target, stat.mode & 0o7777);
    utimesSync(target, stat.atime, stat.mtime);
  }
  if (!missing) return 0;
  stderr.write("rsync error: some files/attrs were not transferred (see previous errors) (code 23)\n");
  return 23;
}

/** --delete with --delete-excluded: whatever the destination holds that was not transferred goes. */
function deleteExtraneous(destination, name, transfer) {
  const dir = name === "" ? destination : join(destination, name);
  for (const entry of readdirSync(dir)) {
    const child = name === "" ? entry : `${name}/${entry}`;
    const item = transfer.get(child);
    if (item === undefined) rmSync(join(destination, child), { recursive: true, force: true });
    else if (item.stat.isDirectory()) deleteExtraneous(destination, child, transfer);
  }
}

function lstatOrUndefined(path) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function isSymlink(path) {
  return lstatOrUndefined(path)?.isSymbolicLink() === true;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = rsync(process.argv.slice(2));
}
