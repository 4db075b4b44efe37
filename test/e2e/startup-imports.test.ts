// What a plan loads before its first git command: Node has to read and compile every module in the
// static import graph of the CLI and its plan chunk on every run. The yaml package (for files the
// fast path gives up on, kustomizations and rendered output), picomatch (for globs other than the
// default ones), simple-git (for fetches) and node:crypto (for restarts) are big or slow to load
// and often unneeded: they stay behind dynamic imports.
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { CLI } from "../helpers/run-cli.js";

const STATIC_IMPORT = /^import\s+(?:[^"';]*?from\s+)?["'](\.[^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["'](\.[^"']+)["']\s*\)/g;

function staticClosure(entry: string, into = new Set<string>()): Set<string> {
  if (into.has(entry)) return into;
  into.add(entry);
  for (const match of readFileSync(entry, "utf8").matchAll(STATIC_IMPORT)) {
    staticClosure(resolve(dirname(entry), match[1]!), into);
  }
  return into;
}

function dynamicTargets(files: Iterable<string>): string[] {
  return [...files].flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(DYNAMIC_IMPORT)].map((m) => resolve(dirname(file), m[1]!)),
  );
}

const bundles = (files: Iterable<string>, pkg: string) =>
  [...files].filter((file) => readFileSync(file, "utf8").includes(`// node_modules/${pkg}/`));

describe("what `node dist/cli.js` loads for a plan", () => {
  const cli = staticClosure(CLI);
  const planChunk = dynamicTargets(cli).find((file) => /run-cli-plan-[^/]*\.js$/.test(file));
  const atStart = planChunk ? staticClosure(planChunk, new Set(cli)) : cli;

  test("the plan's own code is loaded on demand, after the flags are read", () => {
    expect(planChunk).toBeDefined();
    expect(bundles(cli, "picomatch")).toEqual([]);
  });

  test("neither yaml, picomatch, simple-git nor client-node is loaded before the first git command", () => {
    expect(bundles(atStart, "yaml")).toEqual([]);
    expect(bundles(atStart, "picomatch")).toEqual([]);
    expect(bundles(atStart, "simple-git")).toEqual([]);
    expect(bundles(atStart, "@kubernetes/client-node")).toEqual([]);
  });

  test("node:crypto (hashes for restarts and versioned copies) is not loaded for a plan", () => {
    const importsCrypto = [...atStart].filter((file) =>
      /from "node:crypto"/.test(readFileSync(file, "utf8")),
    );
    expect(importsCrypto).toEqual([]);
  });

  test("both are still in the bundle, behind dynamic imports", () => {
    const everything = new Set(atStart);
    for (let size = -1; everything.size !== size; ) {
      size = everything.size;
      for (const target of dynamicTargets([...everything])) staticClosure(target, everything);
    }
    expect(bundles(everything, "yaml")).not.toEqual([]);
    expect(bundles(everything, "simple-git")).not.toEqual([]);
    expect(bundles(everything, "picomatch")).not.toEqual([]);
    expect(bundles(everything, "@kubernetes/client-node")).not.toEqual([]);
  });
});
