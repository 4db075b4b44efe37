// Stakater Reloader restarts a workload when a config it references changes, but only for the configs
// its annotations cover: whether Reloader restarts workload W for a change of config C is a question
// per (W, C). Restarting W here as well means two rollouts for one change; skipping W when Reloader
// does not cover C means none. Answered as Reloader's controller answers it (its ShouldReload,
// https://docs.stakater.com/reloader/ "Annotation Reference"):
//
// - the annotations are read from the workload's metadata; when none of `auto`, the config type's
//   `auto`, its `reload` list or `search` is there, from the pod template's metadata instead;
// - `configmaps.exclude.reloader.stakater.com/reload` / `secrets.exclude...` on the workload (names,
//   comma-separated) exclude a config whatever else says;
// - `reloader.stakater.com/auto` or the type's `configmap|secret.reloader.stakater.com/auto` true
//   (Go's ParseBool: 1, t, T, true, True, TRUE) covers every config of that type it references; with
//   the controller's `--auto-reload-all` a workload that sets neither to anything covers all;
// - `configmap|secret.reloader.stakater.com/reload` lists names, comma-separated, each a Go (RE2)
//   regular expression Reloader compiles as `"^" + item + "$"` (no namespace: it looks in the
//   workload's own); read here with an RE2 engine too, since JavaScript's differs both ways
//   (lookahead compiles in JavaScript and not in RE2; `(?i)`, `[[:alpha:]]`, `(?P<n>)` the reverse);
// - `reloader.stakater.com/search: "true"` covers the configs annotated `reloader.stakater.com/match: "true"`;
// - a config annotated `reloader.stakater.com/ignore: "true"` is never acted on by Reloader.
//
// Annotation names can be changed on the controller; these are its defaults.

import type { RE2JS } from "re2js";
import { field, isRecord } from "../core/json-shape.js";
import type { ConfigChange, ConfigKind, ObjectId } from "../core/model.js";
import { RELOADER_MATCH } from "../scan/manifests/config-changes.js";

const AUTO = "reloader.stakater.com/auto";
const SEARCH = "reloader.stakater.com/search";

const TYPED = {
  ConfigMap: {
    auto: "configmap.reloader.stakater.com/auto",
    reload: "configmap.reloader.stakater.com/reload",
    exclude: "configmaps.exclude.reloader.stakater.com/reload",
  },
  Secret: {
    auto: "secret.reloader.stakater.com/auto",
    reload: "secret.reloader.stakater.com/reload",
    exclude: "secrets.exclude.reloader.stakater.com/reload",
  },
} as const;

// RE2 (260 KB) is loaded only for a plan that reads a `reload` list: the plan is pure
// and synchronous, so the run loads it first (prepareReloaderLists), and most runs never do.
let re2: typeof RE2JS | undefined;

/** Loads RE2 when one of `workloads` (objects) carries a Reloader `reload` list; before buildPlan. */
export async function prepareReloaderLists(workloads: readonly unknown[]): Promise<void> {
  const lists = Object.values(TYPED).map((t) => t.reload);
  const hasList = (object: unknown) => lists.some((name) => annotationsOf(object)[name] !== undefined);
  if (re2 !== undefined) return;
  if (!workloads.some((w) => hasList(w) || hasList(field(field(w, "spec"), "template")))) return;
  re2 = (await import("re2js")).RE2JS;
}

/** What the plan knows of the controller: whether it runs with `--auto-reload-all`. */
interface ReloaderController {
  autoReloadAll: boolean;
}

type ConfigReloaderMarks = NonNullable<ConfigChange["reloader"]>;

/**
 * Why Reloader restarts the workload when the config changes (the annotation or flag that makes it),
 * or undefined when it does not.
 */
export function reloaderCoverage(
  workload: unknown,
  config: ObjectId & { kind: ConfigKind },
  marks: ConfigReloaderMarks | undefined,
  controller: ReloaderController,
): string | undefined {
  if (marks?.ignore) return undefined;
  const typed = TYPED[config.kind];
  const own = annotationsOf(workload);
  const decisive = [AUTO, typed.auto, typed.reload, SEARCH];
  const annotations = decisive.some((name) => Object.hasOwn(own, name))
    ? own
    : annotationsOf(field(field(workload, "spec"), "template"));
  const exclude = own[typed.exclude];
  if (exclude?.split(",").some((name) => goTrimSpace(name) === config.name)) return undefined;
  const auto = annotations[AUTO] ?? "";
  const typedAuto = annotations[typed.auto] ?? "";
  if (goTrue(auto)) return quote(AUTO, auto);
  if (goTrue(typedAuto)) return quote(typed.auto, typedAuto);
  if (auto === "" && typedAuto === "" && controller.autoReloadAll)
    return "Reloader runs with --auto-reload-all";
  const reload = annotations[typed.reload];
  if (reload !== undefined && reload !== "" && namesMatch(reload, config.name))
    return quote(typed.reload, reload);
  if (annotations[SEARCH] === "true" && marks?.match) {
    return `${quote(SEARCH, "true")} and the config's ${quote(RELOADER_MATCH, "true")}`;
  }
  return undefined;
}

/** The Reloader annotations a workload carries (for saying why one does not cover a config). */
export function reloaderAnnotationsOf(workload: unknown): string[] {
  const names = new Set<string>([AUTO, SEARCH, ...Object.values(TYPED).flatMap((t) => [t.auto, t.reload])]);
  const found: string[] = [];
  for (const source of [workload, field(field(workload, "spec"), "template")]) {
    for (const [name, value] of Object.entries(annotationsOf(source))) {
      if (names.has(name)) found.push(quote(name, value));
    }
  }
  return [...new Set(found)];
}

function annotationsOf(object: unknown): Record<string, string> {
  const annotations = field(field(object, "metadata"), "annotations");
  if (!isRecord(annotations)) return {};
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(annotations)) if (typeof value === "string") out[name] = value;
  return out;
}

/** Go's strconv.ParseBool true. */
function goTrue(value: string): boolean {
  return ["1", "t", "T", "true", "True", "TRUE"].includes(value);
}

/**
 * Reloader's test (ShouldReload): each comma-separated entry, trimmed as Go's strings.TrimSpace trims,
 * compiled by RE2 as `"^" + entry + "$"` and searched for in the name. Not grouped, as Reloader builds
 * it: `a|ab` becomes `^a|ab$`, "starts with a or ends with ab". An entry RE2 does not compile is
 * skipped (Reloader logs it and goes on).
 */
function namesMatch(list: string, name: string): boolean {
  if (re2 === undefined)
    throw new Error("a Reloader reload list was read before prepareReloaderLists loaded RE2");
  const engine = re2;
  return list.split(",").some((entry) => {
    let pattern: RE2JS;
    try {
      pattern = engine.compile(`^${goTrimSpace(entry)}$`);
    } catch {
      return false;
    }
    return pattern.test(name);
  });
}

// Go's unicode.IsSpace: JavaScript's trim() also strips U+FEFF, which Go keeps, and keeps U+0085 (NEL),
// which Go strips.
const GO_SPACE = "[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const GO_TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, "g");

function goTrimSpace(text: string): string {
  return text.replace(GO_TRIM, "");
}

function quote(name: string, value: string): string {
  return `${name}: ${JSON.stringify(value)}`;
}
