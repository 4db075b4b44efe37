// The markdown report's picture: changed configs -> the workloads that consume them, as a Mermaid
// flowchart (GitHub and GitLab render it). Each node names its namespace and source; restarts,
// skips and rolls-on-apply look different. Past MAX_NODES it folds by namespace.
import { idKey, type Plan, type PlannedWorkload, shortId } from "../core/model.js";

export const MAX_NODES = 40;

type Role = "config" | "restart" | "skip" | "baseline" | "rolls";

export function mermaidGraph(plan: Plan): string[] {
  if (plan.workloads.length === 0) return [];
  const changes = plan.changes.filter((c) =>
    plan.workloads.some((w) => w.references.some((r) => idKey(r.config) === idKey(c.id))),
  );
  const nodeCount = changes.length + plan.workloads.length;
  const body = nodeCount > MAX_NODES ? folded(plan, changes.length) : detailed(plan);
  return [
    "```mermaid",
    "flowchart LR",
    ...body,
    "  classDef config fill:#eef,stroke:#557",
    "  classDef restart fill:#dfd,stroke:#383",
    "  classDef skip fill:#eee,stroke:#999,stroke-dasharray: 4 3",
    "  classDef rolls fill:#ffd,stroke:#aa3",
    "  classDef baseline fill:#eef,stroke:#383,stroke-dasharray: 4 3",
    "```",
  ];
}

function detailed(plan: Plan): string[] {
  const lines: string[] = [];
  const configNodes = new Map<string, string>();
  for (const change of plan.changes) {
    const node = `c${configNodes.size}`;
    const where = change.origin ?? change.file;
    configNodes.set(idKey(change.id), node);
    lines.push(`  ${node}["${label(shortId(change.id), `ns ${change.id.namespace} · ${where}`)}"]:::config`);
  }
  plan.workloads.forEach((w, i) => {
    const node = `w${i}`;
    const where = w.origin ?? (w.source === "cluster" ? "cluster" : (w.file ?? "repo"));
    lines.push(
      `  ${node}["${label(shortId(w.id), `ns ${w.id.namespace} · ${where} · ${actionLabel(w)}`)}"]:::${roleOf(w)}`,
    );
    for (const config of new Set(w.references.map((r) => idKey(r.config)))) {
      const from = configNodes.get(config);
      if (from) lines.push(`  ${from} --> ${node}`);
    }
  });
  // Configs nobody consumes would only clutter the picture.
  const used = new Set(lines.filter((l) => l.includes("-->")).map((l) => l.trim().split(" ")[0]));
  return lines.filter((l) => !/^ {2}c\d+\[/.test(l) || used.has(l.trim().split("[")[0]));
}

/** One node per namespace for its configs and one per namespace and action for its workloads. */
function folded(plan: Plan, configCount: number): string[] {
  const lines: string[] = [];
  const namespaces = [...new Set(plan.workloads.map((w) => w.id.namespace))].sort();
  const groups = new Map<string, PlannedWorkload[]>();
  for (const w of plan.workloads) {
    const key = `${w.id.namespace}\u0000${roleOf(w)}`;
    groups.set(key, [...(groups.get(key) ?? []), w]);
  }
  namespaces.forEach((namespace, n) => {
    const configs = new Set(
      plan.workloads
        .filter((w) => w.id.namespace === namespace)
        .flatMap((w) => w.references.map((r) => idKey(r.config))),
    );
    lines.push(`  n${n}["${label(`${configs.size} changed config(s)`, `ns ${namespace}`)}"]:::config`);
    (["restart", "rolls", "baseline", "skip"] as const).forEach((role) => {
      const members = groups.get(`${namespace}\u0000${role}`) ?? [];
      if (members.length === 0) return;
      const node = `n${n}${role}`;
      const roleText = role === "rolls" ? "roll on apply" : role;
      lines.push(
        `  ${node}["${label(`${members.length} workload(s): ${roleText}`, `ns ${namespace}`)}"]:::${role}`,
      );
      lines.push(`  n${n} --> ${node}`);
    });
  });
  const nodes = configCount + plan.workloads.length;
  lines.unshift(`  %% ${nodes} nodes folded into ${namespaces.length} namespace group(s)`);
  lines.push(
    `  note["${label(`${nodes} configs and workloads folded by namespace`, `over ${MAX_NODES} nodes`)}"]`,
  );
  return lines;
}

function roleOf(w: PlannedWorkload): Role {
  if (w.rollsOnApply) return "rolls";
  return w.action;
}

function actionLabel(w: PlannedWorkload): string {
  return w.rollsOnApply ? "rolls on apply" : w.action;
}

/** Two lines of node text, with the characters that would end a Mermaid label or inject markup escaped. */
function label(title: string, detail: string): string {
  return `${escapeLabel(title)}<br/><small>${escapeLabel(detail)}</small>`;
}

function escapeLabel(text: string): string {
  return text
    .replaceAll("&", "#amp;")
    .replaceAll('"', "#quot;")
    .replaceAll("<", "#lt;")
    .replaceAll(">", "#gt;")
    .replaceAll("`", "#96;")
    .replaceAll("\n", " ");
}
