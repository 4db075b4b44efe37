// The orchestrator end to end, in-process: the CLI function against the simulated API server through a real
// kubeconfig file, a real git repository, and the sim's request log as the witness of every write.
import { describe, expect, test } from "vitest";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import type { RunJson } from "../helpers/run-json.js";
import { CLUSTER_ONLY_CONSUMER, NS, type Scenario, useScenario } from "./cluster-scenario.js";

const start = useScenario();

const HASH = "config-rollout.io/config-hash";

describe("restart and wait", () => {
  test("restarts exactly the consumers, writes nothing else, and waits for every rollout", async () => {
    const s = await start();
    const run = await s.run(["--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as RunJson;
    expect(report.outcome).toBe("restarted");
    expect(s.patchedNames()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
    for (const [kind, name] of [
      ["Deployment", "web"],
      ["Deployment", "api"],
      ["StatefulSet", "worker"],
    ] as const) {
      expect(s.template(kind, name).annotations[HASH]).toMatch(/^[0-9a-f]{64}$/);
      const live = s.sim.get(kind, NS, name) as {
        status: Record<string, number>;
        spec: { replicas: number };
      };
      // The CLI returned only once every rollout had completed on the server.
      expect(live.status.updatedReplicas).toBe(live.spec.replicas);
    }
    expect(s.template("Deployment", "other-0").annotations[HASH]).toBeUndefined();
    expect(
      report.workloads
        .filter((w) => w.result?.rollout === "done")
        .map((w) => w.name)
        .sort(),
    ).toEqual(["api", "web", "worker"]);
    expect(run.stderr).toMatch(/deployment\/web: Waiting for deployment "web" rollout to finish/);
  });

  test("a second run of the same commits restarts nothing", async () => {
    const s = await start();
    expect((await s.run()).code).toBe(0);
    s.sim.resetRequests();
    const again = await s.run(["--output", "json"]);
    expect(again.code, again.stderr).toBe(0);
    expect(s.patchedNames()).toEqual([]);
    const report = JSON.parse(again.stdout) as RunJson;
    expect(
      report.workloads.filter((w) => w.action === "restart").every((w) => w.result?.restart === "unchanged"),
    ).toBe(true);
    expect(report.outcome).toBe("nothing-to-do");
    // Its headline says the restarts were made already, not that nothing consumes the change.
    const text = await s.run();
    expect(text.stdout).toContain(
      "Already restarted: 3 workload(s) already carry the restart for this content (an earlier run); nothing was patched.",
    );
    expect(text.stdout).not.toContain("no running workload consumes");
  });

  test("the live value is the key-precise hash of the committed content; a Secret's consumer never gets an unkeyed SHA-256 of it", async () => {
    const { createHash, createHmac } = await import("node:crypto");
    const { configHash } = await import("../../src/core/config-hash.js");
    const { consumedKeys } = await import("../../src/core/consumed-configs.js");
    const { findReferences } = await import("../../src/core/config-references.js");
    const b64 = (v: string) => Buffer.from(v).toString("base64");
    const repoContents = new Map<string, Record<string, string>>([
      [`ConfigMap/${NS}/app-config`, { LOG_LEVEL: b64("debug"), PORT: b64("8080") }],
      [`Secret/${NS}/db`, { password: b64("new-password") }],
    ]);
    const expected = (podSpec: unknown, key?: string, uid?: string) =>
      configHash(
        consumedKeys(findReferences(podSpec), NS),
        repoContents,
        key ? Buffer.from(key) : undefined,
        () => uid,
      );
    // What a reader of Deployments could test a password guess against: the documented canonical
    // form of the Secret's content, hashed without a key.
    const canonical = `[{"content":{"password":"${b64("new-password")}"},"id":{"kind":"Secret","name":"db","namespace":"${NS}"}}]`;
    const unkeyed = createHash("sha256").update(canonical).digest("hex");
    const s = await start();
    expect((await s.run()).code).toBe(0);
    // ConfigMaps only: the plain SHA-256 of the committed content, as `stamp` writes it.
    const web = s.template("Deployment", "web");
    expect(web.annotations[HASH]).toBe(expected(web.spec));
    // The Secret's consumer: keyed with the Secret's UID on the cluster, never the unkeyed hash.
    const api = s.template("Deployment", "api");
    const uid = (s.sim.get("Secret", NS, "db") as { metadata: { uid: string } }).metadata.uid;
    expect(api.annotations[HASH]).not.toBe(unkeyed);
    expect(api.annotations[HASH]).toBe(expected(api.spec, undefined, uid));
    expect(api.annotations[HASH]).toBe(
      createHmac("sha256", `config-rollout secret uids:Secret/${NS}/db=${uid}`)
        .update(canonical)
        .digest("hex"),
    );
    // No request carries the Secret's value.
    expect(JSON.stringify(s.sim.requests.map((r) => r.body ?? null))).not.toContain("new-password");
    // A rerun finds the same value in place: nothing patched.
    s.sim.resetRequests();
    expect((await s.run()).code).toBe(0);
    expect(s.patchedNames()).toEqual([]);
    await s.close();

    const keyed = await start();
    expect((await keyed.run(["--hash-key", "k-7f3a"])).code).toBe(0);
    const keyedApi = keyed.template("Deployment", "api");
    expect(keyedApi.annotations[HASH]).toBe(expected(keyedApi.spec, "k-7f3a"));
    expect(keyedApi.annotations[HASH]).toBe(createHmac("sha256", "k-7f3a").update(canonical).digest("hex"));
  });

  test("--strategy env stamps RESTART_TIME and keeps every other env var", async () => {
    const s = await start();
    const run = await s.run(["--strategy", "env"]);
    expect(run.code, run.stderr).toBe(0);
    const web = s.template("Deployment", "web").spec as {
      containers: Array<{ env: Array<{ name: string; value?: string }>; envFrom: unknown[] }>;
    };
    const env = web.containers[0]!.env;
    expect(env.find((e) => e.name === "KEEP_ME")?.value).toBe("1");
    expect(Number(env.find((e) => e.name === "RESTART_TIME")?.value)).toBeGreaterThan(1_600_000_000);
    expect(web.containers[0]!.envFrom).toHaveLength(1);
  });

  test("a rollout that exceeds its progress deadline fails at once and names the workload", async () => {
    const s = await start();
    s.sim.setRolloutBehaviour("Deployment", NS, "web", "progress-deadline");
    const started = Date.now();
    const run = await s.run(["--timeout", "5m"]);
    expect(run.code).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toMatch(/deployment "web" exceeded its progress deadline/);
    expect(run.stdout).toMatch(/Failed: deployment\/web/);
    // Fails fast: long before the 5 minute timeout.
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  test("rerunning a failed job keeps the verdict: the workload already has the hash, its rollout is still failed", async () => {
    const s = await start();
    s.sim.setRolloutBehaviour("Deployment", NS, "web", "progress-deadline");
    expect((await s.run(["--timeout", "5m"])).code).toBe(1);
    s.sim.resetRequests();
    const rerun = await s.run(["--timeout", "5m", "--output", "json"]);
    expect(rerun.code).toBe(1);
    // Nothing is patched again: the rerun judges the rollout the first run started.
    expect(s.patchedNames()).toEqual([]);
    const report = JSON.parse(rerun.stdout) as RunJson;
    expect(report.outcome).toBe("failed");
    const web = report.workloads.find((w) => w.name === "web");
    expect(web?.result).toMatchObject({ restart: "unchanged", rollout: "failed" });
    expect(web?.result?.message).toMatch(/exceeded its progress deadline/);
  });

  test("a stalled rollout times out under --timeout, naming the workload; the others finish", async () => {
    const s = await start();
    s.sim.setRolloutBehaviour("StatefulSet", NS, "worker", "stall");
    const run = await s.run(["--timeout", "3s", "--output", "json"]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as RunJson;
    expect(report.outcome).toBe("failed");
    const byName = new Map(report.workloads.map((w) => [w.name, w.result?.rollout]));
    expect(byName.get("worker")).toBe("timeout");
    expect(byName.get("web")).toBe("done");
  });

  test("without --apply, a cluster still holding the old config blocks every restart", async () => {
    const s = await start({ configsLive: false });
    const run = await s.run(["--config-timeout", "2s"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/does not hold the committed content of .*configmap\/app-config.*--apply/s);
    expect(s.patchedNames()).toEqual([]);
  });

  test("--apply server-side applies the changed configs first, then restarts", async () => {
    const s = await start({ configsLive: false });
    const run = await s.run(["--apply"]);
    expect(run.code, run.stderr).toBe(0);
    const writes = s.sim.requests.filter((r) => r.verb === "apply" || r.verb === "patch");
    const firstPatch = writes.findIndex((r) => r.verb === "patch");
    expect(
      writes
        .slice(0, firstPatch)
        .map((r) => `${r.resource}/${r.name}`)
        .sort(),
    ).toEqual(["configmaps/app-config", "secrets/db"]);
    expect(writes.filter((r) => r.verb === "apply").every((r) => r.fieldManager === "config-rollout")).toBe(
      true,
    );
    expect(
      (s.sim.get("ConfigMap", NS, "app-config") as { data: Record<string, string> }).data.LOG_LEVEL,
    ).toBe("debug");
  });

  test("--dry-run=server sends every write with dryRun=All and changes nothing", async () => {
    const s = await start();
    const run = await s.run(["--dry-run=server", "--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const patches = s.sim.requests.filter((r) => r.verb === "patch");
    expect(patches.length).toBe(3);
    expect(patches.every((r) => r.dryRun === true)).toBe(true);
    expect(s.template("Deployment", "web").annotations[HASH]).toBeUndefined();
    expect((JSON.parse(run.stdout) as RunJson).outcome).toBe("planned");
  });

  test("--dry-run=server after a real run: the patches are in place, so nothing would restart, as the rerun says", async () => {
    const s = await start();
    expect((await s.run([])).code).toBe(0);
    const rerun = await s.run(["--output", "json"]);
    expect((JSON.parse(rerun.stdout) as RunJson).outcome).toBe("nothing-to-do");
    const dry = await s.run(["--dry-run=server"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain("Already restarted: 3 workload(s) already carry the restart");
    expect(dry.stdout).not.toContain("would restart");
    const json = await s.run(["--dry-run=server", "--output", "json"]);
    expect((JSON.parse(json.stdout) as RunJson).outcome).toBe("nothing-to-do");
  });

  test("guard rails: --max-restarts refuses a larger plan, --exclude-namespaces skips", async () => {
    const s = await start();
    const refused = await s.run(["--max-restarts", "2"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/restarts 3 workloads, more than --max-restarts 2/);
    expect(s.patchedNames()).toEqual([]);
    const excluded = await s.run(["--exclude-namespaces", NS]);
    expect(excluded.code, excluded.stderr).toBe(0);
    expect(s.patchedNames()).toEqual([]);
    expect(excluded.stdout).toMatch(/namespace shop is excluded/);
  });

  test("consumers that exist only on the cluster are found with --discover cluster", async () => {
    const s = await start();
    s.sim.seed(CLUSTER_ONLY_CONSUMER);
    const run = await s.run(["--discover", "both"]);
    expect(run.code, run.stderr).toBe(0);
    expect(s.patchedNames()).toContain("Deployment/helm-installed");
  });
});

describe("faults and API economy", () => {
  test("409, 429 with Retry-After, 500 and a dropped watch are survived", async () => {
    const s = await start({ rolloutStepMs: 100 });
    s.sim.failNext({ verb: "patch", name: "web" }, 409);
    s.sim.failNext({ verb: "patch", name: "api" }, 429, 1, 1);
    s.sim.failNext({ verb: "list" }, 500, 2);
    setTimeout(() => s.sim.dropWatches(true), 400);
    const run = await s.run(["--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect((JSON.parse(run.stdout) as RunJson).outcome).toBe("restarted");
    expect(s.sim.requests.filter((r) => r.status >= 400).length).toBeGreaterThanOrEqual(4);
  });

  test("requests do not grow with unaffected workloads: lists per namespace and kind, one patch per restart", async () => {
    const counts: Record<string, number>[] = [];
    const discoveryPaths: string[] = [];
    for (const unaffected of [2, 40]) {
      const s = await start({ unaffected });
      const run = await s.run();
      expect(run.code, run.stderr).toBe(0);
      discoveryPaths.push(
        ...s.sim.requests.filter((r) => r.kind === undefined && r.method === "GET").map((r) => r.path),
      );
      const byVerb: Record<string, number> = {};
      for (const r of s.sim.requests) byVerb[r.verb] = (byVerb[r.verb] ?? 0) + 1;
      counts.push(byVerb);
      await s.close();
    }
    expect(counts[1]).toEqual(counts[0]);
    // Discovery: one GET of the Argo Rollouts API group (not installed here, so Rollouts are not
    // listed), one LIST per built-in restartable kind in the one affected namespace. Configs: one
    // GET each (one ConfigMap, one Secret). One PATCH per restart. The wait starts from the patch
    // responses: one WATCH per namespace and kind (two Deployments share one), no LIST. Before any
    // write, one access review per resource and namespace written (deployments, statefulsets), and
    // per namespace for what the pod watch reads (list and watch pods, list events).
    // The pod watch (fail fast on pods that cannot start): one WATCH of the namespace's pods.
    expect(counts[0]).toEqual({ list: 3, get: 3, create: 5, patch: 3, watch: 3 });
    expect(discoveryPaths).toEqual(["/apis/argoproj.io/v1alpha1", "/apis/argoproj.io/v1alpha1"]);
  });

  test("an RBAC gap fails before any write with exit 2, naming verb, resource, namespace and context", async () => {
    const s = await start();
    s.sim.forbid("patch", "deployments");
    const run = await s.run();
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /forbidden: context ci may not patch deployments\.apps api, web in namespace shop \(checked before any change: nothing was written\)/,
    );
    // The StatefulSet it may patch was not patched either: no half-applied plan.
    expect(s.sim.requests.filter((r) => r.verb === "patch" || r.verb === "apply")).toEqual([]);
    expect(run.stdout + run.stderr).not.toContain(s.sim.token);
  });

  test("a 403 on a patch after the access review (the Role changed meanwhile) fails that workload, exit 1", async () => {
    const s = await start();
    s.sim.failNext({ verb: "patch", kind: "Deployment", name: "web" }, 403);
    const run = await s.run(["--output", "json"]);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout) as RunJson;
    const byName = new Map(report.workloads.map((w) => [w.name, w.result?.restart]));
    expect(byName).toEqual(
      new Map([
        ["api", "restarted"],
        ["web", "failed"],
        ["worker", "restarted"],
      ]),
    );
    expect(run.stdout + run.stderr).toMatch(/forbidden.*context ci.*patch.*deployments/is);
  });

  test("a kubeconfig given as base64 in CONFIG_ROLLOUT_KUBECONFIG works and is never printed", async () => {
    const s = await start();
    const { readFileSync } = await import("node:fs");
    const data = Buffer.from(readFileSync(s.kubeconfig)).toString("base64");
    const run = await runInProcess([...lastCommitArgs(s.repo.dir), "--debug"], {
      CONFIG_ROLLOUT_KUBECONFIG: data,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(s.patchedNames()).toHaveLength(3);
    expect(run.stdout + run.stderr).not.toContain(s.sim.token);
    expect(run.stdout + run.stderr).not.toContain(data.slice(0, 40));
  });

  test("an exec credential plugin (as aws eks get-token or gke-gcloud-auth-plugin) supplies the token", async () => {
    const s = await start();
    const { readFileSync, writeFileSync, chmodSync } = await import("node:fs");
    const { dirname, join } = await import("node:path");
    const plugin = join(dirname(s.kubeconfig), "fake-auth-plugin");
    const credential = {
      apiVersion: "client.authentication.k8s.io/v1beta1",
      kind: "ExecCredential",
      status: { token: s.sim.token },
    };
    writeFileSync(plugin, `#!/bin/sh\nprintf '%s' '${JSON.stringify(credential)}'\n`);
    chmodSync(plugin, 0o755);
    const config = readFileSync(s.kubeconfig, "utf8").replace(
      /token: .*/,
      `exec:\n        apiVersion: client.authentication.k8s.io/v1beta1\n        command: ${plugin}\n        interactiveMode: Never`,
    );
    expect(config).not.toContain(s.sim.token);
    writeFileSync(s.kubeconfig, config);
    const run = await s.run();
    expect(run.code, run.stderr).toBe(0);
    expect(s.patchedNames()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
    expect(run.stdout + run.stderr).not.toContain(s.sim.token);
  });
});

describe("the access review covers what the pod watch reads", () => {
  const podWatches = (s: Scenario) =>
    s.sim.requests.filter((r) => r.resource === "pods" && r.verb === "watch");

  test("pods that may not be watched: one warning before any write, and the wait on the rollout status alone", async () => {
    const s = await start();
    s.sim.forbid("watch", "pods");
    const run = await s.run();
    expect(run.code, run.stderr).toBe(0);
    const warnings = run.stderr.split("\n").filter((l) => l.includes("(access review)"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      "context ci may not watch pods in namespace shop (access review): waiting on the rollout status alone, without failing early on pods that cannot start. Grant it with the Role in docs/rbac.md, or pass --wait status.",
    );
    // No watch was tried (it would have been answered 403 and warned about a second time).
    expect(podWatches(s)).toEqual([]);
    expect(run.stderr).not.toContain("cannot watch pods");
    expect(s.patchedNames()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
  });

  test("events and logs that may not be read (--logs 5): one warning, and the pods are still watched", async () => {
    const s = await start();
    s.sim.forbid("list", "events");
    s.sim.forbid("get", "pods/log");
    const run = await s.run(["--logs", "5"]);
    expect(run.code, run.stderr).toBe(0);
    const warnings = run.stderr.split("\n").filter((l) => l.includes("(access review)"));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(
      "may not list events in namespace shop; get pods/log in namespace shop (access review): a new pod that cannot start still fails its workload early",
    );
    expect(podWatches(s).length).toBeGreaterThan(0);
  });

  test("with --wait status nothing about pods is asked", async () => {
    const s = await start();
    s.sim.forbid("watch", "pods");
    const run = await s.run(["--wait", "status"]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain("(access review)");
  });
});
