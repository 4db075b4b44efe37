// The wiring both entry points share: the CI environment decides the range, the git adapter reads the
// repository, the cluster connection is prepared but only opened when needed.
import { detectCiKind } from "../ci/ci-kind.js";
import { readCiEnvironment } from "../ci/read-ci-environment.js";
import type { Log } from "../core/log.js";
import type { OptionNaming } from "../core/option-naming.js";
import type { RunReport } from "../core/run-result.js";
import type { Git } from "../git/git.js";
import { runConfigRollout } from "../pipeline/run.js";
import { runFleet } from "../pipeline/run-fleet.js";
import type { Settings } from "../settings/settings.js";
import type { ClusterConnection } from "./cluster-connection.js";

export async function runInCi(
  settings: Settings,
  adapters: {
    env: Record<string, string | undefined>;
    git: Git;
    cluster: ClusterConnection;
    log: Log;
    /** How messages name options: the CLI's flags unless given (the action: its inputs). */
    naming?: OptionNaming;
  },
): Promise<RunReport> {
  const { env, git, cluster, log } = adapters;
  const common = {
    settings,
    range: await readCiEnvironment({ base: settings.base, head: settings.head }, env),
    ci: detectCiKind(env),
    git,
    log,
    env,
    ...(adapters.naming ? { naming: adapters.naming } : {}),
  };
  if (settings.contexts) {
    return runFleet({
      ...common,
      waves: settings.contexts,
      connectTo: (context) => cluster.forContext(context),
    });
  }
  return runConfigRollout({ ...common, connect: cluster.connect, clusterConfigured: cluster.configured });
}
