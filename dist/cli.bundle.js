#!/usr/bin/env node
"use strict";
const __configRolloutModuleUrl = require("node:url").pathToFileURL(require("node:path").join(__dirname, "cli.js")).href;
const __configRolloutVendor = (file) =>
  require("node:path").join(require("node:fs").realpathSync(__filename), "..", "vendor", `${file}.js`);
"use strict";
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
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

// src/process/child-groups.ts
function processWide(name, create) {
  const key = /* @__PURE__ */ Symbol.for(`config-rollout.${name}`);
  const global = globalThis;
  global[key] ??= create();
  return global[key];
}
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
  return new Promise((resolve10) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      signalGroup(child, "SIGKILL");
      return resolve10();
    }
    const timer = setTimeout(() => {
      signalGroup(child, "SIGKILL");
      resolve10();
    }, graceMs);
    timer.unref();
    child.once("exit", () => {
      clearTimeout(timer);
      signalGroup(child, "SIGKILL");
      resolve10();
    });
  });
}
async function stopAllGroups(graceMs = KILL_GRACE_MS) {
  await Promise.all([...live].map((child) => stopGroup(child, graceMs)));
}
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
var state, live, KILL_GRACE_MS, alone, cleanups;
var init_child_groups = __esm({
  "src/process/child-groups.ts"() {
    "use strict";
    state = processWide("child-groups", () => ({
      live: /* @__PURE__ */ new Set(),
      cleanups: /* @__PURE__ */ new Set(),
      exitHookInstalled: false,
      signalStopInstalled: false
    }));
    live = state.live;
    KILL_GRACE_MS = 2e3;
    alone = /* @__PURE__ */ new WeakSet();
    cleanups = state.cleanups;
  }
});

// src/process/interrupt.ts
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
function inlineSections(log) {
  return {
    ...log,
    group: async (title, run2) => {
      log.info(`${title}:`);
      const outer = journal.stage;
      const stage = `in "${title}"`;
      noteStage(stage);
      try {
        return await run2();
      } finally {
        if (journal.stage === stage && !controller.signal.aborted) noteStage(outer);
      }
    }
  };
}
function noteDone(line, cluster) {
  journal.done.push({ line, cluster });
}
function stopReason(signal) {
  return signal.reason instanceof Error ? signal.reason.message : "interrupted";
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
  const fleet = new Set(journal.done.map((d) => d.cluster)).size > 1;
  const lines = journal.done.map((d) => fleet ? `${d.cluster}: ${d.line}` : d.line);
  const done = lines.length === 0 ? "nothing was written to the cluster" : `written to the ${fleet ? "clusters" : "cluster"}: ${lines.slice(0, 10).join("; ")}${lines.length > 10 ? `; and ${lines.length - 10} more` : ""}`;
  return `interrupted by ${signal} while ${journal.stage}: child processes stopped, temporary checkouts removed; ${done}; the rest of the run was not done`;
}
var state2, controller, journal, interruptSignal;
var init_interrupt = __esm({
  "src/process/interrupt.ts"() {
    "use strict";
    init_child_groups();
    state2 = processWide("interrupt", () => ({
      controller: new AbortController(),
      interruptedBy: void 0,
      journal: { stage: "starting", done: [] }
    }));
    ({ controller, journal } = state2);
    interruptSignal = controller.signal;
  }
});

// src/core/errors.ts
function exitCodeFor(error) {
  if (error instanceof UserError || error instanceof RolloutFailure) return error.exitCode;
  return EXIT_FAILED;
}
function isExpectedError(error) {
  return error instanceof UserError || error instanceof RolloutFailure;
}
var EXIT_OK, EXIT_FAILED, EXIT_USAGE, UserError, ClusterAccessError, RolloutFailure;
var init_errors = __esm({
  "src/core/errors.ts"() {
    "use strict";
    EXIT_OK = 0;
    EXIT_FAILED = 1;
    EXIT_USAGE = 2;
    UserError = class extends Error {
      name = "UserError";
      exitCode = EXIT_USAGE;
    };
    ClusterAccessError = class extends UserError {
      constructor(message, status) {
        super(message);
        this.status = status;
      }
      status;
      name = "ClusterAccessError";
    };
    RolloutFailure = class extends Error {
      name = "RolloutFailure";
      exitCode = EXIT_FAILED;
    };
  }
});

// src/core/option-naming.ts
var CLI_FLAGS;
var init_option_naming = __esm({
  "src/core/option-naming.ts"() {
    "use strict";
    CLI_FLAGS = {
      entryPoint: "cli",
      option: (name) => `--${name}`,
      // A bare --dry-run means client: the shortest thing to type.
      set: (name, value) => name === "dry-run" && value === "client" ? "--dry-run" : `--${name} ${value}`
    };
  }
});

// src/report/error-line.ts
function errorParts(error, debug) {
  if (isExpectedError(error)) return { message: error.message };
  const message = error instanceof Error ? error.message : String(error);
  const signal = interruptedSignal();
  if (signal !== void 0 && !debug) return { message: `stopped by ${signal}: ${message}` };
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
var BUG_HINT;
var init_error_line = __esm({
  "src/report/error-line.ts"() {
    "use strict";
    init_errors();
    init_interrupt();
    BUG_HINT = "this looks like a bug in config-rollout: rerun with --debug and report it with the output";
  }
});

// src/core/model.ts
function idKey(id) {
  return `${id.kind}/${id.namespace}/${id.name}`;
}
function shortId(id) {
  return `${id.kind.toLowerCase()}/${id.name}`;
}
function formatId(id) {
  return `${shortId(id)} (namespace ${id.namespace})`;
}
var init_model = __esm({
  "src/core/model.ts"() {
    "use strict";
  }
});

// src/run/version.ts
var VERSION, USER_AGENT;
var init_version = __esm({
  "src/run/version.ts"() {
    "use strict";
    VERSION = true ? "0.1.0" : createRequire(__configRolloutModuleUrl)("../../package.json").version;
    USER_AGENT = `config-rollout/${VERSION}`;
  }
});

// src/core/setting-choices.ts
function rollsBackOnFailure(settings) {
  return settings.rollbackOnFailure ?? settings.strategy === "versioned";
}
var STRATEGIES, DRY_RUNS, DISCOVER_MODES, OUTPUT_FORMATS;
var init_setting_choices = __esm({
  "src/core/setting-choices.ts"() {
    "use strict";
    STRATEGIES = ["annotation", "env", "versioned", "gitops"];
    DRY_RUNS = ["none", "client", "server"];
    DISCOVER_MODES = ["repo", "cluster", "both"];
    OUTPUT_FORMATS = ["text", "json", "markdown"];
  }
});

// src/settings/ci-options.ts
var CI_OPTIONS;
var init_ci_options = __esm({
  "src/settings/ci-options.ts"() {
    "use strict";
    CI_OPTIONS = [
      {
        name: "comment",
        type: "boolean",
        group: "ci",
        commands: "run",
        default: "false",
        env: "CONFIG_ROLLOUT_COMMENT",
        summary: "post the plan on the pull or merge request",
        description: "Post the plan as one comment on the pull request (GitHub) or merge request (GitLab), updated on every run; the token comes from GITHUB_TOKEN or CONFIG_ROLLOUT_GITLAB_TOKEN (see docs/pull-request-comments.md)."
      },
      {
        name: "comment-id",
        type: "string",
        group: "ci",
        commands: "run",
        env: "CONFIG_ROLLOUT_COMMENT_ID",
        placeholder: "ID",
        summary: "which comment this run owns (one per cluster of a matrix)",
        description: "Which comment this run owns: runs with different ids keep separate comments (e.g. one per cluster of a matrix). Default: the workflow and job (GitHub), the job name (GitLab)."
      },
      {
        name: "junit",
        type: "string",
        group: "ci",
        commands: "run",
        env: "CONFIG_ROLLOUT_JUNIT",
        placeholder: "FILE",
        actionInput: false,
        summary: "also write a JUnit report (GitLab: reports:junit)",
        description: "Also write the result as a JUnit XML report to FILE (GitLab: artifacts:reports:junit): one test case per workload, failed for a failed restart or rollout, skipped for a skipped workload; a run that fails otherwise (bad input, an unreachable cluster) is one error case. Written whatever the exit code."
      },
      {
        name: "dotenv",
        type: "string",
        group: "ci",
        commands: "run",
        env: "CONFIG_ROLLOUT_DOTENV",
        placeholder: "FILE",
        actionInput: false,
        summary: "also write a dotenv report (GitLab: reports:dotenv)",
        description: "Also write the result as a dotenv file to FILE (GitLab: artifacts:reports:dotenv): CONFIG_ROLLOUT_RESULT, CONFIG_ROLLOUT_EXIT_CODE, CONFIG_ROLLOUT_CHANGED_CONFIGS, CONFIG_ROLLOUT_PLANNED, CONFIG_ROLLOUT_RESTARTED, CONFIG_ROLLOUT_FAILED and CONFIG_ROLLOUT_ROLLED_BACK. Written whatever the exit code; with {output=json} a short summary goes to stderr."
      }
    ];
  }
});

// src/settings/cluster-options.ts
var CLUSTER_OPTIONS;
var init_cluster_options = __esm({
  "src/settings/cluster-options.ts"() {
    "use strict";
    CLUSTER_OPTIONS = [
      {
        name: "kubeconfig",
        summary: "kubeconfig file (default: $KUBECONFIG, ~/.kube/config)",
        type: "string",
        group: "cluster",
        commands: "run",
        sync: true,
        // KUBECONFIG is read where the source is chosen (kube/kubeconfig-source.ts): after
        // --kubeconfig-data, and as the list of files kubectl takes, not as this flag's value.
        placeholder: "PATH",
        description: "Kubeconfig file. Default: the kubeconfig given as data, then $KUBECONFIG (a list of files, as kubectl reads it), ~/.kube/config, then the in-cluster service account."
      },
      {
        name: "kubeconfig-data",
        summary: "a whole kubeconfig as text or base64 (masked)",
        type: "string",
        group: "cluster",
        commands: "run",
        sync: true,
        env: "CONFIG_ROLLOUT_KUBECONFIG",
        secret: true,
        placeholder: "TEXT",
        description: "A whole kubeconfig as text or base64 (for CI secrets). Masked in logs."
      },
      {
        name: "exec-plugin-timeout",
        summary: "time limit of a kubeconfig's credential plugin",
        type: "duration",
        group: "limits",
        commands: "run",
        sync: true,
        default: "60s",
        env: "CONFIG_ROLLOUT_EXEC_PLUGIN_TIMEOUT",
        placeholder: "DURATION",
        description: "Time limit for a kubeconfig's exec credential plugin (aws eks get-token, gke-gcloud-auth-plugin) to print a credential; it is then stopped."
      },
      {
        name: "request-timeout",
        summary: "time limit of one Kubernetes API request",
        type: "duration",
        group: "limits",
        commands: "run",
        sync: true,
        default: "30s",
        env: "CONFIG_ROLLOUT_REQUEST_TIMEOUT",
        placeholder: "DURATION",
        description: "Time limit for one Kubernetes API request (it is retried up to 5 times on timeouts, throttling and server errors); watches are bounded by {timeout}."
      },
      {
        name: "context",
        type: "string",
        group: "cluster",
        commands: "run",
        sync: true,
        env: "CONFIG_ROLLOUT_CONTEXT",
        placeholder: "NAME|WAVES",
        brief: true,
        summary: "kubeconfig context, or several in waves: a;b,c",
        description: "Kubeconfig context to use (GitLab: KUBE_CONTEXT works too). Several contexts make one run in waves: staging;prod-eu,prod-us is staging first, then prod-eu and prod-us in parallel (';' separates waves, ',' the clusters of a wave). The plan is made once; each cluster gets the full run (one that does not answer is given up after {timeout}); after a failed cluster later waves are skipped (docs/fleets.md). sync takes one context.",
        // sync checks one cluster: several contexts are refused (run/commands.ts).
        inSync: {
          placeholder: "NAME",
          summary: "kubeconfig context (one: run sync once per cluster)",
          description: "Kubeconfig context to use (GitLab: KUBE_CONTEXT works too). One context: sync checks one cluster, so run it once per cluster."
        }
      },
      {
        name: "continue-on-failure",
        summary: "run later waves of {context} after a failed cluster",
        type: "boolean",
        group: "cluster",
        commands: "run",
        default: "false",
        env: "CONFIG_ROLLOUT_CONTINUE_ON_FAILURE",
        description: "With several contexts in {context}: run the later waves even after a cluster failed (the exit code still says so)."
      },
      {
        name: "namespaces",
        brief: true,
        summary: "only restart workloads in these namespaces",
        type: "list",
        group: "cluster",
        commands: "run",
        sync: true,
        default: "",
        env: "CONFIG_ROLLOUT_NAMESPACES",
        placeholder: "LIST",
        description: "Only restart workloads in these namespaces (empty: all)."
      },
      {
        name: "exclude-namespaces",
        summary: "never restart workloads in these namespaces",
        type: "list",
        group: "cluster",
        commands: "run",
        sync: true,
        default: "kube-system",
        env: "CONFIG_ROLLOUT_EXCLUDE_NAMESPACES",
        placeholder: "LIST",
        description: "Never restart workloads in these namespaces."
      },
      {
        name: "selector",
        brief: true,
        summary: "label selector on the workloads to check",
        type: "string",
        group: "cluster",
        commands: "sync",
        env: "CONFIG_ROLLOUT_SELECTOR",
        short: "l",
        placeholder: "SELECTOR",
        description: "A label selector on the workloads to check (e.g. app=shop,tier!=batch), as kubectl's label selector."
      },
      {
        name: "config",
        brief: true,
        summary: "check only the readers of these configs",
        type: "list",
        group: "cluster",
        commands: "sync",
        default: "",
        env: "CONFIG_ROLLOUT_CONFIG",
        placeholder: "KIND/NAME[:KEY]",
        description: "Check only the consumers of these configs (e.g. secret/db-credentials, or secret/db-credentials:password for those that read that key), in every namespace in scope: after a rotation a pipeline just triggered."
      },
      {
        name: "adopt",
        brief: true,
        summary: "adopt workloads with no baseline",
        type: "boolean",
        group: "cluster",
        commands: "sync",
        default: "false",
        env: "CONFIG_ROLLOUT_ADOPT",
        description: "Adopt workloads config-rollout never restarted (no baseline): record a baseline on the workload without a rollout when every running pod started after the configs it reads last changed, else restart them."
      },
      {
        name: "max-restarts",
        summary: "refuse a plan that restarts more than N workloads",
        type: "integer",
        group: "limits",
        commands: "run",
        env: "CONFIG_ROLLOUT_MAX_RESTARTS",
        placeholder: "N",
        description: "Refuse a plan that restarts more than N workloads (default: no limit); a dry run shows it, with a note."
      },
      {
        name: "max-parallel-rollouts",
        summary: "at most N workloads rolling out at once",
        type: "integer",
        group: "cluster",
        commands: "run",
        sync: true,
        env: "CONFIG_ROLLOUT_MAX_PARALLEL_ROLLOUTS",
        placeholder: "N",
        description: `At most N workloads rolling out at once: each wave's restarts go in batches of N, each batch waited for before the next (default: all at once). Waves: the workload annotation config-rollout.io/wave: "<integer>" orders the restarts, lower first, unannotated last; a failed wave stops the later ones.`
      },
      {
        name: "concurrency",
        summary: "most API requests in flight at once",
        type: "integer",
        group: "limits",
        commands: "run",
        sync: true,
        // Hides round trips, gentle on an API server shared with others.
        default: "8",
        env: "CONFIG_ROLLOUT_CONCURRENCY",
        placeholder: "N",
        description: "Most API requests in flight at once (reads, permission checks, patches); watches are not counted. Lower it for a busy API server."
      }
    ];
  }
});

// src/settings/source-options.ts
var SOURCE_OPTIONS;
var init_source_options = __esm({
  "src/settings/source-options.ts"() {
    "use strict";
    SOURCE_OPTIONS = [
      {
        name: "kustomize",
        brief: true,
        summary: "kustomizations to render (default: every root; none: raw only)",
        type: "list",
        group: "sources",
        commands: "both",
        default: "",
        env: "CONFIG_ROLLOUT_KUSTOMIZE",
        placeholder: "DIRS",
        description: "Kustomization directories to render at both commits and plan from; raw files are then read only if {paths} is given too. Default: every root kustomization in the repository (not those under test, example or docs directories); none: read raw files only."
      },
      {
        name: "render",
        brief: true,
        summary: "a command that prints the manifests (e.g. helm template)",
        type: "string",
        group: "sources",
        commands: "both",
        env: "CONFIG_ROLLOUT_RENDER",
        placeholder: "CMD",
        description: "A command that prints the manifests (e.g. helm template ...), run with /bin/sh in a checkout of each commit. It executes on both commits."
      },
      {
        name: "render-paths",
        summary: "files that are inputs of {render}",
        type: "list",
        group: "sources",
        commands: "run",
        default: "**",
        env: "CONFIG_ROLLOUT_RENDER_PATHS",
        placeholder: "GLOBS",
        description: "Files that are inputs of {render}: it runs only when the range touches one."
      },
      {
        name: "git-timeout",
        summary: "a git command silent this long is stopped",
        type: "duration",
        group: "limits",
        commands: "both",
        default: "2m",
        env: "CONFIG_ROLLOUT_GIT_TIMEOUT",
        placeholder: "DURATION",
        description: "A git command (a fetch or deepen of a shallow clone included) that prints nothing for this long is stuck, e.g. waiting for credentials: it is stopped and the run fails."
      },
      {
        name: "render-timeout",
        summary: "time limit of one render",
        type: "duration",
        group: "limits",
        commands: "both",
        default: "10m",
        env: "CONFIG_ROLLOUT_RENDER_TIMEOUT",
        placeholder: "DURATION",
        description: "Time limit for one render (a kustomize build or the {render} command at one commit); it is then stopped with every process it started, and the run fails (exit code 2)."
      },
      {
        name: "render-env",
        summary: "variables {render} gets besides the fixed ones",
        type: "list",
        group: "sources",
        commands: "run",
        default: "",
        env: "CONFIG_ROLLOUT_RENDER_ENV",
        placeholder: "NAMES",
        description: "Environment variables passed to the {render} command besides PATH, HOME, LANG, LC_ALL, TZ, TMPDIR and the proxy settings (e.g. HELM_CACHE_HOME); nothing else of the job's environment reaches it."
      },
      {
        name: "allow-remote-kustomize",
        summary: "render remote kustomize resources of an untrusted head",
        type: "boolean",
        group: "sources",
        commands: "both",
        default: "false",
        env: "CONFIG_ROLLOUT_ALLOW_REMOTE_KUSTOMIZE",
        description: "Render kustomizations that name remote resources (github.com/..., git::, https://, ssh://, git@, or an entry naming no path of the head, which kustomize fetches as a git repository) when the head is untrusted (a pull request from a fork, pull_request_target); by default they are refused before any render (a plan's or a stamp's)."
      }
    ];
  }
});

// src/settings/options.ts
var WAIT_MODES, RELOADER_MODES, OPTION_ROWS, OPTIONS;
var init_options = __esm({
  "src/settings/options.ts"() {
    "use strict";
    init_setting_choices();
    init_ci_options();
    init_cluster_options();
    init_source_options();
    WAIT_MODES = ["pods", "status", "none"];
    RELOADER_MODES = ["annotated", "all", "none"];
    OPTION_ROWS = [
      {
        name: "base",
        type: "string",
        group: "basics",
        commands: "both",
        env: "CONFIG_ROLLOUT_BASE",
        placeholder: "REV",
        brief: true,
        summary: "commit to compare from (default: the CI event's)",
        description: "Commit to compare from. Default: derived from the CI event (push before, merge-base of a PR), else HEAD~1."
      },
      {
        name: "head",
        type: "string",
        group: "basics",
        commands: "both",
        env: "CONFIG_ROLLOUT_HEAD",
        placeholder: "REV",
        brief: true,
        summary: "commit to compare to (default: the CI event's, or HEAD)",
        description: "Commit to compare to. Default: the CI event's head commit, else HEAD."
      },
      {
        name: "repo",
        type: "string",
        group: "basics",
        commands: "both",
        default: ".",
        env: "CONFIG_ROLLOUT_REPO",
        placeholder: "DIR",
        summary: "the git repository holding the manifests",
        description: "Path of the git repository holding the manifests."
      },
      {
        name: "paths",
        type: "list",
        group: "sources",
        commands: "both",
        default: "**/*.yaml,**/*.yml,**/*.json",
        env: "CONFIG_ROLLOUT_PATHS",
        placeholder: "GLOBS",
        summary: "manifest files to read",
        description: "Manifest files to read (comma or newline separated globs, relative to the repository root). Given explicitly, it also narrows which kustomizations and Helm charts are discovered."
      },
      {
        name: "exclude",
        type: "list",
        group: "sources",
        commands: "both",
        default: "",
        env: "CONFIG_ROLLOUT_EXCLUDE",
        placeholder: "GLOBS",
        summary: "files to ignore even when {paths} matches them",
        description: "Files to ignore even when they match {paths} (e.g. Helm templates: **/templates/**)."
      },
      ...SOURCE_OPTIONS,
      {
        name: "namespace",
        type: "string",
        group: "basics",
        commands: "both",
        env: "CONFIG_ROLLOUT_NAMESPACE",
        short: "n",
        placeholder: "NS",
        summary: "namespace of manifests naming none (default: the context's)",
        description: "Namespace of manifests that do not name one. Default: as kubectl apply, the namespace the kubeconfig's context sets ({context} with several: theirs when they all set the same one), else default; stamp: default."
      },
      {
        name: "discover",
        type: "string",
        group: "cluster",
        commands: "run",
        choices: DISCOVER_MODES,
        env: "CONFIG_ROLLOUT_DISCOVER",
        summary: "where to look for consumers (default: both with a cluster)",
        description: "Where to look for consumers. Default: both when a cluster is configured, else repo."
      },
      {
        name: "strategy",
        type: "string",
        group: "strategy",
        commands: "run",
        // No default here: one given by any place (flag, variable, input) is told from none, so a
        // strategy other than a --plan's is refused even when it is annotation (settings.ts).
        choices: STRATEGIES,
        env: "CONFIG_ROLLOUT_STRATEGY",
        brief: true,
        summary: "how to restart (default annotation)",
        description: "How to restart: a content-hash annotation on the pod template (idempotent), an env var with the current time, versioned: an immutable <name>-<hash> copy of each changed config, workloads repointed to it (docs/strategies.md), or gitops: write nothing, wait until Argo CD or Flux has applied the stamped commit, then for the rollouts (docs/gitops.md). Default: annotation; with {plan}, the plan's."
      },
      {
        name: "env-name",
        type: "string",
        group: "strategy",
        commands: "run",
        default: "RESTART_TIME",
        env: "CONFIG_ROLLOUT_ENV_NAME",
        placeholder: "NAME",
        summary: "the env var {strategy=env} sets",
        description: "Name of the env var set by {strategy=env}."
      },
      {
        name: "rollback-on-failure",
        type: "boolean",
        group: "strategy",
        commands: "run",
        // sync refuses it with its reason (no base commit holds what to put back): src/run/sync.ts.
        sync: "refused",
        env: "CONFIG_ROLLOUT_ROLLBACK_ON_FAILURE",
        brief: true,
        summary: "on a failed rollout, put configs and workloads back",
        description: "When a restarted workload fails: put the configs it reads back to the base commit's content and roll their readers back to their template before the run, then exit 1 (docs/rollback.md). Default: on for {strategy=versioned}, off for annotation and env; refused by gitops and sync."
      },
      {
        name: "bake",
        type: "duration",
        group: "strategy",
        commands: "run",
        env: "CONFIG_ROLLOUT_BAKE",
        placeholder: "DURATION",
        summary: "watch each rolled-out workload's new pods this long",
        description: "After each rollout completes, watch its new pods this long: a container restart, a pod not ready for 10s or one that cannot start fails the workload (docs/rollback.md). Default: off."
      },
      {
        name: "keep",
        type: "integer",
        group: "strategy",
        commands: "run",
        default: "3",
        choices: ["all"],
        env: "CONFIG_ROLLOUT_KEEP",
        placeholder: "N|all",
        summary: "versioned: copies kept per config (all: delete none)",
        description: "With {strategy=versioned}: after a successful run, managed copies that no workload, ReplicaSet, ControllerRevision or Pod names are deleted, except the newest N of each config; all deletes none."
      },
      {
        name: "dry-run",
        type: "string",
        group: "basics",
        commands: "run",
        sync: true,
        default: "none",
        choices: DRY_RUNS,
        switch: { on: "client", off: "none" },
        env: "CONFIG_ROLLOUT_DRY_RUN",
        brief: true,
        summary: "plan only (client), or writes with dryRun=All (server)",
        description: "client: print the plan, touch nothing. server: send every write with dryRun=All. none: restart for real. true means client, false means none."
      },
      {
        name: "apply",
        type: "boolean",
        group: "basics",
        commands: "run",
        default: "false",
        env: "CONFIG_ROLLOUT_APPLY",
        summary: "server-side apply the changed configs first",
        description: "Server-side apply the changed ConfigMaps/Secrets before restarting (field manager config-rollout)."
      },
      {
        name: "plan-out",
        type: "string",
        group: "basics",
        commands: "run",
        env: "CONFIG_ROLLOUT_PLAN_OUT",
        placeholder: "FILE",
        summary: "write the plan to FILE, to apply elsewhere with {plan}",
        description: "Write the plan to FILE as JSON (apiVersion config-rollout.io/v1, kind Plan), usually with {dry-run=client}: the workloads to restart with their exact change and a digest of each changed config. No config values, Secret data or credentials; a plan with a Secret needs {hash-key}. See docs/fleets.md."
      },
      {
        name: "plan",
        type: "string",
        group: "basics",
        commands: "run",
        env: "CONFIG_ROLLOUT_PLAN",
        placeholder: "FILE",
        summary: "apply a plan file, without git or a renderer",
        description: "Apply a plan written by {plan-out}, without git or a renderer: check the cluster holds the configs the plan's digests name, restart, wait. In a git checkout it must be the plan's head; {strategy=versioned} needs that checkout. Not with {apply}, nor with a {strategy} other than the plan's (the plan's applies)."
      },
      {
        name: "wait",
        type: "string",
        group: "strategy",
        commands: "run",
        sync: true,
        default: "pods",
        choices: WAIT_MODES,
        switch: { on: "pods", off: "none" },
        env: "CONFIG_ROLLOUT_WAIT",
        brief: true,
        summary: "wait and fail fast on pods (pods), on status alone, or none",
        description: "pods: wait for every rollout and watch its new pods, failing a workload within seconds when one cannot start (CreateContainerConfigError, CreateContainerError, ErrImagePull, ImagePullBackOff, InvalidImageName, or CrashLoopBackOff / OOMKilled after 2 restarts), naming the pod, reason, message and Warning events. status: wait on the rollout status alone. none: do not wait. true means pods, false means none."
      },
      {
        name: "logs",
        type: "integer",
        group: "output",
        commands: "run",
        sync: true,
        default: "0",
        env: "CONFIG_ROLLOUT_LOGS",
        placeholder: "N",
        summary: "quote N log lines of a crashed container (may hold secrets)",
        description: "With {wait=pods}: quote the last N lines (each cut at 300 characters) of a crashed container's previous run in the report. Off by default: logs are the application's output and may print secrets (docs/security.md)."
      },
      {
        name: "timeout",
        type: "duration",
        group: "limits",
        commands: "run",
        sync: true,
        default: "5m",
        env: "CONFIG_ROLLOUT_TIMEOUT",
        placeholder: "DURATION",
        brief: true,
        summary: "how long to wait for all rollouts together",
        description: "How long to wait for all rollouts together (e.g. 90s, 5m, 1h)."
      },
      {
        name: "config-timeout",
        type: "duration",
        group: "limits",
        commands: "run",
        default: "60s",
        env: "CONFIG_ROLLOUT_CONFIG_TIMEOUT",
        placeholder: "DURATION",
        summary: "how long the cluster may take to hold the committed configs",
        description: "How long to wait for the cluster to hold the committed config content before failing."
      },
      ...CLUSTER_OPTIONS,
      {
        name: "check",
        type: "boolean",
        group: "basics",
        commands: "stamp",
        default: "false",
        env: "CONFIG_ROLLOUT_CHECK",
        brief: true,
        summary: "write nothing; exit 1 when a stamp is missing or stale",
        description: "Write nothing; exit 1 when any config-hash stamp is missing or stale (each workload, its file, the old and new value, and the command that fixes it), 0 when all are current."
      },
      {
        name: "changed-only",
        type: "boolean",
        group: "basics",
        commands: "stamp",
        default: "false",
        env: "CONFIG_ROLLOUT_CHANGED_ONLY",
        brief: true,
        summary: "stamp only workloads whose configs changed in {base}..{head}",
        description: "Stamp only the workloads whose consumed config content changed between {base} and {head} (raw files, and the workloads of each kustomize root, rendered at both commits; the others keep the value they carry). For adopting stamps without rolling every workload once. Default: every consumer."
      },
      {
        name: "hash-key",
        type: "string",
        group: "strategy",
        commands: "both",
        sync: true,
        env: "CONFIG_ROLLOUT_HASH_KEY",
        secret: true,
        placeholder: "KEY",
        brief: ["stamp"],
        summary: "HMAC key of the config hash (needed to stamp Secrets)",
        description: "HMAC key of the config-hash annotation (live and stamp alike: use the same key in both) and of versioned Secret copy names. Without it a value covering only ConfigMaps is a plain SHA-256 of the committed content, and a value covering a Secret is never unkeyed: the live strategy keys it with the Secret's cluster UID, and stamp and {strategy=gitops} refuse that workload (set the key). Versioned Secret copies without it are keyed with the Secret's cluster UID."
      },
      {
        name: "output",
        type: "string",
        group: "output",
        commands: "both",
        sync: true,
        default: "text",
        choices: OUTPUT_FORMATS,
        env: "CONFIG_ROLLOUT_OUTPUT",
        short: "o",
        brief: true,
        summary: "report format on stdout (logs go to stderr)",
        description: "Report format on stdout; logs always go to stderr."
      },
      ...CI_OPTIONS,
      {
        name: "strict",
        type: "boolean",
        group: "sources",
        commands: "both",
        default: "false",
        env: "CONFIG_ROLLOUT_STRICT",
        summary: "exit 2 on an unparsable manifest or an incomplete plan",
        description: "Fail (exit 2, before any cluster request) when any manifest cannot be parsed or holds a duplicate key, or the plan is incomplete: something the range touched was not read (default: report it and go on)."
      },
      {
        name: "reloader",
        type: "string",
        group: "cluster",
        commands: "run",
        default: "annotated",
        choices: RELOADER_MODES,
        env: "CONFIG_ROLLOUT_RELOADER",
        summary: "workloads Stakater Reloader restarts itself, left to it",
        description: `Which workloads the cluster's Stakater Reloader restarts itself, so this run skips them (with the reason). annotated: those whose Reloader annotations cover every changed config they read. all: Reloader runs with auto-reload-all, so every workload without reloader.stakater.com/auto: "false" is left to it. none: restart every consumer here, Reloader or not.`
      },
      {
        name: "max-file-size",
        type: "integer",
        group: "limits",
        commands: "both",
        // 16 MiB: see docs/how-it-works.md ("Files it will not read") for why.
        default: "16777216",
        env: "CONFIG_ROLLOUT_MAX_FILE_SIZE",
        placeholder: "BYTES",
        summary: "larger manifest files are not read (reported as unknown)",
        description: "Do not read manifest files larger than this (16 MiB); what changed in them is reported as unknown, never as a deletion."
      },
      {
        name: "debug",
        type: "boolean",
        group: "output",
        commands: "both",
        sync: true,
        default: "false",
        env: "CONFIG_ROLLOUT_DEBUG",
        summary: "print stack traces of internal errors",
        description: "Print stack traces of internal errors."
      }
    ];
    OPTIONS = OPTION_ROWS;
  }
});

// src/core/duration.ts
function formatDuration(ms, step = 1) {
  const rounded = Math.round(ms / step) * step;
  if (rounded < 1e3) return rounded <= 0 ? "0s" : `${rounded}ms`;
  const tenths = Math.round(rounded / 100);
  const hours = Math.floor(tenths / 36e3);
  const minutes = Math.floor(tenths / 600) % 60;
  const seconds2 = tenths % 600 / 10;
  return `${hours ? `${hours}h` : ""}${minutes ? `${minutes}m` : ""}${seconds2 ? `${seconds2}s` : ""}`;
}
var init_duration = __esm({
  "src/core/duration.ts"() {
    "use strict";
  }
});

// src/core/fleet.ts
function parseContexts(text, option = "--contexts") {
  const waves = text.split(";").map((wave) => wave.split(",").map((name) => name.trim()));
  const seen2 = /* @__PURE__ */ new Map();
  for (const [i, wave] of waves.entries()) {
    if (wave.every((name) => name === "")) {
      throw new UserError(
        `${option}: wave ${i + 1} of ${JSON.stringify(text)} names no context (";" separates waves, "," the clusters of one wave)`
      );
    }
    for (const name of wave) {
      if (name === "") {
        throw new UserError(`${option}: wave ${i + 1} of ${JSON.stringify(text)} has an empty context name`);
      }
      const first = seen2.get(name);
      if (first !== void 0) {
        throw new UserError(
          `${option}: context ${JSON.stringify(name)} is named twice (wave ${first + 1} and wave ${i + 1})`
        );
      }
      seen2.set(name, i);
    }
  }
  return waves;
}
async function runWaves(waves, options) {
  const runs2 = [];
  let stoppedBy;
  for (const [i, wave] of waves.entries()) {
    const number = i + 1;
    if (stoppedBy) {
      const skipped = `skipped: wave ${stoppedBy.wave} failed on ${stoppedBy.context}`;
      runs2.push(...wave.map((context) => ({ context, wave: number, ran: false, skipped })));
      continue;
    }
    const done = await Promise.all(
      wave.map(async (context) => {
        const { exitCode, result } = await options.runCluster(context, number);
        return { context, wave: number, ran: true, exitCode, result };
      })
    );
    runs2.push(...done);
    const failed2 = done.find((run2) => run2.exitCode !== EXIT_OK);
    if (failed2 && !options.continueOnFailure) stoppedBy = { wave: number, context: failed2.context };
  }
  return runs2;
}
var init_fleet = __esm({
  "src/core/fleet.ts"() {
    "use strict";
    init_errors();
  }
});

// src/core/names.ts
function isNamespaceName(name) {
  return name.length <= 63 && LABEL.test(name);
}
function isObjectName(name) {
  return name.length <= 253 && SUBDOMAIN.test(name);
}
function quoteName(name) {
  const shown2 = name.length > 80 ? `${name.slice(0, 80)}\u2026` : name;
  return JSON.stringify(shown2);
}
var LABEL, SUBDOMAIN, NAMESPACE_RULE, OBJECT_NAME_RULE, CONFIG_KEY_CHARACTERS;
var init_names = __esm({
  "src/core/names.ts"() {
    "use strict";
    LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
    SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
    NAMESPACE_RULE = "at most 63 characters: lowercase letters, digits and '-', starting and ending with a letter or digit";
    OBJECT_NAME_RULE = "at most 253 characters: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit";
    CONFIG_KEY_CHARACTERS = /^[-._a-zA-Z0-9]+$/;
  }
});

// src/core/run-result.ts
function exitCodeOf(report) {
  if (report.clusters) return Math.max(EXIT_OK, ...report.clusters.map((c) => c.exitCode));
  return report.outcome === "failed" ? EXIT_FAILED : EXIT_OK;
}
function isFailure(result) {
  return result.restart === "failed" || result.restart === "agent-not-applied" || isFailureOutcome(result.rollout);
}
function resultsByWorkload(report) {
  const results = /* @__PURE__ */ new Map();
  for (const result of report.results)
    if (!results.has(idKey(result.id))) results.set(idKey(result.id), result);
  return results;
}
function isFailureOutcome(rollout) {
  return FAILED_ROLLOUTS.includes(rollout);
}
function reportOf(plan, rolledOut, dryRun, cluster) {
  const { results, notes } = rolledOut;
  return {
    plan,
    results,
    ...notes.length > 0 ? { notes: [...notes] } : {},
    ...rolledOut.restores?.length ? { restores: rolledOut.restores } : {},
    outcome: outcomeOf(plan, results, dryRun),
    ...cluster ? { cluster: { context: cluster.context, server: cluster.server } } : {},
    dryRun
  };
}
function outcomeOf(plan, results, dryRun) {
  if (results.some(isFailure)) return "failed";
  if (plan.unread && plan.unread.length > 0) return "incomplete";
  return outcomeOfWhatWasRead(plan, results, dryRun);
}
function outcomeOfWhatWasRead(plan, results, dryRun) {
  if (results.some(isFailure)) return "failed";
  if (!plan.workloads.some((w) => w.action === "restart")) return "nothing-to-do";
  if (dryRun === "server" && results.length > 0 && serverDryRunRestarts(plan, results) === 0)
    return "nothing-to-do";
  if (dryRun !== "none") return "planned";
  return results.some((r) => r.restart === "restarted" || r.restart === "agent-applied") ? "restarted" : "nothing-to-do";
}
function serverDryRunRestarts(plan, results) {
  const restarts = new Set(plan.workloads.filter((w) => w.action === "restart").map((w) => idKey(w.id)));
  return results.filter((r) => r.restart === "dry-run" && restarts.has(idKey(r.id))).length;
}
var FAILED_ROLLOUTS;
var init_run_result = __esm({
  "src/core/run-result.ts"() {
    "use strict";
    init_errors();
    init_model();
    FAILED_ROLLOUTS = ["failed", "timeout", "deleted", "rolled-back"];
  }
});

// src/core/commit-sha.ts
function isFullSha(value) {
  return SHA.test(value);
}
function shortSha(value) {
  return isFullSha(value) ? value.slice(0, 12) : value;
}
function isZeroSha(value) {
  return isFullSha(value) && /^0+$/.test(value);
}
var SHA;
var init_commit_sha = __esm({
  "src/core/commit-sha.ts"() {
    "use strict";
    SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
  }
});

// src/plan/unread-sources.ts
function unreadSourcesOf(problems, warnings) {
  const seen2 = /* @__PURE__ */ new Set();
  const unread = [];
  const items = [
    ...warnings.flatMap((w) => [w, ...(w.more ?? []).map((file) => ({ ...w, file }))]),
    ...problems
  ];
  for (const item of items) {
    if (item.unread === void 0) continue;
    const key = `${item.file}\0${item.unread}`;
    if (seen2.has(key)) continue;
    seen2.add(key);
    unread.push({ file: item.file, why: item.unread });
  }
  return unread;
}
function describeUnread(unread) {
  const named = unread.slice(0, MAX_NAMED).map((u) => `${u.file} (${u.why})`);
  const more = unread.length > MAX_NAMED ? ` and ${unread.length - MAX_NAMED} more` : "";
  return `${named.join(", ")}${more}`;
}
var MAX_NAMED;
var init_unread_sources = __esm({
  "src/plan/unread-sources.ts"() {
    "use strict";
    MAX_NAMED = 5;
  }
});

// src/report/describe.ts
function describeRange(report) {
  const { plan } = report;
  if (!plan.base) return plan.rangeNote;
  return `${shortSha(plan.base)}..${shortSha(plan.head)} (${plan.rangeNote})`;
}
function describeKeys(change) {
  if (change.keys.length === 0) return "-";
  const shown2 = change.keys.slice(0, 8).join(", ");
  return change.keys.length > 8 ? `${shown2} and ${change.keys.length - 8} more` : shown2;
}
function describeReferences(workload) {
  return workload.references.map((r) => {
    const keys = r.changedKeys.length > 0 ? ` (changed keys read: ${r.changedKeys.join(", ")})` : "";
    return `${shortId(r.config)} via ${r.path}${keys}`;
  });
}
function describeResult(result) {
  if (result.restart === "not-on-cluster") return "not on this cluster";
  if (result.restart === "agent-not-applied") return "agent has not applied the commit";
  const followed = ["restarted", "unchanged", "agent-applied"];
  if (!result.rollout || !followed.includes(result.restart)) return result.restart;
  const rollout = result.rollout === "done" ? "rolled out" : result.rollout === "rolled-back" ? "rolled back" : result.rollout;
  if (result.restart === "agent-applied") return `applied by the agent, ${rollout}`;
  return result.restart === "unchanged" ? `unchanged, ${rollout}` : rollout;
}
function causeDetails(result) {
  const cause = result.cause;
  if (!cause) return [];
  const log = cause.log ?? [];
  return [
    ...(cause.events ?? []).map((event) => `event: ${event}`),
    ...log.length > 0 ? [
      `log of the previous run of ${cause.container} (last ${log.length} lines):`,
      ...log.map((l) => `| ${l}`)
    ] : []
  ];
}
function headline(report) {
  if (report.clusters) return fleetHeadline(report.clusters);
  const restarts = report.plan.workloads.filter((w) => w.action === "restart").length;
  switch (report.outcome) {
    case "nothing-to-do":
      return nothingToRestart(report);
    case "planned": {
      const sent = report.dryRun === "server" && report.results.length > 0;
      const would = sent ? serverDryRunRestarts(report.plan, report.results) : restarts;
      return `Dry run: ${would} workload(s) would restart.`;
    }
    case "restarted": {
      const applied = report.results.filter((r) => r.restart === "agent-applied").length;
      if (applied > 0) return `The agent applied the commit: ${applied} workload(s) rolled out.`;
      const restarted = report.results.filter((r) => r.restart === "restarted");
      const unfollowed = restarted.filter((r) => r.rollout === "not-waitable").map((r) => shortId(r.id));
      if (unfollowed.length === 0) return `Restarted ${restarted.length} workload(s).`;
      return `Restarted ${restarted.length - unfollowed.length} workload(s); patched ${unfollowed.length} whose rollout cannot be followed (${unfollowed.join(", ")}; see its line): with an OnDelete update strategy no pod rolls, and they read the old config until they are deleted.`;
    }
    case "failed":
      return failedHeadline(report.results);
    case "incomplete":
      return incompleteHeadline(report);
  }
}
function incompleteHeadline(report) {
  const unread = report.plan.unread ?? [];
  const rest = report.plan.changes.length === 0 ? "no ConfigMap or Secret content differs in what was read." : headline({ ...report, outcome: outcomeOfWhatWasRead(report.plan, report.results, report.dryRun) });
  const what = report.plan.live ? "config(s) could not be read" : "touched source(s) not read";
  return `Incomplete plan: ${unread.length} ${what}: ${describeUnread(unread)}. From the rest: ${rest}`;
}
function failedHeadline(results) {
  const notApplied = results.filter((r) => r.restart === "agent-not-applied").map((r) => shortId(r.id));
  const rolledBack = results.filter((r) => r.rollout === "rolled-back").map((r) => shortId(r.id));
  const failed2 = results.filter((r) => isFailure(r) && r.restart !== "agent-not-applied" && r.rollout !== "rolled-back").map((r) => shortId(r.id));
  const parts = [
    ...notApplied.length > 0 ? [`the agent has not applied the commit to ${notApplied.join(", ")} yet`] : [],
    ...failed2.length > 0 ? [failed2.join(", ")] : [],
    ...rolledBack.length > 0 ? [`rolled back to what ran before: ${rolledBack.join(", ")}`] : []
  ];
  return `Failed: ${parts.join("; ")}.`;
}
function describeRestore(restore) {
  const readers = restore.readers.map(shortId).join(", ");
  const apart = (what, ids = []) => ids.length ? `; ${what}: ${ids.map(shortId).join(", ")} (see ${ids.length > 1 ? "their results" : "its result"})` : "";
  return `${restore.message}${readers && restore.result !== "refused" ? `; rolled back: ${readers}` : ""}${apart("rollback written, its rollout not finished", restore.rollbackNotRolledOut)}${apart("not rolled back", restore.notRolledBack)}`;
}
function fleetHeadline(clusters) {
  const failed2 = clusters.filter((c) => c.outcome === "failed" || c.outcome === "error");
  const each = clusters.map((c) => `${c.context} ${clusterOutcome(c)}`).join(", ");
  if (failed2.length > 0) return `Failed on ${failed2.map((c) => c.context).join(", ")} (${each}).`;
  const unread = clusters.find((c) => c.report?.plan.unread?.length)?.report?.plan.unread;
  return unread ? `Incomplete plan: ${unread.length} touched source(s) not read: ${describeUnread(unread)}. ${clusters.length} cluster(s): ${each}.` : `${clusters.length} cluster(s): ${each}.`;
}
function clusterOutcome(cluster) {
  if (cluster.outcome === "nothing-to-do") return "nothing to do";
  if (cluster.outcome === "planned") return "planned (dry run)";
  if (cluster.outcome === "incomplete") return "incomplete (not everything was read)";
  return cluster.outcome;
}
function nothingToRestart(report) {
  const { plan, results } = report;
  if (plan.live && !plan.workloads.some((w) => w.action === "restart")) {
    const left = plan.workloads.filter((w) => w.action === "skip").length;
    const baselines = plan.workloads.length - left;
    const parts2 = [
      ...baselines > 0 ? [`${baselines} ${report.dryRun === "none" ? "adopted" : "to adopt"} with a baseline, no rollout`] : [],
      ...left > 0 ? [`${left} left alone`] : []
    ];
    return `In sync: no workload in scope runs older content of a config it reads${parts2.length > 0 ? ` (${parts2.join(", ")}: see Workloads)` : ""}.`;
  }
  if (plan.changes.length === 0) {
    return "Nothing changed: no ConfigMap or Secret content differs between the two commits.";
  }
  if (plan.workloads.some((w) => w.action === "restart")) {
    const unchanged = results.filter((r) => r.restart === "unchanged").length;
    const paused = results.filter((r) => r.restart === "paused").length;
    if (unchanged > 0 && paused === 0) {
      return `Already restarted: ${unchanged} workload(s) already carry the restart for this content (an earlier run); nothing was patched.`;
    }
    const parts2 = [
      ...unchanged > 0 ? [`${unchanged} already restarted by an earlier run`] : [],
      ...paused > 0 ? [`${paused} paused`] : []
    ];
    return `Nothing restarted: ${parts2.join(", ") || "no restart was made"}.`;
  }
  const rolls = plan.workloads.filter((w) => w.rollsOnApply).length;
  const readNone = plan.workloads.filter(
    (w) => !w.rollsOnApply && w.references.length > 0 && w.references.every((r) => r.changedKeys.length === 0)
  ).length;
  const other = plan.workloads.length - rolls - readNone;
  if (plan.workloads.length === 0) {
    return "Nothing to restart: no running workload consumes the changed content.";
  }
  if (rolls === plan.workloads.length) {
    return `Nothing to restart: ${rolls} workload(s) roll on apply (their pod template changed in this range).`;
  }
  if (readNone === plan.workloads.length) {
    return `Nothing to restart: the ${readNone} workload(s) using the changed configs read none of the changed keys.`;
  }
  if (other === plan.workloads.length) {
    return `Nothing to restart: ${other} workload(s) using the changed content are skipped (each says why).`;
  }
  const parts = [
    ...rolls > 0 ? [`${rolls} workload(s) roll on apply`] : [],
    ...readNone > 0 ? [`${readNone} read none of the changed keys`] : [],
    ...other > 0 ? [`${other} skipped (each says why)`] : []
  ];
  return `Nothing to restart: ${parts.join(", ")}.`;
}
function describeWhere(item) {
  const at = item.file === void 0 || item.file === "" ? void 0 : item.line === void 0 || item.file === item.blamedFile && item.line === 1 ? item.file : `${item.file}:${item.line}`;
  if (item.origin !== void 0) {
    const changed = item.blamedFile && item.blamedFile !== item.file ? `changed in ${item.blamedFile}` : void 0;
    const details = [at, changed].filter((part) => part !== void 0);
    return details.length > 0 ? `${item.origin} (${details.join(", ")})` : item.origin;
  }
  return at ?? "-";
}
function describeStatus(change) {
  return change.previousName ? `${change.status} (was ${change.previousName})` : change.status;
}
function skippedRendersNote(count) {
  return `${count} render(s) skipped: nothing they would print can change this plan (see the notes above)`;
}
var init_describe = __esm({
  "src/report/describe.ts"() {
    "use strict";
    init_commit_sha();
    init_model();
    init_run_result();
    init_unread_sources();
  }
});

// src/report/mermaid-graph.ts
function mermaidGraph(plan) {
  if (plan.workloads.length === 0) return [];
  const changes = plan.changes.filter(
    (c) => plan.workloads.some((w) => w.references.some((r) => idKey(r.config) === idKey(c.id)))
  );
  const nodeCount = changes.length + plan.workloads.length;
  const body2 = nodeCount > MAX_NODES ? folded(plan, changes.length) : detailed(plan);
  return [
    "```mermaid",
    "flowchart LR",
    ...body2,
    "  classDef config fill:#eef,stroke:#557",
    "  classDef restart fill:#dfd,stroke:#383",
    "  classDef skip fill:#eee,stroke:#999,stroke-dasharray: 4 3",
    "  classDef rolls fill:#ffd,stroke:#aa3",
    "  classDef baseline fill:#eef,stroke:#383,stroke-dasharray: 4 3",
    "```"
  ];
}
function detailed(plan) {
  const lines = [];
  const configNodes = /* @__PURE__ */ new Map();
  for (const change of plan.changes) {
    const node = `c${configNodes.size}`;
    const where = change.origin ?? change.file;
    configNodes.set(idKey(change.id), node);
    lines.push(`  ${node}["${label(shortId(change.id), `ns ${change.id.namespace} \xB7 ${where}`)}"]:::config`);
  }
  plan.workloads.forEach((w, i) => {
    const node = `w${i}`;
    const where = w.origin ?? (w.source === "cluster" ? "cluster" : w.file ?? "repo");
    lines.push(
      `  ${node}["${label(shortId(w.id), `ns ${w.id.namespace} \xB7 ${where} \xB7 ${actionLabel(w)}`)}"]:::${roleOf(w)}`
    );
    for (const config of new Set(w.references.map((r) => idKey(r.config)))) {
      const from = configNodes.get(config);
      if (from) lines.push(`  ${from} --> ${node}`);
    }
  });
  const used = new Set(lines.filter((l) => l.includes("-->")).map((l) => l.trim().split(" ")[0]));
  return lines.filter((l) => !/^ {2}c\d+\[/.test(l) || used.has(l.trim().split("[")[0]));
}
function folded(plan, configCount) {
  const lines = [];
  const namespaces = [...new Set(plan.workloads.map((w) => w.id.namespace))].sort();
  const groups = /* @__PURE__ */ new Map();
  for (const w of plan.workloads) {
    const key = `${w.id.namespace}\0${roleOf(w)}`;
    groups.set(key, [...groups.get(key) ?? [], w]);
  }
  namespaces.forEach((namespace, n) => {
    const configs = new Set(
      plan.workloads.filter((w) => w.id.namespace === namespace).flatMap((w) => w.references.map((r) => idKey(r.config)))
    );
    lines.push(`  n${n}["${label(`${configs.size} changed config(s)`, `ns ${namespace}`)}"]:::config`);
    ["restart", "rolls", "baseline", "skip"].forEach((role) => {
      const members = groups.get(`${namespace}\0${role}`) ?? [];
      if (members.length === 0) return;
      const node = `n${n}${role}`;
      const roleText = role === "rolls" ? "roll on apply" : role;
      lines.push(
        `  ${node}["${label(`${members.length} workload(s): ${roleText}`, `ns ${namespace}`)}"]:::${role}`
      );
      lines.push(`  n${n} --> ${node}`);
    });
  });
  const nodes = configCount + plan.workloads.length;
  lines.unshift(`  %% ${nodes} nodes folded into ${namespaces.length} namespace group(s)`);
  lines.push(
    `  note["${label(`${nodes} configs and workloads folded by namespace`, `over ${MAX_NODES} nodes`)}"]`
  );
  return lines;
}
function roleOf(w) {
  if (w.rollsOnApply) return "rolls";
  return w.action;
}
function actionLabel(w) {
  return w.rollsOnApply ? "rolls on apply" : w.action;
}
function label(title, detail) {
  return `${escapeLabel(title)}<br/><small>${escapeLabel(detail)}</small>`;
}
function escapeLabel(text) {
  return text.replaceAll("&", "#amp;").replaceAll('"', "#quot;").replaceAll("<", "#lt;").replaceAll(">", "#gt;").replaceAll("`", "#96;").replaceAll("\n", " ");
}
var MAX_NODES;
var init_mermaid_graph = __esm({
  "src/report/mermaid-graph.ts"() {
    "use strict";
    init_model();
    MAX_NODES = 40;
  }
});

// src/report/report-markdown.ts
function markdownSections(report) {
  const clusters = report.clusters;
  if (!clusters) return [{ render: (rows) => renderMarkdown(report, rows) }];
  return [
    { render: (rows) => fleetSummary(report, clusters, rows) },
    ...clusters.map((cluster) => ({
      title: `${md(cluster.context)} (wave ${cluster.wave}): ${md(clusterOutcome(cluster))}`,
      render: (rows) => [
        ...cluster.message ? [md(cluster.message), ""] : [],
        ...cluster.report ? [renderMarkdown(cluster.report, rows, false).replace(/^### config-rollout\n\n/, "")] : []
      ].join("\n") || "-"
    }))
  ];
}
function fleetSummary(report, clusters, maxRows) {
  const out = [
    "### config-rollout",
    "",
    `**${md(headline(report))}**`,
    "",
    `Range: ${md(describeRange(report))}`,
    "",
    "| Cluster | Wave | Outcome | Detail |",
    "|---|---|---|---|",
    ...clusters.map((c) => row([md(c.context), String(c.wave), md(clusterOutcome(c)), md(c.message ?? "")])),
    ...report.plan.sources?.length ? sourcesPart(report.plan, maxRows) : [],
    ...changesPart(report.plan, maxRows)
  ];
  return `${out.join("\n")}
`;
}
function sourcesPart(plan, maxRows) {
  const out = ["", "#### Sources", ""];
  for (const note of (plan.sources ?? []).slice(0, maxRows)) out.push(`- ${md(note)}`);
  if (plan.skippedRenders) out.push(`- ${md(skippedRendersNote(plan.skippedRenders))}`);
  return out;
}
function changesPart(plan, maxRows) {
  if (plan.changes.length === 0) return [];
  const out = [
    "",
    "#### Changed configs",
    "",
    "| Config | Namespace | Change | Source | Keys |",
    "|---|---|---|---|---|"
  ];
  for (const c of plan.changes.slice(0, maxRows)) {
    out.push(
      row([shortId(c.id), c.id.namespace, describeStatus(c), describeWhere(c), describeKeys(c)].map(md))
    );
  }
  if (plan.changes.length > maxRows) out.push("", `\u2026 and ${plan.changes.length - maxRows} more configs.`);
  return out;
}
function renderMarkdown(report, maxRows = 500, repository = true) {
  if (report.clusters) {
    return markdownSections(report).map((s) => s.title === void 0 ? s.render(maxRows) : `### ${s.title}

${s.render(maxRows)}`).join("\n");
  }
  const { plan } = report;
  const out = [
    "### config-rollout",
    "",
    `**${md(headline(report))}**`,
    "",
    `Range: ${md(describeRange(report))}`
  ];
  if (repository && plan.sources?.length) out.push(...sourcesPart(plan, maxRows));
  if (repository) out.push(...changesPart(plan, maxRows));
  if (plan.workloads.length > 0) {
    const results = resultsByWorkload(report);
    const withResults = report.results.length > 0;
    out.push(
      "",
      "#### Workloads",
      "",
      withResults ? "| Workload | Namespace | Action | Why | Result | Duration |" : "| Workload | Namespace | Action | Why |",
      withResults ? "|---|---|---|---|---|---|" : "|---|---|---|---|"
    );
    for (const w of plan.workloads.slice(0, maxRows)) {
      const result = results.get(idKey(w.id));
      const why = [w.reason, ...describeReferences(w), ...w.origin ? [`from ${describeWhere(w)}`] : []].map(md).join("<br>");
      const cells = [md(shortId(w.id)), md(w.id.namespace), md(w.action), why];
      if (withResults) {
        cells.push(
          md(result ? `${describeResult(result)}${result.message ? `: ${result.message}` : ""}` : "-"),
          md(result?.durationMs === void 0 ? "-" : formatDuration(result.durationMs))
        );
      }
      out.push(row(cells));
    }
    if (plan.workloads.length > maxRows)
      out.push("", `\u2026 and ${plan.workloads.length - maxRows} more workloads.`);
  }
  const explained = report.results.filter((r) => causeDetails(r).length > 0).slice(0, maxRows);
  if (explained.length > 0) {
    out.push("", "#### Why the new pods did not start", "");
    for (const r of explained) {
      out.push(`- **${md(shortId(r.id))}** (${md(r.id.namespace)}): ${md(r.message)}`);
      for (const line of causeDetails(r)) out.push(`  - ${md(line)}`);
    }
  }
  if (report.restores?.length) {
    out.push(
      "",
      "#### Restored configs",
      "",
      "| Config | Namespace | Result | Detail |",
      "|---|---|---|---|"
    );
    for (const r of report.restores.slice(0, maxRows))
      out.push(row([md(shortId(r.id)), md(r.id.namespace), md(r.result), md(describeRestore(r))]));
  }
  const graph = edgeCount(plan) > 1 ? mermaidGraph(plan) : [];
  if (graph.length > 0) out.push("", "#### Configs \u2192 workloads", "", ...graph);
  if (report.notes?.length) {
    out.push("", "#### Notes", "");
    for (const note of report.notes.slice(0, maxRows)) out.push(`- ${md(note)}`);
  }
  const notes = [...plan.warnings, ...plan.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`)];
  if (notes.length > 0) {
    out.push("", "#### Warnings", "");
    for (const note of notes.slice(0, maxRows)) out.push(`- ${md(note)}`);
    if (notes.length > maxRows) out.push(`- \u2026 and ${notes.length - maxRows} more.`);
  }
  return `${out.join("\n")}
`;
}
function edgeCount(plan) {
  const changed = new Set(plan.changes.map((c) => idKey(c.id)));
  let edges = 0;
  for (const w of plan.workloads) {
    for (const config of new Set(w.references.map((r) => idKey(r.config)))) if (changed.has(config)) edges++;
  }
  return edges;
}
function row(cells) {
  return `| ${cells.join(" | ")} |`;
}
function escapeMarkdown(text) {
  const escaped = text.replace(
    /\r\n?|[\n\u2028\u2029]|[&<>\\`*_[\]|~@#$]|!(?=\d)|%(?=[\w"])|:(?=\/\/|(?:[\w+-]*[a-z+][\w+-]*|100|1234):)|(?<=\bwww)\.|(?<=\bGH)-(?=\d)/gi,
    (c, at) => {
      const next = text[at + 1] ?? "";
      const reference = (c === "&" ? /\d/ : /[\w"]/).test(next) ? ZERO_WIDTH_SPACE2 : "";
      switch (c) {
        case "&":
          return `&amp;${reference}`;
        case "<":
          return "&lt;";
        case ">":
          return "&gt;";
        case "$":
          return "<span>&#36;</span>";
        case "~":
          return `\\~${reference}`;
        case "@":
        case "#":
        case ":":
        case "!":
        case "%":
        case "-":
          return `${c}${ZERO_WIDTH_SPACE2}`;
        case ".":
          return `${ZERO_WIDTH_SPACE2}.`;
        default:
          return LINE_BREAK.test(c) ? " " : `\\${c}`;
      }
    }
  );
  return escaped.trimStart().replace(/^(?:[-+](?=\s|$)|\d+(?=[.)](?:\s|$)))/, (m) => m === "-" || m === "+" ? `\\${m}` : `${m}\\`);
}
function md(text) {
  return escapeMarkdown(text);
}
var ZERO_WIDTH_SPACE2, LINE_BREAK;
var init_report_markdown = __esm({
  "src/report/report-markdown.ts"() {
    "use strict";
    init_duration();
    init_model();
    init_run_result();
    init_describe();
    init_mermaid_graph();
    ZERO_WIDTH_SPACE2 = "&#8203;";
    LINE_BREAK = /^(?:\r\n?|[\n\u2028\u2029])$/;
  }
});

// src/run/output-files.ts
async function checkOutputFiles(files) {
  for (const file of files) {
    const why = await whyUnwritable(file.path);
    if (why) {
      throw new UnwritableOutputError(
        `${file.option} ${file.given}: the file cannot be written (${why}); checked before anything was written`
      );
    }
  }
}
async function whyUnwritable(path) {
  try {
    if ((await (0, import_promises.stat)(path)).isDirectory()) return "it is a directory";
    await (0, import_promises.access)(path, import_node_fs2.constants.W_OK);
    return void 0;
  } catch (error) {
    if (error.code !== "ENOENT") return reason(error);
  }
  const dir = (0, import_node_path.dirname)(path);
  try {
    if (!(await (0, import_promises.stat)(dir)).isDirectory()) return `${dir} is not a directory`;
    await (0, import_promises.access)(dir, import_node_fs2.constants.W_OK);
    return void 0;
  } catch (error) {
    return `its directory ${dir}: ${reason(error)}`;
  }
}
function reason(error) {
  const code = error.code;
  if (code === "ENOENT") return "does not exist";
  if (code === "EACCES" || code === "EPERM") return "not writable";
  if (code === "EROFS") return "a read-only file system";
  if (code === "ENOTDIR") return "a part of the path is not a directory";
  return code ?? String(error);
}
var import_node_fs2, import_promises, import_node_path, UnwritableOutputError;
var init_output_files = __esm({
  "src/run/output-files.ts"() {
    "use strict";
    import_node_fs2 = require("node:fs");
    import_promises = require("node:fs/promises");
    import_node_path = require("node:path");
    init_errors();
    UnwritableOutputError = class extends UserError {
    };
  }
});

// src/core/once.ts
function once(cache, key, start) {
  let pending = cache.get(key);
  if (pending === void 0) {
    pending = start();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}
function lazy(compute) {
  let value;
  return () => {
    value ??= { v: compute() };
    return value.v;
  };
}
var init_once = __esm({
  "src/core/once.ts"() {
    "use strict";
  }
});

// src/core/json-shape.ts
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}
function field(value, key) {
  return isRecord(value) && Object.hasOwn(value, key) ? value[key] : void 0;
}
function stringField(value, key) {
  const v = field(value, key);
  return typeof v === "string" ? v : void 0;
}
function arrayField(value, key) {
  const v = field(value, key);
  return Array.isArray(v) ? v : [];
}
function describeType(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (ArrayBuffer.isView(value)) return "binary data";
  if (typeof value === "object") return "a mapping";
  return `a ${typeof value}`;
}
function withoutServerFields(obj) {
  const { status: _status, ...rest } = obj;
  const own = field(obj, "metadata");
  const metadata = { ...isRecord(own) ? own : {} };
  for (const key of [
    "resourceVersion",
    "uid",
    "managedFields",
    "creationTimestamp",
    "generation",
    "selfLink"
  ])
    delete metadata[key];
  return { ...rest, metadata };
}
function setKey(target, key, value) {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}
var init_json_shape = __esm({
  "src/core/json-shape.ts"() {
    "use strict";
  }
});

// src/core/secret-values.ts
function recordSecretContent(content) {
  for (const base64 of Object.values(content)) {
    if (seen.has(base64)) continue;
    seen.add(base64);
    recordSecretBytes(Buffer.from(base64, "base64"));
  }
}
function recordSecretBytes(bytes) {
  const fresh = secretForms(bytes).filter((form) => !recorded.has(form));
  if (fresh.length === 0) return;
  for (const form of fresh) {
    recorded.add(form);
    longestLines = Math.max(longestLines, form.split("\n").length);
    const prefix = form.slice(0, MIN_SECRET_LENGTH);
    const bucket = byPrefix.get(prefix) ?? { lengths: [], forms: /* @__PURE__ */ new Set() };
    bucket.forms.add(form);
    if (!bucket.lengths.includes(form.length)) {
      bucket.lengths.push(form.length);
      bucket.lengths.sort((a, b) => b - a);
    }
    byPrefix.set(prefix, bucket);
  }
  for (const listener of listeners) listener(fresh);
}
function secretForms(bytes) {
  const text = bytes.toString("utf8");
  const trimmed = text.trim();
  if (trimmed.length < MIN_SECRET_LENGTH) return [];
  const forms = /* @__PURE__ */ new Set();
  if (Buffer.from(text, "utf8").equals(bytes)) for (const form of textForms(trimmed)) forms.add(form);
  for (const base64 of [bytes.toString("base64"), Buffer.from(trimmed, "utf8").toString("base64")]) {
    for (const form of [base64, ...wrappedLines(base64)]) {
      const unpadded = form.replace(/=+$/, "");
      forms.add(form);
      if (unpadded.length >= MIN_SECRET_LENGTH) forms.add(unpadded);
    }
  }
  return [...forms];
}
function wrappedLines(base64) {
  if (base64.length <= BASE64_COLUMNS) return [];
  const lines = [];
  for (let at = 0; at < base64.length; at += BASE64_COLUMNS)
    lines.push(base64.slice(at, at + BASE64_COLUMNS));
  return lines.filter((line) => line.length >= MIN_SECRET_LENGTH);
}
function textForms(trimmed) {
  const json = JSON.stringify(trimmed).slice(1, -1);
  const go = json.replace(/[<>&\u2028\u2029]/g, unicodeEscape);
  const python = json.replace(/[^ -~]/g, unicodeEscape);
  const forms = /* @__PURE__ */ new Set([trimmed, json, go, python]);
  for (const line of trimmed.split(/\r?\n/)) {
    const part = line.trim();
    if (part.length >= MIN_SECRET_LINE && OPAQUE_LINE.test(part)) forms.add(part);
  }
  return [...forms];
}
function unicodeEscape(unit) {
  return `\\u${unit.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
function redactSecrets(text) {
  return redact(text, () => MASKED);
}
function redactSecretLines(text) {
  return redact(text, (span) => span.replace(/[^\n]+/g, MASKED));
}
function secretValueLines() {
  return longestLines;
}
function redact(text, mask) {
  if (byPrefix.size === 0 || text.length < MIN_SECRET_LENGTH) return text;
  let out = "";
  let copied = 0;
  let start = 0;
  let end = 0;
  const flush = () => {
    out += text.slice(copied, start) + mask(text.slice(start, end));
    copied = end;
  };
  for (let at = 0; at <= text.length - MIN_SECRET_LENGTH; at++) {
    const bucket = byPrefix.get(text.slice(at, at + MIN_SECRET_LENGTH));
    const length = bucket?.lengths.find((n) => bucket.forms.has(text.slice(at, at + n)));
    if (length === void 0) continue;
    if (at < end) {
      end = Math.max(end, at + length);
      continue;
    }
    if (end > start) flush();
    start = at;
    end = at + length;
  }
  if (end > start) flush();
  return copied === 0 ? text : out + text.slice(copied);
}
function redactSecretsIn(value) {
  if (recorded.size === 0) return value;
  return redactValue(value);
}
function redactValue(value) {
  if (typeof value === "string") return redactSecrets(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === "object") {
    const out = {};
    for (const [key, inner] of Object.entries(value)) setKey(out, redactSecrets(key), redactValue(inner));
    return out;
  }
  return value;
}
function redactError(error) {
  if (!(error instanceof Error) || recorded.size === 0) return error;
  error.message = redactSecrets(error.message);
  if (error.stack) error.stack = redactSecrets(error.stack);
  return error;
}
function redactingLog(log) {
  return {
    ...log,
    info: (message) => log.info(redactSecrets(message)),
    warn: (message, where) => log.warn(redactSecrets(message), where),
    debug: (message) => log.debug(redactSecrets(message)),
    group: (title, work) => log.group(redactSecrets(title), work)
  };
}
var MIN_SECRET_LENGTH, MIN_SECRET_LINE, OPAQUE_LINE, MASKED, recorded, byPrefix, seen, listeners, longestLines, BASE64_COLUMNS;
var init_secret_values = __esm({
  "src/core/secret-values.ts"() {
    "use strict";
    init_json_shape();
    MIN_SECRET_LENGTH = 8;
    MIN_SECRET_LINE = 16;
    OPAQUE_LINE = /^[A-Za-z0-9+/=_.~-]+$/;
    MASKED = "***";
    recorded = /* @__PURE__ */ new Set();
    byPrefix = /* @__PURE__ */ new Map();
    seen = /* @__PURE__ */ new Set();
    listeners = /* @__PURE__ */ new Set();
    longestLines = 1;
    BASE64_COLUMNS = 76;
  }
});

// src/git/missing-object.ts
function missingObjectError(stderr2) {
  for (const pattern of MISSING_OBJECT) {
    const match = pattern.exec(stderr2);
    if (!match) continue;
    return new UserError(
      `git object ${match[1]} is missing from this clone (a partial or shallow clone) and could not be fetched: fetch the commits to compare with their files (e.g. \`git fetch origin <base-sha> <head-sha>\` without --filter), or check out full history (actions/checkout: fetch-depth: 0; GitLab: GIT_DEPTH: 0)`
    );
  }
  return void 0;
}
var MISSING_OBJECT;
var init_missing_object = __esm({
  "src/git/missing-object.ts"() {
    "use strict";
    init_errors();
    MISSING_OBJECT = [
      /could not fetch ([0-9a-f]{40,64}) from promisor remote/,
      /missing (?:blob|tree|commit) object '?([0-9a-f]{40,64})/,
      /unable to read tree \(?([0-9a-f]{40,64})/,
      /bad object ([0-9a-f]{40,64})/,
      /unable to read ([0-9a-f]{40,64})/
    ];
  }
});

// src/git/parse-cat-file-batch.ts
var HEADER, LF, CatFileBatchParser;
var init_parse_cat_file_batch = __esm({
  "src/git/parse-cat-file-batch.ts"() {
    "use strict";
    HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) (\S+) (\d+)$/;
    LF = 10;
    CatFileBatchParser = class {
      /**
       * @param maxContentBytes content of larger objects is read past, never buffered: the entry comes
       *   without `content` (its size tells why), so one huge blob cannot fill the memory. A function
       *   is asked at each object (the limit of the request it answers).
       */
      constructor(withContent, onEntry, maxContentBytes = Number.POSITIVE_INFINITY) {
        this.withContent = withContent;
        this.onEntry = onEntry;
        this.maxContentBytes = maxContentBytes;
      }
      withContent;
      onEntry;
      maxContentBytes;
      pending = Buffer.alloc(0);
      /** The object whose content is being collected, and the chunks received for it so far. */
      body;
      push(chunk) {
        let data = chunk;
        while (data.length > 0) {
          data = this.body ? this.takeBody(data) : this.takeHeader(data);
        }
      }
      /** Call at end of output: anything left over means git stopped mid-entry. */
      end() {
        if (this.body || this.pending.length > 0) {
          throw new Error("git cat-file output ended in the middle of an entry");
        }
      }
      takeHeader(data) {
        const joined = this.pending.length > 0 ? Buffer.concat([this.pending, data]) : data;
        const newline = joined.indexOf(LF);
        if (newline < 0) {
          this.pending = joined;
          return Buffer.alloc(0);
        }
        this.pending = Buffer.alloc(0);
        const line = joined.subarray(0, newline).toString("utf8");
        const rest = joined.subarray(newline + 1);
        const header = HEADER.exec(line);
        if (header) {
          const [, oid, type, size] = header;
          if (this.withContent) {
            const bytes = Number(size);
            const max = typeof this.maxContentBytes === "function" ? this.maxContentBytes() : this.maxContentBytes;
            this.body = { oid, type, size: bytes, chunks: [], received: 0, keep: bytes <= max };
          } else {
            this.onEntry({ kind: "object", oid, type, size: Number(size) });
          }
          return rest;
        }
        for (const kind of ["missing", "ambiguous"]) {
          if (line.endsWith(` ${kind}`)) {
            this.onEntry({ kind, name: line.slice(0, -kind.length - 1) });
            return rest;
          }
        }
        throw new Error(`unexpected git cat-file output line: ${JSON.stringify(line.slice(0, 200))}`);
      }
      takeBody(data) {
        const body2 = this.body;
        const needed = body2.size + 1;
        if (!body2.keep) {
          const take = Math.min(data.length, needed - body2.received);
          body2.received += take;
          if (body2.received < needed) return Buffer.alloc(0);
          if (data[take - 1] !== LF)
            throw new Error(`git cat-file output for ${body2.oid} is not followed by a newline`);
          this.body = void 0;
          this.onEntry({ kind: "object", oid: body2.oid, type: body2.type, size: body2.size });
          return data.subarray(take);
        }
        body2.chunks.push(data);
        body2.received += data.length;
        if (body2.received < needed) return Buffer.alloc(0);
        const all = body2.chunks.length === 1 ? data : Buffer.concat(body2.chunks, body2.received);
        if (all[body2.size] !== LF)
          throw new Error(`git cat-file output for ${body2.oid} is not followed by a newline`);
        this.body = void 0;
        this.onEntry({
          kind: "object",
          oid: body2.oid,
          type: body2.type,
          size: body2.size,
          content: all.subarray(0, body2.size)
        });
        return all.subarray(needed);
      }
    };
  }
});

// src/process/run-process.ts
function runProcess(file, args, options = {}) {
  const execute = (resolve10) => {
    const stdout2 = [];
    let stdoutBytes = 0;
    let stderr2 = Buffer.alloc(0);
    let failure;
    let settled = false;
    const child = (0, import_node_child_process.spawn)(file, [...args], {
      ...options.cwd !== void 0 ? { cwd: options.cwd } : {},
      env: options.env ?? process.env,
      stdio: [options.input === void 0 ? "ignore" : "pipe", "pipe", "pipe"],
      detached: options.ownGroup ?? true,
      windowsHide: true
    });
    trackGroup(child, options.ownGroup ?? true);
    const stop = (why) => {
      failure ??= why;
      void stopGroup(child);
    };
    const timers = [];
    if (options.timeoutMs !== void 0) {
      const ms = options.timeoutMs;
      timers.push(
        setTimeout(() => stop({ kind: "timeout", message: `timed out after ${formatDuration(ms)}` }), ms)
      );
    }
    let idle;
    const touch = () => {
      if (options.idleTimeoutMs === void 0) return;
      clearTimeout(idle);
      const ms = options.idleTimeoutMs;
      idle = setTimeout(() => stop({ kind: "idle", message: `no output for ${formatDuration(ms)}` }), ms);
    };
    touch();
    const onAbort = () => stop({ kind: "aborted", message: "stopped: the run was interrupted" });
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener("abort", onAbort, { once: true });
    child.stdout.on("data", (chunk) => {
      touch();
      if (failure) return;
      stdoutBytes += chunk.length;
      if (options.maxOutputBytes !== void 0 && stdoutBytes > options.maxOutputBytes) {
        stop({ kind: "output", message: `output over ${options.maxOutputBytes} bytes` });
        return;
      }
      if (!options.onStdout) {
        stdout2.push(chunk);
        return;
      }
      try {
        options.onStdout(chunk);
      } catch (error) {
        stop({ kind: "stdout", message: error.message, error });
      }
    });
    child.stderr.on("data", (chunk) => {
      touch();
      stderr2 = Buffer.concat([stderr2, chunk]);
      if (stderr2.length > STDERR_KEEP_BYTES * 2) stderr2 = stderr2.subarray(stderr2.length - STDERR_KEEP_BYTES);
    });
    if (child.stdin) {
      child.stdin.on("error", () => {
      });
      child.stdin.end(options.input);
    }
    const finish = () => {
      if (settled) return;
      settled = true;
      for (const timer of timers) clearTimeout(timer);
      clearTimeout(idle);
      options.signal?.removeEventListener("abort", onAbort);
      child.stdout?.destroy();
      child.stderr?.destroy();
      resolve10({
        exitCode: child.exitCode,
        signal: child.signalCode,
        stdout: Buffer.concat(stdout2),
        stderrTail: tailOf(stderr2.toString("utf8")),
        stderrEnd: stderr2.toString("utf8"),
        ...failure !== void 0 ? { failure } : {}
      });
    };
    child.on("error", (error) => {
      failure ??= {
        kind: "start",
        message: error.code === "ENOENT" ? `${file} was not found` : `could not be started: ${error.message}`,
        ...error.code !== void 0 ? { code: error.code } : {}
      };
      if (child.pid === void 0) finish();
    });
    child.on("close", finish);
    child.on("exit", () => {
      if (options.ownGroup ?? true) signalGroup(child, "SIGKILL");
      setTimeout(finish, PIPE_DRAIN_MS).unref();
    });
  };
  if (options.signal?.aborted) {
    const failure = { kind: "aborted", message: "stopped: the run was interrupted" };
    const empty = { exitCode: null, signal: null, stdout: Buffer.alloc(0), stderrTail: "", stderrEnd: "" };
    return Promise.resolve({ ...empty, failure });
  }
  return new Promise(execute);
}
function tailOf(text, maxLines = 8, maxLineLength = 300) {
  const lines = redactSecretLines(text).replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").split("\n").map((line) => line.trimEnd()).filter((line) => line !== "");
  return lines.slice(-maxLines).map((line) => line.startsWith("::") ? ` ${line}` : line).map((line) => line.length > maxLineLength ? `${line.slice(0, maxLineLength)}\u2026` : line).join("\n");
}
var import_node_child_process, STDERR_KEEP_BYTES, PIPE_DRAIN_MS;
var init_run_process = __esm({
  "src/process/run-process.ts"() {
    "use strict";
    import_node_child_process = require("node:child_process");
    init_duration();
    init_secret_values();
    init_child_groups();
    STDERR_KEEP_BYTES = 8192;
    PIPE_DRAIN_MS = 1e3;
  }
});

// src/git/spawn-git.ts
function nulRecords(onRecords) {
  let pending = Buffer.alloc(0);
  return {
    push(chunk) {
      const data = pending.length > 0 ? Buffer.concat([pending, chunk]) : chunk;
      const end = data.lastIndexOf(0);
      if (end >= 0) onRecords(data.subarray(0, end + 1));
      pending = Buffer.from(data.subarray(end + 1));
    },
    end() {
      if (pending.length > 0) onRecords(pending);
      pending = Buffer.alloc(0);
    }
  };
}
async function spawnGit(cwd, args, options) {
  const result = await runProcess("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), ...args], {
    cwd,
    input: options.input ?? "",
    idleTimeoutMs: options.idleTimeoutMs,
    // Local git starts no children worth a group, which costs more than the command (run-process.ts).
    ownGroup: false,
    ...options.env ? { env: { ...process.env, ...options.env } } : {},
    ...options.signal ? { signal: options.signal } : {},
    ...options.onStdout ? { onStdout: options.onStdout } : {}
  });
  const failure = result.failure;
  if (failure?.kind === "stdout") throw failure.error;
  if (failure?.kind === "aborted") throw options.signal?.reason ?? new Error(failure.message);
  if (failure?.kind === "start")
    throw Object.assign(new Error(`git ${failure.message}`), { code: failure.code });
  if (failure?.kind === "idle") {
    const silent = failure.message.replace(/^no output for /, "");
    throw new UserError(
      `git ${subcommand(args)} printed nothing for ${silent} and was stopped (raise --git-timeout if it is only slow)`
    );
  }
  const exitCode = result.exitCode ?? 128;
  if (exitCode === 0 || options.okExitCodes?.includes(exitCode)) {
    return { exitCode, stdout: result.stdout };
  }
  const text = result.stderrEnd;
  throw new GitExitError(
    exitCode,
    result.signal ? `${text}
(git was killed by ${result.signal})`.trim() : text
  );
}
function subcommand(args) {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-c") i++;
    else if (!args[i].startsWith("-")) return args[i];
  }
  return "";
}
var GIT_CONFIG, GitExitError;
var init_spawn_git = __esm({
  "src/git/spawn-git.ts"() {
    "use strict";
    init_errors();
    init_run_process();
    GIT_CONFIG = ["core.quotePath=false"];
    GitExitError = class extends Error {
      constructor(exitCode, stderr2) {
        super(stderr2.trim() || `git exited with code ${exitCode}`);
        this.exitCode = exitCode;
        this.stderr = stderr2;
        this.name = "GitExitError";
      }
      exitCode;
      stderr;
    };
  }
});

// src/git/cat-file-reader.ts
function holdRun(child, hold) {
  for (const handle of [child, child.stdin, child.stdout, child.stderr]) {
    if (hold) handle.ref();
    else handle.unref();
  }
}
var import_node_child_process2, IDLE_MS, CatFileReader, CatFileProcess;
var init_cat_file_reader = __esm({
  "src/git/cat-file-reader.ts"() {
    "use strict";
    import_node_child_process2 = require("node:child_process");
    init_child_groups();
    init_missing_object();
    init_parse_cat_file_batch();
    init_spawn_git();
    IDLE_MS = 200;
    CatFileReader = class {
      constructor(root, idleMs = IDLE_MS) {
        this.root = root;
        this.idleMs = idleMs;
      }
      root;
      idleMs;
      /** The process new reads go to; undefined once it has ended (or been ended), until the next read. */
      current;
      /** The objects named (e.g. "<sha>:<path>", "<ref>^{commit}"; no newlines), one entry each, in order. */
      read(names2, maxContentBytes = Number.POSITIVE_INFINITY, onEntry) {
        if (names2.length === 0) return Promise.resolve([]);
        if (this.current === void 0) {
          const started = new CatFileProcess(this.root, this.idleMs, () => {
            if (this.current === started) this.current = void 0;
          });
          this.current = started;
        }
        return this.current.ask(names2, maxContentBytes, onEntry);
      }
    };
    CatFileProcess = class {
      /** `retire` is called once this process takes no more requests (ended for idling, failed or exited). */
      constructor(root, idleMs, retire) {
        this.idleMs = idleMs;
        this.retire = retire;
        this.child = (0, import_node_child_process2.spawn)("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), "cat-file", "--batch"], {
          cwd: root,
          stdio: ["pipe", "pipe", "pipe"],
          windowsHide: true
        });
        trackGroup(this.child, false);
        this.parser = new CatFileBatchParser(
          true,
          (entry) => this.answer(entry),
          () => this.queue[0]?.maxContentBytes ?? Number.POSITIVE_INFINITY
        );
        const child = this.child;
        child.stdout.on("data", (chunk) => {
          if (this.failed) return;
          try {
            this.parser.push(chunk);
          } catch (error) {
            this.fail(error);
          }
        });
        child.stderr.on("data", (chunk) => this.stderr.push(chunk));
        child.stdin.on("error", () => {
        });
        child.on("error", (error) => this.fail(error));
        child.on("close", (code) => {
          this.retire();
          if (this.queue.length === 0 && code === 0) return;
          const text = Buffer.concat(this.stderr).toString("utf8").trim();
          this.fail(missingObjectError(text) ?? new Error(`git cat-file --batch failed (exit ${code}): ${text}`));
        });
      }
      idleMs;
      retire;
      child;
      queue = [];
      parser;
      stderr = [];
      failed;
      idle;
      ask(names2, maxContentBytes, onEntry) {
        return new Promise((resolve10, reject) => {
          if (this.failed) return reject(this.failed);
          clearTimeout(this.idle);
          this.queue.push({
            names: names2,
            entries: [],
            maxContentBytes,
            ...onEntry ? { onEntry } : {},
            resolve: resolve10,
            reject
          });
          holdRun(this.child, true);
          this.child.stdin.write(`${names2.join("\n")}
`);
        });
      }
      fail(error) {
        this.failed ??= error;
        this.retire();
        this.child.kill();
        for (const request of this.queue.splice(0)) request.reject(this.failed);
      }
      answer(entry) {
        const request = this.queue[0];
        if (request === void 0) throw new Error("git cat-file answered a lookup nobody asked for");
        request.onEntry?.(entry, request.names[request.entries.length] ?? "");
        request.entries.push(entry);
        if (request.entries.length < request.names.length) return;
        this.queue.shift();
        request.resolve(request.entries);
        if (this.queue.length > 0) return;
        holdRun(this.child, false);
        this.idle = setTimeout(() => {
          if (this.queue.length > 0 || this.failed) return;
          this.retire();
          this.child.stdin.end();
        }, this.idleMs);
        this.idle.unref();
      }
    };
  }
});

// src/git/parse-name-status.ts
function parseNameStatus(output) {
  const fields = output.split("\0");
  if (fields.at(-1) === "") fields.pop();
  const changes = [];
  let i = 0;
  while (i < fields.length) {
    const field5 = fields[i++];
    const raw = RAW.exec(field5);
    const status = raw ? raw[5] : field5;
    const submodule = raw ? submoduleOf(raw) : void 0;
    const letter = status.charAt(0);
    if (letter === "R" || letter === "C") {
      const oldPath = fields[i++];
      const path = fields[i++];
      if (oldPath === void 0 || path === void 0) throw truncated(status);
      changes.push({ status: letter, path, oldPath, ...submodule ? { submodule } : {} });
    } else if (SIMPLE.has(letter) && status.length === 1) {
      const path = fields[i++];
      if (path === void 0) throw truncated(status);
      changes.push({ status: letter, path, ...submodule ? { submodule } : {} });
    } else {
      throw new Error(`unexpected status ${JSON.stringify(status)} in git diff --name-status output`);
    }
  }
  return changes;
}
function submoduleOf(raw) {
  const [, oldMode, newMode, oldId, newId] = raw;
  if (oldMode !== GITLINK && newMode !== GITLINK) return void 0;
  return {
    ...oldMode === GITLINK ? { from: oldId } : {},
    ...newMode === GITLINK ? { to: newId } : {}
  };
}
function truncated(status) {
  return new Error(`git diff --name-status output ends after status ${JSON.stringify(status)}`);
}
var SIMPLE, RAW, GITLINK;
var init_parse_name_status = __esm({
  "src/git/parse-name-status.ts"() {
    "use strict";
    SIMPLE = /* @__PURE__ */ new Set(["A", "M", "D", "T"]);
    RAW = /^:([0-7]{6}) ([0-7]{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z][0-9]*)$/;
    GITLINK = "160000";
  }
});

// src/git/commit-diffs.ts
var DIFF_TREE, CommitDiffs;
var init_commit_diffs = __esm({
  "src/git/commit-diffs.ts"() {
    "use strict";
    init_once();
    init_parse_name_status();
    DIFF_TREE = ["diff-tree", "-r", "-z", "--raw", "-M", "--no-commit-id"];
    CommitDiffs = class {
      constructor(resolveCommit, git) {
        this.resolveCommit = resolveCommit;
        this.git = git;
      }
      resolveCommit;
      git;
      /** Asked for (or started), by the commits as given ("base head"), and git's diffs by their SHAs. */
      files = /* @__PURE__ */ new Map();
      gitDiffs = /* @__PURE__ */ new Map();
      /** Diffs started before their commits were verified (startDiff), taken by the first ask. */
      early = /* @__PURE__ */ new Map();
      /** The changed files, renames paired. */
      changedFiles(base, head) {
        return once(this.files, `${base} ${head}`, async () => {
          const [from, to] = await Promise.all([this.resolveCommit(base), this.resolveCommit(head)]);
          const key = `${from} ${to}`;
          return once(this.gitDiffs, key, () => {
            const early = this.early.get(key);
            this.early.delete(key);
            return early?.catch(() => this.diffTree(from, to)) ?? this.diffTree(from, to);
          });
        });
      }
      /**
       * Start the diff of two full SHAs beside their verification, which costs a process start of its
       * own: on a push that touches no manifest the diff is most of the plan. An early diff that failed
       * (a commit a shallow clone fetches only while it is verified) is run again when asked for.
       */
      startDiff(from, to) {
        const key = `${from} ${to}`;
        if (this.gitDiffs.has(key) || this.early.has(key)) return;
        const started = this.diffTree(from, to);
        started.catch(() => {
        });
        this.early.set(key, started);
      }
      async diffTree(from, to) {
        const { stdout: stdout2 } = await this.git.run([...DIFF_TREE, from, to, "--"]);
        return parseNameStatus(stdout2);
      }
    };
  }
});

// src/git/find-work-tree.ts
function findWorkTreeRoot(dir, env) {
  if (DISCOVERY_VARIABLES.some((name) => env[name] !== void 0)) return void 0;
  for (let current = (0, import_node_fs4.realpathSync)(dir); ; current = (0, import_node_path3.dirname)(current)) {
    const dotGit = (0, import_node_path3.join)(current, ".git");
    const found = lstatOrUndefined(dotGit);
    if (found?.isFile()) return readOrEmpty(dotGit).startsWith("gitdir: ") ? current : void 0;
    if (found?.isDirectory()) {
      const head = lstatOrUndefined((0, import_node_path3.join)(dotGit, "HEAD"));
      const objects = lstatOrUndefined((0, import_node_path3.join)(dotGit, "objects"));
      if (!head?.isFile() || !objects?.isDirectory()) return void 0;
      return /^\s*worktree\s*=/im.test(readOrEmpty((0, import_node_path3.join)(dotGit, "config"))) ? void 0 : current;
    }
    if (found) return void 0;
    if ((0, import_node_path3.dirname)(current) === current) return void 0;
  }
}
function lstatOrUndefined(path) {
  try {
    return (0, import_node_fs4.lstatSync)(path);
  } catch {
    return void 0;
  }
}
function readOrEmpty(path) {
  try {
    return (0, import_node_fs4.readFileSync)(path, "utf8");
  } catch {
    return "";
  }
}
var import_node_fs4, import_node_path3, DISCOVERY_VARIABLES;
var init_find_work_tree = __esm({
  "src/git/find-work-tree.ts"() {
    "use strict";
    import_node_fs4 = require("node:fs");
    import_node_path3 = require("node:path");
    DISCOVERY_VARIABLES = [
      "GIT_DIR",
      "GIT_WORK_TREE",
      "GIT_CEILING_DIRECTORIES",
      "GIT_DISCOVERY_ACROSS_FILESYSTEM"
    ];
  }
});

// src/git/git.ts
function objectWords(type) {
  if (type === "tree") return "a tree (a directory)";
  if (type === "blob") return "a blob (a file)";
  return `a ${type}`;
}
var init_git = __esm({
  "src/git/git.ts"() {
    "use strict";
  }
});

// src/git/safe-ref.ts
function assertSafeRef(ref) {
  if (ref === "") throw new UserError("empty ref: expected a commit SHA, branch or tag");
  if (ref.startsWith("-")) throw new UserError(`ref ${JSON.stringify(ref)} must not start with '-'`);
  if (/[\0\n\r]/.test(ref)) throw new UserError(`ref ${JSON.stringify(ref)} contains a control character`);
}
var init_safe_ref = __esm({
  "src/git/safe-ref.ts"() {
    "use strict";
    init_errors();
  }
});

// src/git/git-history.ts
var import_node_fs5, import_node_path4, FETCH, NOT_FOUND, GitHistory;
var init_git_history = __esm({
  "src/git/git-history.ts"() {
    "use strict";
    import_node_fs5 = require("node:fs");
    import_node_path4 = require("node:path");
    init_commit_sha();
    init_errors();
    init_safe_ref();
    FETCH = ["fetch", "--progress", "--no-tags", "--no-recurse-submodules"];
    NOT_FOUND = [1, 128];
    GitHistory = class {
      constructor(root, git, network) {
        this.root = root;
        this.git = git;
        this.network = network;
      }
      root;
      git;
      network;
      async hasCommit(sha) {
        assertSafeRef(sha);
        const { exitCode, stdout: stdout2 } = await this.git.run(["cat-file", "-t", `${sha}^{commit}`], NOT_FOUND);
        return exitCode === 0 && stdout2.trim() === "commit";
      }
      async isShallow() {
        const { stdout: stdout2 } = await this.git.run(["rev-parse", "--is-shallow-repository"]);
        return stdout2.trim() === "true";
      }
      async fetchCommit(sha) {
        if (!isFullSha(sha)) throw new UserError(`cannot fetch ${JSON.stringify(sha)}: not a full commit SHA`);
        const depth = await this.isShallow() ? ["--depth=1"] : [];
        return this.tryNetwork([...FETCH, ...depth, "origin", sha]);
      }
      async fetchBranch(branch) {
        assertSafeRef(branch);
        const valid = await this.git.run(["check-ref-format", `refs/heads/${branch}`], [1]);
        if (valid.exitCode !== 0) throw new UserError(`not a valid branch name: ${JSON.stringify(branch)}`);
        const depth = await this.isShallow() ? ["--depth=1"] : [];
        return this.tryNetwork([
          ...FETCH,
          ...depth,
          "origin",
          `+refs/heads/${branch}:refs/remotes/origin/${branch}`
        ]);
      }
      async deepen(by, commits) {
        if (!Number.isInteger(by) || by < 1) throw new Error(`deepen: ${by} is not a positive integer`);
        if (!await this.isShallow()) return false;
        const wants = commits?.length ? commits : [await this.resolveCommit("HEAD")];
        for (const sha of wants) {
          if (!isFullSha(sha)) throw new Error(`deepen: ${JSON.stringify(sha)} is not a full commit SHA`);
        }
        const before = await this.readShallowFile();
        if (!await this.tryNetwork([...FETCH, `--deepen=${by}`, "origin", ...wants])) return false;
        return await this.readShallowFile() !== before;
      }
      async mergeBase(a, b) {
        assertSafeRef(a);
        assertSafeRef(b);
        const { stdout: stdout2 } = await this.git.run(["merge-base", a, b], [1]);
        return stdout2.trim() || void 0;
      }
      async firstParent(sha) {
        assertSafeRef(sha);
        const { stdout: stdout2 } = await this.git.run(["cat-file", "commit", sha]);
        for (const line of stdout2.split("\n")) {
          if (line === "") break;
          if (line.startsWith("parent ")) return line.slice("parent ".length).trim();
        }
        return void 0;
      }
      async isAncestor(a, b) {
        assertSafeRef(a);
        assertSafeRef(b);
        const { exitCode } = await this.git.run(["merge-base", "--is-ancestor", a, b], [1]);
        return exitCode === 0;
      }
      async tryNetwork(args) {
        try {
          await this.network.run(args);
          return true;
        } catch {
          return false;
        }
      }
      async readShallowFile() {
        const path = (await this.git.run(["rev-parse", "--git-path", "shallow"])).stdout.trim();
        try {
          return (0, import_node_fs5.readFileSync)((0, import_node_path4.resolve)(this.root, path), "utf8");
        } catch {
          return "";
        }
      }
    };
  }
});

// src/git/parse-ls-tree.ts
function parseLsTree(output) {
  const entries = [];
  for (const record of output.split("\0")) {
    if (record === "") continue;
    const tab = record.indexOf("	");
    const [mode, type, oid] = record.slice(0, tab).split(" ");
    if (tab < 0 || mode === void 0 || type === void 0 || oid === void 0) {
      throw new Error(`unexpected git ls-tree output: ${JSON.stringify(record.slice(0, 200))}`);
    }
    entries.push({ mode, type, oid, path: record.slice(tab + 1) });
  }
  return entries;
}
function blobPathsOfLsTree(output, baseNames) {
  if (baseNames) return blobPathsNamed(typeof output === "string" ? Buffer.from(output) : output, baseNames);
  const text = typeof output === "string" ? output : output.toString("utf8");
  const paths = [];
  let at = 0;
  while (at < text.length) {
    const end = text.indexOf("\0", at);
    const stop = end === -1 ? text.length : end;
    const entry = entryOf(text.slice(at, stop));
    if (entry.type === "blob") paths.push(entry.path);
    at = stop + 1;
  }
  return paths;
}
function blobPathsNamed(output, baseNames) {
  if (baseNames.length === 0) return [];
  const text = output.toString("latin1");
  const names2 = new RegExp(`[/	](?:${baseNames.map(escapeRegExp).join("|")})(?:\0|$)`, "g");
  const wanted = new Set(baseNames);
  const paths = [];
  for (const match of text.matchAll(names2)) {
    const stop = match[0].endsWith("\0") ? match.index + match[0].length - 1 : text.length;
    const entry = entryOf(output.toString("utf8", text.lastIndexOf("\0", match.index) + 1, stop));
    if (entry.type === "blob" && wanted.has(entry.path.slice(entry.path.lastIndexOf("/") + 1))) {
      paths.push(entry.path);
    }
  }
  return paths;
}
function escapeRegExp(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function entryOf(record) {
  const space = record.indexOf(" ");
  const tab = record.indexOf("	");
  if (space < 0 || tab < 0 || space > tab) {
    throw new Error(`unexpected git ls-tree output: ${JSON.stringify(record.slice(0, 200))}`);
  }
  return { type: record.slice(space + 1, record.indexOf(" ", space + 1)), path: record.slice(tab + 1) };
}
var init_parse_ls_tree = __esm({
  "src/git/parse-ls-tree.ts"() {
    "use strict";
  }
});

// vendor:simple-git
var require_simple_git = __commonJS({
  "vendor:simple-git"(exports2, module2) {
    module2.exports = require(__configRolloutVendor("simple-git"));
  }
});

// src/git/run-git.ts
function createGitRunner(baseDir, idleTimeoutMs) {
  return {
    async run(args, okExitCodes = []) {
      try {
        const { exitCode, stdout: stdout2 } = await spawnGit(baseDir, args, { okExitCodes, idleTimeoutMs });
        return { exitCode, stdout: exitCode === 0 ? stdout2.toString("utf8") : "" };
      } catch (error) {
        throw describe(error, args);
      }
    },
    async runBuffer(args) {
      try {
        return (await spawnGit(baseDir, args, { idleTimeoutMs })).stdout;
      } catch (error) {
        throw describe(error, args);
      }
    },
    async runRecords(args, onRecords) {
      const records = nulRecords(onRecords);
      try {
        await spawnGit(baseDir, args, { onStdout: records.push, idleTimeoutMs });
      } catch (error) {
        throw describe(error, args);
      }
      records.end();
    }
  };
}
function createNetworkGitRunner(baseDir, timeoutMs) {
  let loading;
  const load = async () => {
    const { simpleGit, GitPluginError } = await Promise.resolve().then(() => __toESM(require_simple_git(), 1));
    return simpleGit({
      baseDir,
      config: GIT_CONFIG,
      trimmed: false,
      timeout: { block: timeoutMs },
      // simple-git 4 strips git's variables from the environment it inherits. A CI job hands git its
      // credentials and transport that way (GIT_SSH_COMMAND, GIT_ASKPASS, GIT_CONFIG_COUNT/KEY/VALUE),
      // and the job's environment is the user's own, not the repository's: pass it through as git
      // itself would see it. The arguments stay ours and are still checked.
      allowEnvironment: inheritedGitVariables(),
      errors(error, result) {
        if (error instanceof GitPluginError) return error;
        if (result.exitCode !== 0) {
          return new GitExitError(result.exitCode, Buffer.concat(result.stdErr).toString("utf8"));
        }
        return error;
      }
    });
  };
  return {
    async run(args, okExitCodes = []) {
      loading ??= load();
      try {
        return { exitCode: 0, stdout: await (await loading).raw(args) };
      } catch (error) {
        if (error instanceof GitExitError && okExitCodes.includes(error.exitCode)) {
          return { exitCode: error.exitCode, stdout: "" };
        }
        throw describe(error, args);
      }
    }
  };
}
function inheritedGitVariables() {
  return Object.keys(process.env).filter((name) => name.startsWith("GIT_") || name === "SSH_ASKPASS");
}
function describe(error, args) {
  const missing = error instanceof GitExitError ? missingObjectError(error.stderr) : void 0;
  if (missing) return missing;
  const message = error instanceof Error ? error.message.trim() : String(error);
  const command = args.join(" ");
  const shown2 = command.length > 200 ? `${command.slice(0, 200)}...` : command;
  return new Error(`git ${shown2} failed: ${message}`, { cause: error });
}
var init_run_git = __esm({
  "src/git/run-git.ts"() {
    "use strict";
    init_missing_object();
    init_spawn_git();
  }
});

// src/git/grep-patterns.ts
function patternSyntaxFor(needles, perlAvailable2) {
  if (!needles.every((needle) => /^[\x20-\x7e]+$/.test(needle))) return "fixed";
  return perlAvailable2 ? "perl" : "extended";
}
function grepPatternLines(needles, syntax) {
  if (syntax === "fixed") return [...needles];
  const literalOf = syntax === "perl" ? escapePerl : escapeExtended;
  const lines = [];
  let current = [];
  let length = 0;
  for (const needle of needles) {
    const literal = literalOf(needle);
    if (current.length > 0 && length + literal.length + 1 > MAX_PATTERN_CHARS) {
      lines.push(current.join("|"));
      current = [];
      length = 0;
    }
    current.push(literal);
    length += literal.length + 1;
  }
  if (current.length > 0) lines.push(current.join("|"));
  return lines;
}
function escapePerl(text) {
  return text.replace(/[^A-Za-z0-9]/g, "\\$&");
}
function escapeExtended(text) {
  return text.replace(/[.[\]\\()*+?{}|^$]/g, "\\$&");
}
var MAX_PATTERN_CHARS, SYNTAX_FLAG;
var init_grep_patterns = __esm({
  "src/git/grep-patterns.ts"() {
    "use strict";
    MAX_PATTERN_CHARS = 8e3;
    SYNTAX_FLAG = { perl: "-P", extended: "-E", fixed: "-F" };
  }
});

// src/git/run-grep.ts
async function runGrep(root, request, onName) {
  if (request.needles.length === 0) return;
  const syntax = patternSyntaxFor(request.needles, perlAvailable);
  try {
    await grepWith(root, request, syntax, onName);
  } catch (error) {
    if (!(syntax === "perl" && error instanceof GitExitError && NO_PERL.test(error.stderr))) {
      throw grepError(error);
    }
    perlAvailable = false;
    await grepWith(root, request, "extended", onName).catch((retryError) => {
      throw grepError(retryError);
    });
  }
}
async function grepWith(root, request, syntax, onName) {
  const names2 = nulRecords((records) => {
    for (const name of records.toString("utf8").split("\0")) if (name !== "") onName(name);
  });
  const args = [
    "grep",
    "-z",
    "-l",
    "-I",
    "--no-color",
    `--threads=${grepThreads()}`,
    SYNTAX_FLAG[syntax],
    "-f",
    "-",
    request.rev,
    "--"
  ];
  await spawnGit(root, [...args, ...request.pathspecs], {
    okExitCodes: [1],
    idleTimeoutMs: request.idleTimeoutMs,
    onStdout: names2.push,
    input: `${grepPatternLines(request.needles, syntax).join("\n")}
`,
    // Byte semantics whatever the runner's locale: a UTF-8 locale would make PCRE2 decode every
    // file as UTF-8; the patterns are ASCII, so what matches is the same either way.
    ...syntax === "fixed" ? {} : { env: { LC_ALL: "C" } },
    ...request.signal ? { signal: request.signal } : {}
  });
  names2.end();
}
function grepThreads(cores = (0, import_node_os.availableParallelism)()) {
  return Math.max(1, cores - 1);
}
function grepError(error) {
  if (!(error instanceof GitExitError)) return error;
  const text = error.stderr.trim();
  return missingObjectError(text) ?? new Error(`git grep failed (exit ${error.exitCode}): ${text}`);
}
var import_node_os, NO_PERL, perlAvailable;
var init_run_grep = __esm({
  "src/git/run-grep.ts"() {
    "use strict";
    import_node_os = require("node:os");
    init_grep_patterns();
    init_missing_object();
    init_spawn_git();
    NO_PERL = /Perl-compatible|PCRE|JIT|In '-' at \d+/;
    perlAvailable = true;
  }
});

// src/git/create-git.ts
async function createGit(repoDir, options) {
  const { timeoutMs } = options;
  const dir = (0, import_node_path5.resolve)(repoDir);
  if (!statOrUndefined(dir)?.isDirectory()) throw new UserError(`repository directory ${dir} does not exist`);
  const found = findWorkTreeRoot(dir, process.env);
  const root = found ?? await askGitForWorkTree(dir, timeoutMs);
  const adapter = new GitAdapter(
    root,
    createGitRunner(root, timeoutMs),
    createNetworkGitRunner(root, timeoutMs),
    timeoutMs
  );
  if (found !== void 0)
    adapter.checkWorkTree = () => askGitForWorkTree(dir, timeoutMs).then(() => void 0);
  return adapter;
}
function statOrUndefined(path) {
  try {
    return (0, import_node_fs6.statSync)(path);
  } catch {
    return void 0;
  }
}
async function askGitForWorkTree(dir, timeoutMs) {
  let root;
  try {
    root = (await createGitRunner(dir, timeoutMs).run(["rev-parse", "--show-toplevel"])).stdout.trim();
  } catch (error) {
    const reason2 = error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error);
    throw new UserError(`${dir} is not inside a git work tree (${reason2})`);
  }
  if (root === "") throw new UserError(`${dir} is not inside a git work tree`);
  return root;
}
function splitByNewline(paths) {
  const unique3 = [...new Set(paths)].filter((path) => path !== "");
  return [unique3.filter((path) => !path.includes("\n")), unique3.filter((path) => path.includes("\n"))];
}
async function catFileSizes(root, names2, idleTimeoutMs) {
  if (names2.length === 0) return [];
  const entries = [];
  const parser = new CatFileBatchParser(false, (entry) => entries.push(entry));
  try {
    await spawnGit(root, ["cat-file", "--batch-check", "--buffer"], {
      input: `${names2.join("\n")}
`,
      idleTimeoutMs,
      onStdout: (chunk) => parser.push(chunk)
    });
  } catch (error) {
    if (!(error instanceof GitExitError)) throw error;
    const text = error.stderr.trim();
    throw missingObjectError(text) ?? new Error(`git cat-file --batch-check failed (exit ${error.exitCode}): ${text}`);
  }
  parser.end();
  if (entries.length !== names2.length) {
    throw new Error(`git cat-file answered ${entries.length} of ${names2.length} lookups`);
  }
  return entries;
}
var import_node_fs6, import_node_path5, GitAdapter;
var init_create_git = __esm({
  "src/git/create-git.ts"() {
    "use strict";
    import_node_fs6 = require("node:fs");
    import_node_path5 = require("node:path");
    init_errors();
    init_cat_file_reader();
    init_commit_diffs();
    init_find_work_tree();
    init_git();
    init_git_history();
    init_missing_object();
    init_parse_cat_file_batch();
    init_parse_ls_tree();
    init_run_git();
    init_run_grep();
    init_safe_ref();
    init_spawn_git();
    GitAdapter = class extends GitHistory {
      constructor(root, git, network, timeoutMs) {
        super(root, git, network);
        this.timeoutMs = timeoutMs;
        this.objects = new CatFileReader(root);
        this.diffs = new CommitDiffs((ref) => this.resolveCommit(ref), git);
      }
      timeoutMs;
      /**
       * Full SHAs already verified to name a commit. A commit never changes, so each stage that passes
       * the same SHA (diff, reads at base and head, grep) no longer spawns its own `rev-parse`.
       */
      knownCommits = /* @__PURE__ */ new Set();
      /** Set when the root was found without git: asks git, and throws when it will not use the repository. */
      checkWorkTree;
      /** Every object read goes through one long-lived `cat-file --batch`. */
      objects;
      /** How two commits differ: git's diff, once per pair. */
      diffs;
      async resolveCommit(ref) {
        const sha = await this.tryResolveCommit(ref);
        if (sha !== void 0) return sha;
        const type = await this.objectType(ref);
        throw new UserError(
          `not a commit: ${ref}${type && type !== "commit" ? ` (it names ${objectWords(type)})` : ""}`
        );
      }
      async tryResolveCommit(ref) {
        assertSafeRef(ref);
        if (this.knownCommits.has(ref)) return ref;
        const sha = await new Promise((resolve10, reject) => {
          if (this.resolving === void 0) {
            this.resolving = [];
            queueMicrotask(() => this.resolveBatch());
          }
          this.resolving.push({ ref, resolve: resolve10, reject });
        });
        if (sha !== void 0 && sha === ref) this.knownCommits.add(sha);
        return sha;
      }
      async objectType(ref) {
        assertSafeRef(ref);
        const [entry] = await this.objects.read([`${ref}^{}`], 0);
        return entry?.kind === "object" ? entry.type : void 0;
      }
      /** Refs asked for in the same tick (a range's base and head), waiting for one git process. */
      resolving;
      /**
       * One `cat-file --batch-check` answers every ref asked for in one tick (`<ref>^{commit}`: the
       * commit a tag or branch names; "missing" when there is none). Should it fail as a whole, each
       * ref is asked on its own, as `rev-parse --verify` would answer it.
       */
      async resolveBatch() {
        const batch = this.resolving ?? [];
        this.resolving = void 0;
        let entries;
        try {
          entries = await this.objects.read(
            batch.map((b) => `${b.ref}^{commit}`),
            0
          );
        } catch {
          entries = void 0;
          try {
            await this.checkWorkTree?.();
          } catch (refusal) {
            for (const request of batch) request.reject(refusal);
            return;
          }
        }
        for (const [i, request] of batch.entries()) {
          const entry = entries?.[i];
          if (entries !== void 0) {
            request.resolve(entry?.kind === "object" && entry.type === "commit" ? entry.oid : void 0);
            continue;
          }
          this.git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", `${request.ref}^{commit}`], NOT_FOUND).then(({ stdout: stdout2 }) => request.resolve(stdout2.trim() || void 0), request.reject);
        }
      }
      async uncommittedPaths() {
        const args = [
          "--no-optional-locks",
          "status",
          "--porcelain=v1",
          "-z",
          "--untracked-files=no",
          "--no-renames"
        ];
        let stdout2;
        try {
          ({ stdout: stdout2 } = await this.git.run(args, NOT_FOUND));
        } catch {
          return [];
        }
        return stdout2.split("\0").filter((record) => record.length > 3 && ("MTA".includes(record[0]) || "MTD".includes(record[1]))).filter((record) => record[0] !== " " || record[1] !== " ").map((record) => record.slice(3));
      }
      changedFiles(base, head) {
        return this.diffs.changedFiles(base, head);
      }
      startDiff(base, head) {
        this.diffs.startDiff(base, head);
      }
      async readFile(rev, path) {
        return (await this.readFiles(rev, [path])).get(path);
      }
      async readFiles(rev, paths) {
        return (await this.readFilesUpTo(rev, paths, Number.POSITIVE_INFINITY)).files;
      }
      async readFilesUpTo(rev, paths, maxBytes) {
        const sha = await this.resolveCommit(rev);
        const files = /* @__PURE__ */ new Map();
        const oversized = /* @__PURE__ */ new Map();
        const [plain, withNewline] = splitByNewline(paths);
        const entries = await this.objects.read(
          plain.map((path) => `${sha}:${path}`),
          maxBytes
        );
        entries.forEach((entry, i) => {
          if (entry.kind !== "object" || entry.type !== "blob") return;
          if (entry.content) files.set(plain[i], entry.content);
          else oversized.set(plain[i], entry.size);
        });
        for (const path of withNewline) {
          const blob = await this.lsTreeBlob(sha, path);
          if (!blob) continue;
          const bytes = await this.git.runBuffer(["cat-file", "blob", blob]);
          if (bytes.length > maxBytes) oversized.set(path, bytes.length);
          else files.set(path, bytes);
        }
        return { files, oversized };
      }
      async fileSize(rev, path) {
        return (await this.fileSizes(rev, [path])).get(path);
      }
      async fileSizes(rev, paths) {
        const sha = await this.resolveCommit(rev);
        const sizes = /* @__PURE__ */ new Map();
        const [plain, withNewline] = splitByNewline(paths);
        const entries = await catFileSizes(
          this.root,
          plain.map((path) => `${sha}:${path}`),
          this.timeoutMs
        );
        entries.forEach((entry, i) => {
          if (entry.kind === "object" && entry.type === "blob") sizes.set(plain[i], entry.size);
        });
        for (const path of withNewline) {
          const blob = await this.lsTreeBlob(sha, path);
          if (blob) sizes.set(path, Number((await this.git.run(["cat-file", "-s", blob])).stdout.trim()));
        }
        return sizes;
      }
      async presentPaths(rev, paths) {
        const sha = await this.resolveCommit(rev);
        const [plain] = splitByNewline(paths);
        const entries = await catFileSizes(
          this.root,
          plain.map((path) => `${sha}:${path}`),
          this.timeoutMs
        );
        return new Set(plain.filter((_, i) => entries[i]?.kind === "object"));
      }
      async listFiles(rev, baseNames) {
        const sha = await this.resolveCommit(rev);
        const paths = [];
        await this.git.runRecords(["ls-tree", "-r", "-z", "--full-tree", sha], (records) => {
          for (const path of blobPathsOfLsTree(records, baseNames)) paths.push(path);
        });
        return paths;
      }
      async grepFiles(rev, fixedStrings, pathspecs = [], signal) {
        const sha = await this.resolveCommit(rev);
        const found = /* @__PURE__ */ new Set();
        await this.grep(sha, fixedStrings, pathspecs, (path) => found.add(path), signal);
        return [...found].sort();
      }
      async grepAndReadFiles(rev, fixedStrings, pathspecs, options) {
        const sha = await this.resolveCommit(rev);
        const found = /* @__PURE__ */ new Set();
        const withNewline = [];
        const reading = [];
        const prefix = `${sha}:`;
        const deliver = (entry, name) => {
          if (entry.kind !== "object" || entry.type !== "blob") return;
          const path = name.slice(prefix.length);
          options.onFile(path, entry.content ? { bytes: entry.content } : { oversized: entry.size });
        };
        const onPath = (path) => {
          if (found.has(path)) return;
          found.add(path);
          if (!options.read(path)) return;
          if (path.includes("\n")) return void withNewline.push(path);
          const read = this.objects.read([`${prefix}${path}`], options.maxBytes, deliver);
          read.catch(() => {
          });
          reading.push(read);
        };
        try {
          await this.grep(sha, fixedStrings, pathspecs, onPath, options.signal);
        } catch (error) {
          await Promise.allSettled(reading);
          throw error;
        }
        await Promise.all(reading);
        if (withNewline.length > 0) {
          const read = await this.readFilesUpTo(sha, withNewline, options.maxBytes);
          for (const [path, bytes] of read.files) options.onFile(path, { bytes });
          for (const [path, size] of read.oversized) options.onFile(path, { oversized: size });
        }
        return [...found].sort();
      }
      /** One `git grep` for all the names; `onPath` gets each matching path as git prints it. */
      async grep(sha, fixedStrings, pathspecs, onPath, signal) {
        const needles = [...new Set(fixedStrings)].filter((needle) => !needle.includes("\n"));
        if (needles.includes("")) throw new Error("grepFiles: cannot search for an empty string");
        const prefix = `${sha}:`;
        const request = {
          needles,
          rev: sha,
          pathspecs,
          idleTimeoutMs: this.timeoutMs,
          ...signal ? { signal } : {}
        };
        await runGrep(
          this.root,
          request,
          (name) => onPath(name.startsWith(prefix) ? name.slice(prefix.length) : name)
        );
      }
      /** The blob id at an exact path (for names `cat-file --batch` cannot take: those with newlines). */
      async lsTreeBlob(sha, path) {
        const { stdout: stdout2 } = await this.git.run(["ls-tree", "-z", "--full-tree", sha, "--", path]);
        return parseLsTree(stdout2).find((entry) => entry.path === path && entry.type === "blob")?.oid;
      }
    };
  }
});

// src/range/github-event.ts
function eventReader(env) {
  let read;
  return () => {
    read ??= readEventPayload(env);
    return read;
  };
}
async function readEventPayload(env) {
  const path = env.GITHUB_EVENT_PATH;
  return path ? readEventFile(path) : void 0;
}
async function readEventFile(path) {
  let text;
  try {
    text = (0, import_node_fs7.readFileSync)(path, "utf8");
  } catch (error) {
    const code = error.code;
    throw new UserError(
      `GITHUB_EVENT_PATH ${path} cannot be read (${code === "ENOENT" ? "no such file" : code ?? String(error)})`
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UserError(`GITHUB_EVENT_PATH ${path} is not valid JSON: ${error.message}`);
  }
}
var import_node_fs7;
var init_github_event = __esm({
  "src/range/github-event.ts"() {
    "use strict";
    import_node_fs7 = require("node:fs");
    init_errors();
  }
});

// src/range/ci-kind.ts
function detectCiKind(env) {
  if (env.GITHUB_ACTIONS === "true") return "github";
  if (env.GITLAB_CI === "true") return "gitlab";
  return "local";
}
function inCiJob(env) {
  const ci = env.CI?.trim().toLowerCase();
  return detectCiKind(env) !== "local" || ci !== void 0 && ci !== "" && ci !== "false" && ci !== "0";
}
function fetchDepthHint(ci) {
  switch (ci) {
    case "github":
      return "set fetch-depth: 0 on actions/checkout";
    case "gitlab":
      return "set GIT_DEPTH: 0 in the job's variables";
    case "local":
      return "fetch more history (git fetch --unshallow)";
  }
}
var init_ci_kind = __esm({
  "src/range/ci-kind.ts"() {
    "use strict";
  }
});

// src/range/read-ci-environment.ts
async function readCiEnvironment(flags, env = process.env, readEvent = eventReader(env)) {
  const picked = {};
  for (const [key, value] of Object.entries(env)) {
    if (RELEVANT.test(key)) picked[key] = value;
  }
  const ci = detectCiKind(env);
  const input = { flags, env: picked, ci };
  const flagsDecide = Boolean(flags.base?.trim() || flags.head?.trim());
  if (ci === "github" && env.GITHUB_EVENT_PATH) {
    if (!flagsDecide) input.event = await readEvent();
    else {
      input.event = await readEvent().catch((error) => {
        if (error instanceof UserError) return void 0;
        throw error;
      });
    }
  }
  return input;
}
var RELEVANT;
var init_read_ci_environment = __esm({
  "src/range/read-ci-environment.ts"() {
    "use strict";
    init_errors();
    init_ci_kind();
    init_github_event();
    RELEVANT = /^(GITHUB_|GITLAB_CI$|CI_)/;
  }
});

// src/range/untrusted-head.ts
function untrustedHead(env, event) {
  if (env.GITHUB_ACTIONS === "true") {
    if (!env.GITHUB_EVENT_NAME)
      return "a GitHub Actions run that names no event (GITHUB_EVENT_NAME is not set)";
    return untrustedSource(env.GITHUB_EVENT_NAME, event);
  }
  if (env.GITLAB_CI === "true") return untrustedGitLab(env);
  return void 0;
}
function untrustedGitLab(env) {
  const pipeline = env.CI_PIPELINE_SOURCE;
  if (pipeline === "external_pull_request_event") {
    const source3 = env.CI_EXTERNAL_PULL_REQUEST_SOURCE_REPOSITORY;
    const target2 = env.CI_EXTERNAL_PULL_REQUEST_TARGET_REPOSITORY;
    if (!source3 || !target2) return "an external pull request whose source repository is not known";
    return source3 !== target2 ? "an external pull request from a fork" : void 0;
  }
  const source2 = env.CI_MERGE_REQUEST_SOURCE_PROJECT_ID;
  const target = env.CI_MERGE_REQUEST_PROJECT_ID;
  const mergeRequest = pipeline === "merge_request_event" || Boolean(env.CI_MERGE_REQUEST_IID);
  if (mergeRequest && (!source2 || !target)) {
    return "a merge request whose source project is not known (CI_MERGE_REQUEST_SOURCE_PROJECT_ID or CI_MERGE_REQUEST_PROJECT_ID is not set)";
  }
  if (source2 && target && source2 !== target) return "a merge request from a fork";
  return void 0;
}
function untrustedSource(eventName, event) {
  if (eventName === "pull_request_target") return "a pull_request_target event";
  if (eventName === "pull_request" || eventName === "pull_request_review") {
    const pr = field2(event, "pull_request");
    const fork = forkOf(field2(field2(pr, "head"), "repo"), field2(field2(pr, "base"), "repo"));
    if (fork === "unknown") {
      return event === void 0 ? "a pull request whose event payload was not read (a fork cannot be ruled out)" : "a pull request whose head repository is not known (a deleted fork?)";
    }
    return fork ? "a pull request from a fork" : void 0;
  }
  if (eventName === "workflow_run") {
    if (event === void 0) {
      return "a workflow_run event whose payload was not read (a fork's pull request may have triggered it)";
    }
    const run2 = field2(event, "workflow_run");
    const trigger = field2(run2, "event");
    if (typeof trigger !== "string") return "a workflow_run event whose payload names no triggering event";
    if (trigger !== "pull_request" && trigger !== "pull_request_target") return void 0;
    const fork = forkOf(field2(run2, "head_repository"), field2(run2, "repository"));
    if (fork === "unknown")
      return "a workflow_run triggered by a pull request whose head repository is not known";
    return fork ? "a workflow_run triggered by a pull request from a fork" : void 0;
  }
  return void 0;
}
function forkOf(head, base) {
  const headName = field2(head, "full_name");
  const baseName = field2(base, "full_name");
  if (typeof headName !== "string" || typeof baseName !== "string") return "unknown";
  return headName.toLowerCase() !== baseName.toLowerCase();
}
function field2(value, key) {
  return typeof value === "object" && value !== null ? value[key] : void 0;
}
function decideTrust(input) {
  let dryRun = input.dryRun;
  let note;
  if (input.eventName === "pull_request" && !input.dryRunExplicit) {
    dryRun = "client";
    note = "pull_request event: dry run by default (the plan only); set the dry-run input to change that";
  }
  const untrusted = input.eventName ? untrustedSource(input.eventName, input.event) : "a GitHub Actions run that names no event (GITHUB_EVENT_NAME is not set)";
  if (untrusted && dryRun === "none") {
    if (!input.allowUntrusted) {
      throw new UserError(
        `refusing to change the cluster from ${untrusted}: that code is untrusted while this job holds your credentials. Set dry-run: client to only report the plan, or allow-untrusted: true if you trust every pull request author.`
      );
    }
    note = `allow-untrusted: true: changing the cluster from ${untrusted}`;
  }
  return note ? { dryRun, note } : { dryRun };
}
var init_untrusted_head = __esm({
  "src/range/untrusted-head.ts"() {
    "use strict";
    init_errors();
  }
});

// src/kube/kubeconfig-source.ts
function findKubeConfigSource(opts) {
  return chooseSource(opts)?.label;
}
function chooseSource(opts) {
  const env = opts.env;
  const home = env.HOME || env.USERPROFILE;
  if (opts.kubeconfigPath) {
    const pathLabel = opts.pathLabel ?? "--kubeconfig";
    const file = (0, import_node_path6.resolve)(expandHome(opts.kubeconfigPath, home));
    if (!(0, import_node_fs8.existsSync)(file)) {
      const credential = describeCredential(opts.kubeconfigPath);
      if (credential) throw misplacedCredential(pathLabel, credential);
      throw new UserError(
        `${pathLabel} ${opts.kubeconfigPath}: no such file (it must hold the path of a kubeconfig file)`
      );
    }
    return { type: "file", files: [file], label: `${pathLabel} ${opts.kubeconfigPath}` };
  }
  if (opts.kubeconfigData?.trim()) {
    const label2 = opts.dataLabel ?? "CONFIG_ROLLOUT_KUBECONFIG";
    if (looksLikePath(opts.kubeconfigData, home)) {
      throw new UserError(
        `${label2} holds a file path; it must hold the kubeconfig itself (its text or base64 of it). To use a kubeconfig file, pass its path with --kubeconfig, KUBECONFIG or the action's \`kubeconfig\` input`
      );
    }
    const credential = describeCredential(opts.kubeconfigData);
    if (credential?.includes("token")) {
      throw new UserError(
        `${label2} holds ${credential} (not shown), not a kubeconfig: it must hold a whole kubeconfig, as text or base64`
      );
    }
    return {
      type: "data",
      text: decodeKubeconfigData(opts.kubeconfigData, label2),
      raw: opts.kubeconfigData,
      label: label2
    };
  }
  if (env.KUBECONFIG) {
    const listed = env.KUBECONFIG.split(import_node_path6.delimiter).filter((f) => f !== "");
    const files = listed.map((f) => (0, import_node_path6.resolve)(expandHome(f, home))).filter((f) => (0, import_node_fs8.existsSync)(f));
    if (files.length === 0) {
      const credential = describeCredential(env.KUBECONFIG);
      if (credential) throw misplacedCredential("KUBECONFIG", credential);
      throw new UserError(
        `KUBECONFIG=${env.KUBECONFIG}: no such file (it must hold paths of kubeconfig files)`
      );
    }
    return { type: "file", files, label: `KUBECONFIG (${files.join(import_node_path6.delimiter)})` };
  }
  if (home) {
    const file = (0, import_node_path6.join)(home, ".kube", "config");
    if ((0, import_node_fs8.existsSync)(file)) return { type: "file", files: [file], label: file };
  }
  const dir = opts.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  if (host && port && (0, import_node_fs8.existsSync)((0, import_node_path6.join)(dir, "token"))) {
    const scheme = ["80", "8080", "8001"].includes(port) ? "http" : "https";
    const server = `${scheme}://${(0, import_node_net.isIPv6)(host) ? `[${host}]` : host}:${port}`;
    return { type: "in-cluster", server, dir, label: "in-cluster service account" };
  }
  return void 0;
}
function decodeKubeconfigData(value, label2) {
  const trimmed = value.trim();
  if (/^[A-Za-z0-9+/=_\s-]+$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed.replace(/\s+/g, ""), "base64").toString("utf8");
    if (/\b(clusters|contexts|apiVersion)\b/.test(decoded)) return decoded;
    throw new UserError(`${label2} is neither a kubeconfig nor base64 of one`);
  }
  return value;
}
function expandHome(path, home) {
  return home && (path === "~" || path.startsWith("~/")) ? (0, import_node_path6.join)(home, path.slice(1)) : path;
}
function describeCredential(value) {
  const trimmed = value.trim();
  if (/\n/.test(trimmed) || /^\s*(apiVersion|kind|clusters|contexts|users|current-context)\s*:/m.test(trimmed)) {
    return "a kubeconfig's text";
  }
  if (/^[A-Za-z0-9+/=_-]{16,}$/.test(trimmed)) {
    const decoded = Buffer.from(trimmed, "base64").toString("utf8");
    if (/\b(clusters|contexts|apiVersion)\b/.test(decoded)) return "base64 of a kubeconfig";
  }
  if (/^eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/.test(trimmed)) return "a token";
  if (/^[A-Za-z0-9+=_.~-]{32,}$/.test(trimmed) && !/\.(ya?ml|json|conf|config|kubeconfig)$/i.test(trimmed)) {
    return "what looks like a token";
  }
  return void 0;
}
function misplacedCredential(label2, credential) {
  return new UserError(
    `${label2} holds ${credential}, not a path (the value is not shown): it must hold the path of a kubeconfig file. To pass the kubeconfig itself (text or base64), use CONFIG_ROLLOUT_KUBECONFIG or the action's \`kubeconfig-data\` input`
  );
}
function looksLikePath(value, home) {
  const trimmed = value.trim();
  if (trimmed.includes("\n") || /:\s/.test(trimmed)) return false;
  if (/^(\/|~\/|\.{1,2}\/)/.test(trimmed)) return true;
  return (0, import_node_fs8.existsSync)((0, import_node_path6.resolve)(expandHome(trimmed, home)));
}
var import_node_fs8, import_node_net, import_node_path6, SERVICE_ACCOUNT_DIR;
var init_kubeconfig_source = __esm({
  "src/kube/kubeconfig-source.ts"() {
    "use strict";
    import_node_fs8 = require("node:fs");
    import_node_net = require("node:net");
    import_node_path6 = require("node:path");
    init_errors();
    SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";
  }
});

// vendor:@kubernetes/client-node
var require_client_node = __commonJS({
  "vendor:@kubernetes/client-node"(exports2, module2) {
    module2.exports = require(__configRolloutVendor("client-node"));
  }
});

// src/kube/exec-credential.ts
function boundExecPlugins(kc, timeoutMs, onCredential) {
  const plugins = /* @__PURE__ */ new Map();
  const users = kc.getUsers().map((user) => {
    const exec = user.exec ?? providerExec(user);
    if (!exec) return user;
    plugins.set(user.name, exec);
    const { exec: _dropped, ...rest } = user;
    return { ...rest, authProvider: { name: PROVIDER, config: {} } };
  });
  if (plugins.size === 0) return;
  kc.loadFromOptions({
    clusters: kc.getClusters(),
    users,
    contexts: kc.getContexts(),
    currentContext: kc.getCurrentContext()
  });
  const credentials = /* @__PURE__ */ new Map();
  kc.addAuthenticator({
    isAuthProvider: (user) => user?.authProvider?.name === PROVIDER,
    async applyAuthentication(user, opts) {
      const exec = plugins.get(user.name);
      if (!exec) return;
      let pending = credentials.get(user.name);
      const cached = pending && await pending;
      if (!pending || cached?.expiresAt !== void 0 && cached.expiresAt <= Date.now() + 1e4) {
        pending = runPlugin(user.name, exec, timeoutMs).then((credential2) => {
          const secrets = [credential2.token, credential2.clientKeyData].filter((s) => !!s);
          if (secrets.length > 0) onCredential?.(secrets);
          return credential2;
        });
        credentials.set(user.name, pending);
      }
      const credential = await pending;
      const target = opts;
      if (credential.clientCertificateData) target.cert = credential.clientCertificateData;
      if (credential.clientKeyData) target.key = credential.clientKeyData;
      if (credential.token)
        target.headers = { ...target.headers, Authorization: `Bearer ${credential.token}` };
    }
  });
}
function providerExec(user) {
  const config = user.authProvider?.config;
  const exec = config?.exec;
  return typeof exec === "object" && exec !== null ? exec : void 0;
}
async function runPlugin(userName, exec, timeoutMs) {
  const what = `the exec credential plugin "${exec.command}" of kubeconfig user "${userName}"`;
  const env = { ...process.env };
  for (const entry of exec.env ?? []) env[entry.name] = entry.value;
  env.KUBERNETES_EXEC_INFO = JSON.stringify({
    apiVersion: exec.apiVersion ?? "client.authentication.k8s.io/v1beta1",
    kind: "ExecCredential",
    spec: { interactive: false }
  });
  const result = await runProcess(exec.command, exec.args ?? [], { env, timeoutMs });
  const failure = result.failure;
  if (failure?.kind === "timeout") {
    throw new UserError(
      `${what} returned no credential within ${formatDuration(timeoutMs)} and was stopped (a plugin that waits for a browser login or a prompt cannot finish in CI; raise --exec-plugin-timeout if it is only slow)`
    );
  }
  if (failure?.kind === "start") {
    throw new UserError(
      failure.code === "ENOENT" ? `${what} was not found: install "${exec.command}" on the runner or fix users[].user.exec.command in the kubeconfig` : `${what} could not be started: ${failure.code ?? failure.message}`
    );
  }
  if (failure) throw new UserError(`${what} was stopped: ${failure.message}`);
  if (result.exitCode !== 0) {
    const last = result.stderrTail.split("\n").at(-1) ?? "";
    const how = result.signal ? `was killed by ${result.signal}` : `exited with code ${result.exitCode}`;
    throw new UserError(`${what} ${how}${last ? `: ${last}` : ""}`);
  }
  const credential = parseExecCredential(result.stdout.toString("utf8"));
  if (!credential)
    throw new UserError(`${what} printed no ExecCredential with a token or client certificate`);
  return credential;
}
function parseExecCredential(stdout2) {
  let parsed;
  try {
    parsed = JSON.parse(stdout2);
  } catch {
    return void 0;
  }
  const status = parsed?.status;
  if (!status || typeof status !== "object") return void 0;
  const text = (key) => typeof status[key] === "string" ? status[key] : void 0;
  const credential = {
    token: text("token"),
    clientCertificateData: text("clientCertificateData"),
    clientKeyData: text("clientKeyData")
  };
  const expiry = text("expirationTimestamp");
  if (expiry && !Number.isNaN(Date.parse(expiry))) credential.expiresAt = Date.parse(expiry);
  return credential.token || credential.clientCertificateData ? credential : void 0;
}
var PROVIDER;
var init_exec_credential = __esm({
  "src/kube/exec-credential.ts"() {
    "use strict";
    init_duration();
    init_errors();
    init_run_process();
    PROVIDER = "config-rollout-exec";
  }
});

// src/kube/connect.ts
var connect_exports = {};
__export(connect_exports, {
  NoClusterConfiguredError: () => NoClusterConfiguredError,
  loadKubeConfig: () => loadKubeConfig
});
function loadKubeConfig(opts) {
  const source2 = chooseSource(opts);
  if (!source2) return void 0;
  const kc = new import_client_node.KubeConfig();
  const secrets = [];
  if (source2.type === "file") loadFiles(kc, source2.files, source2.label);
  else if (source2.type === "data") {
    const whole = [source2.raw, source2.text, Buffer.from(source2.text).toString("base64")];
    secrets.push(...whole.filter((text) => !text.trim().includes("\n")));
    parseInto(kc, source2.label, () => kc.loadFromString(source2.text));
  } else loadInCluster(kc, source2.server, source2.dir, secrets);
  allowPlainHttp(kc);
  selectContext(kc, opts.context, source2.label);
  const cluster = kc.getCurrentCluster();
  if (holdsCredentials(cluster.server)) {
    throw new UserError(
      `cluster "${cluster.name}" of ${source2.label}: its server URL holds credentials (user:password@, not shown), which the Kubernetes client cannot send: give them as the user's username and password or token instead`
    );
  }
  if (cluster.proxyUrl && holdsCredentials(cluster.proxyUrl)) {
    throw new UserError(
      `cluster "${cluster.name}" of ${source2.label}: its proxy-url holds credentials (user:password@, not shown), which config-rollout refuses so no error can print them: use a proxy that lets the runner through without them`
    );
  }
  for (const user of kc.getUsers()) secrets.push(...userSecrets(user));
  boundExecPlugins(kc, opts.execPluginTimeoutMs, opts.onPluginCredential);
  return {
    kc,
    context: kc.getCurrentContext(),
    server: cluster.server,
    namespace: kc.getContextObject(kc.getCurrentContext())?.namespace || void 0,
    source: source2.label,
    secretsToMask: [...new Set(secrets.map((s) => s.trim()).filter((s) => s !== ""))]
  };
}
function holdsCredentials(url) {
  return /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/?#@]*@/i.test(url);
}
function loadFiles(kc, files, label2) {
  const [first, ...rest] = files;
  parseInto(kc, first, () => kc.loadFromFile(first));
  for (const file of rest) {
    const other = new import_client_node.KubeConfig();
    parseInto(other, file, () => other.loadFromFile(file));
    kc.loadFromOptions({
      clusters: mergeByName(kc.getClusters(), other.getClusters()),
      users: mergeByName(kc.getUsers(), other.getUsers()),
      contexts: mergeByName(kc.getContexts(), other.getContexts()),
      currentContext: kc.getCurrentContext() || other.getCurrentContext()
    });
  }
  if (kc.getContexts().length === 0) throw new UserError(`${label2} defines no contexts`);
}
function mergeByName(first, second) {
  const names2 = new Set(first.map((item) => item.name));
  return [...first, ...second.filter((item) => !names2.has(item.name))];
}
function parseInto(kc, where, load) {
  try {
    load();
  } catch (error) {
    const e = error;
    if (e.name === "YAMLException") {
      const line = e.mark?.line === void 0 ? "" : ` at line ${e.mark.line + 1}`;
      throw new UserError(`${where}: not valid YAML${line}: ${genericReason(e.reason)}`);
    }
    throw new UserError(`${where}: not a valid kubeconfig: ${e.message ?? String(error)}`);
  }
  if (kc.getContexts().length === 0) throw new UserError(`${where} defines no contexts`);
}
function genericReason(reason2) {
  const text = (reason2 ?? "").replace(/\s*(?:".*"|!<.*>)/g, "").replace(/:\s.*$/, "").trim();
  return text || "parse error";
}
function loadInCluster(kc, server, dir, secrets) {
  const tokenFile = (0, import_node_path7.join)(dir, "token");
  const caFile = (0, import_node_path7.join)(dir, "ca.crt");
  const namespaceFile = (0, import_node_path7.join)(dir, "namespace");
  secrets.push((0, import_node_fs9.readFileSync)(tokenFile, "utf8"));
  kc.loadFromOptions({
    clusters: [
      { name: "inCluster", server, caFile: (0, import_node_fs9.existsSync)(caFile) ? caFile : void 0, skipTLSVerify: false }
    ],
    users: [{ name: "inClusterUser", authProvider: { name: "tokenFile", config: { tokenFile } } }],
    contexts: [
      {
        name: "inClusterContext",
        cluster: "inCluster",
        user: "inClusterUser",
        namespace: (0, import_node_fs9.existsSync)(namespaceFile) ? (0, import_node_fs9.readFileSync)(namespaceFile, "utf8").trim() : void 0
      }
    ],
    currentContext: "inClusterContext"
  });
}
function allowPlainHttp(kc) {
  if (!kc.getClusters().some((c) => c.server.startsWith("http:") && !c.skipTLSVerify)) return;
  kc.loadFromOptions({
    clusters: kc.getClusters().map((c) => c.server.startsWith("http:") ? { ...c, skipTLSVerify: true } : c),
    users: kc.getUsers(),
    contexts: kc.getContexts(),
    currentContext: kc.getCurrentContext()
  });
}
function selectContext(kc, wanted, label2) {
  const available = kc.getContexts().map((c) => c.name).join(", ");
  if (wanted) {
    if (!kc.getContextObject(wanted)) {
      throw new UserError(`context "${wanted}" not found in ${label2}; available contexts: ${available}`);
    }
    kc.setCurrentContext(wanted);
  } else if (!kc.getCurrentContext() || !kc.getContextObject(kc.getCurrentContext())) {
    const current = kc.getCurrentContext();
    throw new UserError(
      current ? `current-context "${current}" of ${label2} does not exist; pass --context (available: ${available})` : `${label2} sets no current-context; pass --context (available: ${available})`
    );
  }
  const context = kc.getContextObject(kc.getCurrentContext());
  if (context && !kc.getCluster(context.cluster)) {
    throw new UserError(
      `context "${context.name}" refers to cluster "${context.cluster}", which ${label2} does not define`
    );
  }
}
function userSecrets(user) {
  const out = [];
  if (user.token) out.push(user.token);
  if (user.password) out.push(user.password);
  if (user.keyData) out.push(user.keyData, Buffer.from(user.keyData, "base64").toString("utf8"));
  const providerConfig = user.authProvider?.config;
  if (providerConfig && typeof providerConfig === "object") {
    for (const [key, value] of Object.entries(providerConfig)) {
      if (SECRET_KEY.test(key) && !/file$/i.test(key) && typeof value === "string") out.push(value);
    }
  }
  const execEnv = user.exec?.env;
  if (Array.isArray(execEnv)) {
    for (const entry of execEnv) {
      if (typeof entry.name === "string" && SECRET_KEY.test(entry.name) && typeof entry.value === "string") {
        out.push(entry.value);
      }
    }
  }
  return out;
}
var import_node_fs9, import_node_path7, import_client_node, NoClusterConfiguredError, SECRET_KEY;
var init_connect = __esm({
  "src/kube/connect.ts"() {
    "use strict";
    import_node_fs9 = require("node:fs");
    import_node_path7 = require("node:path");
    import_client_node = __toESM(require_client_node(), 1);
    init_errors();
    init_exec_credential();
    init_kubeconfig_source();
    NoClusterConfiguredError = class extends UserError {
      name = "NoClusterConfiguredError";
      constructor() {
        super(
          "no Kubernetes cluster configured: no --kubeconfig, CONFIG_ROLLOUT_KUBECONFIG, KUBECONFIG, ~/.kube/config or in-cluster service account found (client libraries would silently try http://localhost:8080 instead)"
        );
      }
    };
    SECRET_KEY = /token|secret|password|passwd|key|credential/i;
  }
});

// src/core/kinds/api-kinds.ts
function configKind(kind) {
  return CONFIG_KINDS.find((k) => k.kind === kind);
}
function isConfigKind(kind) {
  return CONFIG_KINDS.some((k) => k.kind === kind);
}
function apiVersionOf(entry) {
  return entry.group ? `${entry.group}/${entry.version}` : entry.version;
}
function qualifiedResource(entry) {
  return entry.group ? `${entry.resource}.${entry.group}` : entry.resource;
}
function isClusterScoped(kind) {
  return CLUSTER_SCOPED_KINDS.has(kind);
}
function isListKind(kind, items) {
  return kind === "List" || kind.endsWith("List") && Array.isArray(items);
}
var CONFIG_KINDS, CONTROLLER_REVISION, POD, EVENT, REPLICA_SET, CLUSTER_SCOPED_KINDS;
var init_api_kinds = __esm({
  "src/core/kinds/api-kinds.ts"() {
    "use strict";
    CONFIG_KINDS = [
      { kind: "ConfigMap", group: "", version: "v1", resource: "configmaps" },
      { kind: "Secret", group: "", version: "v1", resource: "secrets" }
    ];
    CONTROLLER_REVISION = {
      kind: "ControllerRevision",
      group: "apps",
      version: "v1",
      resource: "controllerrevisions"
    };
    POD = { kind: "Pod", group: "", version: "v1", resource: "pods" };
    EVENT = { kind: "Event", group: "", version: "v1", resource: "events" };
    REPLICA_SET = {
      kind: "ReplicaSet",
      group: "apps",
      version: "v1",
      resource: "replicasets"
    };
    CLUSTER_SCOPED_KINDS = /* @__PURE__ */ new Set([
      "APIService",
      "CertificateSigningRequest",
      "ClusterIssuer",
      "ClusterRole",
      "ClusterRoleBinding",
      "ComponentStatus",
      "CSIDriver",
      "CSINode",
      "CustomResourceDefinition",
      "FlowSchema",
      "IngressClass",
      "MutatingWebhookConfiguration",
      "Namespace",
      "Node",
      "PersistentVolume",
      "PodSecurityPolicy",
      "PriorityClass",
      "PriorityLevelConfiguration",
      "RuntimeClass",
      "StorageClass",
      "ValidatingAdmissionPolicy",
      "ValidatingAdmissionPolicyBinding",
      "ValidatingWebhookConfiguration",
      "VolumeAttachment"
    ]);
  }
});

// src/core/kinds/argo-rollout-status.ts
function argoRolloutStatus(obj) {
  const name = String(field(field(obj, "metadata"), "name") ?? "");
  const status = field(obj, "status");
  const [phase, detail] = rolloutPhase(obj);
  const message = `rollout "${name}" ${phase}${detail ? `: ${detail}` : ""}`;
  switch (phase) {
    case "Healthy":
      return { done: true, message: `rollout "${name}" successfully rolled out (Healthy)` };
    case "Degraded":
      return { done: true, message, error: message };
    case "Paused":
      return { done: true, paused: true, message: `${message} (promote it to continue)` };
    default:
      return {
        done: false,
        message: `Waiting for rollout "${name}" to finish: ${detail || "Progressing"}${stepOf(status)}`
      };
  }
}
function rolloutPhase(obj) {
  const spec = field(obj, "spec");
  const status = field(obj, "status");
  const observed = Number.parseInt(String(field(status, "observedGeneration") ?? ""), 10);
  const generation = field(field(obj, "metadata"), "generation");
  if (Number.isFinite(observed) && typeof generation === "number" && observed < generation) {
    return ["Progressing", "waiting for rollout spec update to be observed"];
  }
  if (field(status, "controllerPause") === true && arrayOf(field(status, "pauseConditions")).length === 0) {
    return ["Progressing", "waiting for rollout to unpause"];
  }
  const workloadGeneration = Number.parseInt(
    String(field(field(field(obj, "metadata"), "annotations"), WORKLOAD_GENERATION_ANNOTATION) ?? ""),
    10
  );
  const workloadObserved = Number.parseInt(String(field(status, "workloadObservedGeneration") ?? ""), 10);
  if (Number.isFinite(workloadGeneration) && Number.isFinite(workloadObserved) && workloadGeneration !== workloadObserved) {
    return ["Progressing", "waiting for rollout spec update to be observed for the reference workload"];
  }
  const phase = stringField(status, "phase");
  if (phase) return [phase, stringField(status, "message") ?? ""];
  return calculatedPhase(spec, status);
}
function calculatedPhase(spec, status) {
  for (const condition of arrayOf(field(status, "conditions"))) {
    const reason2 = stringField(condition, "reason");
    const message = stringField(condition, "message") ?? "";
    if (field(condition, "type") === "InvalidSpec") return ["Degraded", `InvalidSpec: ${message}`];
    if (reason2 === "RolloutAborted" || reason2 === "ProgressDeadlineExceeded") {
      return ["Degraded", `${reason2}: ${message}`];
    }
  }
  if (field(spec, "paused") === true) return ["Paused", "manually paused"];
  const pause = arrayOf(field(status, "pauseConditions"))[0];
  if (pause !== void 0) return ["Paused", stringField(pause, "reason") ?? ""];
  const replicas = numberOr(field(spec, "replicas"), 1);
  const updated = numberOr(field(status, "updatedReplicas"), 0);
  const available = numberOr(field(status, "availableReplicas"), 0);
  if (updated < replicas) return ["Progressing", "more replicas need to be updated"];
  if (available < updated) return ["Progressing", "updated replicas are still becoming available"];
  const stable = stringField(status, "stableRS") ?? "";
  if (stable === "" || stable !== stringField(status, "currentPodHash")) {
    return ["Progressing", "waiting for all steps to complete"];
  }
  return ["Healthy", ""];
}
function stepOf(status) {
  const step = field(status, "currentStepIndex");
  return typeof step === "number" ? ` (canary step ${step})` : "";
}
function arrayOf(value) {
  return Array.isArray(value) ? value : [];
}
function numberOr(value, fallback) {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}
var WORKLOAD_GENERATION_ANNOTATION;
var init_argo_rollout_status = __esm({
  "src/core/kinds/argo-rollout-status.ts"() {
    "use strict";
    init_json_shape();
    WORKLOAD_GENERATION_ANNOTATION = "rollout.argoproj.io/workload-generation";
  }
});

// src/core/kinds/pod-template.ts
function templateAt(obj, templatePath) {
  let template = obj;
  for (const step of templatePath) template = field(template, step);
  return isRecord(template) ? template : void 0;
}
function podSpecAt(obj, templatePath) {
  return field(templateAt(obj, templatePath), "spec");
}
function withPodSpec(obj, templatePath, spec) {
  const copy = structuredClone(obj);
  const template = templateAt(copy, templatePath);
  if (template) template.spec = spec;
  return copy;
}
function atTemplate(templatePath, value) {
  return templatePath.reduceRight((inner, step) => ({ [step]: inner }), value);
}
var init_pod_template = __esm({
  "src/core/kinds/pod-template.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/core/kinds/rollout-status.ts
function deploymentStatus(obj) {
  const name = nameOf(obj);
  const spec = field(obj, "spec");
  const status = field(obj, "status");
  if (num(field(obj, "metadata"), "generation") > num(status, "observedGeneration")) {
    return waiting(specUpdateMessage("Deployment"));
  }
  const progressing = conditions(status).find((c) => field(c, "type") === "Progressing");
  if (field(progressing, "reason") === "ProgressDeadlineExceeded") {
    return failed(`deployment "${name}" exceeded its progress deadline`);
  }
  const updated = num(status, "updatedReplicas");
  const specReplicas = optionalNum(spec, "replicas");
  if (specReplicas !== void 0 && updated < specReplicas) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${updated} out of ${specReplicas} new replicas have been updated...`
    );
  }
  const replicas = num(status, "replicas");
  if (replicas > updated) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${replicas - updated} old replicas are pending termination...`
    );
  }
  const available = num(status, "availableReplicas");
  if (available < updated) {
    return waiting(
      `Waiting for deployment "${name}" rollout to finish: ${available} of ${updated} updated replicas are available...`
    );
  }
  return { done: true, message: `deployment "${name}" successfully rolled out` };
}
function daemonSetStatus(obj) {
  const name = nameOf(obj);
  const status = field(obj, "status");
  const strategy = field(field(field(obj, "spec"), "updateStrategy"), "type") ?? "RollingUpdate";
  if (strategy !== "RollingUpdate") {
    return notWaitable(
      `rollout status is only available for RollingUpdate strategy type (daemon set "${name}" uses ${String(strategy)})`
    );
  }
  if (num(field(obj, "metadata"), "generation") > num(status, "observedGeneration")) {
    return waiting(specUpdateMessage("DaemonSet"));
  }
  const desired = num(status, "desiredNumberScheduled");
  const updated = num(status, "updatedNumberScheduled");
  if (updated < desired) {
    return waiting(
      `Waiting for daemon set "${name}" rollout to finish: ${updated} out of ${desired} new pods have been updated...`
    );
  }
  const available = num(status, "numberAvailable");
  if (available < desired) {
    return waiting(
      `Waiting for daemon set "${name}" rollout to finish: ${available} of ${desired} updated pods are available...`
    );
  }
  return { done: true, message: `daemon set "${name}" successfully rolled out` };
}
function statefulSetStatus(obj) {
  const name = nameOf(obj);
  const spec = field(obj, "spec");
  const status = field(obj, "status");
  const updateStrategy = field(spec, "updateStrategy");
  const strategy = field(updateStrategy, "type") ?? "RollingUpdate";
  if (strategy !== "RollingUpdate") {
    return notWaitable(
      `rollout status is only available for RollingUpdate strategy type (statefulset "${name}" uses ${String(strategy)})`
    );
  }
  const observed = num(status, "observedGeneration");
  if (observed === 0 || num(field(obj, "metadata"), "generation") > observed) {
    return waiting(specUpdateMessage("StatefulSet"));
  }
  const specReplicas = optionalNum(spec, "replicas");
  const ready = num(status, "readyReplicas");
  if (specReplicas !== void 0 && ready < specReplicas) {
    return waiting(`Waiting for ${specReplicas - ready} pods to be ready...`);
  }
  const updated = num(status, "updatedReplicas");
  const rollingUpdate = field(updateStrategy, "rollingUpdate");
  if (isRecord(rollingUpdate)) {
    const partition = optionalNum(rollingUpdate, "partition") ?? 0;
    if (specReplicas !== void 0 && updated < specReplicas - partition) {
      return waiting(
        `Waiting for partitioned roll out to finish: ${updated} out of ${specReplicas - partition} new pods have been updated...`
      );
    }
    return { done: true, message: `partitioned roll out complete: ${updated} new pods have been updated...` };
  }
  const updateRevision = String(field(status, "updateRevision") ?? "");
  const currentRevision = String(field(status, "currentRevision") ?? "");
  if (updateRevision !== currentRevision) {
    return waiting(
      `waiting for statefulset rolling update to complete ${updated} pods at revision ${updateRevision}...`
    );
  }
  return {
    done: true,
    message: `statefulset rolling update complete ${num(status, "currentReplicas")} pods at revision ${currentRevision}...`
  };
}
function specUpdateMessage(kind) {
  const label2 = { Deployment: "deployment", DaemonSet: "daemon set", StatefulSet: "statefulset", Rollout: "rollout" }[kind] ?? kind;
  return `Waiting for ${label2} spec update to be observed...`;
}
function waiting(message) {
  return { done: false, message };
}
function failed(error) {
  return { done: true, message: error, error };
}
function notWaitable(error) {
  return { done: true, message: error, error, notWaitable: true };
}
function nameOf(obj) {
  return String(field(field(obj, "metadata"), "name") ?? "");
}
function conditions(status) {
  const list = field(status, "conditions");
  return Array.isArray(list) ? list : [];
}
function num(obj, key) {
  return optionalNum(obj, key) ?? 0;
}
function optionalNum(obj, key) {
  const value = field(obj, key);
  return typeof value === "number" && Number.isFinite(value) ? value : void 0;
}
var init_rollout_status = __esm({
  "src/core/kinds/rollout-status.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/core/kinds/workload-kinds.ts
function annotatedRevision(annotation) {
  return (holder) => {
    const value = field(field(field(holder, "metadata"), "annotations"), annotation);
    const revision2 = typeof value === "string" && /^[0-9]+$/.test(value) ? Number(value) : Number.NaN;
    return Number.isSafeInteger(revision2) ? revision2 : void 0;
  };
}
function controllerRevisionNumber(holder) {
  const revision2 = field(holder, "revision");
  return typeof revision2 === "number" && Number.isSafeInteger(revision2) ? revision2 : void 0;
}
function workloadKind(kind, apiVersion) {
  const entry = BY_KIND.get(kind);
  if (!entry || typeof apiVersion !== "string") return entry;
  const group = apiVersion.includes("/") ? apiVersion.slice(0, apiVersion.indexOf("/")) : "";
  return group === entry.group ? entry : void 0;
}
function workloadKindOf(obj) {
  const kind = field(obj, "kind");
  return typeof kind === "string" ? workloadKind(kind, field(obj, "apiVersion")) : void 0;
}
function isConfigOrWorkload(m) {
  return isConfigKind(m.id.kind) || workloadKindOf(m.object) !== void 0;
}
function patchTypeOf(entry) {
  return "patch" in entry.restart ? entry.restart.patch : void 0;
}
function isRestartableKind(entry) {
  return entry !== void 0 && patchTypeOf(entry) !== void 0;
}
function restartableKind(kind) {
  const entry = BY_KIND.get(kind);
  return isRestartableKind(entry) ? entry : void 0;
}
function restartableKinds() {
  return WORKLOAD_KINDS.filter(isRestartableKind);
}
function apiKind(kind) {
  return API_KIND_BY_NAME.get(kind);
}
function podTemplateOf(obj) {
  const entry = workloadKindOf(obj);
  const template = entry && templateAt(obj, entry.templatePath);
  if (!template) return void 0;
  return { spec: field(template, "spec"), metadata: field(template, "metadata") };
}
function runningPodTemplateOf(obj, lookup) {
  const owner = workloadKindOf(obj)?.templateOwner?.(obj);
  return owner ? podTemplateOf(lookup(owner)) : podTemplateOf(obj);
}
function restartTarget(id, obj) {
  const target = workloadKindOf(obj)?.templateOwner?.(obj) ?? id;
  const kind = restartableKind(target.kind);
  return kind && { id: target, kind };
}
function isWorkloadKind(kind) {
  return BY_KIND.has(kind);
}
function isRestartable(kind) {
  return restartableKind(kind) !== void 0;
}
function skipReasonForKind(kind) {
  const restart = BY_KIND.get(kind)?.restart;
  return restart && "never" in restart ? restart.never : void 0;
}
function nameOf2(obj) {
  return String(field(field(obj, "metadata"), "name") ?? "");
}
function namespaceOf(obj) {
  return String(field(field(obj, "metadata"), "namespace") ?? "");
}
function rolloutStatus(obj) {
  const rule = workloadKindOf(obj)?.rolloutStatus;
  if (rule) return rule(obj);
  const message = `rollout status is not available for kind ${String(field(obj, "kind") ?? "(none)")}`;
  return { done: true, message, error: message, notWaitable: true };
}
var WORKLOAD_KINDS, BY_KIND, API_KINDS, API_KIND_BY_NAME;
var init_workload_kinds = __esm({
  "src/core/kinds/workload-kinds.ts"() {
    "use strict";
    init_json_shape();
    init_api_kinds();
    init_argo_rollout_status();
    init_pod_template();
    init_rollout_status();
    WORKLOAD_KINDS = [
      {
        kind: "Deployment",
        group: "apps",
        version: "v1",
        resource: "deployments",
        templatePath: ["spec", "template"],
        restart: { patch: "strategic-merge" },
        rolloutStatus: deploymentStatus,
        history: { holder: REPLICA_SET, revisionOf: annotatedRevision("deployment.kubernetes.io/revision") },
        // `kubectl rollout restart` refuses a paused Deployment too: patching it would queue a surprise
        // rollout for whoever resumes it.
        refusesRestart: (live2) => field(field(live2, "spec"), "paused") === true ? `deployment "${nameOf2(live2)}" is paused: not restarted (resume it with kubectl rollout resume deployment/${nameOf2(live2)} -n ${namespaceOf(live2)})` : void 0
      },
      {
        kind: "StatefulSet",
        group: "apps",
        version: "v1",
        resource: "statefulsets",
        templatePath: ["spec", "template"],
        restart: { patch: "strategic-merge" },
        rolloutStatus: statefulSetStatus,
        history: { holder: CONTROLLER_REVISION, revisionOf: controllerRevisionNumber }
      },
      {
        kind: "DaemonSet",
        group: "apps",
        version: "v1",
        resource: "daemonsets",
        templatePath: ["spec", "template"],
        restart: { patch: "strategic-merge" },
        rolloutStatus: daemonSetStatus,
        history: { holder: CONTROLLER_REVISION, revisionOf: controllerRevisionNumber }
      },
      {
        kind: "Rollout",
        group: "argoproj.io",
        version: "v1alpha1",
        resource: "rollouts",
        templatePath: ["spec", "template"],
        restart: { patch: "merge" },
        rolloutStatus: argoRolloutStatus,
        history: { holder: REPLICA_SET, revisionOf: annotatedRevision("rollout.argoproj.io/revision") },
        refusesRestart: (live2) => field(field(live2, "spec"), "paused") === true ? `rollout "${nameOf2(live2)}" is paused: not restarted (resume it with kubectl argo rollouts promote ${nameOf2(live2)} -n ${namespaceOf(live2)})` : void 0,
        templateOwner: (obj) => {
          const ref = field(field(obj, "spec"), "workloadRef");
          const name = field(ref, "name");
          if (typeof name !== "string" || name === "") return void 0;
          const kind = field(ref, "kind");
          return { kind: typeof kind === "string" ? kind : "Deployment", namespace: namespaceOf(obj), name };
        },
        customResource: true
      },
      {
        kind: "CronJob",
        group: "batch",
        version: "v1",
        resource: "cronjobs",
        templatePath: ["spec", "jobTemplate", "spec", "template"],
        restart: { never: "CronJob: picks up the change on its next run" }
      },
      {
        kind: "Job",
        group: "batch",
        version: "v1",
        resource: "jobs",
        templatePath: ["spec", "template"],
        restart: { never: "Job: a running job keeps its config; the next job created picks up the change" }
      },
      {
        kind: "ReplicaSet",
        group: "apps",
        version: "v1",
        resource: "replicasets",
        templatePath: ["spec", "template"],
        restart: { never: "ReplicaSet: restart the Deployment that owns it, or recreate its pods" }
      },
      {
        kind: "Pod",
        group: "",
        version: "v1",
        resource: "pods",
        templatePath: [],
        restart: { never: "Pod: a bare pod must be recreated" }
      }
    ];
    BY_KIND = new Map(WORKLOAD_KINDS.map((k) => [k.kind, k]));
    API_KINDS = [
      ...WORKLOAD_KINDS,
      ...CONFIG_KINDS,
      CONTROLLER_REVISION,
      POD,
      EVENT,
      REPLICA_SET
    ];
    API_KIND_BY_NAME = new Map(API_KINDS.map((k) => [k.kind, k]));
  }
});

// src/kube/retry.ts
function isApiException(error) {
  return error instanceof Error && typeof error.code === "number" && "headers" in error;
}
function isRetryable(error) {
  if (isApiException(error)) {
    return error.code === 409 || error.code === 429 || error.code >= 500;
  }
  return error instanceof RequestTimeoutError || networkErrorCode(error) !== void 0;
}
function networkErrorCode(error) {
  const e = error;
  if (e === null || typeof e !== "object") return void 0;
  if (e.name === "TypeError" && e.message === "fetch failed")
    return networkErrorCode(e.cause) ?? "network error";
  if (typeof e.code === "string" && /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/.test(e.code)) return e.code;
  return void 0;
}
function retryAfterSeconds(error) {
  if (!isApiException(error)) return void 0;
  const headers = error.headers ?? {};
  const value = headers["retry-after"] ?? headers["Retry-After"];
  if (value === void 0 || !/^\d+$/.test(value.trim())) return void 0;
  return Number(value.trim());
}
function backoffDelayMs(attempt, backoff) {
  const base = backoff.baseDelayMs ?? 200;
  const cap = backoff.maxDelayMs ?? 5e3;
  const step = Math.min(cap, base * 2 ** attempt);
  return step / 2 + (backoff.random ?? Math.random)() * (step / 2);
}
function retryDelayMs(attempt, retryAfter, policy) {
  const jittered = backoffDelayMs(attempt, policy);
  const requested = retryAfter === void 0 ? 0 : Math.min(retryAfter * 1e3, policy.maxRetryAfterMs ?? 3e4);
  return Math.round(Math.max(jittered, requested));
}
async function withRetries(call, policy, retryable = isRetryable) {
  const sleep2 = policy.sleep ?? defaultSleep;
  const now = policy.now ?? Date.now;
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(attempt);
    } catch (error) {
      if (attempt >= policy.retries || !retryable(error)) throw error;
      const delay = retryDelayMs(attempt, retryAfterSeconds(error), policy);
      if (policy.deadlineAt !== void 0 && now() + delay >= policy.deadlineAt) throw error;
      await sleep2(delay);
    }
  }
}
function isConflict(error) {
  if (isApiException(error)) return error.code === 409;
  return error?.status === 409 && error instanceof Error;
}
async function retryOnConflict(update, policy) {
  return withRetries(update, policy, isConflict);
}
var RequestTimeoutError, defaultSleep;
var init_retry = __esm({
  "src/kube/retry.ts"() {
    "use strict";
    init_duration();
    RequestTimeoutError = class extends Error {
      constructor(timeoutMs, runTimeout = false) {
        super(`no answer within ${formatDuration(timeoutMs)}`);
        this.timeoutMs = timeoutMs;
        this.runTimeout = runTimeout;
      }
      timeoutMs;
      runTimeout;
      name = "RequestTimeoutError";
    };
    defaultSleep = (ms) => new Promise((r) => setTimeout(r, ms));
  }
});

// src/kube/api-errors.ts
function describeKubeError(error, req, attempts = 1) {
  const where = req.namespace ? ` in namespace ${req.namespace}` : "";
  const target = `${req.resource}${req.name ? ` "${req.name}"` : ""}`;
  const tries = attempts > 1 ? ` (after ${attempts} attempts)` : "";
  if (error instanceof import_client_node2.ApiException) {
    const status = parseStatus(error.body);
    const serverMessage = stringField(status, "message");
    const detail = serverMessage ? `: ${serverMessage}` : "";
    switch (error.code) {
      case 401:
        return new ClusterAccessError(
          `the server rejected the credentials of context ${req.context} (401 Unauthorized)`,
          401
        );
      case 403: {
        const details = field(status, "details");
        const kind = stringField(details, "kind");
        const group = stringField(details, "group");
        const resource = kind ? group ? `${kind}.${group}` : kind : req.resource;
        return new ClusterAccessError(
          `forbidden: context ${req.context} cannot ${req.verb} ${resource}${where}${detail}`,
          403
        );
      }
      case 404:
        return new ClusterAccessError(`${target} not found${where} (context ${req.context})`, 404);
      default: {
        const reason2 = stringField(status, "reason");
        const code2 = `${error.code}${reason2 ? ` ${reason2}` : ""}`;
        return new ClusterAccessError(
          `${req.verb} ${target}${where} failed${tries}: the API server answered ${code2}${detail}`,
          error.code
        );
      }
    }
  }
  if (error instanceof RequestTimeoutError && error.runTimeout) {
    return new ClusterAccessError(
      `the Kubernetes API at ${req.server} (context ${req.context}) did not answer ${req.verb} ${target}${where} within the run's timeout of ${formatDuration(error.timeoutMs)}${tries}: given up`,
      void 0
    );
  }
  if (error instanceof RequestTimeoutError) {
    return new ClusterAccessError(
      `the Kubernetes API at ${req.server} (context ${req.context}) did not answer ${req.verb} ${target}${where} within ${formatDuration(error.timeoutMs)}${tries}`,
      void 0
    );
  }
  const code = networkErrorCode(error);
  if (code) {
    return new ClusterAccessError(
      `cannot reach the Kubernetes API at ${req.server} (context ${req.context}): ${code}${tries}`,
      void 0
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new ClusterAccessError(
    `${req.verb} ${target}${where} (context ${req.context}) failed: ${message}`,
    void 0
  );
}
function parseStatus(body2) {
  if (typeof body2 !== "string") return body2;
  try {
    return JSON.parse(body2);
  } catch {
    return void 0;
  }
}
var import_client_node2;
var init_api_errors = __esm({
  "src/kube/api-errors.ts"() {
    "use strict";
    import_client_node2 = __toESM(require_client_node(), 1);
    init_duration();
    init_errors();
    init_json_shape();
    init_retry();
  }
});

// src/core/order.ts
function compareStrings(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
function compareIds(a, b) {
  return compareStrings(a.namespace, b.namespace) || compareStrings(a.kind, b.kind) || compareStrings(a.name, b.name);
}
var init_order = __esm({
  "src/core/order.ts"() {
    "use strict";
  }
});

// src/core/config-content.ts
function isConfigManifest(m) {
  return (m.id.kind === "ConfigMap" || m.id.kind === "Secret") && field(m.object, "apiVersion") === "v1";
}
function configContentOf(m) {
  const problems = [];
  const content = {};
  const label2 = shortId(m.id);
  const report = (message, severity = "error") => problems.push({ file: m.file, line: m.line, col: 1, message: `${label2}: ${message}`, severity });
  const entries = (section) => {
    const value = field(m.object, section);
    if (value === void 0 || value === null) return [];
    if (!isRecord(value)) {
      report(`${section} must be a mapping of keys to strings, found ${describeType(value)}`);
      return [];
    }
    const valid = [];
    for (const [key, v] of Object.entries(value)) {
      if (!CONFIG_KEY_CHARACTERS.test(key)) {
        report(`${section} key ${JSON.stringify(key)} is not a valid key (letters, digits, "-", "_", ".")`);
        continue;
      }
      valid.push([key, v]);
    }
    return valid;
  };
  const text = (section, key, value) => {
    if (typeof value === "string") return value;
    if (value === null) {
      report(`${section} key "${key}" has no value; it is treated as an empty string`, "warning");
      return "";
    }
    report(
      `${section} key "${key}" must be a string, found ${describeType(value)} (quote it; kubectl would reject it)`
    );
    return void 0;
  };
  const decoded = (section, key, value) => {
    const s = text(section, key, value);
    if (s === void 0) return void 0;
    const compact = s.replace(/[\r\n]/g, "");
    if (!STD_BASE64.test(compact)) {
      report(`${section} key "${key}" is not valid base64`);
      return void 0;
    }
    return Buffer.from(compact, "base64").toString("base64");
  };
  if (m.id.kind === "ConfigMap") {
    for (const [key, value] of entries("data")) {
      const s = text("data", key, value);
      if (s !== void 0) setKey(content, key, Buffer.from(s, "utf8").toString("base64"));
    }
    for (const [key, value] of entries("binaryData")) {
      if (Object.hasOwn(content, key)) {
        report(`key "${key}" is in both data and binaryData`);
        continue;
      }
      const b = decoded("binaryData", key, value);
      if (b !== void 0) setKey(content, key, b);
    }
  } else if (m.id.kind === "Secret") {
    for (const [key, value] of entries("data")) {
      const b = decoded("data", key, value);
      if (b !== void 0) setKey(content, key, b);
    }
    recordSecretContent(content);
    for (const [key, value] of entries("stringData")) {
      const s = text("stringData", key, value);
      if (s !== void 0) setKey(content, key, Buffer.from(s, "utf8").toString("base64"));
    }
    recordSecretContent(content);
  }
  return { content: sortKeys(content), problems };
}
function liveConfigContent(obj) {
  const content = {};
  const data = field(obj, "data");
  const isSecret = field(obj, "kind") === "Secret";
  if (isRecord(data)) {
    for (const [key, value] of Object.entries(data)) {
      if (typeof value !== "string") continue;
      content[key] = isSecret ? canonicalBase64(value) : Buffer.from(value, "utf8").toString("base64");
    }
  }
  const binary = field(obj, "binaryData");
  if (!isSecret && isRecord(binary)) {
    for (const [key, value] of Object.entries(binary)) {
      if (typeof value === "string") content[key] = canonicalBase64(value);
    }
  }
  if (isSecret) recordSecretContent(content);
  return content;
}
function canonicalBase64(value) {
  return Buffer.from(value, "base64").toString("base64");
}
function changedKeys(a, b) {
  const before = a ?? {};
  const after = b ?? {};
  const keys = /* @__PURE__ */ new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => Object.hasOwn(before, k) !== Object.hasOwn(after, k) || before[k] !== after[k]).sort(compareStrings);
}
function canonicalJson(value) {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (isRecord(value)) {
    const parts = Object.keys(value).filter((k) => value[k] !== void 0).sort(compareStrings).map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`);
    return `{${parts.join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
function sortKeys(content) {
  const sorted = {};
  for (const key of Object.keys(content).sort(compareStrings)) setKey(sorted, key, content[key]);
  return sorted;
}
var STD_BASE64;
var init_config_content = __esm({
  "src/core/config-content.ts"() {
    "use strict";
    init_json_shape();
    init_model();
    init_names();
    init_order();
    init_secret_values();
    STD_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
  }
});

// src/kube/config-bodies.ts
function liveConfig(obj) {
  const metadata = obj.metadata ?? {};
  return {
    uid: metadata.uid ?? "",
    resourceVersion: metadata.resourceVersion ?? "",
    content: liveConfigContent(obj)
  };
}
function applyBody(obj, namespaceDefault) {
  const kind = obj.kind;
  if (kind !== "ConfigMap" && kind !== "Secret")
    throw new Error(`applyConfig: kind ${String(kind)} is not a config`);
  const body2 = withoutServerFields(obj);
  const metadata = body2.metadata;
  metadata.namespace ??= namespaceDefault;
  if (typeof metadata.name !== "string" || typeof metadata.namespace !== "string") {
    throw new Error("applyConfig: the manifest needs metadata.name and a namespace");
  }
  return { ...body2, apiVersion: "v1", kind, metadata };
}
var init_config_bodies = __esm({
  "src/kube/config-bodies.ts"() {
    "use strict";
    init_config_content();
    init_json_shape();
  }
});

// src/kube/object-api.ts
var import_client_node3, PLAIN_TEXT, ObjectApi;
var init_object_api = __esm({
  "src/kube/object-api.ts"() {
    "use strict";
    import_client_node3 = __toESM(require_client_node(), 1);
    init_api_kinds();
    init_workload_kinds();
    PLAIN_TEXT = "text/plain";
    ObjectApi = class extends import_client_node3.KubernetesObjectApi {
      constructor(configuration) {
        super(configuration);
        const builtIn = API_KINDS.filter((k) => !k.customResource);
        this.apiVersionResourceCache["authorization.k8s.io/v1"] = {
          groupVersion: "authorization.k8s.io/v1",
          resources: [
            {
              kind: "SelfSubjectAccessReview",
              name: "selfsubjectaccessreviews",
              namespaced: false,
              singularName: "",
              verbs: ["create"]
            }
          ]
        };
        for (const k of builtIn) {
          const apiVersion = apiVersionOf(k);
          this.apiVersionResourceCache[apiVersion] ??= {
            groupVersion: apiVersion,
            resources: []
          };
          this.apiVersionResourceCache[apiVersion].resources.push({
            kind: k.kind,
            name: k.resource,
            namespaced: true,
            singularName: "",
            verbs: []
          });
        }
      }
      /**
       * Object responses as the server sent them, parsed once. client-node's own handling deserializes
       * them into its model classes (Dates, renamed fields such as `_continue`, fields its model does
       * not know dropped), which the adapter then had to turn back into JSON with a stringify and a
       * parse: four copies of every object received. At 1,000 restarts that garbage, not what the run
       * keeps, set the heap's peak. Answers of a type client-node asks for itself (discovery, a
       * Status) and errors keep its handling.
       */
      async processResponse(response, type) {
        const status = response.httpStatusCode;
        if (type === PLAIN_TEXT && status >= 200 && status <= 299)
          return await response.body.text();
        const contentType = String(response.headers["content-type"] ?? "");
        if (type !== void 0 || status < 200 || status > 299 || !/^application\/json\b/i.test(contentType)) {
          return super.processResponse(response, type);
        }
        return JSON.parse(await response.body.text());
      }
      /**
       * A PATCH whose body is sent as written. client-node serializes it as a whole object of its kind,
       * which keeps only the fields its model knows: a strategic merge patch's directives (`$patch:
       * delete`, `$retainKeys`, `$setElementOrder/...`) were dropped on the way, so the patch that
       * removes RESTART_TIME in a rollback reached the server as one that changed nothing.
       */
      async patch(spec, pretty, dryRun, fieldManager, force, patchStrategy = import_client_node3.PatchStrategy.StrategicMergePatch, options) {
        const config = options ?? this.configuration;
        const path = await this.specUriPath(spec, "patch");
        const context = config.baseServer.makeRequestContext(path, "PATCH");
        context.setHeaderParam("Accept", "application/json, */*;q=0.8");
        context.setHeaderParam("Content-Type", patchStrategy);
        const query = { pretty, dryRun, fieldManager, force };
        for (const [key, value] of Object.entries(query))
          if (value !== void 0) context.setQueryParam(key, String(value));
        context.setBody(JSON.stringify(spec));
        return this.requestPromise(context, void 0, config);
      }
      /** GET a pod's log (text/plain), through the same middleware, authentication and errors as every call. */
      async readPodLog(namespace, name, opts) {
        const query = {
          container: opts.container,
          previous: String(opts.previous),
          tailLines: String(opts.tailLines)
        };
        const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}/log`;
        const context = this.configuration.baseServer.makeRequestContext(path, "GET");
        context.setHeaderParam("Accept", "text/plain, */*");
        for (const [key, value] of Object.entries(query)) context.setQueryParam(key, value);
        return await this.requestPromise(context, PLAIN_TEXT);
      }
      async resourceOf(apiVersion, kind) {
        try {
          return await this.resource(apiVersion, kind);
        } catch (error) {
          if (error instanceof Error)
            error.message = error.message.replace(/^Failed to fetch resource metadata for \S+: /, "");
          throw error;
        }
      }
    };
  }
});

// src/kube/reuse-agents.ts
function dispatcherFactoryOf(kc) {
  return kc.createDispatcher.bind(kc);
}
function reuseAgents(kc) {
  const made = dispatcherFactoryOf(kc);
  const pools = /* @__PURE__ */ new Map();
  const view = Object.create(kc);
  const pooled = (cluster, agentOptions) => {
    const options = kc.createDispatcherOptions(cluster, agentOptions);
    if (options.type !== "agent") return made(cluster, agentOptions);
    const key = JSON.stringify(options.connect);
    if (!pools.has(key)) pools.set(key, made(cluster, agentOptions));
    return pools.get(key);
  };
  view.createDispatcher = pooled;
  return view;
}
var init_reuse_agents = __esm({
  "src/kube/reuse-agents.ts"() {
    "use strict";
  }
});

// src/kube/request.ts
function createRequester(kc, opts) {
  const context = kc.getCurrentContext();
  const server = kc.getCurrentCluster()?.server ?? "(no server)";
  const policy = { retries: opts.retries, baseDelayMs: opts.retryBaseDelayMs };
  const attemptSignal = new import_node_async_hooks.AsyncLocalStorage();
  const api = new ObjectApi(
    (0, import_client_node4.createConfiguration)({
      baseServer: new import_client_node4.ServerConfiguration(server, {}),
      authMethods: { default: reuseAgents(kc) },
      promiseMiddleware: [
        {
          pre: async (request2) => {
            request2.setHeaderParam("User-Agent", opts.userAgent);
            const signal = attemptSignal.getStore();
            if (signal) request2.setSignal(signal);
            return request2;
          },
          post: async (response) => response
        }
      ]
    })
  );
  const unguardedRetryable = isRetryable;
  const guardedRetryable = (error) => isRetryable(error) && !isConflict(error);
  let notAnswering;
  async function request(what, call, guarded = false) {
    if (notAnswering) throw new ClusterAccessError(notAnswering.message);
    const runTimeoutMs = opts.runTimeoutMs;
    const deadlineAt = runTimeoutMs === void 0 ? void 0 : Date.now() + runTimeoutMs;
    let attempts = 0;
    try {
      return await withRetries(
        async () => {
          attempts++;
          const left = deadlineAt === void 0 ? Number.POSITIVE_INFINITY : deadlineAt - Date.now();
          const cut = left < opts.requestTimeoutMs;
          const signal = AbortSignal.timeout(Math.max(1, Math.min(opts.requestTimeoutMs, left)));
          try {
            return await attemptSignal.run(signal, call);
          } catch (error) {
            if (signal.aborted && !(error instanceof import_client_node4.ApiException))
              throw cut ? new RequestTimeoutError(runTimeoutMs, true) : new RequestTimeoutError(opts.requestTimeoutMs);
            throw error;
          }
        },
        deadlineAt === void 0 ? policy : { ...policy, deadlineAt },
        guarded ? guardedRetryable : unguardedRetryable
      );
    } catch (error) {
      if (error instanceof UserError) throw error;
      const described = describeKubeError(error, { ...what, context, server }, attempts);
      if (error instanceof RequestTimeoutError && error.runTimeout) notAnswering = described;
      throw described;
    }
  }
  return { api, context, server, policy, request };
}
var import_node_async_hooks, import_client_node4;
var init_request = __esm({
  "src/kube/request.ts"() {
    "use strict";
    import_node_async_hooks = require("node:async_hooks");
    import_client_node4 = __toESM(require_client_node(), 1);
    init_errors();
    init_api_errors();
    init_object_api();
    init_retry();
    init_reuse_agents();
  }
});

// src/kube/watch-stream.ts
function openWatch(kc, req) {
  const dispatchers = [];
  let controller2;
  let closed = false;
  const abort = () => {
    closed = true;
    controller2?.abort();
    for (const dispatcher of dispatchers) void dispatcher.destroy();
  };
  const config = Object.create(kc);
  config.applySecurityAuthentication = async (context) => {
    await kc.applySecurityAuthentication(context);
    context.setHeaderParam("User-Agent", req.userAgent);
    let dispatcher = context.getDispatcher();
    if (dispatcher === void 0) {
      dispatcher = dispatcherFactoryOf(kc)(kc.getCurrentCluster(), {
        rejectUnauthorized: process.env.NODE_TLS_REJECT_UNAUTHORIZED !== "0"
      });
      if (dispatcher) context.setDispatcher(dispatcher);
    }
    if (dispatcher) {
      dispatchers.push(dispatcher);
      if (closed) void dispatcher.destroy();
    }
  };
  const query = Object.fromEntries(Object.entries(req.query).filter(([, v]) => v !== void 0 && v !== ""));
  const watch = new import_client_node5.Watch(config);
  watch.requestTimeoutMs = WATCH_IDLE_LIMIT_MS;
  watch.watch(
    req.path,
    query,
    (type, object) => {
      if (!closed) req.onEvent(type, object);
    },
    (error) => {
      if (closed) return;
      closed = true;
      req.onDone(error ?? void 0);
    }
  ).then(
    (c) => {
      controller2 = c;
      if (closed) c.abort();
    },
    (error) => {
      if (!closed) {
        closed = true;
        req.onDone(error);
      }
    }
  );
  return { abort };
}
var import_client_node5, WATCH_IDLE_LIMIT_MS;
var init_watch_stream = __esm({
  "src/kube/watch-stream.ts"() {
    "use strict";
    import_client_node5 = __toESM(require_client_node(), 1);
    init_reuse_agents();
    WATCH_IDLE_LIMIT_MS = 2 ** 31 - 1;
  }
});

// src/kube/kube-client.ts
var kube_client_exports = {};
__export(kube_client_exports, {
  createCluster: () => createCluster
});
function createCluster(kc, opts) {
  return new KubeCluster(kc, opts);
}
function entryOf2(kind, entry) {
  if (!entry) throw new Error(`config-rollout does not talk to the API about kind ${kind}`);
  return entry;
}
function resourceOf(kind) {
  return qualifiedResource(apiEntry(kind));
}
function workloadSpec(id, kind) {
  return {
    apiVersion: apiVersionOf(kind),
    kind: kind.kind,
    metadata: { name: id.name, namespace: id.namespace }
  };
}
function asApiException(error) {
  const code = error?.statusCode;
  return typeof code === "number" ? new import_client_node6.ApiException(code, String(error.message), void 0, {}) : error;
}
function toPlain(value) {
  return value ?? {};
}
var import_client_node6, PATCH_CONTENT_TYPES, KubeCluster, workloadEntry, kindEntry, apiEntry;
var init_kube_client = __esm({
  "src/kube/kube-client.ts"() {
    "use strict";
    import_client_node6 = __toESM(require_client_node(), 1);
    init_errors();
    init_api_kinds();
    init_workload_kinds();
    init_api_errors();
    init_config_bodies();
    init_request();
    init_retry();
    init_watch_stream();
    PATCH_CONTENT_TYPES = {
      "strategic-merge": import_client_node6.PatchStrategy.StrategicMergePatch,
      merge: import_client_node6.PatchStrategy.MergePatch,
      apply: import_client_node6.PatchStrategy.ServerSideApply
    };
    KubeCluster = class {
      constructor(kc, opts) {
        this.kc = kc;
        this.opts = opts;
        this.requester = createRequester(kc, opts);
        this.context = this.requester.context;
        this.server = this.requester.server;
      }
      kc;
      opts;
      context;
      server;
      requester;
      /** Whether each custom resource's API group version is served, asked once per run. */
      served = /* @__PURE__ */ new Map();
      get api() {
        return this.requester.api;
      }
      request(what, call, guarded) {
        return this.requester.request(what, call, guarded);
      }
      serves(kindName) {
        const kind = kindEntry(kindName);
        if (!kind.customResource) return Promise.resolve(true);
        const apiVersion = apiVersionOf(kind);
        let answer = this.served.get(apiVersion);
        if (!answer) {
          answer = this.request(
            { verb: "get", resource: `API group ${apiVersion}` },
            () => this.api.resourceOf(apiVersion, kind.kind)
          ).then(
            (resource) => resource !== void 0,
            (error) => {
              if (error instanceof ClusterAccessError && error.status === 404) return false;
              throw error;
            }
          );
          this.served.set(apiVersion, answer);
        }
        return answer;
      }
      readPodLog(namespace, pod, opts) {
        return this.request(
          { verb: "get", resource: "pods/log", namespace, name: pod },
          () => this.api.readPodLog(namespace, pod, opts)
        );
      }
      async listWorkloads(namespace, kind) {
        return (await this.listForWatch(namespace, kind)).items;
      }
      async listForWatch(namespace, kindName, fieldSelector) {
        const kind = kindEntry(kindName);
        const apiVersion = apiVersionOf(kind);
        const result = await this.request(
          { verb: "list", resource: qualifiedResource(kind), namespace },
          () => this.api.list(apiVersion, kind.kind, namespace, void 0, void 0, void 0, fieldSelector)
        );
        const plain = toPlain(result);
        return {
          // List items come without apiVersion/kind; put them back so each item stands alone.
          items: (plain.items ?? []).map((item) => ({ ...item, apiVersion, kind: kind.kind })),
          resourceVersion: plain.metadata?.resourceVersion ?? ""
        };
      }
      async readConfig(id) {
        if (!isConfigKind(id.kind)) {
          throw new Error(`readConfig: ${id.kind} is not a ConfigMap or Secret`);
        }
        const entry = configKind(id.kind);
        const obj = await this.readOrUndefined(
          {
            apiVersion: apiVersionOf(entry),
            kind: id.kind,
            metadata: { name: id.name, namespace: id.namespace }
          },
          { verb: "get", resource: entry.resource, namespace: id.namespace, name: id.name }
        );
        return obj && liveConfig({ ...obj, kind: id.kind });
      }
      async listConfigMaps(namespace) {
        const entry = configKind("ConfigMap");
        const result = await this.request(
          { verb: "list", resource: entry.resource, namespace },
          () => this.api.list(apiVersionOf(entry), entry.kind, namespace)
        );
        const byName = /* @__PURE__ */ new Map();
        for (const item of toPlain(result).items ?? []) {
          const name = item.metadata?.name;
          if (name) byName.set(name, liveConfig({ ...item, kind: entry.kind }));
        }
        return byName;
      }
      async applyConfig(obj, dryRun, namespaceDefault) {
        const { kind, metadata } = applyBody(obj, namespaceDefault);
        const id = { kind, namespace: metadata.namespace, name: metadata.name };
        await this.writeConfigAs(id, { apply: obj }, this.opts.fieldManager, dryRun);
      }
      async writeConfigAs(id, write, fieldManager, dryRun) {
        const { resource } = configKind(id.kind);
        const { name, namespace } = id;
        const apply = "apply" in write;
        const own = apply ? void 0 : write.patch.metadata;
        const body2 = apply ? applyBody(write.apply, namespace) : { ...write.patch, apiVersion: "v1", kind: id.kind, metadata: { ...own, name, namespace } };
        const result = await this.request(
          { verb: "patch", resource, namespace, name },
          () => this.api.patch(
            body2,
            void 0,
            dryRun ? "All" : void 0,
            fieldManager,
            apply ? true : void 0,
            PATCH_CONTENT_TYPES[apply ? "apply" : "merge"]
          ),
          typeof own?.resourceVersion === "string"
        );
        return toPlain(result);
      }
      readWorkload(id) {
        const kind = workloadEntry(id.kind);
        return this.readOrUndefined(workloadSpec(id, kind), {
          verb: "get",
          resource: qualifiedResource(kind),
          namespace: id.namespace,
          name: id.name
        });
      }
      async patchWorkload(id, patch, dryRun, type) {
        const kind = workloadEntry(id.kind);
        const patchType = type ?? patchTypeOf(kind) ?? "strategic-merge";
        const target = workloadSpec(id, kind);
        const own = patch.metadata;
        const body2 = { ...patch, ...target, metadata: { ...own, ...target.metadata } };
        const what = { verb: "patch", resource: qualifiedResource(kind), namespace: id.namespace, name: id.name };
        const result = await this.request(
          what,
          () => this.api.patch(
            body2,
            void 0,
            dryRun ? "All" : void 0,
            this.opts.fieldManager,
            void 0,
            PATCH_CONTENT_TYPES[patchType]
          ),
          typeof own?.resourceVersion === "string"
        );
        return { ...toPlain(result), apiVersion: apiVersionOf(kind), kind: kind.kind };
      }
      readObject(ref) {
        const { apiVersion, kind, namespace, name } = ref;
        return this.readOrUndefined(
          { apiVersion, kind, metadata: { name, namespace } },
          { verb: "get", resource: resourceOf(kind), namespace, name }
        );
      }
      async listObjects(namespace, apiVersion, kind, labelSelector) {
        const result = await this.request(
          { verb: "list", resource: resourceOf(kind), namespace },
          () => this.api.list(apiVersion, kind, namespace, void 0, void 0, void 0, void 0, labelSelector)
        );
        const items = toPlain(result).items ?? [];
        return items.map((item) => ({ ...item, apiVersion, kind }));
      }
      async deleteObject(ref, dryRun) {
        const { apiVersion, kind, namespace, name } = ref;
        try {
          await this.request(
            { verb: "delete", resource: resourceOf(kind), namespace, name },
            () => this.api.delete(
              { apiVersion, kind, metadata: { name, namespace } },
              void 0,
              dryRun ? "All" : void 0
            )
          );
        } catch (error) {
          if (error instanceof ClusterAccessError && error.status === 404) return;
          throw error;
        }
      }
      async canI(access3) {
        const review2 = {
          apiVersion: "authorization.k8s.io/v1",
          kind: "SelfSubjectAccessReview",
          metadata: {},
          spec: { resourceAttributes: { ...access3 } }
        };
        try {
          const answer = await this.request(
            { verb: "create", resource: "selfsubjectaccessreviews.authorization.k8s.io" },
            () => this.api.create(review2)
          );
          const allowed = toPlain(answer).status?.allowed;
          return typeof allowed === "boolean" ? allowed : void 0;
        } catch (error) {
          if (error instanceof ClusterAccessError && [403, 404].includes(error.status ?? 0)) return void 0;
          throw error;
        }
      }
      retryOnConflict(update) {
        return retryOnConflict(update, this.requester.policy);
      }
      watchWorkloads(namespace, kindName, watchOpts, onEvent, onDone) {
        const kind = kindEntry(kindName);
        const resource = qualifiedResource(kind);
        const req = {
          verb: "watch",
          resource,
          namespace,
          context: this.context,
          server: this.server
        };
        const root = kind.group ? `/apis/${kind.group}/${kind.version}` : `/api/${kind.version}`;
        return openWatch(this.kc, {
          path: `${root}/namespaces/${encodeURIComponent(namespace)}/${kind.resource}`,
          query: {
            resourceVersion: watchOpts.resourceVersion,
            fieldSelector: watchOpts.fieldSelector,
            allowWatchBookmarks: true
          },
          userAgent: this.opts.userAgent,
          onEvent,
          onDone: (error) => onDone(error === void 0 ? void 0 : describeKubeError(asApiException(error), req))
        });
      }
      async readOrUndefined(spec, what) {
        try {
          return toPlain(await this.request(what, () => this.api.read(spec)));
        } catch (error) {
          if (error instanceof ClusterAccessError && error.status === 404) return void 0;
          throw error;
        }
      }
    };
    workloadEntry = (kind) => entryOf2(kind, workloadKind(kind));
    kindEntry = (kind) => entryOf2(kind, workloadKind(kind) ?? (["Pod", "Event"].includes(kind) ? apiKind(kind) : void 0));
    apiEntry = (kind) => entryOf2(kind, apiKind(kind));
  }
});

// src/run/cluster-connection.ts
function createClusterConnection(settings, env, onSecret) {
  const options = {
    kubeconfigPath: settings.kubeconfig,
    kubeconfigData: settings.kubeconfigData,
    // --contexts: the first context stands for the kubeconfig (its credentials to mask), which then
    // need not set a current-context.
    context: settings.context ?? settings.contexts?.[0]?.[0],
    env,
    execPluginTimeoutMs: settings.execPluginTimeoutMs,
    pathLabel: settings.kubeconfigSetBy,
    dataLabel: settings.kubeconfigDataSetBy,
    ...onSecret ? { onPluginCredential: onSecret } : {}
  };
  const configured = findKubeConfigSource(options) !== void 0;
  let loading;
  const load = () => {
    loading ??= Promise.resolve().then(() => (init_connect(), connect_exports)).then(({ loadKubeConfig: loadKubeConfig2 }) => loadKubeConfig2(options));
    return loading;
  };
  return {
    configured,
    forContext: (context) => {
      const other = createClusterConnection({ ...settings, context }, env, onSecret);
      return {
        ...other,
        load: async () => {
          if (!other.configured) {
            const { NoClusterConfiguredError: NoClusterConfiguredError2 } = await Promise.resolve().then(() => (init_connect(), connect_exports));
            throw new NoClusterConfiguredError2();
          }
          const loaded = await other.loaded();
          return {
            server: loaded?.server ?? "",
            ...loaded?.namespace ? { namespace: loaded.namespace } : {}
          };
        }
      };
    },
    loaded: async () => configured ? load() : void 0,
    secretsToMask: async () => configured ? (await load())?.secretsToMask ?? [] : [],
    connect: async () => {
      const loaded = await load();
      if (!loaded) return void 0;
      const { createCluster: createCluster2 } = await Promise.resolve().then(() => (init_kube_client(), kube_client_exports));
      return createCluster2(loaded.kc, {
        requestTimeoutMs: settings.requestTimeoutMs,
        runTimeoutMs: settings.timeoutMs,
        userAgent: USER_AGENT,
        fieldManager: FIELD_MANAGER,
        retries: 5
      });
    }
  };
}
async function runNamespace(settings, cluster, naming) {
  if (settings.namespaceFrom !== void 0) return settings;
  if (settings.strategy === "gitops") return namespaceOfContexts([], naming, settings.strategy);
  const loaded = cluster.configured ? await cluster.loaded().catch(() => void 0) : void 0;
  return namespaceOfContexts(loaded ? [loaded] : [], naming, settings.strategy);
}
function namespaceOfContexts(contexts, naming, strategy) {
  const option = naming.option("namespace");
  if (strategy === "gitops")
    return {
      namespace: "default",
      namespaceFrom: `the default: under ${naming.set("strategy", "gitops")} the agent places the objects, as stamp reads them; ${option} decides`
    };
  const namespaces = new Set(contexts.map((c) => c.namespace ?? "default"));
  const named = contexts.map((c) => JSON.stringify(c.context)).join(", ");
  const [first] = contexts;
  if (first === void 0)
    return { namespace: "default", namespaceFrom: `the default: no ${option}, no kubeconfig context` };
  if (namespaces.size > 1) {
    const each = contexts.map((c) => `${c.context}: ${c.namespace ?? "default"}`).join(", ");
    return {
      namespace: "default",
      namespaceFrom: `the default: the contexts set different namespaces (${each}) and the plan is made once; ${option} decides`
    };
  }
  const several = contexts.length > 1;
  const which = `kubeconfig ${several ? "contexts" : "context"} ${named}`;
  if (first.namespace === void 0)
    return {
      namespace: "default",
      namespaceFrom: `the default: no ${option}, and ${which} ${several ? "set" : "sets"} none`
    };
  return {
    namespace: first.namespace,
    namespaceFrom: `the namespace of ${which}, where kubectl apply puts them; ${option} overrides it`
  };
}
var FIELD_MANAGER;
var init_cluster_connection = __esm({
  "src/run/cluster-connection.ts"() {
    "use strict";
    init_kubeconfig_source();
    init_options();
    init_version();
    FIELD_MANAGER = "config-rollout";
  }
});

// src/comment/comment-marker.ts
function commentMarker(id) {
  return `${PREFIX}${encodeCommentId(id)}${SUFFIX}`;
}
function encodeCommentId(id) {
  let out = "";
  for (const byte of Buffer.from(id, "utf8")) {
    const char = String.fromCharCode(byte);
    const plain = /[A-Za-z0-9_.:/@+]/.test(char) || char === "-" && !out.endsWith("-");
    out += plain ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
function isCommentFor(body2, id) {
  const firstLine = body2.trimStart().split(/\r?\n/, 1)[0] ?? "";
  return firstLine.trimEnd() === commentMarker(id);
}
var PREFIX, SUFFIX;
var init_comment_marker = __esm({
  "src/comment/comment-marker.ts"() {
    "use strict";
    PREFIX = "<!-- config-rollout:plan id=";
    SUFFIX = " -->";
  }
});

// src/comment/comment-body.ts
function buildCommentBody(input) {
  for (const [i, rows] of ROWS.entries()) {
    const note = i === 0 ? void 0 : input.cutNote;
    const body2 = assemble(input, rows, note);
    if (body2.length <= input.limit) return { body: body2, cut: i > 0 };
  }
  const head = `${commentMarker(input.id)}

`;
  const tail = `

${input.cutNote}

${input.footer}
`;
  const content = input.sections.map((s) => sectionText(s, FEWEST_ROWS)).join("\n");
  const room = input.limit - head.length - tail.length;
  return { body: `${head}${cutAtLine(content, room)}${tail}`, cut: true };
}
function assemble(input, rows, note) {
  const parts = [commentMarker(input.id), "", ...input.sections.map((s) => sectionText(s, rows))];
  if (note) parts.push("", note);
  parts.push("", input.footer, "");
  return parts.join("\n");
}
function sectionText(section, rows) {
  const text = section.render(rows).replace(/\n+$/, "");
  return section.title === void 0 ? text : `## ${section.title}

${text}`;
}
function cutAtLine(text, max) {
  let length = 0;
  let kept = 0;
  let inFence = false;
  const lines = text.split("\n");
  for (const [i, line] of lines.entries()) {
    length += line.length + (i > 0 ? 1 : 0);
    if (length > max) break;
    if (/^ {0,3}(```|~~~)/.test(line)) inFence = !inFence;
    if (!inFence) kept = i + 1;
  }
  return lines.slice(0, kept).join("\n");
}
var ROWS, FEWEST_ROWS;
var init_comment_body = __esm({
  "src/comment/comment-body.ts"() {
    "use strict";
    init_comment_marker();
    ROWS = [500, 200, 100, 50, 20, 10];
    FEWEST_ROWS = 10;
  }
});

// src/comment/review-comments.ts
async function upsertComment(comments, id, body2, createIfMissing) {
  const me = await comments.whoAmI();
  for await (const comment of me === void 0 ? [] : comments.list()) {
    if (comment.author === me && isCommentFor(comment.body, id)) {
      return { action: "updated", comment: await comments.update(comment.id, body2) };
    }
  }
  if (!createIfMissing) return { action: "none" };
  return { action: "created", comment: await comments.create(body2) };
}
function fetchWithTimeout(timeoutMs = REQUEST_TIMEOUT_MS) {
  return (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}
var ReviewApiError, REQUEST_TIMEOUT_MS;
var init_review_comments = __esm({
  "src/comment/review-comments.ts"() {
    "use strict";
    init_comment_marker();
    ReviewApiError = class extends Error {
      constructor(message, status) {
        super(message);
        this.status = status;
        this.name = "ReviewApiError";
      }
      status;
    };
    REQUEST_TIMEOUT_MS = 3e4;
  }
});

// src/comment/gitlab-notes.ts
function createGitLabNotes(target, token, userAgent, fetchImpl = fetchWithTimeout()) {
  const notesUrl = `${target.apiUrl}/projects/${encodeURIComponent(target.projectId)}/merge_requests/${target.mergeRequestIid}/notes`;
  const headers = { "PRIVATE-TOKEN": token, "User-Agent": userAgent, Accept: "application/json" };
  const toComment = (note) => ({
    id: note.id,
    body: note.body ?? "",
    ...target.mergeRequestUrl ? { url: `${target.mergeRequestUrl}#note_${note.id}` } : {},
    ...typeof note.author?.id === "number" ? { author: String(note.author.id) } : {}
  });
  async function call(method, url, body2) {
    const response = await fetchImpl(url, {
      method,
      headers: body2 === void 0 ? headers : { ...headers, "Content-Type": "application/json" },
      ...body2 === void 0 ? {} : { body: JSON.stringify({ body: body2 }) }
    });
    if (!response.ok) throw new ReviewApiError(await describeFailure(response), response.status);
    return response;
  }
  return {
    // GET /user answers for a personal, project or group access token (a project token is a bot user).
    async whoAmI() {
      try {
        const user = await (await call("GET", `${target.apiUrl}/user`)).json();
        return typeof user.id === "number" ? String(user.id) : void 0;
      } catch {
        return void 0;
      }
    },
    async *list() {
      let page = "1";
      for (let count = 0; page && count < MAX_PAGES; count++) {
        const query = `?sort=asc&order_by=created_at&per_page=${PER_PAGE}&page=${encodeURIComponent(page)}`;
        const response = await call("GET", `${notesUrl}${query}`);
        const notes = await response.json();
        for (const note of notes) if (!note.system) yield toComment(note);
        page = response.headers.get("x-next-page") || null;
      }
    },
    async create(body2) {
      return toComment(await (await call("POST", notesUrl, body2)).json());
    },
    async update(id, body2) {
      return toComment(await (await call("PUT", `${notesUrl}/${id}`, body2)).json());
    }
  };
}
async function describeFailure(response) {
  let detail = "";
  try {
    const parsed = await response.json();
    const value = parsed.message ?? parsed.error;
    detail = typeof value === "string" ? value : value === void 0 ? "" : JSON.stringify(value);
  } catch {
    detail = "";
  }
  return detail || response.statusText || `HTTP ${response.status}`;
}
var PER_PAGE, MAX_PAGES;
var init_gitlab_notes = __esm({
  "src/comment/gitlab-notes.ts"() {
    "use strict";
    init_review_comments();
    PER_PAGE = 100;
    MAX_PAGES = 50;
  }
});

// src/comment/review-target.ts
function findReviewTarget(env, event) {
  if (env.GITHUB_ACTIONS === "true") return githubTarget(env, event);
  if (env.GITLAB_CI === "true") return gitlabTarget(env);
  return { none: "not running in GitHub Actions or GitLab CI, so there is no pull or merge request" };
}
function githubTarget(env, event) {
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  if (!PULL_REQUEST_EVENTS.includes(eventName)) {
    return {
      none: `this ${eventName || "GitHub"} run is not for a pull request (events: ${PULL_REQUEST_EVENTS.join(", ")})`
    };
  }
  const number = pullRequestNumber(event, env.GITHUB_REF);
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? "").split("/");
  if (number === void 0 || !owner || !repo) {
    return { none: `the ${eventName} event names no pull request number or repository (GITHUB_REPOSITORY)` };
  }
  const server = (env.GITHUB_SERVER_URL || "https://github.com").replace(/\/+$/, "");
  return {
    target: {
      platform: "github",
      apiUrl: (env.GITHUB_API_URL || "https://api.github.com").replace(/\/+$/, ""),
      owner,
      repo,
      number,
      ...env.GITHUB_RUN_ID ? { runUrl: `${server}/${owner}/${repo}/actions/runs/${encodeURIComponent(env.GITHUB_RUN_ID)}` } : {},
      where: `pull request #${number}`,
      defaultId: [env.GITHUB_WORKFLOW, env.GITHUB_JOB].filter(Boolean).join("/") || "config-rollout"
    }
  };
}
function pullRequestNumber(event, ref) {
  const fromEvent = field3(field3(event, "pull_request"), "number") ?? field3(event, "number");
  if (typeof fromEvent === "number" && Number.isSafeInteger(fromEvent) && fromEvent > 0) return fromEvent;
  const match = /^refs\/pull\/(\d+)\//.exec(ref ?? "");
  return match ? Number(match[1]) : void 0;
}
function gitlabTarget(env) {
  const iid = env.CI_MERGE_REQUEST_IID ?? "";
  if (!/^\d+$/.test(iid)) {
    return { none: "this GitLab pipeline is not a merge-request pipeline (no CI_MERGE_REQUEST_IID)" };
  }
  if (!env.CI_API_V4_URL || !env.CI_PROJECT_ID) {
    return { none: "CI_API_V4_URL or CI_PROJECT_ID is not set, so the merge request cannot be reached" };
  }
  const number = Number(iid);
  return {
    target: {
      platform: "gitlab",
      apiUrl: env.CI_API_V4_URL.replace(/\/+$/, ""),
      projectId: env.CI_PROJECT_ID,
      mergeRequestIid: number,
      ...env.CI_JOB_URL ? { runUrl: env.CI_JOB_URL } : {},
      ...env.CI_PROJECT_URL ? { mergeRequestUrl: `${env.CI_PROJECT_URL}/-/merge_requests/${number}` } : {},
      where: `merge request !${number}`,
      defaultId: env.CI_JOB_NAME || "config-rollout"
    }
  };
}
function tokenFor(target, env, given) {
  if (given) return given;
  const token = target.platform === "github" ? env.GITHUB_TOKEN || env.GH_TOKEN : env.CONFIG_ROLLOUT_GITLAB_TOKEN;
  return token || void 0;
}
function field3(value, key) {
  return typeof value === "object" && value !== null ? value[key] : void 0;
}
var PULL_REQUEST_EVENTS;
var init_review_target = __esm({
  "src/comment/review-target.ts"() {
    "use strict";
    PULL_REQUEST_EVENTS = ["pull_request", "pull_request_target"];
  }
});

// vendor:@octokit/core
var require_core = __commonJS({
  "vendor:@octokit/core"(exports2, module2) {
    module2.exports = require(__configRolloutVendor("octokit-core"));
  }
});

// vendor:@octokit/plugin-paginate-rest
var require_plugin_paginate_rest = __commonJS({
  "vendor:@octokit/plugin-paginate-rest"(exports2, module2) {
    module2.exports = require(__configRolloutVendor("octokit-paginate-rest"));
  }
});

// src/comment/github-comments.ts
var github_comments_exports = {};
__export(github_comments_exports, {
  createGitHubComments: () => createGitHubComments
});
function loginKey(login) {
  return login.toLowerCase().replace(/\[bot\]$/, "");
}
function createGitHubComments(target, token, userAgent) {
  const octokit = new CommentingOctokit({
    auth: token,
    baseUrl: target.apiUrl,
    userAgent,
    log: SILENT,
    request: { fetch: fetchWithTimeout() }
  });
  const issue = { owner: target.owner, repo: target.repo, issue_number: target.number };
  const toComment = (data) => ({
    id: Number(data.id),
    body: data.body ?? "",
    ...data.html_url ? { url: data.html_url } : {},
    ...data.user?.login ? { author: loginKey(data.user.login) } : {}
  });
  return {
    // GraphQL's viewer answers for every kind of token: a user's, GITHUB_TOKEN (github-actions[bot])
    // and a GitHub App's installation token (<app>[bot]); REST's GET /user refuses the last two.
    async whoAmI() {
      try {
        const answer = await octokit.graphql("query { viewer { login } }");
        const login = answer.viewer?.login;
        return typeof login === "string" && login !== "" ? loginKey(login) : void 0;
      } catch {
        return void 0;
      }
    },
    async *list() {
      const pages = octokit.paginate.iterator("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        ...issue,
        per_page: 100
      });
      for await (const page of pages) for (const data of page.data) yield toComment(data);
    },
    async create(body2) {
      const { data } = await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
        ...issue,
        body: body2
      });
      return toComment(data);
    },
    async update(id, body2) {
      const { data } = await octokit.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
        owner: target.owner,
        repo: target.repo,
        comment_id: id,
        body: body2
      });
      return toComment(data);
    }
  };
}
var import_core, import_plugin_paginate_rest, CommentingOctokit, SILENT;
var init_github_comments = __esm({
  "src/comment/github-comments.ts"() {
    "use strict";
    import_core = __toESM(require_core(), 1);
    import_plugin_paginate_rest = __toESM(require_plugin_paginate_rest(), 1);
    init_review_comments();
    CommentingOctokit = import_core.Octokit.plugin(import_plugin_paginate_rest.paginateRest);
    SILENT = { debug: () => {
    }, info: () => {
    }, warn: () => {
    }, error: () => {
    } };
  }
});

// src/run/comment-on-review.ts
function reviewCommenter(request, say) {
  return async (content) => {
    const shown2 = "report" in content ? content : { error: errorParts(content.error, false).message.split("\n")[0] ?? "" };
    say(await commentOnReview({ ...request, content: shown2 }));
  };
}
async function commentOnReview(request) {
  const lookup = findReviewTarget(request.env, await eventPayload(request.env, request.readEvent));
  if ("none" in lookup) return { level: "info", message: `comment: nothing to comment on: ${lookup.none}` };
  const target = lookup.target;
  const token = tokenFor(target, request.env, request.token);
  if (!token)
    return {
      level: "warning",
      message: `comment: no token to comment on ${target.where}: ${tokenHint(target)}`
    };
  const id = request.commentId?.trim() || target.defaultId;
  const body2 = commentBody(request, target, id);
  try {
    const client = await createClient(target, token);
    const done = await upsertComment(client, id, body2, wantsNewComment(request.content));
    if (done.action === "none") {
      return {
        level: "info",
        message: `comment: ${"error" in request.content ? "the run failed" : "nothing changed"} and ${target.where} has no plan comment to update: none written`
      };
    }
    const url = done.comment.url ? `: ${done.comment.url}` : "";
    return { level: "info", message: `comment: plan comment ${done.action} on ${target.where}${url}` };
  } catch (error) {
    return { level: "warning", message: redact2(failureMessage(error, target), token) };
  }
}
async function eventPayload(env, readEvent) {
  if (detectCiKind(env) !== "github") return void 0;
  try {
    return await readEvent();
  } catch {
    return void 0;
  }
}
async function createClient(target, token) {
  if (target.platform === "github") {
    const { createGitHubComments: createGitHubComments2 } = await Promise.resolve().then(() => (init_github_comments(), github_comments_exports));
    return createGitHubComments2(target, token, USER_AGENT);
  }
  return createGitLabNotes(target, token, USER_AGENT);
}
function wantsNewComment(content) {
  if ("error" in content) return false;
  const { plan, outcome } = content.report;
  return plan.changes.length > 0 || plan.workloads.length > 0 || plan.problems.length > 0 || outcome === "failed" || outcome === "incomplete";
}
function commentBody(request, target, id) {
  const { content } = request;
  const run2 = target.runUrl ? `[this run](${safeUrl(target.runUrl)})` : "this run";
  const head = "report" in content && content.report.plan.head ? ` at ${escapeMarkdown(shortSha(content.report.plan.head))}` : "";
  const footer = `<sub>config-rollout ${escapeMarkdown(VERSION)}${head}, ${run2}. Every run of this job updates this comment (comment id: ${escapeMarkdown(id)}).</sub>`;
  const limit = LIMITS[target.platform];
  return buildCommentBody({
    id,
    sections: "report" in content ? markdownSections(content.report) : [
      {
        render: () => `### config-rollout

**Failed:** ${escapeMarkdown(content.error)}

No plan: see the job log.
`
      }
    ],
    footer,
    limit,
    cutNote: `_Shortened to stay under ${target.platform === "github" ? "GitHub's 65,536" : "GitLab's 1,000,000"}-character limit for a comment: the whole report is in ${request.fullReportIn} of ${run2}._`
  }).body;
}
function tokenHint(target) {
  return target.platform === "github" ? "the action takes the github-token input (default: the workflow's github.token); the CLI reads GITHUB_TOKEN, so set it in the step's env. The job needs permissions: pull-requests: write" : "set a masked CI/CD variable CONFIG_ROLLOUT_GITLAB_TOKEN holding a project access token with the api scope (CI_JOB_TOKEN cannot write notes)";
}
function failureMessage(error, target) {
  const status = statusOf(error);
  const reason2 = error instanceof Error ? error.message : String(error);
  const firstLine = reason2.split("\n")[0] ?? "";
  const shown2 = status && !firstLine.startsWith(String(status)) ? `${status} ${firstLine}` : firstLine;
  const what = `comment: could not write the plan comment on ${target.where} (${shown2})`;
  const unchanged = "; the run's result is unchanged";
  if (status === 401) return `${what}: the token was rejected${unchanged}`;
  if (status === 403 || status === 404) {
    return target.platform === "github" ? `${what}: the token cannot write comments there. A pull request from a fork gets a read-only token; otherwise give the job permissions: pull-requests: write${unchanged}` : `${what}: the token cannot write notes there: CONFIG_ROLLOUT_GITLAB_TOKEN needs the api scope and at least the Reporter role in the project${unchanged}`;
  }
  return `${what}${unchanged}`;
}
function statusOf(error) {
  const status = typeof error === "object" && error !== null ? error.status : void 0;
  return typeof status === "number" ? status : void 0;
}
function redact2(text, token) {
  return token.length >= 4 ? text.replaceAll(token, "***") : text;
}
function safeUrl(url) {
  return url.replace(
    /[\s()<>[\]"'`]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`
  );
}
var LIMITS;
var init_comment_on_review = __esm({
  "src/run/comment-on-review.ts"() {
    "use strict";
    init_comment_body();
    init_gitlab_notes();
    init_review_comments();
    init_review_target();
    init_commit_sha();
    init_ci_kind();
    init_error_line();
    init_report_markdown();
    init_version();
    LIMITS = { github: 65e3, gitlab: 999e3 };
  }
});

// src/core/run-limited.ts
async function runLimited(items, limit, step) {
  const results = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await step(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
var init_run_limited = __esm({
  "src/core/run-limited.ts"() {
    "use strict";
  }
});

// src/rollout/check-permissions.ts
function patchWrites(targets) {
  return targets.map(({ id, kind }) => ({
    verb: "patch",
    group: kind.group,
    resource: kind.resource,
    namespace: id.namespace,
    name: id.name
  }));
}
function configWrite(id) {
  const { group, resource } = configKind(id.kind);
  return { verb: "patch", group, resource, namespace: id.namespace, name: id.name };
}
async function checkPermissions(cluster, needed, log, concurrency, checked = "checked before any change: nothing was written") {
  const answers = await review(cluster, needed, concurrency);
  if (answers.some((a) => a.allowed === void 0)) {
    log.info(
      "the API server does not answer access reviews: permissions are checked by the writes themselves"
    );
  }
  const denied = answers.filter((a) => a.allowed === false).map((a) => a.check);
  if (denied.length === 0) return;
  const list = describeChecks(denied);
  throw new ClusterAccessError(
    `forbidden: context ${cluster.context} may not ${list} (${checked}). Grant it with the Role in docs/rbac.md.`,
    403
  );
}
function podWatchReads(namespaces, logLines) {
  return [...new Set(namespaces)].flatMap((namespace) => [
    { verb: "list", group: "", resource: "pods", namespace },
    { verb: "watch", group: "", resource: "pods", namespace },
    { verb: "list", group: "", resource: "events", namespace },
    ...logLines > 0 ? [{ verb: "get", group: "", resource: "pods", subresource: "log", namespace }] : []
  ]);
}
async function checkPodWatchAccess(cluster, namespaces, logLines, concurrency) {
  const answers = await review(cluster, podWatchReads(namespaces, logLines), concurrency);
  const denied = answers.filter((a) => a.allowed === false).map((a) => a.check);
  if (denied.length === 0) return { watch: true };
  const watch = !denied.some((c) => c.resource === "pods" && c.subresource === void 0);
  const effect = watch ? "a new pod that cannot start still fails its workload early, but its cause is quoted without what cannot be read" : "waiting on the rollout status alone, without failing early on pods that cannot start";
  return {
    watch,
    warning: `context ${cluster.context} may not ${describeChecks(denied)} (access review): ${effect}. Grant it with the Role in docs/rbac.md, or pass --wait status.`
  };
}
async function review(cluster, needed, concurrency) {
  const permission = (c) => `${c.verb} ${c.group}/${c.resource}${c.subresource ? `/${c.subresource}` : ""} ${c.namespace}`;
  const byPermission = /* @__PURE__ */ new Map();
  for (const check of needed)
    byPermission.set(permission(check), [...byPermission.get(permission(check)) ?? [], check]);
  const answers = await runLimited([...byPermission.values()], concurrency, async ([first]) => {
    const { name: _, ...unnamed } = first;
    return { check: unnamed, allowed: await cluster.canI(unnamed) };
  });
  const refused = answers.filter((a) => a.allowed === false);
  const objects = refused.flatMap(({ check }) => {
    const checks = byPermission.get(permission(check));
    if (checks.some((c) => c.name === void 0)) return [];
    return [...new Map(checks.map((c) => [c.name, c])).values()];
  });
  const byName = await runLimited(objects, concurrency, async (check) => ({
    check,
    allowed: await cluster.canI(check)
  }));
  const askedByName = new Set(objects.map(permission));
  return [...answers.filter((a) => !askedByName.has(permission(a.check))), ...byName];
}
function describeChecks(checks) {
  const names2 = /* @__PURE__ */ new Map();
  for (const c of checks) {
    const resource = `${c.resource}${c.subresource ? `/${c.subresource}` : ""}`;
    const permission = `${c.verb} ${c.group ? `${resource}.${c.group}` : resource}`;
    const key = `${permission}\0${c.namespace}`;
    names2.set(key, [...names2.get(key) ?? [], ...c.name ? [c.name] : []]);
  }
  return [...names2].map(([key, objects]) => {
    const [permission, namespace] = key.split("\0");
    return `${permission}${objects.length > 0 ? ` ${objects.join(", ")}` : ""} in namespace ${namespace}`;
  }).join("; ");
}
async function reviewAccess(cluster, writes, settings, log, checked) {
  const configs = writes.configs.flatMap(
    (w) => ["create", "patch"].map((verb) => ({ ...configWrite(w.id), verb }))
  );
  const needed = [...configs, ...patchWrites(writes.targets), ...writes.reviews ?? []];
  const namespaces = writes.targets.map((t) => t.id.namespace);
  const baking = settings.bakeMs !== void 0 && settings.dryRun !== "server";
  const bakeReads = baking ? podWatchReads(namespaces, 0).filter((c) => c.resource === "pods") : [];
  await checkPermissions(cluster, [...needed, ...bakeReads], log, settings.concurrency, checked);
  if (!(settings.watchPods && settings.wait && settings.dryRun !== "server")) return { watchPods: false };
  const access3 = await checkPodWatchAccess(cluster, namespaces, settings.logLines, settings.concurrency);
  if (access3.warning) log.warn(access3.warning);
  return { watchPods: access3.watch };
}
var init_check_permissions = __esm({
  "src/rollout/check-permissions.ts"() {
    "use strict";
    init_errors();
    init_api_kinds();
    init_run_limited();
  }
});

// src/core/kinds/pod-verdict.ts
function str(value) {
  return typeof value === "string" && value !== "" ? value : void 0;
}
function oneLine2(value) {
  if (value === void 0) return void 0;
  const flat = redactSecrets(value).trim().replace(/\s*[\r\n]+\s*/g, " | ").replace(/\t/g, " ").replace(new RegExp("\\p{Cc}", "gu"), "");
  return flat.length > MAX_CAUSE_MESSAGE ? `${flat.slice(0, MAX_CAUSE_MESSAGE)}\u2026` : flat;
}
function labelOf(pod, name) {
  return str(field(field(field(pod, "metadata"), "labels"), name));
}
function podFailure(pod, crashRestarts = CRASH_RESTARTS) {
  const status = field(pod, "status");
  const lists = [field(status, "initContainerStatuses"), field(status, "containerStatuses")];
  for (const list of lists) {
    for (const container of Array.isArray(list) ? list : []) {
      const waiting2 = field(field(container, "state"), "waiting");
      const reason2 = str(field(waiting2, "reason"));
      const restartCount = Number(field(container, "restartCount") ?? 0);
      const terminated = field(field(container, "lastState"), "terminated");
      const oom = field(terminated, "reason") === "OOMKilled";
      const crashing = reason2 === "CrashLoopBackOff" || oom;
      if (!(reason2 && WILL_NOT_HEAL.has(reason2)) && !(crashing && restartCount >= crashRestarts)) continue;
      const cause = {
        pod: String(field(field(pod, "metadata"), "name") ?? ""),
        container: String(field(container, "name") ?? ""),
        reason: oom ? "OOMKilled" : reason2 ?? "CrashLoopBackOff",
        restartCount
      };
      const message = oneLine2(str(field(waiting2, "message")));
      if (message) cause.message = message;
      if (terminated && typeof terminated === "object") {
        const exitCode = field(terminated, "exitCode");
        cause.lastTermination = {
          ...typeof exitCode === "number" ? { exitCode } : {},
          ...str(field(terminated, "reason")) ? { reason: str(field(terminated, "reason")) } : {},
          ...str(field(terminated, "message")) ? { message: oneLine2(str(field(terminated, "message"))) } : {}
        };
      }
      return cause;
    }
  }
  return void 0;
}
function workloadOfPod(pod) {
  const refs = field(field(pod, "metadata"), "ownerReferences");
  const ref = Array.isArray(refs) ? refs.find((r) => field(r, "controller") === true) : void 0;
  const kind = str(field(ref, "kind"));
  const name = str(field(ref, "name"));
  if (!kind || !name) return void 0;
  if (kind === "StatefulSet" || kind === "DaemonSet") return { kind, name };
  if (kind !== "ReplicaSet") return void 0;
  const rolloutsHash = labelOf(pod, ROLLOUTS_POD_TEMPLATE_HASH);
  if (rolloutsHash && name.endsWith(`-${rolloutsHash}`))
    return { kind: "Rollout", name: name.slice(0, -rolloutsHash.length - 1), replicaSet: name };
  const hash = labelOf(pod, POD_TEMPLATE_HASH);
  if (hash && name.endsWith(`-${hash}`))
    return { kind: "Deployment", name: name.slice(0, -hash.length - 1), replicaSet: name };
  return void 0;
}
function runsNewTemplate(pod, workload, replicaSet) {
  const kind = field(workload, "kind");
  const status = field(workload, "status");
  switch (kind) {
    case "StatefulSet": {
      const update = str(field(status, "updateRevision"));
      return update === void 0 ? void 0 : labelOf(pod, CONTROLLER_REVISION_HASH) === update;
    }
    case "DaemonSet": {
      const generation = field(field(workload, "metadata"), "generation");
      return typeof generation === "number" ? labelOf(pod, POD_TEMPLATE_GENERATION) === String(generation) : void 0;
    }
    case "Rollout": {
      const current = str(field(status, "currentPodHash"));
      return current === void 0 ? void 0 : labelOf(pod, ROLLOUTS_POD_TEMPLATE_HASH) === current;
    }
    case "Deployment": {
      if (replicaSet === void 0) return void 0;
      const revisionOf = (obj) => str(field(field(field(obj, "metadata"), "annotations"), REVISION_ANNOTATION));
      const mine = revisionOf(replicaSet);
      const newest = revisionOf(workload);
      if (!mine || !newest) return void 0;
      return Number(mine) >= Number(newest);
    }
    default:
      return void 0;
  }
}
function warningEvents(events, limit = 3) {
  const time = (e) => String(
    field(e, "lastTimestamp") ?? field(e, "eventTime") ?? field(field(e, "metadata"), "creationTimestamp") ?? ""
  );
  return events.filter((e) => field(e, "type") === "Warning").sort((a, b) => time(b).localeCompare(time(a))).slice(0, limit).map((e) => {
    const count = Number(field(e, "count") ?? 1);
    return `${String(field(e, "reason") ?? "")}: ${String(field(e, "message") ?? "")}${count > 1 ? ` (x${count})` : ""}`;
  });
}
function describeCause(cause) {
  const details = [];
  if (cause.restartCount > 0)
    details.push(`${cause.restartCount} restart${cause.restartCount === 1 ? "" : "s"}`);
  const last = cause.lastTermination;
  if (last?.exitCode !== void 0 || last?.message) {
    const code = last.exitCode !== void 0 ? `last exit code ${last.exitCode}` : "last run";
    details.push(last.message ? `${code}: ${last.message}` : code);
  }
  const reason2 = `${cause.reason}${cause.message ? `: ${cause.message}` : ""}`;
  return `pod ${cause.pod} container ${cause.container}: ${reason2}${details.length ? ` (${details.join("; ")})` : ""}`;
}
var CRASH_RESTARTS, WILL_NOT_HEAL, POD_TEMPLATE_HASH, ROLLOUTS_POD_TEMPLATE_HASH, CONTROLLER_REVISION_HASH, POD_TEMPLATE_GENERATION, MAX_CAUSE_MESSAGE, REVISION_ANNOTATION;
var init_pod_verdict = __esm({
  "src/core/kinds/pod-verdict.ts"() {
    "use strict";
    init_json_shape();
    init_secret_values();
    CRASH_RESTARTS = 2;
    WILL_NOT_HEAL = /* @__PURE__ */ new Set([
      "CreateContainerConfigError",
      "CreateContainerError",
      "ErrImagePull",
      "ImagePullBackOff",
      "InvalidImageName"
    ]);
    POD_TEMPLATE_HASH = "pod-template-hash";
    ROLLOUTS_POD_TEMPLATE_HASH = "rollouts-pod-template-hash";
    CONTROLLER_REVISION_HASH = "controller-revision-hash";
    POD_TEMPLATE_GENERATION = "pod-template-generation";
    MAX_CAUSE_MESSAGE = 500;
    REVISION_ANNOTATION = "deployment.kubernetes.io/revision";
  }
});

// src/rollout/heartbeat.ts
function startHeartbeat(timeoutMs, line, print2, opts = {}) {
  const now = opts.now ?? Date.now;
  const everyMs = Math.max(opts.everyMs ?? HEARTBEAT_MS, 1);
  const floorMs = Math.min(everyMs, MIN_HEARTBEAT_MS);
  const started = now();
  let last = started;
  const every = Math.max(everyMs, floorMs);
  let timer;
  let stopped = false;
  const schedule = (inMs) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(tick, Math.max(1, inMs));
    timer.unref();
  };
  function tick() {
    const at = now();
    if (at - last < every) {
      schedule(last + every - at);
      return;
    }
    const text = line(formatDuration(at - started, 1e3), formatDuration(timeoutMs - (at - started), 1e3));
    if (text !== void 0) {
      last = at;
      print2(text);
    }
    schedule(every);
  }
  schedule(every);
  return {
    printed: () => {
      last = now();
      schedule(every);
    },
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    }
  };
}
var HEARTBEAT_MS, MIN_HEARTBEAT_MS;
var init_heartbeat = __esm({
  "src/rollout/heartbeat.ts"() {
    "use strict";
    init_duration();
    HEARTBEAT_MS = 3e4;
    MIN_HEARTBEAT_MS = 1e4;
  }
});

// src/kube/list-watch.ts
async function listAndWatch(source2, req) {
  const { names: names2, signal } = req;
  const now = req.now ?? Date.now;
  const fieldSelector = names2.length === 1 ? `metadata.name=${names2[0]}` : void 0;
  const pending = () => !signal.aborted && names2.some((name) => req.following(name));
  let resourceVersion;
  let fromMostRecent = req.fromMostRecent;
  let failures = 0;
  let quickCloses = 0;
  while (pending()) {
    try {
      if (resourceVersion === void 0 && !fromMostRecent) {
        resourceVersion = await listOnce(source2, req, fieldSelector);
        if (resourceVersion === void 0 || !pending()) return;
      }
      const opened = now();
      const ending = await watchSession(
        source2,
        req,
        { fromVersion: resourceVersion, fieldSelector, pending },
        (rv) => {
          resourceVersion = rv;
        }
      );
      failures = 0;
      if (fromMostRecent && ending.unseen) resourceVersion = void 0;
      fromMostRecent = false;
      if (ending.how === "gone") resourceVersion = void 0;
      if (ending.how === "closed") {
        quickCloses = now() - opened < 1e3 ? quickCloses + 1 : 0;
        if (quickCloses > 1)
          await sleep(backoffDelayMs(quickCloses, { baseDelayMs: 100, maxDelayMs: 2e3 }), signal);
      }
    } catch (error) {
      fromMostRecent = false;
      resourceVersion = void 0;
      if (error instanceof ClusterAccessError && error.status === 410) continue;
      if (error instanceof ClusterAccessError && [401, 403, 404].includes(error.status ?? 0)) throw error;
      req.onRetry(error);
      const backoff = { baseDelayMs: req.retryDelayMs ?? 250, maxDelayMs: 5e3 };
      await sleep(backoffDelayMs(failures++, backoff), signal);
    }
  }
}
async function listOnce(source2, req, fieldSelector) {
  const list = await source2.listForWatch(req.namespace, req.kind, fieldSelector);
  if (req.signal.aborted) return void 0;
  const followed = new Set(req.names);
  const present = /* @__PURE__ */ new Set();
  for (const item of list.items) {
    const name = String(field(field(item, "metadata"), "name") ?? "");
    present.add(name);
    if (followed.has(name)) req.onObject(name, item);
  }
  for (const name of req.names) if (!present.has(name)) req.onGone(name, "absent");
  return list.resourceVersion;
}
function sleep(ms, signal) {
  return new Promise((resolve10) => {
    if (signal.aborted) return resolve10();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve10();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener("abort", done);
  });
}
function watchSession(source2, req, at, seen2) {
  const { names: names2, signal } = req;
  const followed = new Set(names2);
  return new Promise((resolve10, reject) => {
    let handle;
    let shown2 = at.fromVersion === void 0 ? /* @__PURE__ */ new Set() : void 0;
    const unseen = () => shown2 !== void 0 && names2.some((name) => req.following(name) && !shown2?.has(name));
    const detach = () => signal.removeEventListener("abort", stop);
    const end = (how) => {
      detach();
      handle?.abort();
      resolve10({ how, unseen: unseen() });
    };
    const stop = () => end("complete");
    signal.addEventListener("abort", stop);
    handle = source2.watchWorkloads(
      req.namespace,
      req.kind,
      { resourceVersion: at.fromVersion, fieldSelector: at.fieldSelector },
      (type, obj) => {
        if (type === "ERROR") {
          const code = field(obj, "code");
          if (code === 410) return end("gone");
          detach();
          handle?.abort();
          const message = String(field(obj, "message") ?? "watch error");
          return reject(new ClusterAccessError(message, typeof code === "number" ? code : void 0));
        }
        const rv = field(field(obj, "metadata"), "resourceVersion");
        if (typeof rv === "string" && rv !== "") seen2(rv);
        if (type === "BOOKMARK") {
          for (const name of names2) if (shown2 && !shown2.has(name)) req.onGone(name, "deleted");
          shown2 = void 0;
        } else {
          const name = String(field(field(obj, "metadata"), "name") ?? "");
          if (!followed.has(name)) return;
          shown2?.add(name);
          if (type === "DELETED") req.onGone(name, "deleted");
          else req.onObject(name, obj);
        }
        if (!at.pending()) end("complete");
      },
      (error) => {
        detach();
        if (error) reject(error);
        else resolve10({ how: "closed", unseen: unseen() });
      }
    );
    if (signal.aborted) end("complete");
  });
}
var init_list_watch = __esm({
  "src/kube/list-watch.ts"() {
    "use strict";
    init_errors();
    init_json_shape();
    init_retry();
  }
});

// src/kube/watch-pods.ts
async function watchPods(source2, namespace, onPod, signal, retryDelayMs2 = 250) {
  let resourceVersion;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const end = await new Promise((resolve10, reject) => {
        const stop = () => {
          handle.abort();
          resolve10("closed");
        };
        const handle = source2.watchWorkloads(
          namespace,
          "Pod",
          { resourceVersion },
          (type, obj) => {
            if (type === "ERROR") {
              signal.removeEventListener("abort", stop);
              handle.abort();
              const code = field(obj, "code");
              if (code === 410) return resolve10("gone");
              return reject(
                new ClusterAccessError(String(field(obj, "message") ?? "watch error"), void 0)
              );
            }
            const rv = field(field(obj, "metadata"), "resourceVersion");
            if (typeof rv === "string" && rv !== "") resourceVersion = rv;
            if (type === "ADDED" || type === "MODIFIED") onPod(obj);
          },
          (error) => {
            signal.removeEventListener("abort", stop);
            if (error) reject(error);
            else resolve10("closed");
          }
        );
        signal.addEventListener("abort", stop, { once: true });
        if (signal.aborted) stop();
      });
      failures = 0;
      if (end === "gone") resourceVersion = void 0;
    } catch (error) {
      resourceVersion = void 0;
      if (error instanceof ClusterAccessError && error.status === 410) continue;
      if (error instanceof ClusterAccessError && [401, 403, 404].includes(error.status ?? 0)) throw error;
      await sleep(backoffDelayMs(failures++, { baseDelayMs: retryDelayMs2, maxDelayMs: 5e3 }), signal);
    }
  }
}
var init_watch_pods = __esm({
  "src/kube/watch-pods.ts"() {
    "use strict";
    init_errors();
    init_json_shape();
    init_list_watch();
    init_retry();
  }
});

// src/rollout/pod-watch.ts
function startPodWatch(targets, opts, signal) {
  const { cluster } = opts;
  const byWorkload = new Map(targets.map((t) => [`${t.id.namespace}/${t.id.kind}/${t.id.name}`, t]));
  const undecided = /* @__PURE__ */ new Map();
  const replicaSets = /* @__PURE__ */ new Map();
  const failing = /* @__PURE__ */ new Set();
  let warned = false;
  const warnOnce = (message) => {
    if (warned || signal.aborted) return;
    warned = true;
    opts.warn(message);
  };
  const judge2 = (pod) => {
    const namespace = String(field(field(pod, "metadata"), "namespace") ?? "");
    const key = `${namespace}/${String(field(field(pod, "metadata"), "name") ?? "")}`;
    const cause = opts.failure ? opts.failure(pod) : podFailure(pod, opts.crashRestarts ?? CRASH_RESTARTS);
    const owner = cause && workloadOfPod(pod);
    const target = owner && byWorkload.get(`${namespace}/${owner.kind}/${owner.name}`);
    if (!cause || !owner || !target || target.settled() || failing.has(target)) {
      undecided.delete(key);
      return;
    }
    const latest = target.latest();
    const observed = field(field(latest, "status"), "observedGeneration");
    const seen2 = typeof observed !== "number" || target.generation === void 0 || observed >= target.generation;
    if (seen2 && owner.kind === "Deployment" && owner.replicaSet) {
      const name = owner.replicaSet;
      const cached = replicaSets.get(`${namespace}/${name}`);
      if (!cached) {
        const read = cluster.readObject({ apiVersion: "apps/v1", kind: "ReplicaSet", namespace, name }).catch(() => void 0);
        replicaSets.set(`${namespace}/${name}`, read);
        undecided.set(key, pod);
        void read.then(() => recheck());
        return;
      }
      void cached.then((rs) => {
        const verdict = runsNewTemplate(pod, latest, rs);
        if (verdict === true) void failWith(target, pod, cause);
        else if (verdict === void 0) undecided.set(key, pod);
        else undecided.delete(key);
      });
      return;
    }
    const isNew = seen2 ? runsNewTemplate(pod, latest) : void 0;
    if (isNew === true) {
      undecided.delete(key);
      void failWith(target, pod, cause);
    } else if (isNew === void 0) undecided.set(key, pod);
    else undecided.delete(key);
  };
  const recheck = () => {
    for (const pod of [...undecided.values()]) judge2(pod);
  };
  const failWith = async (target, pod, cause) => {
    if (failing.has(target)) return;
    failing.add(target);
    const namespace = target.id.namespace;
    const uid = String(field(field(pod, "metadata"), "uid") ?? "");
    const quoted = { ...cause };
    try {
      const events = await cluster.listForWatch(
        namespace,
        "Event",
        `involvedObject.name=${cause.pod},involvedObject.namespace=${namespace}${uid ? `,involvedObject.uid=${uid}` : ""}`
      );
      const lines = warningEvents(events.items).map(bound);
      if (lines.length > 0) quoted.events = lines;
    } catch {
    }
    if (opts.logLines > 0 && cause.restartCount > 0) {
      try {
        const text = await cluster.readPodLog(namespace, cause.pod, {
          container: cause.container,
          previous: true,
          tailLines: opts.logLines + secretValueLines() - 1
        });
        const lines = lastLines(redactSecretLines(text), opts.logLines).map(bound);
        if (lines.some((l) => l !== "")) quoted.log = lines;
      } catch {
      }
    }
    if (!target.settled()) target.fail(describeCause(quoted), quoted);
  };
  const namespaces = new Set(targets.map((t) => t.id.namespace));
  for (const namespace of namespaces) {
    watchPods(cluster, namespace, judge2, signal, opts.retryDelayMs).catch((error) => {
      const why = error instanceof ClusterAccessError ? error.message : String(error);
      warnOnce(
        `cannot watch pods in namespace ${namespace} (${why}): waiting on the rollout status alone, without failing early on pods that cannot start. Grant list and watch on pods (docs/rbac.md) or pass --wait status.`
      );
    });
  }
  return { recheck, judge: judge2 };
}
function lastLines(text, count) {
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines.slice(-count);
}
function bound(line) {
  const flat = redactSecrets(line).replace(/\t/g, " ").replace(new RegExp("\\p{Cc}", "gu"), "");
  return flat.length > MAX_LINE ? `${flat.slice(0, MAX_LINE)}\u2026` : flat;
}
var MAX_LINE;
var init_pod_watch = __esm({
  "src/rollout/pod-watch.ts"() {
    "use strict";
    init_errors();
    init_json_shape();
    init_pod_verdict();
    init_secret_values();
    init_watch_pods();
    MAX_LINE = 300;
  }
});

// src/rollout/bake.ts
function startBake(opts) {
  const now = opts.now ?? Date.now;
  const notReadyMs = opts.notReadyMs ?? BAKE_NOT_READY_MS;
  const running = /* @__PURE__ */ new Map();
  const ended = [];
  const failures = [];
  const heartbeat = opts.onHeartbeat ? startHeartbeat(opts.bakeMs, () => stillBaking([...running.values()], now()), opts.onHeartbeat, {
    now,
    ...opts.heartbeat
  }) : void 0;
  const interrupted = () => {
    for (const bake of [...running.values()]) {
      bake.finish({
        id: bake.id,
        result: "timeout",
        message: `interrupted while baking: its new pods were not watched for the whole ${formatDuration(opts.bakeMs)}`
      });
    }
  };
  opts.interrupt?.addEventListener("abort", interrupted, { once: true });
  const add = (target) => {
    const key = idKey(target.id);
    if (running.has(key)) return;
    let resolve10 = () => {
    };
    ended.push(new Promise((r) => resolve10 = r));
    const started = now();
    const finish = bakeOne(target, opts, now, notReadyMs, (failure) => {
      running.delete(key);
      if (failure) {
        failures.push(failure);
        opts.onFailed?.(failure);
      }
      resolve10();
    });
    running.set(key, { id: target.id, ends: started + opts.bakeMs, finish });
    if (opts.interrupt?.aborted) interrupted();
  };
  return {
    add,
    async done() {
      await Promise.all(ended);
      heartbeat?.stop();
      opts.interrupt?.removeEventListener("abort", interrupted);
      return failures;
    }
  };
}
function bakeOne({ id, generation, object }, opts, now, notReadyMs, ended) {
  const started = now();
  const stop = new AbortController();
  const pods = /* @__PURE__ */ new Map();
  let finished = false;
  const finish = (failure2) => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    stop.abort();
    for (const seen2 of pods.values()) clearTimeout(seen2.timer);
    ended(failure2);
  };
  const target = {
    id,
    ...generation !== void 0 ? { generation } : {},
    latest: () => object,
    settled: () => finished,
    fail: (message, cause) => finish({
      id,
      result: "failed",
      message: `rolled out, then failed its ${formatDuration(opts.bakeMs)} bake after ${formatDuration(now() - started, 1e3)}: ${message}`,
      cause
    })
  };
  const failure = (pod) => {
    const uid = String(field(field(pod, "metadata"), "uid") ?? "");
    const seen2 = pods.get(uid) ?? { restarts: /* @__PURE__ */ new Map(), wasReady: false };
    pods.set(uid, seen2);
    seen2.latest = pod;
    clearTimeout(seen2.timer);
    const verdict = bakeVerdict(pod, seen2, now(), notReadyMs);
    if (verdict !== "later") return verdict;
    seen2.timer = setTimeout(() => watch.judge(seen2.latest), notReadyMs - (now() - seen2.notReadySince) + 1);
    return void 0;
  };
  const watch = startPodWatch([target], { ...opts.pods, failure }, stop.signal);
  const timer = setTimeout(() => finish(), opts.bakeMs);
  return finish;
}
function bakeVerdict(pod, seen2, at, notReadyMs) {
  if (field(field(pod, "metadata"), "deletionTimestamp") !== void 0) return void 0;
  const fast = podFailure(pod);
  if (fast) return fast;
  const name = String(field(field(pod, "metadata"), "name") ?? "");
  const status = field(pod, "status");
  const containers = [field(status, "initContainerStatuses"), field(status, "containerStatuses")].flatMap(
    (list) => Array.isArray(list) ? list : []
  );
  for (const container of containers) {
    const containerName = String(field(container, "name") ?? "");
    const restartCount = Number(field(container, "restartCount") ?? 0);
    const before = seen2.restarts.get(containerName);
    if (before === void 0) seen2.restarts.set(containerName, restartCount);
    else if (restartCount > before) return restartCause(name, containerName, container, restartCount);
  }
  const conditions2 = field(status, "conditions");
  const ready = Array.isArray(conditions2) && conditions2.some((c) => field(c, "type") === "Ready" && field(c, "status") === "True");
  if (ready) {
    seen2.wasReady = true;
    seen2.notReadySince = void 0;
    return void 0;
  }
  if (!seen2.wasReady) return void 0;
  seen2.notReadySince ??= at;
  if (at - seen2.notReadySince < notReadyMs) return "later";
  const unready = containers.find((c) => field(c, "ready") === false);
  return {
    pod: name,
    container: String(field(unready, "name") ?? ""),
    reason: "NotReady",
    message: `not ready for ${formatDuration(at - seen2.notReadySince, 1e3)} after it was ready`,
    restartCount: Number(field(unready, "restartCount") ?? 0)
  };
}
function restartCause(pod, container, status, restartCount) {
  const waiting2 = field(field(status, "state"), "waiting");
  const terminated = field(field(status, "lastState"), "terminated");
  const exitCode = field(terminated, "exitCode");
  const reason2 = field(terminated, "reason");
  return {
    pod,
    container,
    reason: typeof field(waiting2, "reason") === "string" ? String(field(waiting2, "reason")) : "Restarted",
    restartCount,
    ...terminated !== void 0 ? {
      lastTermination: {
        ...typeof exitCode === "number" ? { exitCode } : {},
        ...typeof reason2 === "string" ? { reason: reason2 } : {}
      }
    } : {}
  };
}
function stillBaking(running, at) {
  if (running.length === 0) return void 0;
  const shown2 = running.slice(0, 3).map((b) => `${shortId(b.id)} (${formatDuration(b.ends - at, 1e3)} left)`);
  const more = running.length > 3 ? `; and ${running.length - 3} more` : "";
  return `still baking ${running.length} workload${running.length === 1 ? "" : "s"}: ${shown2.join(", ")}${more}`;
}
var BAKE_NOT_READY_MS;
var init_bake = __esm({
  "src/rollout/bake.ts"() {
    "use strict";
    init_duration();
    init_json_shape();
    init_pod_verdict();
    init_model();
    init_heartbeat();
    init_pod_watch();
    BAKE_NOT_READY_MS = 1e4;
  }
});

// src/core/kinds/rollout-verdict.ts
function rolloutVerdict(rollout, obj) {
  const uid = field(field(obj, "metadata"), "uid");
  const followedUid = field(field(rollout.object, "metadata"), "uid");
  if (typeof uid === "string" && typeof followedUid === "string" && uid !== followedUid)
    return { end: "deleted", message: `${formatId(rollout.id)} was deleted` };
  const generation = field(field(obj, "metadata"), "generation");
  const expected = rollout.generation;
  const status = expected !== void 0 && typeof generation === "number" && generation < expected || ownerChangeUnseen(obj, rollout.templateOwnerGeneration) ? { done: false, message: specUpdateMessage(rollout.id.kind) } : rolloutStatus(obj);
  if (status.notWaitable) return { end: "not-waitable", message: status.message };
  if (status.error) return { end: "failed", message: status.message };
  if (status.paused) return { end: "paused", message: status.message };
  if (status.done) return { end: "done", message: status.message };
  return { waiting: status.message };
}
function ownerChangeUnseen(obj, ownerGeneration) {
  if (ownerGeneration === void 0) return false;
  const seen2 = Number.parseInt(
    String(field(field(field(obj, "metadata"), "annotations"), WORKLOAD_GENERATION_ANNOTATION) ?? ""),
    10
  );
  return !(seen2 >= ownerGeneration);
}
var init_rollout_verdict = __esm({
  "src/core/kinds/rollout-verdict.ts"() {
    "use strict";
    init_json_shape();
    init_model();
    init_argo_rollout_status();
    init_rollout_status();
    init_workload_kinds();
  }
});

// src/rollout/wait.ts
function waitTargetOf(restart) {
  const { id, generation, object, templateOwnerGeneration } = restart;
  return { id, generation, object, templateOwnerGeneration };
}
function logProgress(log) {
  return (id, message) => log.info(`${shortId(id)}: ${message}`);
}
async function waitForRollouts(cluster, targets, opts) {
  const now = opts.now ?? Date.now;
  const started = now();
  const states = /* @__PURE__ */ new Map();
  for (const target of targets) {
    if (!states.has(idKey(target.id))) states.set(idKey(target.id), { target, lastMessage: "" });
  }
  if (states.size === 0) return [];
  let unsettled = states.size;
  const stop = new AbortController();
  (0, import_node_events.setMaxListeners)(0, stop.signal);
  const finished = new Promise((resolve10) => stop.signal.addEventListener("abort", () => resolve10()));
  const waiting2 = {
    cluster,
    opts,
    now,
    signal: stop.signal,
    settle(state3, result, message, cause) {
      if (state3.result) return;
      state3.result = { id: state3.target.id, result, message, durationMs: now() - started };
      if (cause) state3.result.cause = cause;
      const observed = state3.latest ?? state3.target.object;
      if (observed) state3.result.object = observed;
      waiting2.opts.onSettled?.(state3.result);
      if (--unsettled === 0) stop.abort();
    }
  };
  const deadline = setTimeout(() => timeOut(states.values(), waiting2), opts.timeoutMs);
  const interrupted = () => timeOut(states.values(), waiting2, opts.interrupt?.reason);
  if (opts.interrupt?.aborted) interrupted();
  else opts.interrupt?.addEventListener("abort", interrupted, { once: true });
  stop.signal.addEventListener("abort", () => {
    clearTimeout(deadline);
    opts.interrupt?.removeEventListener("abort", interrupted);
  });
  if (opts.pods) {
    const pods = startPodWatch(
      [...states.values()].map((state3) => ({
        id: state3.target.id,
        generation: state3.target.generation,
        latest: () => state3.latest ?? state3.target.object,
        settled: () => state3.result !== void 0,
        fail: (message, cause) => waiting2.settle(state3, "failed", message, cause)
      })),
      opts.pods,
      stop.signal
    );
    waiting2.observed = pods.recheck;
  }
  if (opts.onHeartbeat) {
    const heartbeat = startHeartbeat(
      opts.timeoutMs,
      (waited, left) => stillWaiting([...states.values()], waited, left),
      opts.onHeartbeat,
      { now, ...opts.heartbeat }
    );
    const onProgress = opts.onProgress;
    waiting2.opts = {
      ...opts,
      onProgress: (id, message) => {
        heartbeat.printed();
        onProgress?.(id, message);
      }
    };
    stop.signal.addEventListener("abort", () => heartbeat.stop());
  }
  const groups = /* @__PURE__ */ new Map();
  for (const state3 of states.values()) {
    const key = `${state3.target.id.namespace}/${state3.target.id.kind}`;
    groups.set(key, [...groups.get(key) ?? [], state3]);
  }
  for (const members of groups.values()) {
    followGroup(members, waiting2).catch((error) => {
      const message = error instanceof ClusterAccessError ? `cannot follow the rollout: ${error.message}` : `internal error while waiting: ${String(error)}`;
      for (const member of members) waiting2.settle(member, "failed", message);
    });
  }
  await finished;
  return targets.map((t) => states.get(idKey(t.id)).result);
}
async function followGroup(members, waiting2) {
  const { settle, opts } = waiting2;
  const { namespace, kind } = members[0].target.id;
  if (!workloadKind(kind)?.rolloutStatus) {
    for (const member of members)
      settle(member, "not-waitable", `rollout status is not available for kind ${kind}`);
    return;
  }
  const observe = (state3, obj) => {
    if (state3.result) return;
    state3.latest = { kind, ...obj };
    waiting2.observed?.();
    const verdict = rolloutVerdict(state3.target, { kind, ...obj });
    if ("end" in verdict) return settle(state3, verdict.end, verdict.message);
    state3.lastError = void 0;
    if (verdict.waiting !== state3.lastMessage) {
      state3.lastMessage = verdict.waiting;
      opts.onProgress?.(state3.target.id, verdict.waiting);
    }
  };
  const byName = new Map(members.map((m) => [m.target.id.name, m]));
  const fromMostRecent = members.every((m) => isLiveObject(m.target.object));
  if (fromMostRecent) for (const member of members) observe(member, member.target.object);
  await listAndWatch(waiting2.cluster, {
    namespace,
    kind,
    names: [...byName.keys()],
    fromMostRecent,
    following: (name) => !byName.get(name)?.result,
    onObject: (name, obj) => observe(byName.get(name), obj),
    onGone: (name, how) => {
      const state3 = byName.get(name);
      const id = formatId(state3.target.id);
      settle(state3, "deleted", how === "absent" ? `${id} does not exist (deleted?)` : `${id} was deleted`);
    },
    onRetry: (error) => {
      for (const member of members) member.lastError = error.message;
    },
    signal: waiting2.signal,
    retryDelayMs: opts.retryDelayMs,
    now: waiting2.now
  });
}
function timeOut(states, { settle, opts }, reason2) {
  for (const state3 of states) {
    if (state3.result) continue;
    const last = [state3.lastMessage, state3.lastError && `last error: ${state3.lastError}`].filter(Boolean).join("; ");
    const why = reason2 instanceof Error ? `${reason2.message} while waiting for ${formatId(state3.target.id)}: its rollout was not followed to the end` : `timed out after ${formatDuration(opts.timeoutMs)} waiting for ${formatId(state3.target.id)}`;
    settle(state3, "timeout", `${why}${last ? `: ${last}` : ""}`);
  }
}
function stillWaiting(states, waited, left) {
  const open = states.filter((s) => !s.result);
  if (open.length === 0) return void 0;
  const shown2 = open.slice(0, 3).map((s) => `${shortId(s.target.id)}: ${s.lastMessage || "no status yet"}`);
  const more = open.length > 3 ? `; and ${open.length - 3} more` : "";
  return `still waiting for ${open.length} rollout${open.length === 1 ? "" : "s"} (waited ${waited}, ${left} left): ${shown2.join("; ")}${more}`;
}
function isLiveObject(obj) {
  return typeof field(field(obj, "metadata"), "resourceVersion") === "string";
}
var import_node_events;
var init_wait = __esm({
  "src/rollout/wait.ts"() {
    "use strict";
    import_node_events = require("node:events");
    init_duration();
    init_errors();
    init_json_shape();
    init_rollout_verdict();
    init_workload_kinds();
    init_model();
    init_list_watch();
    init_heartbeat();
    init_pod_watch();
  }
});

// src/rollout/follow-rollouts.ts
async function followRollouts(cluster, waitFor, results, context) {
  const { settings, log, watchPods: watchPods2 } = context;
  const failedNow = (rollout) => {
    const result = results.get(idKey(rollout.id));
    if (result?.restart !== "restarted" || rollout.result !== "failed") return;
    context.onFailed?.({ ...result, rollout: rollout.result, message: rollout.message });
  };
  const pods = watchPods2 ? { cluster, logLines: settings.logLines, warn: (message) => log.warn(message) } : void 0;
  const bake = settings.bakeMs !== void 0 && pods ? startBake({
    bakeMs: settings.bakeMs,
    pods,
    onFailed: failedNow,
    onHeartbeat: (line) => log.info(line),
    interrupt: interruptSignal
  }) : void 0;
  const generationOf2 = new Map(waitFor.map((w) => [idKey(w.id), w.generation]));
  const waited = await waitForRollouts(cluster, waitFor.map(waitTargetOf), {
    timeoutMs: settings.timeoutMs,
    onProgress: logProgress(log),
    onHeartbeat: (line) => log.info(line),
    // Interrupted (SIGINT, SIGTERM), the wait ends at once: what is still rolling out counts as
    // not finished, so a versioned run rolls it back through the same path.
    interrupt: interruptSignal,
    onSettled: (rollout) => {
      if (rollout.result === "done")
        bake?.add({ ...rollout, generation: generationOf2.get(idKey(rollout.id)) });
      failedNow(rollout);
    },
    // Pods forbidden in the access review: the wait is on the rollout status alone. A run that
    // sends no review (gitops) learns the same from the watch's own first answer (one warning).
    pods
  });
  if (!bake) return waited;
  const failed2 = new Map((await bake.done()).map((f) => [idKey(f.id), f]));
  const healthy = `; its new pods stayed healthy through the ${formatDuration(settings.bakeMs)} bake`;
  return waited.map(
    (rollout) => rollout.result === "done" ? { ...rollout, message: `${rollout.message}${healthy}`, ...failed2.get(idKey(rollout.id)) } : rollout
  );
}
var init_follow_rollouts = __esm({
  "src/rollout/follow-rollouts.ts"() {
    "use strict";
    init_duration();
    init_model();
    init_interrupt();
    init_bake();
    init_wait();
  }
});

// src/rollout/restart.ts
async function restartWorkloads(requests, cluster, opts) {
  const started = opts.now();
  const limit = opts.concurrency;
  const prepared = await runLimited(requests, limit, (request) => prepareOne(request, cluster, opts));
  const pending = prepared.filter((p) => "step" in p);
  await opts.beforeWrites?.(pending.map((p) => p.target));
  return runLimited(requests, limit, async (request, index) => {
    const ready = prepared[index];
    const outcome = !("step" in ready) ? ready : opts.stop?.aborted ? { result: "not-started", message: `not restarted: ${stopReason(opts.stop)}` } : await sendPatch(request, ready, cluster, opts);
    const result = { id: request.id, ...outcome, durationMs: opts.now() - started };
    opts.log?.info(`${formatId(request.id)}: ${result.message}`);
    return result;
  });
}
async function prepareOne(request, cluster, opts) {
  const { id } = request;
  const kind = restartableKind(id.kind);
  if (!kind) {
    return { result: "failed", message: `${id.kind} cannot be restarted by patching its pod template` };
  }
  try {
    const live2 = isLive(request.object) ? request.object : await cluster.readWorkload(id);
    if (!live2) return { result: "failed", message: await missingMessage(id, kind, cluster) };
    const refusal = kind.refusesRestart?.(live2);
    if (refusal) return { result: "paused", message: refusal };
    const ownerId = kind.templateOwner?.(live2);
    const target = ownerId ? await templateOwner(ownerId, cluster) : { id, kind, live: live2 };
    if ("failed" in target) return { result: "failed", message: target.failed };
    const step = opts.strategy.patchFor(id, target.live, target.kind);
    if ("unchanged" in step) {
      return ownerId ? { result: "unchanged", message: step.unchanged, templateOwnerGeneration: generationOf(target.live) } : { result: "unchanged", message: step.unchanged, generation: generationOf(live2), object: live2 };
    }
    return {
      target: { id: target.id, kind: target.kind },
      step,
      generation: generationOf(target.live),
      ...ownerId ? { ownerId } : {}
    };
  } catch (error) {
    if (isExpectedError(error)) return { result: "failed", message: error.message };
    throw error;
  }
}
async function sendPatch(request, first, cluster, opts) {
  try {
    return await cluster.retryOnConflict(async (attempt) => {
      const ready = attempt === 0 ? first : await prepareOne({ id: request.id }, cluster, opts);
      return "step" in ready ? patchOnce(ready, cluster, opts) : ready;
    });
  } catch (error) {
    if (isExpectedError(error)) return { result: "failed", message: error.message };
    throw error;
  }
}
async function patchOnce({ target, step, ownerId, generation }, cluster, opts) {
  try {
    const patched = await cluster.patchWorkload(target.id, step.patch, opts.dryRun, step.type);
    const through = ownerId ? ` of ${formatId(ownerId)} (its workloadRef)` : "";
    if (!opts.dryRun && generation !== void 0 && generationOf(patched) === generation) {
      return {
        result: "failed",
        message: `the patch${through} (${step.describe}) left the pod template as it was (generation ${generation}): not applied`
      };
    }
    const message = opts.dryRun ? `server dry run accepted the patch${through} (${step.describe})` : `patched the pod template${through} (${step.describe})`;
    if (ownerId) {
      return { result: "restarted", message, templateOwnerGeneration: generationOf(patched) };
    }
    return {
      result: "restarted",
      message,
      generation: generationOf(patched),
      ...opts.dryRun ? {} : { object: patched }
    };
  } catch (error) {
    if (isExpectedError(error) && !isConflict(error))
      return {
        result: "failed",
        message: error.message,
        ...unanswered(error) ? { unanswered: { generation } } : {}
      };
    throw error;
  }
}
async function templateOwner(ownerId, cluster) {
  const kind = restartableKind(ownerId.kind);
  if (!kind) {
    return { failed: `its workloadRef names ${formatId(ownerId)}, a kind config-rollout cannot patch` };
  }
  const live2 = await cluster.readWorkload(ownerId);
  if (!live2)
    return { failed: `its workloadRef names ${formatId(ownerId)}, which does not exist in the cluster` };
  return { id: ownerId, kind, live: live2 };
}
async function missingMessage(id, kind, cluster) {
  if (kind.customResource && !await cluster.serves(kind.kind)) {
    return `the cluster does not serve ${kind.resource}.${kind.group}/${kind.version}: is the CustomResourceDefinition installed?`;
  }
  return `${formatId(id)} does not exist in the cluster`;
}
function unanswered(error) {
  return error instanceof ClusterAccessError && (error.status === void 0 || error.status >= 500);
}
function generationOf(obj) {
  const generation = field(field(obj, "metadata"), "generation");
  return typeof generation === "number" ? generation : void 0;
}
function isLive(object) {
  return typeof field(field(object, "metadata"), "resourceVersion") === "string";
}
var init_restart = __esm({
  "src/rollout/restart.ts"() {
    "use strict";
    init_errors();
    init_json_shape();
    init_workload_kinds();
    init_model();
    init_run_limited();
    init_retry();
    init_interrupt();
  }
});

// src/rollout/restore/restore-source.ts
function byHand(restore, why) {
  const { id, source: source2 } = restore;
  const commit = shortSha(source2.commit);
  const apply = source2.origin ? `render ${source2.origin} at ${commit} and apply ${shortId(id)} from it with kubectl apply` : `git show ${shellWord(`${commit}:${source2.file}`)} | kubectl apply -n ${id.namespace} -f - (the file's other objects at ${commit} too)`;
  const first = /immutable/.test(why) ? `kubectl delete ${id.kind.toLowerCase()} ${id.name} -n ${id.namespace}, then ` : "";
  return `not restored: ${why}; restore it by hand: ${first}${apply}, then roll back its readers (kubectl rollout undo)`;
}
function shellWord(word) {
  if (/^[\w./:@+,=-]+$/.test(word)) return word;
  if (!new RegExp("\\p{Cc}", "u").test(word)) return `'${word.replaceAll("'", `'\\''`)}'`;
  const escaped = [...word].map((c) => /[\p{Cc}'\\]/u.test(c) ? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}` : c).join("");
  return `$'${escaped}'`;
}
var init_restore_source = __esm({
  "src/rollout/restore/restore-source.ts"() {
    "use strict";
    init_commit_sha();
    init_model();
  }
});

// src/rollout/restore/last-applied.ts
function lastAppliedOf(manifest, namespace) {
  const metadata = isRecord(manifest.metadata) ? manifest.metadata : {};
  const annotations = isRecord(metadata.annotations) ? { ...metadata.annotations } : {};
  delete annotations[LAST_APPLIED_ANNOTATION];
  return goJson({ ...manifest, metadata: { ...metadata, namespace, annotations } });
}
function parseLastApplied(live2) {
  const metadata = isRecord(live2) ? live2.metadata : void 0;
  const annotations = isRecord(metadata) ? metadata.annotations : void 0;
  const text = isRecord(annotations) ? annotations[LAST_APPLIED_ANNOTATION] : void 0;
  if (typeof text !== "string") return void 0;
  try {
    const parsed = JSON.parse(text);
    return isRecord(parsed) ? parsed : void 0;
  } catch {
    return void 0;
  }
}
function goJson(value) {
  const text = canonicalJson(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`
  );
  return `${text}
`;
}
var LAST_APPLIED_ANNOTATION;
var init_last_applied = __esm({
  "src/rollout/restore/last-applied.ts"() {
    "use strict";
    init_config_content();
    init_json_shape();
    LAST_APPLIED_ANNOTATION = "kubectl.kubernetes.io/last-applied-configuration";
  }
});

// src/rollout/restore/three-way-patch.ts
function threeWayPatch(original, modified, current) {
  const patch = {};
  for (const [key, value] of Object.entries(modified)) {
    const live2 = current[key];
    if (isRecord(value) && isRecord(live2)) {
      const before = original[key];
      const nested = threeWayPatch(isRecord(before) ? before : {}, value, live2);
      if (Object.keys(nested).length > 0) patch[key] = nested;
    } else if (!isSameValue(value, live2)) patch[key] = value;
  }
  for (const key of Object.keys(original)) {
    if (!Object.hasOwn(modified, key) && Object.hasOwn(current, key)) patch[key] = null;
  }
  return patch;
}
function isSameValue(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => isSameValue(v, b[i]));
  }
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && isSameValue(a[k], b[k]));
  }
  return a === b;
}
var init_three_way_patch = __esm({
  "src/rollout/restore/three-way-patch.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/rollout/restore/restore-write.ts
function restoreWrite(live2, base, head, namespace) {
  if (!live2) return { refused: "it is not on the cluster any more" };
  if (field(live2, "immutable") === true && changedKeys(liveConfigContent(live2), base.content).length > 0) {
    return { refused: "it is immutable (immutable: true): its content cannot be changed" };
  }
  const recorded2 = parseLastApplied(live2);
  const writer = lastContentWriter(live2) ?? (recorded2 ? { manager: CLIENT_SIDE_APPLY, operation: "Update" } : void 0);
  const desired = withoutServerFields({
    ...base.manifest,
    metadata: { ...metadataOf(base.manifest), namespace }
  });
  if (!writer) {
    return {
      apply: desired,
      fieldManager: OWN_FIELD_MANAGER,
      how: `server-side apply as ${OWN_FIELD_MANAGER} (no field manager recorded on the live object)`
    };
  }
  if (writer.operation === "Apply") {
    return { apply: desired, fieldManager: writer.manager, how: `server-side apply as ${writer.manager}` };
  }
  const modified = recorded2 ? {
    ...desired,
    metadata: {
      ...metadataOf(desired),
      annotations: {
        ...annotationsOf(desired),
        [LAST_APPLIED_ANNOTATION]: lastAppliedOf(base.manifest, namespace)
      }
    }
  } : desired;
  const original = recorded2 ?? (head ? { ...head, metadata: { ...metadataOf(head), namespace } } : {});
  const patch = threeWayPatch(original, modified, live2);
  if (Object.keys(patch).length === 0) return { unchanged: "it already holds the base commit's manifest" };
  const resourceVersion = stringField(field(live2, "metadata"), "resourceVersion");
  return {
    patch: { ...patch, metadata: { ...metadataOf(patch), ...resourceVersion ? { resourceVersion } : {} } },
    fieldManager: writer.manager,
    how: `${recorded2 ? "client-side apply's three-way patch" : "merge patch"} as ${writer.manager}`
  };
}
function lastContentWriter(live2) {
  const entries = arrayField(field(live2, "metadata"), "managedFields").filter(
    (entry) => field(entry, "subresource") === void 0 && typeof field(entry, "manager") === "string" && CONTENT_FIELDS.some((name) => isRecord(field(field(entry, "fieldsV1"), name)))
  );
  const rank = (entry) => `${stringField(entry, "time") ?? ""}|${field(entry, "operation") === "Apply" ? 1 : 0}`;
  const latest = entries.sort((a, b) => rank(b).localeCompare(rank(a)))[0];
  if (!latest) return void 0;
  return {
    manager: stringField(latest, "manager"),
    operation: stringField(latest, "operation") ?? "Update"
  };
}
function metadataOf(obj) {
  const metadata = field(obj, "metadata");
  return isRecord(metadata) ? metadata : {};
}
function annotationsOf(obj) {
  const annotations = field(field(obj, "metadata"), "annotations");
  return isRecord(annotations) ? annotations : {};
}
var OWN_FIELD_MANAGER, CONTENT_FIELDS, CLIENT_SIDE_APPLY;
var init_restore_write = __esm({
  "src/rollout/restore/restore-write.ts"() {
    "use strict";
    init_config_content();
    init_json_shape();
    init_last_applied();
    init_three_way_patch();
    OWN_FIELD_MANAGER = "config-rollout";
    CONTENT_FIELDS = ["f:data", "f:binaryData", "f:stringData"];
    CLIENT_SIDE_APPLY = "kubectl-client-side-apply";
  }
});

// src/rollout/restore-configs.ts
async function restoreConfigs(cluster, restores, opts) {
  return runLimited([...restores], opts.concurrency, async (restore) => {
    const outcome = await restoreOne(cluster, restore, opts.dryRun);
    const line = `${formatId(restore.id)}: ${outcome.message}`;
    if (outcome.result === "refused") opts.log.warn(line);
    else opts.log.info(line);
    return outcome;
  });
}
async function restoreOne(cluster, restore, dryRun) {
  const { id, base, head, source: source2, readers } = restore;
  const at = `${shortSha(source2.commit)}'s content (${source2.origin ?? source2.file})`;
  const ended = (result, message) => ({
    id,
    result,
    message,
    readers
  });
  try {
    return await cluster.retryOnConflict(async () => {
      const live2 = await cluster.readObject({ apiVersion: "v1", ...id });
      const write = restoreWrite(live2, base, head, id.namespace);
      if ("refused" in write) return ended("refused", byHand(restore, write.refused));
      if ("unchanged" in write) return ended("unchanged", `holds ${at} already`);
      const written = await cluster.writeConfigAs(id, write, write.fieldManager, dryRun);
      const left = dryRun ? [] : changedKeys(liveConfigContent({ ...written, kind: id.kind }), base.content);
      if (left.length > 0) {
        return ended(
          "refused",
          byHand(restore, `written back (${write.how}), but keys ${left.join(", ")} still differ`)
        );
      }
      return ended("restored", `restored to ${at} (${write.how})${dryRun ? " (server dry run)" : ""}`);
    });
  } catch (error) {
    if (!isExpectedError(error)) throw error;
    return ended("refused", byHand(restore, error.message));
  }
}
var init_restore_configs = __esm({
  "src/rollout/restore-configs.ts"() {
    "use strict";
    init_commit_sha();
    init_config_content();
    init_errors();
    init_model();
    init_run_limited();
    init_restore_source();
    init_restore_write();
  }
});

// src/core/config-references.ts
function findReferences(podSpec) {
  if (!isRecord(podSpec)) return [];
  const subPathVolumes = volumesMountedWithSubPath(podSpec);
  return [...volumeReferences(podSpec, subPathVolumes), ...containerReferences(podSpec)];
}
function volumeReferences(podSpec, subPathVolumes) {
  const refs = [];
  arrayField(podSpec, "volumes").forEach((volume, index) => {
    if (!isRecord(volume)) return;
    const volumeName = stringField(volume, "name");
    const path = `volumes[${shown(volumeName) ?? index}]`;
    const subPath = volumeName !== void 0 && subPathVolumes.has(volumeName) ? { subPath: true } : {};
    const configMap = field(volume, "configMap");
    const configMapName = configName(configMap, "name");
    if (configMapName) {
      refs.push({ ...source("ConfigMap", configMapName, "volume", configMap, path), ...subPath });
    }
    const secret = field(volume, "secret");
    const secretName = configName(secret, "secretName");
    if (secretName) refs.push({ ...source("Secret", secretName, "volume", secret, path), ...subPath });
    arrayField(field(volume, "projected"), "sources").forEach((projection, sourceIndex) => {
      const sourcePath = `${path}.sources[${sourceIndex}]`;
      const projectedConfigMap = field(projection, "configMap");
      const pcName = configName(projectedConfigMap, "name");
      if (pcName) {
        refs.push({
          ...source("ConfigMap", pcName, "projected", projectedConfigMap, sourcePath),
          ...subPath
        });
      }
      const projectedSecret = field(projection, "secret");
      const psName = configName(projectedSecret, "name");
      if (psName)
        refs.push({ ...source("Secret", psName, "projected", projectedSecret, sourcePath), ...subPath });
    });
  });
  return refs;
}
function source(configKind2, configName3, via, volumeSource, path) {
  const items = field(volumeSource, "items");
  let keys = "all";
  if (Array.isArray(items)) {
    const named = unique(items.map((item) => stringField(item, "key")).filter((k) => !!k));
    if (named.length > 0) keys = named;
  }
  return { configKind: configKind2, configName: configName3, via, keys, path, ...optional(volumeSource) };
}
function optional(source2) {
  return field(source2, "optional") === true ? { optional: true } : {};
}
function containerReferences(podSpec) {
  const refs = [];
  for (const list of CONTAINER_LISTS) {
    const init = list === "initContainers" ? { init: true } : {};
    arrayField(podSpec, list).forEach((container, index) => {
      if (!isRecord(container)) return;
      const prefix = `${list}[${shown(stringField(container, "name")) ?? index}]`;
      arrayField(container, "envFrom").forEach((envFrom, envFromIndex) => {
        const path = `${prefix}.envFrom[${envFromIndex}]`;
        for (const [refField, configKind2] of [
          ["configMapRef", "ConfigMap"],
          ["secretRef", "Secret"]
        ]) {
          const ref = field(envFrom, refField);
          const name = configName(ref, "name");
          if (name) {
            refs.push({
              configKind: configKind2,
              configName: name,
              via: "envFrom",
              keys: "all",
              path,
              ...init,
              ...optional(ref)
            });
          }
        }
      });
      arrayField(container, "env").forEach((env, envIndex) => {
        const valueFrom = field(env, "valueFrom");
        const path = `${prefix}.env[${shown(stringField(env, "name")) ?? envIndex}]`;
        for (const [refField, configKind2] of [
          ["configMapKeyRef", "ConfigMap"],
          ["secretKeyRef", "Secret"]
        ]) {
          const ref = field(valueFrom, refField);
          const name = configName(ref, "name");
          const key = stringField(ref, "key");
          if (name && key) {
            refs.push({
              configKind: configKind2,
              configName: name,
              via: "env",
              keys: [key],
              path,
              ...init,
              ...optional(ref)
            });
          }
        }
      });
    });
  }
  return refs;
}
function volumesMountedWithSubPath(podSpec) {
  const names2 = /* @__PURE__ */ new Set();
  for (const list of CONTAINER_LISTS) {
    for (const container of arrayField(podSpec, list)) {
      for (const mount of arrayField(container, "volumeMounts")) {
        const name = stringField(mount, "name");
        if (name && (stringField(mount, "subPath") || stringField(mount, "subPathExpr"))) names2.add(name);
      }
    }
  }
  return names2;
}
function configName(source2, key) {
  const name = stringField(source2, key);
  return name !== void 0 && isObjectName(name) ? name : void 0;
}
function shown(name) {
  if (name === void 0) return void 0;
  for (let i = 0; i < name.length; i++) {
    const code = name.charCodeAt(i);
    if (code < 32 || code === 127) return JSON.stringify(name);
  }
  return name;
}
function unique(values) {
  return [...new Set(values)];
}
var CONTAINER_LISTS;
var init_config_references = __esm({
  "src/core/config-references.ts"() {
    "use strict";
    init_json_shape();
    init_names();
    CONTAINER_LISTS = ["initContainers", "containers", "ephemeralContainers"];
  }
});

// src/core/restart-patch.ts
function annotationPatch(hash, templatePath = SPEC_TEMPLATE, digests) {
  const annotations = {
    [CONFIG_HASH_ANNOTATION]: hash,
    ...digests !== void 0 ? { [CONFIG_DIGESTS_ANNOTATION]: digests } : {}
  };
  return atTemplate(templatePath, { metadata: { annotations } });
}
function envPatch(podSpec, varName, value, templatePath = SPEC_TEMPLATE) {
  if (!ENV_NAME2.test(varName)) {
    throw new UserError(
      `env var name "${varName}" is not valid: use letters, digits, '_', '-' or '.', not starting with a digit`
    );
  }
  const containers = arrayField(podSpec, "containers");
  if (containers.length === 0) throw new UserError("the pod template has no containers to set an env var on");
  const entries = containers.map((container) => {
    const name = stringField(container, "name");
    if (!name) throw new UserError("a container of the pod template has no name");
    const existing = arrayField(container, "env").find((e) => field(e, "name") === varName);
    if (existing !== void 0 && field(existing, "valueFrom") !== void 0) {
      throw new UserError(
        `container "${name}" already takes env var ${varName} from valueFrom: choose another --env-name`
      );
    }
    return { name, env: [{ name: varName, value }] };
  });
  return atTemplate(templatePath, { spec: { containers: entries } });
}
function envMergePatch(live2, templatePath, varName, value) {
  envPatch(podSpecAt(live2, templatePath), varName, value, []);
  return envListMergePatch(live2, templatePath, varName, () => value);
}
function envListMergePatch(live2, templatePath, varName, valueFor) {
  const containers = arrayField(podSpecAt(live2, templatePath), "containers").map((container) => {
    const value = valueFor(stringField(container, "name") ?? "");
    const env = arrayField(container, "env").filter((e) => field(e, "name") !== varName);
    return {
      ...container,
      env: value === void 0 ? env : [...env, { name: varName, value }]
    };
  });
  const resourceVersion = stringField(field(live2, "metadata"), "resourceVersion");
  return {
    ...resourceVersion ? { metadata: { resourceVersion } } : {},
    ...atTemplate(templatePath, { spec: { containers } })
  };
}
function envValues(podSpec, varName) {
  return new Map(
    arrayField(podSpec, "containers").map((container) => [
      stringField(container, "name") ?? "",
      stringField(
        arrayField(container, "env").find((e) => field(e, "name") === varName),
        "value"
      )
    ])
  );
}
function envRestorePatch(live2, templatePath, varName, previous, type) {
  const current = envValues(podSpecAt(live2, templatePath), varName);
  const changed = [...previous].filter(([name, value]) => current.has(name) && current.get(name) !== value);
  if (changed.length === 0) return void 0;
  if (type === "strategic-merge") {
    const containers = changed.map(([name, value]) => ({
      name,
      env: [value === void 0 ? { name: varName, $patch: "delete" } : { name: varName, value }]
    }));
    return atTemplate(templatePath, { spec: { containers } });
  }
  return envListMergePatch(live2, templatePath, varName, (name) => previous.get(name));
}
function currentHash(obj, templatePath = SPEC_TEMPLATE) {
  return templateAnnotation(obj, templatePath, CONFIG_HASH_ANNOTATION);
}
function currentDigests(obj, templatePath = SPEC_TEMPLATE) {
  return templateAnnotation(obj, templatePath, CONFIG_DIGESTS_ANNOTATION);
}
function templateAnnotation(obj, templatePath, name) {
  return stringField(field(field(templateAt(obj, templatePath), "metadata"), "annotations"), name);
}
var CONFIG_HASH_ANNOTATION, CONFIG_DIGESTS_ANNOTATION, SPEC_TEMPLATE, ENV_NAME2;
var init_restart_patch = __esm({
  "src/core/restart-patch.ts"() {
    "use strict";
    init_errors();
    init_json_shape();
    init_pod_template();
    CONFIG_HASH_ANNOTATION = "config-rollout.io/config-hash";
    CONFIG_DIGESTS_ANNOTATION = "config-rollout.io/config-digests";
    SPEC_TEMPLATE = ["spec", "template"];
    ENV_NAME2 = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
  }
});

// src/rollout/wait-for-agent.ts
async function waitForAgent(cluster, ids, opts) {
  const now = opts.now ?? Date.now;
  const started = now();
  const followed = /* @__PURE__ */ new Map();
  const notApplied = [];
  for (const id of ids) {
    const hash = opts.hashFor(id);
    const kind = restartableKind(id.kind);
    if (!hash || !kind) {
      notApplied.push({ id, restart: "failed", message: "no config hash was computed for it: not followed" });
      continue;
    }
    followed.set(idKey(id), { id, hash, generated: opts.generatedFor(id), templatePath: kind.templatePath });
  }
  let unsettled = followed.size;
  let heartbeat;
  const stop = new AbortController();
  (0, import_node_events2.setMaxListeners)(0, stop.signal);
  const finished = new Promise((resolve10) => stop.signal.addEventListener("abort", () => resolve10()));
  const settle = (state3, outcome) => {
    if (state3.settled) return;
    state3.settled = outcome;
    heartbeat?.printed();
    opts.log.info(
      `${formatId(state3.id)}: ${outcome === "applied" ? `the agent applied the commit (${CONFIG_HASH_ANNOTATION}=${state3.hash})` : outcome.message}`
    );
    if (--unsettled === 0) stop.abort();
  };
  const deadline = setTimeout(() => {
    for (const state3 of followed.values())
      settle(state3, notAppliedResult(state3, opts.timeoutMs, now() - started));
  }, opts.timeoutMs);
  const interrupted = () => {
    const why = opts.interrupt ? stopReason(opts.interrupt) : "interrupted";
    for (const state3 of followed.values()) {
      const message = `${why} while waiting for the agent to apply the commit to ${formatId(state3.id)}: not followed to the end`;
      settle(state3, { id: state3.id, restart: "failed", message, durationMs: now() - started });
    }
  };
  heartbeat = startHeartbeat(
    opts.timeoutMs,
    (waited, left) => {
      const open = [...followed.values()].filter((f) => !f.settled);
      if (open.length === 0) return void 0;
      const names2 = open.slice(0, 3).map((f) => formatId(f.id)).join(", ");
      const done = followed.size - open.length;
      return `still waiting for the agent to apply the commit: ${done} of ${followed.size} workloads carry it (waited ${waited}, ${left} left); waiting for ${names2}${open.length > 3 ? ", \u2026" : ""}`;
    },
    (line) => opts.log.info(line),
    { now, ...opts.heartbeat }
  );
  stop.signal.addEventListener("abort", () => {
    heartbeat?.stop();
    clearTimeout(deadline);
    opts.interrupt?.removeEventListener("abort", interrupted);
  });
  if (unsettled === 0) stop.abort();
  if (opts.interrupt?.aborted) interrupted();
  else if (!stop.signal.aborted) opts.interrupt?.addEventListener("abort", interrupted, { once: true });
  const groups = /* @__PURE__ */ new Map();
  for (const state3 of followed.values()) {
    const key = `${state3.id.namespace}/${state3.id.kind}`;
    groups.set(key, [...groups.get(key) ?? [], state3]);
  }
  for (const members of groups.values()) {
    followGroup2(cluster, members, { ...opts, signal: stop.signal, settle, now }).catch((error) => {
      const message = error instanceof ClusterAccessError ? `cannot follow it: ${error.message}` : `internal error while waiting for the agent: ${String(error)}`;
      for (const member of members) settle(member, { id: member.id, restart: "failed", message });
    });
  }
  await finished;
  for (const state3 of followed.values()) if (state3.settled !== "applied") notApplied.push(state3.settled);
  return {
    applied: [...followed.values()].flatMap(
      (s) => s.settled === "applied" && s.object ? [{ id: s.id, object: s.object }] : []
    ),
    notApplied
  };
}
async function followGroup2(cluster, members, context) {
  const { namespace, kind } = members[0].id;
  const byName = new Map(members.map((m) => [m.id.name, m]));
  await listAndWatch(cluster, {
    namespace,
    kind,
    names: [...byName.keys()],
    fromMostRecent: false,
    following: (name) => !byName.get(name)?.settled,
    onObject: (name, obj) => {
      const state3 = byName.get(name);
      state3.seen = currentHash(obj, state3.templatePath);
      const reads = new Set(
        findReferences(podSpecAt(obj, state3.templatePath)).map((r) => `${r.configKind}/${r.configName}`)
      );
      state3.unread = state3.generated.filter((config) => !reads.has(`${config.kind}/${config.name}`));
      if (state3.seen !== state3.hash || state3.unread.length > 0) return;
      state3.object = obj;
      context.settle(state3, "applied");
    },
    // Not there (yet): an agent may still create it; the deadline says what was last seen.
    onGone: (name) => {
      const state3 = byName.get(name);
      state3.seen = void 0;
      state3.unread = void 0;
    },
    onRetry: () => {
    },
    signal: context.signal,
    retryDelayMs: context.retryDelayMs,
    now: context.now
  });
}
function notAppliedResult(state3, timeoutMs, durationMs) {
  const lacks = [];
  if (state3.seen !== state3.hash) {
    const seen2 = state3.seen ? `it carries ${state3.seen}` : `it carries no ${CONFIG_HASH_ANNOTATION}`;
    lacks.push(`lacks ${CONFIG_HASH_ANNOTATION}=${state3.hash} (${seen2})`);
  }
  const unread = state3.unread ?? state3.generated;
  if (unread.length > 0)
    lacks.push(
      `does not read ${unread.map((c) => `${c.kind.toLowerCase()}/${c.name}`).join(", ")} (named by its content in the commit)`
    );
  return {
    id: state3.id,
    restart: "agent-not-applied",
    message: `the agent has not applied the commit yet: after ${formatDuration(timeoutMs)} the live pod template of ${formatId(state3.id)} still ${lacks.join(" and ")}; check the Argo CD Application or Flux Kustomization that deploys it is synced to this commit`,
    durationMs
  };
}
var import_node_events2;
var init_wait_for_agent = __esm({
  "src/rollout/wait-for-agent.ts"() {
    "use strict";
    import_node_events2 = require("node:events");
    init_config_references();
    init_duration();
    init_errors();
    init_pod_template();
    init_workload_kinds();
    init_model();
    init_restart_patch();
    init_list_watch();
    init_interrupt();
    init_heartbeat();
  }
});

// src/rollout/waves.ts
function waveOf(id, object) {
  const value = stringField(field(field(object, "metadata"), "annotations"), WAVE_ANNOTATION);
  if (value === void 0) return void 0;
  const wave = /^-?[0-9]+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isSafeInteger(wave)) {
    throw new UserError(
      `${formatId(id)}: annotation ${WAVE_ANNOTATION}: ${JSON.stringify(value)} is not an integer (lower waves roll out first; unannotated workloads last)`
    );
  }
  return wave;
}
function rolloutRounds(requests, objectOf, maxParallel) {
  const byWave = /* @__PURE__ */ new Map();
  for (const request of requests) {
    const wave = waveOf(request.id, objectOf(request.id));
    const members = byWave.get(wave) ?? [];
    members.push(request);
    byWave.set(wave, members);
  }
  const waves = [...byWave.keys()].sort((a, b) => a === void 0 ? 1 : b === void 0 ? -1 : a - b);
  const rounds = [];
  for (const wave of waves) {
    const members = byWave.get(wave);
    const size = maxParallel ?? members.length;
    const batches = Math.max(1, Math.ceil(members.length / size));
    const name = wave === void 0 ? waves.length > 1 ? "unannotated" : "" : `wave ${wave}`;
    for (let b = 0; b < batches; b++) {
      const batch = batches > 1 ? `batch ${b + 1} of ${batches}` : "";
      rounds.push({
        wave,
        requests: members.slice(b * size, (b + 1) * size),
        endsWave: b === batches - 1,
        label: ` (${[name, batch].filter(Boolean).join(", ")})`
      });
    }
  }
  if (rounds.length === 1) rounds[0].label = "";
  return rounds;
}
function waveOrderNote(ids, objectOf) {
  const rounds = rolloutRounds(
    ids.map((id) => ({ id })),
    objectOf,
    void 0
  );
  if (rounds.every((r) => r.wave === void 0)) return void 0;
  const parts = rounds.map(
    (r) => `${r.wave === void 0 ? "then" : `wave ${r.wave}`}: ${r.requests.map((q) => shortId(q.id)).join(", ")}`
  );
  return `rollout order (${WAVE_ANNOTATION}; a failed wave stops the later ones): ${parts.join("; ")}`;
}
var WAVE_ANNOTATION;
var init_waves = __esm({
  "src/rollout/waves.ts"() {
    "use strict";
    init_errors();
    init_json_shape();
    init_model();
    WAVE_ANNOTATION = "config-rollout.io/wave";
  }
});

// src/rollout/restart-and-wait.ts
async function rollOut(cluster, workloads, context) {
  const { strategy, manifests, log, stop } = context;
  const stopPatches = stop ? AbortSignal.any([interruptSignal, stop]) : interruptSignal;
  const agent = strategy.awaitsAgent ? await awaitAgent(cluster, workloads, strategy.awaitsAgent, context) : {
    // Objects listed from the cluster spare a GET; repo manifests are ignored by restartWorkloads.
    requests: workloads.map((w) => ({ id: w.id, object: manifests.get(idKey(w.id))?.object })),
    notApplied: [],
    context
  };
  const early = /* @__PURE__ */ new Map();
  const rollBackNow = async (failed2) => {
    const rollback2 = await strategy.rollbackFor?.([failed2], { cluster, log });
    return rollback2 ? rollBack(cluster, rollback2, { ...context, log: inlineSections(log) }) : [];
  };
  const base = {
    patchFor: strategy.patchFor,
    followUnchanged: true,
    ...strategy.restarted ? { onRestarted: strategy.restarted } : {},
    ...strategy.rollbackFor ? { onFailed: (failed2) => early.set(idKey(failed2.id), rollBackNow(failed2)) } : {}
  };
  const rounds = strategy.awaitsAgent ? [{ wave: void 0, requests: agent.requests, endsWave: true, label: "" }] : rolloutRounds(
    agent.requests,
    (id) => manifests.get(idKey(id))?.object,
    agent.context.settings.maxParallelRollouts
  );
  const reviewed = context.reviewed ?? (rounds.length > 1 ? await log.group(
    "Check permissions for every wave",
    () => reviewAccess(
      cluster,
      {
        configs: context.prepared.configWrites,
        targets: agent.requests.flatMap(
          (r) => restartTarget(r.id, r.object ?? manifests.get(idKey(r.id))?.object) ?? []
        ),
        ...context.prepared.reviews ? { reviews: context.prepared.reviews } : {}
      },
      agent.context.settings,
      log
    )
  ) : void 0);
  const followed = [];
  let waveFailures = [];
  let stoppedBy;
  for (const [index, round] of rounds.entries()) {
    if (stoppedBy === void 0 && stopPatches.aborted) {
      stoppedBy = stopReason(stopPatches);
      log.warn(`${stoppedBy}: the later waves and batches are not started`);
    }
    if (stoppedBy !== void 0) {
      for (const { id } of round.requests)
        followed.push({ id, restart: "not-started", message: `not restarted: ${stoppedBy}` });
      continue;
    }
    const { held, requests } = holdBack(strategy, round.requests);
    followed.push(...held);
    if (requests.length === 0) continue;
    const results2 = await restartAndWait(
      cluster,
      {
        ...base,
        titles: {
          restart: `${strategy.awaitsAgent ? "Check the pod templates the agent applied" : "Restart"}${round.label}`,
          wait: `${WAIT_FOR_ROLLOUTS}${round.label}`
        },
        requests,
        configWrites: index === 0 ? context.prepared.configWrites : [],
        ...index === 0 && context.prepared.reviews ? { reviews: context.prepared.reviews } : {},
        ...reviewed ? { reviewed } : {},
        stopPatches
      },
      agent.context
    );
    followed.push(...results2);
    waveFailures.push(...results2.filter(isFailure));
    if (!round.endsWave) continue;
    if (round.wave !== void 0 && waveFailures.length > 0 && !stopPatches.aborted) {
      stoppedBy = `wave ${round.wave} failed (${waveFailures.map((r) => shortId(r.id)).join(", ")})`;
      log.warn(`${stoppedBy}: the later waves are not started`);
    }
    waveFailures = [];
  }
  const results = [...followed, ...agent.notApplied];
  if (stop?.aborted) return { results, notes: [] };
  const late = results.filter((r) => !early.has(idKey(r.id)));
  const rollback = await strategy.rollbackFor?.(late, { cluster, log });
  const rolledBack = [
    ...(await Promise.all(early.values())).flat(),
    ...rollback ? await rollBack(cluster, rollback, context) : []
  ];
  return strategy.afterWait ? strategy.afterWait(results, rolledBack, { cluster, log }) : { results, notes: [] };
}
function holdBack(strategy, requests) {
  const held = requests.flatMap(({ id }) => {
    const why = strategy.heldBack?.(id);
    return why ? [{ id, restart: "not-started", message: why }] : [];
  });
  return { held, requests: requests.filter((r) => !held.some((h) => h.id === r.id)) };
}
async function awaitAgent(cluster, workloads, agent, context) {
  const { settings, log, now } = context;
  const started = now();
  const waited = await log.group(
    "Wait for the GitOps agent to apply the commit",
    () => waitForAgent(
      cluster,
      workloads.map((w) => w.id),
      // Interrupted, the wait ends at once (as the rollout wait does).
      {
        hashFor: agent.hashFor,
        generatedFor: agent.generatedFor,
        timeoutMs: settings.timeoutMs,
        log,
        now,
        interrupt: interruptSignal
      }
    )
  );
  const left = Math.max(1, settings.timeoutMs - (now() - started));
  return {
    // The objects that carried the hash: the rollout is judged from them, with no second read.
    requests: waited.applied,
    notApplied: waited.notApplied,
    context: { ...context, settings: { ...settings, timeoutMs: left } }
  };
}
async function rollBack(cluster, rollback, context) {
  const { settings, log } = context;
  const left = /* @__PURE__ */ new Set();
  if (rollback.restores?.length) {
    const restores = rollback.restores;
    const outcomes = await log.group(
      "Put the changed configs back to the base commit's content",
      () => restoreConfigs(cluster, restores, {
        dryRun: settings.dryRun === "server",
        concurrency: settings.concurrency,
        log
      })
    );
    for (const o of outcomes) {
      if (o.result === "refused") for (const reader of o.readers) left.add(idKey(reader));
      else if (o.result === "restored")
        noteDone(`restored ${formatId(o.id)} to the base commit's content`, cluster.context);
    }
    rollback.restored?.(outcomes);
  }
  const ids = rollback.ids.filter((id) => !left.has(idKey(id)));
  if (ids.length === 0) return [];
  const round = {
    titles: {
      restart: "Roll back failed workloads to their previous config",
      wait: "Wait for the rollbacks"
    },
    requests: ids.map((id) => ({ id })),
    patchFor: rollback.patchFor,
    configWrites: [],
    followUnchanged: false,
    checked: "checked before the rollback: nothing of it was written",
    ...context.stop ? { stopPatches: context.stop } : {}
  };
  try {
    return await restartAndWait(cluster, round, context);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
    return ids.map((id) => ({ id, restart: "failed", message: error.message }));
  }
}
async function restartAndWait(cluster, round, context) {
  const { settings, log, stop } = context;
  const serverDryRun = settings.dryRun === "server";
  let watchPods2 = settings.watchPods && settings.wait && !serverDryRun;
  const restarted = await log.group(
    round.titles.restart,
    () => restartWorkloads(round.requests, cluster, {
      strategy: { patchFor: round.patchFor },
      now: context.now,
      dryRun: serverDryRun,
      log,
      // RBAC is asked about every write before the first: a gap fails the run (exit 2) with
      // nothing written, never half a plan applied.
      beforeWrites: async (targets) => {
        if (round.reviewed) watchPods2 &&= round.reviewed.watchPods;
        else {
          const writes = {
            configs: round.configWrites,
            targets,
            ...round.reviews ? { reviews: round.reviews } : {}
          };
          const access3 = await reviewAccess(cluster, writes, settings, log, round.checked);
          watchPods2 &&= access3.watchPods;
        }
        const written = [];
        for (const write of round.configWrites) {
          if (stop?.aborted) throw givenUpAfter(stop, written);
          await cluster.applyConfig(write.body, serverDryRun, write.id.namespace);
          log.info(write.done);
          if (!serverDryRun) noteDone(write.done, cluster.context);
          written.push(write.done);
        }
      },
      concurrency: settings.concurrency,
      ...round.stopPatches ? { stop: round.stopPatches } : {}
    })
  );
  round.onRestarted?.(restarted);
  const patched = restarted.filter((r) => r.result === "restarted");
  if (!serverDryRun && patched.length > 0)
    noteDone(`${round.titles.restart}: ${patched.map((r) => formatId(r.id)).join(", ")}`, cluster.context);
  const results = new Map(
    restarted.map((r) => [
      idKey(r.id),
      {
        id: r.id,
        restart: serverDryRun && r.result === "restarted" ? "dry-run" : r.result,
        message: r.message
      }
    ])
  );
  const waitFor = serverDryRun ? [] : restarted.filter(
    (r) => r.result === "restarted" || round.followUnchanged && r.result === "unchanged"
  );
  if (!settings.wait || waitFor.length === 0 || stop?.aborted) {
    for (const result of results.values()) if (result.restart === "restarted") result.rollout = "not-waited";
    return [...results.values()];
  }
  const rollouts = await log.group(
    round.titles.wait,
    () => followRollouts(cluster, waitFor, results, { onFailed: round.onFailed, settings, log, watchPods: watchPods2 })
  );
  for (const rollout of rollouts) {
    const result = results.get(idKey(rollout.id));
    if (result)
      Object.assign(result, {
        rollout: rollout.result,
        message: result.restart === "unchanged" ? `${result.message}; ${rollout.message}` : rollout.message,
        durationMs: rollout.durationMs,
        ...rollout.cause ? { cause: rollout.cause } : {}
      });
  }
  return [...results.values()];
}
function givenUpAfter(stop, written) {
  if (written.length === 0) return stop.reason;
  return new RolloutFailure(`${stopReason(stop)}: ${written.join("; ")}; no workload was patched`);
}
var WAIT_FOR_ROLLOUTS;
var init_restart_and_wait = __esm({
  "src/rollout/restart-and-wait.ts"() {
    "use strict";
    init_errors();
    init_workload_kinds();
    init_model();
    init_run_result();
    init_interrupt();
    init_check_permissions();
    init_follow_rollouts();
    init_restart();
    init_restore_configs();
    init_wait_for_agent();
    init_waves();
    WAIT_FOR_ROLLOUTS = "Wait for rollouts";
  }
});

// src/scan/manifests/config-changes.ts
function hasIgnoreAnnotation(object) {
  return field(field(field(object, "metadata"), "annotations"), IGNORE_ANNOTATION) === "true";
}
function configReloaderMarks(object) {
  const annotations = field(field(object, "metadata"), "annotations");
  const ignore = field(annotations, RELOADER_IGNORE) === "true";
  const match = field(annotations, RELOADER_MATCH) === "true";
  if (!ignore && !match) return void 0;
  return { ...ignore ? { ignore: true } : {}, ...match ? { match: true } : {} };
}
function findConfigChanges(base, head) {
  const problems = [];
  const baseSnapshots = snapshotsOf(base, "base", problems);
  const headSnapshots = snapshotsOf(head, "head", problems);
  const changes = [];
  const ignored = new Set(
    head.filter((m) => isConfigManifest(m) && hasIgnoreAnnotation(m.object)).map((m) => idKey(m.id))
  );
  const reloaderMarks = new Map(
    head.filter(isConfigManifest).map((m) => [idKey(m.id), configReloaderMarks(m.object)])
  );
  for (const [key, after] of headSnapshots) {
    const before = baseSnapshots.get(key);
    const keys = changedKeys(before?.content, after.content);
    const reloader = reloaderMarks.get(key);
    const mark = { ...ignored.has(key) ? { ignored: true } : {}, ...reloader ? { reloader } : {} };
    if (before === void 0) {
      changes.push({ id: after.id, status: "added", file: after.file, line: after.line, keys, ...mark });
    } else if (keys.length > 0) {
      changes.push({ id: after.id, status: "modified", file: after.file, line: after.line, keys, ...mark });
    }
  }
  for (const [key, before] of baseSnapshots) {
    if (headSnapshots.has(key)) continue;
    const keys = changedKeys(before.content, void 0);
    changes.push({ id: before.id, status: "deleted", file: before.file, line: before.line, keys });
  }
  changes.sort((a, b) => compareIds(a.id, b.id));
  return { changes, snapshots: { base: baseSnapshots, head: headSnapshots }, problems };
}
function snapshotsOf(manifests, revision2, problems) {
  const snapshots = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (!isConfigManifest(m)) continue;
    const { content, problems: contentProblems } = configContentOf(m);
    if (revision2 === "head") problems.push(...contentProblems);
    const key = idKey(m.id);
    const earlier = snapshots.get(key);
    if (earlier !== void 0) {
      problems.push({
        file: m.file,
        line: m.line,
        col: 1,
        message: `${formatId(m.id)} is defined twice at ${revision2}: ${earlier.file}:${earlier.line} and ${m.file}:${m.line}; the last one is used`,
        severity: "warning"
      });
    }
    snapshots.set(key, { id: m.id, file: m.file, line: m.line, content });
  }
  return snapshots;
}
var IGNORE_ANNOTATION, RELOADER_IGNORE, RELOADER_MATCH;
var init_config_changes = __esm({
  "src/scan/manifests/config-changes.ts"() {
    "use strict";
    init_config_content();
    init_json_shape();
    init_model();
    init_order();
    IGNORE_ANNOTATION = "config-rollout.io/ignore";
    RELOADER_IGNORE = "reloader.stakater.com/ignore";
    RELOADER_MATCH = "reloader.stakater.com/match";
  }
});

// src/scan/sources/rolls-on-apply.ts
function nameWithoutHashSuffix(name) {
  return HASH_SUFFIX.exec(name)?.[1];
}
function pairHashSuffixRenames(changes, snapshots) {
  const stemKey = (c) => {
    const stem = nameWithoutHashSuffix(c.id.name);
    return stem === void 0 ? void 0 : `${c.id.kind}/${c.id.namespace}/${stem}`;
  };
  const group = (status) => {
    const byStem = /* @__PURE__ */ new Map();
    for (const change of changes) {
      const key = change.status === status ? stemKey(change) : void 0;
      if (key === void 0) continue;
      byStem.set(key, [...byStem.get(key) ?? [], change]);
    }
    return byStem;
  };
  const deleted = group("deleted");
  const added = group("added");
  const replaced = /* @__PURE__ */ new Map();
  for (const [stem, [before, ...otherBefore]] of deleted) {
    const candidates = added.get(stem) ?? [];
    const after = candidates[0];
    if (!before || !after || otherBefore.length > 0 || candidates.length > 1) continue;
    if (before.origin === void 0 || after.origin === void 0) continue;
    const keys = changedKeys(
      snapshots.base.get(idKey(before.id))?.content,
      snapshots.head.get(idKey(after.id))?.content
    );
    replaced.set(after, { ...after, status: "modified", keys, previousName: before.id.name });
    replaced.set(before, null);
  }
  return changes.flatMap((change) => {
    const replacement = replaced.get(change);
    if (replacement === void 0) return [change];
    return replacement === null ? [] : [replacement];
  });
}
function podTemplateChanges(base, head) {
  const byKey = (manifests) => new Map(manifests.map((m) => [idKey(m.id), m]));
  const templateText = (m) => {
    const template = m === void 0 ? void 0 : podTemplateOf(m.object);
    return template === void 0 ? void 0 : canonicalJson(template);
  };
  const before = byKey(base);
  const after = byKey(head);
  return (id) => {
    const [atBase, atHead] = [before.get(idKey(id)), after.get(idKey(id))];
    if (atBase === void 0 || atHead === void 0 || atBase === atHead) return false;
    const was = templateText(atBase);
    const now = templateText(atHead);
    return was !== void 0 && now !== void 0 && was !== now;
  };
}
function rollsOnApplyReason(detail) {
  const now = detail.length > 0 ? ` (now reads ${detail.join(", ")})` : "";
  return `rolls on apply: its pod template changed in this range${now}, so applying the manifests restarts it`;
}
function markRollsOnApply(workloads, base, head, changes) {
  const renamedConfigs = new Map(
    changes.filter((c) => c.previousName !== void 0).map((c) => [idKey(c.id), c.previousName])
  );
  const templateChanged = podTemplateChanges(base, head);
  return workloads.map((w) => {
    if (w.action !== "restart" || !templateChanged(w.id)) return w;
    const renamed = [
      ...new Set(
        w.references.filter((r) => renamedConfigs.has(idKey(r.config))).map(
          (r) => `${r.configKind.toLowerCase()}/${r.config.name} instead of ${renamedConfigs.get(idKey(r.config))}`
        )
      )
    ];
    return { ...w, action: "skip", rollsOnApply: true, reason: rollsOnApplyReason(renamed) };
  });
}
var HASH_SUFFIX;
var init_rolls_on_apply = __esm({
  "src/scan/sources/rolls-on-apply.ts"() {
    "use strict";
    init_config_content();
    init_workload_kinds();
    init_model();
    HASH_SUFFIX = /^(.+)-([a-z0-9]{10})$/;
  }
});

// vendor:re2js
var require_re2js = __commonJS({
  "vendor:re2js"(exports2, module2) {
    module2.exports = require(__configRolloutVendor("re2js"));
  }
});

// src/plan/reloader.ts
async function prepareReloaderLists(workloads) {
  const lists = Object.values(TYPED).map((t) => t.reload);
  const hasList = (object) => lists.some((name) => annotationsOf2(object)[name] !== void 0);
  if (re2 !== void 0) return;
  if (!workloads.some((w) => hasList(w) || hasList(field(field(w, "spec"), "template")))) return;
  re2 = (await Promise.resolve().then(() => __toESM(require_re2js(), 1))).RE2JS;
}
function reloaderCoverage(workload, config, marks, controller2) {
  if (marks?.ignore) return void 0;
  const typed = TYPED[config.kind];
  const own = annotationsOf2(workload);
  const decisive = [AUTO, typed.auto, typed.reload, SEARCH];
  const annotations = decisive.some((name) => Object.hasOwn(own, name)) ? own : annotationsOf2(field(field(workload, "spec"), "template"));
  const exclude = own[typed.exclude];
  if (exclude?.split(",").some((name) => goTrimSpace(name) === config.name)) return void 0;
  const auto = annotations[AUTO] ?? "";
  const typedAuto = annotations[typed.auto] ?? "";
  if (goTrue(auto)) return quote(AUTO, auto);
  if (goTrue(typedAuto)) return quote(typed.auto, typedAuto);
  if (auto === "" && typedAuto === "" && controller2.autoReloadAll)
    return "Reloader runs with --auto-reload-all";
  const reload = annotations[typed.reload];
  if (reload !== void 0 && reload !== "" && namesMatch(reload, config.name))
    return quote(typed.reload, reload);
  if (annotations[SEARCH] === "true" && marks?.match) {
    return `${quote(SEARCH, "true")} and the config's ${quote(RELOADER_MATCH, "true")}`;
  }
  return void 0;
}
function reloaderAnnotationsOf(workload) {
  const names2 = /* @__PURE__ */ new Set([AUTO, SEARCH, ...Object.values(TYPED).flatMap((t) => [t.auto, t.reload])]);
  const found = [];
  for (const source2 of [workload, field(field(workload, "spec"), "template")]) {
    for (const [name, value] of Object.entries(annotationsOf2(source2))) {
      if (names2.has(name)) found.push(quote(name, value));
    }
  }
  return [...new Set(found)];
}
function annotationsOf2(object) {
  const annotations = field(field(object, "metadata"), "annotations");
  if (!isRecord(annotations)) return {};
  const out = {};
  for (const [name, value] of Object.entries(annotations)) if (typeof value === "string") out[name] = value;
  return out;
}
function goTrue(value) {
  return ["1", "t", "T", "true", "True", "TRUE"].includes(value);
}
function namesMatch(list, name) {
  if (re2 === void 0)
    throw new Error("a Reloader reload list was read before prepareReloaderLists loaded RE2");
  const engine = re2;
  return list.split(",").some((entry) => {
    let pattern;
    try {
      pattern = engine.compile(`^${goTrimSpace(entry)}$`);
    } catch {
      return false;
    }
    return pattern.test(name);
  });
}
function goTrimSpace(text) {
  return text.replace(GO_TRIM, "");
}
function quote(name, value) {
  return `${name}: ${JSON.stringify(value)}`;
}
var AUTO, SEARCH, TYPED, re2, GO_SPACE, GO_TRIM;
var init_reloader = __esm({
  "src/plan/reloader.ts"() {
    "use strict";
    init_json_shape();
    init_config_changes();
    AUTO = "reloader.stakater.com/auto";
    SEARCH = "reloader.stakater.com/search";
    TYPED = {
      ConfigMap: {
        auto: "configmap.reloader.stakater.com/auto",
        reload: "configmap.reloader.stakater.com/reload",
        exclude: "configmaps.exclude.reloader.stakater.com/reload"
      },
      Secret: {
        auto: "secret.reloader.stakater.com/auto",
        reload: "secret.reloader.stakater.com/reload",
        exclude: "secrets.exclude.reloader.stakater.com/reload"
      }
    };
    GO_SPACE = "[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
    GO_TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, "g");
  }
});

// src/plan/build-plan.ts
function buildPlan(input) {
  const changesByKey = new Map(input.changes.map((c) => [idKey(c.id), c]));
  const stillReferencing = /* @__PURE__ */ new Map();
  const addedConfigs = new Set(input.changes.filter((c) => c.status === "added").map((c) => idKey(c.id)));
  const planned = [];
  const candidates = mergeCandidates(input.workloads, input.clusterWorkloads ?? []);
  const byKey = new Map(candidates.map((c) => [idKey(c.id), c]));
  const lookup = (id) => byKey.get(idKey(id))?.objects[0];
  const templateRunBy = /* @__PURE__ */ new Map();
  for (const candidate of candidates) {
    for (const object of candidate.objects) {
      const owner = workloadKindOf(object)?.templateOwner?.(object);
      if (owner) templateRunBy.set(idKey(owner), candidate.id);
    }
  }
  for (const candidate of candidates) {
    const { references, waitingFor, ignoredReferences } = changedReferences(
      candidate,
      referencesOf(candidate.objects, lookup),
      changesByKey,
      stillReferencing
    );
    if (references.length === 0) {
      const consumedIgnored = ignoredReferences.filter((r) => r.changedKeys.length > 0);
      if (consumedIgnored.length > 0) {
        planned.push({
          id: candidate.id,
          source: candidate.source,
          ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {},
          action: "skip",
          reason: `consumes only changed configs annotated ${IGNORE_ANNOTATION}: ${describeConsumption(consumedIgnored)}`,
          references: consumedIgnored
        });
      } else if (waitingFor.length > 0 && !input.newWorkloadIds.has(idKey(candidate.id))) {
        planned.push(
          input.templateChanged?.(candidate.id) ? rollsOntoAddedConfig(candidate, waitingFor) : waitingForAddedConfig(candidate, waitingFor)
        );
      }
      continue;
    }
    const runBy = templateRunBy.get(idKey(candidate.id));
    const workload = planWorkload(candidate, references, input.newWorkloadIds, {
      addedConfigs,
      restartReloaderManaged: input.restartReloaderManaged ?? false,
      reloaderAutoReloadAll: input.reloaderAutoReloadAll ?? false,
      changesByKey
    });
    planned.push(
      runBy ? {
        ...workload,
        action: "skip",
        reason: `its pod template is run by ${shortId(runBy)} (workloadRef): restarted through it`
      } : workload
    );
  }
  planned.sort((a, b) => compareIds(a.id, b.id));
  return { workloads: planned, warnings: deletedButReferenced(input.changes, stillReferencing) };
}
function changedReferences(candidate, found, changesByKey, stillReferencing) {
  const references = [];
  const waitingFor = [];
  const ignoredReferences = [];
  for (const ref of found) {
    const config = {
      kind: ref.configKind,
      namespace: candidate.id.namespace,
      name: ref.configName
    };
    const change = changesByKey.get(idKey(config));
    if (change === void 0) continue;
    if (change.status === "deleted") {
      const key = idKey(change.id);
      if (!stillReferencing.has(key)) stillReferencing.set(key, /* @__PURE__ */ new Set());
      stillReferencing.get(key).add(shortId(candidate.id));
      continue;
    }
    if (change.status === "added" && !ref.optional) {
      waitingFor.push(config);
      continue;
    }
    const changedKeys2 = ref.keys === "all" ? [...change.keys] : change.keys.filter((k) => ref.keys.includes(k));
    (change.ignored ? ignoredReferences : references).push({ ...ref, config, changedKeys: changedKeys2 });
  }
  return { references, waitingFor, ignoredReferences };
}
function deletedButReferenced(changes, stillReferencing) {
  return changes.filter((c) => c.status === "deleted" && stillReferencing.has(idKey(c.id))).map((c) => {
    const users = [...stillReferencing.get(idKey(c.id))].sort(compareStrings);
    const verb = users.length === 1 ? "references" : "reference";
    const message = `${formatId(c.id)} was deleted but ${users.join(", ")} still ${verb} it`;
    return { message, file: c.file, line: c.line };
  });
}
function planWorkload(candidate, references, newWorkloadIds, options) {
  const base = {
    id: candidate.id,
    source: candidate.source,
    ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {}
  };
  const consuming = references.filter((r) => r.changedKeys.length > 0);
  if (consuming.length === 0) {
    return { ...base, action: "skip", reason: readsNoChangedKey(references), references };
  }
  const reloader = reloaderCoverageOf(candidate, consuming, options);
  const reloaderSkip = reloader.uncovered.length === 0 && !options.restartReloaderManaged ? `managed by Stakater Reloader, which restarts it for every changed config it reads (${describeCoverage(reloader.covered)}); pass --reloader none to restart it here too` : void 0;
  const skipReason = skipReasonFor(candidate, newWorkloadIds, reloaderSkip);
  if (skipReason !== void 0) return { ...base, action: "skip", reason: skipReason, references: consuming };
  const added = consuming.filter((r) => r.optional && options.addedConfigs.has(idKey(r.config)));
  const reason2 = added.length === consuming.length ? `references ${describeConsumption(added)} as optional; it was added in this diff and its pods started without it` : `consumes ${describeConsumption(consuming)}`;
  return {
    ...base,
    action: "restart",
    reason: `${reason2}${reloaderNote(candidate, reloader)}`,
    references: consuming
  };
}
function reloaderCoverageOf(candidate, consuming, options) {
  const covered = [];
  const uncovered = [];
  const controller2 = { autoReloadAll: options.reloaderAutoReloadAll };
  for (const [config] of groupByConfig(consuming)) {
    const marks = options.changesByKey.get(idKey(config))?.reloader;
    const kind = config;
    const why = candidate.objects.map((object) => reloaderCoverage(object, kind, marks, controller2));
    if (why.every((w) => w !== void 0)) covered.push([config, why[0]]);
    else uncovered.push(config);
  }
  return { covered, uncovered };
}
function describeCoverage(covered) {
  const reasons = new Set(covered.map(([, why]) => why));
  if (reasons.size === 1) return [...reasons][0];
  return covered.map(([config, why]) => `${shortId(config)}: ${why}`).join("; ");
}
function reloaderNote(candidate, reloader) {
  if (reloader.uncovered.length === 0) return "";
  const names2 = reloader.uncovered.map(shortId).join(", ");
  if (reloader.covered.length > 0) {
    return `; Stakater Reloader restarts it for ${reloader.covered.map(([c]) => shortId(c)).join(", ")} (${describeCoverage(reloader.covered)}) but not for ${names2}`;
  }
  const annotations = [...new Set(candidate.objects.flatMap(reloaderAnnotationsOf))];
  if (annotations.length === 0) return "";
  return `; its Stakater Reloader annotations (${annotations.join(", ")}) do not cover ${names2}`;
}
function waitingForAddedConfig(candidate, configs) {
  const names2 = [...new Set(configs.map(shortId))].sort(compareStrings).join(", ");
  const reason2 = `references ${names2}, added in this diff and not optional: its pods could not have started without it and start once it exists`;
  return {
    id: candidate.id,
    source: candidate.source,
    ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {},
    action: "skip",
    reason: reason2,
    references: []
  };
}
function rollsOntoAddedConfig(candidate, configs) {
  const names2 = [...new Set(configs.map(shortId))].sort(compareStrings);
  return {
    id: candidate.id,
    source: candidate.source,
    ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {},
    action: "skip",
    rollsOnApply: true,
    reason: rollsOnApplyReason(names2.map((name) => `${name}, added in this diff`)),
    references: []
  };
}
function skipReasonFor(candidate, newWorkloadIds, reloaderSkip) {
  if (candidate.objects.some(hasIgnoreAnnotation)) return `annotated ${IGNORE_ANNOTATION}`;
  if (reloaderSkip !== void 0) return reloaderSkip;
  if (newWorkloadIds.has(idKey(candidate.id))) return "new in this diff: starts with the new config";
  if (!isRestartable(candidate.id.kind)) {
    return skipReasonForKind(candidate.id.kind) ?? `${candidate.id.kind}: cannot be restarted`;
  }
  return void 0;
}
function mergeCandidates(repo, cluster) {
  const candidates = /* @__PURE__ */ new Map();
  const add = (m, source2) => {
    if (!isWorkloadKind(m.id.kind)) return;
    const key = idKey(m.id);
    const existing = candidates.get(key);
    if (existing === void 0) {
      candidates.set(key, {
        id: m.id,
        source: source2,
        ...source2 === "repo" ? { file: m.file, line: m.line } : {},
        objects: [m.object]
      });
    } else {
      existing.objects.push(m.object);
    }
  };
  for (const m of repo) add(m, "repo");
  for (const m of cluster) add(m, "cluster");
  return [...candidates.values()];
}
function referencesOf(objects, lookup) {
  if (objects.length === 1) return findReferences(runningPodTemplateOf(objects[0], lookup)?.spec);
  const seen2 = /* @__PURE__ */ new Set();
  const refs = [];
  for (const object of objects) {
    for (const ref of findReferences(runningPodTemplateOf(object, lookup)?.spec)) {
      const key = JSON.stringify([ref.configKind, ref.configName, ref.via, ref.path, ref.keys]);
      if (seen2.has(key)) continue;
      seen2.add(key);
      refs.push(ref);
    }
  }
  return refs;
}
function describeConsumption(references) {
  return groupByConfig(references).map(([config, refs]) => {
    const keys = [...new Set(refs.flatMap((r) => r.changedKeys))].sort(compareStrings);
    const vias = [...new Set(refs.map(viaLabel))];
    return `${shortId(config)} (keys: ${listKeys(keys)}) via ${vias.join(", ")}`;
  }).join("; ");
}
function readsNoChangedKey(references) {
  const parts = groupByConfig(references).map(([config, refs]) => {
    const keys = [...new Set(refs.flatMap((r) => r.keys === "all" ? [] : r.keys))].sort(compareStrings);
    return `${shortId(config)} (keys: ${listKeys(keys)})`;
  });
  return `reads ${parts.join("; ")}, none of which changed`;
}
function groupByConfig(references) {
  const groups = /* @__PURE__ */ new Map();
  for (const ref of references) {
    const key = idKey(ref.config);
    if (!groups.has(key)) groups.set(key, [ref.config, []]);
    groups.get(key)[1].push(ref);
  }
  return [...groups.values()].sort(([a], [b]) => compareIds(a, b));
}
function viaLabel(ref) {
  const base = ref.via === "projected" ? "projected volume" : ref.via;
  const notes = [ref.init ? "init container" : "", ref.subPath ? "subPath" : ""].filter(Boolean);
  return notes.length > 0 ? `${base} (${notes.join(", ")})` : base;
}
function listKeys(keys) {
  if (keys.length <= MAX_LISTED_KEYS) return keys.join(", ");
  return `${keys.slice(0, MAX_LISTED_KEYS).join(", ")} and ${keys.length - MAX_LISTED_KEYS} more`;
}
var MAX_LISTED_KEYS;
var init_build_plan = __esm({
  "src/plan/build-plan.ts"() {
    "use strict";
    init_config_references();
    init_workload_kinds();
    init_model();
    init_order();
    init_config_changes();
    init_rolls_on_apply();
    init_reloader();
    MAX_LISTED_KEYS = 5;
  }
});

// src/plan/guard-rails.ts
function applyGuardRails(workloads, rails) {
  const naming = rails.naming ?? CLI_FLAGS;
  const guarded = workloads.map((w) => {
    if (w.action !== "restart") return w;
    const ns = w.id.namespace;
    if (rails.excludeNamespaces.includes(ns)) {
      return {
        ...w,
        action: "skip",
        reason: `namespace ${ns} is excluded (${naming.option("exclude-namespaces")})`
      };
    }
    if (rails.namespaces.length > 0 && !rails.namespaces.includes(ns)) {
      return {
        ...w,
        action: "skip",
        reason: `namespace ${ns} is not in ${naming.set("namespaces", rails.namespaces.join(","))}`
      };
    }
    return w;
  });
  const restarts = guarded.filter((w) => w.action === "restart").length;
  if (rails.maxRestarts === void 0 || restarts <= rails.maxRestarts)
    return { workloads: guarded, notes: [] };
  const over = `the plan restarts ${restarts} workloads, more than ${naming.set("max-restarts", String(rails.maxRestarts))}`;
  if (rails.dryRun !== void 0 && rails.dryRun !== "none") {
    return { workloads: guarded, notes: [`${over}: a real run would refuse it and restart nothing`] };
  }
  throw new UserError(
    `${over}; nothing was restarted (run with ${naming.set("dry-run", "client")} to see the plan)`
  );
}
var init_guard_rails = __esm({
  "src/plan/guard-rails.ts"() {
    "use strict";
    init_errors();
    init_option_naming();
  }
});

// src/plan/repo-plan.ts
function planOfScan(repoPlan, parts) {
  const sources = [...repoPlan.scan.sourceNotes, ...parts.sources];
  const unread = unreadSourcesOf(repoPlan.scan.problems, repoPlan.scan.sourceWarnings);
  return {
    ...emptyPlanOf({ base: repoPlan.base, head: repoPlan.head, note: repoPlan.rangeNote }),
    changes: parts.changes,
    workloads: parts.workloads,
    ...sources.length > 0 ? { sources } : {},
    ...repoPlan.scan.skippedRenders ? { skippedRenders: repoPlan.scan.skippedRenders } : {},
    problems: repoPlan.scan.problems,
    warnings: [...repoPlan.scanWarnings, ...parts.warnings],
    ...unread.length > 0 ? { unread } : {}
  };
}
function emptyPlanOf(range) {
  return {
    base: range.base ?? "",
    head: range.head,
    rangeNote: range.note,
    changes: [],
    workloads: [],
    problems: [],
    warnings: []
  };
}
function noClusterHint(naming) {
  return naming.entryPoint === "cli" ? "pass --kubeconfig, set KUBECONFIG or CONFIG_ROLLOUT_KUBECONFIG, or use --dry-run to only print the plan" : `set ${naming.option("kubeconfig-data")} (or ${naming.option("kubeconfig")}), or ${naming.set("dry-run", "client")} to only print the plan`;
}
var init_repo_plan = __esm({
  "src/plan/repo-plan.ts"() {
    "use strict";
    init_unread_sources();
  }
});

// src/core/consumed-configs.ts
function consumedConfigIds(workload, manifests) {
  const template = runningPodTemplateOf(workload.object, (id) => manifests.get(idKey(id))?.object);
  if (!template) return [];
  const ids = /* @__PURE__ */ new Map();
  for (const ref of findReferences(template.spec)) {
    const id = { kind: ref.configKind, namespace: workload.id.namespace, name: ref.configName };
    ids.set(idKey(id), id);
  }
  return [...ids.values()];
}
function consumedBy(workload, manifests) {
  const manifest = manifests.get(idKey(workload.id));
  const consumed = manifest ? consumedConfigIds(manifest, manifests) : [];
  return consumed.length > 0 ? consumed : workload.references.map((r) => r.config);
}
function consumedKeysOf(workload, manifests) {
  const manifest = manifests.get(idKey(workload.id));
  if (manifest) {
    const template = runningPodTemplateOf(manifest.object, (id) => manifests.get(idKey(id))?.object);
    const refs = template ? findReferences(template.spec) : [];
    if (refs.length > 0) return consumedKeys(refs, workload.id.namespace);
  }
  return consumedKeys(workload.references, workload.id.namespace);
}
function consumedKeys(references, namespace) {
  const byConfig = /* @__PURE__ */ new Map();
  for (const ref of references) {
    const id = { kind: ref.configKind, namespace, name: ref.configName };
    const known = byConfig.get(idKey(id));
    if (!known) {
      byConfig.set(idKey(id), { id, keys: ref.keys === "all" ? "all" : [...ref.keys] });
    } else if (known.keys !== "all") {
      known.keys = ref.keys === "all" ? "all" : [.../* @__PURE__ */ new Set([...known.keys, ...ref.keys])];
    }
  }
  return [...byConfig.values()].sort((a, b) => compareStrings(idKey(a.id), idKey(b.id)));
}
function readContent(content, keys) {
  if (keys === "all") return content;
  const read = {};
  for (const key of [...keys].sort(compareStrings)) {
    if (Object.hasOwn(content, key)) {
      Object.defineProperty(read, key, { value: content[key], enumerable: true, writable: true });
    }
  }
  return read;
}
var init_consumed_configs = __esm({
  "src/core/consumed-configs.ts"() {
    "use strict";
    init_config_references();
    init_workload_kinds();
    init_model();
    init_order();
  }
});

// src/scan/gitops/folder-definitions.ts
function deploymentUnitOf(file, deployedDirs) {
  let unit;
  for (const dir of deployedDirs) {
    if (dir === "" || !file.startsWith(`${dir}/`)) continue;
    if (unit === void 0 || dir.length > unit.length) unit = dir;
  }
  return unit;
}
function configDefinitionFor(workloadFile, definitions, deployedDirs) {
  const ordered = [...definitions].sort(
    (a, b) => compareStrings(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0)
  );
  const unit = deploymentUnitOf(workloadFile, deployedDirs);
  const readable = ordered.filter((d) => {
    const own = deploymentUnitOf(d.file, deployedDirs);
    return own === void 0 || own === unit;
  });
  if (readable.length === 0) return ordered[ordered.length - 1];
  const folders = workloadFile.split("/").slice(0, -1);
  const closeness = (file) => {
    const other = file.split("/").slice(0, -1);
    let common = 0;
    while (common < folders.length && common < other.length && folders[common] === other[common]) common++;
    return common;
  };
  let chosen = readable[0];
  for (const d of readable) if (closeness(d.file) >= closeness(chosen.file)) chosen = d;
  return chosen;
}
function headConfigReadBy(config, workloadFile) {
  if (config.folders === void 0 || !workloadFile) return config.snapshot;
  return configDefinitionFor(workloadFile, config.folders.definitions, config.folders.deployedDirs);
}
function readsOwnFolders(workloadFile, definitions, deployedDirs) {
  const chosen = configDefinitionFor(workloadFile, definitions, deployedDirs);
  const folder = (file) => file.split("/").slice(0, -1).join("/");
  const unit = deploymentUnitOf(workloadFile, deployedDirs);
  return unit !== void 0 && deploymentUnitOf(chosen.file, deployedDirs) === unit || folder(chosen.file) !== "" && workloadFile.startsWith(`${folder(chosen.file)}/`);
}
var init_folder_definitions = __esm({
  "src/scan/gitops/folder-definitions.ts"() {
    "use strict";
    init_order();
  }
});

// src/scan/sources/folder-twins.ts
function folderTwinsWarning(ordered, configs, used = ordered[ordered.length - 1]) {
  const folderOf = (m) => m.file.slice(0, Math.max(0, m.file.lastIndexOf("/")));
  const folders = new Set(ordered.map(folderOf));
  if (folders.size < 2) return void 0;
  const which = used === ordered[ordered.length - 1] ? "the last in path order" : "the one whose folder's configs the range changes";
  for (const id of consumedConfigIds(used, /* @__PURE__ */ new Map())) {
    const byFolder = /* @__PURE__ */ new Map();
    for (const c of configs) {
      if (c.origin === void 0 && idKey(c.id) === idKey(id) && folders.has(folderOf(c)))
        byFolder.set(folderOf(c), c);
    }
    const contents = new Set([...byFolder.values()].map(contentOf));
    if (byFolder.size < 2 || contents.size < 2) continue;
    const defined = [...byFolder.values()].map((c) => `${c.file}:${c.line}`).sort();
    const workloads = ordered.map((m) => `${m.file}:${m.line}`);
    return {
      file: used.file,
      line: used.line,
      col: 1,
      severity: "warning",
      message: `${formatId(used.id)} is defined alike in ${folders.size} folders (${workloads.join(", ")}), but ${formatId(id)}, which it reads, differs between them (${defined.join(", ")}), and no GitOps object in the repository deploys the folders separately: each definition reads its own folder's configs (as \`stamp\` hashes it), and this plan restarts it once, as ${used.file}:${used.line} defines it (${which}). If the folders are separate deployments, give each its own namespace, run each deployment's job with --paths set to its folder, or deploy each folder with its own Flux Kustomization or Argo CD Application`
    };
  }
  return void 0;
}
function contentOf(config) {
  const o = config.object;
  return canonicalJson([o.data ?? null, o.stringData ?? null, o.binaryData ?? null]);
}
var init_folder_twins = __esm({
  "src/scan/sources/folder-twins.ts"() {
    "use strict";
    init_config_content();
    init_consumed_configs();
    init_model();
  }
});

// src/scan/sources/source-variants.ts
function originLabel(manifest) {
  return manifest.origin ?? `file ${manifest.file}`;
}
function groupBySource(base, head) {
  const bySide = (manifests) => {
    const byKey = /* @__PURE__ */ new Map();
    for (const m of manifests) {
      const key = idKey(m.id);
      const sources = byKey.get(key) ?? /* @__PURE__ */ new Map();
      byKey.set(key, sources);
      const source2 = m.origin ?? RAW2;
      const list = sources.get(source2);
      if (list) list.push(m);
      else sources.set(source2, [m]);
    }
    return byKey;
  };
  const baseByKey = bySide(base);
  const headByKey = bySide(head);
  const out = { base: [], head: [], variants: /* @__PURE__ */ new Map(), problems: [] };
  for (const key of /* @__PURE__ */ new Set([...baseByKey.keys(), ...headByKey.keys()])) {
    const atBase = baseByKey.get(key) ?? /* @__PURE__ */ new Map();
    const atHead = headByKey.get(key) ?? /* @__PURE__ */ new Map();
    const sources = [.../* @__PURE__ */ new Set([...atBase.keys(), ...atHead.keys()])];
    if (sources.length === 1) {
      out.base.push(...atBase.get(sources[0]) ?? []);
      out.head.push(...atHead.get(sources[0]) ?? []);
      continue;
    }
    const variants = sources.map((source3) => variantOf(atBase.get(source3), atHead.get(source3)));
    const distinct = distinctVariants(variants);
    const chosen = distinct[0];
    const source2 = chosen.source.startsWith("file ") ? RAW2 : chosen.source;
    if (source2 === RAW2) {
      out.base.push(...atBase.get(RAW2) ?? []);
      out.head.push(...atHead.get(RAW2) ?? []);
    } else {
      if (chosen.base) out.base.push(chosen.base);
      if (chosen.head) out.head.push(chosen.head);
    }
    if (distinct.length > 1) out.variants.set(key, distinct);
  }
  return out;
}
function settleWorkloads(base, head, folders, headConfigs = []) {
  const problems = [];
  const rawOnce = (manifests, warn) => {
    const raw = /* @__PURE__ */ new Map();
    const rendered = [];
    for (const m of manifests) {
      if (m.origin !== void 0) rendered.push(m);
      else raw.set(idKey(m.id), [...raw.get(idKey(m.id)) ?? [], m]);
    }
    const settled = [...raw.values()].map((defs) => {
      const ordered = [...defs].sort((a, b) => compareStrings(a.file, b.file) || a.line - b.line);
      const own = folders && definitionOfChangedDeployment(ordered, folders);
      if (own) {
        if (warn) problems.push(deploymentChoiceNote(own, ordered, folders));
        return own.used;
      }
      const last = ordered[ordered.length - 1];
      const lastText = ordered.length > 1 ? canonicalJson(unstamped(last)) : "";
      const other = ordered.find((m) => m !== last && canonicalJson(unstamped(m)) !== lastText);
      const separate = folders && separateDeployments(ordered, folders);
      const twins = !other && !deployedAtAll(ordered, folders);
      const used = twins && folders && definitionReadingChange(ordered, headConfigs, folders) || last;
      if (warn && separate) problems.push(undecidedDeploymentWarning(used, ordered, separate));
      else if (warn && other) problems.push(rawDuplicateWarning(used, other));
      else if (warn && twins) {
        const warning = folderTwinsWarning(ordered, headConfigs, used);
        if (warning) problems.push(warning);
      }
      return used;
    });
    return [...settled, ...rendered];
  };
  const grouped = groupBySource(rawOnce(base, false), rawOnce(head, true));
  return { ...grouped, problems: [...problems, ...grouped.problems] };
}
function deployedAtAll(ordered, folders) {
  return folders !== void 0 && ordered.some((m) => deploymentUnitOf(m.file, folders.deployedDirs) !== void 0);
}
function definitionReadingChange(ordered, configs, folders) {
  const changed = new Set(folders.changedFiles);
  const reading = ordered.filter(
    (workload) => consumedConfigIds(workload, /* @__PURE__ */ new Map()).some((id) => {
      const definitions = configs.filter((c) => c.origin === void 0 && idKey(c.id) === idKey(id));
      return definitions.length > 0 && changed.has(configDefinitionFor(workload.file, definitions, folders.deployedDirs).file);
    })
  );
  return reading.length === 1 ? reading[0] : void 0;
}
function unstamped(m) {
  const templatePath = workloadKindOf(m.object)?.templatePath;
  if (!templatePath || currentHash(m.object, templatePath) === void 0) return m.object;
  const copy = structuredClone(m.object);
  const annotations = field(field(templateAt(copy, templatePath), "metadata"), "annotations");
  delete annotations[CONFIG_HASH_ANNOTATION];
  return copy;
}
function separateDeployments(ordered, folders) {
  const units = [...new Set(ordered.map((m) => deploymentUnitOf(m.file, folders.deployedDirs)))];
  return units.length < 2 || units.includes(void 0) ? void 0 : units;
}
function definitionOfChangedDeployment(ordered, folders) {
  const unitOf = (file) => deploymentUnitOf(file, folders.deployedDirs);
  const units = separateDeployments(ordered, folders);
  if (units === void 0) return void 0;
  const changed = units.filter((unit) => folders.changedFiles.some((f) => unitOf(f) === unit));
  if (changed.length !== 1) return void 0;
  const used = ordered.filter((m) => unitOf(m.file) === changed[0]).pop();
  return { used, unit: changed[0], units };
}
function deploymentChoiceNote(own, ordered, folders) {
  const others = ordered.filter((m) => deploymentUnitOf(m.file, folders.deployedDirs) !== own.unit);
  return {
    file: own.used.file,
    line: own.used.line,
    col: 1,
    severity: "warning",
    message: `${formatId(own.used.id)} is defined by ${own.units.length} deployments (folders ${own.units.join(", ")}, each deployed by its own GitOps object; also at ${others.map((m) => `${m.file}:${m.line}`).join(", ")}): this plan restarts it as ${own.unit} deploys it (${own.used.file}:${own.used.line}), the folder whose configs changed, with that folder's configs, as \`stamp\` hashes it`
  };
}
function undecidedDeploymentWarning(used, ordered, units) {
  const others = ordered.filter((m) => m !== used).map((m) => `${m.file}:${m.line}`);
  return {
    file: used.file,
    line: used.line,
    col: 1,
    severity: "warning",
    message: `${formatId(used.id)} is defined by ${units.length} deployments (folders ${units.join(", ")}, each deployed by its own GitOps object; also at ${others.join(", ")}) and the range changes more than one of them, so the plan cannot know which one a cluster runs: it restarts it once, as the last in path order (${used.file}:${used.line}) defines it, with the configs the plan read; run each cluster's job with --paths set to its folder to plan each deployment with its own configs`
  };
}
function rawDuplicateWarning(used, other) {
  return {
    file: used.file,
    line: used.line,
    col: 1,
    severity: "warning",
    message: `${formatId(used.id)} is also defined at ${other.file}:${other.line}, with different content; \`kubectl apply -R -f\` applies files in path order, so this later definition (${used.file}:${used.line}) is what the cluster ends up with and what this plan reads`
  };
}
function variantOf(base, head) {
  const last = (defs) => defs?.length ? [...defs].sort((a, b2) => compareStrings(a.file, b2.file) || a.line - b2.line)[defs.length - 1] : void 0;
  const b = last(base);
  const h = last(head);
  const source2 = originLabel(h ?? b);
  return { source: source2, ...b ? { base: b } : {}, ...h ? { head: h } : {} };
}
function distinctVariants(variants) {
  const rank = (v) => v.head ? v.base ? 0 : 1 : 2;
  const ordered = [...variants].sort((a, b) => rank(a) - rank(b) || compareStrings(a.source, b.source));
  const seen2 = /* @__PURE__ */ new Set();
  return ordered.filter((v) => {
    const text = `${v.base ? canonicalJson(v.base.object) : "-"}
${v.head ? canonicalJson(v.head.object) : "-"}`;
    if (seen2.has(text)) return false;
    seen2.add(text);
    return true;
  });
}
function firstDifference(a, b, path = "") {
  if (canonicalJson(a) === canonicalJson(b)) return void 0;
  const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i++) {
      const found = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (found !== void 0) return found;
    }
    return path;
  }
  if (isObject(a) && isObject(b)) {
    const keys = [.../* @__PURE__ */ new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareStrings);
    for (const key of keys) {
      const found = firstDifference(a[key], b[key], path ? `${path}.${key}` : key);
      if (found !== void 0) return found;
    }
  }
  return path || "(the whole object)";
}
var RAW2;
var init_source_variants = __esm({
  "src/scan/sources/source-variants.ts"() {
    "use strict";
    init_config_content();
    init_consumed_configs();
    init_json_shape();
    init_pod_template();
    init_workload_kinds();
    init_model();
    init_order();
    init_restart_patch();
    init_folder_definitions();
    init_folder_twins();
    RAW2 = "";
  }
});

// src/plan/variant-conflicts.ts
function checkVariants(inputs, variants) {
  if (variants.size === 0) return { conflicts: [], notes: [] };
  const baseline = restartsOf(inputs);
  const changedAnywhere = new Set(inputs.changes.map((c) => idKey(c.id)));
  const configChanges = /* @__PURE__ */ new Map();
  for (const list of variants.values()) {
    for (const v of list) {
      const m = v.head ?? v.base;
      if (!isConfigManifest(m)) continue;
      const change = changeOf(v);
      configChanges.set(v, change);
      if (change) changedAnywhere.add(idKey(change.id));
    }
  }
  const conflicts = [];
  const agreeing = [];
  const noPart = [];
  for (const [key, [chosen, ...others]] of variants) {
    const id = (chosen.head ?? chosen.base).id;
    const sources = [chosen, ...others].map((v) => v.source).join(", ");
    const described = `${formatId(id)} (${sources})`;
    const isConfig = configChanges.has(chosen);
    const relevant = isConfig ? [chosen, ...others].some((v) => configChanges.get(v) !== void 0) : isWorkloadKind(id.kind) && [chosen, ...others].some((v) => readsAny(v.head ?? v.base, changedAnywhere));
    if (!relevant) {
      noPart.push(described);
      continue;
    }
    const conflict = others.map((v) => {
      const alternative = isConfig ? withConfig(inputs, key, v, configChanges.get(v)) : withWorkload(inputs, key, v);
      const effect = differenceIn(baseline, restartsOf(alternative), chosen.source, v.source);
      if (effect === void 0) return void 0;
      const field5 = firstDifference((chosen.head ?? chosen.base).object, (v.head ?? v.base).object) ?? "";
      return { id, first: chosen.source, second: v.source, field: field5, effect };
    }).find((c) => c !== void 0);
    if (conflict) conflicts.push(conflict);
    else agreeing.push(described);
  }
  return { conflicts, notes: variantNotes(agreeing, noPart) };
}
function describeVariantConflicts(conflicts) {
  const first = conflicts[0];
  if (!first) return "";
  const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more object(s))` : "";
  return `${first.first} and ${first.second} both define ${formatId(first.id)} with different content (${first.field})${more}, and the plan depends on which one this cluster runs: ${first.effect}. Say which to plan from: --kustomize DIR (render only that kustomization), --kustomize none (read raw files only) or --paths GLOBS (read only those files)`;
}
function variantNotes(agreeing, noPart) {
  const named = (list) => list.length <= MAX_NAMED2 ? list.join("; ") : `${list.slice(0, MAX_NAMED2).join("; ")}; and ${list.length - MAX_NAMED2} more`;
  const notes = [];
  if (agreeing.length > 0) {
    notes.push(
      `defined differently by several sources, with the same plan whichever is deployed: ${named(agreeing.sort(compareStrings))}`
    );
  }
  if (noPart.length > 0) {
    notes.push(
      `${noPart.length} object(s) defined differently by several sources play no part in this plan: ${named(noPart.sort(compareStrings))}`
    );
  }
  return notes;
}
function changeOf(v) {
  const found = findConfigChanges(v.base ? [v.base] : [], v.head ? [v.head] : []);
  return found.changes[0];
}
function readsAny(workload, configs) {
  const template = podTemplateOf(workload.object);
  return findReferences(template?.spec).some(
    (ref) => configs.has(idKey({ kind: ref.configKind, namespace: workload.id.namespace, name: ref.configName }))
  );
}
function withConfig(inputs, key, v, change) {
  const changes = inputs.changes.filter((c) => idKey(c.id) !== key);
  if (change) changes.push(change);
  const headContent = new Map(inputs.headContent);
  if (v.head) headContent.set(key, configContentOf(v.head).content);
  else headContent.delete(key);
  return { ...inputs, changes, headContent };
}
function withWorkload(inputs, key, v) {
  const others = (list) => list.filter((m) => idKey(m.id) !== key);
  const newWorkloadIds = new Set(inputs.newWorkloadIds);
  if (v.head && !v.base) newWorkloadIds.add(key);
  else newWorkloadIds.delete(key);
  return {
    ...inputs,
    workloads: v.head ? [...others(inputs.workloads), v.head] : others(inputs.workloads),
    baseWorkloads: v.base ? [...others(inputs.baseWorkloads), v.base] : others(inputs.baseWorkloads),
    newWorkloadIds
  };
}
function restartsOf(inputs) {
  const { headContent: _content, baseWorkloads: _base, ...input } = inputs;
  const built = buildPlan(input);
  const planned = markRollsOnApply(built.workloads, inputs.baseWorkloads, inputs.workloads, inputs.changes);
  const restarts = /* @__PURE__ */ new Map();
  for (const w of planned) {
    if (w.action !== "restart") continue;
    const consumed = [...new Set(w.references.map((r) => idKey(r.config)))].sort(compareStrings);
    restarts.set(
      idKey(w.id),
      consumed.map((key) => `${key}=${canonicalJson(inputs.headContent.get(key) ?? null)}`).join("\n")
    );
  }
  return restarts;
}
function differenceIn(chosen, other, chosenSource, otherSource) {
  const name = (key) => {
    const [kind, , ...rest] = key.split("/");
    return `${kind.toLowerCase()}/${rest.join("/")}`;
  };
  for (const key of [.../* @__PURE__ */ new Set([...chosen.keys(), ...other.keys()])].sort(compareStrings)) {
    const a = chosen.get(key);
    const b = other.get(key);
    if (a === b) continue;
    if (b === void 0)
      return `${name(key)} restarts with ${chosenSource}'s definition and not with ${otherSource}'s`;
    if (a === void 0)
      return `${name(key)} restarts with ${otherSource}'s definition and not with ${chosenSource}'s`;
    return `${name(key)} restarts onto different config content with each`;
  }
  return void 0;
}
var MAX_NAMED2;
var init_variant_conflicts = __esm({
  "src/plan/variant-conflicts.ts"() {
    "use strict";
    init_config_content();
    init_config_references();
    init_workload_kinds();
    init_model();
    init_order();
    init_config_changes();
    init_rolls_on_apply();
    init_source_variants();
    init_build_plan();
    MAX_NAMED2 = 5;
  }
});

// src/rollout/discover-cluster.ts
async function discoverClusterWorkloads(cluster, namespaces, concurrency) {
  const kinds = [];
  for (const kind of restartableKinds()) if (await cluster.serves(kind.kind)) kinds.push(kind);
  const pairs = namespaces.flatMap((namespace) => kinds.map((kind) => ({ namespace, kind })));
  const lists = await runLimited(pairs, concurrency, async ({ namespace, kind }) => {
    const items = await cluster.listWorkloads(namespace, kind.kind);
    return items.map((object) => {
      const metadata = object.metadata ?? {};
      return {
        id: { kind: kind.kind, namespace, name: metadata.name ?? "" },
        file: "",
        line: 0,
        object
      };
    });
  });
  return lists.flat();
}
var init_discover_cluster = __esm({
  "src/rollout/discover-cluster.ts"() {
    "use strict";
    init_workload_kinds();
    init_run_limited();
  }
});

// src/rollout/find-on-cluster.ts
async function findOnCluster(cluster, workloads, listed, concurrency) {
  const found = await runLimited(workloads, concurrency, async (w) => {
    if (listed.objects.has(idKey(w.id))) return { w, on: true };
    const kind = workloadKind(w.id.kind);
    if (kind?.customResource && !await cluster.serves(w.id.kind)) return { w, on: true };
    if (listed.namespaces.has(w.id.namespace)) return { w, on: false };
    const object = await cluster.readWorkload(w.id);
    return object ? { w, on: true, read: { id: w.id, file: "", line: 0, object } } : { w, on: false };
  });
  const out = { present: [], absent: [], live: [] };
  for (const { w, on, read } of found) {
    if (read) out.live.push(read);
    if (on) out.present.push(w);
    else
      out.absent.push({
        id: w.id,
        restart: "not-on-cluster",
        message: `not on this cluster: ${formatId(w.id)} does not exist there (another environment's?); skipped`
      });
  }
  return out;
}
var init_find_on_cluster = __esm({
  "src/rollout/find-on-cluster.ts"() {
    "use strict";
    init_workload_kinds();
    init_model();
    init_run_limited();
  }
});

// src/rollout/restore/restore-plan.ts
function restorePlanOf(input) {
  const restorable = /* @__PURE__ */ new Map();
  const notRestorable = /* @__PURE__ */ new Map();
  for (const change of input.changes) {
    const key = idKey(change.id);
    if (change.status === "added") {
      notRestorable.set(
        key,
        "the change adds it: it did not exist at the base commit, there is nothing to put back"
      );
      continue;
    }
    if (change.status === "deleted") {
      notRestorable.set(key, "the change deletes it from the repository: a rollback does not re-create it");
      continue;
    }
    const base = input.baseConfigs.get(key);
    const content = base ? configContentOf(base).content : void 0;
    if (!base || !content) {
      notRestorable.set(
        key,
        "its definition at the base commit was not read: its earlier content is not known"
      );
      continue;
    }
    const id = change.id;
    restorable.set(key, {
      id,
      base: { manifest: base.object, content },
      ...input.headConfigs.has(key) ? { head: input.headConfigs.get(key).manifest.object } : {},
      source: { commit: input.base, file: base.file, ...base.origin ? { origin: base.origin } : {} }
    });
  }
  return { restorable, notRestorable, workloads: input.workloads };
}
function changedConfigsOf(workload) {
  return [
    ...new Set(workload.references.filter((r) => r.changedKeys.length > 0).map((r) => idKey(r.config)))
  ];
}
function restoreReviews(plan) {
  const read = new Set(plan.workloads.flatMap(changedConfigsOf));
  return [...plan.restorable.values()].filter((restore) => read.has(idKey(restore.id))).flatMap(({ id }) => {
    const { group, resource } = configKind(id.kind);
    return ["get", "patch"].map((verb) => ({
      verb,
      group,
      resource,
      namespace: id.namespace,
      name: id.name
    }));
  });
}
var init_restore_plan = __esm({
  "src/rollout/restore/restore-plan.ts"() {
    "use strict";
    init_config_content();
    init_api_kinds();
    init_model();
  }
});

// src/rollout/restore/rollback-report.ts
function isFailedRollout(result) {
  return (result.restart === "restarted" || result.restart === "unchanged") && (result.rollout === "failed" || result.rollout === "timeout");
}
function recordRollback(result, back) {
  result.rollback = {
    restart: back.restart,
    ...back.rollout ? { rollout: back.rollout } : {},
    message: back.message
  };
  const rolledOut = back.restart === "restarted" && back.rollout === "done";
  if (rolledOut) result.rollout = "rolled-back";
  return rolledOut;
}
function reportRollbacks(results, rolledBack, outcomes, readsOf, log) {
  const backOf = new Map(rolledBack.map((r) => [idKey(r.id), r]));
  for (const result of results) {
    const key = idKey(result.id);
    const mine = outcomes.filter((o) => o.readers.some((reader) => idKey(reader) === key));
    const back2 = backOf.get(key);
    if (back2) {
      const put = names(mine.filter((o) => o.result !== "refused"));
      const own = isFailedRollout(result) ? result.message : result.restart === "failed" ? `${result.message}; yet its pod template changed: the patch was applied` : `its rollout ${result.rollout === "done" ? "finished" : result.rollout ?? "was not followed"}, but ${put} it reads ${mine.length > 1 ? "were" : "was"} put back to the base commit's content`;
      if (recordRollback(result, back2)) {
        result.message = `${own}; rolled back to its pod template before the run (${put} restored): the rollback rolled out`;
      } else if (back2.restart === "unchanged") {
        result.message = `${own}; rollback: ${back2.message}`;
      } else if (back2.restart === "restarted") {
        result.rollout = back2.rollout === "timeout" ? "timeout" : "failed";
        result.message = `${own}; rolled back to its pod template before the run (${put} restored), but the rollback's rollout ${rolloutEnd(back2.rollout)}: ${back2.message}`;
      } else {
        result.rollout = "failed";
        result.message = `${own}; the rollback (${put} restored) ${back2.restart}: ${back2.message}`;
      }
      log.warn(`${formatId(result.id)}: ${result.message}`);
      continue;
    }
    if (!isFailedRollout(result)) continue;
    const reads = readsOf(key);
    const why = outcomes.filter(
      (o) => (o.result === "refused" || o.result === "not-restorable") && reads.includes(idKey(o.id))
    );
    if (why.length === 0) continue;
    result.message = `${result.message}; not rolled back: ${why.map((o) => `${names([o])} ${o.result === "refused" ? "could not be restored" : "cannot be restored"}`).join(", ")} (see the restored configs)`;
    log.warn(`${formatId(result.id)}: ${result.message}`);
  }
  const back = keysOf(results.filter((r) => r.rollout === "rolled-back"));
  const written = keysOf(results.filter((r) => r.rollback?.restart === "restarted"));
  return outcomes.map((o) => {
    const readers = o.readers.filter((id) => back.has(idKey(id)));
    const rollbackNotRolledOut = o.readers.filter((id) => !back.has(idKey(id)) && written.has(idKey(id)));
    const notRolledBack = o.readers.filter((id) => !back.has(idKey(id)) && !written.has(idKey(id)));
    return {
      ...o,
      readers,
      ...rollbackNotRolledOut.length > 0 ? { rollbackNotRolledOut } : {},
      ...notRolledBack.length > 0 ? { notRolledBack } : {}
    };
  });
}
function keysOf(results) {
  return new Set(results.map((r) => idKey(r.id)));
}
function rolloutEnd(rollout) {
  if (rollout === "timeout") return "did not finish";
  if (rollout === "not-waited") return "was not waited for";
  if (rollout === "deleted") return "lost its workload";
  return rollout ?? "was not followed";
}
function names(outcomes) {
  return outcomes.map((o) => shortId(o.id)).join(", ");
}
var init_rollback_report = __esm({
  "src/rollout/restore/rollback-report.ts"() {
    "use strict";
    init_model();
  }
});

// src/rollout/restore/rollback-on-failure.ts
function withRollbackOnFailure(strategy, plan) {
  const rollbackStep = strategy.rollbackStep;
  if (!rollbackStep) return strategy;
  const readsOf = new Map(plan.workloads.map((w) => [idKey(w.id), changedConfigsOf(w)]));
  const configOf = new Map(
    plan.workloads.flatMap((w) => w.references.map((r) => [idKey(r.config), r.config]))
  );
  const started = /* @__PURE__ */ new Map();
  const untouched = /* @__PURE__ */ new Set();
  const claimed = /* @__PURE__ */ new Map();
  const restoredContent = /* @__PURE__ */ new Map();
  const rolledBack = /* @__PURE__ */ new Set();
  const outcomes = [];
  const notRestorableSeen = /* @__PURE__ */ new Set();
  return {
    ...strategy,
    async prepare(context) {
      const prepared = await strategy.prepare(context);
      return { ...prepared, reviews: [...prepared.reviews ?? [], ...restoreReviews(plan)] };
    },
    restarted(outcomes2) {
      for (const o of outcomes2)
        if (o.result === "restarted" || o.result === "unchanged" || o.unanswered) started.set(idKey(o.id), o);
    },
    heldBack(id) {
      const put = (readsOf.get(idKey(id)) ?? []).find((key) => claimed.has(key));
      if (put === void 0) return void 0;
      const { failed: failed2, ended } = claimed.get(put);
      const config = shortId(configOf.get(put));
      if (ended === "refused")
        return `not restarted: ${config} it reads could not be put back after ${formatId(failed2)} failed (see the restored configs), and still holds the content that failed`;
      return `not restarted: ${config} it reads was put back to the base commit's content after ${formatId(failed2)} failed`;
    },
    async rollbackFor(results, context) {
      const failed2 = results.filter((r) => isFailedRollout(r) && !rolledBack.has(idKey(r.id)));
      const restores = [];
      for (const result of failed2) {
        for (const key of readsOf.get(idKey(result.id)) ?? []) {
          if (claimed.has(key)) continue;
          const restorable = plan.restorable.get(key);
          if (!restorable) {
            if (notRestorableSeen.has(key)) continue;
            notRestorableSeen.add(key);
            const why = plan.notRestorable.get(key) ?? "the repository does not define it";
            outcomes.push({
              id: configOf.get(key),
              result: "not-restorable",
              message: `not restored: ${why}`,
              readers: []
            });
            continue;
          }
          claimed.set(key, { failed: result.id });
          restores.push({ ...restorable, readers: [] });
        }
      }
      if (restores.length === 0) return void 0;
      const keys = new Set(restores.map((r) => idKey(r.id)));
      const readers = [...started.values()].map((o) => o.id).filter((id) => readsOf.get(idKey(id))?.some((key) => keys.has(key)));
      for (const restore of restores) {
        restore.readers = readers.filter((id) => readsOf.get(idKey(id)).includes(idKey(restore.id)));
        restoredContent.set(idKey(restore.id), restore.base.content);
      }
      for (const id of readers) rolledBack.add(idKey(id));
      context.log.warn(
        `${failed2.map((r) => formatId(r.id)).join(", ")} failed: putting ${restores.map((r) => shortId(r.id)).join(", ")} back to the base commit's content and rolling back ${readers.map(formatId).join(", ") || "no workload"}`
      );
      const step = await rollbackStep(new Map(restoredContent));
      return {
        ids: readers,
        patchFor: (id, live2, kind) => {
          const generation = started.get(idKey(id))?.unanswered?.generation;
          if (generation === void 0 || field(field(live2, "metadata"), "generation") !== generation)
            return step(id, live2, kind);
          untouched.add(idKey(id));
          return {
            unchanged: `its pod template is as before the patch (generation ${generation}): nothing to roll back`
          };
        },
        restores,
        restored: (ended) => {
          outcomes.push(...ended);
          for (const o of ended) {
            const claim = claimed.get(idKey(o.id));
            if (claim) claim.ended = o.result;
          }
        }
      };
    },
    async afterWait(results, back, context) {
      const inner = strategy.afterWait ? await strategy.afterWait(results, back, context) : { results, notes: [] };
      const restores = reportRollbacks(
        inner.results,
        back.filter((r) => !untouched.has(idKey(r.id))),
        outcomes.map((o) => ({ ...o, readers: o.readers.filter((id) => !untouched.has(idKey(id))) })),
        (key) => readsOf.get(key) ?? [],
        context.log
      );
      for (const result of inner.results) {
        const said = back.find((r) => untouched.has(idKey(r.id)) && idKey(r.id) === idKey(result.id));
        if (!said) continue;
        result.message = `${result.message}; ${said.message}`;
        context.log.warn(`${formatId(result.id)}: ${result.message}`);
      }
      return { ...inner, restores };
    }
  };
}
var init_rollback_on_failure = __esm({
  "src/rollout/restore/rollback-on-failure.ts"() {
    "use strict";
    init_json_shape();
    init_model();
    init_restore_plan();
    init_rollback_report();
  }
});

// src/kube/read-live-configs.ts
async function readLiveConfigs(cluster, ids, concurrency) {
  const live2 = /* @__PURE__ */ new Map();
  const configMapsByNamespace = /* @__PURE__ */ new Map();
  const singles = [];
  for (const id of ids) {
    if (id.kind !== "ConfigMap") {
      singles.push(id);
      continue;
    }
    const group = configMapsByNamespace.get(id.namespace) ?? [];
    group.push(id);
    configMapsByNamespace.set(id.namespace, group);
  }
  const lists = [];
  for (const [namespace, group] of configMapsByNamespace) {
    if (group.length > 1) lists.push([namespace, group]);
    else singles.push(...group);
  }
  const tasks = [
    ...lists.map(([namespace, group]) => async () => {
      const byName = await cluster.listConfigMaps(namespace);
      for (const id of group) live2.set(idKey(id), byName.get(id.name));
    }),
    ...singles.map((id) => async () => {
      live2.set(idKey(id), await cluster.readConfig(id));
    })
  ];
  await runLimited(tasks, concurrency, (task) => task());
  return live2;
}
var init_read_live_configs = __esm({
  "src/kube/read-live-configs.ts"() {
    "use strict";
    init_model();
    init_run_limited();
  }
});

// src/rollout/sync-configs.ts
function committedContent(config) {
  const { snapshot } = config;
  return {
    id: snapshot.id,
    file: snapshot.file,
    holds: (live2) => changedKeys(live2, snapshot.content).length === 0,
    ...config.manifest ? { manifest: config.manifest } : {}
  };
}
async function syncConfigs(cluster, configs, options, log) {
  const live2 = /* @__PURE__ */ new Map();
  const absent = /* @__PURE__ */ new Set();
  const stillDifferent = async (candidates) => {
    const current = await readLiveConfigs(
      cluster,
      candidates.map((c) => c.id),
      options.concurrency
    );
    return candidates.filter((expected) => {
      const found = current.get(idKey(expected.id));
      if (!found) absent.add(idKey(expected.id));
      else absent.delete(idKey(expected.id));
      if (!found || !expected.holds(found.content)) return true;
      live2.set(idKey(expected.id), found);
      return false;
    });
  };
  const pending = await stillDifferent(configs);
  if (pending.length === 0) return live2;
  if (options.apply) {
    await options.beforeApply?.(pending, absent);
    for (const config of pending) {
      if (options.stop?.aborted) throw options.stop.reason;
      const { id, file, manifest } = config;
      if (!manifest) throw new Error(`no manifest kept for ${formatId(id)}`);
      log.info(`applying ${formatId(id)} from ${file}${options.dryRun ? " (server dry run)" : ""}`);
      await cluster.applyConfig(manifest.object, options.dryRun, id.namespace);
      if (options.dryRun) continue;
      noteDone(`applied ${formatId(id)} from ${file}`, cluster.context);
      options.onApplied?.(config);
    }
    return live2;
  }
  const stop = options.stop ?? new AbortController().signal;
  const pause = options.sleep ?? ((ms) => sleep(ms, stop));
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  let waiting2 = pending;
  log.info(
    `waiting up to ${formatDuration(options.timeoutMs)} for the cluster to hold the committed content of ${waiting2.map((c) => formatId(c.id)).join(", ")}`
  );
  const total = waiting2.length;
  const heartbeat = startHeartbeat(
    options.timeoutMs,
    (waited, left) => `still waiting for the committed config content: ${total - waiting2.length} of ${total} configs on the cluster (waited ${waited}, ${left} left); waiting for ${waiting2.slice(0, 3).map((c) => formatId(c.id)).join(", ")}${waiting2.length > 3 ? ", \u2026" : ""}`,
    (line) => log.info(line),
    options.heartbeat
  );
  try {
    while (waiting2.length > 0) {
      await pause(options.pollMs ?? 1e3);
      const names2 = () => waiting2.map((c) => `${formatId(c.id)} from ${c.file}`).join(", ");
      if (stop.aborted) {
        throw new RolloutFailure(
          `the committed content of ${names2()} had not arrived on the cluster after ${formatDuration(Date.now() - started)}, before --config-timeout ${formatDuration(options.timeoutMs)} ran out; nothing was restarted`
        );
      }
      waiting2 = await stillDifferent(waiting2);
      if (waiting2.length === 0) break;
      if (Date.now() >= deadline) {
        const orApply = waiting2.every((c) => c.manifest !== void 0) ? " or run with --apply" : "";
        throw new RolloutFailure(
          `the cluster does not hold the committed content of ${names2()} after ${formatDuration(options.timeoutMs)}; apply the manifests first${orApply}. Nothing was restarted.`
        );
      }
    }
  } finally {
    heartbeat.stop();
  }
  return live2;
}
var init_sync_configs = __esm({
  "src/rollout/sync-configs.ts"() {
    "use strict";
    init_config_content();
    init_duration();
    init_errors();
    init_model();
    init_list_watch();
    init_read_live_configs();
    init_interrupt();
    init_heartbeat();
  }
});

// src/rollout/roll-out-plan.ts
async function rollOutPlan(cluster, plan, context) {
  const { settings, log } = context;
  const onCluster = await findOnCluster(
    cluster,
    plan.toRestart,
    {
      namespaces: plan.listed.namespaces,
      objects: new Map(plan.listed.objects.map((m) => [idKey(m.id), m]))
    },
    settings.concurrency
  );
  for (const absent of onCluster.absent) log.info(`${formatId(absent.id)}: ${absent.message}`);
  const present = onCluster.present;
  if (present.length === 0) return { results: onCluster.absent, notes: [] };
  const restorePlan = plan.restore && context.strategy.rollbackStep && rollsBackOnFailure(settings) ? restorePlanOf({ ...plan.restore, headConfigs: plan.headConfigs, workloads: present }) : void 0;
  const strategy = restorePlan ? withRollbackOnFailure(context.strategy, restorePlan) : context.strategy;
  const manifests = new Map(
    [...plan.repoWorkloads, ...plan.listed.objects, ...onCluster.live].map((m) => [idKey(m.id), m])
  );
  const toCheck = [...new Set(present.flatMap((w) => consumedBy(w, manifests)).map(idKey))].map((key) => plan.expectedConfigs.get(key)).filter((config) => config !== void 0);
  let reviewed;
  const reviewEveryWrite = async (pending, absent) => {
    const targets = present.flatMap(({ id }) => restartTarget(id, manifests.get(idKey(id))?.object) ?? []);
    const reviews = [
      ...pending.map((c) => configWrite(c.id)),
      // A server-side apply that creates the object is authorized as a create too.
      ...pending.filter((c) => absent.has(idKey(c.id))).map((c) => ({ ...configWrite(c.id), verb: "create" })),
      ...restorePlan ? restoreReviews(restorePlan) : []
    ];
    reviewed = await reviewAccess(cluster, { configs: [], targets, reviews }, settings, log);
  };
  const prepareTitle = strategy.prepareTitle ?? (strategy.needsLiveConfigs ? "Check the cluster holds the committed configs" : "Copy the committed configs");
  const applied = [];
  const prepareAndRollOut = async () => {
    const prepared = await log.group(prepareTitle, async () => {
      const liveConfigs = strategy.needsLiveConfigs ? await syncConfigs(
        cluster,
        toCheck,
        {
          apply: settings.apply,
          dryRun: settings.dryRun === "server",
          timeoutMs: settings.configTimeoutMs,
          concurrency: settings.concurrency,
          beforeApply: reviewEveryWrite,
          onApplied: (config) => applied.push(config),
          ...context.stop ? { stop: context.stop } : {}
        },
        log
      ) : /* @__PURE__ */ new Map();
      return strategy.prepare({
        workloads: present,
        manifests,
        headWorkloads: new Map(plan.repoWorkloads.map((m) => [idKey(m.id), m])),
        headConfigs: plan.headConfigs,
        readHeadConfigs: plan.readHeadConfigs,
        commitOrder: plan.commitOrder,
        liveConfigs,
        cluster,
        head: plan.head,
        log
      });
    });
    return rollOut(cluster, present, {
      ...context,
      strategy,
      prepared,
      manifests,
      ...reviewed ? { reviewed } : {}
    });
  };
  const after = await prepareAndRollOut().catch((error) => {
    throw afterApplying(error, applied);
  });
  return {
    results: [...onCluster.absent, ...after.results],
    notes: after.notes,
    ...after.restores ? { restores: after.restores } : {}
  };
}
function afterApplying(error, applied) {
  if (applied.length === 0 || !(error instanceof UserError)) return error;
  const written = applied.map((c) => `${formatId(c.id)} from ${c.file}`).join(", ");
  return new RolloutFailure(`${error.message}; already applied before it: ${written}`);
}
var init_roll_out_plan = __esm({
  "src/rollout/roll-out-plan.ts"() {
    "use strict";
    init_consumed_configs();
    init_errors();
    init_workload_kinds();
    init_model();
    init_setting_choices();
    init_check_permissions();
    init_find_on_cluster();
    init_restart_and_wait();
    init_restore_plan();
    init_rollback_on_failure();
    init_sync_configs();
  }
});

// src/core/config-hash.ts
var config_hash_exports = {};
__export(config_hash_exports, {
  configDigests: () => configDigests,
  configHash: () => configHash,
  coveredSecrets: () => coveredSecrets,
  formatDigests: () => formatDigests,
  namespaceFree: () => namespaceFree,
  parseDigests: () => parseDigests
});
function configHash(consumed, contents, key, secretUid) {
  const entries = [];
  const secrets = [];
  for (const { id, keys } of consumed) {
    const content = contents.get(idKey(id));
    if (content === void 0) continue;
    if (id.kind === "Secret") secrets.push(id);
    const ident = { kind: id.kind, namespace: id.namespace, name: id.name };
    entries.push(canonicalJson({ id: ident, content: readContent(content, keys) }));
  }
  if (entries.length === 0) return void 0;
  let hmacKey = key;
  if (hmacKey === void 0 && secrets.length > 0) {
    hmacKey = uidKey(secrets, secretUid);
    if (hmacKey === void 0) return void 0;
  }
  const payload = `[${entries.sort(compareStrings).join(",")}]`;
  const hash = hmacKey === void 0 ? (0, import_node_crypto.createHash)("sha256") : (0, import_node_crypto.createHmac)("sha256", hmacKey);
  return hash.update(payload, "utf8").digest("hex");
}
function namespaceFree(consumed, contents) {
  const free = /* @__PURE__ */ new Map();
  const named = consumed.map((c) => {
    const id = { ...c.id, namespace: "" };
    const content = contents.get(idKey(c.id));
    if (content !== void 0) free.set(idKey(id), content);
    return { ...c, id };
  });
  return { consumed: named, contents: free };
}
function configDigests(consumed, contents, key, secretUid) {
  const digests = /* @__PURE__ */ new Map();
  for (const config of consumed) {
    if (!contents.has(idKey(config.id))) continue;
    const hash = configHash([config], contents, key, secretUid);
    if (hash === void 0) return void 0;
    digests.set(`${config.id.kind}/${config.id.name}`, hash.slice(0, DIGEST_LENGTH));
  }
  return digests;
}
function formatDigests(digests) {
  return [...digests].sort(([a], [b]) => compareStrings(a, b)).map(([config, digest]) => `${config}=${digest}`).join(",");
}
function parseDigests(text) {
  const digests = /* @__PURE__ */ new Map();
  if (text.trim() === "") return digests;
  const entries = text.split(",");
  if (entries.length > MAX_DIGESTS) return void 0;
  for (const entry of entries) {
    const match = DIGEST_ENTRY.exec(entry.trim());
    const config = match && `${match[1]}/${match[2]}`;
    if (!config || digests.has(config)) return void 0;
    digests.set(config, match[3]);
  }
  return digests;
}
function coveredSecrets(consumed, contents) {
  return consumed.filter((c) => c.id.kind === "Secret" && contents.has(idKey(c.id))).map((c) => c.id);
}
function uidKey(secrets, secretUid) {
  const uids = [];
  for (const id of [...secrets].sort((a, b) => compareStrings(idKey(a), idKey(b)))) {
    const uid = secretUid?.(id);
    if (!uid) return void 0;
    uids.push(`${idKey(id)}=${uid}`);
  }
  return Buffer.from(`config-rollout secret uids:${uids.join(",")}`, "utf8");
}
var import_node_crypto, DIGEST_LENGTH, MAX_DIGESTS, DIGEST_ENTRY;
var init_config_hash = __esm({
  "src/core/config-hash.ts"() {
    "use strict";
    import_node_crypto = require("node:crypto");
    init_config_content();
    init_consumed_configs();
    init_model();
    init_order();
    DIGEST_LENGTH = 10;
    MAX_DIGESTS = 1e3;
    DIGEST_ENTRY = new RegExp(
      `^(ConfigMap|Secret)/([a-z0-9](?:[-a-z0-9.]{0,251}[a-z0-9])?)=([0-9a-f]{${DIGEST_LENGTH}})$`
    );
  }
});

// src/rollout/strategy/restart-hash.ts
async function computeRestartHashes(workloads, manifests, headConfigs, hashKey, secretUid, liveContents = /* @__PURE__ */ new Map(), replaced = /* @__PURE__ */ new Map()) {
  return hashesOf(workloads, manifests, headConfigs, { hashKey, secretUid, liveContents, replaced });
}
async function computeStampHashes(workloads, manifests, headConfigs, hashKey) {
  return hashesOf(workloads, manifests, headConfigs, { hashKey, asStamped: true });
}
async function hashesOf(workloads, manifests, headConfigs, options) {
  const { hashKey, secretUid, liveContents = /* @__PURE__ */ new Map(), replaced = /* @__PURE__ */ new Map() } = options;
  const { configDigests: configDigests2, configHash: configHash2, formatDigests: formatDigests2, namespaceFree: namespaceFree2 } = await Promise.resolve().then(() => (init_config_hash(), config_hash_exports));
  const contents = new Map(liveContents);
  for (const [key2, config] of headConfigs) contents.set(key2, config.snapshot.content);
  for (const [key2, content] of replaced) contents.set(key2, content);
  const key = hashKey ? Buffer.from(hashKey) : void 0;
  const readBy = definitionsReadBy(headConfigs, contents, replaced);
  const hashes = /* @__PURE__ */ new Map();
  for (const workload of workloads) {
    const manifest = manifests.get(idKey(workload.id));
    let consumed = consumedKeysOf(workload, manifests);
    let read = readBy(manifest?.file);
    if (options.asStamped && manifest?.namespaceByDeployment)
      ({ consumed, contents: read } = namespaceFree2(consumed, read));
    const hash = configHash2(consumed, read, key, secretUid);
    if (hash === void 0) continue;
    const digests = configDigests2(consumed, read, key, secretUid);
    hashes.set(idKey(workload.id), { hash, ...digests ? { digests: formatDigests2(digests) } : {} });
  }
  return hashes;
}
function definitionsReadBy(headConfigs, contents, replaced) {
  const several = [...headConfigs].filter(
    ([key, config]) => config.folders !== void 0 && !replaced.has(key)
  );
  if (several.length === 0) return () => contents;
  const byFile = /* @__PURE__ */ new Map();
  return (file) => {
    if (!file) return contents;
    let read = byFile.get(file);
    if (read === void 0) {
      const own = new Map(contents);
      for (const [key, config] of several) own.set(key, headConfigReadBy(config, file).content);
      read = own;
      byFile.set(file, read);
    }
    return read;
  };
}
var init_restart_hash = __esm({
  "src/rollout/strategy/restart-hash.ts"() {
    "use strict";
    init_consumed_configs();
    init_model();
    init_folder_definitions();
  }
});

// src/rollout/strategy/annotation-strategy.ts
function annotationStep(hashFor, digestsFor = () => void 0) {
  return (id, live2, kind) => {
    const hash = hashFor(id);
    if (!hash) {
      throw new RolloutFailure(
        "no config hash was computed for it (a Secret it reads is not on the cluster, so its value cannot be keyed with the Secret's UID; set --hash-key): not restarted"
      );
    }
    if (currentHash(live2, kind.templatePath) === hash) {
      return { unchanged: `pod template already has ${CONFIG_HASH_ANNOTATION}=${hash}` };
    }
    return {
      patch: annotationPatch(hash, kind.templatePath, digestsFor(id)),
      type: kind.restart.patch,
      describe: `${CONFIG_HASH_ANNOTATION}=${hash}`
    };
  };
}
function createAnnotationStrategy(hashKey, concurrency) {
  let hashes = /* @__PURE__ */ new Map();
  let rehash = async () => hashes;
  return {
    name: "annotation",
    needsLiveConfigs: true,
    async prepare(context) {
      const { workloads, manifests } = context;
      const headConfigs = await context.readHeadConfigs(workloads.flatMap((w) => consumedBy(w, manifests)));
      const uids = new Map([...context.liveConfigs].map(([k, live2]) => [k, live2.uid]));
      const consumed = new Map(
        workloads.flatMap((w) => consumedBy(w, manifests)).map((id) => [idKey(id), id])
      );
      const notInRepo = [...consumed.values()].filter((id) => !headConfigs.has(idKey(id)));
      const unreadSecrets = hashKey ? [] : [...headConfigs.values()].map((c) => c.snapshot.id).filter((id) => id.kind === "Secret" && !uids.has(idKey(id)));
      const liveContents = /* @__PURE__ */ new Map();
      if (notInRepo.length + unreadSecrets.length > 0) {
        for (const [k, live2] of await readReadable(
          context.cluster,
          [...notInRepo, ...unreadSecrets],
          concurrency
        )) {
          if (!live2) continue;
          uids.set(k, live2.uid);
          if (!headConfigs.has(k)) liveContents.set(k, live2.content);
        }
      }
      rehash = (contents) => computeRestartHashes(
        workloads,
        manifests,
        headConfigs,
        hashKey,
        (id) => uids.get(idKey(id)),
        liveContents,
        contents
      );
      hashes = await rehash(/* @__PURE__ */ new Map());
      return { configWrites: [] };
    },
    // The plan file's hash: of what the repository defines at head (no cluster, so no Secret UIDs).
    async planFileChanges(workloads, context) {
      const consumed = workloads.flatMap((w) => consumedBy(w, context.manifests));
      const headConfigs = await context.readHeadConfigs(consumed);
      const key = context.keyFor(consumed.filter((id) => headConfigs.has(idKey(id))));
      const planned = await computeRestartHashes(workloads, context.manifests, headConfigs, key?.toString());
      return new Map(
        workloads.map((w) => [
          idKey(w.id),
          { annotation: CONFIG_HASH_ANNOTATION, hash: planned.get(idKey(w.id)).hash }
        ])
      );
    },
    patchFor: annotationStep(
      (id) => hashes.get(idKey(id))?.hash,
      (id) => hashes.get(idKey(id))?.digests
    ),
    // Back to the hash of what the workload reads once the configs are restored: the base commit's
    // hash when every config it reads is back (its template before the run, when it had one).
    async rollbackStep(restored) {
      const back = await rehash(restored);
      return annotationStep(
        (id) => back.get(idKey(id))?.hash,
        (id) => back.get(idKey(id))?.digests
      );
    }
  };
}
async function readReadable(cluster, ids, concurrency) {
  try {
    return await readLiveConfigs(cluster, ids, concurrency);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
  }
  const live2 = /* @__PURE__ */ new Map();
  for (const id of ids) {
    try {
      live2.set(idKey(id), await cluster.readConfig(id));
    } catch (error) {
      if (!isExpectedError(error)) throw error;
    }
  }
  return live2;
}
var init_annotation_strategy = __esm({
  "src/rollout/strategy/annotation-strategy.ts"() {
    "use strict";
    init_consumed_configs();
    init_errors();
    init_model();
    init_restart_patch();
    init_read_live_configs();
    init_restart_hash();
  }
});

// src/rollout/strategy/consumed-secrets.ts
async function readConsumedSecrets(context) {
  const secrets = context.workloads.flatMap((w) => consumedBy(w, context.manifests)).filter((id) => id.kind === "Secret");
  if (secrets.length > 0) await context.readHeadConfigs(secrets);
}
async function readLiveConsumedSecrets(context) {
  const secrets = new Map(
    context.workloads.flatMap((w) => consumedBy(w, context.manifests)).filter((id) => id.kind === "Secret" && !context.liveConfigs.has(idKey(id))).map((id) => [idKey(id), id])
  );
  const refused = /* @__PURE__ */ new Map();
  for (const id of secrets.values()) {
    try {
      await context.cluster.readConfig(id);
    } catch (error) {
      if (!(error instanceof ClusterAccessError && error.status === 403)) throw error;
      refused.set(id.namespace, [...refused.get(id.namespace) ?? [], id.name]);
    }
  }
  if (refused.size === 0) return;
  const list = [...refused].map(([namespace, names2]) => `${names2.join(", ")} in namespace ${namespace}`);
  context.log.warn(
    `context ${context.cluster.context} may not get secrets ${list.join("; ")}, which the restarted workloads read: a saved plan holds no Secret value, so what their pods say (a termination message, an event, log lines) cannot be masked for them. Grant get on them by name (docs/rbac.md).`
  );
}
var init_consumed_secrets = __esm({
  "src/rollout/strategy/consumed-secrets.ts"() {
    "use strict";
    init_consumed_configs();
    init_errors();
    init_model();
  }
});

// src/rollout/strategy/env-strategy.ts
function createEnvStrategy(envName, now) {
  const before = /* @__PURE__ */ new Map();
  return {
    name: "env",
    needsLiveConfigs: true,
    async prepare(context) {
      await readConsumedSecrets(context);
      return { configWrites: [] };
    },
    async planFileChanges(workloads, { keyFor }) {
      keyFor([]);
      return new Map(workloads.map((w) => [idKey(w.id), { env: envName }]));
    },
    patchFor(id, live2, kind) {
      const value = String(Math.floor(now() / 1e3));
      const type = kind.restart.patch;
      if (!before.has(idKey(id)))
        before.set(idKey(id), envValues(podSpecAt(live2, kind.templatePath), envName));
      const patch = type === "strategic-merge" ? envPatch(podSpecAt(live2, kind.templatePath), envName, value, kind.templatePath) : envMergePatch(live2, kind.templatePath, envName, value);
      return { patch, type, describe: `${envName}=${value}` };
    },
    rollbackStep: async () => (id, live2, kind) => {
      const previous = before.get(idKey(id));
      if (!previous) return { unchanged: "not restarted by this run: nothing to roll back" };
      const patch = envRestorePatch(live2, kind.templatePath, envName, previous, kind.restart.patch);
      if (!patch) return { unchanged: `${envName} is as before the run` };
      const values = [...new Set(previous.values())].map((v) => v ?? "unset");
      return { patch, type: kind.restart.patch, describe: `${envName} back to ${values.join(", ")}` };
    }
  };
}
var init_env_strategy = __esm({
  "src/rollout/strategy/env-strategy.ts"() {
    "use strict";
    init_pod_template();
    init_model();
    init_restart_patch();
    init_consumed_secrets();
  }
});

// src/rollout/strategy/live-configs.ts
async function checkLiveConfigs(cluster, configs) {
  const result = { differ: [], unreadable: [] };
  for (const committed of configs) {
    let live2;
    try {
      live2 = await cluster.readConfig(committed.id);
    } catch (error) {
      if (committed.id.kind === "Secret" && error instanceof ClusterAccessError && error.status === 403) {
        result.unreadable.push(committed.id);
        continue;
      }
      throw error;
    }
    if (!live2 || changedKeys(live2.content, committed.content).length > 0) result.differ.push(committed.id);
  }
  return result;
}
var init_live_configs = __esm({
  "src/rollout/strategy/live-configs.ts"() {
    "use strict";
    init_config_content();
    init_errors();
  }
});

// src/rollout/strategy/gitops-strategy.ts
function createGitopsStrategy(hashKey) {
  let hashes = /* @__PURE__ */ new Map();
  let committed = /* @__PURE__ */ new Map();
  let generated = /* @__PURE__ */ new Map();
  const hashFor = (id) => hashes.get(idKey(id));
  const generatedFor = (id) => generated.get(idKey(id)) ?? [];
  return {
    name: "gitops",
    // The agent applies the configs with the workloads (one sync); nothing is checked or written here.
    needsLiveConfigs: false,
    prepareTitle: "Compute the config hashes the head commit stamps",
    followsTemplateChanges: true,
    awaitsAgent: { hashFor, generatedFor },
    async prepare(context) {
      const { workloads, headWorkloads } = context;
      const consumed = workloads.flatMap((w) => consumedBy(w, headWorkloads));
      const headConfigs = await context.readHeadConfigs(consumed);
      const hashed = new Map([...headConfigs].filter(([, config]) => !config.manifest.selfRolling));
      const computed = await computeStampHashes(workloads, headWorkloads, hashed, hashKey);
      hashes = new Map([...computed].map(([key, value]) => [key, value.hash]));
      generated = new Map(
        workloads.map((w) => [
          idKey(w.id),
          consumedBy(w, headWorkloads).filter((id) => headConfigs.get(idKey(id))?.manifest.selfRolling)
        ])
      );
      const readsSecret = new Set(
        hashKey ? [] : workloads.filter(
          (w) => consumedBy(w, headWorkloads).some((c) => c.kind === "Secret" && hashed.has(idKey(c)))
        ).map((w) => idKey(w.id))
      );
      checkStamped(
        workloads.map((w) => w.id),
        headWorkloads,
        hashFor,
        readsSecret
      );
      committed = new Map(
        workloads.map((w) => [
          idKey(w.id),
          consumedBy(w, headWorkloads).flatMap((id) => {
            const config = headConfigs.get(idKey(id));
            return config ? [headConfigReadBy(config, headWorkloads.get(idKey(w.id))?.file)] : [];
          })
        ])
      );
      return { configWrites: [] };
    },
    patchFor(id, live2, kind) {
      const hash = hashFor(id);
      if (!hash) throw new RolloutFailure("no config hash was computed for it: not followed");
      const carried = currentHash(live2, kind.templatePath);
      if (carried !== hash) {
        throw new RolloutFailure(
          `its live pod template changed after the agent applied the commit: it carries ${carried ?? "no hash"}, the commit ${hash}`
        );
      }
      return { unchanged: `the agent applied the commit (${CONFIG_HASH_ANNOTATION}=${hash})` };
    },
    async afterWait(results, _rolledBack, { cluster }) {
      const applied = results.map(
        (r) => r.restart === "unchanged" ? { ...r, restart: "agent-applied" } : r
      );
      const done = applied.filter((r) => r.rollout === "done");
      const configs = /* @__PURE__ */ new Map();
      for (const r of done) for (const c of committed.get(idKey(r.id)) ?? []) configs.set(idKey(c.id), c);
      if (configs.size === 0) return { results: applied, notes: [] };
      const check = await checkLiveConfigs(cluster, [...configs.values()]);
      const differ = new Set(check.differ.map(idKey));
      const notes = check.unreadable.length > 0 ? [
        `not confirmed on the cluster (these credentials may not read Secrets): ${check.unreadable.map(formatId).join(", ")}`
      ] : [];
      return {
        results: applied.map((r) => {
          const stale = (committed.get(idKey(r.id)) ?? []).filter((c) => differ.has(idKey(c.id)));
          if (r.rollout !== "done" || stale.length === 0) return r;
          return {
            ...r,
            rollout: "failed",
            message: `its pods rolled out, but the cluster does not hold the committed content of ${stale.map((c) => `${formatId(c.id)} from ${c.file}`).join(", ")}: the new pods read the old config (is it in another Argo CD Application or Flux Kustomization, or immutable, so the agent could not change it?)`
          };
        }),
        notes
      };
    }
  };
}
function checkStamped(ids, headWorkloads, hashFor, readsSecret) {
  const problems = [];
  const unmatchable = [];
  const unwritable = [];
  for (const id of ids) {
    const manifest = headWorkloads.get(idKey(id));
    const kind = restartableKind(id.kind);
    const where = manifest?.file ? ` (${manifest.file}${manifest.line ? `:${manifest.line}` : ""})` : "";
    if (!manifest || !kind) {
      problems.push(
        `${formatId(id)}: not defined in the repository at the head commit, so nothing stamps it`
      );
      continue;
    }
    if (readsSecret.has(idKey(id))) {
      problems.push(
        `${formatId(id)}${where}: it reads a Secret from the repository, and without --hash-key its value would be a plain SHA-256 of the Secret's content: set --hash-key (the same key as \`config-rollout stamp\`)`
      );
      continue;
    }
    const stamped = currentHash(manifest.object, kind.templatePath);
    const expected = hashFor(id);
    if (stamped === expected) continue;
    if (manifest.stampUnwritable !== void 0) {
      unwritable.push(`${formatId(id)}${where}: ${manifest.stampUnwritable} (expected ${expected})`);
      continue;
    }
    if (manifest.stampCannotMatch !== void 0) {
      unmatchable.push(
        `${formatId(id)}${where}: ${manifest.stampCannotMatch} (the head commit carries ${CONFIG_HASH_ANNOTATION}=${stamped ?? "none"}, this deployment needs ${expected})`
      );
      continue;
    }
    problems.push(
      stamped === void 0 ? `${formatId(id)}${where}: the head commit carries no ${CONFIG_HASH_ANNOTATION} (expected ${expected})` : `${formatId(id)}${where}: the head commit carries ${CONFIG_HASH_ANNOTATION}=${stamped}, stale (expected ${expected})`
    );
  }
  const lines = [];
  if (problems.length > 0)
    lines.push(
      `--strategy gitops: the head commit is not stamped for its configs, so no agent can roll it out:
  ${problems.join("\n  ")}
Run \`config-rollout stamp\`, commit the result and push it.`
    );
  if (unwritable.length > 0)
    lines.push(
      `--strategy gitops: \`config-rollout stamp\` cannot write these workloads' stamps where their files write them, so no agent can roll them out:
  ${unwritable.join("\n  ")}
Running \`config-rollout stamp\` alone does not change that: write out what each names (no alias), then stamp, commit and push.`
    );
  if (unmatchable.length > 0)
    lines.push(
      `--strategy gitops: no stamp can match these workloads, so they cannot be followed:
  ${unmatchable.join("\n  ")}
\`config-rollout stamp\` does not change that: give each deployment a kustomization of its own (one in the folder it deploys, or an overlay per cluster that includes the shared one), or roll them out with a live strategy.`
    );
  if (lines.length > 0) throw new UserError(lines.join("\n"));
}
var init_gitops_strategy = __esm({
  "src/rollout/strategy/gitops-strategy.ts"() {
    "use strict";
    init_consumed_configs();
    init_errors();
    init_workload_kinds();
    init_model();
    init_restart_patch();
    init_folder_definitions();
    init_live_configs();
    init_restart_hash();
  }
});

// src/rollout/versioned/config-copy.ts
function copyHash(kind, content, type, key) {
  const payload = canonicalJson({ kind, type: type ?? null, content });
  const hash = key === void 0 ? (0, import_node_crypto2.createHash)("sha256") : (0, import_node_crypto2.createHmac)("sha256", key);
  return hash.update(payload, "utf8").digest("hex").slice(0, SUFFIX_LENGTH);
}
function copyName(sourceName, hash) {
  checkCopyName(sourceName);
  return `${sourceName}-${hash}`;
}
function checkCopyName(sourceName) {
  const length = sourceName.length + 1 + SUFFIX_LENGTH;
  if (length > MAX_NAME_LENGTH) {
    throw new UserError(
      `${sourceName}: its versioned copy would be named ${length} characters long (${sourceName.length} + a dash and a ${SUFFIX_LENGTH}-digit hash; an object name is at most ${MAX_NAME_LENGTH}): shorten the config's name to at most ${MAX_SOURCE_NAME_LENGTH} characters, or use another --strategy`
    );
  }
}
function sourceLabelValue(sourceName) {
  if (sourceName.length <= MAX_LABEL_VALUE_LENGTH) return sourceName;
  const hash = (0, import_node_crypto2.createHash)("sha256").update(sourceName, "utf8").digest("hex").slice(0, SUFFIX_LENGTH);
  return `${sourceName.slice(0, MAX_LABEL_VALUE_LENGTH - SUFFIX_LENGTH - 1)}-${hash}`;
}
function configCopy(source2, commit, key) {
  const { id, object, content } = source2;
  const type = id.kind === "Secret" ? stringField(object, "type") ?? "Opaque" : void 0;
  const name = copyName(id.name, copyHash(id.kind, content, type, key));
  const body2 = {
    apiVersion: "v1",
    kind: id.kind,
    metadata: {
      name,
      namespace: id.namespace,
      labels: { [SOURCE_LABEL]: sourceLabelValue(id.name), [MANAGED_LABEL]: "true" },
      annotations: { [SOURCE_COMMIT_ANNOTATION]: commit }
    },
    immutable: true,
    ...id.kind === "Secret" ? { type, data: { ...content } } : configMapData(object, content)
  };
  return { source: id, name, body: body2 };
}
function configMapData(object, content) {
  const binaryKeys = new Set(
    isRecord(field(object, "binaryData")) ? Object.keys(field(object, "binaryData")) : []
  );
  const data = {};
  const binaryData = {};
  for (const [key, base64] of Object.entries(content)) {
    if (binaryKeys.has(key)) binaryData[key] = base64;
    else data[key] = Buffer.from(base64, "base64").toString("utf8");
  }
  return {
    ...Object.keys(data).length > 0 ? { data } : {},
    ...Object.keys(binaryData).length > 0 ? { binaryData } : {}
  };
}
function copySourceOf(obj) {
  const metadata = field(obj, "metadata");
  const labels = field(metadata, "labels");
  if (stringField(labels, MANAGED_LABEL) !== "true") return void 0;
  const source2 = COPY_NAME.exec(stringField(metadata, "name") ?? "")?.[1];
  if (source2 === void 0 || stringField(labels, SOURCE_LABEL) !== sourceLabelValue(source2))
    return void 0;
  return copyCommitOf(obj) === void 0 ? void 0 : source2;
}
function copyCommitOf(obj) {
  const commit = stringField(field(field(obj, "metadata"), "annotations"), SOURCE_COMMIT_ANNOTATION);
  return commit !== void 0 && isFullSha(commit) ? commit : void 0;
}
function isManagedCopy(obj) {
  return copySourceOf(obj) !== void 0;
}
var import_node_crypto2, SOURCE_LABEL, MANAGED_LABEL, SOURCE_COMMIT_ANNOTATION, SUFFIX_LENGTH, MAX_NAME_LENGTH, MAX_SOURCE_NAME_LENGTH, MAX_LABEL_VALUE_LENGTH, COPY_NAME;
var init_config_copy = __esm({
  "src/rollout/versioned/config-copy.ts"() {
    "use strict";
    import_node_crypto2 = require("node:crypto");
    init_commit_sha();
    init_config_content();
    init_errors();
    init_json_shape();
    SOURCE_LABEL = "config-rollout.io/source";
    MANAGED_LABEL = "config-rollout.io/managed";
    SOURCE_COMMIT_ANNOTATION = "config-rollout.io/source-commit";
    SUFFIX_LENGTH = 10;
    MAX_NAME_LENGTH = 253;
    MAX_SOURCE_NAME_LENGTH = MAX_NAME_LENGTH - SUFFIX_LENGTH - 1;
    MAX_LABEL_VALUE_LENGTH = 63;
    COPY_NAME = /^(.+)-[0-9a-f]{10}$/;
  }
});

// src/rollout/versioned/copies.ts
function plannedSources(context) {
  const sources = /* @__PURE__ */ new Map();
  for (const workload of context.workloads) {
    for (const ref of workload.references) {
      const entry = sources.get(idKey(ref.config)) ?? { id: ref.config, consumers: [] };
      const consumer = shortId(workload.id);
      if (!entry.consumers.includes(consumer)) entry.consumers.push(consumer);
      sources.set(idKey(ref.config), entry);
    }
  }
  return [...sources].flatMap(([sourceKey, { id, consumers }]) => {
    const head = context.headConfigs.get(sourceKey);
    if (!head) return [];
    refuseUnsubstituted(head);
    const source2 = {
      id: { ...id, kind: id.kind },
      object: head.manifest.object,
      content: head.snapshot.content
    };
    return [{ source: source2, head, consumers }];
  });
}
function refuseUnsubstituted({ manifest }) {
  const names2 = manifest.unsubstituted;
  if (!names2?.length) return;
  const variables = names2.map((name) => `\${${name}}`).join(", ");
  throw new UserError(
    `${shortId(manifest.id)} (namespace ${manifest.id.namespace}, ${manifest.origin ?? manifest.file}) holds ${variables} as written: Flux fills ${names2.length === 1 ? "it" : "them"} in on the cluster from postBuild.substituteFrom (a Secret, or a ConfigMap not found in the repository), so a versioned copy would hold the text, not the value. Nothing was copied or restarted; give the value in postBuild.substitute or a ConfigMap in the repository, or plan this config with --strategy annotation or env`
  );
}
function copyPlanNotes(context, settings) {
  const lines = plannedSources(context).map(({ source: source2, consumers }) => {
    const { id } = source2;
    checkCopyName(id.name);
    const name = id.kind === "Secret" && !settings.hashKey ? `${id.name}-<hash keyed with the Secret's UID>` : configCopy(source2, context.head, settings.hashKey ? Buffer.from(settings.hashKey) : void 0).name;
    return `would copy ${shortId(id)} at ${shortSha(context.head)} to ${name} (namespace ${id.namespace}) and repoint ${consumers.join(", ")} to it`;
  });
  if (settings.prune && lines.length > 0) {
    lines.push("pruning reads the cluster: --dry-run=server shows which old copies would be deleted");
  }
  return lines;
}
async function prepareCopies(context, settings, managedCopies) {
  const { cluster, log } = context;
  const checked = await runLimited(plannedSources(context), settings.concurrency, async (p) => {
    const key = await hashKeyFor(p.source, settings.hashKey, cluster);
    const copy = configCopy(p.source, context.head, key);
    const { kind, namespace, name } = copy.source;
    const [existing, copiesInNamespace] = await Promise.all([
      // By name, whatever its labels: the name may be taken by an object that is not a copy.
      cluster.readObject({ apiVersion: apiVersionOf(configKind(kind)), kind, namespace, name: copy.name }),
      // Older copies of every source: one list of managed copies per (namespace, kind), not one per source.
      managedCopies(namespace, kind)
    ]);
    const older = copiesInNamespace.filter((c) => copySourceOf(c) === name);
    return { copy, head: p.head, existing, older };
  });
  const copies = [];
  const writes = [];
  const serverDryRun = settings.dryRun === "server";
  for (const { copy, head, existing, older } of checked) {
    const { source: source2 } = copy;
    const where = `${source2.kind.toLowerCase()}/${copy.name} (namespace ${source2.namespace})`;
    if (existing && !isManagedCopy(existing)) {
      throw new UserError(
        `${where} exists and is not a config-rollout copy (a copy has the config-rollout.io/managed and source labels and a source-commit annotation): refusing to overwrite it`
      );
    }
    if (existing && changedKeys(liveConfigContent({ ...existing, kind: source2.kind }), head.snapshot.content).length > 0) {
      throw new UserError(
        `${where} exists with other content than ${formatId(source2)} at ${context.head}: refusing to use it`
      );
    }
    if (existing) log.info(`${where} already exists: reused`);
    else
      writes.push({
        id: { ...source2, name: copy.name },
        body: copy.body,
        done: `${serverDryRun ? "server dry run accepted" : "created"} ${source2.kind.toLowerCase()}/${copy.name} (namespace ${source2.namespace}), an immutable copy of ${source2.name} at ${shortSha(context.head)}`
      });
    const olderCommits = older.flatMap((c) => {
      const commit = copyCommitOf(c);
      return nameOf3(c) !== copy.name && commit !== void 0 ? [[nameOf3(c), commit]] : [];
    });
    copies.push({ copy, content: head.snapshot.content, older: new Map(olderCommits) });
  }
  return { copies, writes };
}
async function hashKeyFor(source2, hashKey, cluster) {
  if (hashKey) return Buffer.from(hashKey);
  if (source2.id.kind !== "Secret") return void 0;
  const live2 = await cluster.readConfig(source2.id);
  if (!live2?.uid) {
    throw new UserError(
      `${formatId(source2.id)} is not on the cluster, so its copy's name cannot be keyed with its UID: set --hash-key (the same on every cluster that should share copy names)`
    );
  }
  return Buffer.from(live2.uid);
}
function managedCopyLister(cluster) {
  const lists = /* @__PURE__ */ new Map();
  return (namespace, kind) => {
    const key = `${kind}/${namespace}`;
    let listed = lists.get(key);
    if (!listed) {
      listed = cluster.listObjects(namespace, apiVersionOf(configKind(kind)), kind, `${MANAGED_LABEL}=true`);
      listed.catch(() => {
      });
      lists.set(key, listed);
    }
    return listed;
  };
}
function nameOf3(obj) {
  return String(obj.metadata?.name ?? "");
}
var init_copies = __esm({
  "src/rollout/versioned/copies.ts"() {
    "use strict";
    init_commit_sha();
    init_config_content();
    init_errors();
    init_api_kinds();
    init_model();
    init_run_limited();
    init_config_copy();
  }
});

// src/rollout/versioned/repoint.ts
function referenceSites(podSpec) {
  return repoint(podSpec, () => void 0, true).sites;
}
function repointPodSpec(podSpec, rename) {
  const { spec, located } = repoint(podSpec, rename, false);
  return { spec, located, changes: located.map(({ placement: _p, ...change }) => change) };
}
function repoint(podSpec, rename, collect) {
  const spec = structuredClone(isRecord(podSpec) ? podSpec : {});
  const located = [];
  const sites = [];
  const visit3 = (holder, key, configKind2, path, placement) => {
    if (!isRecord(holder)) return;
    const name = stringField(holder, key);
    if (!name) return;
    const site = { path, configKind: configKind2, name };
    if (collect) sites.push(site);
    const to = rename(site);
    if (to === void 0 || to === name) return;
    holder[key] = to;
    located.push({ ...site, to, placement });
  };
  visitVolumes(spec, visit3);
  visitContainers(spec, visit3);
  return { spec, located, sites };
}
function repointStrategicPatch(repointed, templatePath) {
  const spec = {};
  const items = /* @__PURE__ */ new Map();
  const entry = (list, name) => {
    if (name === "")
      throw new UserError(`an entry of ${list} has no name: its references cannot be repointed`);
    const key = `${list}/${name}`;
    let item = items.get(key);
    if (!item) {
      item = { name };
      items.set(key, item);
      spec[list] = [...spec[list] ?? [], item];
    }
    return item;
  };
  for (const { placement, to } of repointed.located) {
    const item = entry(placement.list, placement.item);
    const source2 = findItem(repointed.spec, placement.list, placement.item);
    switch (placement.part) {
      case "configMap":
        item.configMap = { name: to };
        break;
      case "secret":
        item.secret = { secretName: to };
        break;
      case "projected":
        item.projected = { sources: arrayField(field(source2, "projected"), "sources") };
        break;
      case "envFrom":
        item.envFrom = arrayField(source2, "envFrom");
        break;
      case "env": {
        const env = arrayField(source2, "env").find((e) => stringField(e, "name") === placement.envName);
        if (placement.envName === void 0 || !env)
          throw new UserError(
            `an env var of ${placement.list}[${placement.item}] has no name: it cannot be repointed`
          );
        const envList = (item.env ?? []).filter((e) => e.name !== placement.envName);
        item.env = [...envList, { name: placement.envName, valueFrom: field(env, "valueFrom") }];
        break;
      }
    }
  }
  return atTemplate(templatePath, { spec });
}
function repointMergePatch(repointed, live2, templatePath) {
  const lists = new Set(repointed.located.map((l) => l.placement.list));
  const spec = {};
  for (const list of lists) spec[list] = repointed.spec[list];
  const resourceVersion = stringField(field(live2, "metadata"), "resourceVersion");
  return {
    ...resourceVersion ? { metadata: { resourceVersion } } : {},
    ...atTemplate(templatePath, { spec })
  };
}
function findItem(spec, list, name) {
  return arrayField(spec, list).find((item) => stringField(item, "name") === name);
}
function visitVolumes(spec, visit3) {
  arrayField(spec, "volumes").forEach((volume, index) => {
    const volumeName = stringField(volume, "name");
    const at = `volumes[${volumeName ?? index}]`;
    const place2 = (part) => ({ list: "volumes", item: volumeName ?? "", part });
    visit3(field(volume, "configMap"), "name", "ConfigMap", `${at}.configMap`, place2("configMap"));
    visit3(field(volume, "secret"), "secretName", "Secret", `${at}.secret`, place2("secret"));
    arrayField(field(volume, "projected"), "sources").forEach((source2, i) => {
      const sourceAt = `${at}.sources[${i}]`;
      visit3(field(source2, "configMap"), "name", "ConfigMap", `${sourceAt}.configMap`, place2("projected"));
      visit3(field(source2, "secret"), "name", "Secret", `${sourceAt}.secret`, place2("projected"));
    });
  });
}
function visitContainers(spec, visit3) {
  for (const list of CONTAINER_LISTS2) {
    arrayField(spec, list).forEach((container, index) => {
      const containerName = stringField(container, "name");
      const at = `${list}[${containerName ?? index}]`;
      const place2 = (part, envName) => ({
        list,
        item: containerName ?? "",
        part,
        ...envName === void 0 ? {} : { envName }
      });
      arrayField(container, "envFrom").forEach((envFrom, i) => {
        visit3(
          field(envFrom, "configMapRef"),
          "name",
          "ConfigMap",
          `${at}.envFrom[${i}].configMapRef`,
          place2("envFrom")
        );
        visit3(
          field(envFrom, "secretRef"),
          "name",
          "Secret",
          `${at}.envFrom[${i}].secretRef`,
          place2("envFrom")
        );
      });
      arrayField(container, "env").forEach((env, i) => {
        const envName = stringField(env, "name");
        const envAt = `${at}.env[${envName ?? i}]`;
        const valueFrom = field(env, "valueFrom");
        visit3(
          field(valueFrom, "configMapKeyRef"),
          "name",
          "ConfigMap",
          `${envAt}.configMapKeyRef`,
          place2("env", envName)
        );
        visit3(
          field(valueFrom, "secretKeyRef"),
          "name",
          "Secret",
          `${envAt}.secretKeyRef`,
          place2("env", envName)
        );
      });
    });
  }
}
var CONTAINER_LISTS2;
var init_repoint = __esm({
  "src/rollout/versioned/repoint.ts"() {
    "use strict";
    init_errors();
    init_json_shape();
    init_pod_template();
    CONTAINER_LISTS2 = ["initContainers", "containers", "ephemeralContainers"];
  }
});

// src/rollout/versioned/prunable-copies.ts
function podSpecOfHolder(obj) {
  if (field(obj, "kind") === "ControllerRevision") {
    return field(field(field(field(obj, "data"), "spec"), "template"), "spec");
  }
  return podTemplateOf(obj)?.spec;
}
function referencedConfigs(holders) {
  const names2 = /* @__PURE__ */ new Set();
  for (const holder of holders) {
    for (const site of referenceSites(podSpecOfHolder(holder))) names2.add(`${site.configKind}/${site.name}`);
  }
  return names2;
}
function choosePrunable(copies, kind, referenced, keep) {
  const managed = copies.filter(isManagedCopy);
  const newestFirst = [...managed].sort((a, b) => {
    const byTime = compareStrings(createdAt(b), createdAt(a));
    return byTime !== 0 ? byTime : compareStrings(nameOf4(a), nameOf4(b));
  });
  const remove = [];
  const kept = [];
  newestFirst.forEach((copy, index) => {
    const name = nameOf4(copy);
    if (referenced.has(`${kind}/${name}`)) kept.push({ name, why: "referenced" });
    else if (index < keep) kept.push({ name, why: "newest" });
    else remove.push(copy);
  });
  return { remove, kept };
}
function nameOf4(obj) {
  return stringField(field(obj, "metadata"), "name") ?? "";
}
function createdAt(obj) {
  return stringField(field(obj, "metadata"), "creationTimestamp") ?? "";
}
var init_prunable_copies = __esm({
  "src/rollout/versioned/prunable-copies.ts"() {
    "use strict";
    init_json_shape();
    init_workload_kinds();
    init_order();
    init_config_copy();
    init_repoint();
  }
});

// src/rollout/versioned/prune.ts
async function prune(cluster, sources, settings, definedAtHead, log) {
  const notes = [];
  const dryRun = settings.dryRun === "server";
  const referencedIn = /* @__PURE__ */ new Map();
  const referenced = (namespace) => {
    let names2 = referencedIn.get(namespace);
    if (!names2) {
      names2 = readReferencingObjects(cluster, namespace).then(referencedConfigs);
      referencedIn.set(namespace, names2);
    }
    return names2;
  };
  const managedCopies = managedCopyLister(cluster);
  await log.group("Prune unreferenced config copies", async () => {
    for (const { copy } of sources) {
      const { source: source2 } = copy;
      try {
        const listed = (await managedCopies(source2.namespace, source2.kind)).filter(
          (c) => copySourceOf(c) === source2.name
        );
        const inUse = /* @__PURE__ */ new Set([...await referenced(source2.namespace), `${source2.kind}/${copy.name}`]);
        const decision = choosePrunable(listed, source2.kind, inUse, settings.keep);
        const ids = decision.remove.map((obj) => ({ ...source2, name: nameOf3(obj) }));
        const defined = ids.length > 0 ? await definedAtHead(ids) : /* @__PURE__ */ new Set();
        for (const obj of decision.remove) {
          const name = nameOf3(obj);
          if (defined.has(idKey({ ...source2, name }))) {
            const line2 = `kept ${source2.kind.toLowerCase()}/${name} (namespace ${source2.namespace}): it carries the labels of a copy of ${source2.name}, but the head commit defines it, so it is not an old copy`;
            log.warn(line2);
            notes.push(line2);
            continue;
          }
          const apiVersion = apiVersionOf(configKind(source2.kind));
          await cluster.deleteObject(
            { apiVersion, kind: source2.kind, namespace: source2.namespace, name },
            dryRun
          );
          const line = `${dryRun ? "would delete (server dry run)" : "deleted"} ${source2.kind.toLowerCase()}/${name} (namespace ${source2.namespace}): an old copy of ${source2.name} that no workload, ReplicaSet, ControllerRevision or Pod names`;
          log.info(line);
          notes.push(line);
        }
      } catch (error) {
        if (!isExpectedError(error)) throw error;
        const line = `could not prune the copies of ${formatId(source2)}: ${error.message}`;
        log.warn(line);
        notes.push(line);
      }
    }
  });
  return notes;
}
async function readReferencingObjects(cluster, namespace) {
  const lists = await Promise.all([
    ...WORKLOAD_KINDS.map(
      async (kind) => kind.customResource && !await cluster.serves(kind.kind) ? [] : cluster.listWorkloads(namespace, kind.kind)
    ),
    cluster.listObjects(namespace, apiVersionOf(CONTROLLER_REVISION), CONTROLLER_REVISION.kind)
  ]);
  return lists.flat();
}
var init_prune = __esm({
  "src/rollout/versioned/prune.ts"() {
    "use strict";
    init_errors();
    init_api_kinds();
    init_workload_kinds();
    init_model();
    init_config_copy();
    init_copies();
    init_prunable_copies();
  }
});

// src/rollout/versioned/repoint-workloads.ts
function repointStep(live2, kind, repointed) {
  const type = kind.restart.patch;
  const patch = type === "strategic-merge" ? repointStrategicPatch(repointed, kind.templatePath) : repointMergePatch(repointed, live2, kind.templatePath);
  return { patch, type, describe: describeChanges(repointed.changes) };
}
function indexCopies(copies) {
  const renameTo = /* @__PURE__ */ new Map();
  const copiesIn = /* @__PURE__ */ new Map();
  for (const { copy, older } of copies) {
    const { source: source2 } = copy;
    renameTo.set(idKey(source2), copy.name);
    for (const name of older.keys()) renameTo.set(idKey({ ...source2, name }), copy.name);
    const names2 = copiesIn.get(source2.namespace) ?? /* @__PURE__ */ new Set();
    names2.add(`${source2.kind}/${copy.name}`);
    copiesIn.set(source2.namespace, names2);
  }
  return { renameTo, copiesIn };
}
function repointToCopies(id, live2, kind, index) {
  const rename = (site) => index.renameTo.get(idKey({ kind: site.configKind, namespace: id.namespace, name: site.name }));
  const repointed = repointPodSpec(podSpecAt(live2, kind.templatePath), rename);
  if (repointed.changes.length > 0) return { repointed };
  const wanted = index.copiesIn.get(id.namespace) ?? /* @__PURE__ */ new Set();
  const named = [
    ...new Set(
      referenceSites(podSpecAt(live2, kind.templatePath)).filter((site) => wanted.has(`${site.configKind}/${site.name}`)).map((site) => site.name)
    )
  ];
  return {
    unchanged: named.length > 0 ? `pod template already names ${named.join(", ")}` : "its live pod template names none of the changed configs: nothing to repoint"
  };
}
function repointTo(live2, kind, rename) {
  const repointed = repointPodSpec(
    podSpecAt(live2, kind.templatePath),
    (site) => rename.get(`${site.configKind}/${site.name}`)
  );
  if (repointed.changes.length === 0) return { unchanged: "its pod template no longer names the new copies" };
  return repointStep(live2, kind, repointed);
}
async function asSources(workloads, managedCopies) {
  const sourceOf = /* @__PURE__ */ new Map();
  for (const namespace of new Set(workloads.map((w) => w.id.namespace))) {
    for (const { kind } of CONFIG_KINDS) {
      for (const copy of await managedCopies(namespace, kind)) {
        const source2 = copySourceOf(copy);
        if (source2) sourceOf.set(idKey({ kind, namespace, name: nameOf3(copy) }), source2);
      }
    }
  }
  if (sourceOf.size === 0) return workloads;
  return workloads.map((manifest) => {
    const kind = workloadKindOf(manifest.object);
    if (!kind) return manifest;
    const { namespace } = manifest.id;
    const repointed = repointPodSpec(
      podSpecAt(manifest.object, kind.templatePath),
      (site) => sourceOf.get(idKey({ kind: site.configKind, namespace, name: site.name }))
    );
    if (repointed.changes.length === 0) return manifest;
    return { ...manifest, object: withPodSpec(manifest.object, kind.templatePath, repointed.spec) };
  });
}
function describeChanges(changes) {
  const distinct = new Set(changes.map((c) => `${c.configKind.toLowerCase()} ${c.name} \u2192 ${c.to}`));
  return [...distinct].join(", ");
}
var init_repoint_workloads = __esm({
  "src/rollout/versioned/repoint-workloads.ts"() {
    "use strict";
    init_api_kinds();
    init_pod_template();
    init_workload_kinds();
    init_model();
    init_config_copy();
    init_copies();
    init_repoint();
  }
});

// src/rollout/versioned/rollback-target.ts
function revisionHistory(holders, ownerUid, revisionOf) {
  const revisions = [];
  for (const holder of holders) {
    if (!isControlledBy(holder, ownerUid)) continue;
    const revision2 = revisionOf(holder);
    const podSpec = field(holder, "kind") === "ControllerRevision" ? podSpecOfHolder(holder) : podTemplateOf(holder)?.spec;
    if (revision2 !== void 0 && podSpec !== void 0) revisions.push({ revision: revision2, podSpec });
  }
  return revisions.sort((a, b) => b.revision - a.revision);
}
function rollbackTarget(facts, history, before) {
  const rejected = /* @__PURE__ */ new Map();
  const qualifies = (name) => {
    if (name === facts.failing) return false;
    if (name === facts.source) return facts.inPlace !== "same" && facts.inPlace !== "gone";
    return facts.copies.has(name);
  };
  const reject = (name) => {
    if (name === facts.failing || rejected.has(name)) return;
    const why = name === facts.source && facts.inPlace === "same" ? "holds the same content as the failed copy" : "no longer exists";
    rejected.set(name, `${facts.kind.toLowerCase()}/${name} ${why}`);
  };
  for (const revision2 of history ?? []) {
    for (const name of namesOfSource(revision2.podSpec, facts)) {
      if (qualifies(name)) return { name, commit: facts.copies.get(name), found: "history" };
      reject(name);
    }
  }
  for (const name of before) {
    if (qualifies(name)) return { name, commit: facts.copies.get(name), found: "before" };
    reject(name);
  }
  if (facts.inPlace === "same") {
    const named = (history ?? []).some((r) => namesOfSource(r.podSpec, facts).includes(facts.source));
    if (named || before.includes(facts.source))
      return { name: facts.source, found: named ? "history" : "before", sameContent: true };
  }
  const what = `${facts.kind.toLowerCase()}/${facts.source}`;
  const tried = rejected.size === 0 ? [`no earlier revision names ${what} or a copy of it`] : [...rejected.values()];
  if (history === void 0) tried.push("its revision history could not be read");
  return { none: `no earlier config of ${what} to return to (${tried.join("; ")})` };
}
function namesOfSource(podSpec, facts) {
  const names2 = referenceSites(podSpec).filter((site) => site.configKind === facts.kind && isSourceOrCopy(site.name, facts.source)).map((site) => site.name);
  return [...new Set(names2)];
}
function isSourceOrCopy(name, source2) {
  return name === source2 || name.startsWith(`${source2}-`) && /^[0-9a-f]{10}$/.test(name.slice(source2.length + 1));
}
function isControlledBy(holder, uid) {
  const owners = field(field(holder, "metadata"), "ownerReferences");
  return Array.isArray(owners) && owners.some((owner) => stringField(owner, "uid") === uid && field(owner, "controller") === true);
}
var init_rollback_target = __esm({
  "src/rollout/versioned/rollback-target.ts"() {
    "use strict";
    init_json_shape();
    init_workload_kinds();
    init_prunable_copies();
    init_repoint();
  }
});

// src/rollout/versioned/rollback.ts
async function rollbackOf(results, repointings, copies, cluster, concurrency) {
  const failed2 = results.filter((r) => isRolledBack(r, repointings));
  if (failed2.length === 0) return void 0;
  const targets = await findTargets(failed2, repointings, copies, cluster, concurrency);
  const rollback = {
    ids: failed2.map((r) => r.id),
    patchFor: (id, live2, kind) => {
      const chosen = targets.get(idKey(id)) ?? /* @__PURE__ */ new Map();
      const rename = /* @__PURE__ */ new Map();
      const none = [];
      for (const [failing, target] of chosen) {
        if ("name" in target) rename.set(failing, target.name);
        else none.push(target.none);
      }
      if (rename.size === 0) return { unchanged: `${none.join("; ")}: left on the new copy` };
      return repointTo(live2, kind, rename);
    }
  };
  return { rollback, targets };
}
async function findTargets(failed2, repointings, copies, cluster, concurrency) {
  const copyOf = new Map(copies.map((c) => [idKey({ ...c.copy.source, name: c.copy.name }), c]));
  const lists = /* @__PURE__ */ new Map();
  const holders = (namespace, holder) => once(
    lists,
    `${holder.kind}/${namespace}`,
    () => cluster.listObjects(namespace, apiVersionOf(holder), holder.kind)
  );
  const readings = /* @__PURE__ */ new Map();
  const inPlace = (source2, copy) => once(readings, idKey(source2), async () => {
    try {
      const live2 = await cluster.readConfig(source2);
      if (live2 === void 0) return "gone";
      if (copy === void 0) return void 0;
      return changedKeys(live2.content, copy.content).length > 0 ? "differs" : "same";
    } catch (error) {
      if (!isExpectedError(error)) throw error;
      return void 0;
    }
  });
  const targets = /* @__PURE__ */ new Map();
  await runLimited(failed2, concurrency, async ({ id }) => {
    const history = await historyOf(id, cluster, holders);
    const chosen = /* @__PURE__ */ new Map();
    for (const [failingKey, changes] of groupByCopy(repointings.get(idKey(id)) ?? [])) {
      const { configKind: kind, to: failing } = changes[0];
      const copy = copyOf.get(idKey({ kind, namespace: id.namespace, name: failing }));
      const source2 = copy?.copy.source.name ?? changes[0].name;
      const facts = {
        kind,
        source: source2,
        failing,
        copies: copy?.older ?? /* @__PURE__ */ new Map(),
        inPlace: await inPlace({ kind, namespace: id.namespace, name: source2 }, copy)
      };
      chosen.set(failingKey, rollbackTarget(facts, history, [...new Set(changes.map((c) => c.name))]));
    }
    targets.set(idKey(id), chosen);
  });
  return targets;
}
async function historyOf(id, cluster, holders) {
  const kind = workloadKind(id.kind);
  if (!kind?.history) return void 0;
  try {
    const live2 = await cluster.readObject({ apiVersion: apiVersionOf(kind), ...id });
    const uid = live2?.metadata?.uid;
    if (typeof uid !== "string") return void 0;
    const { holder, revisionOf } = kind.history;
    const listed = await holders(id.namespace, holder);
    return revisionHistory(listed, uid, revisionOf);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
    return void 0;
  }
}
function reportRollback(results, rolledBack, repointings, targets, log) {
  const backOf = new Map(rolledBack.map((r) => [idKey(r.id), r]));
  for (const result of results.filter((r) => isRolledBack(r, repointings))) {
    const back = backOf.get(idKey(result.id));
    const chosen = [...targets.get(idKey(result.id)) ?? /* @__PURE__ */ new Map()];
    const names2 = describeChanges(
      chosen.flatMap(([failing, target]) => {
        if (!("name" in target)) return [];
        const [configKind2, name] = failing.split("/");
        const copied = target.commit ? `, copied at ${shortSha(target.commit)}` : "";
        const same = target.sameContent ? ", which holds the same content: the failed rollout is ended and running pods keep the config they started with, but new pods read the new content" : "";
        return [{ configKind: configKind2, name, to: `${target.name}${copied}${same}` }];
      })
    );
    const none = chosen.flatMap(([, target]) => "none" in target ? [target.none] : []);
    const followed = back?.rollout !== void 0 && back.rollout !== "not-waited";
    const verdict = back?.restart !== "restarted" ? `rollback not applied: ${back?.message ?? "no result"}${none.length > 0 && back?.restart === "unchanged" ? `; fix the config and push again, or run kubectl rollout undo ${shortId(result.id)} -n ${result.id.namespace}` : ""}` : back.rollout === "done" ? `rolled back (${names2}); the rollback rolled out` : `rolled back (${names2}); the rollback rollout ${followed ? back.rollout : "was not followed"}: ${followed ? back.message : ""}`;
    const partly = back?.restart === "restarted" && none.length > 0 ? `; ${none.join("; ")}: left on the new copy` : "";
    result.message = `${result.message}; ${verdict}${partly}`;
    if (back) recordRollback(result, back);
    log.warn(`${formatId(result.id)}: rollout of the new config failed; ${verdict}${partly}`);
  }
}
function isRolledBack(result, repointings) {
  return result.restart === "restarted" && (result.rollout === "failed" || result.rollout === "timeout") && repointings.has(idKey(result.id));
}
function groupByCopy(changes) {
  const groups = /* @__PURE__ */ new Map();
  for (const change of changes) {
    const key = `${change.configKind}/${change.to}`;
    groups.set(key, [...groups.get(key) ?? [], change]);
  }
  return groups;
}
var init_rollback = __esm({
  "src/rollout/versioned/rollback.ts"() {
    "use strict";
    init_commit_sha();
    init_config_content();
    init_errors();
    init_api_kinds();
    init_workload_kinds();
    init_model();
    init_once();
    init_run_limited();
    init_rollback_report();
    init_repoint_workloads();
    init_rollback_target();
  }
});

// src/rollout/versioned/stale-runs.ts
async function findNewerCopies(context, copies) {
  const commitOf = /* @__PURE__ */ new Map();
  for (const { copy, older } of copies) {
    for (const [name, commit] of older) commitOf.set(idKey({ ...copy.source, name }), commit);
  }
  const running = /* @__PURE__ */ new Map();
  for (const workload of context.workloads) {
    const live2 = context.manifests.get(idKey(workload.id))?.object;
    const kind = live2 === void 0 ? void 0 : workloadKindOf(live2);
    if (live2 === void 0 || kind === void 0) continue;
    for (const site of referenceSites(podSpecAt(live2, kind.templatePath))) {
      const id = { kind: site.configKind, namespace: workload.id.namespace, name: site.name };
      const commit = commitOf.get(idKey(id));
      if (commit === void 0) continue;
      const entry = running.get(idKey(id)) ?? { id, workloads: [], commit };
      const name = shortId(workload.id);
      if (!entry.workloads.includes(name)) entry.workloads.push(name);
      running.set(idKey(id), entry);
    }
  }
  const orders = /* @__PURE__ */ new Map();
  const newer = /* @__PURE__ */ new Map();
  for (const [key, { id, workloads, commit }] of running) {
    let asked = orders.get(commit);
    if (asked === void 0) {
      asked = context.commitOrder(commit);
      orders.set(commit, asked);
    }
    const placed = await asked;
    if (placed.order === "unknown") {
      throw new UserError(
        `cannot tell whether ${formatId(id)}, which ${workloads.join(", ")} run, holds content newer than this run's head ${shortSha(context.head)}: it was copied at ${shortSha(commit)}, and ${placed.why}`
      );
    }
    if (placed.order === "newer") newer.set(key, commit);
    if (placed.order === "diverged") {
      context.log.info(
        `${formatId(id)}, which ${workloads.join(", ")} run, was copied at ${shortSha(commit)}, which is not in the history of this run's head ${shortSha(context.head)} (another branch, or rewritten history): repointed as planned`
      );
    }
  }
  return newer;
}
function staleReason(namespace, live2, kind, newer, head) {
  if (newer.size === 0) return void 0;
  const running = /* @__PURE__ */ new Map();
  for (const site of referenceSites(podSpecAt(live2, kind.templatePath))) {
    const id = { kind: site.configKind, namespace, name: site.name };
    const commit = newer.get(idKey(id));
    if (commit !== void 0) running.set(shortId(id), commit);
  }
  if (running.size === 0) return void 0;
  const what = [...running].map(([copy, commit]) => `${copy} (copied at ${shortSha(commit)})`).join(", ");
  return `not repointed: this run is stale: it runs ${what}, from a later commit than this run's head ${shortSha(head)} (a newer pipeline deployed it), and a versioned run never moves a workload to older content`;
}
var init_stale_runs = __esm({
  "src/rollout/versioned/stale-runs.ts"() {
    "use strict";
    init_commit_sha();
    init_errors();
    init_pod_template();
    init_workload_kinds();
    init_model();
    init_repoint();
  }
});

// src/rollout/versioned/versioned-strategy.ts
var versioned_strategy_exports = {};
__export(versioned_strategy_exports, {
  createVersionedStrategy: () => createVersionedStrategy
});
function createVersionedStrategy(settings) {
  const rollback = rollsBackOnFailure(settings);
  let copies = [];
  let index = indexCopies([]);
  const repointings = /* @__PURE__ */ new Map();
  const rollbackTargets = /* @__PURE__ */ new Map();
  let newer = /* @__PURE__ */ new Map();
  let head = "";
  const staleRuns = /* @__PURE__ */ new Map();
  let copiesBefore;
  let definedAtHead = async () => /* @__PURE__ */ new Set();
  const managedCopiesBefore = (cluster) => (namespace, kind) => {
    copiesBefore ??= managedCopyLister(cluster);
    return copiesBefore(namespace, kind);
  };
  return {
    name: "versioned",
    needsLiveConfigs: false,
    planNotes: (context) => copyPlanNotes(context, settings),
    // The plan file's repointing: each changed config a workload references, to its copy at head.
    async planFileChanges(workloads, { headConfigs, head: head2, keyFor }) {
      const key = keyFor([]);
      return new Map(
        workloads.map((w) => {
          const repoint2 = w.references.flatMap((ref) => {
            const config = headConfigs.get(idKey(ref.config));
            if (!config) return [];
            const source2 = {
              id: { ...ref.config, kind: config.snapshot.id.kind },
              object: config.manifest.object,
              content: config.snapshot.content
            };
            return [{ config: ref.config, copy: configCopy(source2, head2, key).name }];
          });
          return [idKey(w.id), { repoint: [...new Map(repoint2.map((r) => [idKey(r.config), r])).values()] }];
        })
      );
    },
    async prepare(context) {
      await readConsumedSecrets(context);
      const prepared = await prepareCopies(context, settings, managedCopiesBefore(context.cluster));
      definedAtHead = async (ids) => {
        try {
          const read = await context.readHeadConfigs(ids);
          return new Set(ids.map(idKey).filter((key) => read.has(key)));
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          throw new UserError(`cannot tell whether the head commit defines them: ${why}`);
        }
      };
      copies = prepared.copies;
      index = indexCopies(copies);
      newer = await findNewerCopies(context, copies);
      head = context.head;
      return { configWrites: prepared.writes };
    },
    planningView: (workloads, cluster) => asSources(workloads, managedCopiesBefore(cluster)),
    patchFor(id, live2, kind) {
      const stale = staleReason(id.namespace, live2, kind, newer, head);
      if (stale !== void 0) {
        staleRuns.set(idKey(id), stale);
        return { unchanged: stale };
      }
      const repointing = repointToCopies(id, live2, kind, index);
      if ("unchanged" in repointing) return repointing;
      repointings.set(idKey(id), repointing.repointed.changes);
      return repointStep(live2, kind, repointing.repointed);
    },
    async rollbackFor(results, { cluster }) {
      if (!rollback) return void 0;
      const found = await rollbackOf(results, repointings, copies, cluster, settings.concurrency);
      for (const [key, targets] of found?.targets ?? []) rollbackTargets.set(key, targets);
      return found?.rollback;
    },
    async afterWait(results, rolledBack, { cluster, log }) {
      const notes = [];
      for (const result of results) {
        if (staleRuns.has(idKey(result.id)))
          log.warn(`${formatId(result.id)}: ${staleRuns.get(idKey(result.id))}`);
      }
      for (const result of results) {
        const changes = repointings.get(idKey(result.id));
        if (changes && result.restart !== "failed" && result.rollout !== void 0) {
          result.message = `repointed ${describeChanges(changes)}; ${result.message}`;
        }
      }
      if (rollback) reportRollback(results, rolledBack, repointings, rollbackTargets, log);
      else {
        for (const r of results) {
          if (isFailure(r) && repointings.has(idKey(r.id)))
            r.message += "; --rollback-on-failure off: left on the new copy";
        }
      }
      if (settings.prune && !results.some(isFailure)) {
        notes.push(...await prune(cluster, copies, settings, definedAtHead, log));
      }
      return { results, notes };
    }
  };
}
var init_versioned_strategy = __esm({
  "src/rollout/versioned/versioned-strategy.ts"() {
    "use strict";
    init_errors();
    init_model();
    init_run_result();
    init_setting_choices();
    init_consumed_secrets();
    init_config_copy();
    init_copies();
    init_prune();
    init_repoint_workloads();
    init_rollback();
    init_stale_runs();
  }
});

// src/rollout/strategy/choose-strategy.ts
async function chooseRestartStrategy(settings, now) {
  switch (settings.strategy) {
    case "annotation":
      return createAnnotationStrategy(settings.hashKey, settings.concurrency);
    case "env":
      return createEnvStrategy(settings.envName, now);
    case "gitops":
      return createGitopsStrategy(settings.hashKey);
    case "versioned": {
      const { createVersionedStrategy: createVersionedStrategy2 } = await Promise.resolve().then(() => (init_versioned_strategy(), versioned_strategy_exports));
      return createVersionedStrategy2(settings);
    }
  }
}
var init_choose_strategy = __esm({
  "src/rollout/strategy/choose-strategy.ts"() {
    "use strict";
    init_annotation_strategy();
    init_env_strategy();
    init_gitops_strategy();
  }
});

// src/run/apply.ts
async function completeAndRollOut(repoPlan, connection, context) {
  const { settings, log } = context;
  const now = context.now ?? Date.now;
  const naming = context.naming ?? CLI_FLAGS;
  const { scan } = repoPlan;
  const strategy = await chooseRestartStrategy(settings, now);
  const discover = settings.discover ?? (connection.configured && !strategy.awaitsAgent ? "both" : "repo");
  let cluster;
  const connectOnce = async () => {
    cluster ??= await connection.connect();
    if (!cluster) {
      throw new UserError(`no Kubernetes cluster configured: ${noClusterHint(naming)}`);
    }
    return cluster;
  };
  const modified = scan.changes.filter((c) => c.status !== "deleted");
  const clusterWorkloads = discover !== "repo" && modified.length > 0 ? await log.group(
    "Discover consumers on the cluster",
    async () => discoverClusterWorkloads(
      await connectOnce(),
      [...new Set(modified.map((c) => c.id.namespace))],
      settings.concurrency
    )
  ) : [];
  const plannedClusterWorkloads = strategy.planningView && clusterWorkloads.length > 0 ? await strategy.planningView(clusterWorkloads, await connectOnce()) : clusterWorkloads;
  const variants = [...scan.variants.values()].flat().flatMap((v) => [v.base, v.head]);
  await prepareReloaderLists(
    [...scan.workloads, ...plannedClusterWorkloads, ...variants].map((m) => m?.object)
  );
  const plan = completePlan(repoPlan, plannedClusterWorkloads, strategy, context);
  await context.onPlan?.(plan, plannedClusterWorkloads, strategy);
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  const definitions = new Map([...scan.workloads, ...clusterWorkloads].map((m) => [idKey(m.id), m.object]));
  const order = waveOrderNote(
    toRestart.map((w) => w.id),
    (id) => definitions.get(idKey(id))
  );
  if (toRestart.length === 0 || settings.dryRun === "client") {
    const notes2 = toRestart.length > 0 ? strategy.planNotes?.({
      workloads: toRestart,
      headConfigs: scan.headConfigs,
      head: repoPlan.head
    }) ?? [] : [];
    return reportOf(plan, { results: [], notes: order ? [order, ...notes2] : notes2 }, settings.dryRun);
  }
  const live2 = await connectOnce();
  const { results, notes, restores } = await rollOutPlan(
    live2,
    {
      toRestart,
      listed: {
        namespaces: new Set(discover === "repo" ? [] : modified.map((c) => c.id.namespace)),
        objects: clusterWorkloads
      },
      repoWorkloads: scan.workloads,
      expectedConfigs: new Map(
        modified.flatMap((c) => {
          const head = scan.headConfigs.get(idKey(c.id));
          return head ? [[idKey(c.id), committedContent(head)]] : [];
        })
      ),
      headConfigs: scan.headConfigs,
      readHeadConfigs: repoPlan.readHeadConfigs,
      commitOrder: repoPlan.commitOrder,
      head: repoPlan.head,
      restore: { base: repoPlan.base, changes: scan.changes, baseConfigs: scan.baseConfigs }
    },
    { strategy, settings, log, now, ...context.stop ? { stop: context.stop } : {} }
  );
  return reportOf(
    plan,
    { results, notes: order ? [order, ...notes] : notes, ...restores ? { restores } : {} },
    settings.dryRun,
    live2
  );
}
function completePlan(repoPlan, clusterWorkloads, strategy, context) {
  const { settings, log } = context;
  const naming = context.naming ?? CLI_FLAGS;
  const { scan } = repoPlan;
  const built = buildPlan({
    changes: scan.changes,
    workloads: scan.workloads,
    newWorkloadIds: scan.newWorkloadIds,
    clusterWorkloads,
    restartReloaderManaged: settings.restartReloaderManaged,
    reloaderAutoReloadAll: settings.reloaderAutoReloadAll,
    templateChanged: podTemplateChanges(scan.baseWorkloads, scan.workloads)
  });
  const variantCheck = checkVariants(
    {
      changes: scan.changes,
      headContent: new Map([...scan.headConfigs].map(([key, config]) => [key, config.snapshot.content])),
      workloads: scan.workloads,
      baseWorkloads: scan.baseWorkloads,
      newWorkloadIds: scan.newWorkloadIds,
      clusterWorkloads,
      restartReloaderManaged: settings.restartReloaderManaged,
      reloaderAutoReloadAll: settings.reloaderAutoReloadAll
    },
    scan.variants
  );
  if (variantCheck.conflicts.length > 0)
    throw new UserError(describeVariantConflicts(variantCheck.conflicts));
  for (const warning of built.warnings) log.warn(warning.message, warning);
  const planned = withWorkloadSources(
    strategy.followsTemplateChanges ? built.workloads : markRollsOnApply(built.workloads, scan.baseWorkloads, scan.workloads, scan.changes),
    scan.workloads
  );
  const guarded = applyGuardRails(planned, { ...settings, naming });
  const namespaceNote = assumedNamespaceNote(scan, planned, settings);
  if (namespaceNote) log.info(namespaceNote);
  return planOfScan(repoPlan, {
    changes: scan.changes,
    workloads: guarded.workloads,
    sources: variantCheck.notes,
    warnings: [
      ...built.warnings.map((w) => `${w.file}:${w.line}: ${w.message}`),
      ...namespaceNote ? [namespaceNote] : [],
      ...guarded.notes
    ]
  });
}
function withWorkloadSources(workloads, manifests) {
  const byKey = new Map(manifests.filter((m) => m.origin !== void 0).map((m) => [idKey(m.id), m]));
  return workloads.map((w) => {
    const m = w.source === "repo" ? byKey.get(idKey(w.id)) : void 0;
    if (m?.origin === void 0) return w;
    return {
      ...w,
      origin: m.origin,
      ...m.blamedFile && w.rollsOnApply ? { blamedFile: m.blamedFile } : {}
    };
  });
}
function assumedNamespaceNote(scan, workloads, { namespace, namespaceFrom }) {
  const ids = [...scan.changes.map((c) => c.id), ...workloads.map((w) => w.id)];
  const names2 = [...new Set(ids.filter((id) => scan.assumedNamespace.has(idKey(id))).map(shortId))];
  if (names2.length === 0) return void 0;
  const listed = names2.length > MAX_LISTED ? `${names2.slice(0, MAX_LISTED).join(", ")} and ${names2.length - MAX_LISTED} more` : names2.join(", ");
  return `namespace ${JSON.stringify(namespace)} (${namespaceFrom ?? "the default"}) was assumed for ${listed}: their manifests name no namespace`;
}
async function applyPlanToCluster(repoPlan, connection, context) {
  if (plansNothing(repoPlan.scan)) {
    const plan = planOfNothing(repoPlan);
    await context.onPlan?.(plan, []);
    return reportOf(plan, { results: [], notes: [] }, context.settings.dryRun);
  }
  return completeAndRollOut(repoPlan, connection, context);
}
function plansNothing(scan) {
  return scan.changes.length === 0 && scan.workloads.length === 0 && scan.baseWorkloads.length === 0 && scan.variants.size === 0;
}
function planOfNothing(repoPlan) {
  return planOfScan(repoPlan, { changes: [], workloads: [], sources: [], warnings: [] });
}
var MAX_LISTED;
var init_apply = __esm({
  "src/run/apply.ts"() {
    "use strict";
    init_errors();
    init_model();
    init_option_naming();
    init_run_result();
    init_build_plan();
    init_guard_rails();
    init_reloader();
    init_repo_plan();
    init_variant_conflicts();
    init_discover_cluster();
    init_roll_out_plan();
    init_choose_strategy();
    init_sync_configs();
    init_waves();
    init_rolls_on_apply();
    MAX_LISTED = 5;
  }
});

// src/plan/config-size.ts
function configBytes(content) {
  let total = 0;
  for (const value of Object.values(content)) total += Buffer.byteLength(value, "base64");
  return total;
}
function oversizedConfigs(scan) {
  return scan.changes.flatMap((change) => {
    if (change.status === "deleted") return [];
    const head = scan.headConfigs.get(idKey(change.id));
    const snapshot = head?.snapshot;
    if (!snapshot) return [];
    const bytes = configBytes(snapshot.content);
    return bytes > MAX_CONFIG_BYTES ? [{ id: change.id, file: snapshot.file, line: snapshot.line, bytes }] : [];
  });
}
function describeOversized(config) {
  return `${formatId(config.id)} holds ${config.bytes} bytes of data, over the API server's limit of ${MAX_CONFIG_BYTES} bytes (1 MiB) for a ${config.id.kind}`;
}
var MAX_CONFIG_BYTES;
var init_config_size = __esm({
  "src/plan/config-size.ts"() {
    "use strict";
    init_model();
    MAX_CONFIG_BYTES = 1024 * 1024;
  }
});

// src/range/resolve-commits.ts
function contextOf(git, opts) {
  return {
    git,
    maxRounds: opts.maxDeepenRounds ?? DEFAULT_DEEPEN_ROUNDS,
    hint: fetchDepthHint(opts.ci ?? "local"),
    naming: opts.naming ?? CLI_FLAGS
  };
}
async function resolveCommits(request, git, opts = {}) {
  const ctx = contextOf(git, opts);
  switch (request.kind) {
    case "nothing":
      return { head: await git.tryResolveCommit("HEAD") ?? "", note: request.note };
    case "first-parent":
      return firstParentRange(ctx, await requireCommit(ctx, request.head, "head"), request.note);
    case "range":
      return resolveRangeRequest(ctx, request);
    case "merge-base":
      return resolveMergeBase(ctx, request);
    case "new-branch":
      return resolveNewBranch(ctx, request);
  }
}
async function resolveRangeRequest(ctx, request) {
  if (isFullSha(request.base) && isFullSha(request.head)) ctx.git.startDiff?.(request.base, request.head);
  const [head, base] = await Promise.all([
    requireCommit(ctx, request.head, "head"),
    request.forced ? findCommit(ctx, request.base) : requireCommit(ctx, request.base, "base")
  ]);
  if (base === void 0) {
    return firstParentRange(
      ctx,
      head,
      `forced push: the previous head ${shortSha(request.base)} is no longer available, so comparing with the first parent`
    );
  }
  return { base, head, note: request.note };
}
async function resolveMergeBase(ctx, request) {
  const base = await requireCommit(ctx, request.base, "base");
  const head = await requireCommit(ctx, request.head, "head");
  const mergeBase = await deepenUntil(ctx, [base, head], () => ctx.git.mergeBase(base, head));
  if (mergeBase === void 0) {
    if (await ctx.git.isShallow()) {
      throw new UserError(
        `no merge-base of ${shortSha(base)} and ${shortSha(head)} in the fetched history of this shallow clone: ${ctx.hint}`
      );
    }
    throw new UserError(
      `${shortSha(base)} and ${shortSha(head)} have no common history: nothing to compare against`
    );
  }
  return { base: mergeBase, head, note: request.note };
}
async function resolveNewBranch(ctx, request) {
  const head = await requireCommit(ctx, request.head, "head");
  const branch = request.defaultBranch;
  if (branch === void 0) return firstParentRange(ctx, head, request.note);
  const ref = `refs/remotes/origin/${branch}`;
  let target = await ctx.git.tryResolveCommit(ref);
  if (target === void 0 && await ctx.git.fetchBranch(branch)) {
    target = await ctx.git.tryResolveCommit(ref);
  }
  const found = target;
  const mergeBase = found === void 0 ? void 0 : await deepenUntil(ctx, [found, head], () => ctx.git.mergeBase(found, head));
  if (mergeBase === head) {
    return {
      base: head,
      head,
      note: `new ${request.ref}: ${shortSha(head)} is already on ${branch}, nothing new to compare`
    };
  }
  if (mergeBase !== void 0) return { base: mergeBase, head, note: request.note };
  return firstParentRange(
    ctx,
    head,
    found === void 0 ? `new ${request.ref}: origin/${branch} is not available, so comparing with the first parent` : `new ${request.ref}: no merge-base with ${branch} found, so comparing with the first parent`
  );
}
async function firstParentRange(ctx, head, note) {
  const parent = await ctx.git.firstParent(head);
  if (parent === void 0) return { head, note: "first commit: nothing to compare" };
  let present = await ctx.git.hasCommit(parent) || await ctx.git.fetchCommit(parent);
  if (!present) {
    present = await deepenUntil(ctx, [head], async () => await ctx.git.hasCommit(parent) ? true : void 0) === true;
  }
  if (!present) {
    throw new UserError(
      `the parent ${shortSha(parent)} of ${shortSha(head)} is not in this shallow clone and could not be fetched: ${ctx.hint}`
    );
  }
  return { base: parent, head, note };
}
async function commitOrder(git, commit, head, opts = {}) {
  if (commit === head) return { order: "same" };
  const ctx = contextOf(git, opts);
  const present = isFullSha(commit) && (await git.hasCommit(commit) || await git.fetchCommit(commit));
  if (!present) {
    return await git.isShallow() ? {
      order: "unknown",
      why: `commit ${shortSha(commit)} is not in this shallow clone and could not be fetched from origin: ${ctx.hint}`
    } : { order: "diverged" };
  }
  const mergeBase = await deepenUntil(ctx, [commit, head], () => git.mergeBase(commit, head));
  if (mergeBase === commit) return { order: "older" };
  if (mergeBase === head) return { order: "newer" };
  if (mergeBase !== void 0 || !await git.isShallow()) return { order: "diverged" };
  return {
    order: "unknown",
    why: `no merge-base of ${shortSha(commit)} and ${shortSha(head)} in the fetched history of this shallow clone: ${ctx.hint}`
  };
}
async function findCommit(ctx, ref) {
  return await ctx.git.tryResolveCommit(ref) ?? fetchCommit(ctx, ref);
}
async function fetchCommit(ctx, ref) {
  if (!isFullSha(ref)) return void 0;
  return await ctx.git.fetchCommit(ref) ? ctx.git.tryResolveCommit(ref) : void 0;
}
async function requireCommit(ctx, ref, role) {
  const here = await ctx.git.tryResolveCommit(ref);
  if (here !== void 0) return here;
  const formProblem = revisionFormProblem(ref, role, ctx.naming);
  if (formProblem !== void 0) throw new UserError(`not a commit: ${ref} (${role}): ${formProblem}`);
  const type = await ctx.git.objectType(ref);
  if (type !== void 0 && type !== "commit") {
    throw new UserError(`not a commit: ${ref} (${role}): it names ${objectWords(type)}, not a commit`);
  }
  const fetched = await fetchCommit(ctx, ref);
  if (fetched !== void 0) return fetched;
  const shallow = await ctx.git.isShallow();
  if (isFullSha(ref)) {
    throw new UserError(
      shallow ? `${role} commit ${ref} is not in this clone and could not be fetched from origin: ${ctx.hint}` : `${role} commit ${ref} does not exist in this repository (a complete clone) and could not be fetched from origin`
    );
  }
  throw new UserError(
    shallow ? `not a commit: ${ref} (${role}); if it exists on the remote, ${ctx.hint}` : `not a commit: ${ref} (${role}): no commit, branch or tag of that name exists in this repository (a complete clone)`
  );
}
async function deepenUntil(ctx, commits, check) {
  let answer = await check();
  let by = 1;
  for (let round = 0; answer === void 0 && round < ctx.maxRounds; round++) {
    if (!await ctx.git.deepen(by, commits)) break;
    answer = await check();
    by *= 2;
  }
  return answer;
}
function revisionFormProblem(ref, role, naming) {
  const range = /^(.*?)(\.\.\.?)(.*)$/.exec(ref);
  if (range) {
    const [, from, dots, to] = range;
    const base = from || "HEAD";
    const head = to || "HEAD";
    const baseValue = dots === "..." ? `$(git merge-base ${base} ${head})` : base;
    return naming.entryPoint === "cli" ? `a range, not one commit: pass ${naming.set("base", baseValue)} ${naming.set("head", head)}` : `a range, not one commit: set ${naming.set("base", baseValue)} and ${naming.set("head", head)}`;
  }
  if (ref.startsWith(":/")) {
    return `a search of commit messages, not taken as ${naming.option(role)}: give the commit's SHA (git rev-parse '${ref}' prints it)`;
  }
  if (ref.includes(":")) return "it names a file (REV:PATH), not a commit";
  if (ref.startsWith("^") || /\^[!@]$|\^-\d*$/.test(ref)) {
    return "it names a set of commits, not one commit";
  }
  if (/\s/.test(ref)) return "it contains white space, which no commit SHA, branch or tag has";
  return void 0;
}
var DEFAULT_DEEPEN_ROUNDS;
var init_resolve_commits = __esm({
  "src/range/resolve-commits.ts"() {
    "use strict";
    init_commit_sha();
    init_errors();
    init_option_naming();
    init_git();
    init_ci_kind();
    DEFAULT_DEEPEN_ROUNDS = 12;
  }
});

// src/range/github-range.ts
function resolveGitHubRange(env, event, naming = CLI_FLAGS) {
  const name = env.GITHUB_EVENT_NAME ?? "";
  switch (name) {
    case "push":
      return resolvePush(requireEvent(name, event, naming));
    case "pull_request":
    case "pull_request_target": {
      const payload = requireEvent(name, event, naming);
      return {
        kind: "merge-base",
        base: requireSha(payload, ["pull_request", "base", "sha"], name),
        head: requireSha(payload, ["pull_request", "head", "sha"], name),
        note: `GitHub ${name}: merge-base of the base branch and the pull request head`
      };
    }
    case "merge_group": {
      const payload = requireEvent(name, event, naming);
      return {
        kind: "range",
        base: requireSha(payload, ["merge_group", "base_sha"], name),
        head: requireSha(payload, ["merge_group", "head_sha"], name),
        note: "GitHub merge_group: base_sha..head_sha"
      };
    }
    default:
      return {
        kind: "first-parent",
        head: env.GITHUB_SHA || "HEAD",
        note: `GitHub ${name || "run"}: the event names no range, so comparing ${env.GITHUB_SHA ? "GITHUB_SHA" : "HEAD"} with its first parent`
      };
  }
}
function resolvePush(payload) {
  const ref = typeof payload.ref === "string" ? payload.ref : "the ref";
  if (payload.deleted === true) {
    return { kind: "nothing", note: `GitHub push deleted ${ref}: nothing to compare` };
  }
  const after = requireSha(payload, ["after"], "push");
  const before = requireSha(payload, ["before"], "push");
  if (isZeroSha(before)) {
    const defaultBranch = stringAt(payload, ["repository", "default_branch"]);
    const what = ref.startsWith("refs/tags/") ? "tag" : "branch";
    return {
      kind: "new-branch",
      head: after,
      defaultBranch,
      ref: what,
      note: defaultBranch ? `new ${what}: comparing with the merge-base of ${defaultBranch}` : `new ${what}: comparing with the first parent (the event names no default branch)`
    };
  }
  if (payload.forced === true) {
    return {
      kind: "range",
      base: before,
      head: after,
      forced: true,
      note: "GitHub forced push: before..after"
    };
  }
  return { kind: "range", base: before, head: after, note: "GitHub push: before..after" };
}
function requireEvent(name, event, naming) {
  if (!isRecord2(event)) {
    throw new UserError(
      `GitHub ${name} event without an event payload: GITHUB_EVENT_PATH is not set or not a JSON object; ${naming.entryPoint === "cli" ? "pass" : "set"} ${naming.option("base")} and ${naming.option("head")}`
    );
  }
  return event;
}
function requireSha(payload, path, name) {
  const value = stringAt(payload, path);
  if (value === void 0 || !isFullSha(value)) {
    throw new UserError(
      `GitHub ${name} event: ${path.join(".")} is ${value === void 0 ? "missing" : `not a commit SHA (${JSON.stringify(value)})`} in the GITHUB_EVENT_PATH payload`
    );
  }
  return value;
}
function stringAt(payload, path) {
  let value = payload;
  for (const key of path) {
    if (!isRecord2(value)) return void 0;
    value = value[key];
  }
  return typeof value === "string" && value !== "" ? value : void 0;
}
function isRecord2(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
var init_github_range = __esm({
  "src/range/github-range.ts"() {
    "use strict";
    init_commit_sha();
    init_errors();
    init_option_naming();
  }
});

// src/range/gitlab-range.ts
function resolveGitLabRange(env) {
  const head = env.CI_COMMIT_SHA || "HEAD";
  const isMergeRequest = env.CI_PIPELINE_SOURCE === "merge_request_event" || Boolean(env.CI_MERGE_REQUEST_IID);
  if (isMergeRequest) return resolveMergeRequest(env, head);
  const before = env.CI_COMMIT_BEFORE_SHA ?? "";
  if (before !== "" && !isZeroSha(before)) {
    return {
      kind: "range",
      base: before,
      head,
      forced: true,
      note: "GitLab push: CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA"
    };
  }
  const source2 = env.CI_PIPELINE_SOURCE ?? "push";
  if (NON_PUSH_SOURCES.has(source2)) {
    return {
      kind: "first-parent",
      head,
      note: `GitLab ${source2} pipeline: no previous commit, so comparing CI_COMMIT_SHA with its first parent`
    };
  }
  const defaultBranch = env.CI_DEFAULT_BRANCH || void 0;
  const ref = env.CI_COMMIT_TAG ? "tag" : "branch";
  return {
    kind: "new-branch",
    head,
    defaultBranch,
    ref,
    note: defaultBranch ? `new ${ref}: comparing with the merge-base of ${defaultBranch}` : `new ${ref}: comparing with the first parent (CI_DEFAULT_BRANCH is not set)`
  };
}
function resolveMergeRequest(env, head) {
  const targetSha = env.CI_MERGE_REQUEST_TARGET_BRANCH_SHA ?? "";
  if (env.CI_MERGE_REQUEST_EVENT_TYPE === "merged_result" && targetSha && !isZeroSha(targetSha)) {
    return {
      kind: "range",
      base: targetSha,
      head,
      note: "GitLab merged results pipeline: CI_MERGE_REQUEST_TARGET_BRANCH_SHA..CI_COMMIT_SHA"
    };
  }
  const diffBase = env.CI_MERGE_REQUEST_DIFF_BASE_SHA ?? "";
  if (diffBase && !isZeroSha(diffBase)) {
    return {
      kind: "range",
      base: diffBase,
      head,
      note: "GitLab merge request: CI_MERGE_REQUEST_DIFF_BASE_SHA..CI_COMMIT_SHA"
    };
  }
  const target = env.CI_MERGE_REQUEST_TARGET_BRANCH_NAME || env.CI_DEFAULT_BRANCH || void 0;
  return {
    kind: "new-branch",
    head,
    defaultBranch: target,
    ref: "branch",
    note: target ? `GitLab merge request without a diff base: comparing with the merge-base of ${target}` : "GitLab merge request without a diff base or target branch: comparing with the first parent"
  };
}
var NON_PUSH_SOURCES;
var init_gitlab_range = __esm({
  "src/range/gitlab-range.ts"() {
    "use strict";
    init_commit_sha();
    NON_PUSH_SOURCES = /* @__PURE__ */ new Set([
      "schedule",
      "web",
      "api",
      "trigger",
      "pipeline",
      "parent_pipeline",
      "chat"
    ]);
  }
});

// src/range/resolve-range.ts
function resolveRange(input, naming = CLI_FLAGS) {
  const fromFlags = resolveFlags(input);
  if (fromFlags) return fromFlags;
  switch (input.ci ?? detectCiKind(input.env)) {
    case "github":
      return resolveGitHubRange(input.env, input.event, naming);
    case "gitlab":
      return resolveGitLabRange(input.env);
    case "local":
      return { kind: "first-parent", head: "HEAD", note: "not in CI: comparing HEAD with its first parent" };
  }
}
function resolveFlags({ flags, env }) {
  const base = flags.base?.trim() || void 0;
  const head = flags.head?.trim() || void 0;
  if (base === void 0 && head === void 0) return void 0;
  if (base === void 0) {
    return {
      kind: "first-parent",
      head,
      note: "--head without --base: comparing it with its first parent"
    };
  }
  if (isZeroSha(base)) {
    const defaultBranch = env.CI_DEFAULT_BRANCH || void 0;
    return {
      kind: "new-branch",
      head: head ?? "HEAD",
      defaultBranch,
      ref: "branch",
      note: defaultBranch ? `--base is all zeros (new branch): comparing with the merge-base of ${defaultBranch}` : "--base is all zeros (new branch): comparing with the first parent"
    };
  }
  return {
    kind: "range",
    base,
    head: head ?? "HEAD",
    note: head ? "flags: --base..--head" : "flags: --base..HEAD"
  };
}
var init_resolve_range = __esm({
  "src/range/resolve-range.ts"() {
    "use strict";
    init_commit_sha();
    init_option_naming();
    init_ci_kind();
    init_github_range();
    init_gitlab_range();
  }
});

// src/git/glob-pathspecs.ts
function globsToPathspecs(globs) {
  if (globs.length === 0 || !globs.every((glob) => SIMPLE_GLOB.test(glob))) return void 0;
  return globs.map((glob) => `:(glob)${glob}`);
}
var SIMPLE_GLOB;
var init_glob_pathspecs = __esm({
  "src/git/glob-pathspecs.ts"() {
    "use strict";
    SIMPLE_GLOB = /^[^{}[\]()!+@\\]+$/;
  }
});

// src/scan/manifests/crd-schema.ts
function withoutCrdSchema(source2) {
  if (!source2.includes("CustomResourceDefinition")) return source2;
  const starts = [.../* @__PURE__ */ new Set([0, ...[...source2.matchAll(MARKER)].map((m) => m.index)])];
  return starts.map((start, i) => withoutSchemaOf(source2.slice(start, starts[i + 1] ?? source2.length))).join("");
}
function withoutSchemaOf(source2) {
  if (!KIND.test(source2) || !API_VERSION.test(source2)) return source2;
  const spec = SPEC.exec(source2);
  if (spec === null) return source2;
  let end = source2.indexOf("\n", spec.index);
  while (end !== -1 && end + 1 < source2.length) {
    const next = source2[end + 1];
    if (next !== " " && next !== "	" && next !== "\n" && next !== "\r") break;
    end = source2.indexOf("\n", end + 1);
  }
  const blockEnd = end === -1 ? source2.length : end + 1;
  const block = source2.slice(spec.index, blockEnd);
  return source2.slice(0, spec.index) + block.replace(/[^\n]/g, "") + source2.slice(blockEnd);
}
var KIND, API_VERSION, SPEC, MARKER;
var init_crd_schema = __esm({
  "src/scan/manifests/crd-schema.ts"() {
    "use strict";
    KIND = /^kind:[ \t]*(["']?)CustomResourceDefinition\1[ \t]*(?:#.*)?\r?$/m;
    API_VERSION = /^apiVersion:[ \t]*(["']?)apiextensions\.k8s\.io\/v1(?:beta1)?\1[ \t]*(?:#.*)?\r?$/m;
    SPEC = /^spec:[ \t]*(?:#.*)?\r?$/m;
    MARKER = /^(?:---|\.\.\.)/gm;
  }
});

// src/scan/manifests/decode-source.ts
function decodeSource(file, text) {
  const decoded = decodeText(text);
  if (decoded === void 0) {
    return {
      problem: {
        file,
        line: 1,
        col: 1,
        message: "not a text file (contains NUL bytes or invalid UTF-8)",
        severity: "error"
      }
    };
  }
  const lfs = LFS_POINTER.exec(decoded);
  if (lfs) {
    return {
      problem: {
        file,
        line: 1,
        col: 1,
        message: `a Git LFS pointer, not the file itself: its ${lfs[1]} bytes are in LFS storage, which is not read (config-rollout reads git objects), so what this file defines is not in this plan`,
        severity: "warning",
        unread: "a Git LFS pointer"
      }
    };
  }
  return { source: decoded.startsWith("\uFEFF") ? decoded.slice(1) : decoded };
}
function isLfsPointer(text) {
  return LFS_POINTER.test(text);
}
function decodeText(text) {
  let s;
  if (typeof text === "string") {
    s = text;
    if (s.includes("\uFFFD")) return void 0;
  } else {
    try {
      s = UTF8.decode(text);
    } catch {
      return void 0;
    }
  }
  return s.includes("\0") ? void 0 : s;
}
var LFS_POINTER, UTF8;
var init_decode_source = __esm({
  "src/scan/manifests/decode-source.ts"() {
    "use strict";
    LFS_POINTER = /^version https:\/\/git-lfs\.github\.com\/spec\/v1\n(?:[a-z0-9.-]+ [^\n]*\n)*?size (\d+)\n/;
    UTF8 = new TextDecoder("utf-8", { fatal: true });
  }
});

// src/scan/manifests/fast-yaml.ts
function parseSimpleYaml(source2) {
  if (ODD_SPACE.test(source2)) return void 0;
  try {
    return new FastParser(source2).documents();
  } catch (error) {
    if (error instanceof GiveUp || error instanceof RangeError) return void 0;
    throw error;
  }
}
function scalar(raw) {
  const text = withoutTrailingSpaces(raw);
  if (text.startsWith('"')) return withoutComment(doubleQuoted(text));
  if (text.startsWith("'")) return withoutComment(singleQuoted(text));
  if (text === "{}" || text.startsWith("{} #")) return {};
  if (text === "[]" || text.startsWith("[] #")) return [];
  const hash = text.indexOf(" #");
  const plain = hash === -1 ? text : withoutTrailingSpaces(text.slice(0, hash));
  if (plain === "" || plain === "~" || plain === "null") return null;
  if (plain === "true") return true;
  if (plain === "false") return false;
  if (NOT_STRINGS.has(plain)) giveUp();
  if (plain.includes(": ") || plain.endsWith(":") || plain.includes(" #")) giveUp();
  if (NUMBER_START.test(plain)) {
    if (DECIMAL.test(plain)) return Number(plain);
    if (INFINITY_OR_NAN.test(plain) || !NOT_IN_ANY_NUMBER.test(plain)) giveUp();
  }
  if (INDICATOR_START.test(plain)) giveUp();
  return plain;
}
function withoutComment([value, rest]) {
  const after = withoutLeadingSpaces(rest);
  if (after !== "" && !(after.startsWith("#") && rest.length > after.length)) giveUp();
  return value;
}
function doubleQuoted(text) {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === '"') return [value, text.slice(i + 1)];
    if (c === "\\") {
      const escaped = ESCAPES[text[i + 1] ?? ""] ?? giveUp();
      value += escaped;
      i++;
      continue;
    }
    value += c;
  }
  return giveUp();
}
function singleQuoted(text) {
  let value = "";
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (c === "'") {
      if (text[i + 1] === "'") {
        value += "'";
        i++;
        continue;
      }
      return [value, text.slice(i + 1)];
    }
    value += c;
  }
  return giveUp();
}
function withoutLeadingSpaces(text) {
  let start = 0;
  while (text.charCodeAt(start) === 32) start++;
  return start === 0 ? text : text.slice(start);
}
function withoutTrailingSpaces(text) {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 32) end--;
  return end === text.length ? text : text.slice(0, end);
}
var GiveUp, giveUp, MAX_ALIASES, NOT_STRINGS, NUMBER_START, NOT_IN_ANY_NUMBER, DECIMAL, INFINITY_OR_NAN, INDICATOR_START, ODD_SPACE, PLAIN_WORD, LINE, END, LINE_KIND, SEPARATOR, FastParser, ESCAPES;
var init_fast_yaml = __esm({
  "src/scan/manifests/fast-yaml.ts"() {
    "use strict";
    GiveUp = class extends Error {
    };
    giveUp = () => {
      throw new GiveUp();
    };
    MAX_ALIASES = 50;
    NOT_STRINGS = new Set(
      "null true false y Y yes Yes YES n N no No NO True TRUE False FALSE on On ON off Off OFF Null NULL".split(
        " "
      )
    );
    NUMBER_START = /^[-+.0-9]/;
    NOT_IN_ANY_NUMBER = /[^0-9a-fA-F_+\-.:xXoO]/;
    DECIMAL = /^(?:0|[1-9][0-9]{0,14})$/;
    INFINITY_OR_NAN = /^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/;
    INDICATOR_START = /^(?:[-?:](?: |$)|[,[\]{}#&*!|>%@`])/;
    ODD_SPACE = /[\t\r\u0085\u2028\u2029\ufeff]/;
    PLAIN_WORD = /^[A-Za-z][A-Za-z0-9._/-]*$/;
    LINE = /( *)(?:-( +|(?=\n|$)))?(?:([A-Za-z_/][A-Za-z0-9_./-]*):(?: +|(?=\n|$)))?([^\n]*)\n?/y;
    END = 0;
    LINE_KIND = 1;
    SEPARATOR = 2;
    FastParser = class {
      constructor(source2) {
        this.source = source2;
      }
      source;
      kind = END;
      indent = 0;
      /** Column of what follows `- ` (when `dash`): where a mapping that starts on the item's line is. */
      column = 0;
      dash = false;
      key = void 0;
      rest = "";
      /** Offset of the current line's text (after its indentation). */
      offset = 0;
      /** Offset of the line after the current one: where `advance` reads next. */
      next = 0;
      anchors = /* @__PURE__ */ new Map();
      aliases = 0;
      documents() {
        const docs = [];
        this.advance();
        for (; ; ) {
          if (this.kind === LINE_KIND) {
            if (this.indent !== 0) giveUp();
            const start = this.offset;
            this.anchors = /* @__PURE__ */ new Map();
            this.aliases = 0;
            const value = this.block(0);
            if (this.kind === LINE_KIND) giveUp();
            docs.push({ value, start });
          }
          if (this.kind === END) return docs;
          this.advance();
        }
      }
      /** Move to the next significant line (not blank, not only a comment); `---`, `...` and `%` at column 0 end or refuse. */
      advance() {
        const source2 = this.source;
        for (; ; ) {
          if (this.next >= source2.length) {
            this.kind = END;
            this.indent = -1;
            return;
          }
          LINE.lastIndex = this.next;
          const m = LINE.exec(source2);
          const indent = m[1].length;
          const spaces = m[2];
          const key = m[3];
          const rest = m[4];
          this.next = LINE.lastIndex;
          if (spaces === void 0 && key === void 0) {
            if (rest === "" || rest.charCodeAt(0) === 35) continue;
            if (indent === 0) {
              const c = rest.charCodeAt(0);
              if (c === 45 && rest.startsWith("---")) {
                if (rest !== "---") giveUp();
                this.kind = SEPARATOR;
                this.indent = -1;
                return;
              }
              if (c === 37 || rest.startsWith("...")) giveUp();
            }
          }
          this.kind = LINE_KIND;
          this.indent = indent;
          this.dash = spaces !== void 0;
          this.column = spaces === void 0 ? indent : indent + 1 + spaces.length;
          this.key = key;
          this.rest = rest;
          this.offset = m.index + indent;
          return;
        }
      }
      /** A block collection starting at the current line, if it is indented at least `minIndent`. */
      block(minIndent) {
        if (this.kind !== LINE_KIND || this.indent < minIndent) return null;
        return this.dash ? this.sequence(this.indent) : this.mapping(this.indent);
      }
      sequence(indent) {
        const items = [];
        while (this.kind === LINE_KIND && this.indent === indent && this.dash) {
          if (this.key !== void 0) {
            this.indent = this.column;
            this.dash = false;
            items.push(this.mapping(this.column));
            continue;
          }
          const rest = this.rest;
          this.advance();
          if (rest === "" || rest.charCodeAt(0) === 35) {
            items.push(this.kind === LINE_KIND && this.indent > indent ? this.block(indent + 1) : null);
            continue;
          }
          items.push(this.inlineValue(rest, indent));
        }
        return items;
      }
      mapping(indent) {
        const map = {};
        while (this.kind === LINE_KIND) {
          if (this.indent !== indent || this.dash) {
            if (this.indent <= indent) break;
            giveUp();
          }
          const key = this.key ?? giveUp();
          if (key.length > 1024 || NOT_STRINGS.has(key) || key === "__proto__" || Object.hasOwn(map, key))
            giveUp();
          let rest = this.rest;
          let anchor;
          if (rest.startsWith("&")) {
            anchor = /^&([^ ]+)/.exec(rest)?.[1] ?? giveUp();
            rest = withoutLeadingSpaces(rest.slice(anchor.length + 1));
            if (this.anchors.has(anchor)) giveUp();
          }
          let value;
          if (rest === "" || rest.startsWith("#")) {
            this.advance();
            if (this.kind === LINE_KIND && this.indent > indent) value = this.block(indent + 1);
            else if (this.kind === LINE_KIND && this.indent === indent && this.dash)
              value = this.sequence(indent);
            else value = null;
          } else if (rest.startsWith("|") || rest.startsWith(">")) {
            value = this.blockScalar(rest, indent);
          } else {
            this.advance();
            value = this.inlineValue(rest, indent);
          }
          if (anchor !== void 0) this.anchors.set(anchor, value);
          map[key] = value;
        }
        return map;
      }
      /**
       * A one-line value (scalar, alias, `{}` or `[]`) whose line has been passed; the next line must not
       * continue it (a more indented line is a multi-line scalar or an error).
       */
      inlineValue(text, indent) {
        let value;
        if (PLAIN_WORD.test(text)) {
          value = NOT_STRINGS.has(text) ? scalar(text) : text;
        } else if (text.startsWith("*")) {
          const match = /^\*([^ ]+) *(#.*)?$/.exec(text) ?? giveUp();
          if (!this.anchors.has(match[1]) || ++this.aliases > MAX_ALIASES) giveUp();
          value = this.anchors.get(match[1]);
        } else {
          value = scalar(text);
        }
        if (this.kind === LINE_KIND && this.indent > indent) giveUp();
        return value;
      }
      /**
       * `|` or `|-` (clip or strip), indentation detected from the first line. The current line is its
       * header; its content lines are read raw (comments and blank lines are content here).
       */
      blockScalar(header, indent) {
        if (header !== "|" && header !== "|-") giveUp();
        const source2 = this.source;
        const lines = [];
        let blockIndent = -1;
        let at = this.next;
        while (at < source2.length) {
          let end = source2.indexOf("\n", at);
          if (end === -1) end = source2.length;
          let textStart = at;
          while (source2.charCodeAt(textStart) === 32) textStart++;
          const lineIndent = textStart - at;
          if (textStart === end) {
            if (lineIndent > (blockIndent === -1 ? 0 : blockIndent)) giveUp();
            lines.push("");
            at = end + 1;
            continue;
          }
          if (blockIndent === -1) {
            if (lineIndent <= indent) break;
            blockIndent = lineIndent;
          }
          if (lineIndent < blockIndent) {
            if (lineIndent > indent) giveUp();
            break;
          }
          lines.push(source2.slice(at + blockIndent, end));
          at = end + 1;
        }
        if (blockIndent === -1) giveUp();
        this.next = at;
        this.advance();
        while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
        const body2 = lines.join("\n");
        return header === "|" ? `${body2}
` : body2;
      }
    };
    ESCAPES = { "\\": "\\", '"': '"', n: "\n", t: "	" };
  }
});

// src/scan/manifests/line-index.ts
var LineIndex;
var init_line_index = __esm({
  "src/scan/manifests/line-index.ts"() {
    "use strict";
    LineIndex = class {
      constructor(source2) {
        this.source = source2;
      }
      source;
      starts;
      linePos(offset) {
        if (this.starts === void 0) {
          const firstLineEnd = this.source.indexOf("\n");
          if (firstLineEnd === -1 || offset <= firstLineEnd) return { line: 1, col: offset + 1 };
          this.starts = [0];
          for (let i = firstLineEnd; i !== -1; i = this.source.indexOf("\n", i + 1)) this.starts.push(i + 1);
        }
        const starts = this.starts;
        let low = 0;
        let high = starts.length - 1;
        while (low < high) {
          const mid = low + high + 1 >> 1;
          if (starts[mid] <= offset) low = mid;
          else high = mid - 1;
        }
        return { line: low + 1, col: offset - starts[low] + 1 };
      }
    };
  }
});

// src/scan/manifests/shared-template.ts
function sharedNodes(root, source2) {
  if (source2 !== lastSource) {
    lastSource = source2;
    lastMayAlias = source2.includes("*");
  }
  return new SharedNodes(lastMayAlias ? root : void 0);
}
var lastSource, lastMayAlias, SharedNodes;
var init_shared_template = __esm({
  "src/scan/manifests/shared-template.ts"() {
    "use strict";
    init_json_shape();
    init_workload_kinds();
    lastMayAlias = false;
    SharedNodes = class {
      constructor(root) {
        this.root = root;
      }
      root;
      shared;
      /** For a workload of kind `kind` in this document: why its stamp cannot be written, when it cannot. */
      stampUnwritable(object, kind) {
        const templatePath = restartableKind(kind)?.templatePath;
        const why = templatePath ? this.unwritable(object, templatePath) : void 0;
        return why === void 0 ? {} : { stampUnwritable: why };
      }
      unwritable(object, templatePath) {
        const fields = [...templatePath, "metadata", "annotations"];
        let node = object;
        for (let i = 0; isRecord(node); i++) {
          if (this.sharedSet().has(node)) {
            const field5 = i === 0 ? "the object" : fields.slice(0, i).join(".");
            return `${field5} is a YAML alias (an anchor used in more than one place), so config-rollout stamp cannot write its stamp there: write ${field5} out in the object (no alias), then stamp it`;
          }
          if (i === fields.length) break;
          node = node[fields[i]];
        }
        return void 0;
      }
      sharedSet() {
        if (this.shared) return this.shared;
        const seen2 = /* @__PURE__ */ new Set();
        const shared = /* @__PURE__ */ new Set();
        const walk = (value) => {
          if (typeof value !== "object" || value === null) return;
          if (seen2.has(value)) {
            shared.add(value);
            return;
          }
          seen2.add(value);
          for (const child of Array.isArray(value) ? value : Object.values(value)) walk(child);
        };
        walk(this.root);
        this.shared = shared;
        return shared;
      }
    };
  }
});

// src/scan/manifests/yaml-messages.ts
function describeFailure2(error) {
  const text = error instanceof Error ? error.message : String(error);
  if (/Maximum call stack/i.test(text)) return "nested too deeply";
  return oneLine3(text);
}
function oneLine3(text) {
  const first = text.split(/\r?\n/, 1)[0] ?? "";
  return first.length > 200 ? `${first.slice(0, 200)}\u2026` : first;
}
function mayHoldSecret(text) {
  return SECRET_SPELLINGS.some((spelling) => spelling.test(text));
}
function describeYamlErrorCode(code) {
  const text = YAML_ERROR_TEXT[code] ?? code.toLowerCase().replaceAll("_", " ");
  return `${text}; ${QUIET_DETAIL}`;
}
function keyAt(source2, offset) {
  const line = source2.slice(
    offset,
    source2.indexOf("\n", offset) === -1 ? source2.length : source2.indexOf("\n", offset)
  );
  const match = /^(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|(.*?))[ \t]*:(?:[ \t]|\r?$)/.exec(line);
  return oneLine3(match === null ? line : match[1] ?? match[2]?.replaceAll("''", "'") ?? match[3] ?? "");
}
function stringMapProblem(value) {
  if (value === void 0 || value === null) return void 0;
  if (!isRecord(value)) return ` must be a mapping, found ${describeType(value)}`;
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== "string" && item !== null) {
      const shown2 = PLAIN_KEY.test(key) || /^[A-Za-z0-9./-]{1,317}$/.test(key) ? key : "(a key)";
      return `[${JSON.stringify(shown2)}] must be a string, found ${describeType(item)}`;
    }
  }
  return void 0;
}
function duplicateKeyMessage(key, quiet, read) {
  const named = quiet && !PLAIN_KEY.test(key) ? "duplicate key" : `duplicate key ${JSON.stringify(key)}`;
  return read ? `${named}${READ_AS_KUBECTL_DOES}` : named;
}
var SECRET_SPELLINGS, PLAIN_KEY, QUIET_DETAIL, YAML_ERROR_TEXT, READ_AS_KUBECTL_DOES;
var init_yaml_messages = __esm({
  "src/scan/manifests/yaml-messages.ts"() {
    "use strict";
    init_json_shape();
    SECRET_SPELLINGS = [
      /(?<![A-Za-z0-9])Secret(?![A-Za-z0-9])/,
      /\\(?:x|u00|U000000)(?:53|6[35]|7[24])/,
      /(?<![A-Za-z0-9])S(?:e(?:c(?:r(?:e)?)?)?)?\\\r?\n/,
      /!\S*binary/
    ];
    PLAIN_KEY = /^[A-Za-z0-9._-]{1,253}$/;
    QUIET_DETAIL = "details not shown (the file holds a Secret)";
    YAML_ERROR_TEXT = {
      BAD_DQ_ESCAPE: "invalid escape sequence in a double-quoted string",
      BAD_INDENT: "bad indentation",
      BAD_SCALAR_START: "a plain value starts with a reserved character",
      BLOCK_AS_IMPLICIT_KEY: "a block value used as a key",
      BLOCK_IN_FLOW: "a block value inside a flow collection",
      MISSING_CHAR: "a closing quote or bracket is missing",
      MULTILINE_IMPLICIT_KEY: "a key spans more than one line",
      TAB_AS_INDENT: "a tab used for indentation",
      UNEXPECTED_TOKEN: "unexpected characters (e.g. text after a block scalar indicator | or >)"
    };
    READ_AS_KUBECTL_DOES = " (read as kubectl applies it, the last value winning whatever its --validate; kustomize rejects the file; --strict stops on it)";
  }
});

// src/scan/manifests/manifest-reader.ts
function isProbablyManifestText(text) {
  return /["']?apiVersion["']?\s*:/.test(text) && /["']?kind["']?\s*:/.test(text);
}
function parseManifestsFast(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  return parseFast(file, decoded.source, opts);
}
function parseFast(file, source2, opts) {
  const documents = parseSimpleYaml(source2);
  if (documents === void 0) return void 0;
  if (documents.some((doc) => Array.isArray(field(doc.value, "items")))) return void 0;
  const reader = new DocumentReader(file, source2, new LineIndex(source2), opts, false);
  for (const doc of documents) reader.readValue(doc.value, doc.start, () => void 0);
  if (reader.cappedProblems().length > 0) return void 0;
  return { manifests: reader.manifests, problems: [] };
}
function notAManifestIsAWarning(source2, problems) {
  if (isProbablyManifestText(source2)) return problems;
  return problems.map(
    (p) => p.severity === "error" ? {
      ...p,
      severity: "warning",
      message: `${p.message} (not read: does not look like a Kubernetes manifest)`
    } : p
  );
}
function nodeStart(doc, path) {
  const node = doc.getIn(path, true);
  if (typeof node !== "object" || node === null) return void 0;
  const range = node.range;
  return Array.isArray(range) && typeof range[0] === "number" ? range[0] : void 0;
}
var DEFAULT_MAX_ALIAS_COUNT, MAX_PROBLEMS_PER_FILE, KINDS_THAT_NEED_METADATA, NON_OBJECT_API_GROUPS, PLAIN_ANCHOR, DocumentReader;
var init_manifest_reader = __esm({
  "src/scan/manifests/manifest-reader.ts"() {
    "use strict";
    init_json_shape();
    init_api_kinds();
    init_workload_kinds();
    init_names();
    init_decode_source();
    init_fast_yaml();
    init_line_index();
    init_shared_template();
    init_yaml_messages();
    DEFAULT_MAX_ALIAS_COUNT = 100;
    MAX_PROBLEMS_PER_FILE = 10;
    KINDS_THAT_NEED_METADATA = /* @__PURE__ */ new Set([
      "ConfigMap",
      "Secret",
      ...WORKLOAD_KINDS.map((k) => k.kind)
    ]);
    NON_OBJECT_API_GROUPS = ["kustomize.config.k8s.io/"];
    PLAIN_ANCHOR = /^[A-Za-z0-9._-]{1,100}$/;
    DocumentReader = class {
      constructor(file, source2, lineCounter, opts, quiet) {
        this.file = file;
        this.source = source2;
        this.lineCounter = lineCounter;
        this.opts = opts;
        this.quiet = quiet;
        const max = opts.maxAliasCount ?? DEFAULT_MAX_ALIAS_COUNT;
        this.maxAliasCount = Number.isFinite(max) && max >= 0 ? max : DEFAULT_MAX_ALIAS_COUNT;
      }
      file;
      source;
      lineCounter;
      opts;
      quiet;
      manifests = [];
      problems = [];
      maxAliasCount;
      cappedProblems() {
        if (this.problems.length <= MAX_PROBLEMS_PER_FILE) return this.problems;
        const kept = this.problems.slice(0, MAX_PROBLEMS_PER_FILE);
        const last = kept[kept.length - 1];
        const hidden = this.problems.slice(MAX_PROBLEMS_PER_FILE);
        kept.push({
          file: this.file,
          line: last.line,
          col: last.col,
          message: `${hidden.length} more problems in this file not shown`,
          // Warnings alone (duplicate keys) leave the file read: the count must not make it broken.
          severity: hidden.some((p) => p.severity === "error") ? "error" : "warning"
        });
        return kept;
      }
      /**
       * `find`: the first alias whose anchor is not defined before it, the first merge key naming no
       * mapping (the full parse passes them: they need the `yaml` package's node types).
       */
      readDocument(doc, find) {
        if (doc.errors.length > 0) {
          const syntax = doc.errors.filter((e) => e.code !== "DUPLICATE_KEY").sort((a, b) => a.pos[0] - b.pos[0]).slice(0, 1);
          const duplicates = doc.errors.filter((e) => e.code === "DUPLICATE_KEY");
          const severity = syntax.length === 0 ? "warning" : "error";
          for (const error of [...duplicates, ...syntax].sort((a, b) => a.pos[0] - b.pos[0])) {
            const [start2] = error.pos;
            const message = error.code === "DUPLICATE_KEY" ? duplicateKeyMessage(keyAt(this.source, start2), this.quiet, severity === "warning") : `invalid YAML: ${this.quiet ? describeYamlErrorCode(error.code) : describeFailure2(error)}`;
            this.problem(start2, message, severity, error.code === "DUPLICATE_KEY");
          }
          if (severity === "error") return;
        }
        const contents = doc.contents;
        if (contents === null) return;
        const start = contents.range?.[0] ?? doc.range[0];
        let value;
        try {
          value = doc.toJS({ maxAliasCount: this.maxAliasCount });
        } catch (error) {
          const text = error instanceof Error ? error.message : String(error);
          const unresolved = /^(Unresolved alias|Merge sources)/.test(text) ? find?.unresolvedAlias(doc) : void 0;
          if (unresolved !== void 0) {
            const alias = !this.quiet && PLAIN_ANCHOR.test(unresolved.name) ? ` *${unresolved.name}` : "";
            this.problem(
              unresolved.offset,
              `the alias${alias} names an anchor that does not exist (an anchor &name must be defined before, in the same document): document ignored`
            );
            return;
          }
          const merge = /^Merge sources/.test(text) ? find?.badMergeKey(doc) : void 0;
          this.problem(
            merge ?? start,
            merge !== void 0 ? "the merge key << names no mapping (kubectl: map merge requires map or sequence of maps as the value): document ignored" : /^Excessive alias count/.test(text) ? `too many YAML alias expansions (more than ${this.maxAliasCount}; looks like an alias bomb): document ignored` : `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure2(error)}`
          );
          return;
        }
        this.readValue(value, start, (path) => nodeStart(doc, path));
      }
      /**
       * One document (or one item of a List). `locate` finds the offset of a nested node, so each List
       * item and each bad field gets its own line.
       */
      readValue(value, start, locate, shared = sharedNodes(value, this.source)) {
        if (!isRecord(value)) return;
        const hasApiVersion = Object.hasOwn(value, "apiVersion");
        const hasKind = Object.hasOwn(value, "kind");
        if (!hasApiVersion || !hasKind) return;
        const apiVersion = value.apiVersion;
        const kind = value.kind;
        if (typeof apiVersion !== "string" || apiVersion === "" || typeof kind !== "string" || kind === "") {
          this.problem(start, "apiVersion and kind must be non-empty strings");
          return;
        }
        const items = field(value, "items");
        if (isListKind(kind, items)) {
          this.readList(kind, items, start, locate, shared);
          return;
        }
        if (NON_OBJECT_API_GROUPS.some((group) => apiVersion.startsWith(group))) return;
        this.readObject(value, kind, start, locate, shared);
      }
      readList(kind, items, start, locate, shared) {
        if (items === void 0 || items === null) return;
        if (!Array.isArray(items)) {
          this.problem(locate(["items"]) ?? start, `${kind}: items must be a list, found ${describeType(items)}`);
          return;
        }
        items.forEach((item, index) => {
          const itemStart = locate(["items", index]) ?? start;
          if (!isRecord(item) || !Object.hasOwn(item, "apiVersion") || !Object.hasOwn(item, "kind")) {
            this.problem(
              itemStart,
              `${kind} item ${index} is not a Kubernetes object (needs apiVersion and kind)`
            );
            return;
          }
          this.readValue(item, itemStart, (path) => locate(["items", index, ...path]), shared);
        });
      }
      readObject(object, kind, start, locate, shared) {
        const metadata = field(object, "metadata");
        if (metadata === void 0 || metadata === null) {
          if (KINDS_THAT_NEED_METADATA.has(kind)) this.problem(start, `${kind} has no metadata.name`);
          return;
        }
        if (!isRecord(metadata)) {
          this.problem(
            locate(["metadata"]) ?? start,
            `${kind}: metadata must be a mapping, found ${describeType(metadata)}`
          );
          return;
        }
        const name = field(metadata, "name");
        if (name === void 0 || name === null) {
          if (typeof field(metadata, "generateName") === "string") return;
          this.problem(locate(["metadata"]) ?? start, `${kind} has no metadata.name`);
          return;
        }
        if (typeof name !== "string" || name.trim() === "") {
          this.problem(
            locate(["metadata", "name"]) ?? start,
            `${kind}: metadata.name must be a non-empty string, found ${typeof name === "string" ? "an empty string" : describeType(name)}`
          );
          return;
        }
        const checked = KINDS_THAT_NEED_METADATA.has(kind);
        if (checked && !isObjectName(name)) {
          this.problem(
            locate(["metadata", "name"]) ?? start,
            `${kind.toLowerCase()} ${quoteName(name)}: metadata.name is not a valid name (${OBJECT_NAME_RULE})`
          );
          return;
        }
        const namespaceValue = field(metadata, "namespace");
        let namespace;
        let namespaceAssumed = false;
        if (isClusterScoped(kind)) {
          namespace = "";
        } else if (namespaceValue === void 0 || namespaceValue === null || namespaceValue === "") {
          namespace = this.opts.defaultNamespace;
          namespaceAssumed = true;
        } else if (typeof namespaceValue === "string") {
          namespace = namespaceValue;
          if (checked && !isNamespaceName(namespace)) {
            this.problem(
              locate(["metadata", "namespace"]) ?? start,
              `${kind.toLowerCase()}/${name}: metadata.namespace ${quoteName(namespace)} is not a valid namespace name (${NAMESPACE_RULE})`
            );
            return;
          }
        } else {
          this.problem(
            locate(["metadata", "namespace"]) ?? start,
            `${kind.toLowerCase()}/${name}: metadata.namespace must be a string, found ${describeType(namespaceValue)}`
          );
          return;
        }
        for (const mapName of ["labels", "annotations"]) {
          const problem = stringMapProblem(field(metadata, mapName));
          if (problem === void 0) continue;
          const where = locate(["metadata", mapName]) ?? start;
          this.problem(
            where,
            `${kind.toLowerCase()}/${name}: metadata.${mapName}${problem} (kubectl rejects it)`
          );
          return;
        }
        this.manifests.push({
          id: { kind, namespace, name },
          file: this.file,
          line: this.lineCounter.linePos(start).line,
          object,
          ...namespaceAssumed ? { namespaceAssumed: true } : {},
          ...shared.stampUnwritable(object, kind)
        });
      }
      /** A document kubectl would reject for a reason the YAML parse does not report. */
      rejected(offset, message) {
        this.problem(offset, message);
      }
      failed(offset, error) {
        this.problem(offset, `cannot read YAML document: ${this.quiet ? QUIET_DETAIL : describeFailure2(error)}`);
      }
      problem(offset, message, severity = "error", duplicateKey = false) {
        const { line, col } = this.lineCounter.linePos(offset);
        this.problems.push({
          file: this.file,
          line,
          col,
          message,
          severity,
          ...duplicateKey ? { duplicateKey: true } : {}
        });
      }
    };
  }
});

// vendor:yaml
var require_yaml = __commonJS({
  "vendor:yaml"(exports2, module2) {
    module2.exports = require(__configRolloutVendor("yaml"));
  }
});

// src/scan/manifests/json-stream.ts
function jsonStream(source2) {
  const values = [];
  let i = skipSpace(source2, 0);
  if (source2[i] !== "{") return void 0;
  while (i < source2.length) {
    if (source2[i] !== "{") return void 0;
    const end = objectEnd(source2, i);
    if (end === void 0) return void 0;
    try {
      values.push({ value: JSON.parse(source2.slice(i, end + 1)), start: i });
    } catch {
      return void 0;
    }
    i = skipSpace(source2, end + 1);
  }
  return values;
}
function skipSpace(text, from) {
  let i = from;
  while (i < text.length && " 	\r\n".includes(text[i])) i += 1;
  return i;
}
function objectEnd(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === '"') {
      for (i += 1; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i += 1;
    } else if (char === "{" || char === "[") {
      depth += 1;
    } else if (char === "}" || char === "]") {
      depth -= 1;
      if (depth === 0) return i;
    }
  }
  return void 0;
}
var init_json_stream = __esm({
  "src/scan/manifests/json-stream.ts"() {
    "use strict";
  }
});

// src/scan/manifests/under-indented.ts
function indentContinuationLines(source2) {
  let text = source2;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const start = firstCutConstruct(text);
    if (start === void 0) break;
    const end = text[start] === "[" || text[start] === "{" ? flowEnd(text, start) : quotedEnd(text, start);
    if (end === void 0) break;
    const indented = indentLines(text, start, end);
    if (indented === text) break;
    text = indented;
  }
  return text === source2 ? void 0 : text;
}
function firstCutConstruct(text) {
  let offset = 0;
  let depth = 0;
  let flowStart = 0;
  for (const token of new import_yaml.Lexer().lex(text)) {
    if (token === import_yaml.CST.FLOW_END) return depth > 0 ? flowStart : void 0;
    if (MARKERS.has(token)) continue;
    const type = import_yaml.CST.tokenType(token);
    if (type === "flow-map-start" || type === "flow-seq-start") {
      if (depth === 0) flowStart = offset;
      depth += 1;
    } else if ((type === "flow-map-end" || type === "flow-seq-end") && depth > 0) {
      depth -= 1;
    } else if (type === "single-quoted-scalar" || type === "double-quoted-scalar") {
      const end = quotedEnd(text, offset);
      if (end !== void 0 && end + 1 > offset + token.length) return depth > 0 ? flowStart : offset;
    }
    offset += token.length;
  }
  return void 0;
}
function isDocumentMarkerAt(text, lineStart) {
  const marker = text.slice(lineStart, lineStart + 3);
  if (marker !== "---" && marker !== "...") return false;
  const next = text[lineStart + 3];
  return next === void 0 || next === " " || next === "	" || next === "\r" || next === "\n";
}
function quotedEnd(text, start) {
  const quote2 = text[start];
  for (let i = start + 1; i < text.length; i++) {
    const char = text[i];
    if (char === "\n" && isDocumentMarkerAt(text, i + 1)) return void 0;
    if (quote2 === '"' && char === "\\") i += 1;
    else if (char === quote2) {
      if (quote2 === "'" && text[i + 1] === "'") i += 1;
      else return i;
    }
  }
  return void 0;
}
function flowEnd(text, start) {
  let depth = 0;
  let nodeStart2 = true;
  for (let i = start; i < text.length; i++) {
    const char = text[i];
    if (char === "\n") {
      if (isDocumentMarkerAt(text, i + 1)) return void 0;
      continue;
    }
    if (char === " " || char === "	" || char === "\r") continue;
    if (char === "#" && (i === 0 || /\s/.test(text[i - 1]))) {
      const newline = text.indexOf("\n", i);
      if (newline === -1) return void 0;
      i = newline - 1;
    } else if (char === "[" || char === "{") {
      depth += 1;
      nodeStart2 = true;
    } else if (char === "]" || char === "}") {
      depth -= 1;
      if (depth === 0) return i;
      nodeStart2 = false;
    } else if (char === ",") {
      nodeStart2 = true;
    } else if (char === ":" && (nodeStart2 || /[\s,[\]{}]/.test(text[i + 1] ?? " "))) {
      nodeStart2 = true;
    } else if (char === "?" && nodeStart2) {
      nodeStart2 = true;
    } else if ((char === "'" || char === '"') && nodeStart2) {
      const end = quotedEnd(text, i);
      if (end === void 0) return void 0;
      i = end;
      nodeStart2 = false;
    } else if ((char === "&" || char === "!") && nodeStart2) {
      while (i + 1 < text.length && !/[\s,[\]{}]/.test(text[i + 1])) i += 1;
    } else {
      nodeStart2 = false;
    }
  }
  return void 0;
}
function indentLines(text, start, end) {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const column = start - lineStart;
  let out = text.slice(0, start);
  let from = start;
  for (let newline = text.indexOf("\n", start); newline !== -1 && newline < end; ) {
    const next = newline + 1;
    let spaces = 0;
    while (text[next + spaces] === " ") spaces += 1;
    const lineEnd = text.indexOf("\n", next);
    const blank = /^[ \t\r]*$/.test(text.slice(next, lineEnd === -1 ? text.length : lineEnd));
    out += text.slice(from, next);
    if (!blank && spaces < column) out += " ".repeat(column - spaces);
    from = next;
    newline = text.indexOf("\n", next);
  }
  return out + text.slice(from);
}
var import_yaml, MAX_ROUNDS, MARKERS;
var init_under_indented = __esm({
  "src/scan/manifests/under-indented.ts"() {
    "use strict";
    import_yaml = __toESM(require_yaml(), 1);
    MAX_ROUNDS = 200;
    MARKERS = /* @__PURE__ */ new Set([import_yaml.CST.DOCUMENT, import_yaml.CST.SCALAR, import_yaml.CST.FLOW_END]);
  }
});

// src/scan/manifests/parse-manifests.ts
var parse_manifests_exports = {};
__export(parse_manifests_exports, {
  parseManifests: () => parseManifests
});
function parseManifests(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  const { source: source2 } = decoded;
  const fast = opts.fast === false ? void 0 : parseFast(file, source2, opts);
  if (fast !== void 0) return fast;
  if (isJsonOfNoObject(source2)) return { manifests: [], problems: [] };
  let parsed = parseYaml(source2);
  if ("docs" in parsed && errorCount(parsed) > 0) {
    const indented = indentContinuationLines(source2);
    const reparsed = indented === void 0 ? void 0 : parseYaml(indented);
    if (reparsed !== void 0 && "docs" in reparsed && errorCount(reparsed) < errorCount(parsed)) {
      parsed = reparsed;
    }
  }
  if (!("docs" in parsed)) {
    const message = `cannot parse file: ${mayHoldSecret(source2) ? "details not shown (the file holds a Secret)" : describeFailure2(parsed.error)}`;
    return { manifests: [], problems: [{ file, line: 1, col: 1, message, severity: "error" }] };
  }
  const { docs, lineCounter } = parsed;
  const json = errorCount(parsed) > 0 ? jsonStream(source2) : void 0;
  if (json !== void 0) {
    const reader2 = new DocumentReader(file, source2, lineCounter, opts, mayHoldSecret(source2));
    for (const { value, start } of json) reader2.readValue(value, start, () => void 0);
    return { manifests: reader2.manifests, problems: notAManifestIsAWarning(source2, reader2.cappedProblems()) };
  }
  const reader = new DocumentReader(file, parsed.source, lineCounter, opts, mayHoldSecret(source2));
  for (const doc of docs) {
    try {
      const key = doc.errors.length === 0 ? collectionKey(doc) : void 0;
      if (key !== void 0) {
        reader.rejected(
          key,
          "a mapping key is itself a mapping or a list (an unrendered template such as {{value}}?): kubectl rejects it, document ignored"
        );
        continue;
      }
      reader.readDocument(doc, { unresolvedAlias, badMergeKey });
    } catch (error) {
      reader.failed(doc.range[0], error);
    }
  }
  return { manifests: reader.manifests, problems: notAManifestIsAWarning(source2, reader.cappedProblems()) };
}
function yamlOptions(lineCounter) {
  return {
    lineCounter,
    // Duplicate keys are found by addDuplicateKeyErrors, below: yaml's own check is quadratic.
    uniqueKeys: false,
    merge: true,
    prettyErrors: false,
    // Keeps yaml from calling process.emitWarning (stderr noise) on odd keys; errors still come back.
    logLevel: "error",
    // What kubectl sends: it reads YAML 1.1 (go-yaml v2 through sigs.k8s.io/yaml), where yes/no/
    // on/off/y/n are booleans and 017 is octal. go-yaml v2 keeps dates and 1:20 as strings.
    version: "1.1",
    customTags: asKubectlReadsIt
  };
}
function parseYaml(source2) {
  const lineCounter = new import_yaml2.LineCounter();
  try {
    const docs = [...(0, import_yaml2.parseAllDocuments)(source2, yamlOptions(lineCounter))];
    for (const doc of docs) addDuplicateKeyErrors(doc);
    return { source: source2, docs, lineCounter };
  } catch (error) {
    return { error };
  }
}
function addDuplicateKeyErrors(doc) {
  (0, import_yaml2.visit)(doc, {
    Map(_key, map) {
      const seen2 = /* @__PURE__ */ new Set();
      for (const { key } of map.items) {
        if (!(0, import_yaml2.isScalar)(key) || Number.isNaN(key.value)) continue;
        if (!seen2.has(key.value)) {
          seen2.add(key.value);
          continue;
        }
        const offset = key.range?.[0] ?? map.range?.[0] ?? 0;
        doc.errors.push(new import_yaml2.YAMLParseError([offset, offset + 1], "DUPLICATE_KEY", "Map keys must be unique"));
      }
    }
  });
}
function errorCount(parsed) {
  return parsed.docs.reduce((sum, doc) => sum + doc.errors.length, 0);
}
function collectionKey(doc) {
  let found;
  (0, import_yaml2.visit)(doc, {
    Pair(_key, pair) {
      if (!(0, import_yaml2.isCollection)(pair.key)) return void 0;
      found = pair.key.range?.[0] ?? doc.range[0];
      return import_yaml2.visit.BREAK;
    }
  });
  return found;
}
function badMergeKey(doc) {
  const isMapping = (node) => (0, import_yaml2.isMap)((0, import_yaml2.isAlias)(node) ? node.resolve(doc) : node);
  let found;
  (0, import_yaml2.visit)(doc, {
    Pair(_key, pair) {
      const key = (0, import_yaml2.isScalar)(pair.key) ? pair.key : void 0;
      if (typeof key?.value !== "symbol" || key.value.description !== "<<") return void 0;
      const value = (0, import_yaml2.isAlias)(pair.value) ? pair.value.resolve(doc) : pair.value;
      if (isMapping(value) || (0, import_yaml2.isSeq)(value) && value.items.every(isMapping)) return void 0;
      found = key.range?.[0] ?? doc.range[0];
      return import_yaml2.visit.BREAK;
    }
  });
  return found;
}
function unresolvedAlias(doc) {
  let found;
  (0, import_yaml2.visit)(doc, {
    Alias(_key, alias) {
      if (alias.resolve(doc) !== void 0) return void 0;
      found = { offset: alias.range?.[0] ?? doc.range[0], name: alias.source };
      return import_yaml2.visit.BREAK;
    }
  });
  return found;
}
function asKubectlReadsIt(tags) {
  return tags.filter((tag) => {
    const { tag: name, format } = tag;
    return name !== "tag:yaml.org,2002:timestamp" && format !== "TIME";
  }).map((tag) => {
    const { tag: name, format, test } = tag;
    if (name === GO_BINARY.tag) return GO_BINARY;
    if (name !== "tag:yaml.org,2002:float" || test === void 0) return tag;
    if (format === "EXP") return { ...tag, test: GO_FLOAT_EXP };
    if (format === void 0 && test.test("1.5"))
      return { ...tag, test: GO_FLOAT };
    return tag;
  });
}
function isJsonOfNoObject(source2) {
  if (!source2.trimStart().startsWith("{")) return false;
  let value;
  try {
    value = JSON.parse(source2);
  } catch {
    return false;
  }
  return isRecord(value) && !Object.hasOwn(value, "apiVersion") && !Object.hasOwn(value, "kind");
}
var import_yaml2, GO_BINARY, GO_MANTISSA, GO_FLOAT, GO_FLOAT_EXP;
var init_parse_manifests = __esm({
  "src/scan/manifests/parse-manifests.ts"() {
    "use strict";
    import_yaml2 = __toESM(require_yaml(), 1);
    init_json_shape();
    init_decode_source();
    init_json_stream();
    init_manifest_reader();
    init_under_indented();
    init_yaml_messages();
    GO_BINARY = {
      tag: "tag:yaml.org,2002:binary",
      default: false,
      identify: () => false,
      resolve(source2, onError) {
        const base64 = source2.replace(/[\r\n]/g, "");
        if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(base64)) {
          onError("!!binary value contains invalid base64 data");
          return "";
        }
        return Buffer.from(base64, "base64").toString("utf8");
      }
    };
    GO_MANTISSA = "[-+]?(?:\\.[0-9_]*[0-9][0-9_]*|[0-9][0-9_]*(?:\\.[0-9_]*)?)";
    GO_FLOAT = new RegExp(`^(?=[^eE]*\\.)${GO_MANTISSA}$`);
    GO_FLOAT_EXP = new RegExp(`^${GO_MANTISSA}[eE][-+]?[0-9_]*[0-9][0-9_]*$`);
  }
});

// src/scan/manifests/parse-manifest-file.ts
async function parseManifestFile(file, text, opts) {
  const decoded = decodeSource(file, text);
  if ("problem" in decoded) return { manifests: [], problems: [decoded.problem] };
  const trimmed = withoutCrdSchema(decoded.source);
  const parsed = await parseSource(file, trimmed, opts);
  return trimmed !== decoded.source && parsed.problems.length > 0 ? parseSource(file, decoded.source, opts) : parsed;
}
async function parseSource(file, source2, opts) {
  if (opts.fast !== false) {
    const fast = parseManifestsFast(file, source2, opts);
    if (fast !== void 0) return fast;
  }
  const { parseManifests: parseManifests2 } = await Promise.resolve().then(() => (init_parse_manifests(), parse_manifests_exports));
  return parseManifests2(file, source2, { ...opts, fast: false });
}
var init_parse_manifest_file = __esm({
  "src/scan/manifests/parse-manifest-file.ts"() {
    "use strict";
    init_crd_schema();
    init_decode_source();
    init_manifest_reader();
  }
});

// src/scan/gitops/deployed-dirs.ts
function deployedDirsOf(objects) {
  return [...new Set(deploymentsOf(objects).map((d) => d.dir))].sort();
}
function deploymentsOf(objects) {
  const deployments = [];
  for (const object of objects) {
    for (const { path, settings, by, templated } of pathsNamedBy(object)) {
      const dir = normalizedDir(path);
      if (dir === void 0) continue;
      const components = (settings.components ?? []).map((c) => normalizedDir(c, dir));
      if (components.some((c) => c === void 0)) delete settings.components;
      else if (components.length > 0) settings.components = components;
      deployments.push({ dir, by, settings, ...templated ? { templated } : {} });
    }
  }
  return deployments;
}
function settingsAt(deployment, commit, head) {
  return commit === head ? deployment.settings : deployment.atBase?.settings ?? deployment.settings;
}
function componentsOf(deployment) {
  if (deployment === void 0) return [];
  return [
    .../* @__PURE__ */ new Set([
      ...deployment.settings.components ?? [],
      ...deployment.atBase?.settings.components ?? []
    ])
  ];
}
function builtFields(settings) {
  const fields = [
    ["namePrefix", "spec.namePrefix"],
    ["nameSuffix", "spec.nameSuffix"],
    ["patches", "spec.patches"],
    ["components", "spec.components"]
  ];
  return fields.filter(([key]) => settings[key] !== void 0).map(([, name]) => name);
}
function plainBuildUnstampable(d) {
  const fields = d.by.startsWith("Flux ") ? builtFields(d.settings) : [];
  if (fields.length === 0) return void 0;
  const at = d.file === void 0 ? "" : ` (${d.file}${d.line === void 0 ? "" : `:${d.line}`})`;
  const dir = d.dir || ".";
  return `${d.by}${at} deploys ${dir}, a folder without a kustomization.yaml, with ${fields.join(", ")}: its objects are built as Flux builds them, which a stamp in their files cannot follow; a kustomization.yaml in ${dir} listing its files lets \`config-rollout stamp\` write the value as it is deployed`;
}
function isPlainDeployment(settings) {
  return Object.keys(settings).length === 0;
}
function deploymentsOfDir(dir, deployments) {
  const own = deployments.filter((d) => d.dir === dir);
  const bySettings = /* @__PURE__ */ new Map();
  for (const d of own) {
    const key = JSON.stringify([d.settings, d.atBase?.settings]);
    if (!bySettings.has(key)) bySettings.set(key, isPlainDeployment(d.settings) && !d.atBase ? void 0 : d);
  }
  if (own.length === 0) return [void 0];
  const ways = [...bySettings.values()];
  const named = ways.map((d) => d?.by);
  return ways.map(
    (d) => d?.file !== void 0 && named.filter((by) => by === d.by).length > 1 ? { ...d, by: `${d.by} (${d.file})` } : d
  );
}
function pathsNamedBy(object) {
  const apiVersion = field(object, "apiVersion");
  const kind = field(object, "kind");
  if (typeof apiVersion !== "string") return [];
  const group = apiVersion.split("/")[0];
  const spec = field(object, "spec");
  const metadata = field(object, "metadata");
  const name = [field(metadata, "namespace"), field(metadata, "name")].filter((part) => typeof part === "string").join("/");
  if (group === "kustomize.toolkit.fluxcd.io" && kind === "Kustomization") {
    const settings = fluxSettings(spec);
    const namespace = field(metadata, "namespace");
    if (settings.substitute?.from && typeof namespace === "string") settings.substitute.namespace = namespace;
    const templated = templatedAt(spec, ["targetNamespace"], "spec", "namespace") ?? templatedAt(spec, ["namePrefix"], "spec", "name prefix") ?? templatedAt(spec, ["nameSuffix"], "spec", "name suffix");
    return [
      {
        path: field(spec, "path"),
        by: `Flux Kustomization ${name}`,
        settings,
        ...templated ? { templated } : {}
      }
    ];
  }
  if (group !== "argoproj.io") return [];
  if (kind === "Application") return sourcePaths(spec, `Argo CD Application ${name}`, "spec");
  if (kind === "ApplicationSet")
    return sourcePaths(
      field(field(spec, "template"), "spec"),
      `Argo CD ApplicationSet ${name}`,
      "spec.template.spec"
    );
  return [];
}
function fluxSettings(spec) {
  const settings = {};
  const namespace = plainString(field(spec, "targetNamespace"));
  if (namespace) settings.namespace = namespace;
  setAffixes(settings, spec);
  const components = field(spec, "components");
  if (Array.isArray(components)) {
    const dirs = components.filter((c) => typeof c === "string");
    if (dirs.length > 0) settings.components = dirs;
  }
  const patches = field(spec, "patches");
  const inline = Array.isArray(patches) ? patches.filter((p) => typeof field(p, "patch") === "string") : [];
  if (inline.length > 0)
    settings.patches = inline.map((p) => ({ patch: field(p, "patch"), target: field(p, "target") }));
  const postBuild = field(spec, "postBuild");
  const given = field(postBuild, "substitute");
  const from = field(postBuild, "substituteFrom");
  const vars = {};
  if (isRecord(given)) {
    for (const [key, value] of Object.entries(given)) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
        vars[key] = String(value).replaceAll("\n", "");
    }
  }
  const keepUnknown = Array.isArray(from) && from.length > 0;
  const refs = (keepUnknown ? from : []).flatMap((ref) => {
    const kind = stringField(ref, "kind");
    const name = stringField(ref, "name");
    return kind && name ? [{ kind, name }] : [];
  });
  if (Object.keys(vars).length > 0 || keepUnknown)
    settings.substitute = { vars, keepUnknown, ...refs.length > 0 ? { from: refs } : {} };
  return settings;
}
function sourcePaths(appSpec, by, at) {
  const defaultNamespace = plainString(field(field(appSpec, "destination"), "namespace"));
  const destination = templatedAt(appSpec, ["destination", "namespace"], at, "namespace");
  const sources = field(appSpec, "sources");
  const listed = Array.isArray(sources) ? sources.filter(isRecord) : [];
  return [field(appSpec, "source"), ...listed].filter((source2) => source2 !== void 0).map((source2, i) => {
    const first = field(appSpec, "source") !== void 0 ? 1 : 0;
    const own = i < first ? `${at}.source` : `${at}.sources[${i - first}]`;
    const settings = {};
    if (defaultNamespace) settings.defaultNamespace = defaultNamespace;
    const kustomize = field(source2, "kustomize");
    const namespace = plainString(field(kustomize, "namespace"));
    if (namespace) settings.namespace = namespace;
    setAffixes(settings, kustomize);
    const templated = templatedAt(source2, ["kustomize", "namespace"], own, "namespace") ?? (namespace ? void 0 : destination) ?? templatedAt(source2, ["kustomize", "namePrefix"], own, "name prefix") ?? templatedAt(source2, ["kustomize", "nameSuffix"], own, "name suffix");
    return { path: field(source2, "path"), by, settings, ...templated ? { templated } : {} };
  });
}
function setAffixes(settings, holder) {
  const prefix = plainString(field(holder, "namePrefix"));
  const suffix = plainString(field(holder, "nameSuffix"));
  if (prefix) settings.namePrefix = prefix;
  if (suffix) settings.nameSuffix = suffix;
}
function templatedAt(holder, path, at, what) {
  const value = path.reduce((v, key) => field(v, key), holder);
  if (typeof value !== "string" || value === "" || plainString(value) !== void 0) return void 0;
  return { field: `${at}.${path.join(".")}`, value, what };
}
function plainString(value) {
  if (typeof value !== "string" || value === "" || value.includes("{{") || value.includes("$"))
    return void 0;
  return value;
}
function normalizedDir(path, from = "") {
  if (typeof path !== "string" || path.includes("{{") || path.includes("$")) return void 0;
  const parts = from === "" ? [] : from.split("/");
  for (const part of path.trim().split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0) return void 0;
      parts.pop();
      continue;
    }
    parts.push(part);
  }
  return parts.join("/");
}
var init_deployed_dirs = __esm({
  "src/scan/gitops/deployed-dirs.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/scan/gitops/deployment-overlay.ts
function overlayDir(index) {
  return `.config-rollout-deployments/${index}`;
}
function deploymentOverlay(dir, settings, toTree) {
  const inRepo = (path) => path === "" ? toTree : `${toTree}/${path}`;
  const kustomization = {
    apiVersion: "kustomize.config.k8s.io/v1beta1",
    kind: "Kustomization",
    resources: [inRepo(dir)]
  };
  if (settings.namespace !== void 0) kustomization.namespace = settings.namespace;
  if (settings.namePrefix !== void 0) kustomization.namePrefix = settings.namePrefix;
  if (settings.nameSuffix !== void 0) kustomization.nameSuffix = settings.nameSuffix;
  if (settings.components !== void 0) kustomization.components = settings.components.map(inRepo);
  if (settings.patches !== void 0) kustomization.patches = settings.patches;
  return `${JSON.stringify(kustomization, null, 2)}
`;
}
function needsOverlay(settings) {
  return settings.namespace !== void 0 || settings.namePrefix !== void 0 || settings.nameSuffix !== void 0 || settings.components !== void 0 || settings.patches !== void 0;
}
function describeDeployment({ settings, atBase }) {
  const described = describeSettings(settings) || "no settings";
  return atBase ? `${described}; settings changed in ${atBase.file}` : described;
}
function describeSettings(settings) {
  const parts = [];
  if (settings.namespace !== void 0) parts.push(`namespace ${settings.namespace}`);
  if (settings.defaultNamespace !== void 0)
    parts.push(`destination namespace ${settings.defaultNamespace}`);
  if (settings.namePrefix !== void 0) parts.push(`namePrefix ${settings.namePrefix}`);
  if (settings.nameSuffix !== void 0) parts.push(`nameSuffix ${settings.nameSuffix}`);
  if (settings.components !== void 0) parts.push(`components ${settings.components.join(", ")}`);
  if (settings.patches !== void 0) parts.push(`${settings.patches.length} patch(es)`);
  if (settings.substitute !== void 0) parts.push("postBuild substitution");
  return parts.join("; ");
}
function substituteVariables(rendered, substitute, kept) {
  return rendered.split(/^(?=---[ \t]*$)/m).map((document) => DISABLED.test(document) ? document : substituteDocument(document, substitute, kept)).join("");
}
function substituteDocument(document, { vars, keepUnknown }, kept) {
  return document.replace(
    VARIABLE,
    (match, name, operator, fallback) => {
      if (name === void 0) return "${";
      const value = Object.hasOwn(vars, name) ? vars[name] : void 0;
      if (operator !== void 0) {
        const useDefault = operator.startsWith(":") ? value === void 0 || value === "" : value === void 0;
        if (!useDefault) return value;
        if (!keepUnknown || value !== void 0) return fallback ?? "";
      } else if (value !== void 0) return value;
      else if (!keepUnknown) return "";
      kept?.add(name);
      return match;
    }
  );
}
var DISABLED, VARIABLE;
var init_deployment_overlay = __esm({
  "src/scan/gitops/deployment-overlay.ts"() {
    "use strict";
    DISABLED = /kustomize\.toolkit\.fluxcd\.io\/substitute["']?\s*:\s*["']?disabled\b/;
    VARIABLE = /\$\$\{|\$\{([_a-zA-Z][_a-zA-Z0-9]*)(?:(:?[=-])([^}]*))?\}/g;
  }
});

// src/scan/gitops/parent-patches.ts
function patchingParents(deployments) {
  return deployments.filter(
    (d) => d.by.startsWith("Flux ") && (d.settings.patches ?? []).some(mayPatchFluxKustomization)
  );
}
function mayPatchFluxKustomization(patch) {
  const target = field(patch, "target");
  if (!isRecord(target)) return String(field(patch, "patch")).includes(FLUX_GROUP);
  return matches(field(target, "group"), FLUX_GROUP) && matches(field(target, "kind"), "Kustomization");
}
function matches(selector, value) {
  if (typeof selector !== "string" || selector === "") return true;
  try {
    return new RegExp(`^(?:${selector})$`).test(value);
  } catch {
    return true;
  }
}
function unknowablePatches(parent) {
  const templated = (parent.settings.patches ?? []).some(
    (p) => mayPatchFluxKustomization(p) && String(field(p, "patch")).includes("${")
  );
  return templated ? "a patch of its Kustomizations holds a ${VAR} that Flux substitutes" : void 0;
}
function parentOverlay(parent, toTree) {
  const { substitute: _, ...settings } = parent.settings;
  const overlay = JSON.parse(deploymentOverlay(parent.dir, settings, toTree));
  overlay.buildMetadata = ["originAnnotations"];
  return `${JSON.stringify(overlay, null, 2)}
`;
}
function childrenByFile(built, fileOf) {
  const byFile = /* @__PURE__ */ new Map();
  for (const object of built) {
    if (!isFluxKustomization(object)) continue;
    const metadata = field(object, "metadata");
    const annotations = field(metadata, "annotations");
    const origin = stringField(annotations, ORIGIN);
    const path = origin === void 0 ? void 0 : originPath(origin);
    const file = path === void 0 ? void 0 : fileOf(path);
    if (file === void 0 || !isRecord(metadata) || !isRecord(annotations)) continue;
    const { [ORIGIN]: _, ...kept } = annotations;
    const { annotations: __, ...rest } = metadata;
    const child = {
      ...object,
      metadata: Object.keys(kept).length > 0 ? { ...rest, annotations: kept } : rest
    };
    byFile.set(file, [...byFile.get(file) ?? [], child]);
  }
  return byFile;
}
function deploysPath(parent, path) {
  return parent.file !== path && (parent.dir === "" || path.startsWith(`${parent.dir}/`));
}
function asPatched(objects, built, parent) {
  if (built === void 0) return [...objects];
  const { namePrefix = "", nameSuffix = "" } = parent.settings;
  return objects.map((object) => {
    if (!isFluxKustomization(object)) return object;
    const name = `${namePrefix}${stringField(field(object, "metadata"), "name")}${nameSuffix}`;
    return built.find((b) => stringField(field(b, "metadata"), "name") === name) ?? object;
  });
}
function isFluxKustomization(object) {
  const apiVersion = field(object, "apiVersion");
  return typeof apiVersion === "string" && apiVersion.startsWith(`${FLUX_GROUP}/`) && field(object, "kind") === "Kustomization";
}
function originPath(origin) {
  if (/^repo:/m.test(origin)) return void 0;
  const value = /^path: (.*)$/m.exec(origin)?.[1]?.trim();
  if (value === void 0) return void 0;
  if (value.startsWith("'")) return /^'((?:[^']|'')*)'$/.exec(value)?.[1]?.replaceAll("''", "'");
  if (!value.startsWith('"')) return value;
  try {
    return JSON.parse(value);
  } catch {
    return void 0;
  }
}
var FLUX_GROUP, ORIGIN;
var init_parent_patches = __esm({
  "src/scan/gitops/parent-patches.ts"() {
    "use strict";
    init_json_shape();
    init_deployment_overlay();
    FLUX_GROUP = "kustomize.toolkit.fluxcd.io";
    ORIGIN = "config.kubernetes.io/origin";
  }
});

// src/scan/render/renderer-environment.ts
function trustedPathDirs(pathValue, untrusted) {
  const roots = untrusted.map((root) => (0, import_node_path8.resolve)(root));
  return (pathValue ?? "").split(import_node_path8.delimiter).filter((dir) => dir !== "" && (0, import_node_path8.isAbsolute)(dir)).map((dir) => (0, import_node_path8.resolve)(dir)).filter((dir) => !roots.some((root) => dir === root || dir.startsWith(root + import_node_path8.sep)));
}
function findExecutable(name, dirs) {
  for (const dir of dirs) {
    const candidate = (0, import_node_path8.join)(dir, name);
    try {
      if (!(0, import_node_fs10.statSync)(candidate).isFile()) continue;
      (0, import_node_fs10.accessSync)(candidate, import_node_fs10.constants.X_OK);
      return candidate;
    } catch {
    }
  }
  return void 0;
}
function kustomizeEnvironment(pathDirs, home) {
  return { PATH: pathDirs.join(import_node_path8.delimiter), HOME: home, LANG: "C.UTF-8", GOGC: "200" };
}
function renderCommandEnvironment(env, pathDirs, named) {
  const out = {};
  for (const key of [...RENDER_ENV_ALLOWED, ...named]) {
    if (env[key] !== void 0) out[key] = env[key];
  }
  out.PATH = pathDirs.join(import_node_path8.delimiter);
  return out;
}
function renderSlots() {
  return Math.max(1, (0, import_node_os2.availableParallelism)());
}
var import_node_fs10, import_node_os2, import_node_path8, RENDER_ENV_ALLOWED;
var init_renderer_environment = __esm({
  "src/scan/render/renderer-environment.ts"() {
    "use strict";
    import_node_fs10 = require("node:fs");
    import_node_os2 = require("node:os");
    import_node_path8 = require("node:path");
    RENDER_ENV_ALLOWED = [
      "HOME",
      "LANG",
      "LANGUAGE",
      "LC_ALL",
      "LC_CTYPE",
      "TZ",
      "TMPDIR",
      "USER",
      "HTTP_PROXY",
      "HTTPS_PROXY",
      "NO_PROXY",
      "http_proxy",
      "https_proxy",
      "no_proxy"
    ];
  }
});

// src/scan/render/kustomize.ts
async function findKustomize(pathDirs) {
  const kustomize = findExecutable("kustomize", pathDirs);
  if (kustomize && await runs(kustomize, ["version"], pathDirs)) {
    return { path: kustomize, label: "kustomize build", argsFor: (dir) => ["build", dir] };
  }
  const kubectl = findExecutable("kubectl", pathDirs);
  if (kubectl) return { path: kubectl, label: "kubectl kustomize", argsFor: (dir) => ["kustomize", dir] };
  return void 0;
}
async function runs(path, args, pathDirs) {
  const home = (0, import_node_os3.tmpdir)();
  const result = await runProcess(path, args, {
    cwd: home,
    env: kustomizeEnvironment(pathDirs, home),
    timeoutMs: 1e4
  });
  return result.exitCode === 0;
}
async function kustomizeBuild(run2, treeDir, dir, commit, signal, overlay) {
  const target = dir === "" ? "." : `./${dir}`;
  const cwd = overlay?.cwd ?? treeDir;
  if (overlay) {
    const at = (0, import_node_path9.join)(cwd, overlay.dir);
    await (0, import_promises2.mkdir)(at, { recursive: true });
    await (0, import_promises2.writeFile)((0, import_node_path9.join)(at, "kustomization.yaml"), overlay.kustomization((0, import_node_path9.relative)(at, treeDir)));
  }
  const built = overlay ? `./${overlay.dir}` : target;
  const result = await runProcess(run2.binary.path, run2.binary.argsFor(built), {
    cwd,
    env: kustomizeEnvironment(run2.pathDirs, run2.home),
    timeoutMs: run2.timeoutMs,
    maxOutputBytes: run2.maxOutputBytes,
    ...signal ? { signal } : {}
  });
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout;
  const command = `${run2.binary.label} ${target}`;
  const quiet = run2.quiet || await anyMayHoldSecret(treeDir, run2.yamlInputs ?? []);
  const detail = () => {
    const text = shortDetail(result.stderrEnd, treeDir);
    if (!quiet) return redactDetail(text);
    const hidden = `details not shown (the kustomization generates or holds Secrets; run \`${command}\` yourself to see them)`;
    const remote = remoteFailureDetail(result.stderrEnd);
    return remote ? `${remote}; other ${hidden}` : hidden;
  };
  if (result.failure === void 0 && result.signal === null && result.exitCode !== null) {
    throw new KustomizeBuildError(command, commit, `exit ${result.exitCode}`, detail());
  }
  throw new UserError(
    `\`${command}\` failed at commit ${shortSha(commit)} (${stoppedWhy(result)}); nothing was applied${result.failure?.kind === "start" || result.failure?.kind === "aborted" ? "" : `: ${detail()}`}`.replace(/: $/, "")
  );
}
function secretQuietness(included) {
  return {
    quiet: included.some((k) => k.generators.some((g) => g.kind === "Secret")),
    yamlInputs: [...new Set(included.flatMap((k) => [k.path, ...k.patchFiles, ...k.resources]))]
  };
}
async function anyMayHoldSecret(treeDir, files) {
  for (const file of files) {
    const text = await (0, import_promises2.readFile)((0, import_node_path9.join)(treeDir, file), "utf8").catch(() => "");
    if (mayHoldSecret(text)) return true;
  }
  return false;
}
function stoppedWhy(result, naming = CLI_FLAGS) {
  const failure = result.failure;
  if (failure?.kind === "timeout")
    return `${failure.message}, the ${naming.option("render-timeout")}; the whole process group was stopped`;
  if (failure?.kind === "output")
    return `its ${failure.message.replace(/^output/, "output is")}, the ${naming.option("max-file-size")}; the whole process group was stopped`;
  if (failure) return failure.message;
  return result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`;
}
function redactDetail(detail) {
  return detail.replace(/(literal sources?) \[[^\]]*\]/gi, "$1 [...]").replace(/(invalid literal source) [^,\n]*/gi, "$1 (value not shown)").replace(
    /(env (?:file )?line|KV pairs? from line|line) ("[^"]*"|`[^`]*`|'[^']*')/gi,
    "$1 (text not shown)"
  );
}
function remoteFailureDetail(text) {
  const withoutCredentials = (url) => url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, "$1");
  const remotes = [
    ...text.matchAll(/accumulating resources from '([a-z][a-z0-9+.-]*:\/\/[^'\s]+|git@[^'\s]+)'/gi)
  ].map((m) => withoutCredentials(m[1]));
  const errors = [
    ...text.matchAll(
      /(fatal: [^'\n]*?(?:'[a-z][a-z0-9+.-]*:\/\/[^'\s]*'[^'\n]*?)?(?=$|\s:\s|'?: exit status)|Could not resolve host: \S+|dial tcp: lookup \S+(?: on \S+)?: no such host|connection refused|i\/o timeout|Repository not found)/gim
    )
  ].map(
    (m) => m[1].replace(/'([a-z][a-z0-9+.-]*:\/\/[^']*)'/gi, (_, url) => `'${withoutCredentials(url)}'`)
  );
  if (remotes.length === 0 && errors.length === 0) return void 0;
  const unique3 = (list) => [...new Set(list)].filter((item, _, all) => !all.some((other) => other !== item && other.includes(item)));
  const from = remotes.length > 0 ? ` ${unique3(remotes).join(", ")}` : "";
  return `could not fetch the remote resource${from}: ${unique3(errors).join("; ") || "see kustomize's message"}`;
}
function shortDetail(stderr2, treeDir) {
  const complaint = stderr2.split("\n").filter((line) => !line.startsWith("# Warning: ")).join("\n");
  const lines = tailOf(complaint, 4, Number.POSITIVE_INFINITY).split("\n").map((line) => line.replace(/^[EWIF]\d{4} [\d:.]+\s+\d+ \S+\] /, "")).map((line) => {
    const wrapped = /^"command failed" err="(.*)"$/.exec(line);
    return wrapped ? wrapped[1].replace(/\\"/g, '"') : line.replace(/^Error: /, "");
  }).map(
    (line) => line.replace(/^"command failed" err=<$/, "").replace(/^\s+>$/, "").trim()
  ).filter((line) => line !== "");
  const text = lines.join(" ").replace(/\/[^\s'"]*?config-rollout-render-[^/\s'"]+\/tree-\d+(\/|(?=[\s'"]|$))/g, "").replaceAll(`${treeDir}/`, "").replaceAll(treeDir, ".");
  return text.length > MAX_DETAIL_CHARS ? `${text.slice(0, MAX_DETAIL_CHARS)}\u2026` : text;
}
var import_promises2, import_node_os3, import_node_path9, NO_KUSTOMIZE_HINT, KustomizeBuildError, MAX_DETAIL_CHARS;
var init_kustomize = __esm({
  "src/scan/render/kustomize.ts"() {
    "use strict";
    import_promises2 = require("node:fs/promises");
    import_node_os3 = require("node:os");
    import_node_path9 = require("node:path");
    init_commit_sha();
    init_errors();
    init_option_naming();
    init_run_process();
    init_yaml_messages();
    init_renderer_environment();
    NO_KUSTOMIZE_HINT = "neither kustomize nor kubectl is on PATH: install one (kubectl includes kustomize: https://kubernetes.io/docs/tasks/tools/), or pass --kustomize none to read raw files only";
    KustomizeBuildError = class extends UserError {
      constructor(command, commit, why, detail) {
        super(
          `\`${command}\` failed at commit ${shortSha(commit)} (${why}); nothing was applied${detail ? `: ${detail}` : ""}`
        );
        this.command = command;
        this.commit = commit;
        this.why = why;
        this.detail = detail;
      }
      command;
      commit;
      why;
      detail;
      name = "KustomizeBuildError";
    };
    MAX_DETAIL_CHARS = 400;
  }
});

// src/scan/render/checkout-scope.ts
function checkoutScope(dirs, files) {
  const wanted = new Set(dirs);
  for (const file of files) wanted.add(parentOf(file));
  if (wanted.has("")) return void 0;
  const inside = [...wanted].filter((dir) => dir !== ".." && !dir.startsWith("../")).sort();
  const minimal = [];
  for (const dir of inside) {
    if (!minimal.some((kept) => dir.startsWith(`${kept}/`))) minimal.push(dir);
  }
  return minimal;
}
function inScope(path, scope) {
  return scope === void 0 || scope.some((dir) => path.startsWith(`${dir}/`));
}
function parentOf(path) {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}
var init_checkout_scope = __esm({
  "src/scan/render/checkout-scope.ts"() {
    "use strict";
  }
});

// src/scan/render/escaping-links.ts
async function refuseEscapingLinks(dir, paths, where) {
  const top = await (0, import_promises3.realpath)(dir);
  const inside = (path) => path === top || path.startsWith(top + import_node_path10.sep);
  for (const path of paths) {
    const at = (0, import_node_path10.join)(dir, path);
    let target;
    try {
      if (!(0, import_node_fs11.lstatSync)(at).isSymbolicLink()) continue;
      target = await (0, import_promises3.readlink)(at);
    } catch {
      continue;
    }
    const lexical = (0, import_node_path10.isAbsolute)(target) ? target : (0, import_node_path10.resolve)((0, import_node_path10.dirname)((0, import_node_path10.join)(top, path)), target);
    const real = await (0, import_promises3.realpath)(at).catch(() => lexical);
    if (!inside(lexical) || !inside(real)) {
      throw new UserError(
        `${path} ${where} is a symbolic link to ${JSON.stringify(target)}, outside the repository: a kustomization could read the runner's files through it. Nothing was rendered or applied: replace the link with the file it stands for`
      );
    }
  }
}
var import_node_fs11, import_promises3, import_node_path10;
var init_escaping_links = __esm({
  "src/scan/render/escaping-links.ts"() {
    "use strict";
    import_node_fs11 = require("node:fs");
    import_promises3 = require("node:fs/promises");
    import_node_path10 = require("node:path");
    init_errors();
  }
});

// src/scan/render/materialize-tree.ts
async function createCommitTrees(repoDir, gitPath, scope, checks) {
  const root = await (0, import_promises4.mkdtemp)((0, import_node_path11.join)((0, import_node_os4.tmpdir)(), "config-rollout-render-"));
  const forget = onInterrupt(() => (0, import_promises4.rm)(root, { recursive: true, force: true }));
  const trees = /* @__PURE__ */ new Map();
  let count = 0;
  return {
    root,
    dirOf(commit) {
      let tree = trees.get(commit);
      if (!tree) {
        count += 1;
        const dir = (0, import_node_path11.join)(root, `tree-${count}`);
        tree = writeTree(gitPath, repoDir, commit, dir, scope, checks.symlinks, checks.timeoutMs);
        trees.set(commit, tree);
      }
      return tree;
    },
    async dispose() {
      await Promise.allSettled(trees.values());
      await (0, import_promises4.rm)(root, { recursive: true, force: true });
      forget();
    }
  };
}
async function refuseLinksOf(gitPath, repoDir, commit, dir, index, symlinks, timeoutMs) {
  if (symlinks === void 0) return;
  const staged = await runGit(gitPath, repoDir, ["ls-files", "-s", "-z"], index, void 0, timeoutMs);
  const links = staged.split("\0").filter((entry) => entry.startsWith("120000 ")).map((entry) => entry.slice(entry.indexOf("	") + 1)).filter((path) => inScope(path, symlinks.scope));
  await refuseEscapingLinks(dir, links, `at commit ${shortSha(commit)}`);
}
async function writeTree(gitPath, repoDir, commit, dir, scope, symlinks, timeoutMs) {
  await (0, import_promises4.mkdir)(dir, { recursive: true });
  const git = (cwd, args, indexFile, input) => runGit(gitPath, cwd, args, indexFile, input, timeoutMs);
  const index = `${dir}.index`;
  await git(repoDir, ["read-tree", commit], index);
  if (scope === void 0) {
    await git(repoDir, [`--work-tree=${dir}`, "checkout-index", "--all", "--force"], index);
  } else {
    const listed = await git(repoDir, ["ls-files", "-z"], index);
    const paths = listed.split("\0").filter((path) => path !== "" && inScope(path, scope));
    if (paths.length > 0) {
      await git(
        repoDir,
        [`--work-tree=${dir}`, "checkout-index", "--force", "-z", "--stdin"],
        index,
        `${paths.join("\0")}\0`
      );
    }
  }
  await refuseLinksOf(gitPath, repoDir, commit, dir, index, symlinks, timeoutMs);
  await (0, import_promises4.rm)(index, { force: true });
  return dir;
}
async function runGit(gitPath, cwd, args, indexFile, input, timeoutMs) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
  env.GIT_INDEX_FILE = indexFile;
  const result = await runProcess(
    gitPath,
    ["-c", "core.quotePath=false", "-c", "core.hooksPath=/dev/null", ...args],
    {
      cwd,
      env,
      ...input !== void 0 ? { input } : {},
      timeoutMs,
      // Local git starts no children; a group costs more than the command (process/run-process.ts).
      ownGroup: false
    }
  );
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout.toString("utf8");
  const why = result.failure?.message ?? (result.stderrTail || `exit ${result.exitCode}`);
  throw new Error(`git ${args.join(" ")} failed: ${why}`);
}
var import_promises4, import_node_os4, import_node_path11;
var init_materialize_tree = __esm({
  "src/scan/render/materialize-tree.ts"() {
    "use strict";
    import_promises4 = require("node:fs/promises");
    import_node_os4 = require("node:os");
    import_node_path11 = require("node:path");
    init_commit_sha();
    init_child_groups();
    init_run_process();
    init_checkout_scope();
    init_escaping_links();
  }
});

// src/scan/sources/kustomization-names.ts
function kustomizationDirOf(path) {
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1);
  if (!KUSTOMIZATION_FILE_NAMES.includes(name)) return void 0;
  return slash === -1 ? "" : path.slice(0, slash);
}
function hasKustomizationInOrBelow(dir, kustomizationDirs) {
  return kustomizationDirs.some((k) => k === dir || dir === "" || k.startsWith(`${dir}/`));
}
var KUSTOMIZATION_FILE_NAMES;
var init_kustomization_names = __esm({
  "src/scan/sources/kustomization-names.ts"() {
    "use strict";
    KUSTOMIZATION_FILE_NAMES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
  }
});

// src/scan/gitops/generated-kustomization.ts
async function writeGeneratedKustomization(dir) {
  let entries;
  try {
    entries = await (0, import_promises5.readdir)(dir, { recursive: true, withFileTypes: true });
  } catch {
    return void 0;
  }
  const paths = entries.map((e) => ({
    // A backslash is a character of a name, except where it is the separator (Windows).
    path: (0, import_node_path12.relative)(dir, (0, import_node_path12.join)(e.parentPath ?? e.path ?? dir, e.name)).split(import_node_path12.sep).join("/"),
    isFile: e.isFile()
  }));
  const built = new Set(
    paths.flatMap(({ path, isFile }) => {
      const folder = isFile ? kustomizationDirOf(path) : void 0;
      return folder ? [folder] : [];
    })
  );
  const within2 = (path) => [...built].find((d) => path.startsWith(`${d}/`) || path === d);
  const outermost = [...built].filter((d) => ![...built].some((o) => o !== d && d.startsWith(`${o}/`)));
  const files = [
    ...outermost,
    ...paths.filter(({ path, isFile }) => isFile && LISTED_FILE.test(path) && within2(path) === void 0).map(({ path }) => path).filter((path) => path !== "kustomization.yaml")
  ].sort();
  if (files.length === 0) return void 0;
  await (0, import_promises5.writeFile)((0, import_node_path12.join)(dir, "kustomization.yaml"), `${JSON.stringify({ resources: files })}
`);
  return files;
}
var import_promises5, import_node_path12, LISTED_FILE;
var init_generated_kustomization = __esm({
  "src/scan/gitops/generated-kustomization.ts"() {
    "use strict";
    import_promises5 = require("node:fs/promises");
    import_node_path12 = require("node:path");
    init_kustomization_names();
    LISTED_FILE = /\.ya?ml$/;
  }
});

// src/scan/gitops/patched-children.ts
async function asDeployedByParents(git, env, commit, parents, file, objects) {
  let deployed = objects;
  for (const parent of parents) {
    const built = await buildOnce(git, env, commit, parent);
    deployed = asPatched(deployed, built.children?.get(file), parent);
  }
  return deployed;
}
async function parentBuildWarnings(git) {
  const asked = [...builds.get(git)?.values() ?? []].filter((b) => b.asked);
  const all = await Promise.all(asked.map((b) => b.built));
  return all.flatMap((b) => b.warning ? [b.warning] : []);
}
function buildOnce(git, env, commit, parent) {
  const byKey = builds.get(git) ?? /* @__PURE__ */ new Map();
  builds.set(git, byKey);
  const start = (at) => {
    const key = JSON.stringify([at, parent.by, parent.file ?? null, parent.dir]);
    let entry2 = byKey.get(key);
    if (entry2 === void 0) {
      entry2 = { built: buildParent(git, env, at, parent), asked: false };
      entry2.built.catch(() => {
      });
      byKey.set(key, entry2);
    }
    return entry2;
  };
  const entry = start(commit);
  entry.asked = true;
  for (const other of env.commits ?? []) start(other);
  return entry.built;
}
async function buildParent(git, env, commit, parent) {
  const unknowable = (why) => ({ warning: parentWarning(parent, commit, why) });
  const notBuilt = whyNotBuilt(parent, env);
  if (notBuilt !== void 0) return unknowable(notBuilt);
  const binary = await findKustomize(env.pathDirs);
  if (binary === void 0) return unknowable(NO_KUSTOMIZE_WHY);
  const top = parent.dir.split("/")[0];
  const first = await buildIn(git, env, commit, parent, binary, [top]);
  if (first.failed === void 0) return { children: first.children };
  const whole = await buildIn(git, env, commit, parent, binary, void 0);
  return whole.failed === void 0 ? { children: whole.children } : unknowable(whole.failed);
}
async function buildIn(git, env, commit, parent, binary, scope) {
  const trees = await createCommitTrees(git.root, findExecutable("git", env.pathDirs) ?? "git", scope, {
    symlinks: { scope },
    timeoutMs: env.timeoutMs
  });
  try {
    const tree = await trees.dirOf(commit);
    const run2 = { ...env, binary, home: trees.root };
    const built = await childrenAsBuilt(run2, { tree, commit, generate: true }, parent);
    return typeof built === "string" ? { failed: built } : { children: built };
  } finally {
    await trees.dispose();
  }
}
async function childrenAsBuilt(run2, at, parent) {
  const dir = (0, import_node_path13.join)(at.tree, parent.dir);
  const own = await Promise.any(KUSTOMIZATION_FILE_NAMES.map((name) => (0, import_promises6.access)((0, import_node_path13.join)(dir, name)))).then(
    () => true,
    () => false
  );
  if (!own && !at.generate) return "its directory has no kustomization.yaml, which stamp does not generate";
  if (!own && await writeGeneratedKustomization(dir) === void 0) return /* @__PURE__ */ new Map();
  const overlayDir2 = ".config-rollout-parent";
  const overlay = {
    dir: overlayDir2,
    kustomization: (toTree) => parentOverlay(parent, toTree),
    ...at.cwd !== void 0 ? { cwd: at.cwd } : {}
  };
  let output;
  try {
    output = await kustomizeBuild(run2, at.tree, parent.dir, at.commit, void 0, overlay);
  } catch (error) {
    if (!(error instanceof KustomizeBuildError)) throw error;
    return `\`${error.command}\` with its patches failed (${error.why})`;
  }
  const parsed = await parseManifestFile(parent.file ?? parent.dir, output, { defaultNamespace: "default" });
  const fileOf = (origin) => {
    const path = (0, import_node_path13.relative)(at.tree, (0, import_node_path13.resolve)(at.cwd ?? at.tree, overlayDir2, origin));
    return path.startsWith("..") ? void 0 : path.split(import_node_path13.sep).join("/");
  };
  return childrenByFile(
    parsed.manifests.map((m) => m.object),
    fileOf
  );
}
function whyNotBuilt(parent, env) {
  return unknowablePatches(parent) ?? (env.untrustedHead !== void 0 ? `its directory is not built, the head being untrusted (${env.untrustedHead})` : void 0) ?? (parent.dir === "" ? "its path is the repository root, which is not built for this" : void 0);
}
function parentWarning(parent, commit, why) {
  const file = parent.file ?? (parent.dir || ".");
  return {
    file,
    message: `${parent.by} patches the Flux Kustomizations it deploys from ${parent.dir || "."} (spec.patches), and at commit ${shortSha(commit)} ${why}: they are read as written, without what the patches add (postBuild.substituteFrom, substitute, patches), so what they deploy may be planned without it`,
    unread: `spec.patches of the Kustomizations it deploys: ${why}`
  };
}
var import_promises6, import_node_path13, builds, NO_KUSTOMIZE_WHY;
var init_patched_children = __esm({
  "src/scan/gitops/patched-children.ts"() {
    "use strict";
    import_promises6 = require("node:fs/promises");
    import_node_path13 = require("node:path");
    init_commit_sha();
    init_parse_manifest_file();
    init_kustomize();
    init_materialize_tree();
    init_renderer_environment();
    init_kustomization_names();
    init_generated_kustomization();
    init_parent_patches();
    builds = /* @__PURE__ */ new WeakMap();
    NO_KUSTOMIZE_WHY = "neither kustomize nor kubectl is on PATH to apply them";
  }
});

// src/scan/gitops/find-deployments.ts
async function findDeployments(git, ctx, dirs) {
  const wanted = new Set(dirs.filter((dir) => dir !== ""));
  if (wanted.size === 0) return [];
  const files = await gitopsFiles(git, ctx);
  const deployments = [];
  for (const file of files) {
    if (!file.paths.some((path) => path === ANY_PATH || wanted.has(path))) continue;
    const parents = ctx.asDeployed ? await parentsOf(git, ctx, ctx.head, file.path) : [];
    const all = parents.length === 0 ? await deploymentsIn(file) : await patchedDeployments(git, ctx.asDeployed, ctx.head, parents, file.path, file.bytes);
    deployments.push(...all.filter((d) => wanted.has(d.dir)));
  }
  return deployments;
}
async function deploymentsAt(git, ctx, commit, path, bytes) {
  const parents = ctx.asDeployed ? await parentsOf(git, ctx, commit, path) : [];
  if (parents.length === 0) return parseDeployments(path, bytes);
  return patchedDeployments(git, ctx.asDeployed, commit, parents, path, bytes);
}
async function patchedDeployments(git, env, commit, parents, path, bytes) {
  const parsed = await parseManifestFile(path, bytes, { defaultNamespace: "default" });
  const objects = parsed.manifests.map((m) => m.object);
  const deployed = await asDeployedByParents(git, env, commit, parents, path, objects);
  return deploymentsAtLines(path, parsed.manifests, deployed);
}
async function parentsOf(git, ctx, commit, path) {
  if (commit !== ctx.head && (await parentsAt(git, ctx, ctx.head)).length === 0) return [];
  const parents = await parentsAt(git, ctx, commit);
  return parents.filter((p) => deploysPath(p, path));
}
async function parentsAt(git, ctx, commit) {
  const files = await gitopsFiles(git, { ...ctx, head: commit });
  let parents = parentsIn.get(files);
  if (parents === void 0) {
    const holding = files.filter((f) => f.bytes.includes("patches"));
    parents = Promise.all(holding.map(deploymentsIn)).then((found) => patchingParents(found.flat()));
    parentsIn.set(files, parents);
  }
  return parents;
}
async function gitopsObjectsNaming(git, ctx, word, names2) {
  const found = [];
  const naming = (text) => text.includes(word) && names2.some((name) => text.includes(name));
  const parents = ctx.asDeployed ? (await parentsAt(git, ctx, ctx.head)).filter(
    // One whose patches cannot be read may name anything: asked, it says so (patched-children.ts).
    (p) => naming(JSON.stringify(p.settings.patches)) || unknowablePatches(p) !== void 0
  ) : [];
  for (const file of await gitopsFiles(git, ctx)) {
    const patched = parents.filter((p) => deploysPath(p, file.path));
    if (patched.length === 0 && !naming(file.bytes)) continue;
    const parsed = await parseManifestFile(file.path, file.bytes, { defaultNamespace: "default" });
    const objects = parsed.manifests.map((m) => m.object);
    const deployed = patched.length > 0 ? await asDeployedByParents(git, ctx.asDeployed, ctx.head, patched, file.path, objects) : objects;
    for (const object of deployed) found.push({ file: file.path, object });
  }
  return found;
}
function gitopsFiles(git, ctx) {
  const globs = ctx.paths?.globs ?? MANIFEST_GLOBS;
  const byKey = searchesOf(git);
  const key = JSON.stringify([ctx.head, globs]);
  let found = byKey.get(key);
  if (found === void 0) {
    found = readGitopsFiles(git, ctx.head, globs, ctx.paths?.matches);
    byKey.set(key, found);
  }
  return found;
}
function searchesOf(git) {
  const byKey = searches.get(git) ?? /* @__PURE__ */ new Map();
  searches.set(git, byKey);
  return byKey;
}
function shareGitopsSearch(git, head, globs) {
  const byKey = searchesOf(git);
  const key = JSON.stringify([head, MANIFEST_GLOBS]);
  if (byKey.has(key) || [...new Set(globs)].sort().join("\0") !== [...MANIFEST_GLOBS].sort().join("\0")) {
    return void 0;
  }
  let hand;
  const handed = new Promise((resolve10, reject) => {
    hand = (found) => found.then(resolve10, reject);
  });
  const files = handed.then(async (found) => {
    const unread = [...found].filter(([, bytes]) => bytes === void 0).map(([path]) => path);
    const read = unread.length > 0 ? (await git.readFilesUpTo(head, unread, MAX_GITOPS_FILE_BYTES)).files : /* @__PURE__ */ new Map();
    return [...found].map(([path, bytes]) => [path, bytes ?? read.get(path)]).filter((entry) => entry[1] !== void 0).filter(([path, bytes]) => MANIFEST_FILE.test(path) && bytes.length <= MAX_GITOPS_FILE_BYTES).map(([path, bytes]) => ({ path, bytes, text: bytes.toString("utf8") })).filter(({ text }) => GITOPS_API_GROUPS.some((group) => text.includes(group))).map(({ path, bytes, text }) => ({ path, bytes, paths: namedPaths(text) }));
  });
  files.catch(() => {
  });
  byKey.set(key, files);
  return hand;
}
async function readGitopsFiles(git, head, globs, matches2) {
  const hits = (await git.grepFiles(head, GITOPS_API_GROUPS, globsToPathspecs([...globs]) ?? [])).filter(
    (path) => MANIFEST_FILE.test(path) && (matches2?.(path) ?? true)
  );
  if (hits.length === 0) return [];
  const { files } = await git.readFilesUpTo(head, hits, MAX_GITOPS_FILE_BYTES);
  return [...files].map(([path, bytes]) => ({ path, bytes, paths: namedPaths(bytes.toString("utf8")) }));
}
function deploymentsIn(file) {
  file.deployments ??= parseDeployments(file.path, file.bytes);
  return file.deployments;
}
async function parseDeployments(path, bytes) {
  const parsed = await parseManifestFile(path, bytes, { defaultNamespace: "default" });
  return deploymentsAtLines(
    path,
    parsed.manifests,
    parsed.manifests.map((m) => m.object)
  );
}
function deploymentsAtLines(path, manifests, objects) {
  return objects.flatMap(
    (object, i) => deploymentsOf([object]).map((d) => ({ ...d, file: path, line: manifests[i].line }))
  );
}
function namedPaths(text) {
  const dirs = /* @__PURE__ */ new Set();
  for (const match of text.matchAll(PATH_FIELD)) {
    const value = scalarAt(match[1]);
    if (value === void 0) {
      dirs.add(ANY_PATH);
      continue;
    }
    const dir = normalizedDir(value);
    if (dir !== void 0 && dir !== "") dirs.add(dir);
  }
  return [...dirs];
}
function scalarAt(rest) {
  if (rest.trim() === "" || /^[|>&*!]/.test(rest)) return void 0;
  if (rest[0] === "'") return /^'((?:[^']|'')*)'/.exec(rest)?.[1]?.replaceAll("''", "'");
  if (rest[0] === '"') {
    const quoted = /^"(?:[^"\\]|\\.)*"/.exec(rest)?.[0];
    try {
      return quoted === void 0 ? void 0 : JSON.parse(quoted);
    } catch {
      return void 0;
    }
  }
  const end = rest.search(/[,}\]]|\s#/);
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}
var MAX_GITOPS_FILE_BYTES, MANIFEST_FILE, MANIFEST_GLOBS, GITOPS_API_GROUPS, parentsIn, searches, PATH_FIELD, ANY_PATH;
var init_find_deployments = __esm({
  "src/scan/gitops/find-deployments.ts"() {
    "use strict";
    init_glob_pathspecs();
    init_parse_manifest_file();
    init_deployed_dirs();
    init_parent_patches();
    init_patched_children();
    MAX_GITOPS_FILE_BYTES = 1024 * 1024;
    MANIFEST_FILE = /\.(ya?ml|json)$/;
    MANIFEST_GLOBS = ["**/*.yaml", "**/*.yml", "**/*.json"];
    GITOPS_API_GROUPS = ["kustomize.toolkit.fluxcd.io/v", "argoproj.io/v"];
    parentsIn = /* @__PURE__ */ new WeakMap();
    searches = /* @__PURE__ */ new WeakMap();
    PATH_FIELD = /(?:^|[\s{,])["']?path["']?[ \t]*:[ \t]*([^\r\n]*)/gm;
    ANY_PATH = "\0";
  }
});

// src/scan/manifests/config-names-in-text.ts
function configNamesInText(text) {
  const names2 = [];
  for (const document of text.split(DOCUMENT_SEPARATOR)) {
    if (!CONFIG_KIND.test(document)) continue;
    const block = METADATA_BLOCK.exec(document)?.[1];
    if (!block) continue;
    let best;
    for (const match of block.matchAll(NAME_LINE)) {
      const indent = match[1].length;
      if (!best || indent < best.indent) best = { indent, name: match[2] };
    }
    if (best) names2.push(best.name);
  }
  return names2;
}
var DOCUMENT_SEPARATOR, CONFIG_KIND, METADATA_BLOCK, NAME_LINE;
var init_config_names_in_text = __esm({
  "src/scan/manifests/config-names-in-text.ts"() {
    "use strict";
    DOCUMENT_SEPARATOR = /^---[^\S\n]*(?:#.*)?$/m;
    CONFIG_KIND = /^kind:[^\S\n]*["']?(?:ConfigMap|Secret)["']?[^\S\n]*(?:#.*)?$/m;
    METADATA_BLOCK = /^metadata:[^\S\n]*\n((?:(?:[^\S\n]+.*)?\n?)*)/m;
    NAME_LINE = /^([^\S\n]+)name:[^\S\n]*["']?([^"'\s#]+)["']?[^\S\n]*(?:#.*)?$/gm;
  }
});

// src/scan/objects-across-files.ts
function unreadFilesOf(oversized, broken, owned) {
  const side = (side2) => {
    const files = new Map([...oversized[side2].keys()].map((path) => [path, "oversized"]));
    for (const path of broken[side2]) if (!owned?.(path) && !files.has(path)) files.set(path, "broken");
    return files;
  };
  return { base: side("base"), head: side("head") };
}
function oversizedFileProblems(changedFiles, oversized, maxFileSize) {
  const problems = [];
  for (const file of changedFiles) {
    const basePath = file.oldPath ?? file.path;
    const sizes = [
      ["base", file.status === "A" ? void 0 : oversized.base.get(basePath)],
      ["head", file.status === "D" ? void 0 : oversized.head.get(file.path)]
    ];
    const over = sizes.filter(([, size]) => size !== void 0);
    if (over.length === 0) continue;
    const what = over.map(([side, size]) => `${size} bytes at the ${side} commit`).join(" and ");
    problems.push({
      file: file.status === "D" ? basePath : file.path,
      line: 1,
      col: 1,
      severity: "warning",
      unread: "over --max-file-size",
      message: `cannot tell what changed: ${what} is over --max-file-size ${maxFileSize} (raise it to read this file)`
    });
  }
  return problems;
}
async function withoutUnreadChanges(git, commits, changes, unread, problems) {
  const kept = [];
  for (const change of changes) {
    const side = change.status === "deleted" ? "head" : change.status === "added" ? "base" : void 0;
    const files = side === void 0 ? void 0 : unread[side];
    if (side === void 0 || files === void 0 || files.size === 0) {
      kept.push(change);
      continue;
    }
    const hits = await git.grepFiles(commits[side], [change.id.name], literalPathspecs([...files.keys()]));
    if (hits.length === 0) {
      kept.push(change);
      continue;
    }
    const broken = hits.find((path) => files.get(path) === "broken");
    if (broken !== void 0) {
      problems.push({
        file: broken,
        line: 1,
        col: 1,
        severity: "warning",
        message: `cannot tell whether ${formatId(change.id)} changed: the file has errors at the ${side} commit`
      });
    }
  }
  return kept;
}
function settleWithUntouchedFiles(changes, read, untouched, problems) {
  const baseContent = contentsById(untouched.base);
  const headContent = contentsById(untouched.head);
  const settled = [];
  for (const change of changes) {
    const key = idKey(change.id);
    const added = change.status === "added";
    const elsewhere = added ? baseContent.get(key) : change.status === "deleted" ? headContent.get(key) : void 0;
    const own = (added ? read.head : read.base).get(key);
    if (elsewhere === void 0 || own === void 0) {
      settled.push(change);
      continue;
    }
    if (added) {
      problems.push({
        file: change.file,
        line: change.line,
        col: 1,
        severity: "warning",
        message: `${formatId(change.id)} is also defined in ${elsewhere.at.file}:${elsewhere.at.line}; compared with that definition`
      });
    }
    const keys = added ? changedKeys(elsewhere.content, own.content) : changedKeys(own.content, elsewhere.content);
    if (keys.length === 0) continue;
    const at = added ? { file: change.file, line: change.line } : elsewhere.at;
    settled.push({ ...change, ...at, status: "modified", keys });
  }
  return settled.sort((a, b) => compareIds(a.id, b.id));
}
function contentsById(manifests) {
  const byId = /* @__PURE__ */ new Map();
  for (const manifest of manifests) {
    if (!isConfigManifest(manifest) || byId.has(idKey(manifest.id))) continue;
    byId.set(idKey(manifest.id), {
      content: configContentOf(manifest).content,
      at: { file: manifest.file, line: manifest.line }
    });
  }
  return byId;
}
function literalPathspecs(paths) {
  return paths.map((path) => `:(literal)${path}`);
}
var init_objects_across_files = __esm({
  "src/scan/objects-across-files.ts"() {
    "use strict";
    init_config_content();
    init_model();
    init_order();
  }
});

// src/scan/gitops/deployed-namespaces.ts
function namespacesOfDeployments(deployments) {
  const byDir = /* @__PURE__ */ new Map();
  for (const d of deployments) {
    const replaces = d.by.startsWith("Flux") ? d.settings.namespace : void 0;
    const own = {
      ...replaces ? { namespace: replaces } : {},
      ...d.settings.defaultNamespace ? { defaultNamespace: d.settings.defaultNamespace } : {},
      ...d.templated ? { templated: d } : {}
    };
    const ways = byDir.get(d.dir) ?? /* @__PURE__ */ new Map();
    byDir.set(d.dir, ways.set(JSON.stringify(own), own));
  }
  const dirs = [...byDir.keys()];
  if (dirs.length === 0) return void 0;
  return (file) => {
    const unit = deploymentUnitOf(file, dirs);
    const ways = unit === void 0 ? void 0 : byDir.get(unit);
    return ways && [...ways.values()];
  };
}
function inDeployedNamespace(manifests, namespaceOf2) {
  return manifests.flatMap((m) => {
    if (m.id.namespace === "") return [m];
    const given = (namespaceOf2(m.file) ?? []).map(
      (s) => s.namespace ?? (m.namespaceAssumed ? s.defaultNamespace : void 0)
    );
    if (given.every((namespace) => namespace === void 0)) return [m];
    const { namespaceAssumed, ...rest } = m;
    const namespaces = new Set(given.map((namespace) => namespace ?? m.id.namespace));
    const several = namespaces.size > 1 ? { namespaceByDeployment: true } : {};
    return [...namespaces].map(
      (namespace) => ({
        ...rest,
        id: { ...m.id, namespace },
        ...several,
        ...namespaceAssumed && given.includes(void 0) && namespace === m.id.namespace ? { namespaceAssumed } : {}
      })
    );
  });
}
function inDeployedNamespaces(manifests) {
  const namespaceOf2 = namespacesOfDeployments(deploymentsOf(manifests.map((m) => m.object)));
  return namespaceOf2 ? inDeployedNamespace(manifests, namespaceOf2) : manifests;
}
function stampOfWays(ways) {
  const distinct = new Map(ways.map((w) => [JSON.stringify(w?.settings ?? {}), w]));
  const [first] = distinct.values();
  if (distinct.size <= 1) return { as: first };
  const beyondNamespace = new Set(
    [...distinct.values()].map((w) => {
      const { namespace: _, defaultNamespace: __, ...rest } = w?.settings ?? {};
      return JSON.stringify(rest);
    })
  );
  if (beyondNamespace.size === 1) return { as: first, namespaceFree: true };
  return { differ: [...distinct.values()].map((w) => w?.by ?? "as kustomize builds it") };
}
function stampedAs(label2, ways) {
  const stamp = stampOfWays(ways);
  if ("differ" in stamp)
    return {
      cannotMatch: `${label2} is deployed ${stamp.differ.length} ways that differ in more than the namespace (${stamp.differ.join(", ")}): its one value is written as kustomize builds it, not as each deployment renders it`
    };
  return stamp.namespaceFree ? "namespace-free" : void 0;
}
function templatedSettingWarning(d) {
  const t = d.templated;
  if (t === void 0) return void 0;
  const where = d.file ? ` (${d.file})` : "";
  const namespace = t.what === "namespace";
  const how = namespace ? `into namespace \`${t.value}\`` : `with the ${t.what} \`${t.value}\``;
  const unknown = namespace ? "which namespace its objects go to" : "what its objects are called";
  return {
    file: d.file ?? (d.dir || "."),
    message: `${d.by}${where} deploys ${d.dir || "."} ${how} (${t.field}), a template only its controller fills in (a variable its parent Kustomization substitutes, an ApplicationSet parameter): ${unknown} cannot be told, and they are planned as the files write them`,
    unread: `${t.field} \`${t.value}\`: ${namespace ? "the namespace is" : "the names are"} not known`
  };
}
function templatedSettingWarnings(deployments, dirs) {
  return deployments.flatMap((d) => dirs.has(d.dir) ? templatedSettingWarning(d) ?? [] : []);
}
function templatedSettingProblems(manifests, namespaceOf2) {
  const templated = new Set(
    manifests.flatMap((m) => (namespaceOf2(m.file) ?? []).flatMap((s) => s.templated ? [s.templated] : []))
  );
  return [...templated].flatMap((d) => {
    const warning = templatedSettingWarning(d);
    return warning ? [{ ...warning, line: 1, col: 1, severity: "warning" }] : [];
  });
}
var init_deployed_namespaces = __esm({
  "src/scan/gitops/deployed-namespaces.ts"() {
    "use strict";
    init_deployed_dirs();
    init_folder_definitions();
  }
});

// src/scan/manifests/parse-documents.ts
async function parseManifestDocuments(file, text, opts, documents) {
  const fast = parseManifestsFast(file, text, opts);
  if (fast !== void 0) return fast;
  const whole = () => parseManifestFile(file, text, { ...opts, fast: false });
  if (text.length < MIN_SPLIT_BYTES) return whole();
  const decoded = decodeSource(file, text);
  const docs = "source" in decoded ? documentsOf(decoded.source) : void 0;
  if (docs === void 0 || docs.length < 2) return whole();
  const manifests = [];
  for (const doc of docs) {
    let parsed = documents.get(doc.text);
    if (parsed === void 0) {
      const result = await parseManifestFile("", doc.text, opts);
      if (result.problems.length > 0) return whole();
      parsed = result.manifests;
      documents.set(doc.text, parsed);
    }
    for (const m of parsed) manifests.push({ ...m, file, line: m.line + doc.line - 1 });
  }
  return { manifests, problems: [] };
}
function documentsOf(source2) {
  if (/^(---[ \t]*\S|\.\.\.|%)/m.test(source2)) return void 0;
  const docs = [];
  const separator = /^---[ \t]*\r?\n/gm;
  let start = 0;
  let line = 1;
  const push = (end) => {
    const text = source2.slice(start, end);
    if (text.trim() !== "") docs.push({ text, line });
  };
  for (let match = separator.exec(source2); match !== null; match = separator.exec(source2)) {
    push(match.index);
    line += countLines(source2, start, match.index + match[0].length);
    start = match.index + match[0].length;
  }
  push(source2.length);
  return docs;
}
function countLines(text, from, to) {
  let count = 0;
  for (let i = text.indexOf("\n", from); i !== -1 && i < to; i = text.indexOf("\n", i + 1)) count += 1;
  return count;
}
var MIN_SPLIT_BYTES;
var init_parse_documents = __esm({
  "src/scan/manifests/parse-documents.ts"() {
    "use strict";
    init_decode_source();
    init_manifest_reader();
    init_parse_manifest_file();
    MIN_SPLIT_BYTES = 64 * 1024;
  }
});

// src/scan/read-files.ts
async function readBytes(git, rev, paths, options, oversized) {
  if (paths.length === 0) return /* @__PURE__ */ new Map();
  const read = await git.readFilesUpTo(rev, paths, options.maxFileSize);
  for (const [path, size] of read.oversized) oversized.set(path, size);
  return read.files;
}
async function readManifests(git, rev, paths, options, problems) {
  const oversized = /* @__PURE__ */ new Map();
  const files = await readBytes(git, rev, paths, options, oversized);
  for (const [path, size] of oversized)
    problems.push(oversizedCandidateProblem(path, size, options.maxFileSize));
  return parseFiles(paths, files, options, problems);
}
function oversizedCandidateProblem(path, size, maxFileSize) {
  return {
    file: path,
    line: 1,
    col: 1,
    severity: "warning",
    unread: "over --max-file-size",
    message: `not read: ${size} bytes is over --max-file-size ${maxFileSize} (a consumer defined there is not seen)`
  };
}
async function parseFiles(paths, files, options, problems) {
  const manifests = [];
  for (const path of paths) {
    await new Promise((resolve10) => setImmediate(resolve10));
    const bytes = files.get(path);
    if (bytes === void 0) continue;
    const parsed = await parseWithOptions(path, bytes, options);
    manifests.push(...parsed.manifests);
    problems.push(...parsed.problems);
  }
  return manifests;
}
async function parseWithOptions(path, bytes, options) {
  const parsed = await parseManifestDocuments(
    path,
    bytes,
    { defaultNamespace: options.defaultNamespace },
    options.documents ?? /* @__PURE__ */ new Map()
  );
  if (!options.namespaceOf || !parsed.manifests.some(isConfigOrWorkload)) return parsed;
  const namespaceOf2 = await options.namespaceOf();
  if (!namespaceOf2) return parsed;
  return { ...parsed, manifests: inDeployedNamespace(parsed.manifests, namespaceOf2) };
}
var init_read_files = __esm({
  "src/scan/read-files.ts"() {
    "use strict";
    init_workload_kinds();
    init_deployed_namespaces();
    init_parse_documents();
  }
});

// src/scan/candidates.ts
function withTemplateRefs(names2) {
  return names2.length > 0 ? [...names2, TEMPLATE_REF] : names2;
}
function uniqueNames(names2) {
  return [...new Set(names2)].filter((name) => name !== "" && !name.includes("\n")).sort();
}
async function findCandidateFiles(git, rev, names2, alreadyRead, wanted, signal) {
  const pathspecs = globsToPathspecs(wanted.globs) ?? [];
  if (names2.length === 0 || wanted.globs.length === 0) return [];
  const hits = await git.grepFiles(rev, names2, pathspecs, signal);
  return hits.filter((path) => !alreadyRead.has(path) && wanted(path));
}
function earlyCandidateSearch(git, rev, baseFiles, alreadyRead, wanted, options, alreadyReadFiles) {
  const names2 = new Set(
    withTemplateRefs(
      [...baseFiles.values()].flatMap((bytes) => configNamesInText(bytes.toString("utf8"))).filter((name) => name !== "" && !name.includes("\n"))
    )
  );
  if (names2.size === 0) return void 0;
  const gitops = shareGitopsSearch(git, rev, wanted.globs);
  const markers = gitops ? GITOPS_API_GROUPS : [];
  const parsed = /* @__PURE__ */ new Map();
  const read = /* @__PURE__ */ new Map();
  const oversized = /* @__PURE__ */ new Map();
  const found = git.grepAndReadFiles(rev, [...names2, ...markers], globsToPathspecs(wanted.globs) ?? [], {
    read: (path) => !alreadyRead.has(path) && wanted(path),
    maxBytes: options.maxFileSize,
    onFile(path, file) {
      if ("oversized" in file) {
        read.set(path, void 0);
        return void oversized.set(path, file.oversized);
      }
      read.set(path, file.bytes);
      if (markers.length > 0 && !holdsAny(file.bytes, names2)) return;
      const result = parseWithOptions(path, file.bytes, options);
      result.catch(() => {
      });
      parsed.set(path, result);
    }
  });
  const hits = found.then(async (paths) => {
    const named = new Set(
      markers.length > 0 && oversized.size > 0 ? await git.grepFiles(rev, [...names2], literalPathspecs([...oversized.keys()])) : oversized.keys()
    );
    for (const [path, size] of oversized) {
      if (named.has(path))
        parsed.set(path, {
          manifests: [],
          problems: [oversizedCandidateProblem(path, size, options.maxFileSize)]
        });
    }
    return paths.filter((path) => !read.has(path) || parsed.has(path));
  });
  gitops?.(
    found.then(async (paths) => {
      const known = await alreadyReadFiles;
      return new Map(paths.map((path) => [path, read.get(path) ?? known?.get(path)]));
    })
  );
  hits.catch(() => {
  });
  return { names: names2, hits, parsed };
}
function holdsAny(bytes, names2) {
  for (const name of names2) if (bytes.includes(name)) return true;
  return false;
}
async function readCandidates(git, rev, names2, early, ctx) {
  const problems = [];
  const manifests = await readAll(git, rev, names2, early, { ...ctx, problems });
  ctx.problems.push(...await problemsThatMatter(git, rev, names2, problems));
  return manifests;
}
async function problemsThatMatter(git, rev, names2, problems) {
  if (problems.length === 0 || !names2.includes(TEMPLATE_REF)) return problems;
  const configNames = names2.filter((name) => name !== TEMPLATE_REF);
  const files = [...new Set(problems.filter((p) => p.unread === void 0).map((p) => p.file))];
  const texts = await git.readFiles(rev, files);
  const namesAConfig = (file) => {
    const text = texts.get(file)?.toString("utf8");
    return text === void 0 || configNames.some((name) => text.includes(name));
  };
  return problems.filter((p) => p.unread !== void 0 || namesAConfig(p.file));
}
async function readAll(git, rev, names2, early, ctx) {
  if (early === void 0) {
    const candidates2 = await findCandidateFiles(git, rev, names2, ctx.alreadyRead, ctx.wanted);
    return readManifests(git, rev, candidates2, ctx.options, ctx.problems);
  }
  const missed = names2.filter((name) => !early.names.has(name));
  const [guessed, more] = await Promise.all([
    early.hits,
    findCandidateFiles(git, rev, missed, ctx.alreadyRead, ctx.wanted)
  ]);
  const candidates = [
    .../* @__PURE__ */ new Set([...guessed.filter((path) => !ctx.alreadyRead.has(path) && ctx.wanted(path)), ...more])
  ].sort();
  const unread = candidates.filter((path) => !early.parsed.has(path));
  const lateProblems = [];
  const late = unread.length > 0 ? await readManifests(git, rev, unread, ctx.options, lateProblems) : [];
  const lateByPath = new Map(
    unread.map((path) => [path, { manifests: [], problems: [] }])
  );
  for (const m of late) lateByPath.get(m.file)?.manifests.push(m);
  for (const p of lateProblems) lateByPath.get(p.file)?.problems.push(p);
  const manifests = [];
  for (const path of candidates) {
    const result = lateByPath.get(path) ?? await early.parsed.get(path);
    manifests.push(...result?.manifests ?? []);
    ctx.problems.push(...result?.problems ?? []);
  }
  return manifests;
}
var TEMPLATE_REF;
var init_candidates = __esm({
  "src/scan/candidates.ts"() {
    "use strict";
    init_glob_pathspecs();
    init_find_deployments();
    init_config_names_in_text();
    init_objects_across_files();
    init_read_files();
    TEMPLATE_REF = "workloadRef";
  }
});

// vendor:picomatch
var require_picomatch = __commonJS({
  "vendor:picomatch"(exports2, module2) {
    module2.exports = require(__configRolloutVendor("picomatch"));
  }
});

// src/scan/glob-matcher.ts
async function globMatcher(globs, options = {}) {
  if (globs.length === 0) return () => false;
  const extensions = globs.map((glob) => ANY_FILE_WITH_EXTENSION.exec(glob)?.[1]);
  if (options.dot && extensions.every((extension) => extension !== void 0)) {
    return (path) => {
      const name = path.slice(path.lastIndexOf("/") + 1);
      return extensions.some((extension) => name.endsWith(extension));
    };
  }
  const { default: picomatch } = await Promise.resolve().then(() => __toESM(require_picomatch(), 1));
  return picomatch([...globs], { dot: options.dot === true });
}
var ANY_FILE_WITH_EXTENSION;
var init_glob_matcher = __esm({
  "src/scan/glob-matcher.ts"() {
    "use strict";
    ANY_FILE_WITH_EXTENSION = /^\*\*\/\*(\.[A-Za-z0-9]+)$/;
  }
});

// src/scan/path-filter.ts
async function createPathFilter(options, owned) {
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true })
  ]);
  const filter = owned ? (path) => include(path) && !exclude(path) && !owned(path) : (path) => include(path) && !exclude(path);
  return Object.assign(filter, { globs: options.paths });
}
var init_path_filter = __esm({
  "src/scan/path-filter.ts"() {
    "use strict";
    init_glob_matcher();
  }
});

// src/scan/configs-at-head.ts
async function readConfigsAt(git, rev, ids, known, options, owned, deployedDirs = []) {
  const missing = ids.filter((id) => !known.has(idKey(id)));
  if (missing.length === 0) return known;
  const wanted = await createPathFilter(options, owned);
  const files = await findCandidateFiles(
    git,
    rev,
    [...new Set(missing.map((id) => id.name))],
    /* @__PURE__ */ new Set(),
    wanted
  );
  const problems = [];
  const manifests = await readManifests(git, rev, files, options, problems);
  const missingKeys = new Set(missing.map(idKey));
  collectConfigs(
    manifests.filter((m) => missingKeys.has(idKey(m.id))),
    known,
    problems,
    void 0,
    deployedDirs
  );
  return known;
}
function collectConfigs(manifests, into, problems, known, deployedDirs = []) {
  const snapshotOf = (manifest) => {
    const made = known?.get(idKey(manifest.id));
    if (made !== void 0 && made.file === manifest.file && made.line === manifest.line) return made;
    const { content, problems: contentProblems } = configContentOf(manifest);
    problems.push(...contentProblems);
    return { id: manifest.id, file: manifest.file, line: manifest.line, content };
  };
  for (const manifest of manifests) {
    const key = idKey(manifest.id);
    if (!isConfigManifest(manifest)) continue;
    const present = into.get(key);
    if (present === void 0) {
      into.set(key, { manifest, snapshot: snapshotOf(manifest) });
      continue;
    }
    if (manifest.origin !== void 0 || present.manifest.origin !== void 0) continue;
    const definitions = present.folders?.definitions ?? [present.snapshot];
    if (definitions.some((d) => d.file === manifest.file && d.line === manifest.line)) continue;
    present.folders = { definitions: [...definitions, snapshotOf(manifest)], deployedDirs };
  }
}
var init_configs_at_head = __esm({
  "src/scan/configs-at-head.ts"() {
    "use strict";
    init_config_content();
    init_model();
    init_candidates();
    init_path_filter();
    init_read_files();
  }
});

// src/scan/scan-model.ts
function nothingRead(sourceNotes) {
  return {
    changedFiles: [],
    changes: [],
    workloads: [],
    newWorkloadIds: /* @__PURE__ */ new Set(),
    headConfigs: /* @__PURE__ */ new Map(),
    baseConfigs: /* @__PURE__ */ new Map(),
    problems: [],
    assumedNamespace: /* @__PURE__ */ new Set(),
    baseWorkloads: [],
    sourceNotes,
    sourceWarnings: [],
    variants: /* @__PURE__ */ new Map()
  };
}
var BROKEN_AT;
var init_scan_model = __esm({
  "src/scan/scan-model.ts"() {
    "use strict";
    BROKEN_AT = {
      base: "has errors at the base commit",
      head: "has errors at the head commit"
    };
  }
});

// src/scan/changed-files.ts
async function readChangedManifests(git, commits, allChangedFiles, wanted, options, log, owned) {
  const changedFiles = allChangedFiles.filter(
    (f) => wanted(f.path) || f.oldPath !== void 0 && wanted(f.oldPath)
  );
  const basePaths = changedFiles.filter((f) => f.status !== "A").map((f) => f.oldPath ?? f.path);
  const headPaths = changedFiles.filter((f) => f.status !== "D").map((f) => f.path);
  log.debug(`${changedFiles.length} changed manifest file(s)`);
  const oversized = { base: /* @__PURE__ */ new Map(), head: /* @__PURE__ */ new Map() };
  const baseFiles = await readBytes(git, commits.base, basePaths, options, oversized.base);
  const headRead = readBytes(git, commits.head, headPaths, options, oversized.head);
  headRead.catch(() => {
  });
  const early = earlyCandidateSearch(
    git,
    commits.head,
    baseFiles,
    new Set(headPaths),
    wanted,
    options,
    headRead
  );
  const headFiles = await headRead;
  const oversizedProblems = oversizedFileProblems(changedFiles, oversized, options.maxFileSize);
  const large = (path) => Math.max(baseFiles.get(path)?.length ?? 0, headFiles.get(path)?.length ?? 0) > LARGE_FILE_BYTES;
  const largeOwned = [...basePaths, ...headPaths].some(large) ? await owned : void 0;
  const parsed = (path) => !(largeOwned?.(path) && large(path));
  const baseProblems = [];
  const base = await parseFiles(basePaths.filter(parsed), baseFiles, options, baseProblems);
  const headProblems = [];
  const head = await parseFiles(headPaths.filter(parsed), headFiles, options, headProblems);
  return {
    changedFiles,
    headPaths,
    touched: /* @__PURE__ */ new Set([...basePaths, ...headPaths]),
    oversized,
    base,
    head,
    broken: { base: brokenFiles(baseProblems), head: brokenFiles(headProblems) },
    problems: [...oversizedProblems, ...problemsOnce(baseProblems, headProblems, changedFiles)],
    early
  };
}
function brokenFiles(problems) {
  return new Set(problems.filter((p) => p.severity === "error").map((p) => p.file));
}
function problemsOnce(baseProblems, headProblems, changedFiles) {
  const headPathOf = new Map(
    changedFiles.filter((f) => f.status !== "D").map((f) => [f.oldPath ?? f.path, f.path])
  );
  const brokenAtHead = new Set(headProblems.map((p) => p.file));
  const kept = baseProblems.filter((p) => {
    const headPath = headPathOf.get(p.file);
    return headPath === void 0 || !brokenAtHead.has(headPath);
  }).map((p) => ({
    ...p,
    severity: "warning",
    message: `at the base commit: ${p.message}`,
    ...p.severity === "error" ? { unread: BROKEN_AT.base } : {}
  }));
  const atHead = headProblems.map((p) => p.severity === "error" ? { ...p, unread: BROKEN_AT.head } : p);
  return [...kept, ...atHead];
}
var LARGE_FILE_BYTES;
var init_changed_files = __esm({
  "src/scan/changed-files.ts"() {
    "use strict";
    init_candidates();
    init_objects_across_files();
    init_read_files();
    init_scan_model();
    LARGE_FILE_BYTES = 64 * 1024;
  }
});

// src/scan/compare-commits.ts
function compareRaw(read) {
  return {
    changedFiles: read.changedFiles,
    base: read.base,
    head: read.head,
    allBase: read.base,
    allHead: read.head,
    found: findConfigChanges(read.base, read.head),
    variants: /* @__PURE__ */ new Map(),
    problems: [],
    warnings: []
  };
}
function compareWithRendered(read, owned, objects) {
  const changedFiles = read.changedFiles.filter(
    (f) => !owned(f.path) || f.oldPath !== void 0 && !owned(f.oldPath)
  );
  const allBase = [...read.base.filter((m) => !owned(m.file)), ...objects.base];
  const allHead = [...read.head.filter((m) => !owned(m.file)), ...objects.head];
  const grouped = groupBySource(allBase, allHead);
  const variants = /* @__PURE__ */ new Map();
  for (const [key, list] of grouped.variants) {
    const m = list[0].head ?? list[0].base;
    if (!workloadKindOf(m.object)) variants.set(key, list);
  }
  const found = findConfigChanges(grouped.base, grouped.head);
  found.changes = pairHashSuffixRenames(
    withSources(found.changes, grouped.base, grouped.head),
    found.snapshots
  );
  return {
    changedFiles,
    base: grouped.base,
    head: grouped.head,
    allBase,
    allHead,
    found,
    variants,
    problems: objects.problems,
    warnings: objects.warnings
  };
}
function withSources(changes, base, head) {
  const at = (manifests) => new Map(manifests.map((m) => [idKey(m.id), m]));
  const before = at(base);
  const after = at(head);
  return changes.map((change) => {
    const m = (change.status === "deleted" ? before : after).get(idKey(change.id));
    if (m?.origin === void 0) return change;
    return { ...change, origin: m.origin, ...m.blamedFile ? { blamedFile: m.blamedFile } : {} };
  });
}
var init_compare_commits = __esm({
  "src/scan/compare-commits.ts"() {
    "use strict";
    init_workload_kinds();
    init_model();
    init_config_changes();
    init_rolls_on_apply();
    init_source_variants();
  }
});

// src/scan/gitops/substitution-sources.ts
async function substitutionChanges(git, ctx) {
  const changes = [];
  const warnings = [];
  if (ctx.changes.length === 0) return { changes, warnings };
  const names2 = [...new Set(ctx.changes.map((c) => c.id.name))];
  const search = {
    head: ctx.head,
    ...ctx.paths ? { paths: ctx.paths } : {},
    ...ctx.asDeployed ? { asDeployed: ctx.asDeployed } : {}
  };
  const objects = await gitopsObjectsNaming(git, search, "substituteFrom", names2);
  for (const { file, object } of objects) {
    const deployments = deploymentsOf([object]);
    const refs = deployments[0]?.settings.substitute?.from ?? [];
    if (refs.length === 0) continue;
    const namespace = stringField(field(object, "metadata"), "namespace") ?? ctx.defaultNamespace;
    const changedOf = (kind) => ctx.changes.find(
      (c) => c.id.kind === kind && c.id.namespace === namespace && refs.some((ref) => ref.kind === kind && ref.name === c.id.name)
    );
    const secret = changedOf("Secret");
    if (secret) warnings.push(unreadWarning(secret, deployments, "a Secret's values are not read for this"));
    const changed = changedOf("ConfigMap");
    if (changed === void 0) continue;
    for (const d of deployments)
      changes.push({ dir: d.dir, by: d.by, base: d.settings, file: changed.file, object: file });
  }
  return { changes, warnings };
}
function unreadWarning(config, deployments, why) {
  const by = deployments[0].by;
  const dirs = deployments.map((d) => d.dir || ".").join(", ");
  return {
    file: config.file,
    message: `${config.id.kind.toLowerCase()}/${config.id.name} (namespace ${config.id.namespace}) changed and ${by} substitutes from it (postBuild.substituteFrom) into ${dirs}: ${why}, so what they change there is not in this plan`
  };
}
var init_substitution_sources = __esm({
  "src/scan/gitops/substitution-sources.ts"() {
    "use strict";
    init_json_shape();
    init_deployed_dirs();
    init_find_deployments();
  }
});

// src/scan/new-at-base.ts
async function settleAtBase(git, base, ctx) {
  const { compared, read } = ctx;
  const baseIds = new Set(compared.base.map((m) => idKey(m.id)));
  const unreadAtBase = new Set(
    compared.changedFiles.filter((f) => read.oversized.base.has(f.oldPath ?? f.path)).map((f) => f.path)
  );
  const maybeNewWorkloads = compared.head.filter(
    (m) => workloadKindOf(m.object) && !baseIds.has(idKey(m.id)) && !unreadAtBase.has(m.file)
  );
  const namesAtBase = uniqueNames([
    ...ctx.changes.filter((c) => c.status === "added").map((c) => c.id.name),
    ...maybeNewWorkloads.map((m) => m.id.name)
  ]);
  const untouchedAtBase = namesAtBase.length === 0 ? [] : await readManifests(
    git,
    base,
    await findCandidateFiles(git, base, namesAtBase, read.touched, ctx.wanted),
    ctx.options,
    []
  );
  const definedAtBase = new Set(untouchedAtBase.map((m) => idKey(m.id)));
  const newWorkloadIds = new Set(
    maybeNewWorkloads.map((m) => idKey(m.id)).filter((key) => !definedAtBase.has(key))
  );
  const changes = settleWithUntouchedFiles(
    ctx.changes,
    compared.found.snapshots,
    { base: untouchedAtBase, head: [] },
    ctx.problems
  );
  return { newWorkloadIds, changes };
}
var init_new_at_base = __esm({
  "src/scan/new-at-base.ts"() {
    "use strict";
    init_workload_kinds();
    init_model();
    init_candidates();
    init_objects_across_files();
    init_read_files();
  }
});

// src/scan/render/quiet-changes.ts
async function quietChanges(git, commits, paths, options = {}) {
  const quiet = /* @__PURE__ */ new Map();
  const test = await quietTest(git, commits, paths, options);
  for (const path of paths) quiet.set(path, await test(path));
  return quiet;
}
async function allQuiet(git, commits, paths, options = {}) {
  for (let at = 0; at < paths.length; at += QUIET_BATCH) {
    const batch = paths.slice(at, at + QUIET_BATCH);
    const test = await quietTest(git, commits, batch, options);
    for (const path of batch) if (!await test(path)) return false;
  }
  return true;
}
async function quietTest(git, commits, paths, { substituted = false, maxBytes = Number.POSITIVE_INFINITY }) {
  const read = (rev) => git.readFilesUpTo(rev, paths, maxBytes).then((r) => r.files);
  const [atBase, atHead] = await Promise.all([read(commits.base), read(commits.head)]);
  return async (path) => await holdsNone(path, atBase.get(path), substituted) && await holdsNone(path, atHead.get(path), substituted);
}
async function holdsNone(path, bytes, substituted) {
  if (bytes === void 0 || substituted && bytes.includes("${")) return false;
  const parsed = await parseManifestFile(path, bytes, { defaultNamespace: "default" });
  return parsed.problems.length === 0 && !parsed.manifests.some(isConfigOrWorkload);
}
var QUIET_BATCH;
var init_quiet_changes = __esm({
  "src/scan/render/quiet-changes.ts"() {
    "use strict";
    init_workload_kinds();
    init_parse_manifest_file();
    QUIET_BATCH = 8;
  }
});

// src/scan/render/source-model.ts
function joinRendered(first, more) {
  return {
    base: [...first.base, ...more.base],
    head: [...first.head, ...more.head],
    problems: [...first.problems, ...more.problems],
    warnings: [...first.warnings, ...more.warnings],
    unbuilt: new Map([...first.unbuilt ?? [], ...more.unbuilt ?? []])
  };
}
function yamlDataInput(path, text, options) {
  if (!YAML_INPUT.test(path) || text.includes("{{")) return false;
  return !options.textSubstituted || !text.includes("$");
}
var YAML_INPUT;
var init_source_model = __esm({
  "src/scan/render/source-model.ts"() {
    "use strict";
    YAML_INPUT = /(^|\/)Kustomization$|\.(ya?ml|json)$/;
  }
});

// src/scan/gitops/deployed-build.ts
async function buildDeployed(run2, treeDir, dir, commit, as, signal) {
  const settings = as?.settings;
  const overlay = as && settings && needsOverlay(settings) ? {
    dir: as.overlayDir,
    kustomization: (toTree) => deploymentOverlay(dir, settings, toTree),
    ...as.cwd !== void 0 ? { cwd: as.cwd } : {}
  } : void 0;
  const output = await kustomizeBuild(run2, treeDir, dir, commit, signal, overlay);
  return settings?.substitute ? Buffer.from(substituteVariables(output.toString("utf8"), settings.substitute, as?.kept)) : output;
}
var init_deployed_build = __esm({
  "src/scan/gitops/deployed-build.ts"() {
    "use strict";
    init_kustomize();
    init_deployment_overlay();
  }
});

// src/scan/gitops/settings-changes.ts
async function findSettingsChanges(git, ctx) {
  const wanted = (path) => path !== void 0 && MANIFEST_FILE.test(path) && (ctx.paths?.matches(path) ?? true);
  const headPaths = ctx.changedFiles.filter((c) => c.status !== "D").map((c) => c.path);
  const atHead = await deploymentsIn2(git, ctx, ctx.head, headPaths.filter(wanted));
  if (atHead.length === 0) return [];
  const basePaths = ctx.changedFiles.map((c) => c.status === "A" ? void 0 : c.oldPath ?? c.path);
  const atBase = await deploymentsIn2(git, ctx, ctx.base, basePaths.filter(wanted));
  const [before, after] = [byObjectAndDir(atBase), byObjectAndDir(atHead)];
  const changes = [];
  const basePathOf = new Map(ctx.changedFiles.map((c) => [c.path, c.oldPath ?? c.path]));
  for (const [key, now] of after) {
    const then = before.get(key) ?? [];
    for (const d of now) {
      const same = now.length === 1 && then.length === 1 ? then : then.filter((w) => w.file === basePathOf.get(d.file));
      const was = same.length === 1 ? same[0] : void 0;
      if (was !== void 0 && buildSettings(was.settings) !== buildSettings(d.settings))
        changes.push({ dir: d.dir, by: d.by, base: was.settings, file: d.file, object: d.file });
    }
  }
  return changes;
}
function withSettingsAtBase(found, changes) {
  return found.map((d) => {
    const change = changes.find((c) => isOf(c, d));
    if (change === void 0) return d;
    return {
      ...d,
      settings: change.head ?? d.settings,
      atBase: { settings: change.base, file: change.file }
    };
  });
}
function isOf(change, d) {
  return change.by === d.by && change.dir === d.dir && (d.file === void 0 || change.object === d.file);
}
function changedDirs(changes) {
  return [...new Set(changes.map((c) => c.dir).filter((dir) => dir !== ""))];
}
async function deploymentsIn2(git, ctx, rev, paths) {
  if (paths.length === 0) return [];
  const { files } = await git.readFilesUpTo(rev, [...new Set(paths)], MAX_GITOPS_FILE_BYTES);
  const found = [];
  for (const [file, bytes] of files) {
    if (!GITOPS_API_GROUPS.some((group) => bytes.includes(group))) continue;
    for (const d of await deploymentsAt(git, ctx, rev, file, bytes)) found.push({ ...d, file });
  }
  return found;
}
function byObjectAndDir(deployments) {
  const grouped = /* @__PURE__ */ new Map();
  for (const d of deployments) {
    const key = JSON.stringify([d.by, d.dir]);
    grouped.set(key, [...grouped.get(key) ?? [], d]);
  }
  return grouped;
}
function buildSettings({ namespace: _, defaultNamespace: __, ...rest }) {
  return JSON.stringify(rest);
}
var init_settings_changes = __esm({
  "src/scan/gitops/settings-changes.ts"() {
    "use strict";
    init_find_deployments();
  }
});

// src/scan/gitops/substitution-settings.ts
function substitutionMapsIn(objects, names2) {
  const maps = [];
  for (const { file, object } of objects) {
    const metadata = field(object, "metadata");
    const name = stringField(metadata, "name");
    if (field(object, "kind") !== "ConfigMap" || name === void 0) continue;
    if (names2 !== void 0 && !names2.includes(name)) continue;
    const data = field(object, "data");
    const vars = {};
    if (isRecord(data)) {
      for (const [key, value] of Object.entries(data))
        if (typeof value === "string" && VARIABLE_NAME.test(key)) vars[key] = value.replaceAll("\n", "");
    }
    maps.push({ file, name, namespace: stringField(metadata, "namespace"), vars });
  }
  return maps;
}
function substitutionMapNames(deployments) {
  const names2 = /* @__PURE__ */ new Set();
  for (const d of deployments)
    for (const s of [d.settings, d.atBase?.settings])
      for (const ref of s?.substitute?.from ?? []) if (ref.kind === "ConfigMap") names2.add(ref.name);
  return [...names2];
}
function withRepositoryMaps(deployments, maps, defaultNamespace) {
  return deployments.map((d) => {
    const { settings } = resolvedSettings(d.settings, maps, d.file, defaultNamespace);
    return settings === d.settings ? d : { ...d, settings };
  });
}
function resolvedSettings(settings, maps, objectFile, defaultNamespace) {
  const substitute = settings.substitute;
  if (!substitute?.from?.some((ref) => ref.kind === "ConfigMap")) return { settings, maps: [] };
  const namespace = substitute.namespace ?? defaultNamespace;
  const vars = {};
  const found = [];
  let unread = false;
  for (const ref of substitute.from) {
    const map = ref.kind === "ConfigMap" ? nearestMap(maps, ref.name, namespace, objectFile) : void 0;
    if (map === void 0) {
      unread = true;
      continue;
    }
    found.push(map);
    Object.assign(vars, map.vars);
  }
  if (found.length === 0) return { settings, maps: [] };
  return {
    settings: {
      ...settings,
      substitute: { ...substitute, vars: { ...vars, ...substitute.vars }, keepUnknown: unread }
    },
    maps: found
  };
}
function nearestMap(maps, name, namespace, objectFile) {
  const score = (m) => sharedDirLength(m.file, objectFile ?? "") * 2 + (m.namespace === namespace ? 1 : 0);
  const candidates = maps.filter(
    (m) => m.name === name && (m.namespace === void 0 || m.namespace === namespace)
  );
  if (candidates.length === 0) return void 0;
  const best = Math.max(...candidates.map(score));
  const top = candidates.filter((m) => score(m) === best);
  const data = new Set(top.map((m) => JSON.stringify(m.vars)));
  return data.size === 1 ? top[0] : void 0;
}
function sharedDirLength(a, b) {
  const [x, y] = [a.split("/").slice(0, -1), b.split("/").slice(0, -1)];
  let n = 0;
  while (n < x.length && n < y.length && x[n] === y[n]) n++;
  return n;
}
var VARIABLE_NAME;
var init_substitution_settings = __esm({
  "src/scan/gitops/substitution-settings.ts"() {
    "use strict";
    init_json_shape();
    VARIABLE_NAME = /^[_a-zA-Z][_a-zA-Z0-9]*$/;
  }
});

// src/scan/gitops/substitution-maps.ts
async function withMaps(git, ctx, deployments) {
  const { defaultNamespace } = ctx.substitution;
  const names2 = substitutionMapNames(deployments);
  if (names2.length === 0) return [...deployments];
  const [atBase, atHead] = await Promise.all([
    mapsAt(git, ctx.base, names2, ctx.paths),
    mapsAt(git, ctx.head, names2, ctx.paths)
  ]);
  return deployments.map((d) => {
    const head = resolvedSettings(d.settings, atHead, d.file, defaultNamespace);
    const base = resolvedSettings(d.atBase?.settings ?? d.settings, atBase, d.file, defaultNamespace);
    if (head.settings === d.settings && base.settings === (d.atBase?.settings ?? d.settings)) return d;
    if (d.atBase === void 0 && JSON.stringify(base.settings) === JSON.stringify(head.settings))
      return { ...d, settings: head.settings };
    const file = d.atBase?.file ?? changedMapFile(base.maps, head.maps) ?? d.file ?? "";
    return { ...d, settings: head.settings, atBase: { settings: base.settings, file } };
  });
}
function changedMapFile(base, head) {
  const was = new Map(base.map((m) => [m.name, JSON.stringify(m.vars)]));
  return head.find((m) => was.get(m.name) !== JSON.stringify(m.vars))?.file ?? head[0]?.file ?? base[0]?.file;
}
function mapsAt(git, commit, names2, paths) {
  const byKey = searches2.get(git) ?? /* @__PURE__ */ new Map();
  searches2.set(git, byKey);
  const key = JSON.stringify([commit, [...names2].sort(), paths?.globs ?? null]);
  let found = byKey.get(key);
  if (found === void 0) {
    found = readMaps(git, commit, names2, paths);
    byKey.set(key, found);
  }
  return found;
}
async function readMaps(git, commit, names2, paths) {
  const pathspecs = paths ? globsToPathspecs([...paths.globs]) ?? [] : [];
  const hits = (await git.grepFiles(commit, names2, pathspecs)).filter(
    (path) => MANIFEST_FILE.test(path) && (paths?.matches(path) ?? true)
  );
  if (hits.length === 0) return [];
  const { files } = await git.readFilesUpTo(commit, hits, MAX_GITOPS_FILE_BYTES);
  const maps = [];
  for (const [file, bytes] of files) {
    if (!bytes.includes("ConfigMap")) continue;
    const parsed = await parseManifestFile(file, bytes, { defaultNamespace: "default" });
    maps.push(...substitutionMapsIn(parsed.manifests, names2));
  }
  return maps;
}
var searches2;
var init_substitution_maps = __esm({
  "src/scan/gitops/substitution-maps.ts"() {
    "use strict";
    init_glob_pathspecs();
    init_parse_manifest_file();
    init_find_deployments();
    init_substitution_settings();
    searches2 = /* @__PURE__ */ new WeakMap();
  }
});

// src/scan/gitops/plain-deployed-sources.ts
async function findPlainDeployedSources(git, ctx) {
  const none = { sources: [], owned: () => false };
  const changed = ctx.changedPaths.filter((p) => LISTED_FILE2.test(p) && !ctx.owned(p));
  if (changed.length === 0 && ctx.settingsChanges.length === 0) return none;
  const kustomizeDirs2 = ctx.kustomizationFiles.map((p) => kustomizationDirOf(p)).filter((d) => d !== void 0);
  const hasKustomization = (dir) => hasKustomizationInOrBelow(dir, kustomizeDirs2);
  const dirs = /* @__PURE__ */ new Set();
  for (const path of changed) {
    const parts = path.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
  }
  const redeployed = changedDirs(ctx.settingsChanges).filter((dir) => !hasKustomization(dir));
  const candidates = [.../* @__PURE__ */ new Set([...dirs, ...redeployed])].filter((dir) => !hasKustomization(dir));
  if (candidates.length === 0) return none;
  const quietOptions = { substituted: true, maxBytes: QUIET_CHECK_MAX_BYTES };
  const quiet = redeployed.length === 0 && !ctx.componentsMayCarryValues;
  if (quiet && await allQuiet(git, ctx, changed, quietOptions)) return none;
  const search = { head: ctx.head, asDeployed: ctx.asDeployed, ...ctx.paths ? { paths: ctx.paths } : {} };
  const found = await withMaps(
    git,
    ctx,
    withSettingsAtBase(await findDeployments(git, search, candidates), ctx.settingsChanges)
  );
  const deployments = found.filter((d) => d.by.startsWith("Flux ") && needsBuild(d));
  const sources = [];
  const rendered = [];
  for (const dir of [...new Set(deployments.map((d) => d.dir))].sort()) {
    const under = (p) => p.startsWith(`${dir}/`);
    const changedInputs = changed.filter(under);
    const ways = deploymentsOfDir(dir, deployments);
    if (changedInputs.length === 0 && !ways.some((d) => d?.atBase)) continue;
    rendered.push(dir);
    for (const deployment of ways) {
      if (deployment === void 0) continue;
      const inputs = deployment.atBase ? [...changedInputs, deployment.atBase.file] : changedInputs;
      if (inputs.length === 0) continue;
      sources.push(plainSource(dir, deployment, inputs, ctx, ctx.firstIndex + sources.length));
    }
  }
  if (sources.length === 0) return none;
  if (await ctx.binary() === void 0) {
    throw new UserError(`${sources.map((s) => s.label).join(", ")} changed but ${NO_KUSTOMIZE_HINT}`);
  }
  return {
    sources,
    owned: (path) => LISTED_FILE2.test(path) && rendered.some((dir) => path.startsWith(`${dir}/`))
  };
}
function needsBuild({ settings, atBase }) {
  return builds2(settings) || atBase !== void 0 && builds2(atBase.settings);
}
function builds2(settings) {
  return builtFields(settings).length > 0 || settings.substitute !== void 0;
}
function plainSource(dir, deployment, changedInputs, ctx, index) {
  const components = componentsOf(deployment);
  const unsubstituted = deployment.settings.substitute?.keepUnknown ? /* @__PURE__ */ new Set() : void 0;
  const cannotMatch = plainBuildUnstampable(deployment);
  const inComponents = ctx.changedPaths.filter((p) => components.some((c) => p.startsWith(`${c}/`)));
  return {
    label: `kustomize ${dir} (no kustomization.yaml: generated as ${deployment.by} deploys it: ${describeDeployment(deployment)})`,
    scope: [dir, ...components],
    file: changedInputs[0],
    changedInputs: [...changedInputs, ...inComponents],
    generators: [],
    kustomization: { dir, named: false },
    // Components are kustomizations not read here: what they run is unknown. Settings that changed
    // change the build whatever the files say.
    ...components.length === 0 && !deployment.atBase ? {
      readsAsData: (path, text) => yamlDataInput(path, text, { textSubstituted: deployment.settings.substitute !== void 0 })
    } : {},
    ...unsubstituted ? { unsubstituted } : {},
    // The objects the cluster runs are not those the files write: `stamp` refuses them, and
    // --strategy gitops says so instead of asking for a stamp that cannot come.
    ...cannotMatch ? { stamped: { cannotMatch } } : {},
    render: async (checkout, commit, signal) => {
      const listed = await writeGeneratedKustomization(`${checkout.dir}/${dir}`);
      if (listed === void 0) return void 0;
      const run2 = {
        binary: await ctx.binary(),
        pathDirs: ctx.pathDirs,
        home: checkout.scratch,
        timeoutMs: ctx.timeoutMs,
        maxOutputBytes: ctx.maxOutputBytes,
        // Its files, read as YAML: one that may hold a Secret keeps kustomize's complaint unquoted.
        yamlInputs: listed.map((file) => dir === "" ? file : `${dir}/${file}`)
      };
      const as = {
        settings: settingsAt(deployment, commit, ctx.head),
        overlayDir: overlayDir(index),
        ...unsubstituted && commit === ctx.head ? { kept: unsubstituted } : {}
      };
      return buildDeployed(run2, checkout.dir, dir, commit, as, signal);
    }
  };
}
var QUIET_CHECK_MAX_BYTES, LISTED_FILE2;
var init_plain_deployed_sources = __esm({
  "src/scan/gitops/plain-deployed-sources.ts"() {
    "use strict";
    init_errors();
    init_kustomize();
    init_quiet_changes();
    init_source_model();
    init_kustomization_names();
    init_deployed_build();
    init_deployed_dirs();
    init_deployment_overlay();
    init_find_deployments();
    init_generated_kustomization();
    init_settings_changes();
    init_substitution_maps();
    QUIET_CHECK_MAX_BYTES = 64 * 1024;
    LISTED_FILE2 = /\.ya?ml$/;
  }
});

// src/scan/sources/helm-charts.ts
function chartReport(chartDirs, changedPaths, options) {
  const inside = (dir, path) => dir === "" || path.startsWith(`${dir}/`);
  const outermost = [...new Set(chartDirs)].filter((dir) => !chartDirs.some((other) => other !== dir && inside(other, dir))).sort();
  const warnings = [];
  const untouched = [];
  const fixtures = [];
  for (const dir of outermost) {
    const changed = changedPaths.filter((path) => inside(dir, path) && !NOT_RENDERED.test(path));
    if (HIDDEN_DIR.test(dir)) {
      if (changed.length > 0) fixtures.push(dir);
      continue;
    }
    if (changed.length === 0) {
      untouched.push(dir || ".");
      continue;
    }
    if (options.render && changed.some((path) => options.render.isRenderInput(path))) continue;
    warnings.push({
      file: dir === "" ? "Chart.yaml" : `${dir}/Chart.yaml`,
      message: touchedChartWarning(dir, changed, options),
      unread: "Helm chart, not rendered"
    });
  }
  const fixtureNotes = fixtures.map(
    (dir) => `Helm chart ${dir}: changed, not planned: a chart under a hidden directory is taken for a CI or test fixture, not a deployed chart (${options.naming.option("render")} plans it if it is deployed)`
  );
  const notes = options.render ? [] : untouchedNote(untouched, options.naming);
  return { notes: [...notes, ...fixtureNotes], warnings };
}
function touchedChartWarning(dir, changed, options) {
  const shown2 = dir || ".";
  const first = dir === "" ? changed[0] : changed[0].slice(dir.length + 1);
  const files = changed.length === 1 ? first : `${first} and ${changed.length - 1} more file(s)`;
  const release = dir === "" ? "release" : dir.slice(dir.lastIndexOf("/") + 1);
  const { naming } = options;
  const paths = naming.set("render-paths", `'${dir === "" ? "**" : `${dir}/**`}'`);
  const recipe = `${naming.set("render", `'helm template ${release} ${shown2}'`)}${naming.entryPoint === "cli" ? " " : " with "}${paths}`;
  const why = options.render ? `none of its changed files is among ${naming.option("render-paths")}, so ${naming.option("render")} does not run for it` : `Helm charts are planned only through ${naming.option("render")}`;
  return `Helm chart ${shown2} changed (${files}) but was not rendered: ${why}. To plan from it: ${recipe} (with the -n and -f values your deploy step uses)`;
}
function untouchedNote(dirs, naming) {
  if (dirs.length === 0) return [];
  const how = `charts are planned only through ${naming.set("render", "'helm template ...'")}`;
  if (dirs.length === 1)
    return [`Helm chart ${dirs[0]}: not read, the range touches none of its files; ${how}`];
  const more = dirs.length > MAX_NAMED3 ? ` and ${dirs.length - MAX_NAMED3} more` : "";
  return [
    `${dirs.length} Helm charts not read, the range touches none of their files (${dirs.slice(0, MAX_NAMED3).join(", ")}${more}); ${how}`
  ];
}
var MAX_NAMED3, NOT_RENDERED, HIDDEN_DIR;
var init_helm_charts = __esm({
  "src/scan/sources/helm-charts.ts"() {
    "use strict";
    MAX_NAMED3 = 5;
    NOT_RENDERED = /(^|\/)(README[^/]*|LICENSE[^/]*|[^/]*\.md|NOTES\.txt|\.helmignore)$/i;
    HIDDEN_DIR = /(^|\/)\.[^/]/;
  }
});

// src/scan/sources/paths-at-base.ts
function pathsAtBase(headPaths, changes, relevant) {
  const paths = new Set(headPaths.filter(relevant));
  const differ = /* @__PURE__ */ new Set();
  for (const change of changes) {
    switch (change.status) {
      case "A":
      case "C":
        paths.delete(change.path);
        break;
      case "D":
        if (relevant(change.path)) {
          paths.add(change.path);
          differ.add(change.path);
        }
        break;
      case "R":
        paths.delete(change.path);
        if (change.oldPath !== void 0 && relevant(change.oldPath)) {
          paths.add(change.oldPath);
          differ.add(change.oldPath);
        }
        break;
      case "M":
      case "T":
        if (relevant(change.path)) differ.add(change.path);
        break;
    }
  }
  return { paths: [...paths].sort(), differ };
}
var init_paths_at_base = __esm({
  "src/scan/sources/paths-at-base.ts"() {
    "use strict";
  }
});

// src/scan/touches-manifests.ts
function changedPathsOf(files) {
  return [...new Set(files.flatMap((f) => f.oldPath ? [f.oldPath, f.path] : [f.path]))];
}
async function mayTouchManifests(git, commits, changedPaths, wanted, options) {
  if (changedPaths.some((path) => wanted(path))) return true;
  return options.sources !== void 0 && await mayTouchSources(git, commits.base, commits.head, changedPaths, options.sources);
}
async function mayTouchSources(git, base, head, changedPaths, options) {
  if (changedPaths.length === 0) return false;
  if (options.render !== void 0) {
    const matches2 = await globMatcher(options.renderPaths, { dot: true });
    if (changedPaths.some((p) => matches2(p))) return true;
  }
  const dirs = /* @__PURE__ */ new Set();
  for (const path of changedPaths) {
    for (let dir = dirOf(path); !dirs.has(dir); dir = dirOf(dir)) {
      dirs.add(dir);
      if (dir === "") break;
    }
  }
  const inDir = (dir, names2) => names2.map((name) => dir === "" ? name : `${dir}/${name}`);
  const explicit = options.kustomize.filter((dir) => dir !== "none");
  const lookups = [
    .../* @__PURE__ */ new Set([
      ...[...dirs].flatMap((dir) => inDir(dir, SOURCE_FILE_NAMES)),
      ...explicit.flatMap((dir) => inDir(dir, KUSTOMIZATION_FILE_NAMES))
    ])
  ];
  if (lookups.length * 2 > MAX_SOURCE_LOOKUPS) return true;
  const [atBase, atHead] = await Promise.all([
    git.readFilesUpTo(base, lookups, 0),
    git.readFilesUpTo(head, lookups, 0)
  ]);
  const found = new Set([atBase, atHead].flatMap((read) => [...read.files.keys(), ...read.oversized.keys()]));
  if ([...dirs].some((dir) => inDir(dir, SOURCE_FILE_NAMES).some((p) => found.has(p)))) return true;
  return explicit.some((dir) => !inDir(dir, KUSTOMIZATION_FILE_NAMES).some((p) => found.has(p)));
}
function dirOf(path) {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}
function renderNotRunNote(command, naming) {
  return `render: ${command}: not run, the range touches none of ${naming.option("render-paths")}`;
}
var SOURCE_FILE_NAMES, MAX_SOURCE_LOOKUPS;
var init_touches_manifests = __esm({
  "src/scan/touches-manifests.ts"() {
    "use strict";
    init_glob_matcher();
    init_kustomization_names();
    SOURCE_FILE_NAMES = [...KUSTOMIZATION_FILE_NAMES, "Chart.yaml", "Chart.yml"];
    MAX_SOURCE_LOOKUPS = 2e3;
  }
});

// src/scan/sources/blame.ts
function blameFile(object, inputs) {
  const changed = new Set(inputs.changedInputs);
  const generator = generatorOf(object, inputs.generators);
  const generated = generator?.files.filter((f) => changed.has(f)) ?? [];
  if (generated.length === 1) return generated[0];
  const naming = inputs.changedInputs.filter((path) => namesObject(inputs.texts.get(path), object));
  if (naming.length === 1) return naming[0];
  return inputs.changedInputs.length === 1 ? inputs.changedInputs[0] : void 0;
}
function generatorOf(object, generators) {
  return generators.filter((g) => g.kind === object.kind && object.name.includes(g.name)).sort((a, b) => b.name.length - a.name.length)[0];
}
function isHashSuffixedGenerated(id, generators) {
  if (!HASH_SUFFIX2.test(id.name)) return false;
  const stem = id.name.replace(HASH_SUFFIX2, "");
  return generators.some((g) => g.kind === id.kind && stem.endsWith(g.name));
}
function namesObject(text, object) {
  if (text === void 0) return false;
  return text.split(/^---[^\n]*$/m).some((doc) => isAbout(doc, object.kind) && namesIn(doc, object.name));
}
function isAbout(doc, kind) {
  const kinds = [...doc.matchAll(/\bkind:\s*["']?([A-Za-z0-9]+)/g)].map((m) => m[1]);
  const generator = kind === "ConfigMap" ? /^configMapGenerator:/m : kind === "Secret" ? /^secretGenerator:/m : void 0;
  return kinds.length === 0 || kinds.includes(kind) || (generator?.test(doc) ?? false);
}
function namesIn(doc, renderedName) {
  for (const match of doc.matchAll(/\bname:\s*["']?([A-Za-z0-9][A-Za-z0-9._-]*)/g)) {
    const name = match[1];
    if (name === renderedName || name.length >= 3 && renderedName.includes(name)) return true;
  }
  return false;
}
var HASH_SUFFIX2;
var init_blame = __esm({
  "src/scan/sources/blame.ts"() {
    "use strict";
    HASH_SUFFIX2 = /-[bcdfghkmt2-9]{10}$/;
  }
});

// src/scan/sources/resource-locations.ts
function writtenObjects(file, text) {
  if (/^\s*[[{]/.test(text)) return [];
  const objects = [];
  let doc = {};
  const flush = () => {
    if (doc.kind && doc.name && doc.line !== void 0) {
      objects.push({
        kind: doc.kind,
        name: doc.name,
        ...doc.namespace ? { namespace: doc.namespace } : {},
        file,
        line: doc.line
      });
    }
    doc = {};
  };
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (/^(---|\.\.\.)([ \t]|$)/.test(line)) {
      flush();
      continue;
    }
    if (/^[ \t]*(#.*)?$/.test(line)) continue;
    doc.line ??= i + 1;
    const top = TOP_LEVEL_KEY.exec(line);
    if (top) {
      const key2 = unquote(top[1]);
      const value = scalar2(top[2]);
      doc.metadataIndent = key2 === "metadata" ? null : void 0;
      if (key2 === "kind") doc.kind = value;
      if (key2 === "metadata" && top[2]?.trim().startsWith("{")) {
        doc.name = /[{,]\s*name\s*:\s*([^,}\s]+)/.exec(top[2])?.[1]?.replace(/^["']|["']$/g, "");
        doc.namespace = /[{,]\s*namespace\s*:\s*([^,}\s]+)/.exec(top[2])?.[1]?.replace(/^["']|["']$/g, "");
      }
      continue;
    }
    if (doc.metadataIndent === void 0) continue;
    const nested = INDENTED_KEY.exec(line);
    if (!nested) continue;
    doc.metadataIndent ??= nested[1];
    if (nested[1] !== doc.metadataIndent) continue;
    const key = unquote(nested[2]);
    if (key === "name") doc.name = scalar2(nested[3]);
    if (key === "namespace") doc.namespace = scalar2(nested[3]);
  }
  flush();
  return objects;
}
function locateWritten(object, written) {
  const sameKind = written.filter((w) => w.kind === object.kind && object.name.includes(w.name));
  const longest = Math.max(0, ...sameKind.map((w) => w.name.length));
  let candidates = sameKind.filter((w) => w.name.length === longest);
  if (candidates.length > 1) candidates = candidates.filter((w) => w.namespace === object.namespace);
  const [only, ...others] = candidates;
  return only !== void 0 && others.length === 0 ? { file: only.file, line: only.line } : void 0;
}
function scalar2(value) {
  if (value === void 0) return void 0;
  const text = value.replace(/[ \t]+#.*$/, "").trim();
  return text === "" ? void 0 : unquote(text);
}
function unquote(text) {
  return /^(["']).*\1$/.test(text) ? text.slice(1, -1) : text;
}
var TOP_LEVEL_KEY, INDENTED_KEY;
var init_resource_locations = __esm({
  "src/scan/sources/resource-locations.ts"() {
    "use strict";
    TOP_LEVEL_KEY = /^([A-Za-z_][\w.-]*|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]+(.*))?$/;
    INDENTED_KEY = /^([ \t]+)([A-Za-z_][\w.-]*|"[^"]*"|'[^']*')[ \t]*:(?:[ \t]+(.*))?$/;
  }
});

// src/scan/render/lfs-generator-inputs.ts
async function lfsPointerInputs(git, commits, sources) {
  const inputs = [...new Set(sources.flatMap((s) => s.generators.flatMap((g) => g.files)))];
  const pointers = /* @__PURE__ */ new Set();
  if (inputs.length === 0) return pointers;
  const reads = await Promise.all(commits.map((c) => git.readFilesUpTo(c, inputs, POINTER_MAX_BYTES)));
  for (const { files } of reads)
    for (const [path, bytes] of files) if (isLfsPointer(bytes.toString("utf8"))) pointers.add(path);
  return pointers;
}
function withoutPointerConfigs(source2, sides, pointers) {
  const fromPointer = source2.generators.filter((g) => g.files.some((f) => pointers.has(f)));
  if (fromPointer.length === 0) return { sides, warnings: [] };
  const generatedFromPointer = (m) => {
    const generator = generatorOf({ kind: m.id.kind, name: m.id.name }, source2.generators);
    return generator !== void 0 && fromPointer.includes(generator);
  };
  const warnings = fromPointer.flatMap(
    (g) => g.files.filter((f) => pointers.has(f)).map((file) => ({
      file,
      unread: "a Git LFS pointer, a generator input",
      message: `a Git LFS pointer, not the file itself: ${source2.label} generates ${g.kind} ${g.name} from it, and its content is in LFS storage, which is not read (config-rollout reads git objects); what changed in ${g.kind} ${g.name} is not in this plan and nothing is planned or copied from the pointer text`
    }))
  );
  return { sides: sides.map((list) => list.filter((m) => !generatedFromPointer(m))), warnings };
}
var POINTER_MAX_BYTES;
var init_lfs_generator_inputs = __esm({
  "src/scan/render/lfs-generator-inputs.ts"() {
    "use strict";
    init_decode_source();
    init_blame();
    POINTER_MAX_BYTES = 1024;
  }
});

// src/scan/render/output-objects.ts
var output_objects_exports = {};
__export(output_objects_exports, {
  createDocumentParser: () => createDocumentParser,
  splitDocuments: () => splitDocuments
});
function splitDocuments(text) {
  if (/^(---[ \t]*\S|\.\.\.|%)/m.test(text)) return void 0;
  return text.split(/^---[ \t]*\r?\n/m).filter((doc) => doc.trim() !== "");
}
function createDocumentParser(label2, defaultNamespace, cache = /* @__PURE__ */ new Map()) {
  const parse2 = (text) => {
    const key = `${defaultNamespace}
${text}`;
    let result = cache.get(key);
    if (!result) {
      const trimmed = withoutCrdSchema(text);
      result = parseManifests(label2, trimmed, { defaultNamespace });
      if (trimmed !== text && result.problems.length > 0)
        result = parseManifests(label2, text, { defaultNamespace });
      cache.set(key, result);
    }
    const problems = result.problems.map((p) => p.file === label2 ? p : { ...p, file: label2 });
    return { manifests: result.manifests, problems };
  };
  return {
    settle: (base, head) => settleOutputs(label2, base, head),
    objectsOf(output) {
      if (output === void 0) return { manifests: [], problems: [] };
      const text = decode(output);
      const docs = text === void 0 ? void 0 : splitDocuments(text);
      if (docs === void 0) return parseManifests(label2, output, { defaultNamespace });
      const distinct = new Set(docs);
      const parsed = docs.map(parse2);
      return {
        manifests: parsed.flatMap((p) => p.manifests),
        problems: parsed.flatMap((p, i) => distinct.delete(docs[i]) ? p.problems : [])
      };
    }
  };
}
function settleOutputs(label2, base, head) {
  const broken = (side) => side.problems.some((p) => p.severity === "error");
  const problems = [];
  if (head.problems.length === 0) {
    for (const p of base.problems)
      problems.push({
        ...p,
        severity: "warning",
        message: `at the base commit: ${p.message}`,
        ...p.severity === "error" ? { unread: BROKEN_AT.base } : {}
      });
  }
  for (const p of head.problems) problems.push(p.severity === "error" ? { ...p, unread: BROKEN_AT.head } : p);
  const carried = (to, from, side) => {
    if (!broken(to)) return to.manifests;
    const ids = new Set(to.manifests.map((m) => idKey(m.id)));
    const missing = from.manifests.filter((m) => !ids.has(idKey(m.id)));
    for (const m of missing.filter((m2) => isConfigKind(m2.id.kind)))
      problems.push({
        file: label2,
        line: 1,
        col: 1,
        severity: "warning",
        message: `cannot tell whether ${formatId(m.id)} changed: the output has errors at the ${side} commit`
      });
    return [...to.manifests, ...missing];
  };
  return { base: carried(base, head, "base"), head: carried(head, base, "head"), problems };
}
function decode(bytes) {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return void 0;
  }
}
var init_output_objects = __esm({
  "src/scan/render/output-objects.ts"() {
    "use strict";
    init_api_kinds();
    init_model();
    init_crd_schema();
    init_parse_manifests();
    init_scan_model();
  }
});

// src/scan/render/both-commits.ts
async function renderBothCommits(git, base, head, sources, pathDirs, defaultNamespace, log, timeoutMs) {
  log.info(`rendering ${sources.map((s) => s.label).join(", ")} at ${shortSha(base)} and ${shortSha(head)}`);
  const scope = sources.some((s) => s.scope === void 0) ? void 0 : checkoutScope(
    sources.flatMap((s) => s.scope ?? []),
    []
  );
  const kustomizeScope = checkoutScope(
    sources.flatMap((s) => s.kustomization ? s.scope ?? [""] : []),
    []
  );
  const trees = await createCommitTrees(git.root, findExecutable("git", pathDirs) ?? "git", scope, {
    ...sources.some((s) => s.kustomization) ? { symlinks: { scope: kustomizeScope } } : {},
    timeoutMs
  });
  try {
    const blameTexts = readTexts(git, head, [
      ...new Set(sources.flatMap((s) => [...s.changedInputs, ...s.resourceFiles ?? []]))
    ]);
    blameTexts.catch(() => {
    });
    const pointerInputs = lfsPointerInputs(git, [head, base], sources);
    pointerInputs.catch(() => {
    });
    const { createDocumentParser: createDocumentParser2 } = await Promise.resolve().then(() => (init_output_objects(), output_objects_exports));
    const cache = /* @__PURE__ */ new Map();
    const parsers = sources.map(
      (source2) => createDocumentParser2(`(${source2.label} output)`, source2.defaultNamespace ?? defaultNamespace, cache)
    );
    const outputs = await renderEach(sources, [head, base], trees, log);
    const parsed = parseOutputs(sources, outputs, parsers);
    const { headParsed, baseParsed, unbuilt } = parsed;
    const pointers = await pointerInputs;
    const warnings = [...parsed.warnings];
    sources.forEach((source2, i) => {
      const kept = withoutPointerConfigs(source2, [baseParsed[i], headParsed[i]], pointers);
      [baseParsed[i], headParsed[i]] = kept.sides;
      warnings.push(...kept.warnings);
    });
    const texts = await blameTexts;
    const written = writtenObjectsOf(sources, [baseParsed, headParsed], texts);
    const labelled = (m, source2) => ({
      ...m,
      origin: source2.label,
      ...blamed(m, source2, texts, written.get(source2) ?? []),
      ...isConfigKind(m.id.kind) && isHashSuffixedGenerated(m.id, source2.generators) ? { selfRolling: true } : {},
      ...stampedAs2(m, source2)
    });
    const problems = parsed.problems;
    const baseObjects = sources.flatMap((source2, i) => baseParsed[i].map((m) => labelled(m, source2)));
    const headObjects = sources.flatMap(
      (source2, i) => headParsed[i].map((m) => withUnsubstituted(labelled(m, source2), source2.unsubstituted))
    );
    log.debug(
      `rendered ${sources.length} source(s): ${baseObjects.length} object(s) at base, ${headObjects.length} at head`
    );
    return { base: baseObjects, head: headObjects, problems, warnings, unbuilt };
  } finally {
    await trees.dispose();
  }
}
function stampedAs2(m, source2) {
  if (source2.stamped === "namespace-free")
    return m.id.namespace === "" ? {} : { namespaceByDeployment: true };
  return source2.stamped ? { stampCannotMatch: source2.stamped.cannotMatch } : {};
}
function withUnsubstituted(m, kept) {
  if (!kept?.size || !isConfigKind(m.id.kind)) return m;
  const text = JSON.stringify(m.object);
  const names2 = [...kept].filter((name) => new RegExp(`\\$\\{${name}[}:=-]`).test(text)).sort();
  return names2.length > 0 ? { ...m, unsubstituted: names2 } : m;
}
function parseOutputs(sources, outputs, parsers) {
  const failures = [];
  const unbuilt = /* @__PURE__ */ new Map();
  const none = { manifests: [], problems: [] };
  const headParsed = sources.map((source2, i) => {
    const [atHead, atBase] = outputs[i];
    if (!(atHead instanceof KustomizeBuildError)) return parsers[i].objectsOf(atHead);
    if (atBase instanceof KustomizeBuildError) {
      unbuilt.set(source2.label, "both");
      failures.push({ source: source2, atBase, atHead });
    }
    return none;
  });
  const baseParsed = sources.map((source2, i) => {
    const output = outputs[i][1];
    if (outputs[i][0] instanceof KustomizeBuildError) return none;
    if (!(output instanceof KustomizeBuildError)) return parsers[i].objectsOf(output);
    unbuilt.set(source2.label, "base");
    failures.push({ source: source2, atBase: output, removed: outputs[i][0] === void 0 });
    return { manifests: headParsed[i].manifests, problems: [] };
  });
  const settled = parsers.map((parser, i) => parser.settle(baseParsed[i], headParsed[i]));
  return {
    headParsed: settled.map((s) => s.head),
    baseParsed: settled.map((s) => s.base),
    problems: settled.flatMap((s) => s.problems),
    warnings: failureWarnings(failures),
    unbuilt
  };
}
function failureWarnings(failures) {
  const groups = /* @__PURE__ */ new Map();
  for (const failure of failures) {
    const error = failure.atHead ?? failure.atBase;
    const key = [failure.atHead ? "both" : "base", failure.removed, error.why, error.detail].join("\0");
    groups.set(key, [...groups.get(key) ?? [], failure]);
  }
  return [...groups.values()].map((group) => {
    const [first, ...others] = group;
    return {
      file: first.source.file,
      ...others.length > 0 ? { more: others.map((f) => f.source.file) } : {},
      message: first.atHead ? brokenAtBothWarning(group, first.atBase, first.atHead) : baseFailureWarning(group, first.atBase, !first.removed),
      unread: first.atHead ? "kustomization, cannot be built at either commit" : "kustomization, cannot be built at the base commit"
    };
  });
}
async function renderEach(sources, commits, trees, log) {
  const jobs = sources.flatMap((source2, i) => commits.map((commit, side) => ({ source: source2, i, commit, side })));
  const outputs = sources.map(() => [void 0, void 0]);
  const settled = sources.map(() => [false, false]);
  const failed2 = new AbortController();
  let firstError;
  const stop = (error) => {
    if (failed2.signal.aborted) return;
    failed2.abort();
    firstError = error;
  };
  const decide = (i) => {
    const [atHead, atBase] = outputs[i];
    if (!(atHead instanceof KustomizeBuildError) || !settled[i][1]) return;
    if (!(atBase instanceof KustomizeBuildError))
      stop(new UserError(headFailureMessage(sources[i], atHead)));
  };
  await runLimited(jobs, renderSlots(), async ({ source: source2, i, commit, side }) => {
    if (failed2.signal.aborted) return;
    const started = performance.now();
    try {
      const checkout = { dir: await trees.dirOf(commit), scratch: trees.root };
      outputs[i][side] = await source2.render(checkout, commit, failed2.signal);
    } catch (error) {
      const kustomization = error instanceof KustomizeBuildError ? source2.kustomization : void 0;
      if (kustomization !== void 0 && (side === 1 || !kustomization.named)) {
        outputs[i][side] = error;
      } else if (failed2.signal.aborted) {
        return;
      } else {
        stop(error instanceof KustomizeBuildError ? new UserError(headFailureMessage(source2, error)) : error);
        return;
      }
    }
    settled[i][side] = true;
    decide(i);
    log.debug(`${source2.label} at ${shortSha(commit)}: ${formatDuration(performance.now() - started)}`);
  });
  if (firstError !== void 0) throw firstError;
  return outputs;
}
function headFailureMessage(source2, error) {
  const ways = source2.kustomization?.named ? "Fix the kustomization, or leave it out of --kustomize (--kustomize none reads raw files only)" : "Fix the kustomization, or plan without it: --kustomize DIR names the kustomizations this cluster runs, --kustomize none reads raw files only";
  return `${source2.label} cannot be built at the head commit ${shortSha(error.commit)}: \`${error.command}\` failed (${error.why})${error.detail ? `: ${error.detail}` : ""}
Nothing was planned or applied. ${ways}.`;
}
function whoFailed(group) {
  const labels = group.map((f) => f.source.label);
  const who = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
  return { who, they: labels.length > 1 };
}
function brokenAtBothWarning(group, atBase, atHead) {
  const { who, they } = whoFailed(group);
  const alike = they ? ", each alike" : "";
  return `${who} cannot be built at the base commit ${shortSha(atBase.commit)} nor at the head commit ${shortSha(atHead.commit)} (\`${atHead.command}\`${alike}: ${atHead.why}${atHead.detail ? `: ${atHead.detail}` : ""}); ${they ? "they were" : "it was"} broken before this push, so nothing is planned from ${they ? "them" : "it"}. If this cluster does not deploy ${they ? "them" : "it"}, --kustomize none plans without kustomizations and --kustomize DIR names those it runs`;
}
function baseFailureWarning(group, error, atHead) {
  const { who, they } = whoFailed(group);
  const now = atHead ? `${they ? "they build" : "it builds"} at head, so this push fixes ${they ? "them" : "it"}` : `this push removes ${they ? "them" : "it"}`;
  return `${who} cannot be built at the base commit ${shortSha(error.commit)} (\`${error.command}\`${they ? ", each alike" : ""}: ${error.why}${error.detail ? `: ${error.detail}` : ""}); ${now}, but what the push changed in ${they ? "them" : "it"} cannot be told: ${they ? "their" : "its"} configs restart nothing (${they ? "their" : "its"} workloads still restart for configs changed elsewhere)`;
}
function blamed(m, source2, texts, written) {
  const blamedFile = blameFile(
    { kind: m.id.kind, name: m.id.name },
    { changedInputs: source2.changedInputs, generators: source2.generators, texts }
  );
  const at = locateWritten(m.id, written) ?? { file: source2.file, line: 1 };
  const where = blamedFile !== void 0 && isConfigKind(m.id.kind) && blamedFile !== at.file ? { file: blamedFile, line: 1 } : at;
  return { ...blamedFile !== void 0 ? { blamedFile } : {}, ...where };
}
function writtenObjectsOf(sources, parsed, texts) {
  const located = (m) => isConfigKind(m.id.kind) || isWorkloadKind(m.id.kind);
  const byFile = /* @__PURE__ */ new Map();
  const objectsIn = (path) => {
    let objects = byFile.get(path);
    if (objects === void 0) {
      const text = texts.get(path);
      objects = text === void 0 ? [] : writtenObjects(path, text);
      byFile.set(path, objects);
    }
    return objects;
  };
  const written = /* @__PURE__ */ new Map();
  for (const [i, source2] of sources.entries()) {
    if (!parsed.some((side) => side[i]?.some(located))) continue;
    const generated = source2.generators.map((g) => ({
      kind: g.kind,
      name: g.name,
      file: source2.file,
      line: 1
    }));
    written.set(source2, [...(source2.resourceFiles ?? []).flatMap(objectsIn), ...generated]);
  }
  return written;
}
async function readTexts(git, rev, paths) {
  const files = await git.readFiles(rev, paths);
  return new Map([...files].map(([path, bytes]) => [path, bytes.toString("utf8")]));
}
var init_both_commits = __esm({
  "src/scan/render/both-commits.ts"() {
    "use strict";
    init_commit_sha();
    init_duration();
    init_errors();
    init_api_kinds();
    init_workload_kinds();
    init_run_limited();
    init_blame();
    init_resource_locations();
    init_checkout_scope();
    init_kustomize();
    init_lfs_generator_inputs();
    init_materialize_tree();
    init_renderer_environment();
  }
});

// src/scan/sources/kustomize-entries.ts
async function withPresentPaths(rules, kustomizations, present) {
  if (rules.untrustedHead === void 0 || rules.allowRemote) return rules;
  const paths = new Set([...kustomizations].flatMap((k) => k.loadable.map((e) => e.path)));
  return { ...rules, presentAtHead: await present([...paths]) };
}
function pathsOf(files) {
  const paths = /* @__PURE__ */ new Set();
  for (const file of files) {
    paths.add(file);
    for (let end = file.lastIndexOf("/"); end > 0; end = file.lastIndexOf("/", end - 1)) {
      const dir = file.slice(0, end);
      if (paths.has(dir)) break;
      paths.add(dir);
    }
  }
  return paths;
}
function refusedEntries(label2, kustomizations, side, rules) {
  for (const k of kustomizations) {
    const outside = k.outside[0];
    if (outside !== void 0) {
      return `${label2}: ${k.path} at the ${side} commit names ${JSON.stringify(outside)}, which is outside the repository; a kustomization may read only files of the repository. Nothing was rendered or applied: name a file inside the repository`;
    }
  }
  if (side !== "head" || rules.untrustedHead === void 0 || rules.allowRemote) return void 0;
  for (const k of kustomizations) {
    const remote = k.remote[0];
    if (remote !== void 0) {
      return `${label2}: ${k.path} at the head commit names the remote resource ${JSON.stringify(remote)}, and the head is ${rules.untrustedHead}: remote kustomize resources are not fetched from an untrusted head. Nothing was rendered or applied: vendor it into the repository, or pass --allow-remote-kustomize if you trust every pull request author`;
    }
    if (k.problem !== void 0) {
      return `${label2}: ${k.path} at the head commit cannot be read (${k.problem}), so whether it names a remote resource is not known, and the head is ${rules.untrustedHead}: remote kustomize resources are not fetched from an untrusted head. Nothing was rendered or applied: fix the file, or pass --allow-remote-kustomize if you trust every pull request author`;
    }
    const absent = k.loadable.find((e) => e.path !== "" && !rules.presentAtHead?.has(e.path));
    if (absent !== void 0) {
      return `${label2}: ${k.path} at the head commit names ${JSON.stringify(absent.written)}, which is no file or directory of the head commit, so kustomize would fetch it as a remote resource, and the head is ${rules.untrustedHead}: remote kustomize resources are not fetched from an untrusted head. Nothing was rendered or applied: name a path of the repository (vendor the resource into it), or pass --allow-remote-kustomize if you trust every pull request author`;
    }
  }
  return void 0;
}
var init_kustomize_entries = __esm({
  "src/scan/sources/kustomize-entries.ts"() {
    "use strict";
  }
});

// src/scan/sources/kustomize-graph.ts
function buildKustomizeGraph(kustomizations) {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const includers = /* @__PURE__ */ new Map();
  for (const k of kustomizations) {
    for (const entry of k.entries) {
      if (!byDir.has(entry) || entry === k.dir) continue;
      const list = includers.get(entry) ?? [];
      if (!list.includes(k)) list.push(k);
      includers.set(entry, list);
    }
  }
  const roots = kustomizations.filter((k) => !includers.has(k.dir) && !k.isComponent).map((k) => k.dir).sort();
  const cache = /* @__PURE__ */ new Map();
  const inputsOf = (dir) => {
    const cached = cache.get(dir);
    if (cached) return cached;
    const inputs = /* @__PURE__ */ new Set();
    cache.set(dir, inputs);
    const k = byDir.get(dir);
    if (!k) return inputs;
    inputs.add(k.path);
    for (const file of k.files) inputs.add(file);
    for (const entry of k.entries) {
      if (byDir.has(entry)) for (const file of inputsOf(entry)) inputs.add(file);
      else inputs.add(entry);
    }
    return inputs;
  };
  const ownedFiles = /* @__PURE__ */ new Set();
  for (const k of kustomizations) for (const file of inputsOf(k.dir)) ownedFiles.add(file);
  return { roots, ownedFiles, inputsOf, includersOf: (dir) => includers.get(dir) ?? [] };
}
function kustomizationsUnder(dir, kustomizations) {
  const byDir = kustomizations instanceof Map ? kustomizations : new Map(kustomizations.map((k) => [k.dir, k]));
  const seen2 = /* @__PURE__ */ new Set();
  const order = [];
  const walk = (d) => {
    const k = byDir.get(d);
    if (!k || seen2.has(d)) return;
    seen2.add(d);
    order.push(k);
    for (const entry of k.entries) walk(entry);
  };
  walk(dir);
  return order;
}
function resourceFilesOf(kustomizations, isKustomization) {
  return [...new Set(kustomizations.flatMap((k) => k.resources))].filter((path) => !isKustomization(path));
}
var init_kustomize_graph = __esm({
  "src/scan/sources/kustomize-graph.ts"() {
    "use strict";
  }
});

// src/scan/sources/kustomize-notes.ts
function notDeployedNotes(dirs) {
  if (dirs.length === 0) return [];
  const MAX_NAMED5 = 5;
  const named = dirs.slice(0, MAX_NAMED5).join(", ");
  const more = dirs.length > MAX_NAMED5 ? ` and ${dirs.length - MAX_NAMED5} more` : "";
  const what = dirs.length === 1 ? "1 kustomization" : `${dirs.length} kustomizations`;
  return [
    `${what} in test, example or docs directories not rendered (${named}${more}): name one with --kustomize DIR, or give --paths a glob that names its directory, to plan from it`
  ];
}
function untouchedNotes(labels) {
  const MAX_NAMED5 = 5;
  if (labels.length <= MAX_NAMED5) {
    return labels.map((label2) => `${label2}: not rendered, the range touches none of its files`);
  }
  const named = labels.slice(0, MAX_NAMED5).map((label2) => label2.replace(/^kustomize /, ""));
  return [
    `${labels.length} kustomizations not rendered, the range touches none of their files (${named.join(", ")} and ${labels.length - MAX_NAMED5} more)`
  ];
}
var init_kustomize_notes = __esm({
  "src/scan/sources/kustomize-notes.ts"() {
    "use strict";
  }
});

// src/scan/sources/kustomize-roots.ts
function chooseRoots(kustomizations, graph, rules) {
  const discovered = rules.paths ? kustomizations.filter((k) => matchesPaths(k, rules.paths)) : kustomizations;
  const discoveredDirs = new Set(discovered.map((k) => k.dir));
  const includersOf = (k) => graph.includersOf(k.dir).filter((i) => discoveredDirs.has(i.dir));
  const planned = (k) => !k.isComponent && (notDeployedDir(k.dir) === void 0 || namedByGlob(k.dir, rules.paths?.globs ?? []));
  const rendered = /* @__PURE__ */ new Map();
  const isRoot = (k) => {
    if (!planned(k)) return false;
    const includers = renderedIncluders(k);
    return includers.length === 0 || deployedOnItsOwn(k, includers, rules.deployedDirs);
  };
  const renderedIncluders = (k) => includersOf(k).filter((i) => isRendered(i));
  const isRendered = (k) => {
    const known = rendered.get(k.dir);
    if (known !== void 0) return known;
    rendered.set(k.dir, false);
    const answer = isRoot(k) || renderedIncluders(k).length > 0;
    rendered.set(k.dir, answer);
    return answer;
  };
  const roots = [];
  const notDeployed = [];
  for (const k of discovered) {
    if (isRoot(k)) roots.push(k.dir);
    else if (!k.isComponent && !planned(k) && includersOf(k).length === 0) notDeployed.push(k.dir);
  }
  return { roots: roots.sort(), notDeployed: notDeployed.sort() };
}
function rootsWithout(broken, byCommit, rules, planned) {
  const dirs = /* @__PURE__ */ new Set();
  for (const ks of byCommit) {
    const kept = [...ks.values()].filter((k) => !broken.has(k.dir));
    for (const dir of chooseRoots(kept, buildKustomizeGraph(kept), rules).roots) dirs.add(dir);
  }
  return [...dirs].filter((dir) => !planned.has(dir) && !broken.has(dir)).sort().map((dir) => ({
    dir,
    brokenIncluders: [...broken].filter((b) => byCommit.some((ks) => kustomizationsUnder(b, ks).some((k) => k.dir === dir))).sort()
  }));
}
function notDeployedDir(dir) {
  return dir.split("/").find((segment) => NOT_DEPLOYED_DIR_NAMES.includes(segment));
}
function deployedOnItsOwn(k, includers, deployedDirs) {
  if (deployedDirs.has(k.dir)) return true;
  if (k.namespace === void 0) return false;
  if (k.dir.split("/").some((segment) => SHARED_DIR_NAMES.has(segment))) return false;
  return includers.every((i) => i.namespace !== void 0 && i.namespace !== k.namespace);
}
function matchesPaths(k, paths) {
  return paths.matches(k.path) || paths.matches(k.dir === "" ? "kustomization.yaml" : `${k.dir}/kustomization.yaml`);
}
function namedByGlob(dir, globs) {
  const names2 = dir.split("/").filter((segment) => NOT_DEPLOYED_DIR_NAMES.includes(segment));
  return names2.every((name) => globs.some((glob) => glob.split("/").includes(name)));
}
var NOT_DEPLOYED_DIR_NAMES, SHARED_DIR_NAMES;
var init_kustomize_roots = __esm({
  "src/scan/sources/kustomize-roots.ts"() {
    "use strict";
    init_kustomize_graph();
    NOT_DEPLOYED_DIR_NAMES = [
      "test",
      "tests",
      "e2e",
      "testdata",
      "example",
      "examples",
      "docs",
      "hack"
    ];
    SHARED_DIR_NAMES = /* @__PURE__ */ new Set(["base", "bases", "components"]);
  }
});

// src/scan/sources/kustomization-file.ts
var kustomization_file_exports = {};
__export(kustomization_file_exports, {
  classifyEntry: () => classifyEntry,
  joinPath: () => joinPath,
  namedValues: () => namedValues,
  readKustomizationFile: () => readKustomizationFile
});
function readKustomizationFile(path, text) {
  const dir = kustomizationDirOf(path) ?? "";
  const result = {
    dir,
    path,
    isComponent: false,
    entries: [],
    resources: [],
    files: [],
    generators: [],
    patchFiles: [],
    remote: [],
    loadable: [],
    outside: []
  };
  let doc;
  try {
    doc = (0, import_yaml3.parse)(text, { logLevel: "error", maxAliasCount: 100 });
  } catch (error) {
    result.problem = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    return result;
  }
  if (!isRecord(doc)) return result;
  result.isComponent = field(doc, "kind") === "Component";
  if (CARRYING_FIELDS.some((key) => field(doc, key) !== void 0 && field(doc, key) !== null))
    result.carriesValues = true;
  if (PROGRAM_FIELDS.some((key) => field(doc, key) !== void 0 && field(doc, key) !== null))
    result.runsPrograms = true;
  const namespace = field(doc, "namespace");
  if (typeof namespace === "string" && namespace.trim() !== "") result.namespace = namespace.trim();
  for (const { field: name, value } of namedValues(doc)) {
    const entry = classifyEntry(dir, value, name);
    if (entry.kind === "remote" && !result.remote.includes(entry.written)) result.remote.push(entry.written);
    if (entry.kind === "outside" && !result.outside.includes(entry.written))
      result.outside.push(entry.written);
    if (entry.kind === "local" && LOADABLE_FIELDS.includes(name))
      result.loadable.push({ written: value.trim(), path: entry.path });
  }
  const pathsOf2 = (name) => namedValues(doc).filter((v) => v.field === name).map((v) => classifyEntry(dir, v.value, name)).flatMap((entry) => entry.kind === "local" ? [entry.path] : []);
  const pushAll = (into, paths) => {
    for (const path2 of paths) if (!into.includes(path2)) into.push(path2);
  };
  for (const key of LOADABLE_FIELDS) pushAll(result.entries, pathsOf2(key));
  for (const key of ["resources", "bases"]) pushAll(result.resources, pathsOf2(key));
  for (const key of ["crds", "configurations"]) pushAll(result.files, pathsOf2(key));
  const patchPaths = ["patchesStrategicMerge", "patchesJson6902[].path", "patches[].path"].flatMap(pathsOf2);
  pushAll(result.patchFiles, patchPaths);
  pushAll(result.files, patchPaths);
  pushAll(result.files, pathsOf2("replacements[].path"));
  pushAll(result.files, pathsOf2("openapi.path"));
  for (const [key, kind] of [
    ["configMapGenerator", "ConfigMap"],
    ["secretGenerator", "Secret"]
  ]) {
    for (const generator of listOf(field(doc, key))) {
      const name = field(generator, "name");
      const paths = [];
      for (const value of generatorFiles(generator)) {
        const entry = classifyEntry(dir, value, key);
        if (entry.kind === "local" && !paths.includes(entry.path)) paths.push(entry.path);
      }
      for (const path2 of paths) if (!result.files.includes(path2)) result.files.push(path2);
      if (typeof name === "string") result.generators.push({ kind, name, files: paths });
    }
  }
  return result;
}
function namedValues(doc) {
  const out = [];
  const add = (name, values) => {
    for (const value of values) out.push({ field: name, value });
  };
  for (const key of [
    "resources",
    "bases",
    "components",
    "generators",
    "transformers",
    "validators",
    "crds",
    "configurations",
    "patchesStrategicMerge"
  ]) {
    add(key, listOf(field(doc, key)));
  }
  for (const key of ["patchesJson6902", "patches", "replacements"]) {
    add(
      `${key}[].path`,
      listOf(field(doc, key)).map((item) => field(item, "path"))
    );
  }
  add("openapi.path", [field(field(doc, "openapi"), "path")]);
  for (const key of ["configMapGenerator", "secretGenerator"]) {
    add(key, listOf(field(doc, key)).flatMap(generatorFiles));
  }
  for (const chart of listOf(field(doc, "helmCharts"))) {
    add("helmCharts[].valuesFile", [field(chart, "valuesFile")]);
    add("helmCharts[].additionalValuesFiles", listOf(field(chart, "additionalValuesFiles")));
  }
  add("helmGlobals.chartHome", [field(field(doc, "helmGlobals"), "chartHome")]);
  return out;
}
function generatorFiles(generator) {
  return [
    ...listOf(field(generator, "files")).map(
      (f) => typeof f === "string" && f.includes("=") ? f.slice(f.indexOf("=") + 1) : f
    ),
    ...listOf(field(generator, "envs")),
    field(generator, "env")
  ];
}
function classifyEntry(dir, value, name) {
  if (typeof value !== "string" || value.trim() === "") return { kind: "inline" };
  const written = value.trim();
  if (written.includes("\n")) return { kind: "inline" };
  if (/^(git::)?file:/i.test(written)) return { kind: "outside", written };
  if (isRemote(written)) return { kind: "remote", written };
  if (name === "patchesStrategicMerge" && (written.startsWith("{") || written.includes(": ")))
    return { kind: "inline" };
  const path = joinPath(dir, written);
  if (written.startsWith("/") || path === ".." || path.startsWith("../")) return { kind: "outside", written };
  return { kind: "local", path };
}
function listOf(value) {
  return Array.isArray(value) ? value : [];
}
function isRemote(value) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^https?:/i.test(value) || /^git::/i.test(value) || /^[^/]+@[^/]+:/.test(value) || /^(github|gitlab|bitbucket)\.(com|org)[/:]/i.test(value);
}
function joinPath(dir, relative4) {
  const parts = dir.split("/").filter(Boolean);
  for (const part of relative4.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (parts.length === 0 || parts[parts.length - 1] === "..") parts.push("..");
      else parts.pop();
    } else {
      parts.push(part);
    }
  }
  return parts.join("/");
}
var import_yaml3, PROGRAM_FIELDS, LOADABLE_FIELDS, CARRYING_FIELDS;
var init_kustomization_file = __esm({
  "src/scan/sources/kustomization-file.ts"() {
    "use strict";
    import_yaml3 = __toESM(require_yaml(), 1);
    init_json_shape();
    init_kustomization_names();
    PROGRAM_FIELDS = [
      "helmCharts",
      "helmChartInflationGenerator",
      "generators",
      "transformers",
      "validators"
    ];
    LOADABLE_FIELDS = ["resources", "bases", "components", "generators", "transformers", "validators"];
    CARRYING_FIELDS = [
      "replacements",
      "vars",
      "generators",
      "transformers",
      "helmCharts",
      "helmChartInflationGenerator",
      "configurations",
      "crds"
    ];
  }
});

// src/scan/render/kustomizations-at.ts
async function kustomizationsAt(git, ctx) {
  const kustomizationPaths = (paths) => {
    const preference = (p) => KUSTOMIZATION_FILE_NAMES.indexOf(p.slice(p.lastIndexOf("/") + 1));
    return paths.filter((p) => kustomizationDirOf(p) !== void 0).sort((a, b) => preference(a) - preference(b));
  };
  const headPaths = kustomizationPaths(ctx.headFiles);
  const basePaths = kustomizationPaths(ctx.baseFiles);
  const toRead = basePaths.filter((p) => ctx.differAtBase.has(p));
  const reader = headPaths.length + basePaths.length > 0 ? Promise.resolve().then(() => (init_kustomization_file(), kustomization_file_exports)) : void 0;
  reader?.catch(() => {
  });
  const [headTexts, baseTexts] = await Promise.all([
    headPaths.length > 0 ? git.readFiles(ctx.head, headPaths) : /* @__PURE__ */ new Map(),
    toRead.length > 0 ? git.readFiles(ctx.base, toRead) : /* @__PURE__ */ new Map()
  ]);
  const readKustomizationFile2 = reader ? (await reader).readKustomizationFile : void 0;
  const parse2 = (paths, textOf) => {
    const byDir = /* @__PURE__ */ new Map();
    if (!readKustomizationFile2) return byDir;
    for (const path of paths) {
      const k = readKustomizationFile2(path, textOf(path)?.toString("utf8") ?? "");
      if (!byDir.has(k.dir)) byDir.set(k.dir, k);
    }
    return byDir;
  };
  const headKs = parse2(headPaths, (p) => headTexts.get(p));
  const baseKs = parse2(basePaths, (p) => ctx.differAtBase.has(p) ? baseTexts.get(p) : headTexts.get(p));
  return [
    buildKustomizeGraph([...baseKs.values()]),
    buildKustomizeGraph([...headKs.values()]),
    baseKs,
    headKs
  ];
}
var init_kustomizations_at = __esm({
  "src/scan/render/kustomizations-at.ts"() {
    "use strict";
    init_kustomization_names();
    init_kustomize_graph();
  }
});

// src/scan/render/kustomizations-to-render.ts
async function findKustomizeSources(git, ctx) {
  const [baseGraph, headGraph, baseKs, headKs] = await kustomizationsAt(git, ctx);
  const entryRules = await withPresentPaths(
    ctx.entryRules,
    headKs.values(),
    (paths) => git.presentPaths(ctx.head, paths)
  );
  const notes = [];
  for (const dir of ctx.dirs) {
    if (!baseKs.has(dir) && !headKs.has(dir)) {
      throw new UserError(
        `--kustomize ${dir || "."}: no kustomization.yaml in that directory at either commit`
      );
    }
  }
  for (const k of headKs.values()) {
    if (k.problem !== void 0)
      notes.push(`${k.path}: cannot be read (${k.problem}); its inputs are unknown`);
  }
  const touches = (dir, inputs, included) => {
    const unreadable = included.some((k) => k.problem !== void 0);
    return ctx.changedPaths.filter(
      (p) => inputs.has(p) || unreadable && (dir === "" || p.startsWith(`${dir}/`))
    );
  };
  const inputsOf = (dir) => /* @__PURE__ */ new Set([...baseGraph.inputsOf(dir), ...headGraph.inputsOf(dir)]);
  const includedIn = (dir) => [
    ...kustomizationsUnder(dir, headKs),
    ...kustomizationsUnder(dir, baseKs)
  ];
  let roots = ctx.dirs;
  let notDeployed = [];
  let deployments = [];
  let rules;
  if (ctx.dirs.length === 0) {
    const choice = await discoverRoots(
      git,
      ctx,
      [baseGraph, headGraph],
      [baseKs, headKs],
      (dir) => touches(dir, inputsOf(dir), includedIn(dir))
    );
    roots = choice.roots;
    deployments = choice.deployments;
    rules = choice.rules;
    notDeployed = choice.notDeployed.filter((dir) => touches(dir, inputsOf(dir), includedIn(dir)).length > 0);
  }
  const sources = [];
  const untouched = [];
  const binary = lazy(() => findKustomize(ctx.pathDirs));
  const readBy = /* @__PURE__ */ new Map();
  const sourcesOf = (dir) => {
    const label2 = `kustomize ${dir || "."}`;
    const inputs = inputsOf(dir);
    const included = includedIn(dir);
    const made = [];
    const ways = deploymentsOfDir(dir, deployments);
    const stamped = stampedAs(label2, ways);
    for (const deployment of ways) {
      const components = componentsOf(deployment);
      const at = { label: label2, inputs, included, changedInputs: [], baseKs, headKs, binary };
      if (deployment) {
        at.label = `${label2} (as ${deployment.by} deploys it: ${describeDeployment(deployment)})`;
        at.inputs = /* @__PURE__ */ new Set([...inputs, ...components.flatMap((c) => [...inputsOf(c)])]);
        at.included = [...included, ...components.flatMap(includedIn)];
      }
      at.changedInputs = touches(dir, at.inputs, at.included);
      if (deployment?.atBase) at.changedInputs.push(deployment.atBase.file);
      if (at.changedInputs.length === 0) continue;
      const source2 = kustomizeSource(
        dir,
        { ...ctx, entryRules },
        at,
        deployment && { deployment, index: readBy.size }
      );
      if (stamped) source2.stamped = stamped;
      readBy.set(source2, at.included);
      made.push(source2);
    }
    return made;
  };
  for (const dir of roots) {
    const made = sourcesOf(dir);
    if (made.length === 0) untouched.push(`kustomize ${dir || "."}`);
    sources.push(...made);
  }
  await markInert(git, ctx, sources, (source2) => readBy.get(source2) ?? []);
  notes.push(...untouchedNotes(untouched), ...notDeployedNotes(notDeployed));
  if (sources.length > 0 && await binary() === void 0) {
    throw new UserError(`${sources.map((s) => s.label).join(", ")} changed but ${NO_KUSTOMIZE_HINT}`);
  }
  const planned = new Set(roots);
  const brokenSources = /* @__PURE__ */ new Set();
  const onTheirOwn = (broken) => {
    for (const source2 of broken) brokenSources.add(source2);
    const made = [...readBy.keys()];
    const brokenDirs = new Set(
      [...planned].filter((dir) => {
        const of = made.filter((s) => s.kustomization?.dir === dir);
        return of.length > 0 && of.every((s) => brokenSources.has(s));
      })
    );
    return rootsWithout(brokenDirs, [baseKs, headKs], rules, planned).flatMap(({ dir, brokenIncluders }) => {
      planned.add(dir);
      return sourcesOf(dir).map((source2) => ({ source: source2, brokenIncluders }));
    });
  };
  return {
    sources,
    warnings: templatedSettingWarnings(deployments, new Set(sources.map((s) => s.kustomization?.dir))),
    owned: (path) => baseGraph.ownedFiles.has(path) || headGraph.ownedFiles.has(path),
    notes,
    componentsMayCarryValues: [...baseKs.values(), ...headKs.values()].some(
      (k) => k.problem !== void 0 || k.isComponent && (k.carriesValues || k.runsPrograms)
    ),
    ...rules ? { onTheirOwn } : {}
  };
}
function kustomizeSource(dir, ctx, at, as) {
  const { included, baseKs, headKs } = at;
  const unreadable = included.some((k) => k.problem !== void 0);
  const rules = ctx.entryRules;
  const read = [dir, ...componentsOf(as?.deployment)];
  const refused = refusedEntries(
    at.label,
    read.flatMap((d) => kustomizationsUnder(d, headKs)),
    "head",
    rules
  ) ?? refusedEntries(
    at.label,
    read.flatMap((d) => kustomizationsUnder(d, baseKs)),
    "base",
    rules
  );
  if (refused !== void 0) throw new UserError(refused);
  const quietness = secretQuietness(included);
  const generatorInputs = new Set(included.flatMap((k) => k.generators.flatMap((g) => g.files)));
  const textSubstituted = as?.deployment.settings.substitute !== void 0;
  const unsubstituted = as?.deployment.settings.substitute?.keepUnknown ? /* @__PURE__ */ new Set() : void 0;
  const readsAsData = unreadable || included.some((k) => k.runsPrograms) || as?.deployment.atBase ? void 0 : (path, text) => !generatorInputs.has(path) && yamlDataInput(path, text, { textSubstituted });
  return {
    label: at.label,
    // The checkout of a kustomization that does not parse is the whole tree.
    scope: unreadable ? void 0 : checkoutScope(
      included.map((k) => k.dir),
      at.inputs
    ),
    file: (headKs.get(dir) ?? baseKs.get(dir)).path,
    changedInputs: at.changedInputs,
    generators: included.flatMap((k) => k.generators),
    resourceFiles: resourceFilesOf(included, (d) => headKs.has(d) || baseKs.has(d)),
    kustomization: { dir, named: ctx.dirs.length > 0 },
    ...readsAsData ? { readsAsData } : {},
    ...as?.deployment.settings.defaultNamespace ? { defaultNamespace: as.deployment.settings.defaultNamespace } : {},
    ...unsubstituted ? { unsubstituted } : {},
    render: async (checkout, commit, signal) => {
      const atCommit = (commit === ctx.head ? headKs : baseKs).get(dir);
      if (atCommit === void 0 || atCommit.isComponent && ctx.dirs.length === 0) return void 0;
      const run2 = {
        binary: await at.binary(),
        pathDirs: ctx.pathDirs,
        home: checkout.scratch,
        timeoutMs: ctx.timeoutMs,
        maxOutputBytes: ctx.maxOutputBytes,
        ...quietness
      };
      const deployed = as && {
        settings: settingsAt(as.deployment, commit, ctx.head),
        overlayDir: overlayDir(as.index),
        ...unsubstituted && commit === ctx.head ? { kept: unsubstituted } : {}
      };
      return buildDeployed(run2, checkout.dir, dir, commit, deployed, signal);
    }
  };
}
async function markInert(git, ctx, sources, readBy) {
  const candidates = sources.filter((source2) => {
    const included = readBy(source2);
    if (included.some((k) => k.problem !== void 0 || k.carriesValues)) return false;
    const plain = new Set(source2.resourceFiles ?? []);
    const read = new Set(included.flatMap((k) => k.files));
    return source2.changedInputs.every((p) => plain.has(p) && !read.has(p) && MANIFEST_FILE.test(p));
  });
  if (candidates.length === 0) return;
  const paths = [...new Set(candidates.flatMap((s) => s.changedInputs))];
  const inert = await quietChanges(git, ctx, paths);
  for (const source2 of candidates) {
    if (source2.changedInputs.every((p) => inert.get(p) === true)) source2.inert = true;
  }
}
async function discoverRoots(git, ctx, graphs, byCommit, touched) {
  const dirs = /* @__PURE__ */ new Set();
  let orphanComponent = false;
  byCommit.forEach((ks, i) => {
    for (const k of ks.values()) {
      if (!k.isComponent) dirs.add(k.dir);
      else if (graphs[i].includersOf(k.dir).length === 0 && touched(k.dir).length > 0)
        orphanComponent = true;
    }
  });
  const redeployed = new Set(changedDirs(ctx.settingsChanges));
  const candidates = [...dirs].filter(
    (dir) => dir !== "" && notDeployedDir(dir) === void 0 && (orphanComponent || redeployed.has(dir) || touched(dir).length > 0)
  );
  const asDeployed = { pathDirs: ctx.pathDirs, timeoutMs: ctx.timeoutMs, maxOutputBytes: ctx.maxOutputBytes };
  const found = candidates.length > 0 ? await findDeployments(git, { ...ctx, asDeployed }, candidates) : [];
  const deployments = await withMaps(git, ctx, withSettingsAtBase(found, ctx.settingsChanges));
  const rules = {
    deployedDirs: new Set(deployments.map((d) => d.dir)),
    ...ctx.paths ? { paths: ctx.paths } : {}
  };
  const base = chooseRoots([...byCommit[0].values()], graphs[0], rules);
  const head = chooseRoots([...byCommit[1].values()], graphs[1], rules);
  const roots = [.../* @__PURE__ */ new Set([...base.roots, ...head.roots])].sort();
  const notDeployed = [.../* @__PURE__ */ new Set([...base.notDeployed, ...head.notDeployed])].filter((dir) => !roots.includes(dir)).sort();
  return { roots, notDeployed, deployments, rules };
}
var init_kustomizations_to_render = __esm({
  "src/scan/render/kustomizations-to-render.ts"() {
    "use strict";
    init_errors();
    init_once();
    init_deployed_build();
    init_deployed_dirs();
    init_deployed_namespaces();
    init_deployment_overlay();
    init_find_deployments();
    init_settings_changes();
    init_substitution_maps();
    init_kustomize_entries();
    init_kustomize_graph();
    init_kustomize_notes();
    init_kustomize_roots();
    init_checkout_scope();
    init_kustomizations_at();
    init_kustomize();
    init_quiet_changes();
    init_source_model();
  }
});

// src/scan/render/on-their-own.ts
async function renderOnTheirOwn(sources, render, onTheirOwn, notes) {
  let rendered = await render(sources);
  let batch = sources;
  for (; ; ) {
    const broken = batch.filter((source2) => rendered.unbuilt?.get(source2.label) === "both");
    const next = broken.length > 0 && onTheirOwn ? onTheirOwn(broken) : [];
    if (next.length === 0) return rendered;
    batch = next.map(({ source: source2 }) => source2);
    const more = await render(batch);
    for (const { source: source2, brokenIncluders } of next) {
      const includers = brokenIncluders.map((dir) => dir || ".").join(", ");
      const built = more.unbuilt?.get(source2.label);
      const outcome = built === void 0 ? "rendered at both commits" : `cannot be built at ${built === "both" ? "either commit" : "the base commit"} either (see the notes)`;
      notes.push(
        `${source2.label}: planned on its own, as nothing that includes it builds (kustomize cannot build ${includers} at either commit); ${outcome}`
      );
    }
    rendered = joinRendered(rendered, more);
  }
}
var init_on_their_own = __esm({
  "src/scan/render/on-their-own.ts"() {
    "use strict";
    init_source_model();
  }
});

// src/scan/render/render-command.ts
function renderCommandAtCommits(run2) {
  const ended = /* @__PURE__ */ new Map();
  const waiting2 = /* @__PURE__ */ new Set();
  const nextEnd = () => new Promise((resolve10) => waiting2.add(() => resolve10(true)));
  const otherThan = async (commit, ms) => {
    const deadline = Date.now() + ms;
    for (; ; ) {
      const other = [...ended].find(([at]) => at !== commit);
      if (other || !await within(nextEnd(), deadline - Date.now())) return other;
    }
  };
  return async (treeDir, commit, signal) => {
    const result = await runProcess(SHELL, ["-c", run2.command], {
      cwd: treeDir,
      env: run2.env,
      timeoutMs: run2.timeoutMs,
      maxOutputBytes: run2.maxOutputBytes,
      ...signal ? { signal } : {}
    });
    ended.set(commit, result);
    for (const wake of waiting2) wake();
    waiting2.clear();
    if (succeeded(result)) return result.stdout;
    const hasStderr = result.stderrTail !== "" && result.failure?.kind !== "aborted";
    const [otherCommit, other] = hasStderr && await otherThan(commit, OTHER_COMMIT_GRACE_MS) || [];
    const atOther = otherCommit && other && succeeded(other) ? { commit: otherCommit, output: other.stdout } : void 0;
    throw new RenderCommandError(
      () => `${run2.naming.set("render", JSON.stringify(run2.command))} failed at commit ${shortSha(commit)} (${stoppedWhy(result, run2.naming)}${shellSays(result, run2.command)}); nothing was applied${hasStderr ? stderrOf(result, commit, atOther) : ""}`
    );
  };
}
function shellSays(result, command) {
  if (result.failure !== void 0 || result.exitCode !== 127 && result.exitCode !== 126) return "";
  const word = command.trim().split(/\s+/).find((w) => !/^[A-Za-z_]\w*=/.test(w)) ?? command;
  return result.exitCode === 127 ? `, command not found: ${JSON.stringify(word)} or a command it runs is not installed, or not on PATH` : `, command not executable: ${JSON.stringify(word)} or a command it runs is not an executable file`;
}
function succeeded(result) {
  return result.exitCode === 0 && result.failure === void 0;
}
async function within(promise, ms) {
  if (ms <= 0) return void 0;
  let timer;
  const late = new Promise((resolve10) => {
    timer = setTimeout(() => resolve10(void 0), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
function stderrOf(result, commit, other) {
  const why = MAY_DEFINE_SECRET.test(result.stdout.toString("utf8")) ? "its output defines a Secret" : other === void 0 ? "the render at the other commit did not complete, so whether the command renders a Secret is not known" : MAY_DEFINE_SECRET.test(other.output.toString("utf8")) ? `its output at commit ${shortSha(other.commit)} defines a Secret` : void 0;
  if (why === void 0) return `. Its stderr ends with:
${tailOf(result.stderrEnd)}`;
  return `. Its stderr is not shown: ${why}, whose values it may quote (run the command in a checkout of ${shortSha(commit)} to see it)`;
}
var SHELL, OTHER_COMMIT_GRACE_MS, MAY_DEFINE_SECRET, RenderCommandError;
var init_render_command = __esm({
  "src/scan/render/render-command.ts"() {
    "use strict";
    init_commit_sha();
    init_errors();
    init_run_process();
    init_kustomize();
    SHELL = "/bin/sh";
    OTHER_COMMIT_GRACE_MS = 5e3;
    MAY_DEFINE_SECRET = /\bSecret\b/;
    RenderCommandError = class extends UserError {
      constructor(write) {
        super();
        this.write = write;
      }
      write;
      #message;
      get message() {
        return this.#message ?? this.write();
      }
      set message(text) {
        this.#message = text;
      }
    };
  }
});

// src/scan/manifests/same-data.ts
var same_data_exports = {};
__export(same_data_exports, {
  sameYamlData: () => sameYamlData
});
function sameYamlData(a, b) {
  if (a === b) return true;
  const left = dataOf(a);
  return left !== void 0 && left === dataOf(b);
}
function dataOf(text) {
  const docs = (0, import_yaml4.parseAllDocuments)(text, { uniqueKeys: false, merge: false, logLevel: "silent" });
  if (!Array.isArray(docs)) return JSON.stringify([]);
  const data = [];
  for (const doc of docs) {
    if (doc.errors.length > 0 || doc.warnings.length > 0) return void 0;
    const value = canonical(doc.contents);
    if (value === UNCOMPARABLE) return void 0;
    if (value !== null) data.push(value);
  }
  return JSON.stringify(data);
}
function canonical(node) {
  if (node === null) return null;
  if ("anchor" in node && node.anchor !== void 0) return UNCOMPARABLE;
  if (node.tag !== void 0) return UNCOMPARABLE;
  if ((0, import_yaml4.isScalar)(node)) {
    if (node.type !== "PLAIN") return typeof node.value === "string" ? node.value : UNCOMPARABLE;
    const { source: source2 } = node;
    if (source2 === void 0) return UNCOMPARABLE;
    if (source2 === "") return null;
    return typeof node.value === "string" && !SCHEMA_DEPENDENT.test(source2) ? node.value : { plain: source2 };
  }
  if ((0, import_yaml4.isSeq)(node)) {
    const items = node.items.map((item) => canonical(item));
    return items.includes(UNCOMPARABLE) ? UNCOMPARABLE : items;
  }
  if ((0, import_yaml4.isMap)(node)) {
    const pairs = [];
    const keys = /* @__PURE__ */ new Set();
    for (const pair of node.items) {
      if ((0, import_yaml4.isScalar)(pair.key) && !Number.isNaN(pair.key.value)) {
        if (keys.has(pair.key.value)) return UNCOMPARABLE;
        keys.add(pair.key.value);
      }
      const key = canonical(pair.key);
      const value = canonical(pair.value);
      if (key === UNCOMPARABLE || value === UNCOMPARABLE) return UNCOMPARABLE;
      pairs.push([key, value]);
    }
    return { map: pairs };
  }
  return UNCOMPARABLE;
}
var import_yaml4, UNCOMPARABLE, SCHEMA_DEPENDENT;
var init_same_data = __esm({
  "src/scan/manifests/same-data.ts"() {
    "use strict";
    import_yaml4 = __toESM(require_yaml(), 1);
    UNCOMPARABLE = /* @__PURE__ */ Symbol("uncomparable");
    SCHEMA_DEPENDENT = /^(?:[-+.]?[0-9]|[yn~]$|(?:yes|no|on|off|true|false|null)$|\.(?:inf|nan)$)/i;
  }
});

// src/scan/render/touched-sources.ts
function listSourceFiles(git, head) {
  return git.listFiles(head, SOURCE_FILE_NAMES);
}
async function renderTouchedSources(git, base, head, changedFiles, options, log, headListing = listSourceFiles(git, head)) {
  const changedPaths = changedPathsOf(changedFiles);
  if (changedPaths.length === 0) return { ...NOTHING_RENDERED, owned: () => false, notes: [], warnings: [] };
  const pathDirs = trustedPathDirs(options.env.PATH, [git.root]);
  const isSourceFile = (p) => CHART_FILE.test(p) || kustomizationDirOf(p) !== void 0;
  const headFiles = await headListing;
  const atBase = pathsAtBase(headFiles, changedFiles, isSourceFile);
  const chartDirs = [
    ...new Set([...atBase.paths, ...headFiles].filter((p) => CHART_FILE.test(p)).map(dirOf))
  ].sort();
  const inChart = (path) => chartDirs.some((dir) => dir === "" || path.startsWith(`${dir}/`));
  const explicitPaths = options.paths ? await globMatcher(options.paths, { dot: true }) : void 0;
  const notes = [];
  const namespaceWarnings = [];
  const sources = [];
  let owned = inChart;
  let kustomizeOwned = () => false;
  let onTheirOwn;
  const kustomizeOn = !(options.kustomize.length === 1 && options.kustomize[0] === "none");
  if (kustomizeOn) {
    const explicit = explicitPaths && options.paths ? { matches: explicitPaths, globs: options.paths } : void 0;
    const found = await findSettingsChanges(git, {
      base,
      head,
      changedFiles,
      asDeployed: parentBuildEnv(pathDirs, options, [head, base]),
      ...explicit ? { paths: explicit } : {}
    });
    const substitution = { defaultNamespace: options.defaultNamespace };
    const known = options.settingsChanges ?? [];
    const settingsChanges = [
      ...found,
      ...known.filter((k) => !found.some((f) => isOf(f, { ...k, file: k.object })))
    ];
    const kustomize = await findKustomizeSources(git, {
      base,
      head,
      dirs: options.kustomize,
      changedPaths,
      baseFiles: atBase.paths,
      headFiles,
      differAtBase: atBase.differ,
      pathDirs,
      timeoutMs: options.timeoutMs,
      maxOutputBytes: options.maxOutputBytes,
      entryRules: options.entryRules,
      settingsChanges,
      substitution,
      ...explicit ? { paths: explicit } : {}
    });
    sources.push(...kustomize.sources);
    notes.push(...kustomize.notes);
    namespaceWarnings.push(...kustomize.warnings);
    onTheirOwn = kustomize.onTheirOwn;
    const plain = await findPlainDeployedSources(git, {
      base,
      head,
      componentsMayCarryValues: kustomize.componentsMayCarryValues,
      changedPaths,
      kustomizationFiles: [...atBase.paths, ...headFiles].filter((p) => kustomizationDirOf(p) !== void 0),
      owned: (path) => kustomize.owned(path) || inChart(path),
      pathDirs,
      binary: lazy(() => findKustomize(pathDirs)),
      firstIndex: kustomize.sources.length,
      timeoutMs: options.timeoutMs,
      maxOutputBytes: options.maxOutputBytes,
      settingsChanges,
      substitution,
      asDeployed: parentBuildEnv(pathDirs, options, [head, base]),
      ...explicit ? { paths: explicit } : {}
    });
    sources.push(...plain.sources);
    owned = (path) => kustomize.owned(path) || plain.owned(path) || inChart(path);
    kustomizeOwned = (path) => kustomize.owned(path) || plain.owned(path);
  }
  const chartChanges = changedPaths.filter((path) => !kustomizeOwned(path));
  const charts = await reportCharts(chartDirs, chartChanges, options, explicitPaths);
  notes.unshift(...charts.notes);
  if (options.render !== void 0) {
    const source2 = await renderCommandSource(options.render, changedPaths, pathDirs, options);
    if (source2) sources.push(source2);
    else notes.push(renderNotRunNote(options.render, options.naming));
  }
  const warnings = [...charts.warnings, ...namespaceWarnings];
  if (sources.length === 0) return { ...NOTHING_RENDERED, owned, notes, warnings };
  await markSameData(git, { base, head }, changedFiles, sources, options.maxOutputBytes);
  const { timeoutMs } = options;
  const renderOnce = (some) => renderBothCommits(git, base, head, some, pathDirs, options.defaultNamespace, log, timeoutMs);
  const render = (some) => some.length === 0 ? Promise.resolve(NO_OBJECTS) : renderOnTheirOwn(some, renderOnce, onTheirOwn, notes);
  return { owned, warnings, ...startRenders(sources, notes, render) };
}
function startRenders(sources, notes, render) {
  const active = sources.filter((source2) => !source2.inert && !source2.sameData);
  const held = sources.filter((source2) => source2.inert || source2.sameData);
  const activeNotes = active.map((source2) => notes.push(`${source2.label}: rendering`) - 1);
  const heldNotes = held.map((source2) => notes.push(heldNote(source2)) - 1);
  let skipped = held.length * 2;
  const objects = render(active).then((rendered) => {
    active.forEach((source2, i) => {
      notes[activeNotes[i]] = renderedNote(source2, rendered);
    });
    return rendered;
  });
  objects.catch(() => {
  });
  const skippedRenders = () => skipped;
  if (held.length === 0) return { notes, objects, skippedRenders };
  const renderDeferred = async () => {
    skipped = 0;
    const [first, more] = [await objects, await render(held)];
    held.forEach((source2, i) => {
      notes[heldNotes[i]] = renderedNote(source2, more);
    });
    return mergeInSourceOrder(sources, first, more);
  };
  return { notes, objects, renderDeferred, skippedRenders };
}
function heldNote(source2) {
  const why = source2.inert ? "the range changes only objects that play no part in the plan in it (no config or workload)" : "its changed inputs parse to the same data at both commits (only their formatting changed)";
  return `${source2.label}: not rendered, ${why} and no config or workload elsewhere`;
}
async function markSameData(git, commits, changedFiles, sources, maxBytes) {
  const modified = new Set(changedFiles.filter((c) => c.status === "M").map((c) => c.path));
  const candidates = sources.filter(
    (s) => !s.inert && s.readsAsData && s.changedInputs.every((path) => modified.has(path))
  );
  if (candidates.length === 0) return;
  const paths = [...new Set(candidates.flatMap((s) => s.changedInputs))];
  const [atBase, atHead] = await Promise.all(
    [commits.base, commits.head].map((rev) => git.readFilesUpTo(rev, paths, maxBytes))
  );
  const { sameYamlData: sameYamlData2 } = await Promise.resolve().then(() => (init_same_data(), same_data_exports));
  const same = /* @__PURE__ */ new Map();
  for (const source2 of candidates) {
    const unchanged = source2.changedInputs.every((path) => {
      const [before, after] = [atBase.files.get(path), atHead.files.get(path)].map(
        (b) => b?.toString("utf8")
      );
      if (before === void 0 || after === void 0) return false;
      if (!source2.readsAsData(path, before) || !source2.readsAsData(path, after)) return false;
      if (!same.has(path)) same.set(path, sameYamlData2(before, after));
      return same.get(path) === true;
    });
    if (unchanged) source2.sameData = true;
  }
}
function renderedNote(source2, rendered) {
  const unbuilt = rendered.unbuilt?.get(source2.label);
  if (unbuilt === "both")
    return `${source2.label}: cannot be built at either commit, nothing planned from it (see the notes)`;
  if (unbuilt === "base")
    return `${source2.label}: cannot be built at the base commit, rendered at head only (see the notes)`;
  return `${source2.label}: rendered at both commits`;
}
function mergeInSourceOrder(sources, first, more) {
  const order = new Map(sources.map((source2, i) => [source2.label, i]));
  const byOrigin = (list) => list.sort((a, b) => (order.get(a.origin ?? "") ?? 0) - (order.get(b.origin ?? "") ?? 0));
  const joined = joinRendered(first, more);
  return { ...joined, base: byOrigin(joined.base), head: byOrigin(joined.head) };
}
async function reportCharts(chartDirs, changedPaths, options, explicitPaths) {
  const kustomizeDirs2 = options.kustomize.length > 0 && options.kustomize[0] !== "none";
  if (kustomizeDirs2 && !explicitPaths) return { notes: [], warnings: [] };
  const considered = chartDirs.filter(
    (dir) => explicitPaths?.(dir === "" ? "Chart.yaml" : `${dir}/Chart.yaml`) ?? true
  );
  const { naming } = options;
  if (options.render === void 0) return chartReport(considered, changedPaths, { naming });
  const isRenderInput = await globMatcher(options.renderPaths, { dot: true });
  return chartReport(considered, changedPaths, { render: { isRenderInput }, naming });
}
async function renderCommandSource(command, changedPaths, pathDirs, options) {
  const matches2 = await globMatcher(options.renderPaths, { dot: true });
  const changedInputs = changedPaths.filter((p) => matches2(p));
  if (changedInputs.length === 0) return void 0;
  const env = renderCommandEnvironment(options.env, pathDirs, options.renderEnv);
  const { timeoutMs, maxOutputBytes } = options;
  const render = renderCommandAtCommits({ command, env, timeoutMs, maxOutputBytes, naming: options.naming });
  return {
    label: `render: ${command}`,
    // What a command reads is unknown: it gets the whole tree.
    scope: void 0,
    file: "--render",
    changedInputs,
    generators: [],
    readsAsData: (path, text) => yamlDataInput(path, text, { textSubstituted: true }),
    render: (checkout, commit, signal) => render(checkout.dir, commit, signal)
  };
}
function parentBuildEnv(pathDirs, options, commits) {
  return {
    commits,
    pathDirs,
    timeoutMs: options.timeoutMs,
    maxOutputBytes: options.maxOutputBytes,
    untrustedHead: options.entryRules.untrustedHead
  };
}
var NO_OBJECTS, NOTHING_RENDERED, CHART_FILE;
var init_touched_sources = __esm({
  "src/scan/render/touched-sources.ts"() {
    "use strict";
    init_once();
    init_plain_deployed_sources();
    init_settings_changes();
    init_glob_matcher();
    init_helm_charts();
    init_kustomization_names();
    init_paths_at_base();
    init_touches_manifests();
    init_both_commits();
    init_kustomizations_to_render();
    init_kustomize();
    init_on_their_own();
    init_render_command();
    init_renderer_environment();
    init_source_model();
    NO_OBJECTS = { base: [], head: [], problems: [], warnings: [] };
    NOTHING_RENDERED = { objects: Promise.resolve(NO_OBJECTS), skippedRenders: () => 0 };
    CHART_FILE = /(^|\/)Chart\.ya?ml$/;
  }
});

// src/scan/scan-changed-manifests.ts
async function scanChangedManifests(git, { base, head }, allChangedFiles, { wanted, renderers }, scanOptions, log) {
  const options = withDeployedNamespaces(git, head, allChangedFiles, scanOptions);
  const pending = startRenders2(git, { base, head }, allChangedFiles, options, log);
  const owned = pending?.then(
    (r) => {
      renderers.owned = r.owned;
      return r.owned;
    },
    () => void 0
  );
  const read = await readChangedManifests(git, { base, head }, allChangedFiles, wanted, options, log, owned);
  let rendered = pending && await pending;
  let compared = await compareWith(read, rendered).catch(recordingSecretsOf(read));
  const substituted = rendered ? await substitutionChangesOf(git, head, compared, options) : void 0;
  if (substituted?.changes.length && options.sources) {
    const sources = { ...options.sources, settingsChanges: substituted.changes };
    rendered = await startRenders2(git, { base, head }, allChangedFiles, { ...options, sources }, log);
    renderers.owned = rendered?.owned;
    compared = await compareWith(read, rendered);
  }
  const problems = [...read.problems, ...compared.problems, ...compared.found.problems];
  const unread = unreadFilesOf(read.oversized, read.broken, renderers.owned);
  const readable = await withoutUnreadChanges(git, { base, head }, compared.found.changes, unread, problems);
  const atBase = await settleAtBase(git, base, {
    read,
    compared,
    changes: readable,
    wanted,
    options,
    problems
  });
  const { consumers, changes } = await readConsumers(git, head, atBase.changes, {
    read,
    compared,
    owned: renderers.owned,
    wanted,
    options,
    problems
  });
  const folders = await deploymentFolders(git, head, [...compared.allHead, ...consumers], allChangedFiles);
  const settled = settleAllWorkloads(compared, consumers, folders);
  problems.push(...settled.problems);
  const all = [...compared.head, ...consumers];
  const raw = all.filter((m) => m.origin === void 0 && isConfigOrWorkload(m));
  const namespaceOf2 = raw.length > 0 ? await options.namespaceOf?.() : void 0;
  if (namespaceOf2) problems.push(...templatedSettingProblems(raw, namespaceOf2));
  const headConfigs = /* @__PURE__ */ new Map();
  collectConfigs(all, headConfigs, [], compared.found.snapshots.head, folders?.deployedDirs);
  const skippedRenders = rendered?.skippedRenders();
  return {
    changedFiles: compared.changedFiles,
    changes,
    workloads: settled.head,
    newWorkloadIds: atBase.newWorkloadIds,
    headConfigs,
    baseConfigs: new Map(
      compared.base.filter((m) => changes.some((c) => c.status === "modified" && idKey(c.id) === idKey(m.id))).map((m) => [idKey(m.id), m])
    ),
    problems,
    assumedNamespace: new Set(all.filter((m) => m.namespaceAssumed).map((m) => idKey(m.id))),
    baseWorkloads: settled.base,
    sourceNotes: rendered?.notes ?? [],
    ...skippedRenders ? { skippedRenders } : {},
    sourceWarnings: [
      ...rendered?.warnings ?? [],
      ...compared.warnings,
      ...substituted?.warnings ?? [],
      // Children a parent Kustomization patches, read as written where its build could not tell.
      ...await parentBuildWarnings(git)
    ],
    ...renderers.owned ? { owned: renderers.owned } : {},
    ...folders?.deployedDirs.length ? { deployedDirs: [...folders.deployedDirs] } : {},
    variants: settled.variants
  };
}
function recordingSecretsOf(read) {
  return (error) => {
    for (const m of [...read.base, ...read.head])
      if (isConfigManifest(m) && m.id.kind === "Secret") configContentOf(m);
    throw error;
  };
}
async function compareWith(read, rendered) {
  if (!rendered) return compareRaw(read);
  const compared = compareWithRendered(read, rendered.owned, await rendered.objects);
  if (rendered.renderDeferred && changesConfigsOrWorkloads(compared)) {
    return compareWithRendered(read, rendered.owned, await rendered.renderDeferred());
  }
  return compared;
}
async function substitutionChangesOf(git, head, compared, options) {
  const globs = options.sources?.paths;
  const paths = globs ? { matches: await globMatcher(globs, { dot: true }), globs } : void 0;
  const sources = options.sources;
  return substitutionChanges(git, {
    head,
    changes: compared.found.changes,
    defaultNamespace: options.defaultNamespace,
    ...paths ? { paths } : {},
    ...sources ? { asDeployed: parentBuildEnv(trustedPathDirs(sources.env.PATH, [git.root]), sources, [head]) } : {}
  });
}
function changesConfigsOrWorkloads(compared) {
  if (compared.found.changes.length > 0) return true;
  const definitions = (list) => new Map(
    list.filter((m) => workloadKindOf(m.object) !== void 0).map((m) => [`${idKey(m.id)}\0${m.origin ?? m.file}`, JSON.stringify(m.object)])
  );
  const atBase = definitions(compared.allBase);
  const atHead = definitions(compared.allHead);
  return atHead.size !== atBase.size || [...atHead].some(([key, text]) => atBase.get(key) !== text);
}
function settleAllWorkloads(compared, consumers, folders) {
  const isWorkload = (m) => workloadKindOf(m.object) !== void 0;
  const candidateWorkloads = consumers.filter(isWorkload);
  const headConfigs = [...compared.allHead, ...consumers].filter((m) => isConfigKind(m.id.kind));
  const settled = settleWorkloads(
    [...compared.allBase.filter(isWorkload), ...candidateWorkloads],
    [...compared.allHead.filter(isWorkload), ...candidateWorkloads],
    folders,
    headConfigs
  );
  const variants = new Map(compared.variants);
  for (const [key, list] of settled.variants) variants.set(key, list);
  return { ...settled, variants };
}
function startRenders2(git, commits, changedFiles, options, log) {
  if (!options.sources) return void 0;
  const headListing = listSourceFiles(git, commits.head);
  headListing.catch(() => {
  });
  const sourceOptions = { ...options.sources, defaultNamespace: options.defaultNamespace };
  const pending = renderTouchedSources(
    git,
    commits.base,
    commits.head,
    changedFiles,
    sourceOptions,
    log,
    headListing
  );
  pending.catch(() => {
  });
  return pending;
}
async function readConsumers(git, head, settledAtBase, ctx) {
  const names2 = withTemplateRefs(uniqueNames(settledAtBase.map((c) => c.id.name)));
  const alreadyRead = new Set(ctx.read.headPaths);
  const candidates = await readCandidates(git, head, names2, ctx.read.early, { ...ctx, alreadyRead });
  const owned = ctx.owned;
  let consumers = candidates;
  if (owned !== void 0) {
    let kept = 0;
    for (const problem of ctx.problems) if (!owned(problem.file)) ctx.problems[kept++] = problem;
    ctx.problems.length = kept;
    consumers = candidates.filter((m) => !owned(m.file));
  }
  const changes = settleWithUntouchedFiles(
    settledAtBase,
    ctx.compared.found.snapshots,
    { base: [], head: consumers },
    ctx.problems
  );
  return { consumers, changes };
}
async function deploymentFolders(git, head, manifests, changedFiles) {
  const filesById = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (m.origin !== void 0 || !isConfigOrWorkload(m)) continue;
    const files = filesById.get(idKey(m.id)) ?? /* @__PURE__ */ new Set();
    filesById.set(idKey(m.id), files.add(m.file));
  }
  const dirs = /* @__PURE__ */ new Set();
  for (const files of filesById.values()) {
    if (files.size < 2) continue;
    for (const file of files) {
      const parts = file.split("/").slice(0, -1);
      for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
    }
  }
  if (dirs.size === 0) return void 0;
  const deployments = await findDeployments(git, { head }, [...dirs]);
  return {
    deployedDirs: [...new Set(deployments.map((d) => d.dir))],
    changedFiles: changedFiles.map((c) => c.path)
  };
}
function withDeployedNamespaces(git, head, changedFiles, options) {
  const dirs = /* @__PURE__ */ new Set();
  for (const change of changedFiles) {
    if (!MANIFEST_FILE.test(change.path)) continue;
    const parts = change.path.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
  }
  if (dirs.size === 0) return options;
  const namespaceOf2 = lazy(() => findDeployments(git, { head }, [...dirs]).then(namespacesOfDeployments));
  return { ...options, namespaceOf: namespaceOf2 };
}
var init_scan_changed_manifests = __esm({
  "src/scan/scan-changed-manifests.ts"() {
    "use strict";
    init_config_content();
    init_api_kinds();
    init_workload_kinds();
    init_model();
    init_once();
    init_candidates();
    init_changed_files();
    init_compare_commits();
    init_configs_at_head();
    init_deployed_namespaces();
    init_find_deployments();
    init_patched_children();
    init_substitution_sources();
    init_glob_matcher();
    init_new_at_base();
    init_objects_across_files();
    init_renderer_environment();
    init_touched_sources();
    init_source_variants();
  }
});

// src/scan/unread-submodules.ts
async function unreadSubmodules(changes, options) {
  const submodules = changes.filter((f) => f.submodule !== void 0);
  if (submodules.length === 0 || options.paths.length === 0) return [];
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true })
  ]);
  const probes = probeNames(options.paths);
  return submodules.filter(
    (f) => probes.some((name) => {
      const path = `${f.path}/${name}`;
      return include(path) && !exclude(path);
    })
  ).map((f) => ({ file: f.path, message: describe2(f), unread: "submodule, another repository" }));
}
function probeNames(globs) {
  const names2 = globs.map(
    (glob) => (glob.split("/").at(-1) ?? "").replace(/\{([^,}]*)[^}]*\}/g, "$1").replace(/\[([^\]])[^\]]*\]/g, "$1").replace(/[*?]+/g, "x")
  );
  return [...new Set(names2.filter((name) => name !== ""))].flatMap((name) => [name, `x/${name}`]);
}
function describe2(change) {
  const { from, to } = change.submodule ?? {};
  const what = from !== void 0 && to !== void 0 ? `moved from ${shortSha(from)} to ${shortSha(to)}` : to !== void 0 ? `was added at ${shortSha(to)}` : "was removed";
  return `submodule ${what}: its files belong to another repository and are not read, so a manifest that changed inside it is not in this plan (apply and restart for it from that repository, or --exclude this path)`;
}
var init_unread_submodules = __esm({
  "src/scan/unread-submodules.ts"() {
    "use strict";
    init_commit_sha();
    init_glob_matcher();
  }
});

// src/scan/scan-repository.ts
async function scanRepository(git, base, head, options, log) {
  options = { ...options, documents: options.documents ?? /* @__PURE__ */ new Map() };
  const touched = await git.changedFiles(base, head);
  const renderers = {};
  const wanted = await createPathFilter(
    options,
    options.sources ? (path) => renderers.owned?.(path) === true : void 0
  );
  if (!await mayTouchManifests(git, { base, head }, changedPathsOf(touched), wanted, options)) {
    log.debug(`${touched.length} changed file(s), none a manifest or a rendered source's input`);
    const sources = options.sources;
    return {
      ...nothingRead(sources?.render !== void 0 ? [renderNotRunNote(sources.render, sources.naming)] : []),
      sourceWarnings: await unreadSubmodules(touched, options)
    };
  }
  const allChangedFiles = await git.changedFiles(base, head);
  const scan = await scanChangedManifests(
    git,
    { base, head },
    allChangedFiles,
    { wanted, renderers },
    options,
    log
  );
  return {
    ...scan,
    sourceWarnings: [...scan.sourceWarnings, ...await unreadSubmodules(allChangedFiles, options)]
  };
}
var init_scan_repository = __esm({
  "src/scan/scan-repository.ts"() {
    "use strict";
    init_path_filter();
    init_scan_changed_manifests();
    init_scan_model();
    init_touches_manifests();
    init_unread_submodules();
  }
});

// src/plan/plan-document.ts
var plan_document_exports = {};
__export(plan_document_exports, {
  PLAN_API_VERSION: () => PLAN_API_VERSION,
  PLAN_KIND: () => PLAN_KIND,
  configDigest: () => configDigest,
  emptyPlanDocument: () => emptyPlanDocument,
  keyCheckOf: () => keyCheckOf,
  parsePlanDocument: () => parsePlanDocument,
  planStrategyOf: () => planStrategyOf,
  sealPlan: () => sealPlan,
  sharedChangeFields: () => sharedChangeFields
});
function planStrategyOf(strategy) {
  if (strategy === "gitops") throw new UserError("--strategy gitops has no plan file to write");
  return strategy;
}
function sharedChangeFields(c) {
  return {
    id: c.id,
    status: c.status,
    file: c.file,
    line: c.line,
    keys: c.keys,
    ...c.ignored ? { ignored: true } : {}
  };
}
function configDigest(id, content, key) {
  const config = { id, keys: "all" };
  const hex = configHash([config], /* @__PURE__ */ new Map([[idKey(id), content]]), key);
  if (hex === void 0) throw new Error(`no key for the digest of ${idKey(id)}`);
  return key ? `hmac-sha256:${hex}` : `sha256:${hex}`;
}
function keyCheckOf(key) {
  return `hmac-sha256:${(0, import_node_crypto3.createHmac)("sha256", key).update(KEY_CHECK_TEXT).digest("hex")}`;
}
function bodyDigest(document) {
  const { digest: _ignored, ...body2 } = document;
  return `sha256:${(0, import_node_crypto3.createHash)("sha256").update(canonicalJson(body2), "utf8").digest("hex")}`;
}
function sealPlan(body2) {
  return { ...body2, digest: bodyDigest(body2) };
}
function emptyPlanDocument(head, strategy) {
  return sealPlan({
    apiVersion: PLAN_API_VERSION,
    kind: PLAN_KIND,
    base: head,
    head,
    strategy,
    configs: [],
    workloads: []
  });
}
function nestingBeyond(text, limit) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return void 0;
}
function parsePlanDocument(text, file) {
  const deep = nestingBeyond(text, MAX_PLAN_NESTING);
  if (deep !== void 0) {
    throw new UserError(
      `${file}: not a plan file: nested more than ${MAX_PLAN_NESTING} levels deep (at character ${deep + 1})`
    );
  }
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason2 = error instanceof Error ? error.message : String(error);
    throw new UserError(`${file}: not a plan file: not valid JSON (${reason2})`);
  }
  const bad = (field5, expected) => new UserError(`${file}: malformed plan: ${field5} must be ${expected}`);
  if (!isRecord3(value)) throw bad("the document", "a JSON object");
  if (value.apiVersion !== PLAN_API_VERSION) {
    throw new UserError(
      `${file}: unknown plan apiVersion ${JSON.stringify(value.apiVersion ?? null)}: this config-rollout reads ${PLAN_API_VERSION}`
    );
  }
  if (value.kind !== PLAN_KIND) throw bad("kind", `"${PLAN_KIND}"`);
  for (const field5 of ["base", "head"]) {
    if (typeof value[field5] !== "string" || !/^[0-9a-f]{40}([0-9a-f]{24})?$/.test(value[field5]))
      throw bad(field5, "a full commit SHA");
  }
  if (!["annotation", "env", "versioned"].includes(value.strategy))
    throw bad("strategy", "one of annotation, env, versioned");
  if (typeof value.digest !== "string") throw bad("digest", "a string");
  if (value.keyCheck !== void 0 && typeof value.keyCheck !== "string") throw bad("keyCheck", "a string");
  if (value.namespace !== void 0 && typeof value.namespace !== "string")
    throw bad("namespace", "a string");
  if (!Array.isArray(value.configs)) throw bad("configs", "a list");
  for (const [i, c] of value.configs.entries()) checkConfig(c, `configs[${i}]`, bad);
  if (!Array.isArray(value.workloads)) throw bad("workloads", "a list");
  for (const [i, w] of value.workloads.entries()) checkWorkload(w, `workloads[${i}]`, bad);
  const document = value;
  if (bodyDigest(document) !== document.digest) {
    throw new UserError(
      `${file}: the plan does not match its digest: it was changed after --plan-out wrote it (or cut short); make the plan again`
    );
  }
  return document;
}
function checkId(value, field5, bad) {
  if (!isRecord3(value)) throw bad(field5, "an object with kind, namespace and name");
  for (const key of ["kind", "namespace", "name"])
    if (typeof value[key] !== "string" || value[key] === "")
      throw bad(`${field5}.${key}`, "a non-empty string");
}
function checkConfig(value, field5, bad) {
  if (!isRecord3(value)) throw bad(field5, "an object");
  checkId(value.id, `${field5}.id`, bad);
  if (!["modified", "added", "deleted"].includes(value.status))
    throw bad(`${field5}.status`, "one of modified, added, deleted");
  if (typeof value.file !== "string") throw bad(`${field5}.file`, "a string");
  if (typeof value.line !== "number") throw bad(`${field5}.line`, "a number");
  if (!Array.isArray(value.keys) || !value.keys.every((k) => typeof k === "string"))
    throw bad(`${field5}.keys`, "a list of strings");
  if (value.digest !== void 0 && !/^(sha256|hmac-sha256):[0-9a-f]{64}$/.test(String(value.digest)))
    throw bad(`${field5}.digest`, "sha256:<64 hex digits> or hmac-sha256:<64 hex digits>");
}
function checkWorkload(value, field5, bad) {
  if (!isRecord3(value)) throw bad(field5, "an object");
  checkId(value.id, `${field5}.id`, bad);
  if (value.source !== "repo" && value.source !== "cluster") throw bad(`${field5}.source`, "repo or cluster");
  if (typeof value.reason !== "string") throw bad(`${field5}.reason`, "a string");
  if (!Array.isArray(value.references)) throw bad(`${field5}.references`, "a list");
  const change = value.change;
  if (!isRecord3(change)) throw bad(`${field5}.change`, "an object");
  if ("hash" in change) {
    if (typeof change.annotation !== "string" || !/^[0-9a-f]{64}$/.test(String(change.hash)))
      throw bad(`${field5}.change`, "{annotation, hash} with a 64-hex-digit hash");
  } else if ("env" in change) {
    if (typeof change.env !== "string" || change.env === "")
      throw bad(`${field5}.change.env`, "a variable name");
  } else if ("repoint" in change) {
    if (!Array.isArray(change.repoint)) throw bad(`${field5}.change.repoint`, "a list");
    change.repoint.forEach((r, i) => {
      if (!isRecord3(r) || typeof r.copy !== "string")
        throw bad(`${field5}.change.repoint[${i}].copy`, "a string");
      checkId(r.config, `${field5}.change.repoint[${i}].config`, bad);
    });
  } else {
    throw bad(`${field5}.change`, "one of {annotation, hash}, {env}, {repoint}");
  }
}
function isRecord3(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
var import_node_crypto3, PLAN_API_VERSION, PLAN_KIND, KEY_CHECK_TEXT, MAX_PLAN_NESTING;
var init_plan_document = __esm({
  "src/plan/plan-document.ts"() {
    "use strict";
    import_node_crypto3 = require("node:crypto");
    init_config_content();
    init_config_hash();
    init_errors();
    init_model();
    PLAN_API_VERSION = "config-rollout.io/v1";
    PLAN_KIND = "Plan";
    KEY_CHECK_TEXT = "config-rollout.io/v1 plan key check";
    MAX_PLAN_NESTING = 64;
  }
});

// src/plan/plan-out.ts
var plan_out_exports = {};
__export(plan_out_exports, {
  makePlanDocument: () => makePlanDocument
});
async function makePlanDocument(repoPlan, plan, clusterWorkloads, strategy, settings, naming = CLI_FLAGS) {
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  const key = settings.hashKey ? Buffer.from(settings.hashKey) : void 0;
  const changed = plan.changes.filter((c) => c.status !== "deleted").map((c) => c.id);
  let secrets = [];
  const keyFor = (covered) => {
    secrets = [...changed, ...covered].filter((id) => id.kind === "Secret");
    if (secrets.length > 0 && !key) {
      throw new UserError(
        `${naming.option("plan-out")}: the plan covers ${formatId(secrets[0])}: set ${naming.option("hash-key")} (a CI secret, the same in the jobs that apply the plan) so its digest in the plan file is keyed and reveals nothing of the Secret`
      );
    }
    return key;
  };
  const changes = await strategy?.planFileChanges?.(toRestart, {
    manifests: new Map([...repoPlan.scan.workloads, ...clusterWorkloads].map((m) => [idKey(m.id), m])),
    headConfigs: repoPlan.scan.headConfigs,
    readHeadConfigs: repoPlan.readHeadConfigs,
    head: repoPlan.head,
    keyFor
  }) ?? /* @__PURE__ */ new Map();
  return sealPlan({
    apiVersion: PLAN_API_VERSION,
    kind: PLAN_KIND,
    base: plan.base,
    head: plan.head,
    strategy: planStrategyOf(settings.strategy),
    configs: plan.changes.map((c) => {
      const head = c.status === "deleted" ? void 0 : repoPlan.scan.headConfigs.get(idKey(c.id));
      return {
        ...sharedChangeFields(c),
        ...head ? { digest: configDigest(c.id, head.snapshot.content, c.id.kind === "Secret" ? key : void 0) } : {}
      };
    }),
    workloads: toRestart.map(
      (w) => ({
        id: w.id,
        source: w.source,
        reason: w.reason,
        references: w.references,
        change: changes.get(idKey(w.id))
      })
    ),
    ...key && secrets.length > 0 ? { keyCheck: keyCheckOf(key) } : {},
    ...settings.namespace !== "default" ? { namespace: settings.namespace } : {}
  });
}
var init_plan_out = __esm({
  "src/plan/plan-out.ts"() {
    "use strict";
    init_errors();
    init_model();
    init_option_naming();
    init_plan_document();
  }
});

// src/run/plan.ts
async function planAndApply(deps) {
  const planned = await planRepository(deps);
  if (planned.kind === "no-range") {
    if (deps.planOut) {
      const { emptyPlanDocument: emptyPlanDocument2, planStrategyOf: planStrategyOf2 } = await Promise.resolve().then(() => (init_plan_document(), plan_document_exports));
      await deps.planOut(emptyPlanDocument2(planned.report.plan.head, planStrategyOf2(deps.settings.strategy)));
    }
    return planned.report;
  }
  return applyPlanToCluster(
    planned.plan,
    { connect: deps.connect, configured: deps.clusterConfigured },
    {
      settings: deps.settings,
      log: deps.log,
      ...deps.naming ? { naming: deps.naming } : {},
      ...deps.now ? { now: deps.now } : {},
      ...deps.planOut ? { onPlan: planFileWriter(planned.plan, deps.settings, deps.planOut, deps.naming ?? CLI_FLAGS) } : {}
    }
  );
}
function planFileWriter(repoPlan, settings, write, naming) {
  return async (plan, clusterWorkloads, strategy) => {
    const { makePlanDocument: makePlanDocument2 } = await Promise.resolve().then(() => (init_plan_out(), plan_out_exports));
    await write(await makePlanDocument2(repoPlan, plan, clusterWorkloads, strategy, settings, naming));
  };
}
async function planRepository(deps) {
  const { settings, git, log } = deps;
  const naming = deps.naming ?? CLI_FLAGS;
  const commits = await log.group("Resolve commits", () => resolveRunCommits(deps, naming));
  if (!commits.base) {
    log.info(commits.note);
    const plan = emptyPlanOf(commits);
    return {
      kind: "no-range",
      report: { plan, results: [], outcome: "nothing-to-do", dryRun: settings.dryRun }
    };
  }
  const base = commits.base;
  const env = deps.env ?? process.env;
  const scanOptions = scanOptionsOf(settings, env, deps.range, naming);
  const uncommitted = !inCiJob(env) ? uncommittedEditsNote(git, commits.head, settings).catch(() => void 0) : void 0;
  const scan = await log.group(
    "Find changed configs",
    () => scanRepository(git, base, commits.head, scanOptions, log)
  );
  reportScanProblems(scan, settings, log);
  const oversized = checkConfigSizes(scan, settings, log, naming);
  const uncommittedNote = await uncommitted;
  if (uncommittedNote) log.warn(uncommittedNote);
  return {
    kind: "planned",
    plan: {
      base,
      head: commits.head,
      rangeNote: commits.note,
      scan,
      scanWarnings: [
        ...scan.sourceWarnings.map((w) => `${w.file}: ${w.message}`),
        ...oversized,
        ...uncommittedNote ? [uncommittedNote] : []
      ],
      readHeadConfigs: async (ids) => readConfigsAt(git, commits.head, ids, scan.headConfigs, scanOptions, scan.owned, scan.deployedDirs),
      commitOrder: (commit) => commitOrder(git, commit, commits.head, { ci: deps.ci })
    }
  };
}
function resolveRunCommits(deps, naming) {
  const request = resolveRange(deps.range, naming);
  return resolveCommits(request, deps.git, { ci: deps.ci, naming });
}
function scanOptionsOf(settings, env, range, naming) {
  const kustomizeDirs2 = settings.kustomize.length > 0 && settings.kustomize[0] !== "none";
  return {
    paths: kustomizeDirs2 && !settings.pathsExplicit ? [] : settings.paths,
    exclude: settings.exclude,
    defaultNamespace: settings.namespace,
    maxFileSize: settings.maxFileSize,
    sources: {
      kustomize: settings.kustomize,
      ...settings.pathsExplicit ? { paths: settings.paths } : {},
      ...settings.render !== void 0 ? { render: settings.render } : {},
      renderPaths: settings.renderPaths,
      renderEnv: settings.renderEnv,
      timeoutMs: settings.renderTimeoutMs,
      maxOutputBytes: settings.maxFileSize,
      entryRules: {
        untrustedHead: untrustedHead(range.env, range.event),
        allowRemote: settings.allowRemoteKustomize
      },
      env,
      naming
    }
  };
}
function reportScanProblems(scan, settings, log) {
  for (const problem of scan.problems) log.warn(problem.message, problem);
  for (const warning of scan.sourceWarnings) log.warn(warning.message, { file: warning.file });
  const errors = scan.problems.filter((p) => p.severity === "error" || p.duplicateKey);
  if (settings.strict && errors.length > 0) {
    const first = errors[0];
    throw new UserError(
      `${errors.length} manifest problem(s) under --strict; first: ${first.file}:${first.line}:${first.col}: ${first.message}`
    );
  }
  const unread = unreadSourcesOf(scan.problems, scan.sourceWarnings);
  if (settings.strict && unread.length > 0) {
    throw new UserError(
      `incomplete plan under --strict: ${unread.length} touched source(s) not read: ${describeUnread(unread)} (each is explained in a warning above)`
    );
  }
}
function checkConfigSizes(scan, settings, log, naming) {
  const oversized = oversizedConfigs(scan);
  const writer = settings.apply ? naming.option("apply") : settings.strategy === "versioned" && settings.dryRun !== "client" ? naming.set("strategy", "versioned") : void 0;
  if (oversized.length > 0 && writer !== void 0) {
    const them = oversized.length === 1 ? "it" : "them";
    throw new UserError(
      `${oversized.map((c) => `${c.file}:${c.line}: ${describeOversized(c)}`).join("; ")}: the API server would refuse ${them}, so ${writer} wrote nothing and restarted nothing; split the data over several configs or shrink ${them}`
    );
  }
  return oversized.map((config) => {
    const message = `${describeOversized(config)}: the API server will refuse to apply it`;
    log.warn(message, { file: config.file, line: config.line });
    return `${config.file}:${config.line}: ${message}`;
  });
}
async function uncommittedEditsNote(git, head, options) {
  if (!git.uncommittedPaths || await git.tryResolveCommit("HEAD") !== head) return void 0;
  const edited = await git.uncommittedPaths();
  if (edited.length === 0) return void 0;
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true })
  ]);
  const read = edited.filter((path) => (include(path) || KUSTOMIZATION.test(path)) && !exclude(path)).sort();
  if (read.length === 0) return void 0;
  const more = read.length > MAX_NAMED4 ? ` and ${read.length - MAX_NAMED4} more` : "";
  return `the work tree has uncommitted edits to ${read.length} file(s) this plan reads (${read.slice(0, MAX_NAMED4).join(", ")}${more}): the plan compares commits, so they are not in it; commit them to plan from them`;
}
var MAX_NAMED4, KUSTOMIZATION;
var init_plan = __esm({
  "src/run/plan.ts"() {
    "use strict";
    init_errors();
    init_option_naming();
    init_config_size();
    init_repo_plan();
    init_unread_sources();
    init_ci_kind();
    init_resolve_commits();
    init_resolve_range();
    init_untrusted_head();
    init_configs_at_head();
    init_glob_matcher();
    init_scan_repository();
    init_apply();
    MAX_NAMED4 = 5;
    KUSTOMIZATION = /(^|\/)(kustomization\.ya?ml|Kustomization)$/;
  }
});

// src/run/fleet.ts
async function runFleet(deps) {
  const { settings: given, log, waves } = deps;
  const access3 = /* @__PURE__ */ new Map();
  const contextOfServer = /* @__PURE__ */ new Map();
  const namespaces = [];
  for (const context of waves.flat()) {
    const connection = deps.connectTo(context);
    const { server, namespace } = await connection.load();
    namespaces.push({ context, ...namespace ? { namespace } : {} });
    const same = contextOfServer.get(serverKey(server));
    if (same !== void 0) {
      throw new UserError(
        `contexts "${same}" and "${context}" name the same API server (${server}): each would restart its workloads; name each cluster once`
      );
    }
    contextOfServer.set(serverKey(server), context);
    access3.set(context, connection);
  }
  const settings = given.namespaceFrom === void 0 ? { ...given, ...namespaceOfContexts(namespaces, deps.naming ?? CLI_FLAGS, given.strategy) } : given;
  const planned = await planRepository({ ...deps, settings });
  if (planned.kind === "no-range") return planned.report;
  const repoPlan = planned.plan;
  const runs2 = await runWaves(waves, {
    continueOnFailure: settings.continueOnFailure,
    runCluster: async (context, wave) => {
      log.info(`${context}: wave ${wave}: applying the plan`);
      const limit = timeLimit(settings.timeoutMs, context);
      const apply = {
        settings,
        // Once its rollouts are waited for, the wait's own --timeout bounds the cluster (and a stalled
        // rollout is reported on its workload); until then the time limit does.
        log: prefixedLog(log, context, limit.stop, (title) => {
          if (title.startsWith(WAIT_FOR_ROLLOUTS)) limit.lift();
        }),
        naming: deps.naming ?? CLI_FLAGS,
        ...deps.now ? { now: deps.now } : {},
        stop: limit.stop
      };
      try {
        const report = await applyPlanToCluster(repoPlan, access3.get(context), apply);
        if (!limit.stop.aborted) return { exitCode: exitCodeOf(report), result: { report } };
        const message = `${stopReason(limit.stop)}: given up before its rollouts were waited for`;
        log.warn(`${context}: ${message}`);
        return { exitCode: EXIT_FAILED, result: { report, message, outcome: "failed" } };
      } catch (error) {
        const parts = errorParts(error, false);
        const told = parts.hint ? `${parts.message} (${parts.hint})` : parts.message;
        const message = !limit.stop.aborted ? told : error === limit.stop.reason ? `${told} (unreachable or slow); nothing was written to it` : `${stopReason(limit.stop)}: ${told}`;
        log.warn(`${context}: ${message}`);
        return { exitCode: limit.stop.aborted ? EXIT_FAILED : exitCodeFor(error), result: { message } };
      } finally {
        limit.lift();
      }
    }
  });
  const clusters = runs2.map(
    (run2) => run2.ran ? {
      context: run2.context,
      wave: run2.wave,
      outcome: run2.result.outcome ?? run2.result.report?.outcome ?? "error",
      exitCode: run2.exitCode,
      ...run2.result.report ? { report: run2.result.report } : {},
      ...run2.result.message ? { message: run2.result.message } : {}
    } : { context: run2.context, wave: run2.wave, outcome: "skipped", exitCode: 0, message: run2.skipped }
  );
  return {
    plan: repositoryPlan(repoPlan),
    results: [],
    outcome: fleetOutcome(clusters),
    dryRun: settings.dryRun,
    clusters
  };
}
function serverKey(server) {
  try {
    const url = new URL(server);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return server;
  }
}
function repositoryPlan(repoPlan) {
  const unread = unreadSourcesOf(repoPlan.scan.problems, repoPlan.scan.sourceWarnings);
  return {
    base: repoPlan.base,
    head: repoPlan.head,
    rangeNote: repoPlan.rangeNote,
    changes: repoPlan.scan.changes,
    workloads: [],
    problems: repoPlan.scan.problems,
    warnings: repoPlan.scanWarnings,
    ...repoPlan.scan.sourceNotes.length > 0 ? { sources: repoPlan.scan.sourceNotes } : {},
    ...unread.length > 0 ? { unread } : {}
  };
}
function fleetOutcome(clusters) {
  const outcomes = clusters.map((c) => c.outcome);
  if (outcomes.some((o) => o === "failed" || o === "error")) return "failed";
  if (outcomes.includes("incomplete")) return "incomplete";
  for (const outcome of ["restarted", "planned"]) if (outcomes.includes(outcome)) return outcome;
  return "nothing-to-do";
}
function timeLimit(timeoutMs, context) {
  const controller2 = new AbortController();
  const timer = setTimeout(
    () => controller2.abort(
      new ClusterTimeout(`${context} did not finish within --timeout ${formatDuration(timeoutMs)}`)
    ),
    timeoutMs
  );
  return { stop: controller2.signal, lift: () => clearTimeout(timer) };
}
function prefixedLog(log, context, stop, onGroup) {
  return {
    info: (message) => log.info(`${context}: ${message}`),
    warn: (message, where) => log.warn(`${context}: ${message}`, where),
    debug: (message) => log.debug(`${context}: ${message}`),
    group: (title, work) => {
      if (stop.aborted) return Promise.reject(stop.reason);
      onGroup(title);
      return log.group(`${context}: ${title}`, work);
    }
  };
}
var ClusterTimeout;
var init_fleet2 = __esm({
  "src/run/fleet.ts"() {
    "use strict";
    init_duration();
    init_errors();
    init_fleet();
    init_option_naming();
    init_run_result();
    init_unread_sources();
    init_interrupt();
    init_error_line();
    init_restart_and_wait();
    init_apply();
    init_cluster_connection();
    init_plan();
    ClusterTimeout = class extends UserError {
      name = "ClusterTimeout";
      exitCode = EXIT_FAILED;
    };
  }
});

// src/rollout/strategy/planned-strategy.ts
function createPlannedStrategy(document, now) {
  const strategy = strategyOf(document, now);
  return {
    ...strategy,
    prepare: async (context) => {
      await readLiveConsumedSecrets(context);
      return strategy.prepare(context);
    }
  };
}
function strategyOf(document, now) {
  if (document.strategy === "env") {
    const names2 = new Set(document.workloads.map((w) => "env" in w.change ? w.change.env : ""));
    const [envName] = names2;
    if (names2.size !== 1 || !envName) throw new UserError("the plan's env changes must name one variable");
    return createEnvStrategy(envName, now);
  }
  if (document.strategy !== "annotation") {
    throw new Error(`a saved plan of strategy ${document.strategy} is applied from its checkout`);
  }
  const hashes = new Map(
    document.workloads.flatMap((w) => "hash" in w.change ? [[idKey(w.id), w.change.hash]] : [])
  );
  return {
    name: "annotation",
    needsLiveConfigs: true,
    prepare: async () => ({ configWrites: [] }),
    patchFor: annotationStep((id) => hashes.get(idKey(id)))
  };
}
var init_planned_strategy = __esm({
  "src/rollout/strategy/planned-strategy.ts"() {
    "use strict";
    init_errors();
    init_model();
    init_annotation_strategy();
    init_consumed_secrets();
    init_env_strategy();
  }
});

// src/run/apply-saved-plan.ts
function checkPlanKey(document, file, hashKey, naming = CLI_FLAGS) {
  if (document.keyCheck === void 0) return void 0;
  if (!hashKey) {
    throw new UserError(
      `${file}: the plan's Secret digests are keyed: set ${naming.option("hash-key")} to the key the plan was made with`
    );
  }
  const key = Buffer.from(hashKey);
  if (keyCheckOf(key) !== document.keyCheck) {
    throw new UserError(`${file}: ${naming.option("hash-key")} is not the key the plan was made with`);
  }
  return key;
}
async function applySavedPlan(document, file, connection, context) {
  const { settings, log } = context;
  const now = context.now ?? Date.now;
  const key = checkPlanKey(document, file, settings.hashKey, context.naming);
  if (settings.rollbackOnFailure === true) {
    const naming = context.naming ?? CLI_FLAGS;
    throw new UserError(
      `${file}: ${naming.option("rollback-on-failure")} puts configs back to the base commit's content, which a plan file does not hold: apply the plan from a checkout of the repository, without ${naming.option("plan")}`
    );
  }
  const strategy = createPlannedStrategy(document, now);
  const plan = guardedPlanOf(document, file, settings, context.naming ?? CLI_FLAGS);
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  if (toRestart.length === 0 || settings.dryRun === "client") {
    return reportOf(plan, { results: [], notes: [] }, settings.dryRun);
  }
  const cluster = await connection.connect();
  if (!cluster) {
    throw new UserError(`no Kubernetes cluster configured: ${noClusterHint(context.naming ?? CLI_FLAGS)}`);
  }
  const expectedConfigs = /* @__PURE__ */ new Map();
  for (const config of document.configs) {
    const digest = config.digest;
    if (config.status === "deleted" || digest === void 0) continue;
    const keyed = config.id.kind === "Secret" ? key : void 0;
    expectedConfigs.set(idKey(config.id), {
      id: config.id,
      file: `${config.file} (digest in ${file})`,
      holds: (live2) => configDigest(config.id, live2, keyed) === digest
    });
  }
  const { results, notes } = await rollOutPlan(
    cluster,
    {
      toRestart,
      listed: { namespaces: /* @__PURE__ */ new Set(), objects: [] },
      repoWorkloads: [],
      expectedConfigs,
      headConfigs: /* @__PURE__ */ new Map(),
      readHeadConfigs: async () => /* @__PURE__ */ new Map(),
      commitOrder: async () => ({ order: "unknown", why: "a saved plan reads no git history" }),
      head: document.head
    },
    { strategy, settings, log, now }
  );
  return reportOf(plan, { results, notes }, settings.dryRun, cluster);
}
function guardedPlanOf(document, file, settings, naming) {
  const plan = planOf(document, file);
  const guarded = applyGuardRails(plan.workloads, { ...settings, naming });
  return { ...plan, workloads: guarded.workloads, warnings: guarded.notes };
}
function planOf(document, file) {
  return {
    base: document.base,
    head: document.head,
    rangeNote: `plan file ${file}`,
    changes: document.configs.map(sharedChangeFields),
    workloads: document.workloads.map(
      (w) => ({
        id: w.id,
        action: "restart",
        reason: w.reason,
        references: w.references,
        source: w.source
      })
    ),
    problems: [],
    warnings: []
  };
}
var init_apply_saved_plan = __esm({
  "src/run/apply-saved-plan.ts"() {
    "use strict";
    init_errors();
    init_model();
    init_option_naming();
    init_run_result();
    init_guard_rails();
    init_plan_document();
    init_repo_plan();
    init_roll_out_plan();
    init_planned_strategy();
  }
});

// src/run/saved-plan.ts
var saved_plan_exports = {};
__export(saved_plan_exports, {
  applySaved: () => applySaved,
  loadSavedPlan: () => loadSavedPlan,
  sameWorkloads: () => sameWorkloads,
  writePlanFile: () => writePlanFile
});
async function readPlanFile(path) {
  let text;
  try {
    text = await (0, import_promises7.readFile)(path, "utf8");
  } catch (error) {
    const code = error.code ?? String(error);
    throw new UserError(`${path}: cannot read the plan file (${code})`);
  }
  return parsePlanDocument(text, path);
}
async function writePlanFile(path, document, log) {
  try {
    await (0, import_promises7.writeFile)(path, `${JSON.stringify(document, null, 2)}
`, { mode: 420 });
  } catch (error) {
    const code = error.code ?? String(error);
    throw new UserError(`${path}: cannot write the plan file (${code})`);
  }
  log.info(
    `plan written to ${path}: ${document.workloads.length} workload(s) to restart, ${document.digest}`
  );
}
async function checkoutHead(openGit) {
  let git;
  try {
    git = await openGit();
  } catch (error) {
    if (error instanceof UserError) return void 0;
    throw error;
  }
  return git.tryResolveCommit("HEAD");
}
async function loadSavedPlan(settings, openGit, naming = CLI_FLAGS) {
  const file = settings.plan;
  const document = await readPlanFile(file);
  const head = await checkoutHead(openGit);
  if (head !== void 0 && head !== document.head) {
    throw new UserError(
      `${file}: the plan is for commit ${shortSha(document.head)}, but this checkout is at ${shortSha(head)}: apply it from a directory without git or from a checkout of its head`
    );
  }
  checkPlanKey(document, file, settings.hashKey, naming);
  if (settings.strategyExplicit && settings.strategy !== document.strategy) {
    throw new UserError(
      `${file}: ${naming.set("strategy", settings.strategy)} differs from the plan's strategy ${document.strategy}: a plan is applied with the strategy it was made with; drop ${naming.option("strategy")}, or make the plan again with ${naming.set("strategy", settings.strategy)}`
    );
  }
  if (document.strategy === "versioned") {
    if (head === void 0) {
      throw new UserError(
        `${file}: --plan with the versioned strategy needs the checkout at the plan's head ${document.head} (its copies are made from the configs' content, which a plan file does not hold): check it out and set ${naming.option("repo")}`
      );
    }
    return { document, replanFrom: { base: document.base, head: document.head } };
  }
  return { document };
}
function sameWorkloads(document, settings, planned, naming = CLI_FLAGS) {
  const file = settings.plan;
  const inBounds = guardedPlanOf(document, file, settings, naming).workloads.filter(
    (w) => w.action === "restart"
  );
  const inFile = new Set(inBounds.map((w) => idKey(w.id)));
  const now = new Set(planned.map((w) => idKey(w.id)));
  const extra = planned.find((w) => !inFile.has(idKey(w.id)));
  const missing = inBounds.find((w) => !now.has(idKey(w.id)));
  const differs = extra ?? missing;
  if (differs) {
    throw new UserError(
      `${file}: this checkout plans differently from the plan file (${formatId(differs.id)} ${extra ? "is not in the plan" : "is no longer planned"}); make the plan again`
    );
  }
}
function applySaved(run2, settings, connection, context) {
  return applySavedPlan(run2.document, settings.plan, connection, { settings, ...context });
}
var import_promises7;
var init_saved_plan = __esm({
  "src/run/saved-plan.ts"() {
    "use strict";
    import_promises7 = require("node:fs/promises");
    init_commit_sha();
    init_errors();
    init_model();
    init_option_naming();
    init_plan_document();
    init_apply_saved_plan();
  }
});

// src/sync/adopt.ts
function lastWrite(obj) {
  const entries = field(field(obj, "metadata"), "managedFields");
  if (!Array.isArray(entries)) return void 0;
  const times = entries.map((e) => stringField(e, "time")).filter((t) => t !== void 0);
  return times.length === 0 ? void 0 : times.sort().at(-1);
}
function judgeAdoption(configs, pods) {
  if (pods === void 0) return { pods: "unknown", why: "its pods could not be read" };
  const running = pods.filter((p) => stringField(field(p, "status"), "phase") === "Running");
  if (running.length === 0) return { pods: "unknown", why: "it has no running pod" };
  const unknown = configs.filter((c) => c.lastWrite === void 0).map((c) => c.name);
  if (unknown.length > 0)
    return { pods: "unknown", why: `no managedFields time says when ${unknown.join(", ")} last changed` };
  for (const pod of running) {
    const started = stringField(field(pod, "status"), "startTime");
    const podName = stringField(field(pod, "metadata"), "name") ?? "a pod";
    if (started === void 0) return { pods: "unknown", why: `pod ${podName} has no start time` };
    const newer = configs.find((c) => c.lastWrite > started);
    if (newer) {
      return {
        pods: "stale",
        why: `pod ${podName} started at ${started}, before ${newer.name} last changed (${newer.lastWrite})`
      };
    }
  }
  return {
    pods: "current",
    why: `its ${running.length} running pod(s) started after the configs it reads last changed`
  };
}
var init_adopt = __esm({
  "src/sync/adopt.ts"() {
    "use strict";
    init_json_shape();
  }
});

// src/sync/sync-verdict.ts
function consumedOf(workload, kind, namespace) {
  return consumedKeys(findReferences(podSpecAt(workload, kind.templatePath)), namespace);
}
function syncVerdict(workload, kind, live2, options, consumed = consumedOf(workload, kind, stringField(field(workload, "metadata"), "namespace") ?? "")) {
  const unreadable = consumed.flatMap((c) => {
    const why = live2.unreadable?.get(idKey(c.id));
    return why === void 0 ? [] : [{ id: c.id, why }];
  });
  if (unreadable.length > 0) return { state: "unreadable", configs: unreadable };
  const existing = consumed.filter((c) => live2.contents.has(idKey(c.id)));
  if (existing.length === 0) return { state: "reads-nothing" };
  const uid = (id) => live2.uids.get(idKey(id));
  const hash = configHash(consumed, live2.contents, options.hashKey, uid);
  const digestMap = configDigests(consumed, live2.contents, options.hashKey, uid);
  if (hash === void 0 || digestMap === void 0) {
    return { state: "cannot-hash", why: "a Secret it reads could not be read for its UID: set --hash-key" };
  }
  const recorded2 = currentHash(workload, kind.templatePath);
  if (recorded2 === hash) return { state: "current", uncovered: [], gone: [] };
  const now = { hash, digests: formatDigests(digestMap), digestMap, optional: optionalOnly(workload, kind) };
  if (recorded2 === void 0) return baselineVerdict(workload, consumed, now);
  const recordedDigests = currentDigests(workload, kind.templatePath);
  const compared = recordedDigests === void 0 ? void 0 : compareDigests(consumed, recordedDigests, now);
  const manager = hashOwners(workload, kind.templatePath).find((m) => m !== options.fieldManager);
  if (manager !== void 0)
    return { state: "managed-elsewhere", manager, stale: compared?.state === "stale" ? compared.stale : [] };
  return compared ?? { state: "unknown-coverage", hash, digests: now.digests };
}
function compareDigests(consumed, recordedText, now) {
  const { hash, digests, optional: optional2 } = now;
  const recorded2 = parseDigests(recordedText);
  if (recorded2 === void 0)
    return { state: "stale", hash, digests, stale: [], uncovered: [], gone: [], digestsUnparsed: true };
  const stale = [];
  const uncovered = [];
  const gone = [];
  for (const config of consumed) {
    const key = `${config.id.kind}/${config.id.name}`;
    const before = recorded2.get(key);
    const after = now.digestMap.get(key);
    if (before === void 0) {
      if (after !== void 0) (optional2.has(key) ? stale : uncovered).push(config);
    } else if (after === void 0) (optional2.has(key) ? stale : gone).push(config);
    else if (before !== after) stale.push(config);
  }
  if (stale.length === 0) return { state: "current", uncovered, gone };
  return { state: "stale", hash, digests, stale, uncovered, gone };
}
function baselineVerdict(workload, consumed, now) {
  const { hash, digests } = now;
  const baseline = stringField(field(field(workload, "metadata"), "annotations"), BASELINE_ANNOTATION);
  if (baseline === void 0) return { state: "no-baseline", hash, digests, consumed };
  const [recordedHash, recordedDigests = ""] = baseline.split(" ");
  if (recordedHash === hash) return { state: "current", uncovered: [], gone: [] };
  return compareDigests(consumed, recordedDigests, now);
}
function optionalOnly(workload, kind) {
  const required = /* @__PURE__ */ new Set();
  const optional2 = /* @__PURE__ */ new Set();
  for (const ref of findReferences(podSpecAt(workload, kind.templatePath))) {
    const key = `${ref.configKind}/${ref.configName}`;
    (ref.optional ? optional2 : required).add(key);
  }
  for (const key of required) optional2.delete(key);
  return optional2;
}
function baselineValue(hash, digests) {
  return `${hash} ${digests}`;
}
function hashOwners(workload, templatePath) {
  const entries = field(field(workload, "metadata"), "managedFields");
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry) => {
    let fields = field(entry, "fieldsV1");
    for (const step of templatePath) fields = field(fields, `f:${step}`);
    const annotations = field(field(fields, "f:metadata"), "f:annotations");
    const manager = stringField(entry, "manager");
    return field(annotations, "f:config-rollout.io/config-hash") !== void 0 && manager ? [manager] : [];
  });
}
var BASELINE_ANNOTATION;
var init_sync_verdict = __esm({
  "src/sync/sync-verdict.ts"() {
    "use strict";
    init_config_hash();
    init_config_references();
    init_consumed_configs();
    init_json_shape();
    init_pod_template();
    init_model();
    init_restart_patch();
    BASELINE_ANNOTATION = "config-rollout.io/config-baseline";
  }
});

// src/sync/read-live-state.ts
async function readLiveState(cluster, scope, concurrency) {
  const namespaces = scope.namespaces ?? [ALL];
  const kinds = [];
  for (const kind of restartableKinds())
    if (!kind.customResource || await cluster.serves(kind.kind)) kinds.push(kind);
  const lists = await runLimited(
    namespaces.flatMap((namespace) => kinds.map((kind) => ({ namespace, kind }))),
    concurrency,
    async ({ namespace, kind }) => (await cluster.listObjects(namespace, apiVersionOf(kind), kind.kind, scope.selector)).map((object) => ({
      object,
      kind
    }))
  );
  const workloads = lists.flat().map(({ object, kind }) => {
    const id = idOf(object, kind.kind);
    return { id, object, kind, consumed: consumedOf(object, kind, id.namespace) };
  });
  const wanted = /* @__PURE__ */ new Map();
  for (const w of workloads) for (const c of w.consumed) wanted.set(idKey(c.id), c.id);
  const groups = /* @__PURE__ */ new Map();
  for (const id of wanted.values()) {
    const namespace = scope.namespaces ? id.namespace : ALL;
    const key = `${id.kind}/${namespace}`;
    const group = groups.get(key) ?? { namespace, kind: id.kind, ids: [] };
    group.ids.push(id);
    groups.set(key, group);
  }
  const configs = /* @__PURE__ */ new Map();
  const unreadable = /* @__PURE__ */ new Map();
  await runLimited([...groups.values()], concurrency, async ({ namespace, kind, ids }) => {
    for (const object of await listOrGet(cluster, namespace, kind, ids, concurrency, unreadable)) {
      const id = idOf(object, kind);
      if (wanted.has(idKey(id))) configs.set(idKey(id), object);
    }
  });
  return { workloads, configs, unreadable };
}
async function listOrGet(cluster, namespace, kind, ids, concurrency, unreadable) {
  const apiVersion = apiVersionOf(configKind(kind));
  try {
    return await cluster.listObjects(namespace, apiVersion, kind);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
  }
  const read = await runLimited(ids, concurrency, async (id) => {
    try {
      return await cluster.readObject({ apiVersion, kind, namespace: id.namespace, name: id.name });
    } catch (error) {
      if (!isExpectedError(error)) throw error;
      unreadable.set(idKey({ kind, namespace: id.namespace, name: id.name }), error.message);
      return void 0;
    }
  });
  return read.filter((o) => o !== void 0).map((o) => ({ ...o, kind }));
}
async function readPods(cluster, workload) {
  const labels = field(field(field(workload.object, "spec"), "selector"), "matchLabels");
  if (typeof labels !== "object" || labels === null) return void 0;
  const selector = Object.entries(labels).map(([k, v]) => `${k}=${String(v)}`).join(",");
  try {
    return await cluster.listObjects(workload.id.namespace, "v1", "Pod", selector);
  } catch (error) {
    if (!isExpectedError(error)) throw error;
    return void 0;
  }
}
function idOf(object, kind) {
  const metadata = field(object, "metadata");
  return {
    kind,
    namespace: stringField(metadata, "namespace") ?? "",
    name: stringField(metadata, "name") ?? ""
  };
}
var ALL;
var init_read_live_state = __esm({
  "src/sync/read-live-state.ts"() {
    "use strict";
    init_errors();
    init_json_shape();
    init_api_kinds();
    init_workload_kinds();
    init_model();
    init_run_limited();
    init_sync_verdict();
    ALL = "";
  }
});

// src/sync/sync-plan.ts
function readsNamed(consumed, named) {
  if (named.length === 0) return true;
  return named.some(
    (n) => consumed.some(
      (c) => c.id.kind === n.kind && c.id.name === n.name && (n.key === void 0 || c.keys === "all" || c.keys.includes(n.key))
    )
  );
}
function syncAction(verdict, adopt, adopted) {
  switch (verdict.state) {
    case "stale":
      return {
        do: "restart",
        reason: verdict.digestsUnparsed ? `its config-hash differs and its ${CONFIG_DIGESTS_ANNOTATION} annotation does not parse: restarted on the hash alone` : `its pods started with older content of ${verdict.stale.map(configName2).join(", ")}`,
        stale: verdict.stale,
        annotation: { hash: verdict.hash, digests: verdict.digests }
      };
    case "no-baseline":
      if (!adopt)
        return {
          do: "leave",
          reason: "no baseline: config-rollout never restarted it (--adopt to adopt it)"
        };
      if (adopted?.current)
        return {
          do: "record-baseline",
          reason: `adopted without a rollout: ${adopted.why}`,
          annotation: { hash: verdict.hash, digests: verdict.digests }
        };
      return {
        do: "restart",
        reason: `adopted with a restart: ${adopted?.why ?? "cannot judge its pods"}`,
        stale: [],
        annotation: { hash: verdict.hash, digests: verdict.digests }
      };
    case "unknown-coverage":
      return adopt ? {
        do: "restart",
        reason: "adopted with a restart: its config-hash has no digests (written by stamp, a saved plan or an older config-rollout)",
        stale: [],
        annotation: { hash: verdict.hash, digests: verdict.digests }
      } : {
        do: "leave",
        reason: "its config-hash differs but has no digests (written by stamp, a saved plan or an older config-rollout): which config changed cannot be told (--adopt restarts it)"
      };
    case "managed-elsewhere":
      return {
        do: "leave",
        reason: `${verdict.stale.length > 0 ? `stale: its pods started with older content of ${verdict.stale.map(configName2).join(", ")}; ` : ""}its config-hash is applied by ${verdict.manager} (a GitOps agent or another tool): sync does not patch it (stamp the repository instead)`
      };
    case "cannot-hash":
      return { do: "leave", reason: verdict.why };
    case "unreadable":
      return {
        do: "leave",
        reason: `not verified: ${verdict.configs.map((c) => `${shortId(c.id)} cannot be read (${c.why})`).join("; ")}`
      };
    default:
      return { do: "leave", reason: "current" };
  }
}
function syncPlan(decisions, scopeNote) {
  const changes = /* @__PURE__ */ new Map();
  const workloads = [];
  const warnings = [];
  const unread = /* @__PURE__ */ new Map();
  let current = 0;
  for (const { workload, verdict, action } of decisions) {
    const w = shortId(workload.id);
    if (verdict.state === "unreadable") {
      for (const c of verdict.configs) unread.set(idKey(c.id), { file: formatId(c.id), why: c.why });
    }
    if (verdict.state === "stale" && verdict.digestsUnparsed)
      warnings.push(
        `${w} (namespace ${workload.id.namespace}): its ${CONFIG_DIGESTS_ANNOTATION} annotation does not parse: treated as no digests, its config-hash decides (it differs)`
      );
    if (verdict.state === "managed-elsewhere" && verdict.stale.length > 0)
      warnings.push(
        `${w} (namespace ${workload.id.namespace}) is stale (${verdict.stale.map(configName2).join(", ")} changed since its pods started), and its config-hash is owned by ${verdict.manager}: sync leaves it to that manager`
      );
    if (verdict.state === "current" || verdict.state === "stale") {
      if (verdict.uncovered.length > 0)
        warnings.push(
          `${w} (namespace ${workload.id.namespace}): not covered yet by its config-hash: ${verdict.uncovered.map(configName2).join(", ")} (covered at its next restart)`
        );
      if (verdict.gone.length > 0)
        warnings.push(
          `${w} (namespace ${workload.id.namespace}): ${verdict.gone.map(configName2).join(", ")} it reads is gone from the cluster: new pods could not start without it`
        );
    }
    if (verdict.state === "reads-nothing") continue;
    if (verdict.state === "current") {
      current++;
      continue;
    }
    const stale = action.do === "restart" ? action.stale : [];
    for (const config of stale) {
      changes.set(idKey(config.id), {
        id: config.id,
        status: "modified",
        file: "",
        line: 0,
        keys: [],
        origin: "the cluster"
      });
    }
    workloads.push({
      id: workload.id,
      action: action.do === "leave" ? "skip" : action.do === "record-baseline" ? "baseline" : "restart",
      reason: action.reason,
      references: referencesTo(workload, stale),
      source: "cluster"
    });
  }
  return {
    base: "",
    head: "",
    rangeNote: `${scopeNote}: ${current} workload(s) current`,
    changes: [...changes.values()],
    workloads,
    problems: [],
    warnings,
    ...unread.size > 0 ? { unread: [...unread.values()] } : {},
    live: true
  };
}
function referencesTo(workload, stale) {
  const template = podTemplateOf(workload.object);
  if (!template) return [];
  const wanted = new Set(stale.map((c) => idKey(c.id)));
  return findReferences(template.spec).flatMap((ref) => {
    const config = { kind: ref.configKind, namespace: workload.id.namespace, name: ref.configName };
    if (!wanted.has(idKey(config))) return [];
    return [{ ...ref, config, changedKeys: ref.keys === "all" ? ["(all keys)"] : ref.keys }];
  });
}
function configName2(config) {
  const keys = config.keys === "all" ? "all keys" : `key${config.keys.length > 1 ? "s" : ""} ${config.keys.join(", ")}`;
  return `${shortId(config.id)} (reads ${keys})`;
}
var init_sync_plan = __esm({
  "src/sync/sync-plan.ts"() {
    "use strict";
    init_config_references();
    init_workload_kinds();
    init_model();
    init_restart_patch();
  }
});

// src/run/sync.ts
var sync_exports = {};
__export(sync_exports, {
  runSync: () => runSync
});
async function runSync(settings, deps) {
  const { log } = deps;
  const naming = deps.naming ?? CLI_FLAGS;
  if (settings.rollbackOnFailure === true) {
    throw new UserError(
      `config-rollout sync cannot roll back on failure: it restarts workloads for configs changed outside git, whose earlier content is gone (no base commit holds it); drop ${naming.option("rollback-on-failure")}`
    );
  }
  const named = settings.syncConfigs;
  const cluster = await deps.connection.connect();
  if (!cluster) {
    throw new UserError(
      `config-rollout sync reads the cluster: no kubeconfig found (${naming.option("kubeconfig-data")}, ${naming.option("kubeconfig")}, $KUBECONFIG, ~/.kube/config or an in-cluster service account)`
    );
  }
  const loaded = await deps.connection.loaded();
  const namespaces = settings.namespaces.length > 0 ? settings.namespaces : void 0;
  const scope = {
    ...namespaces ? { namespaces } : {},
    ...settings.selector ? { selector: settings.selector } : {}
  };
  const state3 = await log.group(
    "Read the live workloads and the configs they read",
    () => readLiveState(cluster, scope, settings.concurrency)
  );
  const contents = /* @__PURE__ */ new Map();
  const uids = /* @__PURE__ */ new Map();
  for (const [key, object] of state3.configs) {
    contents.set(key, liveConfigContent(object));
    const uid = object.metadata?.uid;
    if (typeof uid === "string") uids.set(key, uid);
  }
  const hashKey = settings.hashKey ? Buffer.from(settings.hashKey) : void 0;
  const inScope2 = state3.workloads.filter(
    (w) => !settings.excludeNamespaces.includes(w.id.namespace) && readsNamed(w.consumed, named)
  );
  const decisions = await log.group(
    "Compare each workload's config hash with the live configs",
    () => Promise.all(
      inScope2.map(async (workload) => {
        const verdict = syncVerdict(
          workload.object,
          workload.kind,
          { contents, uids, unreadable: state3.unreadable },
          {
            ...hashKey ? { hashKey } : {},
            fieldManager: FIELD_MANAGER
          },
          workload.consumed
        );
        const adopted = verdict.state === "no-baseline" && settings.adopt ? await judge(cluster, workload, verdict, state3.configs) : void 0;
        return { workload, verdict, action: syncAction(verdict, settings.adopt, adopted) };
      })
    )
  );
  const plan = syncPlan(decisions, describeScope(settings, named.length));
  for (const warning of plan.warnings) log.warn(warning);
  const cluster_ = loaded ? { context: loaded.context, server: loaded.server } : void 0;
  const { valid: restarts, failed: badWaves } = splitBadWaves(
    decisions.flatMap(
      ({ workload, action }) => action.do === "restart" ? [{ workload, annotation: action.annotation }] : []
    )
  );
  if (settings.dryRun === "client")
    return reportOf(plan, { results: badWaves, notes: [] }, "client", cluster_);
  const baselines = decisions.flatMap(
    ({ workload, action }) => action.do === "record-baseline" ? [{ workload, annotation: action.annotation }] : []
  );
  const targets = [...baselines, ...restarts].map(({ workload }) => ({
    id: workload.id,
    kind: workload.kind
  }));
  const reviewed = targets.length > 0 ? await log.group(
    "Check permissions",
    () => reviewAccess(cluster, { configs: [], targets }, settings, log)
  ) : void 0;
  const results = [
    ...badWaves,
    ...await recordBaselines(cluster, baselines, settings, log)
  ];
  if (restarts.length > 0) {
    const hashes = new Map(restarts.map((d) => [idKey(d.workload.id), d.annotation]));
    const after = await rollOut(
      cluster,
      plan.workloads.filter((w) => hashes.has(idKey(w.id))),
      {
        strategy: syncStrategy(hashes),
        prepared: { configWrites: [] },
        manifests: new Map(restarts.map((d) => [idKey(d.workload.id), manifestOf(d.workload)])),
        settings,
        log,
        now: deps.now,
        ...reviewed ? { reviewed } : {}
      }
    );
    results.push(...after.results);
  }
  return reportOf(plan, { results, notes: [] }, settings.dryRun, cluster_);
}
function splitBadWaves(restarts) {
  const valid = [];
  const failed2 = [];
  for (const restart of restarts) {
    try {
      waveOf(restart.workload.id, restart.workload.object);
      valid.push(restart);
    } catch (error) {
      if (!(error instanceof UserError)) throw error;
      failed2.push({ id: restart.workload.id, restart: "failed", message: `not restarted: ${error.message}` });
    }
  }
  return { valid, failed: failed2 };
}
function syncStrategy(hashes) {
  return {
    name: "annotation",
    needsLiveConfigs: false,
    prepare: async () => ({ configWrites: [] }),
    patchFor: annotationStep(
      (id) => hashes.get(idKey(id))?.hash,
      (id) => hashes.get(idKey(id))?.digests
    )
  };
}
async function judge(cluster, workload, verdict, configs) {
  const times = verdict.consumed.filter((c) => configs.has(idKey(c.id))).map((c) => ({
    name: shortId(c.id),
    lastWrite: lastWrite(configs.get(idKey(c.id)))
  }));
  const judgement = judgeAdoption(times, await readPods(cluster, workload));
  return { current: judgement.pods === "current", why: judgement.why };
}
async function recordBaselines(cluster, baselines, settings, log) {
  if (baselines.length === 0) return [];
  const results = [];
  for (const { workload, annotation } of baselines) {
    const { hash, digests } = annotation;
    const patch = { metadata: { annotations: { [BASELINE_ANNOTATION]: baselineValue(hash, digests) } } };
    await cluster.patchWorkload(
      workload.id,
      patch,
      settings.dryRun === "server",
      workload.kind.restart.patch
    );
    const message = `baseline recorded on its metadata (${BASELINE_ANNOTATION}): no rollout`;
    log.info(`${shortId(workload.id)}: ${message}`);
    results.push({
      id: workload.id,
      restart: settings.dryRun === "server" ? "dry-run" : "unchanged",
      message
    });
  }
  return results;
}
function manifestOf(workload) {
  return { id: workload.id, file: "", line: 0, object: workload.object };
}
function describeScope(settings, namedCount) {
  const where = settings.namespaces.length > 0 ? `namespaces ${settings.namespaces.join(", ")}` : "every namespace";
  const selector = settings.selector ? `, selector ${settings.selector}` : "";
  const spelled = settings.syncConfigs.map(
    (c) => `${c.kind.toLowerCase()}/${c.name}${c.key !== void 0 ? `:${c.key}` : ""}`
  );
  const configs = namedCount > 0 ? `, consumers of ${spelled.join(", ")}` : "";
  return `live configs against each workload's config hash (${where}${selector}${configs})`;
}
var init_sync = __esm({
  "src/run/sync.ts"() {
    "use strict";
    init_config_content();
    init_errors();
    init_model();
    init_option_naming();
    init_run_result();
    init_check_permissions();
    init_restart_and_wait();
    init_annotation_strategy();
    init_waves();
    init_adopt();
    init_read_live_state();
    init_sync_plan();
    init_sync_verdict();
    init_cluster_connection();
  }
});

// src/run/commands.ts
var commands_exports = {};
__export(commands_exports, {
  planAndRollOut: () => planAndRollOut,
  syncFromCluster: () => syncFromCluster
});
function planAndRollOut(settings, entry, out) {
  return inCi(settings, entry, out, async (settings2, cluster, readEvent) => {
    const { env, naming } = entry;
    const namespace = settings2.contexts ? void 0 : runNamespace(settings2, cluster, naming ?? CLI_FLAGS);
    await checkOutputFiles(outputFilesOf(settings2, entry.cwd, naming ?? CLI_FLAGS));
    const openGit = () => createGit((0, import_node_path14.resolve)(entry.cwd, settings2.repo), { timeoutMs: settings2.gitTimeoutMs });
    const opening = settings2.plan === void 0 ? openGit() : void 0;
    const opened = await opening;
    const git = lazy(() => opening ?? openGit());
    const log = runLog(entry, opened?.root);
    const shared = { log, env, ...naming ? { naming } : {} };
    const rangeAndCi = async ({ base, head }) => {
      const range = await readCiEnvironment({ base, head }, env, readEvent);
      return { range, ci: range.ci };
    };
    if (settings2.contexts) {
      const waves = settings2.contexts;
      const connectTo = (context) => cluster.forContext(context);
      return runFleet({
        settings: settings2,
        ...await rangeAndCi(settings2),
        git: await git(),
        ...shared,
        waves,
        connectTo
      });
    }
    let planOut;
    let settingsForRun = { ...settings2, ...await namespace };
    if (settings2.plan !== void 0) {
      const saved = await Promise.resolve().then(() => (init_saved_plan(), saved_plan_exports));
      const planSettings = { ...settings2, plan: settings2.plan };
      const run2 = await saved.loadSavedPlan(planSettings, git, naming);
      if (!run2.replanFrom) return saved.applySaved(run2, planSettings, cluster, shared);
      const planned = run2.document.namespace ?? "default";
      const namespaceFrom = `the plan file's (${settings2.plan})`;
      settingsForRun = {
        ...settingsForRun,
        ...run2.replanFrom,
        strategy: run2.document.strategy,
        ...settings2.namespaceFrom === void 0 ? { namespace: planned, namespaceFrom } : {}
      };
      planOut = async (document) => saved.sameWorkloads(run2.document, planSettings, document.workloads, naming);
    } else if (settings2.planOut !== void 0) {
      const path = settings2.planOut;
      planOut = async (document) => (await Promise.resolve().then(() => (init_saved_plan(), saved_plan_exports))).writePlanFile(path, document, log);
    }
    return planAndApply({
      settings: settingsForRun,
      ...await rangeAndCi(settingsForRun),
      git: await git(),
      connect: cluster.connect,
      clusterConfigured: cluster.configured,
      ...shared,
      ...planOut ? { planOut } : {}
    });
  });
}
function outputFilesOf(settings, cwd, naming) {
  const files = [
    ["plan-out", settings.planOut, (0, import_node_path14.resolve)(settings.planOut ?? "")],
    ["junit", settings.junit, (0, import_node_path14.resolve)(cwd, settings.junit ?? "")],
    ["dotenv", settings.dotenv, (0, import_node_path14.resolve)(cwd, settings.dotenv ?? "")]
  ];
  return files.flatMap(
    ([name, given, path]) => given === void 0 ? [] : [{ option: naming.option(name), given, path }]
  );
}
function syncFromCluster(settings, entry, out) {
  return inCi(settings, entry, out, async (settings2, connection) => {
    if (settings2.contexts) {
      const option = (entry.naming ?? CLI_FLAGS).option("context");
      throw new UserError(`sync checks one cluster: give ${option} one context (run sync once per cluster)`);
    }
    const { runSync: runSync2 } = await Promise.resolve().then(() => (init_sync(), sync_exports));
    return runSync2(settings2, {
      connection,
      log: runLog(entry, void 0),
      now: Date.now,
      naming: entry.naming ?? CLI_FLAGS
    });
  });
}
async function inCi(given, entry, out, command) {
  const { env, mask } = entry;
  const readEvent = eventReader(env);
  let comment;
  try {
    let settings = given;
    if (entry.trust) {
      const { notice, ...inputs } = entry.trust;
      const eventName = env.GITHUB_EVENT_NAME ?? "";
      const trust = decideTrust({ eventName, event: await readEvent(), dryRun: settings.dryRun, ...inputs });
      settings = { ...settings, dryRun: trust.dryRun };
      if (trust.note) notice(trust.note);
    }
    if (entry.comment) {
      const { say, ...given2 } = entry.comment;
      if (!given2.token && env.GITHUB_TOKEN) mask?.([env.GITHUB_TOKEN]);
      comment = reviewCommenter({ env, readEvent, commentId: settings.commentId, ...given2 }, say);
    }
    const cluster = createClusterConnection(settings, env, mask);
    if (mask) mask(await cluster.secretsToMask());
    const report = redactSecretsIn(await command(settings, cluster, readEvent));
    return await out.report(report, comment);
  } catch (error) {
    return out.failure(redactError(error), comment);
  }
}
function runLog(entry, repositoryRoot) {
  return redactingLog(withStagesNoted(entry.logFor(repositoryRoot)));
}
var import_node_path14;
var init_commands = __esm({
  "src/run/commands.ts"() {
    "use strict";
    import_node_path14 = require("node:path");
    init_errors();
    init_once();
    init_option_naming();
    init_secret_values();
    init_create_git();
    init_interrupt();
    init_github_event();
    init_read_ci_environment();
    init_untrusted_head();
    init_cluster_connection();
    init_comment_on_review();
    init_fleet2();
    init_output_files();
    init_plan();
  }
});

// src/git/commit-stamps.ts
async function commitStamps(root, request, idleTimeoutMs) {
  const run2 = async (args, env) => (await spawnGit(root, args, { idleTimeoutMs, ...env ? { env } : {} })).stdout.toString("utf8").trim();
  const head = await run2(["rev-parse", "HEAD"]);
  if (head !== request.expectedHead) {
    throw new UserError(
      `commit: true: the checkout is at ${shortSha(head)}, not the pull request's head ${shortSha(request.expectedHead)} (actions/checkout checks out a merge commit by default): check out its branch with \`ref: ${HEAD_REF}\``
    );
  }
  if (request.files.length === 0) return { committed: false };
  const pathspecs = ["--", ...request.files.map((f) => `:(literal)${f}`)];
  const status = await run2(["status", "--porcelain", ...pathspecs]);
  if (status === "") return { committed: false };
  await run2(["add", ...pathspecs]);
  await run2([...BOT, "commit", "--quiet", "--no-verify", "-m", request.message, ...pathspecs]);
  const sha = await run2(["rev-parse", "HEAD"]);
  try {
    const target = `HEAD:refs/heads/${request.branch}`;
    const own = await spawnGit(root, ["config", "--get-all", `http.${serverUrl(request)}.extraheader`], {
      okExitCodes: [1],
      idleTimeoutMs
    });
    const env = own.exitCode === 0 ? void 0 : tokenEnv(request);
    await run2(["push", "--quiet", request.remote ?? "origin", target], env);
  } catch (error) {
    if (!(error instanceof GitExitError)) throw error;
    throw new UserError(
      `commit: true: pushing the stamps to ${request.branch} failed (${error.message.split("\n")[0]}); the job needs permissions: contents: write, and the branch must not have moved on since the checkout`
    );
  }
  return { committed: true, sha };
}
function tokenEnv(request) {
  if (!request.token) return void 0;
  const url = serverUrl(request);
  const basic = Buffer.from(`x-access-token:${request.token}`, "utf8").toString("base64");
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: `http.${url}.extraheader`,
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`
  };
}
function serverUrl(request) {
  return `${(request.serverUrl ?? "https://github.com").replace(/\/+$/, "")}/`;
}
var HEAD_REF, BOT;
var init_commit_stamps = __esm({
  "src/git/commit-stamps.ts"() {
    "use strict";
    init_commit_sha();
    init_errors();
    init_spawn_git();
    HEAD_REF = "${{ github.head_ref }}";
    BOT = [
      "-c",
      "user.name=github-actions[bot]",
      "-c",
      "user.email=41898282+github-actions[bot]@users.noreply.github.com"
    ];
  }
});

// src/git/work-tree.ts
async function openWorkTree(dir, gitTimeoutMs) {
  const { stdout: stdout2 } = await createGitRunner(dir, gitTimeoutMs).run(["rev-parse", "--show-toplevel"]);
  return createWorkTree(stdout2.trim() || dir, gitTimeoutMs);
}
function createWorkTree(dir, gitTimeoutMs) {
  return {
    dir,
    async listFiles() {
      const args = ["ls-files", "-z", "--cached", "--others", "--exclude-standard"];
      const { stdout: stdout2 } = await createGitRunner(dir, gitTimeoutMs).run(args);
      return [...new Set(stdout2.split("\0").filter((f) => f !== ""))].sort();
    },
    // Synchronous on purpose: a stamp reads thousands of small files, and one promise-based read
    // costs five system calls and a round of the event loop each, a synchronous one a single call.
    async size(path) {
      const found = regularFile(dir, path);
      return found?.size;
    },
    async read(path) {
      if (regularFile(dir, path) === void 0) return void 0;
      let fd;
      try {
        fd = (0, import_node_fs12.openSync)((0, import_node_path15.join)(dir, path), import_node_fs12.constants.O_RDONLY | import_node_fs12.constants.O_NOFOLLOW);
      } catch (error) {
        if (linkError(error)) throw symlinkRefusal(path);
        return void 0;
      }
      try {
        return (0, import_node_fs12.fstatSync)(fd).isFile() ? (0, import_node_fs12.readFileSync)(fd) : void 0;
      } finally {
        (0, import_node_fs12.closeSync)(fd);
      }
    },
    async write(path, text) {
      regularFile(dir, path);
      let fd;
      try {
        fd = (0, import_node_fs12.openSync)(
          (0, import_node_path15.join)(dir, path),
          import_node_fs12.constants.O_WRONLY | import_node_fs12.constants.O_CREAT | import_node_fs12.constants.O_TRUNC | import_node_fs12.constants.O_NOFOLLOW,
          438
        );
      } catch (error) {
        if (linkError(error)) throw symlinkRefusal(path);
        throw error;
      }
      try {
        (0, import_node_fs12.writeFileSync)(fd, text);
      } finally {
        (0, import_node_fs12.closeSync)(fd);
      }
    },
    async remove(path) {
      if (regularFile(dir, path) === void 0) return;
      await (0, import_promises8.rm)((0, import_node_path15.join)(dir, path), { force: true });
    },
    linkOn(path) {
      try {
        regularFile(dir, path);
        return void 0;
      } catch (error) {
        if (error instanceof SymlinkRefused) return error.link;
        throw error;
      }
    },
    async withScratch(use) {
      const scratch = await (0, import_promises8.mkdtemp)((0, import_node_path15.join)((0, import_node_os5.tmpdir)(), "config-rollout-stamp-"));
      try {
        return await use(scratch);
      } finally {
        await (0, import_promises8.rm)(scratch, { recursive: true, force: true });
      }
    }
  };
}
function regularFile(dir, path) {
  const parts = path.split("/");
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join("/");
    let stats;
    try {
      stats = (0, import_node_fs12.lstatSync)((0, import_node_path15.join)(dir, prefix));
    } catch {
      return void 0;
    }
    if (stats.isSymbolicLink()) throw symlinkRefusal(prefix, prefix === path ? void 0 : path);
    if (i === parts.length) return stats.isFile() ? { size: stats.size } : void 0;
    if (!stats.isDirectory()) return void 0;
  }
  return void 0;
}
function linkError(error) {
  const code = error.code;
  return code === "ELOOP" || code === "EMLINK";
}
function symlinkRefusal(link, through) {
  return new SymlinkRefused(
    link,
    `${link} in the work tree is a symbolic link${through ? ` (on the path of ${through})` : ""}: config-rollout stamp reads and writes only regular files inside the checkout and never follows a link. Nothing was written: replace the link with the file it stands for, or leave it out with --exclude`
  );
}
var import_node_fs12, import_promises8, import_node_os5, import_node_path15, SymlinkRefused;
var init_work_tree = __esm({
  "src/git/work-tree.ts"() {
    "use strict";
    import_node_fs12 = require("node:fs");
    import_promises8 = require("node:fs/promises");
    import_node_os5 = require("node:os");
    import_node_path15 = require("node:path");
    init_errors();
    init_run_git();
    SymlinkRefused = class extends UserError {
      constructor(link, message) {
        super(message);
        this.link = link;
      }
      link;
    };
  }
});

// src/stamp/stamp-mode.ts
function decideStampMode(input) {
  if (input.check) return { kind: "check" };
  if (!input.commit) return { kind: "write" };
  const fallBack = (why) => ({
    kind: "check",
    note: `commit: true, but ${why}: nothing is pushed; checking the stamps instead`
  });
  if (input.eventName !== "pull_request") {
    return fallBack(
      input.eventName === "pull_request_target" ? "a pull_request_target run checks out the base branch, not the pull request's" : `this ${input.eventName || "run"} event has no pull request branch to commit to`
    );
  }
  const untrusted = untrustedSource(input.eventName, input.event);
  if (untrusted) return fallBack(`this is ${untrusted} (its branch is not this repository's to push to)`);
  const head = field4(field4(input.event, "pull_request"), "head");
  const branch = field4(head, "ref");
  const headSha = field4(head, "sha");
  if (typeof branch !== "string" || !branch || typeof headSha !== "string" || !headSha) {
    return fallBack("the event names no pull request head branch and commit");
  }
  return { kind: "commit", branch, headSha };
}
function stampCommitMessage(configs) {
  const shown2 = configs.slice(0, 10).join(", ");
  const more = configs.length > 10 ? ` and ${configs.length - 10} more` : "";
  return `config-rollout: stamp the config hash for ${shown2 || "the changed configs"}${more}

Written by \`config-rollout stamp\`: the pod templates carry config-rollout.io/config-hash of the
config content each workload reads, so the agent rolls them with this commit.
`;
}
function field4(value, key) {
  return typeof value === "object" && value !== null ? value[key] : void 0;
}
var init_stamp_mode = __esm({
  "src/stamp/stamp-mode.ts"() {
    "use strict";
    init_untrusted_head();
  }
});

// src/stamp/stamp-report.ts
function stampRefusals(report, strict) {
  if (!report.check && !strict) return [];
  const refusals = report.problems.filter((p) => p.severity === "error" || strict).map(
    (p) => `${p.file}:${p.line}:${p.col}: ${p.message} (not read as manifests: its stamps cannot be checked)`
  );
  for (const u of report.unstampable) {
    if (report.notBuilt.includes(u.what)) refusals.push(`${u.what} does not build: ${u.reason}`);
    else if (strict) refusals.push(`${u.what} cannot be stamped: ${u.reason}`);
  }
  return refusals;
}
var init_stamp_report = __esm({
  "src/stamp/stamp-report.ts"() {
    "use strict";
  }
});

// src/stamp/beyond-raw.ts
function notReadRaw(all, readRaw, explicitPaths) {
  return all.filter((f) => MANIFEST_FILE.test(f) && !readRaw(f) && (explicitPaths?.(f) ?? true));
}
function beyondRawInTree(tree, files, defaultNamespace) {
  let read;
  const readOnce = () => {
    read ??= runLimited(files, READ_CONCURRENCY, async (file) => {
      const size = await tree.size(file);
      if (size === void 0 || size > MAX_GITOPS_FILE_BYTES) return [];
      const bytes = await tree.read(file);
      const kept = bytes && [...GITOPS_API_GROUPS, "ConfigMap"].some((word) => bytes.includes(word));
      return kept ? [[file, bytes]] : [];
    }).then((found) => found.flat());
    return read;
  };
  return beyondRawOf(async (words) => {
    const found = await readOnce();
    return found.filter(([, bytes]) => words.some((word) => bytes.includes(word)));
  }, defaultNamespace);
}
function beyondRawAt(git, sha, files, defaultNamespace) {
  const wanted = new Set(files);
  return beyondRawOf(async (words) => {
    const hits = (await git.grepFiles(sha, words)).filter((f) => wanted.has(f));
    if (hits.length === 0) return [];
    return [...(await git.readFilesUpTo(sha, hits, MAX_GITOPS_FILE_BYTES)).files];
  }, defaultNamespace);
}
function beyondRawOf(holding, defaultNamespace) {
  const parsed = async (files, also) => {
    const manifests = [];
    for (const [file, bytes] of files) {
      if (also !== void 0 && !bytes.includes(also)) continue;
      manifests.push(...(await parseManifestFile(file, bytes, { defaultNamespace })).manifests);
    }
    return manifests;
  };
  return {
    gitopsObjects: async () => parsed(await holding(GITOPS_API_GROUPS)),
    // The search finds every object that names the map too (each Kustomization substituting from it).
    maps: async (names2) => parsed(await holding(names2), "ConfigMap")
  };
}
var READ_CONCURRENCY;
var init_beyond_raw = __esm({
  "src/stamp/beyond-raw.ts"() {
    "use strict";
    init_run_limited();
    init_find_deployments();
    init_parse_manifest_file();
    READ_CONCURRENCY = 16;
  }
});

// src/stamp/deployment-units.ts
function unitConfigs(manifests, deployedDirs) {
  const definitions = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (!isConfigManifest(m)) continue;
    const key = idKey(m.id);
    definitions.set(key, [
      ...definitions.get(key) ?? [],
      { file: m.file, line: m.line, content: configContentOf(m).content }
    ]);
  }
  const once2 = /* @__PURE__ */ new Map();
  const several = [];
  for (const [key, defs] of definitions) {
    if (defs.length === 1) once2.set(key, defs[0].content);
    else several.push([key, defs]);
  }
  const byFile = /* @__PURE__ */ new Map();
  const contentsFor = (workload) => {
    if (several.length === 0) return once2;
    let contents = byFile.get(workload.file);
    if (contents === void 0) {
      contents = new Map([
        ...once2,
        ...several.map(
          ([key, defs]) => [key, configDefinitionFor(workload.file, defs, deployedDirs).content]
        )
      ]);
      byFile.set(workload.file, contents);
    }
    return contents;
  };
  const ambiguities = (workload, covers) => {
    const notes = [];
    for (const config of covers) {
      const defs = definitions.get(idKey(config)) ?? [];
      if (new Set(defs.map((d) => canonicalJson(d.content))).size < 2) continue;
      if (readsOwnFolders(workload.file, defs, deployedDirs)) continue;
      const used = configDefinitionFor(workload.file, defs, deployedDirs);
      const others = defs.filter((d) => d !== used).map((d) => d.file);
      notes.push(
        `${shortId(workload.id)} (${workload.file}) is stamped with ${shortId(config)} as ${used.file} defines it (none is in its own folder: the closest one, the last in path order among equally close ones), but ${others.join(", ")} define${others.length === 1 ? "s" : ""} it differently: if those folders are deployed separately, an Argo CD Application or Flux Kustomization per folder in the repository makes stamp hash each folder's workloads with that folder's configs`
      );
    }
    return notes;
  };
  return { contentsFor, ambiguities };
}
var init_deployment_units = __esm({
  "src/stamp/deployment-units.ts"() {
    "use strict";
    init_config_content();
    init_model();
    init_folder_definitions();
  }
});

// src/stamp/stamp-workloads.ts
function repositoryConfigs(manifests) {
  const contents = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (isConfigManifest(m)) contents.set(idKey(m.id), configContentOf(m).content);
  }
  return contents;
}
function stampWorkloads(manifests, allContents, options = {}) {
  const result = { targets: [], unstampable: [], untouched: [] };
  for (const m of manifests) {
    const kind = workloadKindOf(m.object);
    if (!kind || !restartableKind(m.id.kind)) continue;
    const template = templateOf(m.object, kind.templatePath);
    const refs = findReferences(field(template, "spec"));
    if (refs.length === 0) continue;
    const contents = options.contentsFor?.(m) ?? allContents;
    const consumed = consumedKeys(refs, m.id.namespace).filter((c) => !options.selfRolling?.(c.id));
    const covered = consumed.filter((c) => contents.has(idKey(c.id)));
    const notInRepo = consumed.filter((c) => !contents.has(idKey(c.id))).map((c) => c.id);
    const place2 = { id: m.id, file: m.file, line: m.line };
    if (covered.length === 0) {
      if (notInRepo.length > 0) result.untouched.push({ id: m.id, file: m.file, notInRepo });
      continue;
    }
    if (kind.templateOwner?.(m.object) !== void 0) {
      result.unstampable.push({
        ...place2,
        reason: "runs another object's pod template (workloadRef): stamp that object instead"
      });
      continue;
    }
    const hashed = m.namespaceByDeployment ? namespaceFree(covered, contents) : { consumed: covered, contents };
    const hash = configHash(hashed.consumed, hashed.contents, options.key);
    if (hash === void 0) {
      const secrets = coveredSecrets(covered, contents).map((id) => `secret/${id.name}`);
      result.unstampable.push({
        ...place2,
        reason: `consumes ${secrets.join(", ")} from the repository: without --hash-key its stamp would be a plain SHA-256 of the Secret's content, which anyone who may read the workload could test guesses against. Set --hash-key (the same key the live job and --strategy gitops use)`
      });
      continue;
    }
    const current = stringField(field(field(template, "metadata"), "annotations"), CONFIG_HASH_ANNOTATION);
    result.targets.push({
      ...place2,
      templatePath: kind.templatePath,
      hash,
      ...current !== void 0 ? { current } : {},
      covers: covered.map((c) => c.id),
      notInRepo
    });
  }
  result.targets.sort((a, b) => compareIds(a.id, b.id));
  return result;
}
function templateOf(object, path) {
  let node = object;
  for (const segment of path) node = isRecord(node) ? node[segment] : void 0;
  return node;
}
var init_stamp_workloads = __esm({
  "src/stamp/stamp-workloads.ts"() {
    "use strict";
    init_config_content();
    init_config_hash();
    init_config_references();
    init_consumed_configs();
    init_json_shape();
    init_workload_kinds();
    init_model();
    init_order();
    init_restart_patch();
  }
});

// src/stamp/stamp-as-deployed.ts
function stampAsDeployed(read, variants, key, builtByFlux2 = /* @__PURE__ */ new Map()) {
  const each = variants.map((variant) => {
    const deployed = inDeployedNamespaces([...variant]);
    const units = unitConfigs(deployed, deployedDirsOf(deployed.map((m) => m.object)));
    const stamps2 = stampWorkloads(deployed, repositoryConfigs(deployed), {
      ...key ? { key } : {},
      contentsFor: units.contentsFor
    });
    return { stamps: asWritten(read, stamps2), units };
  });
  const stamps = agreed(each.map((e) => e.stamps));
  const refused = stamps.targets.flatMap((t) => {
    const reason2 = builtByFlux2.get(t.file);
    return reason2 === void 0 ? [] : [{ id: t.id, file: t.file, line: t.line, reason: reason2 }];
  });
  if (refused.length === 0) return { stamps, units: each[0].units };
  const targets = stamps.targets.filter((t) => !builtByFlux2.has(t.file));
  return {
    stamps: { ...stamps, targets, unstampable: [...stamps.unstampable, ...refused] },
    units: each[0].units
  };
}
function agreed(ways) {
  if (ways.length === 1) return ways[0];
  const values = /* @__PURE__ */ new Map();
  for (const [i, way] of ways.entries()) {
    const here = new Map(way.targets.map((t) => [place(t), t.hash]));
    for (const at of /* @__PURE__ */ new Set([...values.keys(), ...here.keys()])) {
      const seen2 = values.get(at) ?? new Set(i === 0 ? [] : [void 0]);
      values.set(at, seen2.add(here.get(at)));
    }
  }
  const targets = [];
  const unstampable = ways.flatMap((w) => w.unstampable);
  const done = /* @__PURE__ */ new Set();
  for (const t of ways.flatMap((w) => w.targets)) {
    if (done.has(place(t))) continue;
    done.add(place(t));
    if (values.get(place(t))?.size === 1) targets.push(t);
    else
      unstampable.push({
        id: t.id,
        file: t.file,
        line: t.line,
        reason: "its folder is deployed by GitOps objects with other postBuild substitution values, and the configs it reads differ with them: its file holds one value for all of them"
      });
  }
  return {
    targets,
    unstampable: unique2(unstampable),
    untouched: unique2(ways.flatMap((w) => w.untouched))
  };
}
function asWritten(read, stamps) {
  const written = new Map(read.map((m) => [place(m), m.id]));
  const byPlace = /* @__PURE__ */ new Map();
  for (const t of stamps.targets) byPlace.set(place(t), [...byPlace.get(place(t)) ?? [], t]);
  const targets = [];
  const unstampable = [...stamps.unstampable];
  for (const [at, copies] of byPlace) {
    const first = copies[0];
    const id = written.get(at) ?? first.id;
    const namespaces = copies.map((t) => t.id.namespace);
    const values = new Set(copies.map((t) => t.hash));
    if (values.size > 1) {
      unstampable.push({
        id: first.id,
        file: first.file,
        line: first.line,
        reason: `deployed into namespaces ${namespaces.join(", ")}, where the configs it reads differ: its file holds one value for all of them`
      });
      continue;
    }
    const moved = copies.length > 1 || first.id.namespace !== id.namespace;
    targets.push({ ...first, id, ...moved ? { namespaces } : {} });
  }
  return { ...stamps, targets, unstampable: unique2(unstampable), untouched: unique2(stamps.untouched) };
}
function unique2(list) {
  const seen2 = /* @__PURE__ */ new Set();
  return list.filter((e) => {
    const at = `${e.file}:${e.line ?? ""}:${e.id.kind}/${e.id.name}`;
    return !seen2.has(at) && seen2.add(at) !== void 0;
  });
}
var place;
var init_stamp_as_deployed = __esm({
  "src/stamp/stamp-as-deployed.ts"() {
    "use strict";
    init_deployed_dirs();
    init_deployed_namespaces();
    init_deployment_units();
    init_stamp_workloads();
    place = (m) => `${m.file}:${m.line}`;
  }
});

// src/stamp/substituted-reads.ts
async function readAsDeployed(read, ctx) {
  const deploymentsIn3 = (m) => deploymentsOf([m.object]).map((d) => ({ ...d, file: m.file, line: m.line }));
  const gitops = (await ctx.beyond?.gitopsObjects() ?? []).filter((m) => deploymentsIn3(m).length > 0);
  const objects = [...read.filter((m) => deploymentsIn3(m).length > 0), ...gitops];
  const written = (ctx.patched ? await ctx.patched(objects) : objects).flatMap(deploymentsIn3);
  const names2 = substitutionMapNames(written);
  const maps = [
    ...substitutionMapsIn(read),
    ...names2.length > 0 && ctx.beyond ? substitutionMapsIn(await ctx.beyond.maps(names2), names2) : []
  ];
  const deployments = withRepositoryMaps(written, maps, ctx.defaultNamespace);
  const kustomizationDirs = ctx.files.map(kustomizationDirOf).filter((d) => d !== void 0);
  const variants = await substitutedVariants(read, deployments, { ...ctx, kustomizationDirs });
  return {
    written,
    deployments,
    variants: variants.map((v) => [...v, ...gitops]),
    builtByFlux: builtByFlux(read, written, kustomizationDirs)
  };
}
function builtByFlux(read, deployments, kustomizationDirs) {
  const byFile = /* @__PURE__ */ new Map();
  const built = deployments.filter((d) => plainBuildUnstampable(d) !== void 0);
  if (built.length === 0) return byFile;
  const dirs = [...new Set(deployments.map((d) => d.dir))];
  for (const file of new Set(read.map((m) => m.file))) {
    const unit = deploymentUnitOf(file, dirs);
    if (unit === void 0 || hasKustomizationInOrBelow(unit, kustomizationDirs)) continue;
    const why = built.find((d) => d.dir === unit);
    if (why !== void 0) byFile.set(file, plainBuildUnstampable(why));
  }
  return byFile;
}
async function substitutedVariants(read, deployments, ctx) {
  const ways = substitutionsByFile(read, deployments, ctx.kustomizationDirs);
  if (ways.size === 0) return [[...read]];
  const variants = Math.max(...[...ways.values()].map((w) => w.length));
  const byFile = /* @__PURE__ */ new Map();
  for (const [file, substitutes] of ways) {
    const bytes = await ctx.text(file);
    if (bytes === void 0) continue;
    const source2 = bytes.toString("utf8");
    const texts = [...new Set(substitutes.map((s) => s ? substituteVariables(source2, s) : source2))];
    if (texts.length === 1 && texts[0] === source2) continue;
    const parsed = [];
    for (const text of texts) {
      const options = { defaultNamespace: ctx.defaultNamespace };
      parsed.push((await parseManifestFile(file, Buffer.from(text), options)).manifests);
    }
    byFile.set(file, parsed);
  }
  if (byFile.size === 0) return [[...read]];
  return Array.from({ length: variants }, (_, i) => {
    const done = /* @__PURE__ */ new Set();
    return read.flatMap((m) => {
      const parsed = byFile.get(m.file);
      if (parsed === void 0) return [m];
      if (done.has(m.file)) return [];
      done.add(m.file);
      return parsed[Math.min(i, parsed.length - 1)];
    });
  });
}
function substitutionsByFile(read, deployments, kustomizationDirs) {
  const byFile = /* @__PURE__ */ new Map();
  if (!deployments.some((d) => d.settings.substitute)) return byFile;
  const dirs = [...new Set(deployments.map((d) => d.dir))];
  const byUnit = /* @__PURE__ */ new Map();
  for (const file of new Set(read.map((m) => m.file))) {
    const unit = deploymentUnitOf(file, dirs);
    if (unit === void 0 || hasKustomizationInOrBelow(unit, kustomizationDirs)) continue;
    let substitutes = byUnit.get(unit);
    if (substitutes === void 0) {
      const all = deploymentsOfDir(unit, deployments).map(
        (d) => d?.by.startsWith("Flux ") ? d.settings.substitute : void 0
      );
      const distinct = new Map(all.map((s) => [JSON.stringify(s ?? null), s]));
      substitutes = [...distinct.values()];
      byUnit.set(unit, substitutes);
    }
    if (substitutes.some((s) => s !== void 0)) byFile.set(file, substitutes);
  }
  return byFile;
}
var init_substituted_reads = __esm({
  "src/stamp/substituted-reads.ts"() {
    "use strict";
    init_deployed_dirs();
    init_deployment_overlay();
    init_folder_definitions();
    init_substitution_settings();
    init_parse_manifest_file();
    init_kustomization_names();
  }
});

// src/stamp/changed-raw.ts
async function changedInRange(settings, git, targets, files, key) {
  if (!settings.base) throw new UserError("--changed-only needs --base (and --head, default HEAD)");
  const valuesAt2 = async (rev) => {
    const sha = await git.resolveCommit(rev);
    const all = await git.listFiles(sha);
    const bytes = await git.readFiles(sha, all.filter(files.filter));
    const manifests = [];
    for (const [file, data] of bytes) {
      if (data.length > settings.maxFileSize) continue;
      manifests.push(
        ...(await parseManifestFile(file, data, { defaultNamespace: settings.namespace })).manifests
      );
    }
    const text = (file) => bytes.get(file);
    const beyond = notReadRaw(all, files.filter, files.explicitPaths);
    const read = await readAsDeployed(manifests, {
      files: all,
      text,
      defaultNamespace: settings.namespace,
      beyond: beyondRawAt(git, sha, beyond, settings.namespace)
    });
    const { stamps } = stampAsDeployed(manifests, read.variants, key);
    return new Map(stamps.targets.map((t) => [`${t.file}
${idKey(t.id)}`, t.hash]));
  };
  const [before, after] = await Promise.all([valuesAt2(settings.base), valuesAt2(settings.head ?? "HEAD")]);
  return targets.filter((t) => {
    const a = before.get(`${t.file}
${idKey(t.id)}`);
    const b = after.get(`${t.file}
${idKey(t.id)}`);
    return a !== void 0 && b !== void 0 && a !== b;
  });
}
var init_changed_raw = __esm({
  "src/stamp/changed-raw.ts"() {
    "use strict";
    init_errors();
    init_model();
    init_parse_manifest_file();
    init_beyond_raw();
    init_stamp_as_deployed();
    init_substituted_reads();
  }
});

// src/stamp/changed-roots.ts
async function changedRootWorkloads(ctx) {
  const [base, head] = await Promise.all([ctx.git.resolveCommit(ctx.base), ctx.git.resolveCommit(ctx.head)]);
  const at = await Promise.all([kustomizationsAt2(ctx.git, base), kustomizationsAt2(ctx.git, head)]);
  const settingsAt2 = await deployedSettingsAt(ctx, base, head);
  const rules = await withPresentPaths(
    ctx.rules,
    at[1].values(),
    (paths) => ctx.git.presentPaths(head, paths)
  );
  const dirs = [];
  const inputs = [];
  for (const dir of ctx.roots) {
    at.forEach((ks, i) => {
      const components = settingsAt2(dir, i === 0 ? base : head)?.components ?? [];
      const included = [dir, ...components].flatMap((d) => kustomizationsUnder(d, ks));
      const refused = refusedEntries(`kustomize ${dir || "."}`, included, i === 0 ? "base" : "head", rules);
      if (refused !== void 0) throw new UserError(refused);
      dirs.push(...included.map((k) => k.dir));
      if (included.some((k) => k.problem !== void 0)) dirs.push("");
      const graph = buildKustomizeGraph([...ks.values()]);
      for (const d of [dir, ...components]) inputs.push(...graph.inputsOf(d));
    });
  }
  const scope = checkoutScope(dirs, inputs);
  const gitPath = findExecutable("git", ctx.run.pathDirs) ?? "git";
  const trees = await createCommitTrees(ctx.git.root, gitPath, scope, {
    symlinks: { scope },
    timeoutMs: ctx.run.timeoutMs
  });
  try {
    const changed = /* @__PURE__ */ new Map();
    for (const dir of ctx.roots) {
      const [before, after] = [
        await valuesAt(ctx, trees, base, dir, at[0], settingsAt2),
        await valuesAt(ctx, trees, head, dir, at[1], settingsAt2)
      ];
      const ids = /* @__PURE__ */ new Set();
      for (const [id, value] of after) {
        const old = before.get(id);
        if (old !== void 0 && old !== value) ids.add(id);
      }
      changed.set(dir, ids);
    }
    return changed;
  } finally {
    await trees.dispose();
  }
}
async function valuesAt(ctx, trees, commit, dir, ks, settingsAt2) {
  if (!ks.has(dir)) return /* @__PURE__ */ new Map();
  const included = kustomizationsUnder(dir, ks);
  const generators = included.flatMap((k) => k.generators);
  const label2 = `kustomize ${dir || "."}`;
  let text;
  try {
    const settings = settingsAt2(dir, commit);
    const as = settings && { settings, overlayDir: overlayDir(ctx.roots.indexOf(dir)) };
    text = await buildDeployed(
      { ...ctx.run, home: trees.root, ...secretQuietness(included) },
      await trees.dirOf(commit),
      dir,
      commit,
      as
    );
  } catch (error) {
    if (!(error instanceof KustomizeBuildError)) throw error;
    ctx.note(
      `${label2} does not build at ${shortSha(commit)} (${error.why}): --changed-only stamps none of its workloads`
    );
    return /* @__PURE__ */ new Map();
  }
  const defaultNamespace = settingsAt2(dir, commit)?.defaultNamespace ?? ctx.defaultNamespace;
  const rendered = parseManifests(label2, text, { defaultNamespace }).manifests;
  const stamps = stampWorkloads(rendered, repositoryConfigs(rendered), {
    ...ctx.key ? { key: ctx.key } : {},
    selfRolling: (id) => isHashSuffixedGenerated(id, generators)
  });
  return new Map(stamps.targets.map((t) => [idKey(t.id), t.hash]));
}
async function deployedSettingsAt(ctx, base, head) {
  const deployedAs = ctx.deployedAs;
  if (deployedAs === void 0 || deployedAs.size === 0) return () => void 0;
  const changedFiles = await ctx.git.changedFiles(base, head);
  const changes = await findSettingsChanges(ctx.git, { base, head, changedFiles });
  const deployed = (ctx.deployments ?? []).filter((d) => deployedAs.has(d.dir));
  const substitution = { defaultNamespace: ctx.defaultNamespace };
  const atBoth = await withMaps(ctx.git, { base, head, substitution }, withSettingsAtBase(deployed, changes));
  return (dir, commit) => {
    const atHead = deployedAs.get(dir);
    if (commit !== base || atHead === void 0) return atHead;
    const d = atBoth.find((d2) => d2.dir === dir);
    return d ? d.atBase?.settings ?? d.settings : changes.find((c) => c.dir === dir)?.base ?? atHead;
  };
}
async function kustomizationsAt2(git, commit) {
  const files = await git.listFiles(commit, KUSTOMIZATION_FILE_NAMES);
  const bytes = await git.readFiles(commit, files);
  const ks = /* @__PURE__ */ new Map();
  for (const [path, data] of bytes) {
    const k = readKustomizationFile(path, data.toString("utf8"));
    ks.set(k.dir, k);
  }
  return ks;
}
var init_changed_roots = __esm({
  "src/stamp/changed-roots.ts"() {
    "use strict";
    init_commit_sha();
    init_errors();
    init_model();
    init_deployed_build();
    init_deployment_overlay();
    init_settings_changes();
    init_substitution_maps();
    init_parse_manifests();
    init_checkout_scope();
    init_kustomize();
    init_materialize_tree();
    init_renderer_environment();
    init_blame();
    init_kustomization_file();
    init_kustomization_names();
    init_kustomize_entries();
    init_kustomize_graph();
    init_stamp_workloads();
  }
});

// src/stamp/patched-in-tree.ts
function patchedInTree(tree, env, note) {
  return async (objects) => {
    const deployments = objects.flatMap(
      (m) => deploymentsOf([m.object]).map((d) => ({ ...d, file: m.file }))
    );
    const parents = patchingParents(deployments);
    if (parents.length === 0) return [...objects];
    const binary = await findKustomize(env.pathDirs);
    return tree.withScratch(async (home) => {
      let deployed = [...objects];
      for (const parent of parents) {
        const built = whyNotBuilt(parent, env) ?? (binary ? await childrenAsBuilt(
          { ...env, binary, home },
          { tree: tree.dir, commit: "work tree", cwd: home, generate: false },
          parent
        ) : NO_KUSTOMIZE_WHY);
        if (typeof built === "string") {
          note(
            `${parent.by} (${parent.file}) patches the Flux Kustomizations it deploys from ${parent.dir} (spec.patches), and ${built}: they are stamped as written, without what the patches add`
          );
          continue;
        }
        deployed = deployed.map(
          (m) => deploysPath(parent, m.file) ? { ...m, object: asPatched([m.object], built.get(m.file), parent)[0] } : m
        );
      }
      return deployed;
    });
  };
}
var init_patched_in_tree = __esm({
  "src/stamp/patched-in-tree.ts"() {
    "use strict";
    init_deployed_dirs();
    init_parent_patches();
    init_patched_children();
    init_kustomize();
  }
});

// src/stamp/kustomize-stamp.ts
function isGeneratedPatch(text) {
  return text.replace(/^\uFEFF/, "").startsWith(STAMP_PATCH_HEADER);
}
function stampPatchText(entries) {
  const sorted = [...entries].sort(
    (a, b) => `${a.kind}/${a.namespace ?? ""}/${a.name}` < `${b.kind}/${b.namespace ?? ""}/${b.name}` ? -1 : 1
  );
  const docs = sorted.map(
    (e) => [
      `apiVersion: ${e.apiVersion}`,
      `kind: ${e.kind}`,
      "metadata:",
      `  name: ${JSON.stringify(e.name)}`,
      ...e.namespace ? [`  namespace: ${JSON.stringify(e.namespace)}`] : [],
      "spec:",
      "  template:",
      "    metadata:",
      "      annotations:",
      `        ${CONFIG_HASH_ANNOTATION}: ${JSON.stringify(e.hash)}`,
      ""
    ].join("\n")
  );
  return [
    STAMP_PATCH_HEADER,
    `# The ${CONFIG_HASH_ANNOTATION} of each workload this kustomization renders: a hash of the`,
    "# config content it reads, so a config change rolls exactly the workloads that read it.",
    docs.join("---\n")
  ].join("\n");
}
function ownTransforms(kustomizationText) {
  let doc;
  try {
    doc = (0, import_yaml5.parseDocument)(kustomizationText, { logLevel: "silent" }).toJS();
  } catch {
    doc = void 0;
  }
  const text = (key) => {
    const value = isRecord(doc) ? field(doc, key) : void 0;
    return typeof value === "string" ? value : "";
  };
  const namespace = text("namespace").trim();
  return {
    namePrefix: text("namePrefix"),
    nameSuffix: text("nameSuffix"),
    ...namespace ? { namespace } : {}
  };
}
function nameBeforeTransforms(renderedName, own) {
  let name = renderedName;
  if (own.namePrefix && name.startsWith(own.namePrefix)) name = name.slice(own.namePrefix.length);
  if (own.nameSuffix && name.endsWith(own.nameSuffix)) name = name.slice(0, -own.nameSuffix.length);
  return name;
}
function patchesEntryEdits(source2, file = STAMP_PATCH_FILE) {
  const eol = source2.includes("\r\n") ? "\r\n" : "\n";
  const doc = (0, import_yaml5.parseDocument)(source2, { logLevel: "silent" });
  const root = doc.contents;
  if (!(0, import_yaml5.isMap)(root)) throw new Error("the kustomization is not a mapping");
  const pair = root.items.find((p) => (0, import_yaml5.isPair)(p) && (0, import_yaml5.isScalar)(p.key) && p.key.value === "patches");
  const entry = `path: ${file}`;
  if (!pair) {
    const indent = seqIndent(source2, root);
    const lead = source2.length === 0 || source2.endsWith("\n") ? "" : eol;
    return [
      { start: source2.length, end: source2.length, text: `${lead}patches:${eol}${indent}- ${entry}${eol}` }
    ];
  }
  const value = pair.value;
  if ((0, import_yaml5.isSeq)(value)) {
    const seq = value;
    if (seq.items.some((item) => field(item?.toJSON?.(), "path") === file)) {
      return [];
    }
    const open = seq.range?.[0];
    if (seq.flow && open !== void 0) {
      const text = seq.items.length > 0 ? `{${entry}}, ` : `{${entry}}`;
      return [{ start: open + 1, end: open + 1, text }];
    }
    const first = seq.items[0];
    if (first?.range) {
      const lineStart = source2.lastIndexOf("\n", first.range[0] - 1) + 1;
      const dash = /^(\s*)-\s+$/.exec(source2.slice(lineStart, first.range[0]));
      if (dash) return [{ start: lineStart, end: lineStart, text: `${dash[1]}- ${entry}${eol}` }];
    }
    throw new Error("cannot find where to add to patches:");
  }
  const keyEnd = pair.key.range?.[1] ?? 0;
  const node = value;
  const edits = [];
  if (node?.range && node.range[1] > node.range[0])
    edits.push({ start: keyEnd + 1, end: node.range[1], text: "" });
  let lineEnd = source2.indexOf("\n", node?.range?.[1] ?? keyEnd);
  if (lineEnd === -1) lineEnd = source2.length;
  else if (source2[lineEnd - 1] === "\r") lineEnd--;
  edits.push({ start: lineEnd, end: lineEnd, text: `${eol}- ${entry}` });
  return edits;
}
function seqIndent(source2, root) {
  for (const item of root.items) {
    const value = (0, import_yaml5.isPair)(item) ? item.value : void 0;
    if ((0, import_yaml5.isSeq)(value) && !value.flow) {
      const first = value.items[0];
      if (!first?.range) continue;
      const lineStart = source2.lastIndexOf("\n", first.range[0] - 1) + 1;
      const dash = /^(\s*)-\s+$/.exec(source2.slice(lineStart, first.range[0]));
      if (dash) return dash[1];
    }
  }
  return "";
}
function withoutPatchesEntry(source2, file = STAMP_PATCH_FILE) {
  const doc = (0, import_yaml5.parseDocument)(source2, { logLevel: "silent" });
  const root = doc.contents;
  if (!(0, import_yaml5.isMap)(root)) return void 0;
  const pair = root.items.find((p) => (0, import_yaml5.isPair)(p) && (0, import_yaml5.isScalar)(p.key) && p.key.value === "patches");
  const seq = pair?.value;
  if (!pair || !(0, import_yaml5.isSeq)(seq) || seq.flow) return void 0;
  const index = seq.items.findIndex(
    (item2) => field(item2?.toJSON?.(), "path") === file
  );
  const item = seq.items[index];
  if (!item?.range) return void 0;
  const lineStart = (offset) => source2.lastIndexOf("\n", offset - 1) + 1;
  const nextLine = (offset) => {
    const end2 = source2.indexOf("\n", offset);
    return end2 === -1 ? source2.length : end2 + 1;
  };
  if (!/^\s*-\s+$/.test(source2.slice(lineStart(item.range[0]), item.range[0]))) return void 0;
  const keyStart = pair.key.range?.[0];
  const start = seq.items.length === 1 && keyStart !== void 0 ? lineStart(keyStart) : lineStart(item.range[0]);
  const end = nextLine(Math.max(item.range[0], item.range[1] - 1));
  return source2.slice(0, start) + source2.slice(end);
}
var import_yaml5, STAMP_PATCH_FILE, STAMP_PATCH_HEADER;
var init_kustomize_stamp = __esm({
  "src/stamp/kustomize-stamp.ts"() {
    "use strict";
    import_yaml5 = __toESM(require_yaml(), 1);
    init_json_shape();
    init_restart_patch();
    STAMP_PATCH_FILE = "config-rollout-stamp.yaml";
    STAMP_PATCH_HEADER = "# Generated by `config-rollout stamp`: do not edit. Regenerate with: config-rollout stamp";
  }
});

// src/stamp/stamp-checks.ts
async function refuseUnsafeRoots(roots, byDir, settings, deps, deployedAs) {
  const graph = buildKustomizeGraph([...byDir.values()]);
  const readBy = (dir) => [dir, ...deployedAs.get(dir)?.components ?? []];
  const files = await deps.tree.listFiles();
  const rules = await withPresentPaths(
    { untrustedHead: deps.untrustedHead, allowRemote: settings.allowRemoteKustomize },
    byDir.values(),
    async () => pathsOf(files)
  );
  for (const dir of roots) {
    const included = readBy(dir).flatMap((d) => kustomizationsUnder(d, byDir));
    const refused = refusedEntries(`kustomize ${dir || "."}`, included, "head", rules);
    if (refused !== void 0) throw new UserError(refused);
  }
  const read = /* @__PURE__ */ new Set();
  for (const dir of roots) {
    const included = readBy(dir).flatMap((d) => kustomizationsUnder(d, byDir));
    const scope = included.some((k) => k.problem !== void 0) ? void 0 : checkoutScope(
      included.map((k) => k.dir),
      readBy(dir).flatMap((d) => [...graph.inputsOf(d)])
    );
    for (const path of files) if (inScope(path, scope)) read.add(path);
  }
  await refuseEscapingLinks(deps.tree.dir, [...read].sort(), "in the work tree");
}
async function refuseForeignPatch(tree, dir, ks) {
  const path = dir ? `${dir}/${STAMP_PATCH_FILE}` : STAMP_PATCH_FILE;
  const text = (await tree.read(path))?.toString("utf8");
  if (text !== void 0 && !isGeneratedPatch(text)) {
    throw new UserError(
      `${path} exists and was not generated by config-rollout stamp (its first line is not the generated header): stamp would overwrite it. Nothing was written: rename the file (and its entry in ${dir || "."}/kustomization.yaml), then stamp again`
    );
  }
  const byDir = new Map(ks.map((k) => [k.dir, k]));
  const reader = byDir.has(dir) ? kustomizationsUnder(dir, byDir).find((k) => k.generators.some((g) => g.files.includes(path))) : void 0;
  if (reader !== void 0) throw selfReference(path, reader.path);
}
function selfReference(path, by) {
  return new UserError(
    `${path} is read by a generator (${by}): the stamp would change the config it hashes on every run, so it would never be current (a commit loop in CI). Nothing was written: let the generator read another file`
  );
}
var init_stamp_checks = __esm({
  "src/stamp/stamp-checks.ts"() {
    "use strict";
    init_errors();
    init_checkout_scope();
    init_escaping_links();
    init_kustomize_entries();
    init_kustomize_graph();
    init_kustomize_stamp();
  }
});

// src/stamp/annotation-edit.ts
function applyEdits(source2, edits) {
  let out = source2;
  for (const e of [...edits].sort((a, b) => b.start - a.start || b.end - a.end)) {
    out = out.slice(0, e.start) + e.text + out.slice(e.end);
  }
  return out;
}
function annotationEdits(source2, doc, templatePath, key, value, root = doc.contents) {
  if ((0, import_yaml6.isAlias)(root)) {
    throw new SharedNodeError(
      `the List item is the YAML alias *${root.source}: stamping the object where the anchor is would change every place that uses it. Write the object out in the List, then stamp again`,
      root.range?.[0] ?? 0
    );
  }
  const ctx = new EditContext(source2);
  const merged = new MergedLookup(doc, source2);
  let node = root;
  let parentKeyCol;
  const path = [];
  for (const segment of templatePath) {
    const found = merged.find(merged.own(node, path.join(".") || "the object"), segment, path);
    path.push(segment);
    if (!found) throw new UnstampableError(`no ${path.join(".")} in the object`);
    parentKeyCol = keyColumn(ctx, found.pair);
    node = found.pair.value;
  }
  const field5 = path.join(".");
  const template = merged.own(node, field5);
  ctx.noteStep(template, parentKeyCol);
  const meta = merged.find(template, "metadata", path);
  if (!meta) return ctx.insert(template, "metadata", { annotations: { [key]: value } });
  if (isEmpty(meta.pair.value))
    return ctx.fillEmpty(meta.owner, meta.pair, { annotations: { [key]: value } });
  const metadata = merged.own(meta.pair.value, `${field5}.metadata`);
  const ann = merged.find(metadata, "annotations", [...path, "metadata"]);
  if (!ann) return ctx.insert(metadata, "annotations", { [key]: value });
  if (isEmpty(ann.pair.value)) return ctx.fillEmpty(ann.owner, ann.pair, { [key]: value });
  const annotations = merged.own(ann.pair.value, `${field5}.metadata.annotations`);
  const current = merged.find(annotations, key, [...path, "metadata", "annotations"]);
  if (!current) return ctx.insert(annotations, key, value);
  const scalar3 = current.pair.value;
  if ((0, import_yaml6.isScalar)(scalar3) && scalar3.value === value) return [];
  if ((0, import_yaml6.isScalar)(scalar3) && scalar3.range) {
    const old = source2.slice(scalar3.range[0], scalar3.range[1]);
    const block = scalar3.type === "BLOCK_LITERAL" || scalar3.type === "BLOCK_FOLDED";
    const text = block ? `${ctx.scalarText(value, "PLAIN")}${old.endsWith("\n") ? ctx.eol : ""}` : ctx.scalarText(value, scalar3.type);
    return [{ start: scalar3.range[0], end: scalar3.range[1], text }];
  }
  if (scalar3 === null || isEmpty(scalar3)) return ctx.fillEmpty(current.owner, current.pair, value);
  throw new UnstampableError(`${key} is not a plain value`);
}
function lineOf(text, offset) {
  let line = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) line++;
  return line;
}
function asMap(node, what) {
  if (!(0, import_yaml6.isMap)(node)) throw new UnstampableError(`${what} is not a mapping`);
  return node;
}
function findPair(map, key) {
  for (const item of map.items) {
    if ((0, import_yaml6.isPair)(item) && (0, import_yaml6.isScalar)(item.key) && item.key.value === key) return item;
  }
  return void 0;
}
function isEmpty(node) {
  if (node === null || node === void 0) return true;
  if ((0, import_yaml6.isScalar)(node)) return node.value === null;
  return false;
}
function keyColumn(ctx, pair) {
  const range = pair.key?.range;
  return range ? ctx.column(range[0]) : void 0;
}
function firstKey(map) {
  const first = map.items[0];
  return first && (0, import_yaml6.isPair)(first) ? first.key ?? void 0 : void 0;
}
function plainIsString(value) {
  return /^[0-9a-f]+$/.test(value) && /[a-f]/.test(value.replace("e", "")) && !/^0[bx]/.test(value);
}
var import_yaml6, UnstampableError, SharedNodeError, MergedLookup, EditContext;
var init_annotation_edit = __esm({
  "src/stamp/annotation-edit.ts"() {
    "use strict";
    import_yaml6 = __toESM(require_yaml(), 1);
    UnstampableError = class extends Error {
    };
    SharedNodeError = class extends UnstampableError {
      constructor(message, offset) {
        super(message);
        this.offset = offset;
      }
      offset;
    };
    MergedLookup = class {
      constructor(doc, source2) {
        this.doc = doc;
        this.source = source2;
      }
      doc;
      source;
      uses;
      /** The pair that gives `map` its `key`, and the mapping it is written in; undefined when none does. */
      find(map, key, path) {
        const own = findPair(map, key);
        if (own) return { pair: own, owner: map };
        const merge = findPair(map, "<<");
        if (!merge) return void 0;
        const at = merge.key.range?.[0] ?? 0;
        const field5 = [...path, key].join(".");
        for (const item of (0, import_yaml6.isSeq)(merge.value) ? merge.value.items : [merge.value]) {
          const merged = (0, import_yaml6.isAlias)(item) ? item.resolve(this.doc) : item;
          if (!(0, import_yaml6.isMap)(merged)) continue;
          const found = this.find(merged, key, path);
          if (!found) continue;
          const fix = `Write ${field5} out in this object beside the merge key (what is written there replaces the merged ${key} whole: copy what it holds), then stamp again`;
          if ((0, import_yaml6.isAlias)(item)) {
            const anchor = this.source.lastIndexOf(`&${item.source}`, merged.range?.[0] ?? at);
            throw new SharedNodeError(
              `${field5} comes from the YAML anchor &${item.source} (line ${this.lineOf(anchor)}) through the merge key (<<): stamping it there would change every place that uses the anchor. ${fix}`,
              at
            );
          }
          const others = this.aliasesOf(merged);
          if (others.length > 0) {
            throw new SharedNodeError(
              `${field5} comes from the mapping &${merged.anchor} that the merge key (<<) holds, which is used again at line ${others.map((o) => this.lineOf(o)).join(", ")}: stamping it would change those too. ${fix}`,
              at
            );
          }
          return found;
        }
        return void 0;
      }
      /**
       * `node` (the mapping at `field`) as this object's own: a YAML alias (`template: *pod`), or an
       * anchored mapping used again elsewhere, is shared, and stamping it would stamp every place that
       * uses it (and `--check` and --strategy gitops would ask for a stamp that never comes):
       * SharedNodeError, at the alias or the anchor.
       */
      own(node, field5) {
        const fix = `Write ${field5} out in this object (no alias), then stamp again`;
        if ((0, import_yaml6.isAlias)(node)) {
          const target = node.resolve(this.doc);
          const at = node.range?.[0] ?? 0;
          const anchor = this.source.lastIndexOf(`&${node.source}`, target?.range?.[0] ?? at);
          throw new SharedNodeError(
            `${field5} is the YAML alias *${node.source} of the anchor &${node.source} (line ${this.lineOf(anchor)}): stamping it there would change every place that uses the anchor. ${fix}`,
            at
          );
        }
        const others = (0, import_yaml6.isMap)(node) && node.anchor ? this.aliasesOf(node) : [];
        if (others.length > 0) {
          const anchor = node.anchor;
          throw new SharedNodeError(
            `${field5} is the YAML anchor &${anchor}, used again at line ${others.map((o) => this.lineOf(o)).join(", ")}: stamping it would change those too. Write it out in full where it is used again (no alias), then stamp again`,
            this.source.lastIndexOf(`&${anchor}`, node.range?.[0] ?? 0)
          );
        }
        return asMap(node, field5);
      }
      /** Offsets of the aliases in the document that stand for `node`. */
      aliasesOf(node) {
        if (this.uses === void 0) {
          const uses = /* @__PURE__ */ new Map();
          (0, import_yaml6.visit)(this.doc, {
            Alias: (_, alias) => {
              const target = alias.resolve(this.doc);
              uses.set(target, [...uses.get(target) ?? [], alias.range?.[0] ?? 0]);
            }
          });
          this.uses = uses;
        }
        return this.uses.get(node) ?? [];
      }
      lineOf(offset) {
        return lineOf(this.source, offset);
      }
    };
    EditContext = class {
      constructor(source2) {
        this.source = source2;
        this.eol = source2.includes("\r\n") ? "\r\n" : "\n";
      }
      source;
      eol;
      step = 2;
      /** Indentation step of the file, from the template's keys relative to the `template:` key. */
      noteStep(template, parentCol) {
        const first = firstKey(template);
        if (template.flow || !first?.range || parentCol === void 0) return;
        const step = this.column(first.range[0]) - parentCol;
        if (step > 0 && step <= 8) this.step = step;
      }
      column(offset) {
        return offset - this.lineStart(offset);
      }
      lineStart(offset) {
        return this.source.lastIndexOf("\n", offset - 1) + 1;
      }
      lineEnd(offset) {
        let end = this.source.indexOf("\n", offset);
        if (end === -1) return this.source.length;
        if (this.source[end - 1] === "\r") end--;
        return end;
      }
      /** A new key/value pair in `map`: a line before its first key (block), or an entry (flow). */
      insert(map, key, value) {
        const first = firstKey(map);
        if (map.flow) return this.insertFlow(map, key, value);
        if (!first?.range) throw new UnstampableError("cannot find where to insert");
        const col = this.column(first.range[0]);
        const at = this.lineStart(first.range[0]);
        if (this.source.slice(at, first.range[0]).trim() !== "") {
          throw new UnstampableError("the mapping does not start on its own line");
        }
        return [{ start: at, end: at, text: this.blockLines(col, key, value) }];
      }
      insertFlow(map, key, value) {
        const open = map.range?.[0];
        if (open === void 0 || this.source[open] !== "{")
          throw new UnstampableError("cannot find the flow mapping");
        const first = firstKey(map);
        const quoteKeys = !first || (0, import_yaml6.isScalar)(first) && first.type === "QUOTE_DOUBLE";
        const entry = `${this.flowKey(key, quoteKeys)}: ${this.flowValue(value, quoteKeys)}`;
        if (!first?.range) return [{ start: open + 1, end: open + 1, text: entry }];
        const between = this.source.slice(open + 1, first.range[0]);
        if (between.includes("\n")) {
          const indent = " ".repeat(this.column(first.range[0]));
          return [{ start: first.range[0], end: first.range[0], text: `${entry},${this.eol}${indent}` }];
        }
        return [{ start: first.range[0], end: first.range[0], text: `${entry}, ` }];
      }
      /** `key:` with no value (or null/~): the value is written after it. */
      fillEmpty(parent, pair, value) {
        const keyRange = pair.key.range;
        if (!keyRange) throw new UnstampableError("cannot find the key");
        const node = pair.value;
        const edits = [];
        if (parent.flow) {
          const at2 = node?.range ? node.range[0] : keyRange[1];
          const end = node?.range ? node.range[1] : at2;
          const quote2 = (0, import_yaml6.isScalar)(pair.key) && pair.key.type === "QUOTE_DOUBLE";
          return [{ start: at2, end, text: this.flowValue(value, quote2) }];
        }
        const filled = node?.range && node.range[1] > node.range[0] ? node.range : void 0;
        if (typeof value === "string") {
          if (filled) return [{ start: filled[0], end: filled[1], text: this.scalarText(value, "PLAIN") }];
          const colon = this.source.indexOf(":", keyRange[1]) + 1;
          return [{ start: colon, end: colon, text: ` ${this.scalarText(value, "PLAIN")}` }];
        }
        if (filled) {
          let start = filled[0];
          while (start > keyRange[1] && (this.source[start - 1] === " " || this.source[start - 1] === "	"))
            start--;
          edits.push({ start, end: filled[1], text: "" });
        }
        const col = this.column(keyRange[0]) + this.step;
        const at = this.lineEnd(node?.range ? node.range[1] : keyRange[1]);
        const [[k, v]] = Object.entries(value);
        const lines = this.blockLines(col, k, v);
        edits.push({ start: at, end: at, text: this.eol + lines.slice(0, -this.eol.length) });
        return edits;
      }
      /** Block lines for key: value at column `col`, nested maps one step deeper, each ending in EOL. */
      blockLines(col, key, value) {
        const indent = " ".repeat(col);
        if (typeof value === "string") return `${indent}${key}: ${this.scalarText(value, "PLAIN")}${this.eol}`;
        const inner = Object.entries(value).map(([k, v]) => this.blockLines(col + this.step, k, v)).join("");
        return `${indent}${key}:${this.eol}${inner}`;
      }
      flowKey(key, quote2) {
        return quote2 || !/^[A-Za-z0-9][-A-Za-z0-9_./]*$/.test(key) ? JSON.stringify(key) : key;
      }
      flowValue(value, quote2) {
        if (typeof value === "string") return JSON.stringify(value);
        const entries = Object.entries(value).map(
          ([k, v]) => `${this.flowKey(k, quote2)}: ${this.flowValue(v, quote2)}`
        );
        return `{${entries.join(", ")}}`;
      }
      /** The value in the style of the scalar it replaces; plain only when YAML reads it back as a string. */
      scalarText(value, type) {
        if (type === "QUOTE_SINGLE") return `'${value.replaceAll("'", "''")}'`;
        if ((type === "PLAIN" || type === void 0) && plainIsString(value)) return value;
        return JSON.stringify(value);
      }
    };
  }
});

// src/stamp/stamp-file.ts
function stampFile(source2, targets, defaultNamespace) {
  const byId = new Map(targets.map((t) => [idKey(t.id), t]));
  const result = { text: source2, changed: [], unstampable: [] };
  const edits = [];
  let docs;
  try {
    docs = (0, import_yaml7.parseAllDocuments)(source2, { logLevel: "silent", uniqueKeys: false });
  } catch {
    docs = [];
  }
  for (const { doc, node, object } of docs.flatMap(objectsOf)) {
    const target = byId.get(idKey(idOf2(object, defaultNamespace)));
    if (!target || target.current === target.hash) continue;
    byId.delete(idKey(target.id));
    try {
      const edit = annotationEdits(
        source2,
        doc,
        target.templatePath,
        CONFIG_HASH_ANNOTATION,
        target.hash,
        node
      );
      if (edit.length > 0) {
        edits.push(...edit);
        result.changed.push(target);
      }
    } catch (error) {
      if (error instanceof SharedNodeError) {
        const line = lineOf(source2, error.offset);
        return {
          ...result,
          changed: [],
          refused: `line ${line}: ${shortId(target.id)}: ${error.message}`
        };
      }
      if (!(error instanceof UnstampableError)) throw error;
      result.unstampable.push({ target, reason: error.message });
    }
  }
  for (const target of byId.values()) {
    if (target.current !== target.hash) {
      result.unstampable.push({ target, reason: "its document could not be found again in the file" });
    }
  }
  const text = applyEdits(source2, edits);
  const refused = edits.length > 0 ? changedBeyondStamp(source2, text, result.changed) : void 0;
  if (refused !== void 0) return { ...result, changed: [], refused };
  result.text = text;
  return result;
}
function changedBeyondStamp(source2, text, targets) {
  const before = kubernetesView(source2);
  const after = kubernetesView(text);
  if (after.errors.length > before.errors.length) {
    return `line ${lineOf(text, after.errors[0])}: the stamped file would no longer parse; nothing was written to it`;
  }
  if (before.objects.length !== after.objects.length) return "the stamped file would hold other documents";
  for (const [i, object] of after.objects.entries()) {
    const id = idOf2(object, "");
    const target = targets.find((t) => t.id.kind === id.kind && t.id.name === id.name);
    const original = before.objects[i];
    const expected = target ? withStamp(original, target.templatePath, target.hash) : original;
    if (canonicalJson(object ?? null) !== canonicalJson(expected ?? null)) {
      return `${shortId(id)}: the edit would change more than the stamp (as Kubernetes reads the file); nothing was written to it`;
    }
  }
  return void 0;
}
function kubernetesView(text) {
  const docs = (0, import_yaml7.parseAllDocuments)(text, {
    logLevel: "silent",
    uniqueKeys: false,
    version: "1.1",
    merge: true
  });
  const errors = docs.flatMap((d) => d.errors.map((e) => e.pos[0]));
  const objects = docs.map((d) => {
    try {
      return d.toJS({ maxAliasCount: 100 });
    } catch {
      return void 0;
    }
  });
  return { objects: objects.flatMap(listedObjects), errors };
}
function listedObjects(object) {
  const items = field(object, "items");
  if (!isRecord(object) || !Array.isArray(items) || !isListKind(stringField(object, "kind") ?? "", items))
    return [object];
  return [{ ...object, items: items.length }, ...items.flatMap(listedObjects)];
}
function withStamp(object, path, hash) {
  const copy = JSON.parse(JSON.stringify(object ?? null));
  let node = copy;
  for (const segment of path) node = isRecord(node) ? node[segment] : void 0;
  if (!isRecord(node)) return copy;
  const metadata = isRecord(node.metadata) ? node.metadata : {};
  const annotations = isRecord(metadata.annotations) ? metadata.annotations : {};
  annotations[CONFIG_HASH_ANNOTATION] = hash;
  metadata.annotations = annotations;
  node.metadata = metadata;
  return copy;
}
function objectsOf(doc) {
  let object;
  try {
    object = doc.errors.length === 0 ? doc.toJS({ maxAliasCount: 100 }) : void 0;
  } catch {
    object = void 0;
  }
  const inside = (node, value) => {
    const items = field(value, "items");
    if (!Array.isArray(items) || !isListKind(stringField(value, "kind") ?? "", items)) {
      return [{ node, object: value }];
    }
    const written = (0, import_yaml7.isMap)(node) ? node.get("items", true) : void 0;
    return items.flatMap((item, i) => inside((0, import_yaml7.isSeq)(written) ? written.items[i] : written, item));
  };
  return inside(doc.contents, object).map((o) => ({ doc, ...o }));
}
function idOf2(object, defaultNamespace) {
  if (!isRecord(object)) return { kind: "", namespace: "", name: "" };
  const metadata = field(object, "metadata");
  return {
    kind: stringField(object, "kind") ?? "",
    namespace: stringField(metadata, "namespace") || defaultNamespace,
    name: stringField(metadata, "name") ?? ""
  };
}
var import_yaml7;
var init_stamp_file = __esm({
  "src/stamp/stamp-file.ts"() {
    "use strict";
    import_yaml7 = __toESM(require_yaml(), 1);
    init_config_content();
    init_json_shape();
    init_api_kinds();
    init_model();
    init_restart_patch();
    init_annotation_edit();
  }
});

// src/stamp/stamp-kustomize.ts
async function stampKustomization(ctx, report) {
  const { root } = ctx;
  const label2 = `kustomize ${root.dir || "."}`;
  let rendered;
  let kustomizationText = (await ctx.tree.read(root.path))?.toString("utf8") ?? "";
  try {
    rendered = await renderManifests({ ...ctx, problems: report.problems }, label2);
  } catch (error) {
    if (!(error instanceof UserError)) throw error;
    const recovered = ctx.check ? void 0 : await withoutStalePatch(ctx, label2, kustomizationText);
    if (!recovered) {
      report.unstampable.push({ what: label2, reason: error.message });
      report.notBuilt.push(label2);
      return;
    }
    ({ rendered, kustomizationText } = recovered);
  }
  const generators = ctx.included.flatMap((k) => k.generators);
  const contents = repositoryConfigs(rendered);
  const selfRolling = (id) => isHashSuffixedGenerated(id, generators);
  const suffixed = rendered.filter((m) => contents.has(idKey(m.id)) && selfRolling(m.id));
  if (suffixed.length > 0) {
    report.notes.push(
      `${label2}: ${suffixed.map((m) => shortId(m.id)).join(", ")} carry a generator hash suffix and roll their consumers already: not in the stamps`
    );
  }
  const stamps = stampWorkloads(rendered, contents, { ...ctx.key ? { key: ctx.key } : {}, selfRolling });
  for (const u of stamps.unstampable)
    report.unstampable.push({ what: `${label2}: ${shortId(u.id)}`, reason: u.reason });
  for (const t of stamps.untouched)
    report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: true });
  for (const t of stamps.targets) {
    if (t.notInRepo.length > 0)
      report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: false });
  }
  const targets = ctx.changed ? changedOnly(stamps.targets, ctx.changed) : stamps.targets;
  if (targets.length === 0) return;
  const own = ownTransforms(kustomizationText);
  const entries = targets.map((t) => patchEntry(t, rendered, own, ctx));
  const patchPath = root.dir ? `${root.dir}/${STAMP_PATCH_FILE}` : STAMP_PATCH_FILE;
  const patchText = stampPatchText(entries);
  const oldPatch = (await ctx.tree.read(patchPath))?.toString("utf8");
  const kustomizationEdits = patchesEntryEdits(kustomizationText);
  const stale = targets.filter((t) => t.current !== t.hash);
  for (const t of stale) {
    report.changes.push({
      workload: t.id,
      ...ctx.namespaceFree?.namespaces ? { namespaces: ctx.namespaceFree.namespaces } : {},
      file: patchPath,
      origin: label2,
      ...t.current ? { old: t.current } : {},
      new: t.hash,
      covers: t.covers
    });
  }
  report.current += targets.length - stale.length;
  if (ctx.check || stale.length === 0 && kustomizationEdits.length === 0) return;
  if (oldPatch !== patchText) await ctx.tree.write(patchPath, patchText);
  if (kustomizationEdits.length > 0) {
    await ctx.tree.write(root.path, applyEdits(kustomizationText, kustomizationEdits));
  }
  const problem = await proof(ctx, label2, targets);
  if (problem === void 0) {
    if (oldPatch !== patchText) report.filesWritten.push(patchPath);
    if (kustomizationEdits.length > 0) report.filesWritten.push(root.path);
    return;
  }
  await ctx.tree.write(root.path, kustomizationText);
  if (oldPatch === void 0) await ctx.tree.remove(patchPath);
  else await ctx.tree.write(patchPath, oldPatch);
  if (typeof problem !== "string") throw new UserError(problem.selfReferencing);
  report.changes = report.changes.filter((c) => c.origin !== label2);
  report.unstampable.push({ what: label2, reason: problem });
}
function changedOnly(targets, changed) {
  return targets.flatMap((t) => {
    if (changed.has(idKey(t.id))) return [t];
    return t.current === void 0 ? [] : [{ ...t, hash: t.current }];
  });
}
async function renderManifests(ctx, label2) {
  const text = await ctx.render(ctx.root.dir);
  const parsed = parseManifests(label2, text, { defaultNamespace: ctx.defaultNamespace });
  ctx.problems?.push(...parsed.problems);
  const placed = (m) => ctx.namespaceFree && m.id.namespace !== "" ? { namespaceByDeployment: true } : {};
  return parsed.manifests.map((m) => ({ ...m, origin: label2, ...placed(m) }));
}
function patchEntry(target, rendered, own, ctx) {
  const object = rendered.find((m) => idKey(m.id) === idKey(target.id))?.object;
  const apiVersion = stringField(object, "apiVersion") ?? "apps/v1";
  const outer = {
    namePrefix: ctx.deployedAs?.namePrefix ?? "",
    nameSuffix: ctx.deployedAs?.nameSuffix ?? ""
  };
  const name = nameBeforeTransforms(nameBeforeTransforms(target.id.name, outer), own);
  const renderedNamespace = stringField(field(object, "metadata"), "namespace");
  let namespace = renderedNamespace;
  if (own.namespace !== void 0 || ctx.deployedAs?.namespace !== void 0) {
    const nearest2 = ctx.included.slice(1).find((k) => k.namespace !== void 0)?.namespace;
    const raw = ctx.inputWorkloads.find((m) => m.id.kind === target.id.kind && name.endsWith(m.id.name));
    namespace = nearest2 ?? (raw && !raw.namespaceAssumed ? raw.id.namespace : void 0);
  }
  return { apiVersion, kind: target.id.kind, name, ...namespace ? { namespace } : {}, hash: target.hash };
}
async function proof(ctx, label2, targets) {
  let rendered;
  try {
    rendered = await renderManifests(ctx, label2);
  } catch (error) {
    return `kustomize cannot apply the generated ${STAMP_PATCH_FILE} (${error instanceof Error ? error.message.split("\n")[0] : String(error)}); nothing was written`;
  }
  const again = stampWorkloads(rendered, repositoryConfigs(rendered), {
    ...ctx.key ? { key: ctx.key } : {},
    selfRolling: (id) => isHashSuffixedGenerated(
      id,
      ctx.included.flatMap((k) => k.generators)
    )
  });
  const moved = targets.filter((t) => {
    const a = again.targets.find((x) => idKey(x.id) === idKey(t.id));
    return a !== void 0 && a.hash !== t.hash && a.current === t.hash;
  });
  if (moved.length > 0) {
    return {
      selfReferencing: `${label2}: the config of ${moved.map((t) => shortId(t.id)).join(", ")} changes with the stamp itself (recomputed after writing ${STAMP_PATCH_FILE}, the hash differs): each stamp would need another, a commit loop in CI. Nothing was written: let no generator or replacement read ${STAMP_PATCH_FILE}`
    };
  }
  const missing = targets.filter(
    (t) => again.targets.find((a) => idKey(a.id) === idKey(t.id))?.current !== t.hash
  );
  if (missing.length === 0) return void 0;
  ctx.log.debug(`${label2}: after stamping, ${missing.map((t) => t.id.name).join(", ")} still lack the value`);
  return `the generated ${STAMP_PATCH_FILE} did not reach ${missing.map((t) => shortId(t.id)).join(", ")}; nothing was written`;
}
async function withoutStalePatch(ctx, label2, kustomizationText) {
  const without = withoutPatchesEntry(kustomizationText);
  if (without === void 0) return void 0;
  await ctx.tree.write(ctx.root.path, without);
  try {
    const rendered = await renderManifests(ctx, label2);
    ctx.log.info(`${label2}: did not build with the old ${STAMP_PATCH_FILE} listed; regenerating it`);
    return { rendered, kustomizationText: without };
  } catch (error) {
    await ctx.tree.write(ctx.root.path, kustomizationText);
    if (error instanceof UserError) return void 0;
    throw error;
  }
}
var init_stamp_kustomize = __esm({
  "src/stamp/stamp-kustomize.ts"() {
    "use strict";
    init_errors();
    init_json_shape();
    init_model();
    init_parse_manifests();
    init_blame();
    init_annotation_edit();
    init_kustomize_stamp();
    init_stamp_workloads();
  }
});

// src/stamp/stamp-work-tree.ts
async function stampTree(settings, deps) {
  if (settings.strict && !settings.check) {
    const refusals = stampRefusals(await stampOnce({ ...settings, check: true }, deps), true);
    if (refusals.length > 0) throw strictRefusal(refusals);
  }
  return stampOnce(settings, deps);
}
function strictRefusal(refusals) {
  const shown2 = refusals.slice(0, 5).map((r) => `  ${r}`);
  const more = refusals.length > 5 ? [`  ... and ${refusals.length - 5} more`] : [];
  return new UserError(
    [
      `stamp: ${refusals.length} problem(s) (--check and --strict stop on them; nothing was written):`,
      ...shown2,
      ...more
    ].join("\n")
  );
}
async function stampOnce(settings, deps) {
  const report = {
    check: settings.check,
    changes: [],
    current: 0,
    filesWritten: [],
    leftOut: [],
    unstampable: [],
    notBuilt: [],
    problems: [],
    notes: []
  };
  const key = settings.hashKey ? Buffer.from(settings.hashKey) : void 0;
  const files = await deps.tree.listFiles();
  const kustomizations = await readKustomizations(deps.tree, files, settings);
  const graph = buildKustomizeGraph(kustomizations);
  const explicitDirs = settings.kustomize.length > 0 && settings.kustomize[0] !== "none";
  const owned = (path) => graph.ownedFiles.has(path);
  const readRaw = !explicitDirs || settings.pathsExplicit;
  const filter = await createPathFilter({ paths: settings.paths, exclude: settings.exclude }, owned);
  const chartDirs = files.filter((f) => CHART_FILE2.test(f)).map((f) => f.slice(0, f.lastIndexOf("/") + 1));
  const inChart = (path) => chartDirs.some((dir) => path.startsWith(dir));
  const rawFiles = files.filter((f) => filter(f) && !inChart(f));
  const raw = readRaw ? await parseFiles2(deps.tree, rawFiles, settings, report.problems) : [];
  const text = (file) => deps.tree.read(file);
  const explicitPaths = settings.pathsExplicit ? await createPathFilter({ paths: settings.paths, exclude: [] }) : void 0;
  const beyond = notReadRaw(files, (f) => filter(f) && !inChart(f), explicitPaths);
  const parentEnv = {
    pathDirs: trustedPathDirs(deps.env.PATH, [deps.tree.dir]),
    timeoutMs: settings.renderTimeoutMs,
    maxOutputBytes: settings.maxFileSize,
    untrustedHead: deps.untrustedHead
  };
  const read = await readAsDeployed(raw, {
    files,
    text,
    defaultNamespace: settings.namespace,
    ...readRaw ? { beyond: beyondRawInTree(deps.tree, beyond, settings.namespace) } : {},
    patched: patchedInTree(deps.tree, parentEnv, (note) => report.notes.push(note))
  });
  const { stamps, units } = stampAsDeployed(raw, read.variants, key, read.builtByFlux);
  for (const t of stamps.targets) report.notes.push(...units.ambiguities(t, t.covers));
  let targets = stamps.targets;
  if (settings.changedOnly)
    targets = await changedInRange(settings, deps.git, targets, { filter, explicitPaths }, key);
  for (const u of stamps.unstampable)
    report.unstampable.push({
      what: `${shortId(u.id)} (${u.file})`,
      reason: u.reason
    });
  for (const t of stamps.untouched)
    report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: true });
  for (const t of targets) {
    if (t.notInRepo.length > 0)
      report.leftOut.push({ workload: t.id, configs: t.notInRepo, untouched: false });
  }
  const deployments = settings.kustomize[0] === "none" || explicitDirs ? [] : read.deployments;
  const roots = settings.kustomize[0] === "none" ? [] : explicitDirs ? settings.kustomize : chooseRoots(kustomizations, graph, { deployedDirs: new Set(deployments.map((d) => d.dir)) }).roots;
  for (const dir of roots) await refuseForeignPatch(deps.tree, dir, kustomizations);
  await stampRawFiles(deps.tree, targets, settings, report);
  if (roots.length > 0)
    await stampRoots(roots, kustomizations, settings, deps, key, report, deployments, read.written);
  if (settings.render) {
    report.unstampable.push({
      what: `objects rendered by --render (${settings.render})`,
      reason: "rendered output cannot be stamped; for a Helm chart put the checksum/config pattern in the chart's pod template (an annotation with a sha256sum of the rendered config)"
    });
  }
  return report;
}
async function stampRawFiles(tree, targets, settings, report) {
  const byFile = /* @__PURE__ */ new Map();
  for (const t of targets) byFile.set(t.file, [...byFile.get(t.file) ?? [], t]);
  report.current += targets.filter((t) => t.current === t.hash).length;
  const edited = [];
  for (const [file, fileTargets] of [...byFile].sort(([a], [b]) => a < b ? -1 : 1)) {
    if (fileTargets.every((t) => t.current === t.hash)) continue;
    const source2 = (await tree.read(file))?.toString("utf8");
    if (source2 === void 0) continue;
    const stamped = stampFile(source2, fileTargets, settings.namespace);
    if (stamped.refused !== void 0) {
      throw new UserError(`${file} cannot be stamped: ${stamped.refused}. Nothing was written`);
    }
    edited.push({ file, source: source2, stamped });
  }
  for (const { file, source: source2, stamped } of edited) {
    for (const t of stamped.changed) {
      report.changes.push({
        workload: t.namespaces ? { ...t.id, namespace: t.namespaces[0] } : t.id,
        ...t.namespaces && t.namespaces.length > 1 ? { namespaces: t.namespaces } : {},
        file,
        ...t.current ? { old: t.current } : {},
        new: t.hash,
        covers: t.covers
      });
    }
    for (const u of stamped.unstampable) {
      report.unstampable.push({
        what: `${shortId(u.target.id)} (${file})`,
        reason: u.reason
      });
    }
    if (!settings.check && stamped.text !== source2) {
      await tree.write(file, stamped.text);
      report.filesWritten.push(file);
    }
  }
}
async function stampRoots(roots, kustomizations, settings, deps, key, report, deployments, written) {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const { deployedAs, namespaceFree: namespaceFree2 } = soleDeployments(roots, deployments, report);
  for (const dir of roots) {
    if (!byDir.has(dir))
      throw new UserError(`--kustomize ${dir || "."}: no kustomization.yaml in that directory`);
  }
  await refuseUnsafeRoots(roots, byDir, settings, deps, deployedAs);
  const pathDirs = trustedPathDirs(deps.env.PATH, [deps.tree.dir]);
  const binary = await findKustomize(pathDirs);
  if (!binary) throw new UserError(`kustomizations to stamp (${roots.join(", ")}) but ${NO_KUSTOMIZE_HINT}`);
  const bounds = { timeoutMs: settings.renderTimeoutMs, maxOutputBytes: settings.maxFileSize };
  const changed = settings.changedOnly ? await changedRootWorkloads({
    git: deps.git,
    base: settings.base,
    head: settings.head ?? "HEAD",
    roots,
    run: { binary, pathDirs, ...bounds },
    rules: { untrustedHead: deps.untrustedHead, allowRemote: settings.allowRemoteKustomize },
    defaultNamespace: settings.namespace,
    ...key ? { key } : {},
    note: (message) => report.notes.push(message),
    deployedAs,
    deployments: written
  }) : void 0;
  await deps.tree.withScratch(async (home) => {
    for (const dir of roots) {
      const included = kustomizationsUnder(dir, byDir);
      const run2 = { binary, pathDirs, home, ...bounds, ...secretQuietness(included) };
      const deployed = deployedAs.get(dir);
      const inputFiles = [...new Set(included.flatMap((k) => k.resources))].filter(
        (path) => deps.tree.linkOn(path) === void 0
      );
      const inputWorkloads = await parseFiles2(deps.tree, inputFiles, settings);
      await stampKustomization(
        {
          tree: deps.tree,
          root: byDir.get(dir),
          included,
          inputWorkloads,
          render: (d) => renderWorkTree(run2, deps.tree.dir, d, deployed && { settings: deployed, cwd: home }),
          defaultNamespace: deployed?.defaultNamespace ?? settings.namespace,
          ...deployed ? { deployedAs: deployed } : {},
          ...namespaceFree2.has(dir) ? { namespaceFree: { namespaces: namespaceFree2.get(dir) } } : {},
          ...key ? { key } : {},
          check: settings.check,
          log: deps.log,
          ...changed ? { changed: changed.get(dir) ?? /* @__PURE__ */ new Set() } : {}
        },
        report
      );
    }
  });
}
async function readKustomizations(tree, files, settings) {
  if (settings.kustomize[0] === "none") return [];
  const names2 = new Set(KUSTOMIZATION_FILE_NAMES);
  const found = [];
  for (const file of files) {
    if (!names2.has(file.slice(file.lastIndexOf("/") + 1))) continue;
    const text = (await tree.read(file))?.toString("utf8");
    if (text !== void 0) found.push(readKustomizationFile(file, text));
  }
  return found;
}
async function parseFiles2(tree, files, settings, problems) {
  const parsed = await runLimited(files, READ_CONCURRENCY2, async (file) => {
    const size = await tree.size(file);
    if (size === void 0 || size > settings.maxFileSize) return [];
    const bytes = await tree.read(file);
    if (bytes === void 0) return [];
    return parseManifestFile(file, bytes, { defaultNamespace: settings.namespace });
  });
  const rejected = /* @__PURE__ */ new Set();
  for (const p of parsed) {
    if (Array.isArray(p)) continue;
    for (const problem of p.problems) {
      if (problem.duplicateKey) rejected.add(problem.file);
      problems?.push(
        problem.duplicateKey ? {
          ...problem,
          severity: "error",
          message: `${problem.message.replace(READ_AS_KUBECTL_DOES, "")} (kustomize, which Argo CD and Flux build with, rejects it)`
        } : problem
      );
    }
  }
  return parsed.flatMap((p) => Array.isArray(p) ? p : p.manifests).filter((m) => !rejected.has(m.file));
}
async function renderWorkTree(run2, treeDir, dir, deployed) {
  try {
    const as = deployed && { ...deployed, overlayDir: "deployment-overlay" };
    return await buildDeployed(run2, treeDir, dir, "work tree", as);
  } catch (error) {
    if (!(error instanceof KustomizeBuildError)) throw error;
    throw new UserError(
      `\`${error.command}\` failed in the work tree (${error.why})${error.detail ? `: ${error.detail}` : ""}; fix the kustomization, then stamp again`
    );
  }
}
function soleDeployments(roots, deployments, report) {
  const sole = /* @__PURE__ */ new Map();
  const namespaceFree2 = /* @__PURE__ */ new Map();
  for (const dir of roots) {
    const ways = deploymentsOfDir(dir, deployments);
    const stamp = stampOfWays(ways);
    if ("differ" in stamp) {
      report.notes.push(
        `kustomize ${dir || "."}: deployed ${stamp.differ.length} ways that differ in more than the namespace (${stamp.differ.join(", ")}); stamped as kustomize builds it, one value for all of them (--strategy gitops cannot follow them)`
      );
      continue;
    }
    if (stamp.as) sole.set(dir, stamp.as.settings);
    const named = ways.map((w) => w?.settings.namespace);
    if (stamp.namespaceFree)
      namespaceFree2.set(dir, named.every((n) => n !== void 0) ? [...new Set(named)] : void 0);
  }
  return { deployedAs: sole, namespaceFree: namespaceFree2 };
}
var CHART_FILE2, READ_CONCURRENCY2;
var init_stamp_work_tree = __esm({
  "src/stamp/stamp-work-tree.ts"() {
    "use strict";
    init_errors();
    init_model();
    init_run_limited();
    init_deployed_build();
    init_deployed_dirs();
    init_deployed_namespaces();
    init_parse_manifest_file();
    init_yaml_messages();
    init_path_filter();
    init_kustomize();
    init_renderer_environment();
    init_kustomization_file();
    init_kustomization_names();
    init_kustomize_graph();
    init_kustomize_roots();
    init_beyond_raw();
    init_changed_raw();
    init_changed_roots();
    init_patched_in_tree();
    init_stamp_as_deployed();
    init_stamp_checks();
    init_stamp_file();
    init_stamp_kustomize();
    init_stamp_report();
    init_substituted_reads();
    CHART_FILE2 = /(^|\/)Chart\.ya?ml$/;
    READ_CONCURRENCY2 = 16;
  }
});

// src/run/stamp-in-ci.ts
var stamp_in_ci_exports = {};
__export(stamp_in_ci_exports, {
  stampByMode: () => stampByMode,
  stampCheckout: () => stampCheckout,
  stampInAction: () => stampInAction
});
async function stampCheckout(settings, entry, log) {
  const { env } = entry;
  const dir = (0, import_node_path16.resolve)(entry.cwd, settings.repo);
  const git = await createGit(dir, { timeoutMs: settings.gitTimeoutMs });
  const tree = await openWorkTree(dir, settings.gitTimeoutMs);
  const event = env.GITHUB_ACTIONS === "true" ? await readEventPayload(env) : void 0;
  const report = await stampTree(settings, { tree, git, log, env, untrustedHead: untrustedHead(env, event) });
  const refusals = stampRefusals(report, settings.strict);
  return refusals.length > 0 ? { report, refusal: strictRefusal(refusals) } : { report };
}
async function stampInAction(settings, entry, options) {
  const { env } = entry;
  const git = await createGit((0, import_node_path16.resolve)(entry.cwd, settings.repo), { timeoutMs: settings.gitTimeoutMs });
  const log = entry.logFor(git.root);
  const eventName = env.GITHUB_EVENT_NAME ?? "";
  const event = await readEventPayload(env);
  return stampByMode({
    mode: decideStampMode({ check: settings.check, commit: options.commit, eventName, event }),
    stamp: stamper(settings, { git, env, log, untrustedHead: untrustedSource(eventName, event) }),
    commit: (request) => commitStamps(
      git.root,
      {
        ...request,
        ...options.githubToken ? { token: options.githubToken } : {},
        ...env.GITHUB_SERVER_URL ? { serverUrl: env.GITHUB_SERVER_URL } : {}
      },
      settings.gitTimeoutMs
    ),
    log: { info: (line) => log.info(line), notice: entry.notice }
  });
}
function stamper(settings, deps) {
  return async (check) => {
    const tree = await openWorkTree(deps.git.root, settings.gitTimeoutMs);
    const report = await stampTree({ ...settings, check }, { ...deps, tree });
    for (const note of report.notes) deps.log.info(note);
    for (const u of report.unstampable) deps.log.warn(`${u.what}: not stamped: ${u.reason}`);
    for (const p of report.problems) deps.log.warn(p.message, p);
    const refusals = stampRefusals(report, settings.strict);
    if (refusals.length > 0) throw strictRefusal(refusals);
    const configs = new Map(report.changes.flatMap((c) => c.covers ?? []).map((id) => [formatId(id), id]));
    return {
      filesWritten: report.filesWritten,
      changes: report.changes.map(
        (c) => `${formatId(c.workload)} (${c.file}): ${c.old ?? "no stamp"} -> ${c.new}`
      ),
      configs: [...configs.keys()].sort()
    };
  };
}
async function stampByMode(deps) {
  const { mode, log } = deps;
  if (mode.kind === "check" && mode.note) log.notice(mode.note);
  const found = await deps.stamp(mode.kind === "check");
  for (const line of found.changes) log.info(line);
  if (mode.kind === "check") {
    if (found.changes.length === 0)
      return { result: "nothing-to-do", headline: "Every config-hash stamp is current." };
    return {
      result: "failed",
      headline: `${found.changes.length} config-hash stamp(s) missing or stale: ${FIX_IN_CI}.`
    };
  }
  if (found.filesWritten.length === 0) {
    return { result: "nothing-to-do", headline: "Every config-hash stamp is current: nothing written." };
  }
  if (mode.kind === "write") {
    return {
      result: "stamped",
      headline: `Stamped ${found.changes.length} workload(s) in ${found.filesWritten.length} file(s) of the checkout (not committed).`
    };
  }
  const committed = await deps.commit({
    files: found.filesWritten,
    message: stampCommitMessage(found.configs),
    branch: mode.branch,
    expectedHead: mode.headSha
  });
  if (!committed.committed) {
    return { result: "nothing-to-do", headline: "Every config-hash stamp is current: nothing committed." };
  }
  return {
    result: "stamped",
    headline: `Committed ${found.changes.length} stamp(s) to ${mode.branch} (${shortSha(committed.sha)}).`
  };
}
var import_node_path16, FIX_IN_CI;
var init_stamp_in_ci = __esm({
  "src/run/stamp-in-ci.ts"() {
    "use strict";
    import_node_path16 = require("node:path");
    init_commit_sha();
    init_model();
    init_commit_stamps();
    init_create_git();
    init_work_tree();
    init_github_event();
    init_untrusted_head();
    init_stamp_mode();
    init_stamp_report();
    init_stamp_work_tree();
    FIX_IN_CI = "run `config-rollout stamp` and commit the result (or set commit: true on a same-repository pull request)";
  }
});

// src/cli/main.ts
var import_node_module = require("node:module");

// src/run/interrupts.ts
init_interrupt();
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
function exitWhenDone(run2, write) {
  handleInterrupts(run2, write);
  run2.then((code) => {
    process.exitCode = finalExitCode(code);
    if (interruptedSignal() === void 0) setTimeout(() => process.exit(finalExitCode(code)), 2e3).unref();
  });
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
        const grace = new Promise((resolve10) => setTimeout(resolve10, INTERRUPT_GRACE_MS).unref());
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

// src/cli/node-version.ts
var OLDEST_MAJOR = 22;
function unsupportedNode(version) {
  if (Number(version.split(".")[0]) >= OLDEST_MAJOR) return void 0;
  return `config-rollout needs Node.js ${OLDEST_MAJOR} or newer, and this is Node.js ${version}: use a node:22 or node:24 image, or actions/setup-node with node-version 24`;
}

// src/cli/run-cli.ts
init_errors();
init_option_naming();

// src/report/ci-log-text.ts
var ZERO_WIDTH_SPACE = "\u200B";
var CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
function escapeForCiLog(text) {
  const visible = text.replace(/\r\n/g, "\n").replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
  return visible.split("\n").map((line) => line.replace(/^(\s*):(?=:)/, `$1:${ZERO_WIDTH_SPACE}`)).join("\n").replaceAll("##[", `#${ZERO_WIDTH_SPACE}#[`);
}
function escapeJsonForCiLog(json) {
  return json.replaceAll("##[", "#\\u0023[");
}

// src/cli/run-cli.ts
init_error_line();

// src/report/stamp-report-text.ts
init_model();
function renderStampReport(report, format, argv) {
  const fix = fixCommand(argv);
  if (format === "json") return `${escapeJsonForCiLog(JSON.stringify(stampJson(report, fix), null, 2))}
`;
  return `${escapeForCiLog(stampText(report, fix))}
`;
}
function stampOutcome(report) {
  if (report.changes.length === 0) return "current";
  return report.check ? "stale" : "stamped";
}
function stampJson(report, fix) {
  const id = (w) => ({
    kind: w.kind,
    namespace: w.namespace,
    name: w.name
  });
  return {
    outcome: stampOutcome(report),
    check: report.check,
    changes: report.changes.map((c) => ({
      ...id(c.workload),
      ...c.namespaces ? { namespaces: c.namespaces } : {},
      file: c.file,
      ...c.origin ? { origin: c.origin } : {},
      old: c.old ?? null,
      new: c.new
    })),
    current: report.current,
    filesWritten: report.filesWritten,
    leftOut: report.leftOut.map((l) => ({
      ...id(l.workload),
      configs: l.configs.map(id),
      untouched: l.untouched
    })),
    unstampable: report.unstampable,
    problems: report.problems,
    notes: report.notes,
    ...report.check && report.changes.length > 0 ? { fix } : {}
  };
}
function stampText(report, fix) {
  const lines = [];
  const n = report.changes.length;
  if (report.check) {
    lines.push(
      n === 0 ? `Stamps current: ${report.current} workload(s) carry their config-rollout.io/config-hash.` : `Stamps missing or stale: ${n} workload(s) (${report.current} current).`
    );
  } else {
    lines.push(
      n === 0 ? `Nothing to stamp: ${report.current} workload(s) already carry their config-rollout.io/config-hash.` : `Stamped ${n} workload(s) in ${report.filesWritten.length} file(s) (${report.current} already current).`
    );
  }
  for (const c of report.changes) {
    const where = c.origin ? `${oneLine(c.file)} (${oneLine(c.origin)})` : oneLine(c.file);
    const workload = c.namespaces ? `${shortId(c.workload)} (namespaces ${c.namespaces.join(", ")})` : formatId(c.workload);
    lines.push(`  ${workload} in ${where}: ${c.old === void 0 ? "(none)" : oneLine(c.old)} -> ${c.new}`);
  }
  if (report.check && n > 0) lines.push("", `Fix: run \`${fix}\` and commit the result.`);
  if (!report.check && report.filesWritten.length > 0) {
    lines.push("", "Files written:", ...report.filesWritten.map((f) => `  ${f}`));
  }
  if (report.leftOut.length > 0) {
    lines.push("", "Configs not defined in the repository (left out of the hash):");
    for (const l of report.leftOut) {
      const configs = l.configs.map(shortId).join(", ");
      lines.push(
        `  ${formatId(l.workload)}: ${configs}${l.untouched ? " (consumes no repository config: not touched)" : ""}`
      );
    }
  }
  if (report.unstampable.length > 0) {
    lines.push("", "Not stamped:");
    for (const u of report.unstampable) lines.push(`  ${u.what}: ${u.reason}`);
  }
  if (report.problems.length > 0) {
    lines.push("", "Not read as manifests (their workloads are neither stamped nor checked):");
    for (const p of report.problems) lines.push(`  ${p.file}:${p.line}:${p.col}: ${p.message}`);
  }
  if (report.notes.length > 0) lines.push("", "Notes:", ...report.notes.map((note) => `  ${note}`));
  return lines.join("\n");
}
function oneLine(value) {
  return /[\u0000-\u001f\u007f-\u009f]/.test(value) ? JSON.stringify(value) : value;
}
function fixCommand(argv) {
  const quoted = (a) => /^[-\w./=:,@+]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`;
  const key = '"$CONFIG_ROLLOUT_HASH_KEY"';
  const kept = argv.filter((a) => a !== "--check" && a !== "--check=true");
  const shown2 = kept.map(
    (a, i) => a.startsWith("--hash-key=") ? `--hash-key=${key}` : kept[i - 1] === "--hash-key" ? key : quoted(a)
  );
  return ["config-rollout", ...shown2].join(" ");
}

// src/cli/run-cli.ts
init_version();

// src/settings/help.ts
init_option_naming();

// src/settings/describe-option.ts
var REFERENCE = /\{([a-z][a-z-]*)(?:=([^{}\s]+))?\}/g;
function spellOptions(text, naming) {
  return text.replace(
    REFERENCE,
    (_, name, value) => value === void 0 ? naming.option(name) : naming.set(name, value)
  );
}

// src/settings/option-spec.ts
var OPTION_GROUPS = ["basics", "sources", "cluster", "strategy", "output", "limits", "ci"];
function appliesTo(option, command) {
  if (command === "sync") return option.commands === "sync" || option.sync !== void 0;
  return option.commands === "both" || option.commands === command;
}
function listedFor(option, command) {
  return appliesTo(option, command) && !(command === "sync" && option.sync === "refused");
}
function toldFor(option, command) {
  return command === "sync" && option.inSync ? { ...option, ...option.inSync } : option;
}
function inBriefHelp(option, command) {
  const brief = option.brief === true || option.brief?.includes(command) === true;
  return brief && listedFor(option, command);
}
function regularEnvOf(name) {
  return `CONFIG_ROLLOUT_${name.toUpperCase().replaceAll("-", "_")}`;
}

// src/settings/help.ts
init_options();
var GROUP_TITLES = {
  basics: "Basics",
  sources: "Sources (which files and renders are read)",
  cluster: "Cluster (where, and which workloads)",
  strategy: "Strategy (how workloads restart, and the wait)",
  output: "Output",
  limits: "Limits (time, size, load)",
  ci: "CI"
};
var SUMMARY_COLUMN = 38;
var COMMAND_HELP = {
  run: {
    oneLine: "(the default) diff two commits, restart what reads a changed config, wait",
    title: "config-rollout run \u2014 restart exactly the workloads whose configs changed between two commits",
    usage: "config-rollout [run] [flags]",
    examples: [
      ["What the last commit would restart and why, touching nothing", "config-rollout --dry-run"],
      [
        "Restart what a push changed and wait for the rollouts",
        "config-rollout --base $BEFORE_SHA --head $AFTER_SHA --context prod"
      ],
      [
        "Several clusters in waves: staging first, then both regions",
        "config-rollout --context 'staging;eu,us'"
      ]
    ],
    about: [
      "Compares two commits, finds the ConfigMaps and Secrets whose content changed (raw YAML, kustomize,",
      "Helm, any --render command), restarts the Deployments, StatefulSets, DaemonSets and Argo Rollouts",
      "that read a changed key, and waits for each rollout. In CI the commits come from the event."
    ],
    exitCodes: [
      "0  every rollout finished, nothing had to restart, or a dry run",
      "1  a rollout failed or timed out, or an internal error (rerun with --debug)",
      "2  bad input or configuration, found before the first write to the cluster"
    ]
  },
  stamp: {
    oneLine: "write the config hash into the manifests, for Argo CD and Flux (no cluster)",
    title: "config-rollout stamp \u2014 write config-rollout.io/config-hash into your manifests (GitOps)",
    usage: "config-rollout stamp [flags]",
    examples: [
      ["Stamp the work tree, then commit the result", "config-rollout stamp"],
      [
        "In a merge request: fail when a stamp is missing or stale, write nothing",
        "config-rollout stamp --check"
      ],
      [
        "Adopt stamps without rolling every workload once",
        "config-rollout stamp --changed-only --base origin/main"
      ]
    ],
    about: [
      "Sets the pod-template annotation config-rollout.io/config-hash of every workload that reads a",
      "ConfigMap or Secret of the repository to a hash of exactly what it reads: minimal edits of raw",
      "files, a config-rollout-stamp.yaml patch per root kustomization. No cluster; idempotent."
    ],
    exitCodes: [
      "0  stamps written, or (--check) every stamp is current",
      "1  --check: a stamp is missing or stale (the report names each and the command that fixes it)",
      "2  bad input, checked before anything is written (with --check or --strict: a file that does",
      "   not parse or a kustomization that does not build)"
    ]
  },
  sync: {
    oneLine: "restart what runs config the cluster no longer holds (live state, no git)",
    title: "config-rollout sync \u2014 restart the workloads whose pods run config the cluster no longer holds",
    usage: "config-rollout sync [flags]",
    examples: [
      ["What is stale: which config, which keys it reads", "config-rollout sync --dry-run"],
      [
        "Restart the stale workloads of two namespaces and wait",
        "config-rollout sync --namespaces shop,payments"
      ],
      ["After a rotation: only the readers of that key", "config-rollout sync --config secret/db:password"]
    ],
    about: [
      "Hashes what each workload in scope reads of the live ConfigMaps and Secrets (key-precise) and",
      "compares it with the config hash on its pod template; restarts those that differ and waits.",
      "A workload config-rollout never restarted has no baseline: reported, adopted with --adopt."
    ],
    exitCodes: [
      "0  every restart rolled out, or nothing was stale",
      "1  a rollout failed or timed out",
      "2  bad input or configuration (flags, --config, kubeconfig, RBAC)"
    ]
  }
};
function helpText() {
  const commands = Object.entries(COMMAND_HELP).map(([name, help]) => `  ${name.padEnd(7)}${help.oneLine}`);
  const lines = [
    "config-rollout \u2014 restart exactly the Kubernetes workloads whose ConfigMaps or Secrets changed",
    "",
    "Usage: config-rollout [command] [flags]",
    "",
    "Commands:",
    ...commands,
    "",
    "A command's main flags, examples and exit codes: config-rollout <command> --help",
    "Every flag of a command: config-rollout <command> --help all",
    "",
    "Examples:",
    ...examples([
      COMMAND_HELP.run.examples[0],
      COMMAND_HELP.run.examples[1],
      COMMAND_HELP.stamp.examples[1],
      COMMAND_HELP.sync.examples[0]
    ]),
    "",
    ...VALUES,
    "",
    "Exit codes:",
    "  0  done: every rollout finished, nothing to do, or a dry run",
    "  1  a rollout failed or timed out (stamp --check: a stamp is stale), or an internal error",
    "  2  bad input or configuration, found before anything was written",
    "",
    "  -h, --help       this help; config-rollout <command> --help for a command's",
    "  -V, --version    the version",
    "",
    "Docs: docs/reference.md (every flag, input and variable) and README.md (quick starts)."
  ];
  return `${lines.join("\n")}
`;
}
var VALUES = [
  "Every flag also reads a variable, CONFIG_ROLLOUT_<FLAG> (CONFIG_ROLLOUT_DRY_RUN=client); the flag",
  "wins. Booleans are true or false (--flag, --no-flag); --dry-run and --wait alone mean client and",
  "pods; durations need a unit (90s, 5m, 1h30m); lists are comma or newline separated."
];
function commandHelpText(command, all = false) {
  const help = COMMAND_HELP[command];
  const flags = OPTIONS.filter((o) => listedFor(o, command)).map((o) => toldFor(o, command));
  const shown2 = all ? flags : flags.filter((o) => inBriefHelp(o, command));
  const lines = [
    help.title,
    "",
    `Usage: ${help.usage}`,
    "",
    "Examples:",
    ...examples(help.examples),
    "",
    ...help.about,
    ...flagSections(shown2, all),
    ...all ? ["", "Help:", `${"  -h, --help [all]".padEnd(SUMMARY_COLUMN)}the main flags; all: every flag`] : [],
    "",
    "Exit codes:",
    ...help.exitCodes.map((line) => `  ${line}`),
    "",
    all ? `Each flag in full: docs/reference/${command}.md. How values are written: config-rollout --help.` : `All ${flags.length} flags: config-rollout ${command} --help all, or docs/reference/${command}.md.`
  ];
  return `${lines.join("\n")}
`;
}
function examples(pairs) {
  return pairs.flatMap(([comment, command]) => [`  # ${comment}`, `  ${command}`]);
}
function flagSections(flags, headings) {
  const lines = headings ? [] : ["", "Main flags:"];
  for (const group of OPTION_GROUPS) {
    const options = flags.filter((o) => o.group === group);
    if (options.length === 0) continue;
    if (headings) lines.push("", `${GROUP_TITLES[group]}:`);
    for (const option of options) lines.push(...flagLines(option));
  }
  return lines;
}
function flagLines(option) {
  const names2 = `${option.short ? `-${option.short}, ` : "    "}--${option.name}`;
  const value = option.type === "boolean" ? "" : ` ${option.placeholder ?? option.choices?.join("|") ?? "VALUE"}`;
  const flag2 = `  ${names2}${value}`;
  const gap = flag2.length < SUMMARY_COLUMN ? " ".repeat(SUMMARY_COLUMN - flag2.length) : "  ";
  const lines = [`${flag2}${gap}${spellOptions(option.summary, CLI_FLAGS)}`];
  const facts = [
    // A boolean or a switch is off unless said otherwise: only an on default is news.
    option.default !== void 0 && option.default !== "" && !(option.type === "boolean" && option.default === "false") && option.default !== option.switch?.off ? `default ${option.default}` : void 0,
    option.env && option.env !== regularEnvOf(option.name) ? `variable ${option.env}` : void 0
  ].filter(Boolean);
  if (facts.length > 0) lines.push(`${" ".repeat(SUMMARY_COLUMN)}${facts.join(" \xB7 ")}`);
  return lines;
}

// src/settings/parse-args.ts
init_errors();

// src/settings/deprecated-options.ts
init_errors();
init_option_naming();
init_options();

// src/settings/value-spellings.ts
init_duration();
init_errors();
function parseBooleanText(text) {
  const lower = text.trim().toLowerCase();
  if (lower === "true") return true;
  if (lower === "false") return false;
  return void 0;
}
function parseBoolean(where, text) {
  const value = parseBooleanText(text);
  if (value === void 0) throw new UserError(`${where}: expected true or false, got "${text}"`);
  return value;
}
var UNIT_MS = { ms: 1, s: 1e3, m: 6e4, h: 36e5 };
function parseDuration(text) {
  const trimmed = text.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return "unitless";
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== trimmed) return void 0;
  return Math.round(parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNIT_MS[unit], 0));
}
function parseOptionValue(spec, rawValue, where = `--${spec.name}`) {
  const text = rawValue ?? spec.default;
  if (text === void 0) return void 0;
  switch (spec.type) {
    case "boolean":
      return parseBoolean(where, text);
    case "list":
      return splitList(text);
    case "integer": {
      const value = text.trim();
      if (spec.choices?.includes(value)) return value;
      if (!/^\d+$/.test(value)) {
        const words = spec.choices ? ` or ${spec.choices.join(", ")}` : "";
        throw new UserError(`${where}: expected a whole number${words}, got "${text}"`);
      }
      return Number(value);
    }
    case "duration": {
      const ms = parseDuration(text);
      if (ms === "unitless") {
        const n = text.trim();
        throw new UserError(`${where}: "${n}" has no unit: write ${n}s for seconds or ${n}m for minutes`);
      }
      if (ms === void 0)
        throw new UserError(`${where}: expected a duration like 90s, 5m or 1h30m, got "${text}"`);
      return checkDuration(where, ms);
    }
    case "string": {
      const value = text.trim();
      const switched = spec.switch ? parseBooleanText(value) : void 0;
      if (switched !== void 0) return switched ? spec.switch.on : spec.switch.off;
      if (spec.choices && !spec.choices.includes(value)) {
        const switchWords = spec.switch ? ` (or true, false)` : "";
        throw new UserError(
          `${where}: expected one of ${spec.choices.join(", ")}${switchWords}, got "${text}"`
        );
      }
      const given = spec.secret ? text : value;
      return given === "" && spec.default === void 0 ? void 0 : given;
    }
  }
}
var MIN_DURATION_MS = 1e3;
var MAX_TIMER_MS = 2147483647;
function checkDuration(where, ms) {
  if (ms < MIN_DURATION_MS) {
    throw new UserError(`${where}: must be at least 1s (e.g. 90s, 5m), got ${formatDuration(ms)}`);
  }
  if (ms > MAX_TIMER_MS) {
    const longest = formatDuration(Math.floor(MAX_TIMER_MS / 36e5) * 36e5);
    throw new UserError(
      `${where}: ${formatDuration(ms)} is longer than the longest wait supported (${longest})`
    );
  }
  return ms;
}
function splitList(text) {
  const items = [];
  let depth = 0;
  let current = "";
  for (const char of text) {
    if (char === "{") depth++;
    if (char === "}") depth = Math.max(0, depth - 1);
    if (char === "\n" || char === "," && depth === 0) {
      items.push(current);
      current = "";
    } else {
      current += char;
    }
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== "");
}

// src/settings/deprecated-options.ts
var flag = (name, value, naming) => parseBoolean(naming.option(name), value);
function deprecated(name, type, replacedBy, translate) {
  const replacement = OPTIONS.find((option) => option.name === replacedBy);
  if (!replacement) throw new Error(`deprecated --${name}: no option ${replacedBy}`);
  return {
    name,
    type,
    group: replacement.group,
    commands: replacement.commands,
    ...replacement.sync ? { sync: replacement.sync } : {},
    env: regularEnvOf(name),
    ...type === "string" ? { placeholder: replacement.placeholder } : {},
    summary: `deprecated: use {${replacedBy}}`,
    description: `Deprecated (kept until the next minor release): use {${replacedBy}}.`,
    replacedBy,
    translate
  };
}
var DEPRECATED_OPTIONS = [
  // --watch-pods false: wait on the rollout status alone, unless not waiting at all.
  deprecated(
    "watch-pods",
    "boolean",
    "wait",
    (old, current, naming) => flag("watch-pods", old, naming) || current === "none" || parseBooleanText(current ?? "") === false ? void 0 : "status"
  ),
  deprecated(
    "prune",
    "boolean",
    "keep",
    (old, _, naming) => flag("prune", old, naming) ? void 0 : "all"
  ),
  // --rollback (versioned only) became the one flag for every strategy; the new spelling wins.
  deprecated(
    "rollback",
    "boolean",
    "rollback-on-failure",
    (old, current, naming) => current === void 0 ? String(flag("rollback", old, naming)) : void 0
  ),
  deprecated("contexts", "string", "context", (old, current, naming) => {
    if (current !== void 0) {
      const context = naming.option("context");
      throw new UserError(
        `${context} and ${naming.option("contexts")}: give one of them (${context} takes several contexts now: staging;prod-eu,prod-us; KUBE_CONTEXT sets it too)`
      );
    }
    return old;
  }),
  deprecated(
    "reloader-auto-reload-all",
    "boolean",
    "reloader",
    (old, current, naming) => flag("reloader-auto-reload-all", old, naming) && current !== "none" ? "all" : void 0
  ),
  deprecated(
    "restart-reloader-managed",
    "boolean",
    "reloader",
    (old, _, naming) => flag("restart-reloader-managed", old, naming) ? "none" : void 0
  )
];
var ACCEPTED_OPTIONS = [...OPTIONS, ...DEPRECATED_OPTIONS];
function replaceDeprecated(source2, naming) {
  const values = { ...source2 };
  for (const old of DEPRECATED_OPTIONS) {
    const value = values[old.name];
    if (value === void 0) continue;
    delete values[old.name];
    const replaced = old.translate(value, values[old.replacedBy], naming);
    if (replaced !== void 0) values[old.replacedBy] = replaced;
  }
  return values;
}
function deprecationWarnings(source2, naming) {
  return DEPRECATED_OPTIONS.filter((old) => source2[old.name] !== void 0).map((old) => {
    const value = source2[old.name];
    const replaced = old.translate(value, void 0, naming);
    const use = replaced === void 0 ? `it is the default now: drop it (${naming.option(old.replacedBy)} says more)` : `use ${naming.set(old.replacedBy, replaced)}`;
    return `${spell(old, value, naming)} is deprecated and will be removed in the next minor release: ${use}`;
  });
}
function spell(old, value, naming) {
  if (naming !== CLI_FLAGS || old.type !== "boolean") return naming.set(old.name, value);
  return parseBooleanText(value) === false ? `--no-${old.name}` : `--${old.name}`;
}

// src/settings/parse-args.ts
init_options();
var COMMANDS = ["run", "stamp", "sync"];
function commandLine(argv) {
  const forHelp = argv[0] === "help" || argv[0] === "--help" || argv[0] === "-h";
  const named = COMMANDS.find((name) => name === argv[forHelp ? 1 : 0]);
  if (forHelp) return { named, flags: ["--help", ...argv.slice(named ? 2 : 1)] };
  return { named, flags: argv.slice(named ? 1 : 0) };
}
function parseArgs(argv, command = "run") {
  const parsed = { values: {}, help: false, helpAll: false, version: false };
  const { values } = parsed;
  const fail = (error) => {
    parsed.error ??= error;
  };
  const given = /* @__PURE__ */ new Map();
  const set = (spec, flag2, value) => {
    const first = given.get(spec.name);
    given.set(spec.name, first ?? flag2);
    if (first === void 0) values[spec.name] = value;
    else if (spec.type === "list") values[spec.name] = `${values[spec.name]}
${value}`;
    else fail(repeated(flag2, first));
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h" || arg === "--help=all") {
      parsed.help = true;
      if (arg === "--help=all" || argv[i + 1] === "all") {
        parsed.helpAll = true;
        if (arg !== "--help=all") i++;
      }
      continue;
    }
    if (arg === "--version" || arg === "-V") {
      parsed.version = true;
      continue;
    }
    if (!arg.startsWith("-") || arg === "-" || arg === "--") {
      fail(unexpectedArgument(arg, i, command));
      continue;
    }
    const eq = arg.indexOf("=");
    const flag2 = eq === -1 ? arg : arg.slice(0, eq);
    const inline = eq === -1 ? void 0 : arg.slice(eq + 1);
    const negated = flag2.startsWith("--no-") ? findOption(flag2.slice(5)) : void 0;
    if ((negated?.type === "boolean" || negated?.switch) && inline === void 0) {
      fail(otherCommandError(negated, flag2, command));
      set(negated, flag2, "false");
      continue;
    }
    const spec = flag2.startsWith("--") ? findOption(flag2.slice(2)) : OPTIONS.find((o) => `-${o.short}` === flag2);
    if (!spec) {
      fail(new UserError(`unknown flag ${flag2}${suggestion(flag2, command)}; see ${helpFor(command)}`));
      continue;
    }
    fail(otherCommandError(spec, flag2, command));
    if (inline !== void 0) {
      set(spec, flag2, inline);
      continue;
    }
    const next = argv[i + 1];
    if (spec.type === "boolean" || spec.switch) {
      const isValue = next !== void 0 && !next.startsWith("-");
      set(spec, flag2, isValue ? next : "true");
      if (isValue) i++;
      continue;
    }
    if (next === void 0 || isFlag(next)) {
      const instead = next === void 0 ? "" : `: ${next} after it is a flag (a value that starts with "-" is written ${flag2}=VALUE)`;
      fail(new UserError(`${flag2} needs a value${instead}`));
      continue;
    }
    set(spec, flag2, next);
    i++;
  }
  return parsed;
}
function isFlag(word) {
  return word.startsWith("--") || ["-h", "-V", ...OPTIONS.filter((o) => o.short).map((o) => `-${o.short}`)].includes(word);
}
function repeated(flag2, first) {
  const again = flag2 === first ? `${flag2} is given twice` : `${flag2} and ${first} set the same option`;
  return new UserError(`${again}: it takes one value; give it once`);
}
function findOption(name) {
  return ACCEPTED_OPTIONS.find((o) => o.name === name);
}
function helpFor(command) {
  return `config-rollout ${command} --help`;
}
function otherCommandError(spec, flag2, command) {
  if (appliesTo(spec, command)) return void 0;
  if (command === "sync") {
    return new UserError(
      `${flag2} is not a flag of \`config-rollout sync\` (it compares live configs, not commits); see config-rollout sync --help`
    );
  }
  if (spec.commands === "sync") {
    return new UserError(`${flag2} is a flag of \`config-rollout sync\`: run \`config-rollout sync ${flag2}\``);
  }
  if (command === "stamp") {
    return new UserError(
      `${flag2} applies to the main run only (config-rollout [run] [flags]), not to \`config-rollout stamp\`; see config-rollout stamp --help`
    );
  }
  return new UserError(`${flag2} is a flag of \`config-rollout stamp\`: run \`config-rollout stamp ${flag2}\``);
}
function unexpectedArgument(arg, index, command) {
  const near = index === 0 && command === "run" ? nearest(arg, COMMANDS) : void 0;
  if (near !== void 0) {
    return new UserError(`unknown command "${arg}" (did you mean ${near}?); see config-rollout --help`);
  }
  const takes = command === "run" ? "config-rollout takes" : `config-rollout ${command} takes`;
  return new UserError(`unexpected argument "${arg}" (${takes} only flags; see ${helpFor(command)})`);
}
function flagNames(command) {
  return [...OPTIONS.filter((o) => listedFor(o, command)).map((o) => o.name), "help", "version"];
}
function suggestion(flag2, command) {
  const close = nearest(flag2.replace(/^-+/, ""), flagNames(command));
  return close ? ` (did you mean --${close}?)` : "";
}
var OTHER_VARIABLES = new Set(
  [
    "VERSION",
    "COMMAND",
    "MR_DRY_RUN",
    "MR_COMMENT",
    "GITLAB_TOKEN",
    "RESULT",
    "EXIT_CODE",
    "CHANGED_CONFIGS",
    "PLANNED",
    "RESTARTED",
    "FAILED",
    "ROLLED_BACK"
  ].map((name) => `CONFIG_ROLLOUT_${name}`)
);
function misspeltVariable(env) {
  const settings = ACCEPTED_OPTIONS.flatMap((o) => o.env ? [o.env] : []);
  for (const name of Object.keys(env).sort()) {
    if (!name.startsWith("CONFIG_ROLLOUT_") || settings.includes(name) || OTHER_VARIABLES.has(name)) continue;
    const near = settings.find((setting) => editDistance(name, setting) <= allowedEdits(name, setting));
    if (near !== void 0)
      return new UserError(
        `${name} is not a variable config-rollout reads (did you mean ${near}?): remove or rename it; nothing was run`
      );
  }
  return void 0;
}
function allowedEdits(name, setting) {
  const prefix = "CONFIG_ROLLOUT_".length;
  return Math.min(name.length, setting.length) - prefix <= 4 ? 1 : 2;
}
function nearest(word, candidates) {
  let best;
  let bestDistance = 3;
  for (const candidate of candidates) {
    const distance = editDistance(candidate, word);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
function editDistance(a, b) {
  const d = Array.from(
    { length: a.length + 1 },
    (_, i) => Array.from({ length: b.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0)
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, d[i - 2][j - 2] + 1);
      d[i][j] = value;
    }
  }
  return d[a.length][b.length];
}

// src/settings/settings.ts
init_errors();
init_fleet();

// src/core/named-configs.ts
init_errors();
init_names();
var NAMED = /^(configmap|secret)\/([^:]*)(?::(.*))?$/i;
var MAX_NAME = 253;
function parseNamedConfigs(values, option = "--config") {
  return values.map((value) => {
    const refuse = (why) => new UserError(
      `${option} ${JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}\u2026` : value)}: ${why}`
    );
    const match = NAMED.exec(value.trim());
    if (!match)
      throw refuse(
        "expected configmap/NAME or secret/NAME, optionally :KEY (e.g. secret/db-credentials:password)"
      );
    const [, kindName, name = "", key] = match;
    if (!isObjectName(name))
      throw refuse(
        `${JSON.stringify(name.length > 60 ? `${name.slice(0, 60)}\u2026` : name)} is not a ConfigMap or Secret name (lowercase letters, digits, "-" and ".", starting and ending with a letter or digit, at most ${MAX_NAME} characters)`
      );
    if (key !== void 0 && !validKey(key))
      throw refuse(
        `${JSON.stringify(key.length > 60 ? `${key.slice(0, 60)}\u2026` : key)} is not a ConfigMap or Secret key (letters, digits, "-", "_" and ".", not "." or "..", not starting with "..", at most ${MAX_NAME} characters)`
      );
    const kind = kindName.toLowerCase() === "secret" ? "Secret" : "ConfigMap";
    return { kind, name, ...key !== void 0 ? { key } : {} };
  });
}
function validKey(key) {
  return key.length <= MAX_NAME && CONFIG_KEY_CHARACTERS.test(key) && key !== "." && !key.startsWith("..");
}

// src/settings/settings.ts
init_names();
init_option_naming();
init_options();
var COMPUTED = {
  base: (base, named) => ({
    base: revision("base", base, named)
  }),
  head: (head, named) => ({
    head: revision("head", head, named)
  }),
  /**
   * pathsExplicit: --paths was given a value other than its default. The GitHub Action and the
   * GitLab component always pass their declared default, so "given" is told by the value.
   */
  paths: (paths) => ({ paths, pathsExplicit: differsFromDefault(paths, "paths") }),
  /**
   * strategyExplicit: some place set --strategy (its row has no default, so the action and the GitLab
   * component pass nothing unless the workflow does): a --plan's strategy applies otherwise.
   */
  strategy: (strategy) => ({
    strategy: strategy ?? "annotation",
    strategyExplicit: strategy !== void 0
  }),
  /**
   * --namespace, and namespaceFrom: how it was given (the option, as the place that set it names it).
   * Not given: `default`, which the main run replaces with the kubeconfig context's namespace, as
   * kubectl apply does (run/cluster-connection.ts namespaceOfContexts).
   */
  namespace: (namespace, named) => namespace === void 0 ? { namespace: "default" } : { namespace, namespaceFrom: named.option("namespace") },
  /** Kustomization directories to render; [] discovers the roots; ["none"] reads raw files only. */
  kustomize: (values, named) => ({ kustomize: kustomizeDirs(values, named) }),
  /** --keep N keeps N copies of each config and prunes the rest; --keep all prunes nothing. */
  keep: (keep) => keep === "all" ? { prune: false, keep: 0 } : { prune: true, keep },
  /** wait: --wait is not none; watchPods: --wait pods (fail a workload early when its new pods cannot start). */
  wait: (wait) => ({ wait: wait !== "none", watchPods: wait === "pods" }),
  /** --logs: lines of a crashed container's previous log quoted in the report (0: none). */
  logs: (logLines) => ({ logLines }),
  /** --context: one name, or several in waves (`a;b,c`: a first, then b and c in parallel). */
  context: (text, named) => text === void 0 || !/[;,]/.test(text) ? { context: text } : { contexts: parseContexts(text, named.option("context")) },
  /** The kubeconfig file and the kubeconfig itself, each with how messages about it name the place that set it. */
  kubeconfig: (kubeconfig, named) => ({
    kubeconfig,
    kubeconfigSetBy: named.option("kubeconfig")
  }),
  "kubeconfig-data": (kubeconfigData, named) => ({
    kubeconfigData,
    kubeconfigDataSetBy: named.option("kubeconfig-data")
  }),
  /** sync --config: only the consumers of these configs, `kind/name[:key]`, checked here (named as set). */
  config: (values, named) => ({
    syncConfigs: parseNamedConfigs(values, named.option("config"))
  }),
  /** none: restart what Stakater Reloader manages too; all: Reloader runs with --auto-reload-all. */
  reloader: (mode) => ({
    restartReloaderManaged: mode === "none",
    reloaderAutoReloadAll: mode === "all"
  })
};
var rowsOf = (command) => OPTIONS.filter((o) => appliesTo(o, command) || command === "sync" && o.group === "ci");
var ENV_VARIABLES = {
  entryPoint: "cli",
  option: (name) => envOf(name),
  set: (name, value) => `${envOf(name)}=${value}`
};
function envOf(name) {
  return ACCEPTED_OPTIONS.find((o) => o.name === name)?.env ?? `--${name}`;
}
function deprecationWarningsOf(fromEnv, given, naming) {
  return [...deprecationWarnings(fromEnv, ENV_VARIABLES), ...deprecationWarnings(given, naming)];
}
var NAMING = /* @__PURE__ */ new WeakMap();
function namedAs(values, naming) {
  NAMING.set(values, naming);
  return values;
}
function rawValuesFromEnv(env) {
  const raw = namedAs({}, ENV_VARIABLES);
  for (const option of ACCEPTED_OPTIONS) {
    const value = option.env ? env[option.env] : void 0;
    if (value !== void 0 && value !== "") raw[option.name] = value;
  }
  if (raw.context === void 0 && raw.contexts === void 0 && env.KUBE_CONTEXT)
    raw.context = env.KUBE_CONTEXT;
  return raw;
}
function settingsFor(command, ...sources) {
  const raw = {};
  const namings = /* @__PURE__ */ new Map();
  for (const source2 of sources) {
    const naming = NAMING.get(source2) ?? CLI_FLAGS;
    for (const [key, value] of Object.entries(replaceDeprecated(source2, naming))) {
      if (value === void 0) continue;
      raw[key] = value;
      namings.set(key, naming);
    }
  }
  const namingOf = (name) => namings.get(name) ?? CLI_FLAGS;
  const named = {
    option: (name) => namingOf(name).option(name),
    set: (name, value) => namingOf(name).set(name, value)
  };
  const checked = {};
  const settings = {};
  const reads = rowsOf(command);
  for (const row2 of OPTIONS) {
    const value = parseOptionValue(row2, raw[row2.name], named.option(row2.name));
    const compute = COMPUTED[row2.name];
    const fields = compute ? compute(value, named) : { [fieldOf(row2)]: value };
    Object.assign(checked, fields);
    if (reads.includes(row2)) Object.assign(settings, fields);
  }
  validateSettings(checked, named);
  return settings;
}
function errorReportSettings(flags, fromEnv) {
  const raw = { ...fromEnv, ...flags };
  const output = raw.output === "json" || raw.output === "markdown" ? raw.output : "text";
  return {
    output,
    debug: parseBooleanText(raw.debug ?? "") === true,
    junit: raw.junit || void 0,
    dotenv: raw.dotenv || void 0
  };
}
function fieldOf(row2) {
  const camel = row2.name.replace(/-(\w)/g, (_, letter) => letter.toUpperCase());
  return row2.type === "duration" ? `${camel}Ms` : camel;
}
function revision(name, value, named) {
  if (value?.startsWith("-"))
    throw new UserError(`${named.set(name, value)}: a revision must not start with '-'`);
  return value;
}
function differsFromDefault(values, name) {
  const defaults = splitList(OPTIONS.find((o) => o.name === name)?.default ?? "");
  return values.length !== defaults.length || !defaults.every((value) => values.includes(value));
}
function kustomizeDirs(values, named) {
  if (values.includes("none")) {
    if (values.length > 1)
      throw new UserError(`${named.option("kustomize")}: "none" cannot be combined with directories`);
    return ["none"];
  }
  return values.map((value) => {
    const dir = value.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
    if (value.startsWith("/") || dir.split("/").includes("..")) {
      throw new UserError(
        `${named.set("kustomize", value)}: give a directory inside the repository, relative to its root`
      );
    }
    return dir === "." ? "" : dir;
  });
}
var ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
function validateSettings(values, named) {
  const where = named.option;
  if (values.paths.length === 0) {
    throw new UserError(`${where("paths")}: no globs given (the default is **/*.yaml,**/*.yml,**/*.json)`);
  }
  checkNamespaces(where("namespace"), [values.namespace]);
  checkNamespaces(where("namespaces"), values.namespaces);
  checkNamespaces(where("exclude-namespaces"), values.excludeNamespaces);
  if (!ENV_NAME.test(values.envName)) {
    throw new UserError(
      `${where("env-name")}: ${JSON.stringify(values.envName)} is not a valid environment variable name (letters, digits and "_", not starting with a digit)`
    );
  }
  if (values.concurrency < 1 || values.concurrency > 64) {
    throw new UserError(`${where("concurrency")}: must be between 1 and 64 (requests in flight at once)`);
  }
  if (values.maxParallelRollouts !== void 0 && values.maxParallelRollouts < 1) {
    throw new UserError(
      `${where("max-parallel-rollouts")}: must be at least 1 (workloads rolling out at once), got ${values.maxParallelRollouts}`
    );
  }
  if (values.logLines < 0 || values.logLines > 200) {
    throw new UserError(
      `${where("logs")}: must be between 0 and 200 (lines of a crashed container's log quoted in the report)`
    );
  }
  if (values.maxFileSize < 1) throw new UserError(`${where("max-file-size")}: must be at least 1 (bytes)`);
  if (values.bakeMs !== void 0) checkBake(values, named);
  if (values.strategy === "gitops") checkGitops(values, named);
  checkPlanFile(values, named);
}
function checkPlanFile(values, named) {
  const [plan, planOut] = [named.option("plan"), named.option("plan-out")];
  if (values.plan !== void 0) {
    if (values.apply)
      throw new UserError(
        `${named.option("apply")} cannot be used with ${plan}: a plan file holds digests, not the configs' content; apply the manifests first (or in the plan job)`
      );
    if (values.planOut !== void 0)
      throw new UserError(`${planOut} cannot be used with ${plan}: the plan is already made`);
  }
  if (values.strategy === "gitops" && values.planOut !== void 0) {
    const gitops = named.set("strategy", "gitops");
    throw new UserError(
      `${planOut} cannot be used with ${gitops}: a gitops run writes nothing, so there is no plan to apply; run ${gitops} in each cluster's job (it needs read-only credentials and the checkout)`
    );
  }
  if (values.contexts && (values.plan !== void 0 || values.planOut !== void 0)) {
    throw new UserError(
      `${named.option("context")} with several contexts cannot be used with ${values.plan !== void 0 ? plan : planOut}: a plan file is one cluster's plan (its own consumers); run one job per cluster with one context each, or several without a plan file`
    );
  }
}
function checkBake(values, named) {
  const without = !values.wait ? named.set("wait", "none") : !values.watchPods ? named.set("wait", "status") : void 0;
  const bake = named.option("bake");
  if (without)
    throw new UserError(
      `${bake} watches each rollout's new pods once it is done: drop ${without}, or ${bake}`
    );
}
function checkGitops(values, named) {
  const refused = [
    values.apply ? `${named.option("apply")} (the agent applies the configs)` : void 0,
    values.dryRun === "server" ? `${named.set("dry-run", "server")} (it sends no write to dry-run)` : void 0,
    values.rollbackOnFailure === true ? `${named.option("rollback-on-failure")} (the agent owns the state: revert the commit in git and it rolls back)` : void 0,
    values.discover !== void 0 && values.discover !== "repo" ? `${named.set("discover", values.discover)} (the agent deploys only what the repository defines)` : void 0
  ].filter((part) => part !== void 0);
  if (refused.length > 0) {
    throw new UserError(
      `${named.set("strategy", "gitops")} writes nothing to the cluster: drop ${refused.join(", ")}`
    );
  }
}
function checkNamespaces(where, names2) {
  for (const name of names2) {
    if (!isNamespaceName(name)) {
      throw new UserError(
        `${where}: ${JSON.stringify(name)} is not a valid namespace name (${NAMESPACE_RULE})`
      );
    }
  }
}

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

// src/cli/write-results.ts
var import_node_fs3 = require("node:fs");
var import_node_path2 = require("node:path");
init_errors();
init_run_result();
init_error_line();

// src/report/error-report.ts
init_errors();
init_error_line();
init_report_markdown();
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
        `**Failed (exit code ${e.exitCode}):** ${escapeMarkdown(e.message)}`,
        ...e.hint ? ["", escapeMarkdown(e.hint)] : [],
        ...e.stack ? ["", "```", e.stack.replaceAll("```", "'''"), "```"] : []
      ];
      return escapeForCiLog(`${lines.join("\n")}
`);
    }
    case "text":
      return "";
  }
}

// src/report/gitlab-reports.ts
init_commit_sha();
init_model();
init_run_result();
init_error_line();
var MAX_LIST_CHARS = 900;
function reportedWorkloads(report) {
  if (report?.clusters) {
    return report.clusters.flatMap(
      (c) => (c.report ? reportedWorkloads(c.report) : []).map((w) => ({ ...w, context: c.context }))
    );
  }
  const results = resultsByWorkload(report ?? { results: [] });
  return (report?.plan.workloads ?? []).map((workload) => ({
    workload,
    result: results.get(idKey(workload.id))
  }));
}
function resultOf(report, exitCode) {
  if (report === void 0 || exitCode !== 0) return "failed";
  return report.outcome;
}
function workloadStatus({ workload, result }, dryRun) {
  if (workload.action === "skip") return { state: "skipped", label: "skipped", detail: workload.reason };
  if (result === void 0 && workload.action === "baseline" && dryRun !== "none")
    return { state: "passed", label: "would record a baseline", detail: `dry run: ${workload.reason}` };
  if (result === void 0) {
    return dryRun !== "none" ? { state: "passed", label: "would restart", detail: `dry run: ${workload.reason}` } : { state: "skipped", label: "not run", detail: "no result was reported for this restart" };
  }
  if (result.restart === "failed") {
    return { state: "failed", label: "restart failed", type: "restart", detail: result.message };
  }
  if (result.restart === "agent-not-applied") {
    return { state: "failed", label: "agent not applied", type: "agent-not-applied", detail: result.message };
  }
  if (isFailureOutcome(result.rollout)) {
    return {
      state: "failed",
      label: result.rollout === "rolled-back" ? "rolled back" : `rollout ${result.rollout}`,
      type: result.rollout,
      detail: result.message
    };
  }
  if (result.restart === "paused") return { state: "skipped", label: "paused", detail: result.message };
  if (result.restart === "not-on-cluster") {
    return { state: "skipped", label: "not on this cluster", detail: result.message };
  }
  const label2 = (result.restart === "restarted" || result.restart === "agent-applied") && result.rollout === "done" ? "rolled out" : result.rollout || result.restart;
  return { state: "passed", label: label2, detail: result.message };
}
function workloadKey({ workload: { id }, context }) {
  return `${context ? `${context}:` : ""}${idKey(id)}`;
}
function joinCapped(items, maxChars = MAX_LIST_CHARS) {
  const all = items.join(",");
  if (all.length <= maxChars) return all;
  const kept = [];
  for (const item of items) {
    const rest = items.length - kept.length - 1;
    if ([...kept, item, `...+${rest} more`].join(",").length > maxChars) break;
    kept.push(item);
  }
  return [...kept, `...+${items.length - kept.length} more`].join(",");
}
function renderDotenv(report, exitCode) {
  const workloads = reportedWorkloads(report);
  const keys = (keep) => joinCapped(workloads.filter(keep).map(workloadKey));
  const values = {
    CONFIG_ROLLOUT_RESULT: resultOf(report, exitCode),
    CONFIG_ROLLOUT_EXIT_CODE: String(exitCode),
    CONFIG_ROLLOUT_CHANGED_CONFIGS: joinCapped((report?.plan.changes ?? []).map((c) => idKey(c.id))),
    CONFIG_ROLLOUT_PLANNED: keys((w) => w.workload.action === "restart"),
    CONFIG_ROLLOUT_RESTARTED: keys((w) => w.result?.restart === "restarted"),
    CONFIG_ROLLOUT_FAILED: keys((w) => workloadStatus(w, report?.dryRun ?? "none").state === "failed"),
    CONFIG_ROLLOUT_ROLLED_BACK: keys((w) => w.result?.rollout === "rolled-back")
  };
  return Object.entries(values).map(([key, value]) => `${key}=${value.replace(/[\r\n]+/g, " ")}
`).join("");
}
function escapeXml(text) {
  return String(text).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
function seconds(ms) {
  return ((ms ?? 0) / 1e3).toFixed(3);
}
function describeReferences2(workload) {
  return workload.references.map((r) => {
    const changed = r.changedKeys.length ? ` (changed keys read: ${r.changedKeys.join(", ")})` : "";
    return `${shortId(r.config)} via ${r.path}${changed}`;
  });
}
function testcase(attrs, body2) {
  const attributes = Object.entries(attrs).filter(([, value]) => value !== void 0).map(([key, value]) => ` ${key}="${escapeXml(value)}"`).join("");
  return body2.length === 0 ? `    <testcase${attributes}/>` : `    <testcase${attributes}>
${body2.map((line) => `      ${line}`).join("\n")}
    </testcase>`;
}
function causeLines(cause) {
  if (!cause) return [];
  const events = (cause.events ?? []).map((e) => `event: ${e}`);
  const log = (cause.log ?? []).map((l) => `| ${l}`);
  return [...events, ...log.length > 0 ? [`log of the previous run of ${cause.container}:`, ...log] : []];
}
function renderJunit(report, exitCode, error) {
  const cases = [];
  let failures = 0;
  let skipped = 0;
  let errors = 0;
  const workloads = reportedWorkloads(report);
  for (const w of workloads) {
    const { workload, result, context } = w;
    const status = workloadStatus(w, report?.dryRun ?? "none");
    const where = workload.file ? `${workload.file}:${workload.line}` : "found on the cluster";
    const out = [
      `${status.label}: ${status.detail}`,
      ...causeLines(result?.cause),
      `defined in ${where}`,
      ...describeReferences2(workload)
    ];
    const body2 = [];
    if (status.state === "failed") {
      failures++;
      body2.push(`<failure type="${escapeXml(status.type)}" message="${escapeXml(status.detail)}"/>`);
    } else if (status.state === "skipped") {
      skipped++;
      body2.push(`<skipped message="${escapeXml(status.detail)}"/>`);
    }
    body2.push(`<system-out>${escapeXml(out.join("\n"))}</system-out>`);
    cases.push(
      testcase(
        {
          classname: `config-rollout.${context ? `${context}.` : ""}${workload.id.namespace}`,
          name: shortId(workload.id),
          file: workload.file || void 0,
          time: seconds(result?.durationMs)
        },
        body2
      )
    );
  }
  if (exitCode !== 0 && failures === 0) {
    errors++;
    const message = report === void 0 ? `config-rollout exited with code ${exitCode} without a report${error ? ` (${error})` : ""}: see the job log` : `config-rollout exited with code ${exitCode}: see the job log`;
    cases.push(
      testcase({ classname: "config-rollout", name: "config-rollout run", time: seconds(0) }, [
        `<error type="exit-code-${exitCode}" message="${escapeXml(message)}"/>`
      ])
    );
  }
  const time = seconds(workloads.reduce((sum, w) => sum + (w.result?.durationMs ?? 0), 0));
  const counts = `tests="${cases.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}"`;
  const notes = [
    ...report?.plan.warnings ?? [],
    ...(report?.plan.problems ?? []).map((p) => `${p.severity}: ${p.file}:${p.line}:${p.col}: ${p.message}`)
  ];
  const suiteOut = notes.length > 0 ? [`    <system-out>${escapeXml(notes.join("\n"))}</system-out>`] : [];
  return [
    `<?xml version="1.0" encoding="UTF-8"?>`,
    `<testsuites name="config-rollout" ${counts}>`,
    `  <testsuite name="config-rollout" ${counts}>`,
    ...cases,
    ...suiteOut,
    `  </testsuite>`,
    `</testsuites>`,
    ``
  ].join("\n");
}
function renderSummary(report, exitCode, error) {
  if (report === void 0) {
    return `config-rollout: no report (${error}); exit code ${exitCode}, result failed
`;
  }
  const { plan } = report;
  const range = plan.base ? `${shortSha(plan.base)}..${shortSha(plan.head)}` : shortSha(plan.head);
  const lines = [
    `config-rollout: result ${resultOf(report, exitCode)}${report.dryRun !== "none" ? ` (dry run: ${report.dryRun})` : ""}, exit code ${exitCode}`,
    `  compared ${range}: ${plan.rangeNote}`,
    `  changed configs: ${plan.changes.map((c) => idKey(c.id)).join(", ") || "none"}`
  ];
  for (const w of reportedWorkloads(report)) {
    const status = workloadStatus(w, report.dryRun);
    lines.push(`  ${status.label.padEnd(16)} ${workloadKey(w)}: ${status.detail}`);
  }
  return `${lines.join("\n")}
`;
}
function gitlabReports(content, exitCode) {
  const report = "report" in content ? content.report : void 0;
  const error = "error" in content ? errorParts(content.error, content.debug).message : void 0;
  return {
    dotenv: renderDotenv(report, exitCode),
    junit: renderJunit(report, exitCode, error),
    summary: renderSummary(report, exitCode, error)
  };
}

// src/report/report-json.ts
init_model();
init_run_result();
function reportObject(report) {
  const { plan } = report;
  return {
    outcome: report.outcome,
    dryRun: report.dryRun,
    base: plan.base,
    head: plan.head,
    range: plan.rangeNote,
    ...report.cluster ? { cluster: report.cluster } : {},
    changes: plan.changes.map((c) => ({
      ...c.id,
      status: c.status,
      file: c.file,
      line: c.line,
      keys: c.keys,
      ...c.origin ? { origin: c.origin } : {},
      ...c.blamedFile ? { blamedFile: c.blamedFile } : {},
      ...c.previousName ? { previousName: c.previousName } : {}
    })),
    workloads: workloadObjects(report),
    problems: plan.problems,
    warnings: plan.warnings,
    ...plan.sources ? { sources: plan.sources } : {},
    ...plan.skippedRenders ? { skippedRenders: plan.skippedRenders } : {},
    ...plan.unread ? { unread: plan.unread } : {},
    ...report.notes ? { notes: report.notes } : {},
    ...report.restores ? { restores: restoreObjects(report) } : {},
    ...report.clusters ? {
      clusters: report.clusters.map((c) => ({
        context: c.context,
        wave: c.wave,
        outcome: c.outcome,
        exitCode: c.exitCode,
        ...c.message ? { message: c.message } : {},
        ...c.report?.cluster ? { server: c.report.cluster.server } : {},
        workloads: c.report ? workloadObjects(c.report) : [],
        ...c.report?.notes ? { notes: c.report.notes } : {},
        ...c.report?.restores ? { restores: restoreObjects(c.report) } : {},
        ...c.report && c.report.plan.warnings.length > 0 ? { warnings: c.report.plan.warnings } : {}
      }))
    } : {}
  };
}
function workloadObjects(report) {
  const { plan } = report;
  const results = resultsByWorkload(report);
  return plan.workloads.map((w) => {
    const result = results.get(idKey(w.id));
    return {
      ...w.id,
      action: w.action,
      reason: w.reason,
      source: w.source,
      ...w.file ? { file: w.file, line: w.line } : {},
      ...w.origin ? { origin: w.origin } : {},
      ...w.blamedFile ? { blamedFile: w.blamedFile } : {},
      ...w.rollsOnApply ? { rollsOnApply: true } : {},
      references: w.references.map((r) => ({
        config: r.config,
        via: r.via,
        path: r.path,
        keys: r.keys,
        changedKeys: r.changedKeys,
        ...r.init ? { init: true } : {},
        ...r.subPath ? { subPath: true } : {}
      })),
      ...result ? {
        result: {
          restart: result.restart,
          rollout: result.rollout,
          message: result.message,
          durationMs: result.durationMs,
          ...result.cause ? { cause: result.cause } : {},
          ...result.rollback ? { rollback: result.rollback } : {}
        }
      } : {}
    };
  });
}
function restoreObjects(report) {
  return (report.restores ?? []).map((r) => ({
    ...r.id,
    result: r.result,
    message: r.message,
    readers: r.readers,
    ...r.rollbackNotRolledOut ? { rollbackNotRolledOut: r.rollbackNotRolledOut } : {},
    ...r.notRolledBack ? { notRolledBack: r.notRolledBack } : {}
  }));
}
function renderJson(report) {
  return `${JSON.stringify(reportObject(report), null, 2)}
`;
}

// src/report/render-report.ts
init_report_markdown();

// src/report/report-text.ts
init_duration();
init_model();
init_describe();
function renderText(report) {
  if (report.clusters) return renderClusters(report, report.clusters);
  return `${[`Comparing ${describeRange(report)}`, ...body(report), "", headline(report)].join("\n")}
`;
}
function renderClusters(report, clusters) {
  const out = [`Comparing ${describeRange(report)}`, ...body(report), "", `Clusters (${clusters.length}):`];
  out.push(
    ...table([
      ["CONTEXT", "WAVE", "OUTCOME", "DETAIL"],
      ...clusters.map((c) => [c.context, String(c.wave), clusterOutcome(c), c.message ?? ""])
    ])
  );
  for (const cluster of clusters) {
    out.push("", `== ${cluster.context} (wave ${cluster.wave}): ${clusterOutcome(cluster)} ==`);
    if (cluster.message) out.push(`  ${cluster.message}`);
    if (cluster.report) out.push(...body(cluster.report, false).slice(1), "", headline(cluster.report));
  }
  out.push("", headline(report));
  return `${out.join("\n")}
`;
}
function body(report, repository = true) {
  const { plan } = report;
  const out = [];
  if (!repository) return [...out, ...clusterPart(report)];
  if (plan.sources && plan.sources.length > 0) {
    out.push("", "Sources:", ...plan.sources.map((note) => `  ${note}`));
    if (plan.skippedRenders) out.push(`  ${skippedRendersNote(plan.skippedRenders)}`);
  }
  if (plan.changes.length > 0) {
    out.push("", `Changed configs (${plan.changes.length}):`);
    out.push(
      ...table(
        plan.changes.map((c) => [
          shortId(c.id),
          `ns ${c.id.namespace}`,
          describeStatus(c),
          describeWhere(c),
          `keys: ${describeKeys(c)}`
        ])
      )
    );
  }
  return [...out, ...clusterPart(report)];
}
function clusterPart(report) {
  const { plan } = report;
  const out = [];
  if (plan.workloads.length > 0) {
    out.push("", `Workloads (${plan.workloads.length}):`);
    for (const w of plan.workloads) {
      out.push(`  ${w.action.padEnd(8)} ${shortId(w.id)} (namespace ${w.id.namespace}): ${w.reason}`);
      if (w.origin) out.push(`             from ${describeWhere(w)}`);
      for (const line of describeReferences(w)) out.push(`             ${line}`);
    }
  }
  if (plan.warnings.length > 0) {
    out.push("", "Notes:", ...plan.warnings.map((warning) => `  ${warning}`));
  }
  if (report.results.length > 0) {
    out.push("", "Results:");
    out.push(
      ...table([
        ["WORKLOAD", "NAMESPACE", "RESULT", "DURATION", "DETAIL"],
        ...report.results.map((r) => [
          shortId(r.id),
          r.id.namespace,
          describeResult(r),
          r.durationMs === void 0 ? "-" : formatDuration(r.durationMs),
          r.message
        ])
      ])
    );
  }
  const explained = report.results.filter((r) => causeDetails(r).length > 0);
  if (explained.length > 0) {
    out.push("", "Why the new pods did not start:");
    for (const r of explained) {
      out.push(`  ${shortId(r.id)} (namespace ${r.id.namespace}): ${r.message}`);
      for (const line of causeDetails(r)) out.push(`    ${line}`);
    }
  }
  if (report.restores?.length) {
    out.push("", "Restored configs (--rollback-on-failure):");
    out.push(
      ...table([
        ["CONFIG", "NAMESPACE", "RESULT", "DETAIL"],
        ...report.restores.map((r) => [shortId(r.id), r.id.namespace, r.result, describeRestore(r)])
      ])
    );
  }
  if (report.notes?.length) {
    out.push("", "Notes:");
    for (const note of report.notes) out.push(`  ${note}`);
  }
  return out;
}
function table(rows) {
  const widths = rows[0]?.map((_, col) => Math.max(...rows.map((row2) => row2[col]?.length ?? 0))) ?? [];
  return rows.map((row2) => `  ${row2.map((cell, col) => cell.padEnd(widths[col] ?? 0)).join("  ")}`.trimEnd());
}

// src/report/render-report.ts
function renderReport(report, format) {
  switch (format) {
    case "json":
      return escapeJsonForCiLog(renderJson(report));
    case "markdown":
      return escapeForCiLog(renderMarkdown(report));
    case "text":
      return escapeForCiLog(renderText(report));
  }
}

// src/cli/write-results.ts
init_output_files();
function writeFailure(error, settings, io) {
  io.stderr(`${escapeForCiLog(describeError(error, settings.debug))}
`);
  const report = renderErrorReport(error, settings.debug, settings.output);
  if (report !== "") io.stdout(report);
  return writeReportFiles(settings, { error, debug: settings.debug }, io).exitCode;
}
function writeReport(report, settings, io) {
  const { exitCode, unwritten } = writeReportFiles(settings, { report }, io);
  const notes = unwritten.map(
    (file) => `${file}: exit code ${exitCode} for the missing report; the run's own result is ${report.outcome}`
  );
  const shown2 = notes.length === 0 ? report : { ...report, plan: { ...report.plan, warnings: [...report.plan.warnings, ...notes] } };
  io.stdout(renderReport(shown2, settings.output));
  return exitCode;
}
function writeReportFiles(settings, content, io) {
  let exitCode = "report" in content ? exitCodeOf(content.report) : exitCodeFor(content.error);
  const unwritten = [];
  if (settings.junit === void 0 && settings.dotenv === void 0) return { exitCode, unwritten };
  if ("error" in content && content.error instanceof UnwritableOutputError) return { exitCode, unwritten };
  const write = (flag2, file) => {
    if (file === void 0) return;
    try {
      (0, import_node_fs3.writeFileSync)((0, import_node_path2.resolve)(io.cwd, file), gitlabReports(content, exitCode)[flag2]);
    } catch (error) {
      const reason2 = error instanceof Error ? error.message : String(error);
      const line = `--${flag2} ${file}: cannot write the report (${reason2})`;
      io.stderr(`${escapeForCiLog(`error: ${line}`)}
`);
      unwritten.push(line);
      if (exitCode === EXIT_OK) exitCode = EXIT_FAILED;
    }
  };
  write("junit", settings.junit);
  write("dotenv", settings.dotenv);
  if (settings.output === "json") {
    const ownResult = "report" in content && unwritten.length > 0 ? content.report.outcome : void 0;
    io.stderr(
      escapeForCiLog(
        `${gitlabReports(content, exitCode).summary}${ownResult ? `  the run's own result: ${ownResult}; exit code ${exitCode} for the missing report
` : ""}`
      )
    );
  }
  return { exitCode, unwritten };
}

// src/cli/run-cli.ts
async function runCli(argv, env, io) {
  const { named, flags } = commandLine(argv);
  const command = named ?? "run";
  const args = parseArgs(flags, command);
  const fromEnv = rawValuesFromEnv(env);
  let reporting = errorReportSettings(args.values, fromEnv);
  if (command === "stamp" || args.error && command === "sync")
    reporting = { output: reporting.output, debug: reporting.debug };
  if (args.error) return writeFailure(args.error, reporting, io);
  const misspelt = args.help || args.version ? void 0 : misspeltVariable(env);
  if (misspelt) return writeFailure(misspelt, reporting, io);
  if (args.help)
    return print(io, named || args.helpAll ? commandHelpText(command, args.helpAll) : helpText());
  if (args.version) return print(io, `config-rollout ${VERSION}
`);
  const log = (settings) => createStderrLog({ debug: settings.debug, color: io.color, write: io.stderr });
  const inCi2 = (settings) => {
    reporting = settings;
    const stampOnly = ["check", "changed-only"].find(
      (name) => parseBooleanText(fromEnv[name] ?? "") === true
    );
    if (stampOnly) {
      throw new UserError(
        `--${stampOnly} is a flag of \`config-rollout stamp\`: run \`config-rollout stamp --${stampOnly}\``
      );
    }
    const stderr2 = log(settings);
    for (const warning of deprecationWarningsOf(fromEnv, args.values, CLI_FLAGS)) stderr2.warn(warning);
    const entry = {
      env,
      cwd: io.cwd,
      logFor: () => stderr2,
      // --comment: the plan on the pull or merge request; what happened is one line on stderr, never the exit code.
      ...settings.comment && {
        comment: {
          fullReportIn: "the job log",
          say: (o) => o.level === "warning" ? stderr2.warn(o.message) : stderr2.info(o.message)
        }
      }
    };
    const publish = {
      report: async (report, comment) => {
        const code = writeReport(report, settings, io);
        await comment?.({ report });
        return code;
      },
      failure: async (error, comment) => {
        const code = writeFailure(error, settings, io);
        await comment?.({ error });
        return code;
      }
    };
    return [entry, publish];
  };
  try {
    if (command !== "stamp") {
      const commands = await Promise.resolve().then(() => (init_commands(), commands_exports));
      if (command === "sync") {
        const settings3 = settingsFor("sync", fromEnv, args.values);
        return await commands.syncFromCluster(settings3, ...inCi2(settings3));
      }
      const settings2 = settingsFor("run", fromEnv, args.values);
      return await commands.planAndRollOut(settings2, ...inCi2(settings2));
    }
    const settings = settingsFor("stamp", fromEnv, args.values);
    reporting = settings;
    const { stampCheckout: stampCheckout2 } = await Promise.resolve().then(() => (init_stamp_in_ci(), stamp_in_ci_exports));
    const { report, refusal } = await stampCheckout2(settings, { env, cwd: io.cwd }, log(settings));
    io.stdout(renderStampReport(report, settings.output, ["stamp", ...flags]));
    if (refusal) {
      io.stderr(`${escapeForCiLog(describeError(refusal, false))}
`);
      return EXIT_USAGE;
    }
    return report.check && report.changes.length > 0 ? EXIT_FAILED : EXIT_OK;
  } catch (error) {
    return writeFailure(error, reporting, io);
  }
}
function print(io, text) {
  io.stdout(text);
  return EXIT_OK;
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
var unsupported = unsupportedNode(process.versions.node);
if (unsupported !== void 0) {
  stderr(`error: ${unsupported}
`);
  process.exit(2);
}
var run = runCli(process.argv.slice(2), process.env, {
  stdout,
  stderr,
  get color() {
    const { isatty } = require2("node:tty");
    return useColor({ isTTY: isatty(2) }, process.env);
  },
  cwd: process.cwd()
});
exitWhenDone(run, stderr);
