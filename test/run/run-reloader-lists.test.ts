// Issue 39 item 4, through a whole run: a Reloader `reload` list is read with RE2 (loaded only for a
// plan that has one), in process and in the bundled CLI (RE2 vendored in dist/vendor/).
import { describe, expect, test } from "vitest";
import { useCommitTwice } from "../helpers/git-repo.js";
import { configMap, deployment, pod, yamlDocs } from "../helpers/manifests.js";
import { runCli, runInProcess } from "../helpers/run-cli.js";

const commitTwice = useCommitTwice();

const files = (level: string, list: string) => ({
  "deploy/app.yaml": yamlDocs(
    configMap("app-config", { LEVEL: level }),
    deployment("web", pod({ envFrom: [{ configMapRef: { name: "app-config" } }] }), {
      annotations: { "configmap.reloader.stakater.com/reload": list },
    }),
  ),
});

describe("a Reloader reload list in a run", () => {
  test.each([
    ["(?i)APP-CONFIG", "skip"],
    ["app-(?!canary).*", "restart"],
  ])("%s: %s, in process and in the bundled CLI", async (list, action) => {
    const repo = await commitTwice(files("info", list), files("debug", list));
    const args = ["--repo", repo.dir, "--dry-run", "--discover", "repo", "--output", "json"];
    for (const run of [await runInProcess(args), await runCli(args)]) {
      expect(run.code, run.stderr).toBe(0);
      const plan = JSON.parse(run.stdout) as { workloads: Array<{ name: string; action: string }> };
      expect(plan.workloads.map((w) => [w.name, w.action])).toEqual([["web", action]]);
    }
  });
});
