// --strategy gitops end to end: a real git repository, the simulated API server over real HTTP
// with a real kubeconfig, and the real `kubectl apply --server-side` playing the GitOps agent.
// The sim's request log is the witness: config-rollout sends only reads (GET, LIST, WATCH); every
// write in the log is the agent's (kubectl's user agent).
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import type { SimCluster } from "../../sim/index.js";
import { configHash } from "../../src/core/config-hash.js";
import { idKey } from "../../src/core/model.js";
import { configMap, deployment, pod, secret, yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { findKubectl } from "../sim/helpers.js";
import { runWithAgent, type SimRepo, useSimRepo } from "./cluster-scenario.js";

type Json = Record<string, unknown>;
const NS = "shop";
const HASH = "config-rollout.io/config-hash";
const FILE = "deploy/shop.yaml";

/** The manifests at `level`; `stamps` puts each workload's hash on its pod template, as `stamp` does. */
function manifests(level: string, stamps: Record<string, string> = {}): Json[] {
  const withStamp = (object: Json, name: string): Json => {
    if (!stamps[name]) return object;
    const spec = object.spec as { template: { metadata: Json } };
    spec.template.metadata.annotations = { [HASH]: stamps[name] };
    return object;
  };
  return [
    configMap("app-config", { LOG_LEVEL: level, PORT: "8080" }, { namespace: NS }),
    withStamp(
      deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), {
        namespace: NS,
        replicas: 2,
      }),
      "web",
    ),
    // Reads only PORT: a LOG_LEVEL change is not its business (key-precise), so it is not followed.
    deployment(
      "worker",
      pod({
        env: [{ name: "PORT", valueFrom: { configMapKeyRef: { name: "app-config", key: "PORT" } } }],
      }),
      { namespace: NS },
    ),
  ];
}

interface Setup extends SimRepo {
  run(args: string[]): ReturnType<typeof runInProcess>;
}

const kubectl = findKubectl();
const open = useSimRepo();

/**
 * v1 deployed; head commit v2 changes LOG_LEVEL, stamped by hand (`stamps`), by the real
 * `config-rollout stamp` (`"cli"`), or not at all.
 */
async function setup(stamps?: Record<string, string> | "cli"): Promise<Setup> {
  const opened = await open();
  const { sim, repo, kubeconfig } = opened;
  await repo.write(FILE, yamlDocs(...manifests("info")));
  await repo.commit("v1");
  await repo.write(FILE, yamlDocs(...manifests("debug", stamps === "cli" ? {} : stamps)));
  if (stamps === "cli") {
    const stamped = await runInProcess(["stamp", "--repo", repo.dir]);
    if (stamped.code !== 0) throw new Error(`stamp failed: ${stamped.stderr}`);
  }
  await repo.commit("v2: debug logging");
  sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } });
  for (const object of manifests("info")) sim.seed(toJson(object));
  sim.resetRequests();
  return {
    ...opened,
    run: (args) => runInProcess([...lastCommitArgs(repo.dir, kubeconfig), "--strategy", "gitops", ...args]),
  };
}

function toJson(object: Json): Json {
  return parseAllDocuments(yamlDocs(object))[0]!.toJS() as Json;
}

/**
 * The stamp of web at v2, from the one function `config-rollout stamp` and the annotation strategy
 * use (core/config-hash.ts): web reads every key of app-config (envFrom).
 */
function expectedStamp(): string {
  const id = { kind: "ConfigMap" as const, namespace: NS, name: "app-config" };
  const b64 = (value: string) => Buffer.from(value, "utf8").toString("base64");
  const content = { LOG_LEVEL: b64("debug"), PORT: b64("8080") };
  return configHash([{ id, keys: "all" }], new Map([[idKey(id), content]]))!;
}

/** Requests config-rollout sent (kubectl, the agent, is left out): reads only. */
function ownWrites(sim: SimCluster): string[] {
  return sim.requests
    .filter((r) => !r.userAgent?.startsWith("kubectl"))
    .filter((r) => r.method !== "GET" || !["get", "list", "watch"].includes(r.verb))
    .map((r) => `${r.method} ${r.path}`);
}

describe("--strategy gitops", () => {
  test("an unstamped head commit stops the run with exit 2 before any wait, naming the workload, its file and the hash, and the command that fixes it", async () => {
    const s = await setup();
    const run = await s.run(["--timeout", "60s"]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toMatch(
      /deployment\/web \(namespace shop\) \(deploy\/shop\.yaml:\d+\): the head commit carries no config-rollout\.io\/config-hash \(expected [0-9a-f]{64}\)/,
    );
    expect(run.stderr).toContain(`(expected ${expectedStamp()})`);
    expect(run.stderr).toContain("Run `config-rollout stamp`, commit the result and push it.");
    // The key-precise plan does not follow the worker, which reads only PORT.
    expect(run.stderr).not.toContain("deployment/worker");
    expect(ownWrites(s.sim)).toEqual([]);
  });

  test("a stale stamp (the value of other content) is exit 2 too, naming both values", async () => {
    const s = await setup({ web: "0".repeat(64) });
    const run = await s.run([]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`carries ${HASH}=${"0".repeat(64)}, stale (expected `);
  });

  test.skipIf(!kubectl)(
    "with an agent that applies the stamped commit after a delay: waits for it, then for the rollout, exit 0, and sends no write",
    async () => {
      // The head commit stamped by the real `config-rollout stamp`: the run expects the same value.
      const hash = expectedStamp();
      const s = await setup("cli");
      expect(await readFile(join(s.repo.dir, FILE), "utf8")).toContain(`${HASH}: ${hash}`);
      const agent = () =>
        s.kubectl(
          "apply",
          "--server-side",
          "--field-manager",
          "argocd-controller",
          "-f",
          join(s.repo.dir, FILE),
        );
      const run = await runWithAgent(s, agent, ["--output", "json"]);
      const report = JSON.parse(run.stdout) as {
        outcome: string;
        workloads: Array<{ name: string; result?: { restart: string; rollout?: string; message: string } }>;
      };
      expect(report.outcome).toBe("restarted");
      const web = report.workloads.find((w) => w.name === "web")!;
      expect(web.result).toMatchObject({ restart: "agent-applied", rollout: "done" });
      expect(report.workloads.find((w) => w.name === "worker")?.result).toBeUndefined();
      // It waited for the agent, then for the rollout the agent started (every replica updated).
      const live = s.sim.get("Deployment", NS, "web") as {
        spec: { replicas: number; template: { metadata: { annotations: Json } } };
        status: { updatedReplicas: number };
      };
      expect(live.spec.template.metadata.annotations[HASH]).toBe(hash);
      expect(live.status.updatedReplicas).toBe(live.spec.replicas);
      expect(run.stderr).toContain(
        `deployment/web (namespace shop): the agent applied the commit (${HASH}=${hash})`,
      );
      // The agent wrote; config-rollout only read.
      expect(s.sim.requests.some((r) => r.userAgent?.startsWith("kubectl") && r.verb === "apply")).toBe(true);
      expect(ownWrites(s.sim)).toEqual([]);
      // Not even an access review: there is nothing to ask permission for.
      expect(s.sim.requests.filter((r) => r.path.includes("selfsubjectaccessreviews"))).toEqual([]);
    },
  );

  test.skipIf(!kubectl)(
    "--timeout covers both waits: the rollout the agent started gets what the agent wait left, and a stuck one is a failed rollout, not an agent that did not apply",
    async () => {
      const hash = expectedStamp();
      const s = await setup({ web: hash });
      s.sim.setRolloutBehaviour("Deployment", NS, "web", "stall");
      const agent = (async () => {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return s.kubectl(...["apply", "--server-side", "-f", join(s.repo.dir, FILE)]);
      })();
      const started = Date.now();
      const run = await s.run(["--timeout", "4s", "--output", "json"]);
      const elapsed = Date.now() - started;
      expect((await agent).code).toBe(0);
      expect(run.code, run.stderr).toBe(1);
      const web = (
        JSON.parse(run.stdout) as { workloads: Array<{ name: string; result?: Record<string, string> }> }
      ).workloads.find((w) => w.name === "web")!.result!;
      expect(web).toMatchObject({ restart: "agent-applied", rollout: "timeout" });
      // The rollout wait had less than the whole 4s: the agent wait used the first second or so.
      const waited = Number(/timed out after ([\d.]+)s/.exec(web.message!)?.[1]);
      expect(waited).toBeLessThan(3.5);
      expect(elapsed).toBeLessThan(4_000 + 2_500);
    },
  );

  test.skipIf(!kubectl)(
    "the agent applies the workload but not its ConfigMap (another Application, an immutable one): not 'rolled out', exit 1, naming the config",
    async () => {
      const hash = expectedStamp();
      const s = await setup({ web: hash });
      // The agent of this Application syncs the Deployment only; the ConfigMap stays at v1.
      const onlyWeb = join(s.dir, "web.yaml");
      const docs = parseAllDocuments(await readFile(join(s.repo.dir, FILE), "utf8"));
      const web = docs.find(
        (d) =>
          d.get("kind") === "Deployment" && (d.toJS() as Json & { metadata: Json }).metadata.name === "web",
      )!;
      await writeFile(onlyWeb, web.toString());
      const agent = s.kubectl(...["apply", "--server-side", "-f", onlyWeb]);
      const run = await s.run(["--timeout", "60s", "--output", "json"]);
      expect((await agent).code).toBe(0);
      expect(run.code, run.stderr).toBe(1);
      const report = JSON.parse(run.stdout) as {
        outcome: string;
        workloads: Array<{ name: string; result?: { restart: string; rollout?: string; message: string } }>;
      };
      expect(report.outcome).toBe("failed");
      const result = report.workloads.find((w) => w.name === "web")!.result!;
      expect(result).toMatchObject({ restart: "agent-applied", rollout: "failed" });
      expect(result.message).toContain(
        "the cluster does not hold the committed content of configmap/app-config (namespace shop) from deploy/shop.yaml",
      );
      expect(ownWrites(s.sim)).toEqual([]);
      // Once the ConfigMap is applied too, a rerun says rolled out.
      const all = await s.kubectl(...["apply", "--server-side", "-f", join(s.repo.dir, FILE)]);
      expect(all.code, all.stderr).toBe(0);
      const again = await s.run(["--timeout", "60s"]);
      expect(again.code, again.stderr + again.stdout).toBe(0);
    },
  );

  test("a Secret's consumer without --hash-key: exit 2 before any wait (its stamp would be an unkeyed hash of the Secret)", async () => {
    const { sim, repo, kubeconfig } = await open();
    const objects = (password: string) => [
      secret("db", { stringData: { password } }, NS),
      deployment("api", pod({ envFrom: [{ secretRef: { name: "db" } }] }), { namespace: NS }),
    ];
    await repo.write(FILE, yamlDocs(...objects("old-password")));
    await repo.commit("v1");
    await repo.write(FILE, yamlDocs(...objects("new-password")));
    await repo.commit("v2");
    sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: NS } });
    for (const object of objects("old-password")) sim.seed(toJson(object));
    const run = await runInProcess([...lastCommitArgs(repo.dir, kubeconfig), "--strategy", "gitops"]);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain("deployment/api (namespace shop) (deploy/shop.yaml:");
    expect(run.stderr).toContain("it reads a Secret from the repository, and without --hash-key");
    expect(run.stderr + run.stdout).not.toContain("new-password");
  });

  test("with no agent: the timeout says the agent has not applied the commit, names the workload and hash, exit 1, in every format", async () => {
    const hash = expectedStamp();
    const s = await setup({ web: hash });
    const text = await s.run(["--timeout", "1s"]);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toContain("Failed: the agent has not applied the commit to deployment/web yet.");
    expect(text.stdout).toContain(
      `the agent has not applied the commit yet: after 1s the live pod template of deployment/web (namespace shop) still lacks ${HASH}=${hash} (it carries no ${HASH})`,
    );
    expect(text.stdout).not.toMatch(/timed out after/);

    const json = await s.run(["--timeout", "1s", "--output", "json"]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as {
      outcome: string;
      workloads: Array<{ name: string; result?: { restart: string; rollout?: string; message: string } }>;
    };
    expect(report.outcome).toBe("failed");
    const web = report.workloads.find((w) => w.name === "web")!.result!;
    expect(web.restart).toBe("agent-not-applied");
    expect(web.rollout).toBeUndefined();
    expect(web.message).toContain(hash);

    const markdown = await s.run(["--timeout", "1s", "--output", "markdown"]);
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toContain("agent has not applied the commit");
    expect(ownWrites(s.sim)).toEqual([]);
  });

  test("options that would write, or follow workloads the repository does not define, are refused with exit 2", async () => {
    const s = await setup();
    for (const args of [["--apply"], ["--dry-run", "server"], ["--discover", "both"]]) {
      const run = await s.run(args);
      expect(run.code, args.join(" ")).toBe(2);
      expect(run.stderr).toContain("--strategy gitops writes nothing to the cluster: drop");
    }
    expect(s.sim.requests).toEqual([]);
  });
});

test.skipIf(!kubectl)(
  "kustomize: the overlay stamped by `config-rollout stamp` (its generated patch), applied by the agent with `kubectl apply -k`, is followed to the end",
  async () => {
    const opened = await open();
    const { sim, repo } = opened;
    const write = async (level: string) => {
      await repo.write(
        "base/app.yaml",
        yamlDocs(
          configMap("app-config", { LOG_LEVEL: "info" }),
          deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] })),
        ),
      );
      await repo.write("base/kustomization.yaml", "resources:\n  - app.yaml\n");
      await repo.write(
        "overlays/prod/kustomization.yaml",
        "namespace: prod\nresources:\n  - ../../base\npatches:\n  - path: level.yaml\n",
      );
      await repo.write(
        "overlays/prod/level.yaml",
        `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app-config\ndata:\n  LOG_LEVEL: ${level}\n`,
      );
    };
    await write("warn");
    await repo.commit("v1");
    const apply = () => opened.kubectl("apply", "--server-side", "-k", join(repo.dir, "overlays/prod"));
    sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "prod" } });
    expect((await apply()).code).toBe(0);
    await write("debug");
    const stamped = await runInProcess(["stamp", "--repo", repo.dir]);
    expect(stamped.code, stamped.stderr).toBe(0);
    await repo.commit("v2: debug in prod, stamped");
    sim.resetRequests();
    const run = await runWithAgent(opened, apply, ["--output", "json"]);
    const report = JSON.parse(run.stdout) as {
      workloads: Array<{ namespace: string; name: string; result?: { restart: string; rollout?: string } }>;
    };
    expect(report.workloads.find((w) => w.name === "web" && w.namespace === "prod")?.result).toMatchObject({
      restart: "agent-applied",
      rollout: "done",
    });
    expect(ownWrites(sim)).toEqual([]);
  },
);

test.skipIf(!kubectl)(
  "kustomize: a workload that also mounts a configMapGenerator config expects the value `stamp` wrote (the generated config left out) and is followed to the end",
  async () => {
    const opened = await open();
    const { sim, repo } = opened;
    const stampAndCommit = async (message: string) => {
      const stamped = await runInProcess(["stamp", "--repo", repo.dir]);
      expect(stamped.code, stamped.stderr).toBe(0);
      await repo.commit(message);
    };
    const web = pod(
      {
        envFrom: [{ configMapRef: { name: "settings" } }],
        volumeMounts: [{ name: "gen", mountPath: "/gen" }],
      },
      { volumes: [{ name: "gen", configMap: { name: "gen" } }] },
    );
    await repo.write("base/app.yaml", yamlDocs(deployment("web", web)));
    await repo.write(
      "base/kustomization.yaml",
      "resources:\n  - app.yaml\nconfigMapGenerator:\n  - name: gen\n    literals:\n      - X=1\n",
    );
    await repo.write(
      "overlays/prod/kustomization.yaml",
      "namespace: prod\nresources:\n  - ../../base\n  - settings.yaml\n",
    );
    const settings = (color: string) =>
      repo.write("overlays/prod/settings.yaml", yamlDocs(configMap("settings", { COLOR: color })));
    await settings("blue");
    await stampAndCommit("v1, stamped");
    const apply = () => opened.kubectl("apply", "--server-side", "-k", join(repo.dir, "overlays/prod"));
    sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "prod" } });
    expect((await apply()).code).toBe(0);
    await settings("red");
    await stampAndCommit("v2: red in prod, stamped");
    sim.resetRequests();
    // Exit 2 ("stale") when the expected value also covers the generated prod-gen-<hash>.
    const run = await runWithAgent(opened, apply, ["--output", "json"]);
    const report = JSON.parse(run.stdout) as {
      workloads: Array<{ namespace: string; name: string; result?: { restart: string; rollout?: string } }>;
    };
    expect(report.workloads.find((w) => w.name === "web" && w.namespace === "prod")?.result).toMatchObject({
      restart: "agent-applied",
      rollout: "done",
    });
    expect(ownWrites(sim)).toEqual([]);
  },
);

test.skipIf(!kubectl)(
  "kustomize: when only a configMapGenerator's content changes, the run waits until the agent's template reads the new generated name, and times out naming it when no agent comes",
  async () => {
    const opened = await open();
    const { sim, repo } = opened;
    const web = pod(
      {
        envFrom: [{ configMapRef: { name: "settings" } }],
        volumeMounts: [{ name: "gen", mountPath: "/gen" }],
      },
      { volumes: [{ name: "gen", configMap: { name: "gen" } }] },
    );
    await repo.write(
      "base/app.yaml",
      yamlDocs(deployment("web", web), configMap("settings", { COLOR: "blue" })),
    );
    const generator = (x: string) =>
      repo.write(
        "base/kustomization.yaml",
        `namespace: prod\nresources:\n  - app.yaml\nconfigMapGenerator:\n  - name: gen\n    literals:\n      - X=${x}\n`,
      );
    await generator("1");
    expect((await runInProcess(["stamp", "--repo", repo.dir])).code).toBe(0);
    await repo.commit("v1, stamped");
    const apply = () => opened.kubectl("apply", "--server-side", "-k", join(repo.dir, "base"));
    sim.seed({ apiVersion: "v1", kind: "Namespace", metadata: { name: "prod" } });
    expect((await apply()).code).toBe(0);
    // As a person would: the one line edited, the stamp's patch that `stamp` listed kept.
    const kustomization = join(repo.dir, "base/kustomization.yaml");
    await writeFile(kustomization, (await readFile(kustomization, "utf8")).replace("X=1", "X=2"));
    // The stamp leaves the generated config out: its value does not change.
    const stamped = await runInProcess(["stamp", "--repo", repo.dir, "--check"]);
    expect(stamped.code, stamped.stdout).toBe(0);
    await repo.commit("v2: X=2");
    const generatedAtHead = (await opened.kubectl("kustomize", join(repo.dir, "base"))).stdout.match(
      /name: (gen-[a-z0-9]+)/,
    )?.[1];
    expect(generatedAtHead).toBeDefined();

    // No agent: before, the run judged the old pods at once ("the cluster does not hold the committed content").
    const alone = await runInProcess([
      ...lastCommitArgs(repo.dir, opened.kubeconfig),
      "--strategy",
      "gitops",
      "--timeout",
      "2s",
      "--output",
      "json",
    ]);
    expect(alone.code, alone.stderr).toBe(1);
    const lonely = JSON.parse(alone.stdout) as {
      workloads: Array<{ name: string; result?: { restart: string; message?: string } }>;
    };
    const result = lonely.workloads.find((w) => w.name === "web")?.result;
    expect(result?.restart).toBe("agent-not-applied");
    expect(result?.message).toContain(`does not read configmap/${generatedAtHead}`);

    // The agent applies the commit 700 ms in: followed to the end.
    sim.resetRequests();
    const run = await runWithAgent(opened, apply, ["--output", "json"]);
    const report = JSON.parse(run.stdout) as {
      workloads: Array<{ namespace: string; name: string; result?: { restart: string; rollout?: string } }>;
    };
    expect(report.workloads.find((w) => w.name === "web" && w.namespace === "prod")?.result).toMatchObject({
      restart: "agent-applied",
      rollout: "done",
    });
    expect(ownWrites(sim)).toEqual([]);
  },
);
