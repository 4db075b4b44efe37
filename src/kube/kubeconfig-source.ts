// Which kubeconfig source applies, in kubectl's order plus one CI-friendly source: --kubeconfig,
// CONFIG_ROLLOUT_KUBECONFIG (text or base64), KUBECONFIG, ~/.kube/config, then the in-cluster service
// account. Kept free of @kubernetes/client-node so runs that never talk to a cluster (a dry-run plan,
// --version) do not pay for loading it.

import { existsSync } from "node:fs";
import { isIPv6 } from "node:net";
import { delimiter, join, resolve } from "node:path";
import { UserError } from "../core/errors.js";

export interface LoadKubeConfigOptions {
  /** --kubeconfig: a file path (a leading ~/ is expanded). */
  kubeconfigPath?: string;
  /** CONFIG_ROLLOUT_KUBECONFIG / the action input: the kubeconfig itself, as text or base64. */
  kubeconfigData?: string;
  /** --context; default: the kubeconfig's current-context. */
  context?: string;
  env: Record<string, string | undefined>;
  /** Directory of the in-cluster service account files (tests point it elsewhere). */
  serviceAccountDir?: string;
  /** --exec-plugin-timeout: time limit for an exec credential plugin run. */
  execPluginTimeoutMs: number;
  /**
   * Called with the token and key an exec credential plugin returned, before they are first used:
   * they exist only at run time, so a CI log masker learns them here.
   */
  onPluginCredential?: (secrets: string[]) => void;
  /** How the user set kubeconfigPath, for messages: "--kubeconfig" (default), "KUBECONFIG", "the `kubeconfig` input". */
  pathLabel?: string;
  /** How the user set kubeconfigData, for messages: its flag, variable or input (default "CONFIG_ROLLOUT_KUBECONFIG"). */
  dataLabel?: string;
}

const SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";

type Source =
  | { type: "file"; files: string[]; label: string }
  | { type: "data"; text: string; raw: string; label: string }
  | { type: "in-cluster"; server: string; dir: string; label: string };

/** What choosing the kubeconfig's source reads: no plugin runs yet. */
type SourceOptions = Omit<LoadKubeConfigOptions, "execPluginTimeoutMs" | "onPluginCredential">;

/** Which source loadKubeConfig would use, or undefined when no cluster is configured. */
export function findKubeConfigSource(opts: SourceOptions): string | undefined {
  return chooseSource(opts)?.label;
}

export function chooseSource(opts: SourceOptions): Source | undefined {
  const env = opts.env;
  const home = env.HOME || env.USERPROFILE;
  if (opts.kubeconfigPath) {
    const pathLabel = opts.pathLabel ?? "--kubeconfig";
    const file = resolve(expandHome(opts.kubeconfigPath, home));
    if (!existsSync(file)) {
      const credential = describeCredential(opts.kubeconfigPath);
      if (credential) throw misplacedCredential(pathLabel, credential);
      throw new UserError(
        `${pathLabel} ${opts.kubeconfigPath}: no such file (it must hold the path of a kubeconfig file)`,
      );
    }
    return { type: "file", files: [file], label: `${pathLabel} ${opts.kubeconfigPath}` };
  }
  if (opts.kubeconfigData?.trim()) {
    const label = opts.dataLabel ?? "CONFIG_ROLLOUT_KUBECONFIG";
    if (looksLikePath(opts.kubeconfigData, home)) {
      throw new UserError(
        `${label} holds a file path; it must hold the kubeconfig itself (its text or base64 of it). ` +
          "To use a kubeconfig file, pass its path with --kubeconfig, KUBECONFIG or the action's `kubeconfig` input",
      );
    }
    const credential = describeCredential(opts.kubeconfigData);
    if (credential?.includes("token")) {
      throw new UserError(
        `${label} holds ${credential} (not shown), not a kubeconfig: it must hold a whole kubeconfig, as text or base64`,
      );
    }
    return {
      type: "data",
      text: decodeKubeconfigData(opts.kubeconfigData, label),
      raw: opts.kubeconfigData,
      label,
    };
  }
  if (env.KUBECONFIG) {
    const listed = env.KUBECONFIG.split(delimiter).filter((f) => f !== "");
    // As kubectl: files of the list that do not exist are skipped.
    const files = listed.map((f) => resolve(expandHome(f, home))).filter((f) => existsSync(f));
    if (files.length === 0) {
      const credential = describeCredential(env.KUBECONFIG);
      if (credential) throw misplacedCredential("KUBECONFIG", credential);
      throw new UserError(
        `KUBECONFIG=${env.KUBECONFIG}: no such file (it must hold paths of kubeconfig files)`,
      );
    }
    return { type: "file", files, label: `KUBECONFIG (${files.join(delimiter)})` };
  }
  if (home) {
    const file = join(home, ".kube", "config");
    if (existsSync(file)) return { type: "file", files: [file], label: file };
  }
  const dir = opts.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  if (host && port && existsSync(join(dir, "token"))) {
    const scheme = ["80", "8080", "8001"].includes(port) ? "http" : "https";
    const server = `${scheme}://${isIPv6(host) ? `[${host}]` : host}:${port}`;
    return { type: "in-cluster", server, dir, label: "in-cluster service account" };
  }
  return undefined;
}

/** The kubeconfig text from a value that holds either the YAML itself or base64 of it. */
export function decodeKubeconfigData(value: string, label: string): string {
  const trimmed = value.trim();
  if (/^[A-Za-z0-9+/=_\s-]+$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed.replace(/\s+/g, ""), "base64").toString("utf8");
    if (/\b(clusters|contexts|apiVersion)\b/.test(decoded)) return decoded;
    throw new UserError(`${label} is neither a kubeconfig nor base64 of one`);
  }
  return value;
}

function expandHome(path: string, home: string | undefined): string {
  return home && (path === "~" || path.startsWith("~/")) ? join(home, path.slice(1)) : path;
}

/**
 * What a value given where a path belongs holds if it is a credential, else undefined: a kubeconfig's
 * text, base64 of one, or a token. Such a value is never echoed back: CI logs keep what they print.
 */
export function describeCredential(value: string): string | undefined {
  const trimmed = value.trim();
  if (
    /\n/.test(trimmed) ||
    /^\s*(apiVersion|kind|clusters|contexts|users|current-context)\s*:/m.test(trimmed)
  ) {
    return "a kubeconfig's text";
  }
  if (/^[A-Za-z0-9+/=_-]{16,}$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed, "base64").toString("utf8");
    if (/\b(clusters|contexts|apiVersion)\b/.test(decoded)) return "base64 of a kubeconfig";
  }
  // A JWT (service account tokens), or one long opaque word: paths have slashes or short names.
  if (/^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(trimmed)) return "a token";
  if (/^[A-Za-z0-9+=_.~-]{32,}$/.test(trimmed) && !/\.(ya?ml|json|conf|config|kubeconfig)$/i.test(trimmed)) {
    return "what looks like a token";
  }
  return undefined;
}

function misplacedCredential(label: string, credential: string): UserError {
  return new UserError(
    `${label} holds ${credential}, not a path (the value is not shown): it must hold the path of a kubeconfig file. ` +
      "To pass the kubeconfig itself (text or base64), use CONFIG_ROLLOUT_KUBECONFIG or the action's `kubeconfig-data` input",
  );
}

/** A single line that names an existing file or reads like a path (absolute, ~/, ./). */
function looksLikePath(value: string, home: string | undefined): boolean {
  const trimmed = value.trim();
  if (trimmed.includes("\n") || /:\s/.test(trimmed)) return false;
  if (/^(\/|~\/|\.{1,2}\/)/.test(trimmed)) return true;
  return existsSync(resolve(expandHome(trimmed, home)));
}
