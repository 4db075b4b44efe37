// --rollback-on-failure rolls back the readers whose template this run changed, and only those: a
// reader whose restart patch was refused (or got no answer and was not applied) still runs its
// template from before the run, so a rollback would restart it onto a template it never had. It
// keeps its own failure, and the restored config does not count it as rolled back or not.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, onTestFinished, test } from "vitest";
import { parseRunJson } from "../helpers/run-json.js";
import { NS, useScenario } from "./cluster-scenario.js";

const start = useScenario();

describe("--rollback-on-failure: a reader whose restart patch did not take effect", () => {
  test.each([
    {
      refusal: "refused once (403)",
      status: 403,
      times: 1,
      said: /^forbidden: context ci cannot patch statefulsets.apps in namespace shop: .* in the namespace "shop"$/,
    },
    {
      refusal: "answered 500 until the retries are used up (it may have been applied: it was not)",
      status: 500,
      times: 50,
      said: /failed \(after \d+ attempts\): the API server answered 500 InternalError: .*; its pod template is as before the patch \(generation 1\): nothing to roll back$/,
    },
  ] as const)(
    "$refusal: it is left as it is and keeps its own failure; the others are rolled back",
    async ({ status, times, said }) => {
      const s = await start();
      // web's app cannot start on v2's LOG_LEVEL; worker reads the same config, and its patch fails.
      s.sim.setPodFailure("Deployment", NS, "web", "CrashLoopBackOff", {
        onlyFor: () =>
          (s.sim.get("ConfigMap", NS, "app-config") as { data: { LOG_LEVEL: string } }).data.LOG_LEVEL ===
          "debug",
      });
      s.sim.failNext({ verb: "patch", kind: "statefulsets", name: "worker" }, status, times);
      const dir = mkdtempSync(join(tmpdir(), "rollback-unpatched-"));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const dotenv = join(dir, "report.env");

      const run = await s.run(["--rollback-on-failure", "--output", "json", "--dotenv", dotenv]);
      expect(run.code, run.stderr).toBe(1);
      // worker's template was never changed, by the restart or by a rollback.
      expect(
        (s.sim.get("StatefulSet", NS, "worker") as { metadata: { generation: number } }).metadata.generation,
      ).toBe(1);
      expect(s.template("StatefulSet", "worker").annotations).toEqual({});
      const report = parseRunJson(run.stdout);
      const result = (name: string) => report.workloads.find((w) => w.name === name)?.result;
      expect(result("worker")).toMatchObject({ restart: "failed", message: expect.stringMatching(said) });
      expect(result("worker")?.rollout).toBeUndefined();
      expect(result("web")?.rollout).toBe("rolled-back");
      expect(report.restores).toEqual([
        expect.objectContaining({
          name: "app-config",
          result: "restored",
          readers: [{ kind: "Deployment", namespace: NS, name: "web" }],
        }),
      ]);
      expect(report.restores?.[0]).not.toHaveProperty("notRolledBack");
      expect(readFileSync(dotenv, "utf8")).toContain("CONFIG_ROLLOUT_ROLLED_BACK=Deployment/shop/web\n");
    },
  );
});
