// Several simulated API servers at once and one kubeconfig with a context per server, as a team with
// staging and production clusters has: the harness of the --contexts tests and the fleet bench.
// Each server's requests are stamped with the time they arrived, so a test can tell that no request
// reached a later wave before the earlier wave had finished.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { stringify } from "yaml";
import { type SimCluster, type SimOptions, type SimRequest, startSimCluster } from "../../sim/index.js";

export interface Fleet {
  sims: Map<string, SimCluster>;
  sim(context: string): SimCluster;
  /** The kubeconfig file: one cluster, user and context per server, named by the context. */
  kubeconfig: string;
  /** When each request reached its server (performance.now()). */
  arrivedAt(request: SimRequest): number;
  /** A context whose server accepts connections and never answers (an unreachable cluster). */
  addSilentContext(context: string): Promise<void>;
  /** Another context (its own cluster entry and user) for the server of `of`, its URL spelled `url(of's)`. */
  addAliasContext(context: string, of: string, url?: (url: string) => string): void;
  close(): Promise<void>;
}

export async function startFleet(contexts: string[], options: SimOptions = {}): Promise<Fleet> {
  const sims = new Map<string, SimCluster>();
  for (const context of contexts) sims.set(context, await startSimCluster(options));
  const arrived = new WeakMap<SimRequest, number>();
  for (const sim of sims.values()) {
    const push = sim.requests.push.bind(sim.requests);
    sim.requests.push = (...records: SimRequest[]) => {
      for (const record of records) arrived.set(record, performance.now());
      return push(...records);
    };
  }
  const dir = mkdtempSync(join(tmpdir(), "config-rollout-fleet-"));
  const kubeconfig = join(dir, "kubeconfig");
  const servers = new Map<string, { url: string; token: string }>(
    [...sims].map(([context, sim]) => [context, { url: sim.url, token: sim.token }]),
  );
  const silent: Array<{ server: Server; sockets: Set<Socket> }> = [];
  const write = () => writeFileSync(kubeconfig, kubeconfigFor(servers), { mode: 0o600 });
  write();
  return {
    sims,
    sim: (context) => {
      const sim = sims.get(context);
      if (!sim) throw new Error(`no simulated cluster for ${context}`);
      return sim;
    },
    kubeconfig,
    arrivedAt: (request) => arrived.get(request) ?? Number.NaN,
    async addSilentContext(context) {
      const sockets = new Set<Socket>();
      const server = createServer((socket) => {
        sockets.add(socket);
        socket.on("close", () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address() as { port: number };
      silent.push({ server, sockets });
      servers.set(context, { url: `http://127.0.0.1:${address.port}`, token: "silent" });
      write();
    },
    addAliasContext(context, of, url = (u) => u) {
      const target = servers.get(of);
      if (!target) throw new Error(`no context ${of}`);
      servers.set(context, { url: url(target.url), token: target.token });
      write();
    },
    async close() {
      for (const { server, sockets } of silent) {
        for (const socket of sockets) socket.destroy();
        await new Promise((resolve) => server.close(resolve));
      }
      for (const sim of sims.values()) await sim.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function kubeconfigFor(servers: Map<string, { url: string; token: string }>): string {
  const entries = [...servers];
  return stringify({
    apiVersion: "v1",
    kind: "Config",
    clusters: entries.map(([name, s]) => ({
      name,
      cluster: { server: s.url, "insecure-skip-tls-verify": true },
    })),
    users: entries.map(([name, s]) => ({ name, user: { token: s.token } })),
    // No current-context: --contexts (or --context) names every context a run uses.
    contexts: entries.map(([name]) => ({
      name,
      context: { cluster: name, user: name, namespace: "default" },
    })),
  });
}
