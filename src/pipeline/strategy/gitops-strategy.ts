// The gitops strategy: a GitOps agent (Argo CD, Flux) applies the commit, this run writes nothing.
// The config hash each planned workload must carry is computed from the head commit with the
// stamp's function; the head commit must carry it already (`config-rollout stamp` wrote it, else
// exit 2 before any wait); the run then waits until the live pod template carries it
// (pipeline/cluster/wait-for-agent.ts) and follows the rollout through the one restart-and-wait
// path, where `patchFor` finds the hash in place and patches nothing.

import { RolloutFailure, UserError } from "../../core/errors.js";
import { restartableKind } from "../../core/kinds/workload-kinds.js";
import { formatId, idKey, type Manifest, type ObjectId } from "../../core/model.js";
import { consumedBy } from "../../core/plan/consumed-configs.js";
import { CONFIG_HASH_ANNOTATION, currentHash } from "../../core/restart-patch.js";
import { computeRestartHashes } from "./restart-hash.js";
import type { RestartStrategy } from "./restart-strategy.js";

export function createGitopsStrategy(hashKey: string | undefined): RestartStrategy {
  let hashes = new Map<string, string>();
  const hashFor = (id: ObjectId) => hashes.get(idKey(id));
  return {
    name: "gitops",
    // The agent applies the configs with the workloads (one sync); nothing is checked or written here.
    needsLiveConfigs: false,
    prepareTitle: "Compute the config hashes the head commit stamps",
    followsTemplateChanges: true,
    awaitsAgent: { hashFor },
    async prepare(context) {
      const { workloads, headWorkloads } = context;
      const consumed = workloads.flatMap((w) => consumedBy(w, headWorkloads));
      const headConfigs = await context.readHeadConfigs(consumed);
      // The stamp's function over the head commit's definitions: no cluster state goes into it.
      hashes = await computeRestartHashes(workloads, headWorkloads, headConfigs, hashKey);
      checkStamped(
        workloads.map((w) => w.id),
        headWorkloads,
        hashFor,
      );
      return { configWrites: [] };
    },
    patchFor(id, live, kind) {
      const hash = hashFor(id);
      if (!hash) throw new RolloutFailure("no config hash was computed for it: not followed");
      const carried = currentHash(live, kind.templatePath);
      if (carried !== hash) {
        // Only after the agent wait said it carried the hash: something changed it since. Never patched.
        throw new RolloutFailure(
          `its live pod template changed after the agent applied the commit: it carries ${carried ?? "no hash"}, the commit ${hash}`,
        );
      }
      return { unchanged: `the agent applied the commit (${CONFIG_HASH_ANNOTATION}=${hash})` };
    },
    async afterWait(results, _rolledBack) {
      // A template the agent changed is this run's restart, not an earlier run's.
      return {
        results: results.map((r) => (r.restart === "unchanged" ? { ...r, restart: "agent-applied" } : r)),
        notes: [],
      };
    },
  };
}

/**
 * Every workload to follow must carry its hash in the head commit already: a commit that was not
 * stamped (or stamped before its configs changed) is one no agent can ever bring to the cluster,
 * so waiting for it would only time out. Exit 2, with the one command that fixes it.
 */
function checkStamped(
  ids: ObjectId[],
  headWorkloads: Map<string, Manifest>,
  hashFor: (id: ObjectId) => string | undefined,
): void {
  const problems: string[] = [];
  for (const id of ids) {
    const manifest = headWorkloads.get(idKey(id));
    const kind = restartableKind(id.kind);
    const where = manifest?.file ? ` (${manifest.file}${manifest.line ? `:${manifest.line}` : ""})` : "";
    if (!manifest || !kind) {
      problems.push(
        `${formatId(id)}: not defined in the repository at the head commit, so nothing stamps it`,
      );
      continue;
    }
    const stamped = currentHash(manifest.object, kind.templatePath);
    const expected = hashFor(id);
    if (stamped === expected) continue;
    problems.push(
      stamped === undefined
        ? `${formatId(id)}${where}: the head commit carries no ${CONFIG_HASH_ANNOTATION} (expected ${expected})`
        : `${formatId(id)}${where}: the head commit carries ${CONFIG_HASH_ANNOTATION}=${stamped}, stale (expected ${expected})`,
    );
  }
  if (problems.length === 0) return;
  throw new UserError(
    `--strategy gitops: the head commit is not stamped for its configs, so no agent can roll it out:\n  ${problems.join("\n  ")}\nRun \`config-rollout stamp\`, commit the result and push it.`,
  );
}
