import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  UserError
} from "./chunk-YNIV4GI6.js";

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
      label
    };
  }
  if (env.KUBECONFIG) {
    const listed = env.KUBECONFIG.split(delimiter).filter((f) => f !== "");
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

export {
  SERVICE_ACCOUNT_DIR,
  findKubeConfigSource,
  chooseSource,
  decodeKubeconfigData
};
