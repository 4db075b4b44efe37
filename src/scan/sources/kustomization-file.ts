// One kustomization file's text -> the local paths it reads. Pure: the caller reads the file.
// Used to know which files a kustomization tree owns (they are not raw manifests) and which pushes
// touch it (only those are rendered). Remote resources (URLs, git repos) are not local inputs.
import { parse } from "yaml";
import { field, isRecord } from "../../core/json-shape.js";
import { kustomizationDirOf } from "./kustomization-names.js";

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
  /**
   * The local entries of resources, bases, components, generators, transformers and validators, as
   * written and resolved: kustomize fetches one of these as a git repository when no file or
   * directory is at its path (see kustomize-entries.ts).
   */
  loadable: Array<{ written: string; path: string }>;
  /** Entries that resolve outside the repository (absolute, or `..` past its root), as written. */
  outside: string[];
  /**
   * Set when it has a field that can carry a value from one object into another or make objects
   * from files (replacements, vars, generators, transformers, Helm charts, custom configurations).
   */
  carriesValues?: true;
  /**
   * Set when it hands files to other programs (Helm charts, generator, transformer and validator
   * plugins): what they read, and whether as YAML or as text, is not known here.
   */
  runsPrograms?: true;
  /** Set when the file does not parse: the kustomization is still a source, its inputs unknown. */
  problem?: string;
}

const PROGRAM_FIELDS = [
  "helmCharts",
  "helmChartInflationGenerator",
  "generators",
  "transformers",
  "validators",
];
/** Fields kustomize loads as a file, else as a git repository or a directory (kusttarget.go). */
const LOADABLE_FIELDS = ["resources", "bases", "components", "generators", "transformers", "validators"];
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
    loadable: [],
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
  if (PROGRAM_FIELDS.some((key) => field(doc, key) !== undefined && field(doc, key) !== null))
    result.runsPrograms = true;
  const namespace = field(doc, "namespace");
  if (typeof namespace === "string" && namespace.trim() !== "") result.namespace = namespace.trim();
  // The one check: every value of every field that can name a file, a directory or a URL is
  // classified here (remote and outside entries noted), whichever list it then feeds.
  for (const { field: name, value } of namedValues(doc)) {
    const entry = classifyEntry(dir, value, name);
    if (entry.kind === "remote" && !result.remote.includes(entry.written)) result.remote.push(entry.written);
    if (entry.kind === "outside" && !result.outside.includes(entry.written))
      result.outside.push(entry.written);
    if (entry.kind === "local" && LOADABLE_FIELDS.includes(name))
      result.loadable.push({ written: (value as string).trim(), path: entry.path });
  }
  const pathsOf = (name: string) =>
    namedValues(doc)
      .filter((v) => v.field === name)
      .map((v) => classifyEntry(dir, v.value, name))
      .flatMap((entry) => (entry.kind === "local" ? [entry.path] : []));
  const pushAll = (into: string[], paths: string[]) => {
    for (const path of paths) if (!into.includes(path)) into.push(path);
  };
  for (const key of LOADABLE_FIELDS) pushAll(result.entries, pathsOf(key));
  for (const key of ["resources", "bases"]) pushAll(result.resources, pathsOf(key));
  for (const key of ["crds", "configurations"]) pushAll(result.files, pathsOf(key));
  const patchPaths = ["patchesStrategicMerge", "patchesJson6902[].path", "patches[].path"].flatMap(pathsOf);
  pushAll(result.patchFiles, patchPaths);
  pushAll(result.files, patchPaths);
  pushAll(result.files, pathsOf("replacements[].path"));
  pushAll(result.files, pathsOf("openapi.path"));
  for (const [key, kind] of [
    ["configMapGenerator", "ConfigMap"],
    ["secretGenerator", "Secret"],
  ] as const) {
    for (const generator of listOf(field(doc, key))) {
      const name = field(generator, "name");
      const paths: string[] = [];
      for (const value of generatorFiles(generator)) {
        const entry = classifyEntry(dir, value, key);
        if (entry.kind === "local" && !paths.includes(entry.path)) paths.push(entry.path);
      }
      for (const path of paths) if (!result.files.includes(path)) result.files.push(path);
      if (typeof name === "string") result.generators.push({ kind, name, files: paths });
    }
  }
  return result;
}

/** What one value of a naming field is: a repository path, a remote address, outside, or no path at all. */
type NamedEntry =
  | { kind: "local"; path: string }
  | { kind: "remote"; written: string }
  | { kind: "outside"; written: string }
  /** An inline patch or configuration (YAML in the field itself), or a value that is no string. */
  | { kind: "inline" };

/**
 * Every value of a kustomization that kustomize may read as a file, a directory or a URL, with the
 * field it came from (`patches[].path`, `configMapGenerator` for a generator's files, envs and env).
 * One table, so a field cannot skip the remote and outside checks.
 */
export function namedValues(doc: unknown): Array<{ field: string; value: unknown }> {
  const out: Array<{ field: string; value: unknown }> = [];
  const add = (name: string, values: unknown[]) => {
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
    "patchesStrategicMerge",
  ]) {
    add(key, listOf(field(doc, key)));
  }
  for (const key of ["patchesJson6902", "patches", "replacements"]) {
    add(
      `${key}[].path`,
      listOf(field(doc, key)).map((item) => field(item, "path")),
    );
  }
  add("openapi.path", [field(field(doc, "openapi"), "path")]);
  for (const key of ["configMapGenerator", "secretGenerator"]) {
    add(key, listOf(field(doc, key)).flatMap(generatorFiles));
  }
  // Helm is never enabled, so kustomize refuses these; checked all the same (fail closed).
  for (const chart of listOf(field(doc, "helmCharts"))) {
    add("helmCharts[].valuesFile", [field(chart, "valuesFile")]);
    add("helmCharts[].additionalValuesFiles", listOf(field(chart, "additionalValuesFiles")));
  }
  add("helmGlobals.chartHome", [field(field(doc, "helmGlobals"), "chartHome")]);
  return out;
}

/** A generator's `files` (`path` or `key=path`), `envs` and the older `env`. */
function generatorFiles(generator: unknown): unknown[] {
  return [
    ...listOf(field(generator, "files")).map((f) =>
      typeof f === "string" && f.includes("=") ? f.slice(f.indexOf("=") + 1) : f,
    ),
    ...listOf(field(generator, "envs")),
    field(generator, "env"),
  ];
}

/**
 * The one check of a value a kustomization names (`name`: the field, see namedValues). A `file://`
 * address is a git repository on the runner's disk: outside, never "remote". A URL is remote in
 * every field, patchesStrategicMerge included (kustomize fetches it); only YAML written in the field
 * (a line break; in patchesStrategicMerge also one line that is a mapping, `{...}` or `key: value`)
 * is inline.
 */
export function classifyEntry(dir: string, value: unknown, name: string): NamedEntry {
  if (typeof value !== "string" || value.trim() === "") return { kind: "inline" };
  const written = value.trim();
  if (written.includes("\n")) return { kind: "inline" };
  if (/^(git::)?file:/i.test(written)) return { kind: "outside", written };
  if (isRemote(written)) return { kind: "remote", written };
  // A one-line inline patch (`|-` with one line, or a flow mapping): YAML, not a path.
  if (name === "patchesStrategicMerge" && (written.startsWith("{") || written.includes(": ")))
    return { kind: "inline" };
  const path = joinPath(dir, written);
  // Outside the repository (absolute, or climbing past its root): not an input we can track, and
  // never one a render may read (see scan/sources/kustomize-entries.ts).
  if (written.startsWith("/") || path === ".." || path.startsWith("../")) return { kind: "outside", written };
  return { kind: "local", path };
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * URLs (`http:` and `https:` without slashes too: kustomize fetches what Go's url.Parse gives either
 * scheme), scp-like git addresses and `github.com/...` or `github.com:...` style remote bases, in any
 * case (kustomize lower-cases the scheme and the GitHub host). Not the only rule: an entry naming no
 * path of the tree is remote too (refusedEntries).
 */
function isRemote(value: string): boolean {
  return (
    /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ||
    /^https?:/i.test(value) ||
    /^git::/i.test(value) ||
    /^[^/]+@[^/]+:/.test(value) ||
    /^(github|gitlab|bitbucket)\.(com|org)[/:]/i.test(value)
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
