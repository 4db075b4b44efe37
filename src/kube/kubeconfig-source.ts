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
}

export const SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";

export type Source =
  | { type: "file"; files: string[]; label: string }
  | { type: "data"; text: string; raw: string; label: string }
  | { type: "in-cluster"; server: string; dir: string; label: string };

/** Which source loadKubeConfig would use, or undefined when no cluster is configured. */
export function findKubeConfigSource(opts: LoadKubeConfigOptions): string | undefined {
  return chooseSource(opts)?.label;
}

export function chooseSource(opts: LoadKubeConfigOptions): Source | undefined {
  const env = opts.env;
  const home = env.HOME || env.USERPROFILE;
  if (opts.kubeconfigPath) {
    const file = resolve(expandHome(opts.kubeconfigPath, home));
    if (!existsSync(file)) throw new UserError(`--kubeconfig ${opts.kubeconfigPath}: no such file`);
    return { type: "file", files: [file], label: `--kubeconfig ${opts.kubeconfigPath}` };
  }
  if (opts.kubeconfigData?.trim()) {
    const label = "CONFIG_ROLLOUT_KUBECONFIG";
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
    if (files.length === 0) throw new UserError(`KUBECONFIG=${env.KUBECONFIG}: no such file`);
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
