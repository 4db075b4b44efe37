// Shared helpers for the simulated-cluster tests: temp dirs, kubectl, raw HTTP.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SimCluster } from "../../sim/index.js";

/** kubectl: $KUBECTL, else the one on PATH (on gcloud machines /usr/bin/kubectl is a dispatcher that works). */
export function findKubectl(): string | undefined {
  if (process.env.KUBECTL) return process.env.KUBECTL;
  for (const dir of (process.env.PATH ?? "").split(":")) {
    const candidate = join(dir, "kubectl");
    if (dir && existsSync(candidate)) return candidate;
  }
  return undefined;
}

export function makeTempDir(prefix: string): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface KubectlResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run kubectl with its own HOME (cache) and KUBECONFIG, never the user's. */
export function runKubectl(
  kubectl: string,
  args: string[],
  env: { home: string; kubeconfig?: string; extra?: Record<string, string> },
): Promise<KubectlResult> {
  return new Promise((resolve) => {
    execFile(
      kubectl,
      args,
      {
        env: {
          PATH: process.env.PATH ?? "",
          HOME: env.home,
          KUBECONFIG: env.kubeconfig ?? join(env.home, "no-kubeconfig"),
          ...env.extra,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json: () => Record<string, unknown>;
}

/** One request over plain HTTP with the cluster's token (unless `token` says otherwise). */
export function http(
  cluster: SimCluster,
  method: string,
  path: string,
  opts: { body?: unknown; contentType?: string; token?: string | null; accept?: string } = {},
): Promise<HttpReply> {
  const url = new URL(path, cluster.url);
  const body =
    opts.body === undefined
      ? undefined
      : typeof opts.body === "string"
        ? opts.body
        : JSON.stringify(opts.body);
  const headers: Record<string, string> = {};
  const token = opts.token === undefined ? cluster.token : opts.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) {
    headers["content-type"] = opts.contentType ?? "application/json";
    // Node sends DELETE bodies unframed unless the length is given.
    headers["content-length"] = String(Buffer.byteLength(body));
  }
  if (opts.accept) headers.accept = opts.accept;
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) });
      });
    });
    req.on("error", reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export function deployment(name: string, namespace: string, replicas = 2): Record<string, unknown> {
  return {
    apiVersion: "apps/v1",
    kind: "Deployment",
    metadata: { name, namespace, labels: { app: name } },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: {
        metadata: { labels: { app: name } },
        spec: {
          containers: [
            { name: "app", image: "nginx:1.27", env: [{ name: "A", value: "1" }] },
            { name: "sidecar", image: "busybox" },
          ],
        },
      },
    },
  };
}

export function workload(kind: "StatefulSet" | "DaemonSet", name: string, namespace: string) {
  const obj = deployment(name, namespace) as { kind: string; spec: Record<string, unknown> };
  obj.kind = kind;
  if (kind === "DaemonSet") delete obj.spec.replicas;
  return obj as Record<string, unknown>;
}

/** JSON read back from the server, for assertions on deep paths. */
// biome-ignore lint/suspicious/noExplicitAny: a JSON boundary; assertions check the shape.
export type Loose = any;
