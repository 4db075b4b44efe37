// An unsupported Node is said up front (exit 2 in main.ts), not as an internal error at the first
// request; the line is the one package.json's engines name.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { unsupportedNode } from "../../src/cli/node-version.js";

test("Node 20 is refused with the version to use; 22 and 24 run", () => {
  expect(unsupportedNode("20.20.2")).toBe(
    "config-rollout needs Node.js 22 or newer, and this is Node.js 20.20.2: use a node:22 or node:24 image, or actions/setup-node with node-version 24",
  );
  expect(unsupportedNode("22.0.0")).toBeUndefined();
  expect(unsupportedNode("24.11.1")).toBeUndefined();
});

test("the oldest line is package.json's engines", () => {
  const engines = (JSON.parse(readFileSync("package.json", "utf8")) as { engines: { node: string } }).engines
    .node;
  expect(engines).toBe(">=22");
  expect(unsupportedNode("21.7.3")).toBeDefined();
});
