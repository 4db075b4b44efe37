import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  checkPermissions,
  configWrite,
  formatId,
  idKey,
  isFailure,
  logProgress,
  patchWrites,
  restartWorkloads,
  runLimited,
  waitForRollouts,
  waitTargetOf
} from "./chunk-CYVLK32L.js";
import {
  liveConfigContent
} from "./chunk-YCBLJROO.js";
import {
  UserError,
  isExpectedError
} from "./chunk-IUTW6PJ2.js";
import {
  canonicalJson,
  changedKeys,
  compareStrings
} from "./chunk-SKWB4KID.js";
import {
  WORKLOAD_KINDS,
  podTemplateOf,
  workloadKind,
  workloadKindOf
} from "./chunk-KIER4OVU.js";
import {
  arrayField,
  field,
  isRecord,
  stringField
} from "./chunk-HRGDZ7KG.js";
import "./chunk-VDSW2JPR.js";

// src/core/versioned/config-copy.ts
import { createHash, createHmac } from "node:crypto";
var SOURCE_LABEL = "config-rollout.io/source";
var MANAGED_LABEL = "config-rollout.io/managed";
var SOURCE_COMMIT_ANNOTATION = "config-rollout.io/source-commit";
var SUFFIX_LENGTH = 10;
var MAX_NAME_LENGTH = 253;
function copyHash(kind, content, type, key) {
  const payload = canonicalJson({ kind, type: type ?? null, content });
  const hash = key === void 0 ? createHash("sha256") : createHmac("sha256", key);
  return hash.update(payload, "utf8").digest("hex").slice(0, SUFFIX_LENGTH);
}
function copyName(sourceName, hash) {
  const name = `${sourceName}-${hash}`;
  if (name.length > MAX_NAME_LENGTH) {
    throw new UserError(
      `${sourceName}: a versioned copy would be named ${name.length} characters long (limit ${MAX_NAME_LENGTH}); shorten the config's name`
    );
  }
  return name;
}
function configCopy(source, commit, key) {
  const { id, object, content } = source;
  const type = id.kind === "Secret" ? stringField(object, "type") ?? "Opaque" : void 0;
  const name = copyName(id.name, copyHash(id.kind, content, type, key));
  const body = {
    apiVersion: "v1",
    kind: id.kind,
    metadata: {
      name,
      namespace: id.namespace,
      labels: { [SOURCE_LABEL]: id.name, [MANAGED_LABEL]: "true" },
      annotations: { [SOURCE_COMMIT_ANNOTATION]: commit }
    },
    immutable: true,
    ...id.kind === "Secret" ? { type, data: { ...content } } : configMapData(object, content)
  };
  return { source: id, name, body };
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
function isManagedCopy(obj) {
  const labels = field(field(obj, "metadata"), "labels");
  return stringField(labels, MANAGED_LABEL) === "true" && typeof stringField(labels, SOURCE_LABEL) === "string";
}

// src/core/versioned/repoint.ts
var CONTAINER_LISTS = ["initContainers", "containers", "ephemeralContainers"];
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
  const visit = (holder, key, configKind, path, placement) => {
    if (!isRecord(holder)) return;
    const name = stringField(holder, key);
    if (!name) return;
    const site = { path, configKind, name };
    if (collect) sites.push(site);
    const to = rename(site);
    if (to === void 0 || to === name) return;
    holder[key] = to;
    located.push({ ...site, to, placement });
  };
  arrayField(spec, "volumes").forEach((volume, index) => {
    const volumeName = stringField(volume, "name");
    const at = `volumes[${volumeName ?? index}]`;
    const place = (part) => ({ list: "volumes", item: volumeName ?? "", part });
    visit(field(volume, "configMap"), "name", "ConfigMap", `${at}.configMap`, place("configMap"));
    visit(field(volume, "secret"), "secretName", "Secret", `${at}.secret`, place("secret"));
    arrayField(field(volume, "projected"), "sources").forEach((source, i) => {
      const sourceAt = `${at}.sources[${i}]`;
      visit(field(source, "configMap"), "name", "ConfigMap", `${sourceAt}.configMap`, place("projected"));
      visit(field(source, "secret"), "name", "Secret", `${sourceAt}.secret`, place("projected"));
    });
  });
  for (const list of CONTAINER_LISTS) {
    arrayField(spec, list).forEach((container, index) => {
      const containerName = stringField(container, "name");
      const at = `${list}[${containerName ?? index}]`;
      const place = (part, envName) => ({
        list,
        item: containerName ?? "",
        part,
        ...envName === void 0 ? {} : { envName }
      });
      arrayField(container, "envFrom").forEach((envFrom, i) => {
        visit(
          field(envFrom, "configMapRef"),
          "name",
          "ConfigMap",
          `${at}.envFrom[${i}].configMapRef`,
          place("envFrom")
        );
        visit(
          field(envFrom, "secretRef"),
          "name",
          "Secret",
          `${at}.envFrom[${i}].secretRef`,
          place("envFrom")
        );
      });
      arrayField(container, "env").forEach((env, i) => {
        const envName = stringField(env, "name");
        const envAt = `${at}.env[${envName ?? i}]`;
        const valueFrom = field(env, "valueFrom");
        visit(
          field(valueFrom, "configMapKeyRef"),
          "name",
          "ConfigMap",
          `${envAt}.configMapKeyRef`,
          place("env", envName)
        );
        visit(
          field(valueFrom, "secretKeyRef"),
          "name",
          "Secret",
          `${envAt}.secretKeyRef`,
          place("env", envName)
        );
      });
    });
  }
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
    const source = findItem(repointed.spec, placement.list, placement.item);
    switch (placement.part) {
      case "configMap":
        item.configMap = { name: to };
        break;
      case "secret":
        item.secret = { secretName: to };
        break;
      case "projected":
        item.projected = { sources: arrayField(field(source, "projected"), "sources") };
        break;
      case "envFrom":
        item.envFrom = arrayField(source, "envFrom");
        break;
      case "env": {
        const env = arrayField(source, "env").find((e) => stringField(e, "name") === placement.envName);
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
  return nest(templatePath, { spec });
}
function repointMergePatch(repointed, live, templatePath) {
  const lists = new Set(repointed.located.map((l) => l.placement.list));
  const spec = {};
  for (const list of lists) spec[list] = repointed.spec[list];
  const resourceVersion = stringField(field(live, "metadata"), "resourceVersion");
  return { ...resourceVersion ? { metadata: { resourceVersion } } : {}, ...nest(templatePath, { spec }) };
}
function podSpecAt(obj, templatePath) {
  let template = obj;
  for (const step of templatePath) template = field(template, step);
  return field(template, "spec");
}
function withPodSpec(obj, templatePath, spec) {
  const copy = structuredClone(obj);
  let template = copy;
  for (const step of templatePath) template = field(template, step);
  if (isRecord(template)) template.spec = spec;
  return copy;
}
function findItem(spec, list, name) {
  return arrayField(spec, list).find((item) => stringField(item, "name") === name);
}
function nest(path, value) {
  return path.reduceRight((inner, step) => ({ [step]: inner }), value);
}

// src/core/versioned/prunable-copies.ts
function podSpecOfHolder(obj) {
  if (field(obj, "kind") === "ControllerRevision") {
    return field(field(field(field(obj, "data"), "spec"), "template"), "spec");
  }
  return podTemplateOf(obj)?.spec;
}
function referencedConfigs(holders) {
  const names = /* @__PURE__ */ new Set();
  for (const holder of holders) {
    for (const site of referenceSites(podSpecOfHolder(holder))) names.add(`${site.configKind}/${site.name}`);
  }
  return names;
}
function choosePrunable(copies, kind, referenced, keep) {
  const managed = copies.filter(isManagedCopy);
  const newestFirst = [...managed].sort((a, b) => {
    const byTime = compareStrings(createdAt(b), createdAt(a));
    return byTime !== 0 ? byTime : compareStrings(nameOf(a), nameOf(b));
  });
  const remove = [];
  const kept = [];
  newestFirst.forEach((copy, index) => {
    const name = nameOf(copy);
    if (referenced.has(`${kind}/${name}`)) kept.push({ name, why: "referenced" });
    else if (index < keep) kept.push({ name, why: "newest" });
    else remove.push(copy);
  });
  return { remove, kept };
}
function nameOf(obj) {
  return stringField(field(obj, "metadata"), "name") ?? "";
}
function createdAt(obj) {
  return stringField(field(obj, "metadata"), "creationTimestamp") ?? "";
}

// src/pipeline/strategy/versioned-strategy.ts
function createVersionedStrategy(settings) {
  const serverDryRun = settings.dryRun === "server";
  const copies = /* @__PURE__ */ new Map();
  const renameTo = /* @__PURE__ */ new Map();
  const repointings = /* @__PURE__ */ new Map();
  let copiesBefore;
  const managedCopiesBefore = (cluster, namespace, kind) => {
    copiesBefore ??= managedCopyLister(cluster);
    return copiesBefore(namespace, kind);
  };
  const stepFor = (live, kind, repointed) => {
    const type = "patch" in kind.restart ? kind.restart.patch : "strategic-merge";
    const patch = type === "strategic-merge" ? repointStrategicPatch(repointed, kind.templatePath) : repointMergePatch(repointed, live, kind.templatePath);
    return { patch, type, describe: describeChanges(repointed.changes) };
  };
  return {
    name: "versioned",
    needsLiveConfigs: false,
    planNotes(context) {
      const lines = plannedSources(context).map(({ source, consumers }) => {
        const { id } = source;
        const name = id.kind === "Secret" && !settings.hashKey ? `${id.name}-<hash keyed with the Secret's UID>` : configCopy(source, context.head, settings.hashKey ? Buffer.from(settings.hashKey) : void 0).name;
        return `would copy ${id.kind.toLowerCase()}/${id.name} at ${context.head.slice(0, 12)} to ${name} (namespace ${id.namespace}) and repoint ${consumers.join(", ")} to it`;
      });
      if (settings.prune && lines.length > 0) {
        lines.push("pruning reads the cluster: --dry-run=server shows which old copies would be deleted");
      }
      return lines;
    },
    async prepare(context) {
      const { cluster, log } = context;
      const toCreate = [];
      const planned = plannedSources(context);
      const managedCopies = (namespace, kind) => managedCopiesBefore(cluster, namespace, kind);
      const checked = await runLimited(planned, settings.concurrency ?? 8, async (p) => {
        const key = await hashKeyFor(p.source, settings.hashKey, cluster);
        const copy = configCopy(p.source, context.head, key);
        const { kind, namespace, name } = copy.source;
        const [existing, copiesInNamespace] = await Promise.all([
          // By name, whatever its labels: the name may be taken by an object that is not a copy.
          cluster.readObject({ apiVersion: "v1", kind, namespace, name: copy.name }),
          managedCopies(namespace, kind)
        ]);
        const older = copiesInNamespace.filter((c) => sourceLabelOf(c) === name && isManagedCopy(c));
        return { copy, head: p.head, existing, older };
      });
      for (const { copy, head, existing, older } of checked) {
        const { source } = copy;
        const sourceKey = idKey(source);
        const where = `${source.kind.toLowerCase()}/${copy.name} (namespace ${source.namespace})`;
        if (existing && !isManagedCopy(existing)) {
          throw new UserError(
            `${where} exists and is not a config-rollout copy (no config-rollout.io/managed label): refusing to overwrite it`
          );
        }
        if (existing && changedKeys(liveConfigContent({ ...existing, kind: source.kind }), head.snapshot.content).length > 0) {
          throw new UserError(
            `${where} exists with other content than ${formatId(source)} at ${context.head}: refusing to use it`
          );
        }
        if (!existing) toCreate.push(copy);
        else log.info(`${where} already exists: reused`);
        const olderNames = new Set(older.map(nameOf2).filter((n) => n !== copy.name));
        copies.set(sourceKey, { copy, older: olderNames });
        renameTo.set(sourceKey, copy.name);
        for (const name of olderNames) renameTo.set(idKey({ ...source, name }), copy.name);
      }
      if (toCreate.length > 0) {
        const workloadKinds = context.workloads.flatMap((w) => {
          const kind = workloadKind(w.id.kind);
          return kind ? [{ id: w.id, kind }] : [];
        });
        await checkPermissions(
          cluster,
          [
            ...toCreate.flatMap(
              (copy) => ["create", "patch"].map((verb) => ({
                ...configWrite(copy.source),
                verb
              }))
            ),
            ...patchWrites(workloadKinds)
          ],
          log,
          settings.concurrency
        );
      }
      for (const copy of toCreate) {
        await cluster.applyConfig(copy.body, serverDryRun, copy.source.namespace);
        log.info(
          `${serverDryRun ? "server dry run accepted" : "created"} ${copy.source.kind.toLowerCase()}/${copy.name} (namespace ${copy.source.namespace}), an immutable copy of ${copy.source.name} at ${context.head.slice(0, 12)}`
        );
      }
    },
    async planningView(workloads, cluster) {
      const sourceOf = /* @__PURE__ */ new Map();
      for (const namespace of new Set(workloads.map((w) => w.id.namespace))) {
        for (const kind of ["ConfigMap", "Secret"]) {
          for (const copy of await managedCopiesBefore(cluster, namespace, kind)) {
            const source = sourceLabelOf(copy);
            if (isManagedCopy(copy) && source)
              sourceOf.set(idKey({ kind, namespace, name: nameOf2(copy) }), source);
          }
        }
      }
      if (sourceOf.size === 0) return workloads;
      return workloads.map((manifest) => {
        const kind = workloadKindOf(manifest.object);
        if (!kind) return manifest;
        const { namespace } = manifest.id;
        const asSources = repointPodSpec(
          podSpecAt(manifest.object, kind.templatePath),
          (site) => sourceOf.get(idKey({ kind: site.configKind, namespace, name: site.name }))
        );
        if (asSources.changes.length === 0) return manifest;
        return { ...manifest, object: withPodSpec(manifest.object, kind.templatePath, asSources.spec) };
      });
    },
    patchFor(id, live, kind) {
      const rename = (site) => renameTo.get(idKey({ kind: site.configKind, namespace: id.namespace, name: site.name }));
      const repointed = repointPodSpec(podSpecAt(live, kind.templatePath), rename);
      if (repointed.changes.length === 0) {
        const wanted = new Set(
          [...copies.values()].filter((c) => c.copy.source.namespace === id.namespace).map((c) => `${c.copy.source.kind}/${c.copy.name}`)
        );
        const named = [
          ...new Set(
            referenceSites(podSpecAt(live, kind.templatePath)).filter((site) => wanted.has(`${site.configKind}/${site.name}`)).map((site) => site.name)
          )
        ];
        return {
          unchanged: named.length > 0 ? `pod template already names ${named.join(", ")}` : "its live pod template names none of the changed configs: nothing to repoint"
        };
      }
      repointings.set(idKey(id), { changes: repointed.changes });
      return stepFor(live, kind, repointed);
    },
    async afterWait(results, context) {
      const notes = [];
      for (const result of results) {
        const repointing = repointings.get(idKey(result.id));
        if (repointing && result.restart !== "failed" && result.rollout !== void 0) {
          result.message = `repointed ${describeChanges(repointing.changes)}; ${result.message}`;
        }
      }
      const rolledBack = settings.rollback ? await rollBack(results, context, repointings, stepFor) : results;
      if (!settings.rollback) {
        for (const r of results) {
          if (isFailure(r) && repointings.has(idKey(r.id)))
            r.message += "; --no-rollback: left on the new copy";
        }
      }
      if (settings.prune && !rolledBack.some(isFailure)) {
        notes.push(...await prune(context.cluster, [...copies.values()], settings, context.log));
      }
      return { results: rolledBack, notes };
    }
  };
}
function plannedSources(context) {
  const sources = /* @__PURE__ */ new Map();
  for (const workload of context.workloads) {
    for (const ref of workload.references) {
      const entry = sources.get(idKey(ref.config)) ?? { id: ref.config, consumers: [] };
      const consumer = `${workload.id.kind.toLowerCase()}/${workload.id.name}`;
      if (!entry.consumers.includes(consumer)) entry.consumers.push(consumer);
      sources.set(idKey(ref.config), entry);
    }
  }
  return [...sources].flatMap(([sourceKey, { id, consumers }]) => {
    const head = context.headConfigs.get(sourceKey);
    if (!head) return [];
    const source = {
      id: { ...id, kind: id.kind },
      object: head.manifest.object,
      content: head.snapshot.content
    };
    return [{ source, head, consumers }];
  });
}
async function hashKeyFor(source, hashKey, cluster) {
  if (hashKey) return Buffer.from(hashKey);
  if (source.id.kind !== "Secret") return void 0;
  const live = await cluster.readConfig(source.id);
  if (!live?.uid) {
    throw new UserError(
      `${formatId(source.id)} is not on the cluster, so its copy's name cannot be keyed with its UID: set --hash-key (the same on every cluster that should share copy names)`
    );
  }
  return Buffer.from(live.uid);
}
async function rollBack(results, context, repointings, stepFor) {
  const failed = results.filter(
    (r) => r.restart === "restarted" && (r.rollout === "failed" || r.rollout === "timeout") && repointings.has(idKey(r.id))
  );
  if (failed.length === 0) return results;
  const { cluster, log } = context;
  return log.group("Roll back failed workloads to their previous config", async () => {
    const restarted = await restartWorkloads(
      failed.map((r) => ({ id: r.id })),
      cluster,
      {
        strategy: {
          patchFor(id, live, kind) {
            const changes = repointings.get(idKey(id))?.changes ?? [];
            const back = (site) => changes.find((c) => c.path === site.path && c.to === site.name)?.name;
            const repointed = repointPodSpec(podSpecAt(live, kind.templatePath), back);
            if (repointed.changes.length === 0)
              return { unchanged: "its pod template no longer names the new copies" };
            return stepFor(live, kind, repointed);
          }
        },
        now: context.now,
        dryRun: false,
        log
      }
    );
    const waited = await waitForRollouts(
      cluster,
      restarted.filter((r) => r.result === "restarted").map(waitTargetOf),
      { timeoutMs: context.timeoutMs, onProgress: logProgress(log) }
    );
    for (const result of failed) {
      const changes = repointings.get(idKey(result.id))?.changes ?? [];
      const back = restarted.find((r) => idKey(r.id) === idKey(result.id));
      const rollout = waited.find((w) => idKey(w.id) === idKey(result.id));
      const names = describeChanges(changes.map((c) => ({ ...c, name: c.to, to: c.name })));
      const verdict = back?.result !== "restarted" ? `rollback not applied: ${back?.message ?? "no result"}` : rollout?.result === "done" ? `rolled back (${names}); the rollback rolled out` : `rolled back (${names}); the rollback rollout ${rollout?.result ?? "was not followed"}: ${rollout?.message ?? ""}`;
      result.message = `${result.message}; ${verdict}`;
      log.warn(`${formatId(result.id)}: rollout of the new config failed; ${verdict}`);
    }
    return results;
  });
}
async function prune(cluster, sources, settings, log) {
  const notes = [];
  const dryRun = settings.dryRun === "server";
  const referencedIn = /* @__PURE__ */ new Map();
  const referenced = (namespace) => {
    let names = referencedIn.get(namespace);
    if (!names) {
      names = readReferencingObjects(cluster, namespace).then(referencedConfigs);
      referencedIn.set(namespace, names);
    }
    return names;
  };
  const managedCopies = managedCopyLister(cluster);
  await log.group("Prune unreferenced config copies", async () => {
    for (const { copy } of sources) {
      const { source } = copy;
      try {
        const listed = (await managedCopies(source.namespace, source.kind)).filter(
          (c) => sourceLabelOf(c) === source.name
        );
        const inUse = /* @__PURE__ */ new Set([...await referenced(source.namespace), `${source.kind}/${copy.name}`]);
        const decision = choosePrunable(listed, source.kind, inUse, settings.keep);
        for (const obj of decision.remove) {
          const name = nameOf2(obj);
          await cluster.deleteObject(
            { apiVersion: "v1", kind: source.kind, namespace: source.namespace, name },
            dryRun
          );
          const line = `${dryRun ? "would delete (server dry run)" : "deleted"} ${source.kind.toLowerCase()}/${name} (namespace ${source.namespace}): an old copy of ${source.name} that no workload, ReplicaSet, ControllerRevision or Pod names`;
          log.info(line);
          notes.push(line);
        }
      } catch (error) {
        if (!isExpectedError(error)) throw error;
        const line = `could not prune the copies of ${formatId(source)}: ${error.message}`;
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
    cluster.listObjects(namespace, "apps/v1", "ControllerRevision")
  ]);
  return lists.flat();
}
function describeChanges(changes) {
  const distinct = new Set(changes.map((c) => `${c.configKind.toLowerCase()} ${c.name} \u2192 ${c.to}`));
  return [...distinct].join(", ");
}
function managedCopyLister(cluster) {
  const lists = /* @__PURE__ */ new Map();
  return (namespace, kind) => {
    const key = `${kind}/${namespace}`;
    let listed = lists.get(key);
    if (!listed) {
      listed = cluster.listObjects(namespace, "v1", kind, `${MANAGED_LABEL}=true`);
      listed.catch(() => {
      });
      lists.set(key, listed);
    }
    return listed;
  };
}
function sourceLabelOf(obj) {
  const labels = obj.metadata?.labels;
  const source = labels?.[SOURCE_LABEL];
  return typeof source === "string" ? source : void 0;
}
function nameOf2(obj) {
  return String(obj.metadata?.name ?? "");
}
export {
  createVersionedStrategy
};
