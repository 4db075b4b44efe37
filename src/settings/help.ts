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
