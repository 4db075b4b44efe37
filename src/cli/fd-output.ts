// The CLI's stdout and stderr, written straight to their descriptors. A report and a few log
// lines need none of Node's stream machinery, whose first use (`process.stdout`) loads and starts
// it on every run (measured in bench/RESULTS.md).
//
// - A descriptor its parent made non-blocking may refuse a write (EAGAIN, a full pipe): from then
//   on the rest goes through the stream, which waits for the reader, in order.
// - A reader that went away (`config-rollout … | head`, EPIPE) no longer wants anything: what is
//   left is dropped and the run ends as it would have, with its own exit code.
// - Any other error is thrown, as a stream would have.
import { writeSync } from "node:fs";

export function descriptorWriter(
  fd: number,
  /** The descriptor's stream, opened only once a write is refused. */
  stream: () => NodeJS.WritableStream,
  write: (fd: number, data: string | Uint8Array) => number = (to, data) =>
    typeof data === "string" ? writeSync(to, data) : writeSync(to, data),
): (text: string) => void {
  let throughStream: NodeJS.WritableStream | undefined;
  let readerGone = false;
  return (text) => {
    if (readerGone) return;
    if (throughStream) {
      throughStream.write(text);
      return;
    }
    // What is not written yet, once a write was short (undefined: all of `text`).
    let left: Buffer | undefined;
    try {
      // The string as it is: encoded once, by the write. Only a short write needs the bytes.
      const written = write(fd, text);
      if (written === Buffer.byteLength(text)) return;
      left = Buffer.from(text).subarray(written);
      while (left.length > 0) left = left.subarray(write(fd, left));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EPIPE") {
        readerGone = true;
        return;
      }
      if (code !== "EAGAIN") throw error;
      throughStream = stream();
      throughStream.write(left ?? text);
    }
  };
}
