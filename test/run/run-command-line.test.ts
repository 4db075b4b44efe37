// First-run mistakes on the command line, run in-process against a repository and the simulated
// cluster: a flag whose value is left out, a flag given twice, a kubeconfig given as data. Each is
// a usage error (exit 2) before the first request, or does what it says, never a silent guess.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { lastCommitArgs, runInProcess } from "../helpers/run-cli.js";
import { parseRunJson } from "../helpers/run-json.js";
import { useScenario } from "./cluster-scenario.js";

const start = useScenario();

describe("a flag whose value is left out", () => {
  // QA: `--exclude --dry-run` took --dry-run as the glob to exclude, and the run patched a
  // Deployment for real; `--plan-out --dry-run` wrote a file named --dry-run.
  test.each([
    ["--exclude", "--dry-run"],
    ["--hash-key", "--dry-run"],
    ["--render-paths", "--dry-run=client"],
    ["--plan-out", "--dry-run"],
    ["--junit", "--dry-run"],
    ["--namespaces", "-o"],
  ])("%s %s: exit 2 naming both, no request to the cluster, no file written", async (flag, next) => {
    const s = await start();
    const run = await runInProcess([...lastCommitArgs(s.repo.dir, s.kubeconfig), flag, next], {}, s.dir);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      `error: ${flag} needs a value: ${next} after it is a flag (a value that starts with "-" is written ${flag}=VALUE)`,
    );
    expect(s.sim.requests).toEqual([]);
    expect(existsSync(join(s.dir, next))).toBe(false);
  });
});

describe("a flag given twice", () => {
  // QA: `--context staging --context sim` ran against sim and dropped staging without a word.
  test.each([
    [["--context", "staging", "--context", "ci"], "--context is given twice"],
    [["--dry-run", "maybe", "--dry-run"], "--dry-run is given twice"],
    [["--wait", "--no-wait"], "--no-wait and --wait set the same option"],
  ])("%j: exit 2 naming it, no request to the cluster", async (args, said) => {
    const s = await start();
    const run = await s.run(args);
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`error: ${said}: it takes one value; give it once`);
    expect(s.sim.requests).toEqual([]);
  });

  test("a list flag given twice adds up: both --paths globs are read", async () => {
    const s = await start();
    const run = await s.run(["--paths", "deploy/**", "--paths", "nope/**", "--dry-run", "--output", "json"]);
    expect(run.code, run.stderr).toBe(0);
    expect(parseRunJson(run.stdout).changes.map((c) => c.name)).toEqual(["app-config", "db"]);
  });
});

describe("a kubeconfig given as data is named where it was set", () => {
  // QA: --kubeconfig-data errors named CONFIG_ROLLOUT_KUBECONFIG, which the user never set.
  test.each([
    ["--kubeconfig-data", "a path", (s: { kubeconfig: string }) => s.kubeconfig, "holds a file path"],
    ["--kubeconfig-data", "garbage", () => "garbage", "is neither a kubeconfig nor base64 of one"],
    ["CONFIG_ROLLOUT_KUBECONFIG", "garbage", () => "garbage", "is neither a kubeconfig nor base64 of one"],
  ])("%s holding %s: the error names it", async (where, _, value, why) => {
    const s = await start();
    const asFlag = where.startsWith("--");
    const run = await runInProcess(
      [...lastCommitArgs(s.repo.dir), ...(asFlag ? [where, value(s)] : [])],
      asFlag ? {} : { [where]: value(s) },
    );
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`error: ${where} ${why}`);
    expect(s.sim.requests).toEqual([]);
  });
});

describe("a variable named like a setting's", () => {
  // QA: CONFIG_ROLLOUT_DRYRUN=true read as nothing, and the run restarted workloads for real.
  test("CONFIG_ROLLOUT_DRYRUN: exit 2 naming the variable it is near, no request to the cluster", async () => {
    const s = await start();
    const run = await runInProcess(
      lastCommitArgs(s.repo.dir, s.kubeconfig),
      { CONFIG_ROLLOUT_DRYRUN: "true" },
      s.dir,
    );
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(
      "error: CONFIG_ROLLOUT_DRYRUN is not a variable config-rollout reads (did you mean CONFIG_ROLLOUT_DRY_RUN?)",
    );
    expect(s.sim.requests).toEqual([]);
  });

  test("the GitLab template's and the dotenv report's own variables, and a job's own far from any, are left alone", async () => {
    const s = await start();
    const env = {
      CONFIG_ROLLOUT_PLANNED: "Deployment/shop/web",
      CONFIG_ROLLOUT_MR_DRY_RUN: "client",
      CONFIG_ROLLOUT_IMAGE_TAG: "1",
    };
    const run = await runInProcess([...lastCommitArgs(s.repo.dir, s.kubeconfig), "--dry-run"], env, s.dir);
    expect(run.code, run.stderr).toBe(0);
  });
});

describe("variables a job may own, near a short setting's name", () => {
  // QA: CONFIG_ROLLOUT_ARGS was refused as CONFIG_ROLLOUT_LOGS misspelt, CONFIG_ROLLOUT_REF as _REPO.
  test.each([
    "CONFIG_ROLLOUT_ARGS",
    "CONFIG_ROLLOUT_KEY",
    "CONFIG_ROLLOUT_REF",
    "CONFIG_ROLLOUT_REPORT",
    "CONFIG_ROLLOUT_HELM",
  ])("%s passes", async (name) => {
    const s = await start();
    const run = await runInProcess(
      [...lastCommitArgs(s.repo.dir, s.kubeconfig), "--dry-run"],
      { [name]: "x" },
      s.dir,
    );
    expect(run.code, run.stderr).toBe(0);
  });
});
