// Stage: make sure the cluster already holds the config content committed at head before anything
// restarts. Restarting pods onto the old config is the worst outcome, so a mismatch either gets
// applied (--apply) or waited for within a bound, and then fails clearly.

import { changedKeys } from "../core/config-content.js";
import { formatDuration } from "../core/duration.js";
import { RolloutFailure } from "../core/errors.js";
import type { Log } from "../core/log.js";
import {
  type ConfigContent,
  type ConfigSnapshot,
  formatId,
  idKey,
  type Manifest,
  type ObjectId,
} from "../core/model.js";
import type { Cluster, LiveConfig } from "../kube/cluster.js";
import { sleep } from "../kube/list-watch.js";
import { readLiveConfigs } from "../kube/read-live-configs.js";
import { noteDone } from "../process/interrupt.js";
import { type HeartbeatOptions, startHeartbeat } from "./heartbeat.js";

interface SyncOptions {
  apply: boolean;
  dryRun: boolean;
  timeoutMs: number;
  /** Reads in flight at once (--concurrency). */
  concurrency: number;
  pollMs?: number;
  sleep?: (ms: number) => Promise<void>;
  /** The progress line after each silence (heartbeat.ts; tests shorten it). */
  heartbeat?: HeartbeatOptions;
  /**
   * With `apply`: called with the configs about to be applied, before the first is; it may throw to
   * refuse the run (the access review of every write the run makes).
   */
  /** Before the first apply: the configs to apply, and those of them the cluster does not hold (created). */
  beforeApply?: (pending: ExpectedConfig[], absent: ReadonlySet<string>) => Promise<void>;
  /** With `apply`: called once a config is written (not for a server dry run). */
  onApplied?: (config: ExpectedConfig) => void;
  /** Aborted when the cluster is given up (a fleet's --timeout): no more config is applied, the wait ends. */
  stop?: AbortSignal;
}

/**
 * What the cluster must hold before anything restarts: the committed content (a run from git), or
 * its digest (a saved plan, which holds no values). `manifest` is what --apply applies.
 */
export interface ExpectedConfig {
  id: ObjectId;
  /** Where it is committed, for messages. */
  file: string;
  holds(live: ConfigContent): boolean;
  manifest?: Manifest;
}

/** The check of a config read from the repository: the live content has the committed keys and values. */
export function committedContent(config: { snapshot: ConfigSnapshot; manifest?: Manifest }): ExpectedConfig {
  const { snapshot } = config;
  return {
    id: snapshot.id,
    file: snapshot.file,
    holds: (live) => changedKeys(live, snapshot.content).length === 0,
    ...(config.manifest ? { manifest: config.manifest } : {}),
  };
}

/** Returns the live objects (uid, content) of the configs found already in sync, by idKey. */
export async function syncConfigs(
  cluster: Cluster,
  configs: ExpectedConfig[],
  options: SyncOptions,
  log: Log,
): Promise<Map<string, LiveConfig>> {
  const live = new Map<string, LiveConfig>();
  /** Of those, the ones the cluster does not hold at all, by idKey (an apply creates them). */
  const absent = new Set<string>();
  /** The configs whose live content is not yet the committed one; the others go into `live`. */
  const stillDifferent = async (candidates: typeof configs) => {
    const current = await readLiveConfigs(
      cluster,
      candidates.map((c) => c.id),
      options.concurrency,
    );
    return candidates.filter((expected) => {
      const found = current.get(idKey(expected.id));
      if (!found) absent.add(idKey(expected.id));
      else absent.delete(idKey(expected.id));
      if (!found || !expected.holds(found.content)) return true;
      live.set(idKey(expected.id), found);
      return false;
    });
  };
  const pending = await stillDifferent(configs);
  if (pending.length === 0) return live;

  if (options.apply) {
    await options.beforeApply?.(pending, absent);
    for (const config of pending) {
      if (options.stop?.aborted) throw options.stop.reason;
      const { id, file, manifest } = config;
      if (!manifest) throw new Error(`no manifest kept for ${formatId(id)}`);
      log.info(`applying ${formatId(id)} from ${file}${options.dryRun ? " (server dry run)" : ""}`);
      await cluster.applyConfig(manifest.object, options.dryRun, id.namespace);
      if (options.dryRun) continue;
      noteDone(`applied ${formatId(id)} from ${file}`, cluster.context);
      options.onApplied?.(config);
    }
    return live;
  }

  const stop = options.stop ?? new AbortController().signal;
  const pause = options.sleep ?? ((ms: number) => sleep(ms, stop));
  const started = Date.now();
  const deadline = started + options.timeoutMs;
  let waiting = pending;
  log.info(
    `waiting up to ${formatDuration(options.timeoutMs)} for the cluster to hold the committed content of ${waiting
      .map((c) => formatId(c.id))
      .join(", ")}`,
  );
  const total = waiting.length;
  const heartbeat = startHeartbeat(
    options.timeoutMs,
    (waited, left) =>
      `still waiting for the committed config content: ${total - waiting.length} of ${total} configs on the cluster (waited ${waited}, ${left} left); waiting for ${waiting
        .slice(0, 3)
        .map((c) => formatId(c.id))
        .join(", ")}${waiting.length > 3 ? ", …" : ""}`,
    (line) => log.info(line),
    options.heartbeat,
  );
  try {
    while (waiting.length > 0) {
      await pause(options.pollMs ?? 1000);
      const names = () => waiting.map((c) => `${formatId(c.id)} from ${c.file}`).join(", ");
      // Given up before --config-timeout (a fleet's --timeout is shorter): said as it is.
      if (stop.aborted) {
        throw new RolloutFailure(
          `the committed content of ${names()} had not arrived on the cluster after ${formatDuration(Date.now() - started)}, before --config-timeout ${formatDuration(options.timeoutMs)} ran out; nothing was restarted`,
        );
      }
      waiting = await stillDifferent(waiting);
      if (waiting.length === 0) break;
      if (Date.now() >= deadline) {
        // A saved plan holds digests, not the content: --apply has nothing to apply (and is refused).
        const orApply = waiting.every((c) => c.manifest !== undefined) ? " or run with --apply" : "";
        throw new RolloutFailure(
          `the cluster does not hold the committed content of ${names()} after ${formatDuration(options.timeoutMs)}; apply the manifests first${orApply}. Nothing was restarted.`,
        );
      }
    }
  } finally {
    heartbeat.stop();
  }
  return live;
}
