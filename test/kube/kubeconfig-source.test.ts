// Issue 13 item 2: a credential given where a kubeconfig path belongs is named, never echoed; and
// which source a run uses when several are set.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { kubeconfigYaml } from "../../sim/index.js";
import { chooseSource, describeCredential } from "../../src/kube/kubeconfig-source.js";
import { createTempRepo } from "../helpers/git-repo.js";
import { configMap, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";

const TOKEN = "tok-4f1d9c2b7a6e5d8c3b2a1f0e9d8c7b6a";
const KUBECONFIG_TEXT = kubeconfigYaml("https://127.0.0.1:6443", TOKEN, { context: "ci" });
const KUBECONFIG_BASE64 = Buffer.from(KUBECONFIG_TEXT).toString("base64");
const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJzeXN0ZW06c2VydmljZWFjY291bnQifQ.c2lnbmF0dXJlLWJ5dGVz";
const env = { HOME: "/nonexistent-home" };

function errorOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("expected an error");
}

describe("a credential where a path belongs", () => {
  test.each([
    ["kubeconfig text", KUBECONFIG_TEXT, "a kubeconfig's text"],
    ["base64 of a kubeconfig", KUBECONFIG_BASE64, "base64 of a kubeconfig"],
    ["a JWT", JWT, "a token"],
    ["an opaque token", TOKEN, "what looks like a token"],
  ])(
    "--kubeconfig holding %s: says what it is and what it should hold, quotes none of it",
    (_case, value, what) => {
      const message = errorOf(() => chooseSource({ kubeconfigPath: value, env }));
      expect(message).toContain(`--kubeconfig holds ${what}, not a path`);
      expect(message).toContain("must hold the path of a kubeconfig file");
      expect(message).toContain("CONFIG_ROLLOUT_KUBECONFIG");
      expect(message).not.toContain(TOKEN);
      expect(message).not.toContain(value.trim().slice(0, 12));
    },
  );

  test("KUBECONFIG holding a kubeconfig's text", () => {
    const message = errorOf(() => chooseSource({ env: { ...env, KUBECONFIG: KUBECONFIG_TEXT } }));
    expect(message).toMatch(/^KUBECONFIG holds a kubeconfig's text, not a path/);
    expect(message).not.toContain(TOKEN);
  });

  test("the action's input is named as such", () => {
    const message = errorOf(() =>
      chooseSource({ kubeconfigPath: KUBECONFIG_BASE64, env, pathLabel: "the `kubeconfig` input" }),
    );
    expect(message).toMatch(/^the `kubeconfig` input holds base64 of a kubeconfig, not a path/);
  });

  test("CONFIG_ROLLOUT_KUBECONFIG holding a path says it wants the content", () => {
    const message = errorOf(() => chooseSource({ kubeconfigData: "~/.kube/config", env }));
    expect(message).toMatch(
      /^CONFIG_ROLLOUT_KUBECONFIG holds a file path; it must hold the kubeconfig itself/,
    );
  });

  test.each([
    ["a JWT", JWT, "a token"],
    ["an opaque token", TOKEN, "what looks like a token"],
  ])("CONFIG_ROLLOUT_KUBECONFIG holding %s says it wants a whole kubeconfig", (_case, value, what) => {
    const message = errorOf(() => chooseSource({ kubeconfigData: value, env }));
    expect(message).toBe(
      `CONFIG_ROLLOUT_KUBECONFIG holds ${what} (not shown), not a kubeconfig: it must hold a whole kubeconfig, as text or base64`,
    );
  });

  test.each([
    "/home/runner/work/_temp/kubeconfig-8f3a2b1c9d7e6f5a4b3c",
    "deploy/kubeconfig.yaml",
    "kubeconfig",
    "~/.kube/staging-cluster-admin-config",
  ])("a missing path is still named: %s", (path) => {
    expect(describeCredential(path)).toBeUndefined();
    expect(errorOf(() => chooseSource({ kubeconfigPath: path, env }))).toBe(
      `--kubeconfig ${path}: no such file (it must hold the path of a kubeconfig file)`,
    );
  });
});

describe("which kubeconfig a run uses", () => {
  test("--kubeconfig-data wins over KUBECONFIG, and KUBECONFIG may list several files", async () => {
    const dir = await mkdtemp(join(tmpdir(), "config-rollout-kubeconfig-"));
    const repo = await createTempRepo();
    try {
      await repo.write("cm.yaml", yamlDocs(configMap("app", { A: "1" })));
      await repo.commit("one");
      await repo.write("cm.yaml", yamlDocs(configMap("app", { A: "2" })));
      await repo.commit("two");
      const envFile = join(dir, "env.yaml");
      await writeFile(envFile, kubeconfigYaml("https://127.0.0.1:9", TOKEN, { context: "from-env" }));
      const data = kubeconfigYaml("https://127.0.0.1:7", TOKEN, { context: "from-data" });
      // A context neither holds: the error names the kubeconfig the run chose, before any request.
      const args = ["--repo", repo.dir, "--base", "HEAD~1", "--head", "HEAD", "--context", "nope"];
      const withData = await runInProcess([...args, "--kubeconfig-data", data], { KUBECONFIG: envFile });
      expect(withData.code, withData.stderr).toBe(2);
      expect(withData.stderr).toContain(
        'context "nope" not found in --kubeconfig-data; available contexts: from-data',
      );
      // kubectl's list: a file that does not exist is skipped.
      const listed = await runInProcess(args, { KUBECONFIG: `${join(dir, "missing.yaml")}:${envFile}` });
      expect(listed.code, listed.stderr).toBe(2);
      expect(listed.stderr).toContain(
        `context "nope" not found in KUBECONFIG (${envFile}); available contexts: from-env`,
      );
      expect(withData.stderr + listed.stderr).not.toContain(TOKEN);
    } finally {
      await repo.cleanup();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
