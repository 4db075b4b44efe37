import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  SERVICE_ACCOUNT_DIR,
  chooseSource,
  decodeKubeconfigData,
  findKubeConfigSource
} from "./chunk-7SIMHOYP.js";
import {
  KubeConfig
} from "./chunk-47LGNDX2.js";
import "./chunk-5F6JVOB5.js";
import {
  UserError
} from "./chunk-IUTW6PJ2.js";
import "./chunk-VDSW2JPR.js";

// src/kube/connect.ts
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

// src/kube/exec-credential.ts
import { spawn } from "node:child_process";
var PROVIDER = "config-rollout-exec";
function boundExecPlugins(kc, timeoutMs, onCredential) {
  const plugins = /* @__PURE__ */ new Map();
  const users = kc.getUsers().map((user) => {
    const exec = user.exec ?? providerExec(user);
    if (!exec) return user;
    plugins.set(user.name, exec);
    const { exec: _dropped, ...rest } = user;
    return { ...rest, authProvider: { name: PROVIDER, config: {} } };
  });
  if (plugins.size === 0) return;
  kc.loadFromOptions({
    clusters: kc.getClusters(),
    users,
    contexts: kc.getContexts(),
    currentContext: kc.getCurrentContext()
  });
  const credentials = /* @__PURE__ */ new Map();
  kc.addAuthenticator({
    isAuthProvider: (user) => user?.authProvider?.name === PROVIDER,
    async applyAuthentication(user, opts) {
      const exec = plugins.get(user.name);
      if (!exec) return;
      let pending = credentials.get(user.name);
      const cached = pending && await pending.catch(() => void 0);
      if (!pending || !cached || cached.expiresAt !== void 0 && cached.expiresAt <= Date.now() + 1e4) {
        pending = runPlugin(user.name, exec, timeoutMs).then((credential2) => {
          const secrets = [credential2.token, credential2.clientKeyData].filter((s) => !!s);
          if (secrets.length > 0) onCredential?.(secrets);
          return credential2;
        });
        credentials.set(user.name, pending);
      }
      const credential = await pending;
      const target = opts;
      if (credential.clientCertificateData) target.cert = credential.clientCertificateData;
      if (credential.clientKeyData) target.key = credential.clientKeyData;
      if (credential.token)
        target.headers = { ...target.headers, Authorization: `Bearer ${credential.token}` };
    }
  });
}
function providerExec(user) {
  const config = user.authProvider?.config;
  const exec = config?.exec;
  return typeof exec === "object" && exec !== null ? exec : void 0;
}
var running = /* @__PURE__ */ new Set();
var exitHookInstalled = false;
function killGroup(child) {
  if (child.pid === void 0) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
  }
}
function runPlugin(userName, exec, timeoutMs) {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    const killAll = () => {
      for (const child of running) killGroup(child);
    };
    process.on("exit", killAll);
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
      process.once(signal, () => {
        killAll();
        process.kill(process.pid, signal);
      });
    }
  }
  const what = `the exec credential plugin "${exec.command}" of kubeconfig user "${userName}"`;
  const env = { ...process.env };
  for (const entry of exec.env ?? []) env[entry.name] = entry.value;
  env.KUBERNETES_EXEC_INFO = JSON.stringify({
    apiVersion: exec.apiVersion ?? "client.authentication.k8s.io/v1beta1",
    kind: "ExecCredential",
    spec: { interactive: false }
  });
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    let settled = false;
    const child = spawn(exec.command, exec.args ?? [], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so a timeout kills what the plugin started too.
      detached: true
    });
    running.add(child);
    const finish = (error, credential) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      running.delete(child);
      if (error) reject(error);
      else resolve(credential);
    };
    const timer = setTimeout(() => {
      killGroup(child);
      finish(
        new UserError(
          `${what} returned no credential within ${Math.round(timeoutMs / 1e3)}s and was stopped (a plugin that waits for a browser login or a prompt cannot finish in CI; raise --exec-plugin-timeout if it is only slow)`
        )
      );
    }, timeoutMs);
    child.stdout?.setEncoding("utf8").on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => {
      const message = error.code === "ENOENT" ? `${what} was not found: install "${exec.command}" on the runner or fix users[].user.exec.command in the kubeconfig` : `${what} could not be started: ${error.code ?? error.message}`;
      finish(new UserError(message));
    });
    child.on("close", (code, signal) => {
      if (code !== 0) {
        const last = stderr.trim().split("\n").at(-1)?.slice(0, 300) ?? "";
        const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
        finish(new UserError(`${what} ${how}${last ? `: ${last}` : ""}`));
        return;
      }
      const credential = parseExecCredential(stdout);
      if (!credential) {
        finish(new UserError(`${what} printed no ExecCredential with a token or client certificate`));
        return;
      }
      finish(void 0, credential);
    });
  });
}
function parseExecCredential(stdout) {
  let parsed;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return void 0;
  }
  const status = parsed?.status;
  if (!status || typeof status !== "object") return void 0;
  const text = (key) => typeof status[key] === "string" ? status[key] : void 0;
  const credential = {
    token: text("token"),
    clientCertificateData: text("clientCertificateData"),
    clientKeyData: text("clientKeyData")
  };
  const expiry = text("expirationTimestamp");
  if (expiry && !Number.isNaN(Date.parse(expiry))) credential.expiresAt = Date.parse(expiry);
  return credential.token || credential.clientCertificateData ? credential : void 0;
}

// src/kube/connect.ts
var NoClusterConfiguredError = class extends UserError {
  name = "NoClusterConfiguredError";
  constructor() {
    super(
      "no Kubernetes cluster configured: no --kubeconfig, CONFIG_ROLLOUT_KUBECONFIG, KUBECONFIG, ~/.kube/config or in-cluster service account found (client libraries would silently try http://localhost:8080 instead)"
    );
  }
};
function loadKubeConfig(opts) {
  const source = chooseSource(opts);
  if (!source) return void 0;
  const kc = new KubeConfig();
  const secrets = [];
  if (source.type === "file") loadFiles(kc, source.files, source.label);
  else if (source.type === "data") {
    const whole = [source.raw, source.text, Buffer.from(source.text).toString("base64")];
    secrets.push(...whole.filter((text) => !text.trim().includes("\n")));
    parseInto(kc, source.label, () => kc.loadFromString(source.text));
  } else loadInCluster(kc, source.server, source.dir, secrets);
  allowPlainHttp(kc);
  selectContext(kc, opts.context, source.label);
  const cluster = kc.getCurrentCluster();
  for (const user of kc.getUsers()) secrets.push(...userSecrets(user));
  boundExecPlugins(kc, opts.execPluginTimeoutMs ?? 6e4, opts.onPluginCredential);
  return {
    kc,
    context: kc.getCurrentContext(),
    server: cluster.server,
    namespace: kc.getContextObject(kc.getCurrentContext())?.namespace || void 0,
    source: source.label,
    secretsToMask: [...new Set(secrets.map((s) => s.trim()).filter((s) => s !== ""))]
  };
}
function loadFiles(kc, files, label) {
  const [first, ...rest] = files;
  parseInto(kc, first, () => kc.loadFromFile(first));
  for (const file of rest) {
    const other = new KubeConfig();
    parseInto(other, file, () => other.loadFromFile(file));
    kc.loadFromOptions({
      clusters: mergeByName(kc.getClusters(), other.getClusters()),
      users: mergeByName(kc.getUsers(), other.getUsers()),
      contexts: mergeByName(kc.getContexts(), other.getContexts()),
      currentContext: kc.getCurrentContext() || other.getCurrentContext()
    });
  }
  if (kc.getContexts().length === 0) throw new UserError(`${label} defines no contexts`);
}
function mergeByName(first, second) {
  const names = new Set(first.map((item) => item.name));
  return [...first, ...second.filter((item) => !names.has(item.name))];
}
function parseInto(kc, where, load) {
  try {
    load();
  } catch (error) {
    const e = error;
    if (e.name === "YAMLException") {
      const line = e.mark?.line === void 0 ? "" : ` at line ${e.mark.line + 1}`;
      throw new UserError(`${where}: not valid YAML${line}: ${e.reason ?? "parse error"}`);
    }
    throw new UserError(`${where}: not a valid kubeconfig: ${e.message ?? String(error)}`);
  }
  if (kc.getContexts().length === 0) throw new UserError(`${where} defines no contexts`);
}
function loadInCluster(kc, server, dir, secrets) {
  const tokenFile = join(dir, "token");
  const caFile = join(dir, "ca.crt");
  const namespaceFile = join(dir, "namespace");
  secrets.push(readFileSync(tokenFile, "utf8"));
  kc.loadFromOptions({
    clusters: [
      { name: "inCluster", server, caFile: existsSync(caFile) ? caFile : void 0, skipTLSVerify: false }
    ],
    users: [{ name: "inClusterUser", authProvider: { name: "tokenFile", config: { tokenFile } } }],
    contexts: [
      {
        name: "inClusterContext",
        cluster: "inCluster",
        user: "inClusterUser",
        namespace: existsSync(namespaceFile) ? readFileSync(namespaceFile, "utf8").trim() : void 0
      }
    ],
    currentContext: "inClusterContext"
  });
}
function allowPlainHttp(kc) {
  if (!kc.getClusters().some((c) => c.server.startsWith("http:") && !c.skipTLSVerify)) return;
  kc.loadFromOptions({
    clusters: kc.getClusters().map((c) => c.server.startsWith("http:") ? { ...c, skipTLSVerify: true } : c),
    users: kc.getUsers(),
    contexts: kc.getContexts(),
    currentContext: kc.getCurrentContext()
  });
}
function selectContext(kc, wanted, label) {
  const available = kc.getContexts().map((c) => c.name).join(", ");
  if (wanted) {
    if (!kc.getContextObject(wanted)) {
      throw new UserError(`context "${wanted}" not found in ${label}; available contexts: ${available}`);
    }
    kc.setCurrentContext(wanted);
  } else if (!kc.getCurrentContext() || !kc.getContextObject(kc.getCurrentContext())) {
    const current = kc.getCurrentContext();
    throw new UserError(
      current ? `current-context "${current}" of ${label} does not exist; pass --context (available: ${available})` : `${label} sets no current-context; pass --context (available: ${available})`
    );
  }
  const context = kc.getContextObject(kc.getCurrentContext());
  if (context && !kc.getCluster(context.cluster)) {
    throw new UserError(
      `context "${context.name}" refers to cluster "${context.cluster}", which ${label} does not define`
    );
  }
}
var SECRET_KEY = /token|secret|password|passwd|key|credential/i;
function userSecrets(user) {
  const out = [];
  if (user.token) out.push(user.token);
  if (user.password) out.push(user.password);
  if (user.keyData) out.push(user.keyData, Buffer.from(user.keyData, "base64").toString("utf8"));
  const providerConfig = user.authProvider?.config;
  if (providerConfig && typeof providerConfig === "object") {
    for (const [key, value] of Object.entries(providerConfig)) {
      if (SECRET_KEY.test(key) && !/file$/i.test(key) && typeof value === "string") out.push(value);
    }
  }
  const execEnv = user.exec?.env;
  if (Array.isArray(execEnv)) {
    for (const entry of execEnv) {
      if (typeof entry.name === "string" && SECRET_KEY.test(entry.name) && typeof entry.value === "string") {
        out.push(entry.value);
      }
    }
  }
  return out;
}
export {
  NoClusterConfiguredError,
  SERVICE_ACCOUNT_DIR,
  decodeKubeconfigData,
  findKubeConfigSource,
  loadKubeConfig
};
