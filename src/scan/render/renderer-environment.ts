// Nothing from the repository may decide which binary runs or how it behaves: binaries are resolved
// from PATH before any checkout exists, PATH keeps only absolute directories outside the checkouts,
// and kustomize gets an environment without its plugin and config variables.
import { accessSync, constants, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { delimiter, isAbsolute, join, resolve, sep } from "node:path";

/** The absolute PATH directories, minus any inside `untrusted` roots (the repository, the checkouts). */
export function trustedPathDirs(pathValue: string | undefined, untrusted: readonly string[]): string[] {
  const roots = untrusted.map((root) => resolve(root));
  return (pathValue ?? "")
    .split(delimiter)
    .filter((dir) => dir !== "" && isAbsolute(dir))
    .map((dir) => resolve(dir))
    .filter((dir) => !roots.some((root) => dir === root || dir.startsWith(root + sep)));
}

/** The absolute path of an executable named `name` in `dirs`, first match wins (as a shell would). */
export function findExecutable(name: string, dirs: readonly string[]): string | undefined {
  for (const dir of dirs) {
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}

/**
 * kustomize's environment: PATH (trusted dirs only), a scratch HOME, and nothing else, so no
 * KUSTOMIZE_PLUGIN_HOME, XDG_CONFIG_HOME or KUSTOMIZE_* setting reaches it. GOGC=200 is Go's
 * garbage collector running half as often: a render of a large kustomization (a project's CRDs
 * and installs) takes less CPU for some more memory; it changes nothing kustomize outputs.
 */
export function kustomizeEnvironment(pathDirs: readonly string[], home: string): NodeJS.ProcessEnv {
  return { PATH: pathDirs.join(delimiter), HOME: home, LANG: "C.UTF-8", GOGC: "200" };
}

/**
 * What a --render command gets of the job's environment besides PATH: the locale, the home and
 * temporary directories a renderer writes its cache to, and the proxy settings a renderer that
 * fetches (helm dependency build) needs. Everything else (KUBECONFIG, GITHUB_TOKEN, CI_JOB_TOKEN,
 * ACTIONS_ID_TOKEN_REQUEST_TOKEN, the action's INPUT_* values) stays out unless --render-env names it.
 */
const RENDER_ENV_ALLOWED = [
  "HOME",
  "LANG",
  "LANGUAGE",
  "LC_ALL",
  "LC_CTYPE",
  "TZ",
  "TMPDIR",
  "USER",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
] as const;

/**
 * A --render command's environment: an allowlist (RENDER_ENV_ALLOWED and the names the user gives
 * with --render-env), PATH reduced to trusted dirs. Not a security boundary (docs/security.md): the
 * command runs as the job's user and can read what that user can.
 */
export function renderCommandEnvironment(
  env: NodeJS.ProcessEnv,
  pathDirs: readonly string[],
  named: readonly string[],
): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const key of [...RENDER_ENV_ALLOWED, ...named]) {
    if (env[key] !== undefined) out[key] = env[key];
  }
  out.PATH = pathDirs.join(delimiter);
  return out;
}

/**
 * Renderers run at once: one per core. Renderers are CPU-bound processes (kustomize's are Go and
 * parse every input), so more at once than there are cores only makes each slower and holds more
 * memory; fewer leaves a core idle while the other renders.
 */
export function renderSlots(): number {
  return Math.max(1, availableParallelism());
}
