// The option table's rows (see options.ts) of what a run publishes in CI: the pull or merge request
// comment and the GitLab report files. In their own file to keep options.ts short; options.ts places
// them in the table's order. sync reads them too, from the variables and inputs (settings.ts).
import type { OptionSpec } from "./option-spec.js";

export const CI_OPTIONS = [
  {
    name: "comment",
    type: "boolean",
    group: "ci",
    commands: "run",
    default: "false",
    env: "CONFIG_ROLLOUT_COMMENT",
    summary: "post the plan on the pull or merge request",
    description:
      "Post the plan as one comment on the pull request (GitHub) or merge request (GitLab), updated on every run; the token comes from GITHUB_TOKEN or CONFIG_ROLLOUT_GITLAB_TOKEN (see docs/pull-request-comments.md).",
  },
  {
    name: "comment-id",
    type: "string",
    group: "ci",
    commands: "run",
    env: "CONFIG_ROLLOUT_COMMENT_ID",
    placeholder: "ID",
    summary: "which comment this run owns (one per cluster of a matrix)",
    description:
      "Which comment this run owns: runs with different ids keep separate comments (e.g. one per cluster of a matrix). Default: the workflow and job (GitHub), the job name (GitLab).",
  },
  {
    name: "junit",
    type: "string",
    group: "ci",
    commands: "run",
    env: "CONFIG_ROLLOUT_JUNIT",
    placeholder: "FILE",
    actionInput: false,
    summary: "also write a JUnit report (GitLab: reports:junit)",
    description:
      "Also write the result as a JUnit XML report to FILE (GitLab: artifacts:reports:junit): one test case per workload, failed for a failed restart or rollout, skipped for a skipped workload; a run that fails otherwise (bad input, an unreachable cluster) is one error case. Written whatever the exit code.",
  },
  {
    name: "dotenv",
    type: "string",
    group: "ci",
    commands: "run",
    env: "CONFIG_ROLLOUT_DOTENV",
    placeholder: "FILE",
    actionInput: false,
    summary: "also write a dotenv report (GitLab: reports:dotenv)",
    description:
      "Also write the result as a dotenv file to FILE (GitLab: artifacts:reports:dotenv): CONFIG_ROLLOUT_RESULT, CONFIG_ROLLOUT_EXIT_CODE, CONFIG_ROLLOUT_CHANGED_CONFIGS, CONFIG_ROLLOUT_PLANNED, CONFIG_ROLLOUT_RESTARTED, CONFIG_ROLLOUT_FAILED and CONFIG_ROLLOUT_ROLLED_BACK. Written whatever the exit code; with {output=json} a short summary goes to stderr.",
  },
] as const satisfies readonly OptionSpec[];
