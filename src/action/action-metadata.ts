// The action's interface as data: its inputs (one per option of the option table, plus the
// action-only `command`, `commit`, `allow-untrusted` and `github-token`) and its outputs. scripts/generate-docs.mjs
// writes action.yml from this, and read-inputs.ts reads exactly these names, so the two cannot drift.
import { ACCEPTED_OPTIONS } from "../settings/deprecated-options.js";
import { INPUT_NAMES, spellOptions } from "../settings/describe-option.js";
import { OPTIONS } from "../settings/options.js";

interface ActionInput {
  name: string;
  description: string;
  /** What action.yml declares as the default ("" when the value is computed at run time). */
  default: string;
  /** How the action's default differs from the CLI's, for the reference pages. */
  defaultNote?: string;
}

interface ActionOutput {
  name: string;
  description: string;
}

export const ALLOW_UNTRUSTED_INPUT: ActionInput = {
  name: "allow-untrusted",
  default: "false",
  description:
    "Allow a run that changes the cluster on pull_request_target events, on pull requests from forks and on " +
    "workflow_run runs they trigger (their code is untrusted while the job holds your secrets). " +
    "Default: refuse such a run unless dry-run is client or server.",
};

/** Action only: the CLI reads GITHUB_TOKEN (a token has no place on a command line). */
export const GITHUB_TOKEN_INPUT: ActionInput = {
  name: "github-token",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow expression GitHub expands
  default: "${{ github.token }}",
  description:
    "Token for the pull request comment (the comment input); it needs permissions: pull-requests: write. Masked in logs.",
  defaultNote: "the workflow's `github.token`",
};

/** Action only: the CLI's subcommand (`config-rollout stamp`). */
export const COMMAND_INPUT: ActionInput = {
  name: "command",
  default: "run",
  description:
    "run: detect, restart and wait (the default). stamp: write config-rollout.io/config-hash into the manifests of the " +
    "checkout (see docs/gitops.md); with check: true only check them (exit 1 when one is missing or stale), with commit: true " +
    "commit them to the pull request's branch. sync: restart the workloads whose pods run config the cluster no longer holds, " +
    "from the live state (no checkout needed; see docs/sync.md), e.g. on a schedule.",
};

/** Action only: push the stamps (a CLI user commits with git). */
export const COMMIT_INPUT: ActionInput = {
  name: "commit",
  default: "false",
  description:
    "command: stamp: commit the stamps that changed to the branch of a pull request from this repository with github-token " +
    "(needs permissions: contents: write and a checkout of the branch, ref: github.head_ref); nothing is committed when nothing " +
    "changed. On a fork's pull request, pull_request_target and other events it pushes nothing and checks instead.",
};

/**
 * Where the action differs from the CLI. `dry-run` has no declared default because the action must
 * tell "not set" (dry run on pull requests) from an explicit `none`: GitHub fills unset inputs with
 * their declared default, so a declared `none` could not be told apart.
 */
const ACTION_OVERRIDES: Record<string, Partial<ActionInput>> = {
  "dry-run": {
    default: "",
    description: `${OPTIONS.find((o) => o.name === "dry-run")!.description} Default: none, but client on pull_request events.`,
    defaultNote: "none, but client on `pull_request` events",
  },
  // Unset means "on pull request events": GitHub would fill a declared default in, so there is none.
  comment: {
    default: "",
    description:
      "Post the plan as one comment on the pull request, updated on every run (needs pull-requests: write for github-token). " +
      "Default: true on pull_request and pull_request_target events, else false.",
    defaultNote: "true on `pull_request` and `pull_request_target` events",
  },
};

export function actionInputs(): ActionInput[] {
  const fromOptions = ACCEPTED_OPTIONS.filter((option) => option.actionInput !== false).map(
    (option): ActionInput => {
      const words = option.type === "integer" ? "Or" : "One of";
      const choices = option.choices ? ` ${words}: ${option.choices.join(", ")}.` : "";
      return {
        name: option.name,
        description: `${spellOptions(option.description, INPUT_NAMES)}${choices}`,
        // An old spelling has no default: set, it is turned into its replacement with a warning.
        default: "replacedBy" in option ? "" : (option.default ?? ""),
        ...ACTION_OVERRIDES[option.name],
      };
    },
  );
  return [COMMAND_INPUT, ...fromOptions, COMMIT_INPUT, ALLOW_UNTRUSTED_INPUT, GITHUB_TOKEN_INPUT];
}

export const ACTION_OUTPUTS: readonly ActionOutput[] = [
  {
    name: "result",
    description:
      "restarted, nothing-to-do, planned (a dry run that found workloads to restart), incomplete (something the push touched was not read: a Helm chart nothing renders, a kustomization that does not build, a file over max-file-size, a Git LFS pointer, a submodule; the plan output's unread lists them, and the restarts planned from the rest were made and are in restarted) or failed. With command: stamp: stamped (written or committed), nothing-to-do (every stamp current) or failed (a check found one missing or stale).",
  },
  {
    name: "changed-configs",
    description:
      "JSON array of the ConfigMaps and Secrets whose content changed: [{kind, namespace, name, status, keys}].",
  },
  {
    name: "restarted",
    description:
      "JSON array of the workloads this run restarted: [{kind, namespace, name}], with the context too ({context, kind, namespace, name}) when `context` names several contexts.",
  },
  {
    name: "rolled-back",
    description:
      "JSON array of the workloads rollback-on-failure rolled back to what they ran before (the change failed): [{kind, namespace, name}], with the context too when `contexts` is set. The configs put back are in the plan output's restores.",
  },
  {
    name: "plan",
    description: "The whole report as JSON, the same object `config-rollout --output json` prints.",
  },
];
