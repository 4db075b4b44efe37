// The JSON report (`--output json`, the action's `plan` output) as the CLI prints it: tests read it
// with the report's real shape, so a field they assert on cannot drift from what is printed.
import type { reportObject } from "../../src/report/report-json.js";

export type RunJson = ReturnType<typeof reportObject>;

export function parseRunJson(stdout: string): RunJson {
  return JSON.parse(stdout) as RunJson;
}
