// Bundles the entry points into self-contained ESM files in dist/ (committed: GitHub runs the
// action from it and `npx config-rollout` needs no install step). Unminified so a reviewer can
// read the diff of dist/ that .ci/run checks.

import { existsSync } from "node:fs";
import { build } from "esbuild";

const entryPoints = ["src/cli.ts", "src/action.ts"].filter((entry) => existsSync(entry));

await build({
  entryPoints,
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  minify: false,
  legalComments: "none",
  logLevel: "warning",
  // client-node's CommonJS dependencies call require(); give the ESM bundle one.
  banner: {
    js: "import { createRequire as __configRolloutCreateRequire } from 'node:module';\nconst require = __configRolloutCreateRequire(import.meta.url);",
  },
});
