// The wiring both entry points share: the CI environment decides the range, the git adapter reads the
// repository, the cluster connection is prepared but only opened when needed.
import { eventReader } from "../ci/github-event.js";
import { readCiEnvironment } from "../ci/read-ci-environment.js";
import type { Log } from "../core/log.js";
import type { OptionNaming } from "../core/option-naming.js";
import type { RunReport } from "../core/run-result.js";
import type { Git } from "../git/git.js";
import { runConfigRollout } from "../pipeline/run.js";
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
    /** GitHub's event payload, shared with the caller (the trust policy, the comment): read once. */
    readEvent?: () => Promise<unknown>;
  },
): Promise<RunReport> {
  const { env, git, cluster, log } = adapters;
  const flags = { base: settings.base, head: settings.head };
  const range = await readCiEnvironment(flags, env, adapters.readEvent ?? eventReader(env));
  return runConfigRollout({
    settings,
    range,
    ci: range.ci,
    git,
    connect: cluster.connect,
    clusterConfigured: cluster.configured,
    log,
    env,
    ...(adapters.naming ? { naming: adapters.naming } : {}),
  });
}
