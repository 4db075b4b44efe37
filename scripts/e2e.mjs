// End-to-end scenarios against a real Kubernetes API server: .github/workflows/e2e.yml runs them on
// a kind cluster, test/e2e/e2e-workflow.test.ts runs the same steps against the simulated one.
// Plain Node and kubectl, no dependencies: it runs from a bare checkout, on the committed dist/.
//
//   node scripts/e2e.mjs prepare SCENARIO NAMESPACE   a git repository of the scenario's commits, the first
//                                                     applied (and, for annotation, the next: the deploy
//                                                     step), every workload rolled out; the commits of each
//                                                     run go to $GITHUB_OUTPUT (base, head / good-base, ...)
//   node scripts/e2e.mjs cli SCENARIO NAMESPACE       prepare, run dist/cli.js for each run, verify each
//   node scripts/e2e.mjs apply SCENARIO NAMESPACE RUN  the deploy step before a run (versioned: good, bad):
//                                                     kubectl apply of that run's head version
//   node scripts/e2e.mjs verify SCENARIO NAMESPACE    verify after the action ran: reports from $PLAN or
//                                                     $PLAN_GOOD/$PLAN_BAD, step outcomes from $OUTCOME...
//
// SCENARIO: annotation (the demo, demo/sample, v1 -> v2: exactly web and db restart), sync (the
// annotation scenario's run, then the db's Secret rotated outside git with kubectl: `config-rollout
// sync` restarts exactly statefulset/db, and a second sync nothing; `cli` only) or versioned
// (--strategy versioned in the pipeline its docs prescribe, apply then config-rollout: a good change
// rolls out onto a new copy; a bad one, a key the workload needs removed, is applied — which points
// the workload back at the in-place config, now holding the bad content — then fails and is rolled
// back to the good copy, not to the in-place config) or rollback (the same changes with the
// annotation strategy and --rollback-on-failure: the bad change is put back in place to the good
// content, the reader rolled back to its good template; then the fix applied with kubectl apply and
// kubectl apply --server-side converges, nothing left behind; `cli` only). The cluster comes from KUBECONFIG or
// ~/.kube/config. Every container runs $E2E_IMAGE (default registry.k8s.io/pause:3.10: tiny, starts at once).

import { execFileSync, spawnSync } from "node:child_process";
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CLI = join(ROOT, "dist", "cli.js");
const IMAGE = process.env.E2E_IMAGE || "registry.k8s.io/pause:3.10";
const WORK = process.env.E2E_WORK || join(tmpdir(), "config-rollout-e2e");
const WAIT = process.env.E2E_WAIT || "180s";
const HASH_ANNOTATION = "config-rollout.io/config-hash";

/** The demo's manifests at one version, with a namespace of our own and an image that runs. */
function demoFiles(version, namespace) {
  const dir = join(ROOT, "demo", "sample", version, "shop");
  return Object.fromEntries(
    readdirSync(dir).map((file) => [
      `shop/${file}`,
      readFileSync(join(dir, file), "utf8")
        .replaceAll("namespace: shop", `namespace: ${namespace}`)
        .replace(/image: \S+/g, `image: ${IMAGE}`),
    ]),
  );
}

/** checkout's config at each version: v3 renames PAYMENT_URL; v4 and v5 fix it (rollback scenario). */
const CHECKOUT_CONFIG = {
  v1: { PAYMENT_URL: "https://payments.internal/v1", LOG_LEVEL: "info" },
  v2: { PAYMENT_URL: "https://payments.internal/v1", LOG_LEVEL: "debug" },
  v3: { PAYMENTS_URL: "https://payments.internal/v1", LOG_LEVEL: "debug" },
  v4: { PAYMENT_URL: "https://payments.internal/v2", LOG_LEVEL: "warn" },
  v5: { PAYMENT_URL: "https://payments.internal/v2", LOG_LEVEL: "error" },
};

/** Written for this test: checkout needs PAYMENT_URL; v3 renames it, so checkout's new pods cannot start. */
function versionedFiles(version, namespace) {
  const checkout = CHECKOUT_CONFIG[version];
  const data = (values) =>
    Object.entries(values)
      .map(([key, value]) => `  ${key}: "${value}"`)
      .join("\n");
  const deployment = (name, env) => `apiVersion: apps/v1
kind: Deployment
metadata: { name: ${name}, namespace: ${namespace} }
spec:
  replicas: 1
  progressDeadlineSeconds: 20
  selector: { matchLabels: { app: ${name} } }
  template:
    metadata: { labels: { app: ${name} } }
    spec:
      terminationGracePeriodSeconds: 5
      containers:
        - name: ${name}
          image: ${IMAGE}
${env}
`;
  return {
    "checkout.yaml": `apiVersion: v1
kind: ConfigMap
metadata: { name: checkout-config, namespace: ${namespace} }
data:
${data(checkout)}
---
${deployment(
  "checkout",
  `          env:
            - name: PAYMENT_URL
              valueFrom: { configMapKeyRef: { name: checkout-config, key: PAYMENT_URL } }
            - name: LOG_LEVEL
              valueFrom: { configMapKeyRef: { name: checkout-config, key: LOG_LEVEL } }`,
)}`,
    "catalog.yaml": `apiVersion: v1
kind: ConfigMap
metadata: { name: catalog-config, namespace: ${namespace} }
data:
  PAGE_SIZE: "20"
---
${deployment("catalog", "          envFrom: [{ configMapRef: { name: catalog-config } }]")}`,
  };
}

const SCENARIOS = {
  annotation: {
    versions: ["v1", "v2"],
    files: demoFiles,
    // The deploy step: the new manifests are applied before config-rollout runs.
    applyBeforeRuns: "v2",
    workloads: ["deployment/web", "deployment/api", "statefulset/db", "daemonset/log-agent"],
    runs: [{ label: "", from: "v1", to: "v2", args: [], exitCode: 0 }],
  },
  versioned: {
    versions: ["v1", "v2", "v3"],
    files: versionedFiles,
    applyBeforeRuns: undefined,
    // The documented pipeline: each run's head is applied (kubectl apply), then config-rollout runs.
    applyEachRun: true,
    workloads: ["deployment/checkout", "deployment/catalog"],
    runs: [
      { label: "good", from: "v1", to: "v2", args: ["--strategy", "versioned"], exitCode: 0 },
      { label: "bad", from: "v2", to: "v3", args: ["--strategy", "versioned"], exitCode: 1 },
    ],
  },
  rollback: {
    versions: ["v1", "v2", "v3", "v4", "v5"],
    files: versionedFiles,
    applyBeforeRuns: undefined,
    applyEachRun: true,
    workloads: ["deployment/checkout", "deployment/catalog"],
    runs: [
      { label: "good", from: "v1", to: "v2", args: [], exitCode: 0 },
      { label: "bad", from: "v2", to: "v3", args: ["--rollback-on-failure"], exitCode: 1 },
    ],
    // After the runs: the fix, applied as a client-side and then a server-side deploy step would.
    fixes: [
      { version: "v4", serverSide: false },
      { version: "v5", serverSide: true },
    ],
  },
};

function fail(message) {
  console.error(`e2e: FAILED: ${message}`);
  process.exit(1);
}

function check(condition, message) {
  if (!condition) fail(message);
  console.log(`e2e: ok: ${message}`);
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, ...options });
  if (result.error) fail(`${command} could not run: ${result.error.message}`);
  return result;
}

function kubectl(...args) {
  const result = run("kubectl", args);
  if (result.status !== 0) fail(`kubectl ${args.join(" ")}: ${result.stderr.trim()}`);
  return result.stdout;
}

function git(dir, ...args) {
  execFileSync("git", ["-c", "user.name=e2e", "-c", "user.email=e2e@example.invalid", ...args], {
    cwd: dir,
    stdio: "pipe",
  });
}

function paths(namespace) {
  const dir = join(WORK, namespace);
  return { dir, repo: join(dir, "repo"), manifests: join(dir, "manifests"), state: join(dir, "state.json") };
}

function writeVersion(target, files) {
  rmSync(target, { recursive: true, force: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(target, path, ".."), { recursive: true });
    writeFileSync(join(target, path), text);
  }
}

function apply(scenario, version, namespace, serverSide = false) {
  const { manifests } = paths(namespace);
  writeVersion(join(manifests, version), scenario.files(version, namespace));
  return kubectl(
    "apply",
    ...(serverSide ? ["--server-side"] : []),
    "--recursive",
    "-f",
    join(manifests, version),
  );
}

function waitForRollouts(scenario, namespace, workloads = scenario.workloads) {
  for (const workload of workloads)
    kubectl("rollout", "status", workload, "-n", namespace, `--timeout=${WAIT}`);
}

function workloadState(scenario, namespace) {
  return Object.fromEntries(
    scenario.workloads.map((workload) => {
      const object = JSON.parse(kubectl("get", workload, "-n", namespace, "-o", "json"));
      return [workload, { generation: object.metadata.generation, template: object.spec.template }];
    }),
  );
}

/** The deploy step of one run: its head version applied as CI's apply step would. */
function applyRun(name, namespace, label) {
  const scenario = SCENARIOS[name];
  const run = scenario.runs.find((r) => r.label === label);
  if (!scenario.applyEachRun || !run) fail(`scenario ${name} has no apply step for run "${label}"`);
  apply(scenario, run.to, namespace);
  console.log(`e2e: applied ${name} ${run.to} (the deploy step before the ${label} run)`);
}

function prepare(name, namespace) {
  const scenario = SCENARIOS[name];
  const { dir, repo, state } = paths(namespace);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(repo, { recursive: true });
  git(repo, "init", "-q", "-b", "main");
  const commits = {};
  for (const version of scenario.versions) {
    writeVersion(join(repo, "k8s"), scenario.files(version, namespace));
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", `${name}: ${version}`);
    commits[version] = execFileSync("git", ["rev-parse", "HEAD"], { cwd: repo, encoding: "utf8" }).trim();
  }
  // A manifest rather than `kubectl create namespace` (which sends protobuf, which the simulated server reads only for configs).
  const namespaceFile = join(dir, "namespace.yaml");
  writeFileSync(namespaceFile, `apiVersion: v1\nkind: Namespace\nmetadata: { name: ${namespace} }\n`);
  kubectl("apply", "-f", namespaceFile);
  apply(scenario, scenario.versions[0], namespace);
  waitForRollouts(scenario, namespace);
  if (scenario.applyBeforeRuns) apply(scenario, scenario.applyBeforeRuns, namespace);
  const before = workloadState(scenario, namespace);
  writeFileSync(state, JSON.stringify({ scenario: name, namespace, repo, commits, before }, null, 2));
  const outputs = { repo };
  for (const r of scenario.runs) {
    outputs[r.label ? `${r.label}-base` : "base"] = commits[r.from];
    outputs[r.label ? `${r.label}-head` : "head"] = commits[r.to];
  }
  const lines = Object.entries(outputs).map(([key, value]) => `${key}=${value}`);
  if (process.env.GITHUB_OUTPUT) appendFileSync(process.env.GITHUB_OUTPUT, `${lines.join("\n")}\n`);
  console.log(`e2e: prepared ${name} in namespace ${namespace}\n${lines.join("\n")}`);
  return JSON.parse(readFileSync(state, "utf8"));
}

const key = (w) => `${w.kind}/${w.name}`.toLowerCase();
const restartedBy = (report) =>
  report.workloads
    .filter((w) => w.result?.restart === "restarted")
    .map(key)
    .sort();

/** What each run of a scenario must have done: its report, and the cluster after it. */
const VERIFY = {
  annotation(state, report, succeeded) {
    const expected = ["deployment/web", "statefulset/db"];
    check(succeeded, "config-rollout succeeded");
    check(report.outcome === "restarted", `outcome restarted (got ${report.outcome})`);
    check(sameList(restartedBy(report), expected), `restarted exactly ${expected.join(", ")}`);
    for (const w of report.workloads.filter((w) => w.result?.restart === "restarted")) {
      check(w.result.rollout === "done", `${key(w)} rolled out (${w.result.message})`);
    }
    const after = workloadState(SCENARIOS.annotation, state.namespace);
    for (const [workload, { generation, template }] of Object.entries(after)) {
      const restarted = expected.includes(workload);
      const hash = template.metadata?.annotations?.[HASH_ANNOTATION];
      check(
        restarted === generation > state.before[workload].generation,
        `${workload} ${restarted ? "has a new generation" : "kept its generation"} on the cluster`,
      );
      check(
        restarted === Boolean(hash),
        `${workload} ${restarted ? "carries" : "has no"} ${HASH_ANNOTATION}`,
      );
    }
    waitForRollouts(SCENARIOS.annotation, state.namespace, expected);
  },
  versioned(state, report, succeeded, label) {
    const checkoutConfig = () => {
      const live = JSON.parse(kubectl("get", "deployment/checkout", "-n", state.namespace, "-o", "json"));
      const name = live.spec.template.spec.containers[0].env[0].valueFrom.configMapKeyRef.name;
      return JSON.parse(kubectl("get", "configmap", name, "-n", state.namespace, "-o", "json"));
    };
    const after = workloadState(SCENARIOS.versioned, state.namespace);
    check(
      after["deployment/catalog"].generation === state.before["deployment/catalog"].generation,
      "deployment/catalog, whose config did not change, kept its generation",
    );
    check(
      after["deployment/checkout"].generation > state.before["deployment/checkout"].generation,
      "deployment/checkout has a new generation",
    );
    const copy = checkoutConfig();
    check(
      /^checkout-config-[0-9a-f]{10}$/.test(copy.metadata.name) &&
        copy.immutable === true &&
        copy.metadata.labels?.["config-rollout.io/managed"] === "true",
      `deployment/checkout reads an immutable managed copy (${copy.metadata.name})`,
    );
    check(
      copy.data.PAYMENT_URL !== undefined && copy.data.LOG_LEVEL === "debug",
      "that copy holds the good config (v2: LOG_LEVEL debug, PAYMENT_URL kept)",
    );
    if (label === "good") {
      check(succeeded, "the good change succeeded");
      check(report.outcome === "restarted", `outcome restarted (got ${report.outcome})`);
      check(sameList(restartedBy(report), ["deployment/checkout"]), "restarted exactly deployment/checkout");
    } else {
      check(!succeeded, "the bad change failed the run");
      check(report.outcome === "failed", `outcome failed (got ${report.outcome})`);
      const checkout = report.workloads.find((w) => key(w) === "deployment/checkout");
      check(
        checkout?.result?.rollout === "rolled-back",
        `deployment/checkout's rollout failed and was rolled back (${checkout?.result?.rollout})`,
      );
      check(
        checkout?.result?.message.includes("the rollback rolled out"),
        `and was rolled back: ${checkout?.result?.message}`,
      );
      const copies = JSON.parse(
        kubectl(
          "get",
          "configmaps",
          "-n",
          state.namespace,
          "-l",
          "config-rollout.io/source=checkout-config",
          "-o",
          "json",
        ),
      ).items;
      check(
        copies.some((c) => c.data.PAYMENTS_URL !== undefined && c.data.PAYMENT_URL === undefined),
        "the bad copy (v3) exists, unused",
      );
    }
    waitForRollouts(SCENARIOS.versioned, state.namespace, ["deployment/checkout", "deployment/catalog"]);
  },
};

/** --rollback-on-failure in place: the good run's template, the bad one put back to it and to v2's content. */
let goodCheckoutHash;
VERIFY.rollback = (state, report, succeeded, label) => {
  const live = (what) => JSON.parse(kubectl("get", what, "-n", state.namespace, "-o", "json"));
  const hash = () => live("deployment/checkout").spec.template.metadata?.annotations?.[HASH_ANNOTATION];
  if (label === "good") {
    check(succeeded && report.outcome === "restarted", `the good change rolled out (${report.outcome})`);
    goodCheckoutHash = hash();
    check(goodCheckoutHash !== undefined, `deployment/checkout carries ${HASH_ANNOTATION}`);
  } else {
    check(!succeeded && report.outcome === "failed", `the bad change failed the run (${report.outcome})`);
    const checkout = report.workloads.find((w) => key(w) === "deployment/checkout");
    check(
      checkout?.result?.rollout === "rolled-back",
      `deployment/checkout rolled back: ${checkout?.result?.message}`,
    );
    const restored = report.restores?.find((r) => r.name === "checkout-config");
    check(restored?.result === "restored", `configmap/checkout-config restored: ${restored?.message}`);
    check(
      sameData(live("configmap/checkout-config").data, CHECKOUT_CONFIG.v2),
      "configmap/checkout-config holds v2's content again (PAYMENT_URL back, PAYMENTS_URL gone)",
    );
    check(hash() === goodCheckoutHash, "deployment/checkout runs the good run's template again");
  }
  waitForRollouts(SCENARIOS.rollback, state.namespace, ["deployment/checkout"]);
};

/** The fixes after a rollback, each applied by the deploy step: the live config is exactly that version. */
function applyFixes(name, namespace) {
  for (const { version, serverSide } of SCENARIOS[name].fixes ?? []) {
    apply(SCENARIOS[name], version, namespace, serverSide);
    const data = JSON.parse(kubectl("get", "configmap/checkout-config", "-n", namespace, "-o", "json")).data;
    check(
      sameData(data, CHECKOUT_CONFIG[version]),
      `${version} applied with kubectl apply${serverSide ? " --server-side" : ""}: the config is exactly ${version}, no conflict, no key left behind`,
    );
  }
}

/** The same keys and values, in any order. */
function sameData(a, b) {
  const sorted = (o) => JSON.stringify(Object.entries(o ?? {}).sort(([x], [y]) => x.localeCompare(y)));
  return sorted(a) === sorted(b);
}

function sameList(a, b) {
  return JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());
}

function runCli(name, namespace) {
  const scenario = SCENARIOS[name];
  const state = prepare(name, namespace);
  for (const r of scenario.runs) {
    if (scenario.applyEachRun) applyRun(name, namespace, r.label);
    const args = [CLI, "--repo", state.repo, "--base", state.commits[r.from], "--head", state.commits[r.to]];
    args.push("--output", "json", "--timeout", "3m", ...r.args);
    console.log(`e2e: $ node ${args.join(" ")}`);
    const result = run(process.execPath, args, { stdio: ["ignore", "pipe", "inherit"] });
    check(result.status === r.exitCode, `the CLI exited ${r.exitCode} (got ${result.status})`);
    VERIFY[name](state, parseReport(result.stdout, "stdout"), result.status === 0, r.label);
  }
  applyFixes(name, namespace);
}

function verify(name, namespace) {
  const scenario = SCENARIOS[name];
  const state = JSON.parse(readFileSync(paths(namespace).state, "utf8"));
  for (const r of scenario.runs) {
    const suffix = r.label ? `_${r.label.toUpperCase()}` : "";
    const outcome = process.env[`OUTCOME${suffix}`];
    check(outcome !== undefined, `OUTCOME${suffix} is set (${outcome})`);
    VERIFY[name](
      state,
      parseReport(process.env[`PLAN${suffix}`] ?? "", `PLAN${suffix}`),
      outcome === "success",
      r.label,
    );
  }
}

function parseReport(text, where) {
  try {
    const report = JSON.parse(text);
    if (!Array.isArray(report.workloads)) throw new Error("no workloads list");
    return report;
  } catch (error) {
    return fail(`${where} holds no report (${error.message}): ${text.slice(0, 500)}`);
  }
}

/** `cli sync`: a git-driven run records the hashes; a Secret changes outside git; sync restarts its reader only. */
function runSyncCli(namespace) {
  const state = prepare("annotation", namespace);
  const runJson = (args) => {
    console.log(`e2e: $ node ${[CLI, ...args].join(" ")}`);
    const result = run(process.execPath, [CLI, ...args, "--output", "json"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    return { status: result.status, report: parseReport(result.stdout, "stdout") };
  };
  const git = runJson([
    "--repo",
    state.repo,
    "--base",
    state.commits.v1,
    "--head",
    state.commits.v2,
    "--timeout",
    "3m",
  ]);
  check(git.status === 0, `the git-driven run exited 0 (got ${git.status})`);
  kubectl(
    "patch",
    "secret",
    "db-credentials",
    "-n",
    namespace,
    "-p",
    '{"stringData":{"password":"rotated-outside-git"}}',
  );
  const sync = runJson(["sync", "--namespaces", namespace, "--timeout", "3m"]);
  check(sync.status === 0, `config-rollout sync exited 0 (got ${sync.status})`);
  check(
    sameList(restartedBy(sync.report), ["statefulset/db"]),
    `sync restarted exactly statefulset/db (got ${restartedBy(sync.report).join(", ")})`,
  );
  check(!JSON.stringify(sync.report).includes("rotated-outside-git"), "no output holds the Secret's value");
  waitForRollouts(SCENARIOS.annotation, namespace, ["statefulset/db"]);
  const again = runJson(["sync", "--namespaces", namespace]);
  check(
    again.status === 0 && again.report.outcome === "nothing-to-do",
    `a second sync restarts nothing (got ${again.report.outcome})`,
  );
}

const [command, name, namespace, label] = process.argv.slice(2);
if (
  !["prepare", "cli", "apply", "verify"].includes(command) ||
  !(SCENARIOS[name] || (name === "sync" && command === "cli")) ||
  !/^[a-z0-9-]+$/.test(namespace ?? "")
) {
  console.error(
    "usage: node scripts/e2e.mjs prepare|cli|verify annotation|versioned NAMESPACE\n       node scripts/e2e.mjs cli sync|rollback NAMESPACE\n       node scripts/e2e.mjs apply versioned NAMESPACE good|bad",
  );
  process.exit(2);
}
if (command === "prepare") prepare(name, namespace);
else if (command === "cli" && name === "sync") runSyncCli(namespace);
else if (command === "cli") runCli(name, namespace);
else if (command === "apply") applyRun(name, namespace, label);
else verify(name, namespace);
