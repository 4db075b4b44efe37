// A kubeconfig file pointing kubectl or @kubernetes/client-node at the simulated server.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { stringify } from "yaml";

export interface KubeconfigOptions {
  context?: string;
  namespace?: string;
  token?: string;
  /** PEM CA certificate for an https:// server (written as certificate-authority-data). */
  caCert?: string;
}

export function kubeconfigYaml(server: string, token: string, opts: KubeconfigOptions = {}): string {
  const context = opts.context ?? "sim";
  return stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: [
      {
        name: context,
        cluster: opts.caCert
          ? { server, "certificate-authority-data": Buffer.from(opts.caCert).toString("base64") }
          : // client-node 1.x refuses http:// unless TLS verification is "skipped".
            { server, "insecure-skip-tls-verify": true },
      },
    ],
    users: [{ name: context, user: { token: opts.token ?? token } }],
    contexts: [
      { name: context, context: { cluster: context, user: context, namespace: opts.namespace ?? "default" } },
    ],
    "current-context": context,
    preferences: {},
  });
}

export function writeKubeconfig(
  path: string,
  server: string,
  token: string,
  opts: KubeconfigOptions = {},
): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, kubeconfigYaml(server, token, opts), { mode: 0o600 });
}
