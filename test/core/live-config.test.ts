import { expect, test } from "vitest";
import { liveConfigContent } from "../../src/core/config-content.js";

const b64 = (text: string) => Buffer.from(text).toString("base64");

test.each<[string, Record<string, unknown>, Record<string, string>]>([
  [
    "ConfigMap data is encoded as UTF-8 bytes",
    { kind: "ConfigMap", data: { a: "1", "é.txt": "ünï" } },
    { a: b64("1"), "é.txt": b64("ünï") },
  ],
  [
    "ConfigMap binaryData is kept",
    { kind: "ConfigMap", data: { a: "x" }, binaryData: { bin: b64("\u0000\u0001") } },
    { a: b64("x"), bin: b64("\u0000\u0001") },
  ],
  [
    "Secret data is already base64",
    { kind: "Secret", data: { password: b64("s3cret") } },
    { password: b64("s3cret") },
  ],
  ["Secret base64 is made canonical", { kind: "Secret", data: { k: "YQ" } }, { k: "YQ==" }],
  ["no data at all", { kind: "ConfigMap", metadata: { name: "x" } }, {}],
  ["labels are not content", { kind: "ConfigMap", metadata: { labels: { a: "b" } }, data: {} }, {}],
])("%s", (_name, obj, expected) => {
  expect(liveConfigContent(obj)).toEqual(expected);
});
