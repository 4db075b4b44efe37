// What the reports say, end to end and in-process: real git repositories, the CLI function run as a
// user would, and the text, markdown or JSON it prints. Each headline must say what the plan found;
// a run that stops with an error still prints a report of that error in the format asked for.
import { describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { type TempRepo, useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";

type Files = Record<string, string>;

const commitTwice = useCommitTwice();

function run(repo: TempRepo, args: string[]) {
  return runInProcess(["--repo", repo.dir, "--discover", "repo", ...args]);
}

const envFrom = pod({ envFrom: [{ configMapRef: { name: "app" } }] });
const keyRef = pod({
  env: [{ name: "PORT", valueFrom: { configMapKeyRef: { name: "app", key: "PORT" } } }],
});
/** envFrom the config, with a new image: the pod template changed. */
const envFromV2 = pod({ envFrom: [{ configMapRef: { name: "app" } }], image: "registry.example/app:2" });
const config = (level: string) => configMap("app", { LOG_LEVEL: level, PORT: "8080" });

describe("the headline of a run that restarts nothing says why", () => {
  test("workloads that roll on apply: they roll, not 'no running workload consumes'", async () => {
    const repo = await commitTwice(
      { "k8s/app.yaml": yamlDocs(config("info"), deployment("web", envFrom)) },
      {
        "k8s/app.yaml": yamlDocs(config("debug"), deployment("web", envFromV2)),
      },
    );
    const text = await run(repo, ["--dry-run"]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      "Nothing to restart: 1 workload(s) roll on apply (their pod template changed in this range).",
    );
    expect(text.stdout).not.toContain("no running workload consumes");
    const markdown = await run(repo, ["--dry-run", "--output", "markdown"]);
    expect(markdown.stdout).toContain(
      "**Nothing to restart: 1 workload(s) roll on apply (their pod template changed in this range).**",
    );
  });

  test("only keys the workloads do not read changed", async () => {
    const repo = await commitTwice(
      { "k8s/app.yaml": yamlDocs(config("info"), deployment("web", keyRef)) },
      { "k8s/app.yaml": yamlDocs(config("debug"), deployment("web", keyRef)) },
    );
    const text = await run(repo, ["--dry-run"]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      "Nothing to restart: the 1 workload(s) using the changed configs read none of the changed keys.",
    );
  });

  test("both at once are counted apart", async () => {
    const repo = await commitTwice(
      {
        "k8s/app.yaml": yamlDocs(config("info"), deployment("web", keyRef), deployment("api", envFrom)),
      },
      {
        "k8s/app.yaml": yamlDocs(config("debug"), deployment("web", keyRef), deployment("api", envFromV2)),
      },
    );
    const text = await run(repo, ["--dry-run"]);
    expect(text.stdout).toContain(
      "Nothing to restart: 1 workload(s) roll on apply, 1 read none of the changed keys.",
    );
  });

  test("no consumer at all keeps its own headline", async () => {
    const repo = await commitTwice(
      { "k8s/app.yaml": yamlDocs(config("info")) },
      { "k8s/app.yaml": yamlDocs(config("debug")) },
    );
    const text = await run(repo, ["--dry-run"]);
    expect(text.stdout).toContain("Nothing to restart: no running workload consumes the changed content.");
  });
});

describe("a workload moving from a hash-suffixed config to an unsuffixed one", () => {
  const kustomization = (options: Record<string, unknown>) =>
    stringify({
      resources: ["deployment.yaml"],
      configMapGenerator: [{ name: "app", envs: ["app.env"], ...options }],
    });
  const tree = (options: Record<string, unknown>): Files => ({
    "app/kustomization.yaml": kustomization(options),
    "app/deployment.yaml": yamlDocs(deployment("web", envFrom)),
    "app/app.env": "LOG_LEVEL=info\n",
  });

  test("rolls on apply (its pod template changed), never 'could not have started without it'", async () => {
    const repo = await commitTwice(tree({}), tree({ options: { disableNameSuffixHash: true } }));
    const result = await run(repo, ["--dry-run", "--output", "json"]);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout) as {
      workloads: Array<{ name: string; action: string; reason: string; rollsOnApply?: boolean }>;
    };
    expect(report.workloads).toEqual([
      expect.objectContaining({
        name: "web",
        action: "skip",
        rollsOnApply: true,
        reason:
          "rolls on apply: its pod template changed in this range (now reads configmap/app, added in this diff), so applying the manifests restarts it",
      }),
    ]);
    expect(result.stdout).not.toContain("could not have started");
  });

  test("a hand-written rename rolls on apply too", async () => {
    const renamed = (name: string) =>
      yamlDocs(
        configMap(name, { LOG_LEVEL: "info" }),
        deployment("web", pod({ envFrom: [{ configMapRef: { name } }] })),
      );
    const repo = await commitTwice(
      { "k8s/app.yaml": renamed("app-5f7c9d2k4m") },
      { "k8s/app.yaml": renamed("app") },
    );
    const text = await run(repo, ["--dry-run"]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("deployment/web (namespace default): rolls on apply");
    expect(text.stdout).not.toContain("could not have started");
  });
});

describe("--max-restarts", () => {
  const twoConsumers = (level: string): Files => ({
    "k8s/app.yaml": yamlDocs(config(level), deployment("web", envFrom), deployment("api", envFrom)),
  });

  test("a dry run prints the plan (exit 0) and says a real run would refuse it", async () => {
    const repo = await commitTwice(twoConsumers("info"), twoConsumers("debug"));
    const dry = await run(repo, ["--max-restarts", "1", "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("Dry run: 2 workload(s) would restart.");
    expect(dry.stdout).toContain(
      "the plan restarts 2 workloads, more than --max-restarts 1: a real run would refuse it and restart nothing",
    );
    const json = await run(repo, ["--max-restarts", "1", "--dry-run", "--output", "json"]);
    expect((JSON.parse(json.stdout) as { warnings: string[] }).warnings).toContain(
      "the plan restarts 2 workloads, more than --max-restarts 1: a real run would refuse it and restart nothing",
    );
  });

  test("a real run still refuses it, before any cluster is asked", async () => {
    const repo = await commitTwice(twoConsumers("info"), twoConsumers("debug"));
    const real = await run(repo, ["--max-restarts", "1"]);
    expect(real.code).toBe(2);
    expect(real.stderr).toContain(
      "the plan restarts 2 workloads, more than --max-restarts 1; nothing was restarted (run with --dry-run to see the plan)",
    );
  });
});
