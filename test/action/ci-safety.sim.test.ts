// Issue 13 on the action: repository text that tries to become a workflow command, outputs past
// GitHub's size limit, a job summary that cannot be written, kubeconfig inputs holding the wrong thing.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { useClosing } from "../helpers/closing.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { NS, pullRequestEvent, pushEvent, startActionScenario } from "./action-scenario.js";
import { type ActionRun, runAction } from "./run-action.js";

const closing = useClosing();

const base64 = (text: string) => Buffer.from(text).toString("base64");
const logLines = (run: ActionRun) => run.stdout.split("\n").filter((l) => !l.startsWith("::add-mask::"));

/** File names a pull request can choose: a newline and a workflow command, ANSI, a GitLab section marker. */
const HOSTILE_ADDED = "deploy/a\n::error title=injected::pwned\r.yaml";
const HOSTILE_BROKEN = "deploy/b\n::warning title=injected2::x\u001b[31m\u001b[0Ksection_start:1:evil\r.yaml";

describe("workflow-command injection (item 7)", () => {
  test("hostile file names in a pull request's dry run never become workflow commands", async () => {
    const scenario = await startActionScenario({
      [HOSTILE_ADDED]: yamlDocs(
        configMap("evil", { a: "1" }, { namespace: NS }),
        // Not a valid name: reported as a manifest problem (escaped), never as a change.
        configMap("##[error]evil", { a: "1" }, { namespace: NS }),
        deployment("reader", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), { namespace: NS }),
      ),
      [HOSTILE_BROKEN]: "apiVersion: v1\nkind: ConfigMap\nmetadata: [oops\n",
    });
    closing(scenario);
    const s = scenario;
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "pull_request",
      event: pullRequestEvent(s),
      inputs: { "kubeconfig-data": base64(s.kubeconfigText) },
    });
    expect(run.code).toBe(0);
    const lines = logLines(run);
    // Only the tool's own commands start a line; the file names' "commands" never do.
    for (const line of lines) {
      expect(line.trimStart()).not.toMatch(/^::(error|warning) title=injected/);
    }
    const commands = lines
      .filter((l) => l.trimStart().startsWith("::"))
      .map((l) => /^\s*::([a-z-]+)/.exec(l)?.[1]);
    expect(new Set(commands)).toEqual(new Set(["notice", "group", "endgroup", "warning", "debug"]));
    expect(run.stdout).not.toContain("##[");
    expect(run.stdout).not.toContain("\u001b");
    expect(run.stdout).not.toContain("\r");
    // The names are still shown, readable.
    expect(run.stdout).toContain("title=injected::pwned");
    expect(run.stdout).toContain("\\x1b[0Ksection_start");
    const changes = JSON.parse(run.outputs.plan!).changes as Array<{ name: string; file: string }>;
    expect(changes.find((c) => c.name === "evil")?.file).toBe(HOSTILE_ADDED);
    expect(changes.map((c) => c.name)).not.toContain("##[error]evil");
  });
});

describe("outputs past GitHub's limit (item 8)", () => {
  test("a plan over 1 MiB keeps every output under the limit and valid, the full plan in a file", async () => {
    // Two ConfigMaps of 2,400 long keys each (each file under --max-file-size): the changed-configs
    // and plan outputs each pass 1 MiB.
    const keys = (prefix: string) =>
      Object.fromEntries(
        Array.from({ length: 2_400 }, (_, i) => [
          `${prefix}${String(i).padStart(5, "0")}${"k".repeat(220)}`,
          "v",
        ]),
      );
    const scenario = await startActionScenario(
      {
        "deploy/big-1.yaml": yamlDocs(configMap("big-1", { ...keys("a"), CHANGED: "2" }, { namespace: NS })),
        "deploy/big-2.yaml": yamlDocs(configMap("big-2", { ...keys("b"), CHANGED: "2" }, { namespace: NS })),
      },
      {
        "deploy/big-1.yaml": yamlDocs(configMap("big-1", { CHANGED: "1" }, { namespace: NS })),
        "deploy/big-2.yaml": yamlDocs(configMap("big-2", { CHANGED: "1" }, { namespace: NS })),
      },
    );
    closing(scenario);
    const s = scenario;
    const temp = mkdtempSync(join(tmpdir(), "config-rollout-runner-temp-"));
    try {
      const run = await runAction({
        workspace: s.repo.dir,
        eventName: "push",
        event: pushEvent(s),
        inputs: { "kubeconfig-data": base64(s.kubeconfigText), "dry-run": "client" },
        env: { RUNNER_TEMP: temp },
      });
      expect(run.code).toBe(0);
      for (const [name, value] of Object.entries(run.outputs)) {
        expect(Buffer.byteLength(value), name).toBeLessThanOrEqual(1024 * 1024);
      }
      const changed = JSON.parse(run.outputs["changed-configs"]!);
      expect(Array.isArray(changed)).toBe(true);
      const plan = JSON.parse(run.outputs.plan!);
      expect(plan).toMatchObject({ outcome: "planned", truncated: true });
      const full = JSON.parse(readFileSync(plan.fullReportFile, "utf8"));
      expect(full.changes.find((c: { name: string }) => c.name === "big-2").keys).toHaveLength(2_401);
      // The list output keeps the items that fit, each whole.
      expect(changed.length).toBeGreaterThanOrEqual(1);
      expect(changed.length).toBeLessThan(full.changes.length);
      expect(run.stdout).toMatch(/^::warning::output plan is \d+\.\d MiB, over GitHub's 1 MiB limit/m);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});

describe("an unwritable job summary (item 9)", () => {
  test("after a successful rollout: the result stands, one warning, result written once", async () => {
    const scenario = closing(await startActionScenario());
    const s = scenario;
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "push",
      event: pushEvent(s),
      inputs: { "kubeconfig-data": base64(s.kubeconfigText) },
      env: { GITHUB_STEP_SUMMARY: join(s.repo.dir, "no-such-dir", "summary.md") },
    });
    expect(run.code).toBe(0);
    expect(s.patchedWorkloads()).toEqual(["Deployment/api", "Deployment/web"]);
    expect(run.outputs.result).toBe("restarted");
    expect(run.outputFile.match(/^result<</gm)).toHaveLength(1);
    expect(run.stdout).not.toMatch(/^::error::/m);
    expect(run.stdout).not.toContain("looks like a bug");
    expect(
      logLines(run).filter((l) => l.startsWith("::warning::could not write the job summary")),
    ).toHaveLength(1);
  });
});

describe("kubeconfig inputs holding the wrong thing (items 2 and 5)", () => {
  test.each([
    ["kubeconfig", "text", (t: string) => t],
    ["kubeconfig", "base64", (t: string) => base64(t)],
  ])(
    "the %s input holding a kubeconfig as %s: names the input, quotes none of it",
    async (input, _form, encode) => {
      const scenario = closing(await startActionScenario());
      const s = scenario;
      const run = await runAction({
        workspace: s.repo.dir,
        eventName: "push",
        event: pushEvent(s),
        inputs: { [input]: encode(s.kubeconfigText) },
      });
      expect(run.code).toBe(1);
      expect(run.outputs.result).toBe("failed");
      const log = logLines(run).join("\n");
      for (const secret of [
        s.sim.token,
        encode(s.kubeconfigText),
        "apiVersion: v1",
        "certificate-authority-data",
      ]) {
        expect(log).not.toContain(secret);
        expect(run.summary).not.toContain(secret);
      }
      expect(run.stdout).toMatch(/^::error::the `kubeconfig` input holds .* not a path.*kubeconfig-data/m);
    },
  );

  test("the kubeconfig-data input holding a path says it wants the content", async () => {
    const scenario = closing(await startActionScenario());
    const s = scenario;
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "push",
      event: pushEvent(s),
      inputs: { "kubeconfig-data": "/home/runner/.kube/config" },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(
      /^::error::the `kubeconfig-data` input holds a file path; it must hold the kubeconfig itself/m,
    );
  });
});
