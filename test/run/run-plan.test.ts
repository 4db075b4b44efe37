// The plan, end to end and in-process: real git repositories in temp dirs, the CLI function run as a user would with
// --dry-run --output json. Each case commits a "before" and an "after" tree and checks which
// workloads restart and which do not.
import { describe, expect, test } from "vitest";
import { useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, secret, workload, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import { dryRunJson, type RunJson } from "../helpers/run-json.js";

type Files = Record<string, string>;

const commitTwice = useCommitTwice({ removeUnlisted: true });
const plan = async (before: Files, after: Files, args: string[] = []) =>
  dryRunJson((await commitTwice(before, after)).dir, args);

const restarts = (p: RunJson) =>
  p.workloads.filter((w) => w.action === "restart").map((w) => `${w.kind}/${w.name}`);
const skips = (p: RunJson) =>
  p.workloads.filter((w) => w.action === "skip").map((w) => `${w.kind}/${w.name}`);

const v1 = { LOG_LEVEL: "info", PORT: "8080" };
const v2 = { LOG_LEVEL: "debug", PORT: "8080" };

describe("every way of consuming a config restarts the consumer", () => {
  test.each([
    [
      "a volume",
      pod(
        { volumeMounts: [{ name: "c", mountPath: "/etc/c" }] },
        { volumes: [{ name: "c", configMap: { name: "app" } }] },
      ),
    ],
    [
      "a projected volume",
      pod(
        { volumeMounts: [{ name: "c", mountPath: "/etc/c" }] },
        { volumes: [{ name: "c", projected: { sources: [{ configMap: { name: "app" } }] } }] },
      ),
    ],
    ["envFrom", pod({ envFrom: [{ configMapRef: { name: "app" } }] })],
    [
      "env valueFrom of a changed key",
      pod({ env: [{ name: "L", valueFrom: { configMapKeyRef: { name: "app", key: "LOG_LEVEL" } } }] }),
    ],
    [
      "an init container",
      pod(
        {},
        {
          initContainers: [{ name: "init", image: "busybox", envFrom: [{ configMapRef: { name: "app" } }] }],
        },
      ),
    ],
    [
      "a subPath mount",
      pod(
        { volumeMounts: [{ name: "c", mountPath: "/etc/app.conf", subPath: "LOG_LEVEL" }] },
        { volumes: [{ name: "c", configMap: { name: "app" } }] },
      ),
    ],
    [
      "volume items naming the changed key",
      pod(
        {},
        {
          volumes: [{ name: "c", configMap: { name: "app", items: [{ key: "LOG_LEVEL", path: "level" }] } }],
        },
      ),
    ],
  ])("%s", async (_label, podSpec) => {
    const p = await plan(
      { "app.yaml": yamlDocs(configMap("app", v1), deployment("web", podSpec)) },
      { "app.yaml": yamlDocs(configMap("app", v2), deployment("web", podSpec)) },
    );
    expect(p.changes.map((c) => [c.name, c.status, c.keys])).toEqual([["app", "modified", ["LOG_LEVEL"]]]);
    expect(restarts(p)).toEqual(["Deployment/web"]);
  });

  test.each(["StatefulSet", "DaemonSet"] as const)("a %s", async (kind) => {
    const podSpec = pod({ envFrom: [{ configMapRef: { name: "app" } }] });
    const p = await plan(
      { "a.yaml": yamlDocs(configMap("app", v1), workload(kind, "x", podSpec)) },
      { "a.yaml": yamlDocs(configMap("app", v2), workload(kind, "x", podSpec)) },
    );
    expect(restarts(p)).toEqual([`${kind}/x`]);
  });

  test.each([
    [
      "data (base64)",
      { data: { password: Buffer.from("old").toString("base64") } },
      { data: { password: Buffer.from("new").toString("base64") } },
    ],
    ["stringData", { stringData: { password: "old" } }, { stringData: { password: "new" } }],
    [
      "stringData over data",
      { data: { password: Buffer.from("same").toString("base64") } },
      { data: { password: Buffer.from("same").toString("base64") }, stringData: { password: "new" } },
    ],
  ])("a Secret changed through %s", async (_label, before, after) => {
    const podSpec = pod({
      env: [{ name: "P", valueFrom: { secretKeyRef: { name: "db", key: "password" } } }],
    });
    const p = await plan(
      { "db.yaml": yamlDocs(secret("db", before), deployment("api", podSpec)) },
      { "db.yaml": yamlDocs(secret("db", after), deployment("api", podSpec)) },
    );
    expect(p.changes.map((c) => `${c.kind}/${c.name}:${c.keys.join(",")}`)).toEqual(["Secret/db:password"]);
    expect(restarts(p)).toEqual(["Deployment/api"]);
  });

  test("a workload consuming several changed configs appears once, with every reason", async () => {
    const podSpec = pod({ envFrom: [{ configMapRef: { name: "a" } }, { secretRef: { name: "s" } }] });
    const p = await plan(
      {
        "x.yaml": yamlDocs(
          configMap("a", v1),
          secret("s", { stringData: { k: "1" } }),
          deployment("web", podSpec),
        ),
      },
      {
        "x.yaml": yamlDocs(
          configMap("a", v2),
          secret("s", { stringData: { k: "2" } }),
          deployment("web", podSpec),
        ),
      },
    );
    expect(restarts(p)).toEqual(["Deployment/web"]);
    expect(p.workloads[0]!.references).toHaveLength(2);
  });
});

describe("what is not a change restarts nothing", () => {
  const consumer = deployment("web", pod({ envFrom: [{ configMapRef: { name: "app" } }] }));

  test("a formatting, comment, key-order and label-only edit", async () => {
    const before = `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  LOG_LEVEL: info\n  PORT: "8080"\n`;
    const after = `# tuned by ops\nkind: ConfigMap\napiVersion: v1\nmetadata: {name: app, labels: {team: web}, annotations: {note: x}}\ndata:\n  PORT: '8080'\n  LOG_LEVEL: "info"\n`;
    const p = await plan(
      { "cm.yaml": before, "web.yaml": yamlDocs(consumer) },
      { "cm.yaml": after, "web.yaml": yamlDocs(consumer) },
    );
    expect(p.changes).toEqual([]);
    expect(p.workloads).toEqual([]);
    expect(p.outcome).toBe("nothing-to-do");
  });

  test("a renamed file, content unchanged", async () => {
    const text = yamlDocs(configMap("app", v1), consumer);
    const p = await plan({ "old/app.yaml": text }, { "new/app.yaml": text });
    expect(p.changes).toEqual([]);
  });

  test("a config moved to another file", async () => {
    const p = await plan(
      { "a.yaml": yamlDocs(configMap("app", v1), consumer) },
      { "a.yaml": yamlDocs(consumer), "b.yaml": yamlDocs(configMap("app", v1)) },
    );
    expect(p.changes).toEqual([]);
  });

  test("another namespace's config of the same name", async () => {
    const p = await plan(
      { "a.yaml": yamlDocs(configMap("app", v1, { namespace: "other" }), consumer) },
      { "a.yaml": yamlDocs(configMap("app", v2, { namespace: "other" }), consumer) },
    );
    expect(p.changes.map((c) => `${c.namespace}/${c.name}`)).toEqual(["other/app"]);
    expect(p.workloads).toEqual([]);
  });

  test("a key the workload does not read", async () => {
    const reader = deployment(
      "web",
      pod({ env: [{ name: "P", valueFrom: { configMapKeyRef: { name: "app", key: "PORT" } } }] }),
    );
    const p = await plan(
      { "a.yaml": yamlDocs(configMap("app", v1), reader) },
      { "a.yaml": yamlDocs(configMap("app", v2), reader) },
    );
    expect(restarts(p)).toEqual([]);
    expect(skips(p)).toEqual(["Deployment/web"]);
  });

  test("the config-rollout.io/ignore annotation", async () => {
    const ignored = deployment("web", pod({ envFrom: [{ configMapRef: { name: "app" } }] }), {
      annotations: { "config-rollout.io/ignore": "true" },
    });
    const p = await plan(
      { "a.yaml": yamlDocs(configMap("app", v1), ignored) },
      { "a.yaml": yamlDocs(configMap("app", v2), ignored) },
    );
    expect(restarts(p)).toEqual([]);
    expect(p.workloads[0]?.reason).toMatch(/config-rollout.io\/ignore/);
  });

  test("a workload that is new in this diff starts with the new config", async () => {
    const p = await plan(
      { "a.yaml": yamlDocs(configMap("app", v1)) },
      { "a.yaml": yamlDocs(configMap("app", v2), consumer) },
    );
    expect(restarts(p)).toEqual([]);
    expect(p.workloads[0]?.reason).toMatch(/new in this diff/);
  });
});

describe("added, deleted and unusual files", () => {
  test("an added config is listed and restarts nothing; a deleted one warns about its consumers", async () => {
    const consumer = deployment("web", pod({ envFrom: [{ configMapRef: { name: "gone" } }] }));
    const p = await plan(
      { "gone.yaml": yamlDocs(configMap("gone", v1)), "web.yaml": yamlDocs(consumer) },
      { "new.yaml": yamlDocs(configMap("fresh", v1)), "web.yaml": yamlDocs(consumer) },
    );
    expect(p.changes.map((c) => `${c.name}:${c.status}`).sort()).toEqual(["fresh:added", "gone:deleted"]);
    expect(restarts(p)).toEqual([]);
    expect(p.warnings.join("\n")).toMatch(/gone.*deployment\/web/);
  });

  test("a JSON List and a path with spaces and unicode", async () => {
    const list = (data: Record<string, string>) =>
      JSON.stringify(
        {
          apiVersion: "v1",
          kind: "List",
          items: [
            configMap("app", data),
            deployment("web", pod({ envFrom: [{ configMapRef: { name: "app" } }] })),
          ],
        },
        null,
        2,
      );
    const p = await plan({ "my configs/ämter.json": list(v1) }, { "my configs/ämter.json": list(v2) });
    expect(p.changes.map((c) => c.file)).toEqual(["my configs/ämter.json"]);
    expect(restarts(p)).toEqual(["Deployment/web"]);
  });

  test("a consumer in an unchanged file is found", async () => {
    const consumer = yamlDocs(deployment("web", pod({ envFrom: [{ configMapRef: { name: "app" } }] })));
    const p = await plan(
      {
        "cm.yaml": yamlDocs(configMap("app", v1)),
        "deep/dir/web.yaml": consumer,
        "other.yaml": yamlDocs(configMap("x", v1)),
      },
      {
        "cm.yaml": yamlDocs(configMap("app", v2)),
        "deep/dir/web.yaml": consumer,
        "other.yaml": yamlDocs(configMap("x", v1)),
      },
    );
    expect(restarts(p)).toEqual(["Deployment/web"]);
  });

  test.each([["deploy/**/*.yaml"], ["deploy/**/*.{yaml,yml}"]])(
    "--paths %s limits what is read, with or without a git pathspec for it",
    async (paths) => {
      const consumer = yamlDocs(deployment("web", pod({ envFrom: [{ configMapRef: { name: "app" } }] })));
      const outside = yamlDocs(
        deployment("elsewhere", pod({ envFrom: [{ configMapRef: { name: "app" } }] })),
      );
      const p = await plan(
        {
          "deploy/cm.yaml": yamlDocs(configMap("app", v1)),
          "deploy/web.yaml": consumer,
          "other/x.yaml": outside,
        },
        {
          "deploy/cm.yaml": yamlDocs(configMap("app", v2)),
          "deploy/web.yaml": consumer,
          "other/x.yaml": outside,
        },
        ["--paths", paths],
      );
      expect(restarts(p)).toEqual(["Deployment/web"]);
    },
  );

  test("malformed YAML, an alias bomb, a binary .yaml and an oversized file are reported; the plan goes on", async () => {
    const consumer = deployment("web", pod({ envFrom: [{ configMapRef: { name: "app" } }] }));
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x"]'];
    for (let i = 0; i < 9; i++)
      bomb.push(
        `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(9)
          .fill(`*${String.fromCharCode(97 + i)}`)
          .join(",")}]`,
      );
    const before = { "app.yaml": yamlDocs(configMap("app", v1), consumer) };
    const p = await plan(
      before,
      {
        "app.yaml": yamlDocs(configMap("app", v2), consumer),
        "broken.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: broken\ndata:\n  a: [unclosed\n",
        "bomb.yaml": `${bomb.join("\n")}\n`,
        "binary.yaml": Buffer.from([0x00, 0xff, 0xfe, 0x01, 0x02]).toString("latin1"),
        "big.yaml": yamlDocs(configMap("big", { blob: "x".repeat(4096) })),
      },
      ["--max-file-size", "2048"],
    );
    expect(restarts(p)).toEqual(["Deployment/web"]);
    const byFile = new Map(p.problems.map((problem) => [problem.file, problem]));
    expect(byFile.get("broken.yaml")).toMatchObject({ line: expect.any(Number), col: expect.any(Number) });
    expect(byFile.get("bomb.yaml")?.message).toMatch(/alias/i);
    expect(byFile.get("binary.yaml")?.message).toMatch(/not a text file/i);
    expect(byFile.get("big.yaml")?.message).toMatch(/max-file-size/);
  });

  test("a config in a file that stops parsing is not reported as deleted", async () => {
    const p = await plan(
      { "a.yaml": yamlDocs(configMap("app", v1)) },
      { "a.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata: {LOG_LEVEL: [\n" },
    );
    expect(p.changes).toEqual([]);
    expect(p.problems.map((problem) => problem.message).join("\n")).toMatch(
      /cannot tell whether configmap\/app .* changed/,
    );
  });

  test("--strict makes a manifest problem fatal with a clear line and exit code 2", async () => {
    const repo = await commitTwice(
      { "a.yaml": yamlDocs(configMap("app", v1)) },
      { "a.yaml": "kind: ConfigMap\napiVersion: v1\nmetadata: {name: app\n" },
    );
    const run = await runInProcess(["--repo", repo.dir, "--dry-run", "--strict", "--discover", "repo"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/error: .*a\.yaml:\d+:\d+/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
