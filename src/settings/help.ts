import { appliesTo, type Command, OPTION_GROUPS, type OptionGroup } from "./option-spec.js";
import { OPTIONS, type OptionSpec } from "./options.js";

const EXIT_CODES = [
  "0  every rollout finished, or nothing had to restart",
  "1  a rollout failed or timed out, or an internal error",
  "2  bad input or configuration (flags, manifests under --strict, git, kubeconfig)",
];

/** The `--help` headings, by the table's `group`. */
const GROUP_TITLES: Record<OptionGroup, string> = {
  basics: "Basics",
  sources: "Sources (which files and renders are read)",
  cluster: "Cluster (where, and which workloads)",
  strategy: "Strategy (how workloads restart, and the wait)",
  output: "Output",
  limits: "Limits (time, size, load)",
  ci: "CI",
};

/** `config-rollout --help`, generated from the option table. */
export function helpText(): string {
  const lines = [
    "config-rollout — restart exactly the Kubernetes workloads whose ConfigMaps or Secrets changed",
    "",
    "Usage: config-rollout [flags]",
    "       config-rollout stamp [flags]   (write the config hash into the manifests; see stamp --help)",
    "",
    "Examples:",
    "  # Plan a push: what would restart and why, touching nothing",
    "  config-rollout --base $BEFORE_SHA --head $AFTER_SHA --dry-run",
    "  # Restart exactly those workloads and wait for their rollouts",
    "  config-rollout --base $BEFORE_SHA --head $AFTER_SHA --kubeconfig ~/.kube/config",
    "",
    "Compares two commits, finds ConfigMaps/Secrets whose content changed, restarts the Deployments,",
    "StatefulSets and DaemonSets that consume them, and waits for each rollout.",
    ...flagSections("run"),
    "",
    "Exit codes:",
    ...EXIT_CODES.map((line) => `  ${line}`),
    "",
    "Docs: README.md (quick starts) and docs/ — reference, strategies, rendering, GitOps, sync, fleets, RBAC, troubleshooting.",
  ];
  return `${lines.join("\n")}\n`;
}

/** `config-rollout stamp --help`: only the flags stamp reads. */
export function stampHelpText(): string {
  const lines = [
    "config-rollout stamp — write config-rollout.io/config-hash into your manifests (GitOps)",
    "",
    "Usage: config-rollout stamp [flags]",
    "",
    "Examples:",
    "  # Stamp the work tree (then commit the result)",
    "  config-rollout stamp",
    "  # In a merge request's pipeline: fail when a stamp is missing or stale, write nothing",
    "  config-rollout stamp --check",
    "",
    "Reads the work tree like a formatter and sets the pod-template annotation",
    "config-rollout.io/config-hash of every Deployment, StatefulSet, DaemonSet and Argo Rollout that",
    "consumes a ConfigMap or Secret defined in the repository to a hash of exactly what it reads.",
    "Raw files get minimal edits; each root kustomization gets config-rollout-stamp.yaml, listed",
    "under patches:. Commit the result: Argo CD or Flux then rolls exactly those workloads.",
    "No cluster access. Running it twice changes nothing the second time.",
    ...flagSections("stamp"),
    "",
    "Exit codes:",
    "  0  stamps written, or (--check) every stamp is current",
    "  1  --check: a stamp is missing or stale (the report names each and the command that fixes it)",
    "  2  bad input (flags, git, a file stamp would have to follow a symbolic link for); with --check",
    "     or --strict also a file that does not parse or a kustomization that does not build; with",
    "     --strict a workload that cannot be stamped (checked before anything is written)",
  ];
  return `${lines.join("\n")}\n`;
}

/** `config-rollout sync --help`: the flags sync reads, grouped like the others. */
export function syncHelpText(): string {
  const lines = [
    "config-rollout sync — restart exactly the workloads whose pods run config the cluster no longer holds",
    "",
    "Usage: config-rollout sync [flags]",
    "",
    "Examples:",
    "  config-rollout sync --dry-run                          what is stale: which config, which keys it reads",
    "  config-rollout sync --namespaces shop,payments         restart the stale workloads there and wait",
    "  config-rollout sync --config secret/db-credentials:password   after a rotation: its readers only",
    "",
    "For every Deployment, StatefulSet, DaemonSet and Argo Rollout in scope, hashes what it reads of",
    "the live ConfigMaps and Secrets (key-precise, the value a git-driven run writes) and compares it",
    "with the config-hash on its pod template; restarts those that differ and waits for them. A",
    "workload config-rollout never restarted has no baseline: reported, adopted only with --adopt.",
    "Run twice, the second run restarts nothing. Reads Secrets only where a workload reads one.",
    ...flagSections("sync"),
    "",
    "Exit codes:",
    "  0  every restart rolled out, or nothing was stale (workloads with no baseline included)",
    "  1  a rollout failed or timed out",
    "  2  bad input or configuration (flags, --config, kubeconfig, RBAC)",
  ];
  return `${lines.join("\n")}\n`;
}

/** The command's flags under their group headings, in the table's order within each group. */
function flagSections(command: Command): string[] {
  const lines: string[] = [];
  for (const group of OPTION_GROUPS) {
    const options = OPTIONS.filter((o) => o.group === group && appliesTo(o, command));
    if (options.length === 0) continue;
    lines.push("", `${GROUP_TITLES[group]}:`);
    for (const option of options) lines.push(...flagLines(option));
  }
  lines.push(
    "",
    "Help:",
    "  -h, --help",
    "        Show this help.",
    "  -V, --version",
    "        Print the version.",
  );
  return lines;
}

function flagLines(option: OptionSpec): string[] {
  const names = `${option.short ? `-${option.short}, ` : "    "}--${option.name}`;
  const value =
    option.type === "boolean" ? "" : ` ${option.placeholder ?? option.choices?.join("|") ?? "VALUE"}`;
  const lines = [`  ${names}${value}`, `        ${option.description}`];
  const facts = [
    option.default !== undefined && option.default !== "" ? `default: ${option.default}` : undefined,
    option.env ? `env: ${option.env}` : undefined,
  ].filter(Boolean);
  if (facts.length > 0) lines.push(`        (${facts.join("; ")})`);
  return lines;
}
