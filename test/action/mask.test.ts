import { expect, test } from "vitest";
import { valuesToMask } from "../../src/action/mask.js";

const pem = [
  "-----BEGIN PRIVATE KEY-----",
  "MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgYQ7",
  "c2VjcmV0LWtleS1ib2R5LXNlY29uZC1saW5lLW9mLXRoZS1rZXk=",
  "-----END PRIVATE KEY-----",
].join("\n");

test("a multi-line secret is masked whole, escaped, and by each opaque line", () => {
  const values = valuesToMask([pem]);
  expect(values).toContain(pem);
  expect(values).toContain(JSON.stringify(pem).slice(1, -1));
  expect(values).toContain("MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgYQ7");
  expect(values).toContain("c2VjcmV0LWtleS1ib2R5LXNlY29uZC1saW5lLW9mLXRoZS1rZXk=");
  // Structural lines are no secret, and masking them would garble every log line that has them.
  expect(values).not.toContain("-----BEGIN PRIVATE KEY-----");
});

test.each([
  [["  token-123  "], ["token-123"]],
  [["", "   "], []],
  [["apiVersion: v1\nkind: Config"], ["apiVersion: v1\nkind: Config", "apiVersion: v1\\nkind: Config"]],
])("%j -> %j", (secrets, expected) => {
  expect(valuesToMask(secrets)).toEqual(expected);
});
