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

// borrowed:src/core/errors.ts
var require_errors = __commonJS({
  "borrowed:src/core/errors.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/core/errors.ts"];
  }
});

// borrowed:src/compose/version.ts
var require_version = __commonJS({
  "borrowed:src/compose/version.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/compose/version.ts"];
  }
});

// stage-module:src/kube/connect.ts
var require_connect = __commonJS({
  "stage-module:src/kube/connect.ts"(exports2, module2) {
    module2.exports = require("./cli-stages.js")["src/kube/connect.ts"];
  }
});

// stage-module:src/kube/kube-client.ts
var require_kube_client = __commonJS({
  "stage-module:src/kube/kube-client.ts"(exports2, module2) {
    module2.exports = require("./cli-stages.js")["src/kube/kube-client.ts"];
  }
});

// stage-module:src/pipeline/complete-and-roll-out.ts
var require_complete_and_roll_out = __commonJS({
  "stage-module:src/pipeline/complete-and-roll-out.ts"(exports2, module2) {
    module2.exports = require("./cli-stages.js")["src/pipeline/complete-and-roll-out.ts"];
  }
});

// stage-module:src/pipeline/scan/scan-changed-manifests.ts
var require_scan_changed_manifests = __commonJS({
  "stage-module:src/pipeline/scan/scan-changed-manifests.ts"(exports2, module2) {
    module2.exports = require("./cli-stages.js")["src/pipeline/scan/scan-changed-manifests.ts"];
  }
});

// stage-module:src/core/plan-file/plan-document.ts
var require_plan_document = __commonJS({
  "stage-module:src/core/plan-file/plan-document.ts"(exports2, module2) {
    module2.exports = require("./cli-stages.js")["src/core/plan-file/plan-document.ts"];
  }
});

// stage-module:src/pipeline/plan-out.ts
var require_plan_out = __commonJS({
  "stage-module:src/pipeline/plan-out.ts"(exports2, module2) {
    module2.exports = require("./cli-stages.js")["src/pipeline/plan-out.ts"];
  }
});

// stage-module:src/pipeline/scan/configs-at-head.ts
var require_configs_at_head = __commonJS({
  "stage-module:src/pipeline/scan/configs-at-head.ts"(exports2, module2) {
    module2.exports = require("./cli-stages.js")["src/pipeline/scan/configs-at-head.ts"];
  }
});

// stage-module:src/pipeline/run-fleet.ts
var require_run_fleet = __commonJS({
  "stage-module:src/pipeline/run-fleet.ts"(exports2, module2) {
    module2.exports = require("./cli-stages.js")["src/pipeline/run-fleet.ts"];
  }
});

// stage-module:src/compose/run-saved-plan.ts
var require_run_saved_plan = __commonJS({
  "stage-module:src/compose/run-saved-plan.ts"(exports2, module2) {
    module2.exports = require("./cli-stages.js")["src/compose/run-saved-plan.ts"];
  }
});

// borrowed:src/process/child-groups.ts
var require_child_groups = __commonJS({
  "borrowed:src/process/child-groups.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/process/child-groups.ts"];
  }
});

// borrowed:src/process/interrupt.ts
var require_interrupt = __commonJS({
  "borrowed:src/process/interrupt.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/process/interrupt.ts"];
  }
});

// borrowed:src/report/error-line.ts
var require_error_line = __commonJS({
  "borrowed:src/report/error-line.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/report/error-line.ts"];
  }
});

// borrowed:src/report/ci-log-text.ts
var require_ci_log_text = __commonJS({
  "borrowed:src/report/ci-log-text.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/report/ci-log-text.ts"];
  }
});

// borrowed:src/settings/options.ts
var require_options = __commonJS({
  "borrowed:src/settings/options.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/settings/options.ts"];
  }
});

// borrowed:src/cli/report-error.ts
var require_report_error = __commonJS({
  "borrowed:src/cli/report-error.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/cli/report-error.ts"];
  }
});

// borrowed:src/cli/stderr-log.ts
var require_stderr_log = __commonJS({
  "borrowed:src/cli/stderr-log.ts"(exports2, module2) {
    module2.exports = require("./cli.js").frontModules["src/cli/stderr-log.ts"];
  }
});

// stage-module:src/compose/comment-on-review.ts
var require_comment_on_review = __commonJS({
  "stage-module:src/compose/comment-on-review.ts"(exports2, module2) {
    module2.exports = require("./cli-stages.js")["src/compose/comment-on-review.ts"];
  }
});

// lazy-bundle:cli-stamp.js
var require_cli_stamp = __commonJS({
  "lazy-bundle:cli-stamp.js"(exports2, module2) {
    module2.exports = require("./cli-stamp.js");
  }
});

// <stdin>
var stdin_exports = {};
__export(stdin_exports, {
  frontModules: () => frontModules,
  runPlanFromArgs: () => runPlanFromArgs,
  runStampFromArgs: () => runStampFromArgs
});
module.exports = __toCommonJS(stdin_exports);

// src/cli/run-cli-plan.ts
var import_node_path5 = require("node:path");

// src/ci/github-event.ts
var github_event_exports = {};
__export(github_event_exports, {
  eventReader: () => eventReader,
  readEventFile: () => readEventFile,
  readEventPayload: () => readEventPayload
});
var import_node_fs = require("node:fs");
var import_errors = __toESM(require_errors(), 1);
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
    text = (0, import_node_fs.readFileSync)(path, "utf8");
  } catch (error) {
    const code = error.code;
    throw new import_errors.UserError(
      `GITHUB_EVENT_PATH ${path} cannot be read (${code === "ENOENT" ? "no such file" : code ?? String(error)})`
    );
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new import_errors.UserError(`GITHUB_EVENT_PATH ${path} is not valid JSON: ${error.message}`);
  }
}

// src/kube/kubeconfig-source.ts
var kubeconfig_source_exports = {};
__export(kubeconfig_source_exports, {
  SERVICE_ACCOUNT_DIR: () => SERVICE_ACCOUNT_DIR,
  chooseSource: () => chooseSource,
  decodeKubeconfigData: () => decodeKubeconfigData,
  describeCredential: () => describeCredential,
  findKubeConfigSource: () => findKubeConfigSource
});
var import_node_fs2 = require("node:fs");
var import_node_net = require("node:net");
var import_node_path = require("node:path");
var import_errors2 = __toESM(require_errors(), 1);
var SERVICE_ACCOUNT_DIR = "/var/run/secrets/kubernetes.io/serviceaccount";
function findKubeConfigSource(opts) {
  return chooseSource(opts)?.label;
}
function chooseSource(opts) {
  const env = opts.env;
  const home = env.HOME || env.USERPROFILE;
  if (opts.kubeconfigPath) {
    const pathLabel = opts.pathLabel ?? "--kubeconfig";
    const file = (0, import_node_path.resolve)(expandHome(opts.kubeconfigPath, home));
    if (!(0, import_node_fs2.existsSync)(file)) {
      const credential = describeCredential(opts.kubeconfigPath);
      if (credential) throw misplacedCredential(pathLabel, credential);
      throw new import_errors2.UserError(
        `${pathLabel} ${opts.kubeconfigPath}: no such file (it must hold the path of a kubeconfig file)`
      );
    }
    return { type: "file", files: [file], label: `${pathLabel} ${opts.kubeconfigPath}` };
  }
  if (opts.kubeconfigData?.trim()) {
    const label2 = opts.dataLabel ?? "CONFIG_ROLLOUT_KUBECONFIG";
    if (looksLikePath(opts.kubeconfigData, home)) {
      throw new import_errors2.UserError(
        `${label2} holds a file path; it must hold the kubeconfig itself (its text or base64 of it). To use a kubeconfig file, pass its path with --kubeconfig, KUBECONFIG or the action's \`kubeconfig\` input`
      );
    }
    const credential = describeCredential(opts.kubeconfigData);
    if (credential?.includes("token")) {
      throw new import_errors2.UserError(
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
    const listed = env.KUBECONFIG.split(import_node_path.delimiter).filter((f) => f !== "");
    const files = listed.map((f) => (0, import_node_path.resolve)(expandHome(f, home))).filter((f) => (0, import_node_fs2.existsSync)(f));
    if (files.length === 0) {
      const credential = describeCredential(env.KUBECONFIG);
      if (credential) throw misplacedCredential("KUBECONFIG", credential);
      throw new import_errors2.UserError(
        `KUBECONFIG=${env.KUBECONFIG}: no such file (it must hold paths of kubeconfig files)`
      );
    }
    return { type: "file", files, label: `KUBECONFIG (${files.join(import_node_path.delimiter)})` };
  }
  if (home) {
    const file = (0, import_node_path.join)(home, ".kube", "config");
    if ((0, import_node_fs2.existsSync)(file)) return { type: "file", files: [file], label: file };
  }
  const dir = opts.serviceAccountDir ?? SERVICE_ACCOUNT_DIR;
  const host = env.KUBERNETES_SERVICE_HOST;
  const port = env.KUBERNETES_SERVICE_PORT;
  if (host && port && (0, import_node_fs2.existsSync)((0, import_node_path.join)(dir, "token"))) {
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
    throw new import_errors2.UserError(`${label2} is neither a kubeconfig nor base64 of one`);
  }
  return value;
}
function expandHome(path, home) {
  return home && (path === "~" || path.startsWith("~/")) ? (0, import_node_path.join)(home, path.slice(1)) : path;
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
  return new import_errors2.UserError(
    `${label2} holds ${credential}, not a path (the value is not shown): it must hold the path of a kubeconfig file. To pass the kubeconfig itself (text or base64), use CONFIG_ROLLOUT_KUBECONFIG or the action's \`kubeconfig-data\` input`
  );
}
function looksLikePath(value, home) {
  const trimmed = value.trim();
  if (trimmed.includes("\n") || /:\s/.test(trimmed)) return false;
  if (/^(\/|~\/|\.{1,2}\/)/.test(trimmed)) return true;
  return (0, import_node_fs2.existsSync)((0, import_node_path.resolve)(expandHome(trimmed, home)));
}

// src/compose/cluster-connection.ts
var import_version = __toESM(require_version(), 1);
function createClusterConnection(settings, env, labels = {}, onSecret) {
  const options = {
    kubeconfigPath: settings.kubeconfig,
    kubeconfigData: settings.kubeconfigData,
    // --contexts: the first context stands for the kubeconfig (its credentials to mask), which then
    // need not set a current-context.
    context: settings.context ?? settings.contexts?.[0]?.[0],
    env,
    execPluginTimeoutMs: settings.execPluginTimeoutMs,
    pathLabel: labels.path,
    dataLabel: labels.data,
    ...onSecret ? { onPluginCredential: onSecret } : {}
  };
  const configured = findKubeConfigSource(options) !== void 0;
  let loading;
  const load = () => {
    loading ??= Promise.resolve().then(() => __toESM(require_connect(), 1)).then(({ loadKubeConfig }) => loadKubeConfig(options));
    return loading;
  };
  return {
    configured,
    forContext: (context) => {
      const other = createClusterConnection({ ...settings, context }, env, labels, onSecret);
      return {
        ...other,
        load: async () => {
          if (!other.configured) {
            const { NoClusterConfiguredError } = await Promise.resolve().then(() => __toESM(require_connect(), 1));
            throw new NoClusterConfiguredError();
          }
          return { server: (await other.loaded())?.server ?? "" };
        }
      };
    },
    loaded: async () => configured ? load() : void 0,
    secretsToMask: async () => configured ? (await load())?.secretsToMask ?? [] : [],
    connect: async () => {
      const loaded = await load();
      if (!loaded) return void 0;
      const { createCluster } = await Promise.resolve().then(() => __toESM(require_kube_client(), 1));
      return createCluster(loaded.kc, {
        requestTimeoutMs: settings.requestTimeoutMs,
        runTimeoutMs: settings.timeoutMs,
        userAgent: import_version.USER_AGENT,
        fieldManager: "config-rollout",
        retries: 5
      });
    }
  };
}

// src/ci/read-ci-environment.ts
var import_errors3 = __toESM(require_errors(), 1);

// src/ci/ci-kind.ts
var ci_kind_exports = {};
__export(ci_kind_exports, {
  detectCiKind: () => detectCiKind,
  fetchDepthHint: () => fetchDepthHint
});
function detectCiKind(env) {
  if (env.GITHUB_ACTIONS === "true") return "github";
  if (env.GITLAB_CI === "true") return "gitlab";
  return "local";
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

// src/ci/read-ci-environment.ts
var RELEVANT = /^(GITHUB_|GITLAB_CI$|CI_)/;
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
        if (error instanceof import_errors3.UserError) return void 0;
        throw error;
      });
    }
  }
  return input;
}

// src/pipeline/run.ts
var run_exports = {};
__export(run_exports, {
  planRepository: () => planRepository,
  runConfigRollout: () => runConfigRollout
});

// src/core/option-naming.ts
var option_naming_exports = {};
__export(option_naming_exports, {
  ACTION_INPUTS: () => ACTION_INPUTS,
  CLI_FLAGS: () => CLI_FLAGS
});
var CLI_FLAGS = {
  entryPoint: "cli",
  option: (name) => `--${name}`,
  // A bare --dry-run means client: the shortest thing to type.
  set: (name, value) => name === "dry-run" && value === "client" ? "--dry-run" : `--${name} ${value}`
};
var ACTION_INPUTS = {
  entryPoint: "action",
  option: (name) => `the \`${name}\` input`,
  set: (name, value) => `\`${name}: ${value}\``
};

// src/ci/github-range.ts
var import_errors4 = __toESM(require_errors(), 1);

// src/core/commit-sha.ts
var commit_sha_exports = {};
__export(commit_sha_exports, {
  isFullSha: () => isFullSha,
  isZeroSha: () => isZeroSha
});
var SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
function isFullSha(value) {
  return SHA.test(value);
}
function isZeroSha(value) {
  return isFullSha(value) && /^0+$/.test(value);
}

// src/ci/github-range.ts
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
  if (!isRecord(event)) {
    throw new import_errors4.UserError(
      `GitHub ${name} event without an event payload: GITHUB_EVENT_PATH is not set or not a JSON object; ${naming.entryPoint === "cli" ? "pass" : "set"} ${naming.option("base")} and ${naming.option("head")}`
    );
  }
  return event;
}
function requireSha(payload, path, name) {
  const value = stringAt(payload, path);
  if (value === void 0 || !isFullSha(value)) {
    throw new import_errors4.UserError(
      `GitHub ${name} event: ${path.join(".")} is ${value === void 0 ? "missing" : `not a commit SHA (${JSON.stringify(value)})`} in the GITHUB_EVENT_PATH payload`
    );
  }
  return value;
}
function stringAt(payload, path) {
  let value = payload;
  for (const key of path) {
    if (!isRecord(value)) return void 0;
    value = value[key];
  }
  return typeof value === "string" && value !== "" ? value : void 0;
}
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

// src/ci/gitlab-range.ts
var NON_PUSH_SOURCES = /* @__PURE__ */ new Set([
  "schedule",
  "web",
  "api",
  "trigger",
  "pipeline",
  "parent_pipeline",
  "chat"
]);
function resolveGitLabRange(env) {
  const head = env.CI_COMMIT_SHA || "HEAD";
  const isMergeRequest = env.CI_PIPELINE_SOURCE === "merge_request_event" || Boolean(env.CI_MERGE_REQUEST_IID);
  if (isMergeRequest) return resolveMergeRequest(env, head);
  const before = env.CI_COMMIT_BEFORE_SHA ?? "";
  if (before !== "" && !isZeroSha(before)) {
    return { kind: "range", base: before, head, note: "GitLab push: CI_COMMIT_BEFORE_SHA..CI_COMMIT_SHA" };
  }
  const source = env.CI_PIPELINE_SOURCE ?? "push";
  if (NON_PUSH_SOURCES.has(source)) {
    return {
      kind: "first-parent",
      head,
      note: `GitLab ${source} pipeline: no previous commit, so comparing CI_COMMIT_SHA with its first parent`
    };
  }
  const defaultBranch = env.CI_DEFAULT_BRANCH || void 0;
  return {
    kind: "new-branch",
    head,
    defaultBranch,
    note: defaultBranch ? `new ${env.CI_COMMIT_TAG ? "tag" : "branch"}: comparing with the merge-base of ${defaultBranch}` : "new branch: comparing with the first parent (CI_DEFAULT_BRANCH is not set)"
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
    note: target ? `GitLab merge request without a diff base: comparing with the merge-base of ${target}` : "GitLab merge request without a diff base or target branch: comparing with the first parent"
  };
}

// src/ci/resolve-range.ts
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

// src/pipeline/run.ts
var import_errors7 = __toESM(require_errors(), 1);

// src/core/unread-sources.ts
var unread_sources_exports = {};
__export(unread_sources_exports, {
  describeUnread: () => describeUnread,
  unreadSourcesOf: () => unreadSourcesOf
});
function unreadSourcesOf(problems, warnings) {
  const seen = /* @__PURE__ */ new Set();
  const unread = [];
  for (const item of [...warnings, ...problems]) {
    if (item.unread === void 0) continue;
    const key = `${item.file}\0${item.unread}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unread.push({ file: item.file, why: item.unread });
  }
  return unread;
}
var MAX_NAMED = 5;
function describeUnread(unread) {
  const named = unread.slice(0, MAX_NAMED).map((u) => `${u.file} (${u.why})`);
  const more = unread.length > MAX_NAMED ? ` and ${unread.length - MAX_NAMED} more` : "";
  return `${named.join(", ")}${more}`;
}

// src/core/untrusted-head.ts
var untrusted_head_exports = {};
__export(untrusted_head_exports, {
  untrustedHead: () => untrustedHead,
  untrustedSource: () => untrustedSource
});
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
    const source2 = env.CI_EXTERNAL_PULL_REQUEST_SOURCE_REPOSITORY;
    const target2 = env.CI_EXTERNAL_PULL_REQUEST_TARGET_REPOSITORY;
    if (!source2 || !target2) return "an external pull request whose source repository is not known";
    return source2 !== target2 ? "an external pull request from a fork" : void 0;
  }
  const source = env.CI_MERGE_REQUEST_SOURCE_PROJECT_ID;
  const target = env.CI_MERGE_REQUEST_PROJECT_ID;
  const mergeRequest = pipeline === "merge_request_event" || Boolean(env.CI_MERGE_REQUEST_IID);
  if (mergeRequest && (!source || !target)) {
    return "a merge request whose source project is not known (CI_MERGE_REQUEST_SOURCE_PROJECT_ID or CI_MERGE_REQUEST_PROJECT_ID is not set)";
  }
  if (source && target && source !== target) return "a merge request from a fork";
  return void 0;
}
function untrustedSource(eventName, event) {
  if (eventName === "pull_request_target") return "a pull_request_target event";
  if (eventName === "pull_request" || eventName === "pull_request_review") {
    const pr = field(event, "pull_request");
    const fork = forkOf(field(field(pr, "head"), "repo"), field(field(pr, "base"), "repo"));
    if (fork === "unknown") {
      return event === void 0 ? "a pull request whose event payload was not read (a fork cannot be ruled out)" : "a pull request whose head repository is not known (a deleted fork?)";
    }
    return fork ? "a pull request from a fork" : void 0;
  }
  if (eventName === "workflow_run") {
    if (event === void 0) {
      return "a workflow_run event whose payload was not read (a fork's pull request may have triggered it)";
    }
    const run = field(event, "workflow_run");
    const trigger = field(run, "event");
    if (typeof trigger !== "string") return "a workflow_run event whose payload names no triggering event";
    if (trigger !== "pull_request" && trigger !== "pull_request_target") return void 0;
    const fork = forkOf(field(run, "head_repository"), field(run, "repository"));
    if (fork === "unknown")
      return "a workflow_run triggered by a pull request whose head repository is not known";
    return fork ? "a workflow_run triggered by a pull request from a fork" : void 0;
  }
  return void 0;
}
function forkOf(head, base) {
  const headName = field(head, "full_name");
  const baseName = field(base, "full_name");
  if (typeof headName !== "string" || typeof baseName !== "string") return "unknown";
  return headName.toLowerCase() !== baseName.toLowerCase();
}
function field(value, key) {
  return typeof value === "object" && value !== null ? value[key] : void 0;
}

// src/pipeline/apply-plan.ts
var apply_plan_exports = {};
__export(apply_plan_exports, {
  applyPlanToCluster: () => applyPlanToCluster,
  plansNothing: () => plansNothing
});

// src/core/run-result.ts
var run_result_exports = {};
__export(run_result_exports, {
  exitCodeOf: () => exitCodeOf,
  isFailure: () => isFailure,
  outcomeOf: () => outcomeOf,
  outcomeOfWhatWasRead: () => outcomeOfWhatWasRead,
  reportOf: () => reportOf
});
var import_errors5 = __toESM(require_errors(), 1);
function exitCodeOf(report) {
  if (report.clusters) return Math.max(import_errors5.EXIT_OK, ...report.clusters.map((c) => c.exitCode));
  return report.outcome === "failed" ? import_errors5.EXIT_FAILED : import_errors5.EXIT_OK;
}
function isFailure(result) {
  return result.restart === "failed" || result.restart === "agent-not-applied" || ["failed", "timeout", "deleted"].includes(result.rollout ?? "");
}
function reportOf(plan, rolledOut, dryRun, cluster) {
  const { results, notes } = rolledOut;
  return {
    plan,
    results,
    ...notes.length > 0 ? { notes: [...notes] } : {},
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
  if (dryRun !== "none") return "planned";
  return results.some((r) => r.restart === "restarted" || r.restart === "agent-applied") ? "restarted" : "nothing-to-do";
}

// src/pipeline/repo-plan.ts
var repo_plan_exports = {};
__export(repo_plan_exports, {
  emptyPlanOf: () => emptyPlanOf,
  noClusterHint: () => noClusterHint,
  planOfScan: () => planOfScan
});
function planOfScan(repoPlan, parts) {
  const sources = [...repoPlan.scan.sourceNotes, ...parts.sources];
  const unread = unreadSourcesOf(repoPlan.scan.problems, repoPlan.scan.sourceWarnings);
  return {
    ...emptyPlanOf({ base: repoPlan.base, head: repoPlan.head, note: repoPlan.rangeNote }),
    changes: parts.changes,
    workloads: parts.workloads,
    ...sources.length > 0 ? { sources } : {},
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

// src/pipeline/apply-plan.ts
async function applyPlanToCluster(repoPlan, connection, context) {
  if (plansNothing(repoPlan.scan)) {
    const plan = planOfNothing(repoPlan);
    await context.onPlan?.(plan, []);
    return reportOf(plan, { results: [], notes: [] }, context.settings.dryRun);
  }
  const { completeAndRollOut } = await Promise.resolve().then(() => __toESM(require_complete_and_roll_out(), 1));
  return completeAndRollOut(repoPlan, connection, context);
}
function plansNothing(scan) {
  return scan.changes.length === 0 && scan.workloads.length === 0 && scan.baseWorkloads.length === 0 && scan.variants.size === 0;
}
function planOfNothing(repoPlan) {
  return planOfScan(repoPlan, { changes: [], workloads: [], sources: [], warnings: [] });
}

// src/pipeline/resolve-commits.ts
var import_errors6 = __toESM(require_errors(), 1);

// src/git/revision-syntax.ts
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

// src/pipeline/resolve-commits.ts
var DEFAULT_DEEPEN_ROUNDS = 12;
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
  if (!request.forced) {
    const [head2, base2] = await Promise.all([
      requireCommit(ctx, request.head, "head"),
      requireCommit(ctx, request.base, "base")
    ]);
    return { base: base2, head: head2, note: request.note };
  }
  const head = await requireCommit(ctx, request.head, "head");
  const base = await findCommit(ctx, request.base);
  if (base === void 0) {
    return firstParentRange(
      ctx,
      head,
      `forced push: the previous head ${short(request.base)} is no longer available, so comparing with the first parent`
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
      throw new import_errors6.UserError(
        `no merge-base of ${short(base)} and ${short(head)} in the fetched history of this shallow clone: ${ctx.hint}`
      );
    }
    throw new import_errors6.UserError(
      `${short(base)} and ${short(head)} have no common history: nothing to compare against`
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
      note: `new branch: ${short(head)} is already on ${branch}, nothing new to compare`
    };
  }
  if (mergeBase !== void 0) return { base: mergeBase, head, note: request.note };
  return firstParentRange(
    ctx,
    head,
    found === void 0 ? `new branch: origin/${branch} is not available, so comparing with the first parent` : `new branch: no merge-base with ${branch} found, so comparing with the first parent`
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
    throw new import_errors6.UserError(
      `the parent ${short(parent)} of ${short(head)} is not in this shallow clone and could not be fetched: ${ctx.hint}`
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
      why: `commit ${short(commit)} is not in this shallow clone and could not be fetched from origin: ${ctx.hint}`
    } : { order: "diverged" };
  }
  const mergeBase = await deepenUntil(ctx, [commit, head], () => git.mergeBase(commit, head));
  if (mergeBase === commit) return { order: "older" };
  if (mergeBase === head) return { order: "newer" };
  if (mergeBase !== void 0 || !await git.isShallow()) return { order: "diverged" };
  return {
    order: "unknown",
    why: `no merge-base of ${short(commit)} and ${short(head)} in the fetched history of this shallow clone: ${ctx.hint}`
  };
}
async function findCommit(ctx, ref) {
  const sha = await ctx.git.tryResolveCommit(ref);
  if (sha !== void 0 || !isFullSha(ref)) return sha;
  return await ctx.git.fetchCommit(ref) ? ctx.git.tryResolveCommit(ref) : void 0;
}
async function requireCommit(ctx, ref, role) {
  const sha = await findCommit(ctx, ref);
  if (sha !== void 0) return sha;
  const formProblem = revisionFormProblem(ref, role, ctx.naming);
  if (formProblem !== void 0) throw new import_errors6.UserError(`not a commit: ${ref} (${role}): ${formProblem}`);
  const shallow = await ctx.git.isShallow();
  if (isFullSha(ref)) {
    throw new import_errors6.UserError(
      shallow ? `${role} commit ${ref} is not in this clone and could not be fetched from origin: ${ctx.hint}` : `${role} commit ${ref} does not exist in this repository (a complete clone) and could not be fetched from origin`
    );
  }
  throw new import_errors6.UserError(
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
function short(sha) {
  return isFullSha(sha) ? sha.slice(0, 12) : sha;
}

// src/pipeline/scan/path-filter.ts
var path_filter_exports = {};
__export(path_filter_exports, {
  createPathFilter: () => createPathFilter
});

// src/pipeline/scan/glob-matcher.ts
var glob_matcher_exports = {};
__export(glob_matcher_exports, {
  globMatcher: () => globMatcher
});
var ANY_FILE_WITH_EXTENSION = /^\*\*\/\*(\.[A-Za-z0-9]+)$/;
async function globMatcher(globs, options = {}) {
  if (globs.length === 0) return () => false;
  const extensions = globs.map((glob) => ANY_FILE_WITH_EXTENSION.exec(glob)?.[1]);
  if (options.dot && extensions.every((extension) => extension !== void 0)) {
    return (path) => {
      const name = path.slice(path.lastIndexOf("/") + 1);
      return extensions.some((extension) => name.endsWith(extension));
    };
  }
  const { default: picomatch } = await import("./vendor/picomatch.js");
  return picomatch([...globs], { dot: options.dot === true });
}

// src/pipeline/scan/path-filter.ts
async function createPathFilter(options, owned) {
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true })
  ]);
  const filter = owned ? (path) => include(path) && !exclude(path) && !owned(path) : (path) => include(path) && !exclude(path);
  return Object.assign(filter, { globs: options.paths });
}

// src/pipeline/scan/scan-model.ts
function nothingRead(sourceNotes) {
  return {
    changedFiles: [],
    changes: [],
    workloads: [],
    newWorkloadIds: /* @__PURE__ */ new Set(),
    headConfigs: /* @__PURE__ */ new Map(),
    problems: [],
    assumedNamespace: /* @__PURE__ */ new Set(),
    baseWorkloads: [],
    sourceNotes,
    sourceWarnings: [],
    variants: /* @__PURE__ */ new Map()
  };
}

// src/pipeline/scan/touches-manifests.ts
var touches_manifests_exports = {};
__export(touches_manifests_exports, {
  SOURCE_FILE_NAMES: () => SOURCE_FILE_NAMES,
  changedPathsOf: () => changedPathsOf,
  dirOf: () => dirOf,
  mayTouchManifests: () => mayTouchManifests,
  mayTouchSources: () => mayTouchSources,
  renderNotRunNote: () => renderNotRunNote
});

// src/core/sources/kustomization-names.ts
var kustomization_names_exports = {};
__export(kustomization_names_exports, {
  KUSTOMIZATION_FILE_NAMES: () => KUSTOMIZATION_FILE_NAMES,
  kustomizationDirOf: () => kustomizationDirOf
});
var KUSTOMIZATION_FILE_NAMES = ["kustomization.yaml", "kustomization.yml", "Kustomization"];
function kustomizationDirOf(path) {
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1);
  if (!KUSTOMIZATION_FILE_NAMES.includes(name)) return void 0;
  return slash === -1 ? "" : path.slice(0, slash);
}

// src/pipeline/scan/touches-manifests.ts
function changedPathsOf(files) {
  return [...new Set(files.flatMap((f) => f.oldPath ? [f.oldPath, f.path] : [f.path]))];
}
async function mayTouchManifests(git, commits, changedPaths, wanted, options) {
  if (changedPaths.some((path) => wanted(path))) return true;
  return options.sources !== void 0 && await mayTouchSources(git, commits.base, commits.head, changedPaths, options.sources);
}
var SOURCE_FILE_NAMES = [...KUSTOMIZATION_FILE_NAMES, "Chart.yaml", "Chart.yml"];
var MAX_SOURCE_LOOKUPS = 2e3;
async function mayTouchSources(git, base, head, changedPaths, options) {
  if (changedPaths.length === 0) return false;
  if (options.render !== void 0) {
    const matches = await globMatcher(options.renderPaths, { dot: true });
    if (changedPaths.some((p) => matches(p))) return true;
  }
  const dirs = /* @__PURE__ */ new Set();
  for (const path of changedPaths) {
    for (let dir = dirOf(path); !dirs.has(dir); dir = dirOf(dir)) {
      dirs.add(dir);
      if (dir === "") break;
    }
  }
  const inDir = (dir, names) => names.map((name) => dir === "" ? name : `${dir}/${name}`);
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
function renderNotRunNote(command) {
  return `render: ${command}: not run, the range touches none of --render-paths`;
}

// src/pipeline/scan/unread-submodules.ts
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
  ).map((f) => ({ file: f.path, message: describe(f), unread: "submodule, another repository" }));
}
function probeNames(globs) {
  const names = globs.map(
    (glob) => (glob.split("/").at(-1) ?? "").replace(/\{([^,}]*)[^}]*\}/g, "$1").replace(/\[([^\]])[^\]]*\]/g, "$1").replace(/[*?]+/g, "x")
  );
  return [...new Set(names.filter((name) => name !== ""))].flatMap((name) => [name, `x/${name}`]);
}
function describe(change) {
  const { from, to } = change.submodule ?? {};
  const short2 = (sha) => sha.slice(0, 12);
  const what = from !== void 0 && to !== void 0 ? `moved from ${short2(from)} to ${short2(to)}` : to !== void 0 ? `was added at ${short2(to)}` : "was removed";
  return `submodule ${what}: its files belong to another repository and are not read, so a manifest that changed inside it is not in this plan (apply and restart for it from that repository, or --exclude this path)`;
}

// src/pipeline/scan/scan-repository.ts
async function scanRepository(git, base, head, options, log) {
  options = { ...options, documents: options.documents ?? /* @__PURE__ */ new Map() };
  const touched = await git.changedPaths(base, head) ?? await git.changedFiles(base, head);
  const renderers = {};
  const wanted = await createPathFilter(
    options,
    options.sources ? (path) => renderers.owned?.(path) === true : void 0
  );
  if (!await mayTouchManifests(git, { base, head }, changedPathsOf(touched), wanted, options)) {
    log.debug(`${touched.length} changed file(s), none a manifest or a rendered source's input`);
    const render = options.sources?.render;
    return {
      ...nothingRead(render !== void 0 ? [renderNotRunNote(render)] : []),
      sourceWarnings: await unreadSubmodules(touched, options)
    };
  }
  const allChangedFiles = await git.changedFiles(base, head);
  const { scanChangedManifests } = await Promise.resolve().then(() => __toESM(require_scan_changed_manifests(), 1));
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

// src/pipeline/uncommitted-edits.ts
var MAX_NAMED2 = 5;
var KUSTOMIZATION = /(^|\/)(kustomization\.ya?ml|Kustomization)$/;
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
  const more = read.length > MAX_NAMED2 ? ` and ${read.length - MAX_NAMED2} more` : "";
  return `the work tree has uncommitted edits to ${read.length} file(s) this plan reads (${read.slice(0, MAX_NAMED2).join(", ")}${more}): the plan compares commits, so they are not in it; commit them to plan from them`;
}

// src/pipeline/run.ts
async function runConfigRollout(deps) {
  const planned = await planRepository(deps);
  if (planned.kind === "no-range") {
    if (deps.planOut) {
      const { emptyPlanDocument, planStrategyOf } = await Promise.resolve().then(() => __toESM(require_plan_document(), 1));
      await deps.planOut(emptyPlanDocument(planned.report.plan.head, planStrategyOf(deps.settings.strategy)));
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
  return async (plan, clusterWorkloads) => {
    const { makePlanDocument } = await Promise.resolve().then(() => __toESM(require_plan_out(), 1));
    await write(await makePlanDocument(repoPlan, plan, clusterWorkloads, settings, naming));
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
  const scanOptions = scanOptionsOf(settings, deps.env ?? process.env, deps.range);
  const uncommitted = deps.ci === "local" ? uncommittedEditsNote(git, commits.head, settings).catch(() => void 0) : void 0;
  const scan = await log.group(
    "Find changed configs",
    () => scanRepository(git, base, commits.head, scanOptions, log)
  );
  reportScanProblems(scan, settings, log);
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
        ...uncommittedNote ? [uncommittedNote] : []
      ],
      readHeadConfigs: async (ids) => (await Promise.resolve().then(() => __toESM(require_configs_at_head(), 1))).readConfigsAt(
        git,
        commits.head,
        ids,
        scan.headConfigs,
        scanOptions,
        scan.owned
      ),
      commitOrder: (commit) => commitOrder(git, commit, commits.head, { ci: deps.ci })
    }
  };
}
function resolveRunCommits(deps, naming) {
  const request = resolveRange(deps.range, naming);
  return resolveCommits(request, deps.git, { ci: deps.ci, naming });
}
function scanOptionsOf(settings, env, range) {
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
      env
    }
  };
}
function reportScanProblems(scan, settings, log) {
  for (const problem of scan.problems) log.warn(problem.message, problem);
  for (const warning of scan.sourceWarnings) log.warn(warning.message, { file: warning.file });
  const errors = scan.problems.filter((p) => p.severity === "error");
  if (settings.strict && errors.length > 0) {
    const first = errors[0];
    throw new import_errors7.UserError(
      `${errors.length} manifest problem(s) under --strict; first: ${first.file}:${first.line}:${first.col}: ${first.message}`
    );
  }
  const unread = unreadSourcesOf(scan.problems, scan.sourceWarnings);
  if (settings.strict && unread.length > 0) {
    throw new import_errors7.UserError(
      `incomplete plan under --strict: ${unread.length} touched source(s) not read: ${describeUnread(unread)} (each is explained in a warning above)`
    );
  }
}

// src/compose/run-in-ci.ts
async function runInCi(settings, adapters) {
  const { env, cluster, log } = adapters;
  const readEvent = adapters.readEvent ?? eventReader(env);
  const openGit = typeof adapters.git === "function" ? adapters.git : async () => adapters.git;
  const naming = adapters.naming ? { naming: adapters.naming } : {};
  if (settings.contexts) {
    const { runFleet } = await Promise.resolve().then(() => __toESM(require_run_fleet(), 1));
    return runFleet({
      settings,
      ...await rangeAndCi({ base: settings.base, head: settings.head }, env, readEvent),
      git: await openGit(),
      log,
      env,
      ...naming,
      waves: settings.contexts,
      connectTo: (context) => cluster.forContext(context)
    });
  }
  let planOut;
  let settingsForRun = settings;
  if (settings.plan !== void 0) {
    const saved = await Promise.resolve().then(() => __toESM(require_run_saved_plan(), 1));
    const planSettings = { ...settings, plan: settings.plan };
    const run = await saved.loadSavedPlan(planSettings, openGit, adapters.naming);
    if (!run.replanFrom) return saved.applySaved(run, planSettings, cluster, { log, ...naming });
    settingsForRun = { ...settings, ...run.replanFrom, strategy: run.document.strategy };
    planOut = async (document) => saved.sameWorkloads(run.document, planSettings, document.workloads, adapters.naming);
  } else if (settings.planOut !== void 0) {
    const path = settings.planOut;
    planOut = async (document) => (await Promise.resolve().then(() => __toESM(require_run_saved_plan(), 1))).writePlanFile(path, document, log);
  }
  return runConfigRollout({
    settings: settingsForRun,
    ...await rangeAndCi({ base: settingsForRun.base, head: settingsForRun.head }, env, readEvent),
    git: await openGit(),
    connect: cluster.connect,
    clusterConfigured: cluster.configured,
    log,
    env,
    ...naming,
    ...planOut ? { planOut } : {}
  });
}
async function rangeAndCi(flags, env, readEvent) {
  const range = await readCiEnvironment(flags, env, readEvent);
  return { range, ci: range.ci };
}

// src/cli/run-cli-plan.ts
var import_version2 = __toESM(require_version(), 1);
var import_errors15 = __toESM(require_errors(), 1);

// src/git/create-git.ts
var create_git_exports = {};
__export(create_git_exports, {
  createGit: () => createGit
});
var import_node_fs5 = require("node:fs");
var import_node_path4 = require("node:path");
var import_errors11 = __toESM(require_errors(), 1);

// src/git/missing-object.ts
var import_errors8 = __toESM(require_errors(), 1);
var MISSING_OBJECT = [
  /could not fetch ([0-9a-f]{40,64}) from promisor remote/,
  /missing (?:blob|tree|commit) object '?([0-9a-f]{40,64})/,
  /unable to read tree \(?([0-9a-f]{40,64})/,
  /bad object ([0-9a-f]{40,64})/,
  /unable to read ([0-9a-f]{40,64})/
];
function missingObjectError(stderr) {
  for (const pattern of MISSING_OBJECT) {
    const match = pattern.exec(stderr);
    if (!match) continue;
    return new import_errors8.UserError(
      `git object ${match[1]} is missing from this clone (a partial or shallow clone) and could not be fetched: fetch the commits to compare with their files (e.g. \`git fetch origin <base-sha> <head-sha>\` without --filter), or check out full history (actions/checkout: fetch-depth: 0; GitLab: GIT_DEPTH: 0)`
    );
  }
  return void 0;
}

// src/git/parse-cat-file-batch.ts
var HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) (\S+) (\d+)$/;
var LF = 10;
var CatFileBatchParser = class {
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

// src/process/run-process.ts
var run_process_exports = {};
__export(run_process_exports, {
  runProcess: () => runProcess,
  tailOf: () => tailOf
});
var import_node_child_process = require("node:child_process");
var import_child_groups = __toESM(require_child_groups(), 1);
var STDERR_KEEP_BYTES = 8192;
var PIPE_DRAIN_MS = 1e3;
function runProcess(file, args, options = {}) {
  const execute = (resolve5) => {
    const stdout = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let failure;
    let settled = false;
    const child = (0, import_node_child_process.spawn)(file, [...args], {
      ...options.cwd !== void 0 ? { cwd: options.cwd } : {},
      env: options.env ?? process.env,
      stdio: [options.input === void 0 ? "ignore" : "pipe", "pipe", "pipe"],
      detached: options.ownGroup ?? true,
      windowsHide: true
    });
    (0, import_child_groups.trackGroup)(child, options.ownGroup ?? true);
    const stop = (why) => {
      failure ??= why;
      void (0, import_child_groups.stopGroup)(child);
    };
    const timers = [];
    if (options.timeoutMs !== void 0) {
      const ms = options.timeoutMs;
      timers.push(setTimeout(() => stop({ kind: "timeout", message: `timed out after ${seconds(ms)}` }), ms));
    }
    let idle;
    const touch = () => {
      if (options.idleTimeoutMs === void 0) return;
      clearTimeout(idle);
      const ms = options.idleTimeoutMs;
      idle = setTimeout(() => stop({ kind: "idle", message: `no output for ${seconds(ms)}` }), ms);
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
        stdout.push(chunk);
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
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_KEEP_BYTES * 2) stderr = stderr.subarray(stderr.length - STDERR_KEEP_BYTES);
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
      resolve5({
        exitCode: child.exitCode,
        signal: child.signalCode,
        stdout: Buffer.concat(stdout),
        stderrTail: tailOf(stderr.toString("utf8")),
        stderrEnd: stderr.toString("utf8"),
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
      if (options.ownGroup ?? true) (0, import_child_groups.signalGroup)(child, "SIGKILL");
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
function seconds(ms) {
  return ms % 1e3 === 0 ? `${ms / 1e3}s` : `${(ms / 1e3).toFixed(1)}s`;
}
function tailOf(text, maxLines = 8, maxLineLength = 300) {
  const lines = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").split("\n").map((line) => line.trimEnd()).filter((line) => line !== "");
  return lines.slice(-maxLines).map((line) => line.startsWith("::") ? ` ${line}` : line).map((line) => line.length > maxLineLength ? `${line.slice(0, maxLineLength)}\u2026` : line).join("\n");
}

// src/git/spawn-git.ts
var GIT_CONFIG = ["core.quotePath=false"];
var GitExitError = class extends Error {
  constructor(exitCode, stderr) {
    super(stderr.trim() || `git exited with code ${exitCode}`);
    this.exitCode = exitCode;
    this.stderr = stderr;
    this.name = "GitExitError";
  }
  exitCode;
  stderr;
};
var idleTimeoutMs = 12e4;
function setGitIdleTimeout(ms) {
  idleTimeoutMs = ms;
}
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
async function spawnGit(cwd, args, options = {}) {
  const result = await runProcess("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), ...args], {
    cwd,
    input: options.input ?? "",
    idleTimeoutMs,
    // Local git starts no children worth a group, and a group costs ~5 ms a command (run-process.ts).
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
    throw new Error(
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

// src/git/cat-file-batch.ts
async function catFileSizes(root, names) {
  if (names.length === 0) return [];
  const entries = [];
  const parser = new CatFileBatchParser(false, (entry) => entries.push(entry));
  try {
    await spawnGit(root, ["cat-file", "--batch-check", "--buffer"], {
      input: `${names.join("\n")}
`,
      onStdout: (chunk) => parser.push(chunk)
    });
  } catch (error) {
    if (!(error instanceof GitExitError)) throw error;
    const text = error.stderr.trim();
    throw missingObjectError(text) ?? new Error(`git cat-file --batch-check failed (exit ${error.exitCode}): ${text}`);
  }
  parser.end();
  if (entries.length !== names.length) {
    throw new Error(`git cat-file answered ${entries.length} of ${names.length} lookups`);
  }
  return entries;
}

// src/git/cat-file-reader.ts
var import_node_child_process2 = require("node:child_process");
var import_child_groups2 = __toESM(require_child_groups(), 1);
var IDLE_MS = 200;
var CatFileReader = class {
  constructor(root, idleMs = IDLE_MS) {
    this.root = root;
    this.idleMs = idleMs;
  }
  root;
  idleMs;
  /** The process new reads go to; undefined once it has ended (or been ended), until the next read. */
  current;
  /** The objects named (e.g. "<sha>:<path>", "<ref>^{commit}"; no newlines), one entry each, in order. */
  read(names, maxContentBytes = Number.POSITIVE_INFINITY, onEntry) {
    if (names.length === 0) return Promise.resolve([]);
    if (this.current === void 0) {
      const started = new CatFileProcess(this.root, this.idleMs, () => {
        if (this.current === started) this.current = void 0;
      });
      this.current = started;
    }
    return this.current.ask(names, maxContentBytes, onEntry);
  }
};
var CatFileProcess = class {
  /** `retire` is called once this process takes no more requests (ended for idling, failed or exited). */
  constructor(root, idleMs, retire) {
    this.idleMs = idleMs;
    this.retire = retire;
    this.child = (0, import_node_child_process2.spawn)("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), "cat-file", "--batch"], {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true
    });
    (0, import_child_groups2.trackGroup)(this.child, false);
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
  ask(names, maxContentBytes, onEntry) {
    return new Promise((resolve5, reject) => {
      if (this.failed) return reject(this.failed);
      clearTimeout(this.idle);
      this.queue.push({
        names,
        entries: [],
        maxContentBytes,
        ...onEntry ? { onEntry } : {},
        resolve: resolve5,
        reject
      });
      holdRun(this.child, true);
      this.child.stdin.write(`${names.join("\n")}
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
function holdRun(child, hold) {
  for (const handle of [child, child.stdin, child.stdout, child.stderr]) {
    if (hold) handle.ref();
    else handle.unref();
  }
}

// src/git/parse-name-status.ts
var SIMPLE = /* @__PURE__ */ new Set(["A", "M", "D", "T"]);
function parseNameStatus(output) {
  const fields = output.split("\0");
  if (fields.at(-1) === "") fields.pop();
  const changes = [];
  let i = 0;
  while (i < fields.length) {
    const field2 = fields[i++];
    const raw = RAW.exec(field2);
    const status = raw ? raw[5] : field2;
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
var RAW = /^:([0-7]{6}) ([0-7]{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z][0-9]*)$/;
var GITLINK = "160000";
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

// src/git/tree-diff.ts
var TREE_MODE = "40000";
var GITLINK_MODE = "160000";
function parseTree(content, hashBytes) {
  const entries = [];
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(32, at);
    const nul = content.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + hashBytes > content.length) {
      throw new Error(`truncated tree entry at byte ${at} of a ${content.length}-byte tree`);
    }
    entries.push({
      mode: content.toString("latin1", at, space),
      name: content.toString("utf8", space + 1, nul),
      oid: content.toString("hex", nul + 1, nul + 1 + hashBytes)
    });
    at = nul + 1 + hashBytes;
  }
  return entries;
}
async function diffTrees(read, baseTree, headTree, maxTrees, onBelowRoot) {
  const changes = [];
  let level = baseTree === headTree ? [] : [{ dir: "", base: baseTree, head: headTree }];
  let budget = maxTrees;
  for (let depth = 0; level.length > 0; depth++) {
    if (depth === 1) onBelowRoot?.();
    const oids = [...new Set(level.flatMap((p) => [p.base, p.head].filter((o) => o !== void 0)))];
    budget -= oids.length;
    if (budget < 0) return void 0;
    const listed = await read(oids);
    const entriesOf = new Map(oids.map((oid, i) => [oid, listed[i] ?? []]));
    const next = [];
    for (const { dir, base, head } of level) {
      compareTrees(dir, base ? entriesOf.get(base) : [], head ? entriesOf.get(head) : [], changes, next);
    }
    level = next;
  }
  return changes.sort((a, b) => compareGitPaths(a.path, b.path));
}
function compareTrees(dir, baseEntries, headEntries, changes, next) {
  const atHead = new Map(headEntries.map((e) => [e.name, e]));
  const atBase = new Map(baseEntries.map((e) => [e.name, e]));
  const pathOf = (name) => dir === "" ? name : `${dir}/${name}`;
  for (const b of baseEntries) {
    const h = atHead.get(b.name);
    if (h && h.mode === b.mode && h.oid === b.oid) continue;
    const path = pathOf(b.name);
    const bTree = b.mode === TREE_MODE;
    const hTree = h?.mode === TREE_MODE;
    if (bTree || hTree) {
      next.push({ dir: path, ...bTree ? { base: b.oid } : {}, ...hTree ? { head: h.oid } : {} });
      if (!bTree) changes.push(fileChange("D", path, b, void 0));
      if (h && !hTree) changes.push(fileChange("A", path, void 0, h));
      continue;
    }
    if (!h) changes.push(fileChange("D", path, b, void 0));
    else changes.push(fileChange(kindOf(b.mode) === kindOf(h.mode) ? "M" : "T", path, b, h));
  }
  for (const h of headEntries) {
    if (atBase.has(h.name)) continue;
    const path = pathOf(h.name);
    if (h.mode === TREE_MODE) next.push({ dir: path, head: h.oid });
    else changes.push(fileChange("A", path, void 0, h));
  }
}
function fileChange(status, path, base, head) {
  const from = base?.mode === GITLINK_MODE ? base.oid : void 0;
  const to = head?.mode === GITLINK_MODE ? head.oid : void 0;
  if (from === void 0 && to === void 0) return { status, path };
  return {
    status,
    path,
    submodule: { ...from !== void 0 ? { from } : {}, ...to !== void 0 ? { to } : {} }
  };
}
function kindOf(mode) {
  return mode.startsWith("100") ? "file" : mode;
}
function compareGitPaths(a, b) {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}

// src/git/commit-diffs.ts
var MAX_WALKED_TREES = 64;
var DIFF_TREE = ["diff-tree", "-r", "-z", "--raw", "-M", "--no-commit-id"];
var CommitDiffs = class {
  constructor(resolveCommit, objects, git) {
    this.resolveCommit = resolveCommit;
    this.objects = objects;
    this.git = git;
  }
  resolveCommit;
  objects;
  git;
  /** Asked for (or started), by the commits as given ("base head"), and git's diffs by their SHAs. */
  walks = /* @__PURE__ */ new Map();
  files = /* @__PURE__ */ new Map();
  gitDiffs = /* @__PURE__ */ new Map();
  /** The changed paths, renames not paired; undefined when the walk would read too many trees. */
  changedPaths(base, head) {
    return once(this.walks, `${base} ${head}`, () => this.walk(base, head));
  }
  /** The changed files, renames paired: the walk's answer when no rename is possible, else git's. */
  changedFiles(base, head) {
    return once(this.files, `${base} ${head}`, async () => {
      const walked = await this.changedPaths(base, head);
      const renamesPossible = walked === void 0 || walked.some((f) => f.status === "D") && walked.some((f) => f.status === "A");
      if (!renamesPossible) return walked;
      const [from, to] = await Promise.all([this.resolveCommit(base), this.resolveCommit(head)]);
      return this.gitDiff(from, to);
    });
  }
  gitDiff(from, to) {
    return once(this.gitDiffs, `${from} ${to}`, () => this.diffTree(from, to));
  }
  async walk(base, head) {
    const [from, to] = await Promise.all([this.resolveCommit(base), this.resolveCommit(head)]);
    const trees = /* @__PURE__ */ new Map();
    const remember = (entries) => entries.map((entry) => {
      if (entry.kind !== "object" || entry.type !== "tree" || entry.content === void 0) {
        throw new TreeUnreadable();
      }
      trees.set(entry.oid, parseTree(entry.content, entry.oid.length / 2));
      return entry.oid;
    });
    const read = async (oids) => {
      const unread = oids.filter((oid) => !trees.has(oid));
      if (unread.length > 0) remember(await this.objects.read(unread));
      return oids.map((oid) => trees.get(oid));
    };
    const startGitDiff = () => this.gitDiff(from, to).catch(() => {
    });
    try {
      const [baseRoot, headRoot] = remember(await this.objects.read([`${from}^{tree}`, `${to}^{tree}`]));
      return await diffTrees(read, baseRoot, headRoot, MAX_WALKED_TREES, startGitDiff);
    } catch {
      return void 0;
    }
  }
  async diffTree(from, to) {
    const { stdout } = await this.git.run([...DIFF_TREE, from, to, "--"]);
    return parseNameStatus(stdout);
  }
};
var TreeUnreadable = class extends Error {
};
function once(cache, key, start) {
  let pending = cache.get(key);
  if (pending === void 0) {
    pending = start();
    cache.set(key, pending);
    pending.catch(() => cache.delete(key));
  }
  return pending;
}

// src/git/find-work-tree.ts
var import_node_fs3 = require("node:fs");
var import_node_path2 = require("node:path");
var DISCOVERY_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM"
];
function findWorkTreeRoot(dir, env) {
  if (DISCOVERY_VARIABLES.some((name) => env[name] !== void 0)) return void 0;
  for (let current = (0, import_node_fs3.realpathSync)(dir); ; current = (0, import_node_path2.dirname)(current)) {
    const dotGit = (0, import_node_path2.join)(current, ".git");
    const found = lstatOrUndefined(dotGit);
    if (found?.isFile()) return readOrEmpty(dotGit).startsWith("gitdir: ") ? current : void 0;
    if (found?.isDirectory()) {
      const head = lstatOrUndefined((0, import_node_path2.join)(dotGit, "HEAD"));
      const objects = lstatOrUndefined((0, import_node_path2.join)(dotGit, "objects"));
      if (!head?.isFile() || !objects?.isDirectory()) return void 0;
      return /^\s*worktree\s*=/im.test(readOrEmpty((0, import_node_path2.join)(dotGit, "config"))) ? void 0 : current;
    }
    if (found) return void 0;
    if ((0, import_node_path2.dirname)(current) === current) return void 0;
  }
}
function lstatOrUndefined(path) {
  try {
    return (0, import_node_fs3.lstatSync)(path);
  } catch {
    return void 0;
  }
}
function readOrEmpty(path) {
  try {
    return (0, import_node_fs3.readFileSync)(path, "utf8");
  } catch {
    return "";
  }
}

// src/git/git-history.ts
var import_node_fs4 = require("node:fs");
var import_node_path3 = require("node:path");
var import_errors10 = __toESM(require_errors(), 1);

// src/git/safe-ref.ts
var import_errors9 = __toESM(require_errors(), 1);
function assertSafeRef(ref) {
  if (ref === "") throw new import_errors9.UserError("empty ref: expected a commit SHA, branch or tag");
  if (ref.startsWith("-")) throw new import_errors9.UserError(`ref ${JSON.stringify(ref)} must not start with '-'`);
  if (/[\0\n\r]/.test(ref)) throw new import_errors9.UserError(`ref ${JSON.stringify(ref)} contains a control character`);
}

// src/git/git-history.ts
var FETCH = ["fetch", "--progress", "--no-tags", "--no-recurse-submodules"];
var NOT_FOUND = [1, 128];
var GitHistory = class {
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
    const { exitCode, stdout } = await this.git.run(["cat-file", "-t", `${sha}^{commit}`], NOT_FOUND);
    return exitCode === 0 && stdout.trim() === "commit";
  }
  async isShallow() {
    const { stdout } = await this.git.run(["rev-parse", "--is-shallow-repository"]);
    return stdout.trim() === "true";
  }
  async fetchCommit(sha) {
    if (!isFullSha(sha)) throw new import_errors10.UserError(`cannot fetch ${JSON.stringify(sha)}: not a full commit SHA`);
    const depth = await this.isShallow() ? ["--depth=1"] : [];
    return this.tryNetwork([...FETCH, ...depth, "origin", sha]);
  }
  async fetchBranch(branch) {
    assertSafeRef(branch);
    const valid = await this.git.run(["check-ref-format", `refs/heads/${branch}`], [1]);
    if (valid.exitCode !== 0) throw new import_errors10.UserError(`not a valid branch name: ${JSON.stringify(branch)}`);
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
    const { stdout } = await this.git.run(["merge-base", a, b], [1]);
    return stdout.trim() || void 0;
  }
  async firstParent(sha) {
    assertSafeRef(sha);
    const { stdout } = await this.git.run(["cat-file", "commit", sha]);
    for (const line of stdout.split("\n")) {
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
      return (0, import_node_fs4.readFileSync)((0, import_node_path3.resolve)(this.root, path), "utf8");
    } catch {
      return "";
    }
  }
};

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
  const names = new RegExp(`[/	](?:${baseNames.map(escapeRegExp).join("|")})(?:\0|$)`, "g");
  const wanted = new Set(baseNames);
  const paths = [];
  for (const match of text.matchAll(names)) {
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

// src/git/run-git.ts
var run_git_exports = {};
__export(run_git_exports, {
  createGitRunner: () => createGitRunner,
  createNetworkGitRunner: () => createNetworkGitRunner
});
function createGitRunner(baseDir) {
  return {
    async run(args, okExitCodes = []) {
      try {
        const { exitCode, stdout } = await spawnGit(baseDir, args, { okExitCodes });
        return { exitCode, stdout: exitCode === 0 ? stdout.toString("utf8") : "" };
      } catch (error) {
        throw describe2(error, args);
      }
    },
    async runBuffer(args) {
      try {
        return (await spawnGit(baseDir, args)).stdout;
      } catch (error) {
        throw describe2(error, args);
      }
    },
    async runRecords(args, onRecords) {
      const records = nulRecords(onRecords);
      try {
        await spawnGit(baseDir, args, { onStdout: records.push });
      } catch (error) {
        throw describe2(error, args);
      }
      records.end();
    }
  };
}
function createNetworkGitRunner(baseDir, timeoutMs) {
  let loading;
  const load = async () => {
    const { simpleGit, GitPluginError } = await import("./vendor/simple-git.js");
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
        throw describe2(error, args);
      }
    }
  };
}
function inheritedGitVariables() {
  return Object.keys(process.env).filter((name) => name.startsWith("GIT_") || name === "SSH_ASKPASS");
}
function describe2(error, args) {
  const missing = error instanceof GitExitError ? missingObjectError(error.stderr) : void 0;
  if (missing) return missing;
  const message = error instanceof Error ? error.message.trim() : String(error);
  const command = args.join(" ");
  const shown = command.length > 200 ? `${command.slice(0, 200)}...` : command;
  return new Error(`git ${shown} failed: ${message}`, { cause: error });
}

// src/git/run-grep.ts
var import_node_os = require("node:os");

// src/git/grep-patterns.ts
var MAX_PATTERN_CHARS = 8e3;
var SYNTAX_FLAG = { perl: "-P", extended: "-E", fixed: "-F" };
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

// src/git/run-grep.ts
var NO_PERL = /Perl-compatible|PCRE|JIT|In '-' at \d+/;
var perlAvailable = true;
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
  const names = nulRecords((records) => {
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
    onStdout: names.push,
    input: `${grepPatternLines(request.needles, syntax).join("\n")}
`,
    // Byte semantics whatever the runner's locale: a UTF-8 locale would make PCRE2 decode every
    // file as UTF-8; the patterns are ASCII, so what matches is the same either way.
    ...syntax === "fixed" ? {} : { env: { LC_ALL: "C" } },
    ...request.signal ? { signal: request.signal } : {}
  });
  names.end();
}
function grepThreads(cores = (0, import_node_os.availableParallelism)()) {
  return Math.max(1, cores - 1);
}
function grepError(error) {
  if (!(error instanceof GitExitError)) return error;
  const text = error.stderr.trim();
  return missingObjectError(text) ?? new Error(`git grep failed (exit ${error.exitCode}): ${text}`);
}

// src/git/create-git.ts
var DEFAULT_GIT_TIMEOUT_MS = 12e4;
async function createGit(repoDir, options = {}) {
  const timeoutMs = options.timeoutMs ?? DEFAULT_GIT_TIMEOUT_MS;
  setGitIdleTimeout(timeoutMs);
  const dir = (0, import_node_path4.resolve)(repoDir);
  if (!statOrUndefined(dir)?.isDirectory()) throw new import_errors11.UserError(`repository directory ${dir} does not exist`);
  const found = findWorkTreeRoot(dir, process.env);
  const root = found ?? await askGitForWorkTree(dir);
  const adapter = new GitAdapter(root, createGitRunner(root), createNetworkGitRunner(root, timeoutMs));
  if (found !== void 0) adapter.checkWorkTree = () => askGitForWorkTree(dir).then(() => void 0);
  return adapter;
}
function statOrUndefined(path) {
  try {
    return (0, import_node_fs5.statSync)(path);
  } catch {
    return void 0;
  }
}
async function askGitForWorkTree(dir) {
  let root;
  try {
    root = (await createGitRunner(dir).run(["rev-parse", "--show-toplevel"])).stdout.trim();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error);
    throw new import_errors11.UserError(`${dir} is not inside a git work tree (${reason})`);
  }
  if (root === "") throw new import_errors11.UserError(`${dir} is not inside a git work tree`);
  return root;
}
var GitAdapter = class extends GitHistory {
  /**
   * Full SHAs already verified to name a commit. A commit never changes, so each stage that passes
   * the same SHA (diff, reads at base and head, grep) no longer spawns its own `rev-parse`.
   */
  knownCommits = /* @__PURE__ */ new Set();
  /** Set when the root was found without git: asks git, and throws when it will not use the repository. */
  checkWorkTree;
  /** Every object read goes through one long-lived `cat-file --batch`. */
  objects;
  /** How two commits differ: their trees walked through `objects`, or git's diff. */
  diffs;
  constructor(root, git, network) {
    super(root, git, network);
    this.objects = new CatFileReader(root);
    this.diffs = new CommitDiffs((ref) => this.resolveCommit(ref), this.objects, git);
  }
  async resolveCommit(ref) {
    const sha = await this.tryResolveCommit(ref);
    if (sha === void 0) throw new import_errors11.UserError(`not a commit: ${ref}`);
    return sha;
  }
  async tryResolveCommit(ref) {
    assertSafeRef(ref);
    if (this.knownCommits.has(ref)) return ref;
    const sha = await new Promise((resolve5, reject) => {
      if (this.resolving === void 0) {
        this.resolving = [];
        queueMicrotask(() => this.resolveBatch());
      }
      this.resolving.push({ ref, resolve: resolve5, reject });
    });
    if (sha !== void 0 && sha === ref) this.knownCommits.add(sha);
    return sha;
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
      this.git.run(["rev-parse", "--verify", "--quiet", "--end-of-options", `${request.ref}^{commit}`], NOT_FOUND).then(({ stdout }) => request.resolve(stdout.trim() || void 0), request.reject);
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
    let stdout;
    try {
      ({ stdout } = await this.git.run(args, NOT_FOUND));
    } catch {
      return [];
    }
    return stdout.split("\0").filter((record) => record.length > 3 && ("MTA".includes(record[0]) || "MTD".includes(record[1]))).filter((record) => record[0] !== " " || record[1] !== " ").map((record) => record.slice(3));
  }
  changedFiles(base, head) {
    return this.diffs.changedFiles(base, head);
  }
  changedPaths(base, head) {
    return this.diffs.changedPaths(base, head);
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
      plain.map((path) => `${sha}:${path}`)
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
    const needles = [...new Set(fixedStrings)];
    for (const needle of needles) {
      if (needle === "" || needle.includes("\n"))
        throw new Error(`grepFiles: cannot search for ${JSON.stringify(needle)}`);
    }
    const prefix = `${sha}:`;
    await runGrep(
      this.root,
      { needles, rev: sha, pathspecs, ...signal ? { signal } : {} },
      (name) => onPath(name.startsWith(prefix) ? name.slice(prefix.length) : name)
    );
  }
  /** The blob id at an exact path (for names `cat-file --batch` cannot take: those with newlines). */
  async lsTreeBlob(sha, path) {
    const { stdout } = await this.git.run(["ls-tree", "-z", "--full-tree", sha, "--", path]);
    return parseLsTree(stdout).find((entry) => entry.path === path && entry.type === "blob")?.oid;
  }
};
function splitByNewline(paths) {
  const unique = [...new Set(paths)].filter((path) => path !== "");
  return [unique.filter((path) => !path.includes("\n")), unique.filter((path) => path.includes("\n"))];
}

// src/cli/run-cli-plan.ts
var import_interrupt = __toESM(require_interrupt(), 1);
var import_error_line = __toESM(require_error_line(), 1);

// src/report/render-report.ts
var import_ci_log_text = __toESM(require_ci_log_text(), 1);

// src/report/report-json.ts
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
    ...plan.unread ? { unread: plan.unread } : {},
    ...report.notes ? { notes: report.notes } : {},
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
        ...c.report && c.report.plan.warnings.length > 0 ? { warnings: c.report.plan.warnings } : {}
      }))
    } : {}
  };
}
function workloadObjects(report) {
  const { plan } = report;
  const resultOf = (key) => report.results.find((r) => `${r.id.kind}/${r.id.namespace}/${r.id.name}` === key);
  return plan.workloads.map((w) => {
    const result = resultOf(`${w.id.kind}/${w.id.namespace}/${w.id.name}`);
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
          ...result.cause ? { cause: result.cause } : {}
        }
      } : {}
    };
  });
}
function renderJson(report) {
  return `${JSON.stringify(reportObject(report), null, 2)}
`;
}

// src/report/report-markdown.ts
var report_markdown_exports = {};
__export(report_markdown_exports, {
  escapeMarkdown: () => escapeMarkdown,
  markdownSections: () => markdownSections,
  renderMarkdown: () => renderMarkdown
});

// src/core/model.ts
var model_exports = {};
__export(model_exports, {
  formatId: () => formatId,
  idKey: () => idKey
});
function idKey(id) {
  return `${id.kind}/${id.namespace}/${id.name}`;
}
function formatId(id) {
  return `${id.kind.toLowerCase()}/${id.name} (namespace ${id.namespace})`;
}

// src/report/describe.ts
var describe_exports = {};
__export(describe_exports, {
  causeDetails: () => causeDetails,
  clusterOutcome: () => clusterOutcome,
  describeKeys: () => describeKeys,
  describeRange: () => describeRange,
  describeReferences: () => describeReferences,
  describeResult: () => describeResult,
  describeStatus: () => describeStatus,
  describeWhere: () => describeWhere,
  formatDuration: () => formatDuration,
  headline: () => headline,
  shortId: () => shortId,
  shortSha: () => shortSha
});
function shortId(id) {
  return `${id.kind.toLowerCase()}/${id.name}`;
}
function shortSha(sha) {
  return /^[0-9a-f]{40}$/.test(sha) ? sha.slice(0, 7) : sha;
}
function describeRange(report) {
  const { plan } = report;
  if (!plan.base) return plan.rangeNote;
  return `${shortSha(plan.base)}..${shortSha(plan.head)} (${plan.rangeNote})`;
}
function describeKeys(change) {
  if (change.keys.length === 0) return "-";
  const shown = change.keys.slice(0, 8).join(", ");
  return change.keys.length > 8 ? `${shown} and ${change.keys.length - 8} more` : shown;
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
  const rollout = result.rollout === "done" ? "rolled out" : result.rollout;
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
function formatDuration(ms) {
  if (ms === void 0) return "-";
  return ms < 1e3 ? `${ms}ms` : `${(ms / 1e3).toFixed(1)}s`;
}
function headline(report) {
  if (report.clusters) return fleetHeadline(report.clusters);
  const restarts = report.plan.workloads.filter((w) => w.action === "restart").length;
  switch (report.outcome) {
    case "nothing-to-do":
      return nothingToRestart(report);
    case "planned":
      return `Dry run: ${restarts} workload(s) would restart.`;
    case "restarted": {
      const applied = report.results.filter((r) => r.restart === "agent-applied").length;
      if (applied > 0) return `The agent applied the commit: ${applied} workload(s) rolled out.`;
      return `Restarted ${report.results.filter((r) => r.restart === "restarted").length} workload(s).`;
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
  return `Incomplete plan: ${unread.length} touched source(s) not read: ${describeUnread(unread)}. From the rest: ${rest}`;
}
function failedHeadline(results) {
  const notApplied = results.filter((r) => r.restart === "agent-not-applied").map((r) => shortId(r.id));
  const failed = results.filter((r) => isFailure(r) && r.restart !== "agent-not-applied").map((r) => shortId(r.id));
  const parts = [
    ...notApplied.length > 0 ? [`the agent has not applied the commit to ${notApplied.join(", ")} yet`] : [],
    ...failed.length > 0 ? [failed.join(", ")] : []
  ];
  return `Failed: ${parts.join("; ")}.`;
}
function fleetHeadline(clusters) {
  const failed = clusters.filter((c) => c.outcome === "failed" || c.outcome === "error");
  const each = clusters.map((c) => `${c.context} ${clusterOutcome(c)}`).join(", ");
  if (failed.length > 0) return `Failed on ${failed.map((c) => c.context).join(", ")} (${each}).`;
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
  const at = item.file === void 0 ? void 0 : item.line === void 0 || item.file === item.blamedFile && item.line === 1 ? item.file : `${item.file}:${item.line}`;
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

// src/report/mermaid-graph.ts
var MAX_NODES = 40;
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
    lines.push(
      `  ${node}["${label(`${change.id.kind.toLowerCase()}/${change.id.name}`, `ns ${change.id.namespace} \xB7 ${where}`)}"]:::config`
    );
  }
  plan.workloads.forEach((w, i) => {
    const node = `w${i}`;
    const where = w.origin ?? (w.source === "cluster" ? "cluster" : w.file ?? "repo");
    lines.push(
      `  ${node}["${label(`${w.id.kind.toLowerCase()}/${w.id.name}`, `ns ${w.id.namespace} \xB7 ${where} \xB7 ${actionLabel(w)}`)}"]:::${roleOf(w)}`
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
    ["restart", "rolls", "skip"].forEach((role) => {
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
    const resultOf = (w) => report.results.find(
      (r) => r.id.kind === w.id.kind && r.id.namespace === w.id.namespace && r.id.name === w.id.name
    );
    const withResults = report.results.length > 0;
    out.push(
      "",
      "#### Workloads",
      "",
      withResults ? "| Workload | Namespace | Action | Why | Result | Duration |" : "| Workload | Namespace | Action | Why |",
      withResults ? "|---|---|---|---|---|---|" : "|---|---|---|---|"
    );
    for (const w of plan.workloads.slice(0, maxRows)) {
      const result = resultOf(w);
      const why = [w.reason, ...describeReferences(w), ...w.origin ? [`from ${describeWhere(w)}`] : []].map(md).join("<br>");
      const cells = [md(shortId(w.id)), md(w.id.namespace), md(w.action), why];
      if (withResults) {
        cells.push(
          md(result ? `${describeResult(result)}${result.message ? `: ${result.message}` : ""}` : "-"),
          md(formatDuration(result?.durationMs))
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
var ZERO_WIDTH_SPACE = "&#8203;";
function escapeMarkdown(text) {
  return text.replace(/\r\n?|[\n\u2028\u2029]|[&<>\\`*_[\]|~@#]|:(?=\/\/)|(?<=\bwww)\./gi, (c) => {
    switch (c) {
      case "&":
        return "&amp;";
      case "<":
        return "&lt;";
      case ">":
        return "&gt;";
      case "@":
      case "#":
      case ":":
        return `${c}${ZERO_WIDTH_SPACE}`;
      case ".":
        return `${ZERO_WIDTH_SPACE}.`;
      default:
        return LINE_BREAK.test(c) ? " " : `\\${c}`;
    }
  });
}
var LINE_BREAK = /^(?:\r\n?|[\n\u2028\u2029])$/;
function md(text) {
  return escapeMarkdown(text);
}

// src/report/report-text.ts
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
  }
  if (plan.changes.length > 0) {
    out.push("", `Changed configs (${plan.changes.length}):`);
    out.push(
      ...table(
        plan.changes.map((c) => [
          `${shortId(c.id)}`,
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
      out.push(`  ${w.action.padEnd(7)} ${shortId(w.id)} (namespace ${w.id.namespace}): ${w.reason}`);
      if (w.origin) out.push(`            from ${describeWhere(w)}`);
      for (const line of describeReferences(w)) out.push(`            ${line}`);
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
          formatDuration(r.durationMs),
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
      return (0, import_ci_log_text.escapeJsonForCiLog)(renderJson(report));
    case "markdown":
      return (0, import_ci_log_text.escapeForCiLog)(renderMarkdown(report));
    case "text":
      return (0, import_ci_log_text.escapeForCiLog)(renderText(report));
  }
}

// src/settings/settings.ts
var settings_exports = {};
__export(settings_exports, {
  rawValuesFromEnv: () => rawValuesFromEnv,
  toSettings: () => toSettings
});
var import_errors14 = __toESM(require_errors(), 1);

// src/core/fleet.ts
var fleet_exports = {};
__export(fleet_exports, {
  parseContexts: () => parseContexts,
  runWaves: () => runWaves,
  worstExitCode: () => worstExitCode
});
var import_errors12 = __toESM(require_errors(), 1);
function parseContexts(text, option = "--contexts") {
  const waves = text.split(";").map((wave) => wave.split(",").map((name) => name.trim()));
  const seen = /* @__PURE__ */ new Map();
  for (const [i, wave] of waves.entries()) {
    if (wave.every((name) => name === "")) {
      throw new import_errors12.UserError(
        `${option}: wave ${i + 1} of ${JSON.stringify(text)} names no context (";" separates waves, "," the clusters of one wave)`
      );
    }
    for (const name of wave) {
      if (name === "") {
        throw new import_errors12.UserError(`${option}: wave ${i + 1} of ${JSON.stringify(text)} has an empty context name`);
      }
      const first = seen.get(name);
      if (first !== void 0) {
        throw new import_errors12.UserError(
          `${option}: context ${JSON.stringify(name)} is named twice (wave ${first + 1} and wave ${i + 1})`
        );
      }
      seen.set(name, i);
    }
  }
  return waves;
}
async function runWaves(waves, options) {
  const runs = [];
  let stoppedBy;
  for (const [i, wave] of waves.entries()) {
    const number = i + 1;
    if (stoppedBy) {
      const skipped = `skipped: wave ${stoppedBy.wave} failed on ${stoppedBy.context}`;
      runs.push(...wave.map((context) => ({ context, wave: number, ran: false, skipped })));
      continue;
    }
    const done = await Promise.all(
      wave.map(async (context) => {
        const { exitCode, result } = await options.runCluster(context, number);
        return { context, wave: number, ran: true, exitCode, result };
      })
    );
    runs.push(...done);
    const failed = done.find((run) => run.exitCode !== import_errors12.EXIT_OK);
    if (failed && !options.continueOnFailure) stoppedBy = { wave: number, context: failed.context };
  }
  return runs;
}
function worstExitCode(runs) {
  return Math.max(import_errors12.EXIT_OK, ...runs.map((run) => run.ran ? run.exitCode : import_errors12.EXIT_OK));
}

// src/settings/settings.ts
var import_options = __toESM(require_options(), 1);

// src/settings/parse-duration.ts
var UNIT_MS = { ms: 1, s: 1e3, m: 6e4, h: 36e5 };
function parseDuration(text) {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1e3;
  const parts = [...trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join("") !== trimmed) return void 0;
  return Math.round(parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * UNIT_MS[unit], 0));
}

// src/settings/validate-settings.ts
var import_errors13 = __toESM(require_errors(), 1);

// src/core/names.ts
var names_exports = {};
__export(names_exports, {
  NAMESPACE_RULE: () => NAMESPACE_RULE,
  OBJECT_NAME_RULE: () => OBJECT_NAME_RULE,
  isNamespaceName: () => isNamespaceName,
  isObjectName: () => isObjectName,
  quoteName: () => quoteName
});
var LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
var SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
var NAMESPACE_RULE = "at most 63 characters: lowercase letters, digits and '-', starting and ending with a letter or digit";
var OBJECT_NAME_RULE = "at most 253 characters: lowercase letters, digits, '-' and '.', starting and ending with a letter or digit";
function isNamespaceName(name) {
  return name.length <= 63 && LABEL.test(name);
}
function isObjectName(name) {
  return name.length <= 253 && SUBDOMAIN.test(name);
}
function quoteName(name) {
  const shown = name.length > 80 ? `${name.slice(0, 80)}\u2026` : name;
  return JSON.stringify(shown);
}

// src/settings/validate-settings.ts
var MAX_TIMER_MS = 2147483647;
var ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
function validateSettings(values) {
  if (values.paths.length === 0) {
    throw new import_errors13.UserError("--paths: no globs given (the default is **/*.yaml,**/*.yml,**/*.json)");
  }
  checkDuration("timeout", values.timeoutMs);
  checkDuration("config-timeout", values.configTimeoutMs);
  checkNamespaces("namespace", [values.namespace]);
  checkNamespaces("namespaces", values.namespaces);
  checkNamespaces("exclude-namespaces", values.excludeNamespaces);
  if (!ENV_NAME.test(values.envName)) {
    throw new import_errors13.UserError(
      `--env-name: ${JSON.stringify(values.envName)} is not a valid environment variable name (letters, digits and "_", not starting with a digit)`
    );
  }
  if (values.concurrency < 1 || values.concurrency > 64) {
    throw new import_errors13.UserError("--concurrency: must be between 1 and 64 (requests in flight at once)");
  }
  if (values.logLines !== void 0 && (values.logLines < 0 || values.logLines > 200)) {
    throw new import_errors13.UserError(
      "--logs: must be between 0 and 200 (lines of a crashed container's log quoted in the report)"
    );
  }
  if (values.maxFileSize < 1) throw new import_errors13.UserError("--max-file-size: must be at least 1 (bytes)");
  if (values.strategy === "gitops") checkGitops(values);
}
function checkGitops(values) {
  const refused = [
    values.apply ? "--apply (the agent applies the configs)" : void 0,
    values.dryRun === "server" ? "--dry-run server (it sends no write to dry-run)" : void 0,
    values.discover !== void 0 && values.discover !== "repo" ? `--discover ${values.discover} (the agent deploys only what the repository defines)` : void 0
  ].filter((part) => part !== void 0);
  if (refused.length > 0) {
    throw new import_errors13.UserError(`--strategy gitops writes nothing to the cluster: drop ${refused.join(", ")}`);
  }
}
function checkDuration(option, ms) {
  if (ms <= 0) throw new import_errors13.UserError(`--${option}: must be more than 0 (e.g. 90s, 5m)`);
  if (ms > MAX_TIMER_MS) {
    const hours = Math.floor(MAX_TIMER_MS / 36e5);
    throw new import_errors13.UserError(
      `--${option}: ${formatHours(ms)} is longer than the longest wait supported (${hours}h)`
    );
  }
}
function formatHours(ms) {
  return ms % 36e5 === 0 ? `${ms / 36e5}h` : `${ms}ms`;
}
function checkNamespaces(option, names) {
  for (const name of names) {
    if (!isNamespaceName(name)) {
      throw new import_errors13.UserError(
        `--${option}: ${JSON.stringify(name)} is not a valid namespace name (${NAMESPACE_RULE})`
      );
    }
  }
}

// src/settings/settings.ts
function rawValuesFromEnv(env) {
  const raw = {};
  for (const option of import_options.OPTIONS) {
    const value = option.env ? env[option.env] : void 0;
    if (value !== void 0 && value !== "") raw[option.name] = value;
  }
  if (raw.context === void 0 && raw.contexts === void 0 && env.KUBE_CONTEXT)
    raw.context = env.KUBE_CONTEXT;
  return raw;
}
function toSettings(...sources) {
  const raw = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) if (value !== void 0) raw[key] = value;
  }
  const get = (name) => parseOptionValue(requireSpec(name), raw[name]);
  const str = (name) => get(name);
  const list = (name) => get(name) ?? [];
  const bool = (name) => get(name) === true;
  const num = (name) => get(name);
  const given = (name) => {
    const value = get(name);
    if (value === void 0) throw new Error(`option ${name} has no default in the option table`);
    return value;
  };
  for (const ref of ["base", "head"]) {
    const value = str(ref);
    if (value?.startsWith("-")) throw new import_errors14.UserError(`--${ref} ${value}: a revision must not start with '-'`);
  }
  const settings = {
    base: str("base"),
    head: str("head"),
    repo: given("repo"),
    paths: list("paths"),
    pathsExplicit: isExplicit(list("paths"), "paths"),
    exclude: list("exclude"),
    kustomize: kustomizeDirs(list("kustomize")),
    render: str("render") || void 0,
    renderPaths: list("render-paths"),
    gitTimeoutMs: given("git-timeout"),
    renderTimeoutMs: given("render-timeout"),
    renderEnv: list("render-env"),
    allowRemoteKustomize: bool("allow-remote-kustomize"),
    namespace: given("namespace"),
    discover: str("discover"),
    strategy: given("strategy"),
    envName: given("env-name"),
    rollback: bool("rollback"),
    prune: bool("prune"),
    keep: given("keep"),
    dryRun: given("dry-run"),
    apply: bool("apply"),
    planOut: str("plan-out") || void 0,
    plan: str("plan") || void 0,
    wait: bool("wait"),
    watchPods: bool("watch-pods"),
    logLines: given("logs"),
    timeoutMs: given("timeout"),
    configTimeoutMs: given("config-timeout"),
    execPluginTimeoutMs: given("exec-plugin-timeout"),
    requestTimeoutMs: given("request-timeout"),
    kubeconfig: str("kubeconfig"),
    kubeconfigData: str("kubeconfig-data"),
    context: str("context"),
    ...contextWaves(str("contexts"), str("context")),
    continueOnFailure: bool("continue-on-failure"),
    namespaces: list("namespaces"),
    excludeNamespaces: list("exclude-namespaces"),
    maxRestarts: num("max-restarts"),
    concurrency: given("concurrency"),
    hashKey: str("hash-key"),
    check: bool("check"),
    changedOnly: bool("changed-only"),
    output: given("output"),
    comment: bool("comment"),
    commentId: str("comment-id") || void 0,
    strict: bool("strict"),
    maxFileSize: given("max-file-size"),
    restartReloaderManaged: bool("restart-reloader-managed"),
    reloaderAutoReloadAll: bool("reloader-auto-reload-all"),
    debug: bool("debug")
  };
  validateSettings(settings);
  if (settings.plan !== void 0) {
    if (settings.apply)
      throw new import_errors14.UserError(
        "--apply cannot be used with --plan: a plan file holds digests, not the configs' content; apply the manifests first (or in the plan job)"
      );
    if (settings.planOut !== void 0)
      throw new import_errors14.UserError("--plan-out cannot be used with --plan: the plan is already made");
  }
  if (settings.strategy === "gitops" && settings.planOut !== void 0) {
    throw new import_errors14.UserError(
      "--plan-out cannot be used with --strategy gitops: a gitops run writes nothing, so there is no plan to apply; run --strategy gitops in each cluster's job (it needs read-only credentials and the checkout)"
    );
  }
  if (settings.contexts && (settings.plan !== void 0 || settings.planOut !== void 0)) {
    throw new import_errors14.UserError(
      `--contexts cannot be used with ${settings.plan !== void 0 ? "--plan" : "--plan-out"}: a plan file is one cluster's plan (its own consumers); run one job per cluster with --context, or --contexts without a plan file`
    );
  }
  return settings;
}
function contextWaves(contexts, context) {
  if (contexts === void 0 || contexts === "") return {};
  if (context) {
    throw new import_errors14.UserError(
      "--context and --contexts: give one of them (--contexts runs each context it names; KUBE_CONTEXT sets --context too)"
    );
  }
  return { contexts: parseContexts(contexts) };
}
function isExplicit(values, name) {
  const defaults = splitList(requireSpec(name).default ?? "");
  return values.length !== defaults.length || !defaults.every((value) => values.includes(value));
}
function kustomizeDirs(values) {
  if (values.includes("none")) {
    if (values.length > 1) throw new import_errors14.UserError(`--kustomize: "none" cannot be combined with directories`);
    return ["none"];
  }
  return values.map((value) => {
    const dir = value.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
    if (value.startsWith("/") || dir.split("/").includes("..")) {
      throw new import_errors14.UserError(
        `--kustomize ${value}: give a directory inside the repository, relative to its root`
      );
    }
    return dir === "." ? "" : dir;
  });
}
function requireSpec(name) {
  const spec = import_options.OPTIONS.find((o) => o.name === name);
  if (!spec) throw new Error(`unknown option ${name}`);
  return spec;
}
var TRUE = /* @__PURE__ */ new Set(["true", "yes", "1", "on"]);
var FALSE = /* @__PURE__ */ new Set(["false", "no", "0", "off", ""]);
function parseOptionValue(spec, rawValue) {
  const text = rawValue ?? spec.default;
  if (text === void 0) return void 0;
  const where = `--${spec.name}`;
  switch (spec.type) {
    case "boolean": {
      const lower = text.trim().toLowerCase();
      if (TRUE.has(lower)) return true;
      if (FALSE.has(lower)) return false;
      throw new import_errors14.UserError(`${where}: expected true or false, got "${text}"`);
    }
    case "list":
      return splitList(text);
    case "integer": {
      if (!/^\d+$/.test(text.trim())) throw new import_errors14.UserError(`${where}: expected a whole number, got "${text}"`);
      return Number(text.trim());
    }
    case "duration": {
      const ms = parseDuration(text);
      if (ms === void 0)
        throw new import_errors14.UserError(`${where}: expected a duration like 90s, 5m or 1h30m, got "${text}"`);
      return ms;
    }
    case "string": {
      const value = text.trim();
      if (spec.choices && !spec.choices.includes(value)) {
        throw new import_errors14.UserError(`${where}: expected one of ${spec.choices.join(", ")}, got "${text}"`);
      }
      return spec.secret ? text : value;
    }
  }
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

// src/cli/run-cli-plan.ts
var import_report_error = __toESM(require_report_error(), 1);
var import_stderr_log = __toESM(require_stderr_log(), 1);
async function runPlanFromArgs(args, env, io, state) {
  let comment;
  try {
    const settings = toSettings(rawValuesFromEnv(env), args.values);
    state.debug = settings.debug;
    state.output = settings.output;
    if (settings.check || settings.changedOnly) {
      throw new import_errors15.UserError(
        `--${settings.check ? "check" : "changed-only"} is a flag of \`config-rollout stamp\`: run \`config-rollout stamp ${settings.check ? "--check" : "--changed-only"}\``
      );
    }
    const log = (0, import_interrupt.withStagesNoted)(
      (0, import_stderr_log.createStderrLog)({ debug: settings.debug, color: io.color, write: io.stderr })
    );
    const readEvent = eventReader(env);
    if (settings.comment)
      comment = (content) => commentOnReview({ commentId: settings.commentId, readEvent }, content, env, log);
    const cluster = createClusterConnection(settings, env, {
      path: args.values.kubeconfig === void 0 ? "KUBECONFIG" : "--kubeconfig"
    });
    const openGit = () => createGit((0, import_node_path5.resolve)(io.cwd, settings.repo), { timeoutMs: settings.gitTimeoutMs });
    const git = settings.plan === void 0 ? await openGit() : openGit;
    const report = await runInCi(settings, { env, git, cluster, log, readEvent });
    io.stdout(renderReport(report, settings.output));
    await comment?.({ report });
    return exitCodeOf(report);
  } catch (error) {
    const code = await (0, import_report_error.reportError)(error, state.debug, io, state.output);
    await comment?.({
      error: (0, import_error_line.describeError)(error, false).replace(/^error: /, "").split("\n")[0] ?? ""
    });
    return code;
  }
}
async function commentOnReview({ commentId, readEvent }, content, env, log) {
  const { commentOnReview: commentOnReview2 } = await Promise.resolve().then(() => __toESM(require_comment_on_review(), 1));
  const outcome = await commentOnReview2({
    env,
    readEvent,
    ...commentId ? { commentId } : {},
    content,
    version: import_version2.VERSION,
    fullReportIn: "the job log"
  });
  if (outcome.level === "warning") log.warn(outcome.message);
  else log.info(outcome.message);
}
async function runStampFromArgs(...args) {
  const { runStampFromArgs: run } = await Promise.resolve().then(() => __toESM(require_cli_stamp(), 1));
  return run(...args);
}

// <stdin>
var frontModules = {
  "src/ci/ci-kind.ts": ci_kind_exports,
  "src/ci/github-event.ts": github_event_exports,
  "src/core/commit-sha.ts": commit_sha_exports,
  "src/core/fleet.ts": fleet_exports,
  "src/core/model.ts": model_exports,
  "src/core/names.ts": names_exports,
  "src/core/option-naming.ts": option_naming_exports,
  "src/core/run-result.ts": run_result_exports,
  "src/core/sources/kustomization-names.ts": kustomization_names_exports,
  "src/core/unread-sources.ts": unread_sources_exports,
  "src/core/untrusted-head.ts": untrusted_head_exports,
  "src/git/create-git.ts": create_git_exports,
  "src/git/run-git.ts": run_git_exports,
  "src/kube/kubeconfig-source.ts": kubeconfig_source_exports,
  "src/pipeline/apply-plan.ts": apply_plan_exports,
  "src/pipeline/repo-plan.ts": repo_plan_exports,
  "src/pipeline/run.ts": run_exports,
  "src/pipeline/scan/glob-matcher.ts": glob_matcher_exports,
  "src/pipeline/scan/path-filter.ts": path_filter_exports,
  "src/pipeline/scan/touches-manifests.ts": touches_manifests_exports,
  "src/process/run-process.ts": run_process_exports,
  "src/report/describe.ts": describe_exports,
  "src/report/report-markdown.ts": report_markdown_exports,
  "src/settings/settings.ts": settings_exports
};
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  frontModules,
  runPlanFromArgs,
  runStampFromArgs
});
