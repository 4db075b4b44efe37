// Exec credential plugins (aws eks get-token, gke-gcloud-auth-plugin, kubelogin) run by us instead of
// by client-node, whose runner has no time limit: a plugin that waits for a browser login or a
// prompt nobody answers in CI would hang the job until the CI system kills it, and a missing command
// surfaced as a network error retried six times. Here a plugin runs non-interactively, under a time
// limit, in its own process group that is killed (with everything it started) when the limit passes
// or the tool exits; a missing command is one UserError naming it.

import { type ChildProcess, spawn } from "node:child_process";
import type { KubeConfig, User } from "@kubernetes/client-node";
import { UserError } from "../core/errors.js";

/** The authProvider name that routes a user to our authenticator (no built-in one claims it). */
const PROVIDER = "config-rollout-exec";

/** What a kubeconfig's `users[].user.exec` holds (the fields we use). */
interface ExecConfig {
  command: string;
  args?: string[];
  env?: Array<{ name: string; value: string }>;
  apiVersion?: string;
}

interface Credential {
  token?: string;
  clientCertificateData?: string;
  clientKeyData?: string;
  /** ms since the epoch; undefined: valid for the whole run (as kubectl treats it). */
  expiresAt?: number;
}

/**
 * Route every user with an `exec` section through a bounded plugin runner. Call after the context
 * is chosen and the secrets to mask are collected (they read `user.exec.env`).
 */
export function boundExecPlugins(
  kc: KubeConfig,
  timeoutMs: number,
  onCredential?: (secrets: string[]) => void,
): void {
  const plugins = new Map<string, ExecConfig>();
  const users = kc.getUsers().map((user): User => {
    // client-node also runs `auth-provider: {config: {exec: ...}}` (a form kubectl does not know):
    // bounded the same way, never left to its unbounded runner.
    const exec = (user.exec ?? providerExec(user)) as ExecConfig | undefined;
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
    currentContext: kc.getCurrentContext(),
  });
  const credentials = new Map<string, Promise<Credential>>();
  kc.addAuthenticator({
    isAuthProvider: (user) => user?.authProvider?.name === PROVIDER,
    async applyAuthentication(user, opts) {
      const exec = plugins.get(user.name);
      if (!exec) return;
      let pending = credentials.get(user.name);
      const cached = pending && (await pending.catch(() => undefined));
      if (
        !pending ||
        !cached ||
        (cached.expiresAt !== undefined && cached.expiresAt <= Date.now() + 10_000)
      ) {
        // One plugin run at a time per user: concurrent first requests share it.
        pending = runPlugin(user.name, exec, timeoutMs).then((credential) => {
          const secrets = [credential.token, credential.clientKeyData].filter((s): s is string => !!s);
          if (secrets.length > 0) onCredential?.(secrets);
          return credential;
        });
        credentials.set(user.name, pending);
      }
      const credential = await pending;
      const target = opts as { cert?: string; key?: string; headers?: Record<string, string> };
      if (credential.clientCertificateData) target.cert = credential.clientCertificateData;
      if (credential.clientKeyData) target.key = credential.clientKeyData;
      if (credential.token)
        target.headers = { ...target.headers, Authorization: `Bearer ${credential.token}` };
    },
  });
}

function providerExec(user: User): unknown {
  const config = user.authProvider?.config as Record<string, unknown> | undefined;
  const exec = config?.exec;
  return typeof exec === "object" && exec !== null ? exec : undefined;
}

/** Plugins still running, killed with their process group if the tool exits first. */
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

export function runPlugin(userName: string, exec: ExecConfig, timeoutMs: number): Promise<Credential> {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    const killAll = () => {
      for (const child of running) killGroup(child);
    };
    process.on("exit", killAll);
    // A plugin's own process group is outside the one a CI runner kills when a job is cancelled
    // (SIGINT or SIGTERM first): stop the plugins, then let the signal end the tool as it would have.
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.once(signal, () => {
        killAll();
        process.kill(process.pid, signal);
      });
    }
  }
  const what = `the exec credential plugin "${exec.command}" of kubeconfig user "${userName}"`;
  const env: Record<string, string | undefined> = { ...process.env };
  for (const entry of exec.env ?? []) env[entry.name] = entry.value;
  // As kubectl: tell the plugin it may not prompt (there is no terminal in CI).
  env.KUBERNETES_EXEC_INFO = JSON.stringify({
    apiVersion: exec.apiVersion ?? "client.authentication.k8s.io/v1beta1",
    kind: "ExecCredential",
    spec: { interactive: false },
  });
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    let settled = false;
    const child = spawn(exec.command, exec.args ?? [], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so a timeout kills what the plugin started too.
      detached: true,
    });
    running.add(child);
    const finish = (error: UserError | undefined, credential?: Credential) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      running.delete(child);
      if (error) reject(error);
      else resolve(credential!);
    };
    const timer = setTimeout(() => {
      killGroup(child);
      finish(
        new UserError(
          `${what} returned no credential within ${Math.round(timeoutMs / 1000)}s and was stopped ` +
            "(a plugin that waits for a browser login or a prompt cannot finish in CI; raise --exec-plugin-timeout if it is only slow)",
        ),
      );
    }, timeoutMs);
    child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      const message =
        error.code === "ENOENT"
          ? `${what} was not found: install "${exec.command}" on the runner or fix users[].user.exec.command in the kubeconfig`
          : `${what} could not be started: ${error.code ?? error.message}`;
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
      finish(undefined, credential);
    });
  });
}

function parseExecCredential(stdout: string): Credential | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stdout);
  } catch {
    return undefined;
  }
  const status = (parsed as { status?: Record<string, unknown> } | null)?.status;
  if (!status || typeof status !== "object") return undefined;
  const text = (key: string) => (typeof status[key] === "string" ? (status[key] as string) : undefined);
  const credential: Credential = {
    token: text("token"),
    clientCertificateData: text("clientCertificateData"),
    clientKeyData: text("clientKeyData"),
  };
  const expiry = text("expirationTimestamp");
  if (expiry && !Number.isNaN(Date.parse(expiry))) credential.expiresAt = Date.parse(expiry);
  return credential.token || credential.clientCertificateData ? credential : undefined;
}
