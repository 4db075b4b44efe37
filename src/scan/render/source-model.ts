// What the render stage knows about one source (a kustomization, the --render command): how to
// render it in a checkout, what its checkout needs, and what to blame its objects on.
import type { Manifest, ManifestProblem } from "../../core/model.js";
import type { GeneratorInputs } from "../sources/kustomization-file.js";
import type { SourceWarning } from "../sources/source-warning.js";

/** A commit's checkout, as renderers see it. */
interface Checkout {
  dir: string;
  /** A scratch directory outside the checkout (a renderer's HOME). */
  scratch: string;
}

export interface RenderedSource {
  /** How the report names it: `kustomize overlays/prod`, `render: helm template ...`. */
  label: string;
  /** Directories the render needs in its checkout; undefined: the whole tree. */
  scope: string[] | undefined;
  /** Stands for the source's objects where a file is expected (warnings, annotations). */
  file: string;
  /** The output at one commit; undefined when the source does not exist there. Aborting `signal` stops the renderer. */
  render(checkout: Checkout, commit: string, signal?: AbortSignal): Promise<Buffer | undefined>;
  /** The source's input files the range changed (what its objects may be blamed on). */
  changedInputs: string[];
  generators: GeneratorInputs[];
  /** Plain resource files its kustomizations list: where its objects are written (kustomize only). */
  resourceFiles?: string[];
  /**
   * Set when the range changes only objects that play no part in the plan in it (plain resource
   * files with no config or workload at either commit, in a tree where nothing carries values
   * between objects): rendered only if the range changes a config elsewhere (see touched-sources.ts).
   */
  inert?: true;
  /**
   * Whether the renderer reads this changed input as YAML data, given its text at one commit: then a
   * change that parses to the same data at both commits cannot change what it renders. Unset: every
   * change counts (what it reads, or how, is not known).
   */
  readsAsData?(path: string, text: string): boolean;
  /**
   * Set when every changed input is read as YAML data and parses to the same data at both commits
   * (a formatter's push): held back as `inert` is (see touched-sources.ts).
   */
  sameData?: true;
  /**
   * Flux variables its output at head holds as written (substituteFrom reads a Secret, or a map not
   * found here): filled by its render, marked on the configs that hold them (Manifest.unsubstituted).
   */
  unsubstituted?: Set<string>;
  /** The namespace of its objects that name none (an Argo CD Application's destination), when not the run's. */
  defaultNamespace?: string;
  /**
   * Set for a kustomization GitOps objects deploy several ways (gitops/deployed-namespaces.ts
   * stampOfWays): `namespace-free` when they differ only in the namespace (its one stamp leaves it
   * out), `cannotMatch` (why) when they differ in more (its one stamp is as kustomize builds it),
   * and for a plain directory Flux renames or patches (gitops/deployed-dirs.ts plainBuildUnstampable).
   */
  stamped?: "namespace-free" | { cannotMatch: string };
  /** Set for a kustomization: its directory, and whether --kustomize named it (else it was discovered). */
  kustomization?: { dir: string; named: boolean };
}

export interface RenderedObjects {
  base: Manifest[];
  head: Manifest[];
  problems: ManifestProblem[];
  /** Sources whose base could not be rendered (their changes cannot be told). */
  warnings: SourceWarning[];
  /** Labels of the sources kustomize could not build, and at which commits: what their Sources note says. */
  unbuilt?: Map<string, "base" | "both">;
}

/** Two renders' objects, problems, warnings and unbuilt sources as one, the first's first. */
export function joinRendered(first: RenderedObjects, more: RenderedObjects): RenderedObjects {
  return {
    base: [...first.base, ...more.base],
    head: [...first.head, ...more.head],
    problems: [...first.problems, ...more.problems],
    warnings: [...first.warnings, ...more.warnings],
    unbuilt: new Map([...(first.unbuilt ?? []), ...(more.unbuilt ?? [])]),
  };
}

const YAML_INPUT = /(^|\/)Kustomization$|\.(ya?ml|json)$/;

/**
 * A renderer's input read as YAML data: a YAML or JSON file holding no template (`{{`), nor, where the
 * output's text is substituted afterwards (Flux's postBuild, a --render command), a `$`: there the
 * quoting of a value decides what a variable in it becomes.
 */
export function yamlDataInput(path: string, text: string, options: { textSubstituted: boolean }): boolean {
  if (!YAML_INPUT.test(path) || text.includes("{{")) return false;
  return !options.textSubstituted || !text.includes("$");
}
