import { createRequire as __configRolloutCreateRequire } from 'node:module';
const require = __configRolloutCreateRequire(import.meta.url);
import {
  KUSTOMIZATION_FILE_NAMES,
  kustomizationDirOf
} from "./chunk-OC6EYEC3.js";
import {
  require_dist
} from "./chunk-RRHDRXGL.js";
import {
  field,
  isRecord
} from "./chunk-HRGDZ7KG.js";
import {
  __toESM
} from "./chunk-VDSW2JPR.js";

// src/core/sources/kustomization-file.ts
var import_yaml = __toESM(require_dist(), 1);
function readKustomizationFile(path, text) {
  const dir = kustomizationDirOf(path) ?? "";
  const result = {
    dir,
    path,
    isComponent: false,
    entries: [],
    files: [],
    generators: [],
    patchFiles: []
  };
  let doc;
  try {
    doc = (0, import_yaml.parse)(text, { logLevel: "error", maxAliasCount: 100 });
  } catch (error) {
    result.problem = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    return result;
  }
  if (!isRecord(doc)) return result;
  result.isComponent = field(doc, "kind") === "Component";
  const local = (value) => {
    if (typeof value !== "string" || value.trim() === "" || isRemote(value) || value.startsWith("/")) {
      return void 0;
    }
    return joinPath(dir, value.trim());
  };
  const pushAll = (into, values) => {
    for (const value of values) {
      const path2 = local(value);
      if (path2 !== void 0 && !into.includes(path2)) into.push(path2);
    }
  };
  for (const key of ["resources", "bases", "components", "generators", "transformers", "validators"]) {
    pushAll(result.entries, listOf(field(doc, key)));
  }
  for (const key of ["crds", "configurations"]) pushAll(result.files, listOf(field(doc, key)));
  const patchPaths = [
    ...listOf(field(doc, "patchesStrategicMerge")).filter((p) => typeof p === "string" && !/[\n:]/.test(p)),
    ...listOf(field(doc, "patchesJson6902")).map((p) => field(p, "path")),
    ...listOf(field(doc, "patches")).map((p) => field(p, "path"))
  ];
  pushAll(result.patchFiles, patchPaths);
  pushAll(result.files, patchPaths);
  pushAll(
    result.files,
    listOf(field(doc, "replacements")).map((r) => field(r, "path"))
  );
  pushAll(result.files, [field(field(doc, "openapi"), "path")]);
  for (const [key, kind] of [
    ["configMapGenerator", "ConfigMap"],
    ["secretGenerator", "Secret"]
  ]) {
    for (const generator of listOf(field(doc, key))) {
      const name = field(generator, "name");
      const files = [
        ...listOf(field(generator, "files")).map(
          (f) => typeof f === "string" && f.includes("=") ? f.slice(f.indexOf("=") + 1) : f
        ),
        ...listOf(field(generator, "envs")),
        field(generator, "env")
      ];
      const paths = [];
      pushAll(paths, files);
      for (const path2 of paths) if (!result.files.includes(path2)) result.files.push(path2);
      if (typeof name === "string") result.generators.push({ kind, name, files: paths });
    }
  }
  return result;
}
function listOf(value) {
  return Array.isArray(value) ? value : [];
}
function isRemote(value) {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^[^/]+@[^/]+:/.test(value) || /^(github|gitlab|bitbucket)\.(com|org)\//.test(value);
}
function joinPath(dir, relative) {
  const parts = dir.split("/").filter(Boolean);
  for (const part of relative.split("/")) {
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
export {
  KUSTOMIZATION_FILE_NAMES,
  joinPath,
  kustomizationDirOf,
  readKustomizationFile
};
