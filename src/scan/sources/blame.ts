// Which one input file to blame for a rendered object's change: a generator's input file when the
// object is generated, else the one changed patch (or input) that names it. When no single file can
// be blamed, none is: the source label still says where the object comes from. And which rendered
// configs a generator names by their content (the render marks them; stamp and --strategy gitops
// leave them out of the value).
import type { ObjectId } from "../../core/model.js";
import type { GeneratorInputs } from "./kustomization-file.js";

interface BlameInputs {
  /** The source's input files the range changed. */
  changedInputs: readonly string[];
  /** Generators of the kustomizations in the source's tree. */
  generators: readonly GeneratorInputs[];
  /** Text at head of the changed inputs (what they name), by path; absent files are left out. */
  texts: ReadonlyMap<string, string>;
}

export function blameFile(object: { kind: string; name: string }, inputs: BlameInputs): string | undefined {
  const changed = new Set(inputs.changedInputs);
  const generator = generatorOf(object, inputs.generators);
  const generated = generator?.files.filter((f) => changed.has(f)) ?? [];
  if (generated.length === 1) return generated[0];
  const naming = inputs.changedInputs.filter((path) => namesObject(inputs.texts.get(path), object));
  if (naming.length === 1) return naming[0];
  return inputs.changedInputs.length === 1 ? inputs.changedInputs[0] : undefined;
}

/** The generator a rendered object comes from, when one can: the longest generator name its name contains (prefixes, suffixes and hashes only add). */
export function generatorOf(
  object: { kind: string; name: string },
  generators: readonly GeneratorInputs[],
): GeneratorInputs | undefined {
  return generators
    .filter((g) => g.kind === object.kind && object.name.includes(g.name))
    .sort((a, b) => b.name.length - a.name.length)[0];
}

/** kustomize's hash suffix: `-` and ten characters of its alphabet. */
const HASH_SUFFIX = /-[bcdfghkmt2-9]{10}$/;

/**
 * A rendered config named like a generator's output with a hash suffix: it rolls its consumers
 * itself (its new name is in their templates), so no config hash covers it: `stamp` leaves it out
 * of the value, and so does every strategy that must expect the value `stamp` wrote.
 */
export function isHashSuffixedGenerated(
  id: ObjectId,
  generators: ReadonlyArray<{ kind: string; name: string }>,
): boolean {
  if (!HASH_SUFFIX.test(id.name)) return false;
  const stem = id.name.replace(HASH_SUFFIX, "");
  return generators.some((g) => g.kind === id.kind && stem.endsWith(g.name));
}

/** Whether a patch or manifest text has a `name:` the rendered name was made from, in a document about its kind. */
function namesObject(text: string | undefined, object: { kind: string; name: string }): boolean {
  if (text === undefined) return false;
  return text.split(/^---[^\n]*$/m).some((doc) => isAbout(doc, object.kind) && namesIn(doc, object.name));
}

/**
 * A document can be about a kind when it says that kind (a patch, a target), says no kind at all,
 * or generates that kind: a Deployment patch named `ui` does not explain ConfigMap `ui`.
 */
function isAbout(doc: string, kind: string): boolean {
  const kinds = [...doc.matchAll(/\bkind:\s*["']?([A-Za-z0-9]+)/g)].map((m) => m[1]);
  const generator =
    kind === "ConfigMap" ? /^configMapGenerator:/m : kind === "Secret" ? /^secretGenerator:/m : undefined;
  return kinds.length === 0 || kinds.includes(kind) || (generator?.test(doc) ?? false);
}

function namesIn(doc: string, renderedName: string): boolean {
  for (const match of doc.matchAll(/\bname:\s*["']?([A-Za-z0-9][A-Za-z0-9._-]*)/g)) {
    const name = match[1]!;
    if (name === renderedName || (name.length >= 3 && renderedName.includes(name))) return true;
  }
  return false;
}
