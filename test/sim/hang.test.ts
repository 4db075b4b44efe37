// The sim's hang() fault behaves like a stuck API server: the connection is accepted and the request
// read (and recorded), but no status line ever comes back; only the client's own timeout or the
// server's close ends it. Requests it does not match are served as usual.
import { request } from "node:http";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type SimCluster, startSimCluster } from "../../sim/index.js";
import { deployment, http } from "./helpers.js";

let cluster: SimCluster;
beforeEach(async () => {
  cluster = await startSimCluster({ rolloutStepMs: 5 });
  cluster.seed(deployment("web", "shop"));
});
afterEach(async () => {
  await cluster.close();
});

/** GET a path and say what happened within `ms`: an answer's status, "no answer", or the socket's end. */
function outcomeWithin(path: string, ms: number, onStart?: () => void): Promise<string> {
  return new Promise((resolve) => {
    const req = request(new URL(path, cluster.url), {
      headers: { Authorization: `Bearer ${cluster.token}` },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(`status ${res.statusCode}`);
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(`error ${error.code ?? error.message}`));
    req.setTimeout(ms, () => {
      resolve("no answer");
      req.destroy();
    });
    req.end(onStart);
  });
}

describe("hang()", () => {
  test("every request (discovery included) is read and recorded, never answered", async () => {
    cluster.hang();
    expect(await outcomeWithin("/apis/apps/v1/namespaces/shop/deployments", 300)).toBe("no answer");
    expect(await outcomeWithin("/api", 300)).toBe("no answer");
    expect(cluster.requests.map((r) => [r.verb, r.fault])).toEqual([
      ["list", "hang"],
      ["get", "hang"],
    ]);
  });

  test("a match holds only that resource's requests; the others are served", async () => {
    cluster.hang({ kind: "ConfigMap" });
    expect(await outcomeWithin("/api/v1/namespaces/shop/configmaps", 300)).toBe("no answer");
    expect((await http(cluster, "GET", "/apis/apps/v1/namespaces/shop/deployments")).status).toBe(200);
  });

  test("closing the server ends a held request with a reset connection, as a server going away does", async () => {
    cluster.hang();
    const pending = outcomeWithin("/apis/apps/v1/namespaces/shop/deployments", 10_000);
    await new Promise((r) => setTimeout(r, 100));
    await cluster.close();
    expect(await pending).toMatch(/^error (ECONNRESET|socket hang up)/);
    cluster = await startSimCluster({ rolloutStepMs: 5 });
  });
});
