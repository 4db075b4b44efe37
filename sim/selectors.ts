// labelSelector and fieldSelector query parameters, as the real server parses them.
import { isRecord, stringAt } from "./json.js";
import { badRequest } from "./status.js";

export type Predicate = (obj: Record<string, unknown>) => boolean;

type Requirement = (labels: Record<string, string>) => boolean;

const LABEL_TERM =
  /^\s*(!?)\s*([A-Za-z0-9][-A-Za-z0-9_./]*)\s*(?:(==|=|!=|\s+in\s+|\s+notin\s+)\s*(.*?))?\s*$/;

/** Split on commas that are not inside a parenthesised set: "a in (x,y),b" -> ["a in (x,y)", "b"]. */
function splitTerms(selector: string): string[] {
  const terms: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const ch = selector[i];
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (ch === "," && depth === 0) {
      terms.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  terms.push(selector.slice(start));
  return terms.filter((t) => t.trim() !== "");
}

function parseLabelTerm(term: string, selector: string): Requirement {
  const match = LABEL_TERM.exec(term);
  if (!match)
    throw badRequest(`unable to parse requirement: found '${term.trim()}' in label selector "${selector}"`);
  const [, not, key = "", rawOp, rawValue = ""] = match;
  const op = rawOp?.trim();
  if (not) {
    if (op)
      throw badRequest(
        `unable to parse requirement: '!' cannot be combined with an operator in "${selector}"`,
      );
    return (labels) => !(key in labels);
  }
  if (!op) return (labels) => key in labels;
  if (op === "in" || op === "notin") {
    const set = /^\((.*)\)$/.exec(rawValue.trim());
    if (!set) throw badRequest(`unable to parse requirement: expected '(' after ${op} in "${selector}"`);
    const values = (set[1] ?? "").split(",").map((v) => v.trim());
    return op === "in"
      ? (labels) => key in labels && values.includes(labels[key] ?? "")
      : (labels) => !(key in labels) || !values.includes(labels[key] ?? "");
  }
  const value = rawValue.trim();
  return op === "!=" ? (labels) => labels[key] !== value : (labels) => labels[key] === value;
}

function labelsOf(obj: Record<string, unknown>): Record<string, string> {
  const metadata = obj.metadata;
  const labels = isRecord(metadata) ? metadata.labels : undefined;
  const out: Record<string, string> = {};
  if (isRecord(labels)) for (const [k, v] of Object.entries(labels)) if (typeof v === "string") out[k] = v;
  return out;
}

export function parseLabelSelector(selector: string | undefined): Predicate {
  if (!selector?.trim()) return () => true;
  const requirements = splitTerms(selector).map((term) => parseLabelTerm(term, selector));
  return (obj) => {
    const labels = labelsOf(obj);
    return requirements.every((r) => r(labels));
  };
}

const FIELDS: Record<string, (obj: Record<string, unknown>) => string> = {
  "metadata.name": (obj) => stringAt(obj, "metadata", "name") ?? "",
  "metadata.namespace": (obj) => stringAt(obj, "metadata", "namespace") ?? "",
};

const EXTRA_FIELDS: Record<string, Record<string, (obj: Record<string, unknown>) => string>> = {
  secrets: { type: (obj) => stringAt(obj, "type") ?? "" },
  pods: {
    "status.phase": (obj) => stringAt(obj, "status", "phase") ?? "",
    "spec.nodeName": (obj) => stringAt(obj, "spec", "nodeName") ?? "",
  },
  namespaces: { "status.phase": (obj) => stringAt(obj, "status", "phase") ?? "" },
  // What `kubectl describe pod` asks for (the real server also knows reason, source and type).
  events: {
    "involvedObject.kind": (obj) => stringAt(obj, "involvedObject", "kind") ?? "",
    "involvedObject.namespace": (obj) => stringAt(obj, "involvedObject", "namespace") ?? "",
    "involvedObject.name": (obj) => stringAt(obj, "involvedObject", "name") ?? "",
    "involvedObject.uid": (obj) => stringAt(obj, "involvedObject", "uid") ?? "",
    "involvedObject.apiVersion": (obj) => stringAt(obj, "involvedObject", "apiVersion") ?? "",
    "involvedObject.resourceVersion": (obj) => stringAt(obj, "involvedObject", "resourceVersion") ?? "",
    "involvedObject.fieldPath": (obj) => stringAt(obj, "involvedObject", "fieldPath") ?? "",
    reason: (obj) => stringAt(obj, "reason") ?? "",
    type: (obj) => stringAt(obj, "type") ?? "",
  },
};

export function parseFieldSelector(selector: string | undefined, resource: string): Predicate {
  if (!selector?.trim()) return () => true;
  const requirements = splitTerms(selector).map((term): Predicate => {
    const match = /^\s*([^=!\s]+)\s*(==|=|!=)\s*(.*?)\s*$/.exec(term);
    if (!match) throw badRequest(`invalid selector: '${selector}'; can't understand '${term}'`);
    const [, field = "", op, value] = match;
    const read = FIELDS[field] ?? EXTRA_FIELDS[resource]?.[field];
    if (!read) throw badRequest(`field label not supported: ${field}`);
    return op === "!=" ? (obj) => read(obj) !== value : (obj) => read(obj) === value;
  });
  return (obj) => requirements.every((r) => r(obj));
}
