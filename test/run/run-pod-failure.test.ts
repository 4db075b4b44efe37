// A config change whose new pods cannot start: the run fails within seconds (not at --timeout) and
// every report quotes why — the pod, container, reason, message, last exit code, Warning events and,
// with --logs N, the previous run's last lines, escaped for markdown and bounded.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { NS, type Scenario, useScenario } from "./cluster-scenario.js";

type Loose = Record<string, unknown> & {
  spec?: { template?: { metadata?: { annotations?: Record<string, string> } } };
};

const start = useScenario();

const HASH = "config-rollout.io/config-hash";
/** The templates config-rollout's restart writes (the old one has no hash annotation). */
const restarted = (owner: Loose) => owner.spec?.template?.metadata?.annotations?.[HASH] !== undefined;

async function crashingWeb(): Promise<Scenario> {
  const scenario = await start();
  scenario.sim.setPodFailure("Deployment", NS, "web", "CrashLoopBackOff", {
    onlyFor: restarted,
    exitCode: 2,
    message: "LOG_LEVEL=debug is *not* supported",
    log: ["boot", "config loaded", "fatal: LOG_LEVEL=debug is *not* supported", "x".repeat(1000)],
  });
  return scenario;
}

describe("a rollout whose new pods crash", () => {
  test("fails within seconds with exit 1; the JSON report carries the cause; the others complete", async () => {
    const s = await crashingWeb();
    const started = Date.now();
    const dir = mkdtempSync(join(tmpdir(), "config-rollout-junit-"));
    const run = await s.run([
      "--output",
      "json",
      "--logs",
      "2",
      "--timeout",
      "60s",
      "--junit",
      join(dir, "r.xml"),
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(Date.now() - started).toBeLessThan(15_000);
    const report = JSON.parse(run.stdout) as {
      workloads: Array<{ name: string; result?: { rollout?: string; message: string; cause?: Loose } }>;
    };
    const byName = new Map(report.workloads.map((w) => [w.name, w.result]));
    expect(byName.get("api")?.rollout).toBe("done");
    expect(byName.get("worker")?.rollout).toBe("done");
    const web = byName.get("web");
    expect(web?.rollout).toBe("failed");
    expect(web?.message).toMatch(
      /^pod web-[a-z0-9]+-[a-z0-9]+ container app: CrashLoopBackOff: .*; last exit code 2: LOG_LEVEL=debug is \*not\* supported\)$/,
    );
    expect(web?.cause).toMatchObject({
      container: "app",
      reason: "CrashLoopBackOff",
      lastTermination: { exitCode: 2, reason: "Error" },
    });
    const log = (web?.cause as { log?: string[] } | undefined)?.log ?? [];
    // The last 2 lines, each cut to 300 characters.
    expect(log[0]).toBe("fatal: LOG_LEVEL=debug is *not* supported");
    expect(log[1]).toBe(`${"x".repeat(300)}…`);
    expect((web?.cause as { events?: string[] } | undefined)?.events?.[0]).toMatch(
      /^BackOff: Back-off restarting failed container app/,
    );

    // The GitLab JUnit report quotes the same in the failed test case.
    const junit = readFileSync(join(dir, "r.xml"), "utf8");
    rmSync(dir, { recursive: true, force: true });
    expect(junit).toContain("event: BackOff: Back-off restarting failed container app");
    expect(junit).toContain("| fatal: LOG_LEVEL=debug is *not* supported");
  });

  test("text and markdown reports: a section that quotes the pod; markdown escapes it; no log without --logs", async () => {
    const s = await crashingWeb();
    const text = await s.run(["--timeout", "60s"]);
    expect(text.code).toBe(1);
    expect(text.stdout).toContain("Why the new pods did not start:");
    expect(text.stdout).toMatch(
      /deployment\/web \(namespace shop\): pod web-\S+ container app: CrashLoopBackOff/,
    );
    expect(text.stdout).toMatch(/\n {4}event: BackOff: Back-off restarting failed container app in pod web-/);
    expect(text.stdout).not.toContain("fatal: LOG_LEVEL");

    const markdown = await s.run(["--output", "markdown", "--logs", "1", "--timeout", "60s"]);
    expect(markdown.code).toBe(1);
    expect(markdown.stdout).toContain("#### Why the new pods did not start");
    expect(markdown.stdout).toContain("is \\*not\\* supported");
    expect(markdown.stdout).not.toContain("is *not* supported");
  });

  test("--wait status: today's wait, which only ends at --timeout", async () => {
    const s = await crashingWeb();
    const run = await s.run(["--output", "json", "--wait", "status", "--timeout", "3s"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain("timed out after 3s waiting for deployment/web (namespace shop)");
    expect(s.sim.requests.filter((r) => r.resource === "pods")).toEqual([]);
  });
});
