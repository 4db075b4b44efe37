// The option table's rows (see options.ts) about the cluster: how to connect (kubeconfig, contexts,
// request and credential time limits), which namespaces a run may touch and how hard it may push
// the API server. In their own file to keep options.ts short; options.ts places them in the table's order.
import type { OptionSpec } from "./option-spec.js";

export const CLUSTER_OPTIONS = [
  {
    name: "kubeconfig",
    summary: "kubeconfig file (default: $KUBECONFIG, ~/.kube/config)",
    type: "string",
    group: "cluster",
    commands: "run",
    sync: true,
    // KUBECONFIG is read where the source is chosen (kube/kubeconfig-source.ts): after
    // --kubeconfig-data, and as the list of files kubectl takes, not as this flag's value.
    placeholder: "PATH",
    description:
      "Kubeconfig file. Default: the kubeconfig given as data, then $KUBECONFIG (a list of files, as kubectl reads it), ~/.kube/config, then the in-cluster service account.",
  },
  {
    name: "kubeconfig-data",
    summary: "a whole kubeconfig as text or base64 (masked)",
    type: "string",
    group: "cluster",
    commands: "run",
    sync: true,
    env: "CONFIG_ROLLOUT_KUBECONFIG",
    secret: true,
    placeholder: "TEXT",
    description: "A whole kubeconfig as text or base64 (for CI secrets). Masked in logs.",
  },
  {
    name: "exec-plugin-timeout",
    summary: "time limit of a kubeconfig's credential plugin",
    type: "duration",
    group: "limits",
    commands: "run",
    sync: true,
    default: "60s",
    env: "CONFIG_ROLLOUT_EXEC_PLUGIN_TIMEOUT",
    placeholder: "DURATION",
    description:
      "Time limit for a kubeconfig's exec credential plugin (aws eks get-token, gke-gcloud-auth-plugin) to print a credential; it is then stopped.",
  },
  {
    name: "request-timeout",
    summary: "time limit of one Kubernetes API request",
    type: "duration",
    group: "limits",
    commands: "run",
    sync: true,
    default: "30s",
    env: "CONFIG_ROLLOUT_REQUEST_TIMEOUT",
    placeholder: "DURATION",
    description:
      "Time limit for one Kubernetes API request (it is retried up to 5 times on timeouts, throttling and server errors); watches are bounded by {timeout}.",
  },
  {
    name: "context",
    type: "string",
    group: "cluster",
    commands: "run",
    sync: true,
    env: "CONFIG_ROLLOUT_CONTEXT",
    placeholder: "NAME|WAVES",
    brief: true,
    summary: "kubeconfig context, or several in waves: a;b,c",
    description:
      "Kubeconfig context to use (GitLab: KUBE_CONTEXT works too). Several contexts make one run in waves: staging;prod-eu,prod-us is staging first, then prod-eu and prod-us in parallel (';' separates waves, ',' the clusters of a wave). The plan is made once; each cluster gets the full run (one that does not answer is given up after {timeout}); after a failed cluster later waves are skipped (docs/fleets.md). sync takes one context.",
    // sync checks one cluster: several contexts are refused (run/commands.ts).
    inSync: {
      placeholder: "NAME",
      summary: "kubeconfig context (one: run sync once per cluster)",
      description:
        "Kubeconfig context to use (GitLab: KUBE_CONTEXT works too). One context: sync checks one cluster, so run it once per cluster.",
    },
  },
  {
    name: "continue-on-failure",
    summary: "run later waves of {context} after a failed cluster",
    type: "boolean",
    group: "cluster",
    commands: "run",
    default: "false",
    env: "CONFIG_ROLLOUT_CONTINUE_ON_FAILURE",
    description:
      "With several contexts in {context}: run the later waves even after a cluster failed (the exit code still says so).",
  },
  {
    name: "namespaces",
    brief: true,
    summary: "only restart workloads in these namespaces",
    type: "list",
    group: "cluster",
    commands: "run",
    sync: true,
    default: "",
    env: "CONFIG_ROLLOUT_NAMESPACES",
    placeholder: "LIST",
    description: "Only restart workloads in these namespaces (empty: all).",
  },
  {
    name: "exclude-namespaces",
    summary: "never restart workloads in these namespaces",
    type: "list",
    group: "cluster",
    commands: "run",
    sync: true,
    default: "kube-system",
    env: "CONFIG_ROLLOUT_EXCLUDE_NAMESPACES",
    placeholder: "LIST",
    description: "Never restart workloads in these namespaces.",
  },
  {
    name: "selector",
    brief: true,
    summary: "label selector on the workloads to check",
    type: "string",
    group: "cluster",
    commands: "sync",
    env: "CONFIG_ROLLOUT_SELECTOR",
    short: "l",
    placeholder: "SELECTOR",
    description:
      "A label selector on the workloads to check (e.g. app=shop,tier!=batch), as kubectl's label selector.",
  },
  {
    name: "config",
    brief: true,
    summary: "check only the readers of these configs",
    type: "list",
    group: "cluster",
    commands: "sync",
    default: "",
    env: "CONFIG_ROLLOUT_CONFIG",
    placeholder: "KIND/NAME[:KEY]",
    description:
      "Check only the consumers of these configs (e.g. secret/db-credentials, or secret/db-credentials:password for those that read that key), in every namespace in scope: after a rotation a pipeline just triggered.",
  },
  {
    name: "adopt",
    brief: true,
    summary: "adopt workloads with no baseline",
    type: "boolean",
    group: "cluster",
    commands: "sync",
    default: "false",
    env: "CONFIG_ROLLOUT_ADOPT",
    description:
      "Adopt workloads config-rollout never restarted (no baseline): record a baseline on the workload without a rollout when every running pod started after the configs it reads last changed, else restart them.",
  },
  {
    name: "max-restarts",
    summary: "refuse a plan that restarts more than N workloads",
    type: "integer",
    group: "limits",
    commands: "run",
    env: "CONFIG_ROLLOUT_MAX_RESTARTS",
    placeholder: "N",
    description:
      "Refuse a plan that restarts more than N workloads (default: no limit); a dry run shows it, with a note.",
  },
  {
    name: "max-parallel-rollouts",
    summary: "at most N workloads rolling out at once",
    type: "integer",
    group: "cluster",
    commands: "run",
    sync: true,
    env: "CONFIG_ROLLOUT_MAX_PARALLEL_ROLLOUTS",
    placeholder: "N",
    description:
      'At most N workloads rolling out at once: each wave\'s restarts go in batches of N, each batch waited for before the next (default: all at once). Waves: the workload annotation config-rollout.io/wave: "<integer>" orders the restarts, lower first, unannotated last; a failed wave stops the later ones.',
  },
  {
    name: "concurrency",
    summary: "most API requests in flight at once",
    type: "integer",
    group: "limits",
    commands: "run",
    sync: true,
    // Hides round trips, gentle on an API server shared with others.
    default: "8",
    env: "CONFIG_ROLLOUT_CONCURRENCY",
    placeholder: "N",
    description:
      "Most API requests in flight at once (reads, permission checks, patches); watches are not counted. Lower it for a busy API server.",
  },
] as const satisfies readonly OptionSpec[];
