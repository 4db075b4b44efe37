// Every setting config-rollout understands, in one table. The CLI parser, `--help`, the action's
// inputs (action.yml) and the README's flag table are all generated from it, so they cannot drift.
// The rendered sources' rows (kustomize, --render, render and git time limits) are in source-options.ts.

import {
  DEFAULT_CONCURRENCY,
  DISCOVER_MODES,
  DRY_RUNS,
  OUTPUT_FORMATS,
  STRATEGIES,
} from "../core/setting-choices.js";
import type { OptionSpec } from "./option-spec.js";
import { SOURCE_OPTIONS } from "./source-options.js";

export type { OptionSpec, OptionType } from "./option-spec.js";

export const OPTIONS: readonly OptionSpec[] = [
  {
    name: "base",
    type: "string",
    env: "CONFIG_ROLLOUT_BASE",
    placeholder: "REV",
    description:
      "Commit to compare from. Default: derived from the CI event (push before, merge-base of a PR), else HEAD~1.",
  },
  {
    name: "head",
    type: "string",
    env: "CONFIG_ROLLOUT_HEAD",
    placeholder: "REV",
    description: "Commit to compare to. Default: the CI event's head commit, else HEAD.",
  },
  {
    name: "repo",
    type: "string",
    default: ".",
    env: "CONFIG_ROLLOUT_REPO",
    placeholder: "DIR",
    description: "Path of the git repository holding the manifests.",
  },
  {
    name: "paths",
    type: "list",
    default: "**/*.yaml,**/*.yml,**/*.json",
    env: "CONFIG_ROLLOUT_PATHS",
    placeholder: "GLOBS",
    description:
      "Manifest files to read (comma or newline separated globs, relative to the repository root). Given explicitly, it also narrows which kustomizations and Helm charts are discovered.",
  },
  {
    name: "exclude",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_EXCLUDE",
    placeholder: "GLOBS",
    description: "Files to ignore even when they match --paths (e.g. Helm templates: **/templates/**).",
  },
  ...SOURCE_OPTIONS,
  {
    name: "namespace",
    type: "string",
    default: "default",
    env: "CONFIG_ROLLOUT_NAMESPACE",
    short: "n",
    placeholder: "NS",
    description: "Namespace of manifests that do not name one.",
  },
  {
    name: "discover",
    type: "string",
    choices: DISCOVER_MODES,
    env: "CONFIG_ROLLOUT_DISCOVER",
    description: "Where to look for consumers. Default: both when a cluster is configured, else repo.",
  },
  {
    name: "strategy",
    type: "string",
    default: "annotation",
    choices: STRATEGIES,
    env: "CONFIG_ROLLOUT_STRATEGY",
    description:
      "How to restart: a content-hash annotation on the pod template (idempotent), an env var with the current time, versioned: an immutable <name>-<hash> copy of each changed config, workloads repointed to it (see Versioned configs), or gitops: write nothing, wait until Argo CD or Flux has applied the stamped commit, then for the rollouts (see Argo CD and Flux).",
  },
  {
    name: "env-name",
    type: "string",
    default: "RESTART_TIME",
    env: "CONFIG_ROLLOUT_ENV_NAME",
    placeholder: "NAME",
    description: "Name of the env var set by --strategy env.",
  },
  {
    name: "rollback",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_ROLLBACK",
    description:
      "--strategy versioned: when a rollout fails, repoint that workload to the config it used before and wait for it (--no-rollback to leave it).",
  },
  {
    name: "prune",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_PRUNE",
    description:
      "--strategy versioned: after a successful run, delete managed copies that no workload, ReplicaSet, ControllerRevision or Pod names (--no-prune to keep them).",
  },
  {
    name: "keep",
    type: "integer",
    default: "3",
    env: "CONFIG_ROLLOUT_KEEP",
    placeholder: "N",
    description: "--strategy versioned: copies of each config --prune always keeps, newest first.",
  },
  {
    name: "dry-run",
    type: "string",
    default: "none",
    choices: DRY_RUNS,
    env: "CONFIG_ROLLOUT_DRY_RUN",
    description:
      "client: print the plan, touch nothing. server: send every write with dryRun=All. A bare --dry-run means client.",
  },
  {
    name: "apply",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_APPLY",
    description:
      "Server-side apply the changed ConfigMaps/Secrets before restarting (field manager config-rollout).",
  },
  {
    name: "plan-out",
    type: "string",
    env: "CONFIG_ROLLOUT_PLAN_OUT",
    placeholder: "FILE",
    description:
      "Write the plan to FILE as JSON (apiVersion config-rollout.io/v1, kind Plan), usually with --dry-run: the workloads to restart with their exact change and a digest of each changed config. No config values, Secret data or credentials; a plan with a Secret needs --hash-key. See Plan once, apply many.",
  },
  {
    name: "plan",
    type: "string",
    env: "CONFIG_ROLLOUT_PLAN",
    placeholder: "FILE",
    description:
      "Apply a plan written by --plan-out, without git or a renderer: check the cluster holds the configs the plan's digests name, restart, wait. In a git checkout it must be the plan's head; --strategy versioned needs that checkout. Not with --apply.",
  },
  {
    name: "wait",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_WAIT",
    description: "Wait for every rollout to finish (--no-wait to skip).",
  },
  {
    name: "watch-pods",
    type: "boolean",
    default: "true",
    env: "CONFIG_ROLLOUT_WATCH_PODS",
    description:
      "While waiting, watch the new pods and fail a workload within seconds when one cannot start (CreateContainerConfigError, CreateContainerError, ErrImagePull, ImagePullBackOff, InvalidImageName, or CrashLoopBackOff / OOMKilled after 2 restarts), naming the pod, reason, message and Warning events (--no-watch-pods to wait on the rollout status alone).",
  },
  {
    name: "logs",
    type: "integer",
    default: "0",
    env: "CONFIG_ROLLOUT_LOGS",
    placeholder: "N",
    description:
      "With pod watching: quote the last N lines (each cut at 300 characters) of a crashed container's previous run in the report. Off by default: logs are the application's output and may print secrets (see Security notes).",
  },
  {
    name: "timeout",
    type: "duration",
    default: "5m",
    env: "CONFIG_ROLLOUT_TIMEOUT",
    placeholder: "DURATION",
    description: "How long to wait for all rollouts together (e.g. 90s, 5m, 1h).",
  },
  {
    name: "config-timeout",
    type: "duration",
    default: "60s",
    env: "CONFIG_ROLLOUT_CONFIG_TIMEOUT",
    placeholder: "DURATION",
    description: "How long to wait for the cluster to hold the committed config content before failing.",
  },
  {
    name: "kubeconfig",
    type: "string",
    env: "KUBECONFIG",
    placeholder: "PATH",
    description:
      "Kubeconfig file. Default: $KUBECONFIG, ~/.kube/config, then the in-cluster service account.",
  },
  {
    name: "kubeconfig-data",
    type: "string",
    env: "CONFIG_ROLLOUT_KUBECONFIG",
    secret: true,
    placeholder: "TEXT",
    description: "A whole kubeconfig as text or base64 (for CI secrets). Masked in logs.",
  },
  {
    name: "exec-plugin-timeout",
    type: "duration",
    default: "60s",
    env: "CONFIG_ROLLOUT_EXEC_PLUGIN_TIMEOUT",
    placeholder: "DURATION",
    description:
      "Time limit for a kubeconfig's exec credential plugin (aws eks get-token, gke-gcloud-auth-plugin) to print a credential; it is then stopped.",
  },
  {
    name: "request-timeout",
    type: "duration",
    default: "30s",
    env: "CONFIG_ROLLOUT_REQUEST_TIMEOUT",
    placeholder: "DURATION",
    description:
      "Time limit for one Kubernetes API request (it is retried up to 5 times on timeouts, throttling and server errors); watches are bounded by --timeout.",
  },
  {
    name: "context",
    type: "string",
    env: "CONFIG_ROLLOUT_CONTEXT",
    placeholder: "NAME",
    description: "Kubeconfig context to use (GitLab: KUBE_CONTEXT works too).",
  },
  {
    name: "contexts",
    type: "string",
    env: "CONFIG_ROLLOUT_CONTEXTS",
    placeholder: "LIST",
    description:
      "Several kubeconfig contexts in one run, in waves: staging;prod-eu,prod-us is staging first, then prod-eu and prod-us in parallel (';' separates waves, ',' the clusters of a wave). The plan is made once; each cluster gets the full run (one that does not answer is given up after --timeout); after a failed cluster later waves are skipped (see Several clusters).",
  },
  {
    name: "continue-on-failure",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_CONTINUE_ON_FAILURE",
    description: "--contexts: run the later waves even after a cluster failed (the exit code still says so).",
  },
  {
    name: "namespaces",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_NAMESPACES",
    placeholder: "LIST",
    description: "Only restart workloads in these namespaces (empty: all).",
  },
  {
    name: "exclude-namespaces",
    type: "list",
    default: "kube-system",
    env: "CONFIG_ROLLOUT_EXCLUDE_NAMESPACES",
    placeholder: "LIST",
    description: "Never restart workloads in these namespaces.",
  },
  {
    name: "selector",
    type: "string",
    env: "CONFIG_ROLLOUT_SELECTOR",
    short: "l",
    placeholder: "SELECTOR",
    description:
      "sync only: a label selector on the workloads to check (e.g. app=shop,tier!=batch), as kubectl's -l.",
  },
  {
    name: "config",
    type: "list",
    default: "",
    env: "CONFIG_ROLLOUT_CONFIG",
    placeholder: "KIND/NAME[:KEY]",
    description:
      "sync only: check only the consumers of these configs (e.g. secret/db-credentials, or secret/db-credentials:password for those that read that key), in every namespace in scope: after a rotation a pipeline just triggered.",
  },
  {
    name: "adopt",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_ADOPT",
    description:
      "sync only: adopt workloads config-rollout never restarted (no baseline): record a baseline without a rollout when every running pod started after the configs it reads last changed, else restart them.",
  },
  {
    name: "max-restarts",
    type: "integer",
    env: "CONFIG_ROLLOUT_MAX_RESTARTS",
    placeholder: "N",
    description:
      "Refuse a plan that restarts more than N workloads (default: no limit); a dry run shows it, with a note.",
  },
  {
    name: "concurrency",
    type: "integer",
    default: String(DEFAULT_CONCURRENCY),
    env: "CONFIG_ROLLOUT_CONCURRENCY",
    placeholder: "N",
    description:
      "Most API requests in flight at once (reads, permission checks, patches); watches are not counted. Lower it for a busy API server.",
  },
  {
    name: "check",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_CHECK",
    description:
      "stamp only: write nothing; exit 1 when any config-hash stamp is missing or stale (each workload, its file, the old and new value, and the command that fixes it), 0 when all are current.",
  },
  {
    name: "changed-only",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_CHANGED_ONLY",
    description:
      "stamp only: stamp only the workloads whose consumed config content changed between --base and --head (raw files, and the workloads of each kustomize root, rendered at both commits; the others keep the value they carry). For adopting stamps without rolling every workload once. Default: every consumer.",
  },
  {
    name: "hash-key",
    type: "string",
    env: "CONFIG_ROLLOUT_HASH_KEY",
    secret: true,
    placeholder: "KEY",
    description:
      "HMAC key of the config-hash annotation (live and `stamp` alike: use the same key in both) and of versioned Secret copy names. Without it a value covering only ConfigMaps is a plain SHA-256 of the committed content, and a value covering a Secret is never unkeyed: the live strategy keys it with the Secret's cluster UID, and `stamp` and --strategy gitops refuse that workload (set the key). Versioned Secret copies without it are keyed with the Secret's cluster UID.",
  },
  {
    name: "output",
    type: "string",
    default: "text",
    choices: OUTPUT_FORMATS,
    env: "CONFIG_ROLLOUT_OUTPUT",
    short: "o",
    description: "Report format on stdout; logs always go to stderr.",
  },
  {
    name: "comment",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_COMMENT",
    description:
      "Post the plan as one comment on the pull request (GitHub) or merge request (GitLab), updated on every run; the token comes from GITHUB_TOKEN or CONFIG_ROLLOUT_GITLAB_TOKEN (see Pull request comments).",
  },
  {
    name: "comment-id",
    type: "string",
    env: "CONFIG_ROLLOUT_COMMENT_ID",
    placeholder: "ID",
    description:
      "Which comment this run owns: runs with different ids keep separate comments (e.g. one per cluster of a matrix). Default: the workflow and job (GitHub), the job name (GitLab).",
  },
  {
    name: "strict",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_STRICT",
    description:
      "Fail (exit 2, before any cluster request) when any manifest cannot be parsed or the plan is incomplete: something the range touched was not read (default: report it and go on).",
  },
  {
    name: "restart-reloader-managed",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_RESTART_RELOADER_MANAGED",
    description:
      "Also restart workloads Stakater Reloader restarts itself for every changed config they read (default: skip them, with the reason).",
  },
  {
    name: "reloader-auto-reload-all",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_RELOADER_AUTO_RELOAD_ALL",
    description:
      'The cluster\'s Stakater Reloader runs with --auto-reload-all: every workload without reloader.stakater.com/auto: "false" is left to it (default: only workloads whose annotations cover the changed configs).',
  },
  {
    name: "max-file-size",
    type: "integer",
    // 16 MiB: see the README ("Files it will not read") for why.
    default: "16777216",
    env: "CONFIG_ROLLOUT_MAX_FILE_SIZE",
    placeholder: "BYTES",
    description:
      "Do not read manifest files larger than this (16 MiB); what changed in them is reported as unknown, never as a deletion.",
  },
  {
    name: "debug",
    type: "boolean",
    default: "false",
    env: "CONFIG_ROLLOUT_DEBUG",
    description: "Print stack traces of internal errors.",
  },
];
