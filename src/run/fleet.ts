// --contexts: the plan made once from git, then applied cluster by cluster in waves (core/fleet.ts
// schedules them). Each cluster gets its own connection and the whole apply: discovery of the
// workloads only it runs, the live-config check, the permission check, the patches and the wait.
// One cluster's run is bounded by --timeout, so a slow or unreachable cluster holds its wave no
// longer than that: it is given up, and from then on writes nothing (the report says what it wrote);
// an error in one cluster is that cluster's result, not the run's end.

import { formatDuration } from "../core/duration.js";
import { EXIT_FAILED, exitCodeFor, UserError } from "../core/errors.js";
import { runWaves, type Waves } from "../core/fleet.js";
import type { Log } from "../core/log.js";
import type { Plan } from "../core/model.js";
import { CLI_FLAGS } from "../core/option-naming.js";
import { type ClusterReport, exitCodeOf, type Outcome, type RunReport } from "../core/run-result.js";
import type { ApplyContext, ClusterAccess, RepoPlan } from "../plan/repo-plan.js";
import { unreadSourcesOf } from "../plan/unread-sources.js";
import { stopReason } from "../process/interrupt.js";
import { errorParts } from "../report/error-line.js";
import { WAIT_FOR_ROLLOUTS } from "../rollout/restart-and-wait.js";
import { applyPlanToCluster } from "./apply.js";
import { type LoadedContext, namespaceOfContexts } from "./cluster-connection.js";
import { planRepository, type RunDependencies } from "./plan.js";

interface FleetDependencies extends Omit<RunDependencies, "connect" | "clusterConfigured"> {
  waves: Waves;
  /**
   * Each context's own connection; `load` reads its configuration (an unknown context throws)
   * without a request and says which API server it names, and the namespace it sets.
   */
  connectTo(context: string): ClusterAccess & { load(): Promise<LoadedContext> };
}

export async function runFleet(deps: FleetDependencies): Promise<RunReport> {
  const { settings: given, log, waves } = deps;
  // Every context exists and loads before anything is read from git or sent to a cluster.
  const access = new Map<string, ClusterAccess>();
  const contextOfServer = new Map<string, string>();
  const namespaces: Array<{ context: string; namespace?: string }> = [];
  for (const context of waves.flat()) {
    const connection = deps.connectTo(context);
    const { server, namespace } = await connection.load();
    namespaces.push({ context, ...(namespace ? { namespace } : {}) });
    // Two contexts of one API server would each restart its workloads: one cluster, named twice.
    const same = contextOfServer.get(serverKey(server));
    if (same !== undefined) {
      throw new UserError(
        `contexts "${same}" and "${context}" name the same API server (${server}): each would restart its workloads; name each cluster once`,
      );
    }
    contextOfServer.set(serverKey(server), context);
    access.set(context, connection);
  }
  // Without --namespace, the contexts' own (when they agree): one plan serves every cluster.
  const settings =
    given.namespaceFrom === undefined
      ? { ...given, ...namespaceOfContexts(namespaces, deps.naming ?? CLI_FLAGS, given.strategy) }
      : given;
  const planned = await planRepository({ ...deps, settings });
  if (planned.kind === "no-range") return planned.report;
  const repoPlan = planned.plan;
  const runs = await runWaves<{ report?: RunReport; message?: string; outcome?: Outcome }>(waves, {
    continueOnFailure: settings.continueOnFailure,
    runCluster: async (context, wave) => {
      log.info(`${context}: wave ${wave}: applying the plan`);
      const limit = timeLimit(settings.timeoutMs, context);
      const apply: ApplyContext = {
        settings,
        // Once its rollouts are waited for, the wait's own --timeout bounds the cluster (and a stalled
        // rollout is reported on its workload); until then the time limit does.
        log: prefixedLog(log, context, limit.stop, (title) => {
          if (title.startsWith(WAIT_FOR_ROLLOUTS)) limit.lift();
        }),
        naming: deps.naming ?? CLI_FLAGS,
        ...(deps.now ? { now: deps.now } : {}),
        stop: limit.stop,
      };
      try {
        const report = await applyPlanToCluster(repoPlan, access.get(context)!, apply);
        if (!limit.stop.aborted) return { exitCode: exitCodeOf(report), result: { report } };
        // Given up between its patches: what it patched is reported, the rest was not restarted.
        const message = `${stopReason(limit.stop)}: given up before its rollouts were waited for`;
        log.warn(`${context}: ${message}`);
        return { exitCode: EXIT_FAILED, result: { report, message, outcome: "failed" } };
      } catch (error) {
        const parts = errorParts(error, false);
        const told = parts.hint ? `${parts.message} (${parts.hint})` : parts.message;
        // Given up: what stopped it says what it had done (nothing written, or what was).
        const message = !limit.stop.aborted
          ? told
          : error === limit.stop.reason
            ? `${told} (unreachable or slow); nothing was written to it`
            : `${stopReason(limit.stop)}: ${told}`;
        log.warn(`${context}: ${message}`);
        return { exitCode: limit.stop.aborted ? EXIT_FAILED : exitCodeFor(error), result: { message } };
      } finally {
        limit.lift();
      }
    },
  });
  const clusters: ClusterReport[] = runs.map((run) =>
    run.ran
      ? {
          context: run.context,
          wave: run.wave,
          outcome: run.result.outcome ?? run.result.report?.outcome ?? "error",
          exitCode: run.exitCode,
          ...(run.result.report ? { report: run.result.report } : {}),
          ...(run.result.message ? { message: run.result.message } : {}),
        }
      : { context: run.context, wave: run.wave, outcome: "skipped", exitCode: 0, message: run.skipped },
  );
  return {
    plan: repositoryPlan(repoPlan),
    results: [],
    outcome: fleetOutcome(clusters),
    dryRun: settings.dryRun,
    clusters,
  };
}

/** A server URL as the API server is reached: case, default port and a trailing slash do not matter. */
function serverKey(server: string): string {
  try {
    const url = new URL(server);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
  } catch {
    return server;
  }
}

/** The plan as the repository says it, before any cluster adds the consumers only it runs. */
function repositoryPlan(repoPlan: RepoPlan): Plan {
  const unread = unreadSourcesOf(repoPlan.scan.problems, repoPlan.scan.sourceWarnings);
  return {
    base: repoPlan.base,
    head: repoPlan.head,
    rangeNote: repoPlan.rangeNote,
    changes: repoPlan.scan.changes,
    workloads: [],
    problems: repoPlan.scan.problems,
    warnings: repoPlan.scanWarnings,
    ...(repoPlan.scan.sourceNotes.length > 0 ? { sources: repoPlan.scan.sourceNotes } : {}),
    ...(unread.length > 0 ? { unread } : {}),
  };
}

/** The run's outcome: failed when any cluster failed or stopped on an error, else the most that happened. */
export function fleetOutcome(clusters: readonly ClusterReport[]): Outcome {
  const outcomes = clusters.map((c) => c.outcome);
  if (outcomes.some((o) => o === "failed" || o === "error")) return "failed";
  // Every cluster applies the one plan: when it is incomplete, so is each cluster's run.
  if (outcomes.includes("incomplete")) return "incomplete";
  for (const outcome of ["restarted", "planned"] as const) if (outcomes.includes(outcome)) return outcome;
  return "nothing-to-do";
}

/**
 * Gives the cluster up once --timeout has passed before its rollouts were being waited for
 * (unreachable, or slow to answer): `stop` aborts, and from then on the run writes nothing more. A
 * request already sent is answered within its own time limit, so the report says what was written.
 */
function timeLimit(timeoutMs: number, context: string) {
  const controller = new AbortController();
  const timer = setTimeout(
    () =>
      controller.abort(
        new ClusterTimeout(`${context} did not finish within --timeout ${formatDuration(timeoutMs)}`),
      ),
    timeoutMs,
  );
  return { stop: controller.signal, lift: () => clearTimeout(timer) };
}

/** A cluster that took longer than --timeout: a failed rollout there (exit 1), not bad input. */
class ClusterTimeout extends UserError {
  override name = "ClusterTimeout";
  override readonly exitCode: number = EXIT_FAILED;
}

/** Lines from clusters running in parallel, each naming its cluster; a cluster given up starts no stage. */
function prefixedLog(log: Log, context: string, stop: AbortSignal, onGroup: (title: string) => void): Log {
  return {
    info: (message) => log.info(`${context}: ${message}`),
    warn: (message, where) => log.warn(`${context}: ${message}`, where),
    debug: (message) => log.debug(`${context}: ${message}`),
    group: (title, work) => {
      // A cluster given up starts no further stage.
      if (stop.aborted) return Promise.reject(stop.reason);
      onGroup(title);
      return log.group(`${context}: ${title}`, work);
    },
  };
}
