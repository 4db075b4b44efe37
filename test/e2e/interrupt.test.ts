// Issue 22 item 7: SIGINT/SIGTERM during a render or the wait. The bundled CLI as a real child
// process (as a CI runner runs it), signalled while a renderer runs or while it waits for rollouts.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { parseAllDocuments, stringify } from "yaml";
import { commitTwice, type TempRepo } from "../helpers/git-repo.js";
import { sleepStillRunning } from "../helpers/processes.js";
import { CLI, lastCommitArgs } from "../helpers/run-cli.js";
import type { RunJson } from "../helpers/run-json.js";
import { NS, type Scenario, startScenario } from "../run/cluster-scenario.js";

let scratch: string;
let repo: TempRepo | undefined;
let scenario: Scenario | undefined;
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), "interrupt-"));
  await mkdir(join(scratch, "tmp"));
});
afterEach(async () => {
  await repo?.cleanup();
  repo = undefined;
  await scenario?.close();
  scenario = undefined;
  await rm(scratch, { recursive: true, force: true });
});

interface Started {
  child: ChildProcess;
  stderr: () => string;
  stdout: () => string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

function startCli(args: string[], env: Record<string, string> = {}): Started {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: scratch, NO_COLOR: "1", TMPDIR: join(scratch, "tmp"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  let stdout = "";
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout!.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, stderr: () => stderr, stdout: () => stdout, exit };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  expect(check(), what).toBe(true);
}

const cm = (level: string) =>
  `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: web-config\ndata:\n  LEVEL: ${level}\n`;

describe("an interrupted run", () => {
  test.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)(
    "%s during a render stops the renderers' groups, removes the checkouts, says so, exit %i",
    async (signal, code) => {
      repo = await commitTwice({ "cm.txt": cm("info") }, { "cm.txt": cm("debug") });
      const pids = join(scratch, "pids");
      const run = startCli([
        ...lastCommitArgs(repo.dir),
        "--dry-run",
        "--discover",
        "repo",
        "--kustomize",
        "none",
        "--render",
        `cat cm.txt; sleep 800 & echo $! >> ${pids}; sleep 800`,
      ]);
      await until(
        () => existsSync(pids) && readFileSync(pids, "utf8").trim().split("\n").length === 2,
        "both renders started",
      );
      const sent = Date.now();
      run.child.kill(signal);
      const exit = await run.exit;
      expect(exit.code, run.stderr()).toBe(code);
      expect(exit.at - sent).toBeLessThan(5_000);
      expect(run.stderr()).toContain(`config-rollout: ${signal} received: stopping`);
      expect(run.stderr()).toMatch(
        new RegExp(
          `error: interrupted by ${signal} while in "Find changed configs": child processes stopped, temporary checkouts removed; nothing was written to the cluster`,
        ),
      );
      await new Promise((r) => setTimeout(r, 300));
      for (const pid of readFileSync(pids, "utf8").trim().split("\n").map(Number))
        expect(sleepStillRunning(pid)).toBe(false);
      expect((await readdir(join(scratch, "tmp"))).filter((n) => n.startsWith("config-rollout-"))).toEqual(
        [],
      );
    },
  );

  test("SIGTERM during a versioned run's wait rolls the repointed workload back, says so, exit 143", async () => {
    scenario = await startScenario();
    const s = scenario;
    // web's new pods never become ready: the wait would last the whole --timeout.
    s.sim.setRolloutBehaviour("Deployment", NS, "web", "stall", (obj) =>
      JSON.stringify(obj).includes("app-config-"),
    );
    const run = startCli([
      ...lastCommitArgs(s.repo.dir, s.kubeconfig),
      "--strategy",
      "versioned",
      "--timeout",
      "10m",
      "--output",
      "json",
    ]);
    await until(() => /Wait for rollouts/.test(run.stderr()), "the wait started");
    await new Promise((r) => setTimeout(r, 300));
    const before = JSON.stringify(s.template("Deployment", "web").spec);
    expect(before).toMatch(/app-config-[0-9a-f]{10}/);
    const sent = Date.now();
    run.child.kill("SIGTERM");
    const exit = await run.exit;
    expect(exit.code, run.stderr()).toBe(143);
    expect(exit.at - sent).toBeLessThan(8_000);
    // Back on the config it used before, through the rollback path.
    const after = JSON.stringify(s.template("Deployment", "web").spec);
    expect(after).not.toMatch(/app-config-[0-9a-f]{10}/);
    expect(after).toContain('"app-config"');
    expect(run.stderr()).toMatch(
      /interrupted by SIGTERM while waiting for deployment\/web|interrupted by SIGTERM while waiting for Deployment\/shop\/web/,
    );
    expect(run.stderr()).toMatch(
      /error: interrupted by SIGTERM while in "[^"]+": child processes stopped, temporary checkouts removed; written to the cluster: /,
    );
  });

  test("SIGTERM during the wait for a rollback: the rollback is reported written with its rollout unfinished, never as not rolled back", async () => {
    scenario = await startScenario();
    const s = scenario;
    const level = () =>
      (s.sim.get("ConfigMap", NS, "app-config") as { data: { LOG_LEVEL: string } }).data.LOG_LEVEL;
    // web cannot start on v2's LOG_LEVEL (a rollback at once, during the wait), and every rollout of
    // web stalls, its rollback's too: the rollback's wait would last the whole --timeout.
    s.sim.setPodFailure("Deployment", NS, "web", "CrashLoopBackOff", { onlyFor: () => level() === "debug" });
    s.sim.setRolloutBehaviour("Deployment", NS, "web", "stall");
    const run = startCli([
      ...lastCommitArgs(s.repo.dir, s.kubeconfig),
      ...["--rollback-on-failure", "--timeout", "10m", "--output", "json"],
    ]);
    await until(() => run.stderr().includes("Wait for the rollbacks:"), "the rollback's wait started");
    await new Promise((r) => setTimeout(r, 300));
    run.child.kill("SIGTERM");
    const exit = await run.exit;
    expect(exit.code, run.stderr()).toBe(143);
    // The rollback patch was answered: the template is back.
    const webPatches = s.sim.requests.filter((r) => r.verb === "patch" && r.name === "web");
    expect(webPatches.map((r) => r.status)).toEqual([200, 200]);
    const report = JSON.parse(run.stdout()) as RunJson;
    const web = report.workloads.find((w) => w.name === "web")?.result;
    expect(web).toMatchObject({ rollout: "timeout", rollback: { restart: "restarted", rollout: "timeout" } });
    expect(web?.message).toMatch(
      /; rolled back to its pod template before the run \(configmap\/app-config restored\), but the rollback's rollout did not finish: interrupted by SIGTERM/,
    );
    const restore = report.restores?.[0];
    expect(restore?.rollbackNotRolledOut).toContainEqual({ kind: "Deployment", namespace: NS, name: "web" });
    expect(restore?.notRolledBack).toBeUndefined();
    expect(run.stderr()).toMatch(/error: interrupted by SIGTERM while in "Wait for the rollbacks": /);
  });

  test("SIGTERM during a --max-parallel-rollouts batch's wait: no later batch is restarted, the report and the summary say so, exit 143", async () => {
    scenario = await startScenario();
    const s = scenario;
    // Every restarted rollout stalls: the first batch's wait would last the whole --timeout.
    for (const [kind, name] of [
      ["Deployment", "web"],
      ["Deployment", "api"],
      ["StatefulSet", "worker"],
    ] as const)
      s.sim.setRolloutBehaviour(kind, NS, name, "stall", (obj) =>
        JSON.stringify(obj).includes("config-hash"),
      );
    const run = startCli([
      ...lastCommitArgs(s.repo.dir, s.kubeconfig),
      ...["--max-parallel-rollouts", "1", "--timeout", "10m", "--output", "json"],
    ]);
    await until(
      () => run.stderr().includes("Wait for rollouts (batch 1 of 3)"),
      "the first batch's wait started",
    );
    await new Promise((r) => setTimeout(r, 300));
    run.child.kill("SIGTERM");
    const exit = await run.exit;
    expect(exit.code, run.stderr()).toBe(143);
    const patched = s.patchedNames();
    expect(patched).toHaveLength(1);
    const results = (JSON.parse(run.stdout()) as RunJson).workloads
      .filter((w) => w.result && `${w.kind}/${w.name}` !== patched[0])
      .map((w) => w.result);
    expect(results).toEqual([
      { restart: "not-started", message: "not restarted: interrupted by SIGTERM" },
      { restart: "not-started", message: "not restarted: interrupted by SIGTERM" },
    ]);
    expect(run.stderr()).not.toContain("Restart (batch 2 of 3)");
    expect(run.stderr()).toMatch(
      /written to the cluster: Restart \(batch 1 of 3\): [^;]+; the rest of the run was not done/,
    );
  });

  test("SIGTERM during a wave's wait: the later waves say the interrupt stopped them, not that the wave failed", async () => {
    scenario = await startScenario();
    const s = scenario;
    // web is wave 0, the others after it: a commit on top of the scenario's adds the annotation.
    const file = join(s.repo.dir, "deploy/shop.yaml");
    type Doc = { kind: string; metadata: { name: string; annotations?: Record<string, string> } };
    const docs = parseAllDocuments(readFileSync(file, "utf8")).map((d) => d.toJS() as Doc);
    for (const doc of docs)
      if (doc.kind === "Deployment" && doc.metadata.name === "web")
        doc.metadata.annotations = { "config-rollout.io/wave": "0" };
    await s.repo.write("deploy/shop.yaml", docs.map((d) => stringify(d)).join("---\n"));
    await s.repo.commit("web is the canary");
    // As applied: the live object carries it too.
    expect(
      (await s.kubectl("annotate", "deployment", "web", "-n", NS, "config-rollout.io/wave=0")).code,
    ).toBe(0);
    s.sim.resetRequests();
    s.sim.setRolloutBehaviour("Deployment", NS, "web", "stall", (obj) =>
      JSON.stringify(obj).includes("config-hash"),
    );
    const run = startCli([
      ...["--repo", s.repo.dir, "--base", "HEAD~2", "--head", "HEAD", "--kubeconfig", s.kubeconfig],
      ...["--timeout", "10m", "--output", "json"],
    ]);
    await until(() => run.stderr().includes("Wait for rollouts (wave 0)"), "wave 0's wait started");
    await new Promise((r) => setTimeout(r, 300));
    run.child.kill("SIGTERM");
    const exit = await run.exit;
    expect(exit.code, run.stderr()).toBe(143);
    expect(s.patchedNames()).toEqual(["Deployment/web"]);
    const later = (JSON.parse(run.stdout()) as RunJson).workloads
      .filter((w) => w.result && w.name !== "web")
      .map((w) => w.result);
    expect(later.length).toBeGreaterThan(0);
    for (const result of later)
      expect(result).toEqual({ restart: "not-started", message: "not restarted: interrupted by SIGTERM" });
    expect(run.stderr()).not.toContain("wave 0 failed");
  });

  test("SIGTERM while a batch larger than --concurrency is being patched: its patches not yet sent are not sent, exit 143", async () => {
    scenario = await startScenario();
    const s = scenario;
    // The first patch is throttled (429, Retry-After 3s): the signal arrives before the others are sent.
    s.sim.failNext({ verb: "patch" }, 429, 1, 3);
    const run = startCli([
      ...lastCommitArgs(s.repo.dir, s.kubeconfig),
      ...["--max-parallel-rollouts", "3", "--concurrency", "1", "--timeout", "10m", "--output", "json"],
    ]);
    await until(
      () => s.sim.requests.some((r) => r.verb === "patch" && r.status === 429),
      "the first patch was throttled",
    );
    run.child.kill("SIGTERM");
    const exit = await run.exit;
    expect(exit.code, run.stderr()).toBe(143);
    // The throttled patch is sent again (it was under way); no other patch is sent after the signal.
    const patched = [...new Set(s.patchedNames())];
    expect(patched).toHaveLength(1);
    const results = (JSON.parse(run.stdout()) as RunJson).workloads
      .filter((w) => w.result && `${w.kind}/${w.name}` !== patched[0])
      .map((w) => w.result);
    expect(results).toEqual([
      { restart: "not-started", message: "not restarted: interrupted by SIGTERM" },
      { restart: "not-started", message: "not restarted: interrupted by SIGTERM" },
    ]);
  });
});
