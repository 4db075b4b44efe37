// Checks on values that parse but would only fail, or silently misbehave, once the cluster is
// touched: a zero timeout, a wait longer than a Node timer can hold, a namespace the API server
// would reject (which used to turn into a cluster-wide list), an env var name no shell can read.
import { UserError } from "../core/errors.js";
import { isNamespaceName, NAMESPACE_RULE } from "../core/names.js";

/** The longest delay a Node timer can hold (2^31-1 ms): longer ones fire at once. */
export const MAX_TIMER_MS = 2_147_483_647;
/** What the environment variable set by --strategy env must look like to be readable in a shell. */
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The values checked, those of any command (a command's settings hold only the rows it reads). */
export interface CheckedValues {
  paths?: string[];
  namespace?: string;
  namespaces?: string[];
  excludeNamespaces?: string[];
  envName?: string;
  timeoutMs?: number;
  configTimeoutMs?: number;
  maxFileSize?: number;
  concurrency?: number;
  maxParallelRollouts?: number;
  /** --logs. */
  logLines?: number;
  strategy?: string;
  apply?: boolean;
  discover?: string;
  dryRun?: string;
  wait?: boolean;
  watchPods?: boolean;
  rollbackOnFailure?: boolean;
  bakeMs?: number;
  plan?: string;
  planOut?: string;
  contexts?: unknown;
}

export function validateSettings(values: CheckedValues): void {
  if (values.paths?.length === 0) {
    throw new UserError("--paths: no globs given (the default is **/*.yaml,**/*.yml,**/*.json)");
  }
  if (values.timeoutMs !== undefined) checkDuration("timeout", values.timeoutMs);
  if (values.configTimeoutMs !== undefined) checkDuration("config-timeout", values.configTimeoutMs);
  checkNamespaces("namespace", values.namespace === undefined ? [] : [values.namespace]);
  checkNamespaces("namespaces", values.namespaces ?? []);
  checkNamespaces("exclude-namespaces", values.excludeNamespaces ?? []);
  if (values.envName !== undefined && !ENV_NAME.test(values.envName)) {
    throw new UserError(
      `--env-name: ${JSON.stringify(values.envName)} is not a valid environment variable name (letters, digits and "_", not starting with a digit)`,
    );
  }
  if (values.concurrency !== undefined && (values.concurrency < 1 || values.concurrency > 64)) {
    throw new UserError("--concurrency: must be between 1 and 64 (requests in flight at once)");
  }
  if (values.maxParallelRollouts !== undefined && values.maxParallelRollouts < 1) {
    throw new UserError(
      `--max-parallel-rollouts: must be at least 1 (workloads rolling out at once), got ${values.maxParallelRollouts}`,
    );
  }
  if (values.logLines !== undefined && (values.logLines < 0 || values.logLines > 200)) {
    throw new UserError(
      "--logs: must be between 0 and 200 (lines of a crashed container's log quoted in the report)",
    );
  }
  if (values.maxFileSize !== undefined && values.maxFileSize < 1)
    throw new UserError("--max-file-size: must be at least 1 (bytes)");
  if (values.bakeMs !== undefined) checkBake(values, values.bakeMs);
  if (values.strategy === "gitops") checkGitops(values);
  checkPlanFile(values);
}

/** --plan applies a plan file, --plan-out writes one: each for one cluster, and never both. */
function checkPlanFile(values: CheckedValues): void {
  if (values.plan !== undefined) {
    if (values.apply)
      throw new UserError(
        "--apply cannot be used with --plan: a plan file holds digests, not the configs' content; apply the manifests first (or in the plan job)",
      );
    if (values.planOut !== undefined)
      throw new UserError("--plan-out cannot be used with --plan: the plan is already made");
  }
  if (values.strategy === "gitops" && values.planOut !== undefined) {
    throw new UserError(
      "--plan-out cannot be used with --strategy gitops: a gitops run writes nothing, so there is no plan to apply; run --strategy gitops in each cluster's job (it needs read-only credentials and the checkout)",
    );
  }
  if (values.contexts && (values.plan !== undefined || values.planOut !== undefined)) {
    throw new UserError(
      `--context with several contexts cannot be used with ${values.plan !== undefined ? "--plan" : "--plan-out"}: a plan file is one cluster's plan (its own consumers); run one job per cluster with one --context each, or several without a plan file`,
    );
  }
}

/** --bake watches the new pods once a rollout is done: it needs both the wait and the pod watch. */
function checkBake(values: CheckedValues, bakeMs: number): void {
  checkDuration("bake", bakeMs);
  const without = !values.wait ? "--no-wait" : !values.watchPods ? "--no-watch-pods" : undefined;
  if (without)
    throw new UserError(`--bake watches each rollout's new pods once it is done: drop ${without}, or --bake`);
}

/**
 * --strategy gitops runs with read-only credentials: the agent applies the commit, so every option
 * that would write, or look for workloads the repository does not define (no agent stamps those), is refused.
 */
function checkGitops(values: CheckedValues): void {
  const refused = [
    values.apply ? "--apply (the agent applies the configs)" : undefined,
    values.dryRun === "server" ? "--dry-run server (it sends no write to dry-run)" : undefined,
    values.rollbackOnFailure === true
      ? "--rollback-on-failure (the agent owns the state: revert the commit in git and it rolls back)"
      : undefined,
    values.discover !== undefined && values.discover !== "repo"
      ? `--discover ${values.discover} (the agent deploys only what the repository defines)`
      : undefined,
  ].filter((part) => part !== undefined);
  if (refused.length > 0) {
    throw new UserError(`--strategy gitops writes nothing to the cluster: drop ${refused.join(", ")}`);
  }
}

function checkDuration(option: string, ms: number): void {
  if (ms <= 0) throw new UserError(`--${option}: must be more than 0 (e.g. 90s, 5m)`);
  if (ms > MAX_TIMER_MS) {
    const hours = Math.floor(MAX_TIMER_MS / 3_600_000);
    throw new UserError(
      `--${option}: ${formatHours(ms)} is longer than the longest wait supported (${hours}h)`,
    );
  }
}

function formatHours(ms: number): string {
  return ms % 3_600_000 === 0 ? `${ms / 3_600_000}h` : `${ms}ms`;
}

function checkNamespaces(option: string, names: string[]): void {
  for (const name of names) {
    if (!isNamespaceName(name)) {
      throw new UserError(
        `--${option}: ${JSON.stringify(name)} is not a valid namespace name (${NAMESPACE_RULE})`,
      );
    }
  }
}
