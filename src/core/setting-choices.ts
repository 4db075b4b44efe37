// The choices of the enumerated settings and the one shared numeric default, written once: the
// option table (settings/options.ts) offers them and gives them as defaults, and every stage that
// takes one is typed by them. Here in core/ because core's own types (the run report, the guard
// rails) name them too, and core imports nothing outside itself.

export const STRATEGIES = ["annotation", "env", "versioned", "gitops"] as const;
export type Strategy = (typeof STRATEGIES)[number];

export const DRY_RUNS = ["none", "client", "server"] as const;
export type DryRun = (typeof DRY_RUNS)[number];

export const DISCOVER_MODES = ["repo", "cluster", "both"] as const;

export const OUTPUT_FORMATS = ["text", "json", "markdown"] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/**
 * Whether a run puts the last good state back when a rollout fails (--rollback-on-failure): as
 * asked, else on for --strategy versioned (its old copy is still there: nothing is overwritten) and
 * off for the in-place strategies (the restore writes configs the deploy step owns).
 */
export function rollsBackOnFailure(settings: { strategy: Strategy; rollbackOnFailure?: boolean }): boolean {
  return settings.rollbackOnFailure ?? settings.strategy === "versioned";
}
