// Issue 13 item 6: an exec credential plugin that never returns is stopped after
// --exec-plugin-timeout with everything it started; a missing plugin is named once, exit code 2.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { useClosing } from "../helpers/closing.js";
import { CLI, lastCommitArgs } from "../helpers/run-cli.js";
import { type Scenario, startScenario } from "../run/cluster-scenario.js";

const closing = useClosing();

async function start(options: Parameters<typeof startScenario>[0] = {}): Promise<Scenario> {
  const scenario = closing(await startScenario(options));
  return scenario;
}

/** Point the scenario's kubeconfig user at an exec plugin instead of its token. */
function useExecPlugin(s: Scenario, command: string): void {
  const config = readFileSync(s.kubeconfig, "utf8").replace(
    /token: .*/,
    `exec:\n        apiVersion: client.authentication.k8s.io/v1beta1\n        command: ${command}\n        interactiveMode: Never`,
  );
  writeFileSync(s.kubeconfig, config);
}

/** Running (a zombie waiting for a reaper that may not exist in a container counts as gone). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = existsSync(`/proc/${pid}/stat`) ? readFileSync(`/proc/${pid}/stat`, "utf8") : "";
  return !/^\d+ \(.*\) Z/.test(stat);
}

describe("exec credential plugins", () => {
  test("one that never returns is stopped at the time limit, with the process it started", async () => {
    const s = await start();
    const dir = dirname(s.kubeconfig);
    const pids = join(dir, "plugin-pids");
    const plugin = join(dir, "hanging-plugin");
    // Like a plugin waiting for a browser login: it starts a helper and waits forever.
    writeFileSync(plugin, `#!/bin/sh\nsleep 300 &\necho "$$ $!" > ${pids}\nwait\n`);
    chmodSync(plugin, 0o755);
    useExecPlugin(s, plugin);

    const started = Date.now();
    const run = await s.run([], { CONFIG_ROLLOUT_EXEC_PLUGIN_TIMEOUT: "1s" });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.code).toBe(2);
    const errors = run.stderr.split("\n").filter((l) => l.startsWith("error:"));
    expect(errors).toEqual([
      expect.stringMatching(
        /^error: the exec credential plugin ".*hanging-plugin" of kubeconfig user "ci" returned no credential within 1s and was stopped/,
      ),
    ]);
    expect(run.stderr).not.toContain("cannot reach");
    expect(existsSync(pids)).toBe(true);
    const [shell, helper] = readFileSync(pids, "utf8").trim().split(" ").map(Number);
    // Killed with SIGKILL: give the kernel a moment to reap them.
    await new Promise((r) => setTimeout(r, 200));
    expect(isAlive(shell!)).toBe(false);
    expect(isAlive(helper!)).toBe(false);
    expect(s.patchedNames()).toEqual([]);
  });

  test("a cancelled job (SIGTERM) stops a running plugin and what it started", async () => {
    const s = await start();
    const dir = dirname(s.kubeconfig);
    const pids = join(dir, "plugin-pids");
    const plugin = join(dir, "hanging-plugin");
    writeFileSync(plugin, `#!/bin/sh\nsleep 300 &\necho "$$ $!" > ${pids}\nwait\n`);
    chmodSync(plugin, 0o755);
    useExecPlugin(s, plugin);
    const tool = spawn(process.execPath, [CLI, ...lastCommitArgs(s.repo.dir), "--kubeconfig", s.kubeconfig], {
      env: { PATH: process.env.PATH ?? "", HOME: dir, NO_COLOR: "1" },
      stdio: "ignore",
    });
    const exited = new Promise<number | null>((resolve) => tool.on("exit", (code) => resolve(code)));
    for (let i = 0; i < 200 && !existsSync(pids); i++) await new Promise((r) => setTimeout(r, 50));
    expect(existsSync(pids)).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    tool.kill("SIGTERM");
    // The run ends as an interrupted one does (run/interrupts.ts): exit code 128 + 15.
    expect(await exited).toBe(143);
    const [shell, helper] = readFileSync(pids, "utf8").trim().split(" ").map(Number);
    await new Promise((r) => setTimeout(r, 200));
    expect(isAlive(shell!)).toBe(false);
    expect(isAlive(helper!)).toBe(false);
  });

  test("the auth-provider form client-node also runs (config.exec) is bounded the same way", async () => {
    const s = await start();
    const dir = dirname(s.kubeconfig);
    const plugin = join(dir, "hanging-plugin");
    writeFileSync(plugin, "#!/bin/sh\nsleep 300\n");
    chmodSync(plugin, 0o755);
    const config = readFileSync(s.kubeconfig, "utf8").replace(
      /token: .*/,
      `auth-provider:\n        name: exec\n        config:\n          exec:\n            command: ${plugin}`,
    );
    writeFileSync(s.kubeconfig, config);
    const started = Date.now();
    const run = await s.run([], { CONFIG_ROLLOUT_EXEC_PLUGIN_TIMEOUT: "1s" });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/returned no credential within 1s and was stopped/);
    expect(s.patchedNames()).toEqual([]);
  });

  test("a missing plugin command is named once, exit code 2, no retries", async () => {
    const s = await start();
    useExecPlugin(s, "gke-gcloud-auth-plugin-not-installed");
    const run = await s.run();
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'error: the exec credential plugin "gke-gcloud-auth-plugin-not-installed" of kubeconfig user "ci" was not found',
    );
    expect(run.stderr.match(/gke-gcloud-auth-plugin-not-installed/g)).toHaveLength(2); // command and "install ..."
    expect(run.stderr).not.toMatch(/cannot reach|attempts/);
    expect(s.sim.requests).toEqual([]);
  });

  // The API request's own timeout (--request-timeout) is shorter than the plugin's: the request is
  // retried while the plugin runs, and a retry after the plugin gave up must not start it again.
  test.each([
    ["times out", "sleep 300", /returned no credential within 3s and was stopped/],
    ["exits non-zero", "sleep 2; echo 'token expired' >&2; exit 1", /exited with code 1: token expired/],
  ])("a plugin that %s is final: started exactly once, exit 2", async (_what, body, message) => {
    const s = await start();
    const dir = dirname(s.kubeconfig);
    const starts = join(dir, "plugin-starts");
    const plugin = join(dir, "counted-plugin");
    writeFileSync(plugin, `#!/bin/sh\necho started >> ${starts}\n${body}\n`);
    chmodSync(plugin, 0o755);
    useExecPlugin(s, plugin);
    const started = Date.now();
    const run = await s.run([], {
      CONFIG_ROLLOUT_EXEC_PLUGIN_TIMEOUT: "3s",
      CONFIG_ROLLOUT_REQUEST_TIMEOUT: "1s",
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    // Give a wrongly retried start time to happen before counting.
    await new Promise((r) => setTimeout(r, 500));
    expect(readFileSync(starts, "utf8").trim().split("\n")).toEqual(["started"]);
    expect(s.patchedNames()).toEqual([]);
  });
});
