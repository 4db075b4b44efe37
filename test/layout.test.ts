// The placement rule, checked: each folder of src/ may import only what its place in the pipeline
// allows (docs/architecture.md draws it). A newcomer who puts I/O into core/ or policy into an
// adapter learns it here, not in review.
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

/** Every import of a file: package names as written, relative ones as the src/ folder they reach. */
function importsOf(file: string): Array<{ spec: string; folder?: string; typeOnly: boolean }> {
  const text = readFileSync(file, "utf8");
  const found: Array<{ spec: string; folder?: string; typeOnly: boolean }> = [];
  for (const match of text.matchAll(/^(import|export)\s+(type\s+)?[^;]*?from\s+"([^"]+)"/gms)) {
    const spec = match[3]!;
    const typeOnly = Boolean(match[2]);
    if (!spec.startsWith(".")) {
      found.push({ spec, typeOnly });
      continue;
    }
    const target = relative(SRC, resolve(dirname(file), spec));
    found.push({ spec, folder: target.split("/")[0], typeOnly });
  }
  for (const match of text.matchAll(/import\("([^"]+)"\)/g)) {
    const spec = match[1]!;
    const folder = spec.startsWith(".")
      ? relative(SRC, resolve(dirname(file), spec)).split("/")[0]
      : undefined;
    found.push({ spec, folder, typeOnly: false });
  }
  return found;
}

const folderOf = (file: string) => relative(SRC, file).split("/")[0]!;
const files = sourceFiles(SRC);

test("src/ holds only folders: entry points, wiring, stages, core and adapters", () => {
  expect(readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isFile())).toEqual([]);
});

/** Packages whose use is computation, not I/O. */
const PURE_PACKAGES = new Set(["yaml", "node:crypto", "node:buffer"]);

test.each(files.filter((f) => folderOf(f) === "core").map((f) => relative(SRC, f)))(
  "core/ is pure: %s imports only core/ and pure packages",
  (file) => {
    for (const imp of importsOf(join(SRC, file))) {
      if (imp.folder !== undefined) expect(imp.folder, `${file} imports ${imp.spec}`).toBe("core");
      else expect(PURE_PACKAGES.has(imp.spec), `${file} imports ${imp.spec}`).toBe(true);
    }
  },
);

const ADAPTERS = ["git", "kube", "ci", "report", "settings", "render", "comment"];

test.each(files.filter((f) => ADAPTERS.includes(folderOf(f))).map((f) => relative(SRC, f)))(
  "adapters hold no policy: %s imports neither the pipeline nor the wiring or entry points",
  (file) => {
    for (const imp of importsOf(join(SRC, file))) {
      expect(["pipeline", "compose", "cli", "action"], `${file} imports ${imp.spec}`).not.toContain(
        imp.folder,
      );
    }
  },
);

test.each(files.filter((f) => folderOf(f) === "pipeline").map((f) => relative(SRC, f)))(
  "the pipeline talks to the outside only through adapters: %s",
  (file) => {
    for (const imp of importsOf(join(SRC, file))) {
      expect(["compose", "cli", "action"], `${file} imports ${imp.spec}`).not.toContain(imp.folder);
      if (imp.folder === undefined && !imp.typeOnly) {
        expect([
          "@kubernetes/client-node",
          "simple-git",
          "node:child_process",
          "node:fs",
          "node:fs/promises",
        ]).not.toContain(imp.spec);
      }
    }
  },
);

test("nothing imports an entry point", () => {
  for (const file of files) {
    const own = folderOf(file);
    for (const imp of importsOf(file)) {
      if (imp.folder === "cli" || imp.folder === "action")
        expect(own, `${relative(SRC, file)} imports ${imp.spec}`).toBe(imp.folder);
    }
  }
});

test.each(files.filter((f) => ADAPTERS.includes(folderOf(f))).map((f) => relative(SRC, f)))(
  "adapters do not import each other: %s imports only its own folder and core/ (what two share lives in core/ or is passed in)",
  (file) => {
    const own = folderOf(join(SRC, file));
    for (const imp of importsOf(join(SRC, file))) {
      if (imp.folder !== undefined)
        expect(["core", "process", own], `${file} imports ${imp.spec}`).toContain(imp.folder);
    }
  },
);

test.each(files.filter((f) => folderOf(f) === "process").map((f) => relative(SRC, f)))(
  "process/ (the one way to run a child process, under every adapter) imports only itself and core/: %s",
  (file) => {
    for (const imp of importsOf(join(SRC, file))) {
      if (imp.folder !== undefined)
        expect(["core", "process"], `${file} imports ${imp.spec}`).toContain(imp.folder);
    }
  },
);

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
  return importsOf(file)
    .filter((imp) => imp.spec.startsWith("."))
    .map((imp) => resolve(dirname(file), imp.spec).replace(/\.js$/, ".ts"));
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

const STRATEGIES = join(SRC, "pipeline", "strategy");

test.each(files.filter((f) => f.startsWith(`${STRATEGIES}/`)).map((f) => relative(SRC, f)))(
  "a strategy decides what to write and calls no stage: %s imports nothing of pipeline/ outside pipeline/strategy/",
  (file) => {
    for (const target of importedFiles(join(SRC, file))) {
      if (relative(SRC, target).startsWith("pipeline/"))
        expect(target.startsWith(`${STRATEGIES}/`), `${file} imports ${relative(SRC, target)}`).toBe(true);
    }
  },
);

/** The developers' guide: a file a newcomer can read through (split by job beyond it). */
const MAX_FILE_LINES = 400;

test.each(files.map((f) => relative(SRC, f)))(`%s stays under ${MAX_FILE_LINES} lines`, (file) => {
  const text = readFileSync(join(SRC, file), "utf8");
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  expect(lines, `${file} has ${lines} lines: split it by job`).toBeLessThanOrEqual(MAX_FILE_LINES);
});
