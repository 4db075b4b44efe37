// A configMapGenerator or secretGenerator whose input file (files, envs) is kept in Git LFS reads
// the pointer git holds, not the file: kustomize would generate a config holding pointer text, and
// a plan from it (or a versioned copy of it) would be wrong. Such generated configs are left out of
// the plan at both commits, and each pointer is a warning that marks the plan incomplete.

import type { Manifest } from "../../core/model.js";
import type { Git } from "../../git/git.js";
import { isLfsPointer } from "../manifests/decode-source.js";
import { generatorOf } from "../sources/blame.js";
import type { SourceWarning } from "../sources/source-warning.js";
import type { RenderedSource } from "./source-model.js";

/** A pointer is about 130 bytes; any file larger than this is not one and is not read. */
const POINTER_MAX_BYTES = 1024;

/** The generator input files that are LFS pointers at any of `commits` (one batch read per commit). */
export async function lfsPointerInputs(
  git: Git,
  commits: readonly string[],
  sources: readonly RenderedSource[],
): Promise<Set<string>> {
  const inputs = [...new Set(sources.flatMap((s) => s.generators.flatMap((g) => g.files)))];
  const pointers = new Set<string>();
  if (inputs.length === 0) return pointers;
  const reads = await Promise.all(commits.map((c) => git.readFilesUpTo(c, inputs, POINTER_MAX_BYTES)));
  for (const { files } of reads)
    for (const [path, bytes] of files) if (isLfsPointer(bytes.toString("utf8"))) pointers.add(path);
  return pointers;
}

/**
 * The source's objects without the configs its generators make from a pointer, and one warning
 * per pointer (on the input file, CI annotates it).
 */
export function withoutPointerConfigs(
  source: RenderedSource,
  sides: Manifest[][],
  pointers: ReadonlySet<string>,
): { sides: Manifest[][]; warnings: SourceWarning[] } {
  const fromPointer = source.generators.filter((g) => g.files.some((f) => pointers.has(f)));
  if (fromPointer.length === 0) return { sides, warnings: [] };
  const generatedFromPointer = (m: Manifest) => {
    const generator = generatorOf({ kind: m.id.kind, name: m.id.name }, source.generators);
    return generator !== undefined && fromPointer.includes(generator);
  };
  const warnings = fromPointer.flatMap((g) =>
    g.files
      .filter((f) => pointers.has(f))
      .map((file) => ({
        file,
        unread: "a Git LFS pointer, a generator input",
        message: `a Git LFS pointer, not the file itself: ${source.label} generates ${g.kind} ${g.name} from it, and its content is in LFS storage, which is not read (config-rollout reads git objects); what changed in ${g.kind} ${g.name} is not in this plan and nothing is planned or copied from the pointer text`,
      })),
  );
  return { sides: sides.map((list) => list.filter((m) => !generatedFromPointer(m))), warnings };
}
