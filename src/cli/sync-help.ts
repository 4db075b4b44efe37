// `config-rollout sync --help`: the flags sync reads (run-cli-sync.ts), from the option table.
import { syncOptions } from "./run-cli-sync.js";

export function syncHelpText(): string {
  const lines = [
    "config-rollout sync — restart exactly the workloads whose pods run config the cluster no longer holds",
    "",
    "Usage: config-rollout sync [flags]",
    "",
    "Examples:",
    "  config-rollout sync --dry-run                        what is stale, which config, which keys it reads",
    "  config-rollout sync --namespaces shop,payments       restart the stale workloads there and wait",
    "  config-rollout sync --config secret/db-credentials:password   after a rotation: its consumers only",
    "",
    "For every Deployment, StatefulSet, DaemonSet and Argo Rollout in scope, hashes what it reads of the",
    "live ConfigMaps and Secrets (key-precise, the same value a git-driven run writes) and compares it",
    "with the config-hash on its pod template; restarts those that differ, waits like a git-driven run.",
    "A workload config-rollout never restarted has no baseline: reported, and adopted only with --adopt.",
    "Run twice, the second run restarts nothing.",
    "",
    "Flags:",
  ];
  for (const option of syncOptions()) {
    const names = `${option.short ? `-${option.short}, ` : "    "}--${option.name}`;
    const value =
      option.type === "boolean" ? "" : ` ${option.placeholder ?? option.choices?.join("|") ?? "VALUE"}`;
    lines.push(`  ${names}${value}`, `        ${option.description}`);
    if (option.default !== undefined && option.default !== "")
      lines.push(`        (default: ${option.default})`);
  }
  lines.push("  -h, --help", "        Show this help.");
  return `${lines.join("\n")}\n`;
}
