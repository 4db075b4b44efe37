// The pod template of a workload object, found at its kind's `templatePath` (workload-kinds.ts):
// the one walk of that path, for reading the template, replacing its spec and building a patch that
// reaches it. Restart patches, repointing and reference finding all go through these.

import { field, isRecord } from "../json-shape.js";

type Plain = Record<string, unknown>;

/** The pod template at `templatePath` (spec.template for most kinds; the object itself for a Pod). */
export function templateAt(obj: unknown, templatePath: readonly string[]): Plain | undefined {
  let template: unknown = obj;
  for (const step of templatePath) template = field(template, step);
  return isRecord(template) ? template : undefined;
}

/** The pod spec of the template at `templatePath` (unchecked: callers narrow what they read). */
export function podSpecAt(obj: unknown, templatePath: readonly string[]): unknown {
  return field(templateAt(obj, templatePath), "spec");
}

/** A copy of a workload object with the pod spec at `templatePath` replaced. */
export function withPodSpec(obj: Plain, templatePath: readonly string[], spec: Plain): Plain {
  const copy = structuredClone(obj);
  const template = templateAt(copy, templatePath);
  if (template) template.spec = spec;
  return copy;
}

/** `value` placed at the template: atTemplate(["spec", "template"], x) is { spec: { template: x } }. */
export function atTemplate(templatePath: readonly string[], value: Plain): Plain {
  return templatePath.reduceRight<Plain>((inner, step) => ({ [step]: inner }), value);
}
