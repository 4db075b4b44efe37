// Issue 22: where untrusted repository content meets processes. The bundled CLI on temp git
// repositories, with real renderers (/bin/sh, `yes`, kubectl kustomize) and a private TMPDIR, so
// what a run leaves behind there is seen.
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { commitTwice, createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { sleepStillRunning } from "../helpers/processes.js";
import { runCli } from "../helpers/run-cli.js";

let scratch: string;
const repos: TempRepo[] = [];
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), "render-limits-"));
  await mkdir(join(scratch, "tmp"));
});
afterEach(async () => {
  for (const repo of repos.splice(0)) await repo.cleanup();
  await rm(scratch, { recursive: true, force: true });
});

async function twice(before: Record<string, string>, after: Record<string, string>): Promise<TempRepo> {
  const repo = await commitTwice(before, after);
  repos.push(repo);
  return repo;
}

const run = (repo: TempRepo, args: string[], env: Record<string, string> = {}) =>
  runCli(
    ["--repo", repo.dir, "--dry-run", "--discover", "repo", "--base", "HEAD~1", "--head", "HEAD", ...args],
    {
      TMPDIR: join(scratch, "tmp"),
      ...env,
    },
  );

const cm = (level: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\ndata:\n  LEVEL: ${level}\n`;
const leftovers = async () =>
  (await readdir(join(scratch, "tmp"))).filter((n) => n.startsWith("config-rollout-"));

describe("--render bounds", () => {
  test("a render that outlives --render-timeout is stopped with what it started, exit 2, checkout removed", async () => {
    const repo = await twice({ "cm.txt": cm("info") }, { "cm.txt": cm("debug") });
    const pids = join(scratch, "pids");
    const started = Date.now();
    const result = await run(repo, [
      "--kustomize",
      "none",
      "--render-timeout",
      "2s",
      "--render",
      `cat cm.txt; sleep 800 & echo $! >> ${pids}; sleep 800`,
    ]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /timed out after 2s, the --render-timeout; the whole process group was stopped/,
    );
    await new Promise((r) => setTimeout(r, 300));
    for (const pid of readFileSync(pids, "utf8").trim().split("\n").map(Number))
      expect(sleepStillRunning(pid)).toBe(false);
    expect(await leftovers()).toEqual([]);
  });

  test("render output over --max-file-size stops the renderer at once, exit 2 naming the limit", async () => {
    const repo = await twice({ "cm.txt": cm("info") }, { "cm.txt": cm("debug") });
    const started = Date.now();
    const result = await run(repo, [
      "--kustomize",
      "none",
      "--max-file-size",
      "1000000",
      "--render",
      'yes "a: b"',
    ]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/output is over 1000000 bytes, the --max-file-size/);
    expect(await leftovers()).toEqual([]);
  });

  test("the first failing render stops the others (a hanging one does not hold the run)", async () => {
    const repo = await twice(
      { "cm.txt": cm("info"), level: "good\n" },
      { "cm.txt": cm("debug"), level: "bad\n" },
    );
    const pids = join(scratch, "pids");
    const started = Date.now();
    // Head fails at once; base hangs (as a remote resource that never answers would).
    const result = await run(repo, [
      "--kustomize",
      "none",
      "--render",
      `if grep -q bad level; then echo broken >&2; exit 3; fi; sleep 800 & echo $! >> ${pids}; wait`,
    ]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/failed at commit [0-9a-f]{12} \(exit 3\)/);
    await new Promise((r) => setTimeout(r, 300));
    if (existsSync(pids)) {
      for (const pid of readFileSync(pids, "utf8").trim().split("\n").map(Number))
        expect(sleepStillRunning(pid)).toBe(false);
    }
    expect(await leftovers()).toEqual([]);
  });

  test("the command sees an allowlisted environment: no kubeconfig, CI tokens or action inputs", async () => {
    const repo = await twice({ "cm.txt": cm("info") }, { "cm.txt": cm("debug") });
    const seen = join(scratch, "env.txt");
    const kubeconfig = join(scratch, "kubeconfig-secret0");
    await writeFile(
      kubeconfig,
      "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:9\nusers:\n- name: u\n  user:\n    token: t\ncontexts:\n- name: x\n  context:\n    cluster: c\n    user: u\ncurrent-context: x\n",
    );
    const secrets = {
      KUBECONFIG: kubeconfig,
      GITHUB_TOKEN: "ghs_secret1",
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: "oidc_secret2",
      ACTIONS_RUNTIME_TOKEN: "rt_secret3",
      CI_JOB_TOKEN: "glcbt_secret4",
      "INPUT_KUBECONFIG-DATA": "kubeconfig_secret5",
      "INPUT_HASH-KEY": "hash_secret6",
      HELM_CACHE_HOME: "/wanted",
      SOMETHING_ELSE: "not_wanted",
    };
    const result = await run(
      repo,
      ["--kustomize", "none", "--render-env", "HELM_CACHE_HOME", "--render", `env > ${seen}; cat cm.txt`],
      secrets,
    );
    expect(result.code, result.stderr).toBe(0);
    const env = readFileSync(seen, "utf8");
    for (const value of Object.values(secrets).filter((v) => v !== "/wanted"))
      expect(env).not.toContain(value);
    expect(env).toContain("HELM_CACHE_HOME=/wanted");
    expect(env).toMatch(/^PATH=/m);
    expect(env).toMatch(/^HOME=/m);
  });
});

const kustomization = (body: string) =>
  `apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n${body}`;

describe("kustomize from the repository", () => {
  test("kustomize's quoted literal is not printed (a generator's value may be a secret)", async () => {
    const repo = await twice(
      { "app/kustomization.yaml": kustomization("configMapGenerator:\n- name: c\n  literals:\n  - A=1\n") },
      {
        "app/kustomization.yaml": kustomization(
          "configMapGenerator:\n- name: c\n  literals:\n  - s3cr3t-hunter2\n",
        ),
      },
    );
    const result = await run(repo, []);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/invalid literal source \(value not shown\)/);
    expect(result.stderr + result.stdout).not.toContain("s3cr3t-hunter2");
  });

  test("a kustomization that generates Secrets gets no quote of kustomize's complaint at all", async () => {
    const repo = await twice(
      { "app/kustomization.yaml": kustomization("secretGenerator:\n- name: s\n  literals:\n  - A=1\n") },
      {
        "app/kustomization.yaml": kustomization(
          "secretGenerator:\n- name: s\n  literals:\n  - A=1\n  - hunter2-in-a-secret\n",
        ),
      },
    );
    const result = await run(repo, []);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(/details not shown \(the kustomization generates or holds Secrets/);
    expect(result.stderr + result.stdout).not.toContain("hunter2-in-a-secret");
  });

  test("a kustomization with a Secret among its resources gets no quote either, at either commit (a value written *... is an anchor's name to kustomize)", async () => {
    const value = "KustoSecret-abc12345";
    const app = (password: string) => ({
      "app/kustomization.yaml": kustomization("resources:\n- secret.yaml\n"),
      "app/secret.yaml": `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: ${password}\n`,
    });
    const atHead = await run(await twice(app("first-password-0000"), app(`*${value}`)), []);
    expect(atHead.code, atHead.stderr).toBe(2);
    expect(atHead.stderr).toMatch(
      /cannot be built at the head commit .*details not shown \(the kustomization generates or holds Secrets/,
    );
    // The next push fixes it: the base commit's failure is a warning, quiet too.
    const atBase = await run(await twice(app(`*${value}`), app("fixed-password-1111")), []);
    expect(atBase.code, atBase.stderr).toBe(0);
    expect(atBase.stderr).toMatch(
      /cannot be built at the base commit .*details not shown \(the kustomization generates or holds Secrets/,
    );
    for (const result of [atHead, atBase]) expect(result.stderr + result.stdout).not.toContain(value);
  });

  test("a plain folder a Flux Kustomization builds, with a Secret file kustomize cannot read: no quote either", async () => {
    const value = "PlainSecret-abc12345";
    const app = (password: string, level: string) => ({
      "app/cm.yaml": cm(level),
      "app/secret.yaml": `apiVersion: v1\nkind: Secret\nmetadata:\n  name: db\nstringData:\n  password: ${password}\n`,
      "clusters/web.yaml":
        "apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata: {name: web, namespace: flux-system}\nspec:\n  path: ./app\n  namePrefix: p-\n  interval: 5m\n  sourceRef: {kind: GitRepository, name: repo}\n",
    });
    const result = await run(await twice(app("first-password-0000", "info"), app(`*${value}`, "debug")), []);
    expect(result.stderr).toMatch(/details not shown \(the kustomization generates or holds Secrets/);
    expect(result.stderr + result.stdout).not.toContain(value);
  });

  test("an entry outside the repository is refused before kustomize runs", async () => {
    const outside = join(scratch, "runner-secret.yaml");
    await writeFile(
      outside,
      "apiVersion: v1\nkind: Secret\nmetadata:\n  name: runner\nstringData:\n  token: on-the-runner\n",
    );
    const climb = `${"../".repeat(12)}${outside.slice(1)}`;
    const repo = await twice(
      { "app/kustomization.yaml": kustomization("resources:\n- cm.yaml\n"), "app/cm.yaml": cm("info") },
      {
        "app/kustomization.yaml": kustomization(`resources:\n- cm.yaml\n- ${climb}\n`),
        "app/cm.yaml": cm("debug"),
      },
    );
    const result = await run(repo, ["--debug"]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(
      `app/kustomization.yaml at the head commit names "${climb}", which is outside the repository`,
    );
    expect(result.stderr).not.toMatch(/rendering kustomize/);
    expect(result.stderr + result.stdout).not.toContain("on-the-runner");
  });

  test("file:// names a repository outside the checkout: refused on a push too, before kustomize runs", async () => {
    const elsewhere = await createTempRepo();
    repos.push(elsewhere);
    await elsewhere.write("dir/kustomization.yaml", "resources:\n- s.yaml\n");
    await elsewhere.write(
      "dir/s.yaml",
      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: elsewhere\ndata:\n  token: from-another-repository\n",
    );
    await elsewhere.commit("elsewhere");
    const address = `file://${elsewhere.dir}//dir?ref=HEAD`;
    const repo = await twice(
      { "app/kustomization.yaml": kustomization("resources:\n- cm.yaml\n"), "app/cm.yaml": cm("info") },
      {
        "app/kustomization.yaml": kustomization(`resources:\n- cm.yaml\n- ${address}\n`),
        "app/cm.yaml": cm("debug"),
      },
    );
    const result = await run(repo, ["--debug"]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`names ${JSON.stringify(address)}, which is outside the repository`);
    expect(result.stderr).not.toMatch(/rendering kustomize/);
    expect(result.stderr + result.stdout).not.toContain("from-another-repository");
  });

  test("a patchesStrategicMerge URL from a fork's head is a remote entry, refused before kustomize runs", async () => {
    const url = "http://127.0.0.1:9/p.yaml";
    const repo = await twice(
      { "app/kustomization.yaml": kustomization("resources:\n- cm.yaml\n"), "app/cm.yaml": cm("info") },
      {
        "app/kustomization.yaml": kustomization(`resources:\n- cm.yaml\npatchesStrategicMerge:\n- ${url}\n`),
        "app/cm.yaml": cm("debug"),
      },
    );
    const event = join(scratch, "event.json");
    await writeFile(
      event,
      JSON.stringify({
        pull_request: { head: { repo: { full_name: "fork/x" } }, base: { repo: { full_name: "org/x" } } },
      }),
    );
    const github = { GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: "pull_request", GITHUB_EVENT_PATH: event };
    const refused = await run(repo, ["--debug"], github);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(
      `names the remote resource ${JSON.stringify(url)}, and the head is a pull request from a fork`,
    );
    expect(refused.stderr).not.toMatch(/rendering kustomize/);
  });

  test("a symbolic link out of the checkout is refused before kustomize runs", async () => {
    const secretDir = join(scratch, "runner");
    await mkdir(secretDir);
    await writeFile(
      join(secretDir, "s.yaml"),
      "apiVersion: v1\nkind: Secret\nmetadata:\n  name: runner\nstringData:\n  token: on-the-runner\n",
    );
    const repo = await createTempRepo();
    repos.push(repo);
    await repo.write("app/kustomization.yaml", kustomization("resources:\n- cm.yaml\n"));
    await repo.write("app/cm.yaml", cm("info"));
    await repo.commit("before");
    await repo.write("app/kustomization.yaml", kustomization("resources:\n- cm.yaml\n- ext\n"));
    await repo.write("app/cm.yaml", cm("debug"));
    await symlink(secretDir, join(repo.dir, "app/ext"));
    await repo.commit("after");
    const result = await run(repo, []);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(`app/ext at commit`);
    expect(result.stderr).toContain(`is a symbolic link to "${secretDir}", outside the repository`);
    expect(result.stderr + result.stdout).not.toContain("on-the-runner");
    expect(await leftovers()).toEqual([]);
  });

  test("a remote resource from an untrusted head is refused unless --allow-remote-kustomize", async () => {
    const repo = await twice(
      { "app/kustomization.yaml": kustomization("resources:\n- cm.yaml\n"), "app/cm.yaml": cm("info") },
      {
        "app/kustomization.yaml": kustomization(
          "resources:\n- cm.yaml\n- https://github.com/example/never//answers?ref=v1\n",
        ),
        "app/cm.yaml": cm("debug"),
      },
    );
    const event = join(scratch, "event.json");
    await writeFile(
      event,
      JSON.stringify({
        pull_request: { head: { repo: { full_name: "fork/x" } }, base: { repo: { full_name: "org/x" } } },
      }),
    );
    const github = { GITHUB_ACTIONS: "true", GITHUB_EVENT_NAME: "pull_request", GITHUB_EVENT_PATH: event };
    const refused = await run(repo, [], github);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toContain(
      'app/kustomization.yaml at the head commit names the remote resource "https://github.com/example/never//answers?ref=v1", and the head is a pull request from a fork',
    );
    expect(refused.stderr).toContain("--allow-remote-kustomize");
    // The same push from a trusted head is rendered: kustomize then tries the network (refused
    // here, no network), which is kustomize's failure, not the refusal.
    const trusted = await run(repo, ["--render-timeout", "20s"], {
      GIT_TERMINAL_PROMPT: "0",
      HTTPS_PROXY: "http://127.0.0.1:9",
    });
    expect(trusted.stderr).not.toContain("not fetched from an untrusted head");
  });
});
