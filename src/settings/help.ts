import { OPTIONS } from "./options.js";

const EXIT_CODES = [
  "0  every rollout finished, or nothing had to restart",
  "1  a rollout failed or timed out, or an internal error",
  "2  bad input or configuration (flags, manifests under --strict, git, kubeconfig)",
];

/** `config-rollout --help`, generated from the option table. */
export function helpText(): string {
  const lines = [
    "config-rollout — restart exactly the Kubernetes workloads whose ConfigMaps or Secrets changed",
    "",
    "Usage: config-rollout [flags]",
    "       config-rollout stamp [flags]   (write the config hash into the manifests; see stamp --help)",
    "",
    "Compares two commits, finds ConfigMaps/Secrets whose content changed, restarts the Deployments,",
    "StatefulSets and DaemonSets that consume them, and waits for each rollout.",
    "",
    "Flags:",
  ];
  for (const option of OPTIONS) {
    const names = `${option.short ? `-${option.short}, ` : "    "}--${option.name}`;
    const value =
      option.type === "boolean" ? "" : ` ${option.placeholder ?? option.choices?.join("|") ?? "VALUE"}`;
    lines.push(`  ${names}${value}`);
    lines.push(`        ${option.description}`);
    const facts = [
      option.default !== undefined && option.default !== "" ? `default: ${option.default}` : undefined,
      option.env ? `env: ${option.env}` : undefined,
    ].filter(Boolean);
    if (facts.length > 0) lines.push(`        (${facts.join("; ")})`);
  }
  lines.push("  -h, --help", "        Show this help.", "  -V, --version", "        Print the version.");
  lines.push("", "Exit codes:", ...EXIT_CODES.map((line) => `  ${line}`));
  lines.push(
    "",
    "Docs: README.md — quick starts for GitHub Actions, GitLab CI and the CLI, RBAC, troubleshooting.",
  );
  return `${lines.join("\n")}\n`;
}

/** Flags `stamp` reads (the rest of the table is about the cluster run). */
const STAMP_FLAGS = new Set([
  "repo",
  "paths",
  "exclude",
  "kustomize",
  "render",
  "namespace",
  "hash-key",
  "check",
  "changed-only",
  "base",
  "head",
  "output",
  "max-file-size",
  "timeout",
  "strict",
  "debug",
]);

/** `config-rollout stamp --help`. */
export function stampHelpText(): string {
  const lines = [
    "config-rollout stamp — write config-rollout.io/config-hash into your manifests (GitOps)",
    "",
    "Usage: config-rollout stamp [flags]",
    "",
    "Reads the work tree like a formatter and sets the pod-template annotation",
    "config-rollout.io/config-hash of every Deployment, StatefulSet, DaemonSet and Argo Rollout that",
    "consumes a ConfigMap or Secret defined in the repository to a hash of exactly what it reads.",
    "Raw files get minimal edits; each root kustomization gets config-rollout-stamp.yaml, listed",
    "under patches:. Commit the result: Argo CD or Flux then rolls exactly those workloads.",
    "No cluster access. Running it twice changes nothing the second time.",
    "",
    "Flags:",
  ];
  for (const option of OPTIONS.filter((o) => STAMP_FLAGS.has(o.name))) {
    const names = `${option.short ? `-${option.short}, ` : "    "}--${option.name}`;
    const value =
      option.type === "boolean" ? "" : ` ${option.placeholder ?? option.choices?.join("|") ?? "VALUE"}`;
    lines.push(`  ${names}${value}`, `        ${option.description}`);
  }
  lines.push(
    "",
    "Exit codes:",
    "  0  stamps written, or (--check) every stamp is current",
    "  1  --check: a stamp is missing or stale (the report names each and the command that fixes it)",
    "  2  bad input (flags, git, a file stamp would have to follow a symbolic link for); with --check",
    "     or --strict also a file that does not parse or a kustomization that does not build; with",
    "     --strict a workload that cannot be stamped (checked before anything is written)",
  );
  return `${lines.join("\n")}\n`;
}
