// The gitops strategy: a GitOps agent (Argo CD, Flux) applies the commit, this run writes nothing.
// The config hash each planned workload must carry is computed from the head commit with the
// stamp's function; the head commit must carry it already (`config-rollout stamp` wrote it, else
// exit 2 before any wait); the run then waits until the live pod template carries it
// (rollout/wait-for-agent.ts) and follows the rollout through the one restart-and-wait
// path, where `patchFor` finds the hash in place and patches nothing.

import { consumedBy } from "../../core/consumed-configs.js";
import { RolloutFailure, UserError } from "../../core/errors.js";
import { restartableKind } from "../../core/kinds/workload-kinds.js";
import { type ConfigSnapshot, formatId, idKey, type Manifest, type ObjectId } from "../../core/model.js";
import { CONFIG_HASH_ANNOTATION, currentHash } from "../../core/restart-patch.js";
import type { WorkloadResult } from "../../core/run-result.js";
import { headConfigReadBy } from "../../scan/gitops/folder-definitions.js";
import { checkLiveConfigs } from "./live-configs.js";
import { computeStampHashes } from "./restart-hash.js";
import type { RestartStrategy } from "./restart-strategy.js";

export function createGitopsStrategy(hashKey: string | undefined): RestartStrategy {
  let hashes = new Map<string, string>();
  /** The configs each followed workload reads, as committed at head (checked live after the rollout). */
  let committed = new Map<string, ConfigSnapshot[]>();
  /** The generated configs each followed workload reads at head (awaitsAgent.generatedFor). */
  let generated = new Map<string, ObjectId[]>();
  const hashFor = (id: ObjectId) => hashes.get(idKey(id));
  const generatedFor = (id: ObjectId) => generated.get(idKey(id)) ?? [];
  return {
    name: "gitops",
    // The agent applies the configs with the workloads (one sync); nothing is checked or written here.
    needsLiveConfigs: false,
    prepareTitle: "Compute the config hashes the head commit stamps",
    followsTemplateChanges: true,
    awaitsAgent: { hashFor, generatedFor },
    async prepare(context) {
      const { workloads, headWorkloads } = context;
      const consumed = workloads.flatMap((w) => consumedBy(w, headWorkloads));
      const headConfigs = await context.readHeadConfigs(consumed);
      // What the stamp hashes: the head commit's definitions (no cluster state), without the
      // configs a generator names by their content (they roll their consumers themselves).
      const hashed = new Map([...headConfigs].filter(([, config]) => !config.manifest.selfRolling));
      const computed = await computeStampHashes(workloads, headWorkloads, hashed, hashKey);
      hashes = new Map([...computed].map(([key, value]) => [key, value.hash]));
      generated = new Map(
        workloads.map((w) => [
          idKey(w.id),
          consumedBy(w, headWorkloads).filter((id) => headConfigs.get(idKey(id))?.manifest.selfRolling),
        ]),
      );
      // Without --hash-key the stamp writes no value for a workload that reads a repository
      // Secret (it would be a plain SHA-256 of the Secret): such a workload cannot be followed.
      const readsSecret = new Set(
        hashKey
          ? []
          : workloads
              .filter((w) =>
                consumedBy(w, headWorkloads).some((c) => c.kind === "Secret" && hashed.has(idKey(c))),
              )
              .map((w) => idKey(w.id)),
      );
      checkStamped(
        workloads.map((w) => w.id),
        headWorkloads,
        hashFor,
        readsSecret,
      );
      committed = new Map(
        workloads.map((w) => [
          idKey(w.id),
          consumedBy(w, headWorkloads).flatMap((id) => {
            const config = headConfigs.get(idKey(id));
            // Of a config per-cluster folders define each their own way, the one this workload reads.
            return config ? [headConfigReadBy(config, headWorkloads.get(idKey(w.id))?.file)] : [];
          }),
        ]),
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
    async afterWait(results, _rolledBack, { cluster }) {
      // A template the agent changed is this run's restart, not an earlier run's.
      const applied = results.map(
        (r): WorkloadResult => (r.restart === "unchanged" ? { ...r, restart: "agent-applied" } : r),
      );
      // The template carries the new hash, but the pods read the configs: the agent may not have
      // applied those (another Argo CD Application, an immutable ConfigMap it could not change).
      // "Rolled out" only when the live configs hold the committed content.
      const done = applied.filter((r) => r.rollout === "done");
      const configs = new Map<string, ConfigSnapshot>();
      for (const r of done) for (const c of committed.get(idKey(r.id)) ?? []) configs.set(idKey(c.id), c);
      if (configs.size === 0) return { results: applied, notes: [] };
      const check = await checkLiveConfigs(cluster, [...configs.values()]);
      const differ = new Set(check.differ.map(idKey));
      const notes =
        check.unreadable.length > 0
          ? [
              `not confirmed on the cluster (these credentials may not read Secrets): ${check.unreadable.map(formatId).join(", ")}`,
            ]
          : [];
      return {
        results: applied.map((r) => {
          const stale = (committed.get(idKey(r.id)) ?? []).filter((c) => differ.has(idKey(c.id)));
          if (r.rollout !== "done" || stale.length === 0) return r;
          return {
            ...r,
            rollout: "failed",
            message: `its pods rolled out, but the cluster does not hold the committed content of ${stale.map((c) => `${formatId(c.id)} from ${c.file}`).join(", ")}: the new pods read the old config (is it in another Argo CD Application or Flux Kustomization, or immutable, so the agent could not change it?)`,
          };
        }),
        notes,
      };
    },
  };
}

/**
 * Every workload to follow must carry its hash in the head commit already: a commit that was not
 * stamped (or stamped before its configs changed) is one no agent can ever bring to the cluster,
 * so waiting for it would only time out. Exit 2, with the one command that fixes it, or why no
 * stamp can (a kustomization deployed ways that differ in more than the namespace holds one value,
 * as kustomize builds it; a plain folder Flux renames or patches holds none: stampCannotMatch; a
 * pod template written as a YAML alias, which stamp refuses to write).
 */
function checkStamped(
  ids: ObjectId[],
  headWorkloads: Map<string, Manifest>,
  hashFor: (id: ObjectId) => string | undefined,
  readsSecret: ReadonlySet<string>,
): void {
  const problems: string[] = [];
  const unmatchable: string[] = [];
  const unwritable: string[] = [];
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
    if (readsSecret.has(idKey(id))) {
      // The stamp's value of a Secret consumer is keyed with --hash-key, or not written at all.
      problems.push(
        `${formatId(id)}${where}: it reads a Secret from the repository, and without --hash-key its value would be a plain SHA-256 of the Secret's content: set --hash-key (the same key as \`config-rollout stamp\`)`,
      );
      continue;
    }
    const stamped = currentHash(manifest.object, kind.templatePath);
    const expected = hashFor(id);
    if (stamped === expected) continue;
    if (manifest.stampUnwritable !== undefined) {
      unwritable.push(`${formatId(id)}${where}: ${manifest.stampUnwritable} (expected ${expected})`);
      continue;
    }
    if (manifest.stampCannotMatch !== undefined) {
      unmatchable.push(
        `${formatId(id)}${where}: ${manifest.stampCannotMatch} (the head commit carries ${CONFIG_HASH_ANNOTATION}=${stamped ?? "none"}, this deployment needs ${expected})`,
      );
      continue;
    }
    problems.push(
      stamped === undefined
        ? `${formatId(id)}${where}: the head commit carries no ${CONFIG_HASH_ANNOTATION} (expected ${expected})`
        : `${formatId(id)}${where}: the head commit carries ${CONFIG_HASH_ANNOTATION}=${stamped}, stale (expected ${expected})`,
    );
  }
  const lines: string[] = [];
  if (problems.length > 0)
    lines.push(
      `--strategy gitops: the head commit is not stamped for its configs, so no agent can roll it out:\n  ${problems.join("\n  ")}\nRun \`config-rollout stamp\`, commit the result and push it.`,
    );
  if (unwritable.length > 0)
    lines.push(
      `--strategy gitops: \`config-rollout stamp\` cannot write these workloads' stamps where their files write them, so no agent can roll them out:\n  ${unwritable.join("\n  ")}\nRunning \`config-rollout stamp\` alone does not change that: write out what each names (no alias), then stamp, commit and push.`,
    );
  if (unmatchable.length > 0)
    lines.push(
      `--strategy gitops: no stamp can match these workloads, so they cannot be followed:\n  ${unmatchable.join("\n  ")}\n\`config-rollout stamp\` does not change that: give each deployment a kustomization of its own (one in the folder it deploys, or an overlay per cluster that includes the shared one), or roll them out with a live strategy.`,
    );
  if (lines.length > 0) throw new UserError(lines.join("\n"));
}
