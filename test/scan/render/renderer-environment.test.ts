import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { tailOf } from "../../../src/process/run-process.js";
import {
  findKustomize,
  redactDetail,
  remoteFailureDetail,
  shortDetail,
} from "../../../src/scan/render/kustomize.js";
import {
  findExecutable,
  kustomizeEnvironment,
  renderCommandEnvironment,
  trustedPathDirs,
} from "../../../src/scan/render/renderer-environment.js";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "renderer-env-"));
  for (const dir of ["bin-a", "bin-b", "repo/tools"]) await mkdir(join(root, dir), { recursive: true });
  await writeFile(join(root, "bin-a", "kubectl"), "#!/bin/sh\n");
  await chmod(join(root, "bin-a", "kubectl"), 0o755);
  await writeFile(join(root, "bin-b", "kustomize"), "not executable");
  await writeFile(join(root, "repo/tools", "kustomize"), "#!/bin/sh\n");
  await chmod(join(root, "repo/tools", "kustomize"), 0o755);
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("which binary runs is not the repository's choice", () => {
  test("relative and empty PATH entries and directories inside the repository are dropped", () => {
    const path = [".", "", "tools", join(root, "repo/tools"), join(root, "bin-a"), join(root, "bin-b")].join(
      ":",
    );
    expect(trustedPathDirs(path, [join(root, "repo")])).toEqual([join(root, "bin-a"), join(root, "bin-b")]);
  });

  test("kustomize is preferred, but only an executable file counts; else kubectl kustomize", async () => {
    const dirs = trustedPathDirs(
      [join(root, "repo/tools"), join(root, "bin-b"), join(root, "bin-a")].join(":"),
      [join(root, "repo")],
    );
    const binary = await findKustomize(dirs);
    expect(binary?.path).toBe(join(root, "bin-a", "kubectl"));
    expect(binary?.argsFor("./overlays/prod")).toEqual(["kustomize", "./overlays/prod"]);
    expect(findExecutable("kustomize", dirs)).toBeUndefined();
  });

  test("a kustomize on PATH that cannot run (a shim for a missing tool: exit 127) gives way to kubectl kustomize", async () => {
    const shim = join(root, "bin-shim");
    await mkdir(shim, { recursive: true });
    await writeFile(
      join(shim, "kustomize"),
      '#!/bin/sh\necho "kustomize: command not found" >&2\nexit 127\n',
    );
    await chmod(join(shim, "kustomize"), 0o755);
    const working = join(root, "bin-working");
    await mkdir(working, { recursive: true });
    await writeFile(join(working, "kustomize"), "#!/bin/sh\necho v5.5.0\n");
    await chmod(join(working, "kustomize"), 0o755);
    expect((await findKustomize([shim, join(root, "bin-a")]))?.label).toBe("kubectl kustomize");
    expect((await findKustomize([working, join(root, "bin-a")]))?.path).toBe(join(working, "kustomize"));
  });

  test("kustomize's environment carries no plugin or config variables", () => {
    const env = kustomizeEnvironment(["/usr/bin"], "/tmp/home");
    expect(env).toEqual({ PATH: "/usr/bin", HOME: "/tmp/home", LANG: "C.UTF-8", GOGC: "200" });
  });

  test("a --render command gets an allowlist of the job's variables, plus those --render-env names", () => {
    const job = {
      HOME: "/home/runner",
      LANG: "C.UTF-8",
      HELM_CACHE_HOME: "/c",
      CONFIG_ROLLOUT_KUBECONFIG: "secret",
      CONFIG_ROLLOUT_HASH_KEY: "k",
      KUBECONFIG: "/home/runner/.kube/config",
      GITHUB_TOKEN: "ghs_x",
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc",
      ACTIONS_RUNTIME_TOKEN: "rt",
      CI_JOB_TOKEN: "glcbt",
      "INPUT_KUBECONFIG-DATA": "apiVersion: v1",
      "INPUT_HASH-KEY": "k",
      PATH: ".:/usr/bin",
    };
    expect(renderCommandEnvironment(job, ["/usr/bin"], [])).toEqual({
      HOME: "/home/runner",
      LANG: "C.UTF-8",
      PATH: "/usr/bin",
    });
    expect(renderCommandEnvironment(job, ["/usr/bin"], ["HELM_CACHE_HOME"])).toEqual({
      HOME: "/home/runner",
      LANG: "C.UTF-8",
      HELM_CACHE_HOME: "/c",
      PATH: "/usr/bin",
    });
  });
});

describe("tailOf", () => {
  test("keeps the last lines, without escape sequences or workflow commands", () => {
    const text = `${Array.from({ length: 20 }, (_, i) => `line ${i}`).join("\n")}\n\u001b[31mred\u001b[0m\n::set-output name=x::y\n`;
    const tail = tailOf(text);
    expect(tail.split("\n")).toHaveLength(8);
    expect(tail).not.toContain("\u001b");
    expect(tail).toContain("[31mred[0m");
    expect(tail.endsWith(" ::set-output name=x::y")).toBe(true);
  });
});

describe("kustomize's complaint, shortened for a CI log", () => {
  test("kubectl's log prefix and wrapper go, the temporary checkout's path becomes repository-relative", () => {
    const tree = "/tmp/config-rollout-render-AbC123/tree-2";
    const stderr = `E1125 19:48:48.354254   21564 run.go:72] "command failed" err="accumulating resources: accumulating resources from 'extra.yaml': evalsymlink failure on '${tree}/overlays/prod/extra.yaml' : lstat /private${tree}/overlays/prod/extra.yaml: no such file or directory"\n`;
    expect(shortDetail(stderr, tree)).toBe(
      "accumulating resources: accumulating resources from 'extra.yaml': evalsymlink failure on 'overlays/prod/extra.yaml' : lstat overlays/prod/extra.yaml: no such file or directory",
    );
  });

  test("a remote base that cannot be fetched is named with git's error, credentials removed, nothing else quoted", () => {
    // kubectl kustomize's words, as printed with no network (klog's multi-line form).
    const stderr = `E1128 04:45:35.428720   21805 run.go:72] "command failed" err=<
\taccumulating resources: accumulation err='accumulating resources from 'https://user:t0ken@github.com/org/repo//base?ref=v1': Get "https://github.com/org/repo//base?ref=v1": dial tcp: lookup github.com on 10.0.0.53:53: no such host': failed to run '/usr/bin/git fetch --depth=1 https://github.com/org/repo v1': fatal: unable to access 'https://github.com/org/repo/': Could not resolve host: github.com
\t: exit status 128
 >
`;
    expect(remoteFailureDetail(stderr)).toBe(
      "could not fetch the remote resource https://github.com/org/repo//base?ref=v1: dial tcp: lookup github.com on 10.0.0.53:53: no such host; fatal: unable to access 'https://github.com/org/repo/': Could not resolve host: github.com",
    );
    expect(
      remoteFailureDetail("secret data: invalid literal source s3cr3t, expected key=value"),
    ).toBeUndefined();
    // The short line no longer starts with klog's wrapper.
    expect(shortDetail(stderr, "/t").startsWith("accumulating resources:")).toBe(true);
  });

  test("a long complaint is cut; control characters and workflow commands never pass", () => {
    const detail = shortDetail(`Error: \u001b[31m${"x".repeat(1000)}\n::set-output name=a::b\n`, "/t");
    expect(detail.length).toBeLessThanOrEqual(401);
    expect(detail).not.toContain("\u001b");
    expect(detail.startsWith("[31m")).toBe(true);
  });
});

describe("kustomize's quotes of a generator's values", () => {
  test("the literal it could not read is not repeated", () => {
    const detail =
      "loading KV pairs: literal sources [s3cr3t-hunter2]: invalid literal source s3cr3t-hunter2, expected key=value";
    const redacted = redactDetail(detail);
    expect(redacted).not.toContain("s3cr3t-hunter2");
    expect(redacted).toBe(
      "loading KV pairs: literal sources [...]: invalid literal source (value not shown), expected key=value",
    );
  });
});
