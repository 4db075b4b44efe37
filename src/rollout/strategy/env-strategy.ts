// The env strategy: set an env var (RESTART_TIME by default) to the current Unix time in every
// container, as CI scripts do by hand today. Every run restarts; preparing only reads the
// repository's Secrets the workloads consume, so their values are masked in what the pods say. Each
// workload's value before the run is kept: a rollback (--rollback-on-failure) sets it back.

import { podSpecAt } from "../../core/kinds/pod-template.js";
import { idKey } from "../../core/model.js";
import { envMergePatch, envPatch, envRestorePatch, envValues } from "../../core/restart-patch.js";
import { readConsumedSecrets } from "./consumed-secrets.js";
import type { RestartStrategy } from "./restart-strategy.js";

export function createEnvStrategy(envName: string, now: () => number): RestartStrategy {
  /** Each patched workload's value of the env var before this run, per container. */
  const before = new Map<string, Map<string, string | undefined>>();
  return {
    name: "env",
    needsLiveConfigs: true,
    async prepare(context) {
      await readConsumedSecrets(context);
      return { configWrites: [] };
    },
    async planFileChanges(workloads, { keyFor }) {
      keyFor([]);
      return new Map(workloads.map((w) => [idKey(w.id), { env: envName }]));
    },
    patchFor(id, live, kind) {
      const value = String(Math.floor(now() / 1000));
      const type = kind.restart.patch;
      if (!before.has(idKey(id)))
        before.set(idKey(id), envValues(podSpecAt(live, kind.templatePath), envName));
      // Custom resources take no strategic merge patch: their merge patch carries the whole
      // container list, guarded by the resourceVersion it was computed from.
      const patch =
        type === "strategic-merge"
          ? envPatch(podSpecAt(live, kind.templatePath), envName, value, kind.templatePath)
          : envMergePatch(live, kind.templatePath, envName, value);
      return { patch, type, describe: `${envName}=${value}` };
    },
    rollbackStep: async () => (id, live, kind) => {
      const previous = before.get(idKey(id));
      if (!previous) return { unchanged: "not restarted by this run: nothing to roll back" };
      const patch = envRestorePatch(live, kind.templatePath, envName, previous, kind.restart.patch);
      if (!patch) return { unchanged: `${envName} is as before the run` };
      const values = [...new Set(previous.values())].map((v) => v ?? "unset");
      return { patch, type: kind.restart.patch, describe: `${envName} back to ${values.join(", ")}` };
    },
  };
}
