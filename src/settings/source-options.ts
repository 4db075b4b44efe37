// The option table's rows (see options.ts) that choose the rendered sources and bound their renders:
// kustomize, --render and its inputs, the time limits of renders and git, what a render may see.
// In their own file to keep options.ts short; options.ts places them in the table's order.
import type { OptionSpec } from "./option-spec.js";

export const SOURCE_OPTIONS = [
  {
    name: "kustomize",
    brief: true,
    summary: "kustomizations to render (default: every root; none: raw only)",
    type: "list",
    group: "sources",
    commands: "both",
    default: "",
    env: "CONFIG_ROLLOUT_KUSTOMIZE",
    placeholder: "DIRS",
    description:
      "Kustomization directories to render at both commits and plan from; raw files are then read only if {paths} is given too. Default: every root kustomization in the repository (not those under test, example or docs directories); none: read raw files only.",
  },
  {
    name: "render",
    brief: true,
    summary: "a command that prints the manifests (e.g. helm template)",
    type: "string",
    group: "sources",
    commands: "both",
    env: "CONFIG_ROLLOUT_RENDER",
    placeholder: "CMD",
    description:
      "A command that prints the manifests (e.g. helm template ...), run with /bin/sh in a checkout of each commit. It executes on both commits.",
  },
  {
    name: "render-paths",
    summary: "files that are inputs of {render}",
    type: "list",
    group: "sources",
    commands: "run",
    default: "**",
    env: "CONFIG_ROLLOUT_RENDER_PATHS",
    placeholder: "GLOBS",
    description: "Files that are inputs of {render}: it runs only when the range touches one.",
  },
  {
    name: "git-timeout",
    summary: "a git command silent this long is stopped",
    type: "duration",
    group: "limits",
    commands: "both",
    default: "2m",
    env: "CONFIG_ROLLOUT_GIT_TIMEOUT",
    placeholder: "DURATION",
    description:
      "A git command (a fetch or deepen of a shallow clone included) that prints nothing for this long is stuck, e.g. waiting for credentials: it is stopped and the run fails.",
  },
  {
    name: "render-timeout",
    summary: "time limit of one render",
    type: "duration",
    group: "limits",
    commands: "both",
    default: "10m",
    env: "CONFIG_ROLLOUT_RENDER_TIMEOUT",
    placeholder: "DURATION",
    description:
      "Time limit for one render (a kustomize build or the {render} command at one commit); it is then stopped with every process it started, and the run fails (exit code 2).",
  },
  {
    name: "render-env",
    summary: "variables {render} gets besides the fixed ones",
    type: "list",
    group: "sources",
    commands: "run",
    default: "",
    env: "CONFIG_ROLLOUT_RENDER_ENV",
    placeholder: "NAMES",
    description:
      "Environment variables passed to the {render} command besides PATH, HOME, LANG, LC_ALL, TZ, TMPDIR and the proxy settings (e.g. HELM_CACHE_HOME); nothing else of the job's environment reaches it.",
  },
  {
    name: "allow-remote-kustomize",
    summary: "render remote kustomize resources of an untrusted head",
    type: "boolean",
    group: "sources",
    commands: "both",
    default: "false",
    env: "CONFIG_ROLLOUT_ALLOW_REMOTE_KUSTOMIZE",
    description:
      "Render kustomizations that name remote resources (github.com/..., git::, https://, ssh://, git@, or an entry naming no path of the head, which kustomize fetches as a git repository) when the head is untrusted (a pull request from a fork, pull_request_target); by default they are refused before any render (a plan's or a stamp's).",
  },
] as const satisfies readonly OptionSpec[];
