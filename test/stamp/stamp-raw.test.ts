// `config-rollout stamp` on a real git repository of raw manifests: only annotation lines change,
// a second stamp is a no-op, --check exits 1/0/2, and the value is the one the live strategy writes.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { useClosing } from "../helpers/closing.js";
import { createTempRepo, type TempRepo } from "../helpers/git-repo.js";
import { runInProcess } from "../helpers/run-cli.js";
import { NS, startScenario } from "../run/cluster-scenario.js";

const KEY = "config-rollout.io/config-hash";
const closing = useClosing();

const APP = (logLevel: string) => `# application settings
apiVersion: v1
kind: ConfigMap
metadata:
  name: app
data:
  DB_HOST: db.internal
  LOG_LEVEL: ${logLevel}
`;

const WORKLOADS = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: reads-db-host
spec:
  selector: {matchLabels: {app: a}}
  template:
    metadata:
      labels: {app: a} # flow map kept
    spec:
      containers:
        - name: a
          image: registry.example/a:1
          env:
            - name: DB_HOST
              valueFrom:
                configMapKeyRef: {name: app, key: DB_HOST}
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: reads-all
spec:
  template:
    metadata:
      annotations:
        team: 'payments'
    spec:
      containers:
        - name: b
          image: registry.example/b:1
          envFrom:
            - configMapRef: {name: app}
            - secretRef: {name: made-by-external-secrets}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: no-repo-config
spec:
  template:
    spec:
      containers:
        - name: c
          image: registry.example/c:1
          envFrom:
            - secretRef: {name: made-by-external-secrets}
`;

async function setUp(): Promise<TempRepo> {
  const repo = closing(await createTempRepo());
  await repo.write("deploy/app-config.yaml", APP("info"));
  await repo.write("deploy/workloads.yaml", WORKLOADS.replaceAll("\n", "\r\n"));
  await repo.write("deploy/worker.json", `${JSON.stringify(jsonWorker(), null, 2)}\n`);
  await repo.commit("manifests");
  return repo;
}

function jsonWorker() {
  return {
    apiVersion: "apps/v1",
    kind: "DaemonSet",
    metadata: { name: "agent" },
    spec: {
      template: {
        metadata: { labels: { app: "agent" } },
        spec: {
          containers: [{ name: "d", image: "x", volumeMounts: [{ name: "v", mountPath: "/etc/app" }] }],
          volumes: [{ name: "v", configMap: { name: "app", items: [{ key: "LOG_LEVEL", path: "level" }] } }],
        },
      },
    },
  };
}

const stamp = (dir: string, args: string[] = []) => runInProcess(["stamp", "--repo", dir, ...args]);

/** Changed lines of `git diff -U0`, without the headers. */
async function changedLines(r: TempRepo): Promise<string[]> {
  const diff = await r.git(["diff", "-U0", "--no-color"]);
  return diff
    .split("\n")
    .filter((l) => /^[-+]/.test(l) && !/^(---|\+\+\+) /.test(l))
    .map((l) => l.replace(/\r$/, ""));
}

describe("config-rollout stamp on raw manifests", () => {
  test("only annotation lines change (CRLF and JSON kept); a second stamp is a no-op; --check then passes", async () => {
    const r = await setUp();
    const check = await stamp(r.dir, ["--check"]);
    expect(check.code, check.stderr).toBe(1);
    expect(check.stdout).toMatch(/Stamps missing or stale: 3 workload\(s\)/);
    expect(check.stdout).toMatch(
      /deployment\/reads-db-host \(namespace default\) in deploy\/workloads.yaml: \(none\) -> [0-9a-f]{64}/,
    );
    expect(check.stdout).toContain(
      `Fix: run \`config-rollout stamp --repo ${r.dir}\` and commit the result.`,
    );
    expect(await r.git(["status", "--porcelain"])).toBe("");

    const first = await stamp(r.dir);
    expect(first.code, first.stderr).toBe(0);
    const lines = await changedLines(r);
    expect(lines.every((l) => l.startsWith("+"))).toBe(true);
    expect(lines.filter((l) => !/^\+\s*"?annotations"?:/.test(l) && !l.includes(KEY))).toEqual([]);
    // reads-db-host: an annotations line and the value; reads-all: the value beside `team`; JSON: one inline line.
    expect(lines).toHaveLength(4);
    const workloads = await readFile(join(r.dir, "deploy/workloads.yaml"), "utf8");
    expect(workloads.replaceAll("\r\n", "")).not.toContain("\n");
    expect(
      JSON.parse(await readFile(join(r.dir, "deploy/worker.json"), "utf8")).spec.template.metadata
        .annotations[KEY],
    ).toMatch(/^[0-9a-f]{64}$/);
    expect(first.stdout).toContain(
      "deployment/no-repo-config (namespace default): secret/made-by-external-secrets (consumes no repository config: not touched)",
    );
    expect(first.stdout).toContain(
      "statefulset/reads-all (namespace default): secret/made-by-external-secrets",
    );

    await r.commit("stamped");
    const second = await stamp(r.dir);
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(/^Nothing to stamp: 3 workload\(s\) already carry/);
    expect(await r.git(["status", "--porcelain"])).toBe("");
    expect((await stamp(r.dir, ["--check"])).code).toBe(0);
  });

  test("a DB_HOST-only consumer keeps its value when only LOG_LEVEL changes; its readers get new values", async () => {
    const r = await setUp();
    expect((await stamp(r.dir)).code).toBe(0);
    await r.commit("stamped");
    await r.write("deploy/app-config.yaml", APP("debug"));
    const json = JSON.parse((await stamp(r.dir, ["--check", "-o", "json"])).stdout) as {
      outcome: string;
      changes: Array<{ name: string; old: string; new: string }>;
      fix: string;
    };
    expect(json.outcome).toBe("stale");
    expect(json.changes.map((c) => c.name).sort()).toEqual(["agent", "reads-all"]);
    expect(json.changes.every((c) => /^[0-9a-f]{64}$/.test(c.old) && c.old !== c.new)).toBe(true);
    expect(json.fix).toContain("config-rollout stamp");
    expect((await stamp(r.dir)).code).toBe(0);
    const diff = await r.git(["diff", "--name-only"]);
    expect(diff.trim().split("\n").sort()).toEqual([
      "deploy/app-config.yaml",
      "deploy/worker.json",
      "deploy/workloads.yaml",
    ]);
    const lines = await changedLines(r);
    expect(lines.filter((l) => l.includes(KEY))).toHaveLength(4); // two values replaced: - and +
  });

  test("--changed-only stamps only workloads whose consumed content changed between --base and --head", async () => {
    const r = await setUp();
    await r.write("deploy/app-config.yaml", APP("debug"));
    await r.commit("debug logging");
    const run = await stamp(r.dir, ["--changed-only", "--base", "HEAD~1", "--head", "HEAD", "-o", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { changes: Array<{ name: string }> };
    expect(report.changes.map((c) => c.name).sort()).toEqual(["agent", "reads-all"]);
  });

  test("bad input exits 2 before writing anything", async () => {
    const r = await setUp();
    const run = await stamp(r.dir, ["--kustomize", "nowhere"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--kustomize nowhere/);
    expect(await r.git(["status", "--porcelain"])).toBe("");
  });

  test("--check shows a stale value written as a block scalar on its one line, line breaks escaped", async () => {
    const r = closing(await createTempRepo());
    await r.write("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  A: '1'\n");
    await r.write(
      "d.yaml",
      `apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    metadata:\n      annotations:\n        ${KEY}: |\n          stale\n          ::error title=x::injected\n    spec:\n      containers:\n      - name: a\n        image: x\n        envFrom:\n        - configMapRef:\n            name: app\n`,
    );
    await r.commit("a stale stamp over two lines");
    const check = await stamp(r.dir, ["--check"]);
    expect(check.code, check.stderr).toBe(1);
    const line = check.stdout.split("\n").find((l) => l.includes("deployment/web"));
    expect(line).toMatch(/ in d\.yaml: "stale\\n::error title=x::injected\\n" -> [0-9a-f]{64}$/);
    expect(check.stdout).not.toMatch(/^\s*::/m);
  });

  test("--check's fix line names the HMAC key's variable, never the key given as a flag", async () => {
    const r = closing(await createTempRepo());
    await r.write("cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\ndata:\n  A: '1'\n");
    await r.write(
      "d.yaml",
      "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n      - name: a\n        image: x\n        envFrom:\n        - configMapRef:\n            name: app\n",
    );
    await r.commit("not stamped yet");
    for (const flag of [["--hash-key", "s3cr3t-HMAC-key"], ["--hash-key=s3cr3t-HMAC-key"]]) {
      for (const output of ["text", "json"]) {
        const check = await stamp(r.dir, ["--check", ...flag, "-o", output]);
        expect(check.code, check.stderr).toBe(1);
        expect(check.stdout + check.stderr).not.toContain("s3cr3t-HMAC-key");
        expect(check.stdout).toContain("$CONFIG_ROLLOUT_HASH_KEY");
      }
    }
  });

  test("the stamp writes the value the live annotation strategy patches for the same content", async () => {
    // With --hash-key in both: every consumer, the Secret's included, gets the same value.
    const scenario = closing(await startScenario());
    const live = await scenario.run(["--hash-key", "k-7f3a"]);
    expect(live.code, live.stderr).toBe(0);
    const run = await stamp(scenario.repo.dir, ["--namespace", NS, "--hash-key", "k-7f3a", "-o", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as { changes: Array<{ kind: string; name: string; new: string }> };
    expect(report.changes.map((c) => c.name).sort()).toEqual(["api", "web", "worker"]);
    for (const change of report.changes) {
      expect(change.new).toBe(scenario.template(change.kind, change.name).annotations[KEY]);
    }
  });

  test("without --hash-key a Secret's consumer is not stamped (named, with the fix); ConfigMap consumers match the live value", async () => {
    const scenario = closing(await startScenario());
    expect((await scenario.run()).code).toBe(0);
    const run = await stamp(scenario.repo.dir, ["--namespace", NS, "-o", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as {
      changes: Array<{ kind: string; name: string; new: string }>;
      unstampable: Array<{ what: string; reason: string }>;
    };
    expect(report.changes.map((c) => c.name).sort()).toEqual(["web", "worker"]);
    for (const change of report.changes) {
      expect(change.new).toBe(scenario.template(change.kind, change.name).annotations[KEY]);
    }
    const api = report.unstampable.find((u) => u.what.startsWith("deployment/api"));
    expect(api?.reason).toContain("consumes secret/db from the repository: without --hash-key");
    expect(await readFile(join(scenario.repo.dir, "deploy/shop.yaml"), "utf8")).not.toMatch(
      /name: api[\s\S]*config-rollout\.io\/config-hash/,
    );
    // --strict makes it an error (exit 2), nothing written.
    await scenario.repo.git(["checkout", "--", "."]);
    const strict = await stamp(scenario.repo.dir, ["--namespace", NS, "--strict"]);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain("Set --hash-key");
    expect(await scenario.repo.git(["status", "--porcelain"])).toBe("");
  });
});
