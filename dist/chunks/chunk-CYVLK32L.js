import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  ClusterAccessError,
  isExpectedError
} from "./chunk-IUTW6PJ2.js";
import {
  WORKLOAD_GENERATION_ANNOTATION,
  rolloutStatus,
  specUpdateMessage,
  workloadKind
} from "./chunk-KIER4OVU.js";
import {
  field
} from "./chunk-HRGDZ7KG.js";

// src/core/model.ts
function idKey(id) {
  return `${id.kind}/${id.namespace}/${id.name}`;
}
function formatId(id) {
  return `${id.kind.toLowerCase()}/${id.name} (namespace ${id.namespace})`;
}

// src/core/run-result.ts
function isFailure(result) {
  return result.restart === "failed" || ["failed", "timeout", "deleted"].includes(result.rollout ?? "");
}
function outcomeOf(plan, results, dryRun) {
  if (results.some(isFailure)) {
    return "failed";
  }
  if (!plan.workloads.some((w) => w.action === "restart")) return "nothing-to-do";
  if (dryRun !== "none") return "planned";
  return results.some((r) => r.restart === "restarted") ? "restarted" : "nothing-to-do";
}

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

// src/pipeline/check-permissions.ts
function patchWrites(targets) {
  return targets.map(({ id, kind }) => ({
    verb: "patch",
    group: kind.group,
    resource: kind.resource,
    namespace: id.namespace
  }));
}
function configWrite(id) {
  return {
    verb: "patch",
    group: "",
    resource: id.kind === "Secret" ? "secrets" : "configmaps",
    namespace: id.namespace
  };
}
async function checkPermissions(cluster, needed, log, concurrency = 8) {
  const unique = new Map(needed.map((c) => [`${c.verb} ${c.group}/${c.resource} ${c.namespace}`, c]));
  const answers = await runLimited([...unique.values()], concurrency, async (check) => ({
    check,
    allowed: await cluster.canI(check)
  }));
  if (answers.some((a) => a.allowed === void 0)) {
    log.info(
      "the API server does not answer access reviews: permissions are checked by the writes themselves"
    );
  }
  const denied = answers.filter((a) => a.allowed === false).map((a) => a.check);
  if (denied.length === 0) return;
  const list = denied.map((c) => `${c.verb} ${c.group ? `${c.resource}.${c.group}` : c.resource} in namespace ${c.namespace}`).join("; ");
  throw new ClusterAccessError(
    `forbidden: context ${cluster.context} may not ${list} (checked before any change: nothing was written). Grant it with the Role in the README's RBAC section.`,
    403
  );
}

// src/pipeline/glob-matcher.ts
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
  const { default: picomatch } = await import("./picomatch-GABTQGG6.js");
  return picomatch([...globs], { dot: options.dot === true });
}

// src/pipeline/restart.ts
var PARALLEL_PATCHES = 4;
async function restartWorkloads(requests, cluster, opts) {
  const allowed = opts.allowedNamespaces?.length ? await globMatcher(opts.allowedNamespaces) : () => true;
  const excluded = await globMatcher(opts.excludedNamespaces ?? []);
  const started = opts.now();
  const limit = opts.concurrency ?? PARALLEL_PATCHES;
  const prepared = await runLimited(
    requests,
    limit,
    (request) => prepareOne(request, cluster, opts, (ns) => allowed(ns) && !excluded(ns))
  );
  const pending = prepared.filter((p) => "step" in p);
  await opts.beforeWrites?.(pending.map((p) => p.target));
  return runLimited(requests, limit, async (request, index) => {
    const ready = prepared[index];
    const outcome = "step" in ready ? await sendPatch(ready, cluster, opts) : ready;
    const result = { id: request.id, ...outcome, durationMs: opts.now() - started };
    opts.log?.info(`${formatId(request.id)}: ${result.message}`);
    return result;
  });
}
async function prepareOne(request, cluster, opts, mayWrite) {
  const { id } = request;
  const kind = workloadKind(id.kind);
  if (!kind || !("patch" in kind.restart)) {
    return { result: "failed", message: `${id.kind} cannot be restarted by patching its pod template` };
  }
  if (!mayWrite(id.namespace)) {
    return { result: "failed", message: `refused: namespace ${id.namespace} is excluded from writes` };
  }
  try {
    const live = isLive(request.object) ? request.object : await cluster.readWorkload(id);
    if (!live) return { result: "failed", message: await missingMessage(id, kind, cluster) };
    const refusal = kind.refusesRestart?.(live);
    if (refusal) return { result: "paused", message: refusal };
    const ownerId = kind.templateOwner?.(live);
    const target = ownerId ? await templateOwner(ownerId, cluster) : { id, kind, live };
    if ("failed" in target) return { result: "failed", message: target.failed };
    const step = opts.strategy.patchFor(id, target.live, target.kind);
    if ("unchanged" in step) {
      return ownerId ? { result: "unchanged", message: step.unchanged, templateOwnerGeneration: generationOf(target.live) } : { result: "unchanged", message: step.unchanged, generation: generationOf(live), object: live };
    }
    return { target: { id: target.id, kind: target.kind }, step, ...ownerId ? { ownerId } : {} };
  } catch (error) {
    if (isExpectedError(error)) return { result: "failed", message: error.message };
    throw error;
  }
}
async function sendPatch({ target, step, ownerId }, cluster, opts) {
  try {
    const patched = await cluster.patchWorkload(target.id, step.patch, opts.dryRun, step.type);
    const through = ownerId ? ` of ${formatId(ownerId)} (its workloadRef)` : "";
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
    if (isExpectedError(error)) return { result: "failed", message: error.message };
    throw error;
  }
}
async function templateOwner(ownerId, cluster) {
  const kind = workloadKind(ownerId.kind);
  if (!kind || !("patch" in kind.restart)) {
    return { failed: `its workloadRef names ${formatId(ownerId)}, a kind config-rollout cannot patch` };
  }
  const live = await cluster.readWorkload(ownerId);
  if (!live)
    return { failed: `its workloadRef names ${formatId(ownerId)}, which does not exist in the cluster` };
  return { id: ownerId, kind, live };
}
async function missingMessage(id, kind, cluster) {
  if (kind.customResource && !await cluster.serves(kind.kind)) {
    return `the cluster does not serve ${kind.resource}.${kind.group}/${kind.version}: is the CustomResourceDefinition installed?`;
  }
  return `${formatId(id)} does not exist in the cluster`;
}
function generationOf(obj) {
  const generation = field(field(obj, "metadata"), "generation");
  return typeof generation === "number" ? generation : void 0;
}
function isLive(object) {
  return typeof field(field(object, "metadata"), "resourceVersion") === "string";
}

// src/pipeline/wait.ts
function waitTargetOf(restart) {
  const { id, generation, object, templateOwnerGeneration } = restart;
  return { id, generation, object, templateOwnerGeneration };
}
function logProgress(log) {
  return (id, message) => log.info(`${id.kind.toLowerCase()}/${id.name}: ${message}`);
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
  let finish = () => {
  };
  const finished = new Promise((resolve) => {
    finish = resolve;
  });
  let isFinished = false;
  const cleanups = /* @__PURE__ */ new Set();
  const settle = (state, result, message) => {
    if (state.result) return;
    state.result = { id: state.target.id, result, message, durationMs: now() - started };
    if (--unsettled === 0) stopAll();
  };
  const stopAll = () => {
    if (isFinished) return;
    isFinished = true;
    for (const cleanup of cleanups) cleanup();
    cleanups.clear();
    finish();
  };
  const observe = (state, obj) => {
    if (state.result) return;
    const uid = field(field(obj, "metadata"), "uid");
    const targetUid = field(field(state.target.object, "metadata"), "uid");
    if (typeof uid === "string" && typeof targetUid === "string" && uid !== targetUid)
      return settle(state, "deleted", `${formatId(state.target.id)} was deleted`);
    const generation = field(field(obj, "metadata"), "generation");
    const expected = state.target.generation;
    const status = expected !== void 0 && typeof generation === "number" && generation < expected || ownerChangeUnseen(obj, state.target.templateOwnerGeneration) ? { done: false, message: specUpdateMessage(state.target.id.kind) } : rolloutStatus(obj);
    state.lastError = void 0;
    if (status.notWaitable) return settle(state, "not-waitable", status.message);
    if (status.error) return settle(state, "failed", status.message);
    if (status.paused) return settle(state, "paused", status.message);
    if (status.done) return settle(state, "done", status.message);
    if (status.message !== state.lastMessage) {
      state.lastMessage = status.message;
      opts.onProgress?.(state.target.id, status.message);
    }
  };
  const sleep = (ms) => new Promise((resolve) => {
    if (isFinished) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      cleanups.delete(done);
      resolve();
    }
    cleanups.add(done);
  });
  const groups = /* @__PURE__ */ new Map();
  for (const state of states.values()) {
    const key = `${state.target.id.namespace}/${state.target.id.kind}`;
    groups.set(key, [...groups.get(key) ?? [], state]);
  }
  const runGroup = async (members) => {
    const { namespace, kind } = members[0].target.id;
    if (!workloadKind(kind)?.rolloutStatus) {
      for (const member of members)
        settle(member, "not-waitable", `rollout status is not available for kind ${kind}`);
      return;
    }
    const byName = new Map(members.map((m) => [m.target.id.name, m]));
    const pending = () => !isFinished && members.some((m) => !m.result);
    const fieldSelector = members.length === 1 ? `metadata.name=${members[0].target.id.name}` : void 0;
    let resourceVersion;
    let fromMostRecent = members.every((m) => isLiveObject(m.target.object));
    if (fromMostRecent) {
      for (const member of members) observe(member, { kind, ...member.target.object });
      if (!pending()) return;
    }
    let failures = 0;
    let quickCloses = 0;
    while (pending()) {
      try {
        if (resourceVersion === void 0 && !fromMostRecent) {
          const list = await cluster.listForWatch(namespace, kind, fieldSelector);
          if (isFinished) return;
          const present = /* @__PURE__ */ new Set();
          for (const item of list.items) {
            const name = String(field(field(item, "metadata"), "name") ?? "");
            present.add(name);
            const state = byName.get(name);
            if (state) observe(state, { kind, ...item });
          }
          for (const member of members) {
            if (!present.has(member.target.id.name)) {
              settle(member, "deleted", `${formatId(member.target.id)} does not exist (deleted?)`);
            }
          }
          resourceVersion = list.resourceVersion;
          if (!pending()) return;
        }
        const opened = now();
        const ending = await watchSession(resourceVersion, (rv) => {
          resourceVersion = rv;
        });
        failures = 0;
        if (fromMostRecent && ending.unseen) resourceVersion = void 0;
        fromMostRecent = false;
        if (ending.how === "gone") resourceVersion = void 0;
        if (ending.how === "closed") {
          quickCloses = now() - opened < 1e3 ? quickCloses + 1 : 0;
          if (quickCloses > 1) await sleep(Math.min(2e3, 100 * 2 ** quickCloses));
        }
      } catch (error) {
        fromMostRecent = false;
        if (error instanceof ClusterAccessError && error.status === 410) {
          resourceVersion = void 0;
          continue;
        }
        if (error instanceof ClusterAccessError && [401, 403, 404].includes(error.status ?? 0)) {
          for (const member of members)
            settle(member, "failed", `cannot follow the rollout: ${error.message}`);
          return;
        }
        for (const member of members) member.lastError = error.message;
        resourceVersion = void 0;
        await sleep(Math.min(5e3, (opts.retryDelayMs ?? 250) * 2 ** failures++));
      }
    }
    function watchSession(fromVersion, seen) {
      return new Promise((resolve, reject) => {
        let handle;
        let shown = fromVersion === void 0 ? /* @__PURE__ */ new Set() : void 0;
        const unseen = () => shown !== void 0 && members.some((m) => !m.result && !shown?.has(m.target.id.name));
        const end = (how) => {
          cleanups.delete(stop);
          handle?.abort();
          resolve({ how, unseen: unseen() });
        };
        const stop = () => end("complete");
        cleanups.add(stop);
        handle = cluster.watchWorkloads(
          namespace,
          kind,
          { resourceVersion: fromVersion, fieldSelector },
          (type, obj) => {
            if (type === "ERROR") {
              const code = field(obj, "code");
              if (code === 410) return end("gone");
              cleanups.delete(stop);
              handle?.abort();
              const message = String(field(obj, "message") ?? "watch error");
              return reject(new ClusterAccessError(message, typeof code === "number" ? code : void 0));
            }
            const rv = field(field(obj, "metadata"), "resourceVersion");
            if (typeof rv === "string" && rv !== "") seen(rv);
            if (type === "BOOKMARK") {
              for (const member of members) {
                if (shown && !shown.has(member.target.id.name))
                  settle(member, "deleted", `${formatId(member.target.id)} was deleted`);
              }
              shown = void 0;
              if (!pending()) end("complete");
              return;
            }
            const state = byName.get(String(field(field(obj, "metadata"), "name") ?? ""));
            if (!state) return;
            shown?.add(state.target.id.name);
            if (type === "DELETED") settle(state, "deleted", `${formatId(state.target.id)} was deleted`);
            else observe(state, { kind, ...obj });
            if (!pending()) end("complete");
          },
          (error) => {
            cleanups.delete(stop);
            if (error) reject(error);
            else resolve({ how: "closed", unseen: unseen() });
          }
        );
        if (isFinished) end("complete");
      });
    }
  };
  const deadline = setTimeout(() => {
    for (const state of states.values()) {
      if (state.result) continue;
      const last = [state.lastMessage, state.lastError && `last error: ${state.lastError}`].filter(Boolean).join("; ");
      settle(
        state,
        "timeout",
        `timed out after ${formatSeconds(opts.timeoutMs)} waiting for ${formatId(state.target.id)}${last ? `: ${last}` : ""}`
      );
    }
  }, opts.timeoutMs);
  cleanups.add(() => clearTimeout(deadline));
  for (const members of groups.values()) {
    runGroup(members).catch((error) => {
      for (const member of members)
        settle(member, "failed", `internal error while waiting: ${String(error)}`);
    });
  }
  await finished;
  return targets.map((t) => states.get(idKey(t.id)).result);
}
function isLiveObject(obj) {
  return typeof field(field(obj, "metadata"), "resourceVersion") === "string";
}
function ownerChangeUnseen(obj, ownerGeneration) {
  if (ownerGeneration === void 0) return false;
  const seen = Number.parseInt(
    String(field(field(field(obj, "metadata"), "annotations"), WORKLOAD_GENERATION_ANNOTATION) ?? ""),
    10
  );
  return !(seen >= ownerGeneration);
}
function formatSeconds(ms) {
  return ms % 1e3 === 0 ? `${ms / 1e3}s` : `${(ms / 1e3).toFixed(1)}s`;
}

export {
  idKey,
  formatId,
  isFailure,
  outcomeOf,
  runLimited,
  patchWrites,
  configWrite,
  checkPermissions,
  globMatcher,
  restartWorkloads,
  waitTargetOf,
  logProgress,
  waitForRollouts
};
