// The bundled CLI as a CI job runs it, with --contexts and one cluster that accepts connections and
// never answers: the report comes after --timeout and the process ends with it, instead of staying
// alive on the unanswered requests until their own, longer, time limits.
import { expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { useClosing } from "../helpers/closing.js";
import { startFleet } from "../helpers/fleet.js";
import { createTempRepo } from "../helpers/git-repo.js";
import { yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runCli } from "../helpers/run-cli.js";
import { manifestsAt } from "../run/cluster-scenario.js";

const closing = useClosing();

test("an unreachable cluster: the job ends soon after --timeout, with exit code 1", async () => {
  const fleet = closing(await startFleet(["prod-eu"], { rolloutStepMs: 10 }));
  await fleet.addSilentContext("prod-cn");
  const repo = closing(await createTempRepo());
  await repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(1, 0)));
  await repo.commit("v1");
  await repo.write("deploy/shop.yaml", yamlDocs(...manifestsAt(2, 0)));
  await repo.commit("v2");
  for (const object of manifestsAt(2, 0))
    fleet.sim("prod-eu").seed(parseAllDocuments(yamlDocs(object))[0]!.toJS());
  const started = Date.now();
  const result = await runCli([
    ...lastCommitArgs(repo.dir, fleet.kubeconfig),
    "--context",
    "prod-eu,prod-cn",
    "--timeout",
    "2s",
  ]);
  const elapsed = Date.now() - started;
  expect(result.code).toBe(1);
  expect(result.stdout).toContain("== prod-eu (wave 1): restarted ==");
  expect(result.stdout).toContain("prod-cn did not finish within --timeout 2s");
  expect(elapsed).toBeLessThan(12_000);
}, 60_000);
