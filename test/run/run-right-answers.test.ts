// Issue 12 ("right answers on real repositories"), end to end: real git repositories in temp dirs
// and the CLI function (in-process) with --dry-run --output json, as a user would run it.
import { afterEach, describe, expect, test } from "vitest";
import { cloneTempRepo, commitTwice as commitTwiceInRepo, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { dryRunJson, type RunJson } from "../helpers/run-json.js";

type Files = Record<string, string>;

const repos: TempRepo[] = [];
afterEach(async () => {
  for (const repo of repos.splice(0)) await repo.cleanup();
});

async function commitTwice(before: Files, after: Files): Promise<TempRepo> {
  const repo = await commitTwiceInRepo(before, after, { removeUnlisted: true });
  repos.push(repo);
  return repo;
}

const plan = async (before: Files, after: Files, args: string[] = []) =>
  dryRunJson((await commitTwice(before, after)).dir, args);

const changes = (p: RunJson) => p.changes.map((c) => `${c.kind}/${c.name}:${c.status}`);
const planned = (p: RunJson) => p.workloads.map((w) => `${w.action} ${w.kind}/${w.name}`);
const v1 = { LOG_LEVEL: "info" };
const v2 = { LOG_LEVEL: "debug" };
const consumer = (name = "web", config = "app") =>
  deployment(name, pod({ envFrom: [{ configMapRef: { name: config } }] }));

describe("item 1: a file over --max-file-size means 'cannot tell', never a deletion", () => {
  const configs = (padding: number) =>
    yamlDocs(
      configMap("dash-a", { "a.json": "{}" }),
      configMap("dash-b", { "b.json": `{"pad": "${"x".repeat(padding)}"}` }),
    );

  test("a file that grows past the limit: no deletion, one warning with the file and the limit", async () => {
    const p = await plan(
      { "dashboards.yaml": configs(10), "grafana.yaml": yamlDocs(consumer("grafana", "dash-a")) },
      { "dashboards.yaml": configs(5000), "grafana.yaml": yamlDocs(consumer("grafana", "dash-a")) },
      ["--max-file-size", "2000"],
    );
    expect(p.changes).toEqual([]);
    expect(p.warnings).toEqual([]);
    const about = p.problems.filter((problem) => problem.file === "dashboards.yaml");
    expect(about).toHaveLength(1);
    expect(about[0]!.message).toMatch(
      /cannot tell what changed: .*bytes at the head commit is over --max-file-size 2000/,
    );
  });

  test("a file that shrinks under the limit: nothing counts as added", async () => {
    const p = await plan({ "dashboards.yaml": configs(5000) }, { "dashboards.yaml": configs(10) }, [
      "--max-file-size",
      "2000",
    ]);
    expect(p.changes).toEqual([]);
    expect(p.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(
        /cannot tell what changed: .*bytes at the base commit is over --max-file-size 2000/,
      ),
    ]);
  });

  test("the default limit reads a 2 MiB file (a dashboard bundle)", async () => {
    const p = await plan({ "dashboards.yaml": configs(10) }, { "dashboards.yaml": configs(2 * 1024 * 1024) });
    expect(changes(p)).toEqual(["ConfigMap/dash-b:modified"]);
  });
});

describe("item 2: newness, deletion and change are decided per object, not per file", () => {
  test("a workload copied into a new file is not new: it restarts", async () => {
    const p = await plan(
      { "cm.yaml": yamlDocs(configMap("app", v1)), "web.yaml": yamlDocs(consumer()) },
      {
        "cm.yaml": yamlDocs(configMap("app", v2)),
        "web.yaml": yamlDocs(consumer()),
        "copy/web.yaml": yamlDocs(consumer()),
      },
    );
    expect(planned(p)).toEqual(["restart Deployment/web"]);
  });

  test("a workload moved into a new file together with a change is not new", async () => {
    const p = await plan(
      { "all.yaml": yamlDocs(configMap("app", v1), consumer(), consumer("other", "x")) },
      {
        "all.yaml": yamlDocs(configMap("app", v2), consumer("other", "x")),
        "web.yaml": yamlDocs(consumer()),
      },
    );
    expect(planned(p)).toEqual(["restart Deployment/web"]);
  });

  test("a config copied unchanged into a new file is no change", async () => {
    const p = await plan(
      { "cm.yaml": yamlDocs(configMap("app", v1)) },
      { "cm.yaml": yamlDocs(configMap("app", v1)), "more/cm.yaml": yamlDocs(configMap("app", v1)) },
    );
    expect(p.changes).toEqual([]);
    expect(p.problems.map((problem) => `${problem.file}: ${problem.message}`)).toEqual([
      "more/cm.yaml: configmap/app (namespace default) is also defined in cm.yaml:1; compared with that definition",
    ]);
  });

  test("a config removed from one file but still defined in an unchanged file is not deleted", async () => {
    const p = await plan(
      {
        "a.yaml": yamlDocs(configMap("app", v1), configMap("keep", v1)),
        "b.yaml": yamlDocs(configMap("app", v1)),
        "web.yaml": yamlDocs(consumer()),
      },
      {
        "a.yaml": yamlDocs(configMap("keep", v1)),
        "b.yaml": yamlDocs(configMap("app", v1)),
        "web.yaml": yamlDocs(consumer()),
      },
    );
    expect(p.changes).toEqual([]);
    expect(p.warnings).toEqual([]);
  });

  test("a config moved between files with a new value is one modification", async () => {
    const p = await plan(
      { "a.yaml": yamlDocs(configMap("app", v1), configMap("keep", v1)), "web.yaml": yamlDocs(consumer()) },
      {
        "a.yaml": yamlDocs(configMap("keep", v1)),
        "b.yaml": yamlDocs(configMap("app", v2)),
        "web.yaml": yamlDocs(consumer()),
      },
    );
    expect(changes(p)).toEqual(["ConfigMap/app:modified"]);
    expect(planned(p)).toEqual(["restart Deployment/web"]);
  });
});

describe("one workload defined in two raw files", () => {
  test("base and head are read from the same file (the later path, as kubectl applies them), with a warning", async () => {
    const web = (image: string) =>
      deployment("web", pod({ image, envFrom: [{ configMapRef: { name: "app" } }] }));
    const p = await plan(
      { "a.yaml": yamlDocs(configMap("app", v1), web("app:1")), "b.yaml": yamlDocs(web("app:2")) },
      { "a.yaml": yamlDocs(configMap("app", v2), web("app:1")), "b.yaml": yamlDocs(web("app:2")) },
    );
    // Before: base from a.yaml, head from b.yaml, so "its pod template changed" and nothing restarted.
    expect(planned(p)).toEqual(["restart Deployment/web"]);
    expect(
      p.problems.map((problem) => `${problem.file}:${problem.line}: ${problem.severity}: ${problem.message}`),
    ).toEqual([
      "b.yaml:1: warning: deployment/web (namespace default) is also defined at a.yaml:8, with different content; `kubectl apply -R -f` applies files in path order, so this later definition (b.yaml:1) is what the cluster ends up with and what this plan reads",
    ]);
  });
});

describe("item 3: adding a config that an existing workload references as optional restarts it", () => {
  const optionalEnvFrom = deployment(
    "web",
    pod({ envFrom: [{ configMapRef: { name: "flags", optional: true } }] }),
  );

  test("an optional envFrom ConfigMap added: restart", async () => {
    const p = await plan(
      { "web.yaml": yamlDocs(optionalEnvFrom) },
      { "web.yaml": yamlDocs(optionalEnvFrom), "flags.yaml": yamlDocs(configMap("flags", { A: "1" })) },
    );
    expect(changes(p)).toEqual(["ConfigMap/flags:added"]);
    expect(planned(p)).toEqual(["restart Deployment/web"]);
    expect(p.workloads[0]!.reason).toMatch(/optional/);
  });

  test("an optional Secret volume added: restart", async () => {
    const web = deployment(
      "web",
      pod({}, { volumes: [{ name: "s", secret: { secretName: "tls", optional: true } }] }),
    );
    const tls = { apiVersion: "v1", kind: "Secret", metadata: { name: "tls" }, stringData: { crt: "x" } };
    const p = await plan(
      { "web.yaml": yamlDocs(web) },
      { "web.yaml": yamlDocs(web), "tls.yaml": yamlDocs(tls) },
    );
    expect(planned(p)).toEqual(["restart Deployment/web"]);
  });

  test("an optional configMapKeyRef: restart when the added config has the key, not otherwise", async () => {
    const web = deployment(
      "web",
      pod({
        env: [{ name: "L", valueFrom: { configMapKeyRef: { name: "flags", key: "LEVEL", optional: true } } }],
      }),
    );
    const withKey = await plan(
      { "web.yaml": yamlDocs(web) },
      { "web.yaml": yamlDocs(web), "flags.yaml": yamlDocs(configMap("flags", { LEVEL: "2" })) },
    );
    expect(planned(withKey)).toEqual(["restart Deployment/web"]);
    const otherKey = await plan(
      { "web.yaml": yamlDocs(web) },
      { "web.yaml": yamlDocs(web), "flags.yaml": yamlDocs(configMap("flags", { OTHER: "2" })) },
    );
    expect(planned(otherKey)).toEqual(["skip Deployment/web"]);
  });

  test("a new workload with an optional reference starts with the config: skipped", async () => {
    const p = await plan(
      { "other.yaml": yamlDocs(configMap("x", v1)) },
      {
        "other.yaml": yamlDocs(configMap("x", v1)),
        "web.yaml": yamlDocs(optionalEnvFrom, configMap("flags", { A: "1" })),
      },
    );
    expect(planned(p)).toEqual(["skip Deployment/web"]);
    expect(p.workloads[0]!.reason).toMatch(/new in this diff/);
  });

  test("a non-optional reference to an added config: skipped, saying its pods could not have started", async () => {
    const p = await plan(
      { "web.yaml": yamlDocs(consumer("web", "flags")) },
      {
        "web.yaml": yamlDocs(consumer("web", "flags")),
        "flags.yaml": yamlDocs(configMap("flags", { A: "1" })),
      },
    );
    expect(planned(p)).toEqual(["skip Deployment/web"]);
    expect(p.workloads[0]!.reason).toMatch(/not optional.*could not have started/);
  });
});

describe("item 4: parse errors, --strict, namespaces, missing objects", () => {
  const broken = "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: [x\n";

  test("a parse error in a file present at both commits is listed once", async () => {
    const p = await plan(
      { "broken.yaml": broken, "cm.yaml": yamlDocs(configMap("app", v1)) },
      { "broken.yaml": `# touched\n${broken}`, "cm.yaml": yamlDocs(configMap("app", v2)) },
    );
    expect(p.problems.filter((problem) => problem.file === "broken.yaml")).toHaveLength(1);
    expect(p.problems[0]!.line).toBe(5); // the head commit's
  });

  test("--strict does not fail on a broken YAML file that is not a manifest", async () => {
    const p = await plan(
      { "values.yaml": "image: {tag: 1}\n", "cm.yaml": yamlDocs(configMap("app", v1)) },
      { "values.yaml": "image: {tag: [1\n", "cm.yaml": yamlDocs(configMap("app", v2)) },
      ["--strict"],
    );
    expect(p.problems.map((problem) => problem.severity)).toEqual(["warning"]);
  });

  test("--strict still fails on a broken manifest", async () => {
    const repo = await commitTwice({ "cm.yaml": yamlDocs(configMap("app", v1)) }, { "cm.yaml": broken });
    const run = await runInProcess(["--repo", repo.dir, "--dry-run", "--discover", "repo", "--strict"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/cm\.yaml:4/);
  });

  test("the plan says which namespace was assumed for manifests that name none", async () => {
    const p = await plan(
      { "app.yaml": yamlDocs(configMap("app", v1), consumer()) },
      { "app.yaml": yamlDocs(configMap("app", v2), consumer()) },
      ["--namespace", "shop"],
    );
    expect(p.warnings).toEqual([
      expect.stringMatching(
        /namespace "shop" \(--namespace\) was assumed for .*configmap\/app.*deployment\/web/,
      ),
    ]);
    const repo = repos[0]!;
    const text = await runInProcess([
      "--repo",
      repo.dir,
      "--dry-run",
      "--discover",
      "repo",
      "--namespace",
      "shop",
    ]);
    expect(text.stdout).toMatch(/namespace "shop" \(--namespace\) was assumed/);
  });

  test.each([["blob:none"], ["tree:0"]])(
    "a missing git object (a --filter=%s clone without its remote) is a clear exit-2 error",
    async (filter) => {
      const origin = await commitTwice(
        { "cm.yaml": yamlDocs(configMap("app", v1)) },
        { "cm.yaml": yamlDocs(configMap("app", v2)) },
      );
      await origin.git(["config", "uploadpack.allowFilter", "true"]);
      const clone = await cloneTempRepo(`file://${origin.dir}`, [`--filter=${filter}`, "--no-checkout"]);
      repos.push(clone);
      await clone.git(["remote", "set-url", "origin", "file:///nonexistent/repo"]);
      const run = await runInProcess(["--repo", clone.dir, "--dry-run", "--discover", "repo"]);
      expect(run.stderr).not.toMatch(/looks like a bug/);
      expect(run.stderr).toMatch(/missing from this clone.*fetch-depth: 0|git fetch/);
      expect(run.code).toBe(2);
    },
  );

  test("kubectl reads `enabled: yes` as a boolean: reported as kubectl would reject it", async () => {
    const cm = (value: string) =>
      `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: app}\ndata:\n  enabled: ${value}\n`;
    const p = await plan({ "cm.yaml": cm('"no"') }, { "cm.yaml": cm("yes") });
    expect(p.problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/data key "enabled" must be a string, found a boolean/),
    ]);
  });
});

describe("item 6: names Kubernetes would reject", () => {
  test("an invalid namespace flag is exit 2 before anything else", async () => {
    const run = await runInProcess(["--namespace", "Bad_NS!", "--dry-run"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--namespace: "Bad_NS!" is not a valid namespace name/);
  });

  test("an invalid metadata.name is a manifest problem at file:line, escaped", async () => {
    const bad = "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: \"app\\n::error::x\"\ndata: {A: '1'}\n";
    const p = await plan(
      { "cm.yaml": yamlDocs(configMap("ok", v1)) },
      { "cm.yaml": `${yamlDocs(configMap("ok", v2))}---\n${bad}` },
    );
    const problem = p.problems.find((x) => x.message.includes("metadata.name"));
    expect(problem).toMatchObject({ file: "cm.yaml", severity: "error" });
    expect(problem!.message).toContain('"app\\n::error::x"');
  });
});
