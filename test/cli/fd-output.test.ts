// The CLI writes its report and log straight to the descriptors; what happens when one refuses.
// (A reader that closed its end, for real: test/e2e/cli.test.ts.)
import { PassThrough } from "node:stream";
import { describe, expect, test } from "vitest";
import { descriptorWriter } from "../../src/cli/fd-output.js";

/** A descriptor that takes `accepts` bytes per write, in turn, then fails with `then`. */
function fakeDescriptor(accepts: number[], then?: string) {
  const written: string[] = [];
  const write = (_fd: number, data: string | Uint8Array) => {
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    const n = accepts.shift();
    if (n === undefined) throw Object.assign(new Error(`write ${then}`), { code: then });
    const taken = Math.min(n, bytes.length);
    written.push(Buffer.from(bytes.subarray(0, taken)).toString());
    return taken;
  };
  return { written, write };
}

function streamRecorder() {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  let opened = 0;
  return {
    open: () => {
      opened++;
      return stream;
    },
    text: () => chunks.join(""),
    opened: () => opened,
  };
}

describe("descriptorWriter", () => {
  test("a short write is followed by the rest, and the stream is never opened", () => {
    const fd = fakeDescriptor([3, 100, 100]);
    const stream = streamRecorder();
    const write = descriptorWriter(1, stream.open, fd.write);
    write("hello world\n");
    write("second\n");
    expect(fd.written.join("")).toBe("hello world\nsecond\n");
    expect(stream.opened()).toBe(0);
  });

  test("a non-blocking descriptor that refuses (EAGAIN) hands the rest to the stream, in order", () => {
    const fd = fakeDescriptor([6], "EAGAIN");
    const stream = streamRecorder();
    const write = descriptorWriter(1, stream.open, fd.write);
    write("hello world\n");
    write("second\n");
    expect(fd.written.join("")).toBe("hello ");
    expect(stream.text()).toBe("world\nsecond\n");
    expect(stream.opened()).toBe(1);
  });

  test("a reader that went away (EPIPE) gets nothing more, and nothing is thrown", () => {
    const fd = fakeDescriptor([2], "EPIPE");
    const stream = streamRecorder();
    const write = descriptorWriter(1, stream.open, fd.write);
    expect(() => write("hello\n")).not.toThrow();
    expect(() => write("more\n")).not.toThrow();
    expect(fd.written.join("")).toBe("he");
    expect(stream.opened()).toBe(0);
  });

  test("any other error is thrown, as a stream would", () => {
    const fd = fakeDescriptor([], "EIO");
    const write = descriptorWriter(2, streamRecorder().open, fd.write);
    expect(() => write("hello\n")).toThrow(/EIO/);
  });
});
