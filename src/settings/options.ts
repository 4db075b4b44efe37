// Every setting config-rollout understands, in one table. The CLI parser, each command's `--help`, the
// action's inputs (action.yml), the GitLab component and the reference pages (docs/reference/) are all
// generated from it, so they cannot drift. Adding an option is one entry here.
// The rendered sources' rows (kustomize, --render, render and git time limits) are in source-options.ts,
// the cluster connection's and the rollout's reach (kubeconfig to --concurrency) in cluster-options.ts,
// what a run publishes in CI (the comment, the GitLab reports) in ci-options.ts;
// old spellings kept for one minor version in deprecated-options.ts.

import { DISCOVER_MODES, DRY_RUNS, OUTPUT_FORMATS, STRATEGIES } from "../core/setting-choices.js";
import { CI_OPTIONS } from "./ci-options.js";
import { CLUSTER_OPTIONS } from "./cluster-options.js";
import type { OptionSpec } from "./option-spec.js";
import { SOURCE_OPTIONS } from "./source-options.js";

/** --wait: how far a run follows the restarts it made. */
export const WAIT_MODES = ["pods", "status", "none"] as const;
/** --reloader: which workloads the cluster's Stakater Reloader restarts itself. */
export const RELOADER_MODES = ["annotated", "all", "none"] as const;

/** The table with each row's literal types: the settings types are derived from it (settings.ts). */
export const OPTION_ROWS = [
  {
    name: "base",
    type: "string",
    group: "basics",
    commands: "both",
    env: "CONFIG_ROLLOUT_BASE",
    placeholder: "REV",
    brief: true,
    summary: "commit to compare from (default: the CI event's)",
    description:
      "Commit to compare from. Default: derived from the CI event (push before, merge-base of a PR), else HEAD~1.",
  },
  {
    name: "head",
    type: "string",
    group: "basics",
    commands: "both",
    env: "CONFIG_ROLLOUT_HEAD",
    placeholder: "REV",
    brief: true,
    summary: "commit to compare to (default: the CI event's, or HEAD)",
    description: "Commit to compare to. Default: the CI event's head commit, else HEAD.",
  },
  {
    name: "repo",
    type: "string",
    group: "basics",
    commands: "both",
    default: ".",
    env: "CONFIG_ROLLOUT_REPO",
    placeholder: "DIR",
    summary: "the git repository holding the manifests",
    description: "Path of the git repository holding the manifests.",
  },
  {
    name: "paths",
    type: "list",
    group: "sources",
    commands: "both",
    default: "**/*.yaml,**/*.yml,**/*.json",
    env: "CONFIG_ROLLOUT_PATHS",
    placeholder: "GLOBS",
    summary: "manifest files to read",
    description:
      "Manifest files to read (comma or newline separated globs, relative to the repository root). Given explicitly, it also narrows which kustomizations and Helm charts are discovered.",
  },
  {
    name: "exclude",
    type: "list",
    group: "sources",
    commands: "both",
    default: "",
    env: "CONFIG_ROLLOUT_EXCLUDE",
    placeholder: "GLOBS",
    summary: "files to ignore even when {paths} matches them",
    description: "Files to ignore even when they match {paths} (e.g. Helm templates: **/templates/**).",
  },
  ...SOURCE_OPTIONS,
  {
    name: "namespace",
    type: "string",
    group: "basics",
    commands: "both",
    env: "CONFIG_ROLLOUT_NAMESPACE",
    short: "n",
    placeholder: "NS",
    summary: "namespace of manifests naming none (default: the context's)",
    description:
      "Namespace of manifests that do not name one. Default: as kubectl apply, the namespace the kubeconfig's context sets ({context} with several: theirs when they all set the same one), else default; stamp: default.",
  },
  {
    name: "discover",
    type: "string",
    group: "cluster",
    commands: "run",
    choices: DISCOVER_MODES,
    env: "CONFIG_ROLLOUT_DISCOVER",
    summary: "where to look for consumers (default: both with a cluster)",
    description: "Where to look for consumers. Default: both when a cluster is configured, else repo.",
  },
  {
    name: "strategy",
    type: "string",
    group: "strategy",
    commands: "run",
    // No default here: one given by any place (flag, variable, input) is told from none, so a
    // strategy other than a --plan's is refused even when it is annotation (settings.ts).
    choices: STRATEGIES,
    env: "CONFIG_ROLLOUT_STRATEGY",
    brief: true,
    summary: "how to restart (default annotation)",
    description:
      "How to restart: a content-hash annotation on the pod template (idempotent), an env var with the current time, versioned: an immutable <name>-<hash> copy of each changed config, workloads repointed to it (docs/strategies.md), or gitops: write nothing, wait until Argo CD or Flux has applied the stamped commit, then for the rollouts (docs/gitops.md). Default: annotation; with {plan}, the plan's.",
  },
  {
    name: "env-name",
    type: "string",
    group: "strategy",
    commands: "run",
    default: "RESTART_TIME",
    env: "CONFIG_ROLLOUT_ENV_NAME",
    placeholder: "NAME",
    summary: "the env var {strategy=env} sets",
    description: "Name of the env var set by {strategy=env}.",
  },
  {
    name: "rollback-on-failure",
    type: "boolean",
    group: "strategy",
    commands: "run",
    // sync refuses it with its reason (no base commit holds what to put back): src/run/sync.ts.
    sync: "refused",
    env: "CONFIG_ROLLOUT_ROLLBACK_ON_FAILURE",
    brief: true,
    summary: "on a failed rollout, put configs and workloads back",
    description:
      "When a restarted workload fails: put the configs it reads back to the base commit's content and roll their readers back to their template before the run, then exit 1 (docs/rollback.md). Default: on for {strategy=versioned}, off for annotation and env; refused by gitops and sync.",
  },
  {
    name: "bake",
    type: "duration",
    group: "strategy",
    commands: "run",
    env: "CONFIG_ROLLOUT_BAKE",
    placeholder: "DURATION",
    summary: "watch each rolled-out workload's new pods this long",
    description:
      "After each rollout completes, watch its new pods this long: a container restart, a pod not ready for 10s or one that cannot start fails the workload (docs/rollback.md). Default: off.",
  },
  {
    name: "keep",
    type: "integer",
    group: "strategy",
    commands: "run",
    default: "3",
    choices: ["all"],
    env: "CONFIG_ROLLOUT_KEEP",
    placeholder: "N|all",
    summary: "versioned: copies kept per config (all: delete none)",
    description:
      "With {strategy=versioned}: after a successful run, managed copies that no workload, ReplicaSet, ControllerRevision or Pod names are deleted, except the newest N of each config; all deletes none.",
  },
  {
    name: "dry-run",
    type: "string",
    group: "basics",
    commands: "run",
    sync: true,
    default: "none",
    choices: DRY_RUNS,
    switch: { on: "client", off: "none" },
    env: "CONFIG_ROLLOUT_DRY_RUN",
    brief: true,
    summary: "plan only (client), or writes with dryRun=All (server)",
    description:
      "client: print the plan, touch nothing. server: send every write with dryRun=All. none: restart for real. true means client, false means none.",
  },
  {
    name: "apply",
    type: "boolean",
    group: "basics",
    commands: "run",
    default: "false",
    env: "CONFIG_ROLLOUT_APPLY",
    summary: "server-side apply the changed configs first",
    description:
      "Server-side apply the changed ConfigMaps/Secrets before restarting (field manager config-rollout).",
  },
  {
    name: "plan-out",
    type: "string",
    group: "basics",
    commands: "run",
    env: "CONFIG_ROLLOUT_PLAN_OUT",
    placeholder: "FILE",
    summary: "write the plan to FILE, to apply elsewhere with {plan}",
    description:
      "Write the plan to FILE as JSON (apiVersion config-rollout.io/v1, kind Plan), usually with {dry-run=client}: the workloads to restart with their exact change and a digest of each changed config. No config values, Secret data or credentials; a plan with a Secret needs {hash-key}. See docs/fleets.md.",
  },
  {
    name: "plan",
    type: "string",
    group: "basics",
    commands: "run",
    env: "CONFIG_ROLLOUT_PLAN",
    placeholder: "FILE",
    summary: "apply a plan file, without git or a renderer",
    description:
      "Apply a plan written by {plan-out}, without git or a renderer: check the cluster holds the configs the plan's digests name, restart, wait. In a git checkout it must be the plan's head; {strategy=versioned} needs that checkout. Not with {apply}, nor with a {strategy} other than the plan's (the plan's applies).",
  },
  {
    name: "wait",
    type: "string",
    group: "strategy",
    commands: "run",
    sync: true,
    default: "pods",
    choices: WAIT_MODES,
    switch: { on: "pods", off: "none" },
    env: "CONFIG_ROLLOUT_WAIT",
    brief: true,
    summary: "wait and fail fast on pods (pods), on status alone, or none",
    description:
      "pods: wait for every rollout and watch its new pods, failing a workload within seconds when one cannot start (CreateContainerConfigError, CreateContainerError, ErrImagePull, ImagePullBackOff, InvalidImageName, or CrashLoopBackOff / OOMKilled after 2 restarts), naming the pod, reason, message and Warning events. status: wait on the rollout status alone. none: do not wait. true means pods, false means none.",
  },
  {
    name: "logs",
    type: "integer",
    group: "output",
    commands: "run",
    sync: true,
    default: "0",
    env: "CONFIG_ROLLOUT_LOGS",
    placeholder: "N",
    summary: "quote N log lines of a crashed container (may hold secrets)",
    description:
      "With {wait=pods}: quote the last N lines (each cut at 300 characters) of a crashed container's previous run in the report. Off by default: logs are the application's output and may print secrets (docs/security.md).",
  },
  {
    name: "timeout",
    type: "duration",
    group: "limits",
    commands: "run",
    sync: true,
    default: "5m",
    env: "CONFIG_ROLLOUT_TIMEOUT",
    placeholder: "DURATION",
    brief: true,
    summary: "how long to wait for all rollouts together",
    description: "How long to wait for all rollouts together (e.g. 90s, 5m, 1h).",
  },
  {
    name: "config-timeout",
    type: "duration",
    group: "limits",
    commands: "run",
    default: "60s",
    env: "CONFIG_ROLLOUT_CONFIG_TIMEOUT",
    placeholder: "DURATION",
    summary: "how long the cluster may take to hold the committed configs",
    description: "How long to wait for the cluster to hold the committed config content before failing.",
  },
  ...CLUSTER_OPTIONS,
  {
    name: "check",
    type: "boolean",
    group: "basics",
    commands: "stamp",
    default: "false",
    env: "CONFIG_ROLLOUT_CHECK",
    brief: true,
    summary: "write nothing; exit 1 when a stamp is missing or stale",
    description:
      "Write nothing; exit 1 when any config-hash stamp is missing or stale (each workload, its file, the old and new value, and the command that fixes it), 0 when all are current.",
  },
  {
    name: "changed-only",
    type: "boolean",
    group: "basics",
    commands: "stamp",
    default: "false",
    env: "CONFIG_ROLLOUT_CHANGED_ONLY",
    brief: true,
    summary: "stamp only workloads whose configs changed in {base}..{head}",
    description:
      "Stamp only the workloads whose consumed config content changed between {base} and {head} (raw files, and the workloads of each kustomize root, rendered at both commits; the others keep the value they carry). For adopting stamps without rolling every workload once. Default: every consumer.",
  },
  {
    name: "hash-key",
    type: "string",
    group: "strategy",
    commands: "both",
    sync: true,
    env: "CONFIG_ROLLOUT_HASH_KEY",
    secret: true,
    placeholder: "KEY",
    brief: ["stamp"],
    summary: "HMAC key of the config hash (needed to stamp Secrets)",
    description:
      "HMAC key of the config-hash annotation (live and stamp alike: use the same key in both) and of versioned Secret copy names. Without it a value covering only ConfigMaps is a plain SHA-256 of the committed content, and a value covering a Secret is never unkeyed: the live strategy keys it with the Secret's cluster UID, and stamp and {strategy=gitops} refuse that workload (set the key). Versioned Secret copies without it are keyed with the Secret's cluster UID.",
  },
  {
    name: "output",
    type: "string",
    group: "output",
    commands: "both",
    sync: true,
    default: "text",
    choices: OUTPUT_FORMATS,
    env: "CONFIG_ROLLOUT_OUTPUT",
    short: "o",
    brief: true,
    summary: "report format on stdout (logs go to stderr)",
    description: "Report format on stdout; logs always go to stderr.",
  },
  ...CI_OPTIONS,
  {
    name: "strict",
    type: "boolean",
    group: "sources",
    commands: "both",
    default: "false",
    env: "CONFIG_ROLLOUT_STRICT",
    summary: "exit 2 on an unparsable manifest or an incomplete plan",
    description:
      "Fail (exit 2, before any cluster request) when any manifest cannot be parsed or holds a duplicate key, or the plan is incomplete: something the range touched was not read (default: report it and go on).",
  },
  {
    name: "reloader",
    type: "string",
    group: "cluster",
    commands: "run",
    default: "annotated",
    choices: RELOADER_MODES,
    env: "CONFIG_ROLLOUT_RELOADER",
    summary: "workloads Stakater Reloader restarts itself, left to it",
    description:
      'Which workloads the cluster\'s Stakater Reloader restarts itself, so this run skips them (with the reason). annotated: those whose Reloader annotations cover every changed config they read. all: Reloader runs with auto-reload-all, so every workload without reloader.stakater.com/auto: "false" is left to it. none: restart every consumer here, Reloader or not.',
  },
  {
    name: "max-file-size",
    type: "integer",
    group: "limits",
    commands: "both",
    // 16 MiB: see docs/how-it-works.md ("Files it will not read") for why.
    default: "16777216",
    env: "CONFIG_ROLLOUT_MAX_FILE_SIZE",
    placeholder: "BYTES",
    summary: "larger manifest files are not read (reported as unknown)",
    description:
      "Do not read manifest files larger than this (16 MiB); what changed in them is reported as unknown, never as a deletion.",
  },
  {
    name: "debug",
    type: "boolean",
    group: "output",
    commands: "both",
    sync: true,
    default: "false",
    env: "CONFIG_ROLLOUT_DEBUG",
    summary: "print stack traces of internal errors",
    description: "Print stack traces of internal errors.",
  },
] as const satisfies readonly OptionSpec[];

export const OPTIONS: readonly OptionSpec[] = OPTION_ROWS;
