import { chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { findKustomize } from "../../src/render/kustomize.js";
import {
  findExecutable,
  kustomizeEnvironment,
  renderCommandEnvironment,
  trustedPathDirs,
} from "../../src/render/renderer-environment.js";
import { tailOf } from "../../src/render/run-process.js";

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

  test("kustomize is preferred, but only an executable file counts; else kubectl kustomize", () => {
    const dirs = trustedPathDirs(
      [join(root, "repo/tools"), join(root, "bin-b"), join(root, "bin-a")].join(":"),
      [join(root, "repo")],
    );
    const binary = findKustomize(dirs);
    expect(binary?.path).toBe(join(root, "bin-a", "kubectl"));
    expect(binary?.argsFor("./overlays/prod")).toEqual(["kustomize", "./overlays/prod"]);
    expect(findExecutable("kustomize", dirs)).toBeUndefined();
  });

  test("kustomize's environment carries no plugin or config variables", () => {
    const env = kustomizeEnvironment(["/usr/bin"], "/tmp/home");
    expect(env).toEqual({ PATH: "/usr/bin", HOME: "/tmp/home", LANG: "C.UTF-8" });
  });

  test("a --render command keeps the job's variables but not config-rollout's credentials", () => {
    const env = renderCommandEnvironment(
      {
        HELM_CACHE_HOME: "/c",
        CONFIG_ROLLOUT_KUBECONFIG: "secret",
        CONFIG_ROLLOUT_HASH_KEY: "k",
        PATH: ".:/usr/bin",
      },
      ["/usr/bin"],
      ["CONFIG_ROLLOUT_KUBECONFIG", "CONFIG_ROLLOUT_HASH_KEY"],
    );
    expect(env).toEqual({ HELM_CACHE_HOME: "/c", PATH: "/usr/bin" });
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
