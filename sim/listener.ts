// One 127.0.0.1 port that speaks both plain HTTP and HTTPS: the first byte of a connection
// tells a TLS handshake (0x16) from an HTTP request. Tests and client-node may use http://;
// kubectl needs https:// because client-go sends credentials only over TLS.
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { type AddressInfo, createServer as createNetServer, type Socket } from "node:net";
import type { Duplex } from "node:stream";
import { selfSignedCert } from "./tls-cert.js";

export interface DualListener {
  port: number;
  /** PEM certificate to trust for https://127.0.0.1:<port>. */
  caCert: string;
  /** TCP connections accepted so far (plain or TLS): how many a client opened. */
  connectionsAccepted(): number;
  close(): Promise<void>;
}

const TLS_HANDSHAKE = 0x16;

export async function listenDual(
  port: number,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  /** An HTTP upgrade (kubectl exec's WebSocket). */
  upgrade?: (req: IncomingMessage, socket: Duplex) => void,
): Promise<DualListener> {
  const { cert, key } = selfSignedCert();
  const http = createHttpServer(handler);
  const https = createHttpsServer({ cert, key }, handler);
  if (upgrade)
    for (const server of [http, https]) server.on("upgrade", (req, socket) => upgrade(req, socket));
  const sockets = new Set<Socket>();
  let accepted = 0;
  const net = createNetServer((socket) => {
    accepted++;
    // As Go's net package (so the real API server) does, and http.createServer would: without it,
    // Nagle's algorithm holds a small write back until the previous one is acknowledged — up to
    // the peer's delayed-ACK time (~40 ms on Linux) per watch event or keep-alive response.
    socket.setNoDelay(true);
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.once("data", (chunk) => {
      socket.pause();
      socket.unshift(chunk);
      (chunk[0] === TLS_HANDSHAKE ? https : http).emit("connection", socket);
      process.nextTick(() => socket.resume());
    });
    socket.on("error", () => socket.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    net.once("error", reject);
    net.listen(port, "127.0.0.1", () => resolve());
  });
  return {
    port: (net.address() as AddressInfo).port,
    caCert: cert,
    connectionsAccepted: () => accepted,
    close: () =>
      new Promise<void>((resolve) => {
        net.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
