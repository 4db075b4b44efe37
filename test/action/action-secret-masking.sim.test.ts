// The bundled action on a pull request whose rollout fails, the pods printing the values of the
// Secrets config-rollout read (the repository's at both commits, a live one; raw and base64): no
// output holds them — the log, the `::error`/`::warning` annotations, every output, the job summary,
// the pull request comment — and each value is registered with the runner's masker before the
// first line that could quote it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { type FakeReviewApi, startFakeGitHub } from "../comment/fake-review-api.js";
import {
  BASE_VALUE,
  b64,
  expectNoSecret,
  HEAD_VALUE,
  kubeconfigText,
  LIVE_VALUE,
  type SecretScenario,
  startSecretScenario,
} from "../run/secret-scenario.js";
import { pullRequestEvent } from "./action-scenario.js";
import { runAction } from "./run-action.js";

const TOKEN = "ghs_0123456789abcdefghijklmnopqrstuvwxyzAB";

let scenario: SecretScenario | undefined;
let github: FakeReviewApi | undefined;
let dir: string | undefined;
afterEach(async () => {
  await scenario?.close();
  await github?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  scenario = github = dir = undefined;
});

test("no Secret value in the log, the annotations, the outputs, the job summary or the comment", async () => {
  dir = mkdtempSync(join(tmpdir(), "config-rollout-secrets-"));
  const s = await startSecretScenario(join(dir, "kubeconfig"));
  scenario = s;
  const api = await startFakeGitHub(TOKEN);
  github = api;
  const run = await runAction({
    workspace: s.repo.dir,
    eventName: "pull_request",
    event: pullRequestEvent(s),
    inputs: {
      "github-token": TOKEN,
      "kubeconfig-data": b64(kubeconfigText(s)),
      "dry-run": "none",
      logs: "10",
      timeout: "60s",
    },
    env: { GITHUB_API_URL: api.apiUrl, GITHUB_SERVER_URL: "https://github.example", GITHUB_RUN_ID: "1" },
  });
  expect(run.code, run.stdout).toBe(1);

  // The masker's own commands hold the values (the runner never shows them); nothing else does.
  const lines = run.stdout.split("\n");
  const maskCommands = lines.filter((l) => l.startsWith("::add-mask::"));
  const log = lines.filter((l) => !l.startsWith("::add-mask::")).join("\n");
  expectNoSecret({
    log,
    stderr: run.stderr,
    ...Object.fromEntries(Object.entries(run.outputs).map(([name, value]) => [`output ${name}`, value])),
    summary: run.summary,
    comment: api.comments.map((c) => c.body).join("\n"),
  });
  // The pods' words are quoted, the values masked: in the annotation and in the plan output.
  const annotations = lines.filter((l) => l.startsWith("::error") || l.startsWith("::warning"));
  expect(annotations.join("\n")).toContain("login failed with password *** (was ***, token ***)");
  expect(run.outputs.plan).toContain("DB_PASSWORD=***");
  expect(run.summary).toContain("login failed with password \\*\\*\\*");

  // Each value, raw and base64, is registered before the first line that quotes a pod.
  const firstPodLine = lines.findIndex((l) => l.includes("login failed") || l.includes("invalid env from"));
  expect(firstPodLine).toBeGreaterThan(0);
  for (const value of [BASE_VALUE, HEAD_VALUE, LIVE_VALUE]) {
    for (const form of [value, b64(value)]) {
      const at = lines.indexOf(`::add-mask::${form}`);
      expect(at, `${form} masked`).toBeGreaterThanOrEqual(0);
      expect(at, `${form} masked before the first pod line`).toBeLessThan(firstPodLine);
    }
  }
  expect(maskCommands.length).toBeGreaterThanOrEqual(6);
});
