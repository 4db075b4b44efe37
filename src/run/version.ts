import { createRequire } from "node:module";

// The bundle gets the version inlined at build time (scripts/build.mjs `define`), so dist/ does not
// carry package.json (and does not change when a dev dependency does). Unbundled runs (tests, tsx)
// read it from package.json.
declare const CONFIG_ROLLOUT_VERSION: string | undefined;

/** The package version. */
export const VERSION: string =
  typeof CONFIG_ROLLOUT_VERSION === "string"
    ? CONFIG_ROLLOUT_VERSION
    : (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
export const USER_AGENT = `config-rollout/${VERSION}`;
