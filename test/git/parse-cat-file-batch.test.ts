import { expect, test } from "vitest";
import { type BatchEntry, CatFileBatchParser } from "../../src/git/parse-cat-file-batch.js";

const OID_A = "a".repeat(40);
const OID_B = "b".repeat(40);
const binary = Buffer.from([0, 10, 255, 13, 10, 0x0a]);
const output = Buffer.concat([
  Buffer.from(`${OID_A} blob 11\nhello\nworld\n`),
  Buffer.from("abc:dir with space/missing.yaml missing\n"),
  Buffer.from(`${OID_B} blob ${binary.length}\n`),
  binary,
  Buffer.from("\n"),
  Buffer.from(`${OID_A} tree 0\n\n`),
]);

function parse(chunks: Buffer[], withContent = true): BatchEntry[] {
  const entries: BatchEntry[] = [];
  const parser = new CatFileBatchParser(withContent, (entry) => entries.push(entry));
  for (const chunk of chunks) parser.push(chunk);
  parser.end();
  return entries;
}

function split(buffer: Buffer, size: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let i = 0; i < buffer.length; i += size) chunks.push(buffer.subarray(i, i + size));
  return chunks;
}

test.each([1, 2, 3, 7, 64, output.length])("parses --batch output arriving in chunks of %i bytes", (size) => {
  const entries = parse(split(output, size));
  expect(
    entries.map((e) => (e.kind === "object" ? [e.type, e.content?.toString("latin1")] : [e.kind])),
  ).toEqual([["blob", "hello\nworld"], ["missing"], ["blob", binary.toString("latin1")], ["tree", ""]]);
  expect(entries[1]).toEqual({ kind: "missing", name: "abc:dir with space/missing.yaml" });
});

test("parses --batch-check output (sizes, no content)", () => {
  const check = Buffer.from(`${OID_A} blob 11\nabc:gone missing\n${OID_B} blob 6\n`);
  expect(parse(split(check, 5), false)).toEqual([
    { kind: "object", oid: OID_A, type: "blob", size: 11 },
    { kind: "missing", name: "abc:gone" },
    { kind: "object", oid: OID_B, type: "blob", size: 6 },
  ]);
});

test("output cut off in the middle of an object is an error", () => {
  expect(() => parse([Buffer.from(`${OID_A} blob 11\nhello`)])).toThrow(/ended in the middle/);
});

test("an unknown line is an error", () => {
  expect(() => parse([Buffer.from("fatal: something\n")])).toThrow(/unexpected git cat-file output line/);
});

test.each([1, 3, 64, output.length])(
  "objects over the content limit are read past, never kept, in chunks of %i bytes",
  (size) => {
    const entries: BatchEntry[] = [];
    const parser = new CatFileBatchParser(true, (entry) => entries.push(entry), 8);
    for (const chunk of split(output, size)) parser.push(chunk);
    parser.end();
    // The 11-byte blob is over the limit: its size is reported, its content is not kept.
    expect(entries[0]).toEqual({ kind: "object", oid: OID_A, type: "blob", size: 11 });
    expect(entries[1]).toEqual({ kind: "missing", name: "abc:dir with space/missing.yaml" });
    expect(entries[2]).toEqual({
      kind: "object",
      oid: OID_B,
      type: "blob",
      size: binary.length,
      content: binary,
    });
    expect(entries).toHaveLength(4);
  },
);
