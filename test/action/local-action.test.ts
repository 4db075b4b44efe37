// The action under a third-party local runner for JavaScript actions from the npm registry,
// @github/local-action: it reads action.yml and a dotenv file of INPUT_* variables, imports the entry
// point and calls its exported run(). Against the simulated cluster, offline, on Node 20.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type ActionScenario, pushEvent, startActionScenario } from "./action-scenario.js";
import { parseOutputFile } from "./run-action.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
let scenario: ActionScenario;
let dir: string;

beforeAll(async () => {
  scenario = await startActionScenario();
  dir = mkdtempSync(join(tmpdir(), "config-rollout-local-action-"));
});

afterAll(async () => {
  await scenario.close();
  rmSync(dir, { recursive: true, force: true });
});

test("npx local-action runs the bundled action against the simulated cluster", async () => {
  const files = {
    event: join(dir, "event.json"),
    output: join(dir, "output"),
    summary: join(dir, "summary.md"),
  };
  writeFileSync(files.event, JSON.stringify(pushEvent(scenario)));
  writeFileSync(files.output, "");
  writeFileSync(files.summary, "");
  const dotenv = [
    "GITHUB_ACTIONS=true",
    "GITHUB_EVENT_NAME=push",
    `GITHUB_EVENT_PATH=${files.event}`,
    `GITHUB_OUTPUT=${files.output}`,
    `GITHUB_STEP_SUMMARY=${files.summary}`,
    `INPUT_REPO=${scenario.repo.dir}`,
    `INPUT_KUBECONFIG-DATA=${Buffer.from(scenario.kubeconfigText).toString("base64")}`,
    "INPUT_TIMEOUT=1m",
  ].join("\n");
  writeFileSync(join(dir, ".env"), `${dotenv}\n`);

  const run = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(
      join(root, "node_modules", ".bin", "local-action"),
      ["run", root, "dist/action.js", join(dir, ".env")],
      { cwd: root, env: { PATH: process.env.PATH ?? "", HOME: dir }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: `${stdout}\n${stderr}` }),
    );
  });
  expect(run.stdout).toContain("Running Action");
  expect(run.code).toBe(0);
  // Run once: imported by the runner, the entry point must not also start itself.
  expect(run.stdout.match(/^::group::Resolve commits$/gm)).toHaveLength(1);
  expect(scenario.patchedWorkloads()).toEqual(["Deployment/api", "Deployment/web"]);
  const outputs = parseOutputFile(readFileSync(files.output, "utf8"));
  expect(outputs.result).toBe("restarted");
  expect(readFileSync(files.summary, "utf8")).toContain("**Restarted 2 workload(s).**");
});
