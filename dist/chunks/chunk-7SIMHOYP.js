import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  UserError
} from "./chunk-IUTW6PJ2.js";

// src/kube/kubeconfig-source.ts
import { existsSync } from "node:fs";
import { isIPv6 } from "node:net";
import { delimiter, join, resolve } from "node:path";
var SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";
function findKubeConfigSource(opts) {
  return chooseSource(opts)?.label;
}
function chooseSource(opts) {
  const env = opts.env;
  const home = env.HOME || env.USERPROFILE;
  if (opts.kubeconfigPath) {
    const pathLabel = opts.pathLabel ?? "--kubeconfig";
    const file = resolve(expandHome(opts.kubeconfigPath, home));
    if (!existsSync(file)) {
      const credential = describeCredential(opts.kubeconfigPath);
      if (credential) throw misplacedCredential(pathLabel, credential);
      throw new UserError(
        `${pathLabel} ${opts.kubeconfigPath}: no such file (it must hold the path of a kubeconfig file)`
      );
    }
    return { type: "file", files: [file], label: `${pathLabel} ${opts.kubeconfigPath}` };
  }
  if (opts.kubeconfigData?.trim()) {
    const label = opts.dataLabel ?? "CONFIG_ROLLOUT_KUBECONFIG";
    if (looksLikePath(opts.kubeconfigData, home)) {
      throw new UserError(
        `${label} holds a file path; it must hold the kubeconfig itself (its text or base64 of it). To use a kubeconfig file, pass its path with --kubeconfig, KUBECONFIG or the action's \`kubeconfig\` input`
      );
    }
    const credential = describeCredential(opts.kubeconfigData);
    if (credential?.includes("token")) {
      throw new UserError(
        `${label} holds ${credential} (not shown), not a kubeconfig: it must hold a whole kubeconfig, as text or base64`
      );
    }
    return {
      type: "data",
      text: decodeKubeconfigData(opts.kubeconfigData, label),
      raw: opts.kubeconfigData,
      label
    };
  }
  if (env.KUBECONFIG) {
    const listed = env.KUBECONFIG.split(delimiter).filter((f) => f !== "");
    const files = listed.map((f) => resolve(expandHome(f, home))).filter((f) => existsSync(f));
    if (files.length === 0) {
      const credential = describeCredential(env.KUBECONFIG);
      if (credential) throw misplacedCredential("KUBECONFIG", credential);
      throw new UserError(
        `KUBECONFIG=${env.KUBECONFIG}: no such file (it must hold paths of kubeconfig files)`
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
  return void 0;
}
function decodeKubeconfigData(value, label) {
  const trimmed = value.trim();
  if (/^[A-Za-z0-9+/=_\s-]+$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed.replace(/\s+/g, ""), "base64").toString("utf8");
    if (/\b(clusters|contexts|apiVersion)\b/.test(decoded)) return decoded;
    throw new UserError(`${label} is neither a kubeconfig nor base64 of one`);
  }
  return value;
}
function expandHome(path, home) {
  return home && (path === "~" || path.startsWith("~/")) ? join(home, path.slice(1)) : path;
}
function describeCredential(value) {
  const trimmed = value.trim();
  if (/\n/.test(trimmed) || /^\s*(apiVersion|kind|clusters|contexts|users|current-context)\s*:/m.test(trimmed)) {
    return "a kubeconfig's text";
  }
  if (/^[A-Za-z0-9+/=_-]{16,}$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed, "base64").toString("utf8");
    if (/\b(clusters|contexts|apiVersion)\b/.test(decoded)) return "base64 of a kubeconfig";
  }
  if (/^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(trimmed)) return "a token";
  if (/^[A-Za-z0-9+=_.~-]{32,}$/.test(trimmed) && !/\.(ya?ml|json|conf|config|kubeconfig)$/i.test(trimmed)) {
    return "what looks like a token";
  }
  return void 0;
}
function misplacedCredential(label, credential) {
  return new UserError(
    `${label} holds ${credential}, not a path (the value is not shown): it must hold the path of a kubeconfig file. To pass the kubeconfig itself (text or base64), use CONFIG_ROLLOUT_KUBECONFIG or the action's \`kubeconfig-data\` input`
  );
}
function looksLikePath(value, home) {
  const trimmed = value.trim();
  if (trimmed.includes("\n") || /:\s/.test(trimmed)) return false;
  if (/^(\/|~\/|\.{1,2}\/)/.test(trimmed)) return true;
  return existsSync(resolve(expandHome(trimmed, home)));
}

export {
  SERVICE_ACCOUNT_DIR,
  findKubeConfigSource,
  chooseSource,
  decodeKubeconfigData,
  describeCredential
};
