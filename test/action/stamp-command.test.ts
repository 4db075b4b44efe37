// `command: stamp` through the bundled action (dist/action.js run as the runner runs it), on real
// repositories: check fails the step on a missing stamp and writes nothing; commit: true on a
// same-repository pull request pushes one commit naming config-rollout and the config, and a rerun
// pushes nothing; a fork's pull request is checked instead and never pushed to.
import { mkdtemp, readFile, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { useClosing } from "../helpers/closing.js";
import { createTempRepo, pullRequestClone, runGit, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runAction } from "./run-action.js";

const closing = useClosing();

const FILE = "deploy/shop.yaml";

const manifests = (level: string) =>
  yamlDocs(
    configMap("app-config", { LOG_LEVEL: level }, { namespace: "shop" }),
    deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), { namespace: "shop" }),
  );
const pullRequest = async () =>
  closing(await pullRequestClone({ [FILE]: manifests("info") }, { [FILE]: manifests("debug") }));

const event = (headRepo: string, sha: string) => ({
  pull_request: {
    number: 7,
    head: { ref: "feature", sha, repo: { full_name: headRepo } },
    base: { ref: "main", repo: { full_name: "acme/shop" } },
  },
});

describe("command: stamp in the action", () => {
  test("check: a missing stamp fails the step, names the workload and the fix, and writes nothing", async () => {
    const { clone, head } = await pullRequest();
    const before = await readFile(join(clone.dir, FILE), "utf8");
    const run = await runAction({
      workspace: clone.dir,
      inputs: { command: "stamp", check: "true" },
      eventName: "pull_request",
      event: event("acme/shop", head),
    });
    expect(run.code).toBe(1);
    expect(run.outputs.result).toBe("failed");
    expect(run.stdout).toMatch(
      /deployment\/web \(namespace shop\) \(deploy\/shop\.yaml\): no stamp -> [0-9a-f]{64}/,
    );
    expect(run.stdout).toContain(
      "::error::1 config-hash stamp(s) missing or stale: run `config-rollout stamp` and commit the result",
    );
    expect(await readFile(join(clone.dir, FILE), "utf8")).toBe(before);
  });

  test("commit: true on a same-repository pull request pushes the stamp once; a rerun pushes nothing", async () => {
    const { origin, clone, head } = await pullRequest();
    const inputs = { command: "stamp", commit: "true", "github-token": "ghs_not-a-real-token-0123456789" };
    const run = await runAction({
      workspace: clone.dir,
      inputs,
      eventName: "pull_request",
      event: event("acme/shop", head),
    });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.outputs.result).toBe("stamped");
    const pushed = (await runGit(origin, ["rev-parse", "feature"])).trim();
    expect(pushed).not.toBe(head);
    expect((await runGit(origin, ["log", "-1", "--format=%s", "feature"])).trim()).toBe(
      "config-rollout: stamp the config hash for configmap/app-config (namespace shop)",
    );
    expect(await runGit(origin, ["diff", "--stat", "--format=", `${head}..feature`])).toMatch(
      /deploy\/shop\.yaml \| 2 \+/,
    );
    // Masked first (the runner then hides it), and never printed otherwise.
    const lines = run.stdout.split("\n").filter((line) => !line.startsWith("::add-mask::"));
    expect(lines.join("\n")).not.toContain("ghs_not-a-real-token");
    // The rerun, on the pushed commit: nothing to stamp, nothing pushed.
    const again = await runAction({
      workspace: clone.dir,
      inputs,
      eventName: "pull_request",
      event: event("acme/shop", pushed),
    });
    expect(again.code, again.stdout).toBe(0);
    expect(again.outputs.result).toBe("nothing-to-do");
    expect((await runGit(origin, ["rev-parse", "feature"])).trim()).toBe(pushed);
  });

  test("commit: true on a fork's pull request checks instead, with a notice, and pushes nothing", async () => {
    const { origin, clone, head } = await pullRequest();
    const run = await runAction({
      workspace: clone.dir,
      inputs: { command: "stamp", commit: "true" },
      eventName: "pull_request",
      event: event("someone/shop", head),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/::notice::commit: true, but this is a pull request from a fork/);
    expect((await runGit(origin, ["rev-parse", "feature"])).trim()).toBe(head);
    expect(await clone.git(["status", "--porcelain"])).toBe("");
  });

  test("check on a fork's pull request: a remote kustomize entry is refused before kustomize runs (untrusted head)", async () => {
    const repo = await createTempRepo();
    closing(repo);
    const remote = "https://github.com/example/never//answers?ref=v1";
    await repo.write(
      "app/workload.yaml",
      yamlDocs(
        configMap("app-config", { LOG_LEVEL: "info" }, { namespace: "shop" }),
        deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), {
          namespace: "shop",
        }),
      ),
    );
    await repo.write("app/kustomization.yaml", `resources:\n- workload.yaml\n- ${remote}\n`);
    const head = await repo.commit("a remote entry");
    const offline = { GIT_TERMINAL_PROMPT: "0", HTTPS_PROXY: "http://127.0.0.1:9" };
    const stampCheck = (headRepo: string, inputs: Record<string, string> = {}) =>
      runAction({
        workspace: repo.dir,
        inputs: { command: "stamp", check: "true", "render-timeout": "20s", ...inputs },
        eventName: "pull_request",
        event: event(headRepo, head),
        env: offline,
      });
    const refused = await stampCheck("someone/shop");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain(
      `app/kustomization.yaml at the head commit names the remote resource "${remote}", and the head is a pull request from a fork`,
    );
    expect(refused.stdout).toContain("--allow-remote-kustomize");
    // The same checkout on a same-repository pull request, or with allow-remote-kustomize, is
    // rendered (kustomize then fails on the network it cannot reach: its failure, not the refusal).
    for (const run of [
      await stampCheck("acme/shop"),
      await stampCheck("someone/shop", { "allow-remote-kustomize": "true" }),
    ]) {
      expect(run.stdout + run.stderr).not.toContain("not fetched from an untrusted head");
    }
    expect(await repo.git(["status", "--porcelain"])).toBe("");
  });
});

describe("command: stamp never follows a link out of the checkout", () => {
  async function linkedOut(): Promise<{
    origin: string;
    clone: TempRepo;
    head: string;
    outside: string;
    text: string;
  }> {
    const parent = await mkdtemp(join(tmpdir(), "config-rollout-outside-"));
    closing({ cleanup: () => rm(parent, { recursive: true, force: true }) });
    const outside = join(parent, "elsewhere.yaml");
    const text = yamlDocs(
      deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), { namespace: "shop" }),
    );
    await writeFile(outside, text);
    const { origin, clone } = await pullRequest();
    // The pull request's head: the workload file replaced by a link to a file outside the checkout.
    await clone.write(FILE, yamlDocs(configMap("app-config", { LOG_LEVEL: "warn" }, { namespace: "shop" })));
    await unlink(join(clone.dir, "deploy/web.yaml")).catch(() => undefined);
    await symlink(outside, join(clone.dir, "deploy/web.yaml"));
    const head = await clone.commit("web.yaml is a link out");
    return { origin, clone, head, outside, text };
  }

  test("the default mode on a fork's pull request: refused naming the link, the outside file untouched", async () => {
    const { clone, head, outside, text } = await linkedOut();
    const run = await runAction({
      workspace: clone.dir,
      inputs: { command: "stamp" },
      eventName: "pull_request",
      event: event("someone/shop", head),
    });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain("deploy/web.yaml in the work tree is a symbolic link");
    expect(run.outputs.result).not.toBe("stamped");
    expect(await readFile(outside, "utf8")).toBe(text);
    expect(await clone.git(["status", "--porcelain"])).toBe("");
  });

  test("commit: true on a same-repository pull request: refused, nothing pushed, the outside file untouched", async () => {
    const { origin, clone, head, outside, text } = await linkedOut();
    await clone.git(["push", "--quiet", "origin", "feature"]);
    const run = await runAction({
      workspace: clone.dir,
      inputs: { command: "stamp", commit: "true", "github-token": "ghs_not-a-real-token-0123456789" },
      eventName: "pull_request",
      event: event("acme/shop", head),
    });
    expect(run.code).not.toBe(0);
    expect(run.stdout).toContain("deploy/web.yaml in the work tree is a symbolic link");
    expect(run.stdout).not.toContain("nothing committed");
    expect(await readFile(outside, "utf8")).toBe(text);
    expect((await runGit(origin, ["rev-parse", "feature"])).trim()).toBe(head);
  });
});
