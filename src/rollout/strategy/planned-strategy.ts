// The strategy of a saved plan (--plan): the restart value was decided when the plan was made, so
// preparing reads only the Secrets the workloads consume, from the cluster, for their values to be
// masked in what the pods say (consumed-secrets.ts). The annotation strategy's hash comes from the
// plan file; the env strategy sets its variable to the time of the patch, as in a run from git.

import { UserError } from "../../core/errors.js";
import { idKey } from "../../core/model.js";
import type { PlanDocument } from "../../plan/plan-document.js";
import { annotationStep } from "./annotation-strategy.js";
import { readLiveConsumedSecrets } from "./consumed-secrets.js";
import { createEnvStrategy } from "./env-strategy.js";
import type { RestartStrategy } from "./restart-strategy.js";

export function createPlannedStrategy(document: PlanDocument, now: () => number): RestartStrategy {
  const strategy = strategyOf(document, now);
  return {
    ...strategy,
    prepare: async (context) => {
      await readLiveConsumedSecrets(context);
      return strategy.prepare(context);
    },
  };
}

function strategyOf(document: PlanDocument, now: () => number): RestartStrategy {
  if (document.strategy === "env") {
    const names = new Set(document.workloads.map((w) => ("env" in w.change ? w.change.env : "")));
    const [envName] = names;
    if (names.size !== 1 || !envName) throw new UserError("the plan's env changes must name one variable");
    return createEnvStrategy(envName, now);
  }
  if (document.strategy !== "annotation") {
    throw new Error(`a saved plan of strategy ${document.strategy} is applied from its checkout`);
  }
  const hashes = new Map(
    document.workloads.flatMap((w) => ("hash" in w.change ? [[idKey(w.id), w.change.hash] as const] : [])),
  );
  return {
    name: "annotation",
    needsLiveConfigs: true,
    prepare: async () => ({ configWrites: [] }),
    patchFor: annotationStep((id) => hashes.get(idKey(id))),
  };
}
