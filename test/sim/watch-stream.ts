// A raw watch stream reader for tests: collects events, waits for one matching a predicate.
import { type IncomingMessage, request } from "node:http";
import type { SimCluster } from "../../sim/index.js";
import type { Loose } from "./helpers.js";

export interface WatchEvent {
  type: string;
  object: Record<string, Loose>;
}

export interface WatchStream {
  status: number;
  events: WatchEvent[];
  /** Resolves with the first event (seen or future) matching `predicate`. */
  next(predicate: (e: WatchEvent) => boolean): Promise<WatchEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export function openWatch(cluster: SimCluster, path: string): Promise<WatchStream> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, cluster.url), {
      headers: { authorization: `Bearer ${cluster.token}` },
    });
    req.on("error", reject);
    req.on("response", (res: IncomingMessage) => {
      const events: WatchEvent[] = [];
      const waiters: { predicate: (e: WatchEvent) => boolean; resolve: (e: WatchEvent) => void }[] = [];
      let buffer = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => {
        buffer += chunk;
        let newline = buffer.indexOf("\n");
        while (newline >= 0) {
          const event = JSON.parse(buffer.slice(0, newline)) as WatchEvent;
          buffer = buffer.slice(newline + 1);
          events.push(event);
          for (const w of [...waiters]) {
            if (w.predicate(event)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(event);
            }
          }
          newline = buffer.indexOf("\n");
        }
      });
      const ended = new Promise<void>((done) => {
        res.on("end", () => done());
        res.on("close", () => done());
        res.on("error", () => done());
      });
      resolve({
        status: res.statusCode ?? 0,
        events,
        ended,
        next: (predicate) => {
          const seen = events.find(predicate);
          if (seen) return Promise.resolve(seen);
          return new Promise((r) => waiters.push({ predicate, resolve: r }));
        },
        close: () => req.destroy(),
      });
    });
    req.end();
  });
}
