// Issue 13, cross-cutting: the CLI and the action, over a repository with Secrets (broken after a
// block scalar indicator, under a tagged kind, or a value YAML reads as an alias), a kubeconfig with a
// token, and each failure of the issue (credentials where a path belongs, a missing or failing exec
// plugin, hostile file names, API faults, an unwritable job summary, a forbidden patch), plus a
// kubeconfig whose token YAML reads as an alias and one with credentials in its server URL. No Secret value, token or kubeconfig text may
// appear, plain or base64, in stdout, stderr, the job summary, outputs, annotations or JSON.
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import {
  type ActionScenario,
  NS,
  pullRequestEvent,
  pushEvent,
  startActionScenario,
} from "../action/action-scenario.js";
import { runAction } from "../action/run-action.js";
import { deployment, pod, secret, yamlDocs } from "../helpers/manifests.js";
import { runCli } from "../helpers/run-cli.js";

const VAULT_KEY = "vault-api-key-Zq8XkP3mW7";
const BROKEN_VALUE = "broken-block-scalar-secret-Hx4Lr9Tc";
/** Written unquoted after `*`: YAML reads it as the name of an alias. */
const ALIAS_VALUE = "alias-looking-secret-Qm3Vz8Rb";
/** In a Secret whose kind carries a tag (`kind: !!str Secret`). */
const TAGGED_VALUE = "tagged-kind-secret-Lp7Wn2Ds";
/** In a Secret whose kind is base64 under a binary tag (`kind: !!binary U2VjcmV0`), as kubectl reads it. */
const BINARY_KIND_VALUE = "binary-kind-secret-Vk2Pq9Xe";
/** The same Secret's other key, written `!!binary` too: kubectl sends the text it decodes to. */
const BINARY_TAGGED_VALUE = "binary-tagged-secret-Jc4Ty7Ln";
/** The password in a kubeconfig's server URL (https://user:password@host). */
const URL_PASSWORD = "url-password-Tn5Kc1Yw";
const base64 = (text: string) => Buffer.from(text).toString("base64");
/** The scenario's kubeconfig with its token written `*<token>`: YAML reads an alias there. */
const withAliasToken = (kubeconfig: string) => kubeconfig.replace(/token: (.*)/, "token: *$1");
/** The scenario's kubeconfig with credentials in its server URL. */
const withUrlCredentials = (kubeconfig: string) =>
  kubeconfig.replace(/server: https:\/\//, `server: https://deployer:${URL_PASSWORD}@`);
/** The password in a kubeconfig's proxy-url (http://user:password@proxy). */
const PROXY_PASSWORD = "proxy-password-Rw6Jd4Hs";
/** The scenario's kubeconfig sending its requests through a proxy that wants credentials. */
const withProxyCredentials = (kubeconfig: string) =>
  kubeconfig.replace(
    /^( *)server: (.*)$/m,
    `$1server: $2\n$1proxy-url: http://deployer:${PROXY_PASSWORD}@127.0.0.1:9`,
  );

/** A Secret spelled with binary tags, as kubectl applies it, and a workload that reads it. */
const binarySecret = (password: string, token: string) =>
  `apiVersion: v1\nkind: !!binary ${base64("Secret")}\nmetadata:\n  name: binary\n  namespace: ${NS}\nstringData:\n  password: ${password}\ndata:\n  token: !!binary ${base64(base64(token))}\n---\n${yamlDocs(
    deployment(
      "binary-reader",
      pod({ env: [{ name: "PW", valueFrom: { secretKeyRef: { name: "binary", key: "password" } } }] }),
      { namespace: NS },
    ),
  )}`;

/** A repository whose head changes Secrets, one of them unparsable with its value after `>`. */
const EXTRA_FILES: Record<string, string> = {
  "deploy/vault.yaml": yamlDocs(
    secret("vault", { stringData: { apiKey: VAULT_KEY } }, NS),
    deployment(
      "vault-reader",
      pod({ env: [{ name: "KEY", valueFrom: { secretKeyRef: { name: "vault", key: "apiKey" } } }] }),
      { namespace: NS },
    ),
  ),
  "deploy/broken-secret.yaml": `apiVersion: v1\nkind: Secret\nmetadata:\n  name: broken\n  namespace: ${NS}\nstringData:\n  password: >${BROKEN_VALUE}\n`,
  "deploy/alias-secret.yaml": `apiVersion: v1\nkind: Secret\nmetadata:\n  name: alias\n  namespace: ${NS}\nstringData:\n  password: *${ALIAS_VALUE}\n`,
  "deploy/tagged-secret.yaml": `apiVersion: v1\nkind: !!str Secret\nmetadata:\n  name: tagged\n  namespace: ${NS}\nstringData:\n  password: >${TAGGED_VALUE}\n`,
  "deploy/binary-secret.yaml": binarySecret(BINARY_KIND_VALUE, BINARY_TAGGED_VALUE),
  "deploy/x\n::error::injected.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata: [oops\n",
};
const BASE_FILES: Record<string, string> = {
  "deploy/binary-secret.yaml": binarySecret("binary-kind-previous-0000", "binary-tagged-previous-0000"),
  "deploy/vault.yaml": yamlDocs(
    secret("vault", { stringData: { apiKey: "vault-api-key-previous-0000" } }, NS),
    deployment(
      "vault-reader",
      pod({ env: [{ name: "KEY", valueFrom: { secretKeyRef: { name: "vault", key: "apiKey" } } }] }),
      { namespace: NS },
    ),
  ),
};

interface Collected {
  what: string;
  text: string;
}

let s: ActionScenario;
let dir: string;
const collected: Collected[] = [];

/** Everything a user or a log could see, with where it came from. */
function collect(what: string, ...texts: Array<string | undefined>): void {
  for (const text of texts) if (text) collected.push({ what, text });
}

/** Action stdout as the runner shows it: the ::add-mask:: lines register secrets and are not shown. */
const shown = (stdout: string) =>
  stdout
    .split("\n")
    .filter((l) => !l.startsWith("::add-mask::"))
    .join("\n");

beforeAll(async () => {
  s = await startActionScenario(EXTRA_FILES, BASE_FILES);
  // As the workflow's `kubectl apply` left it: the new Secret and its reader are on the cluster.
  for (const doc of parseAllDocuments(EXTRA_FILES["deploy/vault.yaml"]!))
    s.sim.seed(doc.toJS() as Record<string, unknown>);
  s.sim.resetRequests();
  dir = mkdtempSync(join(tmpdir(), "config-rollout-no-leaks-"));
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("no credential in any output", () => {
  test("the CLI, through every failure", async () => {
    const kubeconfig = join(dir, "kubeconfig");
    writeFileSync(kubeconfig, s.kubeconfigText);
    const range = ["--repo", s.repo.dir, "--base", s.base, "--head", s.head];
    const cli = async (what: string, args: string[], env: Record<string, string> = {}) => {
      const run = await runCli([...range, ...args], env);
      collect(`cli ${what}`, run.stdout, run.stderr);
      return run;
    };

    const dry = await cli("dry run, json", ["--kubeconfig", kubeconfig, "--dry-run", "server", "-o", "json"]);
    expect(dry.code).toBe(0);
    // The Secret spelled `kind: !!binary U2VjcmV0` is read as kubectl applies it: a changed Secret.
    const plan = JSON.parse(dry.stdout) as { changes: { kind: string; name: string; keys: string[] }[] };
    expect(plan.changes).toContainEqual(
      expect.objectContaining({ kind: "Secret", name: "binary", keys: ["password", "token"] }),
    );
    expect((await cli("kubeconfig text as --kubeconfig", ["--kubeconfig", s.kubeconfigText])).code).toBe(2);
    expect(
      (await cli("base64 kubeconfig as KUBECONFIG", [], { KUBECONFIG: base64(s.kubeconfigText) })).code,
    ).toBe(2);
    expect((await cli("token as --kubeconfig", ["--kubeconfig", s.sim.token])).code).toBe(2);
    // The error report on stdout (-o json, markdown) says the error, and holds no more than stderr does.
    const asJson = await cli("token as --kubeconfig, json", ["--kubeconfig", s.sim.token, "-o", "json"]);
    expect(asJson.code).toBe(2);
    expect(JSON.parse(asJson.stdout)).toMatchObject({ outcome: "failed", error: { exitCode: 2 } });
    const asMarkdown = await cli("kubeconfig text, markdown", [
      "--kubeconfig",
      s.kubeconfigText,
      "-o",
      "markdown",
    ]);
    expect(asMarkdown.code).toBe(2);
    expect(asMarkdown.stdout).toContain("**Failed (exit code 2):**");
    expect(
      (await cli("token as CONFIG_ROLLOUT_KUBECONFIG", [], { CONFIG_ROLLOUT_KUBECONFIG: s.sim.token })).code,
    ).toBe(2);
    const junit = join(dir, "junit.xml");
    const strict = await cli("--strict, markdown, junit", [
      "--kubeconfig",
      kubeconfig,
      "--dry-run",
      "server",
      "--strict",
      "-o",
      "markdown",
      "--junit",
      junit,
    ]);
    expect(strict.code).toBe(2);
    collect("cli junit", readFileSync(junit, "utf8"));

    const aliasToken = join(dir, "kubeconfig-alias-token");
    writeFileSync(aliasToken, withAliasToken(s.kubeconfigText));
    expect((await cli("token read as an alias", ["--kubeconfig", aliasToken])).code).toBe(2);
    const aliasData = { CONFIG_ROLLOUT_KUBECONFIG: withAliasToken(s.kubeconfigText) };
    expect((await cli("token read as an alias, data, json", ["-o", "json"], aliasData)).code).toBe(2);
    const urlCredentials = join(dir, "kubeconfig-url-credentials");
    writeFileSync(urlCredentials, withUrlCredentials(s.kubeconfigText));
    const refused = await cli("credentials in the server URL", ["--kubeconfig", urlCredentials]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("its server URL holds credentials");
    const proxyCredentials = join(dir, "kubeconfig-proxy-credentials");
    writeFileSync(proxyCredentials, withProxyCredentials(s.kubeconfigText));
    const refusedProxy = await cli("credentials in the proxy-url", ["--kubeconfig", proxyCredentials]);
    expect(refusedProxy.code).toBe(2);
    expect(refusedProxy.stderr).toContain("its proxy-url holds credentials");

    const missingPlugin = join(dir, "kubeconfig-missing-plugin");
    writeFileSync(
      missingPlugin,
      s.kubeconfigText.replace(
        /token: .*/,
        "exec:\n        apiVersion: client.authentication.k8s.io/v1beta1\n        command: no-such-auth-plugin",
      ),
    );
    expect((await cli("missing exec plugin", ["--kubeconfig", missingPlugin])).code).toBe(2);

    const failingPlugin = join(dir, "failing-plugin");
    // A plugin that fails and says why on stderr, as aws/gcloud do: its words are shown, the token is not.
    writeFileSync(failingPlugin, "#!/bin/sh\necho 'credentials expired, run login' >&2\nexit 1\n");
    chmodSync(failingPlugin, 0o755);
    const pluginConfig = join(dir, "kubeconfig-failing-plugin");
    writeFileSync(
      pluginConfig,
      s.kubeconfigText.replace(
        /token: .*/,
        `exec:\n        apiVersion: client.authentication.k8s.io/v1beta1\n        command: ${failingPlugin}`,
      ),
    );
    expect((await cli("failing exec plugin", ["--kubeconfig", pluginConfig])).code).toBe(2);

    s.sim.randomFaults({ rate: 0.2, seed: 5 });
    const faulted = await cli("API faults, text", ["--kubeconfig", kubeconfig, "--debug"]);
    s.sim.randomFaults(undefined);
    expect([0, 1]).toContain(faulted.code);
    s.sim.forbid("patch", "deployments");
    expect(
      (
        await cli("forbidden patch, json", ["--kubeconfig", kubeconfig, "-o", "json"], {
          CONFIG_ROLLOUT_HASH_KEY: "x",
        })
      ).code,
    ).toBeGreaterThan(0);
  });

  test("the action, through every failure", async () => {
    const action = async (
      what: string,
      eventName: string,
      inputs: Record<string, string>,
      env: Record<string, string> = {},
    ) => {
      const temp = mkdtempSync(join(dir, "runner-temp-"));
      const run = await runAction({
        workspace: s.repo.dir,
        eventName,
        event: eventName === "push" ? pushEvent(s) : pullRequestEvent(s),
        inputs,
        env: { RUNNER_TEMP: temp, ...env },
      });
      collect(`action ${what}`, shown(run.stdout), run.stderr, run.summary, ...Object.values(run.outputs));
      // Outputs over the size limit leave their full value here.
      const kept = join(temp, "config-rollout");
      for (const file of existsSync(kept) ? readdirSync(kept) : []) {
        collect(`action ${what} ${file}`, readFileSync(join(temp, "config-rollout", file), "utf8"));
      }
      return run;
    };
    const kubeconfigData = base64(s.kubeconfigText);
    const dry = await action("pull request dry run", "pull_request", { "kubeconfig-data": kubeconfigData });
    expect(dry.code).toBe(0);
    // The Secret spelled with binary tags is a Secret: each of its values goes to the runner's masker.
    for (const value of [BINARY_KIND_VALUE, BINARY_TAGGED_VALUE])
      expect(dry.stdout.split("\n")).toContain(`::add-mask::${value}`);
    expect(
      (await action("kubeconfig text as kubeconfig", "push", { kubeconfig: s.kubeconfigText })).code,
    ).toBe(1);
    expect((await action("base64 as kubeconfig", "push", { kubeconfig: kubeconfigData })).code).toBe(1);
    expect((await action("token as kubeconfig-data", "push", { "kubeconfig-data": s.sim.token })).code).toBe(
      1,
    );
    const aliasToken = base64(withAliasToken(s.kubeconfigText));
    expect((await action("token read as an alias", "push", { "kubeconfig-data": aliasToken })).code).toBe(1);
    const urlCredentials = withUrlCredentials(s.kubeconfigText);
    expect(
      (await action("credentials in the server URL", "push", { "kubeconfig-data": urlCredentials })).code,
    ).toBe(1);
    const proxyCredentials = withProxyCredentials(s.kubeconfigText);
    expect(
      (await action("credentials in the proxy-url", "push", { "kubeconfig-data": proxyCredentials })).code,
    ).toBe(1);
    s.sim.randomFaults({ rate: 0.2, seed: 9 });
    const run = await action(
      "push under API faults, unwritable summary",
      "push",
      { "kubeconfig-data": kubeconfigData, debug: "true" },
      {
        GITHUB_STEP_SUMMARY: join(dir, "missing", "summary.md"),
      },
    );
    s.sim.randomFaults(undefined);
    expect(run.outputs.result).toBeDefined();
    expect(
      (await action("push, text kubeconfig-data", "push", { "kubeconfig-data": s.kubeconfigText })).code,
    ).toBe(0);
  });

  test("none of what they printed holds a secret value, the token or the kubeconfig", () => {
    const secrets: Record<string, string> = {
      "Secret value": VAULT_KEY,
      "broken Secret value": BROKEN_VALUE,
      "Secret value read as an alias": ALIAS_VALUE,
      "Secret value under a tagged kind": TAGGED_VALUE,
      "Secret value under a binary kind": BINARY_KIND_VALUE,
      "Secret value under a binary tag": BINARY_TAGGED_VALUE,
      "server URL password": URL_PASSWORD,
      "proxy-url password": PROXY_PASSWORD,
      "Secret value (scenario)": "new-password",
      token: s.sim.token,
      "kubeconfig text": s.kubeconfigText.trim(),
      "kubeconfig user section": `token: ${s.sim.token}`,
    };
    for (const [name, value] of Object.entries(secrets)) secrets[`${name} (base64)`] = base64(value);
    expect(collected.length).toBeGreaterThan(20);
    const leaks = collected.flatMap((c) =>
      Object.entries(secrets)
        .filter(([, value]) => c.text.includes(value))
        .map(([name]) => `${name} in ${c.what}`),
    );
    expect(leaks).toEqual([]);
    // The runs did reach the Secrets: the problem in the broken one is reported, by location.
    for (const file of ["broken-secret", "alias-secret", "tagged-secret"]) {
      expect(collected.some((c) => c.text.includes(`deploy/${file}.yaml:7`))).toBe(true);
    }
  });
});
