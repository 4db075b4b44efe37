// Load CI environment fixtures: test/fixtures/ci/<system>/<name>.env (+ <name>.json event payload).

import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const FIXTURES = fileURLToPath(new URL("../fixtures/ci/", import.meta.url));

export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split("\n")) {
    if (line.trim() === "" || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    env[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return env;
}

export function loadFixture(
  system: "github" | "gitlab",
  name: string,
): { env: Record<string, string>; event?: unknown; eventPath?: string } {
  const env = parseEnvFile(readFileSync(`${FIXTURES}${system}/${name}.env`, "utf8"));
  const eventPath = `${FIXTURES}${system}/${name}.json`;
  if (!existsSync(eventPath)) return { env };
  return {
    env: { ...env, GITHUB_EVENT_PATH: eventPath },
    event: JSON.parse(readFileSync(eventPath, "utf8")),
    eventPath,
  };
}

export const SHA = {
  before: "9f3c2a1b7e4d5c6f8a9b0c1d2e3f4a5b6c7d8e9f",
  base: "1e2d3c4b5a6978877665544332211000ffeeddcc",
  head: "c0ffee1234567890abcdef1234567890abcdef12",
  merge: "7d1a2b3c4d5e6f708192a3b4c5d6e7f801234567",
  zero: "0000000000000000000000000000000000000000",
};
