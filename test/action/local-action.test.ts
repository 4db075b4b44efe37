// The action under a third-party local runner for JavaScript actions from the npm registry,
// @github/local-action: it reads action.yml and a dotenv file of INPUT_* variables, imports the entry
// point and calls its exported run(). Against the simulated cluster, offline, on Node 20.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, test } from "vitest";
import { commitTwice, type TempRepo } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { type ActionScenario, pushEvent, startActionScenario } from "./action-scenario.js";
import { ACTION, parseOutputFile, runAction } from "./run-action.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
let scenario: ActionScenario;
let dir: string;
/** A repository whose last commit changes a ConfigMap one Deployment reads: a user's own. */
let own: TempRepo;

beforeAll(async () => {
  scenario = await startActionScenario();
  dir = mkdtempSync(join(tmpdir(), "config-rollout-local-action-"));
  const files = (level: string) => ({
    "k8s/app.yaml": yamlDocs(
      configMap("app", { LOG_LEVEL: level }),
      deployment("web", pod({ envFrom: [{ configMapRef: { name: "app" } }] })),
    ),
  });
  own = await commitTwice(files("info"), files("debug"));
});

afterAll(async () => {
  await scenario.close();
  await own.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

function localAction(envFile: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      join(root, "node_modules", ".bin", "local-action"),
      ["run", root, "dist/action.js", envFile],
      { cwd: root, env: { PATH: process.env.PATH ?? "", HOME: dir }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: `${stdout}\n${stderr}` }),
    );
  });
}

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

  const run = await localAction(join(dir, ".env"));
  expect(run.stdout).toContain("Running Action");
  expect(run.code).toBe(0);
  // Run once: imported by the runner, the entry point must not also start itself.
  expect(run.stdout.match(/^::group::Resolve commits$/gm)).toHaveLength(1);
  expect(scenario.patchedWorkloads()).toEqual(["Deployment/api", "Deployment/web"]);
  const outputs = parseOutputFile(readFileSync(files.output, "utf8"));
  expect(outputs.result).toBe("restarted");
  expect(readFileSync(files.summary, "utf8")).toContain("**Restarted 2 workload(s).**");
});

test("the shipped .env.example runs as its header says: a dry run of the repository it names", async () => {
  // Copied as shipped; the one line added is the one its header asks for to plan your own repository.
  const example = readFileSync(join(root, ".env.example"), "utf8");
  writeFileSync(join(dir, "example.env"), `${example}\nINPUT_REPO=${own.dir}\n`);
  const run = await localAction(join(dir, "example.env"));
  expect(run.code, run.stdout).toBe(0);
  expect(run.stdout).toContain("Dry run: 1 workload(s) would restart.");
  expect(run.stdout).toContain("::set-output name=result::planned");
});

test("...and with node --env-file, verbatim, in the repository's own directory", async () => {
  const run = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      [`--env-file=${join(root, ".env.example")}`, ACTION],
      { cwd: own.dir, env: { PATH: process.env.PATH ?? "", HOME: dir } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: `${stdout}\n${stderr}` }),
    );
  });
  expect(run.code, run.stdout).toBe(0);
  expect(run.stdout).toContain("Dry run: 1 workload(s) would restart.");
});

test("the action's hints name its inputs, not the CLI's flags", async () => {
  const noEvent = await runAction({
    workspace: own.dir,
    eventName: "push",
    event: {},
    env: { GITHUB_EVENT_PATH: "" },
    inputs: { "dry-run": "client" },
  });
  expect(noEvent.code).toBe(1);
  expect(noEvent.stdout).toContain("set the `base` input and the `head` input");
  expect(noEvent.stdout).not.toContain("--base");
  const noCluster = await runAction({ workspace: own.dir, eventName: "workflow_dispatch", event: {} });
  expect(noCluster.code).toBe(1);
  expect(noCluster.stdout).toContain(
    "no Kubernetes cluster configured: set the `kubeconfig-data` input (or the `kubeconfig` input), or `dry-run: client` to only print the plan",
  );
  expect(noCluster.stdout).not.toContain("--dry-run");
});
