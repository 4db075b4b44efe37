// The bundled action run as GitHub runs it (see run-action.ts) against a real git checkout and the
// simulated API server: outputs, job summary, log groups, annotations, masking and the trust policy.
import { chmodSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { useClosing } from "../helpers/closing.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import {
  type ActionScenario,
  NS,
  pullRequestEvent,
  pushEvent,
  startActionScenario,
} from "./action-scenario.js";
import { type ActionRun, runAction } from "./run-action.js";

const closing = useClosing();

async function start(extraFiles: Record<string, string> = {}): Promise<ActionScenario> {
  const scenario = closing(await startActionScenario(extraFiles));
  return scenario;
}

const base64 = (text: string) => Buffer.from(text).toString("base64");
const lines = (run: ActionRun) => run.stdout.split("\n");

describe("a push to main", () => {
  test("restarts the consumers, waits, and reports through outputs, summary and log groups", async () => {
    const s = await start();
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "push",
      event: pushEvent(s),
      inputs: { "kubeconfig-data": base64(s.kubeconfigText) },
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(s.patchedWorkloads()).toEqual(["Deployment/api", "Deployment/web"]);

    expect(run.outputs.result).toBe("restarted");
    expect(JSON.parse(run.outputs.restarted!)).toEqual([
      { kind: "Deployment", namespace: "shop", name: "api" },
      { kind: "Deployment", namespace: "shop", name: "web" },
    ]);
    expect(JSON.parse(run.outputs["changed-configs"]!)).toEqual([
      { kind: "ConfigMap", namespace: "shop", name: "app-config", status: "modified", keys: ["LOG_LEVEL"] },
      { kind: "Secret", namespace: "shop", name: "db", status: "modified", keys: ["password"] },
    ]);
    const plan = JSON.parse(run.outputs.plan!);
    expect(plan).toMatchObject({ outcome: "restarted", base: s.base, head: s.head, dryRun: "none" });
    expect(
      plan.workloads.map((w: { name: string; result: { rollout: string } }) => [w.name, w.result.rollout]),
    ).toEqual([
      ["api", "done"],
      ["web", "done"],
    ]);

    expect(run.summary).toContain("**Restarted 2 workload(s).**");
    expect(run.summary).toContain(
      // Markdown escapes for text from the repository: GitHub renders LOG_LEVEL.
      "| configmap/app-config | shop | modified | deploy/shop.yaml:1 | LOG\\_LEVEL |",
    );
    expect(run.summary).toMatch(
      /\| deployment\/web \| shop \| restart \| .* \| rolled out: deployment "web" successfully rolled out \|/,
    );
    expect(run.summary).not.toContain("deployment/static");

    for (const stage of ["Resolve commits", "Find changed configs", "Restart", "Wait for rollouts"]) {
      expect(lines(run)).toContain(`::group::${stage}`);
    }
    expect(run.stdout).not.toMatch(/^::error::/m);
  });

  test("a rerun on the same commits patches nothing and starts no second rollout", async () => {
    const s = await start();
    const options = {
      workspace: s.repo.dir,
      eventName: "push",
      event: pushEvent(s),
      inputs: { "kubeconfig-data": base64(s.kubeconfigText) },
    };
    expect((await runAction(options)).outputs.result).toBe("restarted");
    s.sim.resetRequests();
    const again = await runAction(options);
    expect(again.code).toBe(0);
    expect(s.patchedWorkloads()).toEqual([]);
    expect(JSON.parse(again.outputs.restarted!)).toEqual([]);
  });

  test("unparsable manifests become annotations: nine, then one that counts the rest", async () => {
    const broken = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `deploy/broken-${String(i).padStart(2, "0")}.yaml`,
        "kind: ConfigMap\nmetadata: [unclosed\n",
      ]),
    );
    const s = await start(broken);
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "push",
      event: pushEvent(s),
      inputs: { "dry-run": "client" },
    });
    expect(run.code).toBe(0);
    const annotations = lines(run).filter((l) => l.startsWith("::warning"));
    expect(annotations).toHaveLength(10);
    for (const annotation of annotations.slice(0, 9)) {
      expect(annotation).toMatch(/^::warning file=deploy\/broken-\d\d\.yaml,line=\d+,col=\d+::/);
    }
    expect(annotations[9]).toBe(
      "::warning::and 3 more warnings: GitHub shows 10 annotations per step, see the log for all of them",
    );
    expect(run.stdout.match(/^warning: deploy\/broken-\d\d\.yaml:\d+:\d+: /gm)).toHaveLength(3);
    expect(run.outputs.result).toBe("planned");
  });
});

test("a deleted config that a workload still references is an annotation on the file that held it", async () => {
  const consumer = deployment("legacy-reader", pod({ envFrom: [{ configMapRef: { name: "legacy" } }] }), {
    namespace: NS,
  });
  const scenario = await startActionScenario(
    { "deploy/legacy.yaml": yamlDocs(consumer) },
    { "deploy/legacy.yaml": yamlDocs(configMap("legacy", { A: "1" }, { namespace: NS }), consumer) },
  );
  closing(scenario);
  const run = await runAction({
    workspace: scenario.repo.dir,
    eventName: "push",
    event: pushEvent(scenario),
    inputs: { "dry-run": "client" },
  });
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(
    /^::warning file=deploy\/legacy\.yaml,line=1::configmap\/legacy \(namespace shop\) was deleted but deployment\/legacy-reader still references it/m,
  );
});

test("annotations point into a checkout that sits in a subdirectory of the workspace", async () => {
  const s = await start({ "deploy/broken.yaml": "kind: ConfigMap\nmetadata: [unclosed\n" });
  const run = await runAction({
    workspace: dirname(s.repo.dir),
    eventName: "push",
    event: pushEvent(s),
    inputs: { repo: basename(s.repo.dir), "dry-run": "client" },
  });
  expect(run.code).toBe(0);
  expect(run.stdout).toMatch(
    new RegExp(`^::warning file=${basename(s.repo.dir)}/deploy/broken\\.yaml,line=\\d+`, "m"),
  );
});

describe("secrets are masked before anything is logged", () => {
  test.each([
    ["base64", (text: string) => base64(text)],
    ["plain text", (text: string) => text],
  ])("kubeconfig-data as %s, and hash-key", async (_form, encode) => {
    const s = await start();
    const hashKey = "hash-key-8c1e7f2a9b4d";
    const kubeconfigData = encode(s.kubeconfigText);
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "push",
      event: pushEvent(s),
      inputs: { "kubeconfig-data": kubeconfigData, "hash-key": hashKey },
    });
    expect(run.code).toBe(0);
    const out = lines(run);
    const firstOther = out.findIndex((l) => !l.startsWith("::add-mask::"));
    const masks = out.slice(0, firstOther);
    // The Secret values the run reads are registered later, as they are read
    // (action-secret-masking.sim.test.ts); the credentials before anything else.
    const later = out.slice(firstOther).filter((l) => l.startsWith("::add-mask::"));
    for (const credential of [s.sim.token, hashKey]) expect(later).not.toContain(`::add-mask::${credential}`);
    expect(masks).toContain(`::add-mask::${s.sim.token}`);
    expect(masks).toContain(`::add-mask::${hashKey}`);
    expect(masks).toContain(`::add-mask::${kubeconfigData.trim().replaceAll("\n", "%0A")}`);
    // The raw stdout is what the runner masks: outside the mask commands no secret may appear.
    for (const secret of [s.sim.token, hashKey, base64(s.kubeconfigText)]) {
      expect(out.slice(firstOther).join("\n")).not.toContain(secret);
      expect(run.stderr).not.toContain(secret);
    }
  });

  test("a token an exec credential plugin returns is masked before the first request uses it", async () => {
    const s = await start();
    const dir = await mkdtemp(join(tmpdir(), "config-rollout-plugin-"));
    const plugin = join(dir, "token-plugin");
    const credential = {
      apiVersion: "client.authentication.k8s.io/v1beta1",
      kind: "ExecCredential",
      status: { token: s.sim.token },
    };
    writeFileSync(plugin, `#!/bin/sh\necho '${JSON.stringify(credential)}'\n`);
    chmodSync(plugin, 0o755);
    // The kubeconfig holds no token: only the plugin knows it.
    const kubeconfig = s.kubeconfigText.replace(
      /token: .*/,
      `exec:\n        apiVersion: client.authentication.k8s.io/v1beta1\n        command: ${plugin}\n        interactiveMode: Never`,
    );
    expect(kubeconfig).not.toContain(s.sim.token);
    try {
      const run = await runAction({
        workspace: s.repo.dir,
        eventName: "push",
        event: pushEvent(s),
        inputs: { "kubeconfig-data": base64(kubeconfig) },
      });
      expect(run.code, run.stderr).toBe(0);
      expect(s.patchedWorkloads()).toEqual(["Deployment/api", "Deployment/web"]);
      const out = lines(run);
      const masked = out.indexOf(`::add-mask::${s.sim.token}`);
      expect(masked).toBeGreaterThan(-1);
      // Registered as the cluster is first asked (discovery), long before any restart, and never printed.
      expect(masked).toBeLessThan(out.indexOf("::group::Restart"));
      expect(out.filter((l) => !l.startsWith("::add-mask::")).join("\n")).not.toContain(s.sim.token);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  test("an invalid kubeconfig fails with one line that quotes none of it", async () => {
    const s = await start();
    const secretText = "not-a-kubeconfig-but-a-secret-value-123456";
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "push",
      event: pushEvent(s),
      inputs: { "kubeconfig-data": secretText },
    });
    expect(run.code).toBe(1);
    expect(lines(run)[0]).toBe(`::add-mask::${secretText}`);
    expect(run.stdout.slice(run.stdout.indexOf("\n"))).not.toContain(secretText);
    expect(run.stdout).toMatch(
      /^::error::the `kubeconfig-data` input holds what looks like a token \(not shown\), not a kubeconfig/m,
    );
    expect(run.outputs.result).toBe("failed");
  });
});

describe("trust policy", () => {
  test("pull_request: a dry run by default, the plan in the summary, the cluster untouched", async () => {
    const s = await start();
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "pull_request",
      event: pullRequestEvent(s),
      inputs: { "kubeconfig-data": base64(s.kubeconfigText) },
    });
    expect(run.code).toBe(0);
    expect(run.outputs.result).toBe("planned");
    expect(run.summary).toContain("**Dry run: 2 workload(s) would restart.**");
    expect(run.stdout).toMatch(/^::notice::pull_request event: dry run by default/m);
    expect(s.sim.requests.filter((r) => r.verb === "patch")).toEqual([]);
  });

  test("pull_request with dry-run: none from the same repository restarts", async () => {
    const s = await start();
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "pull_request",
      event: pullRequestEvent(s),
      inputs: { "kubeconfig-data": base64(s.kubeconfigText), "dry-run": "none" },
    });
    expect(run.outputs.result).toBe("restarted");
    expect(s.patchedWorkloads()).toEqual(["Deployment/api", "Deployment/web"]);
  });

  test.each([
    ["pull_request_target", "acme/shop", {}, /from a pull_request_target event/],
    ["pull_request", "mallory/shop", { "dry-run": "none" }, /from a pull request from a fork/],
  ])("%s from %s is refused before any request", async (eventName, headRepo, inputs, reason) => {
    const s = await start();
    const run = await runAction({
      workspace: s.repo.dir,
      eventName,
      event: pullRequestEvent(s, headRepo),
      inputs: { "kubeconfig-data": base64(s.kubeconfigText), ...inputs },
    });
    expect(run.code).toBe(1);
    const errors = lines(run).filter((l) => l.startsWith("::error::"));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(reason);
    expect(errors[0]).toContain("allow-untrusted: true");
    expect(run.outputs.result).toBe("failed");
    expect(run.summary).toMatch(/\*\*Failed:\*\* refusing to change the cluster/);
    expect(s.sim.requests).toEqual([]);
  });

  test("allow-untrusted: true lets a fork's pull request restart, with a notice", async () => {
    const s = await start();
    const run = await runAction({
      workspace: s.repo.dir,
      eventName: "pull_request",
      event: pullRequestEvent(s, "mallory/shop"),
      inputs: { "kubeconfig-data": base64(s.kubeconfigText), "dry-run": "none", "allow-untrusted": "true" },
    });
    expect(run.code).toBe(0);
    expect(run.outputs.result).toBe("restarted");
    expect(run.stdout).toMatch(
      /^::notice::allow-untrusted: true: changing the cluster from a pull request from a fork/m,
    );
  });
});

test("a bad input fails the step with one error line and no stack trace", async () => {
  const s = await start();
  const run = await runAction({
    workspace: s.repo.dir,
    eventName: "push",
    event: pushEvent(s),
    inputs: { timeout: "soon" },
  });
  expect(run.code).toBe(1);
  expect(lines(run).filter((l) => l.startsWith("::error::"))).toEqual([
    '::error::the `timeout` input: expected a duration like 90s, 5m or 1h30m, got "soon"',
  ]);
  expect(run.stdout).not.toMatch(/\bat .*\.js:\d+/);
  expect(run.outputs.result).toBe("failed");
});

test("sync's errors name the inputs too: a bad `config`, and no kubeconfig", async () => {
  const s = await start();
  const bad = await runAction({
    workspace: s.repo.dir,
    eventName: "push",
    event: pushEvent(s),
    inputs: { command: "sync", config: "bogus", "kubeconfig-data": base64(s.kubeconfigText) },
  });
  expect(bad.code).toBe(1);
  expect(lines(bad).filter((l) => l.startsWith("::error::"))[0]).toMatch(
    /^::error::the `config` input "bogus": expected configmap\/NAME or secret\/NAME/,
  );
  const none = await runAction({
    workspace: s.repo.dir,
    eventName: "push",
    event: pushEvent(s),
    inputs: { command: "sync" },
  });
  expect(lines(none).filter((l) => l.startsWith("::error::"))[0]).toContain(
    "no kubeconfig found (the `kubeconfig-data` input, the `kubeconfig` input, $KUBECONFIG",
  );
});

test("a rollout that exceeds its progress deadline fails the step, naming the workload", async () => {
  const s = await start();
  s.sim.setRolloutBehaviour("Deployment", "shop", "web", "progress-deadline");
  const run = await runAction({
    workspace: s.repo.dir,
    eventName: "push",
    event: pushEvent(s),
    inputs: { "kubeconfig-data": base64(s.kubeconfigText), timeout: "30s" },
  });
  expect(run.code).toBe(1);
  expect(lines(run).filter((l) => l.startsWith("::error::"))).toEqual(["::error::Failed: deployment/web."]);
  expect(run.outputs.result).toBe("failed");
  expect(JSON.parse(run.outputs.restarted!)).toEqual([
    { kind: "Deployment", namespace: "shop", name: "api" },
    { kind: "Deployment", namespace: "shop", name: "web" },
  ]);
  expect(run.summary).toContain("**Failed: deployment/web.**");
  expect(run.summary).toMatch(/\| deployment\/web \| shop \| restart \| .* \| failed: .*progress deadline/);
});
