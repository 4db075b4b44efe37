// Runs the bundled action (dist/action.js) the way the GitHub runner does: `node dist/action.js` in
// the workspace, inputs as INPUT_<NAME> (uppercased, dashes kept, as @actions/core reads them), the
// event payload in GITHUB_EVENT_PATH, and GITHUB_OUTPUT / GITHUB_STEP_SUMMARY files to collect.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ACTION = fileURLToPath(new URL("../../dist/action.js", import.meta.url));

export interface ActionRun {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** The GITHUB_OUTPUT file as written (to count how often an output was set). */
  outputFile: string;
  summary: string;
}

export interface ActionRunOptions {
  workspace: string;
  inputs?: Record<string, string>;
  eventName: string;
  event: unknown;
  env?: Record<string, string>;
  /** The action's entry point (default: this checkout's dist/action.js). */
  main?: string;
}

export function inputEnv(inputs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase()}`, value]),
  );
}

export async function runAction(options: ActionRunOptions): Promise<ActionRun> {
  const dir = mkdtempSync(join(tmpdir(), "config-rollout-action-"));
  try {
    const files = {
      GITHUB_EVENT_PATH: join(dir, "event.json"),
      GITHUB_OUTPUT: join(dir, "output"),
      GITHUB_STEP_SUMMARY: join(dir, "summary.md"),
    };
    writeFileSync(files.GITHUB_EVENT_PATH, JSON.stringify(options.event));
    writeFileSync(files.GITHUB_OUTPUT, "");
    writeFileSync(files.GITHUB_STEP_SUMMARY, "");
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: dir,
      GITHUB_ACTIONS: "true",
      GITHUB_EVENT_NAME: options.eventName,
      GITHUB_WORKSPACE: options.workspace,
      GITHUB_REPOSITORY: "acme/shop",
      RUNNER_TEMP: dir,
      ...files,
      ...inputEnv(options.inputs ?? {}),
      ...options.env,
    };
    const result = await new Promise<Omit<ActionRun, "outputs" | "outputFile" | "summary">>((resolve) => {
      execFile(
        process.execPath,
        [options.main ?? ACTION],
        { cwd: options.workspace, env, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
          resolve({ code, stdout, stderr });
        },
      );
    });
    const outputFile = readFileSync(files.GITHUB_OUTPUT, "utf8");
    return {
      ...result,
      outputs: parseOutputFile(outputFile),
      outputFile,
      summary: readFileSync(files.GITHUB_STEP_SUMMARY, "utf8"),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The runner's GITHUB_OUTPUT format: `name<<DELIMITER\nvalue\nDELIMITER\n` (as @actions/core writes it). */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const match = /^([^<=]+)<<(.+)$/.exec(lines[i]!);
    if (!match) continue;
    const [, name, delimiter] = match;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== delimiter; i++) value.push(lines[i]!);
    outputs[name!] = value.join("\n");
  }
  return outputs;
}
