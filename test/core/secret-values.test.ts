// The registry of Secret values read: which forms of a value are masked, from which length on, and
// that a cut of pod text never keeps half of one.
import { execFileSync } from "node:child_process";
import { expect, test } from "vitest";
import { describeCause, podFailure } from "../../src/core/kinds/pod-verdict.js";
import {
  MIN_SECRET_LENGTH,
  onSecretForms,
  recordSecretContent,
  redactSecretLines,
  redactSecrets,
  redactSecretsIn,
  secretValueLines,
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

test("Go's and Python's JSON escapes of a value are masked too (Go: & < >; Python: all but ASCII)", () => {
  const html = "Tr0ub4dor&3<horse>";
  const accents = "pässwörd-zürich-9";
  const astral = "key-\u{1F511}-value-1";
  recordSecretContent({ html: b64(html), accents: b64(accents), astral: b64(astral) });
  // As Go's encoding/json and Python's json.dumps print them (lowercase hex, surrogate pairs).
  expect(redactSecrets('{"password":"Tr0ub4dor\\u00263\\u003chorse\\u003e"}')).toBe('{"password":"***"}');
  expect(redactSecrets('{"password": "p\\u00e4ssw\\u00f6rd-z\\u00fcrich-9"}')).toBe('{"password": "***"}');
  expect(redactSecrets('{"token": "key-\\ud83d\\udd11-value-1"}')).toBe('{"token": "***"}');
});

test("a value over 57 bytes is masked by each line `base64` wraps it into, as a file and as echo prints it", () => {
  const wrapped = (text: string, command: string) =>
    execFileSync("sh", ["-c", command], { env: { V: text }, encoding: "utf8" })
      .trimEnd()
      .split("\n");
  const key = `sk_live_${"51HqR2eKx9Vb3LmN0pQ7sT4uW6yZ8aC1dF3gH5jK7lM9nP2rS4tV6wX8zA0bD2e"}`;
  // 111 characters: `echo "$V" | base64` fills a second full line, 4 characters past the value's own.
  const long = `tok_${"A1b2C3d4E5".repeat(10)}-and-77`;
  recordSecretContent({ key: b64(key), long: b64(long) });
  const lines = wrapped(key, 'printf %s "$V" | base64');
  expect(lines.map((line) => line.length)).toEqual([76, 20]);
  expect(lines.map(redactSecrets)).toEqual(["***", "***"]);
  // echo's newline ends the last line ("Cg==": 4 bits of the value's last byte, and the newline).
  const echoed = wrapped(long, 'echo "$V" | base64');
  expect(echoed.map((line) => line.length)).toEqual([76, 76]);
  expect(echoed.map(redactSecrets)).toEqual(["***", "***Cg=="]);
  // A last line of 4 characters (the value's final 1 to 3 bytes) would match in any base64 text.
  const short = "fifty-eight-bytes-of-value-0123456789-abcdefghijklmnopqrst";
  recordSecretContent({ short: b64(short) });
  const shortLines = wrapped(short, 'printf %s "$V" | base64');
  expect(shortLines.map(redactSecrets)).toEqual(["***", shortLines[1]]);
  expect(shortLines[1]).toHaveLength(4);
});

test("values that overlap in a text are masked as one: no end of either is left", () => {
  recordSecretContent({ a: b64("prefix-Shared-9f8e"), b: b64("Shared-9f8e-suffix-77") });
  expect(redactSecrets("x prefix-Shared-9f8e-suffix-77 y")).toBe("x *** y");
});

test("masked line by line, a multi-line value leaves its lines, each shown as ***", () => {
  const config = "db:\n  host: pg.internal\n  password: Yaml-Emb3dded-Pw\n";
  recordSecretContent({ "config.yaml": b64(config) });
  const log = `loaded:\n${config}done\n`;
  expect(redactSecretLines(log)).toBe("loaded:\n***\n***\n***\ndone\n");
  expect(redactSecrets(log)).toBe("loaded:\n***\ndone\n");
  expect(secretValueLines()).toBeGreaterThanOrEqual(3);
});
