// `kubectl exec POD -- COMMAND` against the simulated server, for the few commands that show what a
// pod sees of its configs (sim/kubelet-volumes.ts): `cat FILE`, `ls DIR`, `printenv [NAME]`, `env`.
// kubectl opens a WebSocket (the v4/v5.channel.k8s.io subprotocols of the real API server): each
// message starts with a channel byte (1 stdout, 2 stderr, 3 the final Status); a command that fails
// ends with the real server's NonZeroExitCode Status, which kubectl turns into its exit code.
import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import type { KubeletVolumes } from "./kubelet-volumes.js";
import type { Store } from "./store.js";
import type { SimRequest } from "./types.js";

const EXEC_PATH = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/exec$/;
const PROTOCOLS = ["v5.channel.k8s.io", "v4.channel.k8s.io"];
const WEBSOCKET_GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

export interface ExecState {
  store: Store;
  kubelet: KubeletVolumes;
  token: () => string;
  requests: () => SimRequest[];
}

/** An HTTP upgrade request: the exec WebSocket, or refused. */
export function handleUpgrade(state: ExecState, req: IncomingMessage, socket: Duplex): void {
  const url = new URL(req.url ?? "/", "http://sim");
  const match = EXEC_PATH.exec(url.pathname);
  const record: SimRequest = {
    method: req.method ?? "GET",
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    verb: "create",
    status: 0,
    subresource: "exec",
  };
  state.requests().push(record);
  const refuse = (status: number, reason: string) => {
    record.status = status;
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  };
  if (req.headers.authorization !== `Bearer ${state.token()}`) {
    refuse(401, "Unauthorized");
    return;
  }
  const offered = String(req.headers["sec-websocket-protocol"] ?? "")
    .split(",")
    .map((p) => p.trim());
  const protocol = PROTOCOLS.find((p) => offered.includes(p));
  const key = req.headers["sec-websocket-key"];
  if (!match || !protocol || typeof key !== "string") {
    refuse(400, "Bad Request");
    return;
  }
  const [, namespace = "", pod = ""] = match.map(decodeURIComponent);
  record.namespace = namespace;
  record.name = pod;
  record.status = 101;
  const accept = createHash("sha1").update(`${key}${WEBSOCKET_GUID}`).digest("base64");
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\nSec-WebSocket-Protocol: ${protocol}\r\n\r\n`,
  );
  const container = url.searchParams.get("container") ?? undefined;
  const command = url.searchParams.getAll("command");
  const { stdout, stderr, code } = run(state, namespace, pod, container, command);
  if (stdout) socket.write(frame(0x2, Buffer.concat([Buffer.from([1]), Buffer.from(stdout)])));
  if (stderr) socket.write(frame(0x2, Buffer.concat([Buffer.from([2]), Buffer.from(stderr)])));
  const status =
    code === 0
      ? { metadata: {}, status: "Success" }
      : {
          metadata: {},
          status: "Failure",
          message: `command terminated with non-zero exit code: error executing command [${command.join(" ")}], exit code ${code}`,
          reason: "NonZeroExitCode",
          details: { causes: [{ reason: "ExitCode", message: String(code) }] },
        };
  socket.write(frame(0x2, Buffer.concat([Buffer.from([3]), Buffer.from(JSON.stringify(status))])));
  socket.end(frame(0x8, Buffer.from([0x03, 0xe8])));
}

/** One command, as a shell in the container would answer it. */
function run(
  state: ExecState,
  namespace: string,
  pod: string,
  container: string | undefined,
  command: string[],
): { stdout: string; stderr: string; code: number } {
  const files = state.kubelet.files(namespace, pod, container);
  const env = state.kubelet.env(namespace, pod, container);
  if (!files || !env) return { stdout: "", stderr: `pod or container not found\n`, code: 1 };
  const [name, ...args] = command;
  if (name === "cat" && args.length > 0) {
    const missing = args.filter((path) => !files.has(path));
    const stdout = args.flatMap((path) => (files.has(path) ? [files.get(path)!] : [])).join("");
    const stderr = missing.map((path) => `cat: ${path}: No such file or directory\n`).join("");
    return { stdout, stderr, code: missing.length > 0 ? 1 : 0 };
  }
  if (name === "ls" && args.length === 1) {
    const dir = `${args[0]!.replace(/\/+$/, "")}/`;
    const names = [
      ...new Set(
        [...files.keys()].filter((p) => p.startsWith(dir)).map((p) => p.slice(dir.length).split("/")[0]!),
      ),
    ];
    if (names.length === 0)
      return { stdout: "", stderr: `ls: ${args[0]}: No such file or directory\n`, code: 1 };
    return {
      stdout: names
        .sort()
        .map((n) => `${n}\n`)
        .join(""),
      stderr: "",
      code: 0,
    };
  }
  if ((name === "printenv" || name === "env") && args.length === 0) {
    return { stdout: [...env].map(([k, v]) => `${k}=${v}\n`).join(""), stderr: "", code: 0 };
  }
  if (name === "printenv" && args.length === 1) {
    const value = env.get(args[0]!);
    return value === undefined
      ? { stdout: "", stderr: "", code: 1 }
      : { stdout: `${value}\n`, stderr: "", code: 0 };
  }
  return {
    stdout: "",
    stderr: `${name ?? ""}: not simulated (cat FILE, ls DIR, printenv [NAME], env)\n`,
    code: 127,
  };
}

/** A server-to-client WebSocket frame (unmasked, final). */
function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, length])
      : length < 65536
        ? Buffer.from([0x80 | opcode, 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 127]), bigLength(length)]);
  return Buffer.concat([header, payload]);
}

function bigLength(length: number): Buffer {
  const buffer = Buffer.alloc(8);
  buffer.writeBigUInt64BE(BigInt(length));
  return buffer;
}
