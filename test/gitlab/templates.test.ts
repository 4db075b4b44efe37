// The GitLab template (.gitlab-ci-template.yml) and the CI/CD component (templates/config-rollout.yml):
// every input declared and used, both run the same job, inputs map onto the CLI's own settings, the
// job runs nothing but the CLI (which writes the reports), and docs/gitlab-ci.md covers every knob.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { renderDotenv } from "../../src/report/gitlab-reports.js";
import { DEPRECATED_OPTIONS } from "../../src/settings/deprecated-options.js";
import { OPTIONS } from "../../src/settings/options.js";
import { ROOT } from "./run-gitlab-ci-local.js";

interface Input {
  default?: string | number | boolean;
  type?: "string" | "number" | "boolean" | "array";
  options?: Array<string | number>;
  description?: string;
}
type Job = Record<string, unknown> & { variables: Record<string, string>; script: string[] };

const read = (path: string) => readFileSync(join(ROOT, path), "utf8");
const INPUT_USE = /\$\[\[\s*inputs\.([A-Za-z0-9_-]+)\s*\]\]/g;

const templateText = read(".gitlab-ci-template.yml");
const template = parse(templateText) as Record<string, Job>;
const templateJob = template[".config-rollout"] as Job;

const componentText = read("templates/config-rollout.yml");
const separator = componentText.indexOf("\n---\n");
const headerText = componentText.slice(0, separator);
const inputs = (parse(headerText) as { spec: { inputs: Record<string, Input> } }).spec.inputs;
const bodyText = componentText.slice(separator + 5);

/** The component's job as GitLab builds it when every input keeps its default. */
function interpolate(values: Record<string, unknown>): Record<string, Job> {
  return parse(bodyText.replace(INPUT_USE, (_, name: string) => String(values[name]))) as Record<string, Job>;
}
const defaults = Object.fromEntries(Object.entries(inputs).map(([name, input]) => [name, input.default]));
const componentJob = interpolate(defaults)[String(defaults["job-name"])] as Job;

// Settings the component leaves to CI/CD variables: secrets, the agent's KUBECONFIG, and the output
// format the job needs to be JSON.
// `comment` is decided by the job from mr-comment and the token (CONFIG_ROLLOUT_COMMENT still overrides).
// `check` and `changed-only` are the stamp's: the .config-rollout-stamp job's, not the restart job's.
// `junit` and `dotenv` name the report files the job's artifacts declare: the job passes them.
// `selector`, `config` and `adopt` are `config-rollout sync`'s: a scheduled sync job sets them as
// variables (docs/gitlab-ci.md), not the restart job.
const NOT_INPUTS = new Set([
  "selector",
  "config",
  "adopt",
  "junit",
  "dotenv",
  "kubeconfig",
  "kubeconfig-data",
  "hash-key",
  "output",
  "comment",
  "check",
  "changed-only",
]);
const JOB_INPUTS = [
  "job-name",
  "stage",
  "image",
  "version",
  "command",
  "mr-dry-run",
  "mr-comment",
  "git-depth",
];
const CLI_ENV = new Set(OPTIONS.flatMap((o) => (o.env ? [o.env] : [])));

describe("the CI/CD component's inputs", () => {
  test("the header declares inputs and uses none; the body uses only declared inputs", () => {
    expect(parseAllDocuments(componentText)).toHaveLength(2);
    expect(headerText).not.toMatch(INPUT_USE);
    const used = new Set([...bodyText.matchAll(INPUT_USE)].map((m) => m[1]));
    expect([...used].filter((name) => !(name! in inputs))).toEqual([]);
    // Anything else that looks like interpolation is a typo GitLab would reject.
    expect(bodyText.replace(INPUT_USE, "").includes("$[[")).toBe(false);
  });

  test("every declared input is used", () => {
    const used = new Set([...bodyText.matchAll(INPUT_USE)].map((m) => m[1]));
    expect(Object.keys(inputs).filter((name) => !used.has(name))).toEqual([]);
  });

  test.each(Object.entries(inputs))(
    "input %s has a description and a default of its type",
    (_name, input) => {
      expect(input.description?.length).toBeGreaterThan(10);
      const type = input.type ?? "string";
      expect(typeof input.default).toBe(type);
      if (input.options) expect(input.options).toContain(input.default);
    },
  );

  test.each(OPTIONS.filter((o) => !NOT_INPUTS.has(o.name)).map((o) => [o.name, o] as const))(
    "CLI setting %s is an input with the CLI's default and choices",
    (name, option) => {
      const input = inputs[name];
      expect(input, `no input for --${name}`).toBeDefined();
      expect(componentJob.variables[option.env!]).toBe(String(input?.default));
      expect(String(input?.default)).toBe(option.default ?? "");
      expect(input?.type ?? "string").toBe(option.type === "boolean" ? "boolean" : "string");
      // GitLab checks options itself: not for a switch (true and false are values too) or a number's words.
      const enumeration = option.choices && option.default !== undefined && !option.switch;
      if (enumeration && option.type === "string") expect(input?.options).toEqual(option.choices);
      else expect(input?.options).toBeUndefined();
    },
  );

  test("every other input is one of the job's own settings", () => {
    const cli = new Set(OPTIONS.map((o) => o.name));
    const old = new Set(DEPRECATED_OPTIONS.map((o) => o.name));
    expect(Object.keys(inputs).filter((name) => !cli.has(name) && !old.has(name))).toEqual(JOB_INPUTS);
  });

  test("an old spelling stays an input, unset by default, until the next minor release", () => {
    for (const old of DEPRECATED_OPTIONS) {
      expect(inputs[old.name], old.name).toMatchObject({ default: "" });
      expect(componentJob.variables[old.env!]).toBe("");
    }
  });

  test("inputs reach the job: a changed input changes the job", () => {
    const jobs = interpolate({
      ...defaults,
      "job-name": "restart-prod",
      paths: "k8s/**",
      "git-depth": 5,
      command: "npx --yes config-rollout@0.1.0",
    });
    expect(jobs["restart-prod"]?.variables).toMatchObject({
      CONFIG_ROLLOUT_PATHS: "k8s/**",
      GIT_DEPTH: "5",
      CONFIG_ROLLOUT_COMMAND: "npx --yes config-rollout@0.1.0",
    });
  });
});

describe("the template and the component run the same job", () => {
  test.each(["script", "rules", "artifacts", "image", "stage"])("same %s", (key) => {
    expect(componentJob[key]).toEqual(templateJob[key]);
  });

  test("the template's variables, with the same defaults", () => {
    for (const [name, value] of Object.entries(templateJob.variables)) {
      expect([name, componentJob.variables[name]]).toEqual([name, value]);
    }
  });

  test("both run the pinned version from its GitHub release's tarball, not from the npm registry", () => {
    for (const job of [templateJob, componentJob]) {
      expect(job.variables.CONFIG_ROLLOUT_COMMAND).toBe(
        // biome-ignore lint/suspicious/noTemplateCurlyInString: GitLab's variable reference, expanded by the job
        "npx --yes --package=https://github.com/<owner>/config-rollout/releases/download/v${CONFIG_ROLLOUT_VERSION}/config-rollout-${CONFIG_ROLLOUT_VERSION}.tgz config-rollout",
      );
    }
  });

  test("both pin the package's own version", () => {
    const { version } = JSON.parse(read("package.json")) as { version: string };
    expect(templateJob.variables.CONFIG_ROLLOUT_VERSION).toBe(version);
    expect(componentJob.variables.CONFIG_ROLLOUT_VERSION).toBe(version);
  });

  test("the job's own variables and its dotenv report never set a variable the CLI reads", () => {
    const own = Object.keys(templateJob.variables);
    const reported = renderDotenv(undefined, 2)
      .split("\n")
      .filter(Boolean)
      .map((line) => line.split("=")[0]);
    expect([...own, ...reported].filter((name) => CLI_ENV.has(name!))).toEqual([]);
  });
});

describe("the job runs nothing but the CLI", () => {
  test("the CLI writes the reports the artifacts declare: no program of the template's own", () => {
    const script = templateJob.script.join("\n");
    expect(script).not.toMatch(/^\s*node |<<'/m);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: GitLab's variable reference, expanded by the job
    const run = templateJob.script.filter((s) => s.includes("${CONFIG_ROLLOUT_COMMAND}"));
    expect(run).toEqual([
      // biome-ignore lint/suspicious/noTemplateCurlyInString: GitLab's variable reference, expanded by the job
      "${CONFIG_ROLLOUT_COMMAND} --output json --dotenv config-rollout.env --junit config-rollout-junit.xml > config-rollout-plan.json",
    ]);
    const reports = (templateJob.artifacts as { reports: Record<string, string> }).reports;
    expect(reports).toEqual({ dotenv: "config-rollout.env", junit: "config-rollout-junit.xml" });
  });
});

describe("docs/gitlab-ci.md", () => {
  const docs = read("docs/gitlab-ci.md");
  const dotenvNames = renderDotenv(undefined, 2)
    .split("\n")
    .filter(Boolean)
    .map((line) => line.split("=")[0]!);

  test.each([
    ...[...CLI_ENV].map((name) => ["CLI variable", name]),
    ...Object.keys(templateJob.variables).map((name) => ["template variable", name]),
    ...Object.keys(inputs).map((name) => ["component input", `\`${name}\``]),
    ...dotenvNames.map((name) => ["dotenv variable", name]),
  ])("documents the %s %s", (_kind, name) => {
    expect(docs).toContain(name);
  });
});
