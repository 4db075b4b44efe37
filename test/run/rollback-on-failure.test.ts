// --rollback-on-failure with the in-place strategies, in the pipeline a user runs: the deploy step
// applies each commit with the real kubectl (client-side or server-side), then config-rollout runs.
// A breaking config value fails its workload; the run puts the config back to the base commit's
// content (as the deploy step would have written it), rolls every reader back to the template it ran
// before, waits for them, reports each, and exits 1; the next commit applied converges.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, onTestFinished, test } from "vitest";
import type { SimCluster } from "../../sim/index.js";
import type { TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, secret, workload, yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { findKubectl } from "../sim/helpers.js";
import { useSimRepo } from "./cluster-scenario.js";

const kubectlPath = findKubectl();
const NS = "shop";
type Json = Record<string, unknown>;

/** The repository at each commit: c1 good, c2 breaks LOG_LEVEL (and drops and adds a key), c3 fixes it. */
const CONFIG = {
  c0: { LOG_LEVEL: "info", PORT: "8080" },
  c1: { LOG_LEVEL: "debug", PORT: "8080", OLD_KEY: "old" },
  c2: { LOG_LEVEL: "broken", PORT: "8080", NEW_KEY: "new" },
  c3: { LOG_LEVEL: "warn", PORT: "8080" },
};
type Commit = keyof typeof CONFIG;
const PASSWORD: Record<Commit, string> = { c0: "p0", c1: "p1", c2: "p2", c3: "p2" };

function manifests(commit: Commit, extra: { immutable?: boolean } = {}): Json[] {
  const config = configMap("app-config", CONFIG[commit], { namespace: NS });
  return [
    extra.immutable ? { ...config, immutable: true } : config,
    secret("db", { stringData: { password: PASSWORD[commit] } }, NS),
    deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), {
      namespace: NS,
      replicas: 2,
    }),
    workload(
      "StatefulSet",
      "worker",
      pod(
        { volumeMounts: [{ name: "c", mountPath: "/etc/app" }] },
        { volumes: [{ name: "c", configMap: { name: "app-config" } }] },
      ),
      { namespace: NS },
    ),
    deployment(
      "api",
      pod({ env: [{ name: "DB_PASSWORD", valueFrom: { secretKeyRef: { name: "db", key: "password" } } }] }),
      { namespace: NS },
    ),
  ];
}

interface Pipeline {
  sim: SimCluster;
  repo: TempRepo;
  /** Commit `commit`, apply it with kubectl (as the deploy step), and run config-rollout on the last commit. */
  deploy(
    commit: Commit,
    args?: string[],
    extra?: { immutable?: boolean },
  ): Promise<{ code: number; stdout: string; stderr: string }>;
  /** Commit `commit` and apply it with kubectl, without running config-rollout. */
  commitAndApply(commit: Commit): Promise<void>;
  /** config-rollout on the last commit. */
  run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  kubectl(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }>;
  data(): Json;
  hash(kind: string, name: string): string | undefined;
}

const open = useSimRepo();

async function pipeline(serverSide: boolean): Promise<Pipeline> {
  const opened = await open({ rolloutStepMs: 10, kubeletSyncMs: 30, kubeconfig: { namespace: NS } });
  const { sim, repo, kubeconfig } = opened;
  sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } });
  // web's app crashes on start whenever the config it reads holds the breaking value.
  sim.setPodFailure("Deployment", NS, "web", "CrashLoopBackOff", {
    onlyFor: () =>
      (sim.get("ConfigMap", NS, "app-config") as { data?: Json } | undefined)?.data?.LOG_LEVEL === "broken",
    message: 'invalid LOG_LEVEL "broken"',
  });
  const kubectl = (...args: string[]) => opened.kubectl("-n", NS, ...args);
  const apply = async () => {
    const result = await kubectl(
      "apply",
      ...(serverSide ? ["--server-side"] : []),
      "-f",
      join(repo.dir, "deploy"),
    );
    expect(result.code, result.stderr).toBe(0);
  };
  const commitAndApply = async (commit: Commit, extra: { immutable?: boolean } = {}) => {
    await repo.write("deploy/shop.yaml", yamlDocs(...manifests(commit, extra)));
    await repo.commit(commit);
    await apply();
  };
  const run = (args: string[]) =>
    runInProcess([...lastCommitArgs(repo.dir, kubeconfig), "--timeout", "60s", ...args]);
  await commitAndApply("c0");
  return {
    sim,
    repo,
    kubectl,
    commitAndApply,
    run,
    async deploy(commit, args = [], extra = {}) {
      await commitAndApply(commit, extra);
      return run(args);
    },
    data: () => (sim.get("ConfigMap", NS, "app-config") as { data: Json }).data,
    hash: (kind, name) =>
      (
        sim.get(kind, NS, name) as {
          spec: { template: { metadata: { annotations?: Record<string, string> } } };
        }
      ).spec.template.metadata.annotations?.["config-rollout.io/config-hash"],
  };
}

interface Result {
  rollout?: string;
  message: string;
  rollback?: { restart: string; rollout?: string };
}
interface Report {
  workloads: Array<{ name: string; result?: Result }>;
  restores?: Array<{
    kind: string;
    name: string;
    result: string;
    message: string;
    readers: Array<{ name: string }>;
  }>;
}

describe.skipIf(!kubectlPath)("--rollback-on-failure, in place", () => {
  test.each([
    { deployed: "client-side", serverSide: false },
    { deployed: "server-side", serverSide: true },
  ])(
    "deployed $deployed: a breaking value is put back, both readers run c1's template again and are ready, exit 1; the fix converges",
    async ({ serverSide }) => {
      const p = await pipeline(serverSide);
      expect((await p.deploy("c1")).code).toBe(0);
      const good = { web: p.hash("Deployment", "web"), worker: p.hash("StatefulSet", "worker") };
      const oldWorkerPods = p.sim.list("Pod", NS).filter((o) => JSON.stringify(o).includes('"worker"'));

      const run = await p.deploy("c2", ["--rollback-on-failure", "--output", "json"]);
      expect(run.code, run.stderr).toBe(1);
      // The config holds c1's content again: the breaking value and the new key gone, the old key back.
      expect(p.data()).toEqual(CONFIG.c1);
      // Both readers run c1's template, their rollbacks finished.
      expect(p.hash("Deployment", "web")).toBe(good.web);
      expect(p.hash("StatefulSet", "worker")).toBe(good.worker);
      for (const workload of ["deployment/web", "statefulset/worker"]) {
        const status = await p.kubectl("rollout", "status", workload, "--timeout=10s");
        expect(status.code, status.stderr).toBe(0);
      }
      const report = JSON.parse(run.stdout) as Report;
      const result = (name: string) => report.workloads.find((w) => w.name === name)?.result;
      expect(result("web")?.rollout).toBe("rolled-back");
      expect(result("web")?.message).toMatch(
        /CrashLoopBackOff.*invalid LOG_LEVEL.*rolled back to its pod template before the run \(configmap\/app-config restored\): the rollback rolled out/,
      );
      // worker's own rollout succeeded: it reads the config put back, so it goes back too.
      expect(result("worker")?.rollout).toBe("rolled-back");
      expect(result("worker")?.message).toMatch(
        /^its rollout finished, but configmap\/app-config it reads was put back/,
      );
      expect(result("worker")?.rollback).toMatchObject({ restart: "restarted", rollout: "done" });
      // api reads only the Secret, which no failed workload reads: left on the new password.
      expect(result("api")?.rollout).toBe("done");
      expect(report.restores).toEqual([
        {
          kind: "ConfigMap",
          namespace: NS,
          name: "app-config",
          result: "restored",
          message: expect.stringMatching(
            serverSide
              ? /server-side apply as kubectl\)$/
              : /three-way patch as kubectl-client-side-apply\)$/,
          ),
          readers: [
            { kind: "Deployment", namespace: NS, name: "web" },
            { kind: "StatefulSet", namespace: NS, name: "worker" },
          ],
        },
      ]);
      expect(run.stderr).toMatch(/putting configmap\/app-config back to the base commit's content/);
      // Old pods mounting the config see the restored content once the kubelet synced.
      await new Promise((resolve) => setTimeout(resolve, 100));
      for (const old of oldWorkerPods) {
        const name = String((old.metadata as { name: string }).name);
        if (p.sim.get("Pod", NS, name))
          expect(p.sim.podFiles(NS, name)?.["/etc/app/LOG_LEVEL"]).toBe("debug");
      }
      const worker0 = await p.kubectl("exec", "worker-0", "--", "cat", "/etc/app/LOG_LEVEL");
      expect(worker0.stdout).toBe("debug");

      // The fix, applied the same way: the live config is c3 exactly, no key left behind.
      const fixed = await p.deploy("c3");
      expect(fixed.code, fixed.stderr).toBe(0);
      expect(p.data()).toEqual(CONFIG.c3);
    },
  );

  test("the fix applied the other way converges too (client-side history, then kubectl apply --server-side)", async () => {
    const p = await pipeline(false);
    expect((await p.deploy("c1")).code).toBe(0);
    expect((await p.deploy("c2", ["--rollback-on-failure"])).code).toBe(1);
    await p.repo.write("deploy/shop.yaml", yamlDocs(...manifests("c3")));
    await p.repo.commit("c3");
    const applied = await p.kubectl("apply", "--server-side", "-f", join(p.repo.dir, "deploy"));
    expect([applied.code, applied.stderr]).toEqual([0, ""]);
    expect(p.data()).toEqual(CONFIG.c3);
  });

  test("a config that cannot be written back (immutable) is named with what to run by hand; its readers are left as they are, exit 1", async () => {
    const p = await pipeline(false);
    expect((await p.deploy("c1")).code).toBe(0);
    const run = await p.deploy("c2", ["--rollback-on-failure", "--output", "json"], { immutable: true });
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as Report;
    expect(report.restores?.[0]).toMatchObject({ name: "app-config", result: "refused" });
    expect(report.restores?.[0]?.message).toMatch(
      /^not restored: it is immutable \(immutable: true\): its content cannot be changed; restore it by hand: kubectl delete configmap app-config -n shop, then git show [0-9a-f]{12}:deploy\/shop\.yaml \| kubectl apply -n shop -f -/,
    );
    const web = report.workloads.find((w) => w.name === "web")?.result;
    expect(web?.rollout).toBe("failed");
    expect(web?.message).toMatch(/not rolled back: configmap\/app-config could not be restored/);
    expect(p.data()).toEqual(CONFIG.c2);
  });

  test("a restore RBAC denies stops the run before any write, naming the permission", async () => {
    const p = await pipeline(false);
    expect((await p.deploy("c1")).code).toBe(0);
    await p.commitAndApply("c2");
    p.sim.forbid("patch", "configmaps");
    p.sim.resetRequests();
    const run = await p.run(["--rollback-on-failure"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "may not patch configmaps app-config in namespace shop (checked before any change: nothing was written)",
    );
    expect(p.sim.requests.filter((r) => r.method === "PATCH")).toEqual([]);
    // The flag is what needs it: without it the run restarts (and fails, leaving c2 in place).
    const without = await p.run([]);
    expect(without.code).toBe(1);
    expect(p.data()).toEqual(CONFIG.c2);
  });

  /** Each reader's RESTART_TIME (undefined: not set) and generation, as the cluster holds them. */
  const envState = (p: Pipeline) =>
    Object.fromEntries(
      [
        ["web", "Deployment"],
        ["worker", "StatefulSet"],
      ].map(([name, kind]) => {
        const live = p.sim.get(kind!, NS, name!) as {
          metadata: { generation: number };
          spec: { template: unknown };
        };
        const value = JSON.stringify(live.spec.template).match(/"name":"RESTART_TIME","value":"(\d+)"/)?.[1];
        return [name, { value, generation: live.metadata.generation }];
      }),
    );
  /** Both readers' results: rolled back, their rollback patched and rolled out. */
  const expectRolledBack = (stdout: string) => {
    const report = JSON.parse(stdout) as Report;
    for (const name of ["web", "worker"]) {
      const result = report.workloads.find((w) => w.name === name)?.result;
      expect(result?.rollout, name).toBe("rolled-back");
      expect(result?.rollback, name).toMatchObject({ restart: "restarted", rollout: "done" });
    }
    expect(report.restores?.[0]?.readers.map((r) => r.name)).toEqual(["web", "worker"]);
  };

  test("--strategy env: each reader's RESTART_TIME goes back to its value before the run", async () => {
    const p = await pipeline(false);
    expect((await p.deploy("c1", ["--strategy", "env"])).code).toBe(0);
    const before = envState(p);
    expect(before.web?.value).toBeDefined();
    // The next run's value must differ: RESTART_TIME counts seconds.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const run = await p.deploy("c2", ["--strategy", "env", "--rollback-on-failure", "--output", "json"]);
    expect(run.code).toBe(1);
    expect(p.data()).toEqual(CONFIG.c1);
    // The value before the run, in a new template: the restart, then the rollback.
    expect(envState(p)).toEqual({
      web: { value: before.web?.value, generation: before.web!.generation + 2 },
      worker: { value: before.worker?.value, generation: before.worker!.generation + 2 },
    });
    expect(run.stderr).toMatch(
      new RegExp(`patched the pod template \\(RESTART_TIME back to ${before.web?.value}\\)`),
    );
    expectRolledBack(run.stdout);
  });

  test("--strategy env: a RESTART_TIME the run added is removed again, and the report says rolled back", async () => {
    const p = await pipeline(false);
    expect((await p.deploy("c1")).code).toBe(0);
    const before = envState(p);
    expect(before.web?.value).toBeUndefined();
    const run = await p.deploy("c2", ["--strategy", "env", "--rollback-on-failure", "--output", "json"]);
    expect(run.code).toBe(1);
    expect(p.data()).toEqual(CONFIG.c1);
    expect(envState(p)).toEqual({
      web: { value: undefined, generation: before.web!.generation + 2 },
      worker: { value: undefined, generation: before.worker!.generation + 2 },
    });
    expect(run.stderr).toMatch(
      /deployment\/web \(namespace shop\): patched the pod template \(RESTART_TIME back to unset\)/,
    );
    expectRolledBack(run.stdout);
  });

  test("a reader whose rollback does not roll out is not listed as rolled back: the restored config names its rollback written apart, as CONFIG_ROLLOUT_ROLLED_BACK leaves it out", async () => {
    const p = await pipeline(false);
    expect((await p.deploy("c1")).code).toBe(0);
    const good = p.hash("StatefulSet", "worker");
    // worker's pods crash on the template it ran before (c1's hash) from this run on: its rollback
    // is sent and does not roll out; web's rolls out.
    let armed = false;
    p.sim.setPodFailure("StatefulSet", NS, "worker", "CrashLoopBackOff", {
      onlyFor: () => armed && p.hash("StatefulSet", "worker") === good,
      message: "crashes on the old template",
    });
    armed = true;
    const dir = mkdtempSync(join(tmpdir(), "rollback-dotenv-"));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const dotenv = join(dir, "report.env");
    const run = await p.deploy("c2", ["--rollback-on-failure", "--dotenv", dotenv]);
    expect(run.code).toBe(1);
    expect(p.data()).toEqual(CONFIG.c1);
    expect(run.stdout).toMatch(
      /statefulset\/worker\s+shop\s+failed\s+.*rolled back to its pod template before the run \(configmap\/app-config restored\), but the rollback's rollout failed: /,
    );
    expect(run.stdout).toMatch(
      /configmap\/app-config\s+shop\s+restored\s+restored to .*; rolled back: deployment\/web; rollback written, its rollout not finished: statefulset\/worker \(see its result\)$/m,
    );
    expect(readFileSync(dotenv, "utf8")).toContain("CONFIG_ROLLOUT_ROLLED_BACK=Deployment/shop/web\n");
  });

  test("--bake: a pod that crashes after its rollout completed fails the workload, which is rolled back", async () => {
    const p = await pipeline(false);
    expect((await p.deploy("c1", ["--bake", "1s"])).code).toBe(0);
    p.sim.setPodFailure("Deployment", NS, "web", "ready-then-crash", {
      onlyFor: () =>
        (p.sim.get("ConfigMap", NS, "app-config") as { data?: Json }).data?.LOG_LEVEL === "broken",
      readyForMs: 300,
    });
    const run = await p.deploy("c2", ["--rollback-on-failure", "--bake", "3s", "--output", "json"]);
    expect(run.code).toBe(1);
    const web = (JSON.parse(run.stdout) as Report).workloads.find((w) => w.name === "web")?.result;
    expect(web?.rollout).toBe("rolled-back");
    expect(web?.message).toMatch(
      /^rolled out, then failed its 3s bake after \ds: pod web-\w+-\w+ container app: /,
    );
    // The rollback's own rollout is baked too, and passes.
    expect(p.data()).toEqual(CONFIG.c1);
  });

  test("config-rollout sync refuses the flag, saying why", async () => {
    const run = await runInProcess(["sync", "--rollback-on-failure"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      "config-rollout sync cannot roll back on failure: it restarts workloads for configs changed outside git, whose earlier content is gone",
    );
  });
});
