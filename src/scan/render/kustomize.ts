// `kustomize build DIR` (or `kubectl kustomize DIR`) in a commit's checkout. kustomize runs with its
// defaults: no exec or alpha plugins, no Helm inflation, the load restrictor on (a kustomization
// reads files only under its own root).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { shortSha } from "../../core/commit-sha.js";
import { UserError } from "../../core/errors.js";
import { CLI_FLAGS, type OptionNaming } from "../../core/option-naming.js";
import { type ProcessResult, runProcess, tailOf } from "../../process/run-process.js";
import { mayHoldSecret } from "../manifests/yaml-messages.js";
import type { KustomizationFile } from "../sources/kustomization-file.js";
import { findExecutable, kustomizeEnvironment } from "./renderer-environment.js";

export interface KustomizeBinary {
  /** Absolute path, resolved before any checkout exists. */
  path: string;
  /** How the user would type it: `kustomize build` or `kubectl kustomize`. */
  label: string;
  argsFor(dir: string): string[];
}

/**
 * The standalone `kustomize` when one on PATH runs, else `kubectl kustomize` (kubectl embeds
 * kustomize). A `kustomize` that cannot even print its version (a leftover wrapper, a shim for a
 * tool that is not installed: exit 127) is passed over rather than failing every render.
 */
export async function findKustomize(pathDirs: readonly string[]): Promise<KustomizeBinary | undefined> {
  const kustomize = findExecutable("kustomize", pathDirs);
  if (kustomize && (await runs(kustomize, ["version"], pathDirs))) {
    return { path: kustomize, label: "kustomize build", argsFor: (dir) => ["build", dir] };
  }
  const kubectl = findExecutable("kubectl", pathDirs);
  if (kubectl) return { path: kubectl, label: "kubectl kustomize", argsFor: (dir) => ["kustomize", dir] };
  return undefined;
}

async function runs(path: string, args: string[], pathDirs: readonly string[]): Promise<boolean> {
  const home = tmpdir();
  const result = await runProcess(path, args, {
    cwd: home,
    env: kustomizeEnvironment(pathDirs, home),
    timeoutMs: 10_000,
  });
  return result.exitCode === 0;
}

export const NO_KUSTOMIZE_HINT =
  "neither kustomize nor kubectl is on PATH: install one (kubectl includes kustomize: https://kubernetes.io/docs/tasks/tools/), or pass --kustomize none to read raw files only";

export interface KustomizeRun {
  binary: KustomizeBinary;
  pathDirs: readonly string[];
  /** Scratch HOME for the process. */
  home: string;
  /** --render-timeout. */
  timeoutMs: number;
  /** --max-file-size: a render printing more is stopped. */
  maxOutputBytes: number;
  /** The kustomization generates or holds Secrets: kustomize's complaint is not quoted. */
  quiet?: boolean;
  /**
   * Repository-relative files kustomize reads as YAML (kustomizations, resources, patches): when
   * one may hold a Secret at the commit built, its complaint is not quoted either (`unknown anchor
   * '<the value>'` for a value written `*...`). Read only when the build fails.
   */
  yamlInputs?: readonly string[];
}

/**
 * kustomize refused to build a kustomization (it ran and exited non-zero): the kustomization is
 * broken at that commit. The caller decides what that means (a failure at head stops the run;
 * one at base only leaves that source's base unknown). Its message is a fallback.
 */
export class KustomizeBuildError extends UserError {
  override name = "KustomizeBuildError";
  constructor(
    /** How the user would type it: `kubectl kustomize ./overlays/prod`. */
    readonly command: string,
    readonly commit: string,
    /** `exit 1`. */
    readonly why: string,
    /** kustomize's own words, short, the checkout's path removed (may quote repository text: escape at the sink). */
    readonly detail: string,
  ) {
    super(
      `\`${command}\` failed at commit ${shortSha(commit)} (${why}); nothing was applied${detail ? `: ${detail}` : ""}`,
    );
  }
}

/** A kustomization that includes the one to build, written first and built instead. */
interface KustomizeOverlay {
  /** Where it is written, relative to `cwd`. */
  dir: string;
  /** Its text, given the relative path from its directory to the tree's root. */
  kustomization(toTree: string): string;
  /** Where it is written and built from; default: the tree itself. */
  cwd?: string;
}

/**
 * The rendered YAML of `dir` (repository-relative) in the checkout `treeDir` of `commit`. With an
 * `overlay`, its kustomization (which includes `dir`) is written in the checkout first and built
 * instead; kustomize's complaints still name `dir`.
 */
export async function kustomizeBuild(
  run: KustomizeRun,
  treeDir: string,
  dir: string,
  commit: string,
  signal?: AbortSignal,
  overlay?: KustomizeOverlay,
): Promise<Buffer> {
  // "./" keeps a directory named like a flag from being read as one.
  const target = dir === "" ? "." : `./${dir}`;
  const cwd = overlay?.cwd ?? treeDir;
  if (overlay) {
    const at = join(cwd, overlay.dir);
    await mkdir(at, { recursive: true });
    await writeFile(join(at, "kustomization.yaml"), overlay.kustomization(relative(at, treeDir)));
  }
  const built = overlay ? `./${overlay.dir}` : target;
  const result = await runProcess(run.binary.path, run.binary.argsFor(built), {
    cwd,
    env: kustomizeEnvironment(run.pathDirs, run.home),
    timeoutMs: run.timeoutMs,
    maxOutputBytes: run.maxOutputBytes,
    ...(signal ? { signal } : {}),
  });
  if (result.exitCode === 0 && result.failure === undefined) return result.stdout;
  const command = `${run.binary.label} ${target}`;
  const quiet = run.quiet || (await anyMayHoldSecret(treeDir, run.yamlInputs ?? []));
  const detail = () => {
    const text = shortDetail(result.stderrEnd, treeDir);
    if (!quiet) return redactDetail(text);
    const hidden = `details not shown (the kustomization generates or holds Secrets; run \`${command}\` yourself to see them)`;
    // The whole tail, not the short line: git's own error comes last in a long complaint.
    const remote = remoteFailureDetail(result.stderrEnd);
    return remote ? `${remote}; other ${hidden}` : hidden;
  };
  if (result.failure === undefined && result.signal === null && result.exitCode !== null) {
    throw new KustomizeBuildError(command, commit, `exit ${result.exitCode}`, detail());
  }
  // Not kustomize's verdict on the kustomization (killed, timed out, output too large): always fatal.
  throw new UserError(
    `\`${command}\` failed at commit ${shortSha(commit)} (${stoppedWhy(result)}); nothing was applied${
      result.failure?.kind === "start" || result.failure?.kind === "aborted" ? "" : `: ${detail()}`
    }`.replace(/: $/, ""),
  );
}

/**
 * How much of kustomize's complaint a tree of `included` kustomizations may show: nothing when it
 * generates a Secret, nor when a file it reads as YAML (a kustomization, resource or patch; a
 * directory among them is no file and reads as nothing) may hold one at the commit built.
 */
export function secretQuietness(
  included: ReadonlyArray<Pick<KustomizationFile, "generators" | "path" | "patchFiles" | "resources">>,
): Pick<KustomizeRun, "quiet" | "yamlInputs"> {
  return {
    quiet: included.some((k) => k.generators.some((g) => g.kind === "Secret")),
    yamlInputs: [...new Set(included.flatMap((k) => [k.path, ...k.patchFiles, ...k.resources]))],
  };
}

/** Whether one of `files` (repository-relative, in the checkout `treeDir`) may hold a Secret. */
async function anyMayHoldSecret(treeDir: string, files: readonly string[]): Promise<boolean> {
  for (const file of files) {
    const text = await readFile(join(treeDir, file), "utf8").catch(() => "");
    if (mayHoldSecret(text)) return true;
  }
  return false;
}

/** Why a renderer did not finish on its own, naming the setting that bounds it as `naming` does. */
export function stoppedWhy(result: ProcessResult, naming: OptionNaming = CLI_FLAGS): string {
  const failure = result.failure;
  if (failure?.kind === "timeout")
    return `${failure.message}, the ${naming.option("render-timeout")}; the whole process group was stopped`;
  if (failure?.kind === "output")
    return `its ${failure.message.replace(/^output/, "output is")}, the ${naming.option("max-file-size")}; the whole process group was stopped`;
  if (failure) return failure.message;
  return result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`;
}

/**
 * kustomize quotes what it could not read: a generator's literals (`literal sources
 * [s3cr3t-hunter2]: invalid literal source s3cr3t-hunter2, expected key=value`), an env file's
 * line. Those are a generator's values: the quoted text is replaced, the rest of the complaint kept.
 * (A kustomization that generates Secrets is not quoted at all: see KustomizeRun.quiet.)
 */
export function redactDetail(detail: string): string {
  return detail
    .replace(/(literal sources?) \[[^\]]*\]/gi, "$1 [...]")
    .replace(/(invalid literal source) [^,\n]*/gi, "$1 (value not shown)")
    .replace(
      /(env (?:file )?line|KV pairs? from line|line) ("[^"]*"|`[^`]*`|'[^']*')/gi,
      "$1 (text not shown)",
    );
}

/**
 * What a failure to fetch a remote resource says, from a complaint not quoted whole (its
 * kustomization generates Secrets): the remote entries it names and git's or the network's error,
 * which hold no generator value. Credentials in a URL are removed. Undefined for any other failure.
 */
export function remoteFailureDetail(text: string): string | undefined {
  const withoutCredentials = (url: string) => url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, "$1");
  const remotes = [
    ...text.matchAll(/accumulating resources from '([a-z][a-z0-9+.-]*:\/\/[^'\s]+|git@[^'\s]+)'/gi),
  ].map((m) => withoutCredentials(m[1]!));
  const errors = [
    ...text.matchAll(
      /(fatal: [^'\n]*?(?:'[a-z][a-z0-9+.-]*:\/\/[^'\s]*'[^'\n]*?)?(?=$|\s:\s|'?: exit status)|Could not resolve host: \S+|dial tcp: lookup \S+(?: on \S+)?: no such host|connection refused|i\/o timeout|Repository not found)/gim,
    ),
  ].map((m) =>
    m[1]!.replace(/'([a-z][a-z0-9+.-]*:\/\/[^']*)'/gi, (_, url: string) => `'${withoutCredentials(url)}'`),
  );
  if (remotes.length === 0 && errors.length === 0) return undefined;
  // Each once, and not again inside a longer one (git's `fatal:` line holds the host it could not resolve).
  const unique = (list: string[]) =>
    [...new Set(list)].filter((item, _, all) => !all.some((other) => other !== item && other.includes(item)));
  const from = remotes.length > 0 ? ` ${unique(remotes).join(", ")}` : "";
  return `could not fetch the remote resource${from}: ${unique(errors).join("; ") || "see kustomize's message"}`;
}

const MAX_DETAIL_CHARS = 400;

/**
 * kustomize's complaint in one short line: its deprecation notices, kubectl's log prefix and
 * `"command failed" err="..."` wrapper removed, the temporary checkout's path removed (paths read repository-relative), and cut
 * to a few hundred characters (kustomize repeats itself; the start says what is wrong).
 */
export function shortDetail(stderr: string, treeDir: string): string {
  // kustomize prints a deprecation notice (`# Warning: 'bases' is deprecated...`) per field per
  // kustomization before its error: kept, a page of them would fill the part that is quoted.
  const complaint = stderr
    .split("\n")
    .filter((line) => !line.startsWith("# Warning: "))
    .join("\n");
  const lines = tailOf(complaint, 4, Number.POSITIVE_INFINITY)
    .split("\n")
    // kubectl logs through klog: `E1125 19:48:48.354254   21564 run.go:72] "command failed" err="..."`.
    .map((line) => line.replace(/^[EWIF]\d{4} [\d:.]+\s+\d+ \S+\] /, ""))
    .map((line) => {
      const wrapped = /^"command failed" err="(.*)"$/.exec(line);
      return wrapped ? wrapped[1]!.replace(/\\"/g, '"') : line.replace(/^Error: /, "");
    })
    // klog's multi-line form: `"command failed" err=<`, the message's lines indented, then ` >`.
    .map((line) =>
      line
        .replace(/^"command failed" err=<$/, "")
        .replace(/^\s+>$/, "")
        .trim(),
    )
    .filter((line) => line !== "");
  const text = lines
    .join(" ")
    // The checkout, also as the process saw it (a symlinked temporary directory resolves elsewhere).
    .replace(/\/[^\s'"]*?config-rollout-render-[^/\s'"]+\/tree-\d+(\/|(?=[\s'"]|$))/g, "")
    .replaceAll(`${treeDir}/`, "")
    .replaceAll(treeDir, ".");
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}…` : text;
}
