// An honest headline: when something the range touched was not read (a Helm chart nothing renders,
// a kustomization that does not build, a file over --max-file-size), the run never ends with
// "Nothing changed" as a fact. The last line says the plan is incomplete and names what was not
// read, the JSON outcome is `incomplete` (exit 0), and --strict makes it exit 2 before any request.
// Through the CLI function, against real git repositories and real kustomize.
import { afterEach, describe, expect, test } from "vitest";
import { stringify } from "yaml";
import { type TempRepo, useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { parseRunJson } from "../helpers/run-json.js";
import { type Scenario, startScenario } from "./cluster-scenario.js";

type Files = Record<string, string | null>;

const commitTwice = useCommitTwice();

const run = (repo: TempRepo, args: string[] = []) =>
  runInProcess(["--repo", repo.dir, "--dry-run", "--discover", "repo", ...args]);

const lastLine = (text: string) => text.trimEnd().split("\n").at(-1);

const chart = (replicas: number): Files => ({
  "charts/web/Chart.yaml": stringify({ apiVersion: "v2", name: "web", version: "0.1.0" }),
  "charts/web/values.yaml": `replicas: ${replicas}\n`,
  "charts/web/templates/configmap.yaml":
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web\ndata:\n  replicas: '{{ .Values.replicas }}'\n",
});

const rawApp = (level: string): Files => ({
  "deploy/app.yaml": yamlDocs(
    configMap("app-config", { LEVEL: level }),
    deployment("app", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] })),
  ),
});

describe("a push that edits a Helm chart's values.yaml (charts are planned only through --render)", () => {
  test("ends with an incomplete plan naming the chart, never 'Nothing changed'; exit 0", async () => {
    const repo = await commitTwice(chart(1), chart(2));
    const text = await run(repo);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).not.toContain("Nothing changed");
    expect(lastLine(text.stdout)).toBe(
      "Incomplete plan: 1 touched source(s) not read: charts/web/Chart.yaml (Helm chart, not rendered). From the rest: no ConfigMap or Secret content differs in what was read.",
    );
    const json = await run(repo, ["--output", "json"]);
    const plan = parseRunJson(json.stdout);
    expect(plan.outcome).toBe("incomplete");
    expect(plan.unread).toEqual([{ file: "charts/web/Chart.yaml", why: "Helm chart, not rendered" }]);
    const markdown = await run(repo, ["--output", "markdown"]);
    expect(markdown.stdout).toContain("**Incomplete plan: 1 touched source(s) not read:");
  });

  test("--strict turns it into exit 2, naming the chart", async () => {
    const repo = await commitTwice(chart(1), chart(2));
    const result = await run(repo, ["--strict"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "incomplete plan under --strict: 1 touched source(s) not read: charts/web/Chart.yaml (Helm chart, not rendered)",
    );
  });

  test("a push that leaves nothing unread still says 'Nothing changed', and --strict passes it", async () => {
    const repo = await commitTwice(
      { ...rawApp("info"), "README.md": "a\n" },
      { ...rawApp("info"), "README.md": "b\n" },
    );
    const result = await run(repo, ["--strict"]);
    expect(result.code, result.stderr).toBe(0);
    expect(lastLine(result.stdout)).toBe(
      "Nothing changed: no ConfigMap or Secret content differs between the two commits.",
    );
  });
});

describe("a plan with restarts and something unread", () => {
  // kustomize's load restrictor refuses a resource outside the kustomization's directory, at both commits.
  const broken = (level: string): Files => ({
    "outside/cm.yaml": yamlDocs(configMap("outside", { LEVEL: level })),
    "app/kustomization.yaml": stringify({ resources: ["../outside/cm.yaml"] }),
  });

  test("lists the restarts and says what was not read; the Sources note says the build failed", async () => {
    const repo = await commitTwice(
      { ...broken("1"), ...rawApp("info") },
      { ...broken("2"), ...rawApp("debug") },
    );
    const text = await run(repo);
    expect(text.code, text.stderr).toBe(0);
    expect(lastLine(text.stdout)).toBe(
      "Incomplete plan: 1 touched source(s) not read: app/kustomization.yaml (kustomization, cannot be built at either commit). From the rest: Dry run: 1 workload(s) would restart.",
    );
    const plan = parseRunJson((await run(repo, ["--output", "json"])).stdout);
    expect(plan.outcome).toBe("incomplete");
    expect(plan.workloads.map((w) => [w.name, w.action])).toEqual([["app", "restart"]]);
    // Written after the render: never "rendered at both commits" for what did not build.
    expect(plan.sources).toEqual([
      "kustomize app: cannot be built at either commit, nothing planned from it (see the notes)",
    ]);
  });

  test("a file over --max-file-size is named too", async () => {
    const big = (value: string) => yamlDocs(configMap("big", { DATA: value.repeat(3000) }));
    const repo = await commitTwice(
      { ...rawApp("info"), "deploy/big.yaml": big("a") },
      { ...rawApp("debug"), "deploy/big.yaml": big("b") },
    );
    const plan = parseRunJson(
      (await run(repo, ["--output", "json", "--max-file-size", "2000", "--kustomize", "none"])).stdout,
    );
    expect(plan.outcome).toBe("incomplete");
    expect(plan.unread).toEqual([{ file: "deploy/big.yaml", why: "over --max-file-size" }]);
    expect(plan.workloads.map((w) => [w.name, w.action])).toEqual([["app", "restart"]]);
  });
});

describe("a changed manifest with errors at one commit: what it defines there cannot be told", () => {
  const web = yamlDocs(deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] })));
  const config = (data: string) =>
    `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n${data}`;
  const before: Files = { "deploy/web.yaml": web, "deploy/app.yaml": config("  LEVEL: info\n") };
  const unreadAtHead = { file: "deploy/app.yaml", why: "has errors at the head commit" };

  /** The push's head writes `bytes` (not text) over deploy/app.yaml. */
  async function withBytesAtHead(bytes: Uint8Array): Promise<TempRepo> {
    const repo = await commitTwice(before, {});
    await repo.write("deploy/app.yaml", bytes);
    await repo.git(["add", "-A"]);
    await repo.git(["commit", "-q", "--amend", "--no-edit"]);
    return repo;
  }

  test.each([
    ["tab indentation", "\tLEVEL: debug\n"],
    ["an unclosed quote", '  LEVEL: "debug\n'],
    ["an alias to no anchor", "  LEVEL: *level\n"],
    ["invalid UTF-8", Buffer.concat([Buffer.from(config("  LEVEL: ")), Buffer.from([0xff, 0x0a])])],
  ])(
    "%s at head: an incomplete plan naming the file in text, JSON and markdown, never 'Nothing changed'",
    async (_, head) => {
      const repo =
        typeof head === "string"
          ? await commitTwice(before, { "deploy/app.yaml": config(head) })
          : await withBytesAtHead(head);
      const text = await run(repo);
      expect(text.code, text.stderr).toBe(0);
      expect(text.stderr).toContain("cannot tell whether configmap/app-config (namespace default) changed");
      expect(lastLine(text.stdout)).toBe(
        "Incomplete plan: 1 touched source(s) not read: deploy/app.yaml (has errors at the head commit). From the rest: no ConfigMap or Secret content differs in what was read.",
      );
      const plan = parseRunJson((await run(repo, ["--output", "json"])).stdout);
      expect(plan.outcome).toBe("incomplete");
      expect(plan.unread).toEqual([unreadAtHead]);
      const markdown = await run(repo, ["--output", "markdown"]);
      expect(markdown.stdout).toContain(
        "**Incomplete plan: 1 touched source(s) not read: deploy/app.yaml (has errors at the head commit).",
      );
      // A manifest problem under --strict, as before.
      expect((await run(repo, ["--strict"])).code).toBe(2);
    },
  );

  test("a new file that does not parse is unread too, though no config is known to be in it", async () => {
    const repo = await commitTwice(before, { "deploy/extra.yaml": config('  MODE: "fast\n') });
    const plan = parseRunJson((await run(repo, ["--output", "json"])).stdout);
    expect(plan.outcome).toBe("incomplete");
    expect(plan.unread).toEqual([{ file: "deploy/extra.yaml", why: "has errors at the head commit" }]);
  });

  test("a file broken at base and fixed at head: its config is not 'added' (its pods ran with it)", async () => {
    const repo = await commitTwice(
      { ...before, "deploy/app.yaml": config("\tLEVEL: info\n") },
      { "deploy/app.yaml": config("  LEVEL: debug\n") },
    );
    const plan = parseRunJson((await run(repo, ["--output", "json"])).stdout);
    expect(plan.changes).toEqual([]);
    expect(plan.workloads).toEqual([]);
    expect(plan.outcome).toBe("incomplete");
    expect(plan.unread).toEqual([{ file: "deploy/app.yaml", why: "has errors at the base commit" }]);
    const strict = await run(repo, ["--strict"]);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain(
      "incomplete plan under --strict: 1 touched source(s) not read: deploy/app.yaml",
    );
  });
});

describe("a real run whose plan is incomplete", () => {
  let scenario: Scenario | undefined;
  afterEach(async () => {
    await scenario?.close();
    scenario = undefined;
  });

  test("still makes the restarts planned from what was read, exit 0, the result says incomplete", async () => {
    const s = await startScenario();
    scenario = s;
    // The same push also adds a manifest kept in Git LFS: what it defines is not in the plan.
    await s.repo.write(
      "deploy/extra.yaml",
      `version https://git-lfs.github.com/spec/v1\noid sha256:${"c".repeat(64)}\nsize 900\n`,
    );
    await s.repo.git(["add", "-A"]);
    await s.repo.git(["commit", "-q", "--amend", "--no-edit"]);
    const text = await s.run();
    expect(text.code, text.stderr).toBe(0);
    expect(s.patchedNames()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
    expect(lastLine(text.stdout)).toBe(
      "Incomplete plan: 1 touched source(s) not read: deploy/extra.yaml (a Git LFS pointer). From the rest: Restarted 3 workload(s).",
    );
    // A rerun: the restarts are in place; the plan is still incomplete, and --strict refuses it before any write.
    s.sim.resetRequests();
    const strict = await s.run(["--strict"]);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain("incomplete plan under --strict");
    expect(s.patchedNames()).toEqual([]);
  });
});
