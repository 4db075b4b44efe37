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
// - `configmap|secret.reloader.stakater.com/reload` lists names, comma-separated, each a regular
//   expression matched against the whole name (no namespace: Reloader looks in the workload's own);
// - `reloader.stakater.com/search: "true"` covers the configs annotated `reloader.stakater.com/match: "true"`;
// - a config annotated `reloader.stakater.com/ignore: "true"` is never acted on by Reloader.
//
// Annotation names can be changed on the controller; these are its defaults.

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

/** What the plan knows of the controller: whether it runs with `--auto-reload-all`. */
export interface ReloaderController {
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
  if (exclude?.split(",").some((name) => name.trim() === config.name)) return undefined;
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

/** Reloader's test: any comma-separated entry, trimmed, as a regular expression anchored at both ends. */
function namesMatch(list: string, name: string): boolean {
  return list.split(",").some((entry) => {
    try {
      // Not grouped, as Reloader builds it: `^a|b$` is "starts with a or ends with b".
      return new RegExp(`^${entry.trim()}$`).test(name);
    } catch {
      // Reloader skips an entry that does not compile.
      return false;
    }
  });
}

function quote(name: string, value: string): string {
  return `${name}: ${JSON.stringify(value)}`;
}
