// Tests run the bundled CLI, so build it first: in CI this reproduces the committed dist/ exactly
// (.ci/run has already built and checked it); locally it keeps dist/ fresh. A failed build is
// reported here and makes the tests that run the CLI fail on their own.
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

export default function setup(): void {
  const root = fileURLToPath(new URL("..", import.meta.url));
  try {
    execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: root, stdio: "inherit" });
  } catch {
    console.error("global setup: building dist/ failed; tests that run the CLI will fail");
  }
}
