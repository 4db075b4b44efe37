// The option table's rows (see options.ts) about the cluster: how to connect (kubeconfig, contexts,
// request and credential time limits), which namespaces a run may touch and how hard it may push
// the API server. In their own file to keep options.ts short; options.ts places them in the table's order.
import type { OptionSpec } from "./option-spec.js";

export const CLUSTER_OPTIONS: readonly OptionSpec[] = [
  {
    name: "kubeconfig",
    type: "string",
    group: "cluster",
    commands: "run",
    env: "KUBECONFIG",
    placeholder: "PATH",
    description:
      "Kubeconfig file. Default: $KUBECONFIG, ~/.kube/config, then the in-cluster service account.",
  },
  {
    name: "kubeconfig-data",
    type: "string",
    group: "cluster",
    commands: "run",
    env: "CONFIG_ROLLOUT_KUBECONFIG",
    secret: true,
    placeholder: "TEXT",
    description: "A whole kubeconfig as text or base64 (for CI secrets). Masked in logs.",
  },
  {
    name: "exec-plugin-timeout",
    type: "duration",
    group: "limits",
    commands: "run",
    default: "60s",
    env: "CONFIG_ROLLOUT_EXEC_PLUGIN_TIMEOUT",
    placeholder: "DURATION",
    description:
      "Time limit for a kubeconfig's exec credential plugin (aws eks get-token, gke-gcloud-auth-plugin) to print a credential; it is then stopped.",
  },
  {
    name: "request-timeout",
    type: "duration",
    group: "limits",
    commands: "run",
    default: "30s",
    env: "CONFIG_ROLLOUT_REQUEST_TIMEOUT",
    placeholder: "DURATION",
    description:
      "Time limit for one Kubernetes API request (it is retried up to 5 times on timeouts, throttling and server errors); watches are bounded by --timeout.",
  },
  {
    name: "context",
    type: "string",
    group: "cluster",
    commands: "run",
    env: "CONFIG_ROLLOUT_CONTEXT",
    placeholder: "NAME",
    description: "Kubeconfig context to use (GitLab: KUBE_CONTEXT works too).",
  },
  {
    name: "contexts",
    type: "string",
    group: "cluster",
    commands: "run",
    env: "CONFIG_ROLLOUT_CONTEXTS",
    placeholder: "LIST",
    description:
      "Several kubeconfig contexts in one run, in waves: staging;prod-eu,prod-us is staging first, then prod-eu and prod-us in parallel (';' separates waves, ',' the clusters of a wave). The plan is made once; each cluster gets the full run (one that does not answer is given up after --timeout); after a failed cluster later waves are skipped (see Several clusters).",
  },
  {
    name: "continue-on-failure",
    type: "boolean",
    group: "cluster",
    commands: "run",
    default: "false",
    env: "CONFIG_ROLLOUT_CONTINUE_ON_FAILURE",
    description: "--contexts: run the later waves even after a cluster failed (the exit code still says so).",
  },
  {
    name: "namespaces",
    type: "list",
    group: "cluster",
    commands: "run",
    default: "",
    env: "CONFIG_ROLLOUT_NAMESPACES",
    placeholder: "LIST",
    description: "Only restart workloads in these namespaces (empty: all).",
  },
  {
    name: "exclude-namespaces",
    type: "list",
    group: "cluster",
    commands: "run",
    default: "kube-system",
    env: "CONFIG_ROLLOUT_EXCLUDE_NAMESPACES",
    placeholder: "LIST",
    description: "Never restart workloads in these namespaces.",
  },
  {
    name: "max-restarts",
    type: "integer",
    group: "limits",
    commands: "run",
    env: "CONFIG_ROLLOUT_MAX_RESTARTS",
    placeholder: "N",
    description:
      "Refuse a plan that restarts more than N workloads (default: no limit); a dry run shows it, with a note.",
  },
  {
    name: "concurrency",
    type: "integer",
    group: "limits",
    commands: "run",
    // Hides round trips, gentle on an API server shared with others.
    default: "8",
    env: "CONFIG_ROLLOUT_CONCURRENCY",
    placeholder: "N",
    description:
      "Most API requests in flight at once (reads, permission checks, patches); watches are not counted. Lower it for a busy API server.",
  },
];
