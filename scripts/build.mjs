// Bundles the entry points into self-contained CommonJS files in dist/, with the large dependencies
// in dist/vendor/ (committed: GitHub runs the action from it and `npx config-rollout` needs no
// install step). Unminified so a reviewer can read the diff of dist/ that .ci/run checks.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { build } from "esbuild";
import { generateDocs } from "./generate-docs.mjs";

// Output names stay dist/cli.js and dist/action.js: action.yml, package.json "bin" and users point at
// them. Each is a launcher of three lines that turns on Node's compile cache (node:module
// enableCompileCache, Node 22+) and then requires its bundle, dist/<entry>.bundle.js: compiling the
// bundle is most of a short run's start-up (`--version`: ~40 ms, ~29 ms with the cache warm; Node
// alone ~25 ms), and the cache must be on before the file it should cover is compiled. One bundle
// each: the code of ours a run does not need costs a few milliseconds to compile; what costs (100 ms
// and more) is the large libraries, kept out in dist/vendor/ (cached the same way).
const entryPoints = {
  "cli.bundle": "src/cli/main.ts",
  "action.bundle": "src/action/main.ts",
};
// The bundle is required by its path next to the launcher's real file, as the vendored files are
// (run through a bin symlink with `node --preserve-symlinks-main`, __filename is the link).
const launcher = (bundle, load) =>
  [
    '"use strict";',
    'require("node:module").enableCompileCache?.();',
    `${load}require(require("node:path").join(require("node:fs").realpathSync(__filename), "..", ${JSON.stringify(bundle)}));`,
    "",
  ].join("\n");
const launchers = {
  "cli.js": `#!/usr/bin/env node\n${launcher("cli.bundle.js", "")}`,
  // @github/local-action (and tests) import the action and call its exported run().
  "action.js": launcher("action.bundle.js", "module.exports = "),
};

// The large dependencies a run often does not need, each in its own bundle under dist/vendor/,
// required only when a run needs it: the YAML package for files the fast path gives up on,
// picomatch for globs other than the default ones, simple-git for fetches, client-node for a
// cluster, Octokit for a pull request comment, RE2 for the plan's reading of Reloader's name lists. Each re-exports only what src/ imports (tree-shaken: client-node whole is 15 MB); the
// link check below fails the build when src/ imports a name its entry does not export.
const VENDOR = {
  yaml: {
    file: "yaml",
    entry:
      'export { CST, isAlias, isCollection, isMap, isPair, isScalar, isSeq, Lexer, LineCounter, parse, parseAllDocuments, parseDocument, visit, YAMLParseError } from "yaml";',
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
  // Reloader's `reload` name lists are Go regular expressions (src/plan/reloader.ts): 260 KB, ~6 ms to load.
  re2js: { file: "re2js", entry: 'export { RE2JS } from "re2js";' },
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
  target: "node22",
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
// A vendored package is required by its path next to the bundle's real file, not to __filename:
// run through a bin symlink with `node --preserve-symlinks-main`, __filename is the link. The
// path is resolved at the first such require, so `--version` does not pay for it. A dynamic
// import() of a package becomes this require too (no ES module loader started for it).
const vendorPlugin = {
  name: "vendor",
  setup: (b) => {
    b.onResolve({ filter: VENDORED }, (args) => ({ path: args.path, namespace: "vendor" }));
    b.onLoad({ filter: /.*/, namespace: "vendor" }, (args) => ({
      contents: `module.exports = require(__configRolloutVendor(${JSON.stringify(VENDOR[args.path].file)}));`,
      loader: "js",
    }));
  },
};
const vendorBanner = [
  "const __configRolloutVendor = (file) =>",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the bundle's own code, a template literal in it
  '  require("node:path").join(require("node:fs").realpathSync(__filename), "..", "vendor", `${file}.js`);',
].join("\n");
// import.meta.url is the launcher's: the file Node was asked to run (action/main.ts compares it with
// process.argv[1] to tell a run of the action from an import of it).
const withVendor = (entry) => ({
  ...options,
  entryPoints: { [entry]: entryPoints[entry] },
  plugins: [vendorPlugin],
  banner: {
    js: [
      '"use strict";',
      `const __configRolloutModuleUrl = require("node:url").pathToFileURL(require("node:path").join(__dirname, ${JSON.stringify(entry.replace(".bundle", ".js"))})).href;`,
      vendorBanner,
    ].join("\n"),
  },
});
const [action, cli] = await Promise.all([
  build(withVendor("action.bundle")),
  build(withVendor("cli.bundle")),
]);
const bundled = { outputFiles: [...action.outputFiles, ...cli.outputFiles] };
// Drop what an earlier build left (the ES module chunks and the chained CLI bundles of before,
// renamed vendor files) so dist/ holds exactly this build.
rmSync("dist/chunks", { recursive: true, force: true });
for (const old of ["cli-plan.js", "cli-stages.js", "cli-stamp.js"]) rmSync(`dist/${old}`, { force: true });
rmSync("dist/vendor", { recursive: true, force: true });
// Write each file atomically: tests (and other runs) may be executing dist/ while it is rebuilt.
const launcherFiles = Object.entries(launchers).map(([name, text]) => ({
  path: `${process.cwd()}/dist/${name}`,
  contents: new TextEncoder().encode(text),
}));
for (const file of [...vendored.flatMap((v) => v.outputFiles), ...bundled.outputFiles, ...launcherFiles]) {
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
