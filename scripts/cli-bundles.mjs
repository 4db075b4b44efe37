// The CLI's bundles (scripts/build.mjs builds dist/ with them). Each is required only when a run
// needs it, and each takes the modules an earlier one holds from that one instead of bundling a
// copy: every module of ours is loaded once per process, so its state is one and its classes
// answer `instanceof` whichever bundle made the object.
//
//   cli.js         the flags, --help, --version (src/cli/main.ts)                   always
//   cli-plan.js    a run up to the scan's first answer: settings, CI, git, the     once the flags are read
//                  diff, the report (src/cli/run-cli-plan.ts); all a push that
//                  touches no manifest loads
//   cli-stages.js  every module cli-plan.js imports with `await import()` and does  at the first such import
//                  not hold: the scan proper, the cluster, plan files, comments
//   cli-stamp.js   `config-rollout stamp` (src/cli/run-cli-stamp.ts)                by cli-plan.js, for it only
//
// A bundle lends a module through its `frontModules` export (the module's namespace, by path); a
// bundle that borrows it requires that bundle, which is loaded already: it is earlier in the chain.
// Every `require` between them is a plain one: an external `import()` would start Node's ES module
// loader (~4 ms).
import { relative } from "node:path";
import { build } from "esbuild";

const ENTRIES = {
  cli: "src/cli/main.ts",
  plan: "src/cli/run-cli-plan.ts",
  stamp: "src/cli/run-cli-stamp.ts",
};
/** The dynamic imports of another bundle's entry, by module name. */
const LAZY_ENTRIES = { "run-cli-plan": "cli-plan.js", "run-cli-stamp": "cli-stamp.js" };
const LAZY_ENTRY = /(^|\/)(run-cli-plan|run-cli-stamp)\.js$/;

/**
 * The four bundles' output files. `options`: esbuild's common options; `vendor`: the plugin that
 * makes vendored packages external (build.mjs).
 */
export async function bundleCli(options, vendor) {
  const base = { ...options, entryPoints: undefined, outdir: undefined };
  const [flagsGraph, planGraph] = await Promise.all([
    probeImports(options, vendor, ENTRIES.cli),
    probeImports(options, vendor, ENTRIES.plan),
  ]);
  const inFlags = (path) => flagsGraph.staticGraph.has(path);
  const lenders = {
    "cli.js": { modules: flagsGraph.staticGraph, borrowed: new Set() },
    "cli-plan.js": {
      modules: new Set([...planGraph.staticGraph].filter((path) => !inFlags(path))),
      borrowed: new Set(),
    },
  };
  const stageModules = planGraph.dynamicTargets.filter(
    (path) => !planGraph.staticGraph.has(path) && !inFlags(path),
  );
  const [stages, stamp] = await Promise.all([
    build({
      ...base,
      stdin: stdinOf(`module.exports = ${gettersOf(stageModules)};\n`),
      outfile: "dist/cli-stages.js",
      plugins: [vendor, borrowFrom(lenders)],
    }),
    build({
      ...base,
      entryPoints: { "cli-stamp": ENTRIES.stamp },
      outdir: "dist",
      plugins: [vendor, borrowFrom(lenders)],
    }),
  ]);
  const plan = await build({
    ...base,
    stdin: stdinOf(
      lendingEntry(`export * from ${JSON.stringify(`./${ENTRIES.plan}`)};`, lenders["cli-plan.js"]),
    ),
    outfile: "dist/cli-plan.js",
    plugins: [vendor, lazyRequires(new Set(stageModules)), borrowFrom({ "cli.js": lenders["cli.js"] })],
  });
  const flags = await build({
    ...base,
    stdin: stdinOf(
      `#!/usr/bin/env node\n${lendingEntry(`import ${JSON.stringify(`./${ENTRIES.cli}`)};`, lenders["cli.js"])}`,
    ),
    outfile: "dist/cli.js",
    plugins: [vendor, lazyRequires(new Set())],
  });
  return [stages, stamp, plan, flags].flatMap((result) => result.outputFiles);
}

function stdinOf(contents) {
  return { contents, resolveDir: process.cwd(), loader: "js" };
}

/** Project-relative path of what a relative import names. */
async function resolvedPath(b, args) {
  const resolved = await b.resolve(args.path, {
    kind: args.kind,
    resolveDir: args.resolveDir,
    importer: args.importer,
    pluginData: { probing: true },
  });
  return relative(process.cwd(), resolved.path);
}

/** The modules `entry` reaches by static imports, and those it imports dynamically. */
async function probeImports(options, vendor, entry) {
  const dynamicTargets = new Set();
  const probe = await build({
    ...options,
    entryPoints: [entry],
    outdir: undefined,
    outfile: "dist/probe.js",
    metafile: true,
    plugins: [
      vendor,
      {
        name: "dynamic-imports",
        setup(b) {
          b.onResolve({ filter: /^\./ }, async (args) => {
            if (args.kind !== "dynamic-import" || args.pluginData?.probing) return undefined;
            if (!LAZY_ENTRY.test(args.path)) dynamicTargets.add(await resolvedPath(b, args));
            return { path: args.path, external: true };
          });
        },
      },
    ],
  });
  return {
    staticGraph: new Set(Object.keys(probe.metafile.inputs)),
    dynamicTargets: [...dynamicTargets].sort(),
  };
}

/** An object with one getter per module: the module, evaluated when first asked for. */
function gettersOf(modules) {
  const getters = modules.map(
    (path) => `  get ${JSON.stringify(path)}() { return require(${JSON.stringify(`./${path}`)}); },`,
  );
  return `{\n${getters.join("\n")}\n}`;
}

/**
 * An entry that also exports `frontModules`: the namespaces of the modules it lends (imported
 * statically: the bundle holds and loads them at start anyway).
 */
function lendingEntry(entry, lender) {
  const lent = [...lender.borrowed].sort();
  const name = (i) => `lentModule${i}`;
  return [
    entry,
    ...lent.map((path, i) => `import * as ${name(i)} from ${JSON.stringify(`./${path}`)};`),
    `export const frontModules = {\n${lent.map((path, i) => `  ${JSON.stringify(path)}: ${name(i)},`).join("\n")}\n};`,
  ].join("\n");
}

/** A module an earlier bundle holds is taken from it (and recorded as lent by that bundle). */
function borrowFrom(lenders) {
  const lenderOf = (path) => Object.entries(lenders).find(([, lender]) => lender.modules.has(path));
  return {
    name: "borrow-from-earlier-bundles",
    setup(b) {
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData?.probing || args.namespace === "borrowed") return undefined;
        const path = await resolvedPath(b, args);
        const found = lenderOf(path);
        if (!found) return undefined;
        found[1].borrowed.add(path);
        return { path, namespace: "borrowed", pluginData: { bundle: found[0] } };
      });
      b.onLoad({ filter: /.*/, namespace: "borrowed" }, (args) => ({
        contents: `module.exports = require("./${args.pluginData.bundle}").frontModules[${JSON.stringify(args.path)}];`,
        loader: "js",
      }));
      b.onResolve({ filter: /^\.\/cli(-plan)?\.js$/ }, (args) =>
        args.namespace === "borrowed" ? { path: args.path, external: true } : undefined,
      );
    },
  };
}

/**
 * Dynamic imports that become a require of another bundle: another entry (LAZY_ENTRIES), and
 * `stageModules` through dist/cli-stages.js.
 */
function lazyRequires(stageModules) {
  return {
    name: "lazy-requires",
    setup(b) {
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== "dynamic-import" || args.pluginData?.probing) return undefined;
        const named = args.path.match(LAZY_ENTRY);
        if (named) return { path: LAZY_ENTRIES[named[2]], namespace: "lazy-bundle" };
        if (stageModules.size === 0) return undefined;
        const path = await resolvedPath(b, args);
        return stageModules.has(path) ? { path, namespace: "stage-module" } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: "lazy-bundle" }, (args) => ({
        contents: `module.exports = require("./${args.path}");`,
        loader: "js",
      }));
      b.onLoad({ filter: /.*/, namespace: "stage-module" }, (args) => ({
        contents: `module.exports = require("./cli-stages.js")[${JSON.stringify(args.path)}];`,
        loader: "js",
      }));
      b.onResolve({ filter: /^\.\/cli-(plan|stamp|stages)\.js$/ }, (args) =>
        args.namespace === "lazy-bundle" || args.namespace === "stage-module"
          ? { path: args.path, external: true }
          : undefined,
      );
    },
  };
}
