// Exec credential plugins (aws eks get-token, gke-gcloud-auth-plugin, kubelogin) run by us instead of
// by client-node, whose runner has no time limit: a plugin that waits for a browser login or a
// prompt nobody answers in CI would hang the job until the CI system kills it, and a missing command
// surfaced as a network error retried six times. Here a plugin runs non-interactively, under a time
// limit, in its own process group that is killed (with everything it started) when the limit passes
// or the tool exits; a missing command is one UserError naming it.

import type { KubeConfig, User } from "@kubernetes/client-node";
import { formatDuration } from "../core/duration.js";
import { UserError } from "../core/errors.js";
import { runProcess } from "../process/run-process.js";

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
      // A plugin that timed out, exited non-zero or printed no credential is final: the same
      // error again, never a second start (a retried request must not start a hung plugin anew).
      const cached = pending && (await pending);
      if (!pending || (cached?.expiresAt !== undefined && cached.expiresAt <= Date.now() + 10_000)) {
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

async function runPlugin(userName: string, exec: ExecConfig, timeoutMs: number): Promise<Credential> {
  const what = `the exec credential plugin "${exec.command}" of kubeconfig user "${userName}"`;
  const env: Record<string, string | undefined> = { ...process.env };
  for (const entry of exec.env ?? []) env[entry.name] = entry.value;
  // As kubectl: tell the plugin it may not prompt (there is no terminal in CI).
  env.KUBERNETES_EXEC_INFO = JSON.stringify({
    apiVersion: exec.apiVersion ?? "client.authentication.k8s.io/v1beta1",
    kind: "ExecCredential",
    spec: { interactive: false },
  });
  // Its own process group (as every child): a timeout stops what the plugin started too.
  const result = await runProcess(exec.command, exec.args ?? [], { env, timeoutMs });
  const failure = result.failure;
  if (failure?.kind === "timeout") {
    throw new UserError(
      `${what} returned no credential within ${formatDuration(timeoutMs)} and was stopped ` +
        "(a plugin that waits for a browser login or a prompt cannot finish in CI; raise --exec-plugin-timeout if it is only slow)",
    );
  }
  if (failure?.kind === "start") {
    throw new UserError(
      failure.code === "ENOENT"
        ? `${what} was not found: install "${exec.command}" on the runner or fix users[].user.exec.command in the kubeconfig`
        : `${what} could not be started: ${failure.code ?? failure.message}`,
    );
  }
  if (failure) throw new UserError(`${what} was stopped: ${failure.message}`);
  if (result.exitCode !== 0) {
    const last = result.stderrTail.split("\n").at(-1) ?? "";
    const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.exitCode}`;
    throw new UserError(`${what} ${how}${last ? `: ${last}` : ""}`);
  }
  const credential = parseExecCredential(result.stdout.toString("utf8"));
  if (!credential)
    throw new UserError(`${what} printed no ExecCredential with a token or client certificate`);
  return credential;
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
