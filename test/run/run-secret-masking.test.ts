// No Secret value config-rollout read reaches any output of the CLI: pods that print the repository
// Secret's old and new value and a live Secret's value (waiting message, Warning event, termination
// message, log lines; raw and base64) fail the rollout, and the text, JSON and markdown reports, the
// stderr log, the JUnit and dotenv files and the merge request note quote them as `***`. `sync`
// masks what it read of the live Secrets the same way.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { parseAllDocuments } from "yaml";
import { startSimCluster } from "../../sim/index.js";
import { type FakeReviewApi, startFakeGitLab } from "../comment/fake-review-api.js";
import { createTempRepo } from "../helpers/git-repo.js";
import { deployment, pod, secret, yamlDocs } from "../helpers/manifests.js";
import { lastCommitArgs, runCli, runInProcess } from "../helpers/run-cli.js";
import { findKubectl, runKubectl } from "../sim/helpers.js";
import {
  b64,
  expectNoSecret,
  HEAD_VALUE,
  LIVE_VALUE,
  NS,
  type SecretScenario,
  startSecretScenario,
} from "./secret-scenario.js";

const TOKEN = "glpat-0123456789abcdefghij";

let scenario: SecretScenario | undefined;
let gitlab: FakeReviewApi | undefined;
let dir: string | undefined;
afterEach(async () => {
  await scenario?.close();
  await gitlab?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  scenario = gitlab = dir = undefined;
});

async function start(): Promise<{ s: SecretScenario; api: FakeReviewApi; dir: string }> {
  dir = mkdtempSync(join(tmpdir(), "config-rollout-secrets-"));
  scenario = await startSecretScenario(join(dir, "kubeconfig"));
  gitlab = await startFakeGitLab(TOKEN);
  return { s: scenario, api: gitlab, dir };
}

/** A merge-request pipeline that rolls out (`dry-run: none`), comments, and writes JUnit and dotenv. */
function mergeRequestEnv(s: SecretScenario, api: FakeReviewApi): Record<string, string> {
  return {
    GITLAB_CI: "true",
    CI_PIPELINE_SOURCE: "merge_request_event",
    CI_MERGE_REQUEST_IID: "7",
    CI_MERGE_REQUEST_DIFF_BASE_SHA: s.base,
    CI_COMMIT_SHA: s.head,
    CI_PROJECT_ID: "42",
    CI_API_V4_URL: api.apiUrl,
    CI_PROJECT_URL: "https://gitlab.example/acme/shop",
    CI_JOB_URL: "https://gitlab.example/acme/shop/-/jobs/99",
    CONFIG_ROLLOUT_COMMENT: "true",
    CONFIG_ROLLOUT_GITLAB_TOKEN: TOKEN,
  };
}

describe("Secret values in what failed pods say", () => {
  test.each(["text", "json", "markdown"])(
    "-o %s: every output quotes the pods with the values masked",
    async (format) => {
      const { s, api, dir } = await start();
      const files = { junit: join(dir, "junit.xml"), dotenv: join(dir, "report.env") };
      const run = await runInProcess(
        [
          ...["--repo", s.repo.dir, "--kubeconfig", s.kubeconfig, "--dry-run", "none"],
          ...["--output", format, "--logs", "10", "--timeout", "60s"],
          ...["--junit", files.junit, "--dotenv", files.dotenv],
        ],
        mergeRequestEnv(s, api),
      );
      expect(run.code, run.stderr).toBe(1);
      const outputs = {
        stdout: run.stdout,
        stderr: run.stderr,
        junit: readFileSync(files.junit, "utf8"),
        dotenv: readFileSync(files.dotenv, "utf8"),
        note: api.comments.map((c) => c.body).join("\n"),
      };
      expectNoSecret(outputs);
      // The pods' own words are there, the values masked: the termination message and the waiting one.
      const quoted = format === "markdown" ? /password \\\*\\\*\\\*/ : /password \*\*\*/;
      expect(run.stdout).toMatch(quoted);
      expect(outputs.junit).toContain("login failed with password *** (was ***, token ***)");
      expect(outputs.junit).toContain("invalid env from secret db: *** / *** / ***");
      expect(outputs.junit).toContain("DB_PASSWORD=***");
      expect(outputs.note).toContain("login failed with password \\*\\*\\*");
    },
  );
});

const kubectlPath = findKubectl();

describe.skipIf(!kubectlPath)("sync", () => {
  test("a Secret rotated on the cluster whose new value the crashing pods print: masked in the report and the log", async () => {
    const { s, dir } = await start();
    const cli = (...args: string[]) =>
      runInProcess(["sync", "--kubeconfig", s.kubeconfig, "--namespaces", NS, ...args]);
    // The baseline: the git-driven restart put the hash on the templates (and its pods fail).
    await runInProcess(["--repo", s.repo.dir, "--kubeconfig", s.kubeconfig, "--timeout", "30s"]);
    const rotated = "rotated-by-vault-8c1e4d";
    const file = join(dir, "ext-token.yaml");
    writeFileSync(
      file,
      `apiVersion: v1\nkind: Secret\nmetadata: { name: ext-token, namespace: ${NS} }\nstringData:\n  token: ${rotated}\n`,
    );
    const applied = await runKubectl(kubectlPath as string, ["apply", "-f", file], {
      home: dir,
      kubeconfig: s.kubeconfig,
    });
    expect(applied.code, applied.stderr).toBe(0);
    s.sim.setPodFailure("Deployment", NS, "api", "CrashLoopBackOff", {
      exitCode: 1,
      message: `token ${rotated} refused`,
      log: [`TOKEN=${rotated}`, `as base64: ${b64(rotated)}`],
    });
    const run = await cli("--output", "json", "--logs", "5", "--timeout", "60s");
    expect(run.code, run.stderr).toBe(1);
    for (const [name, text] of Object.entries({ stdout: run.stdout, stderr: run.stderr })) {
      for (const form of [rotated, b64(rotated), LIVE_VALUE, HEAD_VALUE])
        expect(text.includes(form), `${name} holds ${form}`).toBe(false);
    }
    expect(run.stdout).toContain("token *** refused");
    expect(run.stdout).toContain("TOKEN=***");
  });
});

// A Secret the range did not change, which the restarted workload reads beside the changed one, is
// masked too whatever the strategy: the annotation strategy reads it for its hash, the env and
// versioned strategies read it from the repository for masking alone, and a saved plan (--plan),
// which has no repository, from the cluster. Each run gets its own values: the values read are kept
// for the whole process.
describe("an unchanged repository Secret the restarted workload reads", () => {
  /** Two commits rotating `db`, `other` unchanged; the cluster runs them with crashing pods that print both. */
  async function unchangedSecret(label: string) {
    const changed = { base: `old-${label}-Passw0rd`, head: `new-${label}-Passw0rd` };
    const unchanged = `unchanged-${label}-T0ken-abcdef`;
    const app = deployment(
      "api",
      pod({
        envFrom: [{ secretRef: { name: "db" } }],
        env: [{ name: "OTHER", valueFrom: { secretKeyRef: { name: "other", key: "token" } } }],
      }),
      { namespace: NS },
    );
    const db = (password: string) => secret("db", { stringData: { password } }, NS);
    const other = secret("other", { stringData: { token: unchanged } }, NS);
    const sim = await startSimCluster({ rolloutStepMs: 5 });
    const repo = await createTempRepo();
    dir = mkdtempSync(join(tmpdir(), "config-rollout-secrets-"));
    closeAfter = async () => {
      await sim.close();
      await repo.cleanup();
    };
    await repo.write("deploy/app.yaml", yamlDocs(app));
    await repo.write("deploy/other.yaml", yamlDocs(other));
    await repo.write("deploy/db.yaml", yamlDocs(db(changed.base)));
    await repo.commit("v1");
    await repo.write("deploy/db.yaml", yamlDocs(db(changed.head)));
    await repo.commit("v2: rotate the db password");
    for (const object of [app, other, db(changed.base)])
      sim.seed(parseAllDocuments(yamlDocs(object))[0]!.toJS());
    sim.setPodFailure("Deployment", NS, "api", "CrashLoopBackOff", {
      exitCode: 1,
      message: `login failed with ${changed.head}, other=${unchanged}`,
      log: [`OTHER=${unchanged}`, `as base64: ${b64(unchanged)}`],
    });
    const kubeconfig = join(dir, "kubeconfig");
    sim.writeKubeconfig(kubeconfig, { context: "ci" });
    /** Whether stdout or stderr holds a form of the values (the unchanged one, raw and base64; the new one). */
    const leaks = (run: { stdout: string; stderr: string }) =>
      Object.entries({ stdout: run.stdout, stderr: run.stderr }).flatMap(([name, text]) =>
        [unchanged, b64(unchanged), changed.head].filter((f) => text.includes(f)).map((f) => `${name}: ${f}`),
      );
    return { sim, repo, kubeconfig, changed, unchanged, db, leaks };
  }
  let closeAfter: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await closeAfter?.();
    closeAfter = undefined;
  });

  test.each(["annotation", "env", "versioned"])(
    "--strategy %s: masked in what the crashing pods say",
    async (strategy) => {
      const s = await unchangedSecret(strategy);
      const run = await runInProcess([
        ...lastCommitArgs(s.repo.dir, s.kubeconfig),
        ...["--strategy", strategy, "--apply", "--dry-run", "none", "--logs", "5", "--timeout", "30s"],
      ]);
      expect(run.code, run.stderr).toBe(1);
      expect(s.leaks(run)).toEqual([]);
      expect(run.stdout).toContain("other=***");
      expect(run.stdout).toContain("OTHER=***");
    },
  );

  test.each(["annotation", "env"])(
    "a saved plan (--strategy %s) reads it from the cluster: masked, and the plan file holds no value",
    async (strategy) => {
      const s = await unchangedSecret(`plan-${strategy}`);
      const planFile = join(dir!, "plan.json");
      const key = ["--hash-key", "plan-test-key"];
      const made = await runInProcess([
        ...lastCommitArgs(s.repo.dir),
        ...["--strategy", strategy, "--dry-run", "--plan-out", planFile, ...key],
      ]);
      expect(made.code, made.stderr).toBe(0);
      const plan = readFileSync(planFile, "utf8");
      for (const form of [s.unchanged, b64(s.unchanged), s.changed.head]) expect(plan).not.toContain(form);
      // The apply job: the new db applied by the deploy step, no repository, the plan only; a
      // process of its own, which never read the values making the plan did.
      s.sim.seed(parseAllDocuments(yamlDocs(s.db(s.changed.head)))[0]!.toJS());
      const apply = () =>
        runCli(
          ["--plan", planFile, "--kubeconfig", s.kubeconfig, "--logs", "5", "--timeout", "30s", ...key],
          {},
          dir,
        );
      const run = await apply();
      expect(run.code, run.stderr).toBe(1);
      expect(s.leaks(run)).toEqual([]);
      expect(run.stdout).toContain("other=***");
      expect(run.stdout).toContain("OTHER=***");
      // A Role that does not let the job read it: the run goes on, and says what it cannot mask.
      s.sim.forbid("get", "secrets", ["db"]);
      const refused = await apply();
      expect(refused.stderr).toContain(
        "warning: context ci may not get secrets other in namespace shop, which the restarted workloads read: a saved plan holds no Secret value, so what their pods say (a termination message, an event, log lines) cannot be masked for them.",
      );
    },
  );
});

// A pod that prints a multi-line value whole (a JSON service-account key, a config file): the log
// is masked as if it had been read whole, however few lines --logs asks for, and in every spelling
// a program prints a value in (Go's and Python's JSON, `base64` wrapping a long value).
describe("a multi-line value the pod prints whole, and values in other programs' spellings", () => {
  const keyFile = (project: string) =>
    JSON.stringify(
      { type: "service_account", project_id: project, private_key_id: "9f8e7d6c5b4a39281706f5e4d3c2b1a0" },
      null,
      2,
    );
  const html = "Tr0ub4dor&3<horse>";
  const accents = "pässwörd-zürich-9";
  const token = `sk_live_${"51HqR2eKx9Vb3LmN0pQ7sT4uW6yZ8aC1dF3gH5jK7lM9nP2rS4tV6wX8zA0bD2e"}`;
  let closeAfter: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await closeAfter?.();
    closeAfter = undefined;
  });

  test("--logs N shows the log's last N lines, each line of a value cut by N masked, counted as shown", async () => {
    const gcp = (project: string) =>
      secret("gcp", { stringData: { "sa.json": keyFile(project), html, accents, token } }, NS);
    const app = deployment(
      "api",
      pod(
        { volumeMounts: [{ name: "gcp", mountPath: "/var/run/gcp" }] },
        { volumes: [{ name: "gcp", secret: { secretName: "gcp" } }] },
      ),
      { namespace: NS },
    );
    const sim = await startSimCluster({ rolloutStepMs: 5 });
    const repo = await createTempRepo();
    closeAfter = async () => {
      await sim.close();
      await repo.cleanup();
    };
    await repo.write("deploy/app.yaml", yamlDocs(app, gcp("acme-old")));
    await repo.commit("v1");
    await repo.write("deploy/app.yaml", yamlDocs(app, gcp("acme")));
    await repo.commit("v2: the new project's key");
    for (const object of [app, gcp("acme")]) sim.seed(parseAllDocuments(yamlDocs(object))[0]!.toJS());
    const wrapped = execFileSync("base64", { input: token, encoding: "utf8" }).trimEnd().split("\n");
    const go = JSON.stringify({ password: html }).replace(
      /[&<>]/g,
      (c) => `\\u00${c.charCodeAt(0).toString(16)}`,
    );
    const python = JSON.stringify({ password: accents }).replace(
      /[^ -~]/g,
      (c) => `\\u00${c.charCodeAt(0).toString(16)}`,
    );
    sim.setPodFailure("Deployment", NS, "api", "CrashLoopBackOff", {
      exitCode: 1,
      log: [
        `go: ${go}`,
        `python: ${python}`,
        "$ base64 token",
        ...wrapped,
        "key:",
        ...keyFile("acme").split("\n"),
        "fatal",
      ],
    });
    dir = mkdtempSync(join(tmpdir(), "config-rollout-secrets-"));
    const kubeconfig = join(dir, "kubeconfig");
    sim.writeKubeconfig(kubeconfig, { context: "ci" });
    const run = (lines: number) =>
      runInProcess([
        ...lastCommitArgs(repo.dir, kubeconfig),
        "--dry-run",
        "none",
        "--logs",
        `${lines}`,
        "--timeout",
        "30s",
      ]);
    const quoted = (stdout: string) => stdout.split("\n").filter((l) => /^ {4}(\||log of)/.test(l));

    // The last 3 lines start inside the key (at its private_key_id): read with the lines above
    // them, the key is masked whole, and each of its lines shown is `***`.
    const cut = await run(3);
    expect(cut.code, cut.stderr).toBe(1);
    expect(quoted(cut.stdout)).toEqual([
      "    log of the previous run of app (last 3 lines):",
      "    | ***",
      "    | ***",
      "    | fatal",
    ]);
    const whole = await run(40);
    expect(whole.code, whole.stderr).toBe(1);
    expect(quoted(whole.stdout)).toEqual([
      "    log of the previous run of app (last 12 lines):",
      '    | go: {"password":"***"}',
      '    | python: {"password":"***"}',
      "    | $ base64 token",
      "    | ***",
      "    | ***",
      "    | key:",
      ...Array(5).fill("    | ***"),
      "    | fatal",
    ]);
    for (const text of [cut.stdout, cut.stderr, whole.stdout, whole.stderr]) {
      expect(text).not.toContain("9f8e7d6c5b4a");
      expect(text).not.toMatch(/Tr0ub|z\\u00fcrich|zürich/);
      for (const line of wrapped) expect(text).not.toContain(line);
    }
  });
});
