// The main run and `sync` as the entry points call them: each builds its adapters from the settings
// and the environment (GitHub's event, read once; the trust policy of the head; the pull/merge
// request comment; the cluster connection, opened only when needed; the repository), runs, and
// hands the report, or the error that ended the run, to the entry point to write. This is the one
// boundary where what the run read leaves it: every Secret value it read (core/secret-values.ts) is
// redacted from the log lines, the report every output is rendered from, and the error.
// --plan-out writes the plan file before anything is written to the cluster; --plan applies a saved
// plan (saved-plan.ts).

import { resolve } from "node:path";
import { UserError } from "../core/errors.js";
import type { Log } from "../core/log.js";
import { lazy } from "../core/once.js";
import { CLI_FLAGS, type OptionNaming } from "../core/option-naming.js";
import type { RunReport } from "../core/run-result.js";
import { redactError, redactingLog, redactSecretsIn } from "../core/secret-values.js";
import { createGit } from "../git/create-git.js";
import { withStagesNoted } from "../process/interrupt.js";
import { eventReader } from "../range/github-event.js";
import { readCiEnvironment } from "../range/read-ci-environment.js";
import { decideTrust } from "../range/untrusted-head.js";
import type { RunSettings, SyncSettings } from "../settings/settings.js";
import { type ClusterConnection, createClusterConnection, runNamespace } from "./cluster-connection.js";
import { type Commenter, type ReviewCommentOutcome, reviewCommenter } from "./comment-on-review.js";
import { runFleet } from "./fleet.js";
import { checkOutputFiles, type OutputFile } from "./output-files.js";
import { type PlanWriter, planAndApply } from "./plan.js";

type Env = Record<string, string | undefined>;

/** Where a command runs and how it speaks, as its entry point knows it. */
export interface EntryPoint {
  env: Env;
  /** Where a relative --repo is resolved. */
  cwd: string;
  /** The run's log, once the repository's root is known (the action's annotation paths are relative to the workspace). */
  logFor(repositoryRoot: string | undefined): Log;
  /** How messages name options: the CLI's flags unless given (the action: its inputs). */
  naming?: OptionNaming;
  /** The CI log's masker (the action): credentials learnt at run time are registered before their first use. */
  mask?: (secrets: readonly string[]) => void;
  /** GitHub's trust policy for the head (the action, range/untrusted-head.ts): its inputs, and where its note goes. */
  trust?: { dryRunExplicit: boolean; allowUntrusted: boolean; notice(line: string): void };
  /** The plan as the pull/merge request comment, when it is asked for; each outcome goes to `say`. */
  comment?: { token?: string; fullReportIn: string; say(outcome: ReviewCommentOutcome): void };
}

/** How the entry point writes what a command ends with; the comment, when one is asked for, is theirs to post after. */
export interface Publish<T> {
  report(report: RunReport, comment: Commenter | undefined): Promise<T>;
  failure(error: unknown, comment: Commenter | undefined): Promise<T>;
}

/**
 * `config-rollout [run]`: plan the range from git (the CI environment decides it), then restart
 * what the plan says and wait; the cluster is connected only when needed. Several contexts: a fleet
 * (fleet.ts; the settings refuse a plan file with them).
 */
export function planAndRollOut<T>(settings: RunSettings, entry: EntryPoint, out: Publish<T>): Promise<T> {
  return inCi(settings, entry, out, async (settings, cluster, readEvent) => {
    const { env, naming } = entry;
    // Read while the repository opens; a fleet's contexts are read by runFleet.
    const namespace = settings.contexts ? undefined : runNamespace(settings, cluster, naming ?? CLI_FLAGS);
    await checkOutputFiles(outputFilesOf(settings, entry.cwd, naming ?? CLI_FLAGS));
    const openGit = () => createGit(resolve(entry.cwd, settings.repo), { timeoutMs: settings.gitTimeoutMs });
    // --plan opens the repository only to check its head (and for a replan), and runs without one too.
    const opening = settings.plan === undefined ? openGit() : undefined;
    const opened = await opening;
    const git = lazy(() => opening ?? openGit());
    const log = runLog(entry, opened?.root);
    const shared = { log, env, ...(naming ? { naming } : {}) };
    const rangeAndCi = async ({ base, head }: Pick<RunSettings, "base" | "head">) => {
      const range = await readCiEnvironment({ base, head }, env, readEvent);
      return { range, ci: range.ci };
    };
    if (settings.contexts) {
      const waves = settings.contexts;
      const connectTo = (context: string) => cluster.forContext(context);
      return runFleet({
        settings,
        ...(await rangeAndCi(settings)),
        git: await git(),
        ...shared,
        waves,
        connectTo,
      });
    }
    let planOut: PlanWriter | undefined;
    let settingsForRun = { ...settings, ...(await namespace) };
    if (settings.plan !== undefined) {
      // The plan file's modules are loaded only with --plan or --plan-out: it is sealed with node:crypto.
      const saved = await import("./saved-plan.js");
      const planSettings = { ...settings, plan: settings.plan };
      const run = await saved.loadSavedPlan(planSettings, git, naming);
      if (!run.replanFrom) return saved.applySaved(run, planSettings, cluster, shared);
      // Versioned: plan again from the checkout at the plan's head, and restart only if it agrees.
      // In the namespace the plan was made in, not this job's context's (the plan job may have had none).
      const planned = run.document.namespace ?? "default";
      const namespaceFrom = `the plan file's (${settings.plan})`;
      settingsForRun = {
        ...settingsForRun,
        ...run.replanFrom,
        strategy: run.document.strategy,
        ...(settings.namespaceFrom === undefined ? { namespace: planned, namespaceFrom } : {}),
      };
      planOut = async (document) =>
        saved.sameWorkloads(run.document, planSettings, document.workloads, naming);
    } else if (settings.planOut !== undefined) {
      const path = settings.planOut;
      planOut = async (document) => (await import("./saved-plan.js")).writePlanFile(path, document, log);
    }
    return planAndApply({
      settings: settingsForRun,
      ...(await rangeAndCi(settingsForRun)),
      git: await git(),
      connect: cluster.connect,
      clusterConfigured: cluster.configured,
      ...shared,
      ...(planOut ? { planOut } : {}),
    });
  });
}

/** The files the run writes besides the cluster, resolved as their writers resolve them (saved-plan.ts, cli/write-results.ts). */
function outputFilesOf(settings: RunSettings, cwd: string, naming: OptionNaming): OutputFile[] {
  const files: Array<[string, string | undefined, string]> = [
    ["plan-out", settings.planOut, resolve(settings.planOut ?? "")],
    ["junit", settings.junit, resolve(cwd, settings.junit ?? "")],
    ["dotenv", settings.dotenv, resolve(cwd, settings.dotenv ?? "")],
  ];
  return files.flatMap(([name, given, path]) =>
    given === undefined ? [] : [{ option: naming.option(name), given, path }],
  );
}

/** `config-rollout sync`: the live configs against each workload's hash, no repository. */
export function syncFromCluster<T>(settings: SyncSettings, entry: EntryPoint, out: Publish<T>): Promise<T> {
  return inCi(settings, entry, out, async (settings, connection) => {
    if (settings.contexts) {
      const option = (entry.naming ?? CLI_FLAGS).option("context");
      throw new UserError(`sync checks one cluster: give ${option} one context (run sync once per cluster)`);
    }
    // Loaded only for sync: it compares hashes with node:crypto, which a plan of nothing never loads.
    const { runSync } = await import("./sync.js");
    return runSync(settings, {
      connection,
      log: runLog(entry, undefined),
      now: Date.now,
      naming: entry.naming ?? CLI_FLAGS,
    });
  });
}

/**
 * What the main run and sync share, in this order: the trust policy (before any request), the
 * comment (so an error from here on is reported there too), the cluster connection (its
 * credentials masked before they can be logged), the command, the report or the error.
 */
async function inCi<S extends RunSettings | SyncSettings, T>(
  given: S,
  entry: EntryPoint,
  out: Publish<T>,
  command: (settings: S, cluster: ClusterConnection, readEvent: () => Promise<unknown>) => Promise<RunReport>,
): Promise<T> {
  const { env, mask } = entry;
  // GitHub's event payload, read once for the trust policy, the range and the comment.
  const readEvent = eventReader(env);
  let comment: Commenter | undefined;
  try {
    let settings = given;
    if (entry.trust) {
      const { notice, ...inputs } = entry.trust;
      const eventName = env.GITHUB_EVENT_NAME ?? "";
      const trust = decideTrust({ eventName, event: await readEvent(), dryRun: settings.dryRun, ...inputs });
      settings = { ...settings, dryRun: trust.dryRun };
      if (trust.note) notice(trust.note);
    }
    if (entry.comment) {
      const { say, ...given } = entry.comment;
      if (!given.token && env.GITHUB_TOKEN) mask?.([env.GITHUB_TOKEN]);
      comment = reviewCommenter({ env, readEvent, commentId: settings.commentId, ...given }, say);
    }
    // An exec plugin's token exists only once the plugin has run: masked before its first use.
    const cluster = createClusterConnection(settings, env, mask);
    if (mask) mask(await cluster.secretsToMask());
    const report = redactSecretsIn(await command(settings, cluster, readEvent));
    return await out.report(report, comment);
  } catch (error) {
    return out.failure(redactError(error), comment);
  }
}

/** The entry point's log for the run: its stages noted for an interrupted run, Secret values redacted. */
function runLog(entry: EntryPoint, repositoryRoot: string | undefined): Log {
  return redactingLog(withStagesNoted(entry.logFor(repositoryRoot)));
}
