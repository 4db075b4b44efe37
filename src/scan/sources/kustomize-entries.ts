// What a kustomization may name before anything renders it. kustomize reads what its entries name:
// an entry that leaves the repository (`../../../../tmp/x`, `/etc/...`) reads the runner's files
// (a Secret on the runner, printed by `replacements` into an error message); a remote entry
// (`github.com/...`, `git::`, `https://`) makes kustomize fetch from the network, which from an
// untrusted head may hang every render for the whole --render-timeout and leave git processes behind.
// kustomize loads a resource, base, component, generator, transformer or validator from a local file,
// else from a git repository when the entry parses as one (`github.com:org/repo`, `GitHub.com/...`,
// `user@host/...`, ...), else from a local directory: rather than mirror that parser, an entry
// naming no path of the head's tree is taken for a remote one.
// Pure: the parsed kustomizations (and which of their paths exist) in, the first refusal out.
import type { KustomizationFile } from "./kustomization-file.js";

export interface EntryRules {
  /** Why the head is untrusted (undefined: trusted). */
  untrustedHead: string | undefined;
  /** --allow-remote-kustomize. */
  allowRemote: boolean;
  /**
   * Which loadable entries' paths exist in the head's tree (see withPresentPaths); an untrusted head
   * without it has none (fail closed).
   */
  presentAtHead?: ReadonlySet<string>;
}

/**
 * `rules` with the loadable paths of `kustomizations` that `present` finds in the head's tree, when
 * the head is untrusted and remote entries are not allowed (else nothing is looked up).
 */
export async function withPresentPaths(
  rules: EntryRules,
  kustomizations: Iterable<KustomizationFile>,
  present: (paths: string[]) => Promise<ReadonlySet<string>>,
): Promise<EntryRules> {
  if (rules.untrustedHead === undefined || rules.allowRemote) return rules;
  const paths = new Set([...kustomizations].flatMap((k) => k.loadable.map((e) => e.path)));
  return { ...rules, presentAtHead: await present([...paths]) };
}

/** A listing's files and every directory above them: the paths an entry may name. */
export function pathsOf(files: readonly string[]): Set<string> {
  const paths = new Set<string>();
  for (const file of files) {
    paths.add(file);
    for (let end = file.lastIndexOf("/"); end > 0; end = file.lastIndexOf("/", end - 1)) {
      const dir = file.slice(0, end);
      if (paths.has(dir)) break;
      paths.add(dir);
    }
  }
  return paths;
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
    // kustomize may read what our parser cannot (a repeated key): its entries are not known here.
    if (k.problem !== undefined) {
      return `${label}: ${k.path} at the head commit cannot be read (${k.problem}), so whether it names a remote resource is not known, and the head is ${rules.untrustedHead}: remote kustomize resources are not fetched from an untrusted head. Nothing was rendered or applied: fix the file, or pass --allow-remote-kustomize if you trust every pull request author`;
    }
    // The repository's root ("") is always there.
    const absent = k.loadable.find((e) => e.path !== "" && !rules.presentAtHead?.has(e.path));
    if (absent !== undefined) {
      return `${label}: ${k.path} at the head commit names ${JSON.stringify(absent.written)}, which is no file or directory of the head commit, so kustomize would fetch it as a remote resource, and the head is ${rules.untrustedHead}: remote kustomize resources are not fetched from an untrusted head. Nothing was rendered or applied: name a path of the repository (vendor the resource into it), or pass --allow-remote-kustomize if you trust every pull request author`;
    }
  }
  return undefined;
}
