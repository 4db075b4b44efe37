// What a kustomization may name before anything renders it. kustomize reads what its entries name:
// an entry that leaves the repository (`../../../../tmp/x`, `/etc/...`) reads the runner's files
// (a Secret on the runner, printed by `replacements` into an error message); a remote entry
// (`github.com/...`, `git::`, `https://`) makes kustomize fetch from the network, which from an
// untrusted head may hang every render for the whole --render-timeout and leave git processes behind.
// Pure: the parsed kustomizations in, the first refusal out.
import type { KustomizationFile } from "./kustomization-file.js";

export interface EntryRules {
  /** Why the head is untrusted (undefined: trusted). */
  untrustedHead: string | undefined;
  /** --allow-remote-kustomize. */
  allowRemote: boolean;
}

/** Why `label`'s kustomizations at `commit` must not be rendered; undefined when they may be. */
export function refusedEntries(
  label: string,
  kustomizations: readonly KustomizationFile[],
  side: "base" | "head",
  rules: EntryRules,
): string | undefined {
  for (const k of kustomizations) {
    const outside = k.outside[0];
    if (outside !== undefined) {
      return `${label}: ${k.path} at the ${side} commit names ${JSON.stringify(outside)}, which is outside the repository; a kustomization may read only files of the repository. Nothing was rendered or applied: name a file inside the repository`;
    }
  }
  if (side !== "head" || rules.untrustedHead === undefined || rules.allowRemote) return undefined;
  for (const k of kustomizations) {
    const remote = k.remote[0];
    if (remote !== undefined) {
      return `${label}: ${k.path} at the head commit names the remote resource ${JSON.stringify(remote)}, and the head is ${rules.untrustedHead}: remote kustomize resources are not fetched from an untrusted head. Nothing was rendered or applied: vendor it into the repository, or pass --allow-remote-kustomize if you trust every pull request author`;
    }
  }
  return undefined;
}
