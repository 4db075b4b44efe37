// One kustomization file's text -> the local paths it reads. Pure: the caller reads the file.
// Used to know which files a kustomization tree owns (they are not raw manifests) and which pushes
// touch it (only those are rendered). Remote resources (URLs, git repos) are not local inputs.
import { parse } from "yaml";
import { field, isRecord } from "../manifests/json-shape.js";
import { kustomizationDirOf } from "./kustomization-names.js";

export { KUSTOMIZATION_FILE_NAMES, kustomizationDirOf } from "./kustomization-names.js";

export interface GeneratorInputs {
  kind: "ConfigMap" | "Secret";
  /** The generator's name before any prefix, suffix or hash. */
  name: string;
  /** Local files it reads (files and envs), repository-relative. */
  files: string[];
}

export interface KustomizationFile {
  /** Directory of the kustomization, repository-relative ("" for the root). */
  dir: string;
  /** Repository-relative path of the kustomization file itself. */
  path: string;
  /** kind: Component cannot be built on its own, so it is never a root. */
  isComponent: boolean;
  /** Its own `namespace:` field, when it sets one. */
  namespace?: string;
  /** Local paths named as resources, bases, components, generators or transformers (files or directories). */
  entries: string[];
  /** Local paths named as resources or bases (files or directories): where its own objects are written. */
  resources: string[];
  /** Local files read for patches, generators, replacements, CRDs and configurations. */
  files: string[];
  generators: GeneratorInputs[];
  /** Files of patches (a changed patch is the file to blame for the objects it targets). */
  patchFiles: string[];
  /** Remote entries as written (`github.com/...`, `git::...`, `https://...`, `git@host:...`). */
  remote: string[];
  /** Entries that resolve outside the repository (absolute, or `..` past its root), as written. */
  outside: string[];
  /**
   * Set when it has a field that can carry a value from one object into another or make objects
   * from files (replacements, vars, generators, transformers, Helm charts, custom configurations).
   */
  carriesValues?: true;
  /** Set when the file does not parse: the kustomization is still a source, its inputs unknown. */
  problem?: string;
}

const CARRYING_FIELDS = [
  "replacements",
  "vars",
  "generators",
  "transformers",
  "helmCharts",
  "helmChartInflationGenerator",
  "configurations",
  "crds",
];

/** Where a kustomization lives, when `path` is a kustomization file; undefined otherwise. */
export function readKustomizationFile(path: string, text: string): KustomizationFile {
  const dir = kustomizationDirOf(path) ?? "";
  const result: KustomizationFile = {
    dir,
    path,
    isComponent: false,
    entries: [],
    resources: [],
    files: [],
    generators: [],
    patchFiles: [],
    remote: [],
    outside: [],
  };
  let doc: unknown;
  try {
    doc = parse(text, { logLevel: "error", maxAliasCount: 100 });
  } catch (error) {
    result.problem = error instanceof Error ? error.message.split("\n", 1)[0] : String(error);
    return result;
  }
  if (!isRecord(doc)) return result;
  result.isComponent = field(doc, "kind") === "Component";
  if (CARRYING_FIELDS.some((key) => field(doc, key) !== undefined && field(doc, key) !== null))
    result.carriesValues = true;
  const namespace = field(doc, "namespace");
  if (typeof namespace === "string" && namespace.trim() !== "") result.namespace = namespace.trim();
  const pushAll = (into: string[], values: unknown[]) => {
    for (const value of values) {
      const path = localEntry(dir, value, result);
      if (path !== undefined && !into.includes(path)) into.push(path);
    }
  };
  for (const key of ["resources", "bases", "components", "generators", "transformers", "validators"]) {
    pushAll(result.entries, listOf(field(doc, key)));
  }
  for (const key of ["resources", "bases"]) pushAll(result.resources, listOf(field(doc, key)));
  for (const key of ["crds", "configurations"]) pushAll(result.files, listOf(field(doc, key)));
  // patchesStrategicMerge items are file paths or inline patches (which hold a newline or a colon).
  const patchPaths = [
    ...listOf(field(doc, "patchesStrategicMerge")).filter((p) => typeof p === "string" && !/[\n:]/.test(p)),
    ...listOf(field(doc, "patchesJson6902")).map((p) => field(p, "path")),
    ...listOf(field(doc, "patches")).map((p) => field(p, "path")),
  ];
  pushAll(result.patchFiles, patchPaths);
  pushAll(result.files, patchPaths);
  pushAll(
    result.files,
    listOf(field(doc, "replacements")).map((r) => field(r, "path")),
  );
  pushAll(result.files, [field(field(doc, "openapi"), "path")]);
  for (const [key, kind] of [
    ["configMapGenerator", "ConfigMap"],
    ["secretGenerator", "Secret"],
  ] as const) {
    for (const generator of listOf(field(doc, key))) {
      const name = field(generator, "name");
      // `files` items are `path` or `key=path`; `envs` (and the older `env`) are paths.
      const files = [
        ...listOf(field(generator, "files")).map((f) =>
          typeof f === "string" && f.includes("=") ? f.slice(f.indexOf("=") + 1) : f,
        ),
        ...listOf(field(generator, "envs")),
        field(generator, "env"),
      ];
      const paths: string[] = [];
      pushAll(paths, files);
      for (const path of paths) if (!result.files.includes(path)) result.files.push(path);
      if (typeof name === "string") result.generators.push({ kind, name, files: paths });
    }
  }
  return result;
}

/**
 * An entry's path in the repository; undefined for a remote entry or one outside the repository
 * (each noted in `seen.remote` or `seen.outside`, as written) and for anything not a path.
 */
function localEntry(
  dir: string,
  value: unknown,
  seen: Pick<KustomizationFile, "remote" | "outside">,
): string | undefined {
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const written = value.trim();
  if (isRemote(written)) {
    if (!seen.remote.includes(written)) seen.remote.push(written);
    return undefined;
  }
  const path = joinPath(dir, written);
  // Outside the repository (absolute, or climbing past its root): not an input we can track, and
  // never one a render may read (see core/sources/kustomize-entries.ts).
  if (written.startsWith("/") || path === ".." || path.startsWith("../")) {
    if (!seen.outside.includes(written)) seen.outside.push(written);
    return undefined;
  }
  return path;
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** URLs, scp-like git addresses and `github.com/...` style remote bases. */
export function isRemote(value: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ||
    /^git::/i.test(value) ||
    /^[^/]+@[^/]+:/.test(value) ||
    /^(github|gitlab|bitbucket)\.(com|org)\//.test(value)
  );
}

/**
 * `dir` + a relative path, normalised; a path that climbs out of the repository is kept as it is
 * written past the root (it can never match a repository file, which is what we want).
 */
export function joinPath(dir: string, relative: string): string {
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
