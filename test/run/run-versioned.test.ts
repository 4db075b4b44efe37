// --strategy versioned end to end, in-process: the CLI against the simulated API server and a real
// git repository. Copies are created by server-side apply, workloads repointed in one patch each,
// failed rollouts repointed back, and old copies pruned only when nothing can still use them.
import { describe, expect, test } from "vitest";
import { copyHash, sourceLabelValue } from "../../src/rollout/versioned/config-copy.js";
import { cloneTempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, secret, yamlDocs } from "../helpers/manifests.js";
import { runInProcess } from "../helpers/run-cli.js";
import type { RunJson } from "../helpers/run-json.js";
import { CLUSTER_ONLY_CONSUMER, manifestsAt, NS, type Scenario, useScenario } from "./cluster-scenario.js";

type Json = Record<string, unknown>;

const start = useScenario();

const VERSIONED = ["--strategy", "versioned"];
const SOURCE = "config-rollout.io/source";
const MANAGED = "config-rollout.io/managed";
const COMMIT = "config-rollout.io/source-commit";

interface Meta {
  name: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** The managed copies of one source on the cluster, by name. */
function copiesOf(s: Scenario, kind: "ConfigMap" | "Secret", source: string): Json[] {
  return s.sim
    .list(kind, NS)
    .filter((o) => (o.metadata as Meta).labels?.[SOURCE] === source)
    .sort((a, b) => (a.metadata as Meta).name.localeCompare((b.metadata as Meta).name));
}

const nameOf = (obj: Json | undefined) => (obj?.metadata as Meta | undefined)?.name;

/** The config names a workload's pod template uses, as `Kind/name`. */
function namesUsed(s: Scenario, kind: string, name: string): string[] {
  const spec = JSON.stringify(s.template(kind, name).spec);
  return [...spec.matchAll(/"(?:name|secretName)":"((?:app-config|db)[^"]*)"/g)].map((m) => m[1]!).sort();
}

/** Writes to the cluster (dry runs included), as `verb resource/name`. */
/** Access reviews ("may I?") are POSTs too, but change nothing. */
const isAccessReview = (r: { path: string }) => r.path.endsWith("/selfsubjectaccessreviews");

function writes(s: Scenario): string[] {
  return s.sim.requests
    .filter((r) => ["create", "apply", "patch", "update", "delete"].includes(r.verb) && !isAccessReview(r))
    .map((r) => `${r.verb} ${r.resource}/${r.name}`);
}

async function commitVersion3(s: Scenario): Promise<void> {
  await s.repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(3, 2)));
  await s.repo.commit("v3: warn logging");
}

describe("--strategy versioned", () => {
  test("copies each changed config, repoints every consumer in one patch, waits; a rerun does nothing", async () => {
    // The in-place configs are still v1 on the cluster: the copies carry the committed content.
    const s = await start({ configsLive: false });
    const head = (await s.repo.git(["rev-parse", "HEAD"])).trim();
    const run = await s.run([...VERSIONED, "--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as RunJson;
    expect(report.outcome).toBe("restarted");

    const [appCopy] = copiesOf(s, "ConfigMap", "app-config");
    const [dbCopy] = copiesOf(s, "Secret", "db");
    expect(nameOf(appCopy)).toMatch(/^app-config-[0-9a-f]{10}$/);
    expect(nameOf(dbCopy)).toMatch(/^db-[0-9a-f]{10}$/);
    expect(appCopy).toMatchObject({
      immutable: true,
      data: { LOG_LEVEL: "debug", PORT: "8080" },
      metadata: {
        labels: { [SOURCE]: "app-config", [MANAGED]: "true" },
        annotations: { "config-rollout.io/source-commit": head },
      },
    });
    // A Secret's copy name is no plain hash of its content (a guessable password would show).
    const b64 = (text: string) => Buffer.from(text).toString("base64");
    const uid = (s.sim.get("Secret", NS, "db") as { metadata: { uid: string } }).metadata.uid;
    const content = { password: b64("new-password") };
    expect(nameOf(dbCopy)).not.toBe(`db-${copyHash("Secret", content, "Opaque")}`);
    expect(nameOf(dbCopy)).toBe(`db-${copyHash("Secret", content, "Opaque", Buffer.from(uid))}`);
    // A Secret's copy is a Secret of the same type, holding the committed value.
    expect(dbCopy).toMatchObject({ type: "Opaque", immutable: true });
    expect((dbCopy as { data: Record<string, string> }).data.password).toBe(
      Buffer.from("new-password").toString("base64"),
    );
    // Created by server-side apply as config-rollout; the in-place sources were never written.
    const copyWrites = s.sim.requests.filter((r) => r.resource === "configmaps" || r.resource === "secrets");
    expect(
      copyWrites.filter((r) => r.verb !== "get" && r.verb !== "list").map((r) => `${r.verb} ${r.name}`),
    ).toEqual(expect.arrayContaining([`apply ${nameOf(appCopy)}`, `apply ${nameOf(dbCopy)}`]));
    expect(
      copyWrites.filter((r) => r.verb === "apply").every((r) => r.fieldManager === "config-rollout"),
    ).toBe(true);
    expect((s.sim.get("ConfigMap", NS, "app-config") as { data: Json }).data.LOG_LEVEL).toBe("info");

    // One patch per workload, naming the copies at every site; nothing else in the template changes.
    expect(s.patchedNames()).toEqual(["Deployment/api", "Deployment/web", "StatefulSet/worker"]);
    expect(namesUsed(s, "Deployment", "web")).toEqual([nameOf(appCopy)]);
    expect(namesUsed(s, "StatefulSet", "worker")).toEqual([nameOf(appCopy)]);
    expect(namesUsed(s, "Deployment", "api")).toEqual([nameOf(dbCopy)]);
    const web = s.template("Deployment", "web");
    expect(web.annotations["config-rollout.io/config-hash"]).toBeUndefined();
    expect(JSON.stringify(web.spec)).toContain('"KEEP_ME"');
    expect(JSON.stringify(web.spec)).not.toContain("RESTART_TIME");
    expect(
      (s.template("Deployment", "api").spec as { containers: Array<{ env: Json[] }> }).containers[0]!.env[0],
    ).toEqual({
      name: "DB_PASSWORD",
      valueFrom: { secretKeyRef: { name: nameOf(dbCopy), key: "password" } },
    });
    // Each rollout was waited for; the report shows old → new per workload.
    const webResult = report.workloads.find((w) => w.name === "web")?.result;
    expect(webResult).toMatchObject({ restart: "restarted", rollout: "done" });
    expect(webResult?.message).toContain(`configmap app-config → ${nameOf(appCopy)}`);

    s.sim.resetRequests();
    const again = await s.run([...VERSIONED, "--output", "json"]);
    expect(again.code, again.stderr).toBe(0);
    expect(writes(s)).toEqual([]);
    const rerun = JSON.parse(again.stdout) as RunJson;
    expect(rerun.outcome).toBe("nothing-to-do");
    expect(rerun.workloads.find((w) => w.name === "web")?.result).toMatchObject({
      restart: "unchanged",
      rollout: "done",
      message: expect.stringContaining(`pod template already names ${nameOf(appCopy)}`),
    });
    expect(copiesOf(s, "ConfigMap", "app-config")).toHaveLength(1);
  });

  test("a workload on an older copy is repointed from it; the markdown summary shows old → new", async () => {
    const s = await start();
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v2 = nameOf(copiesOf(s, "ConfigMap", "app-config")[0]);
    await commitVersion3(s);
    s.sim.resetRequests();
    const run = await s.run([...VERSIONED, "--output", "markdown"]);
    expect(run.code, run.stderr).toBe(0);
    const v3 = nameOf(copiesOf(s, "ConfigMap", "app-config").find((c) => nameOf(c) !== v2));
    expect(v3).toMatch(/^app-config-[0-9a-f]{10}$/);
    expect(namesUsed(s, "Deployment", "web")).toEqual([v3]);
    expect(namesUsed(s, "StatefulSet", "worker")).toEqual([v3]);
    // Only the ConfigMap changed: the Secret's consumer is not in the plan and keeps its copy.
    expect(s.patchedNames()).toEqual(["Deployment/web", "StatefulSet/worker"]);
    expect(run.stdout).toMatch(new RegExp(`\\| deployment/web \\|.*configmap ${v2} → ${v3}`));
    // The old copy is kept: default --keep 3, and the old ReplicaSet still names it.
    expect(copiesOf(s, "ConfigMap", "app-config").map(nameOf)).toEqual([v2, v3].sort());
  });

  test("a failed rollout is repointed back to the copy it used, waited for, and exits 1 naming both", async () => {
    const s = await start();
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v2 = nameOf(copiesOf(s, "ConfigMap", "app-config")[0])!;
    await commitVersion3(s);
    // Pods of any template that names a copy other than v2 never become ready.
    s.sim.setRolloutBehaviour(
      "Deployment",
      NS,
      "web",
      "progress-deadline",
      (obj) => !JSON.stringify(obj).includes(`"${v2}"`),
    );
    const run = await s.run([...VERSIONED, "--timeout", "2m", "--output", "json"]);
    expect(run.code).toBe(1);
    const v3 = nameOf(copiesOf(s, "ConfigMap", "app-config").find((c) => nameOf(c) !== v2))!;
    const report = JSON.parse(run.stdout) as RunJson;
    const web = report.workloads.find((w) => w.name === "web")?.result;
    // The change failed (exit 1); the workload runs its last good config again.
    expect(web?.rollout).toBe("rolled-back");
    expect(web?.message).toContain("exceeded its progress deadline");
    expect(web?.message).toContain(`configmap ${v3} → ${v2}`);
    expect(web?.message).toMatch(/the rollback rolled out/);
    expect(run.stderr).toMatch(new RegExp(`deployment/web.*rollout of the new config failed.*${v3} → ${v2}`));
    // Config-only rollback: web runs v2 again, its other fields as they were; worker kept v3.
    expect(namesUsed(s, "Deployment", "web")).toEqual([v2]);
    expect(JSON.stringify(s.template("Deployment", "web").spec)).toContain('"KEEP_ME"');
    expect(namesUsed(s, "StatefulSet", "worker")).toEqual([v3]);
    const live = s.sim.get("Deployment", NS, "web") as {
      status: Record<string, number>;
      spec: { replicas: number };
    };
    expect(live.status.updatedReplicas).toBe(live.spec.replicas);
    // No pruning after a failed run.
    expect(s.sim.requests.filter((r) => r.verb === "delete")).toEqual([]);
  });

  test("a failed rollout is not repointed back to a config that no longer exists: the rollback says so, exit 1", async () => {
    const s = await start();
    // The in-place config is gone from the cluster (deleted once the workloads ran copies, or never
    // applied): pods that name it again could not start.
    s.sim.remove("ConfigMap", NS, "app-config");
    s.sim.setRolloutBehaviour("Deployment", NS, "web", "progress-deadline");
    const run = await s.run([...VERSIONED, "--timeout", "2m", "--output", "json"]);
    expect(run.code).toBe(1);
    const [copy] = copiesOf(s, "ConfigMap", "app-config");
    const web = (JSON.parse(run.stdout) as RunJson).workloads.find((w) => w.name === "web")?.result;
    expect(web?.rollout).toBe("failed");
    expect(web?.message).toContain(
      "rollback not applied: no earlier config of configmap/app-config to return to (configmap/app-config no longer exists): left on the new copy; fix the config and push again, or run kubectl rollout undo deployment/web -n shop",
    );
    expect(web?.message).not.toMatch(/rolled back \(|the rollback rolled out/);
    expect(run.stderr).toMatch(/deployment\/web.*rollout of the new config failed; rollback not applied/);
    expect(namesUsed(s, "Deployment", "web")).toEqual([nameOf(copy)]);
    expect(s.sim.requests.filter((r) => r.verb === "patch" && r.name === "web")).toHaveLength(1);
  });

  test("a rollout past --timeout is rolled back too", async () => {
    const s = await start();
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v2 = nameOf(copiesOf(s, "ConfigMap", "app-config")[0])!;
    await commitVersion3(s);
    // The new pods never become ready: the rollout stalls until --timeout.
    s.sim.setRolloutBehaviour(
      "StatefulSet",
      NS,
      "worker",
      "stall",
      (obj) => !JSON.stringify(obj).includes(`"${v2}"`),
    );
    const run = await s.run([...VERSIONED, "--timeout", "2s", "--output", "json"]);
    expect(run.code).toBe(1);
    const worker = (JSON.parse(run.stdout) as RunJson).workloads.find((w) => w.name === "worker")?.result;
    expect(worker?.rollout).toBe("rolled-back");
    expect(worker?.message).toMatch(
      new RegExp(`timed out after 2s.*→ ${v2}, copied at [0-9a-f]{12}\\); the rollback rolled out`),
    );
    expect(namesUsed(s, "StatefulSet", "worker")).toEqual([v2]);
  });

  test("a workload whose new pods cannot start is rolled back at once, while another is still waited for", async () => {
    // The cluster still holds the v1 configs: rolling back to the in-place app-config is returning to v1.
    const s = await start({ configsLive: false });
    const onCopy = (owner: Json) => JSON.stringify(owner).includes('"app-config-');
    s.sim.setPodFailure("Deployment", NS, "web", "CreateContainerConfigError", { onlyFor: onCopy });
    // worker's new pods never become ready: it is rolled back only when --timeout ends the wait.
    s.sim.setRolloutBehaviour("StatefulSet", NS, "worker", "stall", onCopy);
    const run = await s.run([...VERSIONED, "--timeout", "4s", "--output", "json"]);
    expect(run.code).toBe(1);
    const results = new Map(
      (JSON.parse(run.stdout) as RunJson).workloads.map((w) => [w.name, w.result] as const),
    );
    expect(results.get("web")?.rollout).toBe("rolled-back");
    expect(results.get("web")?.message).toMatch(
      /CreateContainerConfigError.*→ app-config\); the rollback rolled out/,
    );
    expect(results.get("worker")?.rollout).toBe("rolled-back");
    expect(results.get("worker")?.message).toMatch(/timed out after 4s/);
    expect(results.get("worker")?.message).toMatch(/→ app-config\); the rollback rolled out/);
    // Two rollback rounds: web's as soon as its pods failed, worker's after the deadline.
    expect(run.stderr.match(/Roll back failed workloads to their previous config/g)).toHaveLength(2);
    const patches = s.sim.requests
      .filter((r) => r.verb === "patch" && (r.name === "web" || r.name === "worker"))
      .map((r) => r.name);
    // The restarts (either order), then web's rollback, then worker's.
    expect(patches.slice(0, 2).sort()).toEqual(["web", "worker"]);
    expect(patches.slice(2)).toEqual(["web", "worker"]);
    expect(namesUsed(s, "Deployment", "web")).toEqual(["app-config"]);
    expect(namesUsed(s, "StatefulSet", "worker")).toEqual(["app-config"]);
  });

  test("--no-rollback leaves the failed workload on the new copy", async () => {
    const s = await start();
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v2 = nameOf(copiesOf(s, "ConfigMap", "app-config")[0])!;
    await commitVersion3(s);
    s.sim.setRolloutBehaviour("Deployment", NS, "web", "progress-deadline");
    const run = await s.run([...VERSIONED, "--no-rollback"]);
    expect(run.code).toBe(1);
    expect(namesUsed(s, "Deployment", "web")).not.toEqual([v2]);
    expect(run.stdout).toMatch(/--rollback-on-failure off: left on the new copy/);
    // The old spelling still works, and says so.
    expect(run.stderr).toContain(
      "--no-rollback is deprecated and will be removed in the next minor release: use --rollback-on-failure false",
    );
  });

  test("--prune deletes only managed copies nothing names; a scaled-to-zero ReplicaSet keeps its copy", async () => {
    const s = await start();
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v2 = nameOf(copiesOf(s, "ConfigMap", "app-config")[0])!;
    // A stale managed copy nothing uses, and two look-alikes without the managed label.
    const stale = "app-config-0123456789";
    const v1 = (await s.repo.git(["rev-parse", "HEAD~1"])).trim();
    for (const [name, labels] of [
      [stale, { [SOURCE]: "app-config", [MANAGED]: "true" }],
      ["app-config-aaaaaaaaaa", { [SOURCE]: "app-config" }],
      ["app-config-bbbbbbbbbb", {}],
    ] as const) {
      s.sim.seed({
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: {
          name,
          namespace: NS,
          labels,
          annotations: { [COMMIT]: v1 },
          creationTimestamp: "2020-01-01T00:00:00Z",
        },
        data: { LOG_LEVEL: "trace" },
      });
    }
    await commitVersion3(s);

    // Dry run first: says what would go, deletes nothing.
    s.sim.resetRequests();
    const dry = await s.run([...VERSIONED, "--keep", "0", "--dry-run=server", "--output", "json"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(
      s.sim.requests
        .filter((r) => r.verb !== "get" && r.verb !== "list" && r.verb !== "watch" && !isAccessReview(r))
        .every((r) => r.dryRun),
    ).toBe(true);
    const dryReport = JSON.parse(dry.stdout) as RunJson;
    expect(dryReport.outcome).toBe("planned");
    expect(dryReport.notes?.join("\n")).toMatch(
      new RegExp(`would delete \\(server dry run\\) configmap/${stale}`),
    );
    expect(dryReport.notes?.join("\n")).not.toContain(v2);
    expect(copiesOf(s, "ConfigMap", "app-config").map(nameOf)).toContain(stale);

    s.sim.resetRequests();
    const run = await s.run([...VERSIONED, "--keep", "0", "--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    // The copies are listed per (namespace, kind) with the managed label, never once per source.
    const copyLists = s.sim.requests.filter(
      (r) => r.verb === "list" && (r.query.labelSelector ?? "").includes(MANAGED),
    );
    expect(copyLists.filter((r) => (r.query.labelSelector ?? "").includes(SOURCE))).toEqual([]);
    const perKind = new Map<string, number>();
    for (const r of copyLists)
      perKind.set(`${r.resource}/${r.namespace}`, (perKind.get(`${r.resource}/${r.namespace}`) ?? 0) + 1);
    // Before any write (the plan and the copies to create share one list), and the prune after the wait.
    expect(Math.max(...perKind.values())).toBeLessThanOrEqual(2);
    const left = s.sim.list("ConfigMap", NS).map(nameOf);
    expect(left).not.toContain(stale);
    // Never deleted without the managed label, whatever its name or source label.
    expect(left).toEqual(
      expect.arrayContaining(["app-config", "app-config-aaaaaaaaaa", "app-config-bbbbbbbbbb"]),
    );
    // v2 is no longer in web's template, but web's old ReplicaSet, scaled to zero, still names it
    // (`kubectl rollout undo` would return to it), as does worker's ControllerRevision.
    expect(namesUsed(s, "Deployment", "web")).not.toContain(v2);
    const oldReplicaSet = s.sim
      .list("ReplicaSet", NS)
      .find((rs) => JSON.stringify(rs).includes(`"${v2}"`) && nameOf(rs)?.startsWith("web-")) as
      | { spec: { replicas: number } }
      | undefined;
    expect(oldReplicaSet?.spec.replicas).toBe(0);
    expect(left).toContain(v2);
    const deletes = s.sim.requests.filter((r) => r.verb === "delete" && !r.dryRun).map((r) => r.name);
    expect(deletes).toEqual([stale]);
  });

  test("--prune never deletes a look-alike: a config the repository defines with a copy's labels, or one not named and annotated as a copy", async () => {
    const s = await start();
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v1 = (await s.repo.git(["rev-parse", "HEAD~1"])).trim();
    const labels = { [SOURCE]: "app-config", [MANAGED]: "true" };
    const old = { creationTimestamp: "2020-01-01T00:00:00Z" };
    // The repository's own configs, applied by the deploy step: one with the copy labels alone, one
    // exported from a copy (its name, labels and commit), as a user might keep a snapshot.
    const legacy = { ...configMap("app-config-legacy", { LOG_LEVEL: "info" }, { namespace: NS }) };
    (legacy.metadata as Meta).labels = labels;
    const snapshot = configMap("app-config-5555555555", { LOG_LEVEL: "info" }, { namespace: NS });
    Object.assign(snapshot.metadata as Meta, { labels, annotations: { [COMMIT]: v1 } });
    await s.repo.write("deploy/kept.yaml", yamlDocs(legacy, snapshot));
    await commitVersion3(s);
    for (const object of [legacy, snapshot])
      s.sim.seed({ ...object, metadata: { ...(object.metadata as Meta), ...old } });
    // On the cluster only: the labels, but no commit; and a real old copy, which does go.
    const stale = "app-config-0123456789";
    for (const [name, annotations] of [
      ["app-config-6666666666", {}],
      [stale, { [COMMIT]: v1 }],
    ] as const) {
      s.sim.seed({
        apiVersion: "v1",
        kind: "ConfigMap",
        metadata: { name, namespace: NS, labels, annotations, ...old },
        data: { LOG_LEVEL: "trace" },
      });
    }
    s.sim.resetRequests();
    const run = await s.run([...VERSIONED, "--keep", "0", "--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const deletes = s.sim.requests.filter((r) => r.verb === "delete").map((r) => r.name);
    expect(deletes).toEqual([stale]);
    expect(s.sim.list("ConfigMap", NS).map(nameOf)).toEqual(
      expect.arrayContaining(["app-config-legacy", "app-config-5555555555", "app-config-6666666666"]),
    );
    expect((JSON.parse(run.stdout) as RunJson).notes?.join("\n")).toContain(
      "kept configmap/app-config-5555555555 (namespace shop): it carries the labels of a copy of app-config, but the head commit defines it",
    );
    // Nothing was repointed from a look-alike either: web runs the new copy, named for its content.
    expect(namesUsed(s, "Deployment", "web")).toEqual([expect.stringMatching(/^app-config-[0-9a-f]{10}$/)]);
    expect(namesUsed(s, "Deployment", "web")).not.toContain("app-config-5555555555");
  });

  test("with --hash-key, copy names are the same on every cluster; without it a Secret missing on the cluster stops the run", async () => {
    const names: string[][] = [];
    for (const run of [1, 2]) {
      const s = await start();
      if (run === 2) s.sim.remove("Secret", NS, "db");
      expect((await s.run([...VERSIONED, "--hash-key", "k"])).code).toBe(0);
      names.push([
        ...copiesOf(s, "ConfigMap", "app-config").map((c) => nameOf(c)!),
        ...copiesOf(s, "Secret", "db").map((c) => nameOf(c)!),
      ]);
      await s.close();
    }
    expect(names[1]).toEqual(names[0]);
    expect(names[0]).toHaveLength(2);
    const s = await start();
    s.sim.remove("Secret", NS, "db");
    s.sim.resetRequests();
    const refused = await s.run(VERSIONED);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/secret\/db \(namespace shop\) is not on the cluster.*set --hash-key/);
    expect(writes(s)).toEqual([]);
  });

  test("a StatefulSet's ControllerRevision keeps a copy; once nothing names it, it goes", async () => {
    const s = await start();
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v2 = nameOf(copiesOf(s, "ConfigMap", "app-config")[0])!;
    await commitVersion3(s);
    expect((await s.run(VERSIONED)).code).toBe(0);
    // Take away web's history: only worker's old ControllerRevision names v2 now.
    const holders = (kind: string) =>
      s.sim.list(kind, NS).filter((o) => JSON.stringify(o).includes(`"${v2}"`));
    for (const rs of holders("ReplicaSet")) s.sim.remove("ReplicaSet", NS, nameOf(rs)!);
    expect(holders("ControllerRevision").map(nameOf)).toEqual([expect.stringMatching(/^worker-/)]);
    expect(holders("Pod")).toEqual([]);
    expect((await s.run([...VERSIONED, "--keep", "0"])).code).toBe(0);
    expect(copiesOf(s, "ConfigMap", "app-config").map(nameOf)).toContain(v2);
    for (const cr of holders("ControllerRevision")) s.sim.remove("ControllerRevision", NS, nameOf(cr)!);
    const run = await s.run([...VERSIONED, "--keep", "0"]);
    expect(run.code, run.stderr).toBe(0);
    expect(copiesOf(s, "ConfigMap", "app-config").map(nameOf)).not.toContain(v2);
    expect(run.stdout).toContain(`deleted configmap/${v2} (namespace shop)`);
    // The copy the workloads run stays, --keep 0 or not.
    expect(copiesOf(s, "ConfigMap", "app-config")).toHaveLength(1);
  });

  test("without permission to create the copies, the run stops before any write (exit 2)", async () => {
    const s = await start();
    s.sim.forbid("create", "secrets");
    const run = await s.run(VERSIONED);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      /may not create secrets db-[0-9a-f]{10} in namespace shop.*nothing was written/,
    );
    expect(writes(s)).toEqual([]);
  });

  test("a copy name taken by an object config-rollout does not manage stops the run before any write", async () => {
    const s = await start();
    const b64 = (text: string) => Buffer.from(text).toString("base64");
    const taken = `app-config-${copyHash("ConfigMap", { LOG_LEVEL: b64("debug"), PORT: b64("8080") })}`;
    s.sim.seed({
      apiVersion: "v1",
      kind: "ConfigMap",
      metadata: { name: taken, namespace: NS },
      data: { mine: "1" },
    });
    s.sim.resetRequests();
    const run = await s.run(VERSIONED);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `configmap/${taken} (namespace shop) exists and is not a config-rollout copy`,
    );
    expect(writes(s)).toEqual([]);
    expect((s.sim.get("ConfigMap", NS, taken) as { data: Json }).data).toEqual({ mine: "1" });
  });

  test("--dry-run (client) touches nothing; no output ever holds a Secret value", async () => {
    const s = await start();
    const dry = await s.run([...VERSIONED, "--dry-run"]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(writes(s)).toEqual([]);
    // Copy names come from the commit alone, so the plan names them; the run then creates exactly those.
    const planned = [
      ...dry.stdout.matchAll(
        /would copy configmap\/app-config at \w+ to (app-config-[0-9a-f]{10}) \(namespace shop\) and repoint deployment\/web, statefulset\/worker to it/g,
      ),
    ];
    expect(planned).toHaveLength(1);
    expect(dry.stdout).toMatch(
      // A Secret's copy name is keyed with its cluster UID, unknown without the cluster.
      /would copy secret\/db at \w+ to db-<hash keyed with the Secret's UID> \(namespace shop\) and repoint deployment\/api to it/,
    );
    expect(dry.stdout).toMatch(/--dry-run=server shows which old copies would be deleted/);
    for (const output of ["text", "json", "markdown"]) {
      const run = await s.run([...VERSIONED, "--output", output, "--debug"]);
      expect(run.code, run.stderr).toBe(0);
      if (output === "text")
        expect(copiesOf(s, "ConfigMap", "app-config").map(nameOf)).toEqual([planned[0]![1]]);
      const seen = `${run.stdout}${run.stderr}`;
      for (const value of ["new-password", "old-password"]) {
        expect(seen).not.toContain(value);
        expect(seen).not.toContain(Buffer.from(value).toString("base64"));
      }
    }
  });
});

describe("--strategy versioned with consumers found only on the cluster", () => {
  test("a workload on an older copy is still planned, by the copy's source label, and repointed", async () => {
    const s = await start();
    s.sim.seed(CLUSTER_ONLY_CONSUMER);
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v2 = nameOf(copiesOf(s, "ConfigMap", "app-config")[0])!;
    expect(namesUsed(s, "Deployment", "helm-installed")).toEqual([v2]);
    await commitVersion3(s);
    const run = await s.run([...VERSIONED, "--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    const v3 = nameOf(copiesOf(s, "ConfigMap", "app-config").find((c) => nameOf(c) !== v2))!;
    expect(namesUsed(s, "Deployment", "helm-installed")).toEqual([v3]);
    const planned = (JSON.parse(run.stdout) as RunJson).workloads.find((w) => w.name === "helm-installed");
    expect(planned?.result?.message).toContain(`configmap ${v2} → ${v3}`);
  });
});

describe("--strategy versioned with long config names", () => {
  /**
   * A config named `name` and a Deployment "long" reading it, changed once (v1 seeded on the
   * cluster); returns what commits a further change.
   */
  async function addLongConfig(
    s: Scenario,
    name: string,
    kind: "ConfigMap" | "Secret",
  ): Promise<(level: string) => Promise<void>> {
    const manifests = (level: string) => [
      kind === "ConfigMap"
        ? configMap(name, { LEVEL: level }, { namespace: NS })
        : secret(name, { stringData: { LEVEL: level } }, NS),
      deployment(
        "long",
        pod({
          env: [
            {
              name: "LEVEL",
              valueFrom: {
                [kind === "ConfigMap" ? "configMapKeyRef" : "secretKeyRef"]: { name, key: "LEVEL" },
              },
            },
          ],
        }),
        { namespace: NS },
      ),
    ];
    await s.repo.write("deploy/long.yaml", yamlDocs(...manifests("a")));
    await s.repo.commit("long: a");
    for (const object of manifests("a")) s.sim.seed(object);
    const change = async (level: string) => {
      await s.repo.write("deploy/long.yaml", yamlDocs(...manifests(level)));
      await s.repo.commit(`long: ${level}`);
    };
    await change("b");
    return change;
  }

  test("a name too long for a label value gets a short source label; the next run repoints from that copy", async () => {
    const s = await start();
    const name = `settings-${"x".repeat(91)}`;
    const change = await addLongConfig(s, name, "ConfigMap");
    const first = await s.run(VERSIONED);
    expect(first.code, first.stderr).toBe(0);
    const [copy] = s.sim.list("ConfigMap", NS).filter((o) => nameOf(o)?.startsWith(`${name}-`));
    expect(nameOf(copy)).toMatch(new RegExp(`^${name}-[0-9a-f]{10}$`));
    // The API server refuses label values over 63 characters (the simulated one too, as kubectl shows).
    const label = (copy!.metadata as Meta).labels?.[SOURCE];
    expect(label).toBe(sourceLabelValue(name));
    expect(label!.length).toBeLessThanOrEqual(63);
    expect(JSON.stringify(s.template("Deployment", "long").spec)).toContain(`"${nameOf(copy)}"`);

    await change("c");
    const second = await s.run([...VERSIONED, "--output", "json"]);
    expect(second.code, second.stderr).toBe(0);
    const long = (JSON.parse(second.stdout) as RunJson).workloads.find((w) => w.name === "long");
    expect(long?.result?.message).toMatch(
      new RegExp(
        `configmap ${nameOf(copy)} → ${name}-[0-9a-f]{10}; deployment "long" successfully rolled out`,
      ),
    );
  });

  test("a name whose copy name would pass 253 characters stops the plan with exit 2, a client dry run too", async () => {
    const s = await start();
    const name = `s${"x".repeat(242)}`;
    await addLongConfig(s, name, "Secret");
    for (const args of [["--dry-run"], []]) {
      s.sim.resetRequests();
      const run = await s.run([...VERSIONED, ...args]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain(`its versioned copy would be named 254 characters long`);
      expect(run.stderr).toContain("shorten the config's name to at most 242 characters");
      expect(writes(s)).toEqual([]);
    }
  });
});

describe("--strategy versioned never moves a workload to older content", () => {
  test("a stale run (an old pipeline run again, or one that ends after a newer one) leaves the newer copy: exit 0, and says why", async () => {
    const s = await start();
    const [v1, v2] = [
      (await s.repo.git(["rev-parse", "HEAD~1"])).trim(),
      (await s.repo.git(["rev-parse", "HEAD"])).trim(),
    ];
    expect((await s.run(VERSIONED)).code).toBe(0);
    await commitVersion3(s);
    expect((await s.run(VERSIONED)).code).toBe(0);
    const v3 = (await s.repo.git(["rev-parse", "HEAD"])).trim();
    const newest = namesUsed(s, "Deployment", "web");
    expect(newest).toEqual([expect.stringMatching(/^app-config-[0-9a-f]{10}$/)]);

    // The pipeline of v1..v2 runs again (or finishes late), after v2..v3 was deployed.
    s.sim.resetRequests();
    const stale = await runInProcess([
      ...["--repo", s.repo.dir, "--base", v1, "--head", v2, "--kubeconfig", s.kubeconfig],
      ...VERSIONED,
      ...["--output", "json"],
    ]);
    expect(stale.code, stale.stderr).toBe(0);
    expect(namesUsed(s, "Deployment", "web")).toEqual(newest);
    expect(namesUsed(s, "StatefulSet", "worker")).toEqual(newest);
    expect(s.patchedNames()).toEqual([]);
    const web = (JSON.parse(stale.stdout) as RunJson).workloads.find((w) => w.name === "web")?.result;
    expect(web).toMatchObject({ restart: "unchanged", rollout: "done" });
    expect(web?.message).toContain(
      `not repointed: this run is stale: it runs configmap/${newest[0]} (copied at ${v3.slice(0, 12)}), from a later commit than this run's head ${v2.slice(0, 12)}`,
    );
    expect(stale.stderr).toMatch(/deployment\/web \(namespace shop\): not repointed: this run is stale/);
    // The Secret's consumer is not stale (v2..v3 did not change the Secret): its copy is already v2's.
    expect(
      (JSON.parse(stale.stdout) as RunJson).workloads.find((w) => w.name === "api")?.result?.message,
    ).toContain("pod template already names db-");
  });

  test("a shallow clone places the live copy's commit by fetching; one it cannot fetch stops the run before any write", async () => {
    const s = await start();
    const v2 = (await s.repo.git(["rev-parse", "HEAD"])).trim();
    expect((await s.run(VERSIONED)).code).toBe(0);
    await commitVersion3(s);
    const v3 = (await s.repo.git(["rev-parse", "HEAD"])).trim();
    const clone = await cloneTempRepo(`file://${s.repo.dir}`, ["--depth", "1"]);
    try {
      const runIn = (dir: string) =>
        runInProcess([
          ...["--repo", dir, "--base", v2, "--head", v3, "--kubeconfig", s.kubeconfig],
          ...VERSIONED,
        ]);
      const [copy] = copiesOf(s, "ConfigMap", "app-config");
      const annotate = (commit: string) =>
        s.sim.seed({
          ...copy!,
          metadata: { ...(copy!.metadata as Meta), annotations: { [COMMIT]: commit } },
        });
      // A commit nobody has (a rewritten history's): the shallow clone cannot say where it stands.
      const gone = "0123456789abcdef0123456789abcdef01234567";
      annotate(gone);
      s.sim.resetRequests();
      const unknown = await runIn(clone.dir);
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain(
        `cannot tell whether configmap/${nameOf(copy)} (namespace shop), which deployment/web, statefulset/worker run, holds content newer than this run's head ${v3.slice(0, 12)}: it was copied at ${gone.slice(0, 12)}, and commit ${gone.slice(0, 12)} is not in this shallow clone and could not be fetched from origin: fetch more history (git fetch --unshallow)`,
      );
      expect(writes(s)).toEqual([]);
      // The copy's real commit: fetched by SHA, the clone deepened until the two meet; v2 is older.
      annotate(v2);
      const run = await runIn(clone.dir);
      expect(run.code, run.stderr).toBe(0);
      expect(namesUsed(s, "Deployment", "web")).not.toContain(nameOf(copy));
    } finally {
      await clone.cleanup();
    }
  });
});
