import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  checkPermissions,
  configWrite,
  formatId,
  globMatcher,
  idKey,
  isFailure,
  logProgress,
  outcomeOf,
  patchWrites,
  restartWorkloads,
  runLimited,
  waitForRollouts,
  waitTargetOf
} from "./chunk-CYVLK32L.js";
import {
  OPTIONS,
  USER_AGENT
} from "./chunk-7KT5MVTH.js";
import {
  escapeForCiLog,
  escapeJsonForCiLog
} from "./chunk-7NDVFXIG.js";
import {
  findKubeConfigSource
} from "./chunk-7SIMHOYP.js";
import {
  RolloutFailure,
  UserError
} from "./chunk-IUTW6PJ2.js";
import {
  changedKeys,
  compareIds,
  compareStrings,
  configContentOf,
  isConfigManifest
} from "./chunk-SKWB4KID.js";
import {
  NAMESPACE_RULE,
  isNamespaceName,
  isObjectName,
  parseManifestsFast
} from "./chunk-7KQHYMKG.js";
import {
  isRestartable,
  isWorkloadKind,
  podTemplateOf,
  restartableKinds,
  runningPodTemplateOf,
  skipReasonForKind,
  workloadKindOf
} from "./chunk-KIER4OVU.js";
import {
  KUSTOMIZATION_FILE_NAMES,
  kustomizationDirOf
} from "./chunk-OC6EYEC3.js";
import {
  arrayField,
  field,
  isRecord,
  stringField
} from "./chunk-HRGDZ7KG.js";

// src/compose/cluster-connection.ts
function createClusterConnection(settings, env, labels = {}, onSecret) {
  const options = {
    kubeconfigPath: settings.kubeconfig,
    kubeconfigData: settings.kubeconfigData,
    context: settings.context,
    env,
    execPluginTimeoutMs: settings.execPluginTimeoutMs,
    pathLabel: labels.path,
    dataLabel: labels.data,
    ...onSecret ? { onPluginCredential: onSecret } : {}
  };
  const configured = findKubeConfigSource(options) !== void 0;
  let loading;
  const load = () => {
    loading ??= import("./connect-5UE65ZZE.js").then(({ loadKubeConfig }) => loadKubeConfig(options));
    return loading;
  };
  return {
    configured,
    secretsToMask: async () => configured ? (await load())?.secretsToMask ?? [] : [],
    connect: async () => {
      const loaded = await load();
      if (!loaded) return void 0;
      const { createCluster } = await import("./kube-client-TTYFR6BE.js");
      return createCluster(loaded.kc, {
        requestTimeoutMs: 3e4,
        userAgent: USER_AGENT,
        fieldManager: "config-rollout",
        retries: 5
      });
    }
  };
}

// src/ci/github-event.ts
import { readFile } from "node:fs/promises";
async function readEventPayload(env) {
  const path = env.GITHUB_EVENT_PATH;
  return path ? readEventFile(path) : void 0;
}
async function readEventFile(path) {
  let text;
  try {
    text = await readFile(path, "utf8");
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

// src/ci/ci-kind.ts
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
async function readCiEnvironment(flags, env = process.env) {
  const picked = {};
  for (const [key, value] of Object.entries(env)) {
    if (RELEVANT.test(key)) picked[key] = value;
  }
  const input = { flags, env: picked };
  const flagsDecide = Boolean(flags.base?.trim() || flags.head?.trim());
  if (env.GITHUB_ACTIONS === "true" && env.GITHUB_EVENT_PATH && !flagsDecide) {
    input.event = await readEventFile(env.GITHUB_EVENT_PATH);
  }
  return input;
}

// src/ci/range-request.ts
var SHA = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
function isFullSha(value) {
  return SHA.test(value);
}
function isZeroSha(value) {
  return isFullSha(value) && /^0+$/.test(value);
}

// src/ci/github-range.ts
function resolveGitHubRange(env, event) {
  const name = env.GITHUB_EVENT_NAME ?? "";
  switch (name) {
    case "push":
      return resolvePush(requireEvent(name, event));
    case "pull_request":
    case "pull_request_target": {
      const payload = requireEvent(name, event);
      return {
        kind: "merge-base",
        base: requireSha(payload, ["pull_request", "base", "sha"], name),
        head: requireSha(payload, ["pull_request", "head", "sha"], name),
        note: `GitHub ${name}: merge-base of the base branch and the pull request head`
      };
    }
    case "merge_group": {
      const payload = requireEvent(name, event);
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
        note: `GitHub ${name || "run"}: the event names no range, so comparing GITHUB_SHA with its first parent`
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
function requireEvent(name, event) {
  if (!isRecord2(event)) {
    throw new UserError(
      `GitHub ${name} event without an event payload: GITHUB_EVENT_PATH is not set or not a JSON object; pass --base and --head`
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
  const source2 = env.CI_PIPELINE_SOURCE ?? "push";
  if (NON_PUSH_SOURCES.has(source2)) {
    return {
      kind: "first-parent",
      head,
      note: `GitLab ${source2} pipeline: no previous commit, so comparing CI_COMMIT_SHA with its first parent`
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
function resolveRange(input) {
  const fromFlags = resolveFlags(input);
  if (fromFlags) return fromFlags;
  switch (detectCiKind(input.env)) {
    case "github":
      return resolveGitHubRange(input.env, input.event);
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

// src/core/manifests/config-changes.ts
var IGNORE_ANNOTATION = "config-rollout.io/ignore";
function hasIgnoreAnnotation(object) {
  return field(field(field(object, "metadata"), "annotations"), IGNORE_ANNOTATION) === "true";
}
function findConfigChanges(base, head) {
  const problems = [];
  const baseSnapshots = snapshotsOf(base, "base", problems);
  const headSnapshots = snapshotsOf(head, "head", problems);
  const changes = [];
  const ignored = new Set(
    head.filter((m) => isConfigManifest(m) && hasIgnoreAnnotation(m.object)).map((m) => idKey(m.id))
  );
  for (const [key, after] of headSnapshots) {
    const before = baseSnapshots.get(key);
    const keys = changedKeys(before?.content, after.content);
    const mark = ignored.has(key) ? { ignored: true } : {};
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
function snapshotsOf(manifests, revision, problems) {
  const snapshots = /* @__PURE__ */ new Map();
  for (const m of manifests) {
    if (!isConfigManifest(m)) continue;
    const { content, problems: contentProblems } = configContentOf(m);
    if (revision === "head") problems.push(...contentProblems);
    const key = idKey(m.id);
    const earlier = snapshots.get(key);
    if (earlier !== void 0) {
      problems.push({
        file: m.file,
        line: m.line,
        col: 1,
        message: `${formatId(m.id)} is defined twice at ${revision}: ${earlier.file}:${earlier.line} and ${m.file}:${m.line}; the last one is used`,
        severity: "warning"
      });
    }
    snapshots.set(key, { id: m.id, file: m.file, line: m.line, content });
  }
  return snapshots;
}

// src/core/plan/references.ts
var CONTAINER_LISTS = ["initContainers", "containers", "ephemeralContainers"];
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
function source(configKind, configName2, via, volumeSource, path) {
  const items = field(volumeSource, "items");
  let keys = "all";
  if (Array.isArray(items)) {
    const named = unique(items.map((item) => stringField(item, "key")).filter((k) => !!k));
    if (named.length > 0) keys = named;
  }
  return { configKind, configName: configName2, via, keys, path, ...optional(volumeSource) };
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
        for (const [refField, configKind] of [
          ["configMapRef", "ConfigMap"],
          ["secretRef", "Secret"]
        ]) {
          const ref = field(envFrom, refField);
          const name = configName(ref, "name");
          if (name) {
            refs.push({
              configKind,
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
        for (const [refField, configKind] of [
          ["configMapKeyRef", "ConfigMap"],
          ["secretKeyRef", "Secret"]
        ]) {
          const ref = field(valueFrom, refField);
          const name = configName(ref, "name");
          const key = stringField(ref, "key");
          if (name && key) {
            refs.push({
              configKind,
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
  const names = /* @__PURE__ */ new Set();
  for (const list of CONTAINER_LISTS) {
    for (const container of arrayField(podSpec, list)) {
      for (const mount of arrayField(container, "volumeMounts")) {
        const name = stringField(mount, "name");
        if (name && (stringField(mount, "subPath") || stringField(mount, "subPathExpr"))) names.add(name);
      }
    }
  }
  return names;
}
function configName(source2, key) {
  const name = stringField(source2, key);
  return name !== void 0 && isObjectName(name) ? name : void 0;
}
function shown(name) {
  if (name === void 0) return void 0;
  return [...name].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127) ? JSON.stringify(name) : name;
}
function unique(values) {
  return [...new Set(values)];
}

// src/core/plan/reloader.ts
var OPT_IN = /* @__PURE__ */ new Set([
  "reloader.stakater.com/auto",
  "reloader.stakater.com/search",
  "configmap.reloader.stakater.com/reload",
  "configmap.reloader.stakater.com/auto",
  "secret.reloader.stakater.com/reload",
  "secret.reloader.stakater.com/auto"
]);
function reloaderAnnotation(workload) {
  const annotations = field(field(workload, "metadata"), "annotations");
  if (!isRecord(annotations)) return void 0;
  for (const [name, value] of Object.entries(annotations)) {
    if (!OPT_IN.has(name)) continue;
    if (typeof value !== "string" || value.trim() === "" || value.trim() === "false") continue;
    return `${name}: ${value}`;
  }
  return void 0;
}

// src/core/plan/build-plan.ts
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
    const references = [];
    const waitingFor = [];
    const ignoredReferences = [];
    for (const ref of referencesOf(candidate.objects, lookup)) {
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
        planned.push(waitingForAddedConfig(candidate, waitingFor));
      }
      continue;
    }
    const runBy = templateRunBy.get(idKey(candidate.id));
    const workload = planWorkload(candidate, references, input.newWorkloadIds, {
      addedConfigs,
      restartReloaderManaged: input.restartReloaderManaged ?? false
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
  const warnings = input.changes.filter((c) => c.status === "deleted" && stillReferencing.has(idKey(c.id))).map((c) => {
    const users = [...stillReferencing.get(idKey(c.id))].sort(compareStrings);
    const verb = users.length === 1 ? "references" : "reference";
    const message = `${formatId(c.id)} was deleted but ${users.join(", ")} still ${verb} it`;
    return { message, file: c.file, line: c.line };
  });
  return { workloads: planned, warnings };
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
  const skipReason = skipReasonFor(candidate, newWorkloadIds, options.restartReloaderManaged);
  if (skipReason !== void 0) return { ...base, action: "skip", reason: skipReason, references: consuming };
  const added = consuming.filter((r) => r.optional && options.addedConfigs.has(idKey(r.config)));
  const reason = added.length === consuming.length ? `references ${describeConsumption(added)} as optional; it was added in this diff and its pods started without it` : `consumes ${describeConsumption(consuming)}`;
  return { ...base, action: "restart", reason, references: consuming };
}
function waitingForAddedConfig(candidate, configs) {
  const names = [...new Set(configs.map(shortId))].sort(compareStrings).join(", ");
  const reason = `references ${names}, added in this diff and not optional: its pods could not have started without it and start once it exists`;
  return {
    id: candidate.id,
    source: candidate.source,
    ...candidate.file !== void 0 ? { file: candidate.file, line: candidate.line } : {},
    action: "skip",
    reason,
    references: []
  };
}
function skipReasonFor(candidate, newWorkloadIds, restartReloaderManaged) {
  if (candidate.objects.some(hasIgnoreAnnotation)) return `annotated ${IGNORE_ANNOTATION}`;
  const reloader = candidate.objects.map(reloaderAnnotation).find((a) => a !== void 0);
  if (reloader !== void 0 && !restartReloaderManaged) {
    return `managed by Stakater Reloader (annotation ${reloader}), which restarts it on config changes; pass --restart-reloader-managed to restart it here too`;
  }
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
  const seen = /* @__PURE__ */ new Set();
  const refs = [];
  for (const object of objects) {
    for (const ref of findReferences(runningPodTemplateOf(object, lookup)?.spec)) {
      const key = JSON.stringify([ref.configKind, ref.configName, ref.via, ref.path, ref.keys]);
      if (seen.has(key)) continue;
      seen.add(key);
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
var MAX_LISTED_KEYS = 5;
function listKeys(keys) {
  if (keys.length <= MAX_LISTED_KEYS) return keys.join(", ");
  return `${keys.slice(0, MAX_LISTED_KEYS).join(", ")} and ${keys.length - MAX_LISTED_KEYS} more`;
}
function shortId(id) {
  return `${id.kind.toLowerCase()}/${id.name}`;
}

// src/core/plan/guard-rails.ts
function applyGuardRails(workloads, rails) {
  const guarded = workloads.map((w) => {
    if (w.action !== "restart") return w;
    const ns = w.id.namespace;
    if (rails.excludeNamespaces.includes(ns)) {
      return { ...w, action: "skip", reason: `namespace ${ns} is excluded (--exclude-namespaces)` };
    }
    if (rails.namespaces.length > 0 && !rails.namespaces.includes(ns)) {
      return {
        ...w,
        action: "skip",
        reason: `namespace ${ns} is not in --namespaces ${rails.namespaces.join(",")}`
      };
    }
    return w;
  });
  const restarts = guarded.filter((w) => w.action === "restart").length;
  if (rails.maxRestarts !== void 0 && restarts > rails.maxRestarts) {
    throw new UserError(
      `the plan restarts ${restarts} workloads, more than --max-restarts ${rails.maxRestarts}; nothing was restarted (run with --dry-run to see the plan)`
    );
  }
  return guarded;
}

// src/core/sources/merge-by-identity.ts
function originLabel(manifest) {
  return manifest.origin ?? `file ${manifest.file}`;
}
function mergeByIdentity(manifests) {
  const kept = /* @__PURE__ */ new Map();
  const merged = [];
  const conflicts = [];
  const seenConflicts = /* @__PURE__ */ new Set();
  for (const manifest of manifests) {
    const key = idKey(manifest.id);
    const earlier = kept.get(key);
    if (earlier === void 0 || manifest.origin === void 0 && earlier.manifest.origin === void 0) {
      if (earlier === void 0) kept.set(key, { manifest });
      merged.push(manifest);
      continue;
    }
    if (originLabel(earlier.manifest) === originLabel(manifest)) {
      merged.push(manifest);
      continue;
    }
    earlier.canonical ??= canonicalJson(earlier.manifest.object);
    if (earlier.canonical === canonicalJson(manifest.object)) continue;
    if (seenConflicts.has(key)) continue;
    seenConflicts.add(key);
    conflicts.push({ id: manifest.id, first: originLabel(earlier.manifest), second: originLabel(manifest) });
  }
  return { manifests: merged, conflicts };
}
function describeConflicts(conflicts) {
  const first = conflicts[0];
  if (!first) return "";
  const more = conflicts.length > 1 ? ` (and ${conflicts.length - 1} more object(s))` : "";
  return `${first.first} and ${first.second} both define ${formatId(first.id)} with different content${more}: pass --kustomize DIR (or --render) to say which one this cluster runs`;
}
function canonicalJson(value) {
  return JSON.stringify(value, (_key, v) => {
    if (v === null || typeof v !== "object" || Array.isArray(v)) return v;
    return Object.fromEntries(
      Object.entries(v).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)
    );
  });
}

// src/core/sources/rolls-on-apply.ts
var HASH_SUFFIX = /^(.+)-([a-z0-9]{10})$/;
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
function markRollsOnApply(workloads, base, head, changes) {
  const renamedConfigs = new Map(
    changes.filter((c) => c.previousName !== void 0).map((c) => [idKey(c.id), c.previousName])
  );
  const byKey = (manifests) => new Map(manifests.map((m) => [idKey(m.id), m]));
  const templateText = (m) => {
    const template = m === void 0 ? void 0 : podTemplateOf(m.object);
    return template === void 0 ? void 0 : canonicalJson(template);
  };
  const before = byKey(base);
  const after = byKey(head);
  return workloads.map((w) => {
    if (w.action !== "restart") return w;
    const key = idKey(w.id);
    if (!before.has(key) || !after.has(key)) return w;
    const was = templateText(before.get(key));
    const now = templateText(after.get(key));
    if (was === void 0 || now === void 0 || was === now) return w;
    const renamed = [
      ...new Set(
        w.references.filter((r) => renamedConfigs.has(idKey(r.config))).map(
          (r) => `${r.configKind.toLowerCase()}/${r.config.name} instead of ${renamedConfigs.get(idKey(r.config))}`
        )
      )
    ];
    const detail = renamed.length > 0 ? ` (now reads ${renamed.join(", ")})` : "";
    return {
      ...w,
      action: "skip",
      rollsOnApply: true,
      reason: `rolls on apply: its pod template changed in this range${detail}, so applying the manifests restarts it`
    };
  });
}

// src/pipeline/discover-cluster.ts
async function discoverClusterWorkloads(cluster, namespaces, concurrency = 8) {
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

// src/pipeline/namespace-note.ts
var MAX_LISTED = 5;
function assumedNamespaceNote(scan, workloads, namespace) {
  const ids = [...scan.changes.map((c) => c.id), ...workloads.map((w) => w.id)];
  const names = [
    ...new Set(
      ids.filter((id) => scan.assumedNamespace.has(idKey(id))).map((id) => `${id.kind.toLowerCase()}/${id.name}`)
    )
  ];
  if (names.length === 0) return void 0;
  const listed = names.length > MAX_LISTED ? `${names.slice(0, MAX_LISTED).join(", ")} and ${names.length - MAX_LISTED} more` : names.join(", ");
  return `namespace ${JSON.stringify(namespace)} (--namespace) was assumed for ${listed}: their manifests name no namespace`;
}

// src/pipeline/resolve-commits.ts
var DEFAULT_DEEPEN_ROUNDS = 12;
async function resolveCommits(request, git2, opts = {}) {
  const ctx = {
    git: git2,
    maxRounds: opts.maxDeepenRounds ?? DEFAULT_DEEPEN_ROUNDS,
    hint: fetchDepthHint(opts.ci ?? "local")
  };
  switch (request.kind) {
    case "nothing":
      return { head: await git2.tryResolveCommit("HEAD") ?? "", note: request.note };
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
      throw new UserError(
        `no merge-base of ${short(base)} and ${short(head)} in the fetched history of this shallow clone: ${ctx.hint}`
      );
    }
    throw new UserError(
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
    throw new UserError(
      `the parent ${short(parent)} of ${short(head)} is not in this shallow clone and could not be fetched: ${ctx.hint}`
    );
  }
  return { base: parent, head, note };
}
async function findCommit(ctx, ref) {
  const sha = await ctx.git.tryResolveCommit(ref);
  if (sha !== void 0 || !isFullSha(ref)) return sha;
  return await ctx.git.fetchCommit(ref) ? ctx.git.tryResolveCommit(ref) : void 0;
}
async function requireCommit(ctx, ref, role) {
  const sha = await findCommit(ctx, ref);
  if (sha !== void 0) return sha;
  if (isFullSha(ref)) {
    throw new UserError(
      `${role} commit ${ref} is not in this clone and could not be fetched from origin: ${ctx.hint}`
    );
  }
  throw new UserError(`not a commit: ${ref} (${role}); if it exists on the remote, ${ctx.hint}`);
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

// src/pipeline/restart-and-wait.ts
async function restartAndWait(cluster, toRestart, context) {
  const { manifests, strategy, settings, log } = context;
  const serverDryRun = settings.dryRun === "server";
  const restarted = await log.group(
    "Restart",
    () => restartWorkloads(
      // Objects listed from the cluster spare a GET; repo manifests are ignored by restartWorkloads.
      toRestart.map((w) => ({ id: w.id, object: manifests.get(idKey(w.id))?.object })),
      cluster,
      {
        strategy,
        now: context.now,
        dryRun: serverDryRun,
        log,
        // RBAC is asked about every object about to be patched before the first patch: a gap fails
        // the run (exit 2) with nothing written, never half a plan applied.
        beforeWrites: (targets) => checkPermissions(cluster, patchWrites(targets), log, settings.concurrency),
        concurrency: settings.concurrency
      }
    )
  );
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
  const waitFor = serverDryRun ? [] : restarted.filter((r) => r.result === "restarted" || r.result === "unchanged");
  if (!settings.wait || waitFor.length === 0) {
    for (const result of results.values()) if (result.restart === "restarted") result.rollout = "not-waited";
    return [...results.values()];
  }
  const rollouts = await log.group(
    "Wait for rollouts",
    () => waitForRollouts(cluster, waitFor.map(waitTargetOf), {
      timeoutMs: settings.timeoutMs,
      onProgress: logProgress(log)
    })
  );
  for (const rollout of rollouts) {
    const result = results.get(idKey(rollout.id));
    if (result)
      Object.assign(result, {
        rollout: rollout.result,
        message: result.restart === "unchanged" ? `${result.message}; ${rollout.message}` : rollout.message,
        durationMs: rollout.durationMs
      });
  }
  return [...results.values()];
}

// src/pipeline/restart-hash.ts
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
async function computeRestartHashes(workloads, manifests, headConfigs, liveConfigs, cluster, hashKey) {
  const [{ createHash }, { contentHash }] = await Promise.all([
    import("node:crypto"),
    import("./content-hash-OY7FI7W3.js")
  ]);
  const hashes = /* @__PURE__ */ new Map();
  for (const workload of workloads) {
    const consumed = consumedBy(workload, manifests);
    const inRepo = consumed.flatMap((id) => headConfigs.get(idKey(id))?.snapshot ?? []);
    const secrets = inRepo.filter((s) => s.id.kind === "Secret");
    let key = hashKey ? Buffer.from(hashKey) : void 0;
    if (!key && secrets.length > 0) {
      const uids = [];
      for (const secret of secrets) {
        const live = liveConfigs.get(idKey(secret.id)) ?? await cluster.readConfig(secret.id);
        if (live) liveConfigs.set(idKey(secret.id), live);
        uids.push(live?.uid ?? "");
      }
      key = createHash("sha256").update(uids.sort().join("\n")).digest();
    }
    hashes.set(
      idKey(workload.id),
      contentHash(
        inRepo.map(({ id, content }) => ({ id, content })),
        key
      )
    );
  }
  return hashes;
}

// src/core/manifests/config-names-in-text.ts
var DOCUMENT_SEPARATOR = /^---[^\S\n]*(?:#.*)?$/m;
var CONFIG_KIND = /^kind:[^\S\n]*["']?(?:ConfigMap|Secret)["']?[^\S\n]*(?:#.*)?$/m;
var METADATA_BLOCK = /^metadata:[^\S\n]*\n((?:(?:[^\S\n]+.*)?\n?)*)/m;
var NAME_LINE = /^([^\S\n]+)name:[^\S\n]*["']?([^"'\s#]+)["']?[^\S\n]*(?:#.*)?$/gm;
function configNamesInText(text) {
  const names = [];
  for (const document of text.split(DOCUMENT_SEPARATOR)) {
    if (!CONFIG_KIND.test(document)) continue;
    const block = METADATA_BLOCK.exec(document)?.[1];
    if (!block) continue;
    let best;
    for (const match of block.matchAll(NAME_LINE)) {
      const indent = match[1].length;
      if (!best || indent < best.indent) best = { indent, name: match[2] };
    }
    if (best) names.push(best.name);
  }
  return names;
}

// src/core/manifests/parse-manifest-file.ts
async function parseManifestFile(file, text, opts) {
  if (opts.fast !== false) {
    const fast = parseManifestsFast(file, text, opts);
    if (fast !== void 0) return fast;
  }
  const { parseManifests } = await import("./parse-manifests-TGWCYRGP.js");
  return parseManifests(file, text, { ...opts, fast: false });
}

// src/git/glob-pathspecs.ts
var SIMPLE_GLOB = /^[^{}[\]()!+@\\]+$/;
function globsToPathspecs(globs) {
  if (globs.length === 0 || !globs.every((glob) => SIMPLE_GLOB.test(glob))) return void 0;
  return globs.map((glob) => `:(glob)${glob}`);
}

// src/pipeline/base-problems.ts
function problemsOnce(baseProblems, headProblems, changedFiles) {
  const headPathOf = new Map(
    changedFiles.filter((f) => f.status !== "D").map((f) => [f.oldPath ?? f.path, f.path])
  );
  const brokenAtHead = new Set(headProblems.map((p) => p.file));
  const kept = baseProblems.filter((p) => {
    const headPath = headPathOf.get(p.file);
    return headPath === void 0 || !brokenAtHead.has(headPath);
  }).map((p) => ({ ...p, severity: "warning", message: `at the base commit: ${p.message}` }));
  return [...kept, ...headProblems];
}

// src/pipeline/objects-across-files.ts
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
      message: `cannot tell what changed: ${what} is over --max-file-size ${maxFileSize} (raise it to read this file)`
    });
  }
  return problems;
}
async function withoutUnreadChanges(git2, commits, changes, unread, problems) {
  const kept = [];
  for (const change of changes) {
    const side = change.status === "deleted" ? "head" : change.status === "added" ? "base" : void 0;
    const files = side === void 0 ? void 0 : unread[side];
    if (side === void 0 || files === void 0 || files.size === 0) {
      kept.push(change);
      continue;
    }
    const hits = await git2.grepFiles(commits[side], [change.id.name], literalPathspecs([...files.keys()]));
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

// src/core/sources/blame.ts
function blameFile(object, inputs) {
  const changed = new Set(inputs.changedInputs);
  const generator = inputs.generators.filter((g) => g.kind === object.kind && object.name.includes(g.name)).sort((a, b) => b.name.length - a.name.length)[0];
  const generated = generator?.files.filter((f) => changed.has(f)) ?? [];
  if (generated.length === 1) return generated[0];
  const naming = inputs.changedInputs.filter((path) => namesObject(inputs.texts.get(path), object.name));
  if (naming.length === 1) return naming[0];
  return inputs.changedInputs.length === 1 ? inputs.changedInputs[0] : void 0;
}
function namesObject(text, renderedName) {
  if (text === void 0) return false;
  for (const match of text.matchAll(/\bname:\s*["']?([A-Za-z0-9][A-Za-z0-9._-]*)/g)) {
    const name = match[1];
    if (name === renderedName || name.length >= 3 && renderedName.includes(name)) return true;
  }
  return false;
}

// src/core/sources/checkout-scope.ts
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

// src/core/sources/paths-at-base.ts
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

// src/render/materialize-tree.ts
import { spawn } from "node:child_process";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
async function createCommitTrees(repoDir, gitPath = "git", scope) {
  const root = await mkdtemp(join(tmpdir(), "config-rollout-render-"));
  const trees = /* @__PURE__ */ new Map();
  let count = 0;
  return {
    root,
    dirOf(commit) {
      let tree = trees.get(commit);
      if (!tree) {
        count += 1;
        tree = writeTree(gitPath, repoDir, commit, join(root, `tree-${count}`), scope);
        trees.set(commit, tree);
      }
      return tree;
    },
    async dispose() {
      await Promise.allSettled(trees.values());
      await rm(root, { recursive: true, force: true });
    }
  };
}
async function writeTree(gitPath, repoDir, commit, dir, scope) {
  await mkdir(dir, { recursive: true });
  const index = `${dir}.index`;
  await git(gitPath, repoDir, ["read-tree", commit], index);
  if (scope === void 0) {
    await git(gitPath, repoDir, [`--work-tree=${dir}`, "checkout-index", "--all", "--force"], index);
  } else {
    const listed = await git(gitPath, repoDir, ["ls-files", "-z"], index);
    const paths = listed.split("\0").filter((path) => path !== "" && inScope(path, scope));
    if (paths.length > 0) {
      await git(
        gitPath,
        repoDir,
        [`--work-tree=${dir}`, "checkout-index", "--force", "-z", "--stdin"],
        index,
        `${paths.join("\0")}\0`
      );
    }
  }
  await rm(index, { force: true });
  return dir;
}
function git(gitPath, cwd, args, indexFile, input) {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith("GIT_")) env[key] = value;
  env.GIT_INDEX_FILE = indexFile;
  return new Promise((resolve3, reject) => {
    const child = spawn(gitPath, ["-c", "core.quotePath=false", "-c", "core.hooksPath=/dev/null", ...args], {
      cwd,
      env,
      stdio: [input === void 0 ? "ignore" : "pipe", "pipe", "pipe"]
    });
    const out = [];
    const err = [];
    child.stdout?.on("data", (chunk) => out.push(chunk));
    child.stderr?.on("data", (chunk) => err.push(chunk));
    child.on("error", reject);
    child.on("close", (code) => {
      const stderr = Buffer.concat(err).toString("utf8").trim();
      if (code === 0) resolve3(Buffer.concat(out).toString("utf8"));
      else reject(new Error(`git ${args.join(" ")} failed: ${stderr || `exit ${code}`}`));
    });
    if (input !== void 0 && child.stdin) {
      child.stdin.on("error", () => {
      });
      child.stdin.end(input);
    }
  });
}

// src/render/run-process.ts
import { spawn as spawn2 } from "node:child_process";
var MAX_STDOUT_BYTES = 512 * 1024 * 1024;
var STDERR_TAIL_BYTES = 4096;
function runProcess(file, args, options) {
  return new Promise((resolve3) => {
    const stdout = [];
    let stdoutBytes = 0;
    let stderr = Buffer.alloc(0);
    let failure;
    const child = spawn2(file, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
      timeout: options.timeoutMs,
      killSignal: "SIGKILL"
    });
    child.stdout.on("data", (chunk) => {
      stdoutBytes += chunk.length;
      if (stdoutBytes > MAX_STDOUT_BYTES) {
        failure = `output is over ${MAX_STDOUT_BYTES} bytes`;
        child.kill("SIGKILL");
        return;
      }
      stdout.push(chunk);
    });
    child.stderr.on("data", (chunk) => {
      stderr = Buffer.concat([stderr, chunk]);
      if (stderr.length > STDERR_TAIL_BYTES * 2) stderr = stderr.subarray(stderr.length - STDERR_TAIL_BYTES);
    });
    child.on("error", (error) => {
      failure = error.message;
    });
    child.on("close", (exitCode, signal) => {
      resolve3({
        exitCode,
        signal,
        stdout: Buffer.concat(stdout),
        stderrTail: tailOf(stderr.toString("utf8")),
        ...failure !== void 0 ? { failure } : {}
      });
    });
  });
}
function tailOf(text, maxLines = 8) {
  const lines = text.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "").split("\n").map((line) => line.trimEnd()).filter((line) => line !== "");
  return lines.slice(-maxLines).map((line) => line.startsWith("::") ? ` ${line}` : line).map((line) => line.length > 300 ? `${line.slice(0, 300)}\u2026` : line).join("\n");
}

// src/render/render-command.ts
var SHELL = "/bin/sh";
async function runRenderCommand(run, treeDir, commit) {
  const result = await runProcess(SHELL, ["-c", run.command], {
    cwd: treeDir,
    env: run.env,
    timeoutMs: run.timeoutMs
  });
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout;
  const why = result.failure ?? (result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`);
  throw new UserError(
    `--render ${JSON.stringify(run.command)} failed at commit ${commit.slice(0, 12)} (${why}); nothing was applied${result.stderrTail ? `. Its stderr ends with:
${result.stderrTail}` : ""}`
  );
}

// src/render/renderer-environment.ts
import { accessSync, constants, statSync } from "node:fs";
import { delimiter, isAbsolute, join as join2, resolve, sep } from "node:path";
function trustedPathDirs(pathValue, untrusted) {
  const roots = untrusted.map((root) => resolve(root));
  return (pathValue ?? "").split(delimiter).filter((dir) => dir !== "" && isAbsolute(dir)).map((dir) => resolve(dir)).filter((dir) => !roots.some((root) => dir === root || dir.startsWith(root + sep)));
}
function findExecutable(name, dirs) {
  for (const dir of dirs) {
    const candidate = join2(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
    }
  }
  return void 0;
}
function kustomizeEnvironment(pathDirs, home) {
  return { PATH: pathDirs.join(delimiter), HOME: home, LANG: "C.UTF-8" };
}
function renderCommandEnvironment(env, pathDirs, secretVariables) {
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    if (!secretVariables.includes(key)) out[key] = value;
  }
  out.PATH = pathDirs.join(delimiter);
  return out;
}

// src/core/sources/kustomize-graph.ts
function buildKustomizeGraph(kustomizations) {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const included = /* @__PURE__ */ new Set();
  for (const k of kustomizations) {
    for (const entry of k.entries) if (byDir.has(entry) && entry !== k.dir) included.add(entry);
  }
  const roots = kustomizations.filter((k) => !included.has(k.dir) && !k.isComponent).map((k) => k.dir).sort();
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
  return { roots, ownedFiles, inputsOf };
}
function kustomizationsUnder(dir, kustomizations) {
  const byDir = new Map(kustomizations.map((k) => [k.dir, k]));
  const seen = /* @__PURE__ */ new Set();
  const order = [];
  const walk = (d) => {
    const k = byDir.get(d);
    if (!k || seen.has(d)) return;
    seen.add(d);
    order.push(k);
    for (const entry of k.entries) walk(entry);
  };
  walk(dir);
  return order;
}

// src/render/kustomize.ts
import { tmpdir as tmpdir2 } from "node:os";
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
  const home = tmpdir2();
  const result = await runProcess(path, args, {
    cwd: home,
    env: kustomizeEnvironment(pathDirs, home),
    timeoutMs: 1e4
  });
  return result.exitCode === 0;
}
var NO_KUSTOMIZE_HINT = "neither kustomize nor kubectl is on PATH: install one (kubectl includes kustomize: https://kubernetes.io/docs/tasks/tools/), or pass --kustomize none to read raw files only";
async function kustomizeBuild(run, treeDir, dir, commit) {
  const target = dir === "" ? "." : `./${dir}`;
  const result = await runProcess(run.binary.path, run.binary.argsFor(target), {
    cwd: treeDir,
    env: kustomizeEnvironment(run.pathDirs, run.home),
    timeoutMs: run.timeoutMs
  });
  if (result.exitCode === 0 && result.failure === void 0) return result.stdout;
  const why = result.failure ?? (result.signal ? `killed by ${result.signal}` : `exit ${result.exitCode}`);
  throw new UserError(
    `\`${run.binary.label} ${target}\` failed at commit ${commit.slice(0, 12)} (${why}); nothing was applied${result.stderrTail ? `:
${result.stderrTail}` : ""}`
  );
}

// src/pipeline/rendered-source.ts
var DEFAULT_RENDER_TIMEOUT_MS = 10 * 6e4;

// src/pipeline/kustomize-sources.ts
async function findKustomizeSources(git2, ctx) {
  const { head } = ctx;
  const [baseGraph, headGraph, baseKs, headKs] = await kustomizationsAt(git2, ctx);
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
  const roots = ctx.dirs.length > 0 ? ctx.dirs : [.../* @__PURE__ */ new Set([...baseGraph.roots, ...headGraph.roots])].sort();
  const sources = [];
  const untouched = [];
  const binary = lazy(() => findKustomize(ctx.pathDirs));
  for (const dir of roots) {
    const label2 = `kustomize ${dir || "."}`;
    const inputs = /* @__PURE__ */ new Set([...baseGraph.inputsOf(dir), ...headGraph.inputsOf(dir)]);
    const included = [
      ...kustomizationsUnder(dir, [...headKs.values()]),
      ...kustomizationsUnder(dir, [...baseKs.values()])
    ];
    const unreadable = included.some((k) => k.problem !== void 0);
    const changedInputs = ctx.changedPaths.filter(
      (p) => inputs.has(p) || unreadable && (dir === "" || p.startsWith(`${dir}/`))
    );
    if (changedInputs.length === 0) {
      untouched.push(label2);
      continue;
    }
    sources.push({
      label: label2,
      scope: unreadable ? void 0 : checkoutScope(
        included.map((k) => k.dir),
        inputs
      ),
      file: (headKs.get(dir) ?? baseKs.get(dir)).path,
      changedInputs,
      generators: included.flatMap((k) => k.generators),
      render: async (checkout, commit) => {
        if (!(commit === head ? headKs : baseKs).has(dir)) return void 0;
        const run = {
          binary: await binary(),
          pathDirs: ctx.pathDirs,
          home: checkout.scratch,
          timeoutMs: ctx.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS
        };
        return kustomizeBuild(run, checkout.dir, dir, commit);
      }
    });
  }
  notes.push(...untouchedNotes(untouched));
  if (sources.length > 0 && await binary() === void 0) {
    throw new UserError(`${sources.map((s) => s.label).join(", ")} changed but ${NO_KUSTOMIZE_HINT}`);
  }
  return {
    sources,
    owned: (path) => baseGraph.ownedFiles.has(path) || headGraph.ownedFiles.has(path),
    notes
  };
}
function untouchedNotes(labels) {
  const MAX_NAMED = 5;
  if (labels.length <= MAX_NAMED) {
    return labels.map((label2) => `${label2}: not rendered, the range touches none of its files`);
  }
  const named = labels.slice(0, MAX_NAMED).map((label2) => label2.replace(/^kustomize /, ""));
  return [
    `${labels.length} kustomizations not rendered, the range touches none of their files (${named.join(", ")} and ${labels.length - MAX_NAMED} more)`
  ];
}
async function kustomizationsAt(git2, ctx) {
  const kustomizationPaths = (paths) => {
    const preference = (p) => KUSTOMIZATION_FILE_NAMES.indexOf(p.slice(p.lastIndexOf("/") + 1));
    return paths.filter((p) => kustomizationDirOf(p) !== void 0).sort((a, b) => preference(a) - preference(b));
  };
  const headPaths = kustomizationPaths(ctx.headFiles);
  const basePaths = kustomizationPaths(ctx.baseFiles);
  const toRead = basePaths.filter((p) => ctx.differAtBase.has(p));
  const reader = headPaths.length + basePaths.length > 0 ? import("./kustomization-file-UBOSWMZW.js") : void 0;
  reader?.catch(() => {
  });
  const [headTexts, baseTexts] = await Promise.all([
    headPaths.length > 0 ? git2.readFiles(ctx.head, headPaths) : /* @__PURE__ */ new Map(),
    toRead.length > 0 ? git2.readFiles(ctx.base, toRead) : /* @__PURE__ */ new Map()
  ]);
  const readKustomizationFile = reader ? (await reader).readKustomizationFile : void 0;
  const parse = (paths, textOf) => {
    const byDir = /* @__PURE__ */ new Map();
    if (!readKustomizationFile) return byDir;
    for (const path of paths) {
      const k = readKustomizationFile(path, textOf(path)?.toString("utf8") ?? "");
      if (!byDir.has(k.dir)) byDir.set(k.dir, k);
    }
    return byDir;
  };
  const headKs = parse(headPaths, (p) => headTexts.get(p));
  const baseKs = parse(basePaths, (p) => ctx.differAtBase.has(p) ? baseTexts.get(p) : headTexts.get(p));
  return [
    buildKustomizeGraph([...baseKs.values()]),
    buildKustomizeGraph([...headKs.values()]),
    baseKs,
    headKs
  ];
}
function lazy(compute) {
  let done = false;
  let value;
  return () => {
    if (!done) {
      value = compute();
      done = true;
    }
    return value;
  };
}

// src/pipeline/render-sources.ts
var NO_OBJECTS = { base: [], head: [], problems: [] };
var MAX_CONCURRENT_RENDERS = 4;
var CHART_FILE = /(^|\/)Chart\.ya?ml$/;
var SOURCE_FILE_NAMES = [...KUSTOMIZATION_FILE_NAMES, "Chart.yaml", "Chart.yml"];
function listSourceFiles(git2, head) {
  return git2.listFiles(head, SOURCE_FILE_NAMES);
}
async function renderSources(git2, base, head, changedFiles, options, log, headListing = listSourceFiles(git2, head)) {
  const changedPaths = [
    ...new Set(changedFiles.flatMap((f) => f.oldPath ? [f.oldPath, f.path] : [f.path]))
  ];
  if (changedPaths.length === 0)
    return { owned: () => false, notes: [], objects: Promise.resolve(NO_OBJECTS) };
  const pathDirs = trustedPathDirs(options.env.PATH, [git2.root]);
  const isSourceFile = (p) => CHART_FILE.test(p) || kustomizationDirOf(p) !== void 0;
  const headFiles = await headListing;
  const atBase = pathsAtBase(headFiles, changedFiles, isSourceFile);
  const chartDirs = [
    ...new Set([...atBase.paths, ...headFiles].filter((p) => CHART_FILE.test(p)).map(dirOf))
  ].sort();
  const inChart = (path) => chartDirs.some((dir) => dir === "" || path.startsWith(`${dir}/`));
  const notes = options.render === void 0 ? chartDirs.map(
    (dir) => `Helm chart ${dir || "."}: not read as raw manifests; plan from it with --render 'helm template ...'`
  ) : [];
  const sources = [];
  let owned = inChart;
  const kustomizeOn = !(options.kustomize.length === 1 && options.kustomize[0] === "none");
  if (kustomizeOn) {
    const kustomize = await findKustomizeSources(git2, {
      base,
      head,
      dirs: options.kustomize,
      changedPaths,
      baseFiles: atBase.paths,
      headFiles,
      differAtBase: atBase.differ,
      pathDirs,
      ...options.timeoutMs !== void 0 ? { timeoutMs: options.timeoutMs } : {}
    });
    sources.push(...kustomize.sources);
    notes.push(...kustomize.notes);
    owned = (path) => kustomize.owned(path) || inChart(path);
  }
  if (options.render !== void 0) {
    const source2 = await renderCommandSource(options.render, changedPaths, pathDirs, options);
    if (source2) sources.push(source2);
    else notes.push(`render: ${options.render}: not run, the range touches none of --render-paths`);
  }
  if (sources.length === 0) return { owned, notes, objects: Promise.resolve(NO_OBJECTS) };
  for (const source2 of sources) notes.push(`${source2.label}: rendered at both commits`);
  const objects = renderAll(git2, base, head, sources, pathDirs, options.defaultNamespace, log);
  objects.catch(() => {
  });
  return { owned, notes, objects };
}
async function renderCommandSource(command, changedPaths, pathDirs, options) {
  const matches = await globMatcher(options.renderPaths, { dot: true });
  const changedInputs = changedPaths.filter((p) => matches(p));
  if (changedInputs.length === 0) return void 0;
  const env = renderCommandEnvironment(options.env, pathDirs, options.secretVariables);
  const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_TIMEOUT_MS;
  return {
    label: `render: ${command}`,
    // What a command reads is unknown: it gets the whole tree.
    scope: void 0,
    file: "--render",
    changedInputs,
    generators: [],
    render: (checkout, commit) => runRenderCommand({ command, env, timeoutMs }, checkout.dir, commit)
  };
}
async function renderAll(git2, base, head, sources, pathDirs, defaultNamespace, log) {
  log.info(
    `rendering ${sources.map((s) => s.label).join(", ")} at ${base.slice(0, 7)} and ${head.slice(0, 7)}`
  );
  const scope = sources.some((s) => s.scope === void 0) ? void 0 : checkoutScope(
    sources.flatMap((s) => s.scope ?? []),
    []
  );
  const trees = await createCommitTrees(git2.root, findExecutable("git", pathDirs) ?? "git", scope);
  try {
    const blameTexts = readTexts(git2, head, [...new Set(sources.flatMap((s) => s.changedInputs))]);
    blameTexts.catch(() => {
    });
    const slot = concurrencyLimit(MAX_CONCURRENT_RENDERS);
    const { createDocumentParser } = await import("./rendered-documents-7ETRYVYD.js");
    const parsers = sources.map(
      (source2) => createDocumentParser(`(${source2.label} output)`, defaultNamespace)
    );
    const renderAt = async (commit) => {
      const checkout = { dir: await trees.dirOf(commit), scratch: trees.root };
      const outputs = await Promise.all(sources.map((source2) => slot(() => source2.render(checkout, commit))));
      return outputs.map((output, i) => parsers[i].objectsOf(output));
    };
    const [baseParsed, headParsed] = await Promise.all([renderAt(base), renderAt(head)]);
    const texts = await blameTexts;
    const labelled = (m, source2) => ({
      ...m,
      origin: source2.label,
      ...blamed(m, source2, texts)
    });
    const problems = parsers.flatMap((parser) => parser.problems);
    const baseObjects = sources.flatMap((source2, i) => baseParsed[i].map((m) => labelled(m, source2)));
    const headObjects = sources.flatMap((source2, i) => headParsed[i].map((m) => labelled(m, source2)));
    log.debug(
      `rendered ${sources.length} source(s): ${baseObjects.length} object(s) at base, ${headObjects.length} at head`
    );
    return { base: baseObjects, head: headObjects, problems };
  } finally {
    await trees.dispose();
  }
}
function blamed(m, source2, texts) {
  const file = blameFile(
    { kind: m.id.kind, name: m.id.name },
    { changedInputs: source2.changedInputs, generators: source2.generators, texts }
  );
  return file !== void 0 ? { blamedFile: file, file, line: 1 } : { file: source2.file, line: 1 };
}
async function readTexts(git2, rev, paths) {
  const files = await git2.readFiles(rev, paths);
  return new Map([...files].map(([path, bytes]) => [path, bytes.toString("utf8")]));
}
function dirOf(path) {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}
function concurrencyLimit(max) {
  let running = 0;
  const waiting = [];
  return async (task) => {
    if (running >= max) await new Promise((resolve3) => waiting.push(resolve3));
    running += 1;
    try {
      return await task();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

// src/pipeline/scan-repository.ts
async function createPathFilter(options, owned) {
  const [include, exclude] = await Promise.all([
    globMatcher(options.paths, { dot: true }),
    globMatcher(options.exclude, { dot: true })
  ]);
  const filter = owned ? (path) => include(path) && !exclude(path) && !owned(path) : (path) => include(path) && !exclude(path);
  return Object.assign(filter, { globs: options.paths });
}
async function scanRepository(git2, base, head, options, log) {
  const headListing = options.sources ? listSourceFiles(git2, head) : void 0;
  headListing?.catch(() => {
  });
  const allChangedFiles = await git2.changedFiles(base, head);
  const pending = options.sources && headListing ? renderSources(
    git2,
    base,
    head,
    allChangedFiles,
    { ...options.sources, defaultNamespace: options.defaultNamespace },
    log,
    headListing
  ) : void 0;
  pending?.catch(() => {
  });
  let owned;
  const wanted = await createPathFilter(
    options,
    options.sources ? (path) => owned?.(path) === true : void 0
  );
  let changedFiles = allChangedFiles.filter(
    (f) => wanted(f.path) || f.oldPath !== void 0 && wanted(f.oldPath)
  );
  const basePaths = changedFiles.filter((f) => f.status !== "A").map((f) => f.oldPath ?? f.path);
  const headPaths = changedFiles.filter((f) => f.status !== "D").map((f) => f.path);
  const touched = /* @__PURE__ */ new Set([...basePaths, ...headPaths]);
  log.debug(`${changedFiles.length} changed manifest file(s)`);
  let problems = [];
  const oversized = { base: /* @__PURE__ */ new Map(), head: /* @__PURE__ */ new Map() };
  const baseFiles = await readBytes(git2, base, basePaths, options, oversized.base);
  const early = earlyCandidateSearch(git2, head, baseFiles, new Set(headPaths), wanted, options);
  const headFiles = await readBytes(git2, head, headPaths, options, oversized.head);
  problems.push(...oversizedFileProblems(changedFiles, oversized, options.maxFileSize));
  const baseProblems = [];
  let baseManifests = await parseFiles(basePaths, baseFiles, options, baseProblems);
  const headProblems = [];
  let headManifests = await parseFiles(headPaths, headFiles, options, headProblems);
  problems.push(...problemsOnce(baseProblems, headProblems, changedFiles));
  let found;
  let rendered;
  if (pending) {
    rendered = await pending;
    const isOwned = rendered.owned;
    owned = isOwned;
    const objects = await rendered.objects;
    changedFiles = changedFiles.filter(
      (f) => !isOwned(f.path) || f.oldPath !== void 0 && !isOwned(f.oldPath)
    );
    problems = [...problems.filter((p) => !isOwned(p.file)), ...objects.problems];
    baseManifests = mergedOrThrow([...baseManifests.filter((m) => !isOwned(m.file)), ...objects.base]);
    headManifests = mergedOrThrow([...headManifests.filter((m) => !isOwned(m.file)), ...objects.head]);
    found = findConfigChanges(baseManifests, headManifests);
    found.changes = pairHashSuffixRenames(
      withSources(found.changes, baseManifests, headManifests),
      found.snapshots
    );
  } else {
    found = findConfigChanges(baseManifests, headManifests);
  }
  problems.push(...found.problems);
  const unread = {
    base: new Map([...oversized.base.keys()].map((path) => [path, "oversized"])),
    head: new Map([...oversized.head.keys()].map((path) => [path, "oversized"]))
  };
  for (const problem of headProblems) {
    if (owned?.(problem.file)) continue;
    if (problem.severity === "error" && !unread.head.has(problem.file))
      unread.head.set(problem.file, "broken");
  }
  const readable = await withoutUnreadChanges(git2, { base, head }, found.changes, unread, problems);
  const baseIds = new Set(baseManifests.map((m) => idKey(m.id)));
  const unreadAtBase = new Set(
    changedFiles.filter((f) => oversized.base.has(f.oldPath ?? f.path)).map((f) => f.path)
  );
  const maybeNewWorkloads = headManifests.filter(
    (m) => workloadKindOf(m.object) && !baseIds.has(idKey(m.id)) && !unreadAtBase.has(m.file)
  );
  const namesAtBase = uniqueNames([
    ...readable.filter((c) => c.status === "added").map((c) => c.id.name),
    ...maybeNewWorkloads.map((m) => m.id.name)
  ]);
  const untouchedAtBase = namesAtBase.length === 0 ? [] : await readManifests(
    git2,
    base,
    await findCandidateFiles(git2, base, namesAtBase, touched, wanted),
    options,
    []
  );
  const definedAtBase = new Set(untouchedAtBase.map((m) => idKey(m.id)));
  const newWorkloadIds = new Set(
    maybeNewWorkloads.map((m) => idKey(m.id)).filter((key) => !definedAtBase.has(key))
  );
  const withCopies = settleWithUntouchedFiles(
    readable,
    found.snapshots,
    { base: untouchedAtBase, head: [] },
    problems
  );
  const consumedNames = withTemplateRefs(uniqueNames(withCopies.map((c) => c.id.name)));
  const candidateManifests = await readCandidates(git2, head, consumedNames, early, {
    alreadyRead: new Set(headPaths),
    wanted,
    options,
    problems
  });
  const rawCandidates = owned ? candidateManifests.filter((m) => !owned?.(m.file)) : candidateManifests;
  if (owned) problems = problems.filter((p) => !owned?.(p.file));
  const changes = settleWithUntouchedFiles(
    withCopies,
    found.snapshots,
    { base: [], head: rawCandidates },
    problems
  );
  const all = [...headManifests, ...rawCandidates];
  const workloads = all.filter((m) => workloadKindOf(m.object) !== void 0);
  const headConfigs = /* @__PURE__ */ new Map();
  collectConfigs(all, headConfigs, []);
  const assumedNamespace = new Set(all.filter((m) => m.namespaceAssumed).map((m) => idKey(m.id)));
  const baseWorkloads = baseManifests.filter((m) => workloadKindOf(m.object) !== void 0);
  return {
    changedFiles,
    changes,
    workloads,
    newWorkloadIds,
    headConfigs,
    problems,
    assumedNamespace,
    baseWorkloads,
    sourceNotes: rendered?.notes ?? [],
    ...owned ? { owned } : {}
  };
}
function mergedOrThrow(manifests) {
  const merged = mergeByIdentity(manifests);
  if (merged.conflicts.length > 0) throw new UserError(describeConflicts(merged.conflicts));
  return merged.manifests;
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
function withTemplateRefs(names) {
  return names.length > 0 ? [...names, "workloadRef"] : names;
}
function uniqueNames(names) {
  return [...new Set(names)].filter((name) => name !== "" && !name.includes("\n")).sort();
}
async function readConfigsAt(git2, rev, ids, known, options, owned) {
  const missing = ids.filter((id) => !known.has(idKey(id)));
  if (missing.length === 0) return known;
  const wanted = await createPathFilter(options, owned);
  const files = await findCandidateFiles(
    git2,
    rev,
    [...new Set(missing.map((id) => id.name))],
    /* @__PURE__ */ new Set(),
    wanted
  );
  const problems = [];
  const manifests = await readManifests(git2, rev, files, options, problems);
  const missingKeys = new Set(missing.map(idKey));
  collectConfigs(
    manifests.filter((m) => missingKeys.has(idKey(m.id))),
    known,
    problems
  );
  return known;
}
function collectConfigs(manifests, into, problems) {
  for (const manifest of manifests) {
    if (!isConfigManifest(manifest) || into.has(idKey(manifest.id))) continue;
    const { content, problems: contentProblems } = configContentOf(manifest);
    problems.push(...contentProblems);
    into.set(idKey(manifest.id), {
      manifest,
      snapshot: { id: manifest.id, file: manifest.file, line: manifest.line, content }
    });
  }
}
async function findCandidateFiles(git2, rev, names, alreadyRead, wanted, signal) {
  const pathspecs = globsToPathspecs(wanted.globs) ?? [];
  if (names.length === 0) return [];
  const hits = await git2.grepFiles(rev, names, pathspecs, signal);
  return hits.filter((path) => !alreadyRead.has(path) && wanted(path));
}
function earlyCandidateSearch(git2, rev, baseFiles, alreadyRead, wanted, options) {
  const names = new Set(
    withTemplateRefs(
      [...baseFiles.values()].flatMap((bytes) => configNamesInText(bytes.toString("utf8"))).filter((name) => name !== "" && !name.includes("\n"))
    )
  );
  if (names.size === 0) return void 0;
  const parsed = /* @__PURE__ */ new Map();
  const hits = git2.grepAndReadFiles(rev, [...names], globsToPathspecs(wanted.globs) ?? [], {
    read: (path) => !alreadyRead.has(path) && wanted(path),
    maxBytes: options.maxFileSize,
    onFile(path, file) {
      const problems = [];
      if ("oversized" in file) {
        problems.push(oversizedCandidateProblem(path, file.oversized, options.maxFileSize));
        return void parsed.set(path, { manifests: [], problems });
      }
      const result = parseManifestFile(path, file.bytes, { defaultNamespace: options.defaultNamespace });
      result.catch(() => {
      });
      parsed.set(path, result);
    }
  });
  hits.catch(() => {
  });
  return { names, hits, parsed };
}
async function readCandidates(git2, rev, names, early, ctx) {
  if (early === void 0) {
    const candidates2 = await findCandidateFiles(git2, rev, names, ctx.alreadyRead, ctx.wanted);
    return readManifests(git2, rev, candidates2, ctx.options, ctx.problems);
  }
  const missed = names.filter((name) => !early.names.has(name));
  const [guessed, more] = await Promise.all([
    early.hits,
    findCandidateFiles(git2, rev, missed, ctx.alreadyRead, ctx.wanted)
  ]);
  const candidates = [
    .../* @__PURE__ */ new Set([...guessed.filter((path) => !ctx.alreadyRead.has(path) && ctx.wanted(path)), ...more])
  ].sort();
  const unread = candidates.filter((path) => !early.parsed.has(path));
  const lateProblems = [];
  const late = unread.length > 0 ? await readManifests(git2, rev, unread, ctx.options, lateProblems) : [];
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
async function readBytes(git2, rev, paths, options, oversized) {
  if (paths.length === 0) return /* @__PURE__ */ new Map();
  const read = await git2.readFilesUpTo(rev, paths, options.maxFileSize);
  for (const [path, size] of read.oversized) oversized.set(path, size);
  return read.files;
}
async function readManifests(git2, rev, paths, options, problems) {
  const oversized = /* @__PURE__ */ new Map();
  const files = await readBytes(git2, rev, paths, options, oversized);
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
    message: `not read: ${size} bytes is over --max-file-size ${maxFileSize} (a consumer defined there is not seen)`
  };
}
async function parseFiles(paths, files, options, problems) {
  const manifests = [];
  for (const path of paths) {
    await new Promise((resolve3) => setImmediate(resolve3));
    const bytes = files.get(path);
    if (bytes === void 0) continue;
    const parsed = await parseManifestFile(path, bytes, { defaultNamespace: options.defaultNamespace });
    manifests.push(...parsed.manifests);
    problems.push(...parsed.problems);
  }
  return manifests;
}

// src/core/restart-patch.ts
var CONFIG_HASH_ANNOTATION = "config-rollout.io/config-hash";
var SPEC_TEMPLATE = ["spec", "template"];
function annotationPatch(hash, templatePath = SPEC_TEMPLATE) {
  return nest(templatePath, { metadata: { annotations: { [CONFIG_HASH_ANNOTATION]: hash } } });
}
var ENV_NAME = /^[-._a-zA-Z][-._a-zA-Z0-9]*$/;
function envPatch(podSpec, varName, value) {
  if (!ENV_NAME.test(varName)) {
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
  return { spec: { template: { spec: { containers: entries } } } };
}
function envMergePatch(live, templatePath, varName, value) {
  const template = templateOf(live, templatePath);
  const entries = envPatch(field(template, "spec"), varName, value);
  const wanted = new Map(
    arrayField(field(field(field(entries, "spec"), "template"), "spec"), "containers").map((c) => [
      stringField(c, "name"),
      c
    ])
  );
  const containers = arrayField(field(template, "spec"), "containers").map((container) => {
    const env = arrayField(container, "env").filter((e) => field(e, "name") !== varName);
    const added = arrayField(wanted.get(stringField(container, "name")), "env");
    return { ...container, env: [...env, ...added] };
  });
  const resourceVersion = stringField(field(live, "metadata"), "resourceVersion");
  return {
    ...resourceVersion ? { metadata: { resourceVersion } } : {},
    ...nest(templatePath, { spec: { containers } })
  };
}
function currentHash(obj, templatePath = SPEC_TEMPLATE) {
  const annotations = field(field(templateOf(obj, templatePath), "metadata"), "annotations");
  return stringField(annotations, CONFIG_HASH_ANNOTATION);
}
function templateOf(obj, templatePath = SPEC_TEMPLATE) {
  let template = obj;
  for (const step of templatePath) template = field(template, step);
  return isRecord(template) ? template : void 0;
}
function nest(path, value) {
  return path.reduceRight((inner, step) => ({ [step]: inner }), value);
}

// src/pipeline/strategy/annotation-strategy.ts
function annotationStep(hashFor) {
  return (id, live, kind) => {
    const hash = hashFor(id);
    if (!hash) throw new RolloutFailure("no config hash was computed for it: not restarted");
    if (currentHash(live, kind.templatePath) === hash) {
      return { unchanged: `pod template already has ${CONFIG_HASH_ANNOTATION}=${hash}` };
    }
    const type = "patch" in kind.restart ? kind.restart.patch : "strategic-merge";
    return {
      patch: annotationPatch(hash, kind.templatePath),
      type,
      describe: `${CONFIG_HASH_ANNOTATION}=${hash}`
    };
  };
}
function createAnnotationStrategy(hashKey) {
  let hashes = /* @__PURE__ */ new Map();
  return {
    name: "annotation",
    needsLiveConfigs: true,
    async prepare(context) {
      const { workloads, manifests, cluster } = context;
      const consumed = workloads.flatMap((w) => consumedBy(w, manifests));
      const headConfigs = await readConfigsAt(
        context.git,
        context.head,
        consumed,
        context.headConfigs,
        context.scanOptions,
        context.ownedPaths
      );
      hashes = await computeRestartHashes(
        workloads,
        manifests,
        headConfigs,
        context.liveConfigs,
        cluster,
        hashKey
      );
    },
    patchFor: annotationStep((id) => hashes.get(idKey(id)))
  };
}

// src/pipeline/strategy/env-strategy.ts
function createEnvStrategy(envName, now) {
  return {
    name: "env",
    needsLiveConfigs: true,
    prepare: async () => {
    },
    patchFor(_id, live, kind) {
      const value = String(Math.floor(now() / 1e3));
      const type = "patch" in kind.restart ? kind.restart.patch : "strategic-merge";
      const patch = type === "strategic-merge" ? envPatch(podSpecOf(live, kind.templatePath), envName, value) : envMergePatch(live, kind.templatePath, envName, value);
      return { patch, type, describe: `${envName}=${value}` };
    }
  };
}
function podSpecOf(live, templatePath) {
  let template = live;
  for (const step of templatePath) template = template?.[step];
  return template?.spec;
}

// src/pipeline/strategy/restart-strategy.ts
async function chooseRestartStrategy(settings, now) {
  switch (settings.strategy) {
    case "annotation":
      return createAnnotationStrategy(settings.hashKey);
    case "env":
      return createEnvStrategy(settings.envName, now);
    case "versioned": {
      const { createVersionedStrategy } = await import("./versioned-strategy-IKLAPDQL.js");
      return createVersionedStrategy(settings);
    }
  }
}

// src/kube/read-live-configs.ts
async function readLiveConfigs(cluster, ids, concurrency = 8) {
  const live = /* @__PURE__ */ new Map();
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
      for (const id of group) live.set(idKey(id), byName.get(id.name));
    }),
    ...singles.map((id) => async () => {
      live.set(idKey(id), await cluster.readConfig(id));
    })
  ];
  await runLimited(tasks, concurrency, (task) => task());
  return live;
}

// src/pipeline/sync-configs.ts
async function syncConfigs(cluster, configs, options, log) {
  const live = /* @__PURE__ */ new Map();
  const stillDifferent = async (candidates) => {
    const current = await readLiveConfigs(
      cluster,
      candidates.map((c) => c.snapshot.id),
      options.concurrency
    );
    return candidates.filter(({ snapshot }) => {
      const found = current.get(idKey(snapshot.id));
      if (!found || changedKeys(found.content, snapshot.content).length > 0) return true;
      live.set(idKey(snapshot.id), found);
      return false;
    });
  };
  const pending = await stillDifferent(configs);
  if (pending.length === 0) return live;
  if (options.apply) {
    for (const { snapshot, manifest } of pending) {
      if (!manifest) throw new Error(`no manifest kept for ${formatId(snapshot.id)}`);
      log.info(
        `applying ${formatId(snapshot.id)} from ${snapshot.file}${options.dryRun ? " (server dry run)" : ""}`
      );
      await cluster.applyConfig(manifest.object, options.dryRun, snapshot.id.namespace);
    }
    return live;
  }
  const sleep = options.sleep ?? ((ms) => new Promise((resolve3) => setTimeout(resolve3, ms)));
  const deadline = Date.now() + options.timeoutMs;
  let waiting = pending;
  log.info(
    `waiting up to ${Math.round(options.timeoutMs / 1e3)}s for the cluster to hold the committed content of ${waiting.map((c) => formatId(c.snapshot.id)).join(", ")}`
  );
  while (waiting.length > 0) {
    await sleep(options.pollMs ?? 1e3);
    waiting = await stillDifferent(waiting);
    if (waiting.length === 0) break;
    if (Date.now() >= deadline) {
      const names = waiting.map((c) => `${formatId(c.snapshot.id)} from ${c.snapshot.file}`).join(", ");
      throw new RolloutFailure(
        `the cluster does not hold the committed content of ${names} after ${Math.round(options.timeoutMs / 1e3)}s; apply the manifests first or run with --apply. Nothing was restarted.`
      );
    }
  }
  return live;
}

// src/pipeline/run.ts
async function runConfigRollout(deps) {
  const { settings, git: git2, log } = deps;
  const now = deps.now ?? Date.now;
  const request = resolveRange(deps.range);
  const commits = await log.group("Resolve commits", () => resolveCommits(request, git2, { ci: deps.ci }));
  const emptyPlan = {
    base: commits.base ?? "",
    head: commits.head,
    rangeNote: commits.note,
    changes: [],
    workloads: [],
    problems: [],
    warnings: []
  };
  if (!commits.base) {
    log.info(commits.note);
    return { plan: emptyPlan, results: [], outcome: "nothing-to-do", dryRun: settings.dryRun };
  }
  const base = commits.base;
  const scanOptions = {
    paths: settings.paths,
    exclude: settings.exclude,
    defaultNamespace: settings.namespace,
    maxFileSize: settings.maxFileSize,
    sources: {
      kustomize: settings.kustomize,
      ...settings.render !== void 0 ? { render: settings.render } : {},
      renderPaths: settings.renderPaths,
      secretVariables: OPTIONS.filter((o) => o.secret && o.env).map((o) => o.env),
      env: deps.env ?? process.env
    }
  };
  const scan = await log.group(
    "Find changed configs",
    () => scanRepository(git2, base, commits.head, scanOptions, log)
  );
  for (const problem of scan.problems) log.warn(problem.message, problem);
  const errors = scan.problems.filter((p) => p.severity === "error");
  if (settings.strict && errors.length > 0) {
    const first = errors[0];
    throw new UserError(
      `${errors.length} manifest problem(s) under --strict; first: ${first.file}:${first.line}:${first.col}: ${first.message}`
    );
  }
  const discover = settings.discover ?? (deps.clusterConfigured ? "both" : "repo");
  let cluster;
  const connectOnce = async () => {
    cluster ??= await deps.connect();
    if (!cluster) {
      throw new UserError(
        "no Kubernetes cluster configured: pass --kubeconfig, set KUBECONFIG or CONFIG_ROLLOUT_KUBECONFIG, or use --dry-run to only print the plan"
      );
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
  const strategy = await chooseRestartStrategy(settings, now);
  const plannedClusterWorkloads = strategy.planningView && clusterWorkloads.length > 0 ? await strategy.planningView(clusterWorkloads, await connectOnce()) : clusterWorkloads;
  const built = buildPlan({
    changes: scan.changes,
    workloads: scan.workloads,
    newWorkloadIds: scan.newWorkloadIds,
    clusterWorkloads: plannedClusterWorkloads,
    restartReloaderManaged: settings.restartReloaderManaged
  });
  for (const warning of built.warnings) log.warn(warning.message, warning);
  const planned = withWorkloadSources(
    markRollsOnApply(built.workloads, scan.baseWorkloads, scan.workloads, scan.changes),
    scan.workloads
  );
  const namespaceNote = assumedNamespaceNote(scan, planned, settings.namespace);
  if (namespaceNote) log.info(namespaceNote);
  const plan = {
    ...emptyPlan,
    changes: scan.changes,
    workloads: applyGuardRails(planned, settings),
    ...scan.sourceNotes.length > 0 ? { sources: scan.sourceNotes } : {},
    problems: scan.problems,
    warnings: [
      ...built.warnings.map((w) => `${w.file}:${w.line}: ${w.message}`),
      ...namespaceNote ? [namespaceNote] : []
    ]
  };
  const toRestart = plan.workloads.filter((w) => w.action === "restart");
  if (toRestart.length === 0 || settings.dryRun === "client") {
    const notes = toRestart.length > 0 ? strategy.planNotes?.({
      workloads: toRestart,
      headConfigs: scan.headConfigs,
      head: commits.head
    }) ?? [] : [];
    return {
      plan,
      results: [],
      outcome: outcomeOf(plan, [], settings.dryRun),
      dryRun: settings.dryRun,
      ...notes.length > 0 ? { notes } : {}
    };
  }
  const live = await connectOnce();
  const clusterInfo = { context: live.context, server: live.server };
  const manifests = new Map([...scan.workloads, ...clusterWorkloads].map((m) => [idKey(m.id), m]));
  const changedKeys2 = new Set(modified.map((c) => idKey(c.id)));
  const toCheck = [...new Set(toRestart.flatMap((w) => consumedBy(w, manifests)).map(idKey))].filter((key) => changedKeys2.has(key)).map((key) => scan.headConfigs.get(key)).filter((config) => config !== void 0);
  if (settings.apply && strategy.needsLiveConfigs) {
    await log.group(
      "Check permissions to apply configs",
      () => checkPermissions(
        live,
        toCheck.map((c) => configWrite(c.snapshot.id)),
        log,
        settings.concurrency
      )
    );
  }
  const prepareTitle = strategy.needsLiveConfigs ? "Check the cluster holds the committed configs" : "Copy the committed configs";
  await log.group(prepareTitle, async () => {
    const liveConfigs = strategy.needsLiveConfigs ? await syncConfigs(
      live,
      toCheck,
      {
        apply: settings.apply,
        dryRun: settings.dryRun === "server",
        timeoutMs: settings.configTimeoutMs,
        concurrency: settings.concurrency
      },
      log
    ) : /* @__PURE__ */ new Map();
    await strategy.prepare({
      workloads: toRestart,
      manifests,
      headConfigs: scan.headConfigs,
      liveConfigs,
      cluster: live,
      git: git2,
      head: commits.head,
      scanOptions,
      ownedPaths: scan.owned,
      log
    });
  });
  const waited = await restartAndWait(live, toRestart, { manifests, strategy, settings, log, now });
  const after = strategy.afterWait ? await strategy.afterWait(waited, { cluster: live, log, now, timeoutMs: settings.timeoutMs }) : { results: waited, notes: [] };
  const results = after.results;
  return {
    plan,
    results,
    ...after.notes.length > 0 ? { notes: after.notes } : {},
    outcome: outcomeOf(plan, results, settings.dryRun),
    cluster: clusterInfo,
    dryRun: settings.dryRun
  };
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

// src/compose/run-in-ci.ts
async function runInCi(settings, adapters) {
  const { env, git: git2, cluster, log } = adapters;
  return runConfigRollout({
    settings,
    range: await readCiEnvironment({ base: settings.base, head: settings.head }, env),
    ci: detectCiKind(env),
    git: git2,
    connect: cluster.connect,
    clusterConfigured: cluster.configured,
    log,
    env
  });
}

// src/git/create-git.ts
import { readFile as readFile3, stat } from "node:fs/promises";
import { resolve as resolve2 } from "node:path";

// src/git/missing-object.ts
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
    return new UserError(
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
    const body = this.body;
    const needed = body.size + 1;
    if (!body.keep) {
      const take = Math.min(data.length, needed - body.received);
      body.received += take;
      if (body.received < needed) return Buffer.alloc(0);
      if (data[take - 1] !== LF)
        throw new Error(`git cat-file output for ${body.oid} is not followed by a newline`);
      this.body = void 0;
      this.onEntry({ kind: "object", oid: body.oid, type: body.type, size: body.size });
      return data.subarray(take);
    }
    body.chunks.push(data);
    body.received += data.length;
    if (body.received < needed) return Buffer.alloc(0);
    const all = body.chunks.length === 1 ? data : Buffer.concat(body.chunks, body.received);
    if (all[body.size] !== LF)
      throw new Error(`git cat-file output for ${body.oid} is not followed by a newline`);
    this.body = void 0;
    this.onEntry({
      kind: "object",
      oid: body.oid,
      type: body.type,
      size: body.size,
      content: all.subarray(0, body.size)
    });
    return all.subarray(needed);
  }
};

// src/git/spawn-git.ts
import { spawn as spawn3 } from "node:child_process";
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
function spawnGit(cwd, args, options = {}) {
  return new Promise((resolve3, reject) => {
    const child = spawn3("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), ...args], {
      cwd,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true,
      ...options.env ? { env: { ...process.env, ...options.env } } : {},
      ...options.signal ? { signal: options.signal } : {}
    });
    child.stdin.on("error", () => {
    });
    child.stdin.end(options.input ?? "");
    const stdout = [];
    const stderr = [];
    let failed;
    const onStdout = options.onStdout ?? ((chunk) => stdout.push(chunk));
    child.stdout.on("data", (chunk) => {
      if (failed) return;
      try {
        onStdout(chunk);
      } catch (error) {
        failed = error;
        child.kill();
      }
    });
    child.stderr.on("data", (chunk) => stderr.push(chunk));
    child.on("error", (error) => {
      failed ??= error;
    });
    child.on("close", (code, signal) => {
      if (failed) return reject(failed);
      const exitCode = code ?? 128;
      if (exitCode === 0 || options.okExitCodes?.includes(exitCode)) {
        return resolve3({ exitCode, stdout: Buffer.concat(stdout) });
      }
      const text = Buffer.concat(stderr).toString("utf8");
      reject(new GitExitError(exitCode, signal ? `${text}
(git was killed by ${signal})`.trim() : text));
    });
  });
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
import { spawn as spawn4 } from "node:child_process";
var IDLE_MS = 200;
var CatFileReader = class {
  constructor(root) {
    this.root = root;
  }
  root;
  child;
  queue = [];
  idle;
  /** The objects named (e.g. "<sha>:<path>", "<ref>^{commit}"; no newlines), one entry each, in order. */
  read(names, maxContentBytes = Number.POSITIVE_INFINITY, onEntry) {
    if (names.length === 0) return Promise.resolve([]);
    return new Promise((resolve3, reject) => {
      clearTimeout(this.idle);
      const child = this.child ?? this.start();
      this.queue.push({
        names,
        entries: [],
        maxContentBytes,
        ...onEntry ? { onEntry } : {},
        resolve: resolve3,
        reject
      });
      holdRun(child, true);
      child.stdin.write(`${names.join("\n")}
`);
    });
  }
  start() {
    const child = spawn4("git", [...GIT_CONFIG.flatMap((c) => ["-c", c]), "cat-file", "--batch"], {
      cwd: this.root,
      stdio: ["pipe", "pipe", "pipe"],
      windowsHide: true
    });
    this.child = child;
    const parser = new CatFileBatchParser(
      true,
      (entry) => this.answer(entry),
      () => this.queue[0]?.maxContentBytes ?? Number.POSITIVE_INFINITY
    );
    const stderr = [];
    let failed;
    const fail = (error) => {
      failed ??= error;
      if (this.child === child) this.child = void 0;
      child.kill();
      for (const request of this.queue.splice(0)) request.reject(failed);
    };
    child.stdout.on("data", (chunk) => {
      if (failed) return;
      try {
        parser.push(chunk);
      } catch (error) {
        fail(error);
      }
    });
    child.stderr.on("data", (chunk) => stderr.push(chunk));
    child.stdin.on("error", () => {
    });
    child.on("error", (error) => fail(error));
    child.on("close", (code) => {
      if (this.child === child) this.child = void 0;
      if (this.queue.length === 0 && code === 0) return;
      const text = Buffer.concat(stderr).toString("utf8").trim();
      fail(missingObjectError(text) ?? new Error(`git cat-file --batch failed (exit ${code}): ${text}`));
    });
    return child;
  }
  answer(entry) {
    const request = this.queue[0];
    if (request === void 0) throw new Error("git cat-file answered a lookup nobody asked for");
    request.onEntry?.(entry, request.names[request.entries.length] ?? "");
    request.entries.push(entry);
    if (request.entries.length < request.names.length) return;
    this.queue.shift();
    request.resolve(request.entries);
    if (this.queue.length > 0 || this.child === void 0) return;
    const child = this.child;
    holdRun(child, false);
    this.idle = setTimeout(() => {
      if (this.child === child && this.queue.length === 0) {
        this.child = void 0;
        child.stdin.end();
      }
    }, IDLE_MS);
    this.idle.unref();
  }
};
function holdRun(child, hold) {
  for (const handle of [child, child.stdin, child.stdout, child.stderr]) {
    if (hold) handle.ref();
    else handle.unref();
  }
}

// src/git/find-work-tree.ts
import { lstat, readFile as readFile2, realpath } from "node:fs/promises";
import { dirname, join as join3 } from "node:path";
var DISCOVERY_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_CEILING_DIRECTORIES",
  "GIT_DISCOVERY_ACROSS_FILESYSTEM"
];
async function findWorkTreeRoot(dir, env) {
  if (DISCOVERY_VARIABLES.some((name) => env[name] !== void 0)) return void 0;
  for (let current = await realpath(dir); ; current = dirname(current)) {
    const dotGit = join3(current, ".git");
    const found = await lstat(dotGit).catch(() => void 0);
    if (found?.isFile()) {
      const pointer = await readFile2(dotGit, "utf8").catch(() => "");
      return pointer.startsWith("gitdir: ") ? current : void 0;
    }
    if (found?.isDirectory()) {
      const [head, objects, config] = await Promise.all([
        lstat(join3(dotGit, "HEAD")).catch(() => void 0),
        lstat(join3(dotGit, "objects")).catch(() => void 0),
        readFile2(join3(dotGit, "config"), "utf8").catch(() => "")
      ]);
      if (!head?.isFile() || !objects?.isDirectory()) return void 0;
      return /^\s*worktree\s*=/im.test(config) ? void 0 : current;
    }
    if (found) return void 0;
    if (dirname(current) === current) return void 0;
  }
}

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

// src/git/parse-name-status.ts
var SIMPLE = /* @__PURE__ */ new Set(["A", "M", "D", "T"]);
function parseNameStatus(output) {
  const fields = output.split("\0");
  if (fields.at(-1) === "") fields.pop();
  const changes = [];
  let i = 0;
  while (i < fields.length) {
    const status = fields[i++];
    const letter = status.charAt(0);
    if (letter === "R" || letter === "C") {
      const oldPath = fields[i++];
      const path = fields[i++];
      if (oldPath === void 0 || path === void 0) throw truncated(status);
      changes.push({ status: letter, path, oldPath });
    } else if (SIMPLE.has(letter) && status.length === 1) {
      const path = fields[i++];
      if (path === void 0) throw truncated(status);
      changes.push({ status: letter, path });
    } else {
      throw new Error(`unexpected status ${JSON.stringify(status)} in git diff --name-status output`);
    }
  }
  return changes;
}
function truncated(status) {
  return new Error(`git diff --name-status output ends after status ${JSON.stringify(status)}`);
}

// src/git/run-git.ts
function createGitRunner(baseDir) {
  return {
    async run(args, okExitCodes = []) {
      try {
        const { exitCode, stdout } = await spawnGit(baseDir, args, { okExitCodes });
        return { exitCode, stdout: exitCode === 0 ? stdout.toString("utf8") : "" };
      } catch (error) {
        throw describe(error, args);
      }
    },
    async runBuffer(args) {
      try {
        return (await spawnGit(baseDir, args)).stdout;
      } catch (error) {
        throw describe(error, args);
      }
    },
    async runRecords(args, onRecords) {
      const records = nulRecords(onRecords);
      try {
        await spawnGit(baseDir, args, { onStdout: records.push });
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
    const { simpleGit, GitPluginError } = await import("./esm-2S6KMJRA.js");
    return simpleGit({
      baseDir,
      config: GIT_CONFIG,
      trimmed: false,
      timeout: { block: timeoutMs },
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
function describe(error, args) {
  const missing = error instanceof GitExitError ? missingObjectError(error.stderr) : void 0;
  if (missing) return missing;
  const message = error instanceof Error ? error.message.trim() : String(error);
  const command = args.join(" ");
  const shown2 = command.length > 200 ? `${command.slice(0, 200)}...` : command;
  return new Error(`git ${shown2} failed: ${message}`, { cause: error });
}

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
  const args = ["grep", "-z", "-l", "-I", "--no-color", SYNTAX_FLAG[syntax], "-f", "-", request.rev, "--"];
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
function grepError(error) {
  if (!(error instanceof GitExitError)) return error;
  const text = error.stderr.trim();
  return missingObjectError(text) ?? new Error(`git grep failed (exit ${error.exitCode}): ${text}`);
}

// src/git/safe-ref.ts
function assertSafeRef(ref) {
  if (ref === "") throw new UserError("empty ref: expected a commit SHA, branch or tag");
  if (ref.startsWith("-")) throw new UserError(`ref ${JSON.stringify(ref)} must not start with '-'`);
  if (/[\0\n\r]/.test(ref)) throw new UserError(`ref ${JSON.stringify(ref)} contains a control character`);
}

// src/git/create-git.ts
var NETWORK_TIMEOUT_MS = 12e4;
var FETCH = ["fetch", "--progress", "--no-tags", "--no-recurse-submodules"];
var NOT_FOUND = [1, 128];
async function createGit(repoDir) {
  const dir = resolve2(repoDir);
  const isDirectory = await stat(dir).then(
    (s) => s.isDirectory(),
    () => false
  );
  if (!isDirectory) throw new UserError(`repository directory ${dir} does not exist`);
  const found = await findWorkTreeRoot(dir, process.env);
  const root = found ?? await askGitForWorkTree(dir);
  const adapter = new GitAdapter(
    root,
    createGitRunner(root),
    createNetworkGitRunner(root, NETWORK_TIMEOUT_MS)
  );
  if (found !== void 0) adapter.checkWorkTree = () => askGitForWorkTree(dir).then(() => void 0);
  return adapter;
}
async function askGitForWorkTree(dir) {
  let root;
  try {
    root = (await createGitRunner(dir).run(["rev-parse", "--show-toplevel"])).stdout.trim();
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] ?? "" : String(error);
    throw new UserError(`${dir} is not inside a git work tree (${reason})`);
  }
  if (root === "") throw new UserError(`${dir} is not inside a git work tree`);
  return root;
}
var GitAdapter = class {
  constructor(root, git2, network) {
    this.root = root;
    this.git = git2;
    this.network = network;
    this.objects = new CatFileReader(root);
  }
  root;
  git;
  network;
  /**
   * Full SHAs already verified to name a commit. A commit never changes, so each stage that passes
   * the same SHA (diff, reads at base and head, grep) no longer spawns its own `rev-parse`.
   */
  knownCommits = /* @__PURE__ */ new Set();
  /** Set when the root was found without git: asks git, and throws when it will not use the repository. */
  checkWorkTree;
  /** Every object read goes through one long-lived `cat-file --batch`. */
  objects;
  async resolveCommit(ref) {
    const sha = await this.tryResolveCommit(ref);
    if (sha === void 0) throw new UserError(`not a commit: ${ref}`);
    return sha;
  }
  async tryResolveCommit(ref) {
    assertSafeRef(ref);
    if (this.knownCommits.has(ref)) return ref;
    const sha = await new Promise((resolve3, reject) => {
      if (this.resolving === void 0) {
        this.resolving = [];
        queueMicrotask(() => this.resolveBatch());
      }
      this.resolving.push({ ref, resolve: resolve3, reject });
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
  async changedFiles(base, head) {
    const [from, to] = [await this.resolveCommit(base), await this.resolveCommit(head)];
    const { stdout } = await this.git.run([
      "diff-tree",
      "-r",
      "-z",
      "--name-status",
      "-M",
      "--no-commit-id",
      from,
      to,
      "--"
    ]);
    return parseNameStatus(stdout);
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
    return readFile3(resolve2(this.root, path), "utf8").catch(() => "");
  }
  /** The blob id at an exact path (for names `cat-file --batch` cannot take: those with newlines). */
  async lsTreeBlob(sha, path) {
    const { stdout } = await this.git.run(["ls-tree", "-z", "--full-tree", sha, "--", path]);
    return parseLsTree(stdout).find((entry) => entry.path === path && entry.type === "blob")?.oid;
  }
};
function splitByNewline(paths) {
  const unique2 = [...new Set(paths)].filter((path) => path !== "");
  return [unique2.filter((path) => !path.includes("\n")), unique2.filter((path) => path.includes("\n"))];
}

// src/report/describe.ts
function shortId2(id) {
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
  const shown2 = change.keys.slice(0, 8).join(", ");
  return change.keys.length > 8 ? `${shown2} and ${change.keys.length - 8} more` : shown2;
}
function describeReferences(workload) {
  return workload.references.map((r) => {
    const keys = r.changedKeys.length > 0 ? ` (changed keys read: ${r.changedKeys.join(", ")})` : "";
    return `${shortId2(r.config)} via ${r.path}${keys}`;
  });
}
function describeResult(result) {
  if (!result.rollout || result.restart !== "restarted" && result.restart !== "unchanged")
    return result.restart;
  const rollout = result.rollout === "done" ? "rolled out" : result.rollout;
  return result.restart === "unchanged" ? `unchanged, ${rollout}` : rollout;
}
function formatDuration(ms) {
  if (ms === void 0) return "-";
  return ms < 1e3 ? `${ms}ms` : `${(ms / 1e3).toFixed(1)}s`;
}
function headline(report) {
  const restarts = report.plan.workloads.filter((w) => w.action === "restart").length;
  switch (report.outcome) {
    case "nothing-to-do":
      return report.plan.changes.length === 0 ? "Nothing changed: no ConfigMap or Secret content differs between the two commits." : "Nothing to restart: no running workload consumes the changed content.";
    case "planned":
      return `Dry run: ${restarts} workload(s) would restart.`;
    case "restarted":
      return `Restarted ${report.results.filter((r) => r.restart === "restarted").length} workload(s).`;
    case "failed":
      return `Failed: ${report.results.filter(isFailure).map((r) => shortId2(r.id)).join(", ")}.`;
  }
}
function describeWhere(item) {
  if (item.origin !== void 0) {
    return item.blamedFile ? `${item.origin} (${item.blamedFile})` : item.origin;
  }
  if (item.file === void 0) return "-";
  return item.line !== void 0 ? `${item.file}:${item.line}` : item.file;
}
function describeStatus(change) {
  return change.previousName ? `${change.status} (was ${change.previousName})` : change.status;
}

// src/report/report-json.ts
function reportObject(report) {
  const { plan } = report;
  const resultOf = (key) => report.results.find((r) => `${r.id.kind}/${r.id.namespace}/${r.id.name}` === key);
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
    workloads: plan.workloads.map((w) => {
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
            durationMs: result.durationMs
          }
        } : {}
      };
    }),
    problems: plan.problems,
    warnings: plan.warnings,
    ...plan.sources ? { sources: plan.sources } : {},
    ...report.notes ? { notes: report.notes } : {}
  };
}
function renderJson(report) {
  return `${JSON.stringify(reportObject(report), null, 2)}
`;
}

// src/report/mermaid-graph.ts
var MAX_NODES = 40;
function mermaidGraph(plan) {
  if (plan.workloads.length === 0) return [];
  const changes = plan.changes.filter(
    (c) => plan.workloads.some((w) => w.references.some((r) => idKey(r.config) === idKey(c.id)))
  );
  const nodeCount = changes.length + plan.workloads.length;
  const body = nodeCount > MAX_NODES ? folded(plan, changes.length) : detailed(plan);
  return [
    "```mermaid",
    "flowchart LR",
    ...body,
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
function renderMarkdown(report, maxRows = 500) {
  const { plan } = report;
  const out = [
    "### config-rollout",
    "",
    `**${md(headline(report))}**`,
    "",
    `Range: ${md(describeRange(report))}`
  ];
  if (plan.sources && plan.sources.length > 0) {
    out.push("", "#### Sources", "");
    for (const note of plan.sources.slice(0, maxRows)) out.push(`- ${md(note)}`);
  }
  const graph = mermaidGraph(plan);
  if (graph.length > 0) out.push("", "#### Configs \u2192 workloads", "", ...graph);
  if (plan.changes.length > 0) {
    out.push(
      "",
      "#### Changed configs",
      "",
      "| Config | Namespace | Change | Source | Keys |",
      "|---|---|---|---|---|"
    );
    for (const c of plan.changes.slice(0, maxRows)) {
      out.push(
        row([shortId2(c.id), c.id.namespace, describeStatus(c), describeWhere(c), describeKeys(c)].map(md))
      );
    }
    if (plan.changes.length > maxRows) out.push("", `\u2026 and ${plan.changes.length - maxRows} more configs.`);
  }
  if (plan.workloads.length > 0) {
    const resultOf = (w) => report.results.find(
      (r) => r.id.kind === w.id.kind && r.id.namespace === w.id.namespace && r.id.name === w.id.name
    );
    out.push(
      "",
      "#### Workloads",
      "",
      "| Workload | Namespace | Action | Why | Result | Duration |",
      "|---|---|---|---|---|---|"
    );
    for (const w of plan.workloads.slice(0, maxRows)) {
      const result = resultOf(w);
      const why = [w.reason, ...describeReferences(w), ...w.origin ? [`from ${describeWhere(w)}`] : []].map(md).join("<br>");
      out.push(
        row([
          md(shortId2(w.id)),
          md(w.id.namespace),
          md(w.action),
          why,
          md(result ? `${describeResult(result)}${result.message ? `: ${result.message}` : ""}` : "-"),
          md(formatDuration(result?.durationMs))
        ])
      );
    }
    if (plan.workloads.length > maxRows)
      out.push("", `\u2026 and ${plan.workloads.length - maxRows} more workloads.`);
  }
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
function row(cells) {
  return `| ${cells.join(" | ")} |`;
}
function md(text) {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replace(/[\\`*_[\]|~]/g, "\\$&").replace(/\r?\n/g, " ");
}

// src/report/report-text.ts
function renderText(report) {
  const { plan } = report;
  const out = [`Comparing ${describeRange(report)}`];
  if (plan.sources && plan.sources.length > 0) {
    out.push("", "Sources:", ...plan.sources.map((note) => `  ${note}`));
  }
  if (plan.changes.length > 0) {
    out.push("", `Changed configs (${plan.changes.length}):`);
    out.push(
      ...table(
        plan.changes.map((c) => [
          `${shortId2(c.id)}`,
          `ns ${c.id.namespace}`,
          describeStatus(c),
          describeWhere(c),
          `keys: ${describeKeys(c)}`
        ])
      )
    );
  }
  if (plan.workloads.length > 0) {
    out.push("", `Workloads (${plan.workloads.length}):`);
    for (const w of plan.workloads) {
      out.push(`  ${w.action.padEnd(7)} ${shortId2(w.id)} (namespace ${w.id.namespace}): ${w.reason}`);
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
          shortId2(r.id),
          r.id.namespace,
          describeResult(r),
          formatDuration(r.durationMs),
          r.message
        ])
      ])
    );
  }
  if (report.notes?.length) {
    out.push("", "Notes:");
    for (const note of report.notes) out.push(`  ${note}`);
  }
  out.push("", headline(report));
  return `${out.join("\n")}
`;
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
var MAX_TIMER_MS = 2147483647;
var ENV_NAME2 = /^[A-Za-z_][A-Za-z0-9_]*$/;
function validateSettings(values) {
  if (values.paths.length === 0) {
    throw new UserError("--paths: no globs given (the default is **/*.yaml,**/*.yml,**/*.json)");
  }
  checkDuration("timeout", values.timeoutMs);
  checkDuration("config-timeout", values.configTimeoutMs);
  checkNamespaces("namespace", [values.namespace]);
  checkNamespaces("namespaces", values.namespaces);
  checkNamespaces("exclude-namespaces", values.excludeNamespaces);
  if (!ENV_NAME2.test(values.envName)) {
    throw new UserError(
      `--env-name: ${JSON.stringify(values.envName)} is not a valid environment variable name (letters, digits and "_", not starting with a digit)`
    );
  }
  if (values.concurrency < 1 || values.concurrency > 64) {
    throw new UserError("--concurrency: must be between 1 and 64 (requests in flight at once)");
  }
  if (values.maxFileSize < 1) throw new UserError("--max-file-size: must be at least 1 (bytes)");
}
function checkDuration(option, ms) {
  if (ms <= 0) throw new UserError(`--${option}: must be more than 0 (e.g. 90s, 5m)`);
  if (ms > MAX_TIMER_MS) {
    const hours = Math.floor(MAX_TIMER_MS / 36e5);
    throw new UserError(
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
      throw new UserError(
        `--${option}: ${JSON.stringify(name)} is not a valid namespace name (${NAMESPACE_RULE})`
      );
    }
  }
}

// src/settings/settings.ts
function rawValuesFromEnv(env) {
  const raw = {};
  for (const option of OPTIONS) {
    const value = option.env ? env[option.env] : void 0;
    if (value !== void 0 && value !== "") raw[option.name] = value;
  }
  if (raw.context === void 0 && env.KUBE_CONTEXT) raw.context = env.KUBE_CONTEXT;
  return raw;
}
function toSettings(...sources) {
  const raw = {};
  for (const source2 of sources) {
    for (const [key, value] of Object.entries(source2)) if (value !== void 0) raw[key] = value;
  }
  const get = (name) => parseOptionValue(requireSpec(name), raw[name]);
  const str = (name) => get(name);
  const list = (name) => get(name) ?? [];
  const bool = (name) => get(name) === true;
  const num = (name) => get(name);
  for (const ref of ["base", "head"]) {
    const value = str(ref);
    if (value?.startsWith("-")) throw new UserError(`--${ref} ${value}: a revision must not start with '-'`);
  }
  const settings = {
    base: str("base"),
    head: str("head"),
    repo: str("repo") ?? ".",
    paths: list("paths"),
    exclude: list("exclude"),
    kustomize: kustomizeDirs(list("kustomize")),
    render: str("render") || void 0,
    renderPaths: list("render-paths"),
    namespace: str("namespace") ?? "default",
    discover: str("discover"),
    strategy: str("strategy") ?? "annotation",
    envName: str("env-name") ?? "RESTART_TIME",
    rollback: bool("rollback"),
    prune: bool("prune"),
    keep: num("keep") ?? 3,
    dryRun: str("dry-run") ?? "none",
    apply: bool("apply"),
    wait: bool("wait"),
    timeoutMs: num("timeout") ?? 3e5,
    configTimeoutMs: num("config-timeout") ?? 6e4,
    execPluginTimeoutMs: num("exec-plugin-timeout") ?? 6e4,
    kubeconfig: str("kubeconfig"),
    kubeconfigData: str("kubeconfig-data"),
    context: str("context"),
    namespaces: list("namespaces"),
    excludeNamespaces: list("exclude-namespaces"),
    maxRestarts: num("max-restarts"),
    concurrency: num("concurrency") ?? DEFAULT_CONCURRENCY,
    hashKey: str("hash-key"),
    output: str("output") ?? "text",
    strict: bool("strict"),
    maxFileSize: num("max-file-size") ?? DEFAULT_MAX_FILE_SIZE,
    restartReloaderManaged: bool("restart-reloader-managed"),
    debug: bool("debug")
  };
  validateSettings(settings);
  return settings;
}
var DEFAULT_CONCURRENCY = 8;
var DEFAULT_MAX_FILE_SIZE = 16 * 1024 * 1024;
function kustomizeDirs(values) {
  if (values.includes("none")) {
    if (values.length > 1) throw new UserError(`--kustomize: "none" cannot be combined with directories`);
    return ["none"];
  }
  return values.map((value) => {
    const dir = value.replace(/^(\.\/)+/, "").replace(/\/+$/, "");
    if (value.startsWith("/") || dir.split("/").includes("..")) {
      throw new UserError(
        `--kustomize ${value}: give a directory inside the repository, relative to its root`
      );
    }
    return dir === "." ? "" : dir;
  });
}
function requireSpec(name) {
  const spec = OPTIONS.find((o) => o.name === name);
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
      throw new UserError(`${where}: expected true or false, got "${text}"`);
    }
    case "list":
      return splitList(text);
    case "integer": {
      if (!/^\d+$/.test(text.trim())) throw new UserError(`${where}: expected a whole number, got "${text}"`);
      return Number(text.trim());
    }
    case "duration": {
      const ms = parseDuration(text);
      if (ms === void 0)
        throw new UserError(`${where}: expected a duration like 90s, 5m or 1h30m, got "${text}"`);
      return ms;
    }
    case "string": {
      const value = text.trim();
      if (spec.choices && !spec.choices.includes(value)) {
        throw new UserError(`${where}: expected one of ${spec.choices.join(", ")}, got "${text}"`);
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

export {
  createClusterConnection,
  readEventPayload,
  runInCi,
  createGit,
  reportObject,
  headline,
  renderMarkdown,
  renderReport,
  rawValuesFromEnv,
  toSettings
};
