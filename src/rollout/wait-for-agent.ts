// Stage (--strategy gitops): wait until the GitOps agent (Argo CD, Flux) has applied the head
// commit, i.e. until each workload's live pod template carries the config hash the commit stamps
// on it and reads the configs a generator names by their content (the stamp leaves those out). Read-only: one list-and-watch loop per namespace and kind (kube/list-watch.ts), the same
// transport the rollout wait uses, so it ends at the event that brings the last hash, with no
// polling interval. What it returns goes on through the one restart-and-wait path, which patches
// nothing for a template that already carries its hash and follows its rollout.

import { setMaxListeners } from "node:events";
import { findReferences } from "../core/config-references.js";
import { formatDuration } from "../core/duration.js";
import { ClusterAccessError } from "../core/errors.js";
import { podSpecAt } from "../core/kinds/pod-template.js";
import { restartableKind } from "../core/kinds/workload-kinds.js";
import type { Log } from "../core/log.js";
import { formatId, idKey, type ObjectId } from "../core/model.js";
import { CONFIG_HASH_ANNOTATION, currentHash } from "../core/restart-patch.js";
import type { WorkloadResult } from "../core/run-result.js";
import { listAndWatch, type WatchSource } from "../kube/list-watch.js";
import { stopReason } from "../process/interrupt.js";
import { type Heartbeat, type HeartbeatOptions, startHeartbeat } from "./heartbeat.js";

type Plain = Record<string, unknown>;

interface AgentWaitOptions {
  /** The hash each workload's live pod template must carry (computed from the head commit). */
  hashFor(id: ObjectId): string | undefined;
  /** The generated configs (named by their content) each live pod template must read, as at head. */
  generatedFor(id: ObjectId): ObjectId[];
  timeoutMs: number;
  log: Pick<Log, "info">;
  now?: () => number;
  retryDelayMs?: number;
  /** Aborted when the run is interrupted (SIGINT, SIGTERM): the wait ends at once, nothing more followed. */
  interrupt?: AbortSignal;
  /** The progress line after each silence (heartbeat.ts; tests shorten it). */
  heartbeat?: HeartbeatOptions;
}

interface AgentWaitResult {
  /** Workloads whose live template carries the commit's hash, as last seen: their rollouts are followed next. */
  applied: Array<{ id: ObjectId; object: Plain }>;
  /** Workloads the agent never updated within the timeout, or that could not be followed. */
  notApplied: WorkloadResult[];
}

interface Followed {
  id: ObjectId;
  hash: string;
  /** Generated configs the head template reads: the live one must read them too. */
  generated: ObjectId[];
  templatePath: readonly string[];
  /** The value the live template carried when last seen. */
  seen?: string;
  /** Of `generated`, those the live template did not read when last seen. */
  unread?: ObjectId[];
  /** The live object that carried the hash. */
  object?: Plain;
  settled?: "applied" | WorkloadResult;
}

export async function waitForAgent(
  cluster: WatchSource,
  ids: ObjectId[],
  opts: AgentWaitOptions,
): Promise<AgentWaitResult> {
  const now = opts.now ?? Date.now;
  const started = now();
  const followed = new Map<string, Followed>();
  const notApplied: WorkloadResult[] = [];
  for (const id of ids) {
    const hash = opts.hashFor(id);
    const kind = restartableKind(id.kind);
    if (!hash || !kind) {
      notApplied.push({ id, restart: "failed", message: "no config hash was computed for it: not followed" });
      continue;
    }
    followed.set(idKey(id), { id, hash, generated: opts.generatedFor(id), templatePath: kind.templatePath });
  }
  let unsettled = followed.size;
  let heartbeat: Heartbeat | undefined;
  const stop = new AbortController();
  setMaxListeners(0, stop.signal);
  const finished = new Promise<void>((resolve) => stop.signal.addEventListener("abort", () => resolve()));
  const settle = (state: Followed, outcome: "applied" | WorkloadResult) => {
    if (state.settled) return;
    state.settled = outcome;
    heartbeat?.printed();
    opts.log.info(
      `${formatId(state.id)}: ${outcome === "applied" ? `the agent applied the commit (${CONFIG_HASH_ANNOTATION}=${state.hash})` : outcome.message}`,
    );
    if (--unsettled === 0) stop.abort();
  };
  const deadline = setTimeout(() => {
    for (const state of followed.values())
      settle(state, notAppliedResult(state, opts.timeoutMs, now() - started));
  }, opts.timeoutMs);
  const interrupted = () => {
    const why = opts.interrupt ? stopReason(opts.interrupt) : "interrupted";
    for (const state of followed.values()) {
      const message = `${why} while waiting for the agent to apply the commit to ${formatId(state.id)}: not followed to the end`;
      settle(state, { id: state.id, restart: "failed", message, durationMs: now() - started });
    }
  };
  heartbeat = startHeartbeat(
    opts.timeoutMs,
    (waited, left) => {
      const open = [...followed.values()].filter((f) => !f.settled);
      if (open.length === 0) return undefined;
      const names = open
        .slice(0, 3)
        .map((f) => formatId(f.id))
        .join(", ");
      const done = followed.size - open.length;
      return `still waiting for the agent to apply the commit: ${done} of ${followed.size} workloads carry it (waited ${waited}, ${left} left); waiting for ${names}${open.length > 3 ? ", …" : ""}`;
    },
    (line) => opts.log.info(line),
    { now, ...opts.heartbeat },
  );
  // Registered before anything can end the wait, so the deadline is always cleared.
  stop.signal.addEventListener("abort", () => {
    heartbeat?.stop();
    clearTimeout(deadline);
    opts.interrupt?.removeEventListener("abort", interrupted);
  });
  if (unsettled === 0) stop.abort();
  if (opts.interrupt?.aborted) interrupted();
  else if (!stop.signal.aborted) opts.interrupt?.addEventListener("abort", interrupted, { once: true });

  const groups = new Map<string, Followed[]>();
  for (const state of followed.values()) {
    const key = `${state.id.namespace}/${state.id.kind}`;
    groups.set(key, [...(groups.get(key) ?? []), state]);
  }
  for (const members of groups.values()) {
    followGroup(cluster, members, { ...opts, signal: stop.signal, settle, now }).catch((error: unknown) => {
      const message =
        error instanceof ClusterAccessError
          ? `cannot follow it: ${error.message}`
          : `internal error while waiting for the agent: ${String(error)}`;
      for (const member of members) settle(member, { id: member.id, restart: "failed", message });
    });
  }
  await finished;
  for (const state of followed.values()) if (state.settled !== "applied") notApplied.push(state.settled!);
  return {
    applied: [...followed.values()].flatMap((s) =>
      s.settled === "applied" && s.object ? [{ id: s.id, object: s.object }] : [],
    ),
    notApplied,
  };
}

interface GroupContext extends AgentWaitOptions {
  signal: AbortSignal;
  settle(state: Followed, outcome: "applied" | WorkloadResult): void;
  now: () => number;
}

async function followGroup(cluster: WatchSource, members: Followed[], context: GroupContext): Promise<void> {
  const { namespace, kind } = members[0]!.id;
  const byName = new Map(members.map((m) => [m.id.name, m]));
  await listAndWatch(cluster, {
    namespace,
    kind,
    names: [...byName.keys()],
    fromMostRecent: false,
    following: (name) => !byName.get(name)?.settled,
    onObject: (name, obj: Plain) => {
      const state = byName.get(name)!;
      state.seen = currentHash(obj, state.templatePath);
      const reads = new Set(
        findReferences(podSpecAt(obj, state.templatePath)).map((r) => `${r.configKind}/${r.configName}`),
      );
      state.unread = state.generated.filter((config) => !reads.has(`${config.kind}/${config.name}`));
      if (state.seen !== state.hash || state.unread.length > 0) return;
      state.object = obj;
      context.settle(state, "applied");
    },
    // Not there (yet): an agent may still create it; the deadline says what was last seen.
    onGone: (name) => {
      const state = byName.get(name)!;
      state.seen = undefined;
      state.unread = undefined;
    },
    onRetry: () => {},
    signal: context.signal,
    retryDelayMs: context.retryDelayMs,
    now: context.now,
  });
}

function notAppliedResult(state: Followed, timeoutMs: number, durationMs: number): WorkloadResult {
  const lacks: string[] = [];
  if (state.seen !== state.hash) {
    const seen = state.seen ? `it carries ${state.seen}` : `it carries no ${CONFIG_HASH_ANNOTATION}`;
    lacks.push(`lacks ${CONFIG_HASH_ANNOTATION}=${state.hash} (${seen})`);
  }
  // Not seen at all (gone, or never listed): every generated config is as unread as the hash.
  const unread = state.unread ?? state.generated;
  if (unread.length > 0)
    lacks.push(
      `does not read ${unread.map((c) => `${c.kind.toLowerCase()}/${c.name}`).join(", ")} (named by its content in the commit)`,
    );
  return {
    id: state.id,
    restart: "agent-not-applied",
    message:
      `the agent has not applied the commit yet: after ${formatDuration(timeoutMs)} the live pod template of ` +
      `${formatId(state.id)} still ${lacks.join(" and ")}; ` +
      "check the Argo CD Application or Flux Kustomization that deploys it is synced to this commit",
    durationMs,
  };
}
