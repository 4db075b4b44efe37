// The registry of Secret values read: which forms of a value are masked, from which length on, and
// that a cut of pod text never keeps half of one.
import { expect, test } from "vitest";
import { describeCause, podFailure } from "../../src/core/kinds/pod-verdict.js";
import {
  MIN_SECRET_LENGTH,
  onSecretForms,
  recordSecretContent,
  redactSecrets,
  redactSecretsIn,
} from "../../src/core/secret-values.js";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

test("a value is masked raw, JSON-escaped, as base64 (padded or not), and by each opaque line", () => {
  const key = `-----BEGIN KEY-----\nMIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf\n-----END KEY-----\n`;
  recordSecretContent({ password: b64('pa"ss-w0rd-1'), key: b64(key), ten: b64("ten-chars!") });
  expect(redactSecrets('login pa"ss-w0rd-1 failed')).toBe("login *** failed");
  expect(redactSecrets(JSON.stringify({ m: 'pa"ss-w0rd-1' }))).toBe('{"m":"***"}');
  expect(redactSecrets(`as base64 ${b64('pa"ss-w0rd-1')}.`)).toBe("as base64 ***.");
  expect(b64("ten-chars!")).toMatch(/==$/);
  expect(redactSecrets(`unpadded ${b64("ten-chars!").replace(/=+$/, "")}`)).toBe("unpadded ***");
  expect(redactSecrets(`a line: MIIBOgIBAAJBAKj34GkxFhD90vcNLYLInFEX6Ppy1tPf`)).toBe("a line: ***");
  expect(redactSecrets("-----BEGIN KEY-----")).toBe("-----BEGIN KEY-----");
  expect(redactSecretsIn({ a: ['pa"ss-w0rd-1'], n: 1 })).toEqual({ a: ["***"], n: 1 });
});

test(`values shorter than ${MIN_SECRET_LENGTH} characters are not masked (they would garble every line)`, () => {
  recordSecretContent({ port: b64("5432"), flag: b64("true"), seven: b64("abc1234") });
  expect(redactSecrets("port 5432, flag true, abc1234")).toBe("port 5432, flag true, abc1234");
  recordSecretContent({ eight: b64("abcd1234") });
  expect(redactSecrets("abcd1234")).toBe("***");
});

test("listeners get every form recorded before and after they subscribe (the action's masker)", () => {
  recordSecretContent({ early: b64("early-value-1") });
  const seen: string[] = [];
  const stop = onSecretForms((forms) => seen.push(...forms));
  expect(seen).toContain("early-value-1");
  recordSecretContent({ late: b64("late-value-22") });
  expect(seen).toContain("late-value-22");
  expect(seen).toContain(b64("late-value-22"));
  stop();
});

test("a termination message is redacted before it is cut: no half of a value survives the cut", () => {
  const value = "cut-me-secret-0123456789";
  recordSecretContent({ v: b64(value) });
  const message = `${"x".repeat(490)}${value}`;
  const cause = podFailure({
    metadata: { name: "web-1" },
    status: {
      containerStatuses: [
        {
          name: "app",
          restartCount: 3,
          state: { waiting: { reason: "CrashLoopBackOff" } },
          lastState: { terminated: { exitCode: 1, message } },
        },
      ],
    },
  });
  const line = describeCause(cause!);
  expect(line).toContain(`${"x".repeat(490)}***`);
  expect(line).not.toContain("cut-me");
});
