// Incremental parser for `git cat-file --batch` / `--batch-check` output. Pure: feed it stdout
// chunks in order; it calls back once per input line, in input order.
// Output per object: "<oid> <type> <size>\n" then (with --batch) <size> bytes and "\n";
// or "<input> missing\n" / "<input> ambiguous\n".

export type BatchEntry =
  | { kind: "object"; oid: string; type: string; size: number; content?: Buffer }
  | { kind: "missing" | "ambiguous"; name: string };

const HEADER = /^([0-9a-f]{40}|[0-9a-f]{64}) (\S+) (\d+)$/;
const LF = 0x0a;

export class CatFileBatchParser {
  private pending: Buffer = Buffer.alloc(0);
  /** The object whose content is being collected, and the chunks received for it so far. */
  private body?: {
    oid: string;
    type: string;
    size: number;
    chunks: Buffer[];
    received: number;
    keep: boolean;
  };

  /**
   * @param maxContentBytes content of larger objects is read past, never buffered: the entry comes
   *   without `content` (its size tells why), so one huge blob cannot fill the memory. A function
   *   is asked at each object (the limit of the request it answers).
   */
  constructor(
    private readonly withContent: boolean,
    private readonly onEntry: (entry: BatchEntry) => void,
    private readonly maxContentBytes: number | (() => number) = Number.POSITIVE_INFINITY,
  ) {}

  push(chunk: Buffer): void {
    let data = chunk;
    while (data.length > 0) {
      data = this.body ? this.takeBody(data) : this.takeHeader(data);
    }
  }

  /** Call at end of output: anything left over means git stopped mid-entry. */
  end(): void {
    if (this.body || this.pending.length > 0) {
      throw new Error("git cat-file output ended in the middle of an entry");
    }
  }

  private takeHeader(data: Buffer): Buffer {
    const joined = this.pending.length > 0 ? Buffer.concat([this.pending, data]) : data;
    const newline = joined.indexOf(LF);
    if (newline < 0) {
      this.pending = joined;
      return Buffer.alloc(0);
    }
    this.pending = Buffer.alloc(0);
    const line = joined.subarray(0, newline).toString("utf8");
    const rest = joined.subarray(newline + 1);
    const header = HEADER.exec(line);
    if (header) {
      const [, oid, type, size] = header as unknown as [string, string, string, string];
      if (this.withContent) {
        const bytes = Number(size);
        const max =
          typeof this.maxContentBytes === "function" ? this.maxContentBytes() : this.maxContentBytes;
        this.body = { oid, type, size: bytes, chunks: [], received: 0, keep: bytes <= max };
      } else {
        this.onEntry({ kind: "object", oid, type, size: Number(size) });
      }
      return rest;
    }
    for (const kind of ["missing", "ambiguous"] as const) {
      if (line.endsWith(` ${kind}`)) {
        this.onEntry({ kind, name: line.slice(0, -kind.length - 1) });
        return rest;
      }
    }
    throw new Error(`unexpected git cat-file output line: ${JSON.stringify(line.slice(0, 200))}`);
  }

  private takeBody(data: Buffer): Buffer {
    const body = this.body!;
    const needed = body.size + 1; // content plus its trailing LF
    if (!body.keep) {
      const take = Math.min(data.length, needed - body.received);
      body.received += take;
      if (body.received < needed) return Buffer.alloc(0);
      if (data[take - 1] !== LF)
        throw new Error(`git cat-file output for ${body.oid} is not followed by a newline`);
      this.body = undefined;
      this.onEntry({ kind: "object", oid: body.oid, type: body.type, size: body.size });
      return data.subarray(take);
    }
    body.chunks.push(data);
    body.received += data.length;
    if (body.received < needed) return Buffer.alloc(0);
    const all = body.chunks.length === 1 ? data : Buffer.concat(body.chunks, body.received);
    if (all[body.size] !== LF)
      throw new Error(`git cat-file output for ${body.oid} is not followed by a newline`);
    this.body = undefined;
    this.onEntry({
      kind: "object",
      oid: body.oid,
      type: body.type,
      size: body.size,
      content: all.subarray(0, body.size),
    });
    return all.subarray(needed);
  }
}
