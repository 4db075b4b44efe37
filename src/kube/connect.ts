// Where the cluster credentials come from, in kubectl's order plus one CI-friendly source:
// --kubeconfig, CONFIG_ROLLOUT_KUBECONFIG (text or base64), KUBECONFIG, ~/.kube/config, then the
// in-cluster service account. Unlike client-node's loadFromDefault() we never fall back to
// http://localhost:8080: "no cluster configured" is reported as such.

import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type Cluster, KubeConfig, type User } from "@kubernetes/client-node";
import { UserError } from "../core/errors.js";
import { boundExecPlugins } from "./exec-credential.js";
import { chooseSource, type LoadKubeConfigOptions } from "./kubeconfig-source.js";

export interface KubeConnection {
  kc: KubeConfig;
  context: string;
  server: string;
  /** The context's namespace, if it sets one. */
  namespace?: string;
  /** Where the configuration came from, for messages (never its content). */
  source: string;
  /** Credentials found in the configuration, to mask in CI logs (core.setSecret). */
  secretsToMask: string[];
}

/** For callers that need a cluster when loadKubeConfig found none. */
export class NoClusterConfiguredError extends UserError {
  override name = "NoClusterConfiguredError";
  constructor() {
    super(
      "no Kubernetes cluster configured: no --kubeconfig, CONFIG_ROLLOUT_KUBECONFIG, KUBECONFIG, ~/.kube/config " +
        "or in-cluster service account found (client libraries would silently try http://localhost:8080 instead)",
    );
  }
}

/**
 * The configured cluster, or undefined when no source exists at all (a repo-only run needs none;
 * throw NoClusterConfiguredError when one is needed). Any source that exists but is broken, an
 * unknown context, or a missing --kubeconfig file is a UserError.
 */
export function loadKubeConfig(opts: LoadKubeConfigOptions): KubeConnection | undefined {
  const source = chooseSource(opts);
  if (!source) return undefined;
  const kc = new KubeConfig();
  const secrets: string[] = [];
  if (source.type === "file") loadFiles(kc, source.files, source.label);
  else if (source.type === "data") {
    // Mask single-line forms only: masking a multi-line kubeconfig line by line would turn every
    // ordinary line ("apiVersion: v1") into *** in CI logs. Its credentials are masked one by one below.
    const whole = [source.raw, source.text, Buffer.from(source.text).toString("base64")];
    secrets.push(...whole.filter((text) => !text.trim().includes("\n")));
    parseInto(kc, source.label, () => kc.loadFromString(source.text));
  } else loadInCluster(kc, source.server, source.dir, secrets);

  allowPlainHttp(kc);
  selectContext(kc, opts.context, source.label);
  const cluster = kc.getCurrentCluster() as Cluster;
  // The client refuses such a URL with an error that quotes it, and the report names the server.
  if (holdsCredentials(cluster.server)) {
    throw new UserError(
      `cluster "${cluster.name}" of ${source.label}: its server URL holds credentials (user:password@, not shown), which the Kubernetes client cannot send: give them as the user's username and password or token instead`,
    );
  }
  // The proxy libraries' errors may quote the URL they were given; refused like the server's.
  if (cluster.proxyUrl && holdsCredentials(cluster.proxyUrl)) {
    throw new UserError(
      `cluster "${cluster.name}" of ${source.label}: its proxy-url holds credentials (user:password@, not shown), which config-rollout refuses so no error can print them: use a proxy that lets the runner through without them`,
    );
  }
  for (const user of kc.getUsers()) secrets.push(...userSecrets(user));
  boundExecPlugins(kc, opts.execPluginTimeoutMs, opts.onPluginCredential);
  return {
    kc,
    context: kc.getCurrentContext(),
    server: cluster.server,
    namespace: kc.getContextObject(kc.getCurrentContext())?.namespace || undefined,
    source: source.label,
    secretsToMask: [...new Set(secrets.map((s) => s.trim()).filter((s) => s !== ""))],
  };
}

/** A URL with a user part (user:password@ or user@) before its host. */
function holdsCredentials(url: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/?#@]*@/i.test(url);
}

function loadFiles(kc: KubeConfig, files: string[], label: string): void {
  const [first, ...rest] = files as [string, ...string[]];
  parseInto(kc, first, () => kc.loadFromFile(first));
  // Merge like kubectl: the first file to define a name wins, and the first current-context.
  for (const file of rest) {
    const other = new KubeConfig();
    parseInto(other, file, () => other.loadFromFile(file));
    kc.loadFromOptions({
      clusters: mergeByName(kc.getClusters(), other.getClusters()),
      users: mergeByName(kc.getUsers(), other.getUsers()),
      contexts: mergeByName(kc.getContexts(), other.getContexts()),
      currentContext: kc.getCurrentContext() || other.getCurrentContext(),
    });
  }
  if (kc.getContexts().length === 0) throw new UserError(`${label} defines no contexts`);
}

function mergeByName<T extends { name: string }>(first: T[], second: T[]): T[] {
  const names = new Set(first.map((item) => item.name));
  return [...first, ...second.filter((item) => !names.has(item.name))];
}

/** Run a client-node loader, turning its errors into one line that never quotes the content. */
function parseInto(kc: KubeConfig, where: string, load: () => void): void {
  try {
    load();
  } catch (error) {
    const e = error as { name?: string; reason?: string; mark?: { line?: number }; message?: string };
    if (e.name === "YAMLException") {
      // js-yaml's message quotes the surrounding lines, which may hold credentials.
      const line = e.mark?.line === undefined ? "" : ` at line ${e.mark.line + 1}`;
      throw new UserError(`${where}: not valid YAML${line}: ${genericReason(e.reason)}`);
    }
    throw new UserError(`${where}: not a valid kubeconfig: ${e.message ?? String(error)}`);
  }
  if (kc.getContexts().length === 0) throw new UserError(`${where} defines no contexts`);
}

/**
 * js-yaml's reason without the names it quotes: a token written `token: *abc...` is read as an alias,
 * and `unidentified alias "abc..."` would print it (so would a tag's name).
 */
function genericReason(reason: string | undefined): string {
  const text = (reason ?? "")
    .replace(/\s*(?:".*"|!<.*>)/g, "")
    .replace(/:\s.*$/, "")
    .trim();
  return text || "parse error";
}

function loadInCluster(kc: KubeConfig, server: string, dir: string, secrets: string[]): void {
  const tokenFile = join(dir, "token");
  const caFile = join(dir, "ca.crt");
  const namespaceFile = join(dir, "namespace");
  secrets.push(readFileSync(tokenFile, "utf8"));
  // Same shape as client-node's loadFromCluster(), which reads process.env instead of our env;
  // the token file is re-read by client-node when it rotates.
  kc.loadFromOptions({
    clusters: [
      { name: "inCluster", server, caFile: existsSync(caFile) ? caFile : undefined, skipTLSVerify: false },
    ],
    users: [{ name: "inClusterUser", authProvider: { name: "tokenFile", config: { tokenFile } } }],
    contexts: [
      {
        name: "inClusterContext",
        cluster: "inCluster",
        user: "inClusterUser",
        namespace: existsSync(namespaceFile) ? readFileSync(namespaceFile, "utf8").trim() : undefined,
      },
    ],
    currentContext: "inClusterContext",
  });
}

/**
 * kubectl talks plain HTTP to an http:// server (kubectl proxy, local test servers); client-node
 * refuses unless skipTLSVerify is set. There is no TLS to verify there, so set it.
 */
function allowPlainHttp(kc: KubeConfig): void {
  if (!kc.getClusters().some((c) => c.server.startsWith("http:") && !c.skipTLSVerify)) return;
  kc.loadFromOptions({
    clusters: kc.getClusters().map((c) => (c.server.startsWith("http:") ? { ...c, skipTLSVerify: true } : c)),
    users: kc.getUsers(),
    contexts: kc.getContexts(),
    currentContext: kc.getCurrentContext(),
  });
}

function selectContext(kc: KubeConfig, wanted: string | undefined, label: string): void {
  const available = kc
    .getContexts()
    .map((c) => c.name)
    .join(", ");
  if (wanted) {
    if (!kc.getContextObject(wanted)) {
      throw new UserError(`context "${wanted}" not found in ${label}; available contexts: ${available}`);
    }
    kc.setCurrentContext(wanted);
  } else if (!kc.getCurrentContext() || !kc.getContextObject(kc.getCurrentContext())) {
    const current = kc.getCurrentContext();
    throw new UserError(
      current
        ? `current-context "${current}" of ${label} does not exist; pass --context (available: ${available})`
        : `${label} sets no current-context; pass --context (available: ${available})`,
    );
  }
  const context = kc.getContextObject(kc.getCurrentContext());
  if (context && !kc.getCluster(context.cluster)) {
    throw new UserError(
      `context "${context.name}" refers to cluster "${context.cluster}", which ${label} does not define`,
    );
  }
}

const SECRET_KEY = /token|secret|password|passwd|key|credential/i;

function userSecrets(user: User): string[] {
  const out: string[] = [];
  if (user.token) out.push(user.token);
  if (user.password) out.push(user.password);
  if (user.keyData) out.push(user.keyData, Buffer.from(user.keyData, "base64").toString("utf8"));
  const providerConfig: unknown = user.authProvider?.config;
  if (providerConfig && typeof providerConfig === "object") {
    for (const [key, value] of Object.entries(providerConfig)) {
      if (SECRET_KEY.test(key) && !/file$/i.test(key) && typeof value === "string") out.push(value);
    }
  }
  const execEnv: unknown = user.exec?.env;
  if (Array.isArray(execEnv)) {
    for (const entry of execEnv as Array<{ name?: unknown; value?: unknown }>) {
      if (typeof entry.name === "string" && SECRET_KEY.test(entry.name) && typeof entry.value === "string") {
        out.push(entry.value);
      }
    }
  }
  return out;
}
