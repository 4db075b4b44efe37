// Bundles the entry points into self-contained ESM files in dist/ (committed: GitHub runs the
// action from it and `npx config-rollout` needs no install step). Unminified so a reviewer can
// read the diff of dist/ that .ci/run checks.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { build } from "esbuild";
import { generateDocs } from "./generate-docs.mjs";

// Output names stay dist/cli.js and dist/action.js: action.yml, package.json "bin" and users point at them.
const entryPoints = { cli: "src/cli/main.ts", action: "src/action/main.ts" };

const { version } = JSON.parse(readFileSync("package.json", "utf8"));

const bundled = await build({
  entryPoints,
  write: false,
  // The CLI and the action share one chunk of code instead of two copies of every dependency.
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: false,
  legalComments: "none",
  logLevel: "warning",
  define: { CONFIG_ROLLOUT_VERSION: JSON.stringify(version) },
  // client-node's CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __configRolloutCreateRequire } from 'node:module';\nconst require = __configRolloutCreateRequire(import.meta.url);",
  },
});
// Chunk names carry a content hash: drop the old ones so dist/ holds exactly this build.
rmSync("dist/chunks", { recursive: true, force: true });
// Write each file atomically: tests (and other runs) may be executing dist/ while it is rebuilt.
for (const file of bundled.outputFiles) {
  mkdirSync(dirname(file.path), { recursive: true });
  const temporary = `${file.path}.${process.pid}.tmp`;
  writeFileSync(temporary, file.contents, { mode: 0o755 });
  renameSync(temporary, file.path);
}

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
