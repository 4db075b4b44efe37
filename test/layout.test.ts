// The placement rule, checked: src/ is laid out as the run goes (docs/architecture.md draws it):
// the stages range/ → scan/ → plan/ → rollout/, and stamp/, each holding its pure steps and the few
// steps that talk to the outside side by side; the pure basics in core/; the adapters (git/ kube/
// process/, and the output adapters report/ comment/ settings/); run/ wires a run; cli/ and action/
// are the entry points, which only translate their inputs and call run/. Purity is checked per file:
// a newcomer who puts I/O into a pure step, or policy into an adapter, learns it here, not in review.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { expect, test } from "vitest";

const SRC = resolve(import.meta.dirname, "../src");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith(".ts") ? [path] : [];
  });
}

interface Import {
  spec: string;
  /** The src/ file a relative import reaches (relative to src/, .ts). */
  file?: string;
  folder?: string;
  typeOnly: boolean;
  /** An `import()`: its module is loaded when the call runs, not with the importing file. */
  dynamic?: true;
}

/** Every import of a file: package names as written, relative ones as the src/ file they reach. */
function importsOf(file: string): Import[] {
  const text = readFileSync(file, "utf8");
  const found: Import[] = [];
  const add = (spec: string, typeOnly: boolean, dynamic = false) => {
    const how = { spec, typeOnly, ...(dynamic ? { dynamic: true as const } : {}) };
    if (!spec.startsWith(".")) {
      found.push(how);
      return;
    }
    const target = relative(SRC, resolve(dirname(file), spec)).replace(/\.js$/, ".ts");
    found.push({ ...how, file: target, folder: target.split("/")[0] });
  };
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms))
    add(match[3]!, Boolean(match[2]));
  for (const match of text.matchAll(/(typeof )?import\("([^"]+)"\)/g)) add(match[2]!, false, !match[1]);
  return found;
}

const folderOf = (file: string) => relative(SRC, file).split("/")[0]!;
const files = sourceFiles(SRC);
const rel = (file: string) => relative(SRC, file);

const STAGES = ["range", "scan", "plan", "rollout", "stamp", "sync"];
const ADAPTERS = ["git", "kube", "process", "report", "comment", "settings"];
const WIRING = ["run"];
const ENTRY_POINTS = ["cli", "action"];

test("src/ holds only the stages, core/, the adapters, the wiring and the entry points", () => {
  expect(readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isFile())).toEqual([]);
  expect(readdirSync(SRC).sort()).toEqual(
    ["core", ...STAGES, ...ADAPTERS, ...WIRING, ...ENTRY_POINTS].sort(),
  );
});

/**
 * The order of the folders, read from docs/architecture.md's tree of src/ (one place for the picture
 * and the rule): each line at the tree's first indent holds the folders of one layer, the lowest
 * first; a deeper line that starts with a folder names a subfolder (of the one folder of the layer
 * line above it, or a whole path such as `rollout/strategy/`).
 */
function architectureTree(): { layers: string[][]; subfolders: string[] } {
  const doc = readFileSync(resolve(import.meta.dirname, "../docs/architecture.md"), "utf8");
  const layers: string[][] = [];
  const subfolders: string[] = [];
  for (const line of doc.split("```\nsrc/")[1]!.split("```")[0]!.split("\n")) {
    const words = line.trim().split(/\s+/);
    const end = words.findIndex((word) => !word.endsWith("/"));
    const folders = words.slice(0, end < 0 ? undefined : end).map((folder) => folder.slice(0, -1));
    if (folders.length === 0) continue;
    if (line.search(/\S/) === 2) layers.push(folders);
    else subfolders.push(...folders.map((f) => (f.includes("/") ? f : `${layers.at(-1)![0]}/${f}`)));
  }
  return { layers, subfolders };
}

const TREE = architectureTree();
const layerOf = (folder: string) => TREE.layers.findIndex((layer) => layer.includes(folder));

test("docs/architecture.md's tree of src/ names exactly its folders and subfolders", () => {
  const dirs = (dir: string): string[] =>
    readdirSync(join(SRC, dir))
      .filter((name) => statSync(join(SRC, dir, name)).isDirectory())
      .flatMap((name) => [join(dir, name), ...dirs(join(dir, name))]);
  expect(TREE.layers.flat().sort()).toEqual(
    dirs("")
      .filter((dir) => !dir.includes("/"))
      .sort(),
  );
  expect(TREE.subfolders.sort()).toEqual(
    dirs("")
      .filter((dir) => dir.includes("/"))
      .sort(),
  );
});

test("stages only look down: a folder imports only the folders on the lines above its own in the tree (types may cross)", () => {
  const upward = files.flatMap((file) =>
    importsOf(file)
      .filter((imp) => imp.folder !== undefined && imp.folder !== folderOf(file) && !imp.typeOnly)
      .filter((imp) => layerOf(imp.folder!) >= layerOf(folderOf(file)))
      .map((imp) => `${rel(file)} imports ${imp.file}: move what both need down, or import its type only`),
  );
  expect(upward).toEqual([]);
});

/** Packages whose use is I/O: a pure file never imports them. */
const IO_PACKAGES = [
  "node:fs",
  "node:fs/promises",
  "node:child_process",
  "node:http",
  "node:https",
  "node:net",
  "node:tls",
  "node:os",
  "@kubernetes/client-node",
  "simple-git",
  "@actions/core",
];
const isIoPackage = (spec: string) => IO_PACKAGES.includes(spec) || spec.startsWith("@octokit/");

/**
 * The steps of the stages that talk to the outside (through the adapters, or a process, a file).
 * Every other file of a stage is pure. A new step that must read or write belongs here — and
 * nowhere else in the stage: pass what it reads to the pure steps.
 */
const STAGE_IO = new Set([
  "range/github-event.ts",
  "range/read-ci-environment.ts",
  "range/resolve-commits.ts",
  "scan/candidates.ts",
  "scan/changed-files.ts",
  "scan/compare-commits.ts",
  "scan/configs-at-head.ts",
  "scan/new-at-base.ts",
  "scan/objects-across-files.ts",
  "scan/read-files.ts",
  "scan/scan-changed-manifests.ts",
  "scan/scan-repository.ts",
  "scan/touches-manifests.ts",
  "scan/unread-submodules.ts",
  "scan/gitops/deployed-build.ts",
  "scan/gitops/find-deployments.ts",
  "scan/gitops/generated-kustomization.ts",
  "scan/gitops/patched-children.ts",
  "scan/gitops/plain-deployed-sources.ts",
  "scan/gitops/settings-changes.ts",
  "scan/gitops/substitution-maps.ts",
  "scan/gitops/substitution-sources.ts",
  "scan/render/both-commits.ts",
  "scan/render/escaping-links.ts",
  "scan/render/kustomizations-to-render.ts",
  "scan/render/kustomize.ts",
  "scan/render/lfs-generator-inputs.ts",
  "scan/render/materialize-tree.ts",
  "scan/render/render-command.ts",
  "scan/render/renderer-environment.ts",
  "scan/render/touched-sources.ts",
  "plan/repo-plan.ts",
  "rollout/bake.ts",
  "rollout/check-permissions.ts",
  "rollout/discover-cluster.ts",
  "rollout/find-on-cluster.ts",
  "rollout/follow-rollouts.ts",
  "rollout/pod-watch.ts",
  "rollout/restart-and-wait.ts",
  "rollout/restart.ts",
  "rollout/restore-configs.ts",
  "rollout/roll-out-plan.ts",
  "rollout/sync-configs.ts",
  "rollout/wait-for-agent.ts",
  "rollout/wait.ts",
  "rollout/strategy/annotation-strategy.ts",
  "rollout/strategy/choose-strategy.ts",
  "rollout/strategy/planned-strategy.ts",
  "stamp/beyond-raw.ts",
  "stamp/changed-raw.ts",
  "stamp/changed-roots.ts",
  "stamp/patched-in-tree.ts",
  "stamp/stamp-work-tree.ts",
  "stamp/stamp-checks.ts",
  "stamp/stamp-kustomize.ts",
  "sync/read-live-state.ts",
]);

test("every file named an I/O step exists", () => {
  for (const file of STAGE_IO) expect(files.map(rel), file).toContain(file);
});

/** Whether an import reaches the outside: an I/O package, an adapter that does I/O, an I/O step, the wiring. */
function reachesOutside(imp: Import): boolean {
  if (imp.file === undefined) return isIoPackage(imp.spec);
  if (imp.typeOnly) return false;
  return (
    ["git", "kube", "process", "comment", ...WIRING, ...ENTRY_POINTS].includes(imp.folder!) ||
    STAGE_IO.has(imp.file)
  );
}

test.each(files.filter((f) => folderOf(f) === "core").map(rel))(
  "core/ is the pure basics: %s imports only core/ and computation packages",
  (file) => {
    for (const imp of importsOf(join(SRC, file))) {
      if (imp.folder !== undefined) expect(imp.folder, `${file} imports ${imp.spec}`).toBe("core");
      else expect(["yaml", "node:crypto", "node:buffer"], `${file} imports ${imp.spec}`).toContain(imp.spec);
    }
  },
);

test.each(files.filter((f) => STAGES.includes(folderOf(f)) && !STAGE_IO.has(rel(f))).map(rel))(
  "a stage's pure step does no I/O: %s imports no I/O package, adapter, I/O step or wiring (types only)",
  (file) => {
    for (const imp of importsOf(join(SRC, file))) {
      expect(
        reachesOutside(imp),
        `${file} imports ${imp.spec}: pass the data in, or list the file in STAGE_IO`,
      ).toBe(false);
    }
  },
);

test.each(files.filter((f) => STAGES.includes(folderOf(f))).map(rel))(
  "a stage never reaches the wiring or an entry point: %s",
  (file) => {
    for (const imp of importsOf(join(SRC, file))) {
      expect([...WIRING, ...ENTRY_POINTS], `${file} imports ${imp.spec}`).not.toContain(imp.folder);
    }
  },
);

test.each(files.filter((f) => ADAPTERS.includes(folderOf(f))).map(rel))(
  "adapters hold no policy: %s imports its own folder, core/, process/ and pure steps only",
  (file) => {
    const own = folderOf(join(SRC, file));
    for (const imp of importsOf(join(SRC, file))) {
      if (imp.folder === undefined) continue;
      const allowed =
        ["core", "process", own].includes(imp.folder) ||
        (STAGES.includes(imp.folder) && !STAGE_IO.has(imp.file!));
      expect(allowed, `${file} imports ${imp.spec}`).toBe(true);
    }
  },
);

test.each(files.filter((f) => ENTRY_POINTS.includes(folderOf(f))).map(rel))(
  "an entry point only translates: %s imports run/, settings/, report/, core/ and its own folder (types may cross)",
  (file) => {
    const own = folderOf(join(SRC, file));
    for (const imp of importsOf(join(SRC, file))) {
      if (imp.folder === undefined || imp.typeOnly) continue;
      expect([...WIRING, "settings", "report", "core", own], `${file} imports ${imp.spec}`).toContain(
        imp.folder,
      );
    }
  },
);

test("nothing imports an entry point", () => {
  for (const file of files) {
    const own = folderOf(file);
    for (const imp of importsOf(file)) {
      if (imp.folder === "cli" || imp.folder === "action")
        expect(own, `${rel(file)} imports ${imp.spec}`).toBe(imp.folder);
    }
  }
});

test("every child process is started in process/ (one runner: its own group, bounds, group kill)", () => {
  const spawning = files.filter((file) => /from "node:child_process"/.test(readFileSync(file, "utf8")));
  const allowed = (file: string) =>
    folderOf(file) === "process" ||
    // A long-lived `git cat-file --batch` speaks a protocol on stdin; it is spawned detached and
    // tracked by process/child-groups.ts like every other child.
    relative(SRC, file) === "git/cat-file-reader.ts";
  expect(spawning.filter((file) => !allowed(file)).map((f) => relative(SRC, f))).toEqual([]);
});

/** The src/ files a file imports (static, re-exported, type-only and dynamic alike), as absolute paths. */
function importedFiles(file: string): string[] {
  return importsOf(file).flatMap((imp) => (imp.file ? [join(SRC, imp.file)] : []));
}

/** Every import circle of the graph, each once, as a list of files from its first to its last. */
function importCircles(graph: Map<string, string[]>): string[][] {
  const circles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") circles.push(path.slice(path.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

test("the cycle finder finds a circle, and only circles", () => {
  const graph = new Map([
    ["a", ["b"]],
    ["b", ["c", "d"]],
    ["c", ["a"]],
    ["d", []],
  ]);
  expect(importCircles(graph)).toEqual([["a", "b", "c"]]);
  expect(
    importCircles(
      new Map([
        ["a", ["b"]],
        ["b", []],
      ]),
    ),
  ).toEqual([]);
});

test("no import circles anywhere in src/ (type-only and dynamic imports included)", () => {
  const graph = new Map(files.map((file) => [file, importedFiles(file)]));
  const circles = importCircles(graph).map((circle) => circle.map((f) => relative(SRC, f)).join(" → "));
  expect(circles.join("\n")).toBe("");
});

/** The strategies (how a restart is written), the versioned strategy's steps and the in-place strategies' restore. */
const STRATEGY_FOLDERS = ["rollout/strategy/", "rollout/versioned/", "rollout/restore/"];
const isStrategy = (file: string) => STRATEGY_FOLDERS.some((folder) => file.startsWith(folder));

test.each(files.map(rel).filter(isStrategy))(
  "a strategy decides what to write and calls no rollout step: %s imports nothing of rollout/ outside the strategies",
  (file) => {
    for (const target of importedFiles(join(SRC, file)).map(rel)) {
      if (target.startsWith("rollout/")) expect(isStrategy(target), `${file} imports ${target}`).toBe(true);
    }
  },
);

/** The names a file declares exported (an `export { … }` list is refused below). */
const exportedNames = (text: string): string[] =>
  [
    ...text.matchAll(
      /^export\s+(?:async\s+|abstract\s+)*(?:function\*?|const|let|class|interface|type|enum)\s+([\w$]+)/gm,
    ),
  ].map((m) => m[1]!);

/** `a, type B, c as d`, `{ a: b }` → `a`, `B`, `c` (the names as the other file exports them). */
const namesIn = (list: string): string[] =>
  list
    .split(",")
    .map((name) => name.trim().replace(/^type\s+/, ""))
    .filter(Boolean)
    .map((name) => name.split(/\s*(?:\s+as\s+|:)\s*/)[0]!);

/**
 * What a file imports from each file, as `path#name` (`path#*` for all of it): static imports and
 * re-exports; an `import()` by what is taken from it (`const { a } = await import(…)`,
 * `(await import(…)).a`, `.then(({ a }) …)`, or `x.a` of the `const x` it is held in).
 */
function importedNamesOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const target = (spec: string) => resolve(dirname(file), spec).replace(/\.js$/, ".ts");
  const found: string[] = [];
  for (const [, clause, spec] of text.matchAll(
    /^(?:import|export)\s+(?:type\s+)?([^;]*?)\s+from\s+"(\.[^"]+)"/gms,
  )) {
    const names = /\{([^}]*)\}/.exec(clause!)?.[1];
    found.push(...(names ? namesIn(names) : ["*"]).map((name) => `${target(spec!)}#${name}`));
  }
  const dynamic =
    /(?:\{([^{}]*)\}\s*=\s*await\s+|(?:const|let)\s+(\w+)\s*=[^;]*?)?import\("(\.[^"]+)"\)(?:\)?\.(\w+)|\.then\(\(\{([^}]*)\}\))?/g;
  for (const [, destructured, held, spec, property, then] of text.matchAll(dynamic)) {
    const taken = held
      ? [...text.matchAll(new RegExp(`\\b${held}\\)?\\.(\\w+)`, "g"))].map((m) => m[1]!)
      : [];
    const names = [
      ...namesIn(destructured ?? ""),
      ...namesIn(then ?? ""),
      ...(property ? [property] : []),
      ...taken,
    ];
    found.push(...(names.length > 0 ? names : ["*"]).map((name) => `${target(spec!)}#${name}`));
  }
  return found;
}

test("every name src/ exports is defined there and imported by another file: un-export what only its own file uses, delete what nothing uses", () => {
  const ROOT = resolve(SRC, "..");
  const users = ["test", "bench", "demo", "scripts", "sim"].flatMap((dir) =>
    readdirSync(join(ROOT, dir), { recursive: true, encoding: "utf8" })
      .filter((name) => /\.(ts|mjs)$/.test(name) && !name.includes("fixtures"))
      .map((name) => join(ROOT, dir, name)),
  );
  const imported = new Set(
    [...files, ...users].flatMap((file) =>
      importedNamesOf(file).filter((name) => !name.startsWith(`${file}#`)),
    ),
  );
  // What a bundle's entry file (scripts/build.mjs) exports is the bundle's: @github/local-action calls the action's run().
  const bundleEntries = ["cli/main.ts", "action/main.ts"].map((file) => join(SRC, file));
  const unused = files.flatMap((file) =>
    imported.has(`${file}#*`) || bundleEntries.includes(file)
      ? []
      : exportedNames(readFileSync(file, "utf8"))
          .filter((name) => !imported.has(`${file}#${name}`))
          .map((name) => `${rel(file)}: ${name}`),
  );
  expect(unused).toEqual([]);
  // And from the file that defines it only: one place to import a name from.
  const reexports = files.filter((file) => /^export\s+(?:type\s+)?\{/m.test(readFileSync(file, "utf8")));
  expect(reexports.map(rel)).toEqual([]);
});

/** What an `import()` may keep out of a run that does not need it: dist/vendor/'s libraries and node:crypto. */
const isDeferredPackage = (spec: string) =>
  ["yaml", "picomatch", "simple-git", "@kubernetes/client-node", "re2js", "node:crypto"].includes(spec) ||
  spec.startsWith("@octokit/");

/** The packages a file loads with it: its static imports' and theirs, all the way down. */
function packagesLoadedWith(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  for (const imp of importsOf(join(SRC, file))) {
    if (imp.typeOnly || imp.dynamic) continue;
    if (imp.file === undefined) packages.add(imp.spec);
    else for (const spec of packagesLoadedWith(imp.file, seen)) packages.add(spec);
  }
  return packages;
}

test("an import() of our own code keeps a vendored library or node:crypto out of the runs that do not need it", () => {
  const deferringNothing = files.map(rel).flatMap((file) =>
    importsOf(join(SRC, file))
      .filter((imp) => imp.dynamic && imp.file !== undefined)
      .filter((imp) => {
        const loaded = packagesLoadedWith(file);
        return ![...packagesLoadedWith(imp.file!)].some(
          (spec) => isDeferredPackage(spec) && !loaded.has(spec),
        );
      })
      .map((imp) => `${file} → ${imp.file}`),
  );
  // The pipeline, once the flags are read: --help and --version start without it (docs/architecture.md).
  expect(deferringNothing).toEqual(["cli/run-cli.ts → run/commands.ts"]);
});

/** The developers' guide: a file a newcomer can read through (split by job beyond it). */
const MAX_FILE_LINES = 400;

test.each(files.map((f) => relative(SRC, f)))(`%s stays under ${MAX_FILE_LINES} lines`, (file) => {
  const text = readFileSync(join(SRC, file), "utf8");
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  expect(lines, `${file} has ${lines} lines: split it by job`).toBeLessThanOrEqual(MAX_FILE_LINES);
});
