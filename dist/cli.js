#!/usr/bin/env node
"use strict";
const __configRolloutModuleUrl = require("node:url").pathToFileURL(__filename).href;
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __commonJS = (cb, mod) => function __require() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// lazy-bundle:cli-plan.js
var require_cli_plan = __commonJS({
  "lazy-bundle:cli-plan.js"(exports2, module2) {
    module2.exports = require("./cli-plan.js");
  }
});

// <stdin>
var stdin_exports = {};
__export(stdin_exports, {
  frontModules: () => frontModules
});
module.exports = __toCommonJS(stdin_exports);

// src/cli/main.ts
var import_node_module = require("node:module");

// src/process/interrupt.ts
var interrupt_exports = {};
__export(interrupt_exports, {
  cleanUpInterrupted: () => cleanUpInterrupted,
  interrupt: () => interrupt,
  interruptSignal: () => interruptSignal,
  interruptSummary: () => interruptSummary,
  interruptedSignal: () => interruptedSignal,
  noteDone: () => noteDone,
  noteStage: () => noteStage,
  onInterrupt: () => onInterrupt,
  withStagesNoted: () => withStagesNoted
});

// src/process/child-groups.ts
var child_groups_exports = {};
__export(child_groups_exports, {
  KILL_GRACE_MS: () => KILL_GRACE_MS,
  liveGroups: () => liveGroups,
  onInterrupt: () => onInterrupt,
  processWide: () => processWide,
  runCleanups: () => runCleanups,
  signalGroup: () => signalGroup,
  stopAllGroups: () => stopAllGroups,
  stopGroup: () => stopGroup,
  trackGroup: () => trackGroup
});
function processWide(name, create) {
  const key = /* @__PURE__ */ Symbol.for(`config-rollout.${name}`);
  const global = globalThis;
  global[key] ??= create();
  return global[key];
}
var state = processWide("child-groups", () => ({
  live: /* @__PURE__ */ new Set(),
  cleanups: /* @__PURE__ */ new Set(),
  exitHookInstalled: false,
  signalStopInstalled: false
}));
var live = state.live;
var KILL_GRACE_MS = 2e3;
var alone = /* @__PURE__ */ new WeakSet();
function trackGroup(child, ownGroup = true) {
  if (!ownGroup) alone.add(child);
  if (child.pid === void 0) return;
  if (!state.exitHookInstalled) {
    state.exitHookInstalled = true;
    process.on("exit", () => {
      for (const group of live) signalGroup(group, "SIGKILL");
    });
    installSignalStop();
  }
  live.add(child);
  child.once("exit", () => live.delete(child));
}
function signalGroup(child, signal) {
  if (child.pid === void 0) return;
  try {
    process.kill(alone.has(child) ? child.pid : -child.pid, signal);
  } catch {
    try {
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, signal);
    } catch {
    }
  }
}
function stopGroup(child, graceMs = KILL_GRACE_MS) {
  signalGroup(child, "SIGTERM");
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      signalGroup(child, "SIGKILL");
      return resolve();
    }
    const timer = setTimeout(() => {
      signalGroup(child, "SIGKILL");
      resolve();
    }, graceMs);
    timer.unref();
    child.once("exit", () => {
      clearTimeout(timer);
      signalGroup(child, "SIGKILL");
      resolve();
    });
  });
}
function liveGroups() {
  return live.size;
}
async function stopAllGroups(graceMs = KILL_GRACE_MS) {
  await Promise.all([...live].map((child) => stopGroup(child, graceMs)));
}
var cleanups = state.cleanups;
function onInterrupt(cleanup) {
  cleanups.add(cleanup);
  installSignalStop();
  return () => cleanups.delete(cleanup);
}
async function runCleanups() {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled(pending.map(async (cleanup) => cleanup()));
}
function installSignalStop() {
  if (state.signalStopInstalled) return;
  state.signalStopInstalled = true;
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.once(signal, () => {
      for (const group of live) signalGroup(group, "SIGKILL");
      if (process.listenerCount(signal) > 0) return;
      void runCleanups().finally(() => process.kill(process.pid, signal));
    });
  }
}

// src/process/interrupt.ts
var state2 = processWide("interrupt", () => ({
  controller: new AbortController(),
  interruptedBy: void 0,
  journal: { stage: "starting", done: [] }
}));
var { controller, journal } = state2;
var interruptSignal = controller.signal;
function noteStage(stage) {
  journal.stage = stage;
}
function withStagesNoted(log) {
  return {
    ...log,
    group: (title, run2) => {
      noteStage(`in "${title}"`);
      return log.group(title, run2);
    }
  };
}
function noteDone(line) {
  journal.done.push(line);
}
function interrupt(signal) {
  state2.interruptedBy ??= signal;
  controller.abort(new Error(`interrupted by ${signal}`));
}
function interruptedSignal() {
  return state2.interruptedBy;
}
async function cleanUpInterrupted(graceMs) {
  await stopAllGroups(graceMs);
  await runCleanups();
}
function interruptSummary(signal) {
  const done = journal.done.length === 0 ? "nothing was written to the cluster" : `written to the cluster: ${journal.done.slice(0, 10).join("; ")}${journal.done.length > 10 ? `; and ${journal.done.length - 10} more` : ""}`;
  return `interrupted by ${signal} while ${journal.stage}: child processes stopped, temporary checkouts removed; ${done}; the rest of the run was not done`;
}

// src/process/interrupt-run.ts
var INTERRUPT_GRACE_MS = 5e3;
var CHILD_GRACE_MS = 1500;
var SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15 };
function exitCodeForSignal(signal) {
  return 128 + (SIGNAL_NUMBERS[signal] ?? 15);
}
function finalExitCode(code) {
  const signal = interruptedSignal();
  return signal ? exitCodeForSignal(signal) : code;
}
function handleInterrupts(run2, write) {
  let handling = false;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, () => {
      if (handling) process.exit(exitCodeForSignal(signal));
      handling = true;
      write(`config-rollout: ${signal} received: stopping
`);
      interrupt(signal);
      void (async () => {
        await cleanUpInterrupted(CHILD_GRACE_MS);
        const grace = new Promise((resolve) => setTimeout(resolve, INTERRUPT_GRACE_MS).unref());
        await Promise.race([run2.catch(() => void 0), grace]);
        await cleanUpInterrupted(0);
        write(`error: ${interruptSummary(signal)}
`);
        process.exit(exitCodeForSignal(signal));
      })();
    });
  }
}

// src/cli/fd-output.ts
var import_node_fs = require("node:fs");
function descriptorWriter(fd, stream, write = (to, data) => typeof data === "string" ? (0, import_node_fs.writeSync)(to, data) : (0, import_node_fs.writeSync)(to, data)) {
  let throughStream;
  let readerGone = false;
  return (text) => {
    if (readerGone) return;
    if (throughStream) {
      throughStream.write(text);
      return;
    }
    let left;
    try {
      const written = write(fd, text);
      if (written === Buffer.byteLength(text)) return;
      left = Buffer.from(text).subarray(written);
      while (left.length > 0) left = left.subarray(write(fd, left));
    } catch (error) {
      const code = error.code;
      if (code === "EPIPE") {
        readerGone = true;
        return;
      }
      if (code !== "EAGAIN") throw error;
      throughStream = stream();
      throughStream.write(left ?? text);
    }
  };
}

// src/compose/version.ts
var version_exports = {};
__export(version_exports, {
  USER_AGENT: () => USER_AGENT,
  VERSION: () => VERSION
});
var VERSION = true ? "0.1.0" : createRequire(__configRolloutModuleUrl)("../../package.json").version;
var USER_AGENT = `config-rollout/${VERSION}`;

// src/core/errors.ts
var errors_exports = {};
__export(errors_exports, {
  ClusterAccessError: () => ClusterAccessError,
  EXIT_FAILED: () => EXIT_FAILED,
  EXIT_OK: () => EXIT_OK,
  EXIT_USAGE: () => EXIT_USAGE,
  RolloutFailure: () => RolloutFailure,
  UserError: () => UserError,
  exitCodeFor: () => exitCodeFor,
  isExpectedError: () => isExpectedError
});
var EXIT_OK = 0;
var EXIT_FAILED = 1;
var EXIT_USAGE = 2;
var UserError = class extends Error {
  name = "UserError";
  exitCode = EXIT_USAGE;
};
var ClusterAccessError = class extends UserError {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
  status;
  name = "ClusterAccessError";
};
var RolloutFailure = class extends Error {
  name = "RolloutFailure";
  exitCode = EXIT_FAILED;
};
function exitCodeFor(error) {
  if (error instanceof UserError || error instanceof RolloutFailure) return error.exitCode;
  return EXIT_FAILED;
}
function isExpectedError(error) {
  return error instanceof UserError || error instanceof RolloutFailure;
}

// src/settings/options.ts
var options_exports = {};
__export(options_exports, {
  OPTIONS: () => OPTIONS
});

// src/core/setting-choices.ts
var setting_choices_exports = {};
__export(setting_choices_exports, {
  DEFAULT_CONCURRENCY: () => DEFAULT_CONCURRENCY,
  DISCOVER_MODES: () => DISCOVER_MODES,
  DRY_RUNS: () => DRY_RUNS,
  OUTPUT_FORMATS: () => OUTPUT_FORMATS,
  STRATEGIES: () => STRATEGIES
});
var STRATEGIES = ["annotation", "env", "versioned", "gitops"];
var DRY_RUNS = ["none", "client", "server"];
var DISCOVER_MODES = ["repo", "cluster", "both"];
var OUTPUT_FORMATS = ["text", "json", "markdown"];
var DEFAULT_CONCURRENCY = 8;

// src/settings/source-options.ts
var SOURCE_OPTIONS = [
  {
    name: "kustomize",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_KUSTOMIZE",
    placeholder: "DIRS",
    description: "Kustomization directories to render at both commits and plan from; raw files are then read only if --paths is given too. Default: every root kustomization in the repository (not those under test, example or docs directories); none: read raw files only."
  },
  {
    name: "render",
    type: "string",
    env: "CONFIG_ROLLOUT_RENDER",
    placeholder: "CMD",
    description: "A command that prints the manifests (e.g. helm template ...), run with /bin/sh in a checkout of each commit. It executes on both commits."
  },
  {
    name: "render-paths",
    type: "list",
    default: "**",
    env: "CONFIG_ROLLOUT_RENDER_PATHS",
    placeholder: "GLOBS",
    description: "Files that are inputs of --render: it runs only when the range touches one."
  },
  {
    name: "git-timeout",
    type: "duration",
    default: "2m",
    env: "CONFIG_ROLLOUT_GIT_TIMEOUT",
    placeholder: "DURATION",
    description: "A git command (a fetch or deepen of a shallow clone included) that prints nothing for this long is stuck, e.g. waiting for credentials: it is stopped and the run fails."
  },
  {
    name: "render-timeout",
    type: "duration",
    default: "10m",
    env: "CONFIG_ROLLOUT_RENDER_TIMEOUT",
    placeholder: "DURATION",
    description: "Time limit for one render (a kustomize build or the --render command at one commit); it is then stopped with every process it started, and the run fails (exit code 2)."
  },
  {
    name: "render-env",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_RENDER_ENV",
    placeholder: "NAMES",
    description: "Environment variables passed to the --render command besides PATH, HOME, LANG, LC_ALL, TZ, TMPDIR and the proxy settings (e.g. HELM_CACHE_HOME); nothing else of the job's environment reaches it."
  },
  {
    name: "allow-remote-kustomize",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_ALLOW_REMOTE_KUSTOMIZE",
    description: "Render kustomizations that name remote resources (github.com/..., git::, https://, ssh://, git@) when the head is untrusted (a pull request from a fork, pull_request_target); by default they are refused before any render (a plan's or a stamp's)."
  }
];

// src/settings/options.ts
var OPTIONS = [
  {
    name: "base",
    type: "string",
    env: "CONFIG_ROLLOUT_BASE",
    placeholder: "REV",
    description: "Commit to compare from. Default: derived from the CI event (push before, merge-base of a PR), else HEAD~1."
  },
  {
    name: "head",
    type: "string",
    env: "CONFIG_ROLLOUT_HEAD",
    placeholder: "REV",
    description: "Commit to compare to. Default: the CI event's head commit, else HEAD."
  },
  {
    name: "repo",
    type: "string",
    default: ".",
    env: "CONFIG_ROLLOUT_REPO",
    placeholder: "DIR",
    description: "Path of the git repository holding the manifests."
  },
  {
    name: "paths",
    type: "list",
    default: "**/*.yaml,**/*.yml,**/*.json",
    env: "CONFIG_ROLLOUT_PATHS",
    placeholder: "GLOBS",
    description: "Manifest files to read (comma or newline separated globs, relative to the repository root). Given explicitly, it also narrows which kustomizations and Helm charts are discovered."
  },
  {
    name: "exclude",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_EXCLUDE",
    placeholder: "GLOBS",
    description: "Files to ignore even when they match --paths (e.g. Helm templates: **/templates/**)."
  },
  ...SOURCE_OPTIONS,
  {
    name: "namespace",
    type: "string",
    default: "default",
    env: "CONFIG_ROLLOUT_NAMESPACE",
    short: "n",
    placeholder: "NS",
    description: "Namespace of manifests that do not name one."
  },
  {
    name: "discover",
    type: "string",
    choices: DISCOVER_MODES,
    env: "CONFIG_ROLLOUT_DISCOVER",
    description: "Where to look for consumers. Default: both when a cluster is configured, else repo."
  },
  {
    name: "strategy",
    type: "string",
    default: "annotation",
    choices: STRATEGIES,
    env: "CONFIG_ROLLOUT_STRATEGY",
    description: "How to restart: a content-hash annotation on the pod template (idempotent), an env var with the current time, versioned: an immutable <name>-<hash> copy of each changed config, workloads repointed to it (see Versioned configs), or gitops: write nothing, wait until Argo CD or Flux has applied the stamped commit, then for the rollouts (see Argo CD and Flux)."
  },
  {
    name: "env-name",
    type: "string",
    default: "RESTART_TIME",
    env: "CONFIG_ROLLOUT_ENV_NAME",
    placeholder: "NAME",
    description: "Name of the env var set by --strategy env."
  },
  {
    name: "rollback",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_ROLLBACK",
    description: "--strategy versioned: when a rollout fails, repoint that workload to the config it used before and wait for it (--no-rollback to leave it)."
  },
  {
    name: "prune",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_PRUNE",
    description: "--strategy versioned: after a successful run, delete managed copies that no workload, ReplicaSet, ControllerRevision or Pod names (--no-prune to keep them)."
  },
  {
    name: "keep",
    type: "integer",
    default: "3",
    env: "CONFIG_ROLLOUT_KEEP",
    placeholder: "N",
    description: "--strategy versioned: copies of each config --prune always keeps, newest first."
  },
  {
    name: "dry-run",
    type: "string",
    default: "none",
    choices: DRY_RUNS,
    env: "CONFIG_ROLLOUT_DRY_RUN",
    description: "client: print the plan, touch nothing. server: send every write with dryRun=All. A bare --dry-run means client."
  },
  {
    name: "apply",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_APPLY",
    description: "Server-side apply the changed ConfigMaps/Secrets before restarting (field manager config-rollout)."
  },
  {
    name: "plan-out",
    type: "string",
    env: "CONFIG_ROLLOUT_PLAN_OUT",
    placeholder: "FILE",
    description: "Write the plan to FILE as JSON (apiVersion config-rollout.io/v1, kind Plan), usually with --dry-run: the workloads to restart with their exact change and a digest of each changed config. No config values, Secret data or credentials; a plan with a Secret needs --hash-key. See Plan once, apply many."
  },
  {
    name: "plan",
    type: "string",
    env: "CONFIG_ROLLOUT_PLAN",
    placeholder: "FILE",
    description: "Apply a plan written by --plan-out, without git or a renderer: check the cluster holds the configs the plan's digests name, restart, wait. In a git checkout it must be the plan's head; --strategy versioned needs that checkout. Not with --apply."
  },
  {
    name: "wait",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_WAIT",
    description: "Wait for every rollout to finish (--no-wait to skip)."
  },
  {
    name: "watch-pods",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_WATCH_PODS",
    description: "While waiting, watch the new pods and fail a workload within seconds when one cannot start (CreateContainerConfigError, CreateContainerError, ErrImagePull, ImagePullBackOff, InvalidImageName, or CrashLoopBackOff / OOMKilled after 2 restarts), naming the pod, reason, message and Warning events (--no-watch-pods to wait on the rollout status alone)."
  },
  {
    name: "logs",
    type: "integer",
    default: "0",
    env: "CONFIG_ROLLOUT_LOGS",
    placeholder: "N",
    description: "With pod watching: quote the last N lines (each cut at 300 characters) of a crashed container's previous run in the report. Off by default: logs are the application's output and may print secrets (see Security notes)."
  },
  {
    name: "timeout",
    type: "duration",
    default: "5m",
    env: "CONFIG_ROLLOUT_TIMEOUT",
    placeholder: "DURATION",
    description: "How long to wait for all rollouts together (e.g. 90s, 5m, 1h)."
  },
  {
    name: "config-timeout",
    type: "duration",
    default: "60s",
    env: "CONFIG_ROLLOUT_CONFIG_TIMEOUT",
    placeholder: "DURATION",
    description: "How long to wait for the cluster to hold the committed config content before failing."
  },
  {
    name: "kubeconfig",
    type: "string",
    env: "KUBECONFIG",
    placeholder: "PATH",
    description: "Kubeconfig file. Default: $KUBECONFIG, ~/.kube/config, then the in-cluster service account."
  },
  {
    name: "kubeconfig-data",
    type: "string",
    env: "CONFIG_ROLLOUT_KUBECONFIG",
    secret: true,
    placeholder: "TEXT",
    description: "A whole kubeconfig as text or base64 (for CI secrets). Masked in logs."
  },
  {
    name: "exec-plugin-timeout",
    type: "duration",
    default: "60s",
    env: "CONFIG_ROLLOUT_EXEC_PLUGIN_TIMEOUT",
    placeholder: "DURATION",
    description: "Time limit for a kubeconfig's exec credential plugin (aws eks get-token, gke-gcloud-auth-plugin) to print a credential; it is then stopped."
  },
  {
    name: "request-timeout",
    type: "duration",
    default: "30s",
    env: "CONFIG_ROLLOUT_REQUEST_TIMEOUT",
    placeholder: "DURATION",
    description: "Time limit for one Kubernetes API request (it is retried up to 5 times on timeouts, throttling and server errors); watches are bounded by --timeout."
  },
  {
    name: "context",
    type: "string",
    env: "CONFIG_ROLLOUT_CONTEXT",
    placeholder: "NAME",
    description: "Kubeconfig context to use (GitLab: KUBE_CONTEXT works too)."
  },
  {
    name: "contexts",
    type: "string",
    env: "CONFIG_ROLLOUT_CONTEXTS",
    placeholder: "LIST",
    description: "Several kubeconfig contexts in one run, in waves: staging;prod-eu,prod-us is staging first, then prod-eu and prod-us in parallel (';' separates waves, ',' the clusters of a wave). The plan is made once; each cluster gets the full run (one that does not answer is given up after --timeout); after a failed cluster later waves are skipped (see Several clusters)."
  },
  {
    name: "continue-on-failure",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_CONTINUE_ON_FAILURE",
    description: "--contexts: run the later waves even after a cluster failed (the exit code still says so)."
  },
  {
    name: "namespaces",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_NAMESPACES",
    placeholder: "LIST",
    description: "Only restart workloads in these namespaces (empty: all)."
  },
  {
    name: "exclude-namespaces",
    type: "list",
    default: "kube-system",
    env: "CONFIG_ROLLOUT_EXCLUDE_NAMESPACES",
    placeholder: "LIST",
    description: "Never restart workloads in these namespaces."
  },
  {
    name: "max-restarts",
    type: "integer",
    env: "CONFIG_ROLLOUT_MAX_RESTARTS",
    placeholder: "N",
    description: "Refuse a plan that restarts more than N workloads (default: no limit); a dry run shows it, with a note."
  },
  {
    name: "concurrency",
    type: "integer",
    default: String(DEFAULT_CONCURRENCY),
    env: "CONFIG_ROLLOUT_CONCURRENCY",
    placeholder: "N",
    description: "Most API requests in flight at once (reads, permission checks, patches); watches are not counted. Lower it for a busy API server."
  },
  {
    name: "check",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_CHECK",
    description: "stamp only: write nothing; exit 1 when any config-hash stamp is missing or stale (each workload, its file, the old and new value, and the command that fixes it), 0 when all are current."
  },
  {
    name: "changed-only",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_CHANGED_ONLY",
    description: "stamp only: stamp only the workloads whose consumed config content changed between --base and --head (raw files, and the workloads of each kustomize root, rendered at both commits; the others keep the value they carry). For adopting stamps without rolling every workload once. Default: every consumer."
  },
  {
    name: "hash-key",
    type: "string",
    env: "CONFIG_ROLLOUT_HASH_KEY",
    secret: true,
    placeholder: "KEY",
    description: "HMAC key of the config-hash annotation (live and `stamp` alike: use the same key in both) and of versioned Secret copy names. Without it a value covering only ConfigMaps is a plain SHA-256 of the committed content, and a value covering a Secret is never unkeyed: the live strategy keys it with the Secret's cluster UID, and `stamp` and --strategy gitops refuse that workload (set the key). Versioned Secret copies without it are keyed with the Secret's cluster UID."
  },
  {
    name: "output",
    type: "string",
    default: "text",
    choices: OUTPUT_FORMATS,
    env: "CONFIG_ROLLOUT_OUTPUT",
    short: "o",
    description: "Report format on stdout; logs always go to stderr."
  },
  {
    name: "comment",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_COMMENT",
    description: "Post the plan as one comment on the pull request (GitHub) or merge request (GitLab), updated on every run; the token comes from GITHUB_TOKEN or CONFIG_ROLLOUT_GITLAB_TOKEN (see Pull request comments)."
  },
  {
    name: "comment-id",
    type: "string",
    env: "CONFIG_ROLLOUT_COMMENT_ID",
    placeholder: "ID",
    description: "Which comment this run owns: runs with different ids keep separate comments (e.g. one per cluster of a matrix). Default: the workflow and job (GitHub), the job name (GitLab)."
  },
  {
    name: "strict",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_STRICT",
    description: "Fail (exit 2, before any cluster request) when any manifest cannot be parsed or the plan is incomplete: something the range touched was not read (default: report it and go on)."
  },
  {
    name: "restart-reloader-managed",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_RESTART_RELOADER_MANAGED",
    description: "Also restart workloads Stakater Reloader restarts itself for every changed config they read (default: skip them, with the reason)."
  },
  {
    name: "reloader-auto-reload-all",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_RELOADER_AUTO_RELOAD_ALL",
    description: `The cluster's Stakater Reloader runs with --auto-reload-all: every workload without reloader.stakater.com/auto: "false" is left to it (default: only workloads whose annotations cover the changed configs).`
  },
  {
    name: "max-file-size",
    type: "integer",
    // 16 MiB: see the README ("Files it will not read") for why.
    default: "16777216",
    env: "CONFIG_ROLLOUT_MAX_FILE_SIZE",
    placeholder: "BYTES",
    description: "Do not read manifest files larger than this (16 MiB); what changed in them is reported as unknown, never as a deletion."
  },
  {
    name: "debug",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_DEBUG",
    description: "Print stack traces of internal errors."
  }
];

// src/settings/help.ts
var EXIT_CODES = [
  "0  every rollout finished, or nothing had to restart",
  "1  a rollout failed or timed out, or an internal error",
  "2  bad input or configuration (flags, manifests under --strict, git, kubeconfig)"
];
function helpText() {
  const lines = [
    "config-rollout \u2014 restart exactly the Kubernetes workloads whose ConfigMaps or Secrets changed",
    "",
    "Usage: config-rollout [flags]",
    "       config-rollout stamp [flags]   (write the config hash into the manifests; see stamp --help)",
    "",
    "Compares two commits, finds ConfigMaps/Secrets whose content changed, restarts the Deployments,",
    "StatefulSets and DaemonSets that consume them, and waits for each rollout.",
    "",
    "Flags:"
  ];
  for (const option of OPTIONS) {
    const names = `${option.short ? `-${option.short}, ` : "    "}--${option.name}`;
    const value = option.type === "boolean" ? "" : ` ${option.placeholder ?? option.choices?.join("|") ?? "VALUE"}`;
    lines.push(`  ${names}${value}`);
    lines.push(`        ${option.description}`);
    const facts = [
      option.default !== void 0 && option.default !== "" ? `default: ${option.default}` : void 0,
      option.env ? `env: ${option.env}` : void 0
    ].filter(Boolean);
    if (facts.length > 0) lines.push(`        (${facts.join("; ")})`);
  }
  lines.push("  -h, --help", "        Show this help.", "  -V, --version", "        Print the version.");
  lines.push("", "Exit codes:", ...EXIT_CODES.map((line) => `  ${line}`));
  lines.push(
    "",
    "Docs: README.md \u2014 quick starts for GitHub Actions, GitLab CI and the CLI, RBAC, troubleshooting."
  );
  return `${lines.join("\n")}
`;
}
var STAMP_FLAGS = /* @__PURE__ */ new Set([
  "repo",
  "paths",
  "exclude",
  "kustomize",
  "render",
  "namespace",
  "hash-key",
  "check",
  "changed-only",
  "base",
  "head",
  "output",
  "max-file-size",
  "timeout",
  "strict",
  "debug"
]);
function stampHelpText() {
  const lines = [
    "config-rollout stamp \u2014 write config-rollout.io/config-hash into your manifests (GitOps)",
    "",
    "Usage: config-rollout stamp [flags]",
    "",
    "Reads the work tree like a formatter and sets the pod-template annotation",
    "config-rollout.io/config-hash of every Deployment, StatefulSet, DaemonSet and Argo Rollout that",
    "consumes a ConfigMap or Secret defined in the repository to a hash of exactly what it reads.",
    "Raw files get minimal edits; each root kustomization gets config-rollout-stamp.yaml, listed",
    "under patches:. Commit the result: Argo CD or Flux then rolls exactly those workloads.",
    "No cluster access. Running it twice changes nothing the second time.",
    "",
    "Flags:"
  ];
  for (const option of OPTIONS.filter((o) => STAMP_FLAGS.has(o.name))) {
    const names = `${option.short ? `-${option.short}, ` : "    "}--${option.name}`;
    const value = option.type === "boolean" ? "" : ` ${option.placeholder ?? option.choices?.join("|") ?? "VALUE"}`;
    lines.push(`  ${names}${value}`, `        ${option.description}`);
  }
  lines.push(
    "",
    "Exit codes:",
    "  0  stamps written, or (--check) every stamp is current",
    "  1  --check: a stamp is missing or stale (the report names each and the command that fixes it)",
    "  2  bad input (flags, git, a file stamp would have to follow a symbolic link for); with --check",
    "     or --strict also a file that does not parse or a kustomization that does not build; with",
    "     --strict a workload that cannot be stamped (checked before anything is written)"
  );
  return `${lines.join("\n")}
`;
}

// src/settings/parse-args.ts
function parseArgs(argv) {
  const values = {};
  let help = false;
  let version = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    if (arg === "--version" || arg === "-V") {
      version = true;
      continue;
    }
    if (!arg.startsWith("-") || arg === "-" || arg === "--") {
      throw new UserError(`unexpected argument "${arg}" (config-rollout takes only flags; see --help)`);
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const inline = eq === -1 ? void 0 : arg.slice(eq + 1);
    const negated = flag.startsWith("--no-") ? findOption(flag.slice(5)) : void 0;
    if (negated?.type === "boolean" && inline === void 0) {
      values[negated.name] = "false";
      continue;
    }
    const spec = flag.startsWith("--") ? findOption(flag.slice(2)) : OPTIONS.find((o) => `-${o.short}` === flag);
    if (!spec) throw new UserError(`unknown flag ${flag}${suggestion(flag)}; see --help`);
    if (spec.type === "boolean") {
      values[spec.name] = inline ?? "true";
      continue;
    }
    if (inline !== void 0) {
      values[spec.name] = inline;
      continue;
    }
    const next = argv[i + 1];
    if (spec.name === "dry-run" && (next === void 0 || !spec.choices?.includes(next))) {
      values[spec.name] = "client";
      continue;
    }
    if (next === void 0) throw new UserError(`${flag} needs a value`);
    values[spec.name] = next;
    i++;
  }
  return { values, help, version };
}
function findOption(name) {
  return OPTIONS.find((o) => o.name === name);
}
function suggestion(flag) {
  const name = flag.replace(/^-+/, "");
  const close = OPTIONS.map((o) => o.name).find((candidate) => editDistance(candidate, name) <= 2);
  return close ? ` (did you mean --${close}?)` : "";
}
function editDistance(a, b) {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length];
}

// src/cli/report-error.ts
var report_error_exports = {};
__export(report_error_exports, {
  reportError: () => reportError,
  requestedOutput: () => requestedOutput
});

// src/report/ci-log-text.ts
var ci_log_text_exports = {};
__export(ci_log_text_exports, {
  escapeForCiLog: () => escapeForCiLog,
  escapeJsonForCiLog: () => escapeJsonForCiLog
});
var ZERO_WIDTH_SPACE = "\u200B";
var CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
function escapeForCiLog(text) {
  const visible = text.replace(/\r\n/g, "\n").replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return visible.split("\n").map((line) => line.replace(/^(\s*):(?=:)/, `$1:${ZERO_WIDTH_SPACE}`)).join("\n").replaceAll("##[", `#${ZERO_WIDTH_SPACE}#[`);
}
function escapeJsonForCiLog(json) {
  return json.replaceAll("##[", "#\\u0023[");
}

// src/report/error-line.ts
var error_line_exports = {};
__export(error_line_exports, {
  BUG_HINT: () => BUG_HINT,
  describeError: () => describeError,
  errorParts: () => errorParts
});
var BUG_HINT = "this looks like a bug in config-rollout: rerun with --debug and report it with the output";
function errorParts(error, debug) {
  if (isExpectedError(error)) return { message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  const known = error instanceof Error && error.name !== "Error" && error.name !== "TypeError";
  if (debug && error instanceof Error && error.stack) return { message, stack: error.stack };
  return known ? { message } : { message, hint: BUG_HINT };
}
function describeError(error, debug) {
  const parts = errorParts(error, debug);
  if (parts.stack !== void 0) return `error: ${parts.stack}`;
  return parts.hint ? `error: ${parts.message}
(${parts.hint})` : `error: ${parts.message}`;
}

// src/report/error-report.ts
function errorReportObject(error, debug) {
  const { message, hint, stack } = errorParts(error, debug);
  return {
    outcome: "failed",
    error: {
      exitCode: exitCodeFor(error),
      message,
      ...hint !== void 0 ? { hint } : {},
      ...stack !== void 0 ? { stack } : {}
    }
  };
}
function renderErrorReport(error, debug, format) {
  switch (format) {
    case "json":
      return escapeJsonForCiLog(`${JSON.stringify(errorReportObject(error, debug), null, 2)}
`);
    case "markdown": {
      const { error: e } = errorReportObject(error, debug);
      const lines = [
        "### config-rollout",
        "",
        `**Failed (exit code ${e.exitCode}):** ${markdownText(e.message)}`,
        ...e.hint ? ["", markdownText(e.hint)] : [],
        ...e.stack ? ["", "```", e.stack.replaceAll("```", "'''"), "```"] : []
      ];
      return escapeForCiLog(`${lines.join("\n")}
`);
    }
    case "text":
      return "";
  }
}
function markdownText(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replace(/[\\`*_[\]|~]/g, "\\$&").replace(/\r?\n/g, " ");
}

// src/cli/report-error.ts
async function reportError(error, debug, io, format = "text") {
  io.stderr(`${escapeForCiLog(describeError(error, debug))}
`);
  const report = renderErrorReport(error, debug, format);
  if (report !== "") io.stdout(report);
  return exitCodeFor(error);
}
function requestedOutput(argv, env) {
  let value = env.CONFIG_ROLLOUT_OUTPUT;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--output" || arg === "-o") value = argv[i + 1];
    else if (arg.startsWith("--output=")) value = arg.slice("--output=".length);
  }
  return value === "json" || value === "markdown" ? value : "text";
}

// src/cli/run-cli.ts
async function runCli(argv, env, io) {
  const debug = env.CONFIG_ROLLOUT_DEBUG === "true";
  const stamp = argv[0] === "stamp";
  const flags = stamp ? argv.slice(1) : argv;
  let args;
  try {
    args = parseArgs(flags);
  } catch (error) {
    return reportError(error, debug, io, requestedOutput(flags, env));
  }
  if (args.help) return print(io, stamp ? stampHelpText() : helpText());
  if (args.version) return print(io, `config-rollout ${VERSION}
`);
  if (stamp) {
    const { runStampFromArgs } = await Promise.resolve().then(() => __toESM(require_cli_plan(), 1));
    return runStampFromArgs(flags, args, env, io, { debug, output: requestedOutput(flags, env) });
  }
  const { runPlanFromArgs } = await Promise.resolve().then(() => __toESM(require_cli_plan(), 1));
  return runPlanFromArgs(args, env, io, { debug, output: requestedOutput(argv, env) });
}
function print(io, text) {
  io.stdout(text);
  return EXIT_OK;
}

// src/cli/stderr-log.ts
var stderr_log_exports = {};
__export(stderr_log_exports, {
  createStderrLog: () => createStderrLog,
  useColor: () => useColor
});

// src/core/log.ts
function formatLocation(where) {
  return [where.file, where.line, where.col].filter((part) => part !== void 0).join(":");
}

// src/cli/stderr-log.ts
function useColor(stream, env) {
  return Boolean(stream.isTTY) && env.NO_COLOR === void 0 && env.TERM !== "dumb";
}
function createStderrLog(options) {
  const write = options.write ?? ((text) => process.stderr.write(text));
  const paint = (code, text) => options.color ? `\x1B[${code}m${text}\x1B[0m` : text;
  const safe = escapeForCiLog;
  return {
    info: (message) => write(`${safe(message)}
`),
    warn: (message, where) => write(`${paint("33", "warning:")} ${safe(`${where ? `${formatLocation(where)}: ` : ""}${message}`)}
`),
    debug: (message) => {
      if (options.debug) write(`${paint("2", `debug: ${safe(message)}`)}
`);
    },
    group: async (title, work) => {
      write(`${paint("1", `==> ${safe(title)}`)}
`);
      return work();
    }
  };
}

// src/cli/main.ts
var streamOf = (stream) => () => {
  const opened = stream();
  opened.on("error", (error) => {
    if (error.code === "EPIPE" || error.code === "ERR_STREAM_DESTROYED") return;
    throw error;
  });
  return opened;
};
var stdout = descriptorWriter(
  1,
  streamOf(() => process.stdout)
);
var stderr = descriptorWriter(
  2,
  streamOf(() => process.stderr)
);
var require2 = (0, import_node_module.createRequire)(__configRolloutModuleUrl);
var run = runCli(process.argv.slice(2), process.env, {
  stdout,
  stderr,
  get color() {
    const { isatty } = require2("node:tty");
    return useColor({ isTTY: isatty(2) }, process.env);
  },
  cwd: process.cwd()
});
handleInterrupts(run, stderr);
run.then((code) => {
  process.exitCode = finalExitCode(code);
  if (interruptedSignal() === void 0) setTimeout(() => process.exit(finalExitCode(code)), 2e3).unref();
});

// <stdin>
var frontModules = {
  "src/cli/report-error.ts": report_error_exports,
  "src/cli/stderr-log.ts": stderr_log_exports,
  "src/compose/version.ts": version_exports,
  "src/core/errors.ts": errors_exports,
  "src/core/setting-choices.ts": setting_choices_exports,
  "src/process/child-groups.ts": child_groups_exports,
  "src/process/interrupt.ts": interrupt_exports,
  "src/report/ci-log-text.ts": ci_log_text_exports,
  "src/report/error-line.ts": error_line_exports,
  "src/settings/options.ts": options_exports
};
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  frontModules
});
