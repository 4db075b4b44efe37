// The option table's resolved values (src/settings/options.ts), for tests that call a stage
// directly: stages have no defaults of their own, so such a test runs what production runs.
import { type RunSettings, runSettings } from "../../src/settings/settings.js";

/** Every setting of the main run at the table's default, as a run without flags resolves it. */
export const DEFAULTS: RunSettings = runSettings({});

/** createGit's options at the table's --git-timeout. */
export const GIT_OPTIONS = { timeoutMs: DEFAULTS.gitTimeoutMs };
