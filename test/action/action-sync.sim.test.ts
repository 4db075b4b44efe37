// The action's `command: sync` on a schedule: the live configs against the workloads' hashes, no
// checkout needed; outputs, job summary and exit as for a git-driven run.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { useClosing } from "../helpers/closing.js";
import { NS, startActionScenario } from "./action-scenario.js";
import { runAction } from "./run-action.js";

const closing = useClosing();

const base64 = (text: string) => Buffer.from(text).toString("base64");

describe("command: sync", () => {
  test("on a schedule, from an empty workspace: a rotated Secret's consumer restarts, then nothing", async () => {
    const s = closing(await startActionScenario());
    const push = {
      before: s.base,
      after: s.head,
      ref: "refs/heads/main",
      repository: { full_name: "acme/shop" },
    };
    // The git-driven run records the hashes (and digests) of what the pods read.
    const first = await runAction({
      workspace: s.repo.dir,
      eventName: "push",
      event: push,
      inputs: { "kubeconfig-data": base64(s.kubeconfigText) },
    });
    expect(first.code, first.stdout).toBe(0);
    // The vault refreshes the Secret: a new password, outside git.
    s.sim.seed({
      apiVersion: "v1",
      kind: "Secret",
      metadata: { name: "db", namespace: NS },
      data: { password: base64("from-the-vault") },
    });
    s.sim.resetRequests();
    const empty = mkdtempSync(join(tmpdir(), "config-rollout-sync-workspace-"));
    try {
      const sync = () =>
        runAction({
          workspace: empty,
          eventName: "schedule",
          event: { schedule: "*/15 * * * *" },
          inputs: { command: "sync", namespaces: NS, "kubeconfig-data": base64(s.kubeconfigText) },
        });
      const run = await sync();
      expect(run.code, run.stdout).toBe(0);
      expect(run.outputs.result).toBe("restarted");
      expect(JSON.parse(run.outputs.restarted!)).toEqual([
        { kind: "Deployment", namespace: NS, name: "api" },
      ]);
      expect(s.patchedWorkloads()).toEqual(["Deployment/api"]);
      expect(run.summary).toContain("secret/db");
      // Registered with the runner's masker (a command the runner never shows), printed nowhere else.
      expect(run.stdout).toContain("::add-mask::from-the-vault");
      const shown = run.stdout.split("\n").filter((line) => !line.startsWith("::add-mask::"));
      expect(`${shown.join("\n")}${run.summary}`).not.toContain("from-the-vault");
      const again = await sync();
      expect(again.outputs.result).toBe("nothing-to-do");
      expect(again.stdout).toContain("In sync:");
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
