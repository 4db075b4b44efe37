// The wiring both entry points share: the CI environment decides the range, the git adapter reads the
// repository, the cluster connection is prepared but only opened when needed. --plan-out writes the
// plan file before anything is written to the cluster; --plan applies a saved plan (saved-plan.ts).

import { UserError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import type { RunReport } from "../core/run-result.js";
import { redactError, redactingLog, redactSecretsIn } from "../core/secret-values.js";
import type { Git } from "../git/git.js";
import { eventReader } from "../range/github-event.js";
import { readCiEnvironment } from "../range/read-ci-environment.js";
import type { Settings } from "../settings/settings.js";
import type { ClusterConnection } from "./cluster-connection.js";
import { type PlanWriter, runConfigRollout } from "./run.js";

export async function runInCi(
  settings: Settings,
  adapters: {
    env: Record<string, string | undefined>;
    /** The repository, or how to open it (--plan opens it only to check its head, and may find none). */
    git: Git | (() => Promise<Git>);
    cluster: ClusterConnection;
    log: Log;
    /** How messages name options: the CLI's flags unless given (the action: its inputs). */
    naming?: OptionNaming;
    /** GitHub's event payload, shared with the caller (the trust policy, the comment): read once. */
    readEvent?: () => Promise<unknown>;
  },
): Promise<RunReport> {
  const { env, cluster, log } = adapters;
  const readEvent = adapters.readEvent ?? eventReader(env);
  const openGit = typeof adapters.git === "function" ? adapters.git : async () => adapters.git as Git;
  const naming = adapters.naming ? { naming: adapters.naming } : {};
  if (settings.contexts) {
    // settings.ts refuses --plan and --plan-out with several contexts: a plan file is one cluster's.
    const { runFleet } = await import("./fleet.js");
    return runFleet({
      settings,
      ...(await rangeAndCi({ base: settings.base, head: settings.head }, env, readEvent)),
      git: await openGit(),
      log,
      env,
      ...naming,
      waves: settings.contexts,
      connectTo: (context) => cluster.forContext(context),
    });
  }
  let planOut: PlanWriter | undefined;
  let settingsForRun = settings;
  if (settings.plan !== undefined) {
    const saved = await import("./saved-plan.js");
    const planSettings = { ...settings, plan: settings.plan };
    const run = await saved.loadSavedPlan(planSettings, openGit, adapters.naming);
    if (!run.replanFrom) return saved.applySaved(run, planSettings, cluster, { log, ...naming });
    // Versioned: plan again from the checkout at the plan's head, and restart only if it agrees.
    settingsForRun = { ...settings, ...run.replanFrom, strategy: run.document.strategy };
    planOut = async (document) =>
      saved.sameWorkloads(run.document, planSettings, document.workloads, adapters.naming);
  } else if (settings.planOut !== undefined) {
    const path = settings.planOut;
    planOut = async (document) => (await import("./saved-plan.js")).writePlanFile(path, document, log);
  }
  return runConfigRollout({
    settings: settingsForRun,
    ...(await rangeAndCi({ base: settingsForRun.base, head: settingsForRun.head }, env, readEvent)),
    git: await openGit(),
    connect: cluster.connect,
    clusterConfigured: cluster.configured,
    log,
    env,
    ...naming,
    ...(planOut ? { planOut } : {}),
  });
}

/** The range to compare and the CI system, told once by the environment (GitHub's event file read once). */
async function rangeAndCi(
  flags: { base: string | undefined; head: string | undefined },
  env: Record<string, string | undefined>,
  readEvent: () => Promise<unknown>,
) {
  const range = await readCiEnvironment(flags, env, readEvent);
  return { range, ci: range.ci };
}

/**
 * The one wiring of a command both entry points share: `sync` reads the live state (no repository);
 * a run opens the repository (--plan only to check its head, and runs without one too) and goes
 * through runInCi. `logFor` gives the log once the repository's root is known (the action's
 * annotation paths are relative to the workspace).
 */
export async function runCommand(
  command: "run" | "sync",
  settings: Settings,
  adapters: Omit<Parameters<typeof runInCi>[1], "git" | "log"> & {
    logFor: (repositoryRoot: string | undefined) => Log;
    openGit: () => Promise<Git>;
  },
): Promise<RunReport> {
  const { logFor, openGit, ...rest } = adapters;
  // The one boundary where what the run read leaves it: every Secret value it read (core/secret-values.ts)
  // is redacted from the log lines, the report every output is rendered from, and the error.
  try {
    if (command === "sync") {
      if (settings.contexts) {
        const option = (adapters.naming ?? CLI_FLAGS).option("context");
        throw new UserError(
          `sync checks one cluster: give ${option} one context (run sync once per cluster)`,
        );
      }
      const { runSync } = await import("./sync.js");
      const log = redactingLog(logFor(undefined));
      return redactSecretsIn(await runSync(settings, { connection: adapters.cluster, log, now: Date.now }));
    }
    const git = settings.plan === undefined ? await openGit() : openGit;
    const log = redactingLog(logFor(typeof git === "function" ? undefined : git.root));
    return redactSecretsIn(await runInCi(settings, { ...rest, git, log }));
  } catch (error) {
    throw redactError(error);
  }
}
