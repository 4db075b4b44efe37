// Bundles the entry points into self-contained CommonJS files in dist/, with the large dependencies
// in dist/vendor/ (committed: GitHub runs the action from it and `npx config-rollout` needs no
// install step). Unminified so a reviewer can read the diff of dist/ that .ci/run checks.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, relative } from "node:path";
import { build } from "esbuild";
import { generateDocs } from "./generate-docs.mjs";

// Output names stay dist/cli.js and dist/action.js: action.yml, package.json "bin" and users point at them.
// dist/cli-plan.js is the CLI's real run (src/cli/run-cli-plan.ts), which dist/cli.js requires only
// once the flags are read: `--help` and `--version` compile ~17 KB instead of ~320 KB (on Node 24,
// which starts in a third of Node 20's time, that was a third of what `--version` took).
// dist/cli-stamp.js, `config-rollout stamp`, is required by dist/cli-plan.js only for that
// subcommand, so a plan does not compile the stamp's code (a no-manifest push is mostly start-up).
const entryPoints = {
  cli: "src/cli/main.ts",
  action: "src/action/main.ts",
  "cli-plan": "src/cli/run-cli-plan.ts",
  "cli-stamp": "src/cli/run-cli-stamp.ts",
};
/**
 * The dynamic imports that become a require of another entry's bundle: run-cli.ts's
 * `import("./run-cli-plan.js")` in dist/cli.js, run-cli-plan.ts's `import("./run-cli-stamp.js")`
 * in dist/cli-plan.js.
 */
const LAZY_BUNDLES = { "run-cli-plan": "cli-plan", "run-cli-stamp": "cli-stamp" };
const LAZY_IMPORT = /(^|\/)(run-cli-plan|run-cli-stamp)\.js$/;

// The large dependencies a run often does not need, each in its own bundle under dist/vendor/,
// required only when a run needs it: the YAML package for files the fast path gives up on,
// picomatch for globs other than the default ones, simple-git for fetches, client-node for a
// cluster, Octokit for a pull request comment. Each re-exports only what src/ imports (tree-shaken: client-node whole is 15 MB); the
// link check below fails the build when src/ imports a name its entry does not export.
const VENDOR = {
  yaml: {
    file: "yaml",
    entry:
      'export { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parse, parseAllDocuments, parseDocument, visit } from "yaml";',
  },
  // A default export: src/ runs as ES modules, where it is the package's module.exports itself.
  picomatch: { file: "picomatch", entry: 'module.exports = require("picomatch");' },
  "simple-git": { file: "simple-git", entry: 'export { GitPluginError, simpleGit } from "simple-git";' },
  "@kubernetes/client-node": {
    file: "client-node",
    entry:
      'export { ApiException, createConfiguration, KubeConfig, KubernetesObjectApi, PatchStrategy, ServerConfiguration, Watch } from "@kubernetes/client-node";',
  },
  // The pull request comment (src/comment/github-comments.ts): Octokit's core and its paginator.
  "@octokit/core": { file: "octokit-core", entry: 'export { Octokit } from "@octokit/core";' },
  "@octokit/plugin-paginate-rest": {
    file: "octokit-paginate-rest",
    entry: 'export { paginateRest } from "@octokit/plugin-paginate-rest";',
  },
};
const VENDORED = new RegExp(`^(?:${Object.keys(VENDOR).join("|").replace(/[/.-]/g, "\\$&")})$`);

const { version } = JSON.parse(readFileSync("package.json", "utf8"));

const common = {
  write: false,
  bundle: true,
  platform: "node",
  // CommonJS, one file per entry: Node loads it in ~7 ms where the same code as ES module chunks
  // took ~12.5 ms (bench/RESULTS.md), on every run.
  format: "cjs",
  target: "node20",
  minify: false,
  legalComments: "none",
  logLevel: "warning",
};

const vendored = await Promise.all(
  Object.values(VENDOR).map(({ file, entry }) =>
    build({
      ...common,
      stdin: { contents: entry, resolveDir: process.cwd(), loader: "js" },
      outfile: `dist/vendor/${file}.js`,
    }),
  ),
);

const options = {
  ...common,
  entryPoints,
  outdir: "dist",
  define: { CONFIG_ROLLOUT_VERSION: JSON.stringify(version), "import.meta.url": "__configRolloutModuleUrl" },
  banner: {
    js: '"use strict";\nconst __configRolloutModuleUrl = require("node:url").pathToFileURL(__filename).href;',
  },
};
// The link check: our code bundled against the vendor entries themselves (the packages behind them
// left out), so esbuild reports any name src/ imports that an entry does not export. Output unused.
await build({
  ...options,
  logLevel: "error",
  plugins: [
    {
      name: "vendor-entries",
      setup(build) {
        build.onResolve({ filter: VENDORED }, (args) =>
          args.namespace === "vendor-entry"
            ? { path: args.path, external: true }
            : { path: args.path, namespace: "vendor-entry" },
        );
        build.onLoad({ filter: /.*/, namespace: "vendor-entry" }, (args) => ({
          contents: VENDOR[args.path].entry,
          resolveDir: process.cwd(),
          loader: "js",
        }));
      },
    },
  ],
});
const bundled = await bundleAll();

/**
 * dist/action.js is one bundle. The CLI is four, each required only when a run needs it:
 * - cli.js: flags, --help, --version;
 * - cli-plan.js: a run up to the scan's first answer (settings, git, the diff, the report): all a
 *   push that touches no manifest loads;
 * - cli-stages.js: every module the run imports dynamically (`await import()` in src/) that
 *   cli-plan.js does not hold: the scan proper, the cluster, plan files, comments, fleets;
 * - cli-stamp.js: `config-rollout stamp`.
 * cli-stages.js takes every module cli-plan.js holds from it (cli-plan.js's `frontModules`) rather
 * than bundling a copy: each module is loaded once per process, so its state is one and its
 * classes answer `instanceof` whichever bundle made the object.
 */
async function bundleAll() {
  const vendorPlugin = { name: "vendor", setup: (b) => b.onResolve({ filter: VENDORED }, vendorPath) };
  const base = { ...options, entryPoints: undefined, outdir: undefined };
  const front = entryPoints["cli-plan"];
  const { staticGraph, dynamicTargets } = await probeImports(front);
  const stageModules = dynamicTargets.filter((path) => !staticGraph.has(path));
  const borrowed = new Set();
  const stages = await build({
    ...base,
    stdin: { contents: gettersEntry(stageModules), resolveDir: process.cwd(), loader: "js" },
    outfile: "dist/cli-stages.js",
    plugins: [vendorPlugin, borrowFromFront(staticGraph, borrowed)],
  });
  const results = await Promise.all([
    build({ ...base, entryPoints: { action: entryPoints.action }, outdir: "dist", plugins: [vendorPlugin] }),
    build({
      ...base,
      entryPoints: { cli: entryPoints.cli, "cli-stamp": entryPoints["cli-stamp"] },
      outdir: "dist",
      plugins: [vendorPlugin, lazyBundlePlugin()],
    }),
    build({
      ...base,
      stdin: {
        contents: frontEntry(front, [...borrowed].sort()),
        resolveDir: process.cwd(),
        loader: "js",
      },
      outfile: "dist/cli-plan.js",
      plugins: [vendorPlugin, lazyBundlePlugin(new Set(stageModules))],
    }),
  ]);
  return { outputFiles: [...stages.outputFiles, ...results.flatMap((r) => r.outputFiles)] };
}

function vendorPath(args) {
  return { path: `./vendor/${VENDOR[args.path].file}.js`, external: true };
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
async function probeImports(entry) {
  const dynamicTargets = new Set();
  const probe = await build({
    ...options,
    entryPoints: [entry],
    outdir: undefined,
    outfile: "dist/probe.js",
    metafile: true,
    plugins: [
      {
        name: "dynamic-imports",
        setup(b) {
          b.onResolve({ filter: VENDORED }, vendorPath);
          b.onResolve({ filter: /^\./ }, async (args) => {
            if (args.kind !== "dynamic-import" || args.pluginData?.probing) return undefined;
            if (!LAZY_IMPORT.test(args.path)) dynamicTargets.add(await resolvedPath(b, args));
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
function gettersObject(modules) {
  const getters = modules.map(
    (path) => `  get ${JSON.stringify(path)}() { return require(${JSON.stringify(`./${path}`)}); },`,
  );
  return `{\n${getters.join("\n")}\n}`;
}

/**
 * The entry of dist/cli-plan.js: run-cli-plan.ts's exports, and `frontModules`, the namespaces of
 * the modules cli-stages.js takes from it (imported statically: they are loaded at start anyway).
 */
function frontEntry(front, borrowed) {
  const name = (i) => `frontModule${i}`;
  return [
    `export * from ${JSON.stringify(`./${front}`)};`,
    ...borrowed.map((path, i) => `import * as ${name(i)} from ${JSON.stringify(`./${path}`)};`),
    `export const frontModules = {\n${borrowed.map((path, i) => `  ${JSON.stringify(path)}: ${name(i)},`).join("\n")}\n};`,
  ].join("\n");
}

function gettersEntry(modules) {
  return `module.exports = ${gettersObject(modules)};\n`;
}

/** In cli-stages.js: a module cli-plan.js holds is taken from it (recorded in `borrowed`). */
function borrowFromFront(frontGraph, borrowed) {
  return {
    name: "borrow-from-front",
    setup(b) {
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.pluginData?.probing || args.namespace === "front-module") return undefined;
        const path = await resolvedPath(b, args);
        if (!frontGraph.has(path)) return undefined;
        borrowed.add(path);
        return { path, namespace: "front-module" };
      });
      b.onLoad({ filter: /.*/, namespace: "front-module" }, (args) => ({
        contents: `module.exports = require("./cli-plan.js").frontModules[${JSON.stringify(args.path)}];`,
        loader: "js",
      }));
      b.onResolve({ filter: /^\.\/cli-plan\.js$/ }, (args) =>
        args.namespace === "front-module" ? { path: args.path, external: true } : undefined,
      );
    },
  };
}

/**
 * Dynamic imports that become a require of another bundle: LAZY_BUNDLES by name, and (for
 * cli-plan.js) `stageModules` through dist/cli-stages.js. A one-line CommonJS module in between
 * makes the import a plain `require` (an external `import()` would start Node's ES module loader, ~4 ms).
 */
function lazyBundlePlugin(stageModules = new Set()) {
  return {
    name: "lazy-bundles",
    setup(b) {
      b.onResolve({ filter: /^\./ }, async (args) => {
        if (args.kind !== "dynamic-import" || args.pluginData?.probing) return undefined;
        const named = args.path.match(LAZY_IMPORT);
        if (named) return { path: LAZY_BUNDLES[named[2]], namespace: "lazy-bundle" };
        if (stageModules.size === 0) return undefined;
        const path = await resolvedPath(b, args);
        return stageModules.has(path) ? { path, namespace: "stage-module" } : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: "lazy-bundle" }, (args) => ({
        contents: `module.exports = require("./${args.path}.js");`,
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

// Drop what an earlier build left (the ES module chunks of before, renamed vendor files) so dist/
// holds exactly this build.
rmSync("dist/chunks", { recursive: true, force: true });
rmSync("dist/vendor", { recursive: true, force: true });
// Write each file atomically: tests (and other runs) may be executing dist/ while it is rebuilt.
for (const file of [...vendored.flatMap((v) => v.outputFiles), ...bundled.outputFiles]) {
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents, { mode: 0o755 });
  renameSync(temporary, file.path);
}
// The package is "type": "module" (src/, the tests); the bundles in dist/ are CommonJS.
writeFileSync("dist/package.json", `${JSON.stringify({ type: "commonjs" })}\n`);

// action.yml, the README's flag/output tables and .env.example are generated from the option table.
// - Locally, the build rewrites them.
// - In CI (CI=true, as .ci/run sets) it only checks them: a stale committed document fails the build,
//   as a stale dist/ fails the dist check.
// - Under the test runner (its global setup builds dist/) it leaves them alone: test/action/docs.test.ts
//   compares the committed documents with what the option table renders.
if (!process.env.VITEST) {
  const check = process.env.CI === "true";
  const stale = await generateDocs({ check });
  if (stale.length > 0 && check) {
    console.error(
      `build: ${stale.join(", ")} out of date with src/settings/options.ts: run 'npm run build' and commit the result`,
    );
    process.exit(1);
  }
  if (stale.length > 0) console.log(`build: regenerated ${stale.join(", ")} from src/settings/options.ts`);
}
