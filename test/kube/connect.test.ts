import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { UserError } from "../../src/core/errors.js";
import { type KubeConnection, loadKubeConfig, NoClusterConfiguredError } from "../../src/kube/connect.js";
import { findKubeConfigSource, type LoadKubeConfigOptions } from "../../src/kube/kubeconfig-source.js";
import { DEFAULTS } from "../helpers/settings.js";

const root = mkdtempSync(join(tmpdir(), "kube-connect-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface Ctx {
  name: string;
  server?: string;
  token?: string;
  cluster?: string;
}

function kubeconfig(contexts: Ctx[], current?: string, extraUser = ""): string {
  const lines = ["apiVersion: v1", "kind: Config"];
  if (current) lines.push(`current-context: ${current}`);
  lines.push("clusters:");
  for (const c of contexts) {
    lines.push(
      `- name: ${c.name}-cluster`,
      "  cluster:",
      `    server: ${c.server ?? `https://${c.name}.example:6443`}`,
    );
  }
  lines.push("users:");
  for (const c of contexts)
    lines.push(`- name: ${c.name}-user`, "  user:", `    token: ${c.token ?? `tok-${c.name}`}`);
  if (extraUser) lines.push(extraUser);
  lines.push("contexts:");
  for (const c of contexts) {
    lines.push(
      `- name: ${c.name}`,
      "  context:",
      `    cluster: ${c.cluster ?? `${c.name}-cluster`}`,
      `    user: ${c.name}-user`,
      "    namespace: apps",
    );
  }
  return `${lines.join("\n")}\n`;
}

let counter = 0;
function writeConfig(text: string): string {
  const file = join(root, `config-${++counter}`);
  writeFileSync(file, text);
  return file;
}

const emptyHome = join(root, "empty-home");
mkdirSync(emptyHome);
const noSa = join(root, "no-service-account");

function opts(over: Partial<LoadKubeConfigOptions>): LoadKubeConfigOptions {
  return {
    env: { HOME: emptyHome },
    serviceAccountDir: noSa,
    execPluginTimeoutMs: DEFAULTS.execPluginTimeoutMs,
    ...over,
  };
}

function load(over: Partial<LoadKubeConfigOptions>): KubeConnection {
  const conn = loadKubeConfig(opts(over));
  if (!conn) throw new Error("expected a configured cluster");
  return conn;
}

describe("source order", () => {
  const fileA = writeConfig(kubeconfig([{ name: "from-flag" }], "from-flag"));
  const fileB = writeConfig(kubeconfig([{ name: "from-env" }], "from-env"));
  const dataText = kubeconfig([{ name: "from-data" }], "from-data");
  const homeDir = join(root, "home");
  mkdirSync(join(homeDir, ".kube"), { recursive: true });
  writeFileSync(join(homeDir, ".kube", "config"), kubeconfig([{ name: "from-home" }], "from-home"));

  test.each<[string, Partial<LoadKubeConfigOptions>, string]>([
    [
      "--kubeconfig beats everything",
      { kubeconfigPath: fileA, kubeconfigData: dataText, env: { KUBECONFIG: fileB, HOME: homeDir } },
      "from-flag",
    ],
    [
      "data beats KUBECONFIG",
      { kubeconfigData: dataText, env: { KUBECONFIG: fileB, HOME: homeDir } },
      "from-data",
    ],
    [
      "base64 data is decoded",
      { kubeconfigData: Buffer.from(dataText).toString("base64"), env: { HOME: homeDir } },
      "from-data",
    ],
    ["KUBECONFIG beats ~/.kube/config", { env: { KUBECONFIG: fileB, HOME: homeDir } }, "from-env"],
    ["~/.kube/config", { env: { HOME: homeDir } }, "from-home"],
    ["an empty KUBECONFIG is ignored", { env: { KUBECONFIG: "", HOME: homeDir } }, "from-home"],
  ])("%s", (_name, over, context) => {
    const conn = load(over);
    expect(conn.context).toBe(context);
    expect(conn.server).toBe(`https://${context}.example:6443`);
    expect(conn.namespace).toBe("apps");
  });

  test("in-cluster service account when nothing else exists", () => {
    const sa = join(root, "sa");
    mkdirSync(sa);
    writeFileSync(join(sa, "token"), "in-cluster-token-123");
    writeFileSync(join(sa, "namespace"), "ops\n");
    const conn = load({
      env: { HOME: emptyHome, KUBERNETES_SERVICE_HOST: "10.0.0.1", KUBERNETES_SERVICE_PORT: "443" },
      serviceAccountDir: sa,
    });
    expect(conn.server).toBe("https://10.0.0.1:443");
    expect(conn.namespace).toBe("ops");
    expect(conn.source).toBe("in-cluster service account");
    expect(conn.secretsToMask).toContain("in-cluster-token-123");
  });

  test("nothing configured is reported as such instead of falling back to localhost:8080", () => {
    expect(findKubeConfigSource(opts({}))).toBeUndefined();
    expect(loadKubeConfig(opts({}))).toBeUndefined();
    expect(new NoClusterConfiguredError()).toBeInstanceOf(UserError);
    expect(new NoClusterConfiguredError().message).toMatch(
      /no Kubernetes cluster configured.*localhost:8080/,
    );
  });
});

test("KUBECONFIG lists are merged like kubectl: missing files skipped, first definition wins", () => {
  const first = writeConfig(kubeconfig([{ name: "shared", server: "https://first:1" }], "shared"));
  const second = writeConfig(
    kubeconfig([{ name: "shared", server: "https://second:2" }, { name: "only-second" }], "only-second"),
  );
  const env = { HOME: emptyHome, KUBECONFIG: [join(root, "missing"), first, second].join(delimiter) };
  expect(load({ env })).toMatchObject({ context: "shared", server: "https://first:1" });
  expect(load({ env, context: "only-second" }).server).toBe("https://only-second.example:6443");
});

describe("errors name the problem and never quote credentials", () => {
  const two = writeConfig(kubeconfig([{ name: "staging" }, { name: "prod" }], "staging"));

  test.each<[string, Partial<LoadKubeConfigOptions>, RegExp]>([
    [
      "unknown context lists the available ones",
      { kubeconfigPath: two, context: "qa" },
      /context "qa" not found in --kubeconfig .*; available contexts: staging, prod/,
    ],
    [
      "no current-context",
      { kubeconfigPath: writeConfig(kubeconfig([{ name: "a" }, { name: "b" }])) },
      /sets no current-context; pass --context \(available: a, b\)/,
    ],
    [
      "current-context that does not exist",
      { kubeconfigPath: writeConfig(kubeconfig([{ name: "a" }], "gone")) },
      /current-context "gone" .* does not exist/,
    ],
    [
      "context pointing at an undefined cluster",
      { kubeconfigPath: writeConfig(kubeconfig([{ name: "a", cluster: "nowhere" }], "a")) },
      /context "a" refers to cluster "nowhere"/,
    ],
    [
      "missing --kubeconfig file",
      { kubeconfigPath: join(root, "nope") },
      /--kubeconfig .*nope: no such file/,
    ],
    [
      "KUBECONFIG with only missing files",
      { env: { KUBECONFIG: join(root, "nope") } },
      /KUBECONFIG=.*: no such file/,
    ],
    [
      "data that is neither YAML nor base64 of it",
      { kubeconfigData: "aGVsbG8=" },
      /neither a kubeconfig nor base64/,
    ],
    [
      "a file without contexts",
      { kubeconfigPath: writeConfig("apiVersion: v1\nkind: Config\n") },
      /defines no contexts/,
    ],
    [
      "a cluster without server",
      { kubeconfigPath: writeConfig("clusters:\n- name: c\n  cluster: {}\ncontexts: []\n") },
      /not a valid kubeconfig: clusters\[0\]\.cluster\.server is missing/,
    ],
  ])("%s", (_name, over, message) => {
    expect(() => loadKubeConfig(opts(over))).toThrow(UserError);
    expect(() => loadKubeConfig(opts(over))).toThrow(message);
  });

  test("invalid YAML gives the line but not the surrounding text", () => {
    const text = "users:\n- name: u\n  user:\n    token: super-secret-token\n   bad: [\n";
    for (const over of [{ kubeconfigPath: writeConfig(text) }, { kubeconfigData: text }]) {
      let message = "";
      try {
        loadKubeConfig(opts(over));
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/not valid YAML at line \d+/);
      expect(message).not.toContain("super-secret-token");
    }
  });

  test("a token written unquoted with a leading * (an alias to YAML) is not named in the error", () => {
    const token = "KubeTok3n-SUPERSECRET-abcdef0123";
    const text = kubeconfig([{ name: "a", token: `*${token}` }], "a");
    for (const over of [{ kubeconfigPath: writeConfig(text) }, { kubeconfigData: text }]) {
      expect(() => loadKubeConfig(opts(over))).toThrow(/not valid YAML at line 11: unidentified alias$/);
    }
  });

  test("a server URL holding credentials is refused without quoting them", () => {
    const server = "https://proxyuser:ProxyPassw0rd-URL-9876@127.0.0.1:6443/";
    const text = kubeconfig([{ name: "a", server }], "a");
    for (const over of [{ kubeconfigPath: writeConfig(text) }, { kubeconfigData: text }]) {
      let message = "";
      try {
        loadKubeConfig(opts(over));
      } catch (error) {
        expect(error).toBeInstanceOf(UserError);
        message = (error as Error).message;
      }
      expect(message).toMatch(
        /cluster "a-cluster" of .*: its server URL holds credentials \(user:password@, not shown\)/,
      );
      expect(message).not.toContain("ProxyPassw0rd");
      expect(message).not.toContain("proxyuser");
    }
  });

  test("a proxy-url holding credentials is refused without quoting them", () => {
    const proxied = kubeconfig([{ name: "a", server: "https://127.0.0.1:6443" }], "a").replace(
      "    server: https://127.0.0.1:6443\n",
      "    server: https://127.0.0.1:6443\n    proxy-url: http://proxyuser:ProxyPassw0rd-9876@127.0.0.1:3128\n",
    );
    for (const over of [{ kubeconfigPath: writeConfig(proxied) }, { kubeconfigData: proxied }]) {
      let message = "";
      try {
        loadKubeConfig(opts(over));
      } catch (error) {
        expect(error).toBeInstanceOf(UserError);
        message = (error as Error).message;
      }
      expect(message).toMatch(
        /cluster "a-cluster" of .*: its proxy-url holds credentials \(user:password@, not shown\)/,
      );
      expect(message).not.toContain("ProxyPassw0rd");
      expect(message).not.toContain("proxyuser");
    }
    const plain = proxied.replace("proxyuser:ProxyPassw0rd-9876@", "");
    expect(loadKubeConfig(opts({ kubeconfigData: plain }))?.kc.getCurrentCluster()?.proxyUrl).toBe(
      "http://127.0.0.1:3128",
    );
  });
});

test("secretsToMask holds tokens, passwords, client keys and the base64 data, not the multi-line text", () => {
  const key = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkq\n-----END PRIVATE KEY-----\n";
  const extraUser = [
    "- name: basic",
    "  user:",
    "    username: admin",
    "    password: hunter2-password",
    `    client-key-data: ${Buffer.from(key).toString("base64")}`,
    "- name: oidc",
    "  user:",
    "    auth-provider:",
    "      name: oidc",
    "      config:",
    "        client-id: public-id",
    "        id-token: oidc-id-token",
    "        refresh-token: oidc-refresh",
  ].join("\n");
  const text = kubeconfig([{ name: "ci", token: "bearer-abc" }], "ci", extraUser);
  const b64 = Buffer.from(text).toString("base64");
  const conn = load({ kubeconfigData: b64 });
  expect(conn.secretsToMask).toEqual(
    expect.arrayContaining([
      "bearer-abc",
      "hunter2-password",
      Buffer.from(key).toString("base64"),
      key.trim(),
      "oidc-id-token",
      "oidc-refresh",
      b64,
    ]),
  );
  // Masking the whole text line by line would hide ordinary lines such as "apiVersion: v1".
  expect(conn.secretsToMask).not.toContain(text.trim());
  expect(conn.secretsToMask).not.toContain("public-id");
  expect(conn.secretsToMask).not.toContain("admin");
  expect(conn.source).toBe("CONFIG_ROLLOUT_KUBECONFIG");
});
