// action.yml, docs/reference.md's tables and .env.example are generated from the option table by
// scripts/generate-docs.mjs (run by `npm run build`). The test setup builds dist/ but leaves these as
// committed, so a stale document fails here. And the action metadata and the example workflow must
// pass a GitHub Actions schema validator from the npm registry (@action-validator/cli).
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import {
  ACTION_REFERENCE,
  ACTION_YML,
  COMMAND_REFERENCES,
  ENV_EXAMPLE,
  GITLAB_COMPONENT,
  REFERENCE,
  renderActionReference,
  renderActionYml,
  renderCommandReference,
  renderEnvExample,
  renderGitlabComponent,
  renderReference,
} from "../../scripts/render-docs.js";
import { ACTION_OUTPUTS } from "../../src/action/action-metadata.js";
import { DEPRECATED_OPTIONS } from "../../src/settings/deprecated-options.js";
import { optionsNamedIn } from "../../src/settings/describe-option.js";
import { listedFor } from "../../src/settings/option-spec.js";
import { OPTIONS } from "../../src/settings/options.js";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(join(root, file), "utf8");
const STALE = "is stale: run `npm run build` and commit the result";

describe("generated documents match the option table", () => {
  test.each([
    [ACTION_YML, renderActionYml],
    [ENV_EXAMPLE, renderEnvExample],
    [REFERENCE, () => renderReference(read(REFERENCE))],
    [ACTION_REFERENCE, () => renderActionReference(read(ACTION_REFERENCE))],
    [GITLAB_COMPONENT, () => renderGitlabComponent(read(GITLAB_COMPONENT))],
    ...Object.entries(COMMAND_REFERENCES).map(([command, file]): [string, () => string] => [
      file,
      () => renderCommandReference(command as "run"),
    ]),
  ] as Array<[string, () => string]>)("%s", (file, render) => {
    expect(read(file), `${file} ${STALE}`).toBe(render());
  });

  test("action.yml has one input per option plus command, commit, allow-untrusted and github-token, each with a description and default", () => {
    const action = parse(read(ACTION_YML)) as {
      inputs: Record<string, { description: string; default: string }>;
      outputs: Record<string, { description: string }>;
      runs: { using: string; main: string };
    };
    expect(Object.keys(action.inputs)).toEqual([
      "command",
      ...[...OPTIONS, ...DEPRECATED_OPTIONS].filter((o) => o.actionInput !== false).map((o) => o.name),
      "commit",
      "allow-untrusted",
      "github-token",
    ]);
    for (const [name, input] of Object.entries(action.inputs)) {
      expect(input.description, name).not.toBe("");
      expect(typeof input.default, name).toBe("string");
    }
    // GitHub fills an unset input with its default: dry-run must have none, or a pull request could
    // not tell "not set" (dry run by default) from an explicit `none`.
    expect(action.inputs["dry-run"]?.default).toBe("");
    // The same for comment (on by default on pull request events); the token defaults to the workflow's.
    expect(action.inputs.comment?.default).toBe("");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the workflow expression GitHub expands
    expect(action.inputs["github-token"]?.default).toBe("${{ github.token }}");
    expect(Object.keys(action.outputs)).toEqual(ACTION_OUTPUTS.map((o) => o.name));
    expect(action.runs).toEqual({ using: "node24", main: "dist/action.js" });
  });

  test("each command's reference page has a row per flag of that command, with its variable", () => {
    for (const [command, file] of Object.entries(COMMAND_REFERENCES)) {
      const page = read(file);
      for (const option of OPTIONS) {
        const row = `| \`--${option.name}\``;
        if (listedFor(option, command as "run")) expect(page, `${file}: --${option.name}`).toContain(row);
        else expect(page, `${file}: --${option.name}`).not.toContain(row);
        if (option.env && listedFor(option, command as "run")) expect(page).toContain(`\`${option.env}\``);
      }
    }
  });

  test("action input descriptions name inputs, never a CLI flag", () => {
    const action = parse(read(ACTION_YML)) as { inputs: Record<string, { description: string }> };
    const speaksCli = Object.entries(action.inputs).filter(([, input]) => input.description.includes("--"));
    expect(speaksCli.map(([name]) => name)).toEqual([]);
    const component = parse(read(GITLAB_COMPONENT).split("\n---\n")[0]!) as {
      spec: { inputs: Record<string, { description: string }> };
    };
    // The component's own inputs (its job's command line among them) aside: the option table's.
    const options = new Set(OPTIONS.map((o) => o.name));
    const componentCli = Object.entries(component.spec.inputs).filter(
      ([name, input]) => options.has(name) && input.description.includes("--"),
    );
    expect(componentCli.map(([name]) => name)).toEqual([]);
  });

  test("every option a description or summary names is an option of the table", () => {
    const names = new Set(OPTIONS.map((o) => o.name));
    const named = OPTIONS.flatMap((o) => [...optionsNamedIn(o.description), ...optionsNamedIn(o.summary)]);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((name) => !names.has(name))).toEqual([]);
  });

  test("the README opens with the problem, then the two set-up commands a newcomer runs", () => {
    const readme = read("README.md");
    expect(
      readme.startsWith(
        "# config-rollout\n\nKubernetes does not restart pods when a ConfigMap or Secret they use changes",
      ),
    ).toBe(true);
    const commands = readme.indexOf("```sh\nnpm ci && npm run demo");
    expect(commands).toBeGreaterThan(0);
    expect(readme.slice(commands, readme.indexOf("```", commands + 5))).toContain("\nnpm test ");
    // On the first screen: before the quick starts.
    expect(commands).toBeLessThan(readme.indexOf("## Quick starts"));
  });
});

function validate(file: string): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      join(root, "node_modules", ".bin", "action-validator"),
      [file],
      { cwd: root },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: `${stdout}${stderr}` }),
    );
  });
}

/** Validate `text` as a file named `name` in a scratch directory. */
async function validateText(name: string, text: string): Promise<{ code: number; output: string }> {
  const dir = mkdtempSync(join(tmpdir(), "config-rollout-validate-"));
  try {
    writeFileSync(join(dir, name), text);
    return await validate(join(dir, name));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("schema validation (action-validator)", () => {
  // action-validator 0.6 carries a schema that lists runs.using node12/node16/node20 only; GitHub runs
  // node24 (asserted above). Everything else of action.yml is validated as written.
  test("action.yml is valid", async () => {
    const text = read(ACTION_YML);
    expect(text).toContain("  using: node24\n");
    const result = await validateText("action.yml", text.replace("  using: node24\n", "  using: node20\n"));
    expect(result.output).toBe("");
    expect(result.code).toBe(0);
  });

  const examples = readdirSync(join(root, "examples", "github")).map((f) => join("examples", "github", f));
  test.each(examples)("%s is valid", async (file) => {
    const result = await validate(file);
    expect(result.output).toBe("");
    expect(result.code).toBe(0);
  });

  test.each([
    ["action.yml", "name: x\ndescription: y\nruns:\n  using: node20\n  mian: dist/action.js\n"],
    ["workflow.yml", "on: push\njobs:\n  a:\n    steps:\n      - run: echo ok\n"],
  ])("the validator rejects a broken %s", async (name, text) => {
    expect((await validateText(name, text)).code).not.toBe(0);
  });
});

test("the example workflow pins actions/checkout by full SHA and fetches the whole history", () => {
  const workflow = read(join("examples", "github", "config-rollout.yml"));
  expect(workflow).toContain("actions/checkout@3d3c42e5aac5ba805825da76410c181273ba90b1 # v7.0.1");
  expect(workflow).toContain("fetch-depth: 0");
  const uses = [...workflow.matchAll(/uses: (\S+)/g)].map((m) => m[1]!);
  const inputs = parse(workflow).jobs.deploy.steps.find((s: { id?: string }) => s.id === "rollout").with;
  for (const name of Object.keys(inputs)) expect(OPTIONS.map((o) => o.name)).toContain(name);
  expect(uses.filter((u) => !u.includes("config-rollout")).every((u) => /@[0-9a-f]{40}$/.test(u))).toBe(true);
});
